// client-thrower.cc — two threads: one call whose exception the library catches itself,
// one whose exception escapes the operation and is caught here.
#include <cstdio>
#include <pthread.h>
#include <stdexcept>
#include "thrower.h"

static int caught;

static void *worker(void *arg)
{
	long i = (long)arg;
	if (i == 1) {
		thrower_call(0);
		thrower_call(1);
	} else {
		try {
			thrower_call(-1);
		} catch (const std::invalid_argument &) {
			caught++;
		}
		thrower_call(2);
	}
	return nullptr;
}

int main()
{
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], nullptr, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], nullptr);
	std::printf("caught %d\n", caught);
	return caught == 1 ? 0 : 1;
}
