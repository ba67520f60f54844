#!/usr/bin/env bash
# Inlining proof: builds the benchmark binaries that use a derived status (`Bench`) at
# opt-level 3, 2, "s", "z" and 0 and checks with nm/objdump that
#   - no out-of-line `Drop::drop` or drop glue (`drop_in_place`) for the status or a
#     `Result<_, Bench>` survives (required at 3, 2 and "s"; reported at "z" and 0),
#   - the cold cleanup `Repr::release_heap` (in `repr::payload`) exists exactly once,
#   - the non-inlined caller `readpath::fast::sum` (which `?`-propagates a status per value)
#     calls nothing but the decode function: every call in it, direct or through the GOT, is
#     resolved to its target and must be `readpath::fast::decode`,
# and it reports (without requiring it) whether the read path's `decode` and `sum` are the same
# machine code for fast-status as for the floor (`NonZeroUsize`), addresses and names aside.
# It prints the relevant assembly. Exit status 1 if a required check fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# The disassembly of one function (from a saved `objdump -d` of the binary) with addresses,
# call targets and RIP offsets blanked.
normalized() {
    awk -v f="<$2>:" '$2 == f {p=1; next} p && /^$/ {exit} p' "$1" \
        | grep -v int3 \
        | sed -E 's/^ *[0-9a-f]+:\s*//; s/# .*$//; s/[0-9a-f]+ <[^>]*>/TARGET/g; s/-?0x[0-9a-f]+\(%rip\)/RIP/g; s/\s+$//'
}

# The target of every call in function $3 of binary $1 (saved disassembly $2): direct calls
# by name; calls through a GOT slot (`call *%reg` after `mov slot(%rip),%reg`, or
# `call *slot(%rip)`) by the symbol the slot's relocation points at.
call_targets() {
    local exe=$1 dump=$2 fn=$3 relocs syms
    relocs=$(readelf -rW "$exe")
    syms=$(nm -C "$exe")
    awk -v f="<$fn>:" '$2 == f {p=1; next} p && /^$/ {exit} p' "$dump" | awk '
        /mov +-?0x[0-9a-f]+\(%rip\),%r[a-z0-9]+ +#/ { split($NF, _, ","); reg = $0; sub(/.*,/, "", reg); sub(/ .*/, "", reg); slot[reg] = $(NF-1) }
        /call +\*%r/ { r = $NF; sub(/\*/, "", r); print "slot", slot[r]; next }
        /call +\*-?0x[0-9a-f]+\(%rip\)/ { print "slot", $(NF-1); next }
        /call / { t = $0; sub(/^[^<]*</, "", t); sub(/>[^>]*$/, "", t); print "name", t }
    ' | while read -r kind what; do
        if [[ $kind == name ]]; then
            echo "$what"
            continue
        fi
        target=$(awk -v s="$what" '$1 ~ ("0*" s "$") { print $NF }' <<<"$relocs")
        name=$(awk -v a="$target" '$1 ~ ("^0*" a "$") { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' <<<"$syms")
        echo "${name:-unresolved GOT slot $what}"
    done
}

fail=0
for spec in release:3 release-o2:2 release-os:s release-oz:z release-o0:0; do
    profile=${spec%%:*}
    level=${spec##*:}
    required=no
    case $level in 3|2|s) required=yes ;; esac
    cargo build -q --profile "$profile" -p fast-status-benches --bin readpath --bin compare
    echo "=== opt-level $level (profile $profile; checks required: $required)"
    for bin in readpath compare; do
        exe=target/$profile/$bin
        syms=$(nm -C "$exe")
        glue=$(grep -E 'drop_in_place<[^>]*(Bench|Result<[^>]*Bench)|Bench as core::ops::drop::Drop>::drop' <<<"$syms" | grep -v arrow_before_fix || true)
        # `status_runtime::repr::payload::<impl status_runtime::repr::Repr>::release_heap`
        cleanup=$(grep -cE 'status_runtime::repr::.*Repr>?::release_heap$' <<<"$syms" || true)
        echo "  $bin: out-of-line drop code for the status: ${glue:-none}"
        echo "  $bin: cold cleanup symbols: $cleanup"
        if [[ $required == yes && ( -n $glue || $cleanup != 1 ) ]]; then
            echo "  FAIL: $bin at opt-level $level" >&2
            fail=1
        fi
    done
    exe=target/$profile/readpath
    dump=$(mktemp)
    objdump -d --no-show-raw-insn -C "$exe" >"$dump"
    asm=$(awk '/<fast_status_benches::readpath::fast::sum>:/,/^$/' "$dump" | grep -v int3)
    targets=$(call_targets "$exe" "$dump" fast_status_benches::readpath::fast::sum)
    echo "  readpath::fast::sum: $(grep -c . <<<"$asm") lines, calls into:"
    sed 's/^/      /' <<<"${targets:-nothing}"
    if [[ -z $targets ]] || grep -qvx 'fast_status_benches::readpath::fast::decode' <<<"$targets"; then
        echo "  readpath::fast::sum calls something other than decode" >&2
        [[ $required == yes ]] && fail=1
    fi
    for f in decode sum; do
        ours=$(normalized "$dump" "fast_status_benches::readpath::fast::$f")
        floor=$(normalized "$dump" "fast_status_benches::readpath::floor::$f")
        if [[ -n $ours && $ours == "$floor" ]]; then
            echo "  readpath::fast::$f is the floor's machine code ($(grep -c . <<<"$ours") instructions)"
        else
            changed=$(diff <(echo "$floor") <(echo "$ours") | grep -c '^[<>]' || true)
            echo "  readpath::fast::$f differs from the floor's in $changed lines (report only)"
            if [[ $level == 3 ]]; then
                diff <(echo "$floor") <(echo "$ours") | sed 's/^/      /' || true
            fi
        fi
    done
    rm -f "$dump"
    if [[ $level == 3 ]]; then
        echo "  assembly of readpath::fast::sum (success path: call decode, test the tag, add):"
        sed 's/^/      /' <<<"$asm"
        echo "  assembly of readpath::fast::decode (no drop, no call on success):"
        objdump -d --no-show-raw-insn -C "$exe" \
            | awk '/<fast_status_benches::readpath::fast::decode>:/,/^$/' | grep -v int3 | sed 's/^/      /'
    fi
done
if [[ $fail == 0 ]]; then
    echo "inlining checks passed at opt-level 3, 2 and s"
fi
exit $fail
