//! The text forms of a status: `Display` (one line, Arrow's form), `{:#}` (with context and
//! causes), the report for people (`{:?}` of a status of codes, `report()` of every status) and
//! its structural form (`{:#?}`); and for a status of kinds, `{:?}` as the kind enum's own.

use core::error::Error;
use core::fmt::{self, Write as _};
use core::marker::PhantomData;

use crate::ContextLines;
#[cfg(not(feature = "alloc"))]
use crate::core_only::as_context_line;
use crate::glue::code_of;
use crate::kinds::{Kind, KindPlace, kind_of, variant_source};
#[cfg(feature = "alloc")]
use crate::read::as_context_line;
use crate::repr::Repr;
use crate::site::{ArrivedLines, Site};
use crate::sources::status_of;
use crate::traits::{Chain, Code};

/// A status's report for people: the one-line form, where the status was created, then its
/// context lines, details, causes and a captured backtrace, each section only when it has
/// entries; with `{:#?}` (or `{:#}`), the structural form. What a status's `report()` returns,
/// and what `{:?}` of a status of codes prints.
pub struct Report<'a> {
    repr: &'a Repr,
    write: fn(&Repr, &mut fmt::Formatter<'_>) -> fmt::Result,
}

impl<'a> Report<'a> {
    /// The report of `repr`, written by `write`. Used by generated code only.
    #[doc(hidden)]
    #[must_use]
    pub fn __new(repr: &'a Repr, write: fn(&Repr, &mut fmt::Formatter<'_>) -> fmt::Result) -> Self {
        Self { repr, write }
    }
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.write)(self.repr, f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.write)(self.repr, f)
    }
}

/// `Display` of a derived status: `"Invalid: message"`, or `"Invalid"` without a message.
/// With `{:#}`, each context line and each cause follow on lines of their own.
///
/// # Errors
///
/// Only those of the formatter.
pub fn display<C: Code>(repr: &Repr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write_display(repr, &code_of::<C>(repr).text(), || Causes::of(repr), f)
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
    let causes = || Causes::of_kind::<K>(repr);
    if let Some(head) = TextKind::<K>::of(repr) {
        return write_display(repr, &head, causes, f);
    }
    match kind_of::<K>(repr) {
        Some(kind) => write_display(repr, &*kind, causes, f),
        None => write_display(repr, &kindless_head::<K>(repr), causes, f),
    }
}

/// The head of a status that holds a variant's text in place of the variant: written from the
/// text as the variant's `Display` writes it ([`Kind::display_text`]), so that showing it
/// allocates nothing; built from the text where the derive could not write that.
struct TextKind<'a, K> {
    repr: &'a Repr,
    raw: u32,
    text: &'a str,
    kind: PhantomData<K>,
}

impl<'a, K: Kind> TextKind<'a, K> {
    /// The head of `repr` when it holds a variant's text.
    fn of(repr: &'a Repr) -> Option<Self> {
        match repr.kind_place::<K>() {
            KindPlace::Text { raw, text } => Some(Self {
                repr,
                raw,
                text,
                kind: PhantomData,
            }),
            _ => None,
        }
    }
}

impl<K: Kind + fmt::Display> fmt::Display for TextKind<'_, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(written) = K::display_text(self.raw, self.text, f) {
            return written;
        }
        match kind_of::<K>(self.repr) {
            Some(kind) => kind.fmt(f),
            None => kindless_head::<K>(self.repr).fmt(f),
        }
    }
}

/// The head of a status of the kind enum `K` that holds no kind: the text of the variant it
/// was made from as it arrived from another process (`serde`: the fields did not cross, their
/// text did), else its code's text; in a build without `alloc`, where a variant's fields that
/// do not pack are not kept, the head says so.
fn kindless_head<K: Kind>(repr: &Repr) -> KindlessHead<'_> {
    #[cfg(feature = "serde")]
    if let Some(text) = repr
        .detail::<crate::serde::Remote>()
        .and_then(|remote| remote.text.as_deref())
    {
        return KindlessHead::Text(text);
    }
    let code = code_of::<K::Code>(repr);
    if cfg!(not(feature = "alloc")) && K::unpack(repr.raw_code(), None).is_none() {
        return KindlessHead::FieldsLost(code.name());
    }
    KindlessHead::Text(code.text())
}

