# tests/preload/atom-plan.sh — plans with site lines for libatom (sourced by traps.sh and
# bench/trap/trap-cost.sh; needs ATOM, the path of libatom.so).

# sitelines LIB OBJ NAME:KIND:DISP[:pad]... — site lines for the instruction between the
# labels atom_at_NAME and atom_end_NAME of LIB (bytes read back from the file); with :pad,
# the padding atom_pad_NAME for the jump to its stub.
sitelines() {
	lib=$1 obj=$2; shift 2
	for spec in "$@"; do
		pad=
		case $spec in *:pad)
			spec=${spec%:pad}
			pad=" $(nm -D --defined-only "$lib" | awk -v n="atom_pad_${spec%%:*}" '$3 == n { print $1 }')"
		esac
		name=${spec%%:*} rest=${spec#*:}
		at=$(nm -D --defined-only "$lib" | awk -v n="atom_at_$name" '$3 == n { print $1 }')
		end=$(nm -D --defined-only "$lib" | awk -v n="atom_end_$name" '$3 == n { print $1 }')
		bytes=$(objdump -d --start-address=0x$at --stop-address=0x$end "$lib" |
			awk -F'\t' '/^ +[0-9a-f]+:\t/ { print $2 }' | tr -d ' \n')
		echo "site $obj $at $((0x$end - 0x$at)) ${rest%%:*} ${rest#*:} $bytes$pad"
	done
}

# atomplan FILE [SITE-SPECS...] — libatom as target 0, its functions as operations (the
# client's own code between operations is never preempted: atomics must be inside one).
atomplan() {
	out=$1; shift
	{
		echo "lineup-plan 1"
		echo "target $(stat -L -c '%d %i' "$ATOM") $ATOM"
		for f in atom_spin:v:p atom_add:i8:p,i8 atom_cas:i4:p,i4,i4 atom_xchg:i8:p,i8 atom_fence:v:- \
			atom_incglobal:i8:- atom_inc16:i4:- atom_loop:i8:p,i8 atom_vec:i8:p,i8; do
			name=${f%%:*} kinds=${f#*:}
			echo "func 0 $name $(nm -D --defined-only "$ATOM" | awk -v n="$name" '$3 == n { print $1 }') ${kinds%%:*} ${kinds#*:}"
		done
		sitelines "$ATOM" 0 "$@"
		echo "end"
	} >"$out"
}
