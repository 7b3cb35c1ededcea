/* preload/forksrv.c — the fork server (protocol.h): at the client's first pthread_create,
 * while still single-threaded, fork one child per LP_CMD_RUN (several may run at once, each
 * in its own shared area); the child returns into that pthread_create as thread 0 under the
 * scheduler. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "preload.h"
#include "runtime.h"
#include "worker-line.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

static int count_tasks(void)
{
	int fd = (int)sys_open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char buf[4096];
	int n = 0;
	long got;
	while ((got = sys_getdents64(fd, buf, sizeof buf)) > 0) {
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

static void reply(int kind, int pid, int status, uint32_t slot)
{
	struct lp_reply r = {LP_MSG_MAGIC, (uint32_t)kind, pid, status, slot, 0};
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
		long r = sys_read(lp_g.cmd_fd, p, left);
		if (r == -EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r, left -= (size_t)r;
	}
	return c->magic == LP_MSG_MAGIC ? 0 : -1;
}

/* The execution's process: one CPU for all its threads (handoffs stay cheap), the one it
 * starts on (the kernel spreads the starts of parallel executions), then the scheduler. */
static void become_execution(void)
{
	long cpu = sys_getcpu();
	if (cpu >= 0) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		sys_sched_setaffinity(0, sizeof set, &set);
	}
	lp_rt_start();
}

/* A child running an execution, with a descriptor that polls readable once it is gone. */
struct child {
	int pid, pidfd;
	uint32_t slot, ticket;
};
static struct child children[LP_MAX_SLOTS];
static unsigned n_children;

/* A worker server's line (worker-line.h): the turn, in memory it shares with its children,
 * the next ticket, and the ended children the turn has not reached. */
static volatile uint32_t *line;
static uint32_t next_ticket;
static struct lp_worker_line ended;

static void reap_child(unsigned i)
{
	int status = 0;
	while (sys_waitpid(children[i].pid, &status, 0) == -EINTR)
		;
	if (line && ended.n_ended > LP_MAX_SLOTS) { /* the cli keeps fewer in a line */
		static const char msg[] = "a worker's line of executions overflowed\n";
		sys_write(lp_g.log_fd, msg, sizeof msg - 1);
		sys_exit_group(LP_PRELOAD_FATAL_STATUS);
	}
	if (line && lp_worker_line_ended(&ended, line, children[i].ticket))
		sys_futex_wake_shared(line, INT32_MAX);
	reply(LP_REPLY_EXITED, children[i].pid, status, children[i].slot);
	sys_close(children[i].pidfd);
	children[i] = children[--n_children];
}

/* Child side: waits in its worker's line (no-op for the main server's children). */
static void wait_turn(void)
{
	if (!lp_g.turn)
		return;
	uint32_t turn;
	while (lp_ticket_before(turn = __atomic_load_n(lp_g.turn, __ATOMIC_ACQUIRE), lp_g.ticket))
		sys_futex_wait_shared(lp_g.turn, turn);
}

void lp_forksrv_pass_turn(void)
{
	volatile uint32_t *turn = lp_g.turn;
	if (!turn)
		return;
	lp_g.turn = NULL;
	__atomic_store_n(turn, lp_g.ticket + 1, __ATOMIC_RELEASE);
	sys_futex_wake_shared(turn, INT32_MAX);
}

/* Child side of LP_CMD_RUN: the slot's shared area replaces area 0 at the same address, so
 * every pointer into it stays valid. */
static void child_start(uint32_t slot, int32_t server)
{
	/* Dies with the server, which dies with the cli (cli/cleanup.c): no orphan execution
	 * spins on after a kill; a server already gone shows in getppid. */
	if (sys_prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || sys_getppid() != server)
		sys_exit_group(0);
	sys_close(lp_g.cmd_fd);
	sys_close(lp_g.reply_fd);
	for (unsigned i = 0; i < n_children; i++)
		sys_close(children[i].pidfd);
	n_children = 0;
	if (slot) {
		void *m = sys_mmap(lp_g.shm, LP_SHM_SIZE, PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_FIXED, lp_g.shm_fd, (long)(slot * LP_SHM_SIZE));
		if (m != lp_g.shm) { /* area 0 is another execution's: a line only */
			static const char msg[] = "cannot map the shared area of this execution\n";
			sys_write(lp_g.log_fd, msg, sizeof msg - 1);
			sys_exit_group(LP_PRELOAD_FATAL_STATUS);
		}
	}
	wait_turn();
	become_execution();
	if (lp_g.shm->run_flags & LP_RUN_GOLDEN)
		lp_golden_run();
}

