/* cli/run/root-cause-run.c — root causes of a reported violation: the failing execution's
 * memory accesses, candidate repairs from its conflict cycles, each checked by exploring
 * the schedules again with its regions atomic, ranked by the linearizable executions of
 * phase 2 they forbid (root-cause-run.h). */
#include "cli/run/root-cause-run.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/report/json.h"
#include "cli/run/budget-run.h"
#include "cli/run/interrupt.h"
#include "cli/report/progress.h"
#include "cli/run/root-cause-budget.h"
#include "lineup/buf.h"
#include "lineup/die.h"
#include "scheduler/sched-pick.h"
#include "lineup/clock.h"

#define MAX_TRACE 4096	    /* accesses of the failing execution looked at */
#define MAX_CANDIDATES 12   /* candidate repairs checked */
#define MAX_SHOWN 3	    /* root causes in the report */
#define REFINE 2	    /* other conflict cycles a repair may take in */
#define SAMPLE_STEPS 500000 /* decisions kept for the ranking */

/* True when the budget is spent: the search stops before its next execution. */
static bool spent(struct lp_rc_run *run)
{
	lp_progress_update(LP_PROGRESS_ANALYSIS, run->execs, 0, (int)run->bound);
	run->stop = lp_rc_budget_check(&run->budget, run->execs, lp_clock_now() - run->started);
	return run->stop != LP_RC_GO;
}

/* With a golden model, checking a history runs executions that overwrite the shared
 * log: the loops below keep their own copy of each execution's log. */
static const void *own_log(const struct lp_ctx *c, const struct lp_exec_result *res, char **owned)
{
	if (!c->o->spec_from)
		return res->log;
	free(*owned);
	*owned = lp_xmalloc(res->log_len ? res->log_len : 1);
	memcpy(*owned, res->log, res->log_len);
	return *owned;
}

void lp_rc_sample_add(struct lp_rc_sample *s, const struct lp_exec_log *log)
{
	if (s->full || s->n + log->n_decisions > SAMPLE_STEPS) {
		s->full = true;
		return;
	}
	if (s->n + log->n_decisions > s->cap) {
		s->cap = (s->n + log->n_decisions) * 2;
		s->steps = lp_xrealloc(s->steps, s->cap * sizeof *s->steps);
	}
	for (size_t k = 0; k < log->n_decisions; k++) {
		const struct lp_explore_decision *d = &log->decisions[k];
		s->steps[s->n++] = (struct lp_rc_step){
		    d->running, d->chosen, log->sites[k],
		    (d->flags & LP_DEC_YIELD) ? (uint32_t)LP_PT_YIELD : d->point,
		    lp_sched_is_candidate(d->candidates, d->n_candidates, d->running)};
	}
	if (s->n_execs == s->cap_execs) {
		s->cap_execs = s->cap_execs ? 2 * s->cap_execs : 256;
		s->ends = lp_xrealloc(s->ends, s->cap_execs * sizeof *s->ends);
	}
	s->ends[s->n_execs++] = s->n;
}

void lp_rc_sample_free(struct lp_rc_sample *s)
{
	free(s->steps);
	free(s->ends);
	memset(s, 0, sizeof *s);
}

/* The accesses inside operations, in the order they executed: a thread's access at its
 * point happens when it is next chosen (at once, unless another thread is chosen there). */
