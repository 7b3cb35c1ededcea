/* cli/campaign/test-gen.h — tests generated from a generator description (op lines): random
 * ones (RandomCheck), every distinct one of growing size (AutoCheck), and the smaller
 * variants of a failing test that minimisation tries. Pure: no I/O, no processes.
 *
 * A generated test is a fixed test (thread lines): the generator's targets, signatures,
 * init and final calls, and T threads of K calls, each an op line with every choice
 * argument made concrete. */
#ifndef LINEUP_CLI_CAMPAIGN_TEST_GEN_H
#define LINEUP_CLI_CAMPAIGN_TEST_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/campaign/test-desc.h"

/* Test number index (from 1) of --random with this seed: each op and each choice drawn
 * uniformly, from a generator seeded by (seed, index) alone, so the test does not depend
 * on how many tests run or how they are sharded. */
void lp_tgen_random(const struct lp_tdesc *g, int threads, int calls, uint64_t seed, uint64_t index,
		    struct lp_tdesc *out);

/* The shapes AutoCheck goes through up to threads x calls: 1x1, 2x1, 2x2, 3x2, 3x3, ...
 * (threads first, then calls, alternately). Returns how many (at most max) were written. */
int lp_tgen_auto_shapes(int threads, int calls, int *t_out, int *k_out, int max);

/* AutoCheck's tests of one shape: every multiset of T threads, each a sequence of K op
 * lines (tests that differ only in the order of their threads are one test). Choice
 * arguments take their values in turn over the test's calls (A, A+1, ... for A..B; x, y,
 * z, x, ... for {x, y, z}), so calls of one test get distinct values where they can.
 * lp_tgen_auto_count is their number (UINT64_MAX when it does not fit); lp_tgen_auto
 * builds the n-th (from 0) in a fixed order. */
uint64_t lp_tgen_auto_count(const struct lp_tdesc *g, int threads, int calls);
void lp_tgen_auto(const struct lp_tdesc *g, int threads, int calls, uint64_t n,
		  struct lp_tdesc *out);

/* Minimisation: the i-th (from 0) smaller variant of a fixed test t, or false when there
 * are no more. Variants in order: a thread removed, a call removed, a final call removed,
 * an init call removed whose variable nothing uses, then each integer argument made
 * smaller within what its op line in g allows (toward the low end of its range, or an
 * earlier value of its set). */
bool lp_tmin_variant(const struct lp_tdesc *g, const struct lp_tdesc *t, int i,
		     struct lp_tdesc *out);

/* The number of calls of a fixed test's threads (its size, for reports). */
int lp_test_calls(const struct lp_tdesc *t);

#endif
