#!/bin/sh
# t0915-real-glib-threadpool.sh — GLib's GThreadPool: its worker is created inside a push,
# by whichever client thread pushes first, and runs client tasks that lock a GMutex. Calls
# made by a thread the library created are the library's own work, not operations of the
# test: before, the worker's g_mutex_lock calls were operations (of 0.1.1 or 0.2.1,
# depending on the schedule), phase 1 ran many times the serial orders and took
# g_thread_pool_free, which waits for the worker, for stuck.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_pc glib-2.0 libglib2.0-dev
lp_require_prog client-glib-pool

"$P/client-glib-pool"
ok $? "natively, both tasks run"
lp_run -p 1 --target libglib-2.0.so.0 -- "$P/client-glib-pool"
expect_status 0
expect_verdict "no violation found"
expect_out '^phase 1: 2 serial executions, 2 distinct histories' \
	"phase 1: one execution per order of the two pushes"
lp_run --replay c: --target libglib-2.0.so.0 -- "$P/client-glib-pool"
expect_status 0 "--replay of the default schedule"
expect_out '^0\.[12] call g_thread_pool_push\(' "the pushes are operations"
expect_no_out '^0\.[0-9]+\.[0-9]+ call' "the worker's calls are not operations"
expect_no_out '^stuck' "the history is not stuck"
done_testing