static size_t trace_of(const void *log, size_t len, struct lp_rc_access *out, size_t max)
{
	struct {
		lp_tid_t tid;
		uint32_t ops;
		bool in_op, pending;
		struct lp_rc_access acc;
	} th[LP_MAX_THREADS];
	unsigned nth = 0;
	size_t n = 0;
#define SLOT(t, var)                                                                               \
	unsigned var = nth;                                                                        \
	for (unsigned i_ = 0; i_ < nth; i_++)                                                      \
		if (th[i_].tid == (t))                                                             \
			var = i_;                                                                  \
	if (var == nth) {                                                                          \
		if (nth == LP_MAX_THREADS)                                                         \
			return n;                                                                  \
		memset(&th[nth], 0, sizeof th[nth]);                                               \
		th[nth++].tid = (t);                                                               \
	}
	for (size_t off = 0; off + sizeof(struct lp_rec) <= len;) {
		const struct lp_rec *r = (const void *)((const char *)log + off);
		if (r->size < sizeof *r || off + r->size > len)
			break;
		if (r->type == LP_REC_CALL) {
			const struct lp_rec_call *cl = (const void *)r;
			SLOT(cl->tid, k);
			th[k].ops++;
			th[k].in_op = true;
		} else if (r->type == LP_REC_RET) {
			const struct lp_rec_ret *rt = (const void *)r;
			SLOT(rt->tid, k);
			th[k].in_op = false;
		} else if (r->type == LP_REC_DECISION) {
			const struct lp_rec_decision *d = (const void *)r;
			SLOT(d->running, k);
			if ((d->point == LP_PT_ATOMIC || d->point == LP_PT_MEMORY ||
			     d->point == LP_PT_SYNC) &&
			    d->addr && th[k].in_op) {
				th[k].pending = true;
				th[k].acc = (struct lp_rc_access){d->running,
								  th[k].ops,
								  d->site,
								  d->addr,
								  (d->flags & LP_DEC_WRITE) != 0,
								  d->point == LP_PT_SYNC};
			}
			SLOT(d->chosen, c);
			if (th[c].pending && n < max) {
				out[n++] = th[c].acc;
				th[c].pending = false;
			}
		}
		off += r->size;
	}
#undef SLOT
	return n;
}

unsigned lp_rc_bound(const struct lp_ctx *c, const struct lp_exec_log *log)
{
	unsigned p = 0;
	for (size_t k = 0; k < log->n_decisions; k++)
		p += lp_explore_is_preemption(&log->decisions[k], log->decisions[k].chosen);
	/* A violation in a history of an execution's trace (phase2.c) may need more preemptions
	 * than the check's bound; the searches stay within that bound. */
	if (c->sum.bound >= 0 && p > (unsigned)c->sum.bound)
		p = (unsigned)c->sum.bound;
	return p;
}

struct lp_rc_run lp_rc_run_start(const struct lp_ctx *c, double check_seconds)
{
	return (struct lp_rc_run){.budget =
				      lp_rc_budget_make(c->sum.p1_executions + c->sum.p2_executions,
							check_seconds, c->o->root_cause_time),
				  .started = lp_clock_now()};
}

/* A copy of an execution's log, which the next execution overwrites. */
static void keep(const void *log, size_t len, void **out, size_t *outlen)
{
	free(*out);
	*out = lp_xmalloc(len ? len : 1);
	memcpy(*out, log, len);
	*outlen = len;
}

/* How one execution of a search ended. */
enum rc_end {
	RC_PASS, /* linearizable: the search goes on */
	RC_FAIL, /* crashed, or the checker found a violation */
	RC_CUT,	 /* the search cannot go on (*why set) */
};

/* Runs schedule s (the next of ex) and checks its history. regions: a candidate's atomic
 * regions are on, so a deadlock they cause or any checker answer but "linearizable" cuts
 * the search; without them only a checker error does. A linearizable execution's steps go
 * to sample when there is one. res->log stays valid until the next execution. */
static enum rc_end run_one(struct lp_ctx *c, struct lp_explore *ex, const struct lp_schedule *s,
			   struct lp_rc_run *run, bool regions, struct lp_rc_sample *sample,
			   char **owned, struct lp_exec_result *res, const char **why)
{
	if (spent(run) || lp_interrupt_signal()) {
		*why =
		    lp_interrupt_signal() ? "interrupted" : lp_rc_stop_why(&run->budget, run->stop);
		return RC_CUT;
	}
	run->execs++;
	struct lp_exec_log log;
	char err[256];
	lp_server_run(&c->sv, s, c->o->max_steps, res);
	res->log = own_log(c, res, owned);
	if (lp_shmlog_parse(res->log, res->log_len, c->plan, &log, err, sizeof err)) {
		*why = "an execution log was unreadable";
		return RC_CUT;
	}
	lp_explore_done(ex, log.decisions, log.n_decisions);
	enum rc_end end = RC_PASS;
	if (res->outcome == LP_OUT_RUNNING && WIFSIGNALED(res->status)) {
		end = RC_FAIL; /* crashed */
	} else if (res->outcome != LP_OUT_COMPLETE && res->outcome != LP_OUT_DEADLOCK &&
		   res->outcome != LP_OUT_LIVELOCK) {
		*why = regions ? "an execution with atomic regions ended abnormally"
			       : "an execution ended abnormally";
		end = RC_CUT;
	} else if (regions && res->outcome == LP_OUT_DEADLOCK && log.n_calls == log.n_returns) {
		*why = "atomic regions made the client deadlock";
		end = RC_CUT;
	} else {
		char *h =
		    lp_shmlog_history(res->log, res->log_len, c->plan, "history concurrent",
				      res->outcome != LP_OUT_COMPLETE, c->fmt, err, sizeof err);
		char *text = NULL;
		enum lp_check_reply r = h ? lp_checker_pipe_send(&c->ck, h, &text) : LP_CHECK_ERROR;
		if (r == LP_CHECK_VIOLATION) {
			end = RC_FAIL;
		} else if (r == LP_CHECK_ERROR || (regions && r != LP_CHECK_OK)) {
			*why = h ? "the checker rejected a history"
				 : "an execution log was unreadable";
			end = RC_CUT;
		} else if (sample) {
			lp_rc_sample_add(sample, &log);
		}
		free(h);
		free(text);
	}
	lp_shmlog_clear(&log);
	return end;
}

