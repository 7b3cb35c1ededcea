/* preload/heap.c — malloc and its family for the controlled threads of an execution: each
 * thread allocates from its own slice of one region, chosen by its creation path, so the
 * address an allocation gets depends on that thread's own calls, not on the interleaving.
 * With glibc's allocator it did not: arenas go to threads in the order of their first
 * allocation, so a node malloc'd before a lock had another address in a concurrent run
 * than in every serial one, and the history was reported as a violation (false alarm).
 *
 * Outside the controlled threads (before the fork point, inert mode, threads no longer
 * scheduled) glibc's allocator serves, through its __libc_* entry points (dlsym would
 * allocate); a block of ours freed anywhere comes back here by its address. Blocks carry
 * a 16-byte header; sizes are power-of-two classes with a free list per slice and class;
 * a block freed by another thread goes back to its own slice (a per-slice lock: only one
 * thread runs at a time under the scheduler, but finishing threads overlap). A full slice
 * falls back to glibc. Hook path: no allocation, no stdio. */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "preload.h"
#include "lineup/spinlock.h"
#include "runtime.h"

/* glibc's own allocator, linked directly (the documented way to wrap malloc). */
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

#define LP_NO_LIBC_ALLOCATOR /* this file defines the allocator: poison only stdio */
#include "no-libc.h"	     /* last: poisons stdio from here on */

#define HEAP_SLOTS 256u
#define HEAP_SLICE (32ul << 20)
#define HEAP_MIN_SHIFT 4u /* the smallest class: 16 bytes */
#define HEAP_CLASSES 22u  /* up to 16 << 21 = 32 MB */
#define HEAP_MAGIC 0x6c70686du

struct slice {
	lp_spinlock_t lock;
	uintptr_t bump, end; /* 0 until first used */
	void *free[HEAP_CLASSES];
};

struct header {
	uint32_t cls, slot;
	uint32_t offset; /* from the block's start to the user pointer */
	uint32_t magic;
};

static uintptr_t region_lo, region_hi;
static struct slice slices[HEAP_SLOTS];

/* constructor-only (preload.c), before the fork point: every execution inherits the empty
 * slices. Without the region (no address space) every allocation is glibc's. */
