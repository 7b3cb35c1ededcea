/* stack-treiber.c — Treiber's lock-free stack: push and pop swing the top with a CAS (lock
 * cmpxchg). Nodes are never freed, so there is no ABA through memory reuse: linearizable. */
#include <stdlib.h>
#include "stack.h"

struct node {
	struct node *next;
	long v;
};

struct stack {
	struct node *top;
};

struct stack *stack_new(void) { return calloc(1, sizeof(struct stack)); }

void stack_push(struct stack *s, long v)
{
	struct node *n = malloc(sizeof *n);

	n->v = v;
	n->next = __atomic_load_n(&s->top, __ATOMIC_ACQUIRE);
	while (!__atomic_compare_exchange_n(&s->top, &n->next, n, 0, __ATOMIC_RELEASE,
					    __ATOMIC_ACQUIRE))
		;
}

long stack_pop(struct stack *s)
{
	struct node *t = __atomic_load_n(&s->top, __ATOMIC_ACQUIRE);

	while (t && !__atomic_compare_exchange_n(&s->top, &t, t->next, 0, __ATOMIC_ACQ_REL,
						 __ATOMIC_ACQUIRE))
		;
	return t ? t->v : -1; /* t is never freed: reading t->v late is safe */
}
