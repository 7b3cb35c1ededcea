/* tests/unit/test-checker-checker-random.c — property test: concurrent histories generated from
 * reference models (queue, stack, register, counter) with random linearization points
 * pass against all serial histories of the same test; with one result mutated the
 * verdict equals a brute-force permutation checker. Seed: LP_TEST_SEED or the time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test-checker-util.h"

#include <time.h>

#define MAXOPS 8
#define MAXT 3

struct op {
	int thread, kind, arg;
	char call[32], ret[16];
	int call_ev, ret_ev;
};

struct test {
	int model, nthreads, nops[MAXT];
	struct op ops[MAXT][3];
};

static uint64_t rng;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

/* call text prefixes; kind 0 of the first three models takes the argument */
static const char *const names[4][2] = {
    {"add(q, ", "trytake(q"}, {"push(s, ", "pop(s"}, {"write(r, ", "read(r"}, {"inc(c", "get(c"}};

struct state {
	int v[MAXOPS + 1], n;
};

/* Executes op on the model; writes the result text. */
static void apply(int model, struct state *s, const struct op *o, char *ret)
{
	switch (model * 2 + o->kind) {
	case 0:
	case 2:
		s->v[s->n++] = o->arg;
		strcpy(ret, "void");
		break;
	case 1: /* queue take */
		if (!s->n) {
			strcpy(ret, "-1");
			break;
		}
		sprintf(ret, "%d", s->v[0]);
		memmove(s->v, s->v + 1, (size_t)--s->n * sizeof(int));
		break;
	case 3: /* stack pop */
		if (!s->n)
			strcpy(ret, "-1");
		else
			sprintf(ret, "%d", s->v[--s->n]);
		break;
	case 4:
		s->v[0] = o->arg;
		strcpy(ret, "void");
		break;
	case 5:
		sprintf(ret, "%d", s->v[0]);
		break;
	case 6:
		sprintf(ret, "%d", s->v[0]++);
		break;
	case 7:
		sprintf(ret, "%d", s->v[0]);
		break;
	}
}

static void gen_test(struct test *t)
{
	memset(t, 0, sizeof(*t));
	t->model = (int)rnd(4);
	t->nthreads = 2 + (int)rnd(2);
	int total = 0;
	for (int i = 0; i < t->nthreads; i++) {
		t->nops[i] = 1 + (int)rnd(total + 3 > MAXOPS - 1 ? 1 : 3);
		total += t->nops[i];
		for (int j = 0; j < t->nops[i]; j++) {
			struct op *o = &t->ops[i][j];
			o->thread = i;
			o->kind = (int)rnd(2);
			o->arg = 1 + (int)rnd(3);
			if (o->kind == 0 && t->model != 3)
				snprintf(o->call, sizeof(o->call), "%s%d)", names[t->model][0],
					 o->arg);
			else
				snprintf(o->call, sizeof(o->call), "%s)", names[t->model][o->kind]);
		}
	}
}

/* All serial histories: text for the checker, op signatures for the brute force. */
struct serials {
	struct lp_buf text;
	char **sigs;
	char (*ops)[MAXOPS][64]; /* per serial history, its ops' text */
	int nsigs, cap;
};

static void serial_rec(const struct test *t, int *done, struct state *s, char sig[][64], int depth,
		       int total, struct serials *out)
{
	if (depth == total) {
		lp_buf_puts(&out->text, "history serial\n");
		struct lp_buf b = {0};
		for (int i = 0; i < total; i++) {
			lp_buf_puts(&out->text, sig[i]);
			lp_buf_puts(&b, sig[i]);
		}
		lp_buf_puts(&out->text, "end\n");
		if (out->nsigs == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 64;
			out->sigs = realloc(out->sigs, (size_t)out->cap * sizeof(char *));
			out->ops = realloc(out->ops, (size_t)out->cap * sizeof(*out->ops));
		}
		memcpy(out->ops[out->nsigs], sig, sizeof(out->ops[0]));
		out->sigs[out->nsigs++] = b.s;
		return;
	}
	for (int i = 0; i < t->nthreads; i++) {
		if (done[i] == t->nops[i])
			continue;
		struct state saved = *s;
		char ret[16];
		const struct op *o = &t->ops[i][done[i]];
		apply(t->model, s, o, ret);
		snprintf(sig[depth], 64, "0.%d call %s\n0.%d ret %s\n", i + 1, o->call, i + 1, ret);
		done[i]++;
		serial_rec(t, done, s, sig, depth + 1, total, out);
		done[i]--;
		*s = saved;
	}
}

