#!/usr/bin/env bash
# Build cost: a crate deriving a 16-code status with fast-status against the same crate with a
# thiserror enum, side by side. Reports the clean build (with dependencies, its own target
# directory) and the crate alone (rebuilt after touching it), both `cargo build` (debug), and,
# with cargo-expand installed, the expanded lines per code variant.
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

make_crate() { # name dependency body
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2024"\n\n[workspace]\n\n[dependencies]\n%s\n' \
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

printf '%-12s %18s %18s\n' crate "clean build (s)" "crate alone (s)"
for name in fast16 thiserror16; do
    (cd "$work/$name" && cargo fetch -q)
    clean=$(cd "$work/$name" && seconds cargo build --offline)
    touch "$work/$name/src/lib.rs"
    alone=$(cd "$work/$name" && seconds cargo build --offline)
    printf '%-12s %18s %18s\n' "$name" "$clean" "$alone"
done

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
