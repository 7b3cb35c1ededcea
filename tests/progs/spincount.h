/* spincount.h — a counter whose lock is libspinhelper.so's: its only atomic instructions
 * are in that dependency. */
#ifndef SPINCOUNT_H
#define SPINCOUNT_H

void sc_inc(void);
int sc_get(void);

#endif
