/* preload/fd-state.c — every execution starts from the same state of the client's regular
 * files: at the fork point the server records each descriptor open on a regular file
 * (offset, size); before each execution it puts the offsets back and truncates to their
 * recorded size the files open for writing that grew. The last execution's output stays,
 * one result a native run could give. Descriptors the client inherited (its stdout, a
 * file the cli writes too) are shared with other processes and left alone.
 * Constructor and fork server only (single-threaded, libc allowed). */
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "preload.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#define LP_MAX_SAVED_FDS 256

struct saved_fd {
	int fd;
	int writable;
	off_t offset, size;
	dev_t dev;
	ino_t ino;
};

static struct saved_fd saved[LP_MAX_SAVED_FDS];
static unsigned n_saved;
static struct saved_fd inherited[LP_MAX_SAVED_FDS];
static unsigned n_inherited;
static int noting_inherited;

static int was_inherited(int fd, const struct stat *st)
{
	for (unsigned i = 0; i < n_inherited; i++)
		if (inherited[i].fd == fd && inherited[i].dev == st->st_dev &&
		    inherited[i].ino == st->st_ino)
			return 1;
	return 0;
}

unsigned lp_fds_ours(int fds[LP_FDS_OURS_MAX])
{
	int all[LP_FDS_OURS_MAX] = {lp_g.log_fd, lp_g.cmd_fd, lp_g.reply_fd, lp_g.shm_fd};
	unsigned n_all = 4, n = 0;
	for (unsigned i = 0; i < lp_g.n_workers; i++) /* until the worker servers exist */
		all[n_all++] = lp_g.worker_cmd_fd[i];
	for (unsigned i = 0; i < n_all; i++)
		if (all[i] > 2)
			fds[n++] = all[i];
	return n;
}

int lp_fd_is_ours(int fd)
{
	int fds[LP_FDS_OURS_MAX];
	unsigned n = lp_fds_ours(fds);
	for (unsigned i = 0; i < n; i++)
		if (fd == fds[i])
			return 1;
	return 0;
}

static void save_one(int fd)
{
	struct stat st;
	if (lp_fd_is_ours(fd) || (!noting_inherited && n_saved == LP_MAX_SAVED_FDS) ||
	    sys_fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	if (noting_inherited) {
		if (n_inherited < LP_MAX_SAVED_FDS)
			inherited[n_inherited++] =
			    (struct saved_fd){.fd = fd, .dev = st.st_dev, .ino = st.st_ino};
		return;
	}
	if (was_inherited(fd, &st))
		return;
	off_t off = sys_lseek(fd, 0, SEEK_CUR);
	int fl = (int)sys_fcntl(fd, F_GETFL, 0);
	if (off < 0 || fl < 0)
		return;
	saved[n_saved++] = (struct saved_fd){
	    fd, (fl & O_ACCMODE) != O_RDONLY, off, st.st_size, st.st_dev, st.st_ino};
}

static void scan(void)
{
	int dir = (int)sys_open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0)
		return;
	char buf[4096];
	long got;
	while ((got = sys_getdents64(dir, buf, sizeof buf)) > 0)
		for (long off = 0; off < got;) {
			struct dirent64 *d = (struct dirent64 *)(buf + off);
			off += d->d_reclen;
			if (d->d_name[0] < '0' || d->d_name[0] > '9')
				continue;
			int fd = 0;
			for (const char *c = d->d_name; *c; c++)
				fd = fd * 10 + (*c - '0');
			if (fd != dir)
				save_one(fd);
		}
	sys_close(dir);
}

void lp_fd_state_note_inherited(void)
{
	noting_inherited = 1;
	scan();
	noting_inherited = 0;
}

void lp_fd_state_save(void) { scan(); }

unsigned lp_fd_state_count(void) { return n_saved; }

void lp_fd_state_restore(void)
{
	for (unsigned i = 0; i < n_saved; i++) {
		struct saved_fd *s = &saved[i];
		struct stat st;
		/* The server never closes the client's descriptors: still the same file. */
		if (sys_fstat(s->fd, &st) != 0 || st.st_dev != s->dev || st.st_ino != s->ino)
			continue;
		if (s->writable && st.st_size > s->size)
			sys_ftruncate(s->fd, s->size);
		sys_lseek(s->fd, s->offset, SEEK_SET);
	}
}
