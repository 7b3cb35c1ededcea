/* forks.h — see forks.c. */
#ifndef FORKS_H
#define FORKS_H

int forks_seen(void);

#endif
