/* tests/analyze/client-none.c — links only the C runtime (and libm): no default target;
 * also built -static. */
#include <math.h>

int main(int argc, char **argv) { return (int)sqrt((double)argc) == 99; }
