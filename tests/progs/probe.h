/* probe.h — a library function that returns its argument, so a client can put facts about
 * its execution environment into the recorded history. */
#ifndef TESTS_PROGS_PROBE_H
#define TESTS_PROGS_PROBE_H

long probe_note(long value);
/* The sum of n long arguments that follow: a variadic function. */
long probe_sum(int n, ...);
/* Writes n - 1 'x' and a NUL into buf (an output buffer); returns n. */
int probe_fill(char *buf, int n);
/* The length of s (an input string). */
long probe_len(const char *s);
/* x * k + y: floating point arguments between integer ones. */
double probe_scale(double x, long k, float y);

#endif
