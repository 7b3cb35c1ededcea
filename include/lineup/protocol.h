/* include/lineup/protocol.h — the one protocol between the cli (lineup-preload), the injected
 * liblineup-preload.so and lineup-checker. Bump LP_PROTOCOL_VERSION on every change;
 * both ends check it (the preload refuses a shared area of another version).
 *
 * Overview
 * --------
 * The cli analyses the client and its targets (libelf, libdw, capstone) and writes a
 * *patch plan* (text file, format below). It then starts the client with LD_PRELOAD and
 * the LINEUP_* variables below, with address randomisation off (personality).
 *
 * Fork server. At the client's first pthread_create the preload (still single-threaded)
 * sends LP_REPLY_READY and serves commands: for each LP_CMD_RUN it forks one child,
 * replies LP_REPLY_STARTED (child pid) and, once that child is gone, LP_REPLY_EXITED (its
 * pid, wait status). Children of several commands may run at once (--jobs), each in its
 * own shared area (the command's slot), so the replies of different children interleave;
 * each child's STARTED comes before its EXITED. The child returns from that first
 * pthread_create and runs under the scheduler. If the process is already multithreaded at that
 * point the preload replies LP_REPLY_MULTITHREADED and exits; the cli then re-executes the client
 * per execution with LINEUP_MODE=single (the process itself is the one execution, no replies).
 *
 * Shared area. A memfd of LINEUP_SHM_SLOTS areas of LP_SHM_SIZE bytes each; the server
 * maps area 0, a child of a command for slot k maps area k at the same address instead.
 * The cli copies area 0 (header and the records before the fork point) into the other
 * areas once the server is ready. Before each run the cli writes the input part of struct lp_shm
 * (phase, schedule overrides, limits) and resets log_len to base_len; the child appends records to
 * log[] and sets outcome. Only one client thread runs at a time (the baton), so the child needs no
 * locking; the cli reads the area only after LP_REPLY_EXITED, except the watchdog fields (steps,
 * baton_*), which it polls while the child runs.
 *
 * Schedules. Scheduling points are numbered 0,1,2,... in each execution (field `step`).
 * At each point the runtime computes the *candidates* (threads allowed to run next,
 * sorted by tid) and chooses one:
 *   - an override (step, tid) for this step, if the schedule has one: tid must be a
 *     candidate, else the outcome is LP_OUT_DIVERGED;
 *   - else, under --strategy random or pct (field strategy), the seeded choice of
 *     scheduler/strategy.h; the decision log then records it, and the cli turns the
 *     choices that differ from the default into overrides, so replays need no seed;
 *   - else the default: the running thread if it is a candidate and the point is not a
 *     yield; otherwise the first candidate after the running thread in tid order,
 *     cyclically (the running thread itself only if it is the sole candidate); in the
 *     serial phase, at an operation start, the lowest candidate (lp_sched_default_in);
 *   - a directed serial execution (LP_RUN_DIRECTED, lazy phase 1) takes the operation
 *     starts of lp_shm.order before any default (struct lp_order).
 * A choice is a *preemption* iff the running thread is a candidate, the point is not a
 * yield, and another thread is chosen. Serial phase (a choice only where an operation
 * may start: one execution per serial order): while a thread is inside an operation and
 * can run, it is the only candidate; else a thread in client code (not standing at an
 * operation start) runs alone: the running one unless it yields or cannot run, else the
 * lowest tid; else the threads standing at an operation start (none while another
 * thread's operation is pending), plus a thread yielding in client code unless it is
 * spinning (chosen at its previous yield with nobody run since). Concurrent phase: at a yield, the
 * other enabled threads (the running one only if none); elsewhere every enabled thread is a
 * candidate, except that the running thread is the sole candidate at those other points when it is
 * outside any operation and was created by the client (not inside an operation): the client's own
 * code between operations is never preempted (scheduler/sched-pick.h says why). Spin-waits
 * are folded (preload/runtime-spin.h): a thread repeating a loop iteration with nothing
 * changed is the sole candidate while it repeats, and one waiting for a change is no
 * candidate while another thread can run.
 * A schedule is written for people and --replay as "s:" or "c:" (phase) followed by
 * comma-separated "step@tid" overrides, e.g. "c:4@0.2,9@0.1" ("c:" = all defaults).
 */
#ifndef LINEUP_PROTOCOL_H
#define LINEUP_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#define LP_PROTOCOL_VERSION 28

/* ---- Environment: set only by cli/, read by the preload's constructor ---- */
#define LP_ENV_PLAN "LINEUP_PLAN"	  /* path of the patch plan */
#define LP_ENV_NO_STUBS "LINEUP_NO_STUBS" /* set: every site is trapped with int3 */
/* set: every step of a library-created thread counts as target code (exec-guard.c) */
#define LP_ENV_NO_EXEC_GUARD "LINEUP_NO_EXEC_GUARD"
#define LP_ENV_SHM_FD "LINEUP_SHM_FD"	    /* fd of the shared area (memfd) */
#define LP_ENV_SHM_SLOTS "LINEUP_SHM_SLOTS" /* areas in it (default 1) */
#define LP_ENV_CMD_FD "LINEUP_CMD_FD"	    /* fork server reads struct lp_cmd */
#define LP_ENV_REPLY_FD "LINEUP_REPLY_FD"   /* fork server writes struct lp_reply */
/* "fd,fd,...": one more fork server per descriptor, each reading the commands of its own
 * slots there (the cli's choice: cli/run/run-server.h); all write to LINEUP_REPLY_FD. Such a
 * worker server runs its executions one at a time, in the order of their commands: it forks
 * each child (STARTED) as its command comes, and the child waits until the one ahead has
 * recorded its end (preload/worker-line.h). */
