/* preload/stub-x86_64.S — lp_stub_entry, called by every site's stub (sites.h,
 * lp_sites_stub) with the site's index pushed and the red zone stepped over. The site is
 * in the middle of target code, not at a call: every general register and the flags are
 * live, so all are saved (in x86 numbering, as lp_sites_address wants them), %rsp is
 * aligned for the call, and all come back. Vector registers are not saved: the preload
 * is compiled with -mgeneral-regs-only and brings its own string functions
 * (preload/string.c), so no code on this path touches them.
 *
 * Stack at entry (E): E+0 return into the stub, E+8 the index, E+16..E+144 the red zone,
 * E+144 the %rsp of the interrupted code. */
	.text
	.globl	lp_stub_entry
	.hidden	lp_stub_entry
	.type	lp_stub_entry, @function
lp_stub_entry:
	pushfq
	pushq	%r15
	pushq	%r14
	pushq	%r13
	pushq	%r12
	pushq	%r11
	pushq	%r10
	pushq	%r9
	pushq	%r8
	pushq	%rdi
	pushq	%rsi
	pushq	%rbp
	subq	$8, %rsp		/* regs[4], %rsp: filled below */
	pushq	%rbx
	pushq	%rdx
	pushq	%rcx
	pushq	%rax			/* %rsp = E - 136 = &regs[0] */
	leaq	280(%rsp), %rax		/* E + 144 */
	movq	%rax, 32(%rsp)
	movl	144(%rsp), %edi		/* the index, at E + 8 */
	movq	%rsp, %rsi
	movq	%rsp, %rbx
	andq	$-16, %rsp
	cld
	call	lp_stub_point
	movq	%rbx, %rsp
	popq	%rax
	popq	%rcx
	popq	%rdx
	popq	%rbx
	addq	$8, %rsp
	popq	%rbp
	popq	%rsi
	popq	%rdi
	popq	%r8
	popq	%r9
	popq	%r10
	popq	%r11
	popq	%r12
	popq	%r13
	popq	%r14
	popq	%r15
	popfq
	ret
	.size	lp_stub_entry, . - lp_stub_entry
	.section .note.GNU-stack, "", @progbits
