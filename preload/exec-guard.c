/* preload/exec-guard.c — whether a thread the library created ran code of a target in a
 * step. Such a thread mostly runs other code (liburcu's call_rcu loop, a helper library's
 * dispatcher) and a target's only now and then (a callback); taking every step of it as
 * target code makes each conflict with every step of every operation (protocol.h
 * LP_FP_TARGET) and starves the reduction. So while one runs a step not yet known to be
 * target code, the targets' executable segments lose PROT_EXEC: its first instruction
 * fetch there faults, and the handler marks the step and gives the permission back for
 * the rest of it. Only the thread holding the baton runs, so the permission is its own.
 *
 * Given up for the rest of the process (every library thread's step counts as target
 * code again, as without the guard) when the client installs its own SIGSEGV handler, a
 * protection change fails, or LINEUP_NO_EXEC_GUARD is set. Hook path and signal path:
 * raw system calls only. */
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#define MAX_SEGS (2 * LP_MAX_TARGETS)
#define PF_INSTR 0x10 /* x86 page-fault error code: the access was an instruction fetch */

struct seg {
	uintptr_t lo, hi;
	int prot;
};

static struct seg segs[MAX_SEGS];
static unsigned n_segs;
static int usable;		    /* handler installed, every segment known */
static int armed;		    /* the segments are without PROT_EXEC now */
static struct lp_thread *armed_for; /* whose step the faults mark */
static __thread uintptr_t retried_at
    __attribute__((tls_model("initial-exec"))); /* a fault let through once (see on_segv) */

/* Every segment is tried: one that fails (a target unmapped by dlclose) is no reason to
 * leave the others as they were. */
static int protect(int exec)
{
	int r = 0;
	for (unsigned i = 0; i < n_segs; i++) {
		int prot = exec ? segs[i].prot : segs[i].prot & ~PROT_EXEC;
		if (sys_mprotect((void *)segs[i].lo, segs[i].hi - segs[i].lo, prot) != 0)
			r = -1;
	}
	return r;
}

/* The text executable again. mark: the step being watched ran target code, or may have
 * (not when it ended at its point: the thread's footprint is then its next step's). */
static void disarm(int mark)
{
	if (mark && armed_for)
		armed_for->fp.flags |= LP_FP_TARGET;
	armed_for = NULL;
	if (armed)
		protect(1);
	armed = 0;
}

static int in_segs(uintptr_t a)
{
	for (unsigned i = 0; i < n_segs; i++)
		if (a >= segs[i].lo && a < segs[i].hi)
			return 1;
	return 0;
}

int lp_guard_in_target(uintptr_t a) { return a && in_segs(a); }

int lp_guard_watching(void) { return usable && lp_rt.phase == LP_PHASE_CONCURRENT; }

void lp_guard_give_up(void)
{
	if (!usable)
		return;
	disarm(1);
	usable = 0;
	for (unsigned i = 0; i < lp_rt.n; i++)
		if (lp_rt.th[i].library)
			lp_rt.th[i].fp.flags |=
			    LP_FP_TARGET; /* their current steps went unwatched */
}

void lp_guard_stop(void)
{
	if (armed)
		disarm(1);
}

void lp_guard_resume(struct lp_thread *self)
{
	if (!lp_guard_watching())
		return;
	if (!self->library || (self->fp.flags & LP_FP_TARGET)) {
		if (armed)
			disarm(0); /* armed_for's step ended at its point */
		return;
	}
	armed_for = self;
	if (armed)
		return;
	armed = 1;
	if (protect(0) != 0)
		lp_guard_give_up(); /* marks self's step */
}

/* Not an exec fault of the guard: the default action (the client installed no handler,
 * or the guard would have given up), raised again when the handler returns. */
static void not_ours(siginfo_t *si, void *uc)
{
	lp_crash_record(SIGSEGV, si, uc);
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	real_sigaction(SIGSEGV, &dfl, NULL);
	sys_tgkill(sys_getpid(), sys_gettid(), SIGSEGV);
}

/* Signal path. A fetch from a target's text while armed is the watched thread entering
 * target code. One that finds the guard no longer armed (another thread disarmed it
 * between the fault and here) is retried once; a second at the same place is a real
 * fault. */
static void on_segv(int sig, siginfo_t *si, void *ucv)
{
	(void)sig;
	const ucontext_t *uc = ucv;
	uintptr_t a = (uintptr_t)si->si_addr;
	if (si->si_code == SEGV_ACCERR && (uc->uc_mcontext.gregs[REG_ERR] & PF_INSTR) &&
	    in_segs(a)) {
		if (armed) {
			disarm(1);
			retried_at = 0;
			return;
		}
		if (retried_at != a) {
			retried_at = a;
			return;
		}
	}
	not_ours(si, ucv);
}

/* A target mapped (got.c, constructor or after a dlopen): its executable segments. */
void lp_guard_note(const struct dl_phdr_info *info)
{
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		if (n_segs == MAX_SEGS) {
			lp_guard_give_up();
			n_segs = 0; /* nothing is watched any more */
			return;
		}
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
		segs[n_segs].lo = lo & ~(uintptr_t)4095;
		segs[n_segs].hi = (hi + 4095) & ~(uintptr_t)4095;
		segs[n_segs].prot = lp_segment_prot(ph->p_flags);
		n_segs++;
	}
}

/* constructor-only. Only when SIGSEGV is the default: a handler already there (a
 * sanitizer's, a target's constructor's) stays, and the guard with it. Targets mapped
 * later (dlopen) are noted then. */
void lp_guard_setup(int off)
{
	if (off)
		return;
	struct sigaction a, old;
	memset(&a, 0, sizeof a);
	a.sa_sigaction = on_segv;
	a.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&a.sa_mask);
	if (real_sigaction(SIGSEGV, NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
	    (old.sa_flags & SA_SIGINFO))
		return;
	if (real_sigaction(SIGSEGV, &a, NULL) != 0)
		return;
	usable = 1;
}

int lp_guard_usable(void) { return usable; }
