/* ident.c — returns the calling thread's pthread_t: identical threads are not
 * interchangeable for it, so a symmetry assumed from their calls must be given up. */
#include <pthread.h>
#include "ident.h"

long ident_self(void) { return (long)pthread_self(); }
