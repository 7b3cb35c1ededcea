/* client-stack.c — main creates the stack and pushes 10; thread 0.1 pushes 20 then pops;
 * thread 0.2 pops. Linked against either stack library. */
#include <pthread.h>
#include "stack.h"

static struct stack *s;

static void *push_pop(void *arg)
{
	stack_push(s, 20);
	stack_pop(s);
	return NULL;
}

static void *pop(void *arg)
{
	stack_pop(s);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	s = stack_new();
	stack_push(s, 10);
	pthread_create(&a, NULL, push_pop, NULL);
	pthread_create(&b, NULL, pop, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
