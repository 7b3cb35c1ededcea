/* bgcount.h — a counter that a background thread bumps once: bg_start hands the bump to a
 * helper library's thread (bghelper.h), bg_wait waits for it; bg_inc and bg_get are the
 * usual. Correct, the bump takes the counter's lock; with BGCOUNT_RACE it reads the
 * counter, ticks the helper (a scheduling point in other code), then writes it back: an
 * increment in between is lost. */
#ifndef BGCOUNT_H
#define BGCOUNT_H

void bg_start(void);
void bg_wait(void);
void bg_inc(void);
long bg_get(void);

#endif
