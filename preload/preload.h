/* preload/preload.h — internals shared by the files of liblineup-preload.so: the real
 * functions, the global state, the execution log and the raw system calls. Read the rules
 * at the top of preload/preload.c before changing anything here. */
#ifndef LP_PRELOAD_H
#define LP_PRELOAD_H

#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>
#include <unwind.h>

#include "lineup/protocol.h"
#include "plan.h"
#include "sys.h" /* raw system calls: the only way to the kernel */

#define LP_FN(ret, name, params) extern ret(*real_##name) params;
#include "interposed.def"
#undef LP_FN

/* The real function behind a hook; resolves them all first when a hook runs before the
 * constructor (another library's constructor calling pthread_* early). */
#define REAL(name) (real_##name ? real_##name : (lp_preload_resolve(), real_##name))

/* Exit status of a process the preload ends because of a fatal error (outcome FATAL or
 * LIMIT, or a broken set-up before the shared area is mapped). Stuck outcomes (DEADLOCK,
 * LIVELOCK, DIVERGED) end with status 0: the cli reads the outcome. */
#define LP_PRELOAD_FATAL_STATUS 125

#define LP_HIDDEN __attribute__((visibility("hidden")))

/* The preload's own calls to one of its exports go to lp_local_<name>, a hidden alias
 * defined next to the export with LP_LOCAL_ALIAS(name): a call to the exported name would
 * go through the PLT, and a client that defines the name (its own malloc) would capture it.
 * tests/preload/imports.sh fails on any relocation against a symbol the library defines. */
#define LP_LOCAL_ALIAS(name)                                                                       \
	extern __typeof(name) lp_local_##name __attribute__((alias(#name), copy(name))) LP_HIDDEN

struct lp_preload {
	int active;	  /* LINEUP_SHM_FD was given and the set-up succeeded */
	int single;	  /* LINEUP_MODE=single: no fork server */
	int fork_in_main; /* LINEUP_FORK_IN_MAIN: libraries' pthread_create is not the fork point */
	int log_fd, cmd_fd, reply_fd, shm_fd;
	int worker_cmd_fd[LP_MAX_SLOTS]; /* LINEUP_WORKER_CMD_FDS: one per worker server */
	unsigned n_workers;
	unsigned slots; /* LINEUP_SHM_SLOTS: areas in the shared memfd */
	struct lp_shm *shm;
	char *log; /* shm + LP_SHM_LOG_OFFSET */
	struct lp_loaded_plan *plan;
	uintptr_t target_base[LP_MAX_TARGETS];
	uint32_t targets_mapped;       /* bit t: target t found in THIS process (the shared area's
					  targets_loaded outlives processes: single mode, and
					  executions after one that dlopen'ed a target) */
	uintptr_t tramps;	       /* trampoline of function i: tramps + 16 + 16 * i */
	uintptr_t entry[LP_MAX_FUNCS]; /* target base + offset; 0 while the target is not loaded */
	/* A worker's executions run one at a time, in the order its server forked them
	 * (forksrv.c): the turn, in memory the server shares with them, and this one's ticket;
	 * turn is NULL when not waiting in line (the main server's executions). */
	volatile uint32_t *turn;
	uint32_t ticket;
};
extern struct lp_preload lp_g LP_HIDDEN;

/* preload.c */
void lp_preload_resolve(void) LP_HIDDEN;
/* hooks-dl.c: whether addr lies in the main program (the first object of the search list) */
int lp_in_main_program(uintptr_t addr) LP_HIDDEN;
/* interposed.c: whether interposed.def lists name. Hook path. */
int lp_preload_is_interposed(const char *name) LP_HIDDEN;
/* Ends the execution: one line to the log fd, an LP_REC_ERROR record, the outcome, then
 * exit_group(LP_PRELOAD_FATAL_STATUS). Hook path. */
__attribute__((noreturn)) void lp_fatal(uint32_t outcome, uintptr_t site,
					const char *msg) LP_HIDDEN;
