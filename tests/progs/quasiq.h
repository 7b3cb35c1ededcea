/* quasiq.h — a queue of ints whose dequeues may come out of order (quasi linearizability,
 * Afek et al.; Round-Up). Built three ways from quasiq.c:
 *   libquasiq.so         each dequeue may take the second oldest instead of the oldest
 *                        (never twice in a row): out of order by at most one;
 *   libquasiq-by2.so     may take the third oldest: out of order by two (a bug for K = 1);
 *   libquasiq-strict.so  plain FIFO: the golden model (--spec-from). */
#ifndef TESTS_PROGS_QUASIQ_H
#define TESTS_PROGS_QUASIQ_H
struct quasiq;
struct quasiq *qq_new(void);
void qq_enq(struct quasiq *q, int v);
int qq_deq(struct quasiq *q); /* -1 when empty */
#endif
