# scheduler: build rules. The exploration half (libexplore.a, pure) is linked into the cli;
# the runtime half lives with the preload.
noinst_LIBRARIES += libexplore.a
libexplore_a_SOURCES = scheduler/explore.c scheduler/explore-schedule.c scheduler/explore.h \
	scheduler/explore-log.c scheduler/explore-log.h scheduler/explore-points.c \
	scheduler/explore-points.h scheduler/explore-stats.c scheduler/explore-stats.h \
	scheduler/strategy-plan.c scheduler/strategy.h scheduler/sched-pick.c scheduler/sched-pick.h \
	scheduler/atomic-region.c scheduler/atomic-region.h scheduler/state-cache.c scheduler/state-cache.h \
	scheduler/footprint.h scheduler/history-orders.c scheduler/history-orders.h
libexplore_a_CFLAGS = $(AM_CFLAGS) $(LP_SAN_CFLAGS)

check_PROGRAMS += tests/unit/test-scheduler-explore tests/unit/test-scheduler-explore-schedule \
	tests/unit/test-scheduler-explore-por
TESTS += tests/unit/test-scheduler-explore tests/unit/test-scheduler-explore-schedule \
	tests/unit/test-scheduler-explore-por
tests_unit_test_scheduler_explore_SOURCES = tests/unit/test-scheduler-explore.c
tests_unit_test_scheduler_explore_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_explore_LDADD = libexplore.a $(CMOCKA_LIBS)
tests_unit_test_scheduler_explore_schedule_SOURCES = tests/unit/test-scheduler-explore-schedule.c
tests_unit_test_scheduler_explore_schedule_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_explore_schedule_LDADD = libexplore.a $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-scheduler-strategy
TESTS += tests/unit/test-scheduler-strategy
tests_unit_test_scheduler_strategy_SOURCES = tests/unit/test-scheduler-strategy.c
tests_unit_test_scheduler_strategy_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_strategy_LDADD = libexplore.a $(CMOCKA_LIBS)
tests_unit_test_scheduler_explore_por_SOURCES = tests/unit/test-scheduler-explore-por.c
tests_unit_test_scheduler_explore_por_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_explore_por_LDADD = libexplore.a $(CMOCKA_LIBS)
check_PROGRAMS += tests/unit/test-scheduler-explore-por-tso
TESTS += tests/unit/test-scheduler-explore-por-tso
tests_unit_test_scheduler_explore_por_tso_SOURCES = tests/unit/test-scheduler-explore-por-tso.c
tests_unit_test_scheduler_explore_por_tso_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_explore_por_tso_LDADD = libexplore.a $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-scheduler-explore-expand
TESTS += tests/unit/test-scheduler-explore-expand
tests_unit_test_scheduler_explore_expand_SOURCES = tests/unit/test-scheduler-explore-expand.c
tests_unit_test_scheduler_explore_expand_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_explore_expand_LDADD = libexplore.a $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-scheduler-state-cache
TESTS += tests/unit/test-scheduler-state-cache
tests_unit_test_scheduler_state_cache_SOURCES = tests/unit/test-scheduler-state-cache.c
tests_unit_test_scheduler_state_cache_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_state_cache_LDADD = libexplore.a $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-scheduler-atomic-region
TESTS += tests/unit/test-scheduler-atomic-region
tests_unit_test_scheduler_atomic_region_SOURCES = tests/unit/test-scheduler-atomic-region.c
tests_unit_test_scheduler_atomic_region_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_atomic_region_LDADD = libexplore.a $(CMOCKA_LIBS)

check_PROGRAMS += tests/unit/test-scheduler-history-orders
TESTS += tests/unit/test-scheduler-history-orders
tests_unit_test_scheduler_history_orders_SOURCES = tests/unit/test-scheduler-history-orders.c
tests_unit_test_scheduler_history_orders_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(LP_SAN_CFLAGS)
tests_unit_test_scheduler_history_orders_LDADD = libexplore.a $(CMOCKA_LIBS)
