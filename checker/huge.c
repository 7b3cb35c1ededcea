/* checker/huge.c — large zeroed arrays on transparent huge pages (see huge.h). */
#include "checker/huge.h"
#include "lineup/die.h"
#include "lineup/exit-codes.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)

#if defined(__SANITIZE_ADDRESS__)
#define USE_MMAP 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define USE_MMAP 0
#endif
#endif
#ifndef USE_MMAP
#define USE_MMAP 1
#endif

static bool mapped(size_t n) { return USE_MMAP && n >= HUGE_PAGE; }

static size_t map_len(size_t n) { return (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1); }

void *lp_huge_alloc(size_t n)
{
	if (!mapped(n))
		return lp_xcalloc(1, n);
	/* a huge page more than needed, to start on a huge-page boundary */
	size_t len = map_len(n);
	char *p =
	    mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		lp_die(LP_EXIT_USAGE, "out of memory");
	char *a = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
	if (a > p)
		munmap(p, (size_t)(a - p));
	munmap(a + len, (size_t)(p + HUGE_PAGE - a));
	(void)madvise(a, len, MADV_HUGEPAGE); /* advice: without it, plain pages */
	return a;
}

void *lp_huge_grow(void *p, size_t old, size_t n)
{
	BUG_ON(n < old);
	if (!mapped(n)) {
		p = lp_xrealloc(p, n);
		memset((char *)p + old, 0, n - old);
		return p;
	}
	if (mapped(old) && map_len(old) >= n) /* the mapping's tail was never handed out */
		return p;
	void *q = lp_huge_alloc(n);
	memcpy(q, p, old);
	lp_huge_free(p, old);
	return q;
}

void lp_huge_free(void *p, size_t n)
{
	if (!mapped(n))
		free(p);
	else if (p)
		munmap(p, map_len(n));
}
