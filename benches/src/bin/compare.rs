//! The comparison people read at a glance: for every error type, the size of `Result<(), E>`,
//! and in each scenario its instructions (relative to the floor), allocations and wall time,
//! one block each, every block within 120 columns.
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

/// A measuring loop over a scenario that always fails: the code of each error read.
macro_rules! error_cell {
    ($name:ident, $scenario:path) => {
        #[inline(never)]
        pub fn $name(n: u64) -> u64 {
            let mut acc = 0;
            for i in 0..n {
                if let Err(e) = $scenario(black_box(i)) {
                    acc += u64::from(m::read_code(&e));
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
            value_cell!(icount_match4, m::code4, e => m::classify(&e));
            value_cell!(icount_formatted4, m::formatted4, e => u64::from(m::read_code(&e)));
            value_cell!(icount_hex4, m::hex4, e => u64::from(m::read_code(&e)));

            $( cells!(@ $extra); )*

            pub fn all() -> Vec<(&'static str, super::Cell)> {
                #[allow(unused_mut, reason = "types without clone or context push nothing")]
                let mut cells: Vec<(&'static str, super::Cell)> = vec![
                    ("success", icount_success),
                    ("value", icount_value),
                    ("code4", icount_code4),
                    ("match4", icount_match4),
                    ("formatted4", icount_formatted4),
                    ("hex4", icount_hex4),
                ];
                $( cells.extend(cells!(@entries $extra)); )*
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
        error_cell!(icount_context4, m::context4);
        error_cell!(icount_ctx4long, m::long_context4);

        /// context4, then the caller counts the lines it reads back.
        #[inline(never)]
        pub fn icount_ctx4read(n: u64) -> u64 {
            let mut acc = 0;
            for i in 0..n {
                if let Err(e) = m::context4(black_box(i)) {
                    acc += m::lines(&e) as u64;
                }
            }
            acc
        }
    };
    (@entries clone) => { [("clone", icount_clone as super::Cell)] };
    (@entries context) => {
        [
            ("context4", icount_context4 as super::Cell),
            ("ctx4long", icount_ctx4long),
            ("ctx4read", icount_ctx4read),
        ]
    };
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

/// fast-status's formatted messages through its constructors (`Bench::invalid(format_args!(..))`),
/// beside `status!`'s in the main table.
mod ctor {
    use std::hint::black_box;

    use fast_status_benches::fast::constructors as m;

    pub const NAME: &str = "ctor";

    error_cell!(icount_formatted4, m::formatted4);
    error_cell!(icount_hex4, m::hex4);

    /// The one row.
    pub fn types() -> Vec<super::Row> {
        vec![(
            NAME,
            "fast-status, constructors",
            size_of::<Result<(), fast_status_benches::fast::E>>(),
            vec![
                ("formatted4", icount_formatted4 as super::Cell),
                ("hex4", icount_hex4),
            ],
        )]
    }
}

/// A variant whose one field is a `String`, made from `format!("bad value {x}")` (fast-status
/// also through its snake-case constructor, which writes the text into the status), through
/// four frames: the variant told apart (told4) or its text's length read (read4).
mod text_route {
    use std::hint::black_box;

    use fast_status_benches::fields;

    /// One row's two cells, over `$make` (a four-frame scenario of `fields::$module`).
    macro_rules! text_cells {
        ($($row:ident: $module:ident, $make:ident => $label:literal),* $(,)?) => {
            $(
                mod $row {
                    use super::{black_box, fields::$module as m};

                    pub const NAME: &str = concat!("text_route::", stringify!($row));

                    value_cell!(icount_told4, m::$make, e => m::told(&e));
                    value_cell!(icount_read4, m::$make, e => m::inspect(&e));
                }
            )*

            /// Every row, in table order.
            pub fn types() -> Vec<super::Row> {
                vec![$((
                    $row::NAME,
                    $label,
                    size_of::<Result<u64, fields::$module::E>>(),
                    vec![
                        ("told4", $row::icount_told4 as super::Cell),
                        ("read4", $row::icount_read4),
                    ],
                )),*]
            }
        };
    }

    text_cells!(
        by_value: by_value, formatted4 => "enum by value",
        boxed: boxed, formatted4 => "enum boxed",
        fast: fast, formatted4 => "fast-status, Parse(..)",
        fast_text: fast, text_formatted4 => "fast-status, parse(..)",
        anyhow: anyhow, formatted4 => "anyhow!",
    );

    /// The row every other is divided by.
    pub const BASE: &str = by_value::NAME;
}

/// Messages of other shapes (`fast_status_benches::message_shapes`), by `status!` and
/// `anyhow!`.
mod shapes {
    /// One module per way of making the messages.
    macro_rules! shape_cells {
        ($($module:ident => $label:literal),*) => {$(
            pub mod $module {
                use std::hint::black_box;

                use fast_status_benches::message_shapes::$module as m;

                pub const NAME: &str = concat!("shapes::", stringify!($module));

                error_cell!(icount_two4, m::two4);
                error_cell!(icount_str4, m::str4);
                error_cell!(icount_signed_hex4, m::signed_hex4);
                error_cell!(icount_display4, m::display4);

                /// The one row.
                pub fn row() -> super::super::Row {
                    (
                        NAME,
                        $label,
                        size_of::<Result<(), m::E>>(),
                        vec![
                            ("two4", icount_two4 as super::super::Cell),
                            ("str4", icount_str4),
                            ("signed_hex4", icount_signed_hex4),
                            ("display4", icount_display4),
                        ],
                    )
                }
            }
        )*};
    }

    shape_cells!(fast => "fast-status, status!", anyhow => "anyhow::Error, anyhow!");

    /// Both rows.
    pub fn types() -> Vec<super::Row> {
        vec![fast::row(), anyhow::row()]
    }
}

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
                    value_cell!(icount_small4, m::small4, e => m::inspect(&e));
                    value_cell!(icount_text4, m::text4, e => m::inspect(&e));

                    /// Keeps the reader in the binary, for `scripts/error-site.sh`.
                    pub fn keep_reader() {
                        black_box(m::reader as fn(&[u8], usize) -> Result<u32, m::E>);
                    }

                    pub fn all() -> Vec<(&'static str, super::super::Cell)> {
                        vec![
                            ("value", icount_value),
                            ("packed4", icount_packed4),
                            ("heap4", icount_heap4),
                            ("small4", icount_small4),
                            ("text4", icount_text4),
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

const FIELDS_SCENARIOS: [&str; 5] = ["value", "packed4", "heap4", "small4", "text4"];
const SHAPE_SCENARIOS: [&str; 4] = ["two4", "str4", "signed_hex4", "display4"];

const CTOR_SCENARIOS: [&str; 2] = ["formatted4", "hex4"];
const TEXT_SCENARIOS: [&str; 2] = ["told4", "read4"];

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

/// The scenarios with context lines, which the floor does not have: their counts are printed
/// as they are.
const CONTEXT: [&str; 3] = ["context4", "ctx4long", "ctx4read"];

const SCENARIOS: [&str; 10] = [
    "success",
    "value",
    "code4",
    "match4",
    "formatted4",
    "hex4",
    "clone",
    "context4",
    "ctx4long",
    "ctx4read",
];

fn main() {
    harness::rerun_without_backtraces();
    fast_status::set_backtrace_capture(false);
    fields::keep_readers();
    fast_status_benches::site::keep_readers();
    fast_status_benches::fieldless::keep();
    hex_sums::keep();
    if harness::is_callgrind_child() {
        for (_, _, _, cells) in types()
            .into_iter()
            .chain(ctor::types())
            .chain(fields::types())
            .chain(text_route::types())
            .chain(shapes::types())
        {
            for (_, cell) in cells {
                black_box(cell(ICOUNT_ITERS));
            }
        }
        return;
    }
    let with_icount = !std::env::args().any(|a| a == "--no-instructions");
    let keys: Vec<String> = types()
        .iter()
        .chain(&ctor::types())
        .chain(&fields::types())
        .chain(&text_route::types())
        .chain(&shapes::types())
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

    let main = measure(&types(), &SCENARIOS, counts.as_ref());
    let constructors = measure(&ctor::types(), &CTOR_SCENARIOS, counts.as_ref());
    let with_fields = measure(&fields::types(), &FIELDS_SCENARIOS, counts.as_ref());
    let shaped = measure(&shapes::types(), &SHAPE_SCENARIOS, counts.as_ref());
    let text = measure(&text_route::types(), &TEXT_SCENARIOS, counts.as_ref());
    print_main(&main, counts.is_some(), with_icount);
    print_constructors(&constructors, &main, counts.is_some());
    print_shapes(&shaped, counts.is_some());
    print_fields(&with_fields, counts.is_some());
    print_text_route(&text, counts.is_some());
}

/// The table of a `String` variant made from formatted text: instructions against the enum
/// returned by value, allocations and wall time.
fn print_text_route(text: &Table, with_instructions: bool) {
    println!("\na variant whose one field is a String, Parse(String), of \"bad value {{x}}\"");
    println!("  told4  made, through 4 frames, the variant told apart (no field read), dropped");
    println!("  read4  the same, its text's length read");
    println!("the enums and FastParse::Parse(..) take format!'s String; FastParse::parse(");
    println!("  format_args!(..)) writes the text into the status, and kind() builds the variant");
    println!("  (a String) when read4 reads it; anyhow! formats its message");
    println!("\nper operation: instructions (callgrind) and ÷ the enum by value's; allocations");
    println!("  (allocs/t for told4, /r for read4); wall time in ns (ns/t, ns/r; median of 11)");
    // One block: each scenario's instructions, then its allocations, then its wall time.
    let columns = ["told4", "read4", "allocs/t", "allocs/r", "ns/t", "ns/r"];
    print_block(text, &columns, false, |row, column| {
        let read = column == "read4" || column.ends_with("/r");
        let measured = text.get(row, TEXT_SCENARIOS[usize::from(read)])?;
        match column.split('/').next() {
            Some("allocs") => Some(format!("{:.1}", measured.allocations)),
            Some("ns") => Some(format!("{:.2}", measured.ns)),
            _ if with_instructions => {
                let scenario = TEXT_SCENARIOS[usize::from(read)];
                let base = text.get(text_route::BASE, scenario)?.instructions?;
                let i = measured.instructions?;
                Some(format!("{i:.0} = {:.2}x", i / base))
            }
            _ => None,
        }
    });
}

/// `status!` against `anyhow!` on messages of other shapes than formatted4's.
fn print_shapes(shaped: &Table, with_instructions: bool) {
    println!("\nmessages of other shapes, through 4 frames (x is the loop's counter, 0 to 1999)");
    println!("  two4         \"row {{x}} of {{len}} rows\", two u64");
    println!("  str4         \"no column {{name}} in table {{x}}\", a &str and a u64");
    println!("  signed_hex4  \"seek by {{delta}} from {{x:#x}} failed\", an i64 and a hex u64");
    println!(
        "  display4     \"ratio {{ratio}} over the limit at row {{x}}\", an f64 (its Display)"
    );
    if with_instructions {
        println!("\ninstructions per operation (callgrind), and ÷ anyhow's");
        let anyhow = |scenario: &str| shaped.get(shapes::anyhow::NAME, scenario)?.instructions;
        print_block(shaped, &SHAPE_SCENARIOS, false, |row, scenario| {
            let i = shaped.get(row, scenario)?.instructions?;
            Some(format!("{i:.0} = {:.2}x", i / anyhow(scenario)?))
        });
    }
    println!("\nallocations per operation");
    print_block(shaped, &SHAPE_SCENARIOS, false, |row, scenario| {
        Some(format!("{:.1}", shaped.get(row, scenario)?.allocations))
    });
    println!("\nwall time per operation, ns (median of 11 samples)");
    print_block(shaped, &SHAPE_SCENARIOS, false, |row, scenario| {
        Some(format!("{:.2}", shaped.get(row, scenario)?.ns))
    });
}

/// The main table's blocks: instructions (÷ the floor's, and fast-status's ÷ each type's),
/// allocations and wall time.
fn print_main(main: &Table, with_instructions: bool, asked_for_instructions: bool) {
    println!("fast-status compared: per operation, side by side in this run");
    println!("  success    Result<(), E> through a non-inlined call, `?` in the caller");
    println!("  value      the same with Result<u64, E>");
    println!(
        "  code4      a code-only error made, returned through 4 frames, its code read, dropped"
    );
    println!("  match4     the same, its code read by a `match` in the caller's loop (inlined)");
    println!("  formatted4 \"bad value {{x}}\" made, through 4 frames, dropped");
    println!("  hex4       the same with a format spec, \"bad value {{x:#x}}\"");
    println!("  clone      clone and drop of an error that holds a heap message");
    println!("  context4   a code-only error given a context line in each of 4 frames");
    println!("  ctx4long   the same with longer lines (32 to 47 bytes; context4's are 7)");
    println!(
        "  ctx4read   context4, then the caller counts the lines (anyhow: its chain's entries)"
    );
    println!("  bytes      size_of::<Result<(), E>>()");
    println!("the rows:");
    println!(
        "  NonZeroUsize (floor)    a one-word integer code: the cheapest error with room for a pointer"
    );
    println!("  NonZeroU32              a 4-byte code beside it: what room for a pointer costs");
    println!("  fast-status             a derived status (the benchmarks' `Bench`)");
    println!(
        "  same, drop out of line  that status with its Drop forced out of line (Arrow before its fix)"
    );
    println!("  std::io::Error, anyhow::Error, Box<dyn Error>  those types as they are");
    println!("  thin_status             thin_status::ThinStatus: one word, Abseil-style");
    println!("  thiserror + String      a thiserror enum with a String variant");
    println!("  40-byte enum            an error enum of DataFusion's size and shape");
    if with_instructions {
        let floor = |scenario: &str| main.get(floor::NAME, scenario)?.instructions;
        println!("\ninstructions per operation (callgrind) ÷ the floor's");
        println!(
            "  (context4, ctx4long, ctx4read: instructions per operation itself: the floor has no context \
             lines)"
        );
        print_block(main, &SCENARIOS, true, |row, scenario| {
            let i = main.get(row, scenario)?.instructions?;
            Some(match floor(scenario) {
                Some(base) if !CONTEXT.contains(&scenario) => format!("{:.2}x", i / base),
                _ => format!("{i:.0}"),
            })
        });
        println!("\nthe floor's instructions per operation:");
        for scenario in SCENARIOS {
            if let Some(i) = floor(scenario) {
                println!("  {scenario:<12} {i:.1}");
            }
        }
        println!(
            "\nfast-status's instructions ÷ each type's (below 1.00x: fast-status executes fewer)"
        );
        let ours = |scenario: &str| main.get(fast::NAME, scenario)?.instructions;
        print_block(main, &SCENARIOS, false, |row, scenario| {
            if row == fast::NAME {
                return Some("-".to_owned());
            }
            let theirs = main.get(row, scenario)?.instructions?;
            Some(format!("{:.2}x", ours(scenario)? / theirs))
        });
    } else if asked_for_instructions {
        println!("\n(valgrind not found: no instruction counts)");
    }
    println!("\nallocations per operation");
    print_block(main, &SCENARIOS, true, |row, scenario| {
        Some(format!("{:.1}", main.get(row, scenario)?.allocations))
    });
    println!(
        "\nwall time per operation, ns (median of 11 samples; a second opinion on a shared machine)"
    );
    print_block(main, &SCENARIOS, true, |row, scenario| {
        Some(format!("{:.2}", main.get(row, scenario)?.ns))
    });
}

/// The constructors' route for the formatted4 and hex4 messages, against `status!`'s and
/// `anyhow!`'s in the main table.
fn print_constructors(constructors: &Table, main: &Table, with_instructions: bool) {
    println!(
        "\nformatted4 and hex4 through the constructors: Bench::invalid(format_args!(\"bad value \
         {{x}}\")), and {{x:#x}}"
    );
    let ours = |scenario: &str| constructors.get(ctor::NAME, scenario);
    let row = |label: &str, cell: &dyn Fn(&str) -> Option<String>| {
        print!("{label:<28}");
        for scenario in CTOR_SCENARIOS {
            print!("{:>26}", cell(scenario).unwrap_or_default());
        }
        println!();
    };
    row("fast-status, constructors", &|scenario| {
        Some(scenario.to_owned())
    });
    if with_instructions {
        row("instructions per operation", &|scenario| {
            let i = ours(scenario)?.instructions?;
            let anyhow = main.get(anyhow::NAME, scenario)?.instructions?;
            Some(format!("{i:.0} = {:.2}x anyhow", i / anyhow))
        });
    }
    row("allocations per operation", &|scenario| {
        Some(format!("{:.1}", ours(scenario)?.allocations))
    });
    row("wall time per operation, ns", &|scenario| {
        Some(format!("{:.2}", ours(scenario)?.ns))
    });
}

/// The table of error types with fields: instructions against the enum returned
/// by value, allocations and wall time.
fn print_fields(with_fields: &Table, with_instructions: bool) {
    println!("\nerror types with fields: a parser's error enum four ways");
    println!("  value      Result<u64, E>, the success path");
    println!("  packed4    BadOffset(u32) made, through 4 frames, its field read back, dropped");
    println!("  heap4      TooBig {{ size, len }} (two usize) with a size over 26 bits, the same");
    println!(
        "  small4     TooBig with sizes from 100,000, below 2^18, the same (fast-status packs them)"
    );
    println!("  text4      Invalid {{ at, text: String }}, a String of its own, the same");
    println!("  bytes      size_of::<Result<u64, E>>()");
    if with_instructions {
        println!("\ninstructions per operation (callgrind), and ÷ the enum by value's");
        let base = |scenario: &str| {
            with_fields
                .get(fields::by_value::NAME, scenario)?
                .instructions
        };
        print_block(with_fields, &FIELDS_SCENARIOS, true, |row, scenario| {
            let i = with_fields.get(row, scenario)?.instructions?;
            Some(format!("{i:.0} = {:.2}x", i / base(scenario)?))
        });
    }
    println!("\nallocations per operation");
    print_block(with_fields, &FIELDS_SCENARIOS, true, |row, scenario| {
        Some(format!(
            "{:.1}",
            with_fields.get(row, scenario)?.allocations
        ))
    });
    println!("\nwall time per operation, ns (median of 11 samples)");
    print_block(with_fields, &FIELDS_SCENARIOS, true, |row, scenario| {
        Some(format!("{:.2}", with_fields.get(row, scenario)?.ns))
    });
}

/// What one scenario of one type measured.
struct Measured {
    /// Wall time per operation, median of 11 samples.
    ns: f64,
    allocations: f64,
    /// Instructions per operation, from callgrind.
    instructions: Option<f64>,
}

/// Every row's measurements, in table order.
struct Table {
    rows: Vec<(
        &'static str,
        &'static str,
        usize,
        HashMap<&'static str, Measured>,
    )>,
}

impl Table {
    fn get(&self, module: &str, scenario: &str) -> Option<&Measured> {
        let (_, _, _, cells) = self.rows.iter().find(|(m, ..)| *m == module)?;
        cells.get(scenario)
    }
}

/// Measures every cell of `rows`: allocations and wall time here, instructions from `counts`.
fn measure(
    rows: &[Row],
    scenarios: &[&'static str],
    counts: Option<&HashMap<String, u64>>,
) -> Table {
    let rows = rows
        .iter()
        .map(|(module, label, size, cells)| {
            let measured = scenarios
                .iter()
                .filter_map(|&scenario| {
                    let &(_, cell) = cells.iter().find(|(s, _)| *s == scenario)?;
                    let allocations =
                        harness::count_allocations(|| black_box(cell(1_000))) / 1_000.0;
                    let ns = harness::median_ns(cell, ITERS, 11);
                    #[allow(clippy::cast_precision_loss)]
                    let instructions = counts
                        .and_then(|c| c.get(&format!("{module}::icount_{scenario}")))
                        .map(|&total| total as f64 / ICOUNT_ITERS as f64);
                    Some((
                        scenario,
                        Measured {
                            ns,
                            allocations,
                            instructions,
                        },
                    ))
                })
                .collect();
            (*module, *label, *size, measured)
        })
        .collect();
    Table { rows }
}

/// One block of a table: a row per type, a column per scenario, each cell `cell(row,
/// scenario)` ("n/a" where the type has no such scenario); with the sizes when `bytes`.
/// At most 120 columns.
fn print_block(
    table: &Table,
    scenarios: &[&str],
    bytes: bool,
    cell: impl Fn(&str, &str) -> Option<String>,
) {
    let cells: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|(module, ..)| {
            scenarios
                .iter()
                .map(|scenario| cell(module, scenario).unwrap_or_else(|| "n/a".to_owned()))
                .collect()
        })
        .collect();
    // Each column as wide as its name or its widest cell, at least a ratio's (`10.83x`), and
    // two spaces apart: the main table stays within 120 columns.
    let widths: Vec<usize> = scenarios
        .iter()
        .enumerate()
        .map(|(i, scenario)| {
            let widest = cells.iter().map(|row| row[i].len()).max().unwrap_or(0);
            scenario.len().max(widest).max(7) + 2
        })
        .collect();
    print!("{:<25}", "type");
    if bytes {
        print!("{:>6}", "bytes");
    }
    for (scenario, width) in scenarios.iter().zip(&widths) {
        print!("{scenario:>width$}");
    }
    println!();
    for ((_, label, size, _), row) in table.rows.iter().zip(&cells) {
        print!("{label:<25}");
        if bytes {
            print!("{size:>6}");
        }
        for (text, width) in row.iter().zip(&widths) {
            print!("{text:>width$}");
        }
        println!();
    }
}

/// Loops in this binary crate over the library's small hex-digit functions, for
/// `scripts/check-inlining.sh` to see which calls rustc inlined across the crates.
mod hex_sums {
    use std::hint::black_box;

    use fast_status_benches::fieldless::{hex_enum, hex_status, hex_status_inline};

    /// `fn $name(text) -> u64`: sums the digits of `text` that `$digit` reads. A plain loop,
    /// so that a call not inlined is a call of this function's own, not of a closure's.
    macro_rules! digit_sum {
        ($(#[$doc:meta])* $name:ident, $digit:ident) => {
            $(#[$doc])*
            #[inline(never)]
            pub fn $name(text: &[u8]) -> u64 {
                let mut sum = 0;
                for &b in text {
                    if let Ok(digit) = $digit(b) {
                        sum += u64::from(digit);
                    }
                }
                sum
            }
        };
    }

    digit_sum!(
        /// The digits read by [`hex_enum`].
        with_enum,
        hex_enum
    );
    digit_sum!(
        /// The digits read by [`hex_status`].
        with_status,
        hex_status
    );
    digit_sum!(
        /// The digits read by [`hex_status_inline`].
        with_status_inline,
        hex_status_inline
    );

    /// Keeps the three loops in the binary.
    pub fn keep() {
        black_box(with_enum as fn(&[u8]) -> u64);
        black_box(with_status as fn(&[u8]) -> u64);
        black_box(with_status_inline as fn(&[u8]) -> u64);
    }
}
