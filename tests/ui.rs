//! Every mistake the derive rejects gets a compile error on the offending token that says how to
//! fix it. One file per mistake in `tests/ui`; `TRYBUILD=overwrite` regenerates the `.stderr`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
