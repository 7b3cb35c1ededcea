/* queue.h — a bounded FIFO of ints shared by the two queue test libraries. */
#ifndef TESTS_PROGS_QUEUE_H
#define TESTS_PROGS_QUEUE_H

struct queue;

struct queue *queue_new(void);
void queue_add(struct queue *q, int v);
/* The oldest element, or -1 when the queue is empty. */
int queue_trytake(struct queue *q);

#endif
