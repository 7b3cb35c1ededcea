#!/bin/sh
# t1280-test-slurm-campaign.sh — examples/slurm/campaign.sbatch on a real one-node Slurm
# cluster: the test writes a minimal slurm.conf, starts munged, slurmctld and slurmd on
# localhost (its own ports, state and sockets in $T), submits the example (a 4-task array
# with --shard auto, then a merge job depending on it) and checks that the merged verdict,
# the lowest failing test (as generated: minimisation is t1210's) and the counts are those
# of the unsharded run; the daemons are stopped afterwards. Skipped, saying why, only where the daemons
# cannot start (a chroot without the needed kernel interfaces, say).
. "$top_srcdir/tests/e2e/test-lib.sh"
LP_TEST_TIMEOUT=${LP_TEST_TIMEOUT:-300}
lp_require_runtime
lp_require_prog libqueue-trylock.so
lp_require_cmd jq jq
lp_require_cmd munged munge
lp_require_cmd mungekey munge
lp_require_cmd slurmctld slurmctld
lp_require_cmd slurmd slurmd
lp_require_cmd sbatch slurm-client
lp_require_cmd squeue slurm-client

S=$T/slurm
note() { echo "# $*"; }
node=$(uname -n)
port=$((20000 + $$ % 20000))
mkdir -p "$S/state" "$S/spool" "$S/munge"
chmod 700 "$S/munge"
stop_daemons() {
	[ -f "$S/slurm.conf" ] && SLURM_CONF=$S/slurm.conf scancel --quiet -u "$(id -un)" 2>/dev/null
	for p in "$S/slurmd.pid" "$S/slurmctld.pid" "$S/munge/munged.pid"; do
		[ -s "$p" ] && kill "$(cat "$p")" 2>/dev/null
	done
	sleep 1
}
trap 'stop_daemons; lp_cleanup' EXIT

cat > "$S/slurm.conf" <<CONF
ClusterName=lineup
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$S/munge/munge.sock
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=lineup Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$S/slurm.conf"

# the daemons; any that does not come up is a skip naming it, with its log's last line
cannot_start() {
	stop_daemons
	skip_all "cannot start $1 on this machine ($(tail -n 1 "$2" 2>/dev/null))"
}
mungekey --create --keyfile="$S/munge/munge.key" 2>"$S/munge/mungekey.log" ||
	cannot_start mungekey "$S/munge/mungekey.log"
chmod 400 "$S/munge/munge.key"
munged --socket="$S/munge/munge.sock" --key-file="$S/munge/munge.key" --force \
	--pid-file="$S/munge/munged.pid" --log-file="$S/munge/munged.log" \
	--seed-file="$S/munge/seed" 2>>"$S/munge/munged.log" || cannot_start munged "$S/munge/munged.log"
slurmctld -i 2>>"$S/slurmctld.log" || cannot_start slurmctld "$S/slurmctld.log"
slurmd 2>>"$S/slurmd.log" || cannot_start slurmd "$S/slurmd.log"
i=0
until sinfo -h -o %T 2>/dev/null | grep -q '^idle'; do
	i=$((i + 1))
	[ $i -lt 40 ] || cannot_start "the node (slurmd)" "$S/slurmd.log"
	sleep 0.5
done
note "slurm $(sinfo -V | cut -d' ' -f2): node $node idle, $(nproc) CPUs"

cat > "$T/buggy.lineup" <<DESC
target $P/libqueue-trylock.so
init   q = queue_new()
op     queue_add(q, 1..9)
op     queue_trytake(q)
DESC
# --no-minimise: the failing test as generated (minimisation is t1210's), which keeps the
# test quick
args="--random 8 --shape 2x2 --seed 2 -p 1 --no-root-cause --no-minimise"
start=$(date +%s)

# the unsharded run
# shellcheck disable=SC2086
lp_run --test "$T/buggy.lineup" $args -j 1 --json "$T/all.json"
all_rc=$RC
all_verdict=$(tail -n 1 "$OUT")
first=$(jq '.violation.index' "$T/all.json")
[ "$all_rc" = 1 ] && [ "$first" -gt 1 ]
ok $? "unsharded: a violation, first at test $first (not test 1: shards other than one take part)"
note "unsharded: exit $all_rc, $(jq .tests "$T/all.json") tests, $all_verdict ($(($(date +%s) - start)) s)"
start=$(date +%s)

# the example, as a user runs it
out=$(cd "$T" && LINEUP_PRELOAD=$LP LINEUP_ARGS=$args LINEUP_CPUS=1 LINEUP_OUT=$T/campaign \
	sh "$top_srcdir/examples/slurm/campaign.sbatch" "$T/buggy.lineup" 4 2>&1)
ok $? "campaign.sbatch submits the array and the merge: $out"
array=$(echo "$out" | sed -n 's/^shards: job \([0-9]*\) .*/\1/p')
merge=$(echo "$out" | sed -n 's/.*merge: job \([0-9]*\);.*/\1/p')
i=0
while squeue -h -j "$array,$merge" 2>/dev/null | grep -q .; do
	i=$((i + 1))
	[ $i -lt 600 ] || break
	sleep 0.5
done
! squeue -h -j "$array,$merge" 2>/dev/null | grep -q .
ok $? "jobs $array (array) and $merge (merge) ended ($(($(date +%s) - start)) s after submission)"
for k in 1 2 3 4; do
	note "shard $k/4: $(sed -n 2p "$T/campaign/shard-$k.out"); $(tail -n 1 "$T/campaign/shard-$k.out")"
done
sed 's/^/# merge: /' "$T/campaign/merge.out"

jq -e '.shard_source.kind == "slurm"' "$T/campaign/reports/shard-3.json" >/dev/null &&
	grep -q '^tests: .*, shard 3/4 (--shard auto, slurm: SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=1' "$T/campaign/shard-3.out"
ok $? "each shard says it took 3/4 from SLURM_ARRAY_TASK_ID and _MIN (text and JSON)"
merge_exit=$(scontrol show job "$merge" | sed -n 's/.*ExitCode=\([0-9]*\):.*/\1/p')
[ "$merge_exit" = "$all_rc" ]
ok $? "the merge job's exit status is the unsharded one ($merge_exit, $all_rc)"
[ "$(tail -n 1 "$T/campaign/merge.out")" = "$all_verdict" ]
ok $? "the merged verdict is the unsharded one"
grep -q "^first violation: test $first " "$T/campaign/merge.out"
ok $? "the merged first violation is the unsharded one (test $first)"
jq -j '.violation.test' "$T/all.json" > "$T/all.min"
sed -n '/^first violation: /,/^verdict: /p' "$T/campaign/merge.out" | sed '1d;$d' > "$T/merged.min"
cmp -s "$T/all.min" "$T/merged.min"
ok $? "the merged failing test is the unsharded one"
counts=$(jq -r '"shards: 4 reports, \(.tests) of \(.generated) generated tests run",
	"executions: \([.results[].phase1_executions] | add) in phase 1, \([.results[].phase2_executions] | add) in phase 2"' "$T/all.json")
[ "$(grep -E '^(shards|executions): ' "$T/campaign/merge.out")" = "$counts" ]
ok $? "the merged counts are the unsharded ones ($(echo "$counts" | tr '\n' ' '))"
done_testing
