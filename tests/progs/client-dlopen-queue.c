/* client-dlopen-queue.c — the queue test of client-queue.c with the library opened at run
 * time: argv[1] is its path, the functions come from dlsym. Every execution must record
 * the operations, not only the first (the target is mapped after the fork point). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct queue;
static struct queue *(*q_new)(void);
static void (*q_add)(struct queue *, int);
static int (*q_trytake)(struct queue *);
static struct queue *q;

static void *nothing(void *arg) { return NULL; }

static void *adder(void *arg)
{
	q_add(q, 200);
	return NULL;
}

static void *taker(void *arg)
{
	q_trytake(q);
	q_trytake(q);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t a, b;
	void *lib;

	/* The fork point comes first: the library is mapped in each execution, after it. */
	pthread_create(&a, NULL, nothing, NULL);
	pthread_join(a, NULL);
	if (argc != 2 || !(lib = dlopen(argv[1], RTLD_NOW))) {
		fprintf(stderr, "usage: client-dlopen-queue LIBQUEUE.so\n");
		return 2;
	}
	q_new = (struct queue * (*)(void)) dlsym(lib, "queue_new");
	q_add = (void (*)(struct queue *, int))dlsym(lib, "queue_add");
	q_trytake = (int (*)(struct queue *))dlsym(lib, "queue_trytake");
	q = q_new();
	q_add(q, 10);
	pthread_create(&a, NULL, adder, NULL);
	pthread_create(&b, NULL, taker, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
