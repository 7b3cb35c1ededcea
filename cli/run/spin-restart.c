/* cli/run/spin-restart.c — see spin-restart.h. */
#include "spin-restart.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cli/analyze/spin-loop.h"
#include "lineup/buf.h"
#include "lineup/die.h"

static char **argv0;
static const struct lp_plan *the_plan;
static char *notes; /* the earlier restarts' warnings */

void lp_spin_restart_init(char **argv, const struct lp_plan *plan)
{
	argv0 = argv;
	the_plan = plan;
	const char *v = getenv(LP_SPIN_NOTES_ENV);
	free(notes);
	notes = lp_xstrdup(v ? v : "");
	unsetenv(LP_SPIN_NOTES_ENV); /* not for the client */
}

const char *lp_spin_restart_notes(void) { return notes ? notes : ""; }

static unsigned restarts_so_far(void)
{
	const char *v = notes;
	unsigned n = v && *v ? 1 : 0;
	for (; v && *v; v++)
		n += *v == '\n' && v[1];
	return n;
}

/* The object of the plan mapped at pc in pid (-1: none) and pc's address in its file:
 * the load base is where the object's first page (file offset 0) is mapped. */
static int object_at(pid_t pid, uint64_t pc, uint64_t *vaddr)
{
	char path[64], line[4096];
	snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "re");
	unsigned long maj = 0, min = 0, ino = 0;
	uint64_t lo, hi, off;
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %*s %*x %lx:%lx %lu", &lo, &hi, &maj,
			   &min, &ino) == 5 &&
		    pc >= lo && pc < hi)
			break;
		else
			ino = 0;
	int obj = -1;
	for (int i = 0; ino && i < the_plan->n_targets + the_plan->n_instrument; i++) {
		const struct lp_plan_target *t =
		    i < the_plan->n_targets ? &the_plan->targets[i]
					    : &the_plan->instrument[i - the_plan->n_targets];
		if ((unsigned long)t->ino == ino && major(t->dev) == maj && minor(t->dev) == min)
			obj = i;
	}
	if (f && obj >= 0) {
		rewind(f);
		uint64_t base = UINT64_MAX;
		unsigned long ma, mi, in;
		while (fgets(line, sizeof line, f))
			if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %*s %" SCNx64 " %lx:%lx %lu", &lo,
				   &hi, &off, &ma, &mi, &in) == 6 &&
			    in == ino && ma == maj && mi == min && off == 0 && lo < base)
				base = lo;
		obj = base == UINT64_MAX || pc < base ? -1 : obj;
		*vaddr = pc - base;
	}
	if (f)
		fclose(f);
	return obj;
}

/* Loads of the loop the plan does not trap yet; -1 when the loop writes plain memory. */
static int new_loads(int obj, const struct lp_scan *sc)
{
	int n = 0;
	for (size_t k = 0; k < sc->n; k++) {
		if (sc->sites[k].kind == LP_SITE_STORE)
			return -1;
		bool known = false;
		for (size_t i = 0; i < the_plan->n_sites && !known; i++)
			known = the_plan->sites[i].object == obj &&
				the_plan->sites[i].site.offset == sc->sites[k].offset;
		n += !known;
	}
	return n;
}

bool lp_spin_restart_prepare(pid_t pid, uint64_t pc, lp_tid_t tid, char **site, char **note)
{
	uint64_t vaddr = 0;
	if (!the_plan || the_plan->level != LP_SITES_ATOMIC || !pc ||
	    restarts_so_far() >= LP_SPIN_RESTARTS)
		return false;
	int obj = object_at(pid, pc, &vaddr);
	struct lp_scan sc;
	char err[256];
	const char *path = obj < 0 ? NULL
			   : obj < the_plan->n_targets
			       ? the_plan->targets[obj].path
			       : the_plan->instrument[obj - the_plan->n_targets].path;
	if (!path || lp_spin_loop_sites(path, vaddr, &sc, err, sizeof err))
		return false;
	int n = new_loads(obj, &sc);
	lp_atomics_scan_free(&sc);
	if (n <= 0)
		return false;
	const char *slash = strrchr(path, '/');
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%s+0x%" PRIx64, slash ? slash + 1 : path, vaddr);
	*site = lp_buf_take(&b);
	char tname[LP_TID_STRLEN];
	char *where = lp_symbolize(pid, pc);
	lp_buf_printf(&b,
		      "thread %s spun at %s without a scheduling point; its loop's %d %s "
		      "now %s (--spin-site %s; run restarted)",
		      tid == LP_TID_NONE ? "?" : lp_tid_format(tid, tname), where, n,
		      n == 1 ? "load is" : "loads are",
		      n == 1 ? "a scheduling point" : "scheduling points", *site);
	free(where);
	*note = lp_buf_take(&b);
	return true;
}

void lp_spin_restart_exec(const char *site, const char *note)
{
	int argc = 0;
	while (argv0 && argv0[argc])
		argc++;
	if (!argc)
		return;
	char **av = lp_xcalloc((size_t)argc + 3, sizeof *av);
	av[0] = argv0[0];
	av[1] = (char *)"--spin-site";
	av[2] = (char *)site;
	memcpy(av + 3, argv0 + 1, (size_t)(argc - 1) * sizeof *av);
	const char *old = notes;
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%s%s%s", old && *old ? old : "", old && *old ? "\n" : "", note);
	setenv(LP_SPIN_NOTES_ENV, lp_buf_str(&b), 1);
	lp_buf_free(&b);
	fprintf(stderr, "lineup-preload: warning: %s\n", note);
	fflush(NULL);
	execv("/proc/self/exe", av);
	free(av);
}
