/* tests/atomics/atomics-c.c — GCC's code for atomic builtins (built -O2 -fPIC -shared), one
 * pattern per function, for tests/unit/test-analyze-atomics-scan.c. */
#define HIDDEN __attribute__((visibility("hidden")))

/* Hidden, so the code reaches them RIP-relative rather than through the GOT. */
HIDDEN long g_sync;
HIDDEN short g_short;
HIDDEN int g_int;
HIDDEN int g_plain;

long c_fetch_add(long *p);
int c_cas(int *p, int expected, int desired);
long c_exchange(long *p, long v);
void c_store_seq_cst(int *p, int v);
void c_fence(void);
void c_sync_add_global(void);
void c_add16_global(void);
int c_relaxed(void);
int c_stack_only(int x);

long c_fetch_add(long *p) { return __atomic_fetch_add(p, 3, __ATOMIC_SEQ_CST); }

int c_cas(int *p, int expected, int desired)
{
	return __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_SEQ_CST,
					   __ATOMIC_SEQ_CST);
}

long c_exchange(long *p, long v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }

void c_store_seq_cst(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }

void c_fence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

void c_sync_add_global(void) { __sync_fetch_and_add(&g_sync, 1); }

void c_add16_global(void) { __atomic_fetch_add(&g_short, 5, __ATOMIC_SEQ_CST); }

int c_relaxed(void)
{
	int v = __atomic_load_n(&g_int, __ATOMIC_RELAXED);
	__atomic_store_n(&g_plain, v + 1, __ATOMIC_RELAXED);
	return v;
}

int c_stack_only(int x)
{
	volatile int local = x;
	local += 1;
	return local;
}
