/* preload/preload.c — liblineup-preload.so: set-up from the LINEUP_* environment, the real
 * functions, and how an execution ends.
 *
 * RULES for every file of this library (it lives inside someone else's process):
 *  1. No stdio, no malloc/free on hook or signal paths: fixed tables in static or mmap'ed
 *     memory. The constructor (before main, single-threaded) may also call what the
 *     allowlist of tests/preload/imports.sh names (getenv, strtoul, the dynamic linker).
 *  2. Every hook saves errno on entry and restores it before returning (except the value
 *     the interposed function itself is documented to set).
 *  3. Real functions only through real_<name>, resolved in the constructor; the kernel only
 *     through the raw system calls of sys.h (sys_<name>: -errno on failure, errno never
 *     touched), never through a libc wrapper the client may interpose or that may lock.
 *  4. The preload's own calls to its exports bind locally (LP_LOCAL_ALIAS, preload.h): a
 *     client that defines malloc keeps its malloc, and ours never calls it by mistake.
 *  5. interposed.def is the one list of what the preload exports and interposes (with the
 *     allocator and atomic-names.def): real_ pointers, lp_preload_is_interposed, tests.
 *  6. Without LINEUP_SHM_FD the library is inert: every hook calls the real function.
 *  7. Fatal errors: one line to LINEUP_LOG_FD, an LP_REC_ERROR record, outcome FATAL or
 *     LIMIT, exit_group(LP_PRELOAD_FATAL_STATUS). Never abort(), never a hang.
 *  8. Label each function "constructor-only" or "hook path" where it is not obvious.
 * Machine-checked by make check: 1 by no-libc.h's poison pragmas (every file includes it
 * last: tests/preload/no-libc-rule.sh); 3, 4 and 5 on the built .so by
 * tests/preload/imports.sh (imports outside its commented allowlist, relocations against
 * the library's own exports, exports against interposed.def); and no vector registers
 * (-mgeneral-regs-only, tests/preload/vector-rule.sh). The others are conventions.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "lineup/stringify.h"
#include "preload.h"
#include "text.h"
#include "runtime.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

struct lp_preload lp_g = {.log_fd = 2, .cmd_fd = -1, .reply_fd = -1, .shm_fd = -1};

#define LP_FN(ret, name, params) ret(*real_##name) params;
#include "interposed.def"
#undef LP_FN

/* constructor-only (or the first hook called before the constructor, still single-threaded) */
void lp_preload_resolve(void)
{
	void *(*d)(void *, const char *) = dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.34");
	if (!d)
		d = dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.2.5");
	if (!d) {
		static const char m[] = "liblineup-preload: cannot find the real dlsym\n";
		sys_write(2, m, sizeof m - 1);
		sys_exit_group(LP_PRELOAD_FATAL_STATUS);
	}
	real_dlsym = d;
#define LP_FN(ret, name, params)                                                                   \
	if (!real_##name)                                                                          \
		real_##name = (ret(*) params)d(RTLD_NEXT, #name);
#include "interposed.def"
#undef LP_FN
}

static void log_line(const char *msg)
{
	struct lp_text t;
	char buf[600];
	lp_text_init(&t, buf, sizeof buf - 1);
	lp_text_str(&t, "liblineup-preload: ");
	lp_text_str(&t, msg);
	buf[t.len++] = '\n';
	sys_write(lp_g.log_fd, buf, t.len);
}

void lp_fatal(uint32_t outcome, uintptr_t site, const char *msg)
{
	log_line(msg);
	if (lp_g.shm) {
		lp_log_text(LP_REC_ERROR, lp_self ? lp_self->tid : LP_TID_NONE, site, msg);
		lp_g.shm->outcome = outcome;
	}
	lp_forksrv_pass_turn();
	for (;;)
		sys_exit_group(LP_PRELOAD_FATAL_STATUS);
}

void lp_end(uint32_t outcome)
{
	lp_g.shm->outcome = outcome;
	lp_forksrv_pass_turn();
	for (;;)
		sys_exit_group(0);
}

/* constructor-only: a decimal fd from the environment, or -1. */
static int env_fd(const char *v)
{
	if (!v || !*v)
		return -1;
	int fd = 0;
	for (; *v; v++) {
		if (*v < '0' || *v > '9' || fd > 100000)
			return -1;
		fd = fd * 10 + (*v - '0');
	}
	return fd;
}

/* constructor-only: what the cli gave us must not leak into programs the client runs. */
static void scrub_environ(void)
{
	extern char **environ;
	bool own_bind_now = getenv(LP_ENV_OWN_BIND_NOW) != NULL;
	char **w = environ;
	for (char **r = environ; *r; r++)
		if (strncmp(*r, "LINEUP_", 7) != 0 && strncmp(*r, "LD_PRELOAD=", 11) != 0 &&
		    (!own_bind_now || strncmp(*r, "LD_BIND_NOW=", 12) != 0))
			*w++ = *r;
	*w = NULL;
}

static __attribute__((noreturn)) void setup_fail(const char *what, const char *subject)
{
	struct lp_text t;
	char buf[512];
	lp_text_init(&t, buf, sizeof buf);
	lp_text_str(&t, what);
	if (subject) {
		lp_text_str(&t, " '");
		lp_text_str(&t, subject);
		lp_text_str(&t, "'");
	}
	lp_fatal(LP_OUT_FATAL, 0, buf);
}

/* constructor-only */
static void load_plan(const char *path)
{
	char err[256];
	if (!path)
		setup_fail("LINEUP_PLAN is not set: run the client through lineup-preload", NULL);
	int fd = (int)sys_open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || sys_fstat(fd, &st) < 0)
		setup_fail("cannot open the patch plan", path);
	void *text =
	    st.st_size ? sys_mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
	sys_close(fd);
	if (st.st_size && text == MAP_FAILED)
		setup_fail("cannot map the patch plan", path);
	lp_g.plan = sys_mmap(NULL, sizeof *lp_g.plan, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (lp_g.plan == MAP_FAILED)
		setup_fail("cannot map memory for the patch plan", NULL);
	if (lp_plan_parse(lp_g.plan, text, (size_t)st.st_size, err, sizeof err))
		setup_fail(err, path);
	if (text)
		sys_munmap(text, (size_t)st.st_size);
	/* The cli's memfd plan: read once, then not the client's to see. */
	if (strncmp(path, "/proc/self/fd/", 14) == 0 && env_fd(path + 14) > 2)
		sys_close(env_fd(path + 14));
}

/* constructor-only: our descriptors move up out of the client's way, so that it finds the
 * numbers free that it finds natively (an open after closefrom(3) gives 3); below 1024,
 * for clients that select(). */
static int move_up(int fd)
{
	struct rlimit rl;
	long top = sys_getrlimit(RLIMIT_NOFILE, &rl) == 0 ? (long)rl.rlim_cur : 1024;
	if (fd <= 2 || top < 64)
		return fd;
	int up = (int)sys_fcntl(fd, F_DUPFD_CLOEXEC, (int)(top > 1024 ? 1024 : top) - 16);
	if (up < 0)
		return fd;
	sys_close(fd);
	return up;
}

/* constructor-only: LINEUP_WORKER_CMD_FDS, "fd,fd,...", one per worker server: fewer than
 * the slots after slot 0 (each worker has slots of its own). */
static void worker_fds(const char *v)
{
	char one[16];
	while (v && *v && !lp_g.single) {
		size_t n = 0;
		while (v[n] && v[n] != ',') /* no string function: tests/preload/vector-rule.sh */
			n++;
		if (n >= sizeof one || lp_g.n_workers + 1 >= lp_g.slots)
			setup_fail(
			    "LINEUP_WORKER_CMD_FDS must list at most one descriptor per slot after "
			    "the first, not",
			    v);
		memcpy(one, v, n);
		one[n] = 0;
		int fd = env_fd(one);
		if (fd < 0)
			setup_fail("LINEUP_WORKER_CMD_FDS lists a non-descriptor", one);
		lp_g.worker_cmd_fd[lp_g.n_workers++] = move_up(fd);
		v += n + (v[n] == ',');
	}
}

__attribute__((constructor)) static void lp_preload_init(void)
{
	lp_preload_resolve();
	const char *shm_fd = getenv(LP_ENV_SHM_FD);
	if (!shm_fd)
		return; /* inert: loaded without the cli */
	const char *plan = getenv(LP_ENV_PLAN), *mode = getenv(LP_ENV_MODE);
	int log_fd = env_fd(getenv(LP_ENV_LOG_FD));
	if (log_fd >= 0)
		lp_g.log_fd = log_fd;
	lp_g.cmd_fd = env_fd(getenv(LP_ENV_CMD_FD));
	lp_g.reply_fd = env_fd(getenv(LP_ENV_REPLY_FD));
	lp_g.single = mode && strcmp(mode, "single") == 0;
	lp_golden_path = getenv(LP_ENV_SPEC); /* the string stays when environ is scrubbed */
	lp_stubs_off = getenv(LP_ENV_NO_STUBS) != NULL;
	lp_callout_on = getenv(LP_ENV_TSO) != NULL;
	lp_g.fork_in_main = getenv(LP_ENV_FORK_IN_MAIN) != NULL;
	int no_guard = getenv(LP_ENV_NO_EXEC_GUARD) != NULL;
	if (mode && !lp_g.single && strcmp(mode, "server") != 0)
		setup_fail("LINEUP_MODE must be 'server' or 'single', not", mode);
	int fd = env_fd(shm_fd);
	if (fd < 0)
		setup_fail("LINEUP_SHM_FD is not a descriptor number", shm_fd);
	const char *slots = getenv(LP_ENV_SHM_SLOTS);
	lp_g.slots = 1;
	if (slots) {
		char *end;
		unsigned long n = strtoul(slots, &end, 10);
		if (*end || n < 1 || n > LP_MAX_SLOTS)
			setup_fail("LINEUP_SHM_SLOTS must be a number of areas from 1 "
				   "to " LP_STR(LP_MAX_SLOTS) ", not",
				   slots);
		lp_g.slots = (unsigned)n;
	}
	if (!lp_g.single && (lp_g.cmd_fd < 0 || lp_g.reply_fd < 0))
		setup_fail("LINEUP_CMD_FD and LINEUP_REPLY_FD must be set in server mode", NULL);
	worker_fds(getenv(LP_ENV_WORKER_CMD_FDS));
	struct lp_shm *shm = sys_mmap(NULL, LP_SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (shm == MAP_FAILED)
		setup_fail("cannot map the shared area of LINEUP_SHM_FD", shm_fd);
	if (shm->magic != LP_SHM_MAGIC || shm->version != LP_PROTOCOL_VERSION)
		setup_fail("the shared area is not of this protocol version: cli and preload come "
			   "from different builds",
			   NULL);
	fd = move_up(fd);
	lp_g.cmd_fd = move_up(lp_g.cmd_fd);
	lp_g.reply_fd = move_up(lp_g.reply_fd);
	lp_g.log_fd = move_up(lp_g.log_fd);
	lp_g.shm = shm;
	lp_g.shm_fd = fd;
	lp_g.log = (char *)shm + LP_SHM_LOG_OFFSET;
	lp_rt_init_main(shm);
	load_plan(plan);
	lp_fd_state_note_inherited();
	scrub_environ();
	if (lp_got_setup())
		setup_fail("cannot map memory for the operation trampolines", NULL);
	lp_trap_setup();
	lp_guard_setup(no_guard);
	lp_crash_setup();
	lp_atomic_resolve();
	lp_patch_scan();
	lp_heap_setup();
	lp_g.active = 1;
}
