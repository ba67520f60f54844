#!/usr/bin/env bash
# The read-path workload (`readpath`) at opt-level 3, 0 and "s", in two builds:
#
#   default: as cargo builds it. Where each decode loop lands in the binary moves its wall time:
#            on the development machine, byte-identical loops measured from 0.69x to 1.53x
#            of the floor.
#   aligned: every function and loop aligned to 64 bytes (`-C llvm-args=-align-all-functions=6
#            -C llvm-args=-align-loops=64`), so identical code runs at the same speed and the
#            wall column compares the error types, not their addresses. Built in
#            target/aligned, apart from the ordinary build.
#
# Instruction counts (callgrind) are the same in both builds.
#
#   scripts/readpath.sh            # both builds
#   scripts/readpath.sh aligned    # or `default`: one of them
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-both}
case $mode in
    both | default | aligned) ;;
    *)
        echo "usage: $0 [both|default|aligned]" >&2
        exit 2
        ;;
esac

run_profiles() {
    for profile in release release-o0 release-os; do
        echo "=== profile $profile"
        cargo run --quiet --profile "$profile" -p fast-status-benches --bin readpath
    done
}

if [[ $mode == both || $mode == default ]]; then
    run_profiles
fi
if [[ $mode == both || $mode == aligned ]]; then
    CARGO_TARGET_DIR=target/aligned \
        RUSTFLAGS="-C llvm-args=-align-all-functions=6 -C llvm-args=-align-loops=64" \
        run_profiles
fi