/// What [`kindless_head`] shows.
enum KindlessHead<'a> {
    /// A text as it is.
    Text(&'a str),
    /// The name of a variant whose fields were not kept (a build without `alloc`).
    FieldsLost(&'static str),
}

impl fmt::Display for KindlessHead<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Text(text) => f.write_str(text),
            Self::FieldsLost(name) => {
                write!(
                    f,
                    "{name} (its fields were not kept: this build has no `alloc`)"
                )
            }
        }
    }
}

/// `Display`, headed by `head` (the code's text or the kind's); `{:#}` adds the context lines
/// and `causes`, each cause followed by its creation site and context lines when it is a
/// status.
fn write_display<'a>(
    repr: &'a Repr,
    head: &dyn fmt::Display,
    causes: impl FnOnce() -> Causes<'a>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    one_line(repr, head, f)?;
    if f.alternate() {
        let causes = causes();
        for (line, location) in Lines::of(repr) {
            write!(f, "\n  context: {line} (at {location})")?;
        }
        for cause in causes {
            write!(f, "\n  caused by: {}", cause.error)?;
            if let Some(location) = cause.location {
                write!(f, " (at {location})")?;
            }
            for (line, location) in cause.context {
                write!(f, "\n  context: {line} (at {location})")?;
            }
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
        Causes::of(repr),
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
    let causes = Causes::of_kind::<K>(repr);
    let shown: &dyn fmt::Debug = match &debug {
        Some(kind) => kind,
        None => &None::<()>,
    };
    if let Some(head) = TextKind::<K>::of(repr) {
        write_debug(repr, type_name, &head, name, Some(shown), causes, f)
    } else if let Some(kind) = kind_of::<K>(repr) {
        write_debug(repr, type_name, &*kind, name, Some(shown), causes, f)
    } else {
        let text = kindless_head::<K>(repr);
        write_debug(repr, type_name, &text, name, Some(shown), causes, f)
    }
}

/// `Debug` of a status of a kind enum: what `#[derive(Debug)]` on the enum prints for its
/// kind (`debug`, from the derive; `{:#?}` too), then, only where the status has them, its
/// message and its context lines. A status made from a code alone of a variant with fields
/// shows the variant's name. The report for people ([`debug_kind`]) is the status's
/// `report()`.
///
/// # Errors
///
/// Only those of the formatter.
pub fn debug_as_kind<K: Kind>(
    repr: &Repr,
    debug: Option<&dyn fmt::Debug>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    match debug {
        Some(kind) => kind.fmt(f)?,
        None if cfg!(not(feature = "alloc")) => write!(f, "{}", kindless_head::<K>(repr))?,
        None => f.write_str(code_of::<K::Code>(repr).name())?,
    }
    let message = repr.message();
    if !message.is_empty() {
        write!(f, "\n\nMessage: {message}")?;
    }
    write_context(repr, f)
}

/// The context lines of `repr`, as the reports show them, when it has any.
fn write_context(repr: &Repr, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut context = Lines::of(repr).peekable();
    if context.peek().is_some() {
        f.write_str("\n\nContext:")?;
        for (i, (line, location)) in context.enumerate() {
            write!(f, "\n    {i}: {line}\n       at {location}")?;
        }
    }
    Ok(())
}

/// `Debug`, headed by `head`; `kind` is the structural form's `kind` field, for kind enums.
fn write_debug(
    repr: &Repr,
    type_name: &str,
    head: &dyn fmt::Display,
    code_name: &str,
    kind: Option<&dyn fmt::Debug>,
    causes: Causes<'_>,
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
            .field("causes", &CauseList(causes))
            .finish();
    }
    one_line(repr, head, f)?;
    if let Some(location) = creation_site(repr) {
        write!(f, "\n    at {location}")?;
    }
    write_context(repr, f)?;
    // What a status arrived with from another process is shown above, as its creation site
    // and context lines.
    let arrived = arrived_detail(repr);
    let mut details = repr
        .details()
        .filter(|detail| arrived.is_none_or(|arrived| !core::ptr::addr_eq(*detail, arrived)))
        .peekable();
    if details.peek().is_some() {
        f.write_str("\n\nDetails:")?;
        for detail in details {
            write!(f, "\n    {detail:?}")?;
        }
    }
    let mut causes = causes.peekable();
    if causes.peek().is_some() {
        f.write_str("\n\nCaused by:")?;
        for (i, cause) in causes.enumerate() {
            write!(f, "\n    {i}: {}", cause.error)?;
            if let Some(location) = cause.location {
                write!(f, "\n       at {location}")?;
            }
            for (line, location) in cause.context {
                write!(f, "\n       context: {line} (at {location})")?;
            }
        }
    }
    #[cfg(feature = "std")]
    if let Some(backtrace) = seen_through(repr)
        .filter_map(Repr::backtrace)
        .filter(|b| b.status() == std::backtrace::BacktraceStatus::Captured)
        .last()
    {
        f.write_str("\n\nStack backtrace:")?;
        write_frames(&std::string::ToString::to_string(backtrace), f)?;
    }
    Ok(())
}

