/* tests/analyze/client-dw.c — a client without -g of the library with DWARF. */
#include "fx.h"

int main(int argc, char **argv) { return fx_add(argc, 1) + (fx_ptr(argv, 0, 0) != 0) == 999; }
