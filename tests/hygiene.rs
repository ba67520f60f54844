//! The derive and `status!` use absolute paths only: shadowing prelude names, primitive types
//! and `core` in the user's module breaks nothing, and the expansion is warning-free.
#![deny(warnings)]
#![allow(non_camel_case_types, dead_code, unused_macros)]

mod shadowed {
    // Everything generated code could have picked up by a bare name.
    struct Option;
    struct Some;
    struct None;
    struct Result;
    struct Ok;
    struct Err;
    struct Box;
    struct String;
    struct Vec;
    struct Clone;
    struct Copy;
    struct Drop;
    struct Send;
    struct Sync;
    struct From;
    struct Into;
    struct Display;
    struct Debug;
    struct Error;
    struct PartialEq;
    struct Eq;
    struct u32;
    struct str;
    struct bool;
    mod core {}
    mod std {}
    mod alloc {}
    mod fast_status {}
    macro_rules! format_args {
        ($($t:tt)*) => {
            compile_error!("the shadowing `format_args!` was used")
        };
    }
    macro_rules! unreachable {
        ($($t:tt)*) => {
            compile_error!("the shadowing `unreachable!` was used")
        };
    }

    /// Codes of a module that shadows everything.
    #[derive(::fast_status::FastStatus, ::core::clone::Clone, ::core::marker::Copy)]
    pub enum HygieneCode {
        /// One.
        First = 1,
        /// Two.
        #[status(display = "Second code", from = ::std::io::Error)]
        Second,
        /// A keyword method name: `r#type`.
        Type,
    }

    pub const STATIC: Hygiene = ::fast_status::status!(HygieneCode::First, "static");

    /// A kind enum whose fields are named like the generated code's variables.
    #[derive(::fast_status::FastStatus, ::core::fmt::Debug)]
    #[status(name = Shadowed)]
    pub enum ShadowedKind {
        /// Packed fields named like the packing's variables.
        #[status(display = "{fields} {p} {raw} {packer} {unpacker}")]
        Packed {
            /// A field.
            fields: u8,
            /// A field.
            p: u8,
            /// A field.
            raw: u8,
            /// A field.
            packer: u8,
            /// A field.
            unpacker: u8,
        },
        /// Heap fields named like the formatter and the constructor's variables.
        #[error("{f} {formatter} {kind} {location} {value} {debug}")]
        Heap {
            /// A field.
            f: ::std::string::String,
            /// A field.
            formatter: u64,
            /// A field.
            kind: u64,
            /// A field.
            location: u64,
            /// A field.
            value: u64,
            /// A field.
            debug: u64,
        },
        /// A `from` field.
        #[error("io")]
        Io(#[from] ::std::io::Error),
        /// Positional fields.
        #[error("{0} {1:?}")]
        Pair(u8, ::core::primitive::bool),
        /// Fields that may not pack, named like the conversion's variables.
        #[error("{value} {len}")]
        Wide {
            /// A field.
            value: u64,
            /// A field.
            len: usize,
        },
    }

    pub fn build(x: i32) -> [Hygiene; 8] {
        // Named like the bindings of a split message's expansion, which must not capture them.
        let (__arg0, __code) = ("a", 'c');
        [
            ::fast_status::status!(HygieneCode::First),
            ::fast_status::status!(HygieneCode::Second, "x = {}", x),
            ::fast_status::status!(HygieneCode::Second, "x = {x}"),
            Hygiene::r#type("raw identifier constructor"),
            STATIC,
            ::fast_status::status!(HygieneCode::First, "{} {__arg0} {__code}", __code),
            // Only `Display` arguments, then only exact ones: each leaves one trait import of
            // the expansion unused, which must not warn.
            ::fast_status::status!(HygieneCode::First, "{} {}", 2.5, 'c'),
            ::fast_status::status!(HygieneCode::First, "{}", 7_u8),
        ]
    }
}

#[test]
fn kinds_ignore_shadowed_names_and_field_names() {
    use shadowed::{Shadowed, ShadowedKind};
    let packed = Shadowed::packed(1, 2, 3, 4, 5);
    assert_eq!(packed.to_string(), "1 2 3 4 5");
    assert!(matches!(
        packed.kind().as_deref(),
        Some(ShadowedKind::Packed {
            fields: 1,
            p: 2,
            raw: 3,
            packer: 4,
            unpacker: 5
        })
    ));
    let heap = Shadowed::heap("f".into(), 1, 2, 3, 4, 5);
    assert_eq!(heap.to_string(), "f 1 2 3 4 5");
    assert_eq!(format!("{heap:#?}").matches("formatter: 1").count(), 1);
    assert_eq!(Shadowed::pair(7, true).to_string(), "7 true");
    for value in [3, u64::MAX] {
        let wide = Shadowed::from(ShadowedKind::Wide { value, len: 4 });
        assert_eq!(wide.to_string(), format!("{value} 4"));
    }
    assert!(Shadowed::from(::std::io::Error::other("x")).is_io());
}

#[test]
fn derive_and_status_ignore_shadowed_names() {
    let [
        code_only,
        formatted,
        inline,
        keyword,
        fixed,
        bindings,
        display_only,
        exact_only,
    ] = shadowed::build(3);
    assert_eq!(bindings.message(), "c a c");
    assert_eq!(display_only.message(), "2.5 c");
    assert_eq!(exact_only.message(), "7");
    assert_eq!(code_only.to_string(), "First");
    assert_eq!(formatted.to_string(), "Second code: x = 3");
    assert_eq!(inline.to_string(), "Second code: x = 3");
    assert!(keyword.is_type());
    assert_eq!(fixed.message(), "static");
}

/// The status type is defined in a module of its own and brought back by a `use` with the
/// enum's visibility: every visibility reaches as far as the enum's, and a crate path written
/// relative to the enum's module still resolves.
mod placement {
    pub mod outer {
        pub mod inner {
            use ::fast_status as renamed;

