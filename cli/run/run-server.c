/* cli/run/run-server.c — starts the client under the preload and runs one execution per
 * schedule through its fork server (or by re-exec when the client is multithreaded at the
 * fork point). The LINEUP_* environment of the client and its preload is set here and
 * nowhere else (a campaign sets LINEUP_TEST_ORIGIN for its own checks, cli/campaign/). */
#include "run-server.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lineup/buf.h"
#include "cli/run/cleanup.h"
#include "cli/run/interrupt.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "slot-pick.h"
#include "spin-restart.h"
#include "watchdog.h"
#include "lineup/clock.h"

static void keep_on_exec(int fd)
{
	int fl = fcntl(fd, F_GETFD);
	if (fl >= 0)
		fcntl(fd, F_SETFD, fl & ~FD_CLOEXEC);
}

static void setenv_int(const char *name, int v)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%d", v);
	setenv(name, buf, 1);
}

/* Child side of a spawn: the only place the LINEUP_* variables are set. */
static void exec_client(struct lp_server *sv, int cmd_rd, int reply_wr, int log_wr, pid_t cli)
{
	/* Own process group (a Ctrl-C reaches the cli alone, which then kills the group), and
	 * killed with the cli whatever kills it: PR_SET_PDEATHSIG survives exec; a cli gone
	 * before the prctl is seen by getppid. */
	setpgid(0, 0);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != cli)
		_exit(127);
	const char *old = getenv("LD_PRELOAD");
	struct lp_buf pre = {0};
	lp_buf_puts(&pre, sv->preload_lib);
	if (old && *old)
		lp_buf_printf(&pre, ":%s", old);
	setenv("LD_PRELOAD", pre.s, 1);
	setenv(LP_ENV_PLAN, sv->plan_path, 1);
	if (sv->spec_from)
		setenv(LP_ENV_SPEC, sv->spec_from, 1);
	if (sv->spec_from && strncmp(sv->spec_from, "/proc/self/fd/", 14) == 0)
		keep_on_exec(atoi(sv->spec_from + 14)); /* the target's copy (main.c) */
	if (sv->run_flags & LP_RUN_TSO) {
		/* every GOT slot bound before the preload puts a drain stub in it */
		setenv(LP_ENV_TSO, "1", 1);
		if (getenv("LD_BIND_NOW")) {
			unsetenv(LP_ENV_OWN_BIND_NOW);
		} else {
			setenv("LD_BIND_NOW", "1", 1);
			setenv(LP_ENV_OWN_BIND_NOW, "1", 1);
		}
	} else {
		unsetenv(LP_ENV_TSO);
		unsetenv(LP_ENV_OWN_BIND_NOW);
	}
	setenv_int(LP_ENV_SHM_FD, sv->shm_fd);
	setenv_int(LP_ENV_SHM_SLOTS, (int)sv->slots);
	setenv_int(LP_ENV_LOG_FD, log_wr);
	keep_on_exec(sv->shm_fd);
	if (strncmp(sv->plan_path, "/proc/self/fd/", 14) == 0)
		keep_on_exec(atoi(sv->plan_path + 14)); /* the memfd plan (main.c) */
	keep_on_exec(log_wr);
	if (sv->single) {
		setenv(LP_ENV_MODE, "single", 1);
		unsetenv(LP_ENV_CMD_FD);
		unsetenv(LP_ENV_REPLY_FD);
	} else {
		setenv(LP_ENV_MODE, "server", 1);
		setenv_int(LP_ENV_CMD_FD, cmd_rd);
		setenv_int(LP_ENV_REPLY_FD, reply_wr);
		keep_on_exec(cmd_rd);
		keep_on_exec(reply_wr);
		struct lp_buf fds = {0};
		for (unsigned k = 0; k < sv->n_worker_cmd; k++) {
			lp_buf_printf(&fds, "%s%d", k ? "," : "", sv->worker_cmd_rd[k]);
			keep_on_exec(sv->worker_cmd_rd[k]);
		}
		if (sv->n_worker_cmd)
			setenv(LP_ENV_WORKER_CMD_FDS, fds.s, 1);
		else
			unsetenv(LP_ENV_WORKER_CMD_FDS);
	}
	/* Same addresses in every execution: histories show pointers. */
	personality(ADDR_NO_RANDOMIZE);
	int null = sv->keep_stdio ? -1 : open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1); /* our stdout carries the report */
		if (!sv->verbose)
			dup2(null, 2);
	}
	execv(sv->client_path, sv->client_argv);
	dprintf(log_wr, "cannot execute '%s': %s\n", sv->client_path, strerror(errno));
	_exit(127);
}

