/* ticket.h — a ticket dispenser. */
#ifndef TESTS_PROGS_TICKET_H
#define TESTS_PROGS_TICKET_H

struct ticket;

struct ticket *ticket_new(void);
int ticket_take(struct ticket *t);

#endif
