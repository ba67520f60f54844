//! `status!` with plain `{}` placeholders splits its message at compile time, and writes integer
//! and string arguments without `core::fmt`. Whatever route a message takes, its text must be
//! exactly what `format!` writes for the same arguments: these tests compare the two over the
//! edge values of every integer type, strings around the copy thresholds, every placeholder
//! form, and the messages that keep the `format_args!` route.

mod common;

use std::cell::Cell;
use std::fmt;

use common::{Status, StatusCode};
use fast_status::status;

/// `status!(StatusCode::Invalid, <format>, <args>)` against `format!(<format>, <args>)`.
macro_rules! same_as_format {
    ($($message:tt)+) => {{
        let status = status!(StatusCode::Invalid, $($message)+);
        assert_eq!(status.message(), format!($($message)+));
        assert_eq!(status.code(), StatusCode::Invalid);
        assert_eq!(status.location().map(|l| l.file()), Some(file!()));
    }};
}

/// The values where a decimal writer goes wrong: each power of ten and its neighbours, and the
/// type's extremes.
fn edges() -> Vec<u64> {
    let mut values = vec![0, 1, u64::MAX, u64::MAX - 1];
    let mut power = 1_u64;
    while let Some(next) = power.checked_mul(10) {
        power = next;
        values.extend([power - 1, power, power + 1]);
    }
    values
}

/// Checks every value of `edges()` (and its negation) that fits in each of the `$ty`s, and
/// their extremes, as a named capture and as a positional argument.
macro_rules! check_integers {
    ($($ty:ty),*) => {$(
        let mut values = vec![<$ty>::MIN, <$ty>::MAX];
        for n in edges() {
            values.extend(<$ty>::try_from(n));
            values.extend(i64::try_from(n).ok().and_then(|n| <$ty>::try_from(-n).ok()));
        }
        for n in values {
            same_as_format!("n = {n}");
            same_as_format!("[{}]", n);
            same_as_format!("{n:x} {n:X} {n:#x} {n:#X}");
            same_as_format!("[{:#x}]", n);
        }
    )*};
}

#[test]
fn integers_write_what_format_writes() {
    check_integers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
    // Every number up to five digits; under Miri (which interprets every instruction) a
    // sample of them, the edges above still whole.
    let step = if cfg!(miri) { 97 } else { 1 };
    for n in (-10_000..=10_000_i64).step_by(step) {
        same_as_format!("{n}");
    }
    // Every nibble count, in both cases, with and without the prefix (under Miri, a sample).
    for shift in (0..64).step_by(if cfg!(miri) { 7 } else { 1 }) {
        for n in [1_u64 << shift, (1_u64 << shift) - 1, (1_u64 << shift) | 0xa] {
            same_as_format!("{n:x}|{n:X}|{n:#x}|{n:#X}");
        }
    }
    // An integer literal is an `i32`, as in `format!`.
    same_as_format!("{} and {}", -7, 7);
    same_as_format!("{:x} and {:#X}", -7, 7);
    let (a, b, c) = (1_u8, -2_i16, u64::MAX);
    same_as_format!("{a}{b}{c}{a}");
}

#[test]
fn strings_and_bools_write_what_format_writes() {
    let short = "é";
    let exact = "0123456789abcdef"; // the longest piece copied inline
    let longer = "0123456789abcdefg";
    let long = "ü".repeat(300);
    let owned = String::from("owned");
    let empty = "";
    let (yes, no) = (true, false);
    same_as_format!("{short}|{exact}|{longer}|{empty}|{owned}|{yes}|{no}");
    same_as_format!("{long} then {}", long.len());
    same_as_format!("{}", owned);
    same_as_format!("{short}");
    // Text alone: static with a constant code, one piece with a run-time one.
    assert_eq!(
        status!(StatusCode::Invalid, "text {{only}}").message(),
        "text {only}"
    );
    let code = StatusCode::Parse;
    let status = status!(code, "text {{only}}");
    assert_eq!((status.code(), status.message()), (code, "text {only}"));
    assert!(status.location().is_some());
}