static pid_t spawn(struct lp_server *sv, int cmd_rd, int reply_wr, int log_wr)
{
	fflush(NULL);
	pid_t cli = getpid();
	pid_t pid = fork();
	if (pid < 0)
		lp_die(LP_EXIT_USAGE, "cannot fork: %s", strerror(errno));
	if (pid == 0)
		exec_client(sv, cmd_rd, reply_wr, log_wr, cli);
	setpgid(pid, pid); /* also here: no window where the group does not exist yet */
	lp_cleanup_watch_group(pid);
	lp_cleanup_reap_orphans(); /* of the client before, whose group ended */
	return pid;
}

/* waitpid, and once the client's process is reaped, its group's leftovers (children the
 * client forked) die with it. */
static pid_t reap(pid_t pid, int *status, int flags)
{
	pid_t w;
	while ((w = waitpid(pid, status, flags)) < 0 && errno == EINTR)
		;
	if (w == pid)
		lp_cleanup_group_ended(pid);
	return w;
}

static void drain_log(struct lp_server *sv)
{
	struct lp_buf b = {0};
	char buf[4096];
	ssize_t n;
	while ((n = read(sv->log_rd, buf, sizeof buf)) > 0)
		lp_buf_add(&b, buf, (size_t)n);
	free(sv->log_lines);
	sv->log_lines = lp_buf_take(&b);
	size_t l = strlen(sv->log_lines);
	while (l && sv->log_lines[l - 1] == '\n')
		sv->log_lines[--l] = 0;
}

/* Scheduling points one execution may take in all before the cli gives up on it: generous
 * (operations are bounded by --max-steps; this catches client code that loops forever
 * outside them, which no per-operation bound sees). */
static uint64_t exec_step_limit(const struct lp_server *sv)
{
	uint64_t per_op = sv->shm->max_steps ? sv->shm->max_steps : 10000;
	return per_op * 100 > 2000000 ? per_op * 100 : 2000000;
}

/* One shared area: one execution at a time runs in it. */
struct lp_slot {
	bool busy;    /* submitted, not yet collected */
	bool started; /* its STARTED reply came (pid is known) */
	bool done;    /* its EXITED reply came (status) */
	bool killed;  /* by the watchdog */
	pid_t pid;
	int status;
	uint64_t last_steps;
	double last_move, spin_checked; /* watchdog: last progress, last spin sample */
	char *fatal;			/* why the watchdog killed it (slots > 0) */
};

struct lp_shm *lp_server_area(const struct lp_server *sv, unsigned slot)
{
	return (struct lp_shm *)((char *)sv->shm + (size_t)slot * LP_SHM_SIZE);
}

/* Whether another execution of slot k's worker runs: its server forks the next one at once,
 * which waits (not started yet, baton_ktid 0) until that one has ended. */
static bool ahead_in_line(const struct lp_server *sv, unsigned k)
{
	unsigned workers = sv->n_worker_cmd;
	if (k == 0 || !workers)
		return false;
	for (unsigned j = 1; j < sv->slots; j++)
		if (j != k && lp_slot_worker(j, workers) == lp_slot_worker(k, workers) &&
		    sv->slot[j].started && !sv->slot[j].done)
			return true;
	return false;
}

/* The watchdog, polled while the execution of a slot runs: when no scheduling point was
 * reached for --watchdog seconds (an uncontrolled blocking call), or the execution exceeds
 * its step limit (an endless loop), slot 0's ends the run at once; another slot's is
 * killed and its result says why (a speculative execution must not end the run before the
 * executions ahead of it: cli/run/spec-run.c). */