/// A captured backtrace's frames, as `std` writes them, without the ones at its top that are
/// this crate's own (the capture and the constructors that called it): the first frame shown
/// is the code that made the status. Frames are numbered from 0 again.
#[cfg(feature = "std")]
fn write_frames(trace: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut index = 0_usize;
    let mut skipping = true;
    let mut in_skipped_frame = false;
    for line in trace.lines() {
        if let Some(function) = frame_function(line) {
            in_skipped_frame = skipping && is_own_frame(function);
            if in_skipped_frame {
                continue;
            }
            skipping = false;
            write!(f, "\n{index:>4}: {function}")?;
            index += 1;
        } else if !in_skipped_frame {
            write!(f, "\n{line}")?;
        }
    }
    Ok(())
}

/// The function of a frame's first line (`"  12: path::to::function"`), if `line` is one.
#[cfg(feature = "std")]
fn frame_function(line: &str) -> Option<&str> {
    let (number, function) = line.trim_start().split_once(": ")?;
    number
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then_some(function)
        .filter(|_| !number.is_empty())
}

/// Whether a frame's function is this crate's, or std's capture that it calls: its path, or
/// the self type of a trait method's (`<&&status_runtime::kinds::probes::KindProbe<K> as ..>::..`,
/// references and all), starts in one of them. A symbol names this crate's items by their
/// own path; Miri's backtraces name them by the path the facade re-exports them at
/// (`fast_status::__private::KindProbe`), and the facade has no functions of its own.
///
/// The derive's hidden helpers count too: a method whose name starts with `__` on a type of the
/// module it generates (`app::<impl app::__fast_status_ErrorKind::Error>::__from_kind`), which
/// no code of the user's calls. The methods the user's code calls (a constructor, `from`) are
/// kept: the first frame shown is one of them.
#[cfg(feature = "std")]
fn is_own_frame(function: &str) -> bool {
    is_generated_helper(function) || is_runtime_frame(function)
}

/// Whether a frame is a hidden helper the derive generated: see [`is_own_frame`]. A closure
/// inside one (`..::__from_kind::{{closure}}`, or under Miri `{closure#0}`) is one too. Miri
/// names an impl's self type without its crate (`<impl __fast_status_ErrorKind::Error>`), so
/// the module is looked for as a word of the name, not after a `::`.
#[cfg(feature = "std")]
fn is_generated_helper(function: &str) -> bool {
    function
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| word.starts_with("__fast_status_"))
        && function
            .rsplit("::")
            .find(|segment| !segment.starts_with('{'))
            .is_some_and(|name| name.starts_with("__"))
}

/// Whether a frame is this crate's or std's capture: see [`is_own_frame`].
#[cfg(feature = "std")]
fn is_runtime_frame(function: &str) -> bool {
    let function = function
        .trim_start_matches(['<', '&'])
        .trim_start_matches("mut ")
        .trim_start_matches('&');
    [
        "status_runtime::",
        "fast_status::",
        "std::backtrace::",
        "std::backtrace_rs::",
    ]
    .iter()
    .any(|own| function.starts_with(own))
}

