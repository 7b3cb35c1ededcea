#!/bin/sh
# bench/atomics.sh — what trapping atomic instructions costs, as ratios measured in one run:
# (1) time per trapped `lock add` under lineup-preload against the same instruction run
#     natively: (wall(N) - wall(0)) / (executions * N), bench/preload/lockadd.c as target;
# (2) executions/s on the Treiber stack test (tests/progs) against the bare fork-server
#     floor of bench/preload/floor (the floor bench/exec.sh uses).
# Usage: bench/atomics.sh [BUILDDIR]   (make bench-atomics; needs `make check` programs, jq)
set -eu
top_builddir=$(cd "${1:-${top_builddir:-.}}" && pwd)
LP=$top_builddir/lineup-preload
P=$top_builddir/tests/progs
B=$top_builddir/bench/preload
FLOOR=$B/floor
N=${LP_BENCH_N:-20000}
REPEAT=${LP_BENCH_REPEAT:-3}
BOUND=${LP_BENCH_BOUND:-2}

for f in "$LP" "$FLOOR" "$B/client-lockadd" "$B/liblockadd.so" "$P/client-stack-treiber" \
	"$P/libstack-treiber.so"; do
	[ -e "$f" ] || { echo "bench/atomics.sh: '$f' is missing: run make check first" >&2; exit 2; }
done
command -v jq >/dev/null 2>&1 || { echo "bench/atomics.sh: jq is missing: apt-get install jq" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"${2:-%.3f}\", $1 }"; }

# run NAME ARGS...: best wall time of REPEAT runs of lineup-preload -q --json ARGS; sets
# ${NAME}_wall and ${NAME}_e1 ${NAME}_e2 (executions of phase 1 and 2, from --json).
run() {
	name=$1
	shift
	best=""
	for i in $(seq "$REPEAT"); do
		t0=$(now)
		rc=0
		"$LP" -q --phase1 eager --json "$tmp/$name.json" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || rc=$?
		t1=$(now)
		if [ "$rc" != 0 ]; then
			echo "bench/atomics.sh: lineup-preload $* exited $rc:" >&2
			tail -n 3 "$tmp/$name.err" "$tmp/$name.out" >&2
			exit 1
		fi
		w=$(calc "$t1 - $t0" %.6f)
		if [ -z "$best" ] || [ "$(calc "($w < $best)" %d)" = 1 ]; then best=$w; fi
	done
	e1=$(jq -r '.phase1.executions' "$tmp/$name.json")
	e2=$(jq -r '.phase2.executions' "$tmp/$name.json")
	eval "${name}_wall=$best ${name}_e1=$e1 ${name}_e2=$e2"
}

# untrapped NAME: the run's --json warnings say atomic instructions were not trapped.
trapped=yes
untrapped() { jq -e '.warnings // [] | any(test("not yet scheduling points"))' "$tmp/$1.json" >/dev/null; }

echo "bench-atomics: best of $REPEAT runs each"
# (1) one worker thread, -p 0: no preemption, the same thread continues at every site, so
# the difference is the trap, the scheduler's decision and the out-of-line execution.
lockadd() { run "$1" -p 0 --max-steps $((N * 4 + 1000)) --target "$B/liblockadd.so" -- "$B/client-lockadd" "$2"; }
lockadd l0 0
lockadd ln "$N"
if [ "$l0_e1:$l0_e2" != "$ln_e1:$ln_e2" ]; then
	echo "bench/atomics.sh: N=0 and N=$N ran different numbers of executions ($l0_e1+$l0_e2, $ln_e1+$ln_e2)" >&2
	exit 1
fi
untrapped ln && trapped=no
execs=$((ln_e1 + ln_e2))
native=$("$B/client-lockadd" 1000000 native 5 | sed -n 's/^native-ns-per-instr //p')
trap_ns=$(calc "($ln_wall - $l0_wall) * 1e9 / ($execs * $N)" %.1f)
echo "  (1) lock add: $execs executions x N=$N: wall $(calc "$ln_wall" %.3f) s vs N=0 $(calc "$l0_wall" %.3f) s"
if [ "$(calc "($trap_ns > 0)" %d)" = 1 ]; then
	echo "      under lineup-preload $trap_ns ns per instruction; native $native ns:" \
		"ratio $(calc "$trap_ns / $native" %.0f)x"
else
	echo "      under lineup-preload: below the noise of the run (N=$N); native $native ns"
fi
[ "$trapped" = yes ] || echo "      (this build does not trap atomic instructions yet: the figure is the untrapped cost)"

# (2) Treiber stack: the whole run and the marginal phase-2 rate (-p BOUND minus -p 0, same
# phase 1), against the fork-server floor with 2 threads (the client's shape).
run t0 -p 0 --target "$P/libstack-treiber.so" -- "$P/client-stack-treiber"
run tb -p "$BOUND" --target "$P/libstack-treiber.so" -- "$P/client-stack-treiber"
untrapped tb && trapped=no
"$FLOOR" 1000 2 >"$tmp/floor"
fork_rate=$(sed -n 's/^fork-exit //p' "$tmp/floor")
threads_rate=$(sed -n 's/^fork-threads //p' "$tmp/floor")
overall=$(calc "($tb_e1 + $tb_e2) / $tb_wall" %.0f)
echo "  (2) Treiber stack -p $BOUND: $tb_e1 phase-1 + $tb_e2 phase-2 executions in $(calc "$tb_wall" %.3f) s:" \
	"$overall executions/s overall (start-up included)"
if [ "$tb_e2" -gt "$t0_e2" ] && [ "$(calc "($tb_wall > $t0_wall)" %d)" = 1 ]; then
	marginal=$(calc "($tb_e2 - $t0_e2) / ($tb_wall - $t0_wall)" %.0f)
	echo "      marginal phase 2 (-p $BOUND minus -p 0): $marginal executions/s"
else
	marginal=$overall
	echo "      (marginal phase-2 rate not separable: using the overall rate)"
fi
echo "      floor: fork+_exit+waitpid $fork_rate/s; fork + 2 threads create/join $threads_rate/s"
echo "      ratio (threads floor / tool): marginal $(calc "$threads_rate / $marginal" %.2f)x," \
	"overall $(calc "$threads_rate / $overall" %.2f)x"
[ "$trapped" = yes ] || echo "      (this build does not trap atomic instructions yet)"
