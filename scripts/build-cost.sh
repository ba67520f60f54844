#!/usr/bin/env bash
# Build cost: a crate deriving a 16-code status with fast-status against the same crate with a
# thiserror enum, side by side. Reports the clean build (with dependencies, its own target
# directory) and the crate alone (rebuilt after touching it), both `cargo build` (debug), in
# rounds (`scripts/build-cost.sh [rounds]`, 3 by default), and, with cargo-expand installed, the
# expanded lines per code variant.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/build-cost
rm -rf "$work"
mkdir -p "$work"

variants() {
    for i in $(seq 1 "$1"); do printf '    /// Code %s.\n    Code%s = %s,\n' "$i" "$i" "$i"; done
}
thiserror_variants() {
    for i in $(seq 1 "$1"); do printf '    /// Code %s.\n    #[error("code %s")]\n    Code%s,\n' "$i" "$i" "$i"; done
}

# fast-status is a path dependency here, and cargo builds path dependencies incrementally, as it
# does the user's own crates; from crates.io it would be built as thiserror is, without. The
# profile override for every non-member package gives both sides the registry's build.
make_crate() { # name dependency body
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2024"\n\n[workspace]\n\n[dependencies]\n%s\n\n[profile.dev.package."*"]\nincremental = false\n' \
        "$1" "$2" > "$work/$1/Cargo.toml"
    printf '%s\n' "$3" > "$work/$1/src/lib.rs"
}

for n in 1 16; do
    make_crate "fast$n" "fast-status = { path = \"$root\" }" "//! $n codes.
/// Codes.
#[derive(fast_status::FastStatus, Clone, Copy, Debug)]
pub enum StatusCode {
$(variants $n)
}"
    make_crate "thiserror$n" 'thiserror = "2"' "//! $n codes.
/// Errors.
#[derive(thiserror::Error, Debug)]
pub enum Error {
$(thiserror_variants $n)
}"
done

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }'; }

# Rounds of both builds, the order alternating so neither always runs first (cold caches); the
# ratio of each round's clean builds, then the median ratio.
rounds=${1:-3}
for name in fast16 thiserror16; do (cd "$work/$name" && cargo fetch -q); done
printf '%-12s %18s %18s\n' crate "clean build (s)" "crate alone (s)"
ratios=()
for round in $(seq 1 "$rounds"); do
    order=(fast16 thiserror16)
    if (( round % 2 == 0 )); then order=(thiserror16 fast16); fi
    declare -A clean=()
    for name in "${order[@]}"; do
        rm -rf "$work/$name/target"
        sync # the previous build's writes, flushed outside the timing
        clean[$name]=$(cd "$work/$name" && seconds cargo build --offline)
        touch "$work/$name/src/lib.rs"
        alone=$(cd "$work/$name" && seconds cargo build --offline)
        printf '%-12s %18s %18s\n' "$name" "${clean[$name]}" "$alone"
    done
    ratios+=("$(awk -v f="${clean[fast16]}" -v t="${clean[thiserror16]}" 'BEGIN { printf "%.2f", f / t }')")
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ r[NR] = $1 } END { print (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')
echo "clean build, fast16 / thiserror16: ${ratios[*]} (median ${median}x)"

if cargo expand --version >/dev/null 2>&1; then
    l1=$(cd "$work/fast1" && cargo expand --lib 2>/dev/null | wc -l)
    l16=$(cd "$work/fast16" && cargo expand --lib 2>/dev/null | wc -l)
    t1=$(cd "$work/thiserror1" && cargo expand --lib 2>/dev/null | wc -l)
    t16=$(cd "$work/thiserror16" && cargo expand --lib 2>/dev/null | wc -l)
    echo "expanded lines: fast-status 1 code $l1, 16 codes $l16 ($(( (l16 - l1) / 15 )) per code);" \
        "thiserror 1 variant $t1, 16 variants $t16 ($(( (t16 - t1) / 15 )) per variant)"
else
    echo "(cargo-expand not installed: no expansion sizes)"
fi
