/* tests/atomics/atomics-asm.S — hand-written atomic encodings for tests/unit/test-analyze-atomics-scan.c.
 * at_X and end_X bracket an instruction the test expects to find (or skip). */
	.text

	.globl s_rmw
	.type s_rmw, @function
s_rmw:
at_lock_addq_imm:			/* immediate after the displacement */
	lock addq $1, s_glob(%rip)
end_lock_addq_imm:
at_66_f0:				/* lock addw $7, s_glob(%rip), 66 before f0 */
	.byte 0x66, 0xf0, 0x83, 0x05
	.long s_glob - (. + 5)
	.byte 7
end_66_f0:
at_f0_66:				/* the same, f0 before 66 */
	.byte 0xf0, 0x66, 0x83, 0x05
	.long s_glob - (. + 5)
	.byte 7
end_f0_66:
at_66_f0_imm16:				/* 16-bit immediate after the displacement */
	lock addw $0x1234, s_glob(%rip)
end_66_f0_imm16:
at_lock_xaddw:
	lock xaddw %ax, s_glob(%rip)
end_lock_xaddw:
at_lock_cmpxchg16b:
	lock cmpxchg16b s_glob(%rip)
end_lock_cmpxchg16b:
at_lock_btsq:
	lock btsq $3, s_glob(%rip)
end_lock_btsq:
at_lock_xacquire:			/* f0 f2: capstone 4.0.2 loses this lock */
	.byte 0xf0, 0xf2, 0x83, 0x07, 0x01
end_lock_xacquire:
at_xrelease_lock_xchg:
	.byte 0xf3, 0xf0, 0x48, 0x87, 0x07
end_xrelease_lock_xchg:
at_lock_incl:
	lock incl (%rdi)
end_lock_incl:
at_cmpxchg_nolock:
	cmpxchg %ecx, (%rdi)
end_cmpxchg_nolock:
	ret
	.size s_rmw, . - s_rmw

	.globl s_xchg
	.type s_xchg, @function
s_xchg:
at_xchg_rdi:
	xchg %rax, (%rdi)
end_xchg_rdi:
at_xchgw_rip:				/* 66 87 05: no lock byte at all */
	xchgw %ax, s_glob(%rip)
end_xchgw_rip:
at_lock_xchg:				/* redundant lock, still an xchg */
	lock xchg %rax, (%rdi)
end_lock_xchg:
	xchg %rax, %rdx			/* registers only: not a site */
	ret
	.size s_xchg, . - s_xchg

	.globl s_fence
	.type s_fence, @function
s_fence:
at_mfence:
	mfence
end_mfence:
at_lock_orq_rsp:
	lock orq $0, (%rsp)
end_lock_orq_rsp:
at_lock_addl_rsp:
	lock addl $0, -8(%rsp)
end_lock_addl_rsp:
	lfence				/* not a site */
	ret
	.size s_fence, . - s_fence

/* A spin-wait hint: a yield, not an atomic (f3 90, which is also `rep nop`). */
	.globl s_pause
	.type s_pause, @function
s_pause:
at_pause:
	pause
end_pause:
at_rep_nop:
	.byte 0xf3, 0x90		/* the same, written as rep nop */
end_rep_nop:
	nop				/* a plain nop: not a site */
	ret
	.size s_pause, . - s_pause

	.globl s_branch_into
	.type s_branch_into, @function
s_branch_into:
	je 1f
at_lock_prefix:				/* glibc style: the jump skips the lock byte */
	lock
1:	cmpxchg %ecx, (%rdi)
end_lock_prefix:
	ret
	.size s_branch_into, . - s_branch_into

	.globl s_bad_bytes
	.type s_bad_bytes, @function
s_bad_bytes:
at_bad:
	.byte 0x06			/* push %es: invalid in 64-bit mode */
end_bad:
at_after_bad:
	lock incl (%rsi)
end_after_bad:
	ret
	.size s_bad_bytes, . - s_bad_bytes

	.globl s_memory
	.type s_memory, @function
s_memory:
at_load_rip:
	movl s_glob(%rip), %eax
end_load_rip:
at_store_rip_imm:			/* immediate after the displacement */
	movl $5, s_glob(%rip)
end_store_rip_imm:
at_add_mem:
	addl %eax, (%rdi)
end_add_mem:
at_cmp_mem:
	cmpl $1, 8(%rdi)
end_cmp_mem:
at_rbp_general:				/* no frame pointer here: %rbp may point anywhere */
	movq (%rbp), %rax
end_rbp_general:
	leaq s_glob(%rip), %rax
	movq 8(%rsp), %rax
	movq %fs:0x28, %rax
	nopw 0(%rax, %rax)
	prefetcht0 (%rdi)
