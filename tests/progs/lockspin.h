/* lockspin.h — a request box served by a thread the library starts (lockspin.c). */
#ifndef LOCKSPIN_H
#define LOCKSPIN_H

/* Hands v (non-zero) to the library's server thread and waits until it has served it;
 * returns v. */
int lockspin_call(int v);

#endif