static void watch(struct lp_server *sv, unsigned k, pid_t sym_pid)
{
	struct lp_slot *sl = &sv->slot[k];
	struct lp_shm *m = lp_server_area(sv, k);
	uint64_t steps = m->steps;
	double t = lp_clock_now();
	if (!m->baton_ktid && ahead_in_line(sv, k)) {
		sl->last_move = t; /* forked, waiting for the one ahead of it to end */
		return;
	}
	bool endless = steps > exec_step_limit(sv);
	if (!endless && steps != sl->last_steps) {
		sl->last_steps = steps;
		sl->last_move = t;
		sl->spin_checked = 0;
		return;
	}
	bool spinning = false;
	if (!endless && t - sl->last_move < sv->watchdog) {
		if (!sv->spin_check || t - sl->last_move < LP_SPIN_CHECK_AFTER ||
		    t - sl->spin_checked < LP_SPIN_CHECK_AFTER)
			return;
		sl->spin_checked = t; /* once a second: sampling stops the thread briefly */
		spinning = lp_watchdog_spinning(sl->pid, m->baton_ktid);
		if (!spinning)
			return;
	}
	char *site, *note;
	if (spinning && lp_spin_restart_prepare(sl->pid, lp_watchdog_pc(m->baton_ktid),
						m->baton_tid, &site, &note)) {
		kill(sl->pid, SIGKILL);
		if (sv->single)
			reap(sl->pid, NULL, 0);
		else
			lp_server_stop(sv);
		lp_cleanup_now();
		lp_cleanup_wait(1000);
		lp_spin_restart_exec(site, note);
		lp_die(LP_EXIT_USAGE, "cannot restart lineup-preload after: %s", note);
	}
	char *msg;
	if (endless) {
		struct lp_buf b = {0};
		lp_buf_printf(
		    &b,
		    "an execution took more than %llu scheduling points without ending: a thread "
		    "of the client loops forever outside the library's operations (fix the client)",
		    (unsigned long long)exec_step_limit(sv));
		msg = lp_buf_take(&b);
	} else {
		msg = lp_watchdog_explain(
		    sl->pid, m->baton_ktid, m->baton_tid,
		    spinning ? (unsigned)(t - sl->last_move + 0.5) : sv->watchdog, sym_pid);
	}
	kill(sl->pid, SIGKILL);
	if (k > 0) {
		free(sl->fatal);
		sl->fatal = msg;
		sl->killed = true; /* its EXITED reply ends it */
		return;
	}
	if (sv->single)
		reap(sl->pid, NULL, 0);
	else
		lp_server_stop(sv);
	lp_die(LP_EXIT_USAGE, "%s", msg);
}

/* Reads one reply (the server's first, before any execution); returns 0, -1 on EOF (the
 * server exited) or -2 after `timeout` seconds without one. */
static int read_reply(struct lp_server *sv, struct lp_reply *r, double timeout)
{
	double start = lp_clock_now();
	size_t got = 0;
	while (got < sizeof *r) {
		lp_interrupt_poll();
		struct pollfd p = {.fd = sv->reply_rd, .events = POLLIN};
		int n = poll(&p, 1, 100);
		if (n < 0 && errno != EINTR)
			lp_die(LP_EXIT_USAGE, "poll: %s", strerror(errno));
		if (n > 0) {
			ssize_t k = read(sv->reply_rd, (char *)r + got, sizeof *r - got);
			if (k == 0)
				return -1;
			if (k < 0 && errno != EINTR && errno != EAGAIN)
				lp_die(LP_EXIT_USAGE, "reading from the client's fork server: %s",
				       strerror(errno));
			if (k > 0)
				got += (size_t)k;
			continue;
		}
		if (timeout > 0 && lp_clock_now() - start >= timeout)
			return -2;
	}
	if (r->magic != LP_MSG_MAGIC)
		lp_die(LP_EXIT_USAGE,
		       "bad message from the client's fork server (magic %#x): is '%s' built from "
		       "the same lineup-preload version?",
		       r->magic, sv->preload_lib);
	return 0;
}

const char *lp_signal_name(int sig)
{
	const char *s = sigabbrev_np(sig);
	static char buf[32];
	snprintf(buf, sizeof buf, "SIG%s", s ? s : "?");
	return buf;
}

static void die_early_exit(struct lp_server *sv, int status)
{
	if (sv->log_lines && *sv->log_lines)
		lp_die(LP_EXIT_USAGE, "%s", sv->log_lines);
	if (WIFSIGNALED(status))
		lp_die(LP_EXIT_USAGE,
		       "client '%s' was killed by %s before creating a thread: fix the client (run "
		       "it alone first)",
		       sv->client_name, lp_signal_name(WTERMSIG(status)));
	lp_die(LP_EXIT_USAGE,
	       "client '%s' exited before creating a thread: lineup-preload needs a client whose "
	       "threads call the library",
	       sv->client_name);
}

