/* tests/analyze/libfx.c — the fixture library, built with DWARF (libfx.so.1) and
 * without (libfx-nodw.so.1). */
#include "fx.h"

#include <stdarg.h>
#include <stdio.h>

int fx_data = 3;

int fx_add(int a, fx_long_t b) { return a + (int)b; }
unsigned char fx_u(unsigned short a, unsigned int b, unsigned long c)
{
	return (unsigned char)(a + b + c);
}
int8_t fx_fixed(int8_t a, int16_t b, int64_t c, uint64_t d)
{
	return (int8_t)(a + b + c + (int64_t)d);
}
bool fx_bool(bool b, const volatile _Bool c) { return b && c; }
double fx_dbl(float f, double d) { return f + d; }
float fx_flt(void) { return 1.5f; }
void fx_void(void) { fx_data++; }
char *fx_str(const char *s, fx_name_t n, unsigned char *bytes, char **pp)
{
	*pp = (char *)n;
	return bytes ? (char *)s : 0;
}
void *fx_ptr(void *p, struct fx_pt *q, int (*cb)(int)) { return cb ? p : q; }
enum fx_color fx_enum(enum fx_color c, enum fx_sign s) { return s == FX_NEG ? FX_RED : c; }
int fx_printf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(0, 0, fmt, ap);
	va_end(ap);
	return n;
}
int fx_struct(struct fx_pt p) { return p.x + (int)p.y; }
int fx_small(struct fx_ip p) { return p.x + p.y; }
int fx_tunion(fx_tu u) { return u.any != 0; }
long double fx_ld(long double x) { return x * 2; }
__int128 fx_i128(void) { return (__int128)fx_data << 70; }
int fx_many(int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10,
	    int a11, int a12, int a13, int a14, int a15, int a16, int a17)
{
	return a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 +
	       a16 + a17;
}
__attribute__((weak)) int fx_weak(int a) { return a; }
__attribute__((visibility("protected"))) int fx_prot(int a) { return -a; }
static int ifunc_impl(int a) { return a * 3; }
static int (*resolve_fx_ifunc(void))(int) { return ifunc_impl; }
int fx_ifunc(int a) __attribute__((ifunc("resolve_fx_ifunc")));
__attribute__((visibility("hidden"))) int fx_hidden(void) { return 1; }
static int fx_static(int a) { return a + fx_hidden(); }
int (*fx_keep)(int) = fx_static;
