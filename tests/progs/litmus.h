/* litmus.h — x86-TSO litmus tests as operations (litmus.c). */
#ifndef LITMUS_H
#define LITMUS_H
void sb_left(void);
void sb_right(void);
void mp_send(void);
void mp_recv(void);
int litmus_outcome(void);
#endif