#[test]
fn every_placeholder_form_writes_what_format_writes() {
    let x = 5_u32;
    let name = "col";
    same_as_format!("{0} {1} {0} {}", 1, 2);
    same_as_format!("{a}-{b}-{a}", a = 1, b = "two");
    same_as_format!("{x} {y} {x}", y = 3);
    same_as_format!("{name}[{x}] = {}", x + 1);
    same_as_format!("{{literal}} {{{x}}} }}{{");
    same_as_format!("escapes \n\t\"{x}\"\\ and unicode ✓ {name}");
    same_as_format!(r"raw {x} \n");
    same_as_format!("trailing comma {}", x,);
    same_as_format!("{}", "just one string");
    same_as_format!("{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}{x}");
}

/// A `Display` that is none of the integer or string types.
struct Point(i32, i32);

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

/// Its flags passed on: `{:#x}` writes `0x1:0x2`.
impl fmt::LowerHex for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)?;
        f.write_str(":")?;
        fmt::LowerHex::fmt(&self.1, f)
    }
}

impl fmt::UpperHex for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&self.0, f)?;
        f.write_str(":")?;
        fmt::UpperHex::fmt(&self.1, f)
    }
}

fn generic<T: fmt::Display>(value: T) -> Status {
    status!(StatusCode::Invalid, "generic {value} and {}", 1)
}

#[test]
fn other_arguments_and_format_specs_write_what_format_writes() {
    let point = Point(-1, 2);
    let float = 2.5_f64;
    let ch = 'ß';
    let x = 255_u64;
    let text = "pad";
    // Display arguments beside integer and string ones.
    same_as_format!("{point} at {x} in {text}, {float} {ch}");
    same_as_format!("{}", point);
    same_as_format!("{}", &x);
    same_as_format!("{}", 1_u128 << 100);
    same_as_format!("{}", Box::new(7_u8) as Box<dyn fmt::Display>);
    assert_eq!(generic(7_u64).message(), "generic 7 and 1");
    // Format specs other than the hex ones take the `format_args!` route whole.
    same_as_format!("{x:>6}|{x:#x}|{x:08b}|{text:?}|{text:<5}|{float:.3}");
    // Hex specs on other types: their own `LowerHex`/`UpperHex`.
    let big = u128::MAX - 1;
    let wrapped = std::num::Wrapping(-2_i8);
    let nonzero = std::num::NonZeroU32::MIN;
    same_as_format!("{big:x} {big:#X} {wrapped:#x} {nonzero:X} {point:x} {point:#X}");
    same_as_format!("{:#x} at {}", &x, x);
    same_as_format!("{:?} {}", point.0, x);
    same_as_format!("{0:?} {0}", text);
    // A message longer than the first pass's stack buffer, through a `Display` argument.
    let long = "z".repeat(1000);
    same_as_format!("{point} {long}");
}

#[test]
fn numbers_across_the_first_pass_buffer_write_what_format_writes() {
    // A `Display` argument sends the message through the first pass's 128-byte stack buffer;
    // a number that does not fit there is cut, then written whole into the message's
    // allocation. Every position across the buffer's end, for the widest numbers.
    let point = Point(1, 2);
    for pad in 100..130 {
        let text = "t".repeat(pad);
        let (n, i) = (u64::MAX, i64::MIN);
        same_as_format!("{point}{text}{n}|{i}|{n:x}|{n:#X}");
    }
}

