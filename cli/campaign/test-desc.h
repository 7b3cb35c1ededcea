/* cli/campaign/test-desc.h — test descriptions, lineup-test(5) (design.md, contract): the parsed
 * form shared by the fixed-test runner (--test with `thread` lines), the generators
 * (--random, --auto: `op` lines) and minimisation.
 *
 * A description holds targets, signatures, `init` calls (which may bind a variable to their
 * result), `op` templates whose arguments may be choices, `final` calls and, for a fixed test,
 * one call list per `thread` line. A *test* is a description without `op` lines and whose
 * every argument is concrete: that is what the driver runs, what minimisation shrinks and
 * what lp_test_print writes back in lineup-test(5) form (parse(print(t)) == t). */
#ifndef LINEUP_CLI_CAMPAIGN_TEST_DESC_H
#define LINEUP_CLI_CAMPAIGN_TEST_DESC_H

#include <stdbool.h>
#include <stdio.h>

enum lp_targ_kind {
	LP_TARG_INT,   /* i */
	LP_TARG_STR,   /* s: the text between the quotes, escapes resolved */
	LP_TARG_NULL,  /* NULL */
	LP_TARG_VAR,   /* s: a variable bound by an earlier init line */
	LP_TARG_FLOAT, /* f: 1.5 (a double), or with single, 1.5f (a float) */
	LP_TARG_RANGE, /* lo..hi, inclusive (op lines only) */
	LP_TARG_SET,   /* {x, y, z}: set[0..n_set-1], each concrete (op lines only) */
};

struct lp_targ {
	enum lp_targ_kind kind;
	long long i, lo, hi;
	double f;
	bool single;
	char *s;
	struct lp_targ *set;
	int n_set;
};

struct lp_tcall {
	char *func;
	char *bind; /* init only: the variable bound to the result, or NULL */
	struct lp_targ *args;
	int n_args;
	int line; /* line in the description (0 for generated calls) */
};

struct lp_tthread {
	struct lp_tcall *calls;
	int n_calls;
};

struct lp_tdesc {
	char *path;	   /* as given (for file:line errors) */
	char **targets;	   /* as written; relative paths resolved against path's folder */
	char **signatures; /* as --signature */
	int *target_lines, *signature_lines; /* the line of each in the file (for errors) */
	struct lp_tcall *init, *ops, *final;
	struct lp_tthread *threads; /* fixed test: one per thread line */
	int n_targets, n_signatures, n_init, n_ops, n_final, n_threads;
};

/* Parses a description. Returns 0, or -1 with "FILE:LINE: what is wrong" (one line, no
 * trailing newline) in err. Refuses a file with both op and thread lines, one with neither,
 * unbound variables, choices outside op lines. */
int lp_tdesc_parse(const char *path, struct lp_tdesc *d, char *err, size_t errsize);
int lp_tdesc_parse_text(const char *path, const char *text, struct lp_tdesc *d, char *err,
			size_t errsize);
void lp_tdesc_free(struct lp_tdesc *d);

/* Deep copy (minimisation works on copies). */
void lp_tdesc_copy(struct lp_tdesc *dst, const struct lp_tdesc *src);
void lp_tcall_copy(struct lp_tcall *dst, const struct lp_tcall *src);
void lp_targ_copy(struct lp_targ *dst, const struct lp_targ *src);
void lp_tcall_free(struct lp_tcall *c);
/* name(arg, ...) as written in a description. */
void lp_tcall_print(const struct lp_tcall *c, FILE *f);

/* Writes a description in lineup-test(5) form: target, signature, init, op, thread and final
 * lines, in that order. */
void lp_tdesc_print(const struct lp_tdesc *d, FILE *f);

#endif
