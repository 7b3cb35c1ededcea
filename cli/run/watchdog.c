/* cli/run/watchdog.c — names the blocking call of a thread that never reached a scheduling
 * point: /proc/PID/task/KTID/syscall gives the call, its stack pointer and pc; the first
 * word on the stack that points into executable code is taken as the caller. A thread
 * running in user space is stopped with ptrace for its pc (we are its ancestor). */
#include "watchdog.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/analyze/analyze.h"
#include "cli/run/spin-samples.h"
#include "lineup/buf.h"
#include "lineup/die.h"

static const struct {
	long nr;
	const char *name;
} calls[] = {
    {0, "read"},
    {1, "write"},
    {7, "poll"},
    {17, "pread64"},
    {19, "readv"},
    {23, "select"},
    {34, "pause"},
    {35, "nanosleep"},
    {42, "connect"},
    {43, "accept"},
    {44, "sendto"},
    {45, "recvfrom"},
    {46, "sendmsg"},
    {47, "recvmsg"},
    {61, "wait4"},
    {65, "semop"},
    {69, "msgsnd"},
    {70, "msgrcv"},
    {72, "fcntl"},
    {73, "flock"},
    {128, "rt_sigtimedwait"},
    {130, "rt_sigsuspend"},
    {202, "futex"},
    {208, "io_getevents"},
    {230, "clock_nanosleep"},
    {232, "epoll_wait"},
    {247, "waitid"},
    {257, "openat"},
    {270, "pselect6"},
    {271, "ppoll"},
    {281, "epoll_pwait"},
    {288, "accept4"},
    {299, "recvmmsg"},
    {441, "epoll_pwait2"},
    {449, "futex_waitv"},
};

static int executable(pid_t pid, uint64_t addr)
{
	char path[64], line[512];
	snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	int ok = 0;
	while (!ok && fgets(line, sizeof line, f)) {
		uint64_t lo, hi;
		char perms[8];
		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s", &lo, &hi, perms) == 3)
			ok = addr >= lo && addr < hi && perms[2] == 'x';
	}
	fclose(f);
	return ok;
}

