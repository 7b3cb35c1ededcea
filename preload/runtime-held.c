/* preload/runtime-held.c — the locks held at a decision, as the decision record lists them
 * for the explorer's held-back runs (protocol.h, struct lp_held; scheduler/explore.h): the
 * pthread mutexes each thread took through the models (runtime-sync.c), and the --lock
 * words met (trap.c) that differ from what their swap expects. Hook path, no libc. */
#include <stdbool.h>

#include "preload.h"
#include "runtime.h"
#include "sys.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

void lp_rt_held_add(const pthread_mutex_t *m)
{
	for (unsigned i = 0; i < lp_self->n_held; i++)
		if (lp_self->held[i] == m)
			return;
	/* a full list leaves one out: the explorer only assumes less */
	if (lp_self->n_held < LP_HELD_MAX)
		lp_self->held[lp_self->n_held++] = m;
}

void lp_rt_held_drop(const pthread_mutex_t *m)
{
	for (unsigned i = 0; i < lp_self->n_held; i++)
		if (lp_self->held[i] == m) {
			lp_self->held[i] = lp_self->held[--lp_self->n_held];
			return;
		}
}

static struct lp_word *word_entry(uintptr_t addr)
{
	for (unsigned i = 0; i < lp_rt.n_words; i++)
		if (lp_rt.words[i].addr == addr)
			return &lp_rt.words[i];
	return NULL;
}

void lp_rt_word_seen(uintptr_t addr, uint64_t unlocked, uint8_t size)
{
	struct lp_word *w = word_entry(addr);
	if (w)
		w->mixed |= w->unlocked != unlocked || w->size != size;
	else if (lp_rt.n_words < LP_HELD_MAX)
		lp_rt.words[lp_rt.n_words++] = (struct lp_word){
		    .addr = addr, .unlocked = unlocked, .size = size, .holder = LP_TID_NONE};
}

void lp_rt_word_taken(uintptr_t addr, lp_tid_t holder)
{
	struct lp_word *w = word_entry(addr);
	if (w)
		w->holder = holder;
}

int lp_rt_lock_wait(const struct lp_thread *t, uint32_t point)
{
	if (point == LP_PT_SYNC)
		return t->lock_wait != NULL;
	const struct lp_word *w =
	    point == LP_PT_ATOMIC && t->word_wait ? word_entry(t->word_wait) : NULL;
	return w && !w->mixed;
}

/* The size (1, 2, 4, 8) bytes at addr, read without faulting (what a list names may have
 * been freed and unmapped since): false when they are not mapped. */
static bool load_quietly(uintptr_t addr, unsigned size, uint64_t *v)
{
	*v = 0;
	return sys_read_self(lp_rt.pid, v, (const void *)addr, size) == (long)size;
}

unsigned lp_rt_held_now(struct lp_held *out)
{
	unsigned n = 0;
	uint64_t v;
	for (unsigned i = 0; i < lp_rt.n; i++) {
		const struct lp_thread *t = &lp_rt.th[i];
		if (t->state == LP_T_FREE || t->state == LP_T_FINISHED) /* its ktid may be reused */
			continue;
		for (unsigned j = 0; j < t->n_held; j++) {
			const pthread_mutex_t *m = t->held[j];
			if (load_quietly((uintptr_t)&m->__data.__owner, 4, &v) &&
			    (int32_t)v == t->ktid)
				out[n++] = (struct lp_held){.addr = (uintptr_t)m, .holder = t->tid};
		}
	}
	for (unsigned i = 0; !lp_rt.words_free && i < lp_rt.n_words; i++) {
		const struct lp_word *w = &lp_rt.words[i];
		if (!w->mixed && load_quietly(w->addr, w->size, &v) && v != w->unlocked)
			out[n++] = (struct lp_held){.addr = w->addr, .holder = w->holder};
	}
	return n;
}
