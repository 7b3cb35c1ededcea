/* preload/sys.h — the only way the preload reaches the kernel: raw system calls, as rr's
 * preload does. libc's wrappers may be interposed by the client (or by us), may take locks
 * or set errno; these do none of that. tests/preload/imports.sh fails the build's check when
 * the library imports a libc system-call wrapper again.
 *
 * Every sys_<name> returns what the kernel returns: a result >= 0, or -errno on failure.
 * errno is never read nor written, so a hook using them has nothing to restore for them.
 * The exception is sys_mmap, which returns MAP_FAILED on failure as mmap does (no caller
 * needs the reason). x86-64 only, like the rest of the preload. */
#ifndef LP_PRELOAD_SYS_H
#define LP_PRELOAD_SYS_H

#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>

static inline long lp_syscall(long n, long a, long b, long c, long d, long e, long f)
{
	long ret;
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}

/* ---- processes and threads ---- */
#define sys_gettid() ((int32_t)lp_syscall(SYS_gettid, 0, 0, 0, 0, 0, 0))
#define sys_getpid() ((int32_t)lp_syscall(SYS_getpid, 0, 0, 0, 0, 0, 0))
#define sys_getppid() ((int32_t)lp_syscall(SYS_getppid, 0, 0, 0, 0, 0, 0))
#define sys_sched_yield() lp_syscall(SYS_sched_yield, 0, 0, 0, 0, 0, 0)
#define sys_tgkill(p, t, s) lp_syscall(SYS_tgkill, (p), (t), (s), 0, 0, 0)
#define sys_exit_group(s) lp_syscall(SYS_exit_group, (s), 0, 0, 0, 0, 0)
/* A bare fork: no pthread_atfork handlers, no libc state updated (forksrv.c). */
#define sys_fork() lp_syscall(SYS_fork, 0, 0, 0, 0, 0, 0)
#define sys_prctl(op, a) lp_syscall(SYS_prctl, (op), (long)(a), 0, 0, 0, 0)
#define sys_pidfd_open(pid) lp_syscall(SYS_pidfd_open, (pid), 0, 0, 0, 0, 0)
static inline long sys_waitpid(int pid, int *status, int options)
{
	return lp_syscall(SYS_wait4, pid, (long)status, options, 0, 0, 0);
}
/* The CPU the caller runs on, or -errno. */
static inline long sys_getcpu(void)
{
	unsigned cpu = 0;
	long r = lp_syscall(SYS_getcpu, (long)&cpu, 0, 0, 0, 0, 0);
	return r < 0 ? r : (long)cpu;
}
static inline long sys_sched_setaffinity(int pid, size_t size, const cpu_set_t *set)
{
	return lp_syscall(SYS_sched_setaffinity, pid, (long)size, (long)set, 0, 0, 0);
}
static inline long sys_getrlimit(int resource, struct rlimit *rl)
{
	return lp_syscall(SYS_prlimit64, 0, resource, 0, (long)rl, 0, 0);
}

/* ---- futexes ---- */
#define sys_futex_wait(w, v)                                                                       \
	lp_syscall(SYS_futex, (long)(w), 0 /* FUTEX_WAIT */ | 128 /* PRIVATE */, (v), 0, 0, 0)
/* A wait the kernel's wake at a thread's exit (CLONE_CHILD_CLEARTID) reaches: not private. */
#define sys_futex_wait_shared(w, v)                                                                \
	lp_syscall(SYS_futex, (long)(w), 0 /* FUTEX_WAIT */, (v), 0, 0, 0)
#define sys_futex_wake(w, n)                                                                       \
	lp_syscall(SYS_futex, (long)(w), 1 /* FUTEX_WAKE */ | 128 /* PRIVATE */, (n), 0, 0, 0)
/* Across processes (memory shared between a fork server and its children) */
#define sys_futex_wake_shared(w, n)                                                                \
	lp_syscall(SYS_futex, (long)(w), 1 /* FUTEX_WAKE */, (n), 0, 0, 0)

/* ---- files and descriptors ---- */
#define sys_write(fd, b, n) lp_syscall(SYS_write, (fd), (long)(b), (long)(n), 0, 0, 0)
#define sys_read(fd, b, n) lp_syscall(SYS_read, (fd), (long)(b), (long)(n), 0, 0, 0)
#define sys_close(fd) lp_syscall(SYS_close, (fd), 0, 0, 0, 0, 0)
#define sys_close_range(lo, hi, flags) lp_syscall(SYS_close_range, (lo), (hi), (flags), 0, 0, 0)
#define sys_getdents64(fd, b, n) lp_syscall(SYS_getdents64, (fd), (long)(b), (long)(n), 0, 0, 0)
#define sys_poll(p, n, ms) lp_syscall(SYS_poll, (long)(p), (long)(n), (ms), 0, 0, 0)
static inline long sys_open(const char *path, int flags)
{
	return lp_syscall(SYS_openat, AT_FDCWD, (long)path, flags, 0, 0, 0);
}
static inline long sys_stat(const char *path, struct stat *st)
{
	return lp_syscall(SYS_newfstatat, AT_FDCWD, (long)path, (long)st, 0, 0, 0);
}
static inline long sys_fstat(int fd, struct stat *st)
{
	return lp_syscall(SYS_fstat, fd, (long)st, 0, 0, 0, 0);
}
static inline long sys_lseek(int fd, long off, int whence)
{
	return lp_syscall(SYS_lseek, fd, off, whence, 0, 0, 0);
}
static inline long sys_ftruncate(int fd, long size)
{
	return lp_syscall(SYS_ftruncate, fd, size, 0, 0, 0, 0);
}
static inline long sys_fcntl(int fd, int cmd, long arg)
{
	return lp_syscall(SYS_fcntl, fd, cmd, arg, 0, 0, 0);
}

/* ---- memory ---- */
/* Copies n bytes at addr of this process into buf; returns n, or -EFAULT where they are
 * not mapped (a read that cannot fault). */
static inline long sys_read_self(int pid, void *buf, const void *addr, size_t n)
{
	struct iovec local = {buf, n}, remote = {(void *)(uintptr_t)addr, n};
	return lp_syscall(SYS_process_vm_readv, pid, (long)&local, 1, (long)&remote, 1, 0);
}

static inline void *sys_mmap(void *addr, size_t size, int prot, int flags, int fd, long off)
{
	long r = lp_syscall(SYS_mmap, (long)addr, (long)size, prot, flags, fd, off);
	return (unsigned long)r > -4096UL ? MAP_FAILED : (void *)r;
}
static inline long sys_munmap(void *addr, size_t size)
{
	return lp_syscall(SYS_munmap, (long)addr, (long)size, 0, 0, 0, 0);
}
static inline long sys_mprotect(void *addr, size_t size, int prot)
{
	return lp_syscall(SYS_mprotect, (long)addr, (long)size, prot, 0, 0, 0);
}

#endif
