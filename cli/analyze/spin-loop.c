/* cli/analyze/spin-loop.c — see spin-loop.h. */
#include "spin-loop.h"

#include <errno.h>
#include <fcntl.h>
#include <libelf.h>
#include <string.h>
#include <unistd.h>

#include <capstone/capstone.h>

#include "atomics-elf.h"
#include "lineup/die.h"

static bool in_group(const cs_insn *in, uint8_t grp)
{
	for (uint8_t i = 0; i < in->detail->groups_count; i++)
		if (in->detail->groups[i] == grp)
			return true;
	return false;
}

static bool jumps(const cs_insn *in) { return in_group(in, X86_GRP_JUMP); }

/* Whether [lo, hi) calls out: a callee's plain stores are no sites at -g atomic, so such a
 * loop may write without its trapped loads showing it (no read cycle to trust). */
static bool calls_out(csh cs, const struct scan_section *sec, uint64_t lo, uint64_t hi)
{
	cs_insn *in = cs_malloc(cs);
	if (!in)
		return true;
	const uint8_t *p = sec->data + (lo - sec->addr);
	uint64_t addr = lo;
	size_t n = hi - lo;
	bool calls = false;
	while (!calls && addr < hi && cs_disasm_iter(cs, &p, &n, &addr, in))
		calls = in_group(in, X86_GRP_CALL) || in_group(in, X86_GRP_INT) ||
			in->id == X86_INS_SYSCALL;
	calls = calls || addr != hi; /* undecodable bytes, or lo inside an instruction */
	cs_free(in, 1);
	return calls;
}

/* Decodes from pc in the executable section sec; 0 when a back edge was found. */
static int back_edge(csh cs, const struct scan_section *sec, uint64_t pc, uint64_t *lo,
		     uint64_t *hi)
{
	cs_insn *in = cs_malloc(cs);
	if (!in)
		return -1;
	const uint8_t *p = sec->data + (pc - sec->addr);
	uint64_t addr = pc;
	size_t n = sec->addr + sec->size - pc;
	if (n > LP_SPIN_LOOP_MAX)
		n = LP_SPIN_LOOP_MAX;
	int ret = -1;
	while (ret && cs_disasm_iter(cs, &p, &n, &addr, in)) {
		const cs_x86 *x = &in->detail->x86;
		if (in->id == X86_INS_RET || in->id == X86_INS_RETF)
			break;
		if (!jumps(in))
			continue;
		if (x->op_count != 1 || x->operands[0].type != X86_OP_IMM)
			break; /* indirect: the loop is not ours to see */
		uint64_t to = (uint64_t)x->operands[0].imm;
		if (to <= pc && to >= sec->addr && pc - to < LP_SPIN_LOOP_MAX) {
			*lo = to;
			*hi = addr;
			ret = 0;
		}
	}
	cs_free(in, 1);
	return ret;
}

int lp_spin_loop(const char *path, uint64_t pc, uint64_t *lo, uint64_t *hi, char *err,
		 size_t errlen)
{
	if (elf_version(EV_CURRENT) == EV_NONE)
		return lp_errf(err, errlen, "libelf is unusable: %s", elf_errmsg(-1));
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return lp_errf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
	struct scan_elf obj = {0};
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	int ret = -1;
	if (!elf)
		lp_errf(err, errlen, "cannot read '%s' as ELF: %s", path, elf_errmsg(-1));
	else if (!lp_scan_elf_read(elf, path, &obj, err, errlen)) {
		const struct scan_section *sec = NULL;
		for (size_t i = 0; i < obj.nsec; i++)
			if (obj.secs[i].exec && obj.secs[i].data && pc >= obj.secs[i].addr &&
			    pc < obj.secs[i].addr + obj.secs[i].size)
				sec = &obj.secs[i];
		csh cs;
		if (!sec)
			lp_errf(err, errlen, "0x%llx is not in the code of '%s'",
				(unsigned long long)pc, path);
		else if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK)
			lp_errf(err, errlen, "cannot start capstone");
		else {
			cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON);
			ret = back_edge(cs, sec, pc, lo, hi);
			if (ret)
				lp_errf(err, errlen, "no loop back to 0x%llx in '%s'",
					(unsigned long long)pc, path);
			else if ((ret = calls_out(cs, sec, *lo, *hi) ? -1 : 0))
				lp_errf(err, errlen, "the loop at 0x%llx in '%s' calls out",
					(unsigned long long)pc, path);
			cs_close(&cs);
		}
	}
	lp_scan_elf_free(&obj);
	if (elf)
		elf_end(elf);
	close(fd);
	return ret;
}

int lp_spin_loop_sites(const char *path, uint64_t pc, struct lp_scan *out, char *err, size_t errlen)
{
	uint64_t lo, hi;
	memset(out, 0, sizeof *out);
	if (lp_spin_loop(path, pc, &lo, &hi, err, errlen) ||
	    lp_atomics_scan(path, NULL, 0, true, out, err, errlen))
		return -1;
	size_t k = 0;
	for (size_t i = 0; i < out->n; i++) {
		const struct lp_site *s = &out->sites[i];
		if (s->offset >= lo && s->offset < hi &&
		    (s->kind == LP_SITE_LOAD || s->kind == LP_SITE_STORE))
			out->sites[k++] = *s;
	}
	out->n = k;
	return 0;
}