#define LP_ENV_WORKER_CMD_FDS "LINEUP_WORKER_CMD_FDS"
#define LP_ENV_LOG_FD "LINEUP_LOG_FD"  /* one text line per fatal preload error */
#define LP_ENV_MODE "LINEUP_MODE"      /* "server" (default) or "single" */
#define LP_ENV_SPEC "LINEUP_SPEC_FROM" /* --spec-from: the golden model's path */
/* set (lineup-driver): only the main program's pthread_create is the fork point; a thread a
 * library starts during set-up is created for real, uncontrolled, before it */
#define LP_ENV_FORK_IN_MAIN "LINEUP_FORK_IN_MAIN"
/* set (--memory-model tso): the targets' calls out of the targets drain the calling thread's
 * store buffer first (preload/callout.c) */
#define LP_ENV_TSO "LINEUP_TSO"
/* set with LINEUP_TSO when the cli, not the user, set LD_BIND_NOW: the preload removes it
 * too, so programs the client executes bind lazily as they would */
#define LP_ENV_OWN_BIND_NOW "LINEUP_OWN_BIND_NOW"
/* The preload removes LD_PRELOAD and every LINEUP_* variable from environ once read (and
 * LD_BIND_NOW with LINEUP_OWN_BIND_NOW), so programs the client executes run untouched. */

/* ---- Thread identities: creation paths packed in 64 bits ----
 * "0" is the main thread (value 0). Byte 7 (most significant) holds the first path
 * digit, byte 6 the second, ...: 0.1 = 0x01<<56, 0.1.2 = 0x0102<<48, 0.2 = 0x02<<56.
 * Numeric order is path order (a parent sorts before its children). Digits are 1..255,
 * depth at most 8: beyond that the execution ends with LP_OUT_LIMIT. */
typedef uint64_t lp_tid_t;
#define LP_TID_MAIN ((lp_tid_t)0)
#define LP_TID_NONE UINT64_MAX
#define LP_TID_MAX_DEPTH 8
#define LP_TID_MAX_DIGIT 255
#define LP_TID_STRLEN 40 /* "b0" + 8 * ".255" + NUL fits */

static inline unsigned lp_tid_depth(lp_tid_t t)
{
	unsigned d = 0;
	while (d < LP_TID_MAX_DEPTH && ((t >> (56 - 8 * d)) & 0xff))
		d++;
	return d;
}

/* The store buffer of thread t under --memory-model tso ("b0.1" for 0.1's): a pseudo-thread
 * whose choice at a scheduling point flushes the oldest store of that buffer to memory
 * (preload/runtime-tso.h). Its low byte is 0xff, which no thread's is (a thread at depth 7
 * has at most 254 children), so it sorts right after its thread. */
#define LP_TID_BUFFER_MARK ((lp_tid_t)0xff)
static inline int lp_tid_is_buffer(lp_tid_t t)
{
	return t != LP_TID_NONE && (t & 0xff) == LP_TID_BUFFER_MARK;
}
static inline lp_tid_t lp_tid_buffer(lp_tid_t t) { return t | LP_TID_BUFFER_MARK; }
static inline lp_tid_t lp_tid_buffer_owner(lp_tid_t b) { return b & ~LP_TID_BUFFER_MARK; }

/* The ordinal-th thread (1-based) created by parent; LP_TID_NONE when out of range. */
static inline lp_tid_t lp_tid_child(lp_tid_t parent, unsigned ordinal)
{
	unsigned d = lp_tid_depth(parent);
	if (d >= LP_TID_MAX_DEPTH || ordinal == 0 || ordinal > LP_TID_MAX_DIGIT ||
	    (d == LP_TID_MAX_DEPTH - 1 && ordinal == LP_TID_MAX_DIGIT))
		return LP_TID_NONE;
	return parent | ((lp_tid_t)ordinal << (56 - 8 * d));
}

/* Writes "0.1.2" (a store buffer: "b0.1.2") into buf (at least LP_TID_STRLEN bytes);
 * async-signal-safe. */
static inline char *lp_tid_format(lp_tid_t t, char *buf)
{
	char *p = buf;
	if (lp_tid_is_buffer(t)) {
		*p++ = 'b';
		t = lp_tid_buffer_owner(t);
	}
	*p++ = '0';
	for (unsigned d = 0; d < lp_tid_depth(t); d++) {
		unsigned v = (t >> (56 - 8 * d)) & 0xff;
		*p++ = '.';
		if (v >= 100)
			*p++ = (char)('0' + v / 100);
		if (v >= 10)
			*p++ = (char)('0' + v / 10 % 10);
		*p++ = (char)('0' + v % 10);
	}
	*p = 0;
	return buf;
}

/* Parses "0.1.2" or a store buffer's "b0.1.2" (whole string); returns 0 and sets *out, or
 * -1. */
