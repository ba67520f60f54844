//! A status through JSON and back: code, message, creation site and context lines survive,
//! also through a second trip; an unknown or renamed code is an error, never a panic.

use fast_status::{FastStatus, Remote, status};

/// The codes both ends know.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
#[status(name = Status)]
pub enum StatusCode {
    /// Malformed input.
    Invalid = 3,
    /// Not there.
    NotFound = 7,
}

/// A kind enum: its statuses cross as their codes.
#[derive(FastStatus, Debug)]
#[status(name = ParseError)]
pub enum ParseErrorKind {
    /// Two numbers.
    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    /// No fields: it comes back from its code alone.
    #[error("unexpected end of input")]
    Eof,
    /// A message alone: its constructor writes the text into the status.
    #[error("syntax: {0}")]
    Syntax(String),
}

fn json(status: &Status) -> String {
    serde_json::to_string(status).expect("serializes")
}

#[test]
fn a_status_crosses_and_keeps_everything_it_can() {
    let status = Status::invalid(format_args!("bad header {}", 7))
        .context("reading table 7")
        .context("serving /t");
    let created = status.location().expect("a location");
    let lines: Vec<(String, String)> = status
        .context_lines()
        .map(|(text, at)| (text.to_owned(), at.to_string()))
        .collect();
    let text = json(&status);
    assert_eq!(
        text,
        format!(
            r#"{{"code":3,"name":"Invalid","message":"bad header 7","location":"{created}","context":[{{"text":"reading table 7","location":"{}"}},{{"text":"serving /t","location":"{}"}}]}}"#,
            lines[0].1, lines[1].1
        )
    );

    let back: Status = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(back, status, "code and message");
    assert_eq!(back.to_string(), "Invalid: bad header 7");
    // Locations of another process are not locations of this one: they are its detail.
    assert_eq!(back.location(), None);
    assert_eq!(back.context_lines().count(), 0);
    assert_eq!(
        back.detail::<Remote>(),
        Some(&Remote {
            text: None,
            location: Some(created.to_string()),
            context: lines,
        })
    );
    // The report shows it as the status's own creation site and lines, not as a detail.
    assert_eq!(format!("{back:?}"), format!("{status:?}"));
    assert!(format!("{back:#?}").contains("from another process, created at "));

    // A second trip, with a line added on the way, keeps the first trip's and adds its own.
    let relayed = back.context("relayed");
    let again: Status = serde_json::from_str(&json(&relayed)).expect("deserializes");
    let remote = again.detail::<Remote>().expect("the remote detail");
    assert_eq!(remote.location, Some(created.to_string()));
    let texts: Vec<&str> = remote.context.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(texts, ["reading table 7", "serving /t", "relayed"]);
}

/// What a status arrived with is shown by every report as it was shown before the trip, its
/// locations as text: `{:#}`, the report, and anyhow's `{:#}` and `{:?}`, which walk `source()`.
#[test]
fn every_report_shows_what_arrived() {
    let status = Status::invalid("bad header")
        .context("reading table 7")
        .context("serving /t");
    let created = status.location().expect("a location").to_string();
    let at: Vec<String> = status
        .context_lines()
        .map(|(_, location)| location.to_string())
        .collect();
    let back: Status = serde_json::from_str(&json(&status)).expect("deserializes");

    assert_eq!(format!("{back:#}"), format!("{status:#}"));
    assert_eq!(
        format!("{back:#}"),
        format!(
            "Invalid: bad header\n  context: reading table 7 (at {})\n  context: serving /t (at {})",
            at[0], at[1]
        )
    );
    assert_eq!(format!("{back:?}"), format!("{status:?}"));
    assert_eq!(
        format!("{:?}", back.report()),
        format!(
            "Invalid: bad header\n    at {created}\n\nContext:\n    0: reading table 7\n       at {}\n    1: serving /t\n       at {}",
            at[0], at[1]
        )
    );
    assert_eq!(back.chain().count(), status.chain().count());

    // A line added here follows the lines that arrived, in every report.
    let relayed = back.clone().context("relaying");
    let here = relayed.context_lines().next().expect("the new line").1;
    assert!(
        format!("{relayed:#}").ends_with(&format!(
            "context: serving /t (at {})\n  context: relaying (at {here})",
            at[1]
        )),
        "{relayed:#}"
    );

    let before = anyhow::Error::from(status);
    let after = anyhow::Error::from(back);
    assert_eq!(format!("{after:#}"), format!("{before:#}"));
    assert_eq!(
        format!("{after:#}"),
        "Invalid: bad header: serving /t: reading table 7"
    );
    // anyhow's `{:?}`, without the backtrace anyhow captures itself when the environment asks.
    let without_trace = |report: String| {
        report
            .split("\n\nStack backtrace:")
            .next()
            .map(str::to_owned)
    };
    assert_eq!(
        without_trace(format!("{after:?}")),
        without_trace(format!("{before:?}"))
    );
}