static void open_pipes(struct lp_server *sv, int *cmd_rd, int *reply_wr, int *log_wr)
{
	int c[2], r[2], l[2];
	if (pipe2(c, O_CLOEXEC) || pipe2(r, O_CLOEXEC) || pipe2(l, O_CLOEXEC))
		lp_die(LP_EXIT_USAGE, "cannot create pipes: %s", strerror(errno));
	sv->cmd_wr = c[1], *cmd_rd = c[0];
	sv->reply_rd = r[0], *reply_wr = r[1];
	sv->log_rd = l[0], *log_wr = l[1];
	fcntl(sv->log_rd, F_SETFL, O_NONBLOCK);
	sv->n_worker_cmd = 0;
	for (unsigned k = 0; k < (sv->slots - 1) / LP_LANES_PER_WORKER; k++) {
		if (pipe2(c, O_CLOEXEC))
			lp_die(LP_EXIT_USAGE, "cannot create pipes: %s", strerror(errno));
		sv->worker_cmd_rd[sv->n_worker_cmd] = c[0];
		sv->worker_cmd_wr[sv->n_worker_cmd++] = c[1];
	}
}

/* The write end of the command pipe of the server that runs slot k. */
static int cmd_fd_of(const struct lp_server *sv, unsigned slot)
{
	return slot == 0 || !sv->n_worker_cmd
		   ? sv->cmd_wr
		   : sv->worker_cmd_wr[lp_slot_worker(slot, sv->n_worker_cmd)];
}

static void close_worker_cmds(struct lp_server *sv, bool write_ends)
{
	for (unsigned k = 0; k < sv->n_worker_cmd; k++) {
		int *fd = write_ends ? &sv->worker_cmd_wr[k] : &sv->worker_cmd_rd[k];
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
	}
}

static void create_shm(struct lp_server *sv)
{
	signal(SIGPIPE, SIG_IGN);
	if (sv->slots < 1)
		sv->slots = 1;
	if (sv->slots > LP_MAX_SLOTS)
		sv->slots = LP_MAX_SLOTS;
	size_t size = sv->slots * LP_SHM_SIZE;
	sv->shm_fd = memfd_create("lineup-shm", MFD_CLOEXEC);
	if (sv->shm_fd < 0 || ftruncate(sv->shm_fd, (off_t)size))
		lp_die(LP_EXIT_USAGE, "cannot create the shared area (memfd of %zu MiB): %s",
		       size >> 20, strerror(errno));
	sv->shm = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, sv->shm_fd, 0);
	if (sv->shm == MAP_FAILED)
		lp_die(LP_EXIT_USAGE, "cannot map the shared area: %s", strerror(errno));
	sv->slot = calloc(sv->slots, sizeof *sv->slot);
	if (!sv->slot)
		lp_die(LP_EXIT_USAGE, "out of memory");
	sv->shm->magic = LP_SHM_MAGIC;
	sv->shm->version = LP_PROTOCOL_VERSION;
	sv->shm->phase = LP_PHASE_SERIAL;
	/* Nobody reads what the client writes at its exit (spawn): its executions end at their
	 * outcome (measured: a tenth of a GAsyncQueue test's time went to glibc's exit). */
	if (!sv->keep_stdio && !sv->verbose)
		sv->run_flags |= LP_RUN_QUICK_EXIT;
}

void lp_server_start_single(struct lp_server *sv)
{
	create_shm(sv);
	sv->cmd_wr = sv->reply_rd = sv->log_rd = -1;
	sv->single = true;
}

enum lp_server_started lp_server_try_start(struct lp_server *sv, int *status)
{
	create_shm(sv);
	int cmd_rd, reply_wr, log_wr;
	open_pipes(sv, &cmd_rd, &reply_wr, &log_wr);
	sv->client_pid = spawn(sv, cmd_rd, reply_wr, log_wr);
	close(cmd_rd);
	close(reply_wr);
	close(log_wr);
	close_worker_cmds(sv, false);