/// `"Invalid: message"`, or `"Invalid"` without a message: `head` is the code's text or the
/// kind's `Display` (written with the formatter's flags reset, so `{:#}` of the status does not
/// reach a wrapped error's own alternate form).
fn one_line(repr: &Repr, head: &dyn fmt::Display, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let message = repr.message();
    // The head is written with the default options whatever `f`'s are, as `{head}` writes it;
    // with `f`'s own the default, straight to `f`, without `write!`'s second formatter.
    if has_default_options(f) {
        head.fmt(f)?;
    } else {
        write!(f, "{head}")?;
    }
    if !message.is_empty() {
        f.write_str(": ")?;
        f.write_str(message)?;
    }
    Ok(())
}

/// Whether `f` formats with the default options (`{}`): no fill, alignment, width, precision
/// or flag.
fn has_default_options(f: &fmt::Formatter<'_>) -> bool {
    f.fill() == ' '
        && f.align().is_none()
        && f.width().is_none()
        && f.precision().is_none()
        && !(f.alternate() || f.sign_plus() || f.sign_minus() || f.sign_aware_zero_pad())
}

/// The causes of a status, outermost first, as its reports show them: each source in turn,
/// with, beneath it, where it was created and its context lines when it is a status.
///
/// A source converted from a status (`from = Status`) is known as one, and one given to
/// `or_status` or `with_source` is recognised by asking it (`status_of`): its creation site and
/// lines come from its representation, and its own source follows. Any other source's chain
/// is walked with `Error::source`, where the context lines of a status further down appear as
/// entries of their own (`ContextNode`): they are shown beneath the error they belong to,
/// oldest first, as a status's own lines are.
#[derive(Clone)]
struct Causes<'a> {
    next: Option<&'a (dyn Error + 'static)>,
    /// The representation of `next`, when it is known to be a status.
    status: Option<&'a Repr>,
}

/// One cause: the error, its creation site when it is a status, and its context lines.
struct Cause<'a> {
    error: &'a (dyn Error + 'static),
    location: Option<Site<'a>>,
    context: CauseContext<'a>,
}

/// The context lines shown beneath a cause, oldest first.
enum CauseContext<'a> {
    /// A status's own lines (and those of the statuses it wraps transparently).
    Status(Lines<'a>),
    /// `len` context lines of the chain, the newest first there: shown from the last.
    Chain {
        newest: Option<&'a (dyn Error + 'static)>,
        len: usize,
    },
}

impl<'a> Causes<'a> {
    /// The causes of a status of codes: its source, known as a status if it is one.
    fn of(repr: &'a Repr) -> Self {
        Self {
            next: repr.source(),
            status: repr.source_status(),
        }
    }

    /// The causes of a status of kind `K`: its variant's source field first, or else the
    /// source it was given (`Repr::source_status` reads them in the same order).
    /// A variant transparent over a status has that status's chain as its source, starting
    /// with its context lines, which the report shows as this status's own (`Lines`).
    fn of_kind<K: Kind>(repr: &'a Repr) -> Self {
        let source = variant_source::<K>(repr).or_else(|| repr.source());
        // Past the lines of the statuses it wraps, which `Lines` shows.
        let wrapped = lines_shown(repr) - line_count(repr);
        Self {
            next: Chain::starting_at(source).nth(wrapped),
            status: repr.source_status(),
        }
    }
}

impl<'a> Iterator for Causes<'a> {
    type Item = Cause<'a>;

    fn next(&mut self) -> Option<Cause<'a>> {
        let error = self.next?;
        if let Some(status) = self.status.take().or_else(|| status_of(error)) {
            // Its own source: the first entry of its chain after the context lines shown
            // beneath it (a kind status's variant source included, which `status.source()`
            // does not know). Lines further on, of a status behind a foreign error that
            // forwards `source()` to it, are causes of their own (`Chain` below).
            self.next = Chain::starting_at(error.source()).nth(lines_shown(status));
            self.status = status.source_status();
            return Some(Cause {
                error,
                location: creation_site(status),
                context: CauseContext::Status(Lines::of(status)),
            });
        }
        let newest = error.source();
        let len = Chain::starting_at(newest)
            .take_while(|e| as_context_line(*e).is_some())
            .count();
        self.next = Chain::starting_at(newest).nth(len);
        Some(Cause {
            error,
            location: None,
            context: CauseContext::Chain { newest, len },
        })
    }
}

