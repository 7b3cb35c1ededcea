/* cli/analyze/unwind.c — a crashed thread's frames from its registers and stack copy, with
 * libdwfl's CFI unwinder over our own thread callbacks (unwind.h). */
#include "unwind.h"

#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "lineup/die.h"

static const Dwfl_Callbacks proc_callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
};

bool lp_unwind_stack_word(uint64_t sp, const void *copy, size_t len, uint64_t addr, uint64_t *out)
{
	if (addr < sp || addr - sp > len || len - (addr - sp) < 8)
		return false;
	memcpy(out, (const char *)copy + (addr - sp), 8);
	return true;
}

/* The state libdwfl's callbacks see: one thread, its registers, its stack copy. */
struct unwound {
	uint64_t regs[LP_CRASH_NREGS];
	uint64_t sp;
	const void *stack;
	size_t stack_len;
	bool given;
	uint64_t pcs[LP_UNWIND_MAX_FRAMES];
	bool activation[LP_UNWIND_MAX_FRAMES];
	size_t n;
};

#define THREAD_ID 1 /* any positive number: there is one thread */

static pid_t next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	(void)dwfl;
	struct unwound *u = arg;
	if (u->given)
		return 0;
	u->given = true;
	*thread_argp = u;
	return THREAD_ID;
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	(void)dwfl;
	const struct unwound *u = arg;
	uint64_t w;
	if (!lp_unwind_stack_word(u->sp, u->stack, u->stack_len, addr, &w))
		return false;
	*result = w;
	return true;
}

static bool set_initial_registers(Dwfl_Thread *thread, void *thread_arg)
{
	const struct unwound *u = thread_arg;
	Dwarf_Word regs[LP_CRASH_NREGS];
	for (unsigned i = 0; i < LP_CRASH_NREGS; i++)
		regs[i] = u->regs[i];
	if (!dwfl_thread_state_registers(thread, 0, LP_CRASH_NREGS, regs))
		return false;
	dwfl_thread_state_register_pc(thread, u->regs[LP_CRASH_REG_PC]);
	return true;
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
    .next_thread = next_thread,
    .memory_read = memory_read,
    .set_initial_registers = set_initial_registers,
};

static int on_frame(Dwfl_Frame *state, void *arg)
{
	struct unwound *u = arg;
	Dwarf_Addr pc;
	bool act;
	if (!dwfl_frame_pc(state, &pc, &act) || u->n == LP_UNWIND_MAX_FRAMES)
		return DWARF_CB_ABORT;
	/* a repeated frame is a loop in bad unwind data */
	if (u->n && u->pcs[u->n - 1] == pc && !act)
		return DWARF_CB_ABORT;
	u->pcs[u->n] = pc;
	u->activation[u->n++] = act;
	return DWARF_CB_OK;
}

/* The modules: the live process's, then objects the execution loaded that it lacks. */
static Dwfl *modules(pid_t pid, const void *log, size_t len)
{
	Dwfl *d = dwfl_begin(&proc_callbacks);
	if (!d)
		return NULL;
	dwfl_report_begin(d);
	if (pid > 0)
		dwfl_linux_proc_report(d, pid);
	for (size_t off = 0; log && off + sizeof(struct lp_rec) <= len;) {
		const struct lp_rec *r = (const void *)((const char *)log + off);
		if (r->size < sizeof *r || r->size % 8 || r->size > len - off)
			break;
		off += r->size;
		const struct lp_rec_load *l = (const void *)r;
		if (r->type != LP_REC_LOAD || r->size < sizeof *l ||
		    l->pathlen > r->size - sizeof *l)
			continue;
		char *path = lp_xmalloc(l->pathlen + 1);
		memcpy(path, l + 1, l->pathlen);
		path[l->pathlen] = 0;
		if (strcmp(path, "/proc/self/exe") != 0) /* overlapping ones are refused */
			dwfl_report_elf(d, path, path, -1, l->base, false);
		free(path);
	}
	if (dwfl_report_end(d, NULL, NULL) != 0) {
		dwfl_end(d);
		return NULL;
	}
	return d;
}

static char *dup_base(const char *path)
{
	if (!path)
		return NULL;
	const char *s = strrchr(path, '/');
	return lp_xstrdup(s ? s + 1 : path);
}

/* A return address is looked up one byte back: the call's line, and the caller's function
 * even when the call is its last instruction. */
