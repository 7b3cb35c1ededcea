/* client-lazyreg.c — one thread writes then reads, two others read. */
#include <pthread.h>
#include "lazyreg.h"

static void *writer(void *arg)
{
	(void)arg;
	lazyreg_write(1);
	lazyreg_read();
	return NULL;
}

static void *reader(void *arg)
{
	(void)arg;
	lazyreg_read();
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	pthread_create(&t[0], NULL, writer, NULL);
	pthread_create(&t[1], NULL, reader, NULL);
	pthread_create(&t[2], NULL, reader, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