#[test]
fn messages_of_up_to_and_past_12_pieces_write_what_format_writes() {
    // A message of up to 12 pieces is written by the function compiled for its shape
    // (`Parts`), a longer one by a loop over its pieces (`from_pieces`): messages on both sides
    // of that count, of integers, strings and text between them, and with a `Display` argument
    // among them (the route with a first pass).
    let (a, b, c, d) = (7_u8, -1_234_i32, u64::MAX, "text");
    let point = Point(5, 6);
    same_as_format!("{a}{b}{c}{d}{a}{b}{c}{d}");
    same_as_format!("{a}-{b}-{c}-{d}-{a}-{b}");
    same_as_format!("{a}-{b}-{c}-{d}-{a}-{b}-");
    same_as_format!("<{a}-{b}-{c}-{d}-{a}-{b}-");
    same_as_format!("<{a}-{b}-{c}-{d}-{a}-{b}-{c}-{d}-{a:#x}-{b:X} {c} {d}!");
    same_as_format!("<{a}-{b}-{c}-{d}-{a}-{b}-{point}-");
    same_as_format!("<{a}-{b}-{c}-{d}-{a}-{b}-{c}-{d}-{point}-{b:X} {c} {d}!");
}

#[test]
fn value_form_writes_what_format_writes() {
    let x = 42_u16;
    let text = String::from("as a value");
    assert_eq!(status!(StatusCode::Invalid, x).message(), "42");
    assert_eq!(status!(StatusCode::Invalid, text).message(), "as a value");
    assert_eq!(
        status!(StatusCode::Invalid, Point(3, 4)).message(),
        "(3, 4)"
    );
}

#[test]
fn code_then_arguments_are_evaluated_once_in_order() {
    let order = Cell::new(Vec::new());
    let step = |what: &'static str| {
        let mut seen = order.take();
        seen.push(what);
        order.set(seen);
    };
    let code = || {
        step("code");
        StatusCode::KeyError
    };
    let first = || {
        step("first");
        1_u8
    };
    let second = || {
        step("second");
        "two"
    };
    let status = status!(
        code(),
        "{1} {0} {1} {b}",
        first(),
        second(),
        b = Point(0, 0)
    );
    assert_eq!(status.message(), "two 1 two (0, 0)");
    assert_eq!(status.code(), StatusCode::KeyError);
    assert_eq!(order.take(), ["code", "first", "second"]);
}

#[test]
fn arguments_borrowed_from_temporaries_live_long_enough() {
    let status = status!(
        StatusCode::Invalid,
        "{} {}",
        String::from("temporary"),
        5.to_string()
    );
    assert_eq!(status.message(), "temporary 5");
    assert_eq!(in_tail_position().message(), "2 [1, 2]");
}

/// A split message as a function's tail, with arguments borrowed from temporaries there.
fn in_tail_position() -> Status {
    status!(
        StatusCode::Invalid,
        "{} {}",
        vec![1, 2].len(),
        format!("{:?}", [1, 2])
    )
}

/// Writes `"partial"`, then fails.
struct Failing;

impl fmt::Display for Failing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("partial")?;
        Err(fmt::Error)
    }
}

#[test]
fn a_failing_display_ends_the_message_on_every_route() {
    let x = 1_u8;
    // Split, with a `Display` piece; with a format spec, through `format_args!`.
    let split = status!(StatusCode::Invalid, "{x} {} {x}", Failing);
    let spec = status!(StatusCode::Invalid, "{x:?} {} {x}", Failing);
    assert_eq!(split.message(), "1 partial");
    assert_eq!(spec.message(), "1 partial");
}

/// Writes 300 bytes on its first call (more than the stack pass holds, so a second pass writes
/// into the message's allocation) and panics on its second.
struct PanicsOnSecondPass(Cell<usize>);

impl fmt::Display for PanicsOnSecondPass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.set(self.0.get() + 1);
        assert!(self.0.get() < 2, "Display panicked on purpose");
        f.write_str(&"p".repeat(300))
    }
}

#[test]
fn a_panicking_display_frees_the_message_and_the_panic_goes_on() {
    let x = 1_u8;
    let result = std::panic::catch_unwind(|| {
        let value = PanicsOnSecondPass(Cell::new(0));
        status!(StatusCode::Invalid, "{x} {}", value)
    });
    // Nothing leaks: the memory checks (`scripts/check-memory.sh`) run this test.
    assert!(result.is_err());
}

