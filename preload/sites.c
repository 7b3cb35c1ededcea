/* preload/sites.c — out-of-line copies and the site table (see sites.h). Pure. */
#include <string.h>

#include "sites.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

static int fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

int lp_sites_copy(uint8_t *out, uintptr_t copy, uintptr_t orig, const uint8_t *bytes, unsigned len,
		  int disp_off)
{
	if (len == 0 || len > LP_COPY_BYTES - 5 || (disp_off >= 0 && (unsigned)disp_off + 4 > len))
		return -1;
	memcpy(out, bytes, len);
	if (disp_off >= 0) {
		/* the displacement is relative to the instruction's end, which moves with it */
		int32_t disp;
		memcpy(&disp, bytes + disp_off, 4);
		int64_t nd = (int64_t)disp + (int64_t)(orig - copy);
		if (!fits32(nd))
			return -1;
		int32_t d32 = (int32_t)nd;
		memcpy(out + disp_off, &d32, 4);
	}
	int64_t rel = (int64_t)(orig + len) - (int64_t)(copy + len + 5);
	if (!fits32(rel))
		return -1;
	int32_t r32 = (int32_t)rel;
	out[len] = 0xe9;
	memcpy(out + len + 1, &r32, 4);
	return (int)len + 5;
}

int lp_sites_jmp32(uint8_t out[5], uintptr_t from, uintptr_t to)
{
	int64_t rel = (int64_t)to - (int64_t)(from + 5);
	if (!fits32(rel))
		return -1;
	int32_t r32 = (int32_t)rel;
	out[0] = 0xe9;
	memcpy(out + 1, &r32, 4);
	return 5;
}

int lp_sites_jmp8(uint8_t out[2], uintptr_t from, uintptr_t to)
{
	int64_t rel = (int64_t)to - (int64_t)(from + 2);
	if (rel < -128 || rel > 127)
		return -1;
	out[0] = 0xeb;
	out[1] = (uint8_t)(int8_t)rel;
	return 2;
}

int lp_sites_stub(uint8_t *out, uintptr_t at, uint32_t idx, uintptr_t entry_ptr, uintptr_t copy)
{
	/* lea -128(%rsp),%rsp: below the red zone a leaf function may be using */
	static const uint8_t down[] = {0x48, 0x8d, 0x64, 0x24, 0x80};
	/* lea 136(%rsp),%rsp: the red zone and idx; lea leaves the flags alone */
	static const uint8_t up[] = {0x48, 0x8d, 0xa4, 0x24, 0x88, 0x00, 0x00, 0x00};
	unsigned n = 0;
	memcpy(out, down, sizeof down);
	n += sizeof down;
	out[n++] = 0x68; /* push $idx (sign-extended: idx < 2^31) */
	if (idx > INT32_MAX)
		return -1;
	memcpy(out + n, &idx, 4);
	n += 4;
	int64_t rel = (int64_t)entry_ptr - (int64_t)(at + n + 6);
	if (!fits32(rel))
		return -1;
	int32_t r32 = (int32_t)rel;
	out[n++] = 0xff; /* call *rel32(%rip) */
	out[n++] = 0x15;
	memcpy(out + n, &r32, 4);
	n += 4;
	memcpy(out + n, up, sizeof up);
	n += sizeof up;
	if (lp_sites_jmp32(out + n, at + n, copy) < 0)
		return -1;
	return (int)n + 5;
}

int lp_sites_padding_bytes(const uint8_t *p, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		switch (p[i]) {
		case 0x90: /* nop, and the bytes of the multi-byte nop forms */
		case 0x0f:
		case 0x1f:
		case 0x00:
		case 0x40:
		case 0x44:
		case 0x80:
		case 0x84:
		case 0x66:
		case 0x2e:
		case 0xcc: /* int3 */
			break;
		default:
			return 0;
		}
	return 1;
}

/* Insertion sort: a plan lists an object's sites in address order, so this is linear. */
static void sort_sites(struct lp_trap_site *a, uint32_t m)
{
	for (uint32_t i = 1; i < m; i++) {
		struct lp_trap_site v = a[i];
		uint32_t j = i;
		while (j > 0 && a[j - 1].addr > v.addr) {
			a[j] = a[j - 1];
			j--;
		}
		a[j] = v;
	}
}

