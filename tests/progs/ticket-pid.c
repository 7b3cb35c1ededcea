/* ticket-pid.c — tickets salted with the process id, as some id generators do: the
 * results depend on more than the calls made, so two serial runs of the same calls
 * disagree and no sequential specification can be synthesized (exit 3). */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "ticket.h"

struct ticket {
	pthread_mutex_t lock;
	int next;
};

struct ticket *ticket_new(void)
{
	struct ticket *t = calloc(1, sizeof *t);
	pthread_mutex_init(&t->lock, NULL);
	return t;
}

int ticket_take(struct ticket *t)
{
	int v;
	pthread_mutex_lock(&t->lock);
	v = (int)getpid() * 100 + t->next++;
	pthread_mutex_unlock(&t->lock);
	return v;
}
