/* slotq-helper.c — a helper library (not a target) whose function a test passes by
 * address: fn slotq_helper_double. */
#include "slotq.h"

slotq_item slotq_helper_double(slotq_item v) { return 2 * v; }
