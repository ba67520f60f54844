//! The text forms of a status: `Display` (one line, Arrow's form), `{:#}` (with context and
//! causes), `{:?}` (a report for people) and `{:#?}` (structural).

use core::error::Error;
use core::fmt;

use crate::repr::Repr;
use crate::traits::{Code, code_of};

/// `Display` of a derived status: `"Invalid: message"`, or `"Invalid"` without a message.
/// With `{:#}`, each context line and each cause follow on lines of their own.
///
/// # Errors
///
/// Only those of the formatter.
pub fn display<C: Code>(repr: &Repr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    one_line::<C>(repr, f)?;
    if f.alternate() {
        for (line, location) in repr.context_lines() {
            write!(f, "\n  context: {line} (at {location})")?;
        }
        for cause in causes(repr.source()) {
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
    if f.alternate() {
        return f
            .debug_struct(type_name)
            .field("code", &format_args!("{}", code_of::<C>(repr).name()))
            .field("message", &repr.message())
            .field("location", &repr.location())
            .field("context", &repr.context_lines())
            .field("details", &DebugList(|| repr.details()))
            .field("source", &repr.source())
            .finish();
    }
    one_line::<C>(repr, f)?;
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
    let mut causes = causes(repr.source()).peekable();
    if causes.peek().is_some() {
        f.write_str("\n\nCaused by:")?;
        for (i, cause) in causes.enumerate() {
            write!(f, "\n    {i}: {cause}")?;
        }
    }
    #[cfg(feature = "std")]
    if let Some(backtrace) = repr.backtrace() {
        if backtrace.status() == std::backtrace::BacktraceStatus::Captured {
            write!(f, "\n\nStack backtrace:\n{backtrace}")?;
        }
    }
    Ok(())
}

/// `"Invalid: message"`, or `"Invalid"` without a message.
fn one_line<C: Code>(repr: &Repr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let text = code_of::<C>(repr).text();
    let message = repr.message();
    f.write_str(text)?;
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
