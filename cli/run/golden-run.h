/* cli/run/golden-run.h — --spec-from: the checker's requests for results of sequences of a
 * history's operations, run on the golden model in executions of the client's fork server
 * (protocol.h, struct lp_golden; preload/golden.c makes the calls). */
#ifndef LINEUP_CLI_GOLDEN_RUN_H
#define LINEUP_CLI_GOLDEN_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "cli/run/shm-log.h"
#include "lineup/buf.h"

struct lp_ctx;

struct lp_golden_state {
	uint64_t history;      /* the checker-pipe history the operations below belong to */
	struct lp_log_op *ops; /* its operations, read from the log before any golden run */
	size_t n_ops;
	uint64_t executions; /* sequences run on the model */
};

/* Makes the checker pipe answer golden requests through c (set before it starts). */
void lp_golden_attach(struct lp_ctx *c);
void lp_golden_clear(struct lp_golden_state *g);

/* Fills g (the shared area's golden calls) for the operations at the request's indexes
 * ("I1 I2 ... IK"); returns 0, or -1 with a one-line reason in err. Pure: for tests. */
int lp_golden_fill(struct lp_golden *g, const struct lp_plan *plan, const struct lp_log_op *ops,
		   size_t n_ops, const char *request, char *err, size_t errsize);
/* The answer text for a golden execution that made g->n_done calls (stuck: the next call
 * never returned): one result per line, then "stuck". */
void lp_golden_answer(const struct lp_golden *g, const struct lp_plan *plan, bool stuck,
		      lp_value_fmt_fn fmt, struct lp_buf *answer);

#endif
