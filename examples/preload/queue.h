/* queue.h — the demo queue's interface. */
#ifndef DEMO_QUEUE_H
#define DEMO_QUEUE_H

struct queue;

struct queue *queue_new(void);
void queue_add(struct queue *q, int v);
int queue_trytake(struct queue *q); /* oldest element, or -1 if the queue is empty */

#endif
