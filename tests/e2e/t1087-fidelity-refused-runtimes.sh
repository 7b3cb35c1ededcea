#!/bin/sh
# t1087-fidelity-refused-runtimes.sh — clients built with a sanitizer or with OpenMP are
# refused at once with the real cause and the fix. Before, ASan was refused as "no
# parameter types for 'puts'" (libasan taken for the target), OpenMP only after a 10 s
# watchdog as an uncontrolled blocking call.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libqueue-lock.so

cat > "$T/client.c" <<'CLIENT'
#include <pthread.h>
#include <stdio.h>
#include "queue.h"
static struct queue *q;
static void *worker(void *a) { queue_add(q, (int)(long)a); queue_trytake(q); return NULL; }
int main(void)
{
	pthread_t t[2];
	q = queue_new();
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	puts("done");
	return 0;
}
CLIENT
cat > "$T/omp.c" <<'CLIENT'
#include <stdio.h>
#include "queue.h"
int main(void)
{
	struct queue *q = queue_new();
#pragma omp parallel num_threads(2)
	{
		queue_add(q, 1);
		queue_trytake(q);
	}
	puts("done");
	return 0;
}
CLIENT
cc=${CC:-cc}
build() { # build NAME SOURCE FLAGS...: a client linked with libqueue-lock
	name=$1 src=$2
	shift 2
	"$cc" -g "$@" -I"$top_srcdir/tests/progs" -o "$T/$name" "$T/$src" "$P/libqueue-lock.so" \
		-Wl,-rpath,"$P" 2>/dev/null && "$T/$name" >/dev/null 2>&1
}

LP_TEST_TIMEOUT=30
if build asan client.c -pthread -fsanitize=address; then
	lp_run -- "$T/asan"
	expect_error 'built with AddressSanitizer .*rebuild it without -fsanitize=address'
else
	skip "the compiler cannot build and run an ASan program here"
fi
if build tsan client.c -pthread -fsanitize=thread; then
	lp_run -- "$T/tsan"
	expect_error 'built with ThreadSanitizer .*rebuild it without -fsanitize=thread'
else
	skip "the compiler cannot build and run a TSan program here"
fi
if build omp omp.c -fopenmp; then
	start=$(date +%s)
	lp_run -- "$T/omp"
	expect_error 'built with OpenMP \(libgomp\) .*pthread_create'
	[ $(($(date +%s) - start)) -lt 8 ]
	ok $? "refused at once, not after the 10 s watchdog"
else
	skip "the compiler cannot build and run an OpenMP program here"
fi
# The same client without either runtime runs as usual.
build plain client.c -pthread
ok $? "the plain client builds and runs"
lp_run -- "$T/plain"
expect_status 0 "the plain client: exit 0"
done_testing
