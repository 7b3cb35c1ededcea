/* event.h — a manual-reset event (set / wait / reset), as in the event test library. */
#ifndef TESTS_PROGS_EVENT_H
#define TESTS_PROGS_EVENT_H

struct event;

struct event *event_new(void);
void event_set(struct event *e);
void event_reset(struct event *e);
/* Returns once the event is set. */
void event_wait(struct event *e);

#endif
