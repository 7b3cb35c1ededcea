/* cli/run/call-keys.h — which calls each thread made in a history, as one 64-bit key, and a
 * set of such keys: phase 2 asks whether some serial execution made exactly the calls of a
 * failing history before it trusts the exact serial enumeration's observations. */
#ifndef LINEUP_CLI_CALL_KEYS_H
#define LINEUP_CLI_CALL_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A hash of the history's "call" lines grouped by thread (each thread's calls in order,
 * threads in name order); results, returns and the header do not count. Never 0. */
uint64_t lp_calls_key(const char *history);

/* An open-addressing set of nonzero 64-bit keys. */
struct lp_keyset {
	uint64_t *v;
	size_t n, cap;
};
/* Adds key; true if it was not there yet. */
bool lp_keyset_add(struct lp_keyset *s, uint64_t key);
bool lp_keyset_has(const struct lp_keyset *s, uint64_t key);
void lp_keyset_clear(struct lp_keyset *s);

#endif
