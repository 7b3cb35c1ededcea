/* tests/preload/harness.c — plays the cli for the preload's own tests: starts the client
 * under the preload through the cli's run-server (cli/run/run-server.h), runs one schedule
 * and prints the records as text (one line each).
 *
 *   harness -L PRELOAD -P PLAN [-p s|S|c] [-o 4@0.2,9@0.1] [-m MAX] [-n RUNS] [-S] [-q]
 *           [-B BARE] -- CLIENT [ARGS...]
 * -S re-executes the client per run with LINEUP_MODE=single; -q prints only the run
 * lines; -B N also times N bare fork+_exit+waitpid in this process. */

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/run/cleanup.h"
#include "cli/run/run-server.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"
#include "lineup/protocol.h"

static struct lp_shm *shm;
static char names[LP_MAX_FUNCS][64];
static char kinds[LP_MAX_FUNCS][LP_MAX_ARGS + 1]; /* [0] = return kind */
static int quiet;

static int kind_of(const char *t)
{
	static const char *const tok[] = LP_KIND_TOKENS;
	for (int k = 0; k < LP_K_COUNT; k++)
		if (!strcmp(tok[k], t))
			return k;
	return -1;
}

static void read_plan(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int n = 0;
	if (!f)
		lp_die(LP_EXIT_USAGE, "cannot open '%s': %s", path, strerror(errno));
	while (fgets(line, sizeof line, f)) {
		char name[64], ret[8], args[512];
		unsigned t;
		unsigned long long off;
		if (sscanf(line, "func %u %63s %llx %7s %511s", &t, name, &off, ret, args) != 5)
			continue;
		strcpy(names[n], name);
		kinds[n][0] = (char)kind_of(ret);
		int a = 1;
		for (char *tok = strtok(args, ","); tok && a <= LP_MAX_ARGS;
		     tok = strtok(NULL, ","))
			if (strcmp(tok, "-") && strcmp(tok, "..."))
				kinds[n][a++] = (char)kind_of(tok);
		n++;
	}
	fclose(f);
}

static const char *tid(lp_tid_t t)
{
	static char buf[4][LP_TID_STRLEN];
	static int i;
	i = (i + 1) % 4;
	return t == LP_TID_NONE ? "-" : lp_tid_format(t, buf[i]);
}

static const char *point_name(uint32_t p)
{
	static const char *const n[] = {"?",	       "op_start", "op_end", "thread_start",
					"thread_exit", "sync",	   "block",  "yield",
					"atomic",      "memory",   "exit"};
	return p <= LP_PT_EXIT ? n[p] : "?";
}

static const char *outcome_name(uint32_t o)
{
	static const char *const n[] = {"running",  "complete", "deadlock", "livelock",
					"diverged", "limit",	"fatal"};
	return o <= LP_OUT_FATAL ? n[o] : "?";
}

static const char *print_str(const char *p)
{
	const struct lp_str *s = (const void *)p;
	if (s->len == LP_STR_NULL)
		printf("NULL");
	else
		printf("\"%.*s\"%s", (int)s->len, (const char *)(s + 1), s->truncated ? "..." : "");
	return p + (s->len == LP_STR_NULL ? sizeof *s : LP_REC_ALIGN(sizeof *s + s->len));
}

static const char *print_value(int kind, uint64_t v, const char *payload)
{
	double d;
	float f;
	switch (kind) {
	case LP_K_I1:
		printf("%d", (int8_t)v);
		break;
	case LP_K_I2:
		printf("%d", (int16_t)v);
		break;
	case LP_K_I4:
		printf("%d", (int32_t)v);
		break;
	case LP_K_I8:
		printf("%" PRId64, (int64_t)v);
		break;
	case LP_K_U1:
		printf("%u", (uint8_t)v);
		break;
	case LP_K_U2:
		printf("%u", (uint16_t)v);
		break;
	case LP_K_U4:
		printf("%u", (uint32_t)v);
		break;
	case LP_K_U8:
		printf("%" PRIu64, v);
		break;
	case LP_K_BOOL:
		printf("%s", (uint8_t)v ? "true" : "false");
		break;
	case LP_K_VOID:
		printf("void");
		break;
	case LP_K_STR:
		return print_str(payload);
	case LP_K_F4:
		memcpy(&f, &v, 4);
		printf("%g", f);
		break;
	case LP_K_F8:
		memcpy(&d, &v, 8);
		printf("%g", d);
		break;
	default:
		printf("0x%" PRIx64, v);
	}
	return payload;
}