int lp_rc_explore(struct lp_ctx *c, unsigned bound, struct lp_rc_run *run, bool regions,
		  struct lp_rc_sample *sample, void **faillog, size_t *faillen, const char **why)
{
	struct lp_explore *ex = lp_explore_new(LP_PHASE_CONCURRENT, (int)bound);
	lp_explore_set_reduction(ex, c->o->reduction);
	const struct lp_schedule *s;
	int verdict = 1;
	char *owned = NULL;
	run->bound = bound;
	while ((s = lp_explore_next(ex))) {
		struct lp_exec_result res;
		enum rc_end end = run_one(c, ex, s, run, regions, sample, &owned, &res, why);
		if (end == RC_PASS)
			continue;
		if (end == RC_FAIL)
			keep(res.log, res.log_len, faillog, faillen);
		verdict = end == RC_FAIL ? 0 : -1;
		break;
	}
	lp_explore_free(ex);
	free(owned);
	lp_progress_clear();
	return verdict;
}

/* Explores every schedule up to `bound` with the regions of k atomic. Returns 1 when no
 * violation is left, 0 when one is (its log copied to *faillog), -1 when the search could
 * not finish (*why set). */
static int check(struct lp_ctx *c, const struct lp_rc_cand *k, unsigned bound,
		 struct lp_rc_run *run, const char **why, void **faillog, size_t *faillen)
{
	struct lp_shm *shm = c->sv.shm;
	shm->n_regions = k->n;
	for (unsigned i = 0; i < k->n; i++)
		shm->regions[i] = (struct lp_atomic_region){k->r[i].start, k->r[i].end};
	int verdict = lp_rc_explore(c, bound, run, true, NULL, faillog, faillen, why);
	shm->n_regions = 0;
	return verdict;
}

static const char *what(bool write, bool sync)
{
	return sync ? "pthread call returning" : write ? "write" : "read";
}