/// `bail!` and `ensure!` pass the message through one more macro: captures still resolve.
fn check_len(buf: &[u8], limit: usize) -> Result<usize, Status> {
    let len = buf.len();
    fast_status::ensure!(len > 0, StatusCode::Invalid, "empty buffer, limit {limit}");
    if len > limit {
        fast_status::bail!(StatusCode::Invalid, "{len} bytes over the limit {}", limit);
    }
    Ok(len)
}

#[test]
fn bail_and_ensure_split_their_messages_too() {
    assert_eq!(check_len(&[1], 4), Ok(1));
    assert_eq!(
        check_len(&[], 4).unwrap_err().message(),
        "empty buffer, limit 4"
    );
    assert_eq!(
        check_len(&[1, 2, 3], 2).unwrap_err().message(),
        "3 bytes over the limit 2"
    );
}

/// The piece an argument becomes, by the calls a split message's expansion makes for it (the
/// route at the error site, the piece in the generated function; pinned by
/// `tests/expand/status-forms.expanded.rs`), written as text.
macro_rules! piece_of {
    ($value:expr) => {{
        #[allow(unused_imports, reason = "each value needs one of the two traits")]
        use fast_status::__private::{
            IntoPiece as _, Piece, PieceOf, ViaDisplay as _, ViaExact as _,
        };
        match (&&PieceOf(&$value)).__fast_status_piece().into_piece() {
            Piece::Str(text) => format!("str {text:?}"),
            Piece::Unsigned(n) => format!("unsigned {n}"),
            Piece::Signed(n) => format!("signed {n}"),
            Piece::Display(value) => format!("display {value}"),
            _ => "another piece".to_owned(),
        }
    }};
}

/// The piece an argument becomes with `{:#x}` (`LowerHexOf`, as the expansion writes it).
macro_rules! hex_piece_of {
    ($value:expr) => {{
        #[allow(unused_imports, reason = "each value needs one of the two traits")]
        use fast_status::__private::{
            IntoHexPiece as _, LowerHexOf, Piece, ViaExact as _, ViaFormat as _,
        };
        match (&&LowerHexOf(&$value))
            .__fast_status_piece()
            .into_hex_piece(false, true)
        {
            Piece::Hex {
                value,
                upper: false,
                prefix: true,
            } => format!("hex {value:#x}"),
            Piece::LowerHex(value, true) => format!("lower hex {value:#x}"),
            _ => "another piece".to_owned(),
        }
    }};
}

fn piece_of_generic<T: fmt::Display>(value: T) -> String {
    piece_of!(value)
}

/// The type of the part an argument becomes in the tuple the generated function passes on
/// (`into_part`, as the expansion writes it).
macro_rules! part_type {
    ($value:expr) => {{
        #[allow(unused_imports, reason = "each value needs one of the two traits")]
        use fast_status::__private::{IntoPiece as _, PieceOf, ViaDisplay as _, ViaExact as _};
        std::any::type_name_of_val(&(&&PieceOf(&$value)).__fast_status_piece().into_part())
    }};
}

/// `part_type!` with a hex spec (`into_hex_part`).
macro_rules! hex_part_type {
    ($value:expr) => {{
        #[allow(unused_imports, reason = "each value needs one of the two traits")]
        use fast_status::__private::{
            IntoHexPiece as _, LowerHexOf, ViaExact as _, ViaFormat as _,
        };
        std::any::type_name_of_val(
            &(&&LowerHexOf(&$value))
                .__fast_status_piece()
                .into_hex_part(),
        )
    }};
}

