/* tests/analyze/client-struct.c — calls a function whose struct argument cannot be
 * recorded. */
#include "fx.h"

int main(int argc, char **argv)
{
	struct fx_pt pt = {argc, 1};
	return fx_struct(pt) + fx_add(argc, 0) == 999;
}
