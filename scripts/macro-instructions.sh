#!/usr/bin/env bash
# rustc's instructions to compile each side's macro crate in the build-cost comparison
# (`status-macros` for fast-alone, `thiserror-impl` for thiserror-alone), counted by callgrind: a figure
# that does not move with the machine, beside the clean build's time (scripts/build-cost.sh),
# which does. Builds the crates scripts/build-cost.sh made (run it first) with `cargo build -vv`,
# takes the rustc command (and its environment) cargo ran for the macro crate, and runs it again
# under callgrind; the linker rustc starts is not counted. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$PWD/target/build-cost
if [[ ! -d $work/fast-alone || ! -d $work/thiserror-alone ]]; then
    echo "run scripts/build-cost.sh first: it makes the crates measured here" >&2
    exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

count() { # crate directory, crate name
    (cd "$work/$1" && rm -rf target && cargo build -vv --offline 2>&1) |
        grep -- "--crate-name $2 " | sed 's/^ *Running `//; s/`$//' >"$out/$2.sh"
    (cd "$work/$1" &&
        valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$out/$2.%p" \
            bash "$out/$2.sh" >/dev/null 2>&1)
    local file
    file=$(grep -l '^cmd: .*/rustc ' "$out/$2".* | head -n 1)
    awk '/^summary:/ { printf "%.2f", $2 / 1e9 }' "$file"
}

fast=$(count fast-alone status_macros)
thiserror=$(count thiserror-alone thiserror_impl)
echo "rustc instructions for the macro crate: status-macros ${fast} billion," \
    "thiserror-impl ${thiserror} billion" \
    "($(awk -v f="$fast" -v t="$thiserror" 'BEGIN { printf "%.2f", f / t }')x)"
