/* preload/trampoline-x86_64.S — the common entry of every operation trampoline and the
 * return trampoline. Both save exactly the registers that carry arguments or results,
 * call into C (ops.c) and jump on with the stack as the caller left it, so stack-passed
 * arguments stay intact. */
#include "arg-regs-x86_64.inc"

	.text

/* In: %r11d = plan function index, (%rsp) = the caller's return address. */
	.globl	lp_common_entry
	.hidden	lp_common_entry
	.type	lp_common_entry, @function
lp_common_entry:
	.cfi_startproc
	subq	$LP_ARG_REGS_SIZE, %rsp	/* keeps %rsp 16-aligned for the call */
	.cfi_adjust_cfa_offset LP_ARG_REGS_SIZE
	LP_SAVE_ARG_REGS
	movl	%r11d, %edi
	movq	%rsp, %rsi
	leaq	LP_ARG_REGS_SIZE(%rsp), %rdx	/* the return-address slot */
	call	lp_op_enter		/* returns the real entry */
	movq	%rax, %r11
	LP_RESTORE_ARG_REGS
	addq	$LP_ARG_REGS_SIZE, %rsp
	.cfi_adjust_cfa_offset -LP_ARG_REGS_SIZE
	jmp	*%r11
	.cfi_endproc
	.size	lp_common_entry, .-lp_common_entry

/* A byte that no unwind information covers: an unwinder looks up a return address less
 * one, so an operation's frame returning to lp_ret_tramp is an end of stack to it (a
 * forced unwind then goes on by longjmp to the cleanup buffers), not a frame of
 * lp_common_entry with a wrong rule for the return address. Unwinding that must pass
 * through puts the real return address back first (ops.c, hooks-unwind.c). */
	int3

/* Reached by the target's ret: %rsp is the caller's, 16-aligned. */
	.globl	lp_ret_tramp
	.hidden	lp_ret_tramp
	.type	lp_ret_tramp, @function
lp_ret_tramp:
	subq	$48, %rsp
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movdqu	%xmm0, 16(%rsp)
	movdqu	%xmm1, 32(%rsp)
	movq	%rsp, %rdi
	call	lp_op_exit		/* returns the caller's return address */
	movq	%rax, %r11
	movq	0(%rsp), %rax
	movq	8(%rsp), %rdx
	movdqu	16(%rsp), %xmm0
	movdqu	32(%rsp), %xmm1
	addq	$48, %rsp
	jmp	*%r11
	.size	lp_ret_tramp, .-lp_ret_tramp

	.section .note.GNU-stack,"",@progbits