/* "stack_pop+0x14 .. +0x1d (stack.c:31-33)" and the JSON object of one region. */
static void describe(struct lp_ctx *c, const struct lp_rc_region *r, uint64_t forbids,
		     struct lp_buf *text, struct lp_buf *json)
{
	pid_t pid = c->sv.server_pid;
	uint64_t lo = r->start < r->end ? r->start : r->end,
		 hi = r->start < r->end ? r->end : r->start;
	char *f1 = NULL, *f2 = NULL, *s1 = NULL, *s2 = NULL;
	uint64_t o1 = 0, o2 = 0;
	int l1 = 0, l2 = 0;
	bool ok = pid > 0 && !lp_symbolize_parts(pid, lo, &f1, &o1, &s1, &l1) &&
		  !lp_symbolize_parts(pid, hi, &f2, &o2, &s2, &l2) && !strcmp(f1, f2);
	char src[512] = "";
	if (ok && s1 && s2 && !strcmp(s1, s2))
		snprintf(src, sizeof src, "%s:%d-%d", s1, l1 < l2 ? l1 : l2, l1 < l2 ? l2 : l1);
	if (ok) {
		lp_buf_printf(text, "%s+0x%" PRIx64 " .. +0x%" PRIx64, f1, o1, o2);
		if (*src)
			lp_buf_printf(text, " (%s)", src);
		/* in program order, whichever address is lower */
		lp_buf_printf(text,
			      ": the %s at +0x%" PRIx64 " and the %s at +0x%" PRIx64
			      " should be one atomic step",
			      what(r->start_write, r->start_sync), r->start == lo ? o1 : o2,
			      what(r->end_write, r->end_sync), r->end == lo ? o1 : o2);
		lp_buf_puts(json, "{\"function\": ");
		lp_json_string(json, f1);
		lp_buf_printf(
		    json, ", \"start\": %" PRIu64 ", \"end\": %" PRIu64 ", \"source\": ", o1, o2);
		if (*src)
			lp_json_string(json, src);
		else
			lp_buf_puts(json, "null");
	} else {
		lp_buf_printf(text, "%#" PRIx64 " .. %#" PRIx64, lo, hi);
		lp_buf_printf(json,
			      "{\"function\": null, \"start\": %" PRIu64 ", \"end\": %" PRIu64
			      ", \"source\": null",
			      lo, hi);
	}
	lp_buf_printf(json, ", \"forbids\": %" PRIu64 "}", forbids);
	if (!*src && pid > 0) { /* no line numbers: the instructions themselves */
		char *dis = lp_disassemble(pid, lo, hi, "       ");
		if (*dis)
			lp_buf_printf(text, ":\n%s", dis);
		free(dis);
	}
	free(f1);
	free(f2);
	free(s1);
	free(s2);
}

/* True when cand[k] contains a root cause found before it (it cannot be minimal). */
static bool holds_root_cause(const struct lp_rc_cand *cand, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (cand[i].verdict == 1 && lp_rc_covers(&cand[k], &cand[i]))
			return true;
	return false;
}

/* One search: the candidates of the failing log, checked in order of size until the budget
 * is spent, ranked by what they forbid in sample. Returns the root causes (at the front of
 * cand); *n_trace, *n_cand, *checked say how far it got. */
static size_t search(struct lp_ctx *c, const void *log, size_t len, unsigned bound,
		     const struct lp_rc_sample *sample, struct lp_rc_cand *cand, size_t *n_trace,
		     size_t *n_cand, size_t *checked, struct lp_rc_run *run, const char **why)
{
	struct lp_rc_access *trace = lp_xcalloc(MAX_TRACE, sizeof *trace);
	size_t n = trace_of(log, len, trace, MAX_TRACE);
	bool truncated = false;
	size_t nc = n ? lp_rc_candidates(trace, n, 0, cand, MAX_CANDIDATES, &truncated) : 0;
	struct lp_rc_cand *more = lp_xcalloc(MAX_CANDIDATES, sizeof *more);
	unsigned traces = 1;
	*n_trace = n;
	*n_cand = nc;
	size_t k = 0;
	for (; k < nc; k++) {
		/* A violation left with the regions atomic comes from another conflict cycle:
		 * the first new one of that execution joins the repair, up to REFINE times. */
		void *fail = NULL;
		size_t flen = 0;
		int r = -1;
		for (unsigned depth = 0; depth <= REFINE; depth++) {
			if (holds_root_cause(cand, k)) {
				r = 2; /* not minimal: no need to run it */
				break;
			}
			r = check(c, &cand[k], bound, run, why, &fail, &flen);
			if (r != 0 || depth == REFINE)
				break;
			size_t fn = trace_of(fail, flen, trace, MAX_TRACE);
			size_t mn =
			    lp_rc_candidates(trace, fn, traces++, more, MAX_CANDIDATES, NULL);
			bool grown = false;
			for (size_t i = 0; i < mn && !grown; i++)
				grown = lp_rc_merge(&cand[k], &more[i]);
			if (!grown)
				break;
		}
		free(fail);
		if (r < 0)
			break;
		cand[k].verdict = r == 1;
		run->tried++;
	}
	free(more);
	free(trace);
	*checked = k;
	for (size_t i = 0; i < k; i++) {
		if (cand[i].verdict != 1)
			continue;
		cand[i].forbids = 0;
		for (size_t x = 0; x < sample->n_execs; x++) {
			size_t lo = x ? sample->ends[x - 1] : 0;
			cand[i].forbids +=
			    lp_rc_forbids(&cand[i], sample->steps + lo, sample->ends[x] - lo);
		}
	}
	return k ? lp_rc_rank(cand, k) : 0;
}