static inline int lp_tid_parse(const char *s, lp_tid_t *out)
{
	lp_tid_t t = LP_TID_MAIN;
	int buffer = *s == 'b';
	s += buffer;
	if (*s++ != '0')
		return -1;
	while (*s) {
		unsigned v = 0, n = 0;
		if (*s++ != '.')
			return -1;
		for (; *s >= '0' && *s <= '9' && n < 4; s++, n++)
			v = v * 10 + (unsigned)(*s - '0');
		if (n == 0 || (*s && *s != '.'))
			return -1;
		t = lp_tid_child(t, v);
		if (t == LP_TID_NONE)
			return -1;
	}
	*out = buffer ? lp_tid_buffer(t) : t;
	return 0;
}

/* ---- Value kinds (patch plan tokens) ---- */
enum lp_kind {
	LP_K_UNKNOWN = 0, /* "?"  no type known: calling it ends the execution (LP_OUT_FATAL) */
	LP_K_VOID,	  /* "v"  result only */
	LP_K_I1,
	LP_K_I2,
	LP_K_I4,
	LP_K_I8, /* "i1".."i8" signed integer of that many bytes */
	LP_K_U1,
	LP_K_U2,
	LP_K_U4,
	LP_K_U8,   /* "u1".."u8" unsigned integer */
	LP_K_BOOL, /* "b"  one byte; printed true/false whatever %rax holds above it */
	LP_K_PTR,  /* "p"  printed 0x... (0x0 for NULL) */
	LP_K_STR,  /* "s"  char *: the bytes are copied at the call (or return) */
	LP_K_F4,
	LP_K_F8, /* "f4" "f8" float, double (in %xmm registers) */
	/* "S<size>:<classes>" an argument struct of size bytes passed by value
	 * (lineup/layout.h): classes one letter per eightbyte, 'i' in the next integer
	 * register, 's' in the next vector register, or "m" (MEMORY) on the stack; when its
	 * eightbytes do not all fit in the registers left, the whole struct is on the stack.
	 * Its bytes follow the call record as a struct lp_str payload (after the strings,
	 * in argument order); its raw value there is 0. */
	LP_K_STRUCT,
	LP_K_COUNT
};
#define LP_KIND_TOKENS                                                                             \
	{                                                                                          \
		"?", "v", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "b", "p", "s", "f4",     \
		    "f8", "S"                                                                      \
	}
#define LP_MAX_ARGS 16	   /* arguments recorded per call (integer regs, xmm regs, then stack) */
#define LP_MAX_STRING 4096 /* bytes copied per string value; longer ones are marked truncated */
#define LP_MAX_OUT 4096	   /* bytes of one out-parameter's pointee */
#define LP_MAX_STRUCT 256  /* bytes of one struct argument passed by value */

/* ---- Patch plan: text file named by LINEUP_PLAN ----
 *   lineup-plan 1
 *   target <dev> <ino> <path>                       (targets numbered 0,1,... in order)
 *   func <target> <name> <offset-hex> <ret-kind> <arg-kinds|->   (funcs numbered 0,1,...)
 *   instrument <dev> <ino> <path>                   (--instrument objects, numbered after
 *                                                    the targets: no operations, only sites)
 *   site <object> <offset-hex> <len> <kind> <disp-off> <bytes-hex> [<pad-hex>]
 *   pure <func> <offset-hex>
 *   span <func> <place> <place>                     (see struct lp_span_place)
 *   end
 * <offset-hex> is the symbol's st_value (load base + offset = entry). <arg-kinds> is a
 * comma-separated list of kind tokens, "-" for none; a trailing ",..." marks varargs
 * (only the named arguments are recorded). A struct passed by value is "S<size>:<classes>"
 * (LP_K_STRUCT), never a result. An out-parameter (lineup-test(5) `out T`) is
 * "p>" and its pointee: "p>i4", "p>i8", "p>p", "p>f8", or "p>bN" for N bytes (N at most
 * LP_MAX_OUT); the pointee's bytes after the call follow the return record. dev and ino are decimal
 * (st_dev, st_ino). A site is an instruction of a target or instrumented object that becomes a
 * scheduling point before it executes (trapped in place with int3, executed out of line): <object>
 * indexes targets then instrument lines; <offset-hex> is its file-relative address (same space as
 * st_value); <len> its whole length, prefixes included; <kind> one of rmw xchg fence load store
 * pause lock (see LP_SITE_TOKENS); <disp-off> the decimal offset of a RIP-relative disp32 inside
 * it, -1 if none (an immediate may follow the displacement); <bytes-hex> its original bytes, which
 * the preload compares with memory before patching (a mismatch skips the site with an LP_REC_WARN);
 * <pad-hex>, for an instruction shorter than a 5-byte jump, the file-relative address of 5 bytes of
 * dead alignment padding within a short jump (-128..127 bytes) of the instruction's end, where the
 * preload may put the jump to the site's stub (cli/analyze/stub-pads.h). Sites appear after every
 * target, instrument and func line. A pure line (cli/analyze/pure-regions.h) names a region start
 * of func <func>: its entry, or where one of its calls to a synchronisation function returns, from
 * which the code touches no memory other threads see until its next scheduling point. A step of a
 * thread running that function as its operation that starts there does not count as running target
 * code (LP_FP_TARGET). Pure lines come last, grouped by func, offsets ascending; at most
 * LP_MAX_PURE (more are dropped: those steps keep LP_FP_TARGET). */
