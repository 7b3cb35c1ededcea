/* client-structacc.c — two threads pass structs by value to libstructacc (a client's calls
 * are recorded as a description's: t1302). */
#include <pthread.h>
#include <stddef.h>

#include "structacc.h"

static acc_t *q;

static void *one(void *arg)
{
	(void)arg;
	acc_add(q, (struct delta){1, 2, 3});
	acc_move(q, (struct pt){2, 5});
	return NULL;
}

static void *two(void *arg)
{
	(void)arg;
	acc_weigh(q, (struct mix){2.5, 4});
	acc_mixed(q, 1, 2, 3, 4, (struct span){5, 6}, 7, 8.0);
	acc_tag(q, (tagged_t){{1, 2}, 3.5f});
	acc_tight(q, (struct tight){1, 2});
	return NULL;
}

int main(void)
{
	q = acc_new();
	pthread_t a, b;
	pthread_create(&a, NULL, one, NULL);
	pthread_create(&b, NULL, two, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	acc_get(q);
	return 0;
}