int lp_sites_merge(struct lp_site_table *t, struct lp_trap_site *add, uint32_t m)
{
	sort_sites(add, m);
	uint32_t k = 0;
	for (uint32_t i = 0; i < m; i++) {
		if (k > 0 && add[i].addr == add[k - 1].addr) {
			add[k - 1] = add[i];
			continue;
		}
		struct lp_trap_site *old = (struct lp_trap_site *)lp_sites_find(t, add[i].addr);
		if (old) {
			*old = add[i];
			continue;
		}
		add[k++] = add[i];
	}
	if ((uint64_t)t->n + k > t->cap)
		return -1;
	/* merge from the end: every entry moves at most once */
	uint32_t i = t->n, j = k, w = t->n + k;
	while (j > 0) {
		if (i > 0 && t->e[i - 1].addr > add[j - 1].addr)
			t->e[--w] = t->e[--i];
		else
			t->e[--w] = add[--j];
	}
	t->n += k;
	return 0;
}

const struct lp_trap_site *lp_sites_find(const struct lp_site_table *t, uintptr_t addr)
{
	uint32_t lo = 0, hi = t->n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (t->e[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->e[lo].addr == addr ? &t->e[lo] : NULL;
}

static int64_t sdisp(const uint8_t *p, unsigned n)
{
	if (n == 1)
		return (int8_t)p[0];
	int32_t d;
	memcpy(&d, p, 4);
	return d;
}

uintptr_t lp_sites_address(const uint8_t *p, unsigned len, const uint64_t regs[16], uintptr_t next)
{
	unsigned i = 0, rex = 0;
	for (; i < len; i++) {
		uint8_t b = p[i];
		if (b == 0x64 || b == 0x65)
			return 0; /* %fs/%gs: thread-local */
		if (b != 0x66 && b != 0x67 && b != 0xf0 && b != 0xf2 && b != 0xf3 && b != 0x2e &&
		    b != 0x36 && b != 0x3e && b != 0x26)
			break;
	}
	if (i < len && p[i] >= 0x40 && p[i] <= 0x4f)
		rex = p[i++];
	if (i >= len)
		return 0;
	uint8_t op = p[i++];
	if (op == 0xc4 || op == 0xc5 || op == 0x62)
		return 0; /* VEX, EVEX: not decoded */
	if (op == 0x0f) {
		if (i >= len)
			return 0;
		uint8_t op2 = p[i++];
		if (op2 == 0x38 || op2 == 0x3a)
			i++;
	} else if ((op >= 0xa0 && op <= 0xa7) || (op >= 0xaa && op <= 0xaf)) {
		return 0; /* absolute moffs, string instructions: no ModRM */
	}
	if (i >= len)
		return 0;
	uint8_t modrm = p[i++];
	unsigned mod = modrm >> 6, rm = modrm & 7;
	uint64_t ea = 0;
	if (mod == 3)
		return 0;
	if (rm == 4) {
		if (i >= len)
			return 0;
		uint8_t sib = p[i++];
		unsigned idx = ((sib >> 3) & 7) | (rex & 2 ? 8 : 0),
			 base = (sib & 7) | (rex & 1 ? 8 : 0);
		if (idx != 4)
			ea += regs[idx] << (sib >> 6);
		if ((sib & 7) == 5 && mod == 0) {
			if (i + 4 > len)
				return 0;
			return (uintptr_t)(ea + (uint64_t)sdisp(p + i, 4));
		}
		ea += regs[base];
	} else if (rm == 5 && mod == 0) {
		if (i + 4 > len)
			return 0;
		return (uintptr_t)(next + (uint64_t)sdisp(p + i, 4));
	} else {
		ea = regs[rm | (rex & 1 ? 8 : 0)];
	}
	unsigned dn = mod == 1 ? 1 : mod == 2 ? 4 : 0;
	if (i + dn > len)
		return 0;
	if (dn)
		ea += (uint64_t)sdisp(p + i, dn);
	return (uintptr_t)ea;
}

unsigned lp_sites_cmpxchg_size(const uint8_t *p, unsigned len)
{
	unsigned i = 0, size = 4;
	for (; i < len &&
	       (p[i] == 0xf0 || p[i] == 0x66 || p[i] == 0x2e || p[i] == 0x3e || p[i] == 0x26 ||
		p[i] == 0x36 || p[i] == 0x64 || p[i] == 0x65 || p[i] == 0xf2 || p[i] == 0xf3);
	     i++)
		if (p[i] == 0x66)
			size = 2;
	if (i < len && (p[i] & 0xf0) == 0x40) {
		if (p[i] & 8)
			size = 8;
		i++;
	}
	if (i + 2 >= len || p[i] != 0x0f || (p[i + 1] != 0xb0 && p[i + 1] != 0xb1))
		return 0;
	return p[i + 1] == 0xb0 ? 1 : size;
}
