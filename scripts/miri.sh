#!/usr/bin/env bash
# Runs the unsafe core's tests (on x86_64 and on i686), the facade's behaviour tests and the
# state-machine model under Miri with strict provenance, once under Stacked Borrows and once
# under Tree Borrows.
#
#   scripts/miri.sh              # both aliasing models
#   scripts/miri.sh stacked      # or: tree
#
# Needs a nightly toolchain with the `miri` and `rust-src` components
# (`rustup component add --toolchain nightly miri rust-src`). Exit status 2 when that is
# missing, so a caller can tell "not checked" from "failed".
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo +nightly miri --version >/dev/null 2>&1; then
    echo "Miri is not installed (rustup component add --toolchain nightly miri rust-src)" >&2
    exit 2
fi

models=${1:-stacked tree}
# Allocation counts and reports must not depend on the environment's backtrace settings.
export RUST_BACKTRACE=0
unset RUST_LIB_BACKTRACE
# Miri interprets every instruction: four sequences of the state machine (about 2.5 minutes
# each model), where the release run in CI does thousands.
export PROPTEST_CASES=${PROPTEST_CASES:-4}

# The same behaviour tests the sanitizer runs use (scripts/check-memory.sh).
FACADE_TESTS="--test status --test drop --test drop_panics --test alloc_count --test alloc_failure
    --test layout --test hygiene --test result_ext --test reports --test arrow_ports
    --test backtrace --test status_pieces --test kinds --test text_field --test boundaries --test chains"

for model in $models; do
    # Isolation off: capturing a backtrace asks for the working directory.
    flags="-Zmiri-strict-provenance -Zmiri-disable-isolation"
    case $model in
        stacked) ;;
        tree) flags="$flags -Zmiri-tree-borrows" ;;
        *) echo "unknown aliasing model: $model (stacked or tree)" >&2; exit 1 ;;
    esac
    echo "== Miri, $model borrows, strict provenance"
    export MIRIFLAGS=$flags
    cargo +nightly miri test -p status-runtime
    # The runtime on a 32-bit target too, where the word has no packed state.
    cargo +nightly miri test -p status-runtime --target i686-unknown-linux-gnu
    # shellcheck disable=SC2086 # FACADE_TESTS is a list of arguments
    cargo +nightly miri test -p fast-status $FACADE_TESTS
    cargo +nightly miri test -p status-model
done
