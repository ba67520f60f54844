#!/usr/bin/env bash
# Ports of real crates from crates.io to fast-status, and their own test suites.
#
# Each port is a patch against a crate's published source, `tests/ports/<crate>-<version>.patch`
# (with the lock file its tests were run with, `<crate>-<version>.Cargo.lock`). This script
# fetches each original through cargo, copies it to `target/ports/<crate>`, applies the patch
# (which makes the crate depend on this repository by path), runs the crate's own tests there
# in the feature sets listed below, and then `tests/ports/bench`: instructions and allocations
# per operation of each crate's hot path and failures, original against port, with
# `RUST_BACKTRACE=1` set.
#
#   scripts/ports.sh          # the test suites, then the table
#   scripts/ports.sh tests    # the test suites only
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
ports=target/ports
export CARGO_TARGET_DIR="$root/$ports/target"

# The feature sets each port's tests run in: its own CI's, where the original passes them.
features_of() {
    case $1 in
        hex) echo "default" "--no-default-features" "--all-features" ;;
        humantime) echo "default" ;;
        base64) echo "default" "--no-default-features" ;;
        arrow-schema) echo "default" "--all-features" ;;
        quick-xml) echo "default" "--features=serialize" ;;
        *) echo "default" ;;
    esac
}

# A manifest that depends on every original, so that cargo fetches their published sources.
mkdir -p "$ports/fetch/src"
{
    printf '[package]\nname = "fetch-originals"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
    printf '[dependencies]\n'
    for patch in tests/ports/*.patch; do
        base=$(basename "$patch" .patch)
        printf '%s = "=%s"\n' "${base%-*}" "${base##*-}"
    done
    printf '\n[workspace]\n'
} >"$ports/fetch/Cargo.toml"
: >"$ports/fetch/src/lib.rs"
cargo fetch -q --manifest-path "$ports/fetch/Cargo.toml"
registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"

# Every port first, then their tests: a port may build on another (arrow-array on the ported
# arrow-schema, through `[patch.crates-io]`).
for patch in tests/ports/*.patch; do
    base=$(basename "$patch" .patch)
    name=${base%-*}
    original=$(find "$registry" -mindepth 2 -maxdepth 2 -type d -name "$base" | head -n 1)
    if [[ -z $original ]]; then
        echo "ports: $base was not fetched into $registry" >&2
        exit 1
    fi
    rm -rf "${ports:?}/$name"
    cp -r "$original" "$ports/$name"
    chmod -R u+w "$ports/$name"
    patch --quiet --directory="$ports/$name" -p1 <"$patch"
    cp "tests/ports/$base.Cargo.lock" "$ports/$name/Cargo.lock"
done

for patch in tests/ports/*.patch; do
    base=$(basename "$patch" .patch)
    name=${base%-*}
    echo "== $base: $(grep -c '^[-+][^-+]' "$patch") lines changed ($patch)"
    log=$(mktemp)
    for features in $(features_of "$name"); do
        [[ $features == default ]] && features=""
        echo "-- cargo test $features"
        # shellcheck disable=SC2086 # the feature flags are words
        if ! (cd "$ports/$name" && cargo test -q $features >"$log" 2>&1); then
            tail -n 60 "$log"
            echo "ports: $base's tests fail with '$features'" >&2
            exit 1
        fi
        grep -E '^test result' "$log"
    done
    rm -f "$log"
done

if [[ ${1:-} != tests ]]; then
    echo "== original against port (tests/ports/bench)"
    log=$(mktemp)
    # The ports' own warnings (an old crate's lints) are not this table's business.
    if ! cargo build -q --release --manifest-path tests/ports/bench/Cargo.toml >"$log" 2>&1; then
        cat "$log"
        exit 1
    fi
    rm -f "$log"
    "$CARGO_TARGET_DIR/release/ports-bench"
fi