/* Forks the child of a RUN command for slot; returns 1 in the child, 0 in the server. */
static int launch(uint32_t slot)
{
	if (n_children == 0) /* the cli overlaps executions only when nothing is saved */
		lp_fd_state_restore();
	int32_t server = sys_getpid();
	uint32_t ticket = next_ticket;
	pid_t pid = real_fork();
	if (pid == 0) {
		lp_g.turn = line;
		lp_g.ticket = ticket;
		child_start(slot, server);
		return 1;
	}
	if (pid < 0) {
		reply(LP_REPLY_EXITED, -1, 0, slot);
		return 0;
	}
	next_ticket++;
	reply(LP_REPLY_STARTED, pid, 0, slot);
	long fd = sys_pidfd_open(pid);
	if (fd < 0) { /* no pidfd (old kernel): this child runs alone */
		int status = 0;
		while (sys_waitpid(pid, &status, 0) == -EINTR)
			;
		reply(LP_REPLY_EXITED, pid, status, slot);
		return 0;
	}
	children[n_children++] = (struct child){pid, (int)fd, slot, ticket};
	return 0;
}

/* Returns in the child of an LP_CMD_RUN (as thread 0 of an execution); the server itself
 * never returns. Children of several commands may be alive at once (running in the main
 * server, one running and the others waiting in a worker's line): it polls the command
 * pipe and a pidfd per child, and replies EXITED as each one ends. */
static void serve(void)
{
	for (;;) {
		struct pollfd p[1 + LP_MAX_SLOTS];
		p[0] = (struct pollfd){.fd = lp_g.cmd_fd, .events = POLLIN};
		for (unsigned i = 0; i < n_children; i++)
			p[1 + i] = (struct pollfd){.fd = children[i].pidfd, .events = POLLIN};
		long n = sys_poll(p, 1 + n_children, -1);
		if (n == -EINTR)
			continue;
		if (n < 0)
			sys_exit_group(0);
		for (unsigned i = n_children; i-- > 0;)
			if (p[1 + i].revents)
				reap_child(i);
		if (!p[0].revents)
			continue;
		struct lp_cmd c;
		if (read_cmd(&c) < 0 || c.kind == LP_CMD_QUIT)
			sys_exit_group(0);
		if (c.kind != LP_CMD_RUN)
			continue;
		if (c.slot >= lp_g.slots || n_children >= LP_MAX_SLOTS) {
			reply(LP_REPLY_EXITED, -1, 0, c.slot);
			continue;
		}
		if (launch(c.slot))
			return;
	}
}

/* One more server per worker (LINEUP_WORKER_CMD_FDS): forks from one process slow each
 * other (its address space is locked while each child's is copied), forks from separate
 * ones much less. A worker server is a copy of this one made here, before any execution,
 * with a bare fork syscall: glibc's fork would run the client's pthread_atfork handlers,
 * and executions must start from the same state whichever server forks them. It dies with
 * this server. Returns 1 in an execution a worker server forked, 0 in this server. */
static int start_worker_servers(void)
{
	int32_t main_server = sys_getpid();
	for (unsigned i = 0; i < lp_g.n_workers; i++) {
		long pid = sys_fork();
		if (pid < 0) {
			static const char msg[] = "cannot fork a worker's fork server: try -j 1\n";
			sys_write(lp_g.log_fd, msg, sizeof msg - 1);
			sys_exit_group(LP_PRELOAD_FATAL_STATUS);
		}
		if (pid == 0) {
			if (sys_prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 ||
			    sys_getppid() != main_server)
				sys_exit_group(0);
			sys_close(lp_g.cmd_fd);
			for (unsigned k = 0; k < lp_g.n_workers; k++)
				if (k != i)
					sys_close(lp_g.worker_cmd_fd[k]);
			lp_g.cmd_fd = lp_g.worker_cmd_fd[i];
			lp_g.n_workers = 0;
			void *m = sys_mmap(NULL, 4096, PROT_READ | PROT_WRITE,
					   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
			if (m == MAP_FAILED) {
				static const char msg[] =
				    "cannot map the memory a worker's fork server "
				    "shares with its executions\n";
				sys_write(lp_g.log_fd, msg, sizeof msg - 1);
				sys_exit_group(LP_PRELOAD_FATAL_STATUS);
			}
			line = (volatile uint32_t *)m;
			serve();
			return 1;
		}
	}
	for (unsigned k = 0; k < lp_g.n_workers; k++)
		sys_close(lp_g.worker_cmd_fd[k]);
	lp_g.n_workers = 0;
	return 0;
}

void lp_forksrv_start(uintptr_t site)
{
	if (lp_g.single) {
		if (count_tasks() > 1)
			lp_log_text(
			    LP_REC_WARN, LP_TID_MAIN, site,
			    "the process was already multithreaded at its first pthread_create: "
			    "the threads started before it are not controlled");
		lp_g.shm->base_len = lp_g.shm->log_len;
		become_execution();
		return;
	}
	if (count_tasks() != 1) {
		reply(LP_REPLY_MULTITHREADED, sys_getpid(), 0, 0);
		sys_exit_group(0);
	}
	lp_g.shm->base_len = lp_g.shm->log_len;
	lp_rt_find_tid_word();
	lp_rt_prepare_process();
	lp_golden_load();
	lp_fd_state_save();
	if (start_worker_servers())
		return;
	reply(LP_REPLY_READY, sys_getpid(), (int)lp_fd_state_count(), 0);
	serve();
}
