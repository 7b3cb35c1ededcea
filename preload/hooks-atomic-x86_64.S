/* preload/hooks-atomic-x86_64.S — one stub per libatomic helper (atomic-names.def): saves
 * the argument registers, asks lp_atomic_enter(index, return address) for a scheduling
 * point and the real function, restores them and jumps there (the caller's frame is
 * untouched, so the real helper returns straight to it). No floating-point arguments. */
	.text
	.set lp_atomic_count, 0
.macro LP_STUB name
	.globl \name
	.type \name, @function
\name:
	push %rdi
	push %rsi
	push %rdx
	push %rcx
	push %r8
	push %r9
	sub $8, %rsp /* 16-byte alignment for the call */
	mov $lp_atomic_count, %edi
	mov 56(%rsp), %rsi
	call lp_atomic_enter
	add $8, %rsp
	pop %r9
	pop %r8
	pop %rcx
	pop %rdx
	pop %rsi
	pop %rdi
	jmp *%rax
	.size \name, . - \name
	.set lp_atomic_count, lp_atomic_count + 1
.endm
#define LP_ATOMIC(name) LP_STUB name;
#include "atomic-names.def"
	.section .note.GNU-stack, "", @progbits