	struct lp_reply r;
	int rc = read_reply(sv, &r, 3.0 * sv->watchdog + 10);
	if (rc == -2) {
		kill(sv->client_pid, SIGKILL);
		reap(sv->client_pid, NULL, 0);
		lp_die(LP_EXIT_USAGE,
		       "client '%s' created no thread within %u s: does it wait for input or a "
		       "signal? lineup-preload starts it with stdin from /dev/null",
		       sv->client_name, 3 * sv->watchdog + 10);
	}
	if (rc == -1) {
		*status = 0;
		reap(sv->client_pid, status, 0);
		sv->client_pid = 0;
		drain_log(sv);
		return LP_STARTED_EXITED;
	}
	if (r.kind == LP_REPLY_READY) {
		sv->server_pid = r.pid;
		sv->rewound_files = (unsigned)r.status;
		/* Every area starts as area 0 is at the fork point. */
		for (unsigned k = 1; k < sv->slots; k++)
			memcpy(lp_server_area(sv, k), sv->shm,
			       LP_SHM_LOG_OFFSET + sv->shm->base_len);
		return LP_STARTED_SERVER;
	}
	if (r.kind != LP_REPLY_MULTITHREADED)
		lp_die(LP_EXIT_USAGE, "unexpected message %u from the client's fork server",
		       r.kind);
	/* Threads already exist at the first pthread_create we see (e.g. created by a library
	 * constructor): fork cannot copy them, so every execution is a fresh process. */
	reap(sv->client_pid, NULL, 0);
	sv->client_pid = 0;
	close(sv->cmd_wr);
	close(sv->reply_rd);
	close_worker_cmds(sv, true);
	sv->n_worker_cmd = 0;
	sv->cmd_wr = sv->reply_rd = -1;
	sv->single = true;
	drain_log(sv);
	return LP_STARTED_SINGLE;
}

void lp_server_start(struct lp_server *sv)
{
	int status;
	if (lp_server_try_start(sv, &status) == LP_STARTED_EXITED)
		die_early_exit(sv, status);
}

static void write_input(struct lp_server *sv, unsigned slot, const struct lp_schedule *s,
			uint64_t max_steps, uint32_t run_flags)
{
	struct lp_shm *m = lp_server_area(sv, slot);
	m->phase = s->phase;
	m->max_steps = max_steps;
	m->run_flags = run_flags;
	m->strategy = s->phase == LP_PHASE_CONCURRENT ? sv->strategy : LP_STRAT_DEFAULT;
	m->seed = sv->seed;
	m->pct_n_changes = sv->pct_n_changes;
	memcpy(m->pct_changes, sv->pct_changes, sizeof m->pct_changes);
	BUG_ON(s->n > LP_MAX_OVERRIDES);
	if (s->n)
		memcpy(m->overrides, s->ov, s->n * sizeof *s->ov);
	m->n_overrides = (uint32_t)s->n;
	if (sv->single)
		m->base_len = 0;
	m->log_len = m->base_len;
	m->steps = 0;
	m->outcome = LP_OUT_RUNNING;
	m->baton_tid = LP_TID_NONE;
	m->baton_ktid = 0;
}

static void fill_result(struct lp_server *sv, unsigned slot, struct lp_exec_result *res)
{
	drain_log(sv);
	struct lp_slot *sl = &sv->slot[slot];
	const struct lp_shm *m = lp_server_area(sv, slot);
	memset(res, 0, sizeof *res);
	res->pid = sl->pid;
	res->status = sl->status;
	res->outcome = m->outcome;
	res->log = (const char *)m + LP_SHM_LOG_OFFSET;
	res->log_len = m->log_len;
	res->base_len = sv->single ? 0 : m->base_len;
	res->steps = m->steps;
	res->targets_loaded = m->targets_loaded;
	memcpy(res->sites_patched, m->sites_patched, sizeof res->sites_patched);
	res->sites_unpatched = m->sites_unpatched;
	res->sites_stubbed = m->sites_stubbed;
	res->log_lines = sv->log_lines;
	res->fatal = sl->fatal;
	if (res->log_len > LP_SHM_LOG_SIZE)
		lp_die(LP_EXIT_USAGE,
		       "the execution log length %llu exceeds the shared area: is the preload of "
		       "another version?",
		       (unsigned long long)res->log_len);
}

