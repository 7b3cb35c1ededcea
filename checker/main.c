/* checker/main.c — lineup-checker(1): reads history streams, checks them with libchecker,
 * prints reports (standalone) or answers the cli's line protocol (--server). */
#include "checker/checker.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: lineup-checker [OPTIONS] [FILE...]\n"
    "Checks concurrent histories against the serial ones read before them (lineup-history(5);\n"
    "standard input when no FILE is given).\n"
    "\n"
    "  --criterion C        linearizability (default) or sequential (sequential consistency)\n"
    "  --quasi FUNC=K       FUNC's operations may be out of order by at most K (repeatable)\n"
    "  --observations FILE  write the observations (serial histories, grouped) to FILE\n"
    "  --server             answer the lineup-preload line protocol on standard output\n"
    "  --golden             (with --server) no serial histories: ask lineup-preload to run\n"
    "                       sequences of each history's operations on the golden model\n"
    "  --lazy               (with --server) lazy phase 1: ask lineup-preload for the serial\n"
    "                       executions the witness search needs beyond those sent\n"
    "  --help               show this help and exit\n"
    "  --version            show the version and exit\n"
    "\n"
    "Exit status: 0 all histories pass, 1 violation, 2 malformed input or usage,\n"
    "3 nondeterministic observations.\n";

/* Input is read in large blocks and lines are handed to the parser in place (no copy,
 * no per-byte getc). A line longer than LP_HIST_MAX_LINE is not read whole: the parser is
 * told its length is over the limit as soon as that is known (standalone, that ends the
 * run; `lineup-checker < /dev/zero` stops at once), and the rest of it is skipped. */
#define READ_BLOCK (256 * 1024)

struct reader {
	int fd;
	const char *name;
	char *buf;
	size_t cap, start, end;
	bool eof, skip; /* skip: inside an overlong line already reported */
};

