/* tests/preload/libfutex-toy.c — the futex target of tests/preload/futex.sh. */
#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "futex-toy.h"

static uint32_t word, other;

static long result(long r) { return r == -1 ? -errno : r; }

long fx_wait(int val)
{
	return result(syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0));
}

long fx_timed_wait(int val)
{
	struct timespec ts = {0, 10000000};
	return result(syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, val, &ts, NULL, 0));
}

long fx_wait_bitset(int val, unsigned bits)
{
	return result(syscall(SYS_futex, &word, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME,
			      val, NULL, NULL, bits));
}

long fx_wake(int n)
{
	return result(syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0));
}

long fx_wake_bitset(int n, unsigned bits)
{
	return result(syscall(SYS_futex, &word, FUTEX_WAKE_BITSET_PRIVATE, n, NULL, NULL, bits));
}

long fx_requeue(void)
{
	return result(syscall(SYS_futex, &word, FUTEX_CMP_REQUEUE_PRIVATE, 1, 1, &other, word));
}

long fx_syscalls(void)
{
	errno = 1234;
	long pid = syscall(SYS_getpid);
	int kept = errno == 1234;
	long r = syscall(SYS_close, -1);
	return pid == getpid() && kept && r == -1 && errno == EBADF;
}
