//! The read-path workload: decode 32 MiB of `u32` records with one status-returning call per
//! value, for every error type and a no-error baseline; MB/s (median of 7) and instructions
//! (callgrind, over 16 MiB), each relative to the baseline.
//!
//! `cargo run --release -p fast-status-benches --bin readpath`, and with
//! `--profile release-o0` / `--profile release-os` for opt-level 0 and "s".

use std::hint::black_box;
use std::time::Instant;

use fast_status_benches::harness::{self, Counting};
use fast_status_benches::readpath;

#[global_allocator]
static GLOBAL: Counting = Counting;

const WALL_BYTES: usize = 32 << 20;
const ICOUNT_BYTES: usize = 16 << 20;

macro_rules! rows {
    ($($module:ident => $label:literal),* $(,)?) => {
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

rows! {
    floor => "NonZeroUsize (floor)",
    code_u32 => "NonZeroU32",
    fast => "fast-status",
    arrow_before_fix => "same, drop out of line",
    io => "std::io::Error",
    anyhow => "anyhow::Error",
    boxed => "Box<dyn Error>",
    thin => "thin_status",
    thiserror_string => "thiserror + String",
    df40 => "40-byte enum",
}

fn main() {
    fast_status::set_backtrace_capture(false);
    if harness::is_icount_child() {
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
    let profile = option_env!("FAST_STATUS_PROFILE").unwrap_or("the profile you ran");
    println!(
        "read path: {} MiB of u32 records, one status-returning call per value ({profile}, \
         see the profile you ran)",
        WALL_BYTES >> 20
    );
    println!(
        "{:<24} | {:>9} | {:>8} | {:>13} | {:>8}",
        "type", "MB/s", "vs base", "instr/value", "vs base"
    );
    // Side by side: every round runs every row once, after one warm-up round.
    let rows = rows();
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); rows.len()];
    for round in 0..8 {
        for ((_, _, run), row_samples) in rows.iter().zip(&mut samples) {
            let start = Instant::now();
            black_box(run(black_box(&buf)));
            #[allow(clippy::cast_precision_loss)]
            let mbs = WALL_BYTES as f64 / start.elapsed().as_secs_f64() / 1e6;
            if round > 0 {
                row_samples.push(mbs);
            }
        }
    }
    let mut base = (0.0, 0.0);
    for (((_, label, _), key), mut samples) in rows.into_iter().zip(&keys).zip(samples) {
        samples.sort_by(f64::total_cmp);
        let mbs = samples[samples.len() / 2];
        #[allow(clippy::cast_precision_loss)]
        let per_value = counts
            .as_ref()
            .and_then(|c| c.get(key))
            .map(|&total| total as f64 / (ICOUNT_BYTES / 4) as f64);
        if label == "no error handling" {
            base = (mbs, per_value.unwrap_or(0.0));
        }
        let instr = per_value.map_or_else(|| "-".to_owned(), |v| format!("{v:.2}"));
        let instr_ratio = per_value
            .filter(|_| base.1 > 0.0)
            .map_or_else(|| "-".to_owned(), |v| format!("{:.3}x", v / base.1));
        println!(
            "{label:<24} | {mbs:>9.0} | {:>7.3}x | {instr:>13} | {instr_ratio:>8}",
            mbs / base.0
        );
    }
}
