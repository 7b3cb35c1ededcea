/* tests/preload/client-dlopen.c — loads the target late (argv[1]) and calls it through
 * a dlsym'd pointer from two threads. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static int (*add)(int *, int);
static int counter;

static void *worker(void *arg)
{
	add(&counter, (int)(long)arg);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	void *h = dlopen(argc > 1 ? argv[1] : "libtoy.so", RTLD_NOW);
	if (!h) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	add = (int (*)(int *, int))dlsym(h, "toy_add");
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	printf("counter %d\n", counter);
	return 0;
}
