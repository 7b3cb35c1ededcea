/* preload/callout-x86_64.S — lp_callout_entry, reached by a jump from a target's drain
 * stub (callout.c) at a call out of the target: the caller's return address on top, the
 * real function in %r11. Saves every register that carries an argument (%al counts the
 * vector registers of a varargs call; %r10 a static chain), drains the thread's store
 * buffer (runtime-tso.c) and jumps on with the stack as the caller left it. */
#include "arg-regs-x86_64.inc"

	.text
	.globl	lp_callout_entry
	.hidden	lp_callout_entry
	.type	lp_callout_entry, @function
lp_callout_entry:
	.cfi_startproc
	subq	$LP_ARG_REGS_SIZE + 16, %rsp	/* and %r10, %r11; 16-aligned for the call */
	.cfi_adjust_cfa_offset LP_ARG_REGS_SIZE + 16
	LP_SAVE_ARG_REGS
	movq	%r10, LP_ARG_REGS_SIZE(%rsp)
	movq	%r11, LP_ARG_REGS_SIZE + 8(%rsp)
	call	lp_tso_call_out
	LP_RESTORE_ARG_REGS
	movq	LP_ARG_REGS_SIZE(%rsp), %r10
	movq	LP_ARG_REGS_SIZE + 8(%rsp), %r11
	addq	$LP_ARG_REGS_SIZE + 16, %rsp
	.cfi_adjust_cfa_offset -(LP_ARG_REGS_SIZE + 16)
	jmp	*%r11
	.cfi_endproc
	.size	lp_callout_entry, . - lp_callout_entry
	.section .note.GNU-stack, "", @progbits
