//! The same enum, once with `#[derive(thiserror::Error)]` and once with
//! `#[derive(FastStatus)]`: every variant's `Display` is byte for byte the same, and so are its
//! source's and its `{:?}` and `{:#?}` (the enum's derived `Debug`, which `unwrap()` and
//! `assert_eq!` print). Porting a thiserror enum is renaming it and changing its derive.

use std::error::Error as _;

/// A constant a display text names, as `format_args!` captures it.
const LIMIT: usize = 64;

/// A function a display argument calls with a field's value.
fn double(value: u8) -> u16 {
    u16::from(value) * 2
}

/// A variant's `#[error(fmt = ..)]`: its fields by reference, then the formatter.
#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "thiserror's `fmt = ..` passes every field by reference"
)]
fn write_range(start: &u32, end: &u32, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    write!(f, "range {start}..{end}")
}

/// Declares the variants twice: `thiserror_twin::ErrorKind` and `fast_status_twin::ErrorKind`
/// (whose status is `fast_status_twin::Error`).
macro_rules! twins {
    ($($variants:tt)*) => {
        mod thiserror_twin {
            #[allow(unused_imports, reason = "the variants name what they use")]
            use super::*;

            #[derive(thiserror::Error, Debug)]
            pub enum ErrorKind {
                $($variants)*
            }
        }

        mod fast_status_twin {
            #[allow(unused_imports, reason = "the variants name what they use")]
            use super::*;

            #[derive(fast_status::FastStatus, Debug)]
            #[status(name = Error)]
            pub enum ErrorKind {
                $($variants)*
            }
        }
    };
}

