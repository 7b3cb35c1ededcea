/* dice.h — a die whose rolls follow a generator seeded once (tests/progs/dice-seeded.c). */
#ifndef DICE_H
#define DICE_H

struct dice;
struct dice *dice_new(void);
int dice_roll(struct dice *d);

#endif
