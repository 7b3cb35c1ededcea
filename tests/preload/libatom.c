/* tests/preload/libatom.c — a target with hand-placed atomic instructions for the trap
 * tests (see atom.h). noinline/noclone: each label must be emitted exactly once. */
#include "atom.h"

#define SITE(name, insn)                                                                           \
	".globl atom_at_" #name "\natom_at_" #name ":\n\t" insn "\n.globl atom_end_" #name         \
	"\natom_end_" #name ":\n"
/* Five bytes of dead padding, atom_pad_<name>, that the code jumps over: where the plan may
 * put the jump to the stub of a site too short to hold it (cli/analyze/stub-pads.h). */
#define PAD(name)                                                                                  \
	"\n\tjmp 1f\n.globl atom_pad_" #name "\natom_pad_" #name                                   \
	":\n\t.byte 0x90, 0x90, 0x90, 0x90, 0x90\n1:\n"
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
	__asm__ volatile(SITE(cas, "lock cmpxchgl %3, %1") "\tsete %0" PAD(cas)
			 : "=q"(ok), "+m"(*p), "+a"(old)
			 : "r"(v)
			 : "memory", "cc");
	return ok;
}

FN long atom_xchg(long *p, long v)
{
	__asm__ volatile(SITE(xchg, "xchgq %0, %1") PAD(xchg) : "+r"(v), "+m"(*p) : : "memory");
	return v;
}

FN void atom_fence(void) { __asm__ volatile(SITE(fence, "mfence") PAD(fence) : : : "memory"); }

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
		__asm__ volatile(SITE(pause, "pause") PAD(pause) : : : "memory");
}

/* A site with every vector register live across it: ymm0-15 loaded before, stored after;
 * returns the old *p, or -1 when any of them changed (a stub's point must not touch them,
 * preload/stub-x86_64.S). */
FN long atom_vec(long *p, long v)
{
	static __thread unsigned char in[16][32], out[16][32];
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 32; j++)
			in[i][j] = (unsigned char)(i * 32 + j + v);
#define LOAD(k) "vmovdqu " #k "*32(%[in]), %%ymm" #k "\n\t"
#define STORE(k) "vmovdqu %%ymm" #k ", " #k "*32(%[out])\n\t"
#define ALL(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
	__asm__ volatile(ALL(LOAD) SITE(vec, "lock xaddq %[v], %[m]") ALL(STORE) "vzeroupper"
			 : [v] "+r"(v), [m] "+m"(*p)
			 : [in] "r"(in), [out] "r"(out)
			 : "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
			   "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 32; j++)
			if (out[i][j] != in[i][j])
				return -1;
	return v;
}
