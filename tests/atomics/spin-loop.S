/* spin-loop.S — loops for tests/unit/test-analyze-spin-loop.c: one that only loads, one
 * that stores every round, one whose load is on the stack, one that calls out, and code
 * without a loop. */
	.text
	.globl	spin_load
	.type	spin_load, @function
spin_load:
	xorl	%eax, %eax
1:	movl	(%rdi), %eax
	cmpl	%esi, %eax
	jne	1b
	ret
	.size	spin_load, .-spin_load

	.globl	spin_store
	.type	spin_store, @function
spin_store:
1:	movl	$1, (%rdi)
	movl	(%rsi), %eax
	testl	%eax, %eax
	jne	1b
	ret
	.size	spin_store, .-spin_store

	.globl	spin_stack
	.type	spin_stack, @function
spin_stack:
1:	movl	-8(%rsp), %eax
	testl	%eax, %eax
	jne	1b
	ret
	.size	spin_stack, .-spin_stack

	.globl	spin_call
	.type	spin_call, @function
spin_call:
1:	call	no_loop@PLT
	testl	%eax, %eax
	jne	1b
	ret
	.size	spin_call, .-spin_call

	.globl	no_loop
	.type	no_loop, @function
no_loop:
	movl	(%rdi), %eax
	ret
	.size	no_loop, .-no_loop
	.section	.note.GNU-stack,"",@progbits
