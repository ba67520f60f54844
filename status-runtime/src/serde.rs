//! `serde` (optional feature): a status crosses a process boundary as its code (raw and name),
//! message, creation site and context lines, and comes back as a status of the same type.
//!
//! ```text
//! {"code":3,"name":"Invalid","message":"bad header","location":"src/read.rs:42:20",
//!  "context":[{"text":"reading table 7","location":"src/scan.rs:10:5"}]}
//! ```
//!
//! A location is a `&'static Location` of the program that made it, so one that comes from
//! another process cannot be one here: a deserialized status has no `location()` and no
//! `context_lines()` of its own; the creation site and lines it arrived with are its
//! [`Remote`] detail. Every report shows them as it shows a status's own (`{:#}`, `{:?}`,
//! `report()`, and through `source()` the chain that anyhow's and eyre's reporters walk), and
//! serializing writes them out again first, so a status that goes through several processes
//! keeps them all. A peer's strings are kept with their control characters escaped, so that
//! no report printing them can be forged. An unknown code, or a code whose name
//! differs from this program's, is an error, not a panic. A variant's fields are
//! not serialized, its text is (`"text":"type is too big (4) for 3"`, after `name`; none for a
//! variant without fields, which its code gives back): its status comes back as the variant's
//! code, and the text is the head of its reports as it was, kept in the same detail.
//!
//! A status is read from this map form only, and each context line from its map: serde's other
//! form of a struct, the sequence of its fields, is an error here.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::create::alloc_with_str;
use crate::glue::code_of;
use crate::kinds::{Kind, kind_of};
use crate::repr::Repr;
use crate::traits::{Code, FastStatus};

/// The creation site and context lines a deserialized status arrived with, oldest line first:
/// its detail (`status.detail::<Remote>()`).
#[derive(Clone, PartialEq, Eq)]
pub struct Remote {
    /// The text of the variant the status was made from, with its fields (`type is too big
    /// (4) for 3`), for a status of a kind enum: the fields do not cross, the text does.
    pub text: Option<String>,
    /// Where the status was created, as `file:line:column`.
    pub location: Option<String>,
    /// Each context line's text and location (`file:line:column`), oldest first.
    pub context: Vec<(String, String)>,
}

impl fmt::Debug for Remote {
    /// What arrived, each string's control characters escaped (see [`Defused`]): a newline or
    /// a terminal escape in them cannot start a line of a report of its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("from another process")?;
        if let Some(location) = &self.location {
            write!(f, ", created at {}", Defused(location))?;
        }
        for (text, location) in &self.context {
            write!(
                f,
                "\n      context: {} (at {})",
                Defused(text),
                Defused(location)
            )?;
        }
        Ok(())
    }
}

/// A peer's string with each control character (a newline, a carriage return, a terminal
/// escape) written as its escape (`\n`, `\u{1b}`) and everything else as it is, so that a
/// peer cannot forge "context:" or "Caused by:" lines of a report, nor drive a terminal.
/// Every string that arrives is kept so (message, text, locations, context lines), so that
/// each report prints it as it is.
struct Defused<'a>(&'a str);

impl fmt::Display for Defused<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in self.0.split_inclusive(char::is_control) {
            match piece.char_indices().last() {
                Some((at, last)) if last.is_control() => {
                    f.write_str(&piece[..at])?;
                    write!(f, "{}", last.escape_debug())?;
                }
                _ => f.write_str(piece)?,
            }
        }
        Ok(())
    }
}

/// `text` as this program keeps a peer's string: [`Defused`].
fn defused(text: Cow<'_, str>) -> String {
    if text.contains(char::is_control) {
        Defused(&text).to_string()
    } else {
        text.into_owned()
    }
}

/// A status on the wire.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Status", deny_unknown_fields)]
struct Wire<'a> {
    code: u32,
    #[serde(borrow)]
    name: Cow<'a, str>,
    #[serde(borrow, default, skip_serializing_if = "Option::is_none")]
    text: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    message: Cow<'a, str>,
    #[serde(borrow, default)]
    location: Option<Cow<'a, str>>,
    #[serde(borrow, default, deserialize_with = "lines_as_maps")]
    context: Vec<Line<'a>>,
}