enum lp_site_kind {
	LP_SITE_RMW,   /* lock-prefixed read-modify-write: LP_PT_ATOMIC */
	LP_SITE_XCHG,  /* xchg with memory (implicitly locked): LP_PT_ATOMIC */
	LP_SITE_FENCE, /* mfence, lock or $0,(%rsp): LP_PT_ATOMIC */
	LP_SITE_LOAD,  /* plain load (granularity memory): LP_PT_MEMORY */
	LP_SITE_STORE, /* plain store (granularity memory): LP_PT_MEMORY */
	LP_SITE_PAUSE, /* pause (spin-wait hint): LP_PT_YIELD */
	LP_SITE_LOCK,  /* lock cmpxchg of a blocking lock's acquire (--lock): LP_PT_ATOMIC, the
			  thread held back while the swap would fail */
	LP_SITE_COUNT
};
#define LP_SITE_TOKENS                                                                             \
	{                                                                                          \
		"rmw", "xchg", "fence", "load", "store", "pause", "lock"                           \
	}
#define LP_MAX_SITES 65536
#define LP_PLAN_MAGIC "lineup-plan 1"
#define LP_MAX_TARGETS 32
#define LP_MAX_FUNCS 4096
#define LP_MAX_PURE 16384

/* Plan `span` lines (cli/analyze/pure-regions.h, "Spans"): a step of an operation that
 * starts at one place and ends at another ran only code that touches its own stack. A
 * place is the operation's entry (a step from its start), its end (the top-level return),
 * or a trapped instruction (LP_PT_ATOMIC) reached with the stack pointer depth bytes below
 * the operation's return slot and, for each frame between, the return address ret[i]
 * (a file address in the function's target) in the slot slot[i] bytes below it, or a
 * futex call through syscall() (LP_SPAN_FUTEX: off is the return address, 0 for the
 * operation's return trampoline, depth its slot's). Syntax: "entry", "end", or
 * [f]<off-hex>@<depth>[/<ret-hex>@<slot>]... (at most LP_SPAN_FRAMES; "f": futex). */
#define LP_SPAN_FRAMES 2
#define LP_MAX_SPANS 65536 /* the plan is mapped: pages only as used */
enum lp_span_kind { LP_SPAN_ENTRY = 1, LP_SPAN_END, LP_SPAN_SITE, LP_SPAN_FUTEX };
struct lp_span_place {
	uint64_t off; /* LP_SPAN_SITE: the trapped instruction's file address */
	uint64_t ret[LP_SPAN_FRAMES];
	uint32_t depth;
	uint32_t slot[LP_SPAN_FRAMES];
	uint8_t kind, n_frames, pad[6]; /* unused frames and pad are zero */
};
struct lp_span {
	uint32_t func;
	uint32_t pad;
	struct lp_span_place from, to;
};

/* ---- Fork-server messages (pipes named by LINEUP_CMD_FD / LINEUP_REPLY_FD) ---- */
#define LP_MSG_MAGIC 0x4c504d31u /* "LPM1" */
enum lp_cmd_kind { LP_CMD_RUN = 1, LP_CMD_QUIT = 2 };
enum lp_reply_kind {
	LP_REPLY_READY = 1,	    /* pid = server pid; base_len is set; status = how many of
				       the client's files each execution rewinds (executions
				       sharing those offsets must not overlap) */
	LP_REPLY_MULTITHREADED = 2, /* cannot fork here; cli falls back to re-exec */
	LP_REPLY_STARTED = 3,	    /* pid = execution's pid */
	LP_REPLY_EXITED = 4,	    /* status = its wait status */
};
struct lp_cmd {
	uint32_t magic;
	uint32_t kind;
	uint32_t slot; /* LP_CMD_RUN: the shared area the child uses (< LINEUP_SHM_SLOTS) */
	uint32_t pad;
};
/* Shared areas at most: area 0, and two per worker (the cli hands a worker's fork server the
 * next schedule while one runs: cli/run/run-server.h), for at most LP_MAX_JOBS workers. */
#define LP_MAX_SLOTS 128
#define LP_MAX_JOBS 63
struct lp_reply {
	uint32_t magic;
	uint32_t kind;
	int32_t pid;
	int32_t status;
	uint32_t slot; /* STARTED, EXITED: the command's slot */
	uint32_t pad;
};

/* ---- Shared area ---- */
#define LP_SHM_MAGIC 0x4c505348u	/* "LPSH" */
#define LP_SHM_SIZE ((size_t)256 << 20) /* memfd size; pages are touched only as used */
#define LP_MAX_OVERRIDES 4096
#define LP_MAX_THREADS 64 /* threads alive in one execution */

enum lp_phase { LP_PHASE_SERIAL = 1, LP_PHASE_CONCURRENT = 2 };

enum lp_outcome {
	LP_OUT_RUNNING = 0, /* never finished: crashed (see wait status) or killed */
	LP_OUT_COMPLETE,    /* process exited normally after every thread finished */
	LP_OUT_DEADLOCK,    /* no candidate while some thread is unfinished: stuck */
	LP_OUT_LIVELOCK,    /* a thread took max_steps points in one operation: stuck */
	LP_OUT_DIVERGED,    /* an override named a thread that was not a candidate */
	LP_OUT_LIMIT,	    /* a protocol limit was hit (threads, depth, log size); see REC_ERROR */
	LP_OUT_FATAL,	    /* preload error (untyped function called, ...); see REC_ERROR */
};

struct lp_override {
	uint64_t step;
	lp_tid_t tid;
};

/* Code executed as one step (scheduler/atomic-region.h): the thread that runs the trapped
 * instruction at start is not preempted until it has run the one at end. Run-time code
 * addresses. Root-causing sets them to check a candidate repair; 0 regions otherwise. */