static void run_single(struct lp_server *sv, struct lp_exec_result *res)
{
	int cmd_rd = -1, reply_wr = -1, log_wr, l[2];
	if (pipe2(l, O_CLOEXEC))
		lp_die(LP_EXIT_USAGE, "cannot create a pipe: %s", strerror(errno));
	close(sv->log_rd);
	sv->log_rd = l[0], log_wr = l[1];
	fcntl(sv->log_rd, F_SETFL, O_NONBLOCK);
	struct lp_slot *sl = &sv->slot[0];
	sl->pid = spawn(sv, cmd_rd, reply_wr, log_wr);
	close(log_wr);
	sl->last_steps = 0;
	sl->last_move = lp_clock_now();
	sl->spin_checked = 0;
	for (;;) {
		if (reap(sl->pid, &sl->status, WNOHANG) == sl->pid)
			break;
		struct timespec ts = {0, 2 * 1000 * 1000};
		nanosleep(&ts, NULL);
		lp_interrupt_poll();
		watch(sv, 0, 0);
	}
	fill_result(sv, 0, res);
}

static void send_run(struct lp_server *sv, unsigned slot)
{
	struct lp_cmd c = {LP_MSG_MAGIC, LP_CMD_RUN, slot, 0};
	if (write(cmd_fd_of(sv, slot), &c, sizeof c) != (ssize_t)sizeof c)
		lp_die(LP_EXIT_USAGE, "the client's fork server is gone: %s", strerror(errno));
	struct lp_slot *sl = &sv->slot[slot];
	free(sl->fatal);
	*sl = (struct lp_slot){.busy = true};
}

static void dead_server(struct lp_server *sv, const char *what)
{
	lp_die(LP_EXIT_USAGE, "the client's fork server in '%s' stopped answering (%s)",
	       sv->client_name, what);
}

/* One reply from the server, dispatched to its slot. */
static void take_reply(struct lp_server *sv, const struct lp_reply *r)
{
	if (r->magic != LP_MSG_MAGIC)
		lp_die(LP_EXIT_USAGE,
		       "bad message from the client's fork server (magic %#x): is '%s' built from "
		       "the same lineup-preload version?",
		       r->magic, sv->preload_lib);
	if (r->kind == LP_REPLY_STARTED || (r->kind == LP_REPLY_EXITED && r->pid < 0)) {
		unsigned k = r->slot;
		if (k >= sv->slots || !sv->slot[k].busy || sv->slot[k].started)
			dead_server(sv, "a reply to no command");
		if (r->pid < 0)
			lp_die(LP_EXIT_USAGE, "the client's fork server in '%s' cannot fork",
			       sv->client_name);
		struct lp_slot *sl = &sv->slot[k];
		sl->started = true;
		sl->pid = r->pid;
		sl->last_steps = 0;
		sl->last_move = lp_clock_now();
		return;
	}
	if (r->kind != LP_REPLY_EXITED)
		dead_server(sv, "an unexpected reply");
	unsigned k = r->slot;
	if (k >= sv->slots ||
	    !(sv->slot[k].started && !sv->slot[k].done && sv->slot[k].pid == r->pid))
		dead_server(sv, "the end of an execution it never started");
	struct lp_slot *sl = &sv->slot[k];
	sl->done = true;
	sl->status = r->status;
	if (k == 0)
		return;	  /* lp_server_run collects it */
	sl->busy = false; /* the hook may submit this slot again */
	sv->n_done_async++;
	if (sv->on_done) {
		struct lp_exec_result res;
		fill_result(sv, k, &res);
		sv->on_done(sv->done_arg, k, &res);
	}
}

/* Waits up to 100 ms for replies and dispatches them; polls the watchdog of every running
 * execution when none came, and at least every 100 ms while replies keep coming (other
 * slots' executions end all the time while one may hang). */
