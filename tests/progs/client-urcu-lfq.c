/* client-urcu-lfq.c — liburcu-cds's RCU lock-free queue (cds_lfq) as an unmodified target:
 * threads 0.1 and 0.2 enqueue a node each, thread 0.3 dequeues twice; each in an RCU
 * read-side section, as the queue requires. A dequeue frees the queue's old dummy node
 * with call_rcu, which starts liburcu's call_rcu thread inside the operation. Nodes are
 * static and never freed (the callback does nothing): dequeues return fixed addresses.
 * Built with -g and without _LGPL_SOURCE, so the calls go to the libraries. */
#include <pthread.h>
#include <urcu.h>
#include <urcu/rculfqueue.h>

static struct cds_lfq_queue_rcu q;
static struct cds_lfq_node_rcu a, b;

static void enqueue(struct cds_lfq_node_rcu *n)
{
	rcu_register_thread();
	rcu_read_lock();
	cds_lfq_enqueue_rcu(&q, n);
	rcu_read_unlock();
	rcu_unregister_thread();
}

static void *enq_a(void *arg)
{
	enqueue(&a);
	return arg;
}

static void *enq_b(void *arg)
{
	enqueue(&b);
	return arg;
}

static void *deq(void *arg)
{
	rcu_register_thread();
	for (int i = 0; i < 2; i++) {
		rcu_read_lock();
		cds_lfq_dequeue_rcu(&q);
		rcu_read_unlock();
	}
	rcu_unregister_thread();
	return arg;
}

int main(void)
{
	pthread_t t[3];
	cds_lfq_node_init_rcu(&a);
	cds_lfq_node_init_rcu(&b);
	cds_lfq_init_rcu(&q, call_rcu);
	pthread_create(&t[0], NULL, enq_a, NULL);
	pthread_create(&t[1], NULL, enq_b, NULL);
	pthread_create(&t[2], NULL, deq, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