/* Explores up to `bound` preemptions (at the current server's granularity) until a
 * violation: returns 1 and a copy of its log in *log, 0 when none, -1 when cut (*why). The
 * linearizable executions on the way go to sample. */
static int refind(struct lp_ctx *c, unsigned bound, struct lp_rc_run *run, const char **why,
		  struct lp_rc_sample *sample, void **log, size_t *len)
{
	int r = lp_rc_explore(c, bound, run, false, sample, log, len, why);
	return r < 0 ? -1 : !r;
}

/* A second fork server of the same client with plain loads and stores trapped too; NULL
 * when the plan cannot be made. */
static struct lp_plan *memory_server(struct lp_ctx *c, struct lp_server *sv)
{
	struct lp_analyze_opts ao = *c->ao;
	ao.sites = LP_SITES_MEMORY;
	struct lp_plan *plan = NULL;
	char err[256];
	if (lp_analyze_try(&ao, &plan, err, sizeof err))
		return NULL;
	*sv = c->sv;
	sv->shm = NULL;
	sv->slots = 1; /* its runs are one at a time */
	sv->on_done = NULL;
	sv->slot = NULL;
	sv->n_worker_cmd = 0;
	sv->n_partial = 0;
	sv->shm_fd = sv->cmd_wr = sv->reply_rd = sv->log_rd = -1;
	sv->client_pid = sv->server_pid = 0;
	sv->log_lines = NULL;
	/* write_plan returns its static buffer, which c->sv.plan_path also points to */
	char kept[256];
	snprintf(kept, sizeof kept, "%s", c->sv.plan_path);
	const char *path = c->write_plan(plan);
	sv->plan_path = lp_xstrdup(path);
	if (path == c->sv.plan_path)
		memcpy((char *)path, kept, strlen(kept) + 1);
	lp_server_start(sv);
	return plan;
}

