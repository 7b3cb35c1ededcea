/* libspan.S — fixture of tests/unit/test-analyze-pure-spans.c: operations that call an
 * xchg spin lock of this object directly (pure-regions.h, "Spans"), with the cases that
 * must not give a span. %rdi: the lock, %rsi: the shared counter. */
	.text
	.p2align 4
lock_local:			/* the xchg is the point; nothing before it is shared */
	mov	$1, %eax
1:	xchg	%eax, (%rdi)
	test	%eax, %eax
	jne	1b
	ret

	.p2align 4
unlock_local:			/* from the xchg on: back to the caller */
	xor	%eax, %eax
	xchg	%eax, (%rdi)
	ret

	.p2align 4
lock_dirty:			/* writes a global before its xchg */
	incl	counter(%rip)
	mov	$1, %eax
2:	xchg	%eax, (%rdi)
	test	%eax, %eax
	jne	2b
	ret

/* span entry -> lock's xchg, and unlock's xchg -> end */
	.globl	op_good
	.type	op_good, @function
op_good:
	push	%rbx
	mov	%rsi, %rbx
	call	lock_local
	addl	$1, (%rbx)
	call	unlock_local
	pop	%rbx
	ret
	.size	op_good, .-op_good

/* unlock reached by a tail jump: its xchg at the operation's own depth -> end */
	.globl	op_tail
	.type	op_tail, @function
op_tail:
	push	%rbx
	mov	%rsi, %rbx
	call	lock_local
	addl	$1, (%rbx)
	mov	%rbx, %rsi
	pop	%rbx
	jmp	unlock_local
	.size	op_tail, .-op_tail

/* the lock writes a global first: no span from the entry */
	.globl	op_dirty
	.type	op_dirty, @function
op_dirty:
	push	%rbx
	mov	%rsi, %rbx
	call	lock_dirty
	addl	$1, (%rbx)
	call	unlock_local
	pop	%rbx
	ret
	.size	op_dirty, .-op_dirty

/* the lock reached by an indirect call: not followed, no span from the entry */
	.globl	op_indirect
	.type	op_indirect, @function
op_indirect:
	push	%rbx
	mov	%rsi, %rbx
	lea	lock_local(%rip), %rax
	call	*%rax
	addl	$1, (%rbx)
	call	unlock_local
	pop	%rbx
	ret
	.size	op_indirect, .-op_indirect

/* after the unlock returns, the caller writes a global: that return is no continuation
 * (no span from this unlock's xchg), while op_good's is */
	.globl	op_after
	.type	op_after, @function
op_after:
	push	%rbx
	mov	%rsi, %rbx
	call	lock_local
	addl	$1, (%rbx)
	call	unlock_local
	incl	counter(%rip)
	pop	%rbx
	ret
	.size	op_after, .-op_after

/* recursion into the operation's function: %edx > 0 writes a global and calls op_rec
 * again (one frame deeper); only the direct path's lock xchg is a span's end */
	.globl	op_rec
	.type	op_rec, @function
op_rec:
	sub	$8, %rsp
	test	%edx, %edx
	je	3f
	incl	counter(%rip)
	dec	%edx
	call	op_rec_local
	add	$8, %rsp
	ret
3:	call	lock_local
	addl	$1, (%rsi)
	call	unlock_local
	add	$8, %rsp
	ret
	.size	op_rec, .-op_rec
	.set	op_rec_local, op_rec

/* an unlock that wakes a waiter through syscall(SYS_futex): its xchg to the call, and the
 * call's return to the end, are spans (the preload's futex model makes the point) */
	.globl	op_futex
	.type	op_futex, @function
op_futex:
	sub	$8, %rsp
	xor	%eax, %eax
	xchg	%eax, (%rdi)
	cmp	$1, %eax
	je	4f
	mov	%rdi, %rsi
	mov	$202, %edi
	mov	$0x81, %edx
	mov	$1, %ecx
	xor	%eax, %eax
	call	syscall@PLT
4:	add	$8, %rsp
	ret
	.size	op_futex, .-op_futex

	.bss
	.hidden	counter
	.globl	counter
counter:
	.zero	4
	.section .note.GNU-stack,"",@progbits
