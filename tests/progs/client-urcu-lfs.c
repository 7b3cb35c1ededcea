/* client-urcu-lfs.c — liburcu-cds's lock-free stack as an unmodified target: main pushes
 * node a; thread 0.1 pushes b; thread 0.2 pops twice (the only popper, as __cds_lfs_pop
 * requires). Nodes are static and never reused: pops return their fixed addresses.
 * Built with -g and without _LGPL_SOURCE, so the calls go to liburcu-cds.so and this
 * program's DWARF gives their types (cds_lfs_push returns bool: only %al is meaningful). */
#include <pthread.h>
#include <urcu/lfstack.h>

static struct __cds_lfs_stack s; /* no mutex: only __cds_lfs_* calls */
static struct cds_lfs_node a, b;

static void *pusher(void *arg)
{
	cds_lfs_push(&s, &b);
	return NULL;
}

static void *popper(void *arg)
{
	__cds_lfs_pop(&s);
	__cds_lfs_pop(&s);
	return NULL;
}

int main(void)
{
	pthread_t t1, t2;

	__cds_lfs_init(&s);
	cds_lfs_node_init(&a);
	cds_lfs_node_init(&b);
	cds_lfs_push(&s, &a);
	pthread_create(&t1, NULL, pusher, NULL);
	pthread_create(&t2, NULL, popper, NULL);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	return 0;
}
