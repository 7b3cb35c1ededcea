/* escape.h — a counter whose operation calls the client's error handler on a negative
 * argument (after unlocking): a handler may leave the operation by longjmp. */
#ifndef TESTS_PROGS_ESCAPE_H
#define TESTS_PROGS_ESCAPE_H
void esc_set_handler(void (*h)(void));
int esc_add(int v);  /* the new total */
int esc_quit(int v); /* pthread_exit when v < 0, else v */
/* Cancellation points inside operations: */
int esc_testcancel(int v); /* locks, unlocks, pthread_testcancel(), returns v */
int esc_wait(int v);	   /* waits under the lock until esc_open(); returns v */
void esc_open(void);
#endif
