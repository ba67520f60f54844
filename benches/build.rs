//! Records how the benchmarks are built, so their output can say it: the opt-level, and whether
//! functions and loops are aligned (`scripts/readpath.sh aligned` builds them so).

fn main() {
    let level = std::env::var("OPT_LEVEL").unwrap_or_else(|_| "?".to_owned());
    println!("cargo:rustc-env=BENCH_OPT_LEVEL={level}");
    println!("cargo:rerun-if-env-changed=OPT_LEVEL");

    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let aligned = flags.contains("-align-all-functions=") && flags.contains("-align-loops=");
    let placement = if aligned {
        "functions and loops aligned to 64 bytes"
    } else {
        "code placed as the compiler places it"
    };
    println!("cargo:rustc-env=BENCH_CODE_PLACEMENT={placement}");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
}
