/* checker/history.h — one history of the lineup-history(5) format and its strict parser.
 *
 * The parser is fed one line at a time (no I/O here, so it can be unit-tested and
 * fuzzed). It keeps one history and reuses its arrays, so a stream of 100,000 histories
 * allocates only while the largest one grows. Texts are normalised (whitespace outside
 * quoted strings collapsed, one space after commas, none next to parentheses) and
 * interned, so "f(1,2)" and "f(1, 2)" are the same event.
 *
 * After an error the parser skips to the next "end" (or "history") line, so a server
 * can answer one "error" per bad history and go on. */
#ifndef LP_CHECKER_HISTORY_H
#define LP_CHECKER_HISTORY_H

#include "checker/intern.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LP_HIST_MAX_LINE 65536 /* bytes per line, newline excluded (documented) */
#define LP_NO_EV UINT32_MAX

struct lp_hist_op {
	uint32_t thread;  /* dense index into lp_hist.tids */
	uint32_t seq;	  /* index of the op within its thread */
	uint32_t call;	  /* interned normalised call text "f(a, b)" */
	uint32_t ret;	  /* interned result text, LP_NO_STR while pending */
	uint32_t func;	  /* interned function name (text before the first parenthesis) */
	uint32_t call_ev; /* index of the call event */
	uint32_t ret_ev;  /* index of the return event, LP_NO_EV while pending */
	uint32_t call_line, ret_line;
};

struct lp_hist_ev {
	uint32_t op;
	uint32_t is_ret;
};

struct lp_hist {
	bool serial;
	bool stuck;
	const char *name; /* file name for messages */
	uint32_t line;	  /* line of the "history" header */
	char *attrs;	  /* "key=value key=value", "" when none */
	size_t attrs_cap;
	uint32_t intern_mark; /* strings interned by this history start here */

	struct lp_hist_op *ops; /* in call order */
	uint32_t nops, capops;
	struct lp_hist_ev *evs;
	uint32_t nevs, capevs;

	/* threads, sorted by lp_hist_tid_cmp once the history is complete; a thread id is
	 * any token without spaces, interned as written */
	uint32_t *tids;
	uint32_t *tmap; /* open addressing: interned tid -> thread index + 1 (0 = empty) */
	uint32_t tmap_size;
	uint32_t nthreads, capthreads;
	uint32_t
	    *thread_start; /* ops of thread t: thread_ops[thread_start[t] .. thread_start[t+1]) */
	uint32_t *thread_ops; /* op indices, in program order */
	uint32_t npending;
};

enum lp_hp_status {
	LP_HP_MORE = 0,	 /* line consumed, history not complete */
	LP_HP_DONE = 1,	 /* a history is complete: lp_hist_parser_history() */
	LP_HP_ERROR = 2, /* malformed: lp_hist_parser_error() says "name:line: message" */
};

struct lp_hist_parser;

struct lp_hist_parser *lp_hist_parser_new(struct lp_intern *strs, const char *name);
void lp_hist_parser_free(struct lp_hist_parser *p);
/* One line without its newline. len may exceed LP_HIST_MAX_LINE (then only the length is
 * used and the line is rejected: a reader may stop reading a line at LP_HIST_MAX_LINE + 1
 * bytes), and the line may hold NUL bytes (rejected). */
enum lp_hp_status lp_hist_parse_line(struct lp_hist_parser *p, const char *line, size_t len);
/* End of input: LP_HP_ERROR if a history is unfinished. */
enum lp_hp_status lp_hist_parse_eof(struct lp_hist_parser *p);
const struct lp_hist *lp_hist_parser_history(const struct lp_hist_parser *p);
const char *lp_hist_parser_error(const struct lp_hist_parser *p);
/* Line number of the last line fed. */
uint32_t lp_hist_parser_lineno(const struct lp_hist_parser *p);

/* Normalises call or result text into out (capacity at least 2*len+1); returns its
 * length, or -1 with *why set for unbalanced parentheses or an unterminated quote. */
long lp_hist_normalise(const char *s, size_t len, char *out, const char **why);
/* The same, and where the shape of a call shows in the result: *open is the index of the
 * first '(' when no quote or space comes before it (else -1), *closed the length of the
 * text up to where the parentheses first balance again after it (else -1). */
long lp_hist_normalise_shape(const char *s, size_t len, char *out, const char **why, long *open,
			     long *closed);

/* Order of thread ids: components split at '.', numeric ones compared as numbers, so
 * creation paths sort as the scheduler numbers them (0 < 0.1 < 0.1.1 < 0.2 < 0.10) and
 * other ids (T2, worker-3) sort naturally. Total: equal only for equal texts. */
int lp_hist_tid_cmp(const char *a, const char *b);

/* The first slot of tid's probe sequence in a thread map of mask + 1 slots. */
static inline uint32_t lp_hist_tmap_slot(uint32_t tid, uint32_t mask)
{
	return (uint32_t)(tid * 0x9e3779b97f4a7c15ull >> 40) & mask;
}

/* Dense index of the thread whose interned id is tid, or LP_NO_EV. */
static inline uint32_t lp_hist_thread_of(const struct lp_hist *h, uint32_t tid)
{
	uint32_t mask = h->tmap_size - 1;
	for (uint32_t i = lp_hist_tmap_slot(tid, mask); h->tmap[i]; i = (i + 1) & mask)
		if (h->tids[h->tmap[i] - 1] == tid)
			return h->tmap[i] - 1;
	return LP_NO_EV;
}

/* Op i of thread t (0-based within the thread). */
static inline const struct lp_hist_op *lp_hist_thread_op(const struct lp_hist *h, uint32_t t,
							 uint32_t i)
{
	return &h->ops[h->thread_ops[h->thread_start[t] + i]];
}
static inline uint32_t lp_hist_thread_nops(const struct lp_hist *h, uint32_t t)
{
	return h->thread_start[t + 1] - h->thread_start[t];
}

#endif
