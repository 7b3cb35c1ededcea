/* preload/forksrv.c — the fork server (protocol.h): at the client's first pthread_create,
 * while still single-threaded, fork one child per LP_CMD_RUN; the child returns into that
 * pthread_create as thread 0 under the scheduler. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "preload.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

static int count_tasks(void)
{
	int fd = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char buf[4096];
	int n = 0;
	long got;
	while ((got = lp_syscall(SYS_getdents64, fd, (long)buf, sizeof buf, 0, 0, 0)) > 0) {
		for (long off = 0; off < got;) {
			struct dirent64 *d = (struct dirent64 *)(buf + off);
			if (d->d_name[0] != '.')
				n++;
			off += d->d_reclen;
		}
	}
	sys_close(fd);
	return n;
}

static void reply(int kind, int pid, int status)
{
	struct lp_reply r = {LP_MSG_MAGIC, (uint32_t)kind, pid, status};
	const char *p = (const char *)&r;
	size_t left = sizeof r;
	while (left) {
		long w = sys_write(lp_g.reply_fd, p, left);
		if (w == -EINTR)
			continue;
		if (w <= 0)
			sys_exit_group(0); /* the cli is gone */
		p += w, left -= (size_t)w;
	}
}

static int read_cmd(struct lp_cmd *c)
{
	char *p = (char *)c;
	size_t left = sizeof *c;
	while (left) {
		long r = lp_syscall(SYS_read, lp_g.cmd_fd, (long)p, (long)left, 0, 0, 0);
		if (r == -EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r, left -= (size_t)r;
	}
	return c->magic == LP_MSG_MAGIC ? 0 : -1;
}

/* The execution's process: one CPU for all its threads (handoffs stay cheap), then the
 * scheduler. */
static void become_execution(void)
{
	int cpu = sched_getcpu();
	if (cpu >= 0) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		sched_setaffinity(0, sizeof set, &set);
	}
	lp_rt_start();
}

void lp_forksrv_start(uintptr_t site)
{
	if (lp_g.single) {
		if (count_tasks() > 1)
			lp_log_text(
			    LP_REC_WARN, LP_TID_MAIN, site,
			    "the process was already multithreaded at its first pthread_create: "
			    "threads not created by pthread_create are not controlled");
		lp_g.shm->base_len = lp_g.shm->log_len;
		become_execution();
		return;
	}
	if (count_tasks() != 1) {
		reply(LP_REPLY_MULTITHREADED, sys_getpid(), 0);
		sys_exit_group(0);
	}
	lp_g.shm->base_len = lp_g.shm->log_len;
	lp_golden_load();
	lp_fd_state_save();
	reply(LP_REPLY_READY, sys_getpid(), 0);
	for (;;) {
		struct lp_cmd c;
		if (read_cmd(&c) < 0 || c.kind == LP_CMD_QUIT)
			sys_exit_group(0);
		if (c.kind != LP_CMD_RUN)
			continue;
		lp_fd_state_restore();
		int32_t server = sys_getpid();
		pid_t pid = real_fork();
		if (pid == 0) {
			/* Dies with the server, which dies with the cli (cli/cleanup.c): no orphan
			 * execution spins on after a kill; a server already gone shows in getppid.
			 */
			if (lp_syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0, 0) != 0 ||
			    lp_syscall(SYS_getppid, 0, 0, 0, 0, 0, 0) != server)
				sys_exit_group(0);
			sys_close(lp_g.cmd_fd);
			sys_close(lp_g.reply_fd);
			become_execution();
			if (lp_g.shm->run_flags & LP_RUN_GOLDEN)
				lp_golden_run();
			return;
		}
		if (pid < 0) {
			reply(LP_REPLY_EXITED, -1, 0);
			continue;
		}
		reply(LP_REPLY_STARTED, pid, 0);
		int status = 0;
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		reply(LP_REPLY_EXITED, pid, status);
	}
}