/// A status of kinds, wrapped by a status that arrived: the wrapped one's arrived lines show
/// as causes, beneath it.
#[test]
fn a_status_that_arrived_is_shown_as_a_cause_too() {
    let inner = Status::invalid("bad header").context("reading table 7");
    let back: Status = serde_json::from_str(&json(&inner)).expect("deserializes");
    let outer = ParseError::from(ParseErrorKind::Eof).with_source(back);
    let report = format!("{:#}", outer);
    assert!(
        report.starts_with("unexpected end of input\n  caused by: Invalid: bad header (at "),
        "{report}"
    );
    assert!(
        report.contains("\n  context: reading table 7 (at "),
        "{report}"
    );
}

#[test]
fn code_only_and_static_statuses_cross_too() {
    for status in [
        Status::from_code(StatusCode::NotFound),
        status!(StatusCode::Invalid, "static text"),
    ] {
        let back: Status = serde_json::from_str(&json(&status)).expect("deserializes");
        assert_eq!(back, status);
        assert_eq!(back.detail::<Remote>(), None, "nothing to keep");
    }
    assert_eq!(
        json(&Status::from_code(StatusCode::NotFound)),
        r#"{"code":7,"name":"NotFound","message":"","location":null,"context":[]}"#
    );
}

#[test]
fn a_kind_crosses_as_its_code_and_its_text() {
    let status = ParseError::too_big(1 << 26, 3).with_message("in the footer");
    let created = status
        .location()
        .expect("stored with its fields: a size over 26 bits");
    let text = serde_json::to_string(&status).expect("serializes");
    assert_eq!(
        text,
        format!(
            r#"{{"code":0,"name":"TooBig","text":"type is too big (67108864) for 3","message":"in the footer","location":"{created}","context":[]}}"#
        )
    );
    let back: ParseError = serde_json::from_str(&text).expect("deserializes");
    assert!(back.is_too_big());
    assert!(back.kind().is_none(), "the fields stay where they were");
    // Their text crossed: the reports read as they did.
    assert_eq!(back.to_string(), status.to_string());
    assert_eq!(
        back.to_string(),
        "type is too big (67108864) for 3: in the footer"
    );
    let report = format!("{:?}", back.report());
    assert!(
        report.starts_with("type is too big (67108864) for 3: in the footer\n"),
        "{report}"
    );
    // `{:?}` is the kind enum's `Debug`: without the fields, the variant's name, then the
    // message.
    assert_eq!(format!("{back:?}"), "TooBig\n\nMessage: in the footer");
    assert_eq!(
        back.detail::<Remote>().and_then(|r| r.text.as_deref()),
        Some("type is too big (67108864) for 3")
    );

    // A second trip keeps it, and a status of the code alone has none.
    let again: ParseError =
        serde_json::from_str(&serde_json::to_string(&back).expect("serializes"))
            .expect("deserializes");
    assert_eq!(again.to_string(), status.to_string());
    let code_only = ParseError::from_code(ParseErrorCode::TooBig);
    let json = serde_json::to_string(&code_only).expect("serializes");
    assert!(!json.contains(r#""text""#), "{json}");
    let back: ParseError = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back.to_string(), code_only.to_string());

    // Nor does a variant without fields, whose kind its code gives back.
    let eof = ParseError::from(ParseErrorKind::Eof).with_message("at byte 12");
    let json = serde_json::to_string(&eof).expect("serializes");
    assert!(!json.contains(r#""text""#), "{json}");
    let back: ParseError = serde_json::from_str(&json).expect("deserializes");
    assert!(matches!(back.kind().as_deref(), Some(ParseErrorKind::Eof)));
    assert_eq!(back.to_string(), "unexpected end of input: at byte 12");
}

#[test]
fn a_variant_made_from_text_crosses_as_its_text() {
    // The text is the variant's field, not a message: it crosses as the kind's text, as a
    // stored `Syntax(String)` would.
    let status = ParseError::syntax(format_args!("unexpected {:?}", '}'));
    let stored = ParseError::from(ParseErrorKind::Syntax("unexpected '}'".to_owned()));
    let json = serde_json::to_string(&status).expect("serializes");
    // The same fields, each status's own creation site aside.
    let fields = |status: &ParseError| {
        let mut value = serde_json::to_value(status).expect("serializes");
        value
            .as_object_mut()
            .expect("a map")
            .remove("location")
            .expect("a creation site");
        value
    };
    assert_eq!(fields(&status), fields(&stored));
    assert!(
        json.contains(r#""text":"syntax: unexpected '}'","message":"""#),
        "{json}"
    );
    let back: ParseError = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back.to_string(), "syntax: unexpected '}'");
    assert!(back.is_syntax());
}

#[test]
fn unknown_and_renamed_codes_are_errors() {
    let unknown = serde_json::from_str::<Status>(r#"{"code":9,"name":"Gone"}"#).unwrap_err();
    assert_eq!(
        unknown.to_string(),
        "unknown code 9 (`Gone`) for this status type"
    );
    let renamed = serde_json::from_str::<Status>(r#"{"code":3,"name":"Malformed"}"#).unwrap_err();
    assert!(
        renamed
            .to_string()
            .starts_with("code 3 is `Invalid` here but was `Malformed` where it was serialized"),
        "{renamed}"
    );
    let garbage = serde_json::from_str::<Status>(r#"{"code":"three"}"#);
    assert!(garbage.is_err());
    let extra = serde_json::from_str::<Status>(r#"{"code":3,"name":"Invalid","x":1}"#);
    assert!(extra.is_err(), "unknown fields are refused");
}

/// A peer's strings are escaped where a report prints them: a newline or a terminal escape in a
/// context line's text or a location cannot forge lines of the report.
#[test]
fn a_peer_cannot_forge_report_lines() {
    let text = r#"{"code":3,"name":"Invalid","message":"m","location":"a.rs:1:1\nCaused by: forged","context":[{"text":"line\n  context: forged \u001b[31m","location":"b.rs:2:2"}]}"#;
    let status: Status = serde_json::from_str(text).expect("deserializes");
    let remote = format!(
        "{:?}",
        status.detail::<Remote>().expect("the remote detail")
    );
    assert_eq!(
        remote,
        "from another process, created at a.rs:1:1\\nCaused by: forged\n      \
         context: line\\n  context: forged \\u{1b}[31m (at b.rs:2:2)"
    );
    // Every report, and the message too: the peer's control characters stay escaped.
    for report in [
        format!("{:?}", status.report()),
        format!("{status:#}"),
        format!("{:#}", anyhow::Error::from(status.clone())),
        format!("{:?}", anyhow::Error::from(status.clone())),
    ] {
        assert!(!report.contains("\nCaused by: forged"), "{report}");
        assert!(!report.contains("\n  context: forged"), "{report}");
        assert!(!report.contains('\u{1b}'), "{report}");
    }
    let forged: Status =
        serde_json::from_str(r#"{"code":3,"name":"Invalid","message":"m\n  context: x"}"#)
            .expect("deserializes");
    assert_eq!(forged.to_string(), "Invalid: m\\n  context: x");
}

/// The forms accepted are the documented ones: a status is a map of named fields, and so is
/// each context line; serde's other form of a struct, a sequence of its fields, is an error.
#[test]
fn only_the_documented_map_forms_are_accepted() {
    for text in [
        r#"[3,"Invalid","msg"]"#,
        r#"[3,"Invalid",null,"msg",null,[]]"#,
        r#"{"code":3,"name":"Invalid","context":[["a line","a.rs:1:1"]]}"#,
    ] {
        let error = serde_json::from_str::<Status>(text).expect_err(text);
        assert!(
            error.to_string().contains("a map of named fields"),
            "{error}"
        );
    }
    let status: Status = serde_json::from_str(
        r#"{"code":3,"name":"Invalid","context":[{"text":"a line","location":"a.rs:1:1"}]}"#,
    )
    .expect("the documented form");
    assert!(status.is_invalid());
}

/// `text` is a variant's text: a status type without kinds does not take one.
#[test]
fn text_is_refused_on_a_status_of_codes() {
    let error = serde_json::from_str::<Status>(r#"{"code":3,"name":"Invalid","text":"forged"}"#)
        .expect_err("a status of codes has no variant text");
    assert!(error.to_string().contains("`text`"), "{error}");
}
