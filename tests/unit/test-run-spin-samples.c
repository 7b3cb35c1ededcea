/* tests/unit/test-run-spin-samples.c — the watchdog's early spin verdict on register
 * samples: a loop without progress, one with progress, code too far apart, undecided. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "cli/run/spin-samples.h"

/* The samples of a three-instruction loop that reloads a flag nobody writes. */
static void spin_loop(struct user_regs_struct *r, unsigned n)
{
	memset(r, 0, n * sizeof *r);
	for (unsigned i = 0; i < n; i++) {
		r[i].rip = 0x401000 + 4 * (i % 3);
		r[i].rsp = 0x7ffc0000;
		r[i].rax = 1;		       /* the flag's value */
		r[i].eflags = 0x246 + (i % 3); /* per instruction, the same each time round */
	}
}

static void no_progress_is_a_spin(void **state)
{
	(void)state;
	struct user_regs_struct r[8];
	spin_loop(r, 8);
	assert_true(lp_spin_samples_stuck(r, 8));
}

static void a_changing_register_is_progress(void **state)
{
	(void)state;
	struct user_regs_struct r[8];
	spin_loop(r, 8);
	r[6].rcx = 42; /* a counter moved between two visits of r[6].rip */
	assert_false(lp_spin_samples_stuck(r, 8));
	spin_loop(r, 8);
	r[7].rsp -= 16; /* so did the stack */
	assert_false(lp_spin_samples_stuck(r, 8));
}

static void code_far_apart_is_no_tight_loop(void **state)
{
	(void)state;
	struct user_regs_struct r[8];
	spin_loop(r, 8);
	r[4].rip += LP_SPIN_WINDOW; /* a call out and back, say */
	assert_false(lp_spin_samples_stuck(r, 8));
	spin_loop(r, 8);
	r[4].rip += LP_SPIN_WINDOW - 16; /* still one loop */
	assert_true(lp_spin_samples_stuck(r, 8));
}

static void no_instruction_twice_is_undecided(void **state)
{
	(void)state;
	struct user_regs_struct r[8];
	spin_loop(r, 8);
	for (unsigned i = 0; i < 8; i++)
		r[i].rip = 0x401000 + i;
	assert_false(lp_spin_samples_stuck(r, 8));
	assert_false(lp_spin_samples_stuck(r, 1));
	assert_false(lp_spin_samples_stuck(r, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(no_progress_is_a_spin),
	    cmocka_unit_test(a_changing_register_is_progress),
	    cmocka_unit_test(code_far_apart_is_no_tight_loop),
	    cmocka_unit_test(no_instruction_twice_is_undecided),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
