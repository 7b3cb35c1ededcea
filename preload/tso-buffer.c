/* preload/tso-buffer.c — one thread's store buffer as a view over memory (tso-buffer.h). Pure. */
#include <string.h>

#include "tso-buffer.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

static unsigned sse_store_size(uint8_t op2, unsigned rex, int opsz, uint8_t rep)
{
	switch (op2) {
	case 0x11: /* movups, movupd, movss, movsd */
		return rep == 0xf3 ? 4 : rep == 0xf2 ? 8 : 16;
	case 0x29: /* movaps, movapd */
		return rep ? 0 : 16;
	case 0x7f: /* movdqa, movdqu; MMX movq */
		return opsz || rep == 0xf3 ? 16 : rep ? 0 : 8;
	case 0xd6: /* movq xmm -> m64 */
		return opsz ? 8 : 0;
	case 0x7e: /* movd/movq xmm or mm -> r/m (f3 0f 7e is a load) */
		return rep ? 0 : rex & 8 ? 8 : 4;
	case 0x13: /* movlps, movlpd */
	case 0x17: /* movhps, movhpd */
		return rep ? 0 : 8;
	default:
		return 0; /* movnti, movntdq (non-temporal: weaker than TSO), others */
	}
}

unsigned lp_tso_store_size(const uint8_t *p, unsigned len)
{
	unsigned i = 0, rex = 0;
	int opsz = 0;
	uint8_t rep = 0;
	for (; i < len; i++) {
		uint8_t c = p[i];
		if (c == 0x66)
			opsz = 1;
		else if (c == 0xf2 || c == 0xf3)
			rep = c;
		else if (c != 0xf0 && c != 0x2e && c != 0x36 && c != 0x3e && c != 0x26 &&
			 c != 0x64 && c != 0x65 && c != 0x67)
			break;
	}
	if (i < len && (p[i] & 0xf0) == 0x40)
		rex = p[i++];
	if (i >= len)
		return 0;
	unsigned w = rex & 8 ? 8 : opsz ? 2 : 4;
	uint8_t op = p[i++];
	if (op == 0x0f) {
		if (i >= len)
			return 0;
		if (p[i] >= 0x90 && p[i] <= 0x9f)
			return 1; /* setcc */
		return sse_store_size(p[i], rex, opsz, rep);
	}
	if (op < 0x40 && (op >> 3) != 7 && (op & 7) <= 1) /* add/or/adc/sbb/and/sub/xor r -> m */
		return op & 1 ? w : 1;
	switch (op) {
	case 0x80: /* group 1 with imm8 */
	case 0x88: /* mov r8 -> m */
	case 0xc0: /* shifts */
	case 0xc6: /* mov imm8 -> m */
	case 0xd0:
	case 0xd2:
	case 0xf6: /* not, neg */
	case 0xfe: /* inc, dec */
		return 1;
	case 0x81:
	case 0x83:
	case 0x89:
	case 0xc1:
	case 0xc7: /* mov imm32 (sign-extended under REX.W) -> m */
	case 0xd1:
	case 0xd3:
	case 0xf7:
	case 0xff:
		return w;
	default:
		return 0;
	}
}

static bool overlaps(const struct lp_tso_entry *e, uintptr_t a, unsigned n)
{
	return a < e->addr + e->size && e->addr < a + n;
}

void lp_tso_append(struct lp_tso_buf *b, uintptr_t addr, unsigned size, uintptr_t site)
{
	struct lp_tso_entry *e = &b->e[b->n++];
	e->addr = addr;
	e->site = site;
	e->size = (uint8_t)size;
	e->captured = 0;
	memcpy(e->under, (const void *)addr, size);
}

void lp_tso_capture(struct lp_tso_buf *b)
{
	if (!b->n || b->e[b->n - 1].captured)
		return;
	struct lp_tso_entry *e = &b->e[b->n - 1];
	memcpy(e->val, (const void *)e->addr, e->size);
	e->captured = 1;
}

/* The newest entry of b at or after `from` that covers byte a, or -1. */
static int newest_covering(const struct lp_tso_buf *b, unsigned from, uintptr_t a)
{
	for (unsigned k = b->n; k-- > from;)
		if (overlaps(&b->e[k], a, 1))
			return (int)k;
	return -1;
}

static int oldest_covering(const struct lp_tso_buf *b, uintptr_t a)
{
	for (unsigned k = 0; k < b->n; k++)
		if (overlaps(&b->e[k], a, 1))
			return (int)k;
	return -1;
}

bool lp_tso_view_intact(const struct lp_tso_buf *b)
{
	for (unsigned i = 0; i < b->n; i++) {
		const struct lp_tso_entry *e = &b->e[i];
		if (!e->captured)
			continue;
		for (unsigned j = 0; j < e->size; j++)
			if (newest_covering(b, i, e->addr + j) == (int)i &&
			    *(const volatile uint8_t *)(e->addr + j) != e->val[j])
				return false;
	}
	return true;
}

void lp_tso_commit_all(struct lp_tso_buf *b) { b->n = 0; }

void lp_tso_flush_oldest(struct lp_tso_buf *b, struct lp_tso_buf *running)
{
	if (!b->n)
		return;
	struct lp_tso_entry e0 = b->e[0];
	memmove(&b->e[0], &b->e[1], (b->n - 1) * sizeof b->e[0]);
	b->n--;
	if (running == b)
		return; /* memory is its view already; the next covering entry's under is e0 */
	for (unsigned j = 0; j < e0.size; j++) {
		uintptr_t a = e0.addr + j;
		int k = running ? oldest_covering(running, a) : -1;
		if (k >= 0)
			running->e[k].under[a - running->e[k].addr] = e0.val[j];
		else
			*(volatile uint8_t *)a = e0.val[j];
	}
}

void lp_tso_enter(struct lp_tso_buf *b)
{
	for (unsigned i = 0; i < b->n; i++) {
		struct lp_tso_entry *e = &b->e[i];
		memcpy(e->under, (const void *)e->addr, e->size);
		memcpy((void *)e->addr, e->val, e->size);
	}
}

void lp_tso_leave(const struct lp_tso_buf *b)
{
	for (unsigned i = b->n; i-- > 0;) {
		const struct lp_tso_entry *e = &b->e[i];
		memcpy((void *)e->addr, e->under, e->size);
	}
}

unsigned lp_tso_passed(const struct lp_tso_buf *b, uint64_t *site, uint64_t *addr, unsigned max)
{
	unsigned n = b->n, keep = n < max ? n : max;
	for (unsigned k = 0; k < max; k++) {
		unsigned i = k == 0 || n <= max ? k : n - (keep - k);
		site[k] = k < keep ? b->e[i].site : 0;
		addr[k] = k < keep ? b->e[i].addr : 0;
	}
	return n;
}

const struct lp_tso_entry *lp_tso_find(const struct lp_tso_buf *b, uintptr_t addr, unsigned size)
{
	for (unsigned k = b->n; k-- > 0;)
		if (overlaps(&b->e[k], addr, size))
			return &b->e[k];
	return NULL;
}

bool lp_tso_pass_keep(struct lp_tso_pass_keys *p, uint64_t loader, uintptr_t load_site,
		      uintptr_t newest)
{
	for (unsigned i = 0; i < p->n; i++)
		if (p->k[i].loader == loader && p->k[i].load_site == load_site &&
		    p->k[i].newest == newest)
			return false;
	if (p->n == LP_TSO_PASS_NOTES)
		return false;
	p->k[p->n].loader = loader;
	p->k[p->n].load_site = load_site;
	p->k[p->n++].newest = newest;
	return true;
}
