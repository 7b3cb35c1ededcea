/* tests/preload/futex-toy.h — a tiny target that waits and wakes on one futex word through
 * libc's syscall(), as GLib and liburcu do. Results are the call's, or -errno. */
#ifndef FUTEX_TOY_H
#define FUTEX_TOY_H
long fx_wait(int val);			     /* FUTEX_WAIT_PRIVATE, no timeout */
long fx_timed_wait(int val);		     /* FUTEX_WAIT_PRIVATE, 10 ms */
long fx_wait_bitset(int val, unsigned bits); /* FUTEX_WAIT_BITSET | CLOCK_REALTIME */
long fx_wake(int n);			     /* FUTEX_WAKE_PRIVATE */
long fx_wake_bitset(int n, unsigned bits);
long fx_requeue(void);	/* FUTEX_CMP_REQUEUE_PRIVATE: not modelled */
long fx_syscalls(void); /* 1 if getpid and a failing close pass through */
#endif
