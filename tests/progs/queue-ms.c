/* queue-ms.c — the Michael-Scott lock-free queue (PODC 1996) with CAS on head, tail and next
 * pointers. Dequeued nodes are never freed (no ABA through memory reuse): linearizable. */
#include <stdlib.h>
#include "queue.h"

struct node {
	struct node *next;
	int v;
};

struct queue {
	struct node *head; /* a dummy node: the oldest element is head->next */
	struct node *tail;
};

static struct node *load(struct node **p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

static int cas(struct node **p, struct node *old, struct node *new)
{
	return __atomic_compare_exchange_n(p, &old, new, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

struct queue *queue_new(void)
{
	struct queue *q = malloc(sizeof *q);
	struct node *dummy = calloc(1, sizeof *dummy);

	q->head = q->tail = dummy;
	return q;
}

void queue_add(struct queue *q, int v)
{
	struct node *n = calloc(1, sizeof *n);

	n->v = v;
	for (;;) {
		struct node *tail = load(&q->tail);
		struct node *next = load(&tail->next);

		if (tail != load(&q->tail))
			continue;
		if (next) { /* tail lags: help it along */
			cas(&q->tail, tail, next);
			continue;
		}
		if (cas(&tail->next, NULL, n)) {
			cas(&q->tail, tail, n);
			return;
		}
	}
}

int queue_trytake(struct queue *q)
{
	for (;;) {
		struct node *head = load(&q->head);
		struct node *tail = load(&q->tail);
		struct node *next = load(&head->next);

		if (head != load(&q->head))
			continue;
		if (head == tail) {
			if (!next)
				return -1;
			cas(&q->tail, tail, next);
			continue;
		}
		/* read before the CAS: after it another dequeuer may take next as its dummy */
		int v = next->v;

		if (cas(&q->head, head, next))
			return v;
	}
}
