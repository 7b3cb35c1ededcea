/* preload/string.c — the string functions the preload calls, its own: the C library's use
 * vector registers (and vzeroupper), and a stub's scheduling point runs in the middle of
 * target code whose vector registers are live (stub-x86_64.S saves only the general
 * ones). Hidden, so they bind inside the preload and nowhere else; plain loops, with the
 * loop-to-call transformation off so they do not call themselves. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "preload.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

#define LP_STRING                                                                                  \
	__attribute__((visibility("hidden"), optimize("no-tree-loop-distribute-patterns")))

LP_STRING void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;
	for (; n >= 8; n -= 8, dp += 8, sp += 8) {
		uint64_t w;
		__builtin_memcpy(&w, sp, 8);
		__builtin_memcpy(dp, &w, 8);
	}
	while (n--)
		*dp++ = *sp++;
	return d;
}

LP_STRING void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;
	if (dp <= sp || dp >= sp + n)
		return memcpy(d, s, n);
	while (n--)
		dp[n] = sp[n];
	return d;
}

LP_STRING void *memset(void *d, int c, size_t n)
{
	unsigned char *dp = d;
	uint64_t w = (unsigned char)c * 0x0101010101010101ull;
	for (; n >= 8; n -= 8, dp += 8)
		__builtin_memcpy(dp, &w, 8);
	while (n--)
		*dp++ = (unsigned char)c;
	return d;
}

LP_STRING int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	for (size_t i = 0; i < n; i++)
		if (x[i] != y[i])
			return x[i] - y[i];
	return 0;
}

LP_STRING void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;
	for (size_t i = 0; i < n; i++)
		if (p[i] == (unsigned char)c)
			return (void *)(p + i);
	return NULL;
}

LP_STRING size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

LP_STRING size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;
	while (n < max && s[n])
		n++;
	return n;
}

LP_STRING int strncmp(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
		if (x != y || !x)
			return x - y;
	}
	return 0;
}

LP_STRING int strcmp(const char *a, const char *b) { return strncmp(a, b, SIZE_MAX); }
