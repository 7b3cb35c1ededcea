/* lockadd.h — the benchmark target: a function executing N lock-prefixed adds. */
#ifndef BENCH_PRELOAD_LOCKADD_H
#define BENCH_PRELOAD_LOCKADD_H

long *lockadd_new(void);
/* Executes `lock addq $1, (p)` n times (one instruction site, n dynamic executions). */
void lockadd_run(long *p, long n);

#endif
