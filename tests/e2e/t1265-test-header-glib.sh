#!/bin/sh
# t1265-test-header-glib.sh — an installed library by its soname, typed from its own header
# (issue 35): GLib's GAsyncQueue with `header <glib.h>` and `pkg-config glib-2.0` and no
# signature line (gpointer, gboolean and the struct pointer resolve through the compiler);
# the same from the command line (--header, --pkg-config) for a client built without -g.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_cmd cc gcc
lp_require_cmd pkg-config pkg-config
lp_require_pc glib-2.0 libglib2.0-dev

cat > "$T/glib.lineup" <<DESC
target     libglib-2.0.so.0
header     <glib.h>
pkg-config glib-2.0
init       q = g_async_queue_new()
thread     g_async_queue_push(q, 1); g_async_queue_try_pop(q)
thread     g_async_queue_try_pop(q)
DESC
lp_run -p 1 -f 'g_async_queue_*' --test glib.lineup
expect_status 0 "GAsyncQueue typed from <glib.h>: runs"
expect_verdict "no violation found"
lp_run --replay c: -f 'g_async_queue_*' --test glib.lineup
expect_out '^0\.1 call g_async_queue_push\(0x[0-9a-f]+, 0x1\)$' "gpointer arguments print as pointers"
expect_out '^0\.1 ret void$' "g_async_queue_push returns void (the header says so)"
expect_out '^0\.2 ret 0x0$' "try_pop of an empty queue gives NULL (gpointer)"

# without the pkg-config line the header does not compile: said, with the fix
grep -v pkg-config "$T/glib.lineup" > "$T/nopc.lineup"
lp_run -f 'g_async_queue_*' --test nopc.lineup
expect_error "header <glib\.h> does not compile .*: check the header and pkg-config values"
# an unknown package
sed 's/^pkg-config .*/pkg-config glib-9.9/' "$T/glib.lineup" > "$T/badpc.lineup"
lp_run -f 'g_async_queue_*' --test badpc.lineup
expect_error "pkg-config does not know 'glib-9\.9': install its development package"

# a client built without -g: types from --header and --pkg-config
cat > "$T/client.c" <<'C'
#include <glib.h>
#include <pthread.h>
static GAsyncQueue *q;
static void *one(void *a) { g_async_queue_push(q, a); return g_async_queue_try_pop(q); }
int main(void)
{
	pthread_t t[2];
	q = g_async_queue_new();
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], 0, one, (void *)(i + 1));
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], 0);
	return 0;
}
C
cc -g0 -pthread -o "$T/client" "$T/client.c" $(pkg-config --cflags --libs glib-2.0)
ok $? "the client builds"
lp_run -p 1 -f 'g_async_queue_*' -- ./client
expect_error "no parameter types for .*g_async_queue_push"
lp_run -p 1 -f 'g_async_queue_*' --header '<glib.h>' --pkg-config glib-2.0 -- ./client
expect_status 0 "the client typed from --header <glib.h> --pkg-config glib-2.0"
expect_verdict "no violation found"
done_testing