/* Ends the execution with a stuck outcome and status 0. Hook path. */
__attribute__((noreturn)) void lp_end(uint32_t outcome) LP_HIDDEN;

/* record.c — append-only log in the shared area; one thread writes at a time. */
void *lp_log_append(uint16_t type, size_t size) LP_HIDDEN;
void lp_log_text(uint16_t type, lp_tid_t tid, uintptr_t site, const char *msg) LP_HIDDEN;
/* The last record appended keeps only its first size bytes. */
void lp_log_shrink(struct lp_rec *r, size_t size) LP_HIDDEN;

/* crash.c: the fatal-signal handler (setup: constructor-only, after lp_guard_setup) and
 * its record, which another handler (the exec guard's, trap.c's) writes before letting a
 * fatal signal take its default action; hide: what sigaction and signal tell the client
 * about a signal whose handler is ours (the default, which it stands for). Signal path. */
void lp_crash_setup(void) LP_HIDDEN;
void lp_crash_record(int sig, const siginfo_t *si, const void *uc) LP_HIDDEN;
void lp_crash_hide(int sig, struct sigaction *old) LP_HIDDEN;
sighandler_t lp_crash_hide_handler(int sig, sighandler_t prev) LP_HIDDEN;

/* ops.c: an operation whose frame is gone (longjmp, unwinding) ends as "<unwound>".
 * lp_op_check_left: if t's return slot no longer holds the trampoline (hook path);
 * lp_op_left: unconditionally (t finished while its operation was pending). */
struct lp_thread;
void lp_op_check_left(struct lp_thread *t) LP_HIDDEN;
void lp_op_left(struct lp_thread *t) LP_HIDDEN;
/* Before unwinding the calling thread's stack (pthread_exit): its pending operation is
 * left, and its return slot gets the caller's address back, so the unwinder never meets
 * the return trampoline (which has no unwind information). Hook path. */
void lp_op_unhook(struct lp_thread *t) LP_HIDDEN;

/* golden.c: --spec-from. The model's path (constructor); its loading in the fork server;
 * an execution making the shared area's golden calls instead of running the client. */
extern const char *lp_golden_path LP_HIDDEN;
void lp_golden_load(void) LP_HIDDEN;
__attribute__((noreturn)) void lp_golden_run(void) LP_HIDDEN;

/* got.c */
int lp_got_setup(void) LP_HIDDEN;   /* constructor-only */
void lp_got_rescan(void) LP_HIDDEN; /* after a dlopen */
int lp_got_func_of(const char *name, uintptr_t entry) LP_HIDDEN;
/* Whether a loaded object (dl_iterate_phdr's view) maps address a in a PT_LOAD segment;
 * got.c and patch.c both walk the loaded objects with it. */
struct dl_phdr_info;
int lp_object_contains(const struct dl_phdr_info *info, uintptr_t a) LP_HIDDEN;
/* The plan target that object is (mapped, at its recorded base), or -1. */
int lp_got_target_of(const struct dl_phdr_info *info) LP_HIDDEN;

/* patch.c: traps the plan's sites of every loaded target and instrumented object
 * (constructor, and after each dlopen). */
void lp_patch_scan(void) LP_HIDDEN;
/* The mprotect protection a PT_LOAD segment's p_flags give (patch.c, exec-guard.c). */
int lp_segment_prot(uint32_t p_flags) LP_HIDDEN;

/* trap.c: the SIGTRAP handler (constructor-only) and each new thread's signal mask;
 * lp_trap_point is the scheduling point of a site, from the handler or a stub. */
void lp_trap_setup(void) LP_HIDDEN;
void lp_trap_thread(void) LP_HIDDEN;
struct lp_trap_site;
void lp_trap_point(const struct lp_trap_site *s, const uint64_t regs[16]) LP_HIDDEN;

