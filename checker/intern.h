/* checker/intern.h — string interning: every event text and function name becomes a dense
 * id, so the trie compares integers. Strings added after a mark can be dropped again
 * (lp_intern_rollback): concurrent histories must not grow the table forever. */
#ifndef LP_CHECKER_INTERN_H
#define LP_CHECKER_INTERN_H

#include <stddef.h>
#include <stdint.h>

#define LP_NO_STR UINT32_MAX

struct lp_intern;

struct lp_intern *lp_intern_new(void);
void lp_intern_free(struct lp_intern *t);
uint32_t lp_intern_add(struct lp_intern *t, const char *s, size_t len);
uint32_t lp_intern_find(const struct lp_intern *t, const char *s, size_t len); /* or LP_NO_STR */
const char *lp_intern_str(const struct lp_intern *t, uint32_t id);
uint32_t lp_intern_count(const struct lp_intern *t); /* the mark to roll back to */
void lp_intern_rollback(struct lp_intern *t, uint32_t mark);

#endif
