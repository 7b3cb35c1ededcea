/* tests/preload/toy.h — the tiny target library of the preload's own tests. */
#ifndef TOY_H
#define TOY_H
int toy_add(int *p, int v);	 /* locked add, returns the new value */
int toy_racy_add(int *p, int v); /* read, a lock round trip (two points), write */
int toy_get(int *p);
void toy_ab(void);   /* locks A then B */
void toy_ba(void);   /* locks B then A */
void toy_put(int v); /* one-slot buffer with a condition variable */
int toy_take(void);  /* waits until the slot is full */
void toy_sem_give(void);
int toy_sem_take(void); /* sem_wait */
const char *toy_echo(const char *s);
long toy_many(long a, long b, long c, long d, long e, long f, long g, long h);
double toy_scale(double x, int k);
int toy_spin_until(int *p); /* yields until *p != 0 */
int toy_untyped(int v);
#endif
