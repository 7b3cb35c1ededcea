/* preload/hooks-fd.c — close, close_range and closefrom leave the preload's own descriptors
 * (fork-server pipes, log, shared area) open: a client that closes every descriptor it did
 * not open (closefrom(3), a loop up to the limit) would otherwise cut the cli off. To the
 * client such a descriptor is as if never open (EBADF), as it is natively. Hook path. */
#include <errno.h>
#include <limits.h>
#include <sys/resource.h>

#include "preload.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#pragma GCC visibility push(default)

int close(int fd)
{
	if (lp_fd_is_ours(fd)) {
		errno = EBADF;
		return -1;
	}
	return REAL(close)(fd);
}

/* close_range on [lo, hi] without our descriptors: the pieces between them. */
static int close_range_around_ours(unsigned lo, unsigned hi, int flags)
{
	int fds[LP_FDS_OURS_MAX];
	int n_fds = (int)lp_fds_ours(fds);
	unsigned cut[LP_FDS_OURS_MAX];
	int n = 0, r = 0;
	for (int i = 0; i < n_fds; i++) { /* ours within [lo, hi], sorted, once each */
		if ((unsigned)fds[i] < lo || (unsigned)fds[i] > hi)
			continue;
		int j = n;
		while (j > 0 && cut[j - 1] > (unsigned)fds[i])
			j--;
		if (j > 0 && cut[j - 1] == (unsigned)fds[i])
			continue;
		for (int k = n++; k > j; k--)
			cut[k] = cut[k - 1];
		cut[j] = (unsigned)fds[i];
	}
	unsigned from = lo;
	for (int i = 0; i <= n; i++) {
		unsigned to = i < n ? cut[i] - 1 : hi; /* cut[i] > 2 */
		if (to >= from && (i == n || cut[i] > from)) {
			long e = sys_close_range(from, to, flags);
			if (e < 0)
				errno = (int)-e, r = -1;
		}
		if (i < n)
			from = cut[i] + 1;
	}
	return r;
}

int close_range(unsigned lo, unsigned hi, int flags)
{
	if (lo > hi) {
		errno = EINVAL;
		return -1;
	}
	return close_range_around_ours(lo, hi, flags);
}

void closefrom(int lo)
{
	int saved = errno;
	if (close_range_around_ours((unsigned)(lo < 0 ? 0 : lo), UINT_MAX, 0) != 0 &&
	    errno == ENOSYS) {
		/* a kernel before 5.9: one by one, up to the limit */
		struct rlimit rl;
		int top = sys_getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < INT_MAX
			      ? (int)rl.rlim_cur
			      : 65536;
		for (int fd = lo; fd < top; fd++)
			if (!lp_fd_is_ours(fd))
				sys_close(fd);
	}
	errno = saved;
}
