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
	LP_TARG_INT,	/* i */
	LP_TARG_STR,	/* s: the text between the quotes, escapes resolved */
	LP_TARG_NULL,	/* NULL */
	LP_TARG_VAR,	/* s: a variable bound by an earlier init line */
	LP_TARG_FLOAT,	/* f: 1.5 (a double), or with single, 1.5f (a float) */
	LP_TARG_RANGE,	/* lo..hi, inclusive (op lines only) */
	LP_TARG_SET,	/* {x, y, z}: set[0..n_set-1], each concrete (op lines only) */
	LP_TARG_THREAD, /* $thread: the test thread's index from 0 (not in init or final) */
	LP_TARG_OUT,	/* out T: a pointer to a fresh zeroed object; out says T, i its size */
	LP_TARG_BYTES,	/* bytes N: a pointer to a fresh zeroed buffer of i bytes (input) */
	LP_TARG_FN,	/* fn NAME: the address of function s of a target or helper */
	LP_TARG_STRUCT, /* struct{x, y}: a struct passed by value, its members in set[] (integers,
			   floats, NULL, variables, $thread, nested structs), checked against
			   the type's layout */
};
#define LP_TBYTES_MAX (1 << 20) /* bytes N: at most this N */

/* What an out-parameter points to; its value after the call joins the call's result. */
enum lp_tout { LP_TOUT_INT, LP_TOUT_LONG, LP_TOUT_PTR, LP_TOUT_DOUBLE, LP_TOUT_BYTES };
#define LP_TOUT_MAX_BYTES 4096 /* out bytes N: at most this N (the preload's LP_MAX_OUT) */

struct lp_targ {
	enum lp_targ_kind kind;
	enum lp_tout out;
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
	/* header lines ("<name.h>", or a path resolved against path's folder) and
	 * pkg-config packages: types of the targets' functions (as --header, --pkg-config) */
	char **headers, **pkg_configs;
	int *header_lines, *pkg_config_lines;
	int n_headers, n_pkg_configs;
	/* lock lines: functions whose compare-and-swap takes a blocking lock (as --lock) */
	char **locks;
	int *lock_lines;
	int n_locks;
	/* helper lines: libraries loaded for fn arguments, not targets (paths resolved
	 * like targets) */
	char **helpers;
	int *helper_lines;
	int n_helpers;
	/* thread-init / thread-fini: run by every test thread before its first and after
	 * its last call; not operations */
	struct lp_tcall *thread_init, *thread_fini;
	int n_thread_init, n_thread_fini;
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
/* "int", "long", "ptr", "double", "bytes": as written after out. */
const char *lp_tout_name(enum lp_tout k);
/* The C type an out-parameter points to ("int", "long", "void *", "double", "unsigned
 * char"), and its size in bytes. */
const char *lp_tout_ctype(enum lp_tout k);
size_t lp_targ_out_size(const struct lp_targ *a);
/* Whether a function named name is called by thread-init or thread-fini lines (then it is
 * never an operation: its calls are the set-up of the test's threads). */
bool lp_tdesc_thread_setup(const struct lp_tdesc *d, const char *name);

/* Writes a description in lineup-test(5) form: target, signature, header, pkg-config, init,
 * thread-init, thread-fini, op, thread and final lines, in that order. */
void lp_tdesc_print(const struct lp_tdesc *d, FILE *f);

#endif
