/* tests/preload/client-toy.c — client of libtoy: MODE selects what two threads do.
 *   add | racy | deadlock | cond | sem | args | untyped | yield | spin
 * and main's end: nojoin (returns without joining: the others still run), stuck (0.1
 * waits for a put that never comes, main returns), mainexit (main calls pthread_exit). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "toy.h"

static int counter;
static const char *mode = "add";

static void *worker(void *arg)
{
	int id = (int)(long)arg;
	if (!strcmp(mode, "add") || !strcmp(mode, "nojoin") || !strcmp(mode, "mainexit"))
		toy_add(&counter, id * 10);
	else if (!strcmp(mode, "stuck") && id == 1)
		toy_take();
	else if (!strcmp(mode, "racy"))
		toy_racy_add(&counter, id * 10);
	else if (!strcmp(mode, "deadlock"))
		id == 1 ? toy_ab() : toy_ba();
	else if (!strcmp(mode, "cond"))
		id == 1 ? (void)toy_take() : toy_put(42);
	else if (!strcmp(mode, "sem"))
		id == 1 ? (void)toy_sem_take() : toy_sem_give();
	else if (!strcmp(mode, "yield")) {
		sched_yield();
		toy_add(&counter, id);
		usleep(1000);
	} else if (!strcmp(mode, "spin")) {
		static int flag;
		id == 1 ? (void)toy_spin_until(&flag) : (void)toy_add(&flag, 1);
	} else if (!strcmp(mode, "untyped") && id == 2)
		toy_untyped(id);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	if (argc > 1)
		mode = argv[1];
	toy_add(&counter, 1); /* before the fork point: in every history's prefix */
	if (!strcmp(mode, "args")) {
		printf("%s %ld %g\n", toy_echo("hello"), toy_many(1, 2, 3, 4, 5, 6, 7, 8),
		       toy_scale(1.5, 3));
		toy_echo(NULL);
	}
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	if (!strcmp(mode, "nojoin") || !strcmp(mode, "stuck"))
		return 0;
	if (!strcmp(mode, "mainexit"))
		pthread_exit(NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	printf("counter %d\n", toy_get(&counter));
	return 0;
}
