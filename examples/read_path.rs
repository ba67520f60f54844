//! A small columnar-style reader: decodes length-prefixed records with one status-returning
//! call per value, then shows what a failure looks like.
//!
//! Run it with `cargo run --release --example read_path`.

use std::time::Instant;

use fast_status::{Code, FastStatus, ResultExt, status};

/// Why decoding failed.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
#[status(name = Status, backtrace)]
pub enum StatusCode {
    /// The buffer ended inside a record.
    #[status(display = "Truncated")]
    Truncated = 1,
    /// A record's value is out of range.
    Invalid,
    /// Reading the input failed.
    #[status(from = std::io::Error)]
    IOError,
}

/// Records larger than this are invalid.
const MAX_VALUE: u32 = 1 << 24;

/// Decodes the little-endian `u32` at `pos`, one call per value as a real reader would.
#[inline(never)]
fn decode_value(buf: &[u8], pos: usize) -> Result<u32, Status> {
    let Some(bytes) = buf.get(pos..pos + 4) else {
        return Err(status!(StatusCode::Truncated, "record cut short"));
    };
    let value = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    ensure_in_range(value)?;
    Ok(value)
}

/// Rejects values above `MAX_VALUE` with a formatted message (one allocation, only then).
#[inline]
fn ensure_in_range(value: u32) -> Result<(), Status> {
    if value > MAX_VALUE {
        return Err(Status::invalid(format_args!(
            "value {value} is above the limit {MAX_VALUE}"
        )));
    }
    Ok(())
}

/// Which record failed: attached to the status as a typed detail.
#[derive(Debug)]
#[allow(dead_code, reason = "shown through `Debug`")]
struct Record {
    index: usize,
}

/// Reads a column chunk from disk; a foreign error becomes the status's source.
fn read_chunk(path: &str) -> Result<Vec<u8>, Status> {
    std::fs::read(path)
        .or_status(StatusCode::IOError)
        .context(format_args!("opening column chunk {path}"))
}

/// Sums every value of `buf`, failing on the first bad record.
fn sum_column(buf: &[u8]) -> Result<u64, Status> {
    let mut sum = 0_u64;
    let mut pos = 0;
    while pos < buf.len() {
        let value = decode_value(buf, pos).map_err(|s| {
            s.with_detail(Record { index: pos / 4 })
                .context(format_args!("decoding the value at byte {pos}"))
        })?;
        sum += u64::from(value);
        pos += 4;
    }
    Ok(sum)
}

fn main() -> Result<(), Status> {
    const VALUES: usize = 8 << 20; // 32 MiB of records
    let buf: Vec<u8> = (0..VALUES)
        .flat_map(|i| u32::try_from(i % 1000).unwrap_or(0).to_le_bytes())
        .collect();

    println!(
        "fast-status read path: {} MiB, one status-returning call per value",
        buf.len() >> 20
    );
    println!(
        "  size_of::<Status>() = {}, Option<Status> = {}, Result<(), Status> = {}, Result<u64, Status> = {}",
        size_of::<Status>(),
        size_of::<Option<Status>>(),
        size_of::<Result<(), Status>>(),
        size_of::<Result<u64, Status>>(),
    );

    let start = Instant::now();
    let sum = sum_column(&buf)?;
    let elapsed = start.elapsed();
    println!(
        "  decoded {VALUES} values (sum {sum}) in {:.1} ms: {:.0} MB/s",
        elapsed.as_secs_f64() * 1e3,
        f64::from(u32::try_from(buf.len()).unwrap_or(u32::MAX)) / elapsed.as_secs_f64() / 1e6
    );

    println!("\nWhat failures look like (RUST_BACKTRACE=1 adds a backtrace to {{:?}}):");
    let truncated = sum_column(&buf[..buf.len() - 1]).unwrap_err();
    println!("\n== a static status: zero allocations\n{truncated}");

    let mut bad = buf.clone();
    bad[4000..4004].copy_from_slice(&u32::MAX.to_le_bytes());
    let invalid = sum_column(&bad)
        .context("summing column `price`")
        .unwrap_err();
    println!(
        "\n== code {:?} (raw {}), is_invalid() = {}",
        invalid.code(),
        invalid.code().to_raw(),
        invalid.is_invalid()
    );
    println!("\n== Display, {{}}\n{invalid}");
    println!("\n== alternate Display, {{:#}}\n{invalid:#}");
    println!("\n== Debug, {{:?}}: what `fn main() -> Result<(), Status>` prints\n{invalid:?}");
    println!("\n== structural Debug, {{:#?}}\n{invalid:#?}");

    let io = read_chunk("/no/such/chunk.bin").unwrap_err();
    println!("\n== from a foreign error with .or_status(..), {{:#}}\n{io:#}");
    Ok(())
}
