/* cli/run/symmetry.h — identical threads in phase 1 (issue 11). Threads that main created
 * and that make the same calls with the same arguments are interchangeable when the
 * library treats them alike: phase 1 runs one serial order of each class of orders that
 * differ only by swapping them (scheduler/explore.h, "Symmetry") and derives the others'
 * histories by relabelling the threads. Pure text functions over histories
 * (lineup-history(5)); no processes. */
#ifndef LINEUP_CLI_SYMMETRY_H
#define LINEUP_CLI_SYMMETRY_H

#include <stdbool.h>
#include <stddef.h>

#include "scheduler/explore.h"

/* At most this many members a group (4! relabellings each): larger sets of identical
 * threads are split into groups of this size, still a symmetry. */
#define LP_SYMMETRY_GROUP_MAX 4

/* The groups of a serial history: threads created by main, with the same sequence of call
 * texts, that created no thread themselves; at least two a group. Returns the members
 * written to m (at most max). */
size_t lp_symmetry_groups(const char *history, struct lp_symmetry_member *m, size_t max);

/* Whether the members of each group behaved alike in this history: two members whose
 * first j calls had the same results made the same call next (so their code is the same
 * as far as the library can tell). */
bool lp_symmetry_consistent(const char *history, const struct lp_symmetry_member *m, size_t n);

/* The canonical form of a lazy request "T1 T2 ... [+ U1 ...]\n" (lazy-run.h): the
 * members of each group renamed so that they first appear in the order of their tids. Every
 * request of one class (orders that differ only by swapping members) has the same canonical
 * form, and a relabelling of its history answers each of them. Returns it malloc'ed. */
char *lp_symmetry_canonical(const char *request, const struct lp_symmetry_member *m, size_t n);

/* Calls f with each history obtained by swapping the members of the groups (every
 * permutation within each group, but the identity); the header's schedule= becomes
 * symmetric-to=. Returns how many. */
size_t lp_symmetry_relabel(const char *history, const struct lp_symmetry_member *m, size_t n,
			   void (*f)(const char *history, void *ctx), void *ctx);

#endif