void lp_heap_setup(void)
{
	void *r = sys_mmap(NULL, HEAP_SLOTS * HEAP_SLICE, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (r == MAP_FAILED)
		return;
	region_lo = (uintptr_t)r;
	region_hi = region_lo + HEAP_SLOTS * HEAP_SLICE;
}

static int ours(const void *p) { return (uintptr_t)p >= region_lo && (uintptr_t)p < region_hi; }

/* The client's threads (0.1, 0.2, ...) get slices of their own; deeper paths are hashed. */
static unsigned slot_of(lp_tid_t tid)
{
	if (lp_tid_depth(tid) <= 1)
		return (unsigned)(tid >> 56);
	tid *= 0x9e3779b97f4a7c15ull;
	return 1 + (unsigned)(tid >> 32) % (HEAP_SLOTS - 1);
}

static int use_heap(void) { return region_lo && lp_g.active && lp_rt_controlled(); }

/* The class whose blocks hold n bytes, or HEAP_CLASSES if none does. */
static unsigned class_of(size_t n)
{
	unsigned c = 0;
	while (c < HEAP_CLASSES && ((size_t)1 << (c + HEAP_MIN_SHIFT)) < n)
		c++;
	return c;
}

/* n bytes aligned to align (a power of two >= 16) from the running thread's slice, or
 * NULL when it has no room (the caller then asks glibc). */
static void *heap_alloc(size_t n, size_t align)
{
	if (n > HEAP_SLICE || align > HEAP_SLICE / 2)
		return NULL;
	unsigned c = class_of(n + sizeof(struct header) + (align - 16));
	if (c == HEAP_CLASSES)
		return NULL;
	unsigned slot = slot_of(lp_self->tid);
	struct slice *s = &slices[slot];
	size_t size = (size_t)1 << (c + HEAP_MIN_SHIFT);
	lp_spin_lock(&s->lock);
	if (!s->end) {
		s->bump = region_lo + slot * HEAP_SLICE;
		s->end = s->bump + HEAP_SLICE;
	}
	uintptr_t block = (uintptr_t)s->free[c];
	if (block)
		s->free[c] = *(void **)block;
	else if (s->end - s->bump >= size)
		block = s->bump, s->bump += size;
	lp_spin_unlock(&s->lock);
	if (!block)
		return NULL;
	uintptr_t user = (block + sizeof(struct header) + align - 1) & ~(uintptr_t)(align - 1);
	struct header *h = (struct header *)user - 1;
	*h = (struct header){
	    .cls = c, .slot = slot, .offset = (uint32_t)(user - block), .magic = HEAP_MAGIC};
	return (void *)user;
}

static struct header *header_of(void *p) { return (struct header *)p - 1; }

static size_t usable(void *p)
{
	struct header *h = header_of(p);
	return ((size_t)1 << (h->cls + HEAP_MIN_SHIFT)) - h->offset;
}

static void heap_free(void *p)
{
	struct header *h = header_of(p);
	if (h->magic != HEAP_MAGIC || h->slot >= HEAP_SLOTS || h->cls >= HEAP_CLASSES) {
		/* as glibc does: a crash of the client, which the cli reports */
		static const char m[] = "free(): double free or invalid pointer\n";
		sys_write(2, m, sizeof m - 1);
		sys_tgkill(sys_getpid(), sys_gettid(), SIGABRT);
	}
	void *block = (char *)p - h->offset;
	struct slice *s = &slices[h->slot];
	h->magic = 0;
	lp_spin_lock(&s->lock);
	*(void **)block = s->free[h->cls];
	s->free[h->cls] = block;
	lp_spin_unlock(&s->lock);
}

#pragma GCC visibility push(default)

void *malloc(size_t n)
{
	void *p = use_heap() ? heap_alloc(n, 16) : NULL;
	return p ? p : __libc_malloc(n);
}
LP_LOCAL_ALIAS(malloc);

void free(void *p)
{
	if (ours(p))
		heap_free(p);
	else if (p)
		__libc_free(p);
}

void *calloc(size_t n, size_t m)
{
	size_t bytes;
	if (__builtin_mul_overflow(n, m, &bytes)) {
		errno = ENOMEM;
		return NULL;
	}
	void *p = use_heap() ? heap_alloc(bytes, 16) : NULL;
	if (!p)
		return __libc_calloc(n, m);
	memset(p, 0, bytes);
	return p;
}

void *realloc(void *p, size_t n)
{
	if (!p)
		return lp_local_malloc(n);
	if (!ours(p))
		return __libc_realloc(p, n);
	if (n == 0) {
		heap_free(p);
		return NULL;
	}
	size_t have = usable(p);
	if (n <= have)
		return p;
	void *q = lp_local_malloc(n);
	if (q) {
		memcpy(q, p, have);
		heap_free(p);
	}
	return q;
}
LP_LOCAL_ALIAS(realloc);

void *reallocarray(void *p, size_t n, size_t m)
{
	size_t bytes;
	if (__builtin_mul_overflow(n, m, &bytes)) {
		errno = ENOMEM;
		return NULL;
	}
	return lp_local_realloc(p, bytes);
}

void *memalign(size_t align, size_t n)
{
	if (align < 16)
		align = 16;
	void *p = use_heap() && !(align & (align - 1)) ? heap_alloc(n, align) : NULL;
	return p ? p : __libc_memalign(align, n);
}
LP_LOCAL_ALIAS(memalign);

void *aligned_alloc(size_t align, size_t n) { return lp_local_memalign(align, n); }

int posix_memalign(void **out, size_t align, size_t n)
{
	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	int saved = errno;
	void *p = lp_local_memalign(align, n);
	if (!p)
		return ENOMEM;
	errno = saved;
	*out = p;
	return 0;
}

void *valloc(size_t n) { return lp_local_memalign(4096, n); }

void *pvalloc(size_t n) { return lp_local_memalign(4096, (n + 4095) & ~(size_t)4095); }

/* glibc's for its own blocks: resolved once, lazily (dlsym may allocate, which is fine:
 * that allocation is glibc's, for we are asked about a block of glibc's). */
size_t malloc_usable_size(void *p)
{
	static size_t (*real)(void *);
	if (!p)
		return 0;
	if (ours(p))
		return usable(p);
	if (!real)
		real = (size_t(*)(void *))REAL(dlsym)(RTLD_NEXT, "malloc_usable_size");
	return real ? real(p) : 0;
}
