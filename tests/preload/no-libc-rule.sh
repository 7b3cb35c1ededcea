#!/bin/sh
# tests/preload/no-libc-rule.sh — every preload source includes preload/no-libc.h as its
# last #include, so the compiler refuses malloc and stdio in code that runs in the client.
srcdir=${top_srcdir:?}/preload
n=$(ls "$srcdir"/*.c | wc -l)
echo "1..$n"
i=0 fails=0
for f in "$srcdir"/*.c; do
	i=$((i + 1))
	last=$(grep '^#include' "$f" | grep -v '\.def"' | tail -n 1)
	case $last in
	'#include "no-libc.h"'*) echo "ok $i - ${f##*/} includes no-libc.h last" ;;
	*) echo "not ok $i - ${f##*/}: last include is '$last', not no-libc.h"; fails=$((fails + 1)) ;;
	esac
done
exit $((fails != 0))
