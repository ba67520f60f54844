//! Criterion's statistics for the `compare` scenarios: one group per scenario, one function per
//! error type, side by side. `cargo bench -p fast-status-benches` (add `-- <filter>` for one).

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use fast_status_benches as b;

macro_rules! group {
    ($c:ident, $name:literal, |$m:ident, $x:ident| $body:expr, [$($module:ident),*]) => {{
        let mut group = $c.benchmark_group($name);
        $(
            group.bench_function(stringify!($module), |bench| {
                use b::$module as $m;
                let mut $x = 0_u64;
                bench.iter(|| {
                    $x = $x.wrapping_add(1);
                    $body
                });
            });
        )*
        group.finish();
    }};
}

/// `group!` over every error type.
macro_rules! every_type {
    ($c:ident, $name:literal, |$m:ident, $x:ident| $body:expr) => {
        b::for_each_type!(every_type, $c, $name, |$m, $x| $body)
    };
    ([$c:ident, $name:literal, |$m:ident, $x:ident| $body:expr] $($module:ident => $label:literal),* $(,)?) => {
        group!($c, $name, |$m, $x| $body, [$($module),*])
    };
}

fn scenarios(c: &mut Criterion) {
    fast_status::set_backtrace_capture(false);
    every_type!(c, "success", |m, x| m::check(black_box(x)).is_ok());
    every_type!(c, "code4", |m, x| m::code4(black_box(x))
        .map_err(|e| m::read_code(&e)));
    every_type!(c, "formatted4", |m, x| m::formatted4(black_box(x)).is_err());
    every_type!(c, "hex4", |m, x| m::hex4(black_box(x)).is_err());
    group!(
        c,
        "context4",
        |m, x| m::context4(black_box(x)).map_err(|e| m::read_code(&e)),
        [fast, arrow_before_fix, anyhow, df40]
    );
    group!(
        c,
        "ctx4long",
        |m, x| m::long_context4(black_box(x)).map_err(|e| m::read_code(&e)),
        [fast, arrow_before_fix, anyhow, df40]
    );
}

criterion_group!(benches, scenarios);

fn main() {
    b::harness::rerun_without_backtraces();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
