# test-lib.sh — shared by the end-to-end tests tests/e2e/tNNNN-<area>-<detail>.sh: TAP
# output, paths to the built tools and test programs, and one way to run lineup-preload.
#
# Conventions (see also tests/e2e/README)
# - A test sources this file, calls lp_require_preload or lp_require_runtime (the whole test
#   is one TAP skip, "1..0 # SKIP ...", while $top_builddir/lineup-preload, or for tests that
#   run the client also liblineup-preload.so, is not built; once built the test runs and
#   asserts; checks needing only the cli run as soon as it exists, see skip_unless_runtime), runs the tool with lp_run, asserts with the expect_* helpers
#   (one TAP line each) and ends with done_testing (prints the plan "1..N" last).
# - Every program outside the base system the test calls (jq, pgrep, pigz, c++...) is named
#   with lp_require_cmd PROGRAM PACKAGE after lp_require_runtime (tests/require.sh): when
#   it is missing the test is a "Bail out!" naming the package, not a skip. skip/skip_all
#   are only for what the machine cannot do (a namespace the sandbox forbids) and say why.
# - lp_run runs under a time limit (LP_TEST_TIMEOUT seconds, default 60 times the load per
#   CPU, 1x to 8x: lp_time_limit): a hang is a
#   failure, never a stuck test suite. It leaves stdout in $OUT, stderr in $ERR and the exit
#   status in $RC; each test works in its own scratch directory $T, removed on exit unless
#   LP_TEST_KEEP=1.
# - Assert on the contract only: the exit status, the last stdout line ("verdict: ..."),
#   the one-line "lineup-preload: ..." errors, the "schedule:" / "replay:" lines, the
#   history format and key report words. Addresses, timings and counts are never compared
#   verbatim.
# - Test programs come from tests/progs (built by `make check`, see tests/local.mk);
#   $P is their directory in the build tree.

set -u

: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
. "$top_srcdir/tests/require.sh" # lp_require_cmd PROGRAM PACKAGE, lp_require_pc MODULE PACKAGE
: "${top_builddir:=$(pwd)}"
LP=$top_builddir/lineup-preload
CHECKER=$top_builddir/lineup-checker
P=$top_builddir/tests/progs
test_name=$(basename "$0" .sh)

test_count=0
test_failed=0

T=$(mktemp -d "${TMPDIR:-/tmp}/lp-$test_name.XXXXXX") || exit 99
lp_cleanup() { [ "${LP_TEST_KEEP:-0}" = 1 ] || rm -rf "$T"; }
trap lp_cleanup EXIT
OUT=$T/stdout ERR=$T/stderr RC=0
: >"$OUT"
: >"$ERR"

# skip_all REASON: the whole test is skipped.
skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

lp_require_preload() {
	[ -x "$LP" ] || skip_all "lineup-preload is not built yet ($LP)"
}

# lp_have_runtime: the injected library is built too (where lineup-preload looks for it),
# so the client can really run. Checks that fail before any run need only the cli.
lp_have_runtime() {
	[ -n "${LINEUP_PRELOAD_LIB:-}" ] || [ -e "$top_builddir/.libs/liblineup-preload.so" ] ||
		[ -e "$top_builddir/liblineup-preload.so" ]
}

lp_require_runtime() {
	lp_require_preload
	lp_have_runtime || skip_all "liblineup-preload.so is not built yet"
}

# skip_unless_runtime N: when the runtime is missing, print N skips and return 1.
skip_unless_runtime() {
	lp_have_runtime && return 0
	i=0
	while [ "$i" -lt "$1" ]; do
		skip "liblineup-preload.so is not built yet"
		i=$((i + 1))
	done
	return 1
}

# lp_require_prog NAME...: the test programs must have been built (make check builds them).
lp_require_prog() {
	for p in "$@"; do
		[ -e "$P/$p" ] || bail_out "test program $P/$p is missing: run make check"
	done
}

bail_out() {
	echo "Bail out! $*"
	exit 1
}

# diag FILE [LABEL]: show a file as TAP comments (first 60 lines).
diag() {
	[ -s "$1" ] || return 0
	echo "# --- ${2:-$(basename "$1")}"
	sed -n '1,60s/^/#   /p' "$1"
}

# lp_time_limit: seconds one run of the tool may take: LP_TEST_TIMEOUT, or 60 scaled by the
# machine's load per CPU (1x to 8x): a suite run beside other work runs executions several
# times slower, and a fixed limit then fails tests that are only slow; a hang still fails.
lp_time_limit() {
	if [ -n "${LP_TEST_TIMEOUT:-}" ]; then
		echo "$LP_TEST_TIMEOUT"
		return
	fi
	awk -v n="$(nproc 2>/dev/null || echo 1)" \
		'{ f = $1 / n; if (f < 1) f = 1; if (f > 8) f = 8; printf "%d\n", 60 * f + 0.5 }' \
		/proc/loadavg 2>/dev/null || echo 60
}

# lp_run ARGS...: run lineup-preload ARGS from the scratch directory.
lp_run() {
	echo "# \$ lineup-preload $*"
	RC=0
	limit=$(lp_time_limit)
	(cd "$T" && exec timeout -k 5 "$limit" "$LP" "$@") >"$OUT" 2>"$ERR" || RC=$?
	if [ "$RC" = 124 ] || [ "$RC" = 137 ]; then
		echo "# lineup-preload did not finish within $limit s (exit $RC)"
	fi
}

