/* tests/analyze/fx.h — the fixture library's interface: one function per kind of
 * parameter the analysis must map, plus ones it must refuse. */
#ifndef FX_H
#define FX_H
#include <stdbool.h>
#include <stdint.h>

enum fx_color { FX_RED, FX_GREEN };
enum fx_sign { FX_NEG = -1, FX_POS = 1 };
struct fx_pt { /* an int and a float in one eightbyte: class INTEGER */
	int x;
	float y;
};
struct fx_ip { /* two ints: one general register */
	int x, y;
};
typedef union { /* liburcu's cds_lfs_stack_ptr_t shape */
	void *any;
	struct fx_ip *ip;
} __attribute__((transparent_union)) fx_tu;
typedef const char *fx_name_t;
typedef long fx_long_t;

int fx_add(int a, fx_long_t b);
unsigned char fx_u(unsigned short a, unsigned int b, unsigned long c);
int8_t fx_fixed(int8_t a, int16_t b, int64_t c, uint64_t d);
bool fx_bool(bool b, const volatile _Bool c);
double fx_dbl(float f, double d);
float fx_flt(void);
void fx_void(void);
char *fx_str(const char *s, fx_name_t n, unsigned char *bytes, char **pp);
void *fx_ptr(void *p, struct fx_pt *q, int (*cb)(int));
enum fx_color fx_enum(enum fx_color c, enum fx_sign s);
int fx_printf(const char *fmt, ...);
int fx_struct(struct fx_pt p);
int fx_small(struct fx_ip p);
int fx_tunion(fx_tu u);
long double fx_ld(long double x);
__int128 fx_i128(void);
int fx_many(int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10,
	    int a11, int a12, int a13, int a14, int a15, int a16, int a17);
int fx_weak(int a);
int fx_prot(int a);
int fx_ifunc(int a);
int fx_hidden(void);
extern int fx_data;
#endif
