#!/bin/sh
# tests/house/limits.sh — the house rules on size, checked by the machine (TAP output):
#  1. no product file (C source, header, assembler or .def outside tests/) over 800 lines;
#  2. no C function over 120 lines, from its opening brace to its closing one.
# A file or function may be exempt only through the list below, each with its reason.
# Man pages and the README are documents, not product files, and are not counted.
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
max_file=800
max_func=120

# path, or path:function, then the reason in parentheses on the next line.
exempt='
cli/options.c:lp_options_usage
	(usage text: one printf per option, read as the --help page it prints)
'
exempt_list=$(printf '%s\n' "$exempt" | sed -e '/^[[:space:]]*(/d' -e '/^[[:space:]]*$/d')

is_exempt() { printf '%s\n' "$exempt_list" | grep -qxF "$1"; }

# Every product file: the tree but tests/, the build's own folders and third-party scripts.
product_files() {
	(cd "$top_srcdir" && find . \( -name .git -o -name tests -o -name autom4te.cache \
		-o -name build-aux -o -name m4 -o -name _build -o -name '.deps' -o -name '.libs' \) -prune -o \
		-type f \( -name '*.c' -o -name '*.h' -o -name '*.S' -o -name '*.def' \) -print) |
		sed 's|^\./||' | while read -r f; do
		# a build folder inside the source tree (its config.status says so)
		d=${f%%/*}
		[ "$d" != "$f" ] && [ -f "$top_srcdir/$d/config.status" ] && continue
		[ "$f" = config.h ] && continue
		echo "$f"
	done | sort
}

files=$(product_files)
echo "1..2"

long_files=
for f in $files; do
	n=$(wc -l <"$top_srcdir/$f")
	[ "$n" -gt "$max_file" ] || continue
	is_exempt "$f" && continue
	long_files="$long_files
$f: $n lines"
done
if [ -z "$long_files" ]; then
	echo "ok 1 - no product file over $max_file lines"
else
	echo "not ok 1 - product files over $max_file lines: cut each along a seam (one job per file)"
	printf '%s\n' "$long_files" | sed -e '/^$/d' -e 's/^/# /'
fi

# A function: the lines from a "{" in column 0 to the next "}" in column 0 (the tree is
# clang-formatted); its name is the identifier before the first "(" of the signature
# that starts at the last unindented line before the brace.
func_lengths() {
	awk -v file="$1" '
	/^[A-Za-z_]/ && !/^(typedef|struct [A-Za-z_]+ \{|enum|union)/ { sig = $0; next }
	/^[ \t]/ && sig != "" && start == 0 { sig = sig " " $0; next }
	/^\{/ { if (sig != "") { start = NR; name = sig } ; next }
	/^\}/ { if (start) {
			s = name; sub(/\(.*/, "", s); sub(/.*[^A-Za-z0-9_]/, "", s)
			print file ":" s " " NR - start + 1
		}
		start = 0; sig = ""; next }
	start == 0 { sig = "" }
	' "$top_srcdir/$1"
}

long_funcs=
for f in $files; do
	case $f in *.c | *.h) ;; *) continue ;; esac
	long_funcs="$long_funcs
$(func_lengths "$f" | while read -r fn n; do
		[ "$n" -gt "$max_func" ] || continue
		is_exempt "$fn" && continue
		echo "$fn: $n lines"
	done)"
done
long_funcs=$(printf '%s\n' "$long_funcs" | sed '/^$/d')
if [ -z "$long_funcs" ]; then
	echo "ok 2 - no C function over $max_func lines"
else
	echo "not ok 2 - C functions over $max_func lines: cut each into its steps"
	printf '%s\n' "$long_funcs" | sed 's/^/# /'
fi
