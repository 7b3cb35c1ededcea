/* preload/trap.c — the SIGTRAP handler of trapped instructions (a scheduling point, then
 * the out-of-line copy) and keeping SIGTRAP the tool's: the client's sigaction/signal for
 * it are remembered and chained for traps that are not ours, and it is never blocked
 * (nor is SIGSEGV while the exec guard, exec-guard.c, has it). */
#include <errno.h>
#include <string.h>
#include <ucontext.h>

#include "preload.h"
#include "sites.h"
#include "runtime.h"
#include "runtime-tso.h"
#include "tso-buffer.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

extern struct lp_site_table lp_site_table LP_HIDDEN;

static struct sigaction client_act; /* what the client asked for SIGTRAP (SIG_DFL at first) */
static int installed;

static uint32_t point_of(uint32_t kind)
{
	switch (kind) {
	case LP_SITE_LOAD:
	case LP_SITE_STORE:
		return LP_PT_MEMORY;
	case LP_SITE_PAUSE:
		return LP_PT_YIELD;
	default:
		return LP_PT_ATOMIC;
	}
}

/* Not one of our traps: what the client wanted, or the default (a crash with a core). */
static void not_ours(int sig, siginfo_t *si, void *uc)
{
	struct sigaction a = client_act;
	if (a.sa_handler == SIG_IGN)
		return;
	if (a.sa_handler == SIG_DFL) {
		lp_crash_record(sig, si, uc);
		struct sigaction dfl;
		memset(&dfl, 0, sizeof dfl);
		dfl.sa_handler = SIG_DFL;
		real_sigaction(SIGTRAP, &dfl, NULL);
		/* delivered when the handler returns and the mask is restored */
		sys_tgkill(sys_getpid(), sys_gettid(), SIGTRAP);
		return;
	}
	if (a.sa_flags & SA_RESETHAND)
		client_act.sa_handler = SIG_DFL;
	if (a.sa_flags & SA_SIGINFO)
		a.sa_sigaction(sig, si, uc);
	else
		a.sa_handler(sig);
}

/* A --lock acquire (runtime-thread.c, held_back): the thread is no candidate while the
 * word differs from what the swap expects (%rax), so the swap runs only when it succeeds.
 * The word is read here first, in the thread's own context: a bad address faults as the
 * instruction would, at its site, not in another thread's scheduler. */
static void lock_point(const struct lp_trap_site *s, const uint64_t regs[16])
{
	struct lp_thread *self = lp_self;
	unsigned size = lp_sites_cmpxchg_size((const uint8_t *)s->copy, s->len);
	uintptr_t word = lp_rt_access_addr;
	if (!size || !word) { /* the plan's bytes were checked: not expected */
		lp_rt_point(LP_PT_ATOMIC, s->addr);
		return;
	}
	(void)lp_rt_word_load(word, size);
	self->word_size = (uint8_t)size;
	self->word_free = size == 8 ? regs[0] : regs[0] & ((1ull << (8 * size)) - 1);
	self->word_wait = word;
	lp_rt_word_seen(word, self->word_free, self->word_size);
	lp_rt_point(LP_PT_ATOMIC, s->addr);
	self->word_wait = 0;
	if (!lp_rt.words_free) /* chosen only where its swap succeeds: it takes the word */
		lp_rt_word_taken(word, self->tid);
}

/* The scheduling point of site s, whose general registers are regs (x86 numbering), from
 * the SIGTRAP handler or a stub (preload/stub.c). The interrupted code is a target's or an
 * instrumented object's instruction (never libc's nor ours: those are refused at
 * patching), so the scheduler's state is consistent and the thread holds the baton. */
void lp_trap_point(const struct lp_trap_site *s, const uint64_t regs[16])
{
	if (!lp_rt_controlled() || lp_g.shm->outcome != LP_OUT_RUNNING)
		return;
	/* the copy's RIP-relative displacement is rewritten for the copy's place */
	lp_rt_access_addr =
	    lp_sites_address((const uint8_t *)s->copy, s->len, regs, s->copy + s->len);
	lp_rt_access_write =
	    s->kind != LP_SITE_LOAD && s->kind != LP_SITE_FENCE && s->kind != LP_SITE_PAUSE;
	lp_rt_access_regs = regs;
	if (lp_tso_on()) { /* what a store buffer needs of this instruction (runtime-tso.h) */
		lp_tso_trap_kind = (int)s->kind;
		lp_tso_trap_size = s->kind == LP_SITE_STORE
				       ? lp_tso_store_size((const uint8_t *)s->copy, s->len)
				       : 0;
	}
	if (s->kind == LP_SITE_LOCK)
		lock_point(s, regs);
	else
		lp_rt_point(point_of(s->kind), s->addr);
	lp_rt_access_addr = 0;
	lp_rt_access_write = 0;
	lp_rt_access_regs = NULL;
	lp_tso_trap_kind = -1;
	lp_tso_trap_size = 0;
}

