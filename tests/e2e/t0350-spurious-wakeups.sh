#!/bin/sh
# t0350-spurious-wakeups.sh — no spurious wake-ups unless asked for: a mailbox whose get
# waits with `if` instead of `while` passes by default and is a violation with
# --spurious-wakeups (a get returns from an empty slot); the correct one passes both ways
# (its retry finds the slot empty and waits again: stuck, as in every serial order).
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_prog libmbox.so client-mbox libmbox-if.so client-mbox-if

lp_run -- "$P/client-mbox-if"
expect_status 0 "if-wait, default: exit status 0 (a condition wait returns only when signalled)"
expect_verdict "no violation found"

lp_run --spurious-wakeups -- "$P/client-mbox-if"
expect_status 1 "if-wait, --spurious-wakeups: exit status 1"
expect_verdict "violation"
expect_out "mbox_get[(]0x[0-9a-f]*[)]"
expect_out "in the serial executions it never returns [(]stuck[)]"
expect_out "note: with --spurious-wakeups, a condition wait in this history may have returned without a signal"
expect_out "^replay: .*--spurious-wakeups"
sched=$(report_field schedule)
lp_run --spurious-wakeups --replay "$sched" -- "$P/client-mbox-if"
expect_status 1 "if-wait, replay of $sched: exit status 1"
expect_out "^# note: with --spurious-wakeups, a condition wait in this history may have returned without a signal"
expect_out "^# verdict: violation$"

lp_run --spurious-wakeups -- "$P/client-mbox"
expect_status 0 "while-wait, --spurious-wakeups: exit status 0"
expect_verdict "no violation found"
done_testing