static void memory_server_end(struct lp_server *sv, struct lp_plan *plan)
{
	lp_server_stop(sv);
	lp_symbolize_reset();
	if (sv->shm)
		munmap(sv->shm, sv->slots * LP_SHM_SIZE);
	free(sv->slot);
	int fds[] = {sv->shm_fd, sv->cmd_wr, sv->reply_rd, sv->log_rd};
	for (size_t i = 0; i < sizeof fds / sizeof *fds; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	int pfd;
	if (sscanf(sv->plan_path, "/proc/self/fd/%d", &pfd) == 1)
		close(pfd);
	free((char *)sv->plan_path);
	free(sv->log_lines);
	lp_plan_free(plan);
}

/* The report lines and JSON of the ranked root causes cand[0..m). */
static void describe_all(struct lp_ctx *c, const struct lp_rc_cand *cand, size_t m, unsigned bound,
			 const char *where, const struct lp_rc_sample *sample, struct lp_buf *text,
			 struct lp_buf *json)
{
	lp_buf_printf(text,
		      "root causes (code that, executed atomically, removes the violation at %u "
		      "preemption%s%s; best first):\n",
		      bound, bound == 1 ? "" : "s", where);
	lp_buf_puts(json, "[");
	for (size_t i = 0; i < m && i < MAX_SHOWN; i++) {
		lp_buf_printf(text, "  %zu. ", i + 1);
		lp_buf_puts(json, i ? ", [" : "[");
		for (unsigned j = 0; j < cand[i].n; j++) {
			if (j) {
				lp_buf_puts(text, "\n     and ");
				lp_buf_puts(json, ", ");
			}
			describe(c, &cand[i].r[j], cand[i].forbids, text, json);
		}
		if (text->s[text->len - 1] != '\n')
			lp_buf_puts(text, "\n");
		lp_buf_printf(text,
			      "     made atomic, it forbids %" PRIu64 " of %zu linearizable "
			      "concurrent executions seen%s\n",
			      cand[i].forbids, sample->n_execs,
			      sample->full ? " (ranking on the first ones)" : "");
		lp_buf_puts(json, "]");
	}
	lp_buf_puts(json, "]");
}

void lp_root_causes(struct lp_ctx *c, const struct lp_exec *e, double check_seconds,
		    struct lp_violation *v)
{
	unsigned bound = lp_rc_bound(c, &e->log);
	struct lp_rc_cand *cand = lp_xcalloc(MAX_CANDIDATES, sizeof *cand);
	struct lp_rc_run run = lp_rc_run_start(c, check_seconds);
	lp_progress_label("root causes");
	const char *why = NULL;
	size_t n_trace = 0, n_cand = 0, checked = 0;
	size_t m = search(c, e->res.log, e->res.log_len, bound, &c->p2.rc_sample, cand, &n_trace,
			  &n_cand, &checked, &run, &why);
	struct lp_buf text = {0}, json = {0};
	const char *where = "";
	if (m) {
		describe_all(c, cand, m, bound, where, &c->p2.rc_sample, &text, &json);
	} else if (!why && c->o->granularity != LP_GRAN_MEMORY && c->ao && c->write_plan) {
		/* The accesses that race may be plain loads and stores: look again with them
		 * trapped, in a second fork server (the schedule's steps differ there, so the
		 * violation is found again by the same bounded search). */
		struct lp_server saved = c->sv, sv2;
		struct lp_plan *plan = c->plan, *plan2 = memory_server(c, &sv2);
		if (plan2) {
			struct lp_rc_sample sample = {0};
			void *log = NULL;
			size_t len = 0;
			c->sv = sv2;
			c->plan = plan2;
			int f = refind(c, bound, &run, &why, &sample, &log, &len);
			where = " at -g memory";
			if (f > 0)
				m = search(c, log, len, bound, &sample, cand, &n_trace, &n_cand,
					   &checked, &run, &why);
			if (m)
				describe_all(c, cand, m, bound, where, &sample, &text, &json);
			else if (f == 0)
				why = "the violation did not show at -g memory";
			free(log);
			lp_rc_sample_free(&sample);
			sv2 = c->sv;
			c->sv = saved;
			c->plan = plan;
			memory_server_end(&sv2, plan2);
		}
	}
	const char *gran = c->o->granularity == LP_GRAN_MEMORY || *where ? "" : " (try -g memory)";
	double elapsed = lp_clock_now() - run.started;
	uint64_t execs = run.execs;
	if (why && !strcmp(why, "interrupted"))
		run.stop = LP_RC_GO; /* a signal, not the budget, stopped it */
	if (m) {
		if (why && run.stop != LP_RC_GO)
			lp_buf_printf(&text,
				      "  (search stopped after %.1f s and %" PRIu64
				      " executions (%s): smaller regions may exist)\n",
				      elapsed, execs, why);
		else if (why)
			lp_buf_printf(&text,
				      "  (search stopped after %" PRIu64
				      " executions: %s; smaller regions may exist)\n",
				      execs, why);
	} else if (why && run.stop != LP_RC_GO) {
		lp_rc_stopped_line(&text, &run.budget, run.stop, elapsed, execs, run.tried, where);
	} else if (why) {
		lp_buf_printf(&text,
			      "root causes: search stopped after %" PRIu64 " executions%s: %s\n",
			      execs, where, why);
	} else if (!n_trace) {
		lp_buf_printf(&text,
			      "root causes: none found: the failing execution has no recorded "
			      "memory access inside an operation%s%s\n",
			      where, gran);
	} else if (!n_cand) {
		lp_buf_printf(&text,
			      "root causes: none found: no conflict cycle among the %zu recorded "
			      "accesses of the failing execution%s%s\n",
			      n_trace, where, gran);
	} else {
		lp_buf_printf(&text,
			      "root causes: none found: none of the %zu candidate atomic regions "
			      "removes the violation at %u preemption%s%s%s\n",
			      checked, bound, bound == 1 ? "" : "s", where, gran);
	}
	c->sum.root_cause_executions = execs;
	v->rc_searched = true;
	v->rc_time_limit = run.budget.seconds;
	v->rc_exec_limit = run.budget.executions;
	v->rc_tried = run.tried;
	v->rc_stopped_by = run.stop != LP_RC_GO			? lp_rc_stop_json(run.stop)
			   : why && !strcmp(why, "interrupted") ? "interrupted"
			   : why				? "other"
								: NULL;
	v->root_causes = lp_buf_take(&text);
	v->root_causes_json = m ? lp_buf_take(&json) : NULL;
	lp_buf_free(&json);
	free(cand);
}