/* Signal path. It runs on the thread's own stack: the handoff blocks inside the handler,
 * and a client's small alternate stack could not hold the kernel's frame and ours. */
static void on_trap(int sig, siginfo_t *si, void *ucv)
{
	int saved = errno;
	ucontext_t *uc = ucv;
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP] - 1;
	const struct lp_trap_site *s = si->si_code > 0 ? lp_sites_find(&lp_site_table, pc) : NULL;
	if (!s) {
		not_ours(sig, si, ucv);
		errno = saved;
		return;
	}
	static const int map[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP,
				    REG_RSI, REG_RDI, REG_R8,  REG_R9,	REG_R10, REG_R11,
				    REG_R12, REG_R13, REG_R14, REG_R15};
	uint64_t regs[16];
	for (unsigned i = 0; i < 16; i++)
		regs[i] = (uint64_t)uc->uc_mcontext.gregs[map[i]];
	lp_trap_point(s, regs);
	uc->uc_mcontext.gregs[REG_RIP] = (greg_t)s->copy;
	errno = saved;
}

/* The signals the tool keeps unblocked: SIGTRAP, and SIGSEGV while the exec guard is on
 * (a blocked fault would kill the process instead of reaching its handler). */
static int keeps_any(const sigset_t *set)
{
	return sigismember(set, SIGTRAP) || (lp_guard_usable() && sigismember(set, SIGSEGV));
}

static void drop_kept(sigset_t *set)
{
	sigdelset(set, SIGTRAP);
	if (lp_guard_usable())
		sigdelset(set, SIGSEGV);
}

static void unblock_trap(void)
{
	uint64_t set = 1ull << (SIGTRAP - 1);
	if (lp_guard_usable())
		set |= 1ull << (SIGSEGV - 1);
	lp_syscall(SYS_rt_sigprocmask, SIG_UNBLOCK, (long)&set, 0, 8, 0, 0);
}

/* constructor-only */
void lp_trap_setup(void)
{
	struct sigaction a;
	memset(&a, 0, sizeof a);
	a.sa_sigaction = on_trap;
	a.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&a.sa_mask);
	real_sigaction(SIGTRAP, &a, &client_act);
	if ((client_act.sa_flags & SA_SIGINFO) && client_act.sa_sigaction == on_trap)
		client_act.sa_handler = SIG_DFL; /* a second set-up: ours is not the client's */
	installed = 1;
	unblock_trap();
}

/* Every thread of an execution starts here (preload/runtime-thread.c). */
void lp_trap_thread(void)
{
	if (installed)
		unblock_trap();
}

#pragma GCC visibility push(default)

int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	if (!installed || sig != SIGTRAP) {
		if (sig == SIGSEGV && act)
			lp_guard_give_up(); /* the client's handler replaces the guard's */
		int r;
		if (!installed || !act || !keeps_any(&act->sa_mask)) {
			r = REAL(sigaction)(sig, act, old);
		} else { /* a client handler running target code must not block our traps */
			struct sigaction a = *act;
			drop_kept(&a.sa_mask);
			r = real_sigaction(sig, &a, old);
		}
		if (r == 0)
			lp_crash_hide(sig, old);
		return r;
	}
	struct sigaction prev = client_act;
	if (act) {
		client_act = *act;
		sigdelset(&client_act.sa_mask, SIGTRAP);
	}
	if (old)
		*old = prev;
	return 0;
}

sighandler_t signal(int sig, sighandler_t h)
{
	if (!installed || sig != SIGTRAP) {
		if (sig == SIGSEGV && h != SIG_ERR)
			lp_guard_give_up();
		return lp_crash_hide_handler(sig, REAL(signal)(sig, h));
	}
	if (h == SIG_ERR) {
		errno = EINVAL;
		return SIG_ERR;
	}
	sighandler_t prev = client_act.sa_handler;
	memset(&client_act, 0, sizeof client_act);
	client_act.sa_handler = h;
	client_act.sa_flags = SA_RESTART;
	return prev;
}

int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	if (!installed || !set || how == SIG_UNBLOCK || !keeps_any(set))
		return REAL(sigprocmask)(how, set, old);
	sigset_t s = *set;
	drop_kept(&s);
	return real_sigprocmask(how, &s, old);
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	if (!installed || !set || how == SIG_UNBLOCK || !keeps_any(set))
		return REAL(pthread_sigmask)(how, set, old);
	sigset_t s = *set;
	drop_kept(&s);
	return real_pthread_sigmask(how, &s, old);
}