static void print_log(uint64_t from, uint64_t to)
{
	const char *log = (const char *)shm + LP_SHM_LOG_OFFSET;
	for (uint64_t off = from; off < to;) {
		const struct lp_rec *h = (const void *)(log + off);
		if (h->size < sizeof *h || off + h->size > to) {
			printf("bad record at %" PRIu64 "\n", off);
			return;
		}
		switch (h->type) {
		case LP_REC_CALL: {
			const struct lp_rec_call *c = (const void *)h;
			const uint64_t *a = (const void *)(c + 1);
			const char *payload = (const char *)(a + c->nargs);
			printf("call %s %s(", tid(c->tid), names[c->func]);
			for (uint32_t i = 0; i < c->nargs; i++) {
				printf(i ? ", " : "");
				payload = print_value(kinds[c->func][i + 1], a[i], payload);
			}
			printf(")\n");
			break;
		}
		case LP_REC_RET: {
			const struct lp_rec_ret *r = (const void *)h;
			printf("ret %s %s = ", tid(r->tid), names[r->func]);
			print_value(kinds[r->func][0], r->value, (const char *)(r + 1));
			printf("\n");
			break;
		}
		case LP_REC_DECISION: {
			const struct lp_rec_decision *d = (const void *)h;
			const lp_tid_t *c = (const void *)(d + 1);
			printf("dec %" PRIu64 " %s %s -> %s [", d->step, point_name(d->point),
			       tid(d->running), tid(d->chosen));
			for (uint32_t i = 0; i < d->n_candidates; i++)
				printf("%s%s", i ? " " : "", tid(c[i]));
			printf("]%s%s", d->flags & LP_DEC_YIELD ? " yield" : "",
			       d->flags & LP_DEC_LOCK_WAIT ? " lock-wait" : "");
			/* the mutexes held there, by holder (protocol.h, struct lp_held) */
			const struct lp_held *hl = (const void *)(c + d->n_candidates);
			for (uint32_t i = 0; i < d->n_held; i++)
				printf("%s%s", i ? " " : " held ", tid(hl[i].holder));
			printf("\n");
			break;
		}
		case LP_REC_THREAD:
		case LP_REC_THREAD_END: {
			const struct lp_rec_thread *t = (const void *)h;
			printf("%s %s parent %s\n", h->type == LP_REC_THREAD ? "thread" : "end",
			       tid(t->tid), tid(t->parent));
			break;
		}
		case LP_REC_LOAD: {
			const struct lp_rec_load *l = (const void *)h;
			const char *p = (const char *)(l + 1), *base = strrchr(p, '/');
			printf("load target %d %.*s\n", l->target, (int)l->pathlen,
			       base ? base + 1 : p);
			break;
		}
		case LP_REC_WARN:
		case LP_REC_ERROR: {
			const struct lp_rec_text *t = (const void *)h;
			printf("%s %s %.*s\n", h->type == LP_REC_WARN ? "warn" : "error",
			       tid(t->tid), (int)t->len, (const char *)(t + 1));
			break;
		}
		default:
			printf("record type %u\n", h->type);
		}
		off += h->size;
	}
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Never a hang in the test suite: after 120 s the client's process groups go. */
static void on_alarm(int sig)
{
	(void)sig;
	static const char m[] = "harness: timed out after 120 s; killed the client\n";
	lp_cleanup_now();
	if (write(2, m, sizeof m - 1) < 0)
		_exit(3);
	_exit(3);
}

/* The preload's own lines (LINEUP_LOG_FD) go to our stderr, before what we print. */
static void put_log_lines(const struct lp_server *sv)
{
	if (sv->log_lines && *sv->log_lines)
		fprintf(stderr, "%s\n", sv->log_lines);
}

static void report(const struct lp_server *sv, const char *what, int run, int status)
{
	put_log_lines(sv);
	printf("%srun %d status %s %d outcome %s steps %" PRIu64 "\n", what, run,
	       WIFEXITED(status) ? "exit" : "signal",
	       WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
	       outcome_name(shm->outcome), shm->steps);
	static const char *const site_kinds[] = LP_SITE_TOKENS;
	printf("sites");
	for (int k = 0; k < LP_SITE_COUNT; k++)
		printf(" %s %u", site_kinds[k], shm->sites_patched[k]);
	printf(" unpatched %u stubs %u\n", shm->sites_unpatched, shm->sites_stubbed);
	if (!quiet)
		print_log(0, shm->log_len);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	const char *preload = NULL, *plan = NULL, *ovs = "", *phase = "c";
	int runs = 1, single = 0, bare = 0, opt;
	unsigned long long max_steps = 0;
	while ((opt = getopt(argc, argv, "L:P:p:o:m:n:SqB:")) != -1) {
		switch (opt) {
		case 'L':
			preload = optarg;
			break;
		case 'P':
			plan = optarg;
			break;
		case 'p':
			phase = optarg;
			break;
		case 'o':
			ovs = optarg;
			break;
		case 'm':
			max_steps = strtoull(optarg, NULL, 10);
			break;
		case 'n':
			runs = atoi(optarg);
			break;
		case 'S':
			single = 1;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'B':
			bare = atoi(optarg);
			break;
		default:
			return 2;
		}
	}
	if (!preload || !plan || optind >= argc) {
		fprintf(stderr, "usage: harness -L PRELOAD -P PLAN [-p s|S|c] [-o OVERRIDES] [-m "
				"MAX] [-n RUNS] [-S] [-q] [-B N] -- CLIENT [ARGS...]\n");
		return 2;
	}
	lp_progname = "harness";
	read_plan(plan);
	signal(SIGALRM, on_alarm);
	alarm(120);
	/* -p S: serial, branching at every switch point (LP_RUN_SERIAL_SWITCHES) */
	struct lp_buf text = {0};
	struct lp_schedule sched;
	char err[256];
	lp_buf_printf(&text, "%c:%s", phase[0] == 's' || phase[0] == 'S' ? 's' : 'c', ovs);
	if (lp_schedule_parse(text.s, &sched, err, sizeof err))
		lp_die(LP_EXIT_USAGE, "%s", err);
	lp_buf_free(&text);
	struct lp_server sv = {
	    .shm_fd = -1,
	    .cmd_wr = -1,
	    .reply_rd = -1,
	    .log_rd = -1,
	    .client_name = argv[optind],
	    .client_path = argv[optind],
	    .client_argv = argv + optind,
	    .plan_path = plan,
	    .preload_lib = preload,
	    .watchdog = 120, /* the alarm comes first */
	    .run_flags = phase[0] == 'S' ? LP_RUN_SERIAL_SWITCHES : LP_RUN_HELD,
	    .keep_stdio = true,
	};
	int status;
	if (single)
		lp_server_start_single(&sv);
	else
		switch (lp_server_try_start(&sv, &status)) {
		case LP_STARTED_EXITED:
			shm = sv.shm;
			report(&sv, "no fork point: ", 0, status);
			return 0;
		case LP_STARTED_SINGLE:
			put_log_lines(&sv);
			printf("multithreaded\n");
			return 0;
		case LP_STARTED_SERVER:
			break;
		}
	shm = sv.shm;
	double t0 = now();
	for (int i = 1; i <= runs; i++) {
		struct lp_exec_result res;
		lp_server_run(&sv, &sched, max_steps, &res);
		report(&sv, "", i, res.status);
	}
	double t1 = now();
	lp_server_stop(&sv);
	lp_schedule_clear(&sched);
	if (bare) {
		double b0 = now();
		for (int i = 0; i < bare; i++) {
			pid_t p = fork();
			if (p == 0)
				_exit(0);
			waitpid(p, NULL, 0);
		}
		double b1 = now();
		printf("timing: %.1f us per execution (%d runs), %.1f us per bare "
		       "fork+_exit+waitpid (%d), ratio %.2f\n",
		       (t1 - t0) / runs * 1e6, runs, (b1 - b0) / bare * 1e6, bare,
		       ((t1 - t0) / runs) / ((b1 - b0) / bare));
	}
	return 0;
}
