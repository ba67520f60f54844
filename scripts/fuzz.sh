#!/usr/bin/env bash
# Runs each libFuzzer target of `fuzz/` for a bounded time and prints how many inputs it ran:
#   status_ops  operation sequences on statuses, checked against the model of `status-model`
#   derive      the derive and `status!` on enum-shaped and arbitrary input: tokens or a
#               compile error, never a panic
#   serde       statuses read from arbitrary bytes: a status or an error, never a panic, and
#               a second trip through JSON changes nothing
#
#   scripts/fuzz.sh            # 60 s per target (what CI runs)
#   scripts/fuzz.sh 3600       # an hour per target
#   scripts/fuzz.sh 600 derive # one target
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`); libFuzzer's flags need nightly features,
# which `RUSTC_BOOTSTRAP=1` allows on stable. Inputs that fail are kept in
# fuzz/artifacts/<target>/ (`cargo fuzz run <target> <file>` replays one).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

seconds=${1:-60}
targets=${2:-status_ops derive serde}
export RUSTC_BOOTSTRAP=1
export RUST_BACKTRACE=0

# The derive target's input generator must reach both outcomes of the derive (accepted and
# rejected), or it would fuzz the parser only.
cargo test -q --lib -- --nocapture

for target in $targets; do
    log=$(mktemp)
    echo "== $target, ${seconds} s"
    # A target's seeds (`seeds/<target>/`, inputs of the forms it reads) start its corpus.
    corpora=("corpus/$target")
    if [[ -d seeds/$target ]]; then corpora+=("seeds/$target"); fi
    mkdir -p "corpus/$target"
    if ! cargo fuzz run "$target" "${corpora[@]}" -- -max_total_time="$seconds" -print_final_stats=1 >"$log" 2>&1; then
        tail -n 60 "$log"
        echo "fuzz target $target failed; the input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    grep -E '^(Done|stat::number_of_executed_units|stat::new_units_added)|DONE' "$log" || tail -n 5 "$log"
    rm -f "$log"
done
