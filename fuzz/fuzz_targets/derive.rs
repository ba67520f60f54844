//! The derive and `status!` on arbitrary input: an enum-shaped item built from the fuzzer's
//! bytes (names, attributes, fields, discriminants and format strings drawn from what users
//! write and get wrong), arbitrary text parsed as an item, or arbitrary `status!` arguments.
//! The macros must answer with tokens or a compile error, never a panic; the derive's tokens
//! must parse as items.
#![no_main]

use fast_status_fuzz::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: Input| input.check());
