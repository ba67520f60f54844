#!/usr/bin/env bash
# Runs the runtime and behaviour tests under AddressSanitizer/LeakSanitizer and under valgrind
# memcheck: every state, clones dropped from many threads at once, `Display` impls that
# return errors, panic or change between formatting passes, `Drop` impls that panic, and the
# state-machine model's random operation sequences.
#
#   scripts/check-memory.sh          # both
#   scripts/check-memory.sh asan     # AddressSanitizer + LeakSanitizer only
#   scripts/check-memory.sh memcheck # valgrind memcheck only
set -euo pipefail
cd "$(dirname "$0")/.."

host=x86_64-unknown-linux-gnu
mode=${1:-all}
# Allocation counts and panics must not depend on the environment's backtrace settings.
export RUST_BACKTRACE=0
unset RUST_LIB_BACKTRACE

# The facade's test binaries that exercise the runtime (not the UI or snapshot tests).
FACADE_TESTS="--test status --test drop --test drop_panics --test alloc_count --test alloc_failure
    --test layout --test hygiene --test result_ext --test reports --test arrow_ports
    --test backtrace --test status_pieces --test kinds --test text_field --test boundaries --test chains"

run_tests() {
    # $@: extra cargo arguments. The behaviour tests that exercise the unsafe core.
    cargo test "$@" -p status-runtime --test repr
    # shellcheck disable=SC2086 # FACADE_TESTS is a list of arguments
    cargo test "$@" -p fast-status $FACADE_TESTS
    cargo test "$@" -p status-model --test state_machine -- --nocapture
}

if [[ $mode == all || $mode == asan ]]; then
    echo "== AddressSanitizer + LeakSanitizer"
    # `--target` keeps the proc-macro (built for the host without it) uninstrumented.
    RUSTC_BOOTSTRAP=1 RUSTFLAGS="-Zsanitizer=address" ASAN_OPTIONS=detect_leaks=1 \
        CARGO_TARGET_DIR=target/asan run_tests --target "$host"
fi

if [[ $mode == all || $mode == memcheck ]]; then
    echo "== valgrind memcheck"
    command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
    bins=$(
        {
            cargo test --no-run --message-format=json -p status-runtime --test repr
            # shellcheck disable=SC2086
            cargo test --no-run --message-format=json -p fast-status $FACADE_TESTS
            cargo test --no-run --message-format=json -p status-model --test state_machine
        } | python3 -c '
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("reason") == "compiler-artifact" and msg.get("executable") and msg["profile"]["test"]:
        print(msg["executable"])
'
    )
    for bin in $bins; do
        echo "-- $bin"
        valgrind --quiet --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
            --error-exitcode=1 \
            "$bin" --quiet
    done
fi
