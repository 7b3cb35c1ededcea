/* cli/report/site-warnings.h — warnings about single instructions, summed up. The preload
 * warns once per site it cannot trap ("instruction at 0x1c of 'OBJ' is not a scheduling
 * point: WHY"); a library such as libc has hundreds. They are grouped by object and
 * reason: the summary has one line per group naming the first few sites (in address
 * order), and --coverage lists every site.
 *
 * Pure but for the namer: lp_site_namer, when set (main.c sets it to a DWARF/ELF
 * symbolizer), names a site "function+0x1c"; otherwise it is named by its address. */
#ifndef LINEUP_CLI_SITE_WARNINGS_H
#define LINEUP_CLI_SITE_WARNINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The sites named in a group's summary line. */
#define LP_SITE_WARN_SHOWN 4

struct lp_site_group {
	char *object, *why; /* as the preload wrote them (object: its path) */
	uint64_t *offs;	    /* sorted, distinct: file addresses in object */
	char **names;	    /* lazily: names[i] of offs[i], or NULL */
	size_t n, cap;
	size_t warning; /* the summary warning that stands for the group */
};

struct lp_site_groups {
	struct lp_site_group *g;
	size_t n;
};

/* Names the instruction at file address off of the object at path (malloc'ed), or NULL. */
extern char *(*lp_site_namer)(const char *path, uint64_t off);

/* Whether text is a warning about one instruction: its object (malloc'ed), file address
 * and reason (malloc'ed). */
bool lp_site_warning_parse(const char *text, char **object, uint64_t *off, char **why);

/* Files a warning about one instruction: returns its group's index (*fresh: the group is
 * new, *added: the site is), or -1 when text is not about one instruction. */
long lp_site_groups_add(struct lp_site_groups *gs, const char *text, bool *fresh, bool *added);

/* The group's summary line: a single site's own warning, else "N instructions of 'obj'
 * are not scheduling points (a, b, c, d, and K more; --coverage lists all): WHY". */
char *lp_site_group_line(struct lp_site_group *g);

/* Every site of the group on one line, for --coverage: "N instructions of 'obj' (WHY):
 * a, b, ...". */
char *lp_site_group_list(struct lp_site_group *g);

void lp_site_groups_free(struct lp_site_groups *gs);

#endif
