/* stack.h — an unbounded LIFO of positive longs, implemented by the lock-free stack test
 * libraries (Treiber with CAS; the Afek-Gafni-Morrison array stack). */
#ifndef TESTS_PROGS_STACK_H
#define TESTS_PROGS_STACK_H

struct stack;

struct stack *stack_new(void);
/* v must be positive (0 marks an empty slot in the array stack). */
void stack_push(struct stack *s, long v);
/* The newest element, or -1 when the stack is empty. */
long stack_pop(struct stack *s);

#endif
