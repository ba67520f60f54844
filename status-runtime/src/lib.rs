//! The runtime behind `#[derive(FastStatus)]`.
//!
//! Most users depend on the `fast-status` facade, which re-exports this crate. The crate holds:
//!
//! - the [`Code`] and [`FastStatus`] traits that every derived type implements;
//! - the one-word representation (`repr`, the only module with `unsafe`): a `NonNull` word whose
//!   low two bits say whether it is an inline code, a pointer to a `'static` code and message, or
//!   a pointer to a refcounted heap payload, and the payload it owns;
//! - the safe code above it, which builds on `repr` alone: creating heap statuses (`create`),
//!   changing them (`change`), reading their extras (`read`), or, in a `core`-only build,
//!   the same methods without a heap (`core_only`); the pieces `status!` splits a message into;
//!   the report formats.
//!
//! # Features
//!
//! - `alloc`: heap states. Without it only inline (code-only) and static (code and literal
//!   message) statuses exist, and constructors that would allocate keep only the code.
//! - `std` (default): implies `alloc`; adds opt-in backtraces (see [`set_backtrace_capture`]).
//! - `serde`: implies `alloc`; `Serialize` and `Deserialize` for every derived status (see
//!   `Remote`).
#![no_std]
#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod backtrace;
#[cfg(feature = "alloc")]
mod change;
#[cfg(not(feature = "alloc"))]
mod core_only;
#[cfg(feature = "alloc")]
mod create;
mod glue;
mod items;
mod kinds;
mod pieces;
#[cfg(feature = "alloc")]
mod read;
mod report;
mod repr;
#[cfg(feature = "serde")]
mod serde;
mod site;
mod sources;
mod traits;

pub use kinds::{BuiltKind, KindRef, Pack};
pub use report::Report;
pub use traits::{Chain, Code, FastStatus, OptionExt, OrStatus, ResultExt, StatusContext};

#[cfg(feature = "std")]
pub use backtrace::set_backtrace_capture;
#[cfg(feature = "serde")]
pub use serde::Remote;

#[cfg(not(feature = "alloc"))]
pub use core_only::ContextLines;
#[cfg(feature = "alloc")]
pub use read::ContextLines;

/// Expands to its input in a build with `alloc`, to nothing without: for generated items that
/// name `alloc` types, in crates that may not link `alloc` themselves.
#[cfg(feature = "alloc")]
#[doc(hidden)]
#[macro_export]
macro_rules! __fs_if_alloc {
    ($($item:tt)*) => { $($item)* };
}

/// Expands to nothing: this build has no `alloc`.
#[cfg(not(feature = "alloc"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __fs_if_alloc {
    ($($item:tt)*) => {};
}

/// Expands to its input in a build with `std`, to nothing without: for generated items that
/// name `std` types.
#[cfg(feature = "std")]
#[doc(hidden)]
#[macro_export]
macro_rules! __fs_if_std {
    ($($item:tt)*) => { $($item)* };
}

/// Expands to nothing: this build has no `std`.
#[cfg(not(feature = "std"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __fs_if_std {
    ($($item:tt)*) => {};
}

/// Expands to its input in a build with `serde`, to nothing without: the generated
/// `Serialize` and `Deserialize`.
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __fs_if_serde {
    ($($item:tt)*) => { $($item)* };
}

/// Expands to nothing: this build has no `serde`.
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __fs_if_serde {
    ($($item:tt)*) => {};
}

/// Items used by the code `#[derive(FastStatus)]` and the facade's macros generate.
///
/// Not public API: names and signatures here change without notice.
#[doc(hidden)]
pub mod __private {
    pub use crate::backtrace::Backtraces;
    #[cfg(feature = "std")]
    pub use crate::glue::io_error_kind;
    #[cfg(feature = "alloc")]
    pub use crate::glue::try_string;
    pub use crate::glue::{
        AssertCopy, Bail, code_as_kind, code_of, from_args, from_code, from_parts, from_pieces,
        raw_code_of, take_as, write_strs,
    };
    pub use crate::kinds::{
        AnyKinds, AsDisplay, AsDynError, AssertDebug, CannotStoreMadeKind, DebugKind, EqKinds,
        Field, FieldIsNotPacked, FieldIsNotStatus, FieldIsPacked, FieldIsStatus, FieldProbe,
        FmtArg, Kind, KindIsDebug, KindNotDebug, KindPair, KindProbe, NotSendField, OpaqueField,
        PackField, Packer, Packing, SendField, ShownKind, SourceField, Storable, StorableIfSync,
        StoreMadeKind, TakeField, TakeNotStatus, TakeStatus, Unpacker, Width, fmt_arg,
        kind_error_source, kind_of, shown_kind, take_kind, word_of,
    };
    pub use crate::pieces::{
        Hex, IntoHexPiece, IntoPiece, LowerHexOf, Parts, Piece, PieceOf, Text, UpperHexOf,
        ViaDisplay, ViaExact, ViaFormat,
    };
    pub use crate::report::{debug, debug_as_kind, debug_kind, display, display_kind};
    pub use crate::repr::{
        MAX_RAW_CODE, Repr, StaticStatus, ValueType, code_mask, packed_field_bits,
    };
    #[cfg(feature = "serde")]
    pub use crate::serde::{deserialize, serialize, serialize_kind};
    pub use crate::sources::identify;
    pub use crate::sources::{
        BoxedSource, ErrorSource, NotASource, Source, SourceProbe, StatusAsSource, assert_source,
    };
    pub use crate::{
        __fs_if_alloc as if_alloc, __fs_if_serde as if_serde, __fs_if_std as if_std,
        __fs_status_items as status_items,
    };
    #[cfg(feature = "serde")]
    pub use ::serde;
    #[cfg(feature = "alloc")]
    pub use alloc::boxed::Box;
    #[cfg(feature = "std")]
    pub use std::io;
}
