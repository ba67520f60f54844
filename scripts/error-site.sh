#!/usr/bin/env bash
# The code an error site costs: the `.text` bytes of a small out-of-line reader (a `u32` at an
# offset, or `TooBig { size, len }` when it does not fit) for each error type with fields, and
# fast-status's reader disassembled: its error branch is the fields' moves and one call, with
# no formatting and no piece arrays in the reader.
#
#   scripts/error-site.sh            # release (opt-level 3)
#   scripts/error-site.sh release-os # another profile
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${1:-release}
cargo build -q --profile "$profile" -p fast-status-benches --bin compare
exe=target/$profile/compare

echo "error site: .text bytes of fields::<type>::reader (profile $profile)"
for module in by_value boxed fast anyhow; do
    hex=$(nm -S -C "$exe" | awk -v f="fast_status_benches::fields::${module}::reader" '$4 == f { print $2 }')
    size=${hex:+$((16#$hex))}
    printf '  %-10s %6s bytes\n' "$module" "${size:-(inlined)}"
done
echo
echo "fast-status's reader:"
objdump -d --no-show-raw-insn -C "$exe" \
    | awk '/<fast_status_benches::fields::fast::reader>:/,/^$/' | grep -v int3 | sed 's/^/    /'