            /// Visible in `outer`, as its status must be.
            #[derive(::fast_status::FastStatus, Clone, Copy, Debug)]
            #[status(crate = renamed, name = SuperStatus)]
            pub(super) enum SuperCode {
                Invalid = 1,
            }

            /// Visible in `placement`.
            #[derive(::fast_status::FastStatus, Debug)]
            #[status(name = PathStatus, crate = self::renamed)]
            pub(in crate::placement) enum PathKind {
                #[error("at {0}")]
                At(u32),
            }

            /// Private: its status is used here only.
            #[derive(::fast_status::FastStatus, Clone, Copy, Debug)]
            #[status(name = PrivateStatus)]
            enum PrivateCode {
                Hidden = 1,
            }

            pub(in crate::placement) fn private_text() -> String {
                PrivateStatus::hidden("here").to_string()
            }
        }

        pub(super) fn super_text() -> String {
            inner::SuperStatus::invalid("from outer").to_string()
        }
    }

    pub(super) fn path_text() -> String {
        let status = outer::inner::PathStatus::at(7);
        // The code enum generated beside the kinds reaches as far as they do.
        assert_eq!(status.code(), outer::inner::PathCode::At);
        status.to_string()
    }

    pub(super) fn private_text() -> String {
        outer::inner::private_text()
    }

    pub(super) fn super_text() -> String {
        outer::super_text()
    }

    /// An enum whose status is `Error`, beside the trait imported as `_`: the fix the one error
    /// suggests where the import takes the name (`tests/ui/name-taken.rs`).
    pub mod taken {
        #[allow(unused_imports)]
        use std::error::Error as _;

        /// Its status is `Error`.
        #[derive(::fast_status::FastStatus, Clone, Copy, Debug)]
        pub enum ErrorKind {
            Invalid = 1,
        }
    }
}

#[test]
fn status_type_reaches_as_far_as_the_enum() {
    assert_eq!(placement::super_text(), "Invalid: from outer");
    assert_eq!(placement::path_text(), "at 7");
    assert_eq!(placement::private_text(), "Hidden: here");
    let status: placement::taken::Error = placement::taken::ErrorKind::Invalid.into();
    assert_eq!(status.to_string(), "Invalid");
}

#[test]
fn status_type_of_an_enum_in_a_function_body() {
    #[derive(::fast_status::FastStatus, Clone, Copy, Debug)]
    #[status(name = LocalStatus)]
    enum LocalCode {
        Local = 1,
    }
    #[derive(::fast_status::FastStatus, Debug)]
    #[status(name = LocalKindStatus, code = LocalKindCode)]
    enum LocalKind {
        #[error("local {0}")]
        Local(LocalField),
    }
    #[derive(Debug)]
    struct LocalField(u8);
    impl ::core::fmt::Display for LocalField {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            write!(f, "field {}", self.0)
        }
    }
    assert_eq!(
        LocalStatus::local("in a body").to_string(),
        "Local: in a body"
    );
    assert_eq!(LocalStatus::from(LocalCode::Local).to_string(), "Local");
    assert_eq!(
        LocalKindStatus::local(LocalField(3)).to_string(),
        "local field 3"
    );
}
