#!/bin/sh
# t0582-phase1-lazy-hint.sh — lazy phase 1's requests carry a hint (lineup-checker(1),
# --lazy): after the operation asked for, the order the witness search goes on in, which
# the serial execution follows as far as the client lets it and then leaves for the
# default order. A client whose threads make more or fewer calls depending on what they
# were given cannot always follow it (clearest under sequential consistency, whose search
# ignores real time): the execution must then go on, never answer "none" or stop, and the
# verdict stays eager phase 1's. LINEUP_DEBUG_LAZY lists each request and how much of it
# ran.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd cc gcc
lp_require_prog libqueue-lock.so libqueue-trylock.so client-queue-grid-trylock

cat > "$T/client-retake.c" <<'C'
#include <pthread.h>
#include "queue.h"

static struct queue *q;

/* adds, then takes again only when it was given something */
static void *worker(void *arg)
{
	queue_add(q, (int)(long)arg);
	if (queue_trytake(q) >= 0)
		queue_trytake(q);
	return NULL;
}

int main(void)
{
	pthread_t t[3];
	q = queue_new();
	for (long i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
C
cc -O1 -I"$top_srcdir/tests/progs" -o "$T/client-retake" "$T/client-retake.c" \
	"$P/libqueue-lock.so" -Wl,-rpath,"$P" -pthread 2>"$T/cc.err"
ok $? "the client builds" || cat "$T/cc.err"

# requests LOG: how many; hinted: with a '+'; short: not followed to their end
requests() { grep -c . "$T/$1"; }
hinted() { grep -c ' + ' "$T/$1"; }
short() { awk '$(NF-2) != $NF' "$T/$1" | grep -c .; }

lp_run -p 1 --criterion sequential --phase1 eager --target "$P/libqueue-lock.so" -- ./client-retake
expect_status 0 "sequential consistency, eager phase 1: no violation"
LINEUP_DEBUG_LAZY=$T/seq.log lp_run -p 1 --criterion sequential --phase1 lazy \
	--target "$P/libqueue-lock.so" -- ./client-retake
expect_status 0 "sequential consistency, lazy phase 1: no violation either"
expect_out "^phase 1: [0-9]+ serial executions.*\(lazy" "phase 1 ran lazily"
[ "$(requests seq.log)" -gt 0 ] && [ "$(hinted seq.log)" -gt 0 ]
ok $? "requests carry hints ($(hinted seq.log) of $(requests seq.log))"
[ "$(short seq.log)" -gt 0 ]
ok $? "some hints could not be followed to their end ($(short seq.log)), and the run went on"
grep -q '^[^+]* + .* -> [0-9]* of [0-9]*$' "$T/seq.log" &&
	awk '{ n = 0; for (i = 1; $i != "->"; i++) if ($i != "+") n++; if (n != $NF) exit 1 }' \
		"$T/seq.log"
ok $? "each line names the request and how many of its operation starts ran"

# Linearizability: hints are followed, and the buggy 3x3 queue's violation is eager's.
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-240}
lp_run -p 1 --no-root-cause --phase1 eager --target "$P/libqueue-trylock.so" -- \
	"$P/client-queue-grid-trylock" 3 3
expect_status 1 "3x3 trylock queue, eager: a violation"
eager_sched=$(report_field schedule)
LINEUP_DEBUG_LAZY=$T/lin.log lp_run -p 1 --no-root-cause --phase1 lazy \
	--target "$P/libqueue-trylock.so" -- "$P/client-queue-grid-trylock" 3 3
expect_violation_report
[ "$(report_field schedule)" = "$eager_sched" ]
ok $? "3x3 trylock queue, lazy with hints: eager's first violation ('$eager_sched')"
[ "$(hinted lin.log)" -gt 0 ] && [ "$(short lin.log)" = 0 ]
ok $? "linearizability: $(hinted lin.log) of $(requests lin.log) requests hinted, every hint followed"
done_testing
