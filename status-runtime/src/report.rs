//! The text forms of a status: `Display` (one line, Arrow's form), `{:#}` (with context and
//! causes), `{:?}` (a report for people) and `{:#?}` (structural).

use core::error::Error;
use core::fmt;

use crate::kinds::{Kind, kind_code_text, kind_of};
use crate::repr::Repr;
use crate::traits::{Code, code_of};

/// `Display` of a derived status: `"Invalid: message"`, or `"Invalid"` without a message.
/// With `{:#}`, each context line and each cause follow on lines of their own.
///
/// # Errors
///
/// Only those of the formatter.
pub fn display<C: Code>(repr: &Repr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write_display(repr, &code_of::<C>(repr).text(), repr.source(), f)
}

/// `Display` of a status of a kind enum: the kind's own `Display` (its variant's text with its
/// fields), then `": message"` if a message was attached; the code's text for a status made
/// from a code alone. `{:#}` as for [`display`].
///
/// # Errors
///
/// Only those of the formatter.
pub fn display_kind<K: Kind + fmt::Display>(
    repr: &Repr,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let source = crate::kinds::source_of::<K>(repr);
    match kind_of::<K>(repr) {
        Some(kind) => write_display(repr, &*kind, source, f),
        None => write_display(repr, &kind_code_text::<K>(repr), source, f),
    }
}

/// `Display`, headed by `head` (the code's text or the kind's), with `source` as the first
/// cause.
fn write_display(
    repr: &Repr,
    head: &dyn fmt::Display,
    source: Option<&(dyn Error + 'static)>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    one_line(repr, head, f)?;
    if f.alternate() {
        for (line, location) in repr.context_lines() {
            write!(f, "\n  context: {line} (at {location})")?;
        }
        for cause in causes(source) {
            write!(f, "\n  caused by: {cause}")?;
        }
    }
    Ok(())
}

/// `Debug` of a derived status named `type_name`.
///
/// `{:?}` is a report for a person reading a failure: the one-line form, where the status was
/// created, then context lines, details and causes, each section only when it has entries.
/// `{:#?}` is the structural form of `debug_struct`.
///
/// # Errors
///
/// Only those of the formatter.
pub fn debug<C: Code>(repr: &Repr, type_name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let code = code_of::<C>(repr);
    write_debug(
        repr,
        type_name,
        &code.text(),
        code.name(),
        None,
        repr.source(),
        f,
    )
}

/// `Debug` of a status of a kind enum named `type_name`: as [`debug`], headed by the kind's
/// `Display`; `{:#?}` adds `kind`, the kind's own `Debug` (`debug`, from the derive).
///
/// # Errors
///
/// Only those of the formatter.
pub fn debug_kind<K: Kind + fmt::Display>(
    repr: &Repr,
    type_name: &str,
    debug: Option<&dyn fmt::Debug>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let name = code_of::<K::Code>(repr).name();
    let source = crate::kinds::source_of::<K>(repr);
    let shown: &dyn fmt::Debug = match &debug {
        Some(kind) => kind,
        None => &None::<()>,
    };
    if let Some(kind) = kind_of::<K>(repr) {
        write_debug(repr, type_name, &*kind, name, Some(shown), source, f)
    } else {
        let text = kind_code_text::<K>(repr);
        write_debug(repr, type_name, &text, name, Some(shown), source, f)
    }
}

/// `Debug`, headed by `head`; `kind` is the structural form's `kind` field, for kind enums.
fn write_debug(
    repr: &Repr,
    type_name: &str,
    head: &dyn fmt::Display,
    code_name: &str,
    kind: Option<&dyn fmt::Debug>,
    source: Option<&(dyn Error + 'static)>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    if f.alternate() {
        let mut out = f.debug_struct(type_name);
        out.field("code", &format_args!("{code_name}"));
        if let Some(kind) = kind {
            out.field("kind", kind);
        }
        return out
            .field("message", &repr.message())
            .field("location", &repr.location())
            .field("context", &repr.context_lines())
            .field("details", &DebugList(|| repr.details()))
            .field("source", &source)
            .finish();
    }
    one_line(repr, head, f)?;
    if let Some(location) = repr.location() {
        write!(f, "\n    at {location}")?;
    }
    let mut context = repr.context_lines().peekable();
    if context.peek().is_some() {
        f.write_str("\n\nContext:")?;
        for (i, (line, location)) in context.enumerate() {
            write!(f, "\n    {i}: {line}\n       at {location}")?;
        }
    }
    let mut details = repr.details().peekable();
    if details.peek().is_some() {
        f.write_str("\n\nDetails:")?;
        for detail in details {
            write!(f, "\n    {detail:?}")?;
        }
    }
    let mut causes = causes(source).peekable();
    if causes.peek().is_some() {
        f.write_str("\n\nCaused by:")?;
        for (i, cause) in causes.enumerate() {
            write!(f, "\n    {i}: {cause}")?;
        }
    }
    #[cfg(feature = "std")]
    if let Some(backtrace) = repr.backtrace()
        && backtrace.status() == std::backtrace::BacktraceStatus::Captured
    {
        write!(f, "\n\nStack backtrace:\n{backtrace}")?;
    }
    Ok(())
}

/// `"Invalid: message"`, or `"Invalid"` without a message: `head` is the code's text or the
/// kind's `Display` (written with the formatter's flags reset, so `{:#}` of the status does not
/// reach a wrapped error's own alternate form).
fn one_line(repr: &Repr, head: &dyn fmt::Display, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let message = repr.message();
    write!(f, "{head}")?;
    if !message.is_empty() {
        f.write_str(": ")?;
        f.write_str(message)?;
    }
    Ok(())
}

/// `source` and its own sources, outermost first.
fn causes<'a>(
    source: Option<&'a (dyn Error + 'static)>,
) -> impl Iterator<Item = &'a (dyn Error + 'static)> {
    core::iter::successors(source, |&e| e.source())
}

/// Debug-lists whatever the closure iterates, without collecting it.
struct DebugList<F>(F);

impl<'a, F, I> fmt::Debug for DebugList<F>
where
    F: Fn() -> I,
    I: Iterator<Item = &'a (dyn fmt::Debug + Send + Sync)>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries((self.0)()).finish()
    }
}
