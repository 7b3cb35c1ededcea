/* tests/preload/libatom.c — a target with hand-placed atomic instructions for the trap
 * tests (see atom.h). noinline/noclone: each label must be emitted exactly once. */
#include "atom.h"

#define SITE(name, insn)                                                                           \
	".globl atom_at_" #name "\natom_at_" #name ":\n\t" insn "\n.globl atom_end_" #name         \
	"\natom_end_" #name ":\n"
#define FN __attribute__((noinline, noclone))

static long g;
static short h;

FN long atom_add(long *p, long v)
{
	long r = v;
	__asm__ volatile(SITE(add, "lock xaddq %0, %1") : "+r"(r), "+m"(*p) : : "memory");
	return r + v;
}

FN int atom_cas(int *p, int old, int v)
{
	unsigned char ok;
	__asm__ volatile(SITE(cas, "lock cmpxchgl %3, %1") "\tsete %0"
			 : "=q"(ok), "+m"(*p), "+a"(old)
			 : "r"(v)
			 : "memory", "cc");
	return ok;
}

FN long atom_xchg(long *p, long v)
{
	__asm__ volatile(SITE(xchg, "xchgq %0, %1") : "+r"(v), "+m"(*p) : : "memory");
	return v;
}

FN void atom_fence(void) { __asm__ volatile(SITE(fence, "mfence") : : : "memory"); }

FN long atom_incglobal(void)
{
	__asm__ volatile(SITE(incglobal, "lock addq $1, %0") : "+m"(g) : : "memory", "cc");
	return *(volatile long *)&g;
}

FN int atom_inc16(void)
{
	__asm__ volatile(SITE(inc16, "lock incw %0") : "+m"(h) : : "memory", "cc");
	return *(volatile short *)&h;
}

FN long atom_loop(long *p, long n)
{
	for (long i = 0; i < n; i++)
		__asm__ volatile(SITE(loop, "lock addq $1, %0") : "+m"(*p) : : "memory", "cc");
	return *(volatile long *)p;
}

/* too big to be lock-free: GCC calls libatomic's __atomic_exchange */
struct big {
	long a, b, c;
};
static struct big big;

FN long atom_big_swap(long v)
{
	struct big n = {v, v, v}, old;
	__atomic_exchange(&big, &n, &old, __ATOMIC_SEQ_CST);
	return old.a;
}

FN void atom_spin(int *flag)
{
	while (!*(volatile int *)flag)
		__asm__ volatile(SITE(pause, "pause") : : : "memory");
}
