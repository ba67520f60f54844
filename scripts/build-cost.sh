#!/usr/bin/env bash
# Build cost as users pay it: the CPU time (user + sys, every rustc and build script cargo runs)
# of a clean `cargo build` (debug) of a crate whose error enum has fields, derived with
# fast-status against what a port replaces: the same enum with thiserror, and anyhow for the
# crate's context lines and `ensure!`, in two dependency graphs:
#
#   serde     the crate also derives serde's Serialize and Deserialize on a struct, as most
#             crates that define errors do: syn, quote and proc-macro2 are built for serde_derive
#             anyway, with the features cargo unifies across the graph;
#   alone     the error enum is the crate's only derive.
#
# Each clean build starts from an empty target directory and builds every dependency, the
# runtime crate and the macro crate included. Rounds rotate the order of the four builds, so no
# build always runs first or after the same one. Prints each build's CPU seconds, each round's
# ratio per graph (fast-status / thiserror + anyhow) and the median ratio.
#
# Usage: scripts/build-cost.sh [rounds]   (4 by default)
set -euo pipefail
# Each crate builds into its own target directory, which a clean build removes first.
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR
cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/build-cost
rm -rf "$work"
mkdir -p "$work"

# The same enum for both sides, thiserror's spellings (fast-status reads them too): a parser's
# errors with struct, tuple, `#[from]`, `#[source]`, `String` and unit variants.
variants='    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    #[error("bad offset {0:#x}")]
    BadOffset(u32),
    #[error("I/O failed")]
    Io(#[from] std::io::Error),
    #[error("could not parse {what}")]
    Parse {
        what: &'"'"'static str,
        #[source]
        source: std::num::ParseIntError,
    },
    #[error("unexpected token {0:?} at {1}")]
    Token(char, usize),
    #[error("{0}")]
    Custom(String),
    #[error("invalid utf-8 at {at}")]
    Utf8 { at: usize, source: std::str::Utf8Error },
    #[error("checksum {expected:08x} != {actual:08x}")]
    Checksum { expected: u32, actual: u32 },
    #[error("nesting deeper than {0}")]
    TooDeep(u16),
    #[error("missing field `{0}`")]
    MissingField(&'"'"'static str),
    #[error("duplicate key {key:?}")]
    DuplicateKey { key: String },
    #[error("value {value} out of range {min}..{max}")]
    OutOfRange { value: i64, min: i64, max: i64 },
    #[error("unsupported version {major}.{minor}")]
    Version { major: u8, minor: u8 },
    #[error("end of input")]
    Eof,
    #[error("trailing characters")]
    Trailing,
    #[error("recursion limit reached")]
    RecursionLimit,'

serde_items='/// A record the crate reads.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// Its id.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// Its tags.
    pub tags: Vec<String>,
    /// Where it came from.
    pub origin: Option<Origin>,
}

/// Where a record came from.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// A file.
    File { path: String, line: u32 },
    /// The network.
    Remote(String),
}'

# fast-status is a path dependency here, and cargo builds path dependencies incrementally, as it
# does the user's own crates; from crates.io it would be built as thiserror is, without. The
# profile override for every non-member package gives both sides the registry's build.
make_crate() { # name dependencies body
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2024"\n\n[workspace]\n\n[dependencies]\n%s\n\n[profile.dev.package."*"]\nincremental = false\n' \
        "$1" "$2" >"$work/$1/Cargo.toml"
    printf '%s\n' "$3" >"$work/$1/src/lib.rs"
}

fast_dep="fast-status = { path = \"$root\" }"
thiserror_dep='thiserror = "2"
anyhow = "1"'
serde_dep='serde = { version = "1", features = ["derive"] }'
fast_enum="/// Why parsing failed.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = Error)]
pub enum ErrorKind {
$variants
}

