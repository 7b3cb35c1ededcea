/* semw.c — a correct semaphore wrapper: wait blocks at zero by specification, so a stuck
 * wait with no post is justified (a serial run gets stuck the same way). */
#include <semaphore.h>
#include <stdlib.h>
#include "semw.h"

struct semw {
	sem_t sem;
};

struct semw *semw_new(unsigned initial)
{
	struct semw *s = malloc(sizeof *s);
	sem_init(&s->sem, 0, initial);
	return s;
}

void semw_wait(struct semw *s)
{
	while (sem_wait(&s->sem) != 0)
		; /* EINTR */
}

void semw_post(struct semw *s) { sem_post(&s->sem); }

int semw_trywait(struct semw *s) { return sem_trywait(&s->sem) == 0 ? 0 : -1; }
