#!/bin/sh
# t1285-test-shard-auto-merge.sh — --shard auto takes K/N from a Slurm array task's or a
# Kubernetes Indexed Job's variables and says which (plan line, JSON shard_source), with
# one-line errors when it cannot; merge reads a folder as its files, and a shard without a
# report is named and never counted as passed (verdict incomplete, exit 2).
. "$top_srcdir/tests/e2e/test-lib.sh"
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-300}
lp_require_runtime
lp_require_prog libqueue-lock.so
lp_require_cmd jq jq

cat > "$T/correct.lineup" <<DESC
target $P/libqueue-lock.so
init   q = queue_new()
op     queue_add(q, 1..9)
op     queue_trytake(q)
DESC
gen="--test $T/correct.lineup --random 4 --shape 2x1 -p 0 --no-root-cause -j 1"
mkdir -p "$T/out"

# Slurm: --array=0-1 (ids from 0) gives shards 1/2 and 2/2
for id in 0 1; do
	# shellcheck disable=SC2086
	SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=1 SLURM_ARRAY_TASK_COUNT=2 \
		lp_run $gen --shard auto --json "$T/out/r$id.json"
done
expect_status 0 "a Slurm array task's shard passes"
expect_out "^tests: 4 random tests of 2x1, seed 1, shard 2/2 \(--shard auto, slurm: SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_COUNT=2\)$" \
	"the plan line says the shard came from SLURM_ARRAY_TASK_ID and _MIN, _COUNT"
jq -e '.shard == "2/2" and .shard_source.kind == "slurm" and .exit == 0
	and (.shard_source.variables | test("SLURM_ARRAY_TASK_ID=1"))
	and ([.results[].index] == [2, 4])' "$T/out/r1.json" >/dev/null
ok $? "the JSON report has the shard, its source and the slice's tests (2, 4)"

# Kubernetes: the index gives K, the count must be given
# shellcheck disable=SC2086
JOB_COMPLETION_INDEX=1 lp_run $gen --shard auto
expect_error "JOB_COMPLETION_INDEX=1 gives the shard but not how many there are: write --shard auto/N"
# shellcheck disable=SC2086
JOB_COMPLETION_INDEX=0 lp_run $gen --shard auto/2 --json "$T/k0.json"
expect_status 0 "--shard auto/2 in an Indexed Job pod"
jq -e '.shard == "1/2" and .shard_source.kind == "kubernetes"
	and .shard_source.variables == "JOB_COMPLETION_INDEX=0"' "$T/k0.json" >/dev/null
ok $? "JOB_COMPLETION_INDEX=0 is shard 1/2, and the report says so"
# shellcheck disable=SC2086
env -u SLURM_ARRAY_TASK_ID -u JOB_COMPLETION_INDEX "$LP" $gen --shard auto >"$OUT" 2>"$ERR"
RC=$?
expect_error "neither SLURM_ARRAY_TASK_ID .* nor JOB_COMPLETION_INDEX .* is set: give --shard K/N"
# shellcheck disable=SC2086
lp_run $gen --shard auto/0
expect_error "bad value 'auto/0' for --shard"

# merge: a folder is its *.json files
lp_run merge "$T/out/r0.json" "$T/out/r1.json"
cp "$OUT" "$T/files.out"
lp_run merge "$T/out"
expect_status 0 "merge of the folder: no violation found"
expect_out '^shards: 2 reports, 4 of 4 generated tests run$' "merge of the folder: every test counted once"
cmp -s "$T/files.out" "$OUT"
ok $? "merging the folder says what merging its files says"

# a shard without a report: named, not counted as passed
rm "$T/out/r1.json"
lp_run merge "$T/out"
expect_status 2 "a missing shard: exit 2"
expect_out '^shard 2/2: no report' "the missing shard is named"
expect_out '^unfinished: shard 2/2 did not check all its tests: none of those counts as passed$' \
	"its tests are not counted as passed"
expect_verdict "incomplete: shard 2/2 did not finish: run it again and merge"
mkdir "$T/empty"
lp_run merge "$T/empty"
expect_error "no \*.json report in '$T/empty'"
done_testing
