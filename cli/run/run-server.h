/* cli/run/run-server.h — running executions of the client: the shared area, the fork-server
 * protocol (protocol.h), the per-execution re-exec fallback, and the watchdog poll. */
#ifndef LINEUP_CLI_RUN_SERVER_H
#define LINEUP_CLI_RUN_SERVER_H

#include <stdbool.h>
#include <sys/types.h>

#include "lineup/protocol.h"
#include "scheduler/explore.h"

struct lp_slot;
struct lp_exec_result;

struct lp_server {
	struct lp_shm *shm; /* area 0; area k follows at k * LP_SHM_SIZE (lp_server_area) */
	unsigned slots; /* areas: area 0 and LP_LANES_PER_WORKER per worker (set before starting) */
	/* Called when an execution submitted with lp_server_submit ended: res (its log in the
	 * slot's area) is valid until that slot is submitted again, which the hook may do. */
	void (*on_done)(void *arg, unsigned slot, const struct lp_exec_result *res);
	void *done_arg;
	int shm_fd;
	int cmd_wr, reply_rd, log_rd;
	pid_t client_pid; /* the process we started (the fork server in server mode) */
	pid_t server_pid; /* keeps the client's mappings: symbolize sites with it; 0 if none */
	bool single;	  /* re-exec per execution (client multithreaded at the fork point) */
	const char *client_name;
	const char *client_path;
	char **client_argv;
	const char *plan_path, *preload_lib;
	const char *spec_from; /* --spec-from, absolute: the preload loads it in the server */
	unsigned watchdog;     /* seconds */
	bool spin_check;       /* after a second without a point, sample for a spin (watchdog.c) */
	uint32_t run_flags;    /* LP_RUN_*, written into each execution's input */
	/* Randomized choice for the next executions (protocol.h lp_shm.strategy; 0 = none). */
	uint32_t strategy, pct_n_changes;
	uint64_t seed, pct_changes[LP_MAX_PCT_CHANGES];
	bool verbose;
	bool keep_stdio; /* the client keeps our stdin, stdout and stderr (the preload's harness) */
	char *log_lines; /* lines the preload wrote to LINEUP_LOG_FD in the last execution */
	/* The records of the execution last run in slot 0 or taken from a worker (spec-run.h),
	 * valid until the next one */
	const void *last_log;
	size_t last_log_len;
	/* internal */
	unsigned rewound_files; /* client files every execution rewinds: no overlap then */
	struct lp_slot *slot;
	/* Slots 1.. each have a fork server of their own (LINEUP_WORKER_CMD_FDS): the write
	 * ends of their command pipes, and the read ends until the client is started. */
	int worker_cmd_wr[LP_MAX_SLOTS], worker_cmd_rd[LP_MAX_SLOTS];
	unsigned n_worker_cmd;
	struct lp_reply partial; /* a reply being read */
	size_t n_partial;
	uint64_t n_done_async;
	double last_watch; /* when the watchdogs were last polled */
};

struct lp_exec_result {
	int status;	  /* wait status */
	uint32_t outcome; /* enum lp_outcome */
	pid_t pid;	  /* the execution's process */
	const void *log;  /* records of the execution (whole log, from offset 0) */
	size_t log_len;
	/* from its shared area */
	uint64_t base_len; /* records before the fork point (0 when re-executed) */
	uint64_t steps;
	uint32_t targets_loaded, sites_patched[LP_SITE_COUNT], sites_unpatched, sites_stubbed;
	const char *log_lines; /* the preload's lines (sv->log_lines) */
	const char *fatal;     /* set when the watchdog killed it (a submitted execution) */
};

/* Creates the shared area, starts the client and waits for the fork point. Dies with one
 * line when the client exits first or cannot be started. */
void lp_server_start(struct lp_server *sv);

enum lp_server_started {
	LP_STARTED_SERVER, /* the fork server waits for schedules */
	LP_STARTED_SINGLE, /* threads already at the fork point: sv->single, a re-exec per execution
			    * (the preload's lines of that first run in sv->log_lines) */
	LP_STARTED_EXITED, /* the client exited before its fork point */
};
/* lp_server_start, but a client that exits before its fork point is said, not fatal: its
 * wait status in *status, its records in the shared area, the preload's lines in
 * sv->log_lines. */
enum lp_server_started lp_server_try_start(struct lp_server *sv, int *status);
/* Only the shared area: every execution re-executes the client (sv->single) from the
 * first, with no fork server. */
void lp_server_start_single(struct lp_server *sv);
/* Runs one schedule; dies on a watchdog expiry (uncontrolled blocking call). */
void lp_server_run(struct lp_server *sv, const struct lp_schedule *s, uint64_t max_steps,
		   struct lp_exec_result *res);
void lp_server_stop(struct lp_server *sv);

/* Parallel executions (--jobs). Each worker has a fork server of its own and
 * LP_LANES_PER_WORKER slots (areas), slot k on worker (k - 1) % workers; the worker runs
 * their executions one at a time, in the order submitted, so one is queued behind the one
 * running: its process is forked at once and starts as soon as the one ahead has recorded
 * its end (preload/worker-line.h), before that process has exited and the cli read it. */
#define LP_LANES_PER_WORKER 2
/* The slots executions can be submitted to: sv->slots - 1 (slots 1..), or 1 when there
 * are none, when every execution is a fresh process or rewinds files of the client (their
 * offsets are shared). lp_server_run uses slot 0; slots 1.. run executions submitted here,
 * whose ends reach sv->on_done from inside lp_server_run or lp_server_wait. */
unsigned lp_server_parallel(const struct lp_server *sv);
/* Executions that run at once in those slots (the workers), 1 when there are none. */
unsigned lp_server_workers(const struct lp_server *sv);
struct lp_shm *lp_server_area(const struct lp_server *sv, unsigned slot);
bool lp_server_busy(const struct lp_server *sv, unsigned slot);
/* run_flags: its own (sv->run_flags changes for the runs of slot 0: golden, directed) */
void lp_server_submit(struct lp_server *sv, unsigned slot, const struct lp_schedule *s,
		      uint64_t max_steps, uint32_t run_flags);
/* Kills the submitted executions still running and waits for their ends. */
void lp_server_cancel(struct lp_server *sv);
/* Waits until a submitted execution ends (one must be running). */
void lp_server_wait(struct lp_server *sv);

/* "SIGSEGV" for SIGSEGV, "SIG?" when unknown (a static buffer: use before the next call). */
const char *lp_signal_name(int sig);

#endif