static void fill(struct reader *r)
{
	if (r->start > 0 && r->start == r->end)
		r->start = r->end = 0;
	if (r->end + READ_BLOCK > r->cap) { /* move the partial line to the front */
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	ssize_t n;
	do
		n = read(r->fd, r->buf + r->end, r->cap - r->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		lp_die(LP_EXIT_USAGE, "cannot read '%s': %s", r->name, strerror(errno));
	if (n == 0)
		r->eof = true;
	r->end += (size_t)n;
}

/* The next line (without its newline) at *line; returns its length, LP_HIST_MAX_LINE + 1
 * for an overlong one, or -1 at end of input. */
static long read_line(struct reader *r, const char **line)
{
	for (;;) {
		char *s = r->buf + r->start;
		size_t avail = r->end - r->start;
		char *nl = memchr(s, '\n', avail);
		if (r->skip) { /* the rest of an overlong line */
			r->start = nl ? (size_t)(nl + 1 - r->buf) : r->end;
			r->skip = !nl;
			if (nl)
				continue;
		} else if (nl || (r->eof && avail)) {
			size_t len = nl ? (size_t)(nl - s) : avail;
			r->start += len + (nl != NULL);
			*line = s;
			return len > LP_HIST_MAX_LINE ? LP_HIST_MAX_LINE + 1 : (long)len;
		} else if (avail > LP_HIST_MAX_LINE) {
			r->start = r->end;
			r->skip = true;
			*line = s;
			return LP_HIST_MAX_LINE + 1;
		}
		if (r->eof)
			return -1;
		fill(r);
	}
}

static struct lp_checker *checker;
static struct lp_intern *strs;
static bool server, golden, lazy;
static const char *obs_path;
static struct lp_buf report;
static const char **quasi; /* globals stay reachable for LeakSanitizer at exit() */
static bool violated;
static bool confirm_next;    /* --server: "confirm" came before this history */
static struct reader *input; /* the stream being read: answers to asks come on it too */

/* n raw bytes of the input into out. */
static bool read_bytes(struct reader *r, size_t n, struct lp_buf *out)
{
	while (n) {
		if (r->start == r->end) {
			if (r->eof)
				return false;
			fill(r);
			continue;
		}
		size_t k = r->end - r->start < n ? r->end - r->start : n;
		lp_buf_add(out, r->buf + r->start, k);
		r->start += k;
		n -= k;
	}
	return true;
}

/* --golden, --lazy: "ask N" and the request on standard output; lineup-preload answers
 * with "answer N" (or "error N") and the text on standard input. */
static bool ask(void *ctx, const char *request, struct lp_buf *answer)
{
	(void)ctx;
	printf("ask %zu\n%s", strlen(request), request);
	fflush(stdout);
	const char *line;
	long n = read_line(input, &line);
	char head[64];
	if (n < 0) /* lineup-preload stopped (and said why) */
		exit(LP_EXIT_USAGE);
	if (n >= (long)sizeof head)
		lp_die(LP_EXIT_USAGE, "unexpected answer from lineup-preload");
	memcpy(head, line, (size_t)n);
	head[n] = 0;
	size_t len;
	char word[16];
	if (sscanf(head, "%15s %zu", word, &len) != 2 ||
	    (strcmp(word, "answer") && strcmp(word, "error")))
		lp_die(LP_EXIT_USAGE, "unexpected answer '%s' from lineup-preload", head);
	if (!read_bytes(input, len, answer))
		lp_die(LP_EXIT_USAGE, "an answer from lineup-preload was cut short");
	return !strcmp(word, "answer");
}

static void write_observations(void)
{
	if (!obs_path)
		return;
	FILE *f = fopen(obs_path, "w");
	if (!f)
		lp_die(LP_EXIT_USAGE, "cannot write observations to '%s': %s", obs_path,
		       strerror(errno));
	struct lp_buf out = {0};
	lp_checker_observations(checker, &out);
	if (fwrite(lp_buf_str(&out), 1, out.len, f) != out.len || fclose(f))
		lp_die(LP_EXIT_USAGE, "cannot write observations to '%s': %s", obs_path,
		       strerror(errno));
	lp_buf_free(&out);
}

static void reply(const char *kind, const char *text)
{
	size_t n = strlen(text);
	printf("%s %zu\n", kind, n);
	fwrite(text, 1, n, stdout);
	fflush(stdout);
}

static void handle_error(const char *msg)
{
	if (!server)
		lp_die(LP_EXIT_USAGE, "%s", msg);
	struct lp_buf b = {0};
	lp_buf_printf(&b, "%s\n", msg);
	reply("error", lp_buf_str(&b));
	lp_buf_free(&b);
}

static void handle_history(const struct lp_hist *h)
{
	if (!h->serial && checker->trie.nhist == 0 && !checker->golden) {
		char msg[512];
		snprintf(msg, sizeof(msg),
			 "%s:%u: concurrent history before any serial history: put the serial "
			 "histories (the observations) first",
			 h->name, h->line);
		lp_intern_rollback(strs, h->intern_mark);
		handle_error(msg);
		return;
	}
	lp_buf_reset(&report);
	checker->confirm = confirm_next && !h->serial;
	confirm_next = false;
	enum lp_verdict v = lp_checker_feed(checker, h, &report);
	checker->confirm = false;
	if (v == LP_VERDICT_ERROR) {
		handle_error(lp_buf_str(&report));
		return;
	}
	if (server) {
		if (v == LP_VERDICT_OK) {
			fputs("ok\n", stdout);
			fflush(stdout);
		} else
			reply(v == LP_VERDICT_VIOLATION ? "violation" : "nondeterministic",
			      lp_buf_str(&report));
		return;
	}
	if (v == LP_VERDICT_NONDET) {
		fputs(lp_buf_str(&report), stdout);
		fflush(stdout);
		exit(LP_EXIT_NONDETERMINISTIC);
	}
	if (v == LP_VERDICT_VIOLATION) {
		if (violated)
			fputs("\n", stdout);
		fputs(lp_buf_str(&report), stdout);
		violated = true;
	}
}

static void run(FILE *f, const char *name)
{
	struct reader r = {.fd = fileno(f), .name = name, .cap = LP_HIST_MAX_LINE + 2 * READ_BLOCK};
	r.buf = lp_xmalloc(r.cap);
	struct lp_hist_parser *p = lp_hist_parser_new(strs, name);
	input = &r;
	long n;
	const char *line;
	while ((n = read_line(&r, &line)) >= 0) {
		if (server && n == 7 && !memcmp(line, "confirm", 7)) { /* protocol.h */
			confirm_next = true;
			continue;
		}
		enum lp_hp_status st = lp_hist_parse_line(p, line, (size_t)n);
		if (st == LP_HP_DONE)
			handle_history(lp_hist_parser_history(p));
		else if (st == LP_HP_ERROR)
			handle_error(lp_hist_parser_error(p));
	}
	if (lp_hist_parse_eof(p) == LP_HP_ERROR)
		handle_error(lp_hist_parser_error(p));
	lp_hist_parser_free(p);
	input = NULL;
	free(r.buf);
}

int main(int argc, char **argv)
{
	lp_progname = "lineup-checker";
	enum { O_CRIT = 256, O_QUASI, O_OBS, O_SERVER, O_GOLDEN, O_LAZY, O_VERSION };
	static const struct option opts[] = {
	    {"criterion", required_argument, NULL, O_CRIT},
	    {"quasi", required_argument, NULL, O_QUASI},
	    {"observations", required_argument, NULL, O_OBS},
	    {"server", no_argument, NULL, O_SERVER},
	    {"golden", no_argument, NULL, O_GOLDEN},
	    {"lazy", no_argument, NULL, O_LAZY},
	    {"help", no_argument, NULL, 'h'},
	    {"version", no_argument, NULL, O_VERSION},
	    {NULL, 0, NULL, 0},
	};
	enum lp_criterion crit = LP_CRIT_LINEARIZABLE;
	quasi = lp_xcalloc((size_t)argc + 1, sizeof(*quasi));
	int nquasi = 0, o;
	opterr = 0;
	while ((o = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (o) {
		case O_CRIT:
			if (!strcmp(optarg, "linearizability"))
				crit = LP_CRIT_LINEARIZABLE;
			else if (!strcmp(optarg, "sequential"))
				crit = LP_CRIT_SEQUENTIAL;
			else
				lp_die(LP_EXIT_USAGE,
				       "unknown criterion '%s': use linearizability or sequential",
				       optarg);
			break;
		case O_QUASI:
			quasi[nquasi++] = optarg;
			break;
		case O_OBS:
			obs_path = optarg;
			break;
		case O_SERVER:
			server = true;
			break;
		case O_GOLDEN:
			golden = true;
			break;
		case O_LAZY:
			lazy = true;
			break;
		case 'h':
			fputs(usage, stdout);
			return LP_EXIT_OK;
		case O_VERSION:
			printf("lineup-checker (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
			return LP_EXIT_OK;
		default:
			if (optopt && optopt < 256)
				lp_die(LP_EXIT_USAGE,
				       "unknown option '-%c': see lineup-checker --help", optopt);
			else if (optopt)
				lp_die(LP_EXIT_USAGE,
				       "option '%s' needs an argument: see lineup-checker --help",
				       argv[optind - 1]);
			lp_die(LP_EXIT_USAGE, "unknown option '%s': see lineup-checker --help",
			       argv[optind - 1]);
		}
	}
	strs = lp_intern_new();
	checker = lp_checker_new(strs, crit);
	for (int i = 0; i < nquasi; i++) {
		const char *why;
		if (lp_checker_add_quasi(checker, quasi[i], &why))
			lp_die(LP_EXIT_USAGE, "bad --quasi '%s': %s", quasi[i], why);
	}
	checker->hide_source = server;
	if (golden && !server)
		lp_die(LP_EXIT_USAGE,
		       "--golden needs --server: lineup-preload runs the golden model");
	if (golden && obs_path)
		lp_die(LP_EXIT_USAGE,
		       "--golden has no serial histories to write to --observations");
	if (lazy && !server)
		lp_die(LP_EXIT_USAGE, "--lazy needs --server: lineup-preload runs the serial "
				      "executions");
	if (lazy && (golden || nquasi || obs_path))
		lp_die(LP_EXIT_USAGE, "--lazy goes with neither --golden, --quasi nor "
				      "--observations: they need every serial history first");
	checker->golden = golden;
	checker->lazy = lazy;
	checker->ask = ask;
	if (server && optind < argc)
		lp_die(LP_EXIT_USAGE, "--server reads standard input: remove the file arguments");
	if (optind == argc)
		run(stdin, "<stdin>");
	for (int i = optind; i < argc; i++) {
		bool dash = !strcmp(argv[i], "-");
		FILE *f = dash ? stdin : fopen(argv[i], "r");
		if (!f)
			lp_die(LP_EXIT_USAGE, "cannot open '%s': %s", argv[i], strerror(errno));
		run(f, dash ? "<stdin>" : argv[i]);
		if (!dash)
			fclose(f);
	}
	write_observations();
	if (server)
		return LP_EXIT_OK;
	printf("%s%llu serial and %llu concurrent histories checked: %llu violation%s\n",
	       violated ? "\n" : "", (unsigned long long)checker->nserial,
	       (unsigned long long)checker->nconcurrent, (unsigned long long)checker->nviolations,
	       checker->nviolations == 1 ? "" : "s");
	lp_buf_free(&report);
	lp_checker_free(checker);
	lp_intern_free(strs);
	free(quasi);
	return violated ? LP_EXIT_VIOLATION : LP_EXIT_OK;
}