/* A concurrent history with random linearization points (always linearizable). */
static int gen_concurrent(struct test *t, struct op **order)
{
	int phase[MAXT] = {0}, idx[MAXT] = {0}, ev = 0, n = 0;
	struct state s = {0};
	for (;;) {
		int cand[MAXT], nc = 0;
		for (int i = 0; i < t->nthreads; i++)
			if (idx[i] < t->nops[i])
				cand[nc++] = i;
		if (!nc)
			break;
		int i = cand[rnd((unsigned)nc)];
		struct op *o = &t->ops[i][idx[i]];
		if (phase[i] == 0) {
			o->call_ev = ev++;
			order[n++] = o;
			phase[i] = 1;
		} else if (phase[i] == 1) {
			apply(t->model, &s, o, o->ret); /* the linearization point */
			phase[i] = 2;
		} else {
			o->ret_ev = ev++;
			order[n++] = o;
			phase[i] = 0;
			idx[i]++;
		}
	}
	return n;
}

static void history_text(struct op **order, int n, struct lp_buf *b)
{
	lp_buf_puts(b, "history concurrent\n");
	for (int i = 0; i < n; i++) {
		const struct op *o = order[i];
		bool is_ret = o->ret_ev == i;
		lp_buf_printf(b, "0.%d %s %s\n", o->thread + 1, is_ret ? "ret" : "call",
			      is_ret ? o->ret : o->call);
	}
	lp_buf_puts(b, "end\n");
}

/* Brute force: some order of the ops (per-thread order, and real-time order unless
 * sequential) whose serial text is one of the serial histories. */
static bool brute(struct test *t, bool seq, const struct serials *ss, int *idx, char *sig,
		  size_t len, int left)
{
	if (!left) {
		for (int i = 0; i < ss->nsigs; i++)
			if (!strcmp(ss->sigs[i], sig))
				return true;
		return false;
	}
	for (int i = 0; i < t->nthreads; i++) {
		if (idx[i] == t->nops[i])
			continue;
		const struct op *o = &t->ops[i][idx[i]];
		bool ok = true;
		for (int j = 0; j < t->nthreads && ok && !seq; j++)
			for (int k = idx[j]; k < t->nops[j]; k++)
				if (t->ops[j][k].ret_ev < o->call_ev)
					ok = false;
		if (!ok)
			continue;
		int n = sprintf(sig + len, "0.%d call %s\n0.%d ret %s\n", i + 1, o->call, i + 1,
				o->ret);
		idx[i]++;
		bool r = brute(t, seq, ss, idx, sig, len + (size_t)n, left - 1);
		idx[i]--;
		sig[len] = 0;
		if (r)
			return true;
	}
	return false;
}

