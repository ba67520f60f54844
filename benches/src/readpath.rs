//! The read-path workload behind the Arrow fix: decode little-endian `u32` records, one
//! status-returning call per value, and sum them. `baseline` is the same loop with no error
//! handling at all.

/// Values above this are invalid (the benchmark data never has one).
pub const LIMIT: u32 = 1 << 24;

/// `bytes` of records, every value valid.
pub fn records(bytes: usize) -> Vec<u8> {
    (0..bytes / 4)
        .flat_map(|i| u32::try_from(i % 1000).unwrap_or(0).to_le_bytes())
        .collect()
}

/// The loop with no error handling.
pub mod baseline {
    #[inline(never)]
    pub fn decode(buf: &[u8], pos: usize) -> u64 {
        // The same single range check as the error-returning versions, without an error.
        let bytes = buf.get(pos..pos + 4).unwrap_or(&[0; 4]);
        u64::from(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    }

    #[inline(never)]
    pub fn sum(buf: &[u8]) -> u64 {
        let mut sum = 0;
        let mut pos = 0;
        while pos + 4 <= buf.len() {
            sum += decode(buf, pos);
            pos += 4;
        }
        sum
    }
}

macro_rules! read_path {
    ([] $($module:ident => $label:literal),* $(,)?) => {
        $(
            /// The read path with this module's error type.
            pub mod $module {
                use crate::$module::{E, make_code};

                #[inline(never)]
                pub fn decode(buf: &[u8], pos: usize) -> Result<u64, E> {
                    let Some(bytes) = buf.get(pos..pos + 4) else {
                        return Err(make_code());
                    };
                    let value = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                    if value > super::LIMIT {
                        return Err(make_code());
                    }
                    Ok(u64::from(value))
                }

                #[inline(never)]
                pub fn sum(buf: &[u8]) -> Result<u64, E> {
                    let mut sum = 0;
                    let mut pos = 0;
                    while pos + 4 <= buf.len() {
                        sum += decode(buf, pos)?;
                        pos += 4;
                    }
                    Ok(sum)
                }
            }
        )*
    };
}

crate::for_each_type!(read_path);
read_path!([] floor_copy => "floor, second copy");

/// The read path with an error type with fields (`crate::fields`): the error branch builds
/// `TooBig { size, len }` from two numbers of the loop.
macro_rules! read_path_fields {
    ($($name:ident => $module:ident,)*) => {
        $(
            /// The read path with this error type with fields.
            pub mod $name {
                use crate::fields::$module::{E, make_heap};

                #[inline(never)]
                pub fn decode(buf: &[u8], pos: usize) -> Result<u64, E> {
                    let Some(bytes) = buf.get(pos..pos + 4) else {
                        return Err(make_heap(pos + 4, buf.len()));
                    };
                    let value = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                    if value > super::LIMIT {
                        return Err(make_heap(value as usize, super::LIMIT as usize));
                    }
                    Ok(u64::from(value))
                }

                #[inline(never)]
                pub fn sum(buf: &[u8]) -> Result<u64, E> {
                    let mut sum = 0;
                    let mut pos = 0;
                    while pos + 4 <= buf.len() {
                        sum += decode(buf, pos)?;
                        pos += 4;
                    }
                    Ok(sum)
                }
            }
        )*
    };
}

read_path_fields! {
    fields_by_value => by_value,
    fields_boxed => boxed,
    fields_fast => fast,
    fields_anyhow => anyhow,
}
