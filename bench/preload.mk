# bench/preload.mk: benchmarks of lineup-preload executions.
