/* cli/run/spin-samples.c — see spin-samples.h. */
#include "spin-samples.h"

#include <stdint.h>

static bool same_regs(const struct user_regs_struct *a, const struct user_regs_struct *b)
{
	return a->rax == b->rax && a->rbx == b->rbx && a->rcx == b->rcx && a->rdx == b->rdx &&
	       a->rsi == b->rsi && a->rdi == b->rdi && a->rbp == b->rbp && a->rsp == b->rsp &&
	       a->r8 == b->r8 && a->r9 == b->r9 && a->r10 == b->r10 && a->r11 == b->r11 &&
	       a->r12 == b->r12 && a->r13 == b->r13 && a->r14 == b->r14 && a->r15 == b->r15 &&
	       a->rip == b->rip && a->eflags == b->eflags;
}

bool lp_spin_samples_stuck(const struct user_regs_struct *r, unsigned n)
{
	bool repeated = false;
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i + 1; j < n; j++) {
			uint64_t d =
			    r[i].rip > r[j].rip ? r[i].rip - r[j].rip : r[j].rip - r[i].rip;
			if (d >= LP_SPIN_WINDOW)
				return false; /* not one tight loop */
			if (r[i].rip != r[j].rip)
				continue;
			if (!same_regs(&r[i], &r[j]))
				return false; /* the loop makes progress */
			repeated = true;
		}
	return repeated;
}
