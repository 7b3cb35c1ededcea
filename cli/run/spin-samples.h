/* cli/run/spin-samples.h — deciding from register samples of a thread that never reaches a
 * scheduling point whether it spins without progress (watchdog.c takes the samples). */
#ifndef LINEUP_CLI_SPIN_SAMPLES_H
#define LINEUP_CLI_SPIN_SAMPLES_H

#include <stdbool.h>
#include <sys/user.h>

/* Code bytes a tight loop's samples may spread over. */
#define LP_SPIN_WINDOW 256

/* True when the n samples stay within LP_SPIN_WINDOW bytes of code, at least two stopped
 * at the same instruction, and every two that did have the same registers: a loop whose
 * state does not change. Only one thread runs under the scheduler, so nothing else can
 * change what such a loop waits for. False when undecided (no instruction seen twice). */
bool lp_spin_samples_stuck(const struct user_regs_struct *r, unsigned n);

#endif
