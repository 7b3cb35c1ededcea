/* cli/report/progress.h — the one-line progress display on a terminal's stderr. */
#ifndef LINEUP_CLI_PROGRESS_H
#define LINEUP_CLI_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

void lp_progress_init(bool enabled);
/* Redraws at most a few times per second. */
void lp_progress_update(int phase, uint64_t executions, uint64_t histories, int bound);
void lp_progress_clear(void);

#endif