#define LP_MAX_ATOMIC_REGIONS 8
struct lp_atomic_region {
	uint64_t start, end;
};

/* LP_RUN_TSO: stores at these sites (run-time code addresses) drain their thread's store
 * buffer as they run, as if an mfence followed them. The violation report sets them to
 * check whether a fence removes the violation (cli/run/fence-run.h); 0 fences otherwise. */
#define LP_MAX_FENCES 8

/* lp_shm.strategy: how a point without an override chooses (scheduler/strategy.h) */
enum lp_strategy_kind {
	LP_STRAT_DEFAULT = 0, /* the default choice (above) */
	LP_STRAT_RANDOM,      /* uniform among the candidates, from (seed, step) */
	LP_STRAT_PCT,	      /* highest priority; priorities from (seed, tid), pct_changes */
};
#define LP_MAX_PCT_CHANGES 15

/* lp_shm.run_flags */
#define LP_RUN_SPURIOUS 1u /* phase 2: a condition wait may wake without a signal */
/* phase 1: branch at every switch point, not only at operation starts (sched-pick.h):
 * the client's code may call functions of the target that -f left unrecorded */
#define LP_RUN_SERIAL_SWITCHES 2u
/* --spec-from: instead of going on with the client, the execution's main thread makes the
 * calls of lp_shm.golden on the golden model (preload/golden.c) and ends */
#define LP_RUN_GOLDEN 4u
/* lazy phase 1: a serial execution whose operations start in the order of lp_shm.order
 * (then the default order); see struct lp_order */
#define LP_RUN_DIRECTED 8u
/* phase 2 at granularity memory: x86-TSO store buffers (preload/runtime-tso.h); the
 * serial phase ignores it */
#define LP_RUN_TSO 16u
/* the client's output goes nowhere (no -v, not the preload's harness): the execution ends
 * its process as soon as its outcome is written, without the exit handlers registered
 * before the fork point and the libraries' destructors, which cannot change the outcome */
#define LP_RUN_QUICK_EXIT 32u
/* phase 2: decisions with a choice list the locks held (struct lp_held), which the
 * reduction's held-back runs read; off once those cannot apply (their reads cost a system
 * call per lock) */
#define LP_RUN_HELD 64u

/* ---- A directed serial execution (LP_RUN_DIRECTED) ----
 * Where a thread standing at an operation start may be chosen, the i-th such choice takes
 * tids[i] (a candidate not at an operation start, in the client's own code, is taken
 * while tids[i] cannot start yet). When only threads at operation starts are candidates
 * and tids[i] is not one of them, the execution ends LP_OUT_DIVERGED with done = i (no
 * serial execution starts these operations in this order) if i < firm; past firm the
 * order is a hint: the execution goes on with the default choices from there. */
#define LP_MAX_ORDER 4096
struct lp_order {
	uint32_t n;
	uint32_t firm;		/* tids[0..firm) must be followed, the rest as far as they can */
	volatile uint32_t done; /* written by the execution: choices made as asked */
	lp_tid_t tids[LP_MAX_ORDER];
};

/* ---- A sequence of calls on the golden model (LP_RUN_GOLDEN) ----
 * The cli fills calls[] and strings[] from a history's operations; the execution makes the
 * calls in order with the golden model's functions of the same names and writes back each
 * result. Pointer results are handles: a fresh one is paired with the history's result of
 * that call, and pointer arguments are translated through the pairs, so results read in
 * the history's values (a handle no call returned is passed as it is). A call that blocks
 * forever ends the execution as LP_OUT_DEADLOCK (LIVELOCK past max_steps) with n_done
 * calls done: the next one is stuck. */
#define LP_GOLDEN_MAX_CALLS 128
#define LP_GOLDEN_STRINGS 32768
struct lp_golden_call {
	uint32_t func; /* plan function index: name and kinds */
	uint32_t nargs;
	uint64_t args[LP_MAX_ARGS]; /* raw; a string argument: offset + 1 into strings, 0 NULL */
	uint64_t hist_ret;	    /* the history's result (valid when has_ret) */
	uint32_t has_ret;
	/* written by the execution */
	uint32_t ret_str_len; /* string result: its bytes at strings[ret_str_off], LP_STR_NULL */
	uint32_t ret_str_off;
	uint32_t pad;
	uint64_t ret; /* the result, in the history's values */
};
struct lp_golden {
	uint32_t n_calls;
	volatile uint32_t n_done;
	uint32_t strings_used; /* bytes of strings[] in use (arguments, then results) */
	uint32_t pad;
	struct lp_golden_call calls[LP_GOLDEN_MAX_CALLS];
	char strings[LP_GOLDEN_STRINGS];
};

