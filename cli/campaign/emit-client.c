/* cli/campaign/emit-client.c — --emit-client: the campaign's failing test written as a C client
 * (pthreads, one function per thread) that builds against the targets on its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/campaign/campaign-internal.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

void lp_campaign_emit_client(const struct lp_tdesc *t, const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		lp_die(LP_EXIT_USAGE, "cannot write the client '%s' (--emit-client): %m", path);
	fputs("/* A client equivalent to the failing test below, written by lineup-preload.\n"
	      " * Build it with:  cc -pthread -o client client.c",
	      f);
	for (int i = 0; i < t->n_targets; i++) {
		const char *slash = strrchr(t->targets[i], '/');
		if (slash)
			fprintf(f, " %s -Wl,-rpath,%.*s", t->targets[i],
				(int)(slash - t->targets[i]), t->targets[i]);
		else
			fprintf(f, " -l:%s", t->targets[i]);
	}
	fputs("\n * Test:\n", f);
	char *text = lp_campaign_test_text(t);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		fprintf(f, " *   %s\n", line);
	free(text);
	fputs(" */\n#include <pthread.h>\n\n/* the functions of the test, called with integer "
	      "and pointer arguments */\n",
	      f);
	/* one unprototyped declaration per function */
	const struct lp_tcall *all[1024];
	int n = 0;
	for (int i = 0; i < t->n_init && n < 1024; i++)
		all[n++] = &t->init[i];
	for (int th = 0; th < t->n_threads; th++)
		for (int k = 0; k < t->threads[th].n_calls && n < 1024; k++)
			all[n++] = &t->threads[th].calls[k];
	for (int i = 0; i < t->n_final && n < 1024; i++)
		all[n++] = &t->final[i];
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen = seen || !strcmp(all[j]->func, all[i]->func);
		if (seen)
			continue;
		bool flt = false; /* default promotions would pass a float as a double */
		for (int a = 0; a < all[i]->n_args; a++)
			flt = flt || all[i]->args[a].kind == LP_TARG_FLOAT;
		if (!flt) {
			fprintf(f, "long %s();\n", all[i]->func);
			continue;
		}
		fprintf(f, "long %s(", all[i]->func);
		for (int a = 0; a < all[i]->n_args; a++) {
			const struct lp_targ *x = &all[i]->args[a];
			fprintf(f, "%s%s", a ? ", " : "",
				x->kind == LP_TARG_FLOAT ? (x->single ? "float" : "double")
				: x->kind == LP_TARG_STR ? "const char *"
							 : "long");
		}
		fputs(");\n", f);
	}
	fputs("\n", f);
	for (int i = 0; i < t->n_init; i++)
		if (t->init[i].bind)
			fprintf(f, "static long %s;\n", t->init[i].bind);
	for (int th = 0; th < t->n_threads; th++) {
		fprintf(f, "\nstatic void *thread_%d(void *arg)\n{\n\t(void)arg;\n", th + 1);
		for (int k = 0; k < t->threads[th].n_calls; k++) {
			fputs("\t", f);
			lp_tcall_print(&t->threads[th].calls[k], f);
			fputs(";\n", f);
		}
		fputs("\treturn 0;\n}\n", f);
	}
	fputs("\nint main(void)\n{\n", f);
	for (int i = 0; i < t->n_init; i++) {
		fputs("\t", f);
		if (t->init[i].bind)
			fprintf(f, "%s = ", t->init[i].bind);
		lp_tcall_print(&t->init[i], f);
		fputs(";\n", f);
	}
	fprintf(f, "\tpthread_t t[%d];\n", t->n_threads);
	for (int th = 0; th < t->n_threads; th++)
		fprintf(f, "\tpthread_create(&t[%d], 0, thread_%d, 0);\n", th, th + 1);
	fprintf(f, "\tfor (int i = 0; i < %d; i++)\n\t\tpthread_join(t[i], 0);\n", t->n_threads);
	for (int i = 0; i < t->n_final; i++) {
		fputs("\t", f);
		lp_tcall_print(&t->final[i], f);
		fputs(";\n", f);
	}
	fputs("\treturn 0;\n}\n", f);
	if (fclose(f))
		lp_die(LP_EXIT_USAGE, "cannot write the client '%s' (--emit-client): %m", path);
}
