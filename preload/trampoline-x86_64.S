/* preload/trampoline-x86_64.S — the common entry of every operation trampoline and the
 * return trampoline. Both save exactly the registers that carry arguments or results,
 * call into C (ops.c) and jump on with the stack as the caller left it, so stack-passed
 * arguments stay intact. */
	.text

/* In: %r11d = plan function index, (%rsp) = the caller's return address. */
	.globl	lp_common_entry
	.hidden	lp_common_entry
	.type	lp_common_entry, @function
lp_common_entry:
	.cfi_startproc
	subq	$184, %rsp		/* 7 GPRs + 8 XMMs; keeps %rsp 16-aligned for the call */
	.cfi_adjust_cfa_offset 184
	movq	%rdi, 0(%rsp)
	movq	%rsi, 8(%rsp)
	movq	%rdx, 16(%rsp)
	movq	%rcx, 24(%rsp)
	movq	%r8, 32(%rsp)
	movq	%r9, 40(%rsp)
	movq	%rax, 48(%rsp)		/* %al: vector registers used by a varargs call */
	movdqu	%xmm0, 56(%rsp)
	movdqu	%xmm1, 72(%rsp)
	movdqu	%xmm2, 88(%rsp)
	movdqu	%xmm3, 104(%rsp)
	movdqu	%xmm4, 120(%rsp)
	movdqu	%xmm5, 136(%rsp)
	movdqu	%xmm6, 152(%rsp)
	movdqu	%xmm7, 168(%rsp)
	movl	%r11d, %edi
	movq	%rsp, %rsi
	leaq	184(%rsp), %rdx		/* the return-address slot */
	call	lp_op_enter		/* returns the real entry */
	movq	%rax, %r11
	movq	0(%rsp), %rdi
	movq	8(%rsp), %rsi
	movq	16(%rsp), %rdx
	movq	24(%rsp), %rcx
	movq	32(%rsp), %r8
	movq	40(%rsp), %r9
	movq	48(%rsp), %rax
	movdqu	56(%rsp), %xmm0
	movdqu	72(%rsp), %xmm1
	movdqu	88(%rsp), %xmm2
	movdqu	104(%rsp), %xmm3
	movdqu	120(%rsp), %xmm4
	movdqu	136(%rsp), %xmm5
	movdqu	152(%rsp), %xmm6
	movdqu	168(%rsp), %xmm7
	addq	$184, %rsp
	.cfi_adjust_cfa_offset -184
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
