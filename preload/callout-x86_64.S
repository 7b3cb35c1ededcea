/* preload/callout-x86_64.S — lp_callout_entry, reached by a jump from a target's drain
 * stub (callout.c) at a call out of the target: the caller's return address on top, the
 * real function in %r11. Saves every register that carries an argument (%al counts the
 * vector registers of a varargs call; %r10 a static chain), drains the thread's store
 * buffer (runtime-tso.c) and jumps on with the stack as the caller left it. */
	.text
	.globl	lp_callout_entry
	.hidden	lp_callout_entry
	.type	lp_callout_entry, @function
lp_callout_entry:
	.cfi_startproc
	subq	$200, %rsp		/* 9 GPRs + 8 XMMs; keeps %rsp 16-aligned for the call */
	.cfi_adjust_cfa_offset 200
	movq	%rdi, 0(%rsp)
	movq	%rsi, 8(%rsp)
	movq	%rdx, 16(%rsp)
	movq	%rcx, 24(%rsp)
	movq	%r8, 32(%rsp)
	movq	%r9, 40(%rsp)
	movq	%rax, 48(%rsp)
	movq	%r10, 56(%rsp)
	movq	%r11, 64(%rsp)
	movdqu	%xmm0, 72(%rsp)
	movdqu	%xmm1, 88(%rsp)
	movdqu	%xmm2, 104(%rsp)
	movdqu	%xmm3, 120(%rsp)
	movdqu	%xmm4, 136(%rsp)
	movdqu	%xmm5, 152(%rsp)
	movdqu	%xmm6, 168(%rsp)
	movdqu	%xmm7, 184(%rsp)
	call	lp_tso_call_out
	movq	0(%rsp), %rdi
	movq	8(%rsp), %rsi
	movq	16(%rsp), %rdx
	movq	24(%rsp), %rcx
	movq	32(%rsp), %r8
	movq	40(%rsp), %r9
	movq	48(%rsp), %rax
	movq	56(%rsp), %r10
	movq	64(%rsp), %r11
	movdqu	72(%rsp), %xmm0
	movdqu	88(%rsp), %xmm1
	movdqu	104(%rsp), %xmm2
	movdqu	120(%rsp), %xmm3
	movdqu	136(%rsp), %xmm4
	movdqu	152(%rsp), %xmm5
	movdqu	168(%rsp), %xmm6
	movdqu	184(%rsp), %xmm7
	addq	$200, %rsp
	.cfi_adjust_cfa_offset -200
	jmp	*%r11
	.cfi_endproc
	.size	lp_callout_entry, . - lp_callout_entry
	.section .note.GNU-stack, "", @progbits
