/* tests/cli/fake-preload.c — a stand-in for liblineup-preload.so that speaks the fork-server
 * protocol and writes a fixed log (one call and return of plan function 0 by thread 0), so
 * the cli's runner, log reader and --replay can be tested without the real preload. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lineup/protocol.h"

static void put(struct lp_shm *m, const void *rec, size_t size)
{
	memcpy((char *)m + LP_SHM_LOG_OFFSET + m->log_len, rec, size);
	m->log_len += size;
}

static void execution(struct lp_shm *m)
{
	struct lp_rec_call c = {{LP_REC_CALL, 0, sizeof c}, LP_TID_MAIN, 0, 0, 0};
	struct lp_rec_ret r = {{LP_REC_RET, 0, sizeof r}, LP_TID_MAIN, 0, 0, 42};
	put(m, &c, sizeof c);
	put(m, &r, sizeof r);
	m->steps = 1;
	m->targets_loaded = 1;
	m->outcome = getenv("FAKE_CRASH") ? LP_OUT_RUNNING : LP_OUT_COMPLETE;
	if (getenv("FAKE_CRASH"))
		abort();
	_exit(0);
}

__attribute__((constructor)) static void fake(void)
{
	const char *shm = getenv(LP_ENV_SHM_FD), *cmd = getenv(LP_ENV_CMD_FD),
		   *rep = getenv(LP_ENV_REPLY_FD);
	if (!shm || !cmd || !rep)
		_exit(99);
	struct lp_shm *m =
	    mmap(NULL, LP_SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, atoi(shm), 0);
	int cfd = atoi(cmd), rfd = atoi(rep);
	if (m == MAP_FAILED || m->magic != LP_SHM_MAGIC)
		_exit(98);
	m->base_len = 0;
	struct lp_reply r = {LP_MSG_MAGIC, LP_REPLY_READY, getpid(), 0};
	write(rfd, &r, sizeof r);
	struct lp_cmd c;
	while (read(cfd, &c, sizeof c) == sizeof c && c.kind == LP_CMD_RUN) {
		pid_t pid = fork();
		if (pid == 0) {
			struct lp_shm *a =
			    c.slot ? mmap(NULL, LP_SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
					  atoi(shm), (off_t)(c.slot * LP_SHM_SIZE))
				   : m;
			if (a == MAP_FAILED)
				_exit(97);
			execution(a);
		}
		r = (struct lp_reply){LP_MSG_MAGIC, LP_REPLY_STARTED, pid, 0};
		write(rfd, &r, sizeof r);
		int status;
		waitpid(pid, &status, 0);
		r = (struct lp_reply){LP_MSG_MAGIC, LP_REPLY_EXITED, pid, status};
		write(rfd, &r, sizeof r);
	}
	_exit(0);
}
