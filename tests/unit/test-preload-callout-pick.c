/* test-preload-callout-pick.c — which GOT slots of a target get a drain stub under tso. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <elf.h>

#include "callout-pick.h"

#define FUNC ELF64_ST_INFO(STB_GLOBAL, STT_FUNC)
#define OBJ ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT)
#define IFUNC ELF64_ST_INFO(STB_GLOBAL, STT_GNU_IFUNC)

static void calls_out_are_wrapped(void **state)
{
	(void)state;
	assert_int_equal(
	    lp_callout_pick(R_X86_64_JUMP_SLOT, FUNC, SHN_UNDEF, 5, LP_CALLOUT_OUTSIDE),
	    LP_CALLOUT_WRAP);
	/* -fno-plt: a call through a GLOB_DAT slot of a function */
	assert_int_equal(lp_callout_pick(R_X86_64_GLOB_DAT, FUNC, SHN_UNDEF, 5, LP_CALLOUT_OUTSIDE),
			 LP_CALLOUT_WRAP);
	assert_int_equal(
	    lp_callout_pick(R_X86_64_GLOB_DAT, IFUNC, SHN_UNDEF, 5, LP_CALLOUT_OUTSIDE),
	    LP_CALLOUT_WRAP);
	/* its own exported function, interposed by another object */
	assert_int_equal(lp_callout_pick(R_X86_64_JUMP_SLOT, FUNC, 12, 5, LP_CALLOUT_OUTSIDE),
			 LP_CALLOUT_WRAP);
}

static void others_are_kept(void **state)
{
	(void)state;
	/* a data object's address, another relocation type, no symbol */
	assert_int_equal(lp_callout_pick(R_X86_64_GLOB_DAT, OBJ, SHN_UNDEF, 5, LP_CALLOUT_OUTSIDE),
			 LP_CALLOUT_KEEP);
	assert_int_equal(lp_callout_pick(R_X86_64_64, FUNC, SHN_UNDEF, 5, LP_CALLOUT_OUTSIDE),
			 LP_CALLOUT_KEEP);
	assert_int_equal(
	    lp_callout_pick(R_X86_64_JUMP_SLOT, FUNC, SHN_UNDEF, 0, LP_CALLOUT_OUTSIDE),
	    LP_CALLOUT_KEEP);
	/* bound to a target (trapped), to the preload (its hooks drain), already a stub */
	assert_int_equal(lp_callout_pick(R_X86_64_JUMP_SLOT, FUNC, SHN_UNDEF, 5, LP_CALLOUT_TARGET),
			 LP_CALLOUT_KEEP);
	assert_int_equal(
	    lp_callout_pick(R_X86_64_JUMP_SLOT, FUNC, SHN_UNDEF, 5, LP_CALLOUT_PRELOAD),
	    LP_CALLOUT_KEEP);
	assert_int_equal(lp_callout_pick(R_X86_64_JUMP_SLOT, FUNC, SHN_UNDEF, 5, LP_CALLOUT_STUB),
			 LP_CALLOUT_KEEP);
	/* its own function bound to itself */
	assert_int_equal(lp_callout_pick(R_X86_64_JUMP_SLOT, FUNC, 12, 5, LP_CALLOUT_OWN_OBJECT),
			 LP_CALLOUT_KEEP);
}

static void lazy_imports_are_said(void **state)
{
	(void)state;
	assert_int_equal(
	    lp_callout_pick(R_X86_64_JUMP_SLOT, FUNC, SHN_UNDEF, 5, LP_CALLOUT_OWN_OBJECT),
	    LP_CALLOUT_LAZY);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(calls_out_are_wrapped),
	    cmocka_unit_test(others_are_kept),
	    cmocka_unit_test(lazy_imports_are_said),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
