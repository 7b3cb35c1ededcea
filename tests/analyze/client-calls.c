/* tests/analyze/client-calls.c — a client of the fixture library; built with -g
 * (client-g: DWARF declarations of what it calls) and without (client-nog). */
#include "fx.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	char *p;
	int r =
	    fx_add(argc, 2) + fx_printf("%d", 1) + (int)fx_enum(FX_GREEN, FX_POS) + fx_bool(1, 1);
	r += (int)fx_dbl(1.0f, 2.0) + (fx_str("a", "b", 0, &p) != 0) + fx_fixed(1, 2, 3, 4) +
	     fx_weak(1);
	fx_void();
	r += fx_ifunc(r);
	return r == 12345 ? (int)sqrt(argc) + (int)pthread_self() : 0;
}