/// Reads a record's id: the crate's own use of its errors, with a context line and \`ensure!\`.
pub fn read_id(text: &str) -> Result<u64, Error> {
    use fast_status::ResultExt as _;
    let id: u64 = text
        .trim()
        .parse()
        .map_err(|source| Error::from(ErrorKind::Parse { what: \"id\", source }))
        .context(\"reading the record's id\")?;
    fast_status::ensure!(id != 0, ErrorCode::OutOfRange, \"id 0 is reserved\");
    Ok(id)
}"
thiserror_enum="/// Why parsing failed.
#[derive(thiserror::Error, Debug)]
pub enum Error {
$variants
}

/// Reads a record's id: the crate's own use of its errors, with anyhow's context and \`ensure!\`.
pub fn read_id(text: &str) -> anyhow::Result<u64> {
    use anyhow::Context as _;
    let id: u64 = text
        .trim()
        .parse()
        .map_err(|source| Error::Parse { what: \"id\", source })
        .context(\"reading the record's id\")?;
    anyhow::ensure!(id != 0, \"id 0 is reserved\");
    Ok(id)
}"
make_crate fast-serde "$fast_dep
$serde_dep" "//! A parser's errors, with fast-status, beside serde's derives.
$fast_enum

$serde_items"
make_crate thiserror-serde "$thiserror_dep
$serde_dep" "//! A parser's errors, with thiserror and anyhow, beside serde's derives.
$thiserror_enum

$serde_items"
make_crate fast-alone "$fast_dep" "//! A parser's errors, with fast-status.
$fast_enum"
make_crate thiserror-alone "$thiserror_dep" "//! A parser's errors, with thiserror and anyhow.
$thiserror_enum"

crates=(fast-serde thiserror-serde fast-alone thiserror-alone)
for name in "${crates[@]}"; do
    (cd "$work/$name" && cargo fetch -q && cargo build -q --offline) # resolves and checks it builds
done

# CPU seconds (user + sys of cargo and everything it runs) of a clean build of crate $1.
cpu_seconds() {
    rm -rf "$work/$1/target"
    sync # the previous build's writes, flushed outside the measurement
    (cd "$work/$1" && /usr/bin/time -f '%U %S' -o "$work/$1.time" cargo build -q --offline)
    awk '{ printf "%.2f", $1 + $2 }' "$work/$1.time"
}

median() { sort -n | awk '{ r[NR] = $1 } END { printf "%.2f", (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }'; }

rounds=${1:-4}
declare -A cpu=()
serde_ratios=()
alone_ratios=()
printf '%-6s %-40s %12s %12s %12s %12s\n' round order fast-serde thiserror-serde fast-alone thiserror-alone
for round in $(seq 1 "$rounds"); do
    shift_by=$(((round - 1) % ${#crates[@]}))
    order=("${crates[@]:shift_by}" "${crates[@]:0:shift_by}")
    for name in "${order[@]}"; do
        cpu[$name]=$(cpu_seconds "$name")
    done
    printf '%-6s %-40s %12s %12s %12s %12s\n' "$round" "${order[*]}" \
        "${cpu[fast-serde]}" "${cpu[thiserror-serde]}" "${cpu[fast-alone]}" "${cpu[thiserror-alone]}"
    serde_ratios+=("$(awk -v f="${cpu[fast-serde]}" -v t="${cpu[thiserror-serde]}" 'BEGIN { printf "%.2f", f / t }')")
    alone_ratios+=("$(awk -v f="${cpu[fast-alone]}" -v t="${cpu[thiserror-alone]}" 'BEGIN { printf "%.2f", f / t }')")
done
echo "CPU time of a clean build, fast-status / thiserror + anyhow (user + sys):"
echo "  with serde's derive: ${serde_ratios[*]} (median $(printf '%s\n' "${serde_ratios[@]}" | median)x)"
echo "  alone:               ${alone_ratios[*]} (median $(printf '%s\n' "${alone_ratios[@]}" | median)x)"
