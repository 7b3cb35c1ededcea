/* box.h — a cell holding one int, replaced by value. */
#ifndef TESTS_PROGS_BOX_H
#define TESTS_PROGS_BOX_H

struct box;

struct box *box_new(int v);
void box_set(struct box *b, int v);
int box_get(struct box *b);

#endif
