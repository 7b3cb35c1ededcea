/* tests/analyze/client-struct.c — calls a function that takes a struct by value (its
 * layout is recorded). */
#include "fx.h"

int main(int argc, char **argv)
{
	struct fx_pt pt = {argc, 1};
	return fx_struct(pt) + fx_add(argc, 0) == 999;
}
