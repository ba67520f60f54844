#!/usr/bin/env bash
# Inlining proof: builds the benchmark binaries that use a derived status (`Bench`) at
# opt-level 3, 2, "s", "z" and 0 and checks with nm/objdump that
#   - no out-of-line `Drop::drop` or drop glue (`drop_in_place`) for the status or a
#     `Result<_, Bench>` survives (required at 3, 2 and "s"; reported at "z" and 0),
#   - the cold cleanup `Repr::release_share` (in `repr::payload`) exists exactly once,
#   - the non-inlined caller `readpath::fast::sum` (which `?`-propagates a status per value)
#     calls nothing but the decode function: every call in it, direct or through the GOT, is
#     resolved to its target and must be `readpath::fast::decode`,
#   - a fieldless kind converted into its status (`fieldless::via_into`) is the same machine code
#     as the status made by `from_code` (`fieldless::via_from_code`): no call,
# and it reports (without requiring it) which of the library's small hex-digit functions the
# binary inlined across the crates (`hex_sums`: an enum error, a status, a status with
# `#[inline]`), and whether the read path's `decode` and `sum` are the same
# machine code for fast-status as for the floor (`NonZeroUsize`), addresses and names aside.
# It prints the relevant assembly. Exit status 1 if a required check fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# The disassembly of function $2 of binary $1, found by its address and size (`nm -S`), so
# that a function LLVM merged with an identical one (an alias, which objdump may label by the
# other name) is found by either name.
function_asm() {
    local exe=$1 fn=$2 addr size
    read -r addr size < <(nm -S -C "$exe" | awk -v f="$fn" '
        { name = $0; sub(/^[0-9a-f]+ [0-9a-f]+ [A-Za-z] /, "", name) }
        name == f { print $1, $2; exit }')
    [[ -n ${addr:-} ]] || return 0
    objdump -d --no-show-raw-insn -C --start-address="0x$addr" \
        --stop-address="$((0x$addr + 0x$size))" "$exe" | grep -E '^ *[0-9a-f]+:' | grep -v int3 || true
}

# The disassembly of function $2 of binary $1 with addresses, call targets and RIP offsets
# blanked.
normalized() {
    function_asm "$1" "$2" \
        | sed -E 's/^ *[0-9a-f]+:\s*//; s/# .*$//; s/[0-9a-f]+ <[^>]*>/TARGET/g; s/-?0x[0-9a-f]+\(%rip\)/RIP/g; s/\s+$//'
}

# Every name of the function at address $2 in the `nm -C` listing $1, joined with " = " (one
# name, or several when LLVM merged identical functions).
names_at() {
    awk -v a="$2" '$1 ~ ("^0*" a "$") { $1 = ""; $2 = ""; sub(/^ +/, ""); print }' <<<"$1" \
        | sort -u | awk 'NR > 1 { printf " = " } { printf "%s", $0 } END { if (NR) print "" }'
}

# The target of every call in function $2 of binary $1, by every name of its address: direct
# calls by their address; calls through a GOT slot (`call *%reg` after
# `mov slot(%rip),%reg`, or `call *slot(%rip)`) by the address the slot's relocation holds.
call_targets() {
    local exe=$1 fn=$2 relocs syms
    relocs=$(readelf -rW "$exe")
    syms=$(nm -C "$exe")
    function_asm "$exe" "$fn" | awk '
        /mov +-?0x[0-9a-f]+\(%rip\),%r[a-z0-9]+ +#/ { split($NF, _, ","); reg = $0; sub(/.*,/, "", reg); sub(/ .*/, "", reg); slot[reg] = $(NF-1) }
        /call +\*%r/ { r = $NF; sub(/\*/, "", r); print "slot", slot[r]; next }
        /call +\*-?0x[0-9a-f]+\(%rip\)/ { print "slot", $(NF-1); next }
        /call / { for (i = 1; i <= NF; i++) if ($i == "call") { print "addr", $(i+1); break } }
    ' | while read -r kind what; do
        target=$what
        if [[ $kind == slot ]]; then
            target=$(awk -v s="$what" '$1 ~ ("0*" s "$") { print $NF }' <<<"$relocs")
        fi
        name=$(names_at "$syms" "$target")
        echo "${name:-unresolved call target $kind $what}"
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
        # `status_runtime::repr::payload::<impl status_runtime::repr::Repr>::release_share`
        cleanup=$(grep -cE 'status_runtime::repr::.*Repr>?::release_share$' <<<"$syms" || true)
        echo "  $bin: out-of-line drop code for the status: ${glue:-none}"
        echo "  $bin: cold cleanup symbols: $cleanup"
        if [[ $required == yes && ( -n $glue || $cleanup != 1 ) ]]; then
            echo "  FAIL: $bin at opt-level $level" >&2
            fail=1
        fi
    done
    exe=target/$profile/compare
    into=$(normalized "$exe" fast_status_benches::fieldless::via_into)
    code=$(normalized "$exe" fast_status_benches::fieldless::via_from_code)
    if [[ -n $into && $into == "$code" ]]; then
        echo "  fieldless::via_into is via_from_code's machine code ($(grep -c . <<<"$into") instructions)"
    else
        echo "  fieldless::via_into differs from via_from_code:" >&2
        diff <(echo "$code") <(echo "$into") | sed 's/^/      /' >&2 || true
        [[ $required == yes ]] && fail=1
    fi
    for loop in with_enum with_status with_status_inline; do
        calls=$(call_targets "$exe" "compare::hex_sums::$loop" | grep -c 'fieldless::hex' || true)
        echo "  hex_sums::$loop: $([[ $calls == 0 ]] && echo "the digit function inlined" || echo "calls the digit function")"
    done
    exe=target/$profile/readpath
    asm=$(function_asm "$exe" fast_status_benches::readpath::fast::sum)
    targets=$(call_targets "$exe" fast_status_benches::readpath::fast::sum)
    echo "  readpath::fast::sum: $(grep -c . <<<"$asm") lines, calls into:"
    sed 's/^/      /' <<<"${targets:-nothing}"
    decode='fast_status_benches::readpath::fast::decode'
    if [[ -z $targets ]] || grep -qvE "(^| = )$decode( = |$)" <<<"$targets"; then
        echo "  readpath::fast::sum calls something other than decode" >&2
        [[ $required == yes ]] && fail=1
    fi
    for f in decode sum; do
        ours=$(normalized "$exe" "fast_status_benches::readpath::fast::$f")
        floor=$(normalized "$exe" "fast_status_benches::readpath::floor::$f")
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
    if [[ $level == 3 ]]; then
        echo "  assembly of readpath::fast::sum (success path: call decode, test the tag, add):"
        sed 's/^/      /' <<<"$asm"
        echo "  assembly of readpath::fast::decode (no drop, no call on success):"
        function_asm "$exe" "$decode" | sed 's/^/      /'
    fi
done
if [[ $fail == 0 ]]; then
    echo "inlining checks passed at opt-level 3, 2 and s"
fi
exit $fail
