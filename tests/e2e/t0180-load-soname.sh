#!/bin/sh
# t0180-load-soname.sh — a target or --instrument object named by its soname is found as
# the dynamic loader finds it (the client's libraries, LD_LIBRARY_PATH, /etc/ld.so.cache,
# the default folders), in a test description as on the command line; one that is nowhere
# is a one-line error naming it and the fix.
. "$top_srcdir/tests/e2e/test-lib.sh"
lp_require_runtime
lp_require_pc glib-2.0 libglib2.0-dev
lp_require_prog libqueue-trylock.so libbgcount.so libbghelper.so client-dlopen-queue

mkdir -p "$T/lib" "$T/desc"
cp "$P/libqueue-trylock.so" "$T/lib/"
cat > "$T/desc/trylock.lineup" <<DESC
target libqueue-trylock.so
init   q = queue_new()
thread queue_add(q, 200); queue_trytake(q)
thread queue_add(q, 300); queue_trytake(q)
DESC

# a soname found through LD_LIBRARY_PATH (the driver dlopens it the same way)
export LD_LIBRARY_PATH="$T/lib"
lp_run --test desc/trylock.lineup
expect_status 1 "a description's target found by its soname in LD_LIBRARY_PATH: the violation"
expect_out '^targets: libqueue-trylock\.so$' "the target is named as the description names it"
# a client that dlopens it by that name
lp_run --target libqueue-trylock.so -- "$P/client-dlopen-queue" libqueue-trylock.so
expect_status 1 "--target SONAME of a library the client dlopens from LD_LIBRARY_PATH"
expect_out "queue_trytake" "its calls are operations"

# --instrument by soname, with a description (the target's dependency, in LD_LIBRARY_PATH)
printf 'target libbgcount.so\nthread bg_inc()\nthread bg_inc(); bg_get()\n' > "$T/bg.lineup"
export LD_LIBRARY_PATH="$P"
lp_run --instrument libbghelper.so --test bg.lineup
expect_status 0 "--instrument SONAME with a description"
expect_out '^(instrumented|planned): .* in libbghelper\.so$' "the object is in the instrumentation lines"
lp_run --instrument libnope.so.7 --test bg.lineup
expect_error "--instrument object 'libnope\.so\.7' not found: .*LD_LIBRARY_PATH.*: give its path or add its folder to LD_LIBRARY_PATH"
! grep -q client "$ERR"
ok $? "a description has no client: the error speaks of none"
unset LD_LIBRARY_PATH

# nowhere: FILE:LINE, the name, where it was looked for, the fix
lp_run --test desc/trylock.lineup
expect_error "^lineup-preload: desc/trylock\.lineup:1: target 'libqueue-trylock\.so' not found: .*LD_LIBRARY_PATH.*: give its path or add its folder to LD_LIBRARY_PATH$"
lp_run --target libqueue-trylock.so -- "$P/client-dlopen-queue" libqueue-trylock.so
expect_error "target 'libqueue-trylock\.so' not found: client '.*client-dlopen-queue' does not link it"

# a system library by its soname, from /etc/ld.so.cache
cat > "$T/glib.lineup" <<DESC
target    libglib-2.0.so.0
signature g_async_queue_new()->ptr
signature g_async_queue_push(ptr,ptr)->void
signature g_async_queue_try_pop(ptr)->ptr
init      q = g_async_queue_new()
thread    g_async_queue_push(q, 1); g_async_queue_try_pop(q)
thread    g_async_queue_try_pop(q)
DESC
lp_run -p 1 -f 'g_async_queue_*' --test glib.lineup
expect_status 0 "target libglib-2.0.so.0 in a description runs"
expect_verdict "no violation found"
expect_out '^targets: libglib-2\.0\.so\.0$' "GLib is the target"
done_testing
