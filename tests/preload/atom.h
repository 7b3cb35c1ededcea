/* tests/preload/atom.h — a target whose atomic instructions sit between exported labels
 * atom_at_<name> and atom_end_<name>, so tests write the plan's site lines from nm. */
#ifndef ATOM_H
#define ATOM_H
long atom_add(long *p, long v);	      /* lock xadd; returns the new value */
int atom_cas(int *p, int old, int v); /* lock cmpxchg; returns 1 on success */
long atom_xchg(long *p, long v);      /* xchg with memory; returns the old value */
void atom_fence(void);		      /* mfence */
long atom_incglobal(void);	      /* lock addq $1, g(%rip); returns g */
int atom_inc16(void);		      /* lock incw h(%rip) (66 prefix); returns h */
long atom_loop(long *p, long n);      /* n times lock addq $1, (p) */
void atom_spin(int *flag);	      /* pause until *flag */
long atom_big_swap(long v);	/* libatomic's __atomic_exchange on 24 bytes; returns the old */
long atom_vec(long *p, long v); /* lock xadd with ymm0-15 live; old *p, or -1 if they changed */
#endif
