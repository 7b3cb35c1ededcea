/* cli/analyze/pure-spans.h — steps of an operation from one place to another that touch
 * only the thread's stack though they run through functions it calls inside its object
 * (pure-regions.h, "Spans"). */
#ifndef LINEUP_CLI_PURE_SPANS_H
#define LINEUP_CLI_PURE_SPANS_H

#include "lineup/protocol.h"
#include "pure-view.h"

/* A trapped instruction of the object (file address, ascending); place: an LP_PT_ATOMIC
 * point a span may start or end at (rmw, xchg), not a fence, load, store or pause. */
struct lp_span_site {
	uint64_t offset;
	bool place;
};

/* The spans of the function at entry (its st_value), malloc'ed in *out (func left 0);
 * returns how many. sites: the object's trapped instructions, ascending. */
size_t lp_pure_spans(struct elf_view *v, uint64_t entry, const struct lp_span_site *sites,
		     size_t n_sites, struct lp_span **out);

#endif
