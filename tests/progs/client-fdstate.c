/* client-fdstate.c OUT IN — opens OUT (truncated) and IN before its first pthread_create,
 * then reads IN and appends to OUT after it: natively OUT is "start\n" then the number
 * read from IN and the two results. Every execution under the tool must see the same
 * descriptors, and OUT must end as a native run leaves it. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "queue.h"

static struct queue *q;

static void *adder(void *arg)
{
	queue_add(q, 200);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t a;
	char in[32] = "", line[96];

	if (argc != 3)
		return 2;
	int out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int inp = open(argv[2], O_RDONLY);
	if (out < 0 || inp < 0 || write(out, "start\n", 6) != 6)
		return 2;
	q = queue_new();
	pthread_create(&a, NULL, adder, NULL);
	ssize_t n = read(inp, in, sizeof in - 1);
	int v = n > 0 ? atoi(in) : -1;
	queue_add(q, v);
	pthread_join(a, NULL);
	int r1 = queue_trytake(q), r2 = queue_trytake(q);
	snprintf(line, sizeof line, "%d %d %d\n", v, r1 < r2 ? r1 : r2, r1 < r2 ? r2 : r1);
	if (write(out, line, strlen(line)) < 0)
		return 2;
	return 0;
}