/* exec-guard.c: whether a library-created thread's step ran a target's code (the targets'
 * text is not executable while such a step runs; its first fetch there faults). Setup is
 * constructor-only (off: LINEUP_NO_EXEC_GUARD); note: a target mapped (got.c); watching:
 * library threads' steps are watched in this execution, so they start as no target code
 * unless in_target(their first address); resume: a thread took the baton (hook path);
 * stop: before the targets' protections change, the watched step counts as target code;
 * give_up: the client takes SIGSEGV; usable: SIGSEGV is the guard's (trap.c keeps it
 * unblocked). */
struct dl_phdr_info;
void lp_guard_setup(int off) LP_HIDDEN;
void lp_guard_note(const struct dl_phdr_info *info) LP_HIDDEN;
int lp_guard_watching(void) LP_HIDDEN;
int lp_guard_in_target(uintptr_t a) LP_HIDDEN;
void lp_guard_resume(struct lp_thread *self) LP_HIDDEN;
void lp_guard_stop(void) LP_HIDDEN;
void lp_guard_give_up(void) LP_HIDDEN;
int lp_guard_usable(void) LP_HIDDEN;

/* stub.c: sites reached by a jump to their stub instead of int3. lp_stub_add registers a
 * site (the slot's copy already written) and returns the index its stub pushes, or -1 when
 * the table is full. lp_stub_point is what lp_stub_entry calls. */
int lp_stub_add(const struct lp_trap_site *s) LP_HIDDEN;
void lp_stub_point(uint32_t idx, const uint64_t regs[16]) LP_HIDDEN;
extern int lp_stubs_off LP_HIDDEN; /* LINEUP_NO_STUBS set: int3 everywhere */
/* callout.c: LINEUP_TSO set: the targets' calls out of the targets go through drain stubs;
 * lp_callout_patch redirects the targets found so far (after lp_got's passes). */
extern int lp_callout_on LP_HIDDEN;
void lp_callout_patch(void) LP_HIDDEN;
void lp_stub_entry(void) LP_HIDDEN; /* stub-x86_64.S */

/* hooks-atomic.c: the real libatomic helpers (constructor-only). */
void lp_atomic_resolve(void) LP_HIDDEN;

/* fd-state.c: the client's regular files as at the fork point, put back before each
 * execution (fork server only). */
void lp_fd_state_note_inherited(void) LP_HIDDEN; /* constructor-only */
void lp_fd_state_save(void) LP_HIDDEN;
void lp_fd_state_restore(void) LP_HIDDEN;
unsigned lp_fd_state_count(void) LP_HIDDEN; /* files each execution rewinds */
/* The preload's own descriptors (never 0, 1 or 2; a descriptor may be listed twice): the
 * log, command, reply and shared-area ones, and the worker servers' command ones until
 * those servers exist. Returns how many. */
#define LP_FDS_OURS_MAX (4 + LP_MAX_SLOTS)
unsigned lp_fds_ours(int fds[LP_FDS_OURS_MAX]) LP_HIDDEN;
/* Whether fd is one of them. */
int lp_fd_is_ours(int fd) LP_HIDDEN;

/* heap.c: the region that controlled threads allocate from (constructor-only). */
void lp_heap_setup(void) LP_HIDDEN;

/* forksrv.c: called at the first pthread_create; returns in the execution's process. */
void lp_forksrv_start(uintptr_t site) LP_HIDDEN;
/* The execution has recorded its end (outcome and records final): the next one in its
 * worker's line may start while this process exits. Idempotent. */
void lp_forksrv_pass_turn(void) LP_HIDDEN;

/* hooks-pthread.c: the bodies of pthread_create, pthread_exit and pthread_key_create, which
 * the C11 hooks (hooks-c11.c) share, with the caller's site. */
int lp_hook_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg,
		   uintptr_t site) LP_HIDDEN;
void lp_hook_exit(void *ret, uintptr_t site) LP_HIDDEN __attribute__((noreturn));
int lp_hook_key_create(pthread_key_t *key, void (*dtor)(void *)) LP_HIDDEN;

#endif
