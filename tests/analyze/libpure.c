/* tests/analyze/libpure.c — functions whose regions between synchronisation calls are pure
 * or not in known ways, for tests/unit/test-analyze-pure-regions.c (cli/analyze/pure-regions.h). */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int pure_shared;

/* entry: pure; after the lock: pure (returns a constant) */
int both_pure(void)
{
	pthread_mutex_lock(&m);
	return 7;
}

/* entry: pure; after the lock: reads *p */
int after_impure(int *p)
{
	pthread_mutex_lock(&m);
	return *p;
}

/* entry: reads *p before locking; after the lock: pure */
int entry_impure(int *p)
{
	int v = *p;
	pthread_mutex_lock(&m);
	return v;
}

/* entry: reads a global; after the lock: reads it again */
int both_impure(void)
{
	int v = pure_shared;
	pthread_mutex_lock(&m);
	return v + pure_shared;
}

/* a lock and an unlock around a global: entry pure, after the lock not (the global),
 * after the unlock pure */
int locked_inc(void)
{
	pthread_mutex_lock(&m);
	int v = ++pure_shared;
	pthread_mutex_unlock(&m);
	return v;
}

__attribute__((noinline)) static int helper(int x) { return x * 3 + pure_shared; }

/* calls a function of this object: never qualifies */
int calls_local(int x)
{
	pthread_mutex_lock(&m);
	return helper(x);
}

/* calls an exported function of this object (through its PLT): never qualifies */
int calls_exported(void)
{
	pthread_mutex_lock(&m);
	return both_pure();
}

/* after its lock it gives %rbp back to the caller (pop) and then reads through it: that
 * read is no longer in its own frame, so only the entry is pure */
__asm__(".globl asm_after_pop\n"
	".type asm_after_pop, @function\n"
	"asm_after_pop:\n"
	"	push %rbp\n"
	"	mov %rsp, %rbp\n"
	"	xor %edi, %edi\n"
	"	call pthread_mutex_lock@PLT\n"
	"	pop %rbp\n"
	"	mov 8(%rbp), %eax\n"
	"	ret\n"
	".size asm_after_pop, .-asm_after_pop\n");
