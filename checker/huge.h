/* checker/huge.h — large zeroed arrays on transparent huge pages.
 *
 * The trie's nodes and its edge table reach megabytes, and the witness search reads them
 * at random: on 4 KiB pages that is thousands of page faults while they grow and a TLB
 * miss on most search steps. Arrays of 2 MiB and more are therefore mapped on their own,
 * aligned to 2 MiB and advised MADV_HUGEPAGE (only advice: where the kernel gives no huge
 * pages, they behave like malloc'ed ones); smaller ones, and every array in a build with
 * AddressSanitizer (so that it keeps checking their bounds), come from malloc.
 *
 * The caller keeps the size: lp_huge_grow and lp_huge_free take the size the array was
 * allocated (or last grown) with. Out of memory ends the run, as lp_xmalloc does. */
#ifndef LP_CHECKER_HUGE_H
#define LP_CHECKER_HUGE_H

#include <stddef.h>

/* n zeroed bytes. */
void *lp_huge_alloc(size_t n);
/* The array p of old bytes grown to n bytes (n >= old), the new bytes zeroed; p is freed. */
void *lp_huge_grow(void *p, size_t old, size_t n);
void lp_huge_free(void *p, size_t n);

#endif