static void symbolize(Dwfl *d, uint64_t pc, bool activation, struct lp_crash_frame *f)
{
	uint64_t at = activation || !pc ? pc : pc - 1;
	memset(f, 0, sizeof *f);
	f->pc = pc;
	Dwfl_Module *mod = d ? dwfl_addrmodule(d, at) : NULL;
	if (!mod)
		return;
	Dwarf_Addr start = 0;
	const char *name = dwfl_module_info(mod, NULL, &start, NULL, NULL, NULL, NULL, NULL);
	f->obj = dup_base(name);
	GElf_Off off = 0;
	GElf_Sym sym;
	const char *fn = dwfl_module_addrinfo(mod, at, &off, &sym, NULL, NULL, NULL);
	if (fn) {
		char *dm = lp_demangle(fn);
		f->fn = dm ? dm : lp_xstrdup(fn);
		f->off = (uint64_t)off + (at != pc);
	} else {
		GElf_Addr bias = 0;
		f->off = dwfl_module_getelf(mod, &bias) ? pc - bias : pc - start;
	}
	Dwfl_Line *l = dwfl_module_getsrc(mod, at);
	int line = 0;
	const char *file = l ? dwfl_lineinfo(l, NULL, &line, NULL, NULL, NULL) : NULL;
	if (file && line > 0) {
		f->file = dup_base(file);
		f->line = line;
	}
}

/* Unwinds from u's registers into u->pcs (a fresh Dwfl: a process state attaches once). */
static void unwind(pid_t pid, const void *log, size_t len, struct unwound *u)
{
	Dwfl *d = modules(pid, log, len);
	if (d && dwfl_attach_state(d, NULL, THREAD_ID, &thread_callbacks, u))
		dwfl_getthread_frames(d, THREAD_ID, on_frame, u);
	if (d)
		dwfl_end(d);
}

struct lp_crash_info *lp_unwind_crash(pid_t pid, const struct lp_rec_crash *r, const void *log,
				      size_t log_len)
{
	struct lp_crash_info *ci = lp_xcalloc(1, sizeof *ci);
	ci->tid = r->tid;
	ci->signo = r->signo;
	ci->code = r->code;
	ci->addr = r->addr;
	ci->pc = r->regs[LP_CRASH_REG_PC];
	struct unwound *u = lp_xcalloc(1, sizeof *u);
	memcpy(u->regs, r->regs, sizeof u->regs);
	u->sp = r->regs[LP_CRASH_REG_SP];
	u->stack = r + 1;
	u->stack_len = r->stack_len;
	unwind(pid, log, log_len, u);
	Dwfl *d = modules(pid, log, log_len);
	/* A call through a bad pointer: no code at the pc, so no CFI (libdwfl's frame-pointer
	 * guess skips the caller); the caller's return address is the word on top of the
	 * stack. */
	uint64_t ret;
	if ((!d || !dwfl_addrmodule(d, ci->pc)) &&
	    lp_unwind_stack_word(u->sp, u->stack, u->stack_len, u->sp, &ret)) {
		struct unwound *caller = lp_xcalloc(1, sizeof *caller);
		*caller = *u;
		caller->given = false;
		caller->n = 0;
		caller->regs[LP_CRASH_REG_PC] = ret;
		caller->regs[LP_CRASH_REG_SP] = caller->sp = u->sp + 8;
		caller->stack = (const char *)u->stack + 8;
		caller->stack_len = u->stack_len - 8;
		unwind(pid, log, log_len, caller);
		u->n = 1;
		u->pcs[0] = ci->pc;
		u->activation[0] = true;
		for (size_t i = 0; i < caller->n && u->n < LP_UNWIND_MAX_FRAMES; i++) {
			u->pcs[u->n] = caller->pcs[i];
			u->activation[u->n++] = false; /* a return address, even the first */
		}
		free(caller);
	}
	if (!u->n) { /* nothing unwound: the pc alone */
		u->pcs[0] = ci->pc;
		u->activation[0] = true;
		u->n = 1;
	}
	ci->frames = lp_xcalloc(u->n, sizeof *ci->frames);
	ci->n_frames = u->n;
	for (size_t i = 0; i < u->n; i++)
		symbolize(d, u->pcs[i], i == 0 || u->activation[i], &ci->frames[i]);
	if (d)
		dwfl_end(d);
	free(u);
	return ci;
}
