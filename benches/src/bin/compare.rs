//! The comparison people read at a glance: for every error type, the size of `Result<(), E>`,
//! allocations, wall time and instructions (relative to the floor) in each scenario.
//!
//! `cargo run --release -p fast-status-benches --bin compare` (under a minute). Instruction
//! counts need valgrind; without it that column is left out. Criterion's statistics for the
//! same scenarios: `cargo bench -p fast-status-benches`.

use std::collections::HashMap;
use std::hint::black_box;

use fast_status_benches::harness::{self, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Iterations of one wall-clock sample, and of one instruction count.
const ITERS: u64 = 200_000;
const ICOUNT_ITERS: u64 = 2_000;

/// One scenario of one type: runs it `n` times, returns a checksum.
type Cell = fn(u64) -> u64;

/// A cell over a scenario returning `Result<u64, E>`: sums the values, and `$on_err` for errors.
macro_rules! value_cell {
    ($name:ident, $scenario:path, $e:ident => $on_err:expr) => {
        #[inline(never)]
        pub fn $name(n: u64) -> u64 {
            let mut acc = 0;
            for i in 0..n {
                match $scenario(black_box(i)) {
                    Ok(v) => acc += v,
                    Err($e) => acc += $on_err,
                }
            }
            acc
        }
    };
}

macro_rules! cells {
    ($module:ident { $($extra:ident),* }) => {
        pub mod $module {
            use super::black_box;
            use fast_status_benches::$module as m;

            pub const NAME: &str = stringify!($module);
            pub const RESULT_SIZE: usize = size_of::<Result<(), m::E>>();

            /// A caller as real code writes it: `?` on the result, which a caller handles.
            #[inline(always)]
            fn propagate(i: u64) -> Result<(), m::E> {
                m::check(black_box(i))?;
                Ok(())
            }

            /// The error branch of the success scenarios, which never take it: out of line and
            /// cold for every type, so that the loops around the success path are laid out
            /// alike and count only it.
            #[cold]
            #[inline(never)]
            fn handle(e: m::E) -> u64 {
                u64::from(m::read_code(&e))
            }

            #[inline(never)]
            pub fn icount_success(n: u64) -> u64 {
                let mut acc = 0;
                for i in 0..n {
                    match propagate(i) {
                        Ok(()) => acc += 1,
                        Err(e) => acc += handle(e),
                    }
                }
                acc
            }

            value_cell!(icount_value, m::value, e => handle(e));
            value_cell!(icount_code4, m::code4, e => u64::from(m::read_code(&e)));
            value_cell!(icount_formatted4, m::formatted4, e => u64::from(m::read_code(&e)));
            value_cell!(icount_hex4, m::hex4, e => u64::from(m::read_code(&e)));

            $( cells!(@ $extra); )*

            pub fn all() -> Vec<(&'static str, super::Cell)> {
                #[allow(unused_mut, reason = "types without clone or context push nothing")]
                let mut cells: Vec<(&'static str, super::Cell)> = vec![
                    ("success", icount_success),
                    ("value", icount_value),
                    ("code4", icount_code4),
                    ("formatted4", icount_formatted4),
                    ("hex4", icount_hex4),
                ];
                $( cells.push(cells!(@entry $extra)); )*
                cells
            }
        }
    };
    (@ clone) => {
        #[inline(never)]
        pub fn icount_clone(n: u64) -> u64 {
            let original = m::formatted1(0).err();
            let mut acc = 0;
            if let Some(original) = &original {
                for _ in 0..n {
                    let copy = m::duplicate(black_box(original));
                    acc += u64::from(m::read_code(&copy));
                }
            }
            acc
        }
    };
    (@ context) => {
        #[inline(never)]
        pub fn icount_context4(n: u64) -> u64 {
            let mut acc = 0;
            for i in 0..n {
                if let Err(e) = m::context4(black_box(i)) {
                    acc += u64::from(m::read_code(&e));
                }
            }
            acc
        }
    };
    (@entry clone) => { ("clone", icount_clone) };
    (@entry context) => { ("context4", icount_context4) };
}

cells!(floor { clone });
cells!(code_u32 { clone });
cells!(fast { clone, context });
cells!(arrow_before_fix { clone, context });
cells!(io {});
cells!(anyhow { context });
cells!(boxed {});
cells!(thin { clone });
cells!(thiserror_string { clone });
cells!(df40 { context });

/// The scenarios of the error types with fields (`fast_status_benches::fields`), in modules
/// of their own under `fields::`.
macro_rules! fields_cells {
    ([] $($module:ident => $label:literal),* $(,)?) => {
        mod fields {
            $(
                pub mod $module {
                    use std::hint::black_box;

                    use fast_status_benches::fields::$module as m;

                    pub const NAME: &str = concat!("fields::", stringify!($module));
                    pub const RESULT_SIZE: usize = size_of::<Result<u64, m::E>>();

                    value_cell!(icount_value, m::value, e => m::inspect(&e));
                    value_cell!(icount_packed4, m::packed4, e => m::inspect(&e));
                    value_cell!(icount_heap4, m::heap4, e => m::inspect(&e));

                    /// Keeps the reader in the binary, for `scripts/error-site.sh`.
                    pub fn keep_reader() {
                        black_box(m::reader as fn(&[u8], usize) -> Result<u32, m::E>);
                    }

                    pub fn all() -> Vec<(&'static str, super::super::Cell)> {
                        vec![
                            ("value", icount_value),
                            ("packed4", icount_packed4),
                            ("heap4", icount_heap4),
                        ]
                    }
                }
            )*

            /// Keeps every reader in the binary.
            pub fn keep_readers() {
                $($module::keep_reader();)*
            }

            /// Every fields row, in table order.
            pub fn types() -> Vec<super::Row> {
                vec![$(($module::NAME, $label, $module::RESULT_SIZE, $module::all())),*]
            }
        }
    };
}

fast_status_benches::for_each_fields_type!(fields_cells);

const FIELDS_SCENARIOS: [&str; 3] = ["value", "packed4", "heap4"];

/// One row: module name, display name, `size_of::<Result<(), E>>()`, its scenarios.
type Row = (&'static str, &'static str, usize, Vec<(&'static str, Cell)>);

macro_rules! rows {
    ([] $($module:ident => $label:literal),* $(,)?) => {
        /// Every row, in table order.
        fn types() -> Vec<Row> {
            vec![$(($module::NAME, $label, $module::RESULT_SIZE, $module::all())),*]
        }
    };
}

fast_status_benches::for_each_type!(rows);

const SCENARIOS: [&str; 7] = [
    "success",
    "value",
    "code4",
    "formatted4",
    "hex4",
    "clone",
    "context4",
];

fn main() {
    harness::rerun_without_backtraces();
    fast_status::set_backtrace_capture(false);
    fields::keep_readers();
    if harness::is_callgrind_child() {
        for (_, _, _, cells) in types().into_iter().chain(fields::types()) {
            for (_, cell) in cells {
                black_box(cell(ICOUNT_ITERS));
            }
        }
        return;
    }
    let with_icount = !std::env::args().any(|a| a == "--no-instructions");
    let keys: Vec<String> = types()
        .iter()
        .chain(&fields::types())
        .flat_map(|(module, _, _, cells)| {
            cells
                .iter()
                .map(move |(scenario, _)| format!("{module}::icount_{scenario}"))
        })
        .collect();
    let counts = if with_icount {
        harness::instruction_counts("compare", &keys, &[])
    } else {
        None
    };

    println!("fast-status compared: per operation, side by side in this run");
    println!(
        "  scenarios: success = Result<(), E> through a non-inlined call; value = Result<u64, E>;"
    );
    println!("  code4 = code-only error created, propagated 4 frames, code read, dropped;");
    println!(
        "  formatted4 = \"bad value {{x}}\" through 4 frames; hex4 = \"bad value {{x:#x}}\", the same;"
    );
    println!("  clone = clone + drop of a heap error;");
    println!("  context4 = a context line added in each of 4 frames.");
    println!(
        "  cells: ns/op (median of 11) | allocations/op | instructions/op ÷ the floor's (callgrind)\n"
    );
    print!("{:<24} {:>5}", "type", "bytes");
    for s in SCENARIOS {
        print!(" | {s:^26}");
    }
    println!();
    let mut floor_instructions: HashMap<&str, f64> = HashMap::new();
    for (module, label, size, cells) in types() {
        print!("{label:<24} {size:>5}");
        for scenario in SCENARIOS {
            let Some(&(_, cell)) = cells.iter().find(|(s, _)| *s == scenario) else {
                print!(" | {:^26}", "n/a");
                continue;
            };
            let allocs = harness::count_allocations(|| black_box(cell(1_000))) / 1_000.0;
            let ns = harness::median_ns(cell, ITERS, 11);
            let key = format!("{module}::icount_{scenario}");
            #[allow(clippy::cast_precision_loss)]
            let instructions = counts
                .as_ref()
                .and_then(|c| c.get(&key))
                .map(|&total| total as f64 / ICOUNT_ITERS as f64);
            if module == floor::NAME
                && let Some(i) = instructions
            {
                floor_instructions.insert(scenario, i);
            }
            let relative = match (instructions, floor_instructions.get(scenario)) {
                (Some(i), Some(floor)) => format!("{:.2}x", i / floor),
                (Some(i), None) => format!("{i:.0}"),
                _ => "-".to_owned(),
            };
            print!(" | {ns:>7.2} ns {allocs:>4.1} {relative:>8}");
        }
        println!();
    }
    if counts.is_none() && with_icount {
        println!("\n(valgrind not found: no instruction counts)");
    }
    if let Some(counts) = &counts {
        println!("\nfloor instructions/op:");
        for scenario in SCENARIOS {
            let key = format!("floor::icount_{scenario}");
            if let Some(&total) = counts.get(&key) {
                #[allow(clippy::cast_precision_loss)]
                let per = total as f64 / ICOUNT_ITERS as f64;
                println!("  {scenario:<12} {per:.1}");
            }
        }
        print_against_peers(counts);
    }
    print_fields(counts.as_ref());
}

/// The second table: error types with fields (DESIGN §9), each scenario's instructions per
/// operation against the enum returned by value.
fn print_fields(counts: Option<&HashMap<String, u64>>) {
    println!("\nerror types with fields: a parser error enum four ways (DESIGN §9)");
    println!("  value = Result<u64, E> success path; packed4 = BadOffset(u32) made, 4 frames,");
    println!(
        "  the field read back, dropped; heap4 = TooBig {{ size, len }} (two usize), the same."
    );
    println!(
        "  cells: ns/op (median of 11) | allocations/op | instructions/op (÷ the enum by value's)\n"
    );
    print!("{:<27} {:>5}", "type", "bytes");
    for s in FIELDS_SCENARIOS {
        print!(" | {s:^28}");
    }
    println!();
    let per_op = |module: &str, scenario: &str| {
        let total = counts?.get(&format!("{module}::icount_{scenario}"))?;
        #[allow(clippy::cast_precision_loss)]
        Some(*total as f64 / ICOUNT_ITERS as f64)
    };
    for (module, label, size, cells) in fields::types() {
        print!("{label:<27} {size:>5}");
        for scenario in FIELDS_SCENARIOS {
            let Some(&(_, cell)) = cells.iter().find(|(s, _)| *s == scenario) else {
                print!(" | {:^28}", "n/a");
                continue;
            };
            let allocs = harness::count_allocations(|| black_box(cell(1_000))) / 1_000.0;
            let ns = harness::median_ns(cell, ITERS, 11);
            let instructions = match (
                per_op(module, scenario),
                per_op(fields::by_value::NAME, scenario),
            ) {
                (Some(i), Some(base)) => format!("{i:>5.0} ({:.2}x)", i / base),
                _ => "-".to_owned(),
            };
            print!(" | {ns:>6.2} ns {allocs:>3.1} {instructions:>13}");
        }
        println!();
    }
}

/// fast-status's instructions divided by each type's, per scenario (below 1: fast-status runs
/// fewer).
fn print_against_peers(counts: &HashMap<String, u64>) {
    println!("\nfast-status's instructions ÷ each type's:");
    print!("{:<24}", "type");
    for s in SCENARIOS {
        print!(" {s:>10}");
    }
    println!();
    for (module, label, _, _) in types() {
        if module == fast::NAME {
            continue;
        }
        print!("{label:<24}");
        for scenario in SCENARIOS {
            let ours = counts.get(&format!("{}::icount_{scenario}", fast::NAME));
            let theirs = counts.get(&format!("{module}::icount_{scenario}"));
            #[allow(clippy::cast_precision_loss)]
            match (ours, theirs) {
                (Some(&a), Some(&b)) if b > 0 => print!(" {:>9.2}x", a as f64 / b as f64),
                _ => print!(" {:>10}", "n/a"),
            }
        }
        println!();
    }
}
