#!/usr/bin/env bash
# The floors of two targets BENCHMARKS.md lists as missed: how close a status can come when
# the work a different design could skip is removed. A scratch copy of HEAD (a git worktree,
# removed afterwards) gets the patches in scripts/floors/, which are unsound as a library and
# never kept:
#
#   heap-kind.patch  a heap variant (heap4, text4) without the backtrace-policy check, the test
#                    of the value shares and `kind()`'s type check;
#   from-args.patch  the constructors (`Bench::invalid(format_args!(..))`) writing into one
#                    fixed allocation: no literal test, no stack pass, no copy, no exact length.
#
# `compare` is built four times: the tree as it is and the scratch copy, each with cargo's 16
# codegen units (the default, as `compare` and CI build it) and with one (where the boxed enum's
# drop is inlined into its loop). Each cell's instructions per operation come from callgrind,
# every build in this one run.
#
#   scripts/floors.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

scratch=$(mktemp -d)
cleanup() {
    git -C "$root" worktree remove --force "$scratch/tree" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
git worktree add -q --detach "$scratch/tree" HEAD
git -C "$scratch/tree" apply "$root/scripts/floors/heap-kind.patch" \
    "$root/scripts/floors/from-args.patch"

# What counts instructions sets its own environment (the machines export RUST_BACKTRACE=1).
export RUST_BACKTRACE=0 RUST_LIB_BACKTRACE=0

builds=(as-built:16 as-built:1 floor:16 floor:1)

target_of() { # build (`tree:units`): its target directory
    echo "$root/target/floors/${1%%:*}-${1##*:}"
}

for build in "${builds[@]}"; do
    tree=${build%%:*} units=${build##*:}
    dir=$root
    [[ $tree == floor ]] && dir=$scratch/tree
    echo "building $tree with $units codegen unit(s)" >&2
    (cd "$dir" && CARGO_TARGET_DIR=$(target_of "$build") \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=$units \
        cargo build -q --release -p fast-status-benches --bin compare)
done

count() { # exe, cell: instructions per operation (the cell runs 2,000 operations)
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect="compare::$2" \
        --callgrind-out-file=/dev/null "$1" --icount-child 2>&1 >/dev/null \
        | awk '/Collected :/ { printf "%d", $NF / 2000 }'
}

# Each row: fast-status's cell, then the cell it is compared with.
rows=(
    "heap4 fields::fast::icount_heap4 fields::boxed::icount_heap4 boxed"
    "text4 fields::fast::icount_text4 fields::boxed::icount_text4 boxed"
    "formatted4 ctor::icount_formatted4 anyhow::icount_formatted4 anyhow"
    "hex4 ctor::icount_hex4 anyhow::icount_hex4 anyhow"
)

printf '%-11s' scenario
for build in "${builds[@]}"; do
    printf '  %22s' "${build%%:*}, ${build##*:} CGU"
done
echo
for row in "${rows[@]}"; do
    read -r name ours theirs peer <<<"$row"
    printf '%-11s' "$name"
    for build in "${builds[@]}"; do
        exe=$(target_of "$build")/release/compare
        a=$(count "$exe" "$ours")
        b=$(count "$exe" "$theirs")
        printf '  %22s' "$(awk -v a="$a" -v b="$b" -v p="$peer" \
            'BEGIN { printf "%d/%d %s %.3fx", a, b, p, a / b }')"
    done
    echo
done
