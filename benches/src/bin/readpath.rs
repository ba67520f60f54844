//! The read-path workload: decode 32 MiB of `u32` records with one status-returning call per
//! value, for every error type and a no-error baseline; wall MB/s and instructions (callgrind,
//! over 16 MiB), each relative to the floor.
//!
//! Wall time: 21 rounds after a warm-up; each round runs every row once, starting one row
//! later than the round before, and each row's ratio to the floor is taken within its round,
//! so drift of the machine's speed between rounds cancels. The table gives the median of those
//! ratios and their middle half. The floor's second copy is identical code placed elsewhere in
//! the binary: its spread is the resolution of the wall measurement.
//!
//! `cargo run --release -p fast-status-benches --bin readpath`, and with
//! `--profile release-o0` / `--profile release-os` for opt-level 0 and "s";
//! `scripts/readpath.sh` runs all three, as cargo builds them and with functions and loops
//! aligned to 64 bytes (where a loop lands moves the wall time of identical code well beyond
//! the differences measured; aligned, identical code measures alike).

use std::hint::black_box;
use std::time::Instant;

use fast_status_benches::harness::{self, Counting};
use fast_status_benches::readpath;

#[global_allocator]
static GLOBAL: Counting = Counting;

const WALL_BYTES: usize = 32 << 20;
const ICOUNT_BYTES: usize = 16 << 20;

macro_rules! rows {
    ([] $($module:ident => $label:literal),* $(,)?) => {
        mod cells {
            use super::{black_box, readpath};

            #[inline(never)]
            pub fn icount_baseline(buf: &[u8]) -> u64 {
                readpath::baseline::sum(black_box(buf))
            }

            $(
                #[inline(never)]
                pub fn $module(buf: &[u8]) -> u64 {
                    readpath::$module::sum(black_box(buf)).unwrap_or(0)
                }
            )*
        }

        /// (module, label, the decode loop)
        fn rows() -> Vec<(&'static str, &'static str, fn(&[u8]) -> u64)> {
            vec![
                ("icount_baseline", "no error handling", cells::icount_baseline),
                $((concat!("icount_", stringify!($module)), $label, icount::$module),)*
            ]
        }

        /// The same loops under names callgrind collects (`icount_*`).
        mod icount {
            $(
                #[inline(never)]
                pub fn $module(buf: &[u8]) -> u64 {
                    super::cells::$module(buf)
                }
            )*
        }
    };
}

macro_rules! rows_and_the_floor_again {
    ([] $($row:tt)*) => {
        rows! {
            []
            $($row)*
            floor_copy => "floor, second copy",
            fields_by_value => "fields: enum by value",
            fields_boxed => "fields: enum boxed",
            fields_fast => "fields: fast-status",
            fields_anyhow => "fields: anyhow!",
        }
    };
}

fast_status_benches::for_each_type!(rows_and_the_floor_again);

fn main() {
    harness::rerun_without_backtraces();
    fast_status::set_backtrace_capture(false);
    if harness::is_callgrind_child() {
        let buf = readpath::records(ICOUNT_BYTES);
        for (_, _, run) in rows() {
            black_box(run(&buf));
        }
        return;
    }
    let keys: Vec<String> = rows()
        .iter()
        .map(|(name, _, _)| match *name {
            "icount_baseline" => format!("cells::{name}"),
            _ => format!("icount::{}", name.trim_start_matches("icount_")),
        })
        .collect();
    let counts = if std::env::args().any(|a| a == "--no-instructions") {
        None
    } else {
        harness::instruction_counts("readpath", &keys, &[])
    };

    let buf = readpath::records(WALL_BYTES);
    println!(
        "read path: {} MiB of u32 records, one status-returning call per value, opt-level {}",
        WALL_BYTES >> 20,
        env!("BENCH_OPT_LEVEL"),
    );
    println!("  build: {}", env!("BENCH_CODE_PLACEMENT"));
    println!(
        "  wall: median of {ROUNDS} rounds (middle half in brackets), each row against the floor \
         in the same round"
    );
    println!(
        "{:<24} | {:>6} | {:>22} | {:>11} | {:>8}",
        "type", "MB/s", "wall vs floor", "instr/value", "vs floor"
    );
    let rows = rows();
    let floor = rows
        .iter()
        .position(|(name, _, _)| *name == "icount_floor")
        .unwrap_or(0);
    let mut mbs: Vec<Vec<f64>> = vec![Vec::new(); rows.len()];
    for round in 0..=ROUNDS {
        let mut this_round = vec![0.0; rows.len()];
        for k in 0..rows.len() {
            let i = (round + k) % rows.len();
            let start = Instant::now();
            black_box((rows[i].2)(black_box(&buf)));
            #[allow(clippy::cast_precision_loss)]
            let rate = WALL_BYTES as f64 / start.elapsed().as_secs_f64() / 1e6;
            this_round[i] = rate;
        }
        if round > 0 {
            for (row, rate) in mbs.iter_mut().zip(this_round) {
                row.push(rate);
            }
        }
    }
    #[allow(clippy::cast_precision_loss)]
    let per_value = |key: &String| {
        counts
            .as_ref()
            .and_then(|c| c.get(key))
            .map(|&total| total as f64 / (ICOUNT_BYTES / 4) as f64)
    };
    let floor_instr = per_value(&keys[floor]);
    for (i, (_, label, _)) in rows.iter().enumerate() {
        let mut ratios: Vec<f64> = mbs[i].iter().zip(&mbs[floor]).map(|(r, f)| r / f).collect();
        let rate = median(&mut mbs[i].clone());
        let (low, mid, high) = quartiles(&mut ratios);
        let instr = per_value(&keys[i]);
        let instr_text = instr.map_or_else(|| "-".to_owned(), |v| format!("{v:.2}"));
        let instr_ratio = instr
            .zip(floor_instr)
            .map_or_else(|| "-".to_owned(), |(v, f)| format!("{:.3}x", v / f));
        println!(
            "{label:<24} | {rate:>6.0} | {mid:>6.3}x [{low:.3}-{high:.3}] | {instr_text:>11} | {instr_ratio:>8}"
        );
    }
}

const ROUNDS: usize = 21;

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The first quartile, the median and the third quartile.
fn quartiles(values: &mut [f64]) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    (values[n / 4], values[n / 2], values[(3 * n) / 4])
}
