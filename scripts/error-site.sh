#!/usr/bin/env bash
# The code an error site costs, as `.text` bytes of small out-of-line readers (a `u32` at an
# offset; the error branch when it does not fit):
#
# - error types with fields: `fields::<type>::reader`, whose error is `TooBig { size, len }`,
#   for each error type with fields, and fast-status's reader disassembled: its error branch is
#   the fields' moves and one call, with no formatting in the reader;
# - a two-argument message: `site::<way>_reader`, the 32-byte enum's variant against `status!`,
#   the derived constructor with `format_args!`, `anyhow!` and `bail!`, and the `status!` and
#   `bail!` readers disassembled: the arguments and one call into the function the macro
#   generates, which makes the pieces out of line (and, for `bail!`, writes the caller's `Err`);
# - the same error site in other shapes of reader (`site::shapes`): the enum, `status!` and
#   `bail!` in each.
#
#   scripts/error-site.sh            # release (opt-level 3)
#   scripts/error-site.sh release-os # another profile
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${1:-release}
cargo build -q --profile "$profile" -p fast-status-benches --bin compare
exe=target/$profile/compare

size_of() { # symbol: its `.text` bytes, or nothing when it was inlined
    local hex
    hex=$(nm -S -C "$exe" | awk -v f="$1" '$4 == f { print $2 }')
    echo "${hex:+$((16#$hex))}"
}

print_sizes() { # pattern (`{}` for each name), names...: each name's reader size
    local pattern=$1 name size
    shift
    for name in "$@"; do
        size=$(size_of "${pattern//\{\}/$name}")
        printf '  %-12s %6s bytes\n' "$name" "${size:-(inlined)}"
    done
}

disassemble() { # symbol
    objdump -d --no-show-raw-insn -C "$exe" \
        | awk -v f="<$1>:" 'index($0, f),/^$/' | grep -v int3 | sed 's/^/    /'
}

echo "error site: .text bytes of fields::<type>::reader (profile $profile)"
print_sizes 'fast_status_benches::fields::{}::reader' by_value boxed fast anyhow
echo
echo "fast-status's reader:"
disassemble fast_status_benches::fields::fast::reader

echo
echo "error site with a two-argument message: .text bytes of site::<way>_reader (profile $profile)"
print_sizes 'fast_status_benches::site::{}_reader' enum status constructor anyhow bail
echo
echo "status!'s and bail!'s readers, and the functions they call:"
for symbol in status_reader status_reader::__status bail_reader bail_reader::__status; do
    disassemble "fast_status_benches::site::$symbol"
done

echo "the same error site in other shapes: .text bytes of site::shapes::<shape>_<way>"
printf '  %-22s %6s %8s %6s\n' shape enum 'status!' 'bail!'
for shape in u8 u16 u64 Cursor::next_u32 Cursor::take; do
    printf '  %-22s' "$shape"
    for way in enum status bail; do
        size=$(size_of "fast_status_benches::site::shapes::${shape}_$way")
        printf ' %*s' "$([[ $way == status ]] && echo 8 || echo 6)" "${size:-inlined}"
    done
    echo
done
