/* bench/checker-bench.c — checker throughput: writes a stream (the 34,650 serial histories
 * of a 3x4 queue test, then N concurrent histories with random linearization points),
 * runs lineup-checker on it (and a baseline checker, when given, on the same files) and
 * prints histories per second, serial part included, and peak memory.
 * usage: checker-bench CHECKER [N [SEED [BASELINE_CHECKER]]] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define T 3
#define OPS 4
#define Q "0x5555555592a0"

/* kind 0 = add(v), 1 = trytake */
static const int kind[T][OPS] = {{0, 0, 1, 1}, {0, 1, 1, 0}, {1, 0, 1, 0}};
static const int arg[T][OPS] = {{1, 2, 0, 0}, {3, 0, 0, 5}, {0, 4, 0, 6}};

struct queue {
	int v[16], head, n;
};

static void apply(struct queue *q, int t, int i, char *ret)
{
	if (kind[t][i] == 0) {
		q->v[(q->head + q->n++) % 16] = arg[t][i];
		strcpy(ret, "void");
	} else if (!q->n)
		strcpy(ret, "-1");
	else {
		sprintf(ret, "%d", q->v[q->head]);
		q->head = (q->head + 1) % 16;
		q->n--;
	}
}

static void call_text(int t, int i, char *buf)
{
	if (kind[t][i] == 0)
		sprintf(buf, "queue_add(" Q ", %d)", arg[t][i]);
	else
		strcpy(buf, "queue_trytake(" Q ")");
}

static unsigned nserial;
static void serial(FILE *f, int *done, struct queue *q, char lines[][96], int depth)
{
	if (depth == T * OPS) {
		fputs("history serial\n", f);
		for (int i = 0; i < depth; i++)
			fputs(lines[i], f);
		fputs("end\n", f);
		nserial++;
		return;
	}
	for (int t = 0; t < T; t++) {
		if (done[t] == OPS)
			continue;
		struct queue saved = *q;
		char ret[16], call[64];
		apply(q, t, done[t], ret);
		call_text(t, done[t], call);
		snprintf(lines[depth], 96, "0.%d call %s\n0.%d ret %s\n", t + 1, call, t + 1, ret);
		done[t]++;
		serial(f, done, q, lines, depth + 1);
		done[t]--;
		*q = saved;
	}
}

static uint64_t rng;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void concurrent(FILE *f, unsigned k)
{
	int phase[T] = {0}, idx[T] = {0};
	char ret[T][16], call[64];
	struct queue q = {0};
	fprintf(f, "history concurrent run=%u\n", k);
	for (;;) {
		int cand[T], nc = 0;
		for (int t = 0; t < T; t++)
			if (idx[t] < OPS)
				cand[nc++] = t;
		if (!nc)
			break;
		int t = cand[rnd((unsigned)nc)];
		if (phase[t] == 0) {
			call_text(t, idx[t], call);
			fprintf(f, "0.%d call %s\n", t + 1, call);
		} else if (phase[t] == 1)
			apply(&q, t, idx[t], ret[t]); /* linearization point */
		else {
			fprintf(f, "0.%d ret %s\n", t + 1, ret[t]);
			idx[t]++;
		}
		phase[t] = (phase[t] + 1) % 3;
	}
	fputs("end\n", f);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs checker < path; returns its CPU seconds (user + system), sets peak RSS (KiB) and exit
 * status. */
static double run(const char *checker, const char *path, long *maxrss, int *status)
{
	double t0 = now();
	pid_t pid = fork();
	if (pid == 0) {
		if (!freopen(path, "r", stdin) || !freopen("/dev/null", "w", stdout))
			_exit(127);
		execl(checker, checker, (char *)NULL);
		_exit(127);
	}
	struct rusage ru;
	if (pid < 0 || wait4(pid, status, 0, &ru) < 0) {
		perror("checker-bench: cannot run the checker");
		exit(2);
	}
	*maxrss = ru.ru_maxrss;
	(void)t0; /* CPU time, not wall time: the machine is shared, wall time is noise */
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

struct figures {
	double ts, tf;
	long rs, rf;
	int sts, stf;
};

static void measure(const char *checker, const char *sp, const char *fp, struct figures *r)
{
	r->ts = run(checker, sp, &r->rs, &r->sts);
	r->tf = run(checker, fp, &r->rf, &r->stf);
}

static void print(const char *label, const struct figures *r, unsigned n)
{
	double all = (nserial / 2 + n) / r->tf;
	printf("%-9s serial only: %7.3f s CPU %9.0f serial/s | serial+concurrent: %7.3f s CPU "
	       "%9.0f histories/s"
	       " (concurrent part %9.0f/s)  peak RSS %6ld KiB  exit %d\n",
	       label, r->ts, nserial / 2 / r->ts, r->tf, all,
	       n / (r->tf - r->ts > 0 ? r->tf - r->ts : r->tf), r->rf, WEXITSTATUS(r->stf));
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: checker-bench CHECKER [N [SEED [BASELINE_CHECKER]]]\n", stderr);
		return 2;
	}
	unsigned n = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 20000;
	uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
	const char *base = argc > 4 && argv[4][0] ? argv[4] : NULL;
	rng = seed * 2654435761u + 1;
	char sp[] = "/tmp/lp-bench-serial.XXXXXX", fp[] = "/tmp/lp-bench-full.XXXXXX";
	int sfd = mkstemp(sp), ffd = mkstemp(fp);
	if (sfd < 0 || ffd < 0) {
		perror("checker-bench: mkstemp");
		return 2;
	}
	FILE *s = fdopen(sfd, "w"), *f = fdopen(ffd, "w");
	int done[T] = {0};
	struct queue q = {0};
	char lines[T * OPS][96];
	serial(s, done, &q, lines, 0);
	fclose(s);
	serial(f, done, &q, lines, 0);
	for (unsigned k = 0; k < n; k++)
		concurrent(f, k);
	fclose(f);
	struct figures now_, old;
	measure(argv[1], sp, fp, &now_);
	if (base)
		measure(base, sp, fp, &old);
	if (getenv("LINEUP_BENCH_KEEP")) /* to profile the checker on the same stream */
		fprintf(stderr, "checker-bench: kept %s and %s\n", sp, fp);
	else {
		unlink(sp);
		unlink(fp);
	}
	printf("seed %llu: %u serial histories (%d threads x %d queue ops), then %u concurrent\n",
	       (unsigned long long)seed, nserial / 2, T, OPS, n);
	print("checker", &now_, n);
	if (base) {
		print("baseline", &old, n);
		printf("ratio (serial+concurrent histories/s): %.2fx the baseline\n",
		       old.tf / now_.tf);
	}
	return WIFEXITED(now_.stf) && WEXITSTATUS(now_.stf) == 0 ? 0 : 1;
}
