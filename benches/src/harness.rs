//! What the `compare` and `readpath` binaries share: a counting allocator, wall-clock medians,
//! and deterministic instruction counts from callgrind.
//!
//! Instruction counts: the binary runs itself under `valgrind --tool=callgrind
//! --collect-atstart=no --toggle-collect=<crate>::*icount*` and one
//! `--dump-after=<crate>::<module>::<function>` per measured `#[inline(never)]` function
//! (callgrind takes no wildcard there), so each is measured alone (with what it calls), into its
//! own dump file, which names the function that triggered it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A global allocator that counts this thread's allocations while [`count_allocations`] runs,
/// and costs one relaxed load otherwise (so timings and instruction counts are not disturbed).
pub struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    if COUNTING.load(Ordering::Relaxed) {
        let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
    }
}

// SAFETY: forwards every call to `System`.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller upholds `GlobalAlloc::dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `GlobalAlloc::realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// The allocations this thread makes while running `f`.
#[allow(clippy::cast_precision_loss)]
pub fn count_allocations<R>(f: impl FnOnce() -> R) -> f64 {
    let before = ALLOCATIONS.with(Cell::get);
    COUNTING.store(true, Ordering::Relaxed);
    let _ = f();
    COUNTING.store(false, Ordering::Relaxed);
    (ALLOCATIONS.with(Cell::get) - before) as f64
}

/// Median nanoseconds per iteration of `run(iters)` over `samples` samples.
pub fn median_ns(run: fn(u64) -> u64, iters: u64, samples: usize) -> f64 {
    let mut times: Vec<f64> = (0..samples)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(run(std::hint::black_box(iters)));
            #[allow(clippy::cast_precision_loss)]
            let per = start.elapsed().as_secs_f64() * 1e9 / iters as f64;
            per
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Whether this process is the child run under callgrind.
pub fn is_callgrind_child() -> bool {
    std::env::args().any(|a| a == "--icount-child")
}

/// Runs this binary under callgrind with `--icount-child` and returns, for each of `keys`
/// (paths of functions in the binary crate `krate`, without the crate's name:
/// `module::icount_name`), the instructions it executed, with backtraces off
/// (`RUST_BACKTRACE=0`). `None` without valgrind.
pub fn instruction_counts(
    krate: &str,
    keys: &[String],
    extra_args: &[&str],
) -> Option<HashMap<String, u64>> {
    instruction_counts_with_backtrace(krate, keys, extra_args, "0")
}

/// [`instruction_counts`] with `RUST_BACKTRACE` and `RUST_LIB_BACKTRACE` set to `backtrace`
/// in the measured process (`"1"`: as an application that debugs its panics runs).
pub fn instruction_counts_with_backtrace(
    krate: &str,
    keys: &[String],
    extra_args: &[&str],
    backtrace: &str,
) -> Option<HashMap<String, u64>> {
    let dir = std::env::temp_dir().join(format!("fast-status-icount-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let exe = std::env::current_exe().ok()?;
    let status = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg("--collect-atstart=no")
        // Only the binary's own measuring functions: a bare `*icount*` once also collected a
        // harness function that ran before the first cell.
        .arg(format!("--toggle-collect={krate}::*icount*"))
        .args(keys.iter().map(|k| format!("--dump-after={krate}::{k}")))
        .arg(format!(
            "--callgrind-out-file={}",
            dir.join("out").display()
        ))
        .arg(&exe)
        .arg("--icount-child")
        .args(extra_args)
        .env("RUST_BACKTRACE", backtrace)
        .env("RUST_LIB_BACKTRACE", backtrace)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .ok()?;
    if !status.success() {
        return None;
    }
    let counts = read_dumps(&dir, krate);
    let _ = std::fs::remove_dir_all(&dir);
    Some(counts)
}

/// Reads callgrind dumps: each names its trigger (`--dump-after=<function>`) and totals; keyed
/// by the trigger's path without `krate::`.
fn read_dumps(dir: &Path, krate: &str) -> HashMap<String, u64> {
    let mut counts = HashMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return counts;
    };
    for entry in entries.flatten() {
        let Ok(text) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        let trigger = text
            .lines()
            .find_map(|l| l.strip_prefix("desc: Trigger: --dump-after="))
            .map(str::to_owned);
        let total = text
            .lines()
            .find_map(|l| {
                l.strip_prefix("summary: ")
                    .or_else(|| l.strip_prefix("totals: "))
            })
            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok());
        if let (Some(trigger), Some(total)) = (trigger, total) {
            let key = trigger
                .strip_prefix(krate)
                .and_then(|rest| rest.strip_prefix("::"))
                .unwrap_or(&trigger);
            *counts.entry(key.to_owned()).or_insert(0) += total;
        }
    }
    counts
}

/// Runs this program again, with `RUST_BACKTRACE` and `RUST_LIB_BACKTRACE` set to `0`, and exits
/// with its status, when either asks for backtraces: `anyhow` and `std::io::Error` would
/// otherwise capture one per error and the figures would measure that. Returns when neither
/// is set.
pub fn rerun_without_backtraces() {
    let on = |name| std::env::var_os(name).is_some_and(|v| v != "0");
    if !on("RUST_BACKTRACE") && !on("RUST_LIB_BACKTRACE") {
        return;
    }
    let status = std::env::current_exe().and_then(|exe| {
        Command::new(exe)
            .args(std::env::args_os().skip(1))
            .env("RUST_BACKTRACE", "0")
            .env("RUST_LIB_BACKTRACE", "0")
            .status()
    });
    std::process::exit(status.map_or(1, |s| s.code().unwrap_or(1)));
}