struct lp_shm {
	uint32_t magic;	  /* LP_SHM_MAGIC, written by the cli */
	uint32_t version; /* LP_PROTOCOL_VERSION */
	/* input: written by the cli before each run */
	uint32_t phase;	      /* enum lp_phase */
	uint32_t n_overrides; /* sorted by step, strictly increasing */
	uint64_t max_steps;   /* scheduling points inside one operation before it counts as a
				 livelock; 0 = unlimited */
	uint32_t run_flags;   /* LP_RUN_* */
	uint32_t pad;
	uint32_t strategy;			  /* enum lp_strategy_kind */
	uint32_t pct_n_changes;			  /* <= LP_MAX_PCT_CHANGES */
	uint64_t seed;				  /* this execution's seed (random, pct) */
	uint64_t pct_changes[LP_MAX_PCT_CHANGES]; /* steps, increasing: the i-th (1-based) drops
						     the running thread's priority to i */
	union {
		struct lp_override overrides[LP_MAX_OVERRIDES];
		struct lp_golden golden; /* LP_RUN_GOLDEN: the calls to make instead */
		struct lp_order order;	 /* LP_RUN_DIRECTED: the order of operation starts */
	};
	uint32_t n_regions; /* <= LP_MAX_ATOMIC_REGIONS */
	uint32_t pad2;
	struct lp_atomic_region regions[LP_MAX_ATOMIC_REGIONS];
	uint32_t n_fences; /* <= LP_MAX_FENCES */
	uint32_t pad3;
	uint64_t fences[LP_MAX_FENCES];
	/* written once by the server at the fork point */
	uint64_t base_len; /* bytes of records written before the fork point */
	/* output: written by the execution */
	volatile uint64_t log_len;   /* bytes used in log[] */
	volatile uint64_t steps;     /* scheduling points so far (the watchdog watches it) */
	volatile lp_tid_t baton_tid; /* thread holding the baton */
	volatile int32_t baton_ktid; /* its kernel tid */
	volatile uint32_t outcome;   /* enum lp_outcome */
	uint32_t targets_loaded;     /* bit i: plan target i was mapped */
	uint32_t sites_patched[LP_SITE_COUNT]; /* plan sites trapped, by kind (set at patching,
						  before the fork point or at dlopen) */
	uint32_t sites_unpatched; /* plan sites left alone (bytes differ, ...; see REC_WARN) */
	uint32_t sites_stubbed;	  /* of sites_patched: reached by a jump to a stub, not int3 */
				  /* records start at LP_SHM_LOG_OFFSET */
};
#define LP_SHM_LOG_OFFSET ((size_t)1 << 17) /* 128 KiB: header + overrides fit below */
_Static_assert(sizeof(struct lp_golden) <= sizeof(struct lp_override) * LP_MAX_OVERRIDES,
	       "the golden calls share the overrides' room");
_Static_assert(sizeof(struct lp_order) <= sizeof(struct lp_override) * LP_MAX_OVERRIDES,
	       "the order shares the overrides' room");
_Static_assert(sizeof(struct lp_shm) <= LP_SHM_LOG_OFFSET, "the header fits below the log");
#define LP_SHM_LOG_SIZE (LP_SHM_SIZE - LP_SHM_LOG_OFFSET)

/* Records: 8-byte aligned, each starting with struct lp_rec; size includes the header
 * and padding. Appended in the order things happen (one thread runs at a time). */
enum lp_rec_type {
	LP_REC_CALL = 1,   /* struct lp_rec_call, then args[nargs], then string payloads, then
			      struct payloads (LP_K_STRUCT) */
	LP_REC_RET,	   /* struct lp_rec_ret, then a string payload if the result is "s", then
			      one struct lp_str payload per out-parameter (len its bytes, or
			      LP_STR_NULL for a null pointer), unless LP_RET_UNWOUND */
	LP_REC_DECISION,   /* struct lp_rec_decision, candidates[n_candidates], held[n_held] */
	LP_REC_THREAD,	   /* struct lp_rec_thread: a thread was created */
	LP_REC_THREAD_END, /* struct lp_rec_thread: a thread finished */
	LP_REC_LOAD,	   /* struct lp_rec_load: an object was mapped (dlopen) */
	LP_REC_WARN,	   /* struct lp_rec_text: something that may weaken the verdict */
	LP_REC_ERROR,	   /* struct lp_rec_text: why the execution ended with FATAL/LIMIT */
	LP_REC_CRASH,	   /* struct lp_rec_crash, then stack_len bytes: a fatal signal */
	LP_REC_TSO,	   /* struct lp_rec_tso: a load ran while another thread's store to
			      its bytes was still buffered (LP_RUN_TSO) */
	LP_REC_TSO_PASS,   /* struct lp_rec_tso_pass: a load, not a stale one, passed stores
			      still in its own thread's buffer (LP_RUN_TSO) */
};

struct lp_rec {
	uint16_t type;
	uint16_t pad;
	uint32_t size;
};

/* A string payload: len bytes follow, then padding to 8. len == LP_STR_NULL for NULL. */
#define LP_STR_NULL UINT32_MAX
struct lp_str {
	uint32_t len;
	uint32_t truncated; /* 1 if the value was longer than LP_MAX_STRING */
};

struct lp_rec_call {
	struct lp_rec h;
	lp_tid_t tid;
	uint32_t func;	/* plan function index */
	uint32_t nargs; /* raw 64-bit argument values follow (floats as their bit pattern) */
	uint64_t site;	/* return address in the caller */
};

#define LP_RET_UNWOUND 1u /* lp_rec_ret.pad: no result; the history says "ret <unwound>" */
struct lp_rec_ret {
	struct lp_rec h;
	lp_tid_t tid;
	uint32_t func;
	uint32_t pad;	/* LP_RET_UNWOUND: the operation was left by longjmp or unwinding */
	uint64_t value; /* %rax, or %xmm0's low 64 bits for f4/f8 */
};

