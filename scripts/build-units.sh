#!/usr/bin/env bash
# Where the build cost of scripts/build-cost.sh goes: the CPU seconds (user + sys) of each rustc
# run in a clean build of fast-alone and of thiserror-alone, by unit, and for the units each side
# adds to the graph, the CPU seconds of the same compilation without code generation
# (`-Zno-codegen`: parsing, macro expansion, type and borrow checking, metadata), so that a
# unit's code generation is the difference; then each of the four crates' whole build (every
# rustc run), fast-serde and thiserror-serde too. Medians of [rounds] clean builds (3 by
# default).
#
# Builds the crates scripts/build-cost.sh made (run it first) through a RUSTC_WRAPPER that times
# each rustc run; the front-end run follows the real one, with its own output and incremental
# directories, so it neither reuses nor disturbs the real one's.
#
# Usage: scripts/build-units.sh [rounds]
set -euo pipefail
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR RUSTC_WRAPPER
cd "$(dirname "$0")/.."
work=$PWD/target/build-cost
if [[ ! -d $work/fast-alone || ! -d $work/thiserror-serde ]]; then
    echo "run scripts/build-cost.sh first: it makes the crates measured here" >&2
    exit 1
fi
rounds=${1:-3}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/log"

# The units each side adds: their CPU is also measured without code generation.
own_units='status_macros status_runtime fast_status fast_alone thiserror_impl thiserror thiserror_alone'

cat >"$scratch/wrapper.sh" <<'EOF'
#!/usr/bin/env bash
# Runs rustc ($1, then its arguments) and appends "<crate> all <user> <sys>" to $UNITS_LOG; for
# a crate named in $OWN_UNITS, runs it again without code generation into a scratch directory
# and appends "<crate> front-end <user> <sys>".
rustc=$1
shift
name=build_script_or_probe
prev=
for arg in "$@"; do
    [[ $prev == --crate-name ]] && name=$arg
    prev=$arg
done
[[ $name == build_script_build ]] && name=build_scripts
# Its status is rustc's: build scripts probe the compiler through this wrapper.
/usr/bin/time -a -o "$UNITS_LOG" -f "$name all %U %S" "$rustc" "$@" || exit
if [[ " $OWN_UNITS " == *" $name "* ]]; then
    out=$(mktemp -d)
    args=()
    prev=
    for arg in "$@"; do
        case $prev in
            --out-dir) args+=("$out") ;;
            *) args+=("${arg/#incremental=*/incremental=$out/incremental}") ;;
        esac
        prev=$arg
    done
    RUSTC_BOOTSTRAP=1 /usr/bin/time -a -o "$UNITS_LOG" -f "$name front-end %U %S" \
        "$rustc" "${args[@]}" -Zno-codegen >/dev/null 2>&1 || true
    rm -rf "$out"
fi
EOF
chmod +x "$scratch/wrapper.sh"

for round in $(seq 1 "$rounds"); do
    for name in fast-alone thiserror-alone fast-serde thiserror-serde; do
        rm -rf "$work/$name/target"
        sync
        (cd "$work/$name" && UNITS_LOG="$scratch/log/$name.$round" OWN_UNITS=$own_units \
            RUSTC_WRAPPER="$scratch/wrapper.sh" cargo build -q --offline)
    done
done

median() { sort -n | awk '{ r[NR] = $1 } END { printf "%.2f", (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }'; }

# "<crate> <unit> <all|front-end> <seconds>" for each round, a unit's rustc runs summed (a build
# script's several), and "<crate> (build) all <seconds>" for every rustc run of the round.
for file in "$scratch"/log/*; do
    crate=${file##*/}
    awk -v crate="${crate%.*}" '$2 == "all" || $2 == "front-end" { cpu[$1 " " $2] += $3 + $4 }
        $2 == "all" { build += $3 + $4 }
        END { for (k in cpu) print crate, k, cpu[k]; print crate, "(build) all", build }' "$file"
done >"$scratch/rounds"
# The median over the rounds of each "<crate> <unit> <kind>", as that key and the median.
while read -r key; do
    printf '%s %s\n' "$key" "$(awk -v key="$key" '$1 " " $2 " " $3 == key { print $4 }' "$scratch/rounds" | median)"
done < <(awk '{ print $1, $2, $3 }' "$scratch/rounds" | sort -u) >"$scratch/medians"

printf 'CPU seconds per unit of a clean debug build, median of %s rounds (front end: -Zno-codegen)\n' "$rounds"
awk '$1 ~ /-alone$/ && $2 != "(build)"' "$scratch/medians" | awk '
    { cell[$1 " " $2 " " $3] = $4; units[$2] = 1; if ($3 == "front-end") own[$2] = 1 }
    END {
        printf "%-22s %10s %10s %16s %10s\n", "unit", "fast-alone", "front end", "thiserror-alone", "front end"
        n = 0
        # Units a side adds, and shared units of 0.05 s or more.
        for (u in units) if (own[u] || cell["fast-alone " u " all"] >= 0.05 || cell["thiserror-alone " u " all"] >= 0.05) order[++n] = u
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (order[j] < order[i]) { t = order[i]; order[i] = order[j]; order[j] = t }
        for (i = 1; i <= n; i++) {
            u = order[i]
            printf "%-22s %10s %10s %16s %10s\n", u, cell["fast-alone " u " all"], cell["fast-alone " u " front-end"],
                cell["thiserror-alone " u " all"], cell["thiserror-alone " u " front-end"]
        }
    }' | sed 's/ *$//'
printf 'every rustc run of the clean build:'
for name in fast-alone thiserror-alone fast-serde thiserror-serde; do
    awk -v name="$name" '$1 == name && $2 == "(build)" { printf " %s %s", name, $4 }' "$scratch/medians"
done
echo
