/* cli/report/report-fence.h — under --memory-model tso, which fences to try after a violation
 * and the words of what each did (cli/run/fence-run.h runs them). Pure: stale-load records and
 * a symbolizer in, sites and text out.
 *
 * The stale loads of the failing execution (protocol.h lp_rec_tso) name the stores that
 * were still buffered when another thread read around them, and the stores of the loading
 * thread's own buffer that each load passed (x86-TSO lets a load pass its thread's earlier
 * stores to other addresses, and nothing else: an mfence after one of them is the other
 * half of the repair, and the one after the last store before the load is the textbook
 * placement, Peterson's lock's turn store). A fence candidate is an mfence right after one
 * of those store instructions (its site): the schedules are explored again with it, and the
 * report says whether the violation is gone within the bound. The sites are tried one at a
 * time, the store most stale loads name first (then in the order the loads ran, a load's
 * other-thread store, then its passed stores newest first). Should none remove the violation
 * alone, the stores that *passing loads* passed (protocol.h lp_rec_tso_pass: loads that went
 * ahead of their own thread's buffered stores without reading around another thread's; the
 * store->load reordering that needs no stale load, as the turn store's in Peterson's lock
 * with its flag store fenced) and no stale load names are tried next, one at a time, the
 * most named first. After the stale loads' and only when those fail: every load after a
 * store in the same operation is a passing load, so most of these stores are harmless, and
 * a violation the stale loads explain costs no more than before. Should none
 * remove the violation alone, all of them together, with the stores that the violations
 * left by the single fences name too; a set that removes it is then made smaller where it
 * can (cli/run/fence-run.c). */
#ifndef LINEUP_CLI_REPORT_FENCE_H
#define LINEUP_CLI_REPORT_FENCE_H

#include <stddef.h>
#include <stdint.h>

#include "lineup/buf.h"
#include "lineup/protocol.h"
#include "report-livelock.h"

#define LP_FENCE_SINGLES 3 /* single fences tried, most named first */
#define LP_FENCE_PASSING 2 /* then those after stores only passing loads passed */

/* The distinct store sites of the n stale loads t (each load names its other thread's store
 * and the stores it passed, a site once), most named first (ties: first named first), at
 * most max of them in out; returns how many. */
size_t lp_fence_sites(const struct lp_rec_tso *t, size_t n, uint64_t *out, size_t max);

/* The distinct sites of the stores the n passing loads p passed (each load names them newest
 * first, a site once), most named first (ties: first named first), leaving out those in
 * skip[0..n_skip), at most max of them in out; returns how many. */
size_t lp_fence_passing_sites(const struct lp_rec_tso_pass *p, size_t n, const uint64_t *skip,
			      size_t n_skip, uint64_t *out, size_t max);

/* The single fences to try, in order, into out (room for LP_FENCE_SINGLES +
 * LP_FENCE_PASSING): the first LP_FENCE_SINGLES of lp_fence_sites (*n_stale of them), then
 * the first LP_FENCE_PASSING of lp_fence_passing_sites that no stale load names (tried only
 * when none of the first kind removes the violation). Returns how many in all. */
size_t lp_fence_candidates(const struct lp_rec_tso *t, size_t n_tso,
			   const struct lp_rec_tso_pass *p, size_t n_pass, uint64_t *out,
			   size_t *n_stale);

/* Adds to set[0..n) the sites of add[0..n_add) it lacks, up to max in all; returns the new
 * count. */
size_t lp_fence_union(uint64_t *set, size_t n, const uint64_t *add, size_t n_add, size_t max);

/* What exploring again with the fences after sites[0..n) showed. */
struct lp_fence_result {
	uint64_t sites[LP_MAX_FENCES];
	size_t n;
	int removes; /* 1 no violation within the bound, 0 still one, -1 not decided */
	uint64_t executions;
	unsigned bound;
	double seconds;
	const char *why;      /* not decided: what stopped it ("the time the check took; ...") */
	const char *why_json; /* not decided: "time", "executions", "interrupted", "other" */
};

/* "an mfence after f+0xd", "mfences after f+0xd and g+0x8", "mfences after a, b and c". */
void lp_fence_what(struct lp_buf *b, const uint64_t *sites, size_t n, lp_symbolize_fn sym,
		   void *arg);

/* The heading of the fence lines at bound. */
void lp_fence_heading(struct lp_buf *b, unsigned bound);

/* One line: "  an mfence after f+0xd removes it (57 executions, bound 1)", "  mfences
 * after f+0xd and g+0x8 together do not remove it: still a violation after 12
 * executions", "  an mfence after f+0xd: not decided, stopped after 1.0 s and 812
 * executions (why)". */
void lp_fence_line(struct lp_buf *b, const struct lp_fence_result *r, lp_symbolize_fn sym,
		   void *arg);

/* Its JSON object: {"site": "f+0xd" (null for several), "sites": [...], "removes":
 * true|false|null, "executions": n, "bound": b, "seconds": s, "stopped_by": null|"time"|...}. */
void lp_fence_json(struct lp_buf *b, const struct lp_fence_result *r, lp_symbolize_fn sym,
		   void *arg);

#endif