static uint64_t caller(pid_t pid, uint64_t sp)
{
	char path[64];
	uint64_t words[256];
	snprintf(path, sizeof path, "/proc/%d/mem", (int)pid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	ssize_t n = pread(fd, words, sizeof words, (off_t)sp);
	close(fd);
	for (ssize_t i = 0; n > 0 && i < n / 8; i++)
		if (words[i] > 0x1000 && executable(pid, words[i]))
			return words[i];
	return 0;
}

/* The pc of a running thread, or 0 when it cannot be stopped (ptrace not permitted). */
static uint64_t running_pc(pid_t ktid)
{
	if (ptrace(PTRACE_SEIZE, ktid, NULL, NULL))
		return 0;
	struct user_regs_struct regs;
	uint64_t pc = 0;
	int st;
	if (!ptrace(PTRACE_INTERRUPT, ktid, NULL, NULL) && waitpid(ktid, &st, __WALL) == ktid &&
	    WIFSTOPPED(st) && !ptrace(PTRACE_GETREGS, ktid, NULL, &regs))
		pc = regs.rip;
	ptrace(PTRACE_DETACH, ktid, NULL, NULL);
	return pc;
}

uint64_t lp_watchdog_pc(pid_t ktid) { return running_pc(ktid); }

/* Whether the thread's system-call state says it runs in user space. */
static bool in_user_space(pid_t pid, pid_t ktid)
{
	char path[96], line[64] = "";
	snprintf(path, sizeof path, "/proc/%d/task/%d/syscall", (int)pid, (int)ktid);
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	if (!fgets(line, sizeof line, f))
		line[0] = 0;
	fclose(f);
	return !strncmp(line, "running", 7);
}

enum { SPIN_SAMPLES = 8 };

/* Stops the seized thread and reads its registers; it stays stopped. */
static bool stop_and_read(pid_t ktid, struct user_regs_struct *r)
{
	int st;
	return !ptrace(PTRACE_INTERRUPT, ktid, NULL, NULL) && waitpid(ktid, &st, __WALL) == ktid &&
	       WIFSTOPPED(st) && !ptrace(PTRACE_GETREGS, ktid, NULL, r);
}

/* Lets the seized thread go. Detaching needs it stopped; a thread that ended while seized
 * is reported to us first, and its parent (the fork server) sees its end only once we
 * collected it: never leave one behind. */
static void release(pid_t ktid)
{
	for (int tries = 0; tries < 1000; tries++) {
		if (!ptrace(PTRACE_DETACH, ktid, NULL, NULL))
			return;
		int st;
		pid_t w = waitpid(ktid, &st, __WALL | WNOHANG);
		if (w == ktid && (WIFEXITED(st) || WIFSIGNALED(st)))
			return;
		if (w < 0 && errno == ECHILD)
			return; /* not ours any more */
		if (w == 0)
			ptrace(PTRACE_INTERRUPT, ktid, NULL, NULL);
		struct timespec ts = {0, 1000 * 1000};
		nanosleep(&ts, NULL);
	}
}

/* CPU seconds thread ktid has used (user + system), or -1. */
static double cpu_seconds(pid_t pid, pid_t ktid)
{
	char path[96], line[1024];
	snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)pid, (int)ktid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	bool ok = fgets(line, sizeof line, f) != NULL;
	fclose(f);
	char *p = ok ? strrchr(line, ')') : NULL;
	unsigned long long ut, st;
	/* after the command: state ppid pgrp session tty tpgid flags minflt cminflt majflt
	 * cmajflt utime stime */
	if (!p ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
		return -1;
	return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

bool lp_watchdog_spinning(pid_t pid, pid_t ktid)
{
	if (ktid <= 0 || !in_user_space(pid, ktid))
		return false;
	/* A spinning thread burns its CPU; one that is merely slow (a loaded machine) does not:
	 * leave that one to the timer. */
	double c0 = cpu_seconds(pid, ktid);
	struct timespec tick = {0, 100 * 1000 * 1000};
	nanosleep(&tick, NULL);
	double c1 = cpu_seconds(pid, ktid);
	if (c0 < 0 || c1 < 0 || c1 - c0 < 0.01 || ptrace(PTRACE_SEIZE, ktid, NULL, NULL))
		return false;
	struct user_regs_struct r[SPIN_SAMPLES];
	unsigned n = 0;
	while (n < SPIN_SAMPLES && stop_and_read(ktid, &r[n])) {
		if (++n == SPIN_SAMPLES || ptrace(PTRACE_CONT, ktid, NULL, NULL))
			break;
		struct timespec ts = {0, 7 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	release(ktid);
	if (n < SPIN_SAMPLES)
		return false;
	return lp_spin_samples_stuck(r, n) && in_user_space(pid, ktid);
}

/* The path of the object mapped at addr in pid, or "" (buffer of size n). */
static void object_at(pid_t pid, uint64_t addr, char *out, size_t n)
{
	char path[64], line[1024];
	out[0] = 0;
	snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		uint64_t lo, hi;
		int off = 0;
		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %*s %*s %*s %*s %n", &lo, &hi, &off) >=
			2 &&
		    addr >= lo && addr < hi && off > 0) {
			snprintf(out, n, "%s", line + off);
			out[strcspn(out, "\n")] = 0;
			break;
		}
	}
	fclose(f);
}

/* A busy wait that never reaches a point: what to do depends on whose code loops. */
static void spin_advice(struct lp_buf *b, pid_t pid, uint64_t at)
{
	char obj[512], exe[512], link[64];
	object_at(pid, at, obj, sizeof obj);
	snprintf(link, sizeof link, "/proc/%d/exe", (int)pid);
	ssize_t k = readlink(link, exe, sizeof exe - 1);
	exe[k > 0 ? k : 0] = 0;
	if (at && obj[0] && !strcmp(obj, exe)) {
		lp_buf_puts(b, ", in the client's own code — the scheduler runs one thread at a "
			       "time, so a loop waiting for another thread on plain memory (a "
			       "home-made barrier or flag) never sees it change: wait with "
			       "pthread_barrier_wait, a condition variable or a semaphore, or call "
			       "sched_yield() in the loop");
		return;
	}
	lp_buf_puts(b, " (a busy wait on plain memory?) — an uncontrolled wait: use -g memory "
		       "if that code is a target's (or name its object with --instrument), or "
		       "raise --watchdog if it does finish");
}

char *lp_watchdog_explain(pid_t pid, pid_t ktid, lp_tid_t tid, unsigned seconds, pid_t sym_pid)
{
	char tname[LP_TID_STRLEN], path[96], line[512] = "";
	struct lp_buf b = {0};
	lp_buf_printf(&b, "thread %s did not reach a scheduling point within %u s: ",
		      tid == LP_TID_NONE ? "?" : lp_tid_format(tid, tname), seconds);
	snprintf(path, sizeof path, "/proc/%d/task/%d/syscall", (int)pid,
		 (int)(ktid > 0 ? ktid : pid));
	FILE *f = fopen(path, "r");
	if (f) {
		if (!fgets(line, sizeof line, f))
			line[0] = 0;
		fclose(f);
	}
	long nr;
	uint64_t a[6], sp, pc;
	pid_t sp_pid = sym_pid > 0 ? sym_pid : pid;
	if (sscanf(line,
		   "%ld %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64
		   " %" SCNx64 " %" SCNx64,
		   &nr, &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &sp, &pc) == 9) {
		const char *name = NULL;
		for (size_t i = 0; i < sizeof calls / sizeof *calls; i++)
			if (calls[i].nr == nr)
				name = calls[i].name;
		char *at = lp_symbolize(sp_pid, pc);
		if (name)
			lp_buf_printf(&b, "blocked in %s() at %s", name, at);
		else
			lp_buf_printf(&b, "blocked in system call %ld at %s", nr, at);
		free(at);
		uint64_t ret = caller(pid, sp);
		if (ret) {
			char *from = lp_symbolize(sp_pid, ret);
			lp_buf_printf(&b, "; called from %s", from);
			free(from);
		}
		lp_buf_puts(&b, " — an uncontrolled blocking call: make the client avoid it, or "
				"raise --watchdog if the call does return");
	} else if (!strncmp(line, "running", 7)) {
		lp_buf_puts(&b, "it keeps running without a synchronisation call");
		uint64_t at = running_pc(ktid > 0 ? ktid : pid);
		if (at) {
			char *where = lp_symbolize(sp_pid, at);
			lp_buf_printf(&b, ", at %s", where);
			free(where);
		}
		spin_advice(&b, pid, at);
	} else {
		lp_buf_puts(&b, "blocked in an unknown place — an uncontrolled blocking call");
	}
	return lp_buf_take(&b);
}