twins! {
    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    #[error("bad offset {0:#x}")]
    BadOffset(u32),
    #[error("padded [{0:>8}] [{0:<6}] [{0:^7}] [{0:08.3}]")]
    Padded(f64),
    #[error("width from a field: [{value:>width$}]")]
    Width { value: u8, width: usize },
    #[error("debug {0:?} and {1:#?}")]
    Debugged(String, Option<u8>),
    #[error("{} at {line}:{}", .name.to_uppercase(), .column + 1)]
    Computed { name: String, line: u32, column: u32 },
    #[error("named argument {n} of {LIMIT}", n = .count * 2)]
    NamedArgument { count: usize },
    #[error("{} and {}", double(*.value), !.flag)]
    Unary { value: u8, flag: bool },
    // A named field by its bare name: thiserror's pattern binds every field by name, and
    // ported enums write `path.display()` as often as `.path.display()`.
    #[error("opening {} failed: {source}", path.display())]
    Open { path: std::path::PathBuf, source: std::io::Error },
    #[error("{:?} of {count}", &items[..(*count).min(items.len())])]
    Slice { items: Vec<u8>, count: usize },
    // Not the field: after `::` and before `:` (a path, a struct literal's field name), after
    // `.` (a method); a closure's parameter and a named argument of the same name shadow it.
    #[error("{} {}", core::cmp::max(*max, 1), std::ops::Range { start: *start, end: 9 }.len())]
    Shadows { max: u32, start: usize },
    #[error("{} {len}", Some(*len).map_or(0, |len| len + 1), len = items.len())]
    Closure { len: usize, items: Vec<u8> },
    #[error(fmt = write_range)]
    Range { start: u32, end: u32 },
    #[error("I/O failed")]
    Io(#[from] std::io::Error),
    #[error("parse failed: {source}")]
    Parse { source: std::num::ParseIntError },
    #[error("bad format")]
    Format(#[source] std::fmt::Error),
    #[error("{{braces}} and {0}")]
    Braces(char),
    #[error("nested in {0}")]
    Nested(Box<Self>),
    #[error("caused")]
    Caused(#[source] Box<Self>),
    #[error("maybe caused")]
    Maybe {
        #[source]
        cause: Option<std::io::Error>,
    },
    #[error("maybe parsed")]
    MaybeNamed {
        source: Option<std::num::ParseIntError>,
    },
    // A path field shows through `display()`, as thiserror shows it: in any path type the
    // text reaches (`&Path`, `Box<Path>`, `Arc<PathBuf>`), and beside its `Debug`.
    #[error("cannot open {0}")]
    OpenPath(std::path::PathBuf),
    #[error("cannot read {path} ({path:?}) in {dir}")]
    ReadPath {
        path: std::path::PathBuf,
        dir: &'static std::path::Path,
    },
    #[error("boxed {0} and {1}")]
    BoxedPath(Box<std::path::Path>, std::sync::Arc<std::path::PathBuf>),
    #[error("no fields")]
    Unit,
    // A variant without fields whose text formats a value in scope, as thiserror's does.
    #[error("at most {LIMIT} entries")]
    Limited,
    #[error("{} entries, twice the limit", LIMIT * 2)]
    Doubled,
}

/// Builds `value` (an `ErrorKind::..` expression, evaluated once per twin) in both and
/// compares their `Display`, their sources' and their `Debug`, plain and pretty.
macro_rules! same {
    ($($value:tt)*) => {{
        let thiserror = {
            use thiserror_twin::ErrorKind;
            $($value)*
        };
        let status = fast_status_twin::Error::from({
            use fast_status_twin::ErrorKind;
            $($value)*
        });
        assert_eq!(status.to_string(), thiserror.to_string(), "{:?}", thiserror);
        assert_eq!(
            status.source().map(ToString::to_string),
            thiserror.source().map(ToString::to_string),
            "the sources of {:?}",
            thiserror
        );
        same_debug(&status, &thiserror);
    }};
}

/// `{:?}` and `{:#?}` of a status are those of the thiserror enum's twin value.
fn same_debug(status: &dyn std::fmt::Debug, thiserror: &dyn std::fmt::Debug) {
    assert_eq!(format!("{status:?}"), format!("{thiserror:?}"));
    assert_eq!(format!("{status:#?}"), format!("{thiserror:#?}"));
}

#[test]
fn every_variant_displays_as_thiserror_displays_it() {
    same!(ErrorKind::TooBig { size: 4, len: 3 });
    same!(ErrorKind::BadOffset(0xdead));
    same!(ErrorKind::Padded(1.23456));
    same!(ErrorKind::Padded(-0.5));
    same!(ErrorKind::Width { value: 7, width: 5 });
    same!(ErrorKind::Debugged("quoted \"text\"".to_owned(), Some(3)));
    same!(ErrorKind::Computed {
        name: "field".to_owned(),
        line: 10,
        column: 4
    });
    same!(ErrorKind::NamedArgument { count: 21 });
    same!(ErrorKind::Unary {
        value: 4,
        flag: false
    });
    same!(ErrorKind::Open {
        path: "/etc/app.toml".into(),
        source: std::io::Error::other("denied")
    });
    same!(ErrorKind::Slice {
        items: vec![1, 2, 3],
        count: 2
    });
    same!(ErrorKind::Slice {
        items: vec![1],
        count: 5
    });
    same!(ErrorKind::Shadows { max: 7, start: 4 });
    same!(ErrorKind::Closure {
        len: 1,
        items: vec![0; 3]
    });
    same!(ErrorKind::Range { start: 2, end: 9 });
    same!(ErrorKind::Io(std::io::Error::other("disk")));
    same!(ErrorKind::Parse {
        source: "x".parse::<u8>().unwrap_err()
    });
    same!(ErrorKind::Format(std::fmt::Error));
    same!(ErrorKind::Braces('é'));
    same!(ErrorKind::Nested(Box::new(ErrorKind::BadOffset(1))));
    same!(ErrorKind::Caused(Box::new(ErrorKind::Braces('x'))));
    same!(ErrorKind::Maybe { cause: None });
    same!(ErrorKind::Maybe {
        cause: Some(std::io::Error::other("disk"))
    });
    same!(ErrorKind::MaybeNamed { source: None });
    same!(ErrorKind::MaybeNamed {
        source: Some("x".parse::<u8>().unwrap_err())
    });
    same!(ErrorKind::OpenPath("/etc/app.toml".into()));
    same!(ErrorKind::ReadPath {
        path: "data/x.parquet".into(),
        dir: std::path::Path::new("/srv")
    });
    same!(ErrorKind::BoxedPath(
        std::path::Path::new("a/b").into(),
        std::sync::Arc::new("c".into())
    ));
    same!(ErrorKind::Unit);
    same!(ErrorKind::Limited);
    same!(ErrorKind::Doubled);
}

#[test]
fn from_conversions_match_too() {
    let thiserror: thiserror_twin::ErrorKind = std::io::Error::other("io").into();
    let status: fast_status_twin::Error = std::io::Error::other("io").into();
    assert_eq!(status.to_string(), thiserror.to_string());
    assert_eq!(
        status.source().map(ToString::to_string),
        thiserror.source().map(ToString::to_string)
    );
    same_debug(&status, &thiserror);
    // The kind enum converts as the thiserror enum did, and is an error as it was.
    let kind: fast_status_twin::ErrorKind = std::io::Error::other("io").into();
    assert_eq!(kind.to_string(), thiserror.to_string());
    assert_eq!(
        kind.source().map(ToString::to_string),
        thiserror.source().map(ToString::to_string)
    );
}

/// thiserror does not take `#[error(transparent)]` through `twins!` (a `macro_rules!`), so these
/// twins are written out.
mod transparent {
    #[derive(thiserror::Error, Debug)]
    pub enum ThiserrorKind {
        #[error(transparent)]
        Other(Box<dyn std::error::Error + Send + Sync>),
        #[error(transparent)]
        Io(#[from] std::io::Error),
    }

    #[derive(fast_status::FastStatus, Debug)]
    #[status(name = Error)]
    pub enum ErrorKind {
        #[error(transparent)]
        Other(Box<dyn std::error::Error + Send + Sync>),
        #[error(transparent)]
        Io(#[from] std::io::Error),
    }
}

#[test]
fn transparent_variants_forward_text_and_source_as_thiserror_does() {
    use transparent::{Error, ErrorKind, ThiserrorKind};

    /// An error with a source of its own, to see where the transparent variant forwards.
    #[derive(Debug)]
    struct Outer(std::io::Error);

    impl std::fmt::Display for Outer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("outer text")
        }
    }

    impl std::error::Error for Outer {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    let thiserror = ThiserrorKind::Other(Box::new(Outer(std::io::Error::other("inner"))));
    let status = Error::from(ErrorKind::Other(Box::new(Outer(std::io::Error::other(
        "inner",
    )))));
    assert_eq!(status.to_string(), thiserror.to_string());
    assert_eq!(status.to_string(), "outer text");
    assert_eq!(
        status.source().map(ToString::to_string),
        thiserror.source().map(ToString::to_string)
    );
    assert_eq!(
        status.source().map(ToString::to_string).as_deref(),
        Some("inner")
    );
    same_debug(&status, &thiserror);

    let thiserror = ThiserrorKind::from(std::io::Error::other("disk"));
    let status = Error::from(std::io::Error::other("disk"));
    assert_eq!(status.to_string(), thiserror.to_string());
    assert_eq!(status.source().is_none(), thiserror.source().is_none());
    same_debug(&status, &thiserror);
}

/// thiserror does not take a raw identifier's field or `self` in a text through `twins!`
/// either (each meets the `macro_rules!` hygiene), so these twins are written out.
mod hygienic {
    #[derive(thiserror::Error, Debug)]
    pub enum ThiserrorKind {
        #[error("raw {type} of {} bytes", .r#type.len())]
        Raw { r#type: String },
        #[error("bare {} of {} bytes", r#type, r#type.len())]
        Bare { r#type: String },
        #[error("itself: {self:?}, and again: {:?}", self)]
        Itself(u8),
    }

    #[derive(fast_status::FastStatus, Debug)]
    #[status(name = Error)]
    pub enum ErrorKind {
        #[error("raw {type} of {} bytes", .r#type.len())]
        Raw { r#type: String },
        #[error("bare {} of {} bytes", r#type, r#type.len())]
        Bare { r#type: String },
        #[error("itself: {self:?}, and again: {:?}", self)]
        Itself(u8),
    }
}

#[test]
fn a_raw_identifiers_field_and_self_display_as_thiserror_displays_them() {
    let thiserror = hygienic::ThiserrorKind::Raw {
        r#type: "u32".to_owned(),
    };
    let status = hygienic::Error::raw("u32".to_owned());
    assert_eq!(status.to_string(), thiserror.to_string());
    assert_eq!(status.to_string(), "raw u32 of 3 bytes");
    same_debug(&status, &thiserror);

    let thiserror = hygienic::ThiserrorKind::Bare {
        r#type: "u64".to_owned(),
    };
    let status = hygienic::Error::bare("u64".to_owned());
    assert_eq!(status.to_string(), thiserror.to_string());
    assert_eq!(status.to_string(), "bare u64 of 3 bytes");
    same_debug(&status, &thiserror);

    let thiserror = hygienic::ThiserrorKind::Itself(7);
    let status = hygienic::Error::itself(7);
    assert_eq!(status.to_string(), thiserror.to_string());
    assert_eq!(
        status.to_string(),
        "itself: Itself(7), and again: Itself(7)"
    );
    same_debug(&status, &thiserror);
}

/// thiserror's `#[error(..)]` on the enum: the text of every variant without one of its own,
/// formatted with that variant's fields. Written out, as `twins!` keeps enum attributes apart.
mod enum_level {
    #[derive(thiserror::Error, Debug)]
    #[error("column {0} failed")]
    pub enum ThiserrorKind {
        Int(u32),
        Name(String),
        #[error("own text for {0}")]
        Own(u8),
    }

    #[derive(fast_status::FastStatus, Debug)]
    #[status(name = Error)]
    #[error("column {0} failed")]
    pub enum ErrorKind {
        Int(u32),
        Name(String),
        #[error("own text for {0}")]
        Own(u8),
    }

    /// `#[error(transparent)]` on the enum: every variant forwards to its one field.
    #[derive(thiserror::Error, Debug)]
    #[error(transparent)]
    pub enum ThiserrorForward {
        Io(#[from] std::io::Error),
        Parse(#[from] std::num::ParseIntError),
    }

    #[derive(fast_status::FastStatus, Debug)]
    #[status(name = Forward)]
    #[error(transparent)]
    pub enum ForwardKind {
        Io(#[from] std::io::Error),
        Parse(#[from] std::num::ParseIntError),
    }
}

#[test]
fn an_enum_level_error_attribute_is_every_other_variants_text_as_in_thiserror() {
    use enum_level::{Error, ErrorKind, Forward, ThiserrorForward, ThiserrorKind};

    let pairs = [
        (ThiserrorKind::Int(7), Error::from(ErrorKind::Int(7))),
        (
            ThiserrorKind::Name("id".to_owned()),
            Error::from(ErrorKind::Name("id".to_owned())),
        ),
        (ThiserrorKind::Own(3), Error::from(ErrorKind::Own(3))),
    ];
    for (thiserror, status) in &pairs {
        assert_eq!(status.to_string(), thiserror.to_string());
        same_debug(status, thiserror);
    }
    assert_eq!(pairs[0].1.to_string(), "column 7 failed");
    assert_eq!(pairs[2].1.to_string(), "own text for 3");

    let parse = || "x".parse::<u8>().unwrap_err();
    let thiserror = ThiserrorForward::from(parse());
    let status = Forward::from(parse());
    assert_eq!(status.to_string(), thiserror.to_string());
    assert_eq!(
        status.source().map(ToString::to_string),
        thiserror.source().map(ToString::to_string)
    );
    same_debug(&status, &thiserror);
    let thiserror = ThiserrorForward::from(std::io::Error::other("disk"));
    let status = Forward::from(std::io::Error::other("disk"));
    assert_eq!(status.to_string(), thiserror.to_string());
    assert_eq!(status.to_string(), "disk");
    same_debug(&status, &thiserror);
}
