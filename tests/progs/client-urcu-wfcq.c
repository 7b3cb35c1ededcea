/* client-urcu-wfcq.c — liburcu-cds's wait-free concurrent queue as an unmodified target:
 * main enqueues node a; thread 0.1 enqueues b; thread 0.2 dequeues twice with the blocking
 * dequeue (which spins with pause, then sleeps in poll). Nodes are static. */
#include <pthread.h>
#include <urcu/wfcqueue.h>

static struct cds_wfcq_head head;
static struct cds_wfcq_tail tail;
static struct cds_wfcq_node a, b;

static void *enqueuer(void *arg)
{
	(void)arg;
	cds_wfcq_enqueue(&head, &tail, &b);
	return NULL;
}

static void *dequeuer(void *arg)
{
	(void)arg;
	cds_wfcq_dequeue_blocking(&head, &tail);
	cds_wfcq_dequeue_blocking(&head, &tail);
	return NULL;
}

int main(void)
{
	pthread_t t1, t2;
	cds_wfcq_init(&head, &tail);
	cds_wfcq_node_init(&a);
	cds_wfcq_node_init(&b);
	cds_wfcq_enqueue(&head, &tail, &a);
	pthread_create(&t1, NULL, enqueuer, NULL);
	pthread_create(&t2, NULL, dequeuer, NULL);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	return 0;
}