impl<'a> Iterator for CauseContext<'a> {
    type Item = (&'a str, Site<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Self::Status(lines) => lines.next(),
            Self::Chain { newest, len } => {
                *len = len.checked_sub(1)?;
                Chain::starting_at(*newest)
                    .nth(*len)
                    .and_then(as_context_line)
            }
        }
    }
}

/// `repr`, then the status it wraps transparently (a kind variant marked `transparent` whose
/// field is a status), and so on inward: what a report shows as one status, since the
/// wrapper's text and source are the wrapped one's.
fn seen_through(repr: &Repr) -> impl Iterator<Item = &Repr> {
    core::iter::successors(Some(repr), |r| r.transparent_status())
}

/// Where a report says `repr` was created: the innermost creation site among the statuses seen
/// through it (the wrapped status's, not where a transparent wrapper converted it), else its own;
/// for a status that arrived from another process, the site it arrived with.
fn creation_site(repr: &Repr) -> Option<Site<'_>> {
    seen_through(repr)
        .filter_map(|r| {
            r.location()
                .map(Site::Here)
                .or_else(|| r.arrived_site().map(Site::There))
        })
        .last()
}

/// How many context lines a report shows for `repr` ([`Lines`]): its own and those of the
/// statuses it wraps transparently, the entries its chain starts with.
fn lines_shown(repr: &Repr) -> usize {
    seen_through(repr).map(line_count).sum()
}

/// How many context lines `repr` has: those it arrived with from another process, and its own.
fn line_count(repr: &Repr) -> usize {
    repr.arrived_lines().len() + repr.context_lines().len()
}

/// The detail that holds what `repr` arrived with from another process, which the reports show
/// as its creation site and context lines rather than as a detail.
fn arrived_detail(repr: &Repr) -> Option<&(dyn fmt::Debug + Send + Sync)> {
    #[cfg(feature = "serde")]
    return repr
        .detail::<crate::serde::Remote>()
        .map(|remote| remote as &(dyn fmt::Debug + Send + Sync));
    #[cfg(not(feature = "serde"))]
    {
        let _ = repr;
        None
    }
}

/// The context lines of one status, oldest first: those it arrived with from another process,
/// then its own.
struct StatusLines<'a> {
    arrived: ArrivedLines<'a>,
    own: ContextLines<'a>,
}

impl<'a> StatusLines<'a> {
    fn of(repr: &'a Repr) -> Self {
        Self {
            arrived: repr.arrived_lines(),
            own: repr.context_lines(),
        }
    }
}

impl<'a> Iterator for StatusLines<'a> {
    type Item = (&'a str, Site<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        self.arrived.next().or_else(|| {
            let (text, location) = self.own.next()?;
            Some((text, Site::Here(location)))
        })
    }
}

/// The context lines a report shows for a status, oldest first: those of the statuses it wraps
/// transparently, innermost first, then its own.
struct Lines<'a> {
    /// The outermost status.
    repr: &'a Repr,
    /// How many statuses inward from `repr` the lines being read belong to.
    depth: usize,
    current: StatusLines<'a>,
}

impl<'a> Lines<'a> {
    fn of(repr: &'a Repr) -> Self {
        let depth = seen_through(repr).count() - 1;
        Self {
            repr,
            depth,
            current: Self::at(repr, depth),
        }
    }

    /// The lines of the status `depth` steps inward from `repr`.
    fn at(repr: &'a Repr, depth: usize) -> StatusLines<'a> {
        StatusLines::of(seen_through(repr).nth(depth).unwrap_or(repr))
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (&'a str, Site<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(line) = self.current.next() {
                return Some(line);
            }
            self.depth = self.depth.checked_sub(1)?;
            self.current = Self::at(self.repr, self.depth);
        }
    }
}