/// A `T` read from a map alone: serde's derive also reads a struct from a sequence of its
/// fields (`[3, "Invalid", ..]`), a form the documentation does not give and a peer need not be
/// allowed to use; here it is an error.
struct MapOnly<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for MapOnly<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Takes a map, and nothing else.
        struct Visitor<T>(core::marker::PhantomData<T>);

        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<T> {
            type Value = T;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of named fields")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }

        deserializer
            .deserialize_map(Visitor(core::marker::PhantomData))
            .map(MapOnly)
    }
}

/// The context lines of a status on the wire, each a map.
fn lines_as_maps<'de: 'a, 'a, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Line<'a>>, D::Error> {
    let lines = Vec::<MapOnly<Line<'a>>>::deserialize(deserializer)?;
    Ok(lines.into_iter().map(|line| line.0).collect())
}

/// A context line on the wire.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line<'a> {
    #[serde(borrow)]
    text: Cow<'a, str>,
    #[serde(borrow)]
    location: Cow<'a, str>,
}

/// `Serialize` of a derived status whose codes are `C`.
///
/// # Errors
///
/// Only the serializer's.
pub fn serialize<C: Code, S: Serializer>(repr: &Repr, serializer: S) -> Result<S::Ok, S::Error> {
    write::<C, S>(repr, None, serializer)
}

/// `Serialize` of a derived status of the kind enum `K`: as [`serialize`], with the text of the
/// variant it was made from when that has fields (a variant without comes back from its code).
///
/// # Errors
///
/// Only the serializer's.
pub fn serialize_kind<K: Kind + fmt::Display, S: Serializer>(
    repr: &Repr,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let text = kind_of::<K>(repr)
        .filter(|kind| K::unpack(kind.raw(), None).is_none())
        .map(|kind| Cow::Owned(kind.to_string()));
    write::<K::Code, S>(repr, text, serializer)
}

/// The wire form of a status whose codes are `C`, with `text`, its variant's text, or the one
/// it arrived with.
fn write<C: Code, S: Serializer>(
    repr: &Repr,
    text: Option<Cow<'_, str>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let remote = repr.detail::<Remote>();
    let text = text.or_else(|| Some(Cow::Borrowed(remote?.text.as_deref()?)));
    let location = match remote {
        Some(remote) => remote.location.as_deref().map(Cow::Borrowed),
        None => repr.location().map(|l| Cow::Owned(l.to_string())),
    };
    let arrived = remote
        .into_iter()
        .flat_map(|r| &r.context)
        .map(|(text, location)| Line {
            text: Cow::Borrowed(text),
            location: Cow::Borrowed(location),
        });
    let own = repr.context_lines().map(|(text, location)| Line {
        text: Cow::Borrowed(text),
        location: Cow::Owned(location.to_string()),
    });
    Wire {
        code: repr.raw_code(),
        name: Cow::Borrowed(code_of::<C>(repr).name()),
        text,
        message: Cow::Borrowed(repr.message()),
        location,
        context: arrived.chain(own).collect(),
    }
    .serialize(serializer)
}

/// `Deserialize` of a derived status whose codes are `C`.
///
/// # Errors
///
/// The deserializer's, and an unknown code, or a code named otherwise than here.
pub fn deserialize<'de, C: Code, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<C::Status, D::Error> {
    let MapOnly(wire) = MapOnly::<Wire<'de>>::deserialize(deserializer)?;
    let Some(code) = C::from_raw(wire.code) else {
        return Err(D::Error::custom(format_args!(
            "unknown code {} (`{}`) for this status type",
            wire.code, wire.name
        )));
    };
    if code.name() != wire.name {
        return Err(D::Error::custom(format_args!(
            "code {} is `{}` here but was `{}` where it was serialized",
            wire.code,
            code.name(),
            wire.name
        )));
    }
    if wire.text.is_some() && !C::__HAS_KINDS {
        return Err(D::Error::custom(
            "`text` is a variant's text, and this status type has no variants with fields",
        ));
    }
    let raw = code.to_raw();
    let mut repr = if wire.message.is_empty() {
        Repr::inline(raw)
    } else {
        // No location: the one it was made at is not a location of this program.
        let message = defused(wire.message);
        alloc_with_str(raw, &message, None, None).unwrap_or(Repr::inline(raw))
    };
    if wire.text.is_some() || wire.location.is_some() || !wire.context.is_empty() {
        repr.set_detail(Remote {
            text: wire.text.map(defused),
            location: wire.location.map(defused),
            context: wire
                .context
                .into_iter()
                .map(|line| (defused(line.text), defused(line.location)))
                .collect(),
        });
    }
    Ok(C::Status::__from_repr(repr))
}
