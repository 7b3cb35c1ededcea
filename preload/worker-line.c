/* preload/worker-line.c — passing a worker's turn past ended executions (worker-line.h). */
#include "worker-line.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

bool lp_worker_line_ended(struct lp_worker_line *l, volatile uint32_t *turn, uint32_t ticket)
{
	bool moved = false;
	l->ended[l->n_ended++] = ticket;
	for (;;) {
		uint32_t t = __atomic_load_n(turn, __ATOMIC_ACQUIRE);
		bool at_turn = false;
		for (unsigned i = 0; i < l->n_ended;) {
			if (l->ended[i] == t || lp_ticket_before(l->ended[i], t)) {
				at_turn |= l->ended[i] == t;
				l->ended[i] = l->ended[--l->n_ended];
			} else {
				i++;
			}
		}
		if (!at_turn)
			return moved;
		/* the turn's holder is gone: nobody else can pass it on */
		__atomic_store_n(turn, t + 1, __ATOMIC_RELEASE);
		moved = true;
	}
}