/// Debug-lists whatever the closure iterates, without collecting it.
struct DebugList<F>(F);

/// The causes of the structural form, one entry each, flat: a status as its one line, its
/// creation site and its context lines (not its own structure, whose causes would nest each
/// inside the one before, a form that grows with the square of the chain); any other error
/// as its own `Debug`.
struct CauseList<'a>(Causes<'a>);

impl fmt::Debug for CauseList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        for cause in self.0.clone() {
            list.entry(&CauseEntry(core::cell::Cell::new(Some(cause))));
        }
        list.finish()
    }
}

/// One entry of [`CauseList`], read once.
struct CauseEntry<'a>(core::cell::Cell<Option<Cause<'a>>>);

impl fmt::Debug for CauseEntry<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(cause) = self.0.take() else {
            return Ok(());
        };
        if !matches!(cause.context, CauseContext::Status(_)) {
            return fmt::Debug::fmt(cause.error, f);
        }
        let context = core::cell::Cell::new(Some(cause.context));
        f.debug_struct("Status")
            .field("error", &format_args!("{:?}", DisplayText(cause.error)))
            .field("location", &cause.location)
            .field("context", &LineList(context))
            .finish()
    }
}

/// An error's `Display`, shown as a quoted string.
struct DisplayText<'a>(&'a (dyn Error + 'static));

impl fmt::Debug for DisplayText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // As a `&str`'s `Debug` quotes and escapes, without a `String` to hold the text.
        f.write_char('"')?;
        write!(EscapeDebug(f), "{}", self.0)?;
        f.write_char('"')
    }
}

/// Writes what it is given escaped as a `&str`'s `Debug` escapes it.
struct EscapeDebug<'a, 'b>(&'a mut fmt::Formatter<'b>);

impl fmt::Write for EscapeDebug<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        write!(self.0, "{}", s.escape_debug())
    }
}

/// A cause's context lines as the structural form lists them, read once.
struct LineList<'a>(core::cell::Cell<Option<CauseContext<'a>>>);

impl fmt::Debug for LineList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.0.take().into_iter().flatten())
            .finish()
    }
}

impl<'a, F, I> fmt::Debug for DebugList<F>
where
    F: Fn() -> I,
    I: Iterator<Item = &'a (dyn fmt::Debug + Send + Sync)>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries((self.0)()).finish()
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::is_own_frame;

    #[test]
    fn own_frames_are_the_runtime_std_capture_and_the_derive_hidden_helpers() {
        for own in [
            "std::backtrace::Backtrace::capture",
            "status_runtime::create::<impl status_runtime::repr::Repr>::from_args",
            "<&&status_runtime::kinds::probes::KindProbe<K> as status_runtime::kinds::probes::StoreMadeKind<K>>::__fs_store",
            "app::<impl app::__fast_status_ErrorKind::Error>::__from_kind",
            "app::<impl app::__fast_status_ErrorKind::Error>::__from_kind::{{closure}}",
            "<app::errors::__fast_status_ParseKind::Parse as fast_status::FastStatus>::__from_repr",
            // As Miri names them.
            "<impl __fast_status_ErrorKind::Error>::__from_kind",
            "<impl __fast_status_ErrorKind::Error>::__from_kind::{closure#0}",
        ] {
            assert!(is_own_frame(own), "{own}");
        }
        for theirs in [
            "app::<impl app::__fast_status_ErrorKind::Error>::too_big",
            "app::<impl core::convert::From<std::io::error::Error> for app::__fast_status_ErrorKind::Error>::from",
            "core::result::Result<T,E>::map_err",
            "app::read::__inner",
            "app::read::{{closure}}",
            "<impl __fast_status_ErrorKind::Error>::too_big",
            "<app::__fast_status_ErrorKind::Error as core::convert::From<std::io::error::Error>>::from",
            "<impl std::convert::From<std::io::Error> for __fast_status_ErrorKind::Error>::from",
        ] {
            assert!(!is_own_frame(theirs), "{theirs}");
        }
    }
}