enum lp_point {
	LP_PT_OP_START = 1, /* before a call into the target */
	LP_PT_OP_END,	    /* after it returned, before the caller continues */
	LP_PT_THREAD_START, /* a new thread's first point */
	LP_PT_THREAD_EXIT,  /* a thread finished */
	LP_PT_SYNC,	    /* before a pthread/semaphore/futex operation */
	LP_PT_BLOCK,	    /* the running thread blocked */
	LP_PT_YIELD,	    /* sched_yield, sleep, poll(NULL, 0, ...), pause */
	LP_PT_ATOMIC,	    /* before an atomic instruction of the target (granularity atomic) */
	LP_PT_MEMORY,	    /* before a load or store of the target (granularity memory) */
	LP_PT_EXIT,	    /* the process is exiting */
};

#define LP_DEC_YIELD 1u /* switching away is not a preemption */
#define LP_DEC_WRITE 2u /* the access at this point (addr) writes memory */
/* --memory-model tso: the previous decision chose a store buffer, whose flush ran; this one
 * asks again at the same point, and its done is the flush's footprint (scheduler/explore.h,
 * "Store buffers"). It carries LP_DEC_YIELD too: any choice here is free. */
#define LP_DEC_FLUSHED 4u
/* The running thread stands at a blocking, untimed lock of the pthread mutex at addr: no
 * candidate while another thread holds it (the explorer's "Held-back runs", explore.h). */
#define LP_DEC_LOCK_WAIT 8u

/* What one *step* touched: the code a thread ran from one of its scheduling points up to
 * its next one (the action of the first point included: a lock taken after LP_PT_SYNC
 * belongs to the step that starts there). Objects are 64-byte-aligned line addresses (a
 * trapped instruction's memory, a pthread object, a futex word all name their line; a
 * thread is two names off every line, its start and its end: preload/runtime.h,
 * lp_rt_thread_obj), taken as written unless LP_FP_OBJ_READ is or-ed in (the step only
 * reads that line: a trapped plain load). Used by the cli's partial-order reduction
 * (scheduler/explore.h): two steps are dependent when they share an object that one of
 * them writes, both have LP_FP_TARGET (or one LP_FP_TARGET and the other LP_FP_MEMORY),
 * one has LP_FP_CALL and the other LP_FP_RET, or
 * either has LP_FP_UNKNOWN. */
#define LP_FP_MAX 4
#define LP_FP_UNKNOWN                                                                              \
	1u		/* not known (yield, fence without an operand, more than LP_FP_MAX         \
			   objects...): dependent on every step */
#define LP_FP_TARGET 2u /* ran code of a target: untracked plain memory accesses */
#define LP_FP_CALL 4u	/* appended a call record */
#define LP_FP_RET                                                                                  \
	8u		  /* appended a return record: the history's real-time order is which      \
			     returns precede which calls (two calls, or two returns, commute) */
#define LP_FP_OBJ_READ 1u /* in an object: the step only reads it (scheduler/footprint.h) */
/* Wrote target memory perhaps without running target code (a store buffer's flush or
 * drain, --memory-model tso): dependent on every LP_FP_TARGET step, whose untracked
 * accesses may read it, unless race-free; two of them only through their objects. */
#define LP_FP_MEMORY 16u
/* In an object: a thread's store buffer (--memory-model tso), which only that thread's
 * steps and its flushes act on (preload/runtime-tso.c). */
#define LP_FP_OBJ_BUFFER 2u
/* The thread table as an object: pthread_join, _detach and _cancel act on it (their sync
 * point), under this name rather than a line so that the explorer knows a step that acts
 * only on it and on threads' ends (scheduler/explore.h, "Join returns"). Off every line
 * (top bit) and every thread's name (preload/runtime.h: no tid has all digits 255). */
#define LP_FP_THREAD_TABLE 0xffffffffffffffc0ull
/* Whether obj names a thread's end (lp_tid_obj) or the table. */
#define LP_FP_IS_THREAD_END(obj) (((obj) >> 62) == 3)
/* A thread as two objects, its start and its end (preload/runtime.h, lp_rt_thread_obj says
 * why), named by its tid: the top bit keeps them off every line; the tid's last digits and
 * top bits are dropped (two tids sharing a name only lose independence). */
static inline uint64_t lp_tid_obj(lp_tid_t tid, int end)
{
	return (uint64_t)1 << 63 | (uint64_t)(end != 0) << 62 | (tid >> 2 & ~(uint64_t)63);
}
struct lp_footprint {
	uint32_t flags;		 /* LP_FP_* */
	uint32_t n;		 /* objects in obj[] */
	uint64_t obj[LP_FP_MAX]; /* addresses of pthread objects, futex words, threads */
};

struct lp_rec_decision {
	struct lp_rec h;
	uint64_t step;
	lp_tid_t running; /* thread that reached the point */
	lp_tid_t chosen;
	uint32_t point; /* enum lp_point */
	uint32_t flags; /* LP_DEC_* */
	uint64_t site;	/* code address where the running thread is (for reports) */
	uint64_t addr;	/* LP_PT_ATOMIC, LP_PT_MEMORY: the memory address the instruction at
			   site accesses (root causes); 0 when not known */
	struct lp_footprint done; /* the step that the running thread ends at this point */
	uint32_t n_candidates;
	uint32_t n_held;
	/* lp_tid_t candidates[n_candidates], sorted; then struct lp_held held[n_held] */
};

/* A pthread mutex held at a decision, and by which thread: those taken through the
 * runtime's models and still owned then (at most LP_HELD_MAX a thread; one left out only
 * makes the explorer assume less). */