at_call_mem:
	call *8(%rax)
end_call_mem:
	ret
	.size s_memory, . - s_memory

	.globl s_frame
	.type s_frame, @function
s_frame:
	push %rbp
	mov %rsp, %rbp
	movq -8(%rbp), %rax		/* frame access: not a site */
at_frame_load:
	movq s_glob(%rip), %rax
end_frame_load:
	pop %rbp
	ret
	.size s_frame, . - s_frame

	.globl s_far_target
	.type s_far_target, @function
s_far_target:
at_far_target:				/* another function jumps past its lock byte */
	lock decl (%rdi)
end_far_target:
	ret
	.size s_far_target, . - s_far_target

	.globl s_far_jumper
	.type s_far_jumper, @function
s_far_jumper:
	jne at_far_target + 1
	ret
	.size s_far_jumper, . - s_far_jumper

/* Two symbols that decode the same bytes differently: lock xchg, or xchg one byte in. */
	.globl s_overlap_outer
	.type s_overlap_outer, @function
s_overlap_outer:
at_overlap_outer:
	.byte 0xf0
	.globl s_overlap_inner
	.type s_overlap_inner, @function
s_overlap_inner:
at_overlap_inner:
	.byte 0x48, 0x87, 0x07
end_overlap_outer:
end_overlap_inner:
	ret
	.size s_overlap_inner, . - s_overlap_inner
	.size s_overlap_outer, . - s_overlap_outer

/* No symbol type or size: only the gap sweep finds it (a static function once stripped). */
gap_code:
at_gap_lock:
	lock incq (%rsi)
end_gap_lock:
	ret

/* More typeless code: a bad byte makes the rest of the sweep unit uncertain... */
gap_bad:
at_gap_bad:
	.byte 0x06
end_gap_bad:
at_gap_after_bad:
	lock incq (%rsi)
end_gap_after_bad:
	ret

/* ...until a function start that .eh_frame_hdr lists (CFI but no symbol type). */
gap_fde:
	.cfi_startproc
at_gap_fde:
	lock incq (%rdx)
end_gap_fde:
	ret
	.cfi_endproc

/* Padding for the jumps to stubs (cli/analyze/stub-pads.h). pad_dead: a short site and,
 * after its ret, 11 nops nothing jumps into. pad_label: the nops after a jmp hold a label a
 * jne targets, so only the 3 bytes before it are dead (too few). pad_far: a short site
 * farther than a short jump from any dead padding; the nops after its mov do run. */
	.globl s_pad
	.type s_pad, @function
s_pad:
	.rept 70			/* out of reach of the sites before */
	movl %eax, %ecx
	.endr
at_pad_dead:
	xchg %eax, (%rdi)
end_pad_dead:
	ret
pad_dead_run:
	.byte 0x90, 0x90, 0x90, 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00, 0x90, 0x90
pad_dead_end:
	.size s_pad, . - s_pad

	.globl s_pad_label
	.type s_pad_label, @function
s_pad_label:
	test %esi, %esi
	jne pad_label_mid
at_pad_label:
	lock incl (%rdi)
end_pad_label:
	jmp pad_label_out
pad_label_run:
	.byte 0x90, 0x90, 0x90
pad_label_mid:
	.byte 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90
pad_label_out:
	.rept 70
	movl %eax, %ecx
	.endr
	ret
	.size s_pad_label, . - s_pad_label

	.globl s_pad_far
	.type s_pad_far, @function
s_pad_far:
	.rept 70
	movl %eax, %ecx
	.endr
at_pad_far:
	lock incl (%rdi)
end_pad_far:
	movl %eax, %ecx
pad_far_live:
	.byte 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90
	.rept 70
	movl %eax, %ecx
	.endr
	ret
	.size s_pad_far, . - s_pad_far

/* Memory no code writes once the object runs: .rodata, a .got slot, a jump through .got
 * and a call through the PLT (whose entry jumps through .got.plt). No site at -g memory
 * but the load of .data at the end. */
	.globl s_constant
	.type s_constant, @function
s_constant:
	movl s_rodata(%rip), %eax
	movq s_glob_export@GOTPCREL(%rip), %rax
	call s_far_target@PLT
at_data_load:
	movl s_glob(%rip), %eax
end_data_load:
	jmp *s_far_target@GOTPCREL(%rip)
	.size s_constant, . - s_constant

	.section .rodata
	.p2align 2
s_rodata:
	.long 7

	.data
	.globl s_glob_export
s_glob_export:
	.quad 0
	.p2align 4
s_glob:
	.quad 0, 0
	.section .note.GNU-stack, "", @progbits
