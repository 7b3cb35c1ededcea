/* structacc.h — an accumulator whose functions take structs by value (System V classes:
 * struct pt INTEGER, struct mix SSE then INTEGER, struct delta MEMORY), tested from this
 * header alone against stripped builds (lineup-test(5) struct{...}). */
#ifndef STRUCTACC_H
#define STRUCTACC_H

typedef struct acc acc_t;
struct pt {
	int x, y;
};
struct mix {
	double w;
	long n;
};
struct delta {
	long a, b, c;
};
struct span {
	long lo, hi;
};
typedef struct {
	struct pt at;
	float f;
} tagged_t;
struct ref { /* the accumulator itself inside the struct */
	acc_t *q;
	long by;
};
struct __attribute__((packed)) tight { /* an unaligned member: MEMORY at 5 bytes */
	char c;
	int i;
};
union num {
	double d;
	long l;
};

acc_t *acc_new(void);
/* Adds d.a + d.b + d.c to the total and returns the total before. */
long acc_add(acc_t *q, struct delta d);
/* Adds p.x * p.y; returns the total before. */
long acc_move(acc_t *q, struct pt p);
/* Adds m.n times the integer part of m.w; returns the total before. */
long acc_weigh(acc_t *q, struct mix m);
/* Five integer registers taken before s, which needs two: s goes on the stack, e still
 * takes the last integer register. */
long acc_mixed(acc_t *q, long a, long b, long c, long d, struct span s, long e, double x);
/* A nested struct and a float member; returns t.at.x + t.at.y + (long)t.f. */
long acc_tag(acc_t *q, tagged_t t);
/* Eight integer arguments: two on the stack. */
long acc_many(acc_t *q, long a, long b, long c, long d, long e, long f, long g);
/* Adds r.by to *r.q; returns the total before. */
long acc_ref(struct ref r);
/* A packed struct: on the stack; the built-in driver cannot pass it. */
long acc_tight(acc_t *q, struct tight t);
/* A union by value: lineup-preload refuses it. */
long acc_union(acc_t *q, union num u);
long acc_get(acc_t *q);

#endif
