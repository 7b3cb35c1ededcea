/* preload/runtime-futex.c — the futex model (rules in runtime-futex.h): waits and
 * wake-ups of syscall(SYS_futex, ...) block and enable threads in the scheduler, never in
 * the kernel. Hook path: no allocation, no stdio; only while lp_rt_controlled(). */
#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>

#include "preload.h"
#include "text.h"
#include "runtime-futex-queue.h"
#include "runtime-futex.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

/* futex2 system calls (Linux 5.16 and 6.7); older headers lack some of them */
#define NR_FUTEX_WAITV 449
#define NR_FUTEX_WAKE 454
#define NR_FUTEX_WAIT 455
#define NR_FUTEX_REQUEUE 456

/* Every execution starts with it empty: it is only filled after the fork point. A waiter
 * blocks on its own entry, so no other model's wake-up (keyed by the address of a pthread
 * object) can reach it, whatever address the futex word has. */
static struct lp_futex_queue queue;

int lp_rt_is_futex_syscall(long nr)
{
	return nr == SYS_futex || nr == NR_FUTEX_WAITV || nr == NR_FUTEX_WAKE ||
	       nr == NR_FUTEX_WAIT || nr == NR_FUTEX_REQUEUE;
}

static const char *op_name(long nr, unsigned cmd)
{
	static const char *const names[] = {
	    "FUTEX_WAIT",	    "FUTEX_WAKE",	 "FUTEX_FD",
	    "FUTEX_REQUEUE",	    "FUTEX_CMP_REQUEUE", "FUTEX_WAKE_OP",
	    "FUTEX_LOCK_PI",	    "FUTEX_UNLOCK_PI",	 "FUTEX_TRYLOCK_PI",
	    "FUTEX_WAIT_BITSET",    "FUTEX_WAKE_BITSET", "FUTEX_WAIT_REQUEUE_PI",
	    "FUTEX_CMP_REQUEUE_PI", "FUTEX_LOCK_PI2"};
	switch (nr) {
	case NR_FUTEX_WAITV:
		return "futex_waitv";
	case NR_FUTEX_WAKE:
		return "futex_wake";
	case NR_FUTEX_WAIT:
		return "futex_wait";
	case NR_FUTEX_REQUEUE:
		return "futex_requeue";
	}
	return cmd < sizeof names / sizeof *names ? names[cmd] : "unknown";
}

/* A real call could block for ever in the kernel while holding the baton, or wake or move
 * waiters the model does not know: the execution cannot go on and its verdict would be
 * unsound, so it ends (LP_OUT_FATAL) with the warning the cli shows beside the error. */
static __attribute__((noreturn)) void unmodelled(long nr, unsigned cmd, uintptr_t site)
{
	char buf[400];
	struct lp_text t;
	const char *name = op_name(nr, cmd);
	lp_text_init(&t, buf, sizeof buf);
	lp_text_str(&t, "uncontrolled futex operation ");
	lp_text_dec(&t, nr == SYS_futex ? cmd : (uint64_t)nr);
	lp_text_str(&t, " (");
	lp_text_str(&t, name);
	lp_text_str(&t, ") at ");
	lp_text_hex(&t, site);
	lp_text_str(&t, ": the verdict may miss behaviours");
	lp_log_text(LP_REC_WARN, lp_self->tid, site, buf);
	lp_text_init(&t, buf, sizeof buf);
	lp_text_str(&t, "futex operation '");
	lp_text_str(&t, name);
	lp_text_str(&t, "' called at ");
	lp_text_hex(&t, site);
	lp_text_str(&t, " is not modelled: only FUTEX_WAIT, FUTEX_WAKE and their _BITSET forms "
			"run under the scheduler; leave the functions that use it out of the test");
	lp_fatal(LP_OUT_FATAL, site, buf);
}

static int bad_timeout(const struct timespec *ts)
{
	return ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000L;
}

static long futex_wait(uint32_t *uaddr, uint32_t val, const struct timespec *timeout,
		       uint32_t bitset, uintptr_t site)
{
	lp_rt_sync_point(uaddr, site);
	/* we hold the baton: nothing changes *uaddr between this read and the block */
	if (*(volatile uint32_t *)uaddr != val)
		return -EAGAIN;
	unsigned slot = (unsigned)(lp_self - lp_rt.th);
	lp_futex_enqueue(&queue, slot, (uintptr_t)uaddr, bitset);
	while (queue.w[slot].addr) {
		if (lp_rt_block(&queue.w[slot], timeout != NULL, site)) {
			lp_futex_dequeue(&queue, slot);
			return -ETIMEDOUT;
		}
		lp_rt_touch(uaddr); /* the retry reads what the waker changed */
	}
	return 0;
}

static long futex_wake(uint32_t *uaddr, uint32_t val, uint32_t bitset, uintptr_t site)
{
	unsigned woken[LP_MAX_THREADS];
	lp_rt_sync_point(uaddr, site);
	unsigned n = lp_futex_wake(&queue, (uintptr_t)uaddr, bitset, lp_futex_wake_max(val), woken);
	for (unsigned i = 0; i < n; i++)
		lp_rt_wake(&queue.w[woken[i]], 1);
	return n;
}

long lp_rt_futex(long nr, long a1, long a2, long a3, long a4, long a5, long a6, uintptr_t site)
{
	uint32_t *uaddr = (uint32_t *)a1;
	unsigned op = (unsigned)a2, cmd = op & (unsigned)FUTEX_CMD_MASK;
	uint32_t val = (uint32_t)a3, bitset = (uint32_t)a6;
	const struct timespec *timeout = (const struct timespec *)a4;
	(void)a5;
	if (nr != SYS_futex)
		unmodelled(nr, 0, site);
	switch (cmd) {
	case FUTEX_WAIT:
	case FUTEX_WAIT_BITSET:
	case FUTEX_WAKE:
	case FUTEX_WAKE_BITSET:
		break;
	default:
		unmodelled(nr, cmd, site);
	}
	/* the kernel's argument checks, in its order, so a bad call fails as it would; such a
	 * failure makes no point, which a span ending at this call needs (runtime-span.c) */
	lp_self->span_void = 1;
	int wait = cmd == FUTEX_WAIT || cmd == FUTEX_WAIT_BITSET;
	if ((op & FUTEX_CLOCK_REALTIME) && !wait)
		return -ENOSYS;
	if (cmd == FUTEX_WAIT || cmd == FUTEX_WAKE)
		bitset = FUTEX_BITSET_MATCH_ANY;
	else if (!bitset)
		return -EINVAL;
	if (wait && timeout && bad_timeout(timeout))
		return -EINVAL;
	if ((uintptr_t)uaddr % 4)
		return -EINVAL;
	if (wait && !uaddr)
		return -EFAULT; /* other unreadable words crash here instead (known limit) */
	return wait ? futex_wait(uaddr, val, timeout, bitset, site)
		    : futex_wake(uaddr, val, bitset, site);
}
