/* preload/runtime-tsd.c — thread-specific data destructors, run by the runtime while the
 * finishing thread is still scheduled. glibc runs them after the start routine returns, when
 * the thread no longer takes part in scheduling; a destructor that synchronises (GLib's
 * GPrivate cleanups take a GMutex, i.e. futex calls) would then block for real against a
 * thread the scheduler has paused: a deadlock no schedule explains. Running them here, with
 * POSIX's rounds, leaves glibc nothing to do. Hook path: no malloc. */
#include <limits.h>
#include <pthread.h>

#include "lineup/spinlock.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#define LP_MAX_KEYS 1024 /* PTHREAD_KEYS_MAX on glibc */

static struct {
	pthread_key_t key;
	void (*dtor)(void *);
	int used;
} keys[LP_MAX_KEYS];
static int keys_used; /* slots ever used: a thread's exit scans only those */
static lp_spinlock_t keys_lock;

void lp_rt_key_created(pthread_key_t key, void (*dtor)(void *))
{
	if (!dtor)
		return;
	lp_spin_lock(&keys_lock);
	for (int i = 0; i < LP_MAX_KEYS; i++)
		if (!keys[i].used) {
			keys[i].key = key;
			keys[i].dtor = dtor;
			keys[i].used = 1;
			if (i >= keys_used)
				keys_used = i + 1;
			break;
		}
	lp_spin_unlock(&keys_lock);
}

void lp_rt_key_deleted(pthread_key_t key)
{
	lp_spin_lock(&keys_lock);
	for (int i = 0; i < keys_used; i++)
		if (keys[i].used && keys[i].key == key)
			keys[i].used = 0;
	lp_spin_unlock(&keys_lock);
}

void lp_rt_run_tsd_dtors(void)
{
	for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; round++) {
		int ran = 0;
		lp_spin_lock(&keys_lock);
		int n = keys_used;
		lp_spin_unlock(&keys_lock);
		for (int i = 0; i < n; i++) {
			lp_spin_lock(&keys_lock);
			pthread_key_t key = keys[i].key;
			void (*dtor)(void *) = keys[i].used ? keys[i].dtor : 0;
			lp_spin_unlock(&keys_lock);
			void *v = dtor ? pthread_getspecific(key) : 0;
			if (!v)
				continue;
			pthread_setspecific(key, 0);
			dtor(v); /* may reach scheduling points: the thread is still running */
			ran = 1;
		}
		if (!ran)
			return;
	}
}