/// Messages whose arguments differ only in their integer types, or in a `bool` against a
/// string, have the same parts, and so share the one function compiled for their shape
/// (`Parts::make`); the text is still what `format!` writes (the tests above).
#[test]
fn integers_of_any_width_and_bools_share_a_part_type() {
    let unsigned = part_type!(7_u64);
    for other in [
        part_type!(7_u8),
        part_type!(7_u16),
        part_type!(7_u32),
        part_type!(7_usize),
    ] {
        assert_eq!(other, unsigned);
    }
    let signed = part_type!(-7_i64);
    for other in [
        part_type!(-7_i8),
        part_type!(-7_i16),
        part_type!(-7_i32),
        part_type!(-7_isize),
    ] {
        assert_eq!(other, signed);
    }
    assert_ne!(signed, unsigned);
    let text = part_type!("t");
    assert_eq!(part_type!(true), text);
    assert_eq!(part_type!(String::from("o")), text);
    let hex = hex_part_type!(7_u64);
    for other in [
        hex_part_type!(7_u8),
        hex_part_type!(-7_i32),
        hex_part_type!(7_usize),
    ] {
        assert_eq!(other, hex);
    }
    // Anything else keeps its own type: it is written by its `Display`.
    assert_ne!(part_type!(2.5_f64), part_type!(2.5_f32));
}

/// Text equality alone would pass if every argument went through `Display`: this pins which
/// types skip `core::fmt`.
#[test]
fn integers_and_strings_take_the_exact_route_and_the_rest_display() {
    assert_eq!(piece_of!(7_u8), "unsigned 7");
    assert_eq!(piece_of!(7_u16), "unsigned 7");
    assert_eq!(piece_of!(7_u32), "unsigned 7");
    assert_eq!(piece_of!(u64::MAX), format!("unsigned {}", u64::MAX));
    assert_eq!(piece_of!(7_usize), "unsigned 7");
    assert_eq!(piece_of!(-7_i8), "signed -7");
    assert_eq!(piece_of!(-7_i16), "signed -7");
    assert_eq!(piece_of!(-7_i32), "signed -7");
    assert_eq!(piece_of!(i64::MIN), format!("signed {}", i64::MIN));
    assert_eq!(piece_of!(-7_isize), "signed -7");
    assert_eq!(piece_of!(7), "signed 7", "an integer literal is an i32");
    let (text, owned) = ("t", String::from("o"));
    assert_eq!(piece_of!(text), "str \"t\"");
    assert_eq!(piece_of!(*text), "str \"t\"");
    assert_eq!(piece_of!(owned), "str \"o\"");
    assert_eq!(piece_of!(true), "str \"true\"");
    // Everything else, including references to the types above and generic code.
    assert_eq!(piece_of!(2.5_f64), "display 2.5");
    assert_eq!(piece_of!('c'), "display c");
    assert_eq!(piece_of!(1_u128), "display 1");
    assert_eq!(piece_of!(&7_u64), "display 7");
    assert_eq!(piece_of!(Point(1, 2)), "display (1, 2)");
    assert_eq!(piece_of_generic(7_u64), "display 7");
    // With a hex spec: the integers as their bits in their own width, the rest `LowerHex`.
    assert_eq!(hex_piece_of!(255_u8), "hex 0xff");
    assert_eq!(hex_piece_of!(-1_i8), "hex 0xff");
    assert_eq!(hex_piece_of!(-1_i32), "hex 0xffffffff");
    // `isize` in its own width: 64 bits here, 32 on a 32-bit target.
    let isize_bits = if cfg!(target_pointer_width = "64") {
        "hex 0xffffffffffffffff"
    } else {
        "hex 0xffffffff"
    };
    assert_eq!(hex_piece_of!(-1_isize), isize_bits);
    assert_eq!(hex_piece_of!(u64::MAX), "hex 0xffffffffffffffff");
    assert_eq!(hex_piece_of!(1_u128), "lower hex 0x1");
    assert_eq!(hex_piece_of!(&7_u64), "lower hex 0x7");
    assert_eq!(hex_piece_of!(Point(1, 2)), "lower hex 0x1:0x2");
}
