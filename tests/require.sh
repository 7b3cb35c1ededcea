# tests/require.sh — the programs a shell test calls (sourced by the tests' libraries:
# tests/e2e/test-lib.sh, tests/preload/test-lib.sh, tests/checker/lib.sh).
# build-aux/setup.sh installs every program and library the suite uses, so a missing one
# is a set-up to fix: the test fails at once ("Bail out!") naming the Debian package,
# never a quiet skip that leaves the feature untested.

# lp_require_cmd PROGRAM PACKAGE: the test calls PROGRAM, from the Debian package PACKAGE.
lp_require_cmd() {
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "Bail out! $1 not found: install $2 (build-aux/setup.sh does)"
	exit 1
}

# lp_require_pc MODULE PACKAGE: the test builds against MODULE (pkg-config) from PACKAGE.
lp_require_pc() {
	lp_require_cmd pkg-config pkg-config
	pkg-config --exists "$1" 2>/dev/null && return 0
	echo "Bail out! $1 not found by pkg-config: install $2 (build-aux/setup.sh does)"
	exit 1
}
