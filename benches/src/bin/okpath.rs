//! The success-path matrix (`fast_status_benches::okpath`): instructions per value of a hot
//! reader whose error branches are written in each form, none of them taken, against the
//! floor of the same shape (callgrind, deterministic). `scripts/okpath.sh` runs it at
//! opt-level 3 and "s" and prints the machine code of every row above the floor.
//!
//! `cargo run --release -p fast-status-benches --bin okpath`

use std::hint::black_box;

use fast_status_benches::harness::{self, Counting};
use fast_status_benches::okpath::{self, Reader};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Values read per row under callgrind.
const VALUES: usize = 1 << 16;

macro_rules! rows {
    (one { $($one:ident => $one_label:literal,)* } two { $($two:ident => $two_label:literal,)* }) => {
        /// The loops under names callgrind collects (`icount::*`).
        mod icount {
            use super::{Reader, black_box, okpath};

            $(
                #[inline(never)]
                pub fn $one(buf: &[u8]) -> bool {
                    okpath::$one::drain(&mut Reader::new(black_box(buf)), super::VALUES).is_ok()
                }
            )*
            $(
                #[inline(never)]
                pub fn $two(buf: &[u8]) -> bool {
                    okpath::$two::drain(&mut Reader::new(black_box(buf)), super::VALUES).is_ok()
                }
            )*
        }

        /// (module, label, the loop, its shape's floor)
        fn rows() -> Vec<(&'static str, &'static str, fn(&[u8]) -> bool, &'static str)> {
            vec![
                $((stringify!($one), $one_label, icount::$one as fn(&[u8]) -> bool, "floor"),)*
                $((stringify!($two), $two_label, icount::$two as fn(&[u8]) -> bool, "floor2"),)*
            ]
        }
    };
}

fast_status_benches::for_each_okpath_row!(rows);

fn main() {
    harness::rerun_without_backtraces();
    let buf = okpath::records(VALUES);
    if harness::is_callgrind_child() {
        for (_, _, run, _) in rows() {
            assert!(black_box(run(&buf)), "a row failed on valid records");
        }
        return;
    }
    for (name, _, run, _) in rows() {
        assert!(run(&buf), "{name} failed on valid records");
    }
    let keys: Vec<String> = rows()
        .iter()
        .map(|(name, ..)| format!("icount::{name}"))
        .collect();
    let Some(counts) = harness::instruction_counts("okpath", &keys, &[]) else {
        println!("success-path matrix: not measured (valgrind is needed for instruction counts)");
        return;
    };
    #[allow(clippy::cast_precision_loss)]
    let per_value = |name: &str| {
        counts
            .get(&format!("icount::{name}"))
            .map(|&total| total as f64 / VALUES as f64)
    };
    println!(
        "success path: a hot reader, one non-inlined `next() -> Result<u32, E>` per value, `?` in \
         the loop, {VALUES} values, none failing; opt-level {}",
        env!("BENCH_OPT_LEVEL"),
    );
    println!(
        "{:<5} {:<32} {:>12} {:>9}",
        "shape", "error branch", "instr/value", "vs floor"
    );
    for (name, label, _, floor) in rows() {
        let shape = if floor == "floor" { "1" } else { "2" };
        match (per_value(name), per_value(floor)) {
            (Some(value), Some(floor)) => {
                println!(
                    "{shape:<5} {label:<32} {value:>12.2} {:>8.3}x",
                    value / floor
                );
            }
            _ => println!("{shape:<5} {label:<32} {:>12} {:>9}", "-", "-"),
        }
    }
}