struct lp_held {
	uint64_t addr;
	lp_tid_t holder;
};
#define LP_HELD_MAX 8

struct lp_rec_thread {
	struct lp_rec h;
	lp_tid_t tid;
	lp_tid_t parent; /* LP_TID_NONE for main */
};

struct lp_rec_load {
	struct lp_rec h;
	uint64_t base;
	uint64_t dev, ino;
	int32_t target;	  /* plan target index or -1 */
	uint32_t pathlen; /* path bytes follow, then padding */
};

struct lp_rec_text {
	struct lp_rec h;
	lp_tid_t tid;
	uint64_t site;
	uint32_t len; /* message bytes follow (one line, no newline), then padding */
	uint32_t pad;
};

/* A fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP not the tool's) that
 * the client does not handle, written by the preload's handler just before the default
 * action kills the process: raw data only, the cli unwinds and symbolizes it. regs are
 * the interrupted thread's general registers in DWARF numbering (rax rdx rcx rbx rsi rdi
 * rbp rsp r8..r15, then rip at LP_CRASH_REG_PC); the stack copy starts at regs[rsp] and
 * ends at LP_CRASH_STACK bytes or at the end of the mapping. A pending operation's return
 * slot in the copy holds the caller's address, not the return trampoline's. */
#define LP_CRASH_NREGS 17
#define LP_CRASH_REG_SP 7
#define LP_CRASH_REG_PC 16
#define LP_CRASH_STACK ((size_t)32 << 10)
struct lp_rec_crash {
	struct lp_rec h;
	lp_tid_t tid; /* the crashing thread, LP_TID_NONE when not one of the execution's */
	int32_t signo;
	int32_t code;  /* si_code */
	uint64_t addr; /* si_addr (the fault address for SIGSEGV, SIGBUS, SIGFPE, SIGILL) */
	uint64_t regs[LP_CRASH_NREGS];
	uint32_t stack_len; /* bytes of stack that follow, then padding */
	uint32_t pad;
};

/* --memory-model tso: a *stale load*. A trapped load of thread `loader` read committed
 * memory at load_addr (not its own buffered store) while thread `owner` still buffered its
 * store of size bytes val at store_addr (made by the instruction at store_site): under sc it
 * would have read that store or a later one. The loader's own buffer then held n_passed
 * stores, all to other bytes: the load passed them (store->load reordering, x86-TSO's only
 * one), and an mfence after any of them would have kept them before it. passed_site and
 * passed_addr keep them oldest first, at most LP_TSO_PASSED: when there are more, the
 * oldest and the newest LP_TSO_PASSED - 1. The first LP_TSO_NOTES of an execution. */
#define LP_TSO_NOTES 16
#define LP_TSO_PASSED 4
struct lp_rec_tso {
	struct lp_rec h;
	uint64_t step; /* the loader's point */
	lp_tid_t loader, owner;
	uint64_t load_site, load_addr;
	uint64_t store_site, store_addr;
	uint32_t size; /* <= 16 */
	uint32_t n_passed;
	uint8_t val[16];
	uint64_t passed_site[LP_TSO_PASSED], passed_addr[LP_TSO_PASSED]; /* min(n_passed, 4) */
};

/* --memory-model tso: a *passing load*. A trapped load of thread `loader` read committed
 * memory at load_addr, no other thread's store to it buffered (not a stale load), while its
 * own buffer held n_passed stores to other bytes: the load went ahead of them (store->load
 * reordering), where an mfence after one of them would have kept them before it. Whether
 * that mattered the record cannot tell: the fences after them are the candidates tried
 * after the stale loads' (cli/report/report-fence.h). passed_* as in lp_rec_tso. Kept: the
 * first LP_TSO_PASS_NOTES of an execution with distinct (loader, load_site, newest passed
 * site); n_more counts the passing loads not kept (repeats, or past the cap) while this
 * record was the execution's latest one: their total is the sum over the records. */
#define LP_TSO_PASS_NOTES 8
struct lp_rec_tso_pass {
	struct lp_rec h;
	uint64_t step; /* the loader's point */
	lp_tid_t loader;
	uint64_t load_site, load_addr;
	uint32_t n_passed;
	uint32_t n_more; /* updated in place while this is the latest passing-load record */
	uint64_t passed_site[LP_TSO_PASSED], passed_addr[LP_TSO_PASSED]; /* min(n_passed, 4) */
};

#define LP_REC_ALIGN(n) (((n) + 7u) & ~(size_t)7u)

/* ---- cli <-> lineup-checker --server ----
 * The cli writes histories in the lineup-history(5) text format to the checker's stdin.
 * After each history the checker writes exactly one line to stdout:
 *   "ok"                       the history was added (serial) or passed (concurrent)
 *   "violation <N>"            concurrent history failed; N bytes of report text follow
 *   "nondeterministic <N>"     serial history contradicts an earlier one; N bytes follow
 *   "error <N>"                the history was malformed; N bytes follow
 * The checker keeps serving after any of these; at end of input it writes the
 * observations file if asked and exits 0.
 * A line "confirm" before a concurrent history asks for a violation to be confirmed first:
 * the checker asks (as lazy phase 1 does, "ask <N>" with a request "T1 ... Tk T") for the
 * serial executions that refute the history once more, and replies "nondeterministic"
 * when one disagrees with its earlier run (checker/confirm.c). */

#endif