static void test_random_models(void **state)
{
	const char *env = getenv("LP_TEST_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
	printf("# seed %llu (rerun with LP_TEST_SEED=%llu)\n", (unsigned long long)seed,
	       (unsigned long long)seed);
	rng = seed * 2654435761u + 1;
	int agree_fail = 0, agree_pass = 0;
	for (int iter = 0; iter < 400; iter++) {
		struct test t;
		gen_test(&t);
		int total = 0, done[MAXT] = {0};
		for (int i = 0; i < t.nthreads; i++)
			total += t.nops[i];
		struct serials ss = {0};
		char sig[MAXOPS][64];
		struct state s0 = {0};
		serial_rec(&t, done, &s0, sig, 0, total, &ss);
		struct op *order[2 * MAXOPS];
		int n = gen_concurrent(&t, order);
		struct lp_buf h = {0};
		history_text(order, n, &h);
		for (int crit = 0; crit < 2; crit++) {
			struct tc c;
			tc_init(&c, crit ? LP_CRIT_SEQUENTIAL : LP_CRIT_LINEARIZABLE);
			assert_int_equal(tc_feed(&c, lp_buf_str(&ss.text)), LP_VERDICT_OK);
			if (tc_feed(&c, lp_buf_str(&h)) != LP_VERDICT_OK)
				fail_msg("seed %llu iteration %d: model history fails:\n%s\n%s",
					 (unsigned long long)seed, iter, lp_buf_str(&h),
					 tc_report(&c));
			/* mutate one result */
			static const char *const vals[] = {"-1", "0", "1", "2", "3", "void"};
			struct op *o = &t.ops[rnd((unsigned)t.nthreads)][0];
			o += rnd((unsigned)t.nops[o->thread]);
			char saved[16];
			strcpy(saved, o->ret);
			do
				strcpy(o->ret, vals[rnd(6)]);
			while (!strcmp(o->ret, saved));
			struct lp_buf m = {0};
			history_text(order, n, &m);
			int idx[MAXT] = {0};
			char bsig[MAXOPS * 64] = "";
			bool expect = brute(&t, crit, &ss, idx, bsig, 0, total);
			int v = tc_feed(&c, lp_buf_str(&m));
			if (v != (expect ? LP_VERDICT_OK : LP_VERDICT_VIOLATION))
				fail_msg("seed %llu iteration %d criterion %d: checker says %d, "
					 "brute force %s:\n%s",
					 (unsigned long long)seed, iter, crit, v,
					 expect ? "passes" : "fails", lp_buf_str(&m));
			expect ? agree_pass++ : agree_fail++;
			strcpy(o->ret, saved);
			lp_buf_free(&m);
			tc_fini(&c);
		}
		lp_buf_free(&h);
		lp_buf_free(&ss.text);
		for (int i = 0; i < ss.nsigs; i++)
			free(ss.sigs[i]);
		free(ss.sigs);
		free(ss.ops);
	}
	printf("# mutated histories: %d pass, %d fail (checker and brute force agree)\n",
	       agree_pass, agree_fail);
	assert_true(agree_fail > 0 && agree_pass > 0);
}

/* Quasi brute force: L (a linearization, as op texts) against serial S: same op at each
 * position unless both are of the quasi function; the k-th equal quasi op of L pairs with
 * the k-th of S, at most K apart among the quasi function's ops. */
static bool quasi_match(char L[][64], const char S[][64], int total, const char *qname, int k)
{
	char lf[MAXOPS][64], sf[MAXOPS][64];
	int nl = 0, ns = 0;
	for (int p = 0; p < total; p++) {
		bool lq = strstr(L[p], qname) != NULL, sq = strstr(S[p], qname) != NULL;
		if (lq != sq || (!lq && strcmp(L[p], S[p])))
			return false;
		if (lq) {
			strcpy(lf[nl++], L[p]);
			strcpy(sf[ns++], S[p]);
		}
	}
	for (int i = 0; i < nl; i++) {
		int occ = 0, j;
		for (int x = 0; x < i; x++)
			occ += !strcmp(lf[x], lf[i]);
		for (j = 0; j < ns; j++)
			if (!strcmp(sf[j], lf[i]) && occ-- == 0)
				break;
		if (j == ns || abs(i - j) > k)
			return false;
	}
	return true;
}

static bool brute_quasi(struct test *t, const struct serials *ss, int *idx, char L[][64], int depth,
			int total, const char *qname, int k)
{
	if (depth == total) {
		for (int i = 0; i < ss->nsigs; i++)
			if (quasi_match(L, (const char(*)[64])ss->ops[i], total, qname, k))
				return true;
		return false;
	}
	for (int i = 0; i < t->nthreads; i++) {
		if (idx[i] == t->nops[i])
			continue;
		const struct op *o = &t->ops[i][idx[i]];
		bool ok = true;
		for (int j = 0; j < t->nthreads && ok; j++)
			for (int x = idx[j]; x < t->nops[j]; x++)
				if (t->ops[j][x].ret_ev < o->call_ev)
					ok = false;
		if (!ok)
			continue;
		snprintf(L[depth], 64, "0.%d call %s\n0.%d ret %s\n", i + 1, o->call, i + 1,
			 o->ret);
		idx[i]++;
		bool r = brute_quasi(t, ss, idx, L, depth + 1, total, qname, k);
		idx[i]--;
		if (r)
			return true;
	}
	return false;
}

static void test_random_quasi(void **state)
{
	const char *env = getenv("LP_TEST_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL);
	printf("# seed %llu (rerun with LP_TEST_SEED=%llu)\n", (unsigned long long)seed,
	       (unsigned long long)seed);
	rng = seed * 2654435761u + 7;
	int pass = 0, failv = 0;
	for (int iter = 0; iter < 300; iter++) {
		struct test t;
		do
			gen_test(&t);
		while (t.model > 1); /* queue or stack */
		const char *qname = t.model ? "pop(" : "trytake(";
		int k = 1 + (int)rnd(2);
		int total = 0, done[MAXT] = {0};
		for (int i = 0; i < t.nthreads; i++)
			total += t.nops[i];
		struct serials ss = {0};
		char sig[MAXOPS][64];
		struct state s0 = {0};
		serial_rec(&t, done, &s0, sig, 0, total, &ss);
		struct op *order[2 * MAXOPS];
		int n = gen_concurrent(&t, order);
		/* mutate: swap the results of two ops, or change one */
		struct op *a = &t.ops[rnd((unsigned)t.nthreads)][0];
		a += rnd((unsigned)t.nops[a->thread]);
		struct op *b = &t.ops[rnd((unsigned)t.nthreads)][0];
		b += rnd((unsigned)t.nops[b->thread]);
		char tmp[16];
		if (a != b) {
			strcpy(tmp, a->ret);
			strcpy(a->ret, b->ret);
			strcpy(b->ret, tmp);
		} else
			strcpy(a->ret, rnd(2) ? "-1" : "2");
		struct lp_buf h = {0};
		history_text(order, n, &h);
		struct tc c;
		tc_init(&c, LP_CRIT_LINEARIZABLE);
		char spec[32];
		snprintf(spec, sizeof(spec), "%.*s=%d", (int)strlen(qname) - 1, qname, k);
		assert_int_equal(tc_quasi(&c, spec), 0);
		assert_int_equal(tc_feed(&c, lp_buf_str(&ss.text)), LP_VERDICT_OK);
		int idx[MAXT] = {0};
		char L[MAXOPS][64];
		bool expect = brute_quasi(&t, &ss, idx, L, 0, total, qname, k);
		int v = tc_feed(&c, lp_buf_str(&h));
		if (v != (expect ? LP_VERDICT_OK : LP_VERDICT_VIOLATION))
			fail_msg("seed %llu iteration %d --quasi %s: checker says %d, brute force "
				 "%s:\n%s",
				 (unsigned long long)seed, iter, spec, v,
				 expect ? "passes" : "fails", lp_buf_str(&h));
		expect ? pass++ : failv++;
		tc_fini(&c);
		lp_buf_free(&h);
		lp_buf_free(&ss.text);
		for (int i = 0; i < ss.nsigs; i++)
			free(ss.sigs[i]);
		free(ss.sigs);
		free(ss.ops);
	}
	printf("# quasi: %d pass, %d fail (checker and brute force agree)\n", pass, failv);
	assert_true(pass > 0 && failv > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_random_models),
	    cmocka_unit_test(test_random_quasi),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
