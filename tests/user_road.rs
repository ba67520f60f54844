//! A new user's program, as the crate docs lead one to write it: a record validator with kinds
//! that carry a line number, a `String` field name, `#[from]` conversions, context lines,
//! `bail!`, a skip-and-count loop over 100,000 records, one report, anyhow at the top, and
//! tests that match kinds in one step.

use std::collections::HashMap;
use std::num::ParseIntError;

use fast_status::{FastStatus, Pack, ResultExt, bail};

/// The fields a record has.
#[derive(Pack, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Name,
    Quantity,
}

/// Why a record was rejected.
#[derive(FastStatus, Debug)]
#[status(name = RecordError)]
pub enum RecordErrorKind {
    #[error("line {line}: missing {column:?}")]
    Missing { line: u32, column: Column },
    #[error("line {line}: quantity {qty} is over {MAX_QTY}")]
    TooLarge { line: u32, qty: u64 },
    #[error("unknown product {0:?}")]
    Unknown(String),
    #[error("bad quantity")]
    Number(#[from] ParseIntError),
    #[error("reading the batch failed")]
    Io(#[from] std::io::Error),
}

const MAX_QTY: u64 = 1_000;

/// One record, `name,qty`: its quantity.
fn record(line: u32, text: &str) -> Result<u64, RecordError> {
    let mut fields = text.split(',');
    let name = fields.next().filter(|name| !name.is_empty());
    let Some(name) = name else {
        return Err(RecordError::missing(line, Column::Name));
    };
    let Some(qty) = fields.next() else {
        return Err(RecordErrorKind::Missing {
            line,
            column: Column::Quantity,
        }
        .into());
    };
    let qty: u64 = qty.trim().parse()?;
    if qty > MAX_QTY {
        return Err(RecordError::too_large(line, qty));
    }
    if name.starts_with('?') {
        bail!(RecordErrorCode::Unknown, "no such product");
    }
    if name.starts_with('#') {
        return Err(RecordError::unknown(format_args!("{name}")));
    }
    Ok(qty)
}

/// What a batch summed to, the failures counted by code, the first failure kept.
struct Summary {
    total: u64,
    skipped: HashMap<RecordErrorCode, usize>,
    first: Option<RecordError>,
}

/// Sums a batch's records, skipping the bad ones.
fn batch(batch: u32, lines: &[String]) -> Summary {
    let mut summary = Summary {
        total: 0,
        skipped: HashMap::new(),
        first: None,
    };
    for (at, text) in lines.iter().enumerate() {
        let line = u32::try_from(at + 1).unwrap_or(u32::MAX);
        match record(line, text).with_context(|| format!("batch {batch}")) {
            Ok(qty) => summary.total += qty,
            Err(error) => {
                *summary.skipped.entry(error.code()).or_insert(0) += 1;
                summary.first.get_or_insert(error);
            }
        }
    }
    summary
}

/// 100,000 records, one in ten bad, each way a record can be.
fn records() -> Vec<String> {
    (0..100_000_u32)
        .map(|i| match i % 20 {
            3 => String::new(),
            7 => "bolt".to_owned(),
            11 => "bolt,x".to_owned(),
            13 => "bolt,5000".to_owned(),
            17 => "#bolt,1".to_owned(),
            _ => format!("bolt,{}", i % 10),
        })
        .collect()
}

#[test]
fn a_batch_is_summed_and_its_failures_counted_by_code() {
    let summary = batch(2, &records());
    let count = |code| summary.skipped.get(&code).copied().unwrap_or(0);
    assert_eq!(count(RecordErrorCode::Missing), 10_000);
    assert_eq!(count(RecordErrorCode::Number), 5_000);
    assert_eq!(count(RecordErrorCode::TooLarge), 5_000);
    assert_eq!(count(RecordErrorCode::Unknown), 5_000);
    let expected: u64 = (0..100_000_u64)
        .filter(|i| ![3, 7, 11, 13, 17].contains(&(i % 20)))
        .map(|i| i % 10)
        .sum();
    assert_eq!(summary.total, expected);

    // The first failure, with the line that says where, as a person reads it.
    let first = summary.first.expect("a bad record");
    let report = format!("{first:#}");
    assert!(
        report.starts_with("line 4: missing Name\n  context: batch 2 (at "),
        "{report}"
    );
    assert!(matches!(
        first.kind().as_deref(),
        Some(RecordErrorKind::Missing {
            line: 4,
            column: Column::Name
        })
    ));
}

#[test]
fn failures_match_their_kinds_in_one_step() {
    assert!(matches!(record(1, "bolt,2").kinds(), Ok(2)));
    assert!(matches!(
        record(9, "bolt").kinds(),
        Err(RecordErrorKind::Missing {
            line: 9,
            column: Column::Quantity
        })
    ));
    assert!(matches!(
        record(1, "bolt,x").kinds(),
        Err(RecordErrorKind::Number(_))
    ));
    match record(5, "bolt,5000").kinds() {
        Err(RecordErrorKind::TooLarge { qty, .. }) if qty > MAX_QTY => {}
        other => panic!("expected TooLarge, got {other:?}"),
    }
    match record(1, "#bolt,1").kinds() {
        Err(RecordErrorKind::Unknown(name)) => assert_eq!(name, "#bolt"),
        other => panic!("expected Unknown, got {other:?}"),
    }
    // A status made from a code has no kind to give: ask the status.
    let unknown = record(1, "?bolt,1").unwrap_err();
    assert!(unknown.is_unknown() && unknown.kind().is_none());
    assert_eq!(unknown.to_string(), "Unknown: no such product");
}

#[test]
fn io_failures_convert_and_anyhow_reports_them() {
    fn load(path: &str) -> Result<String, RecordError> {
        let text = std::fs::read_to_string(path).or_status(RecordErrorCode::Io)?;
        Ok(text)
    }
    fn main_like(path: &str) -> anyhow::Result<u64> {
        let text = load(path).context("loading the batch")?;
        Ok(batch(1, &text.lines().map(str::to_owned).collect::<Vec<_>>()).total)
    }

    let error = load("/no/such/batch.csv").unwrap_err();
    assert!(matches!(
        error.kind().as_deref(),
        Some(RecordErrorKind::Io(_))
    ));
    let report = format!("{:#}", main_like("/no/such/batch.csv").unwrap_err());
    assert!(
        report.starts_with("reading the batch failed: loading the batch: No such file"),
        "{report}"
    );
}
