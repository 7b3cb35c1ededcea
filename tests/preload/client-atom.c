/* tests/preload/client-atom.c — client of libatom: MODE selects what two threads do.
 *   ops      each thread runs every atomic of libatom once (main too, before the fork point)
 *   sigtrap  ops, with a client SIGTRAP handler installed and SIGTRAP blocked everywhere
 *   spin     0.1 spins with pause until 0.2 sets the flag
 *   big      each thread swaps a 24-byte value through libatomic
 *   loop N   one thread runs N trapped lock-adds (the trap-cost benchmark)
 *   vec N    each thread runs N lock-adds with every vector register live (needs AVX)
 *   native N times N lock-adds in this process (run without the preload)
 *   pre N    times N lock-adds in main before the fork point: patched, but no scheduling
 *            point (what reaching one costs, stub or int3, without the point itself)
 *   dlopen PATH  (built with -DATOM_DL, not linked with libatom) ops through dlopen of PATH */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "atom.h"

#ifdef ATOM_DL
/* every libatom function through dlsym: the target is mapped only by dlopen */
/* clang-format off */
#define ATOM_FNS(X) \
	X(long, atom_add, (long *, long)) X(int, atom_cas, (int *, int, int)) \
	X(long, atom_xchg, (long *, long)) X(void, atom_fence, (void)) \
	X(long, atom_incglobal, (void)) X(int, atom_inc16, (void)) \
	X(long, atom_loop, (long *, long)) X(void, atom_spin, (int *)) X(long, atom_big_swap, (long)) \
	X(long, atom_vec, (long *, long))
/* clang-format on */
#define PTR(ret, name, params) static ret(*p_##name) params;
ATOM_FNS(PTR)
#define atom_add (*p_atom_add)
#define atom_cas (*p_atom_cas)
#define atom_xchg (*p_atom_xchg)
#define atom_fence (*p_atom_fence)
#define atom_incglobal (*p_atom_incglobal)
#define atom_inc16 (*p_atom_inc16)
#define atom_loop (*p_atom_loop)
#define atom_spin (*p_atom_spin)
#define atom_big_swap (*p_atom_big_swap)
#define atom_vec (*p_atom_vec)
#endif

static long c, x;
static int ci, flag;
static const char *mode = "ops";
static long loops;

static void ops(long id)
{
	atom_add(&c, 1);
	int o;
	do
		o = *(volatile int *)&ci;
	while (!atom_cas(&ci, o, o + 1));
	atom_xchg(&x, id);
	atom_fence();
	atom_incglobal();
	atom_inc16();
}

static volatile sig_atomic_t client_traps;
static void client_handler(int sig)
{
	(void)sig;
	client_traps++;
}

static void block_trap(void)
{
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGTRAP);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
}

static void *worker(void *arg)
{
	long id = (long)arg;
	if (!strcmp(mode, "sigtrap"))
		block_trap();
	if (!strcmp(mode, "spin")) {
		if (id == 1)
			atom_spin(&flag);
		else
			*(volatile int *)&flag = 1;
	} else if (!strcmp(mode, "big")) {
		printf("swap %ld\n", atom_big_swap(id));
	} else if (!strcmp(mode, "loop")) {
		if (id == 1)
			atom_loop(&c, loops);
	} else if (!strcmp(mode, "vec")) {
		long changed = 0;
		for (long i = 0; i < loops; i++)
			changed += atom_vec(&c, id) < 0;
		printf("vec %ld: %ld changed\n", id, changed);
	} else
		ops(id);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	if (argc > 1)
		mode = argv[1];
	if ((!strcmp(mode, "loop") || !strcmp(mode, "vec")) && argc > 2)
		loops = atol(argv[2]);
#ifdef ATOM_DL
	void *h = argc > 2 ? dlopen(argv[2], RTLD_NOW) : NULL;
	if (!h) {
		fprintf(stderr, "client-atom: %s\n", dlerror());
		return 1;
	}
#define LOOKUP(ret, name, params) p_##name = (ret(*) params)dlsym(h, #name);
	ATOM_FNS(LOOKUP)
#endif
	if (!strcmp(mode, "sigtrap")) {
		struct sigaction a, old;
		memset(&a, 0, sizeof a);
		a.sa_handler = client_handler;
		sigaction(SIGTRAP, &a, NULL);
		sigaction(SIGTRAP, NULL, &old);
		printf("handler kept %d\n", old.sa_handler == client_handler);
		sigset_t s;
		sigemptyset(&s);
		sigaddset(&s, SIGTRAP);
		sigprocmask(SIG_BLOCK, &s, NULL);
	}
	if (!strcmp(mode, "native") || !strcmp(mode, "pre")) {
		long n = argc > 2 ? atol(argv[2]) : 0;
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		atom_loop(&c, n);
		clock_gettime(CLOCK_MONOTONIC, &b);
		printf("%s %.3f ns per lock add\n", mode,
		       ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) /
			   (double)(n ? n : 1));
		return 0;
	}
	if (strcmp(mode, "loop") && strcmp(mode, "spin") && strcmp(mode, "big") &&
	    strcmp(mode, "vec"))
		ops(0); /* before the fork point: redirected, no scheduling point */
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	if (!strcmp(mode, "sigtrap")) {
		raise(SIGTRAP); /* not ours: chained to the client's handler */
		printf("client traps %d\n", (int)client_traps);
	}
	/* x depends on the order of the two xchg: not compared with the native run */
	printf("c=%ld ci=%d g=%ld h=%d\nx=%ld\n", c, ci, atom_incglobal() - 1, atom_inc16() - 1, x);
	return 0;
}