static void pump(struct lp_server *sv)
{
	struct pollfd p = {.fd = sv->reply_rd, .events = POLLIN};
	int n = poll(&p, 1, 100);
	if (n < 0 && errno != EINTR)
		lp_die(LP_EXIT_USAGE, "poll: %s", strerror(errno));
	double t = lp_clock_now();
	if (n > 0 && t - sv->last_watch >= 0.1)
		n = 0; /* watch first; the reply waits for the next call */
	if (n <= 0)
		sv->last_watch = t;
	if (n > 0) {
		char *buf = (char *)&sv->partial;
		ssize_t got =
		    read(sv->reply_rd, buf + sv->n_partial, sizeof sv->partial - sv->n_partial);
		if (got == 0)
			dead_server(sv, "it exited");
		if (got < 0 && errno != EINTR && errno != EAGAIN)
			lp_die(LP_EXIT_USAGE, "reading from the client's fork server: %s",
			       strerror(errno));
		if (got > 0 && (sv->n_partial += (size_t)got) == sizeof sv->partial) {
			sv->n_partial = 0;
			take_reply(sv, &sv->partial);
		}
		return;
	}
	for (unsigned k = 0; k < sv->slots; k++)
		if (sv->slot[k].started && !sv->slot[k].done && !sv->slot[k].killed)
			watch(sv, k, sv->server_pid);
}

void lp_server_run(struct lp_server *sv, const struct lp_schedule *s, uint64_t max_steps,
		   struct lp_exec_result *res)
{
	write_input(sv, 0, s, max_steps, sv->run_flags);
	if (sv->single) {
		run_single(sv, res);
		sv->last_log = res->log;
		sv->last_log_len = res->log_len;
		return;
	}
	send_run(sv, 0);
	while (!sv->slot[0].done) {
		lp_interrupt_poll(); /* the execution's result is not needed then */
		pump(sv);
	}
	fill_result(sv, 0, res);
	sv->slot[0].busy = false;
	sv->last_log = res->log;
	sv->last_log_len = res->log_len;
}

unsigned lp_server_parallel(const struct lp_server *sv)
{
	return sv->single || sv->rewound_files || !sv->slot || sv->slots < 2 ? 1 : sv->slots - 1;
}

unsigned lp_server_workers(const struct lp_server *sv)
{
	return lp_server_parallel(sv) > 1 ? sv->n_worker_cmd : 1;
}

bool lp_server_busy(const struct lp_server *sv, unsigned slot) { return sv->slot[slot].busy; }

void lp_server_submit(struct lp_server *sv, unsigned slot, const struct lp_schedule *s,
		      uint64_t max_steps, uint32_t run_flags)
{
	BUG_ON(slot == 0 || slot > lp_server_parallel(sv) || sv->slot[slot].busy);
	write_input(sv, slot, s, max_steps, run_flags);
	send_run(sv, slot);
}

void lp_server_cancel(struct lp_server *sv)
{
	if (!sv->slot)
		return;
	for (;;) {
		bool any = false;
		for (unsigned k = 1; k < sv->slots; k++) {
			struct lp_slot *sl = &sv->slot[k];
			if (!sl->busy)
				continue;
			any = true;
			if (sl->started && !sl->killed) {
				kill(sl->pid, SIGKILL);
				sl->killed = true;
			}
		}
		if (!any)
			return;
		pump(sv);
	}
}

void lp_server_wait(struct lp_server *sv)
{
	bool any = false;
	for (unsigned k = 1; k < sv->slots; k++)
		any |= sv->slot[k].busy;
	BUG_ON(!any);
	unsigned before = sv->n_done_async;
	while (sv->n_done_async == before) {
		lp_interrupt_poll();
		pump(sv);
	}
}

void lp_server_stop(struct lp_server *sv)
{
	if (sv->client_pid > 0) {
		struct lp_cmd c = {LP_MSG_MAGIC, LP_CMD_QUIT, 0, 0};
		if (write(sv->cmd_wr, &c, sizeof c) < 0) {
			/* already gone: reaped below */
		}
		close(sv->cmd_wr);
		sv->cmd_wr = -1;
		close_worker_cmds(sv, true); /* the worker servers leave at the end of input */
		/* The server should leave at once; do not let a stuck one hang us (nor wait
		 * at all after an interrupt: its queued executions are not needed). */
		for (int i = 0; i < 200 && !lp_interrupt_signal(); i++) {
			if (reap(sv->client_pid, NULL, WNOHANG) == sv->client_pid) {
				sv->client_pid = 0;
				break;
			}
			struct timespec ts = {0, 10 * 1000 * 1000};
			nanosleep(&ts, NULL);
		}
		if (sv->client_pid > 0) {
			kill(sv->client_pid, SIGKILL);
			reap(sv->client_pid, NULL, 0);
			sv->client_pid = 0;
		}
	}
}