# ok COND_STATUS DESCRIPTION: one TAP line; on failure show the last run's output.
ok() {
	test_count=$((test_count + 1))
	if [ "$1" = 0 ]; then
		printf 'ok %d - %s\n' "$test_count" "$2"
	else
		printf 'not ok %d - %s\n' "$test_count" "$2"
		test_failed=$((test_failed + 1))
		echo "#   (exit status $RC)"
		diag "$OUT" stdout
		diag "$ERR" stderr
	fi
}

skip() {
	test_count=$((test_count + 1))
	printf 'ok %d # SKIP %s\n' "$test_count" "$*"
}

expect_status() {
	[ "$RC" = "$1" ]
	ok $? "${2:-exit status $1}"
}

# expect_verdict WORDS: stdout's last line is exactly "verdict: WORDS".
expect_verdict() {
	[ "$(tail -n 1 "$OUT")" = "verdict: $1" ]
	ok $? "last line is 'verdict: $1'"
}

# expect_error SUBJECT_REGEX: exit 2, stderr is one line "lineup-preload: ..." matching the
# (extended, case-insensitive) regex, and stdout has no verdict line.
expect_error() {
	expect_status 2 "exits with status 2 (set-up error)"
	[ "$(grep -c . "$ERR")" = 1 ] && grep -q '^lineup-preload: ' "$ERR"
	ok $? "stderr is one line starting 'lineup-preload: '"
	grep -Eiq -- "$1" "$ERR"
	ok $? "the error says /$1/"
	! grep -q '^verdict:' "$OUT"
	ok $? "no verdict line"
}

# expect_out REGEX [DESC]: stdout has a line matching the extended regex.
expect_out() {
	grep -Eq -- "$1" "$OUT"
	ok $? "${2:-report matches /$1/}"
}

expect_no_out() {
	! grep -Eq -- "$1" "$OUT"
	ok $? "${2:-report does not match /$1/}"
}

# expect_atomics_trapped: the run really made the target's atomic instructions scheduling
# points (no summary warning that none were trapped, by this build or by the preload).
expect_atomics_trapped() {
	expect_no_out 'not yet scheduling points|trapped no atomic instruction|LINEUP_PLAN_SITES=0' \
		"atomic instructions were trapped (no warning that they were not)"
}

# expect_all_sites_trapped: besides, no site was left uninstrumented (small test libraries).
expect_all_sites_trapped() {
	expect_atomics_trapped
	expect_no_out '^[[:space:]]*not instrumented:|could not (be )?trap' "every site was instrumented"
}

# report_field NAME: the value of the report line "NAME: value" (first one).
report_field() {
	sed -n "s/^[[:space:]]*$1: //p" "$OUT" | head -n 1
}

# expect_violation_report: the contract lines of a violation report.
expect_violation_report() {
	expect_status 1 "exits with status 1 (violation)"
	expect_verdict violation
	expect_out '^[[:space:]]*schedule: c:[0-9b.@,]*$' "report has a 'schedule: c:...' line"
	expect_out '^[[:space:]]*replay: .*--replay' "report has a 'replay: ... --replay ...' line"
}

# run_replay: run the command of the last report's "replay:" line, from the scratch
# directory, into $T/replay.out (status in $REPLAY_RC).
run_replay() {
	cmd=$(report_field replay)
	echo "# \$ $cmd"
	REPLAY_RC=0
	(cd "$T" && exec timeout -k 5 "$(lp_time_limit)" sh -c "$cmd") >"$T/replay.out" 2>"$T/replay.err" ||
		REPLAY_RC=$?
}

# lp_outcomes FILE: the distinct outcomes among the histories phase 2 checked (written by
# LINEUP_DEBUG_HISTORIES): each thread's calls and results, real-time order left out (a
# reduced search checks each trace's most ordered history, which implies the less ordered
# ones), one line each, sorted.
lp_outcomes() {
	sed 's/^history [^|]*| //' "$1" | awk -F' [|] ' '{
		split("", s); n = 0
		for (i = 1; i <= NF; i++) {
			if ($i == "end") continue
			split($i, w, " "); t = w[1]
			if (!(t in s)) { n++; ts[n] = t }
			s[t] = s[t] ";" substr($i, length(t) + 2)
		}
		for (k = 1; k <= n; k++) printf "%d\t%s%s\n", NR, ts[k], s[ts[k]]
	}' | sort -t "$(printf '\t')" -k1,1n -k2,2 |
		awk -F'\t' '$1 != p { if (NR > 1) print l; l = ""; p = $1 } { l = l " [" $2 "]" }
			END { print l }' | sort -u
}

# lp_same_outcomes A B WHAT: the history files A and B (LINEUP_DEBUG_HISTORIES) show the
# same outcomes, and some.
lp_same_outcomes() {
	lp_outcomes "$1" >"$1.res"
	lp_outcomes "$2" >"$2.res"
	[ -s "$1.res" ] && cmp -s "$1.res" "$2.res"
	ok $? "$3 ($(wc -l <"$1.res") distinct)"
}

done_testing() {
	echo "1..$test_count"
	[ "$test_failed" = 0 ]
	exit $?
}
