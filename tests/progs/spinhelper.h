/* spinhelper.h — a spin lock in a library of its own (never under test): the kind of lock a
 * library under test takes from a dependency (GObject's object data, locked with bit locks
 * inside libglib). */
#ifndef SPINHELPER_H
#define SPINHELPER_H

void spin_lock(int *l);
void spin_unlock(int *l);

#endif
