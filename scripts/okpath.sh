#!/usr/bin/env bash
# The success-path matrix (`benches/src/okpath.rs`, the `okpath` binary) at opt-level 3 and "s":
# instructions per value of a hot reader whose error branch is written in each form, against
# the floor of its shape, then the machine code of the readers named on the command line (the
# rows' module names: `floor`, `named_args`, `status2`, ..), for both builds.
#
#   scripts/okpath.sh                       # the two tables
#   scripts/okpath.sh floor_call named_args # and those readers' `next`, disassembled
set -euo pipefail
cd "$(dirname "$0")/.."

for profile in release release-os; do
    echo "=== profile $profile"
    cargo run --quiet --profile "$profile" -p fast-status-benches --bin okpath
    [[ $# -eq 0 ]] && continue
    listing=$(mktemp)
    objdump -d --no-show-raw-insn -M intel -C "target/$profile/okpath" > "$listing"
    for row in "$@"; do
        echo "--- fast_status_benches::okpath::$row::next ($profile)"
        awk -v f="<fast_status_benches::okpath::$row::next>:" '
            index($0, f) { on = 1; next }
            on && /^$/ { exit }
            on && !/int3/ { sub(/^ +[0-9a-f]+:\t/, "  "); sub(/ +#.*/, ""); print }' "$listing"
    done
    rm -f "$listing"
done
