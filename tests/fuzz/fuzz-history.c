/* tests/fuzz/fuzz-history.c — libFuzzer target (LLVMFuzzerTestOneInput): any bytes go
 * through the history parser and, for every history it accepts, through the checker and
 * its reports. The first byte picks the criterion and whether --quasi is on.
 *   make fuzz-history && mkdir -p corp && cp $(top_srcdir)/tests/fuzz/corpus/[a-z0-9]* corp/ &&
 *   ./fuzz-history -max_total_time=300 -timeout=10 corp
 * (AFL++: make fuzz-history FUZZ_CC=afl-clang-fast, then run with afl-fuzz as usual.) */
#include "checker/checker.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lp_intern *strs = lp_intern_new();
	uint8_t mode = size ? data[0] : 0;
	struct lp_checker *c =
	    lp_checker_new(strs, mode & 1 ? LP_CRIT_SEQUENTIAL : LP_CRIT_LINEARIZABLE);
	const char *why;
	if (mode & 2) {
		lp_checker_add_quasi(c, "f=1", &why);
		lp_checker_add_quasi(c, "deq=2", &why);
	}
	struct lp_hist_parser *p = lp_hist_parser_new(strs, "fuzz");
	struct lp_buf report = {0};
	size_t i = 0;
	while (i < size) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t len = nl ? (size_t)(nl - (data + i)) : size - i;
		enum lp_hp_status st = lp_hist_parse_line(p, (const char *)data + i, len);
		if (st == LP_HP_DONE) {
			lp_buf_reset(&report);
			lp_checker_feed(c, lp_hist_parser_history(p), &report);
		}
		i += len + 1;
	}
	lp_hist_parse_eof(p);
	lp_buf_reset(&report);
	lp_checker_observations(c, &report);
	lp_buf_free(&report);
	lp_hist_parser_free(p);
	lp_checker_free(c);
	lp_intern_free(strs);
	return 0;
}
