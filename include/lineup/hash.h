/* include/lineup/hash.h — the two hash functions of the tree: splitmix64's finaliser for
 * integers (random choices, seeds, table keys) and FNV-1a for bytes (texts, files).
 * Header only and free of libc, so the preload may use it too (scheduler/strategy.h). */
#ifndef LINEUP_HASH_H
#define LINEUP_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The golden-ratio increment of splitmix64, also a good odd multiplier. */
#define LP_HASH_GOLDEN 0x9e3779b97f4a7c15ull

/* splitmix64's output function: every input bit moves every output bit. */
static inline uint64_t lp_hash_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* FNV-1a: start with LP_FNV_OFFSET, chain calls to hash pieces as one text. */
#define LP_FNV_OFFSET 0xcbf29ce484222325ull
static inline uint64_t lp_hash_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = (const unsigned char *)p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return h;
}

#endif
