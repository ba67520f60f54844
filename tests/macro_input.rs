//! Enums written by a `macro_rules!` macro. Its fragments reach the derive wrapped in invisible
//! groups (`$vis`, `#[$meta]`, `$ty`, `$expr`, `$literal`, `$path`), and the status type must
//! come out as it does for the same enum written out by hand: a visibility and a relative crate
//! path that the generated module extends (`pub(in super::super)`, `super::facade::__private`),
//! an attribute the generated items carry (`#[deprecated]`: that the items build with it, not
//! that the lint fires), discriminants and texts read through the groups.

#![allow(
    deprecated,
    reason = "a carried `#[deprecated]` is part of what is tested"
)]

/// An enum of codes from its parts.
macro_rules! codes {
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_attr:meta])* $variant:ident = $code:expr),* $(,)?
        }
    ) => {
        #[derive(fast_status::FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
        $(#[$attr])*
        $vis enum $name {
            $($(#[$variant_attr])* $variant = $code),*
        }
    };
}

/// An enum of kinds, each with one field and a text, one more written by a function, and the
/// facade's path.
macro_rules! kinds {
    (
        $krate:path;
        $vis:vis enum $name:ident {
            fmt $fmt:path => $custom:ident($custom_ty:ty),
            $($variant:ident($ty:ty) = $text:literal),* $(,)?
        }
    ) => {
        #[derive(fast_status::FastStatus, Debug)]
        #[status(crate = $krate)]
        $vis enum $name {
            $(#[error($text)] $variant($ty),)*
            #[error(fmt = $fmt)]
            $custom($custom_ty),
        }
    };
}

mod inner {
    /// The facade under another name, which `crate = self::facade` names from here.
    use fast_status as facade;

    codes! {
        /// Codes written by a macro.
        #[status(name = MacroStatus)]
        pub(super) enum MacroCode {
            #[status(display = "not found")]
            NotFound = 4,
            /// Written by a macro, deprecated.
            #[deprecated = "use `NotFound`"]
            Missing = 5,
            Invalid = 6,
        }
    }

    kinds! {
        self::facade;
        pub(crate) enum ColumnKind {
            fmt self::write_width => Width(u8),
            Offset(u16) = "bad offset {0:#x}",
            Named(String) = "no column {0}",
        }
    }

    #[allow(
        clippy::trivially_copy_pass_by_ref,
        reason = "`fmt = ..` is given the fields by reference"
    )]
    fn write_width(width: &u8, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{width} bits is not a width")
    }
}

use inner::{ColumnKind, MacroCode, MacroStatus};

#[test]
fn a_code_enum_from_a_macro_is_the_one_written_by_hand() {
    assert_eq!(MacroCode::NotFound as u32, 4);
    assert_eq!(
        MacroStatus::from_code(MacroCode::Invalid).code(),
        MacroCode::Invalid
    );
    assert_eq!(MacroStatus::not_found("x").code(), MacroCode::NotFound);
    // The deprecated variant's constructor and predicate are generated, deprecated with it.
    let missing = MacroStatus::missing("y");
    assert!(missing.is_missing());
    assert_eq!(missing.message(), "y");
    assert_eq!(
        MacroStatus::from_code(MacroCode::NotFound).to_string(),
        "not found"
    );
    assert_eq!(
        MacroStatus::from_code(MacroCode::Missing).to_string(),
        "Missing"
    );
}

#[test]
fn a_kind_enum_from_a_macro_keeps_its_fields_and_texts() {
    let offset = inner::Column::offset(0x2a);
    assert_eq!(offset.to_string(), "bad offset 0x2a");
    assert!(matches!(
        offset.kind().as_deref(),
        Some(ColumnKind::Offset(0x2a))
    ));
    let named = inner::Column::named("id".to_owned());
    assert_eq!(named.to_string(), "no column id");
    match named.kind().as_deref() {
        Some(ColumnKind::Named(name)) => assert_eq!(name, "id"),
        other => panic!("expected the `Named` kind, got {other:?}"),
    }
    assert_eq!(inner::Column::width(3).to_string(), "3 bits is not a width");
}
