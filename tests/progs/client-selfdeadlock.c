/* client-selfdeadlock.c — the client's own code can deadlock: 0.1 takes A then B, 0.2
 * takes B then A, around one queue operation each, outside any operation. */
#include <pthread.h>
#include "queue.h"

static struct queue *q;
static pthread_mutex_t A = PTHREAD_MUTEX_INITIALIZER, B = PTHREAD_MUTEX_INITIALIZER;

static void *one(void *arg)
{
	pthread_mutex_lock(&A);
	queue_add(q, 1);
	pthread_mutex_lock(&B);
	pthread_mutex_unlock(&B);
	pthread_mutex_unlock(&A);
	return NULL;
}

static void *two(void *arg)
{
	pthread_mutex_lock(&B);
	queue_add(q, 2);
	pthread_mutex_lock(&A);
	pthread_mutex_unlock(&A);
	pthread_mutex_unlock(&B);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	q = queue_new();
	pthread_create(&a, NULL, one, NULL);
	pthread_create(&b, NULL, two, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
