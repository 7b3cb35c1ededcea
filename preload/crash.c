/* preload/crash.c — what a crash leaves for the report: the fatal signal's raw data (signal,
 * si_code, fault address, the crashing thread, its registers and the top of its stack) as
 * one LP_REC_CRASH record, written just before the default action kills the execution. The
 * cli unwinds the copy with the objects' CFI and symbolizes it; nothing is parsed here.
 *
 * The handler is installed only where the disposition is the default, and the client never
 * sees it: sigaction and signal (trap.c) report SIG_DFL for it, and a handler the client
 * installs replaces it. SIGSEGV is the exec guard's when it has it (exec-guard.c records
 * through lp_crash_record before the default action). Signal path: raw system calls only. */
#include <string.h>
#include <sys/uio.h>
#include <ucontext.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

extern void lp_ret_tramp(void) LP_HIDDEN;

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
static uint32_t ours; /* bit sig: the handler below is installed for it */

/* DWARF register order (protocol.h, struct lp_rec_crash) */
static const int dwarf_regs[LP_CRASH_NREGS] = {REG_RAX, REG_RDX, REG_RCX, REG_RBX, REG_RSI, REG_RDI,
					       REG_RBP, REG_RSP, REG_R8,  REG_R9,  REG_R10, REG_R11,
					       REG_R12, REG_R13, REG_R14, REG_R15, REG_RIP};

/* Signal path. Once per execution, and only while it runs (a stuck or fatal end already
 * said why it ended). */
void lp_crash_record(int sig, const siginfo_t *si, const void *ucv)
{
	static int recorded;
	const ucontext_t *uc = ucv;
	if (recorded || !lp_g.active || !lp_rt.on || !uc || lp_g.shm->outcome != LP_OUT_RUNNING)
		return;
	recorded = 1;
	struct lp_rec_crash *r = lp_log_append(LP_REC_CRASH, sizeof *r + LP_CRASH_STACK);
	if (!r)
		return;
	r->tid = lp_self ? lp_self->tid : LP_TID_NONE;
	r->signo = sig;
	r->code = si ? si->si_code : 0;
	r->addr = si ? (uint64_t)(uintptr_t)si->si_addr : 0;
	for (unsigned i = 0; i < LP_CRASH_NREGS; i++)
		r->regs[i] = (uint64_t)uc->uc_mcontext.gregs[dwarf_regs[i]];
	r->pad = 0;
	/* Reading our own memory through the kernel stops at the end of the stack's mapping
	 * (or a guard page) instead of faulting here. */
	uint64_t sp = r->regs[LP_CRASH_REG_SP];
	char *copy = (char *)(r + 1);
	struct iovec local = {copy, LP_CRASH_STACK},
		     remote = {(void *)(uintptr_t)sp, LP_CRASH_STACK};
	long n =
	    lp_syscall(SYS_process_vm_readv, sys_getpid(), (long)&local, 1, (long)&remote, 1, 0);
	if (n < 0)
		n = 0;
	n &= ~7L;
	/* The return slot of a pending operation holds the return trampoline, which no unwind
	 * information covers: the copy gets the caller's address back. */
	struct lp_thread *t = lp_self;
	if (t && t->in_op && t->op_retslot >= sp && t->op_retslot + 8 <= sp + (uint64_t)n) {
		uintptr_t *slot = (uintptr_t *)(copy + (t->op_retslot - sp));
		if (*slot == (uintptr_t)lp_ret_tramp)
			*slot = t->op_ret;
	}
	r->stack_len = (uint32_t)n;
	lp_log_shrink(&r->h, sizeof *r + (size_t)n);
}

/* Signal path: record, then the default action (the signal is raised again and delivered
 * when the handler returns, with the signal's own wait status). */
static void on_fatal(int sig, siginfo_t *si, void *uc)
{
	lp_crash_record(sig, si, uc);
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	real_sigaction(sig, &dfl, NULL);
	ours &= ~(1u << sig);
	sys_tgkill(sys_getpid(), sys_gettid(), sig);
}

/* constructor-only, after the exec guard's set-up (it takes SIGSEGV first) */
void lp_crash_setup(void)
{
	struct sigaction a, old;
	memset(&a, 0, sizeof a);
	a.sa_sigaction = on_fatal;
	a.sa_flags = SA_SIGINFO;
	sigemptyset(&a.sa_mask);
	for (unsigned i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++) {
		int sig = fatal_signals[i];
		if (real_sigaction(sig, NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
		    (old.sa_flags & SA_SIGINFO))
			continue;
		if (real_sigaction(sig, &a, NULL) == 0)
			ours |= 1u << sig;
	}
}

void lp_crash_hide(int sig, struct sigaction *old)
{
	if (sig > 0 && sig < 32 && (ours & (1u << sig)) && old && (old->sa_flags & SA_SIGINFO) &&
	    old->sa_sigaction == on_fatal) {
		memset(old, 0, sizeof *old);
		old->sa_handler = SIG_DFL;
	}
}

sighandler_t lp_crash_hide_handler(int sig, sighandler_t prev)
{
	if (sig > 0 && sig < 32 && (ours & (1u << sig)) && (uintptr_t)prev == (uintptr_t)on_fatal)
		return SIG_DFL;
	return prev;
}
