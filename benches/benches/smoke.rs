//! A smoke benchmark: the success path, a code-only error, a formatted error and a clone.
//! The peer comparison and instruction counts live in the performance work (issue 4).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fast_status_benches::{check, fail_code, fail_formatted};

fn smoke(c: &mut Criterion) {
    c.bench_function("success path", |b| b.iter(|| check(black_box(7)).is_ok()));
    c.bench_function("code-only error", |b| b.iter(|| fail_code().is_err()));
    c.bench_function("formatted error", |b| {
        b.iter(|| fail_formatted(black_box(7)).is_err());
    });
    let heap = fail_formatted(3).unwrap_err();
    c.bench_function("clone of a heap status", |b| {
        b.iter(|| black_box(&heap).clone());
    });
}

criterion_group!(benches, smoke);
criterion_main!(benches);
