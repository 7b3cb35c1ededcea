/* cli/campaign/test-run.h — --test FILE: a fixed test of a lineup-test(5) description runs as
 * the built-in driver (lineup-driver FILE) under the same preload, scheduler and checker as
 * a client; its targets and signatures join the command line's. */
#ifndef LINEUP_CLI_CAMPAIGN_TEST_RUN_H
#define LINEUP_CLI_CAMPAIGN_TEST_RUN_H

#include "cli/analyze/analyze.h"
#include "cli/options.h"
#include "cli/campaign/test-desc.h"

/* Parses o->test into d (exit 2 with FILE:LINE on a malformed one). A fixed test: adds its
 * targets and signatures to o, points o at the driver (argv, 4 entries, is its command
 * line) and returns true. A generator, or generation flags: returns false (run
 * lp_test_campaign instead). */
bool lp_test_prepare(struct lp_options *o, struct lp_tdesc *d, char **argv);

/* The functions the test calls, each once (malloc'ed array of borrowed names): the
 * functions a header must declare; at[i] (malloc'ed, like the array) is "FILE:LINE" of
 * names[i]'s first call, for errors. Returns how many. */
int lp_test_wanted(const struct lp_tdesc *d, const char ***names, const char ***at);
void lp_test_wanted_free(const char **names, const char **at, int n);
/* The functions of thread-init and thread-fini lines, each once: never operations. */
int lp_test_setup_calls(const struct lp_tdesc *d, const char ***names);

/* The out-parameters of the test's calls (for lp_analyze_opts.outs); exit 2 naming
 * FILE:LINE when two calls of one function disagree on one. Returns how many. */
int lp_test_outs(const struct lp_tdesc *d, struct lp_out_param **outs);
void lp_test_outs_free(struct lp_out_param *outs, int n);

/* Checks every call of the test against the analysed targets: the function exists, its
 * arguments are integer-class (what the driver passes) and as many as it takes. Exit 2,
 * naming FILE:LINE, otherwise. */
void lp_test_check_plan(const struct lp_tdesc *d, const struct lp_plan *plan);

/* cli/campaign/test-struct.c. Checks a struct{...} literal (or another argument) a for
 * parameter arg (from 0) of func whose type is the struct l: members in number, nesting
 * and kind. Exit 2 naming at ("FILE:LINE") otherwise. */
void lp_test_check_struct(const char *at, const char *func, int arg, const struct lp_targ *a,
			  const struct lp_layout *l);
/* The layouts of the struct parameters the test's calls pass, one line "FUNC ARG LAYOUT"
 * each (lp_layout_text), for the driver's command line; NULL when there are none. */
char *lp_test_driver_layouts(const struct lp_tdesc *d, const struct lp_plan *plan);

#endif
