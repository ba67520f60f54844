//! The model that the state-machine tests (`tests/state_machine.rs`, proptest) and the fuzz
//! target `status_ops` (`fuzz/`) drive: status types of both shapes the derive accepts (an enum
//! of codes, and an enum of kinds with fields: packed, on the heap, converted, fieldless), the
//! operations on them, and a plain model of what each status should hold after each one.
//!
//! [`Model::apply`] says what an operation does to the model; [`Live::apply`] does it to real
//! statuses; [`Live::check`] compares every live status with its model: code, message,
//! whether it has a location, context lines, details, source, `Display`, and that every detail
//! value is alive exactly while a status holds it (dropped once, after the last clone, never
//! early). The model knows which statuses share a stored value, so `into_kind()` is checked
//! exactly: the kind comes out if and only if no other live status shares it. Operations
//! include a `Display` that panics (the status it was given is dropped, nothing leaks), one
//! that writes more the second time it is asked, a detail whose `Drop` panics (the status that
//! drops it last panics, and frees everything else), sources of any error and of other
//! statuses, and clones raced on several threads.

use std::collections::BTreeSet;
use std::error::Error;
use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use fast_status::{Code, FastStatus, ResultExt, status};

/// Codes with `from` conversions, a gap and a display text: inline, static and message
/// statuses.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[status(name = Status)]
pub enum StatusCode {
    /// The input is malformed.
    Invalid = 1,
    /// A key was missing.
    #[status(display = "Key error")]
    KeyError,
    /// The operating system reported an error.
    #[status(from = std::io::Error)]
    IOError,
    /// A number did not parse.
    #[status(from = std::num::ParseIntError)]
    Parse = 40,
}

/// Kinds with fields: one packed, two on the heap, one converted from an error, and
/// one without fields.
#[derive(FastStatus, Debug)]
#[status(name = KindError)]
pub enum KindErrorKind {
    /// 32 bits: packed into the word.
    #[error("offset {0:#x}")]
    Offset(u32),
    /// Two `u64`s: packed when each fits in 26 bits, else on the heap.
    #[error("range {lo}..{hi}")]
    Range { lo: u64, hi: u64 },
    /// An owned string: on the heap.
    #[error("named {0}")]
    Named(String),
    /// Converted from an `io::Error`, which stays the source.
    #[error("I/O failed")]
    Io(#[from] std::io::Error),
    /// No fields: the inline code.
    #[error("custom")]
    Custom,
}

/// How a status is created.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Creation {
    /// `Status::from_code`: the inline state.
    Code(StatusCode),
    /// `status!(Code::X, "literal")`: the static state.
    Static(StatusCode),
    /// `Status::new(code, text)`: a message through `core::fmt`.
    Message(StatusCode, String),
    /// `Status::new(code, display)` with a `Display` that writes more each time it is asked:
    /// the message is what it wrote when first measured (`text`).
    Lying(StatusCode, String),
    /// `status!(code, "{text} = {n}")`: a message split into pieces.
    Split(StatusCode, String, u64),
    /// `Status::from(io::Error)`: a `from` conversion.
    FromIo(String),
    /// `.or_status(code)` on a failed parse.
    OrStatus(String),
    /// `KindError::offset(n)`: packed fields.
    Offset(u32),
    /// `KindError::range(lo, hi)`: fields packed or on the heap, by their values.
    Range(u64, u64),
    /// `KindError::from(KindErrorKind::Named(text))`: an owned field, moved in.
    Named(String),
    /// `KindError::named(text)`: the variant's text written into the status (a text body),
    /// the variant built from it when read.
    NamedText(String),
    /// `KindError::from(io::Error)`: a `from` field.
    KindIo(String),
    /// `KindError::from(KindErrorKind::Custom)`: a variant without fields.
    Custom,
    /// `KindError::from_code(code)`: a kind's code alone (the code at this index of
    /// `KindErrorCode::ALL`, wrapping).
    KindCode(u8),
    /// `KindError::new(code, text)`: a kind's code with a message.
    KindMessage(u8, String),
}

/// The kind code at `index` of `KindErrorCode::ALL`, wrapping.
fn kind_code(index: u8) -> KindErrorCode {
    KindErrorCode::ALL[usize::from(index) % KindErrorCode::ALL.len()]
}

/// One operation; the index is the position of the status it works on among the live ones.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Transition {
    /// A new status, at the end.
    Create(Creation),
    /// A clone, at the end.
    Clone(usize),
    /// `with_message`.
    WithMessage(usize, String),
    /// `with_detail` of a `u32`.
    WithNumber(usize, u32),
    /// `with_detail` of a value that records its drop.
    WithCounted(usize),
    /// `context`.
    Context(usize, String),
    /// Dropping the status.
    Drop(usize),
    /// Moving the status to another thread, reading it there, and back.
    ThroughThread(usize),
    /// `Box<dyn Error + Send + Sync>` from the status, and a downcast back.
    ThroughBoxDyn(usize),
    /// `into_kind()` of a status with kinds, which consumes it whether the kind comes out or
    /// the status comes back (then dropped); a status of codes is dropped.
    IntoKind(usize),
    /// `with_source` of an `io::Error` with this text.
    WithSource(usize, String),
    /// `with_source` of a clone of another live status (the second index).
    WithStatusSource(usize, usize),
    /// `with_message` (`0`) or `context` (`1`, or any other) given a `Display` that panics: the
    /// panic goes on, and the status, taken by value, is dropped on the way.
    Panicking(usize, u8),
    /// Four threads clone the status at once, read their clone and drop it.
    RaceClones(usize),
    /// `with_detail` of a value whose `Drop` panics: the status that drops it last panics
    /// there (`Drop`, `IntoKind`), and still frees everything else it holds. Skipped where the
    /// drop could run during another panic's unwinding (which aborts the process in any Rust
    /// program): for a status that holds one already, directly or through its source.
    WithPanicky(usize),
}

impl Transition {
    /// The status this transition works on, if any.
    #[must_use]
    pub fn index(&self) -> Option<usize> {
        match *self {
            Transition::Create(_) => None,
            Transition::Clone(i)
            | Transition::WithMessage(i, _)
            | Transition::WithNumber(i, _)
            | Transition::WithCounted(i)
            | Transition::Context(i, _)
            | Transition::Drop(i)
            | Transition::ThroughThread(i)
            | Transition::ThroughBoxDyn(i)
            | Transition::IntoKind(i)
            | Transition::WithSource(i, _)
            | Transition::WithStatusSource(i, _)
            | Transition::Panicking(i, _)
            | Transition::RaceClones(i)
            | Transition::WithPanicky(i) => Some(i),
        }
    }

    /// This transition aimed at one of `live` statuses (its index taken modulo `live`), or
    /// `None` when it needs a status and there is none. For inputs that are arbitrary bytes.
    #[must_use]
    pub fn fit(mut self, live: usize) -> Option<Self> {
        if let Some(i) = self.index() {
            let fitted = i.checked_rem(live)?;
            match &mut self {
                Transition::Create(_) => {}
                Transition::WithStatusSource(i, j) => {
                    *i = fitted;
                    *j %= live;
                }
                Transition::Clone(i)
                | Transition::WithMessage(i, _)
                | Transition::WithNumber(i, _)
                | Transition::WithCounted(i)
                | Transition::Context(i, _)
                | Transition::Drop(i)
                | Transition::ThroughThread(i)
                | Transition::ThroughBoxDyn(i)
                | Transition::IntoKind(i)
                | Transition::WithSource(i, _)
                | Transition::Panicking(i, _)
                | Transition::RaceClones(i)
                | Transition::WithPanicky(i) => *i = fitted,
            }
        }
        Some(self)
    }
}

/// The fields a status of `KindError` should give back from `kind()`.
#[derive(Clone, Debug, PartialEq)]
enum KindModel {
    Offset(u32),
    Range(u64, u64),
    Named(String),
    Io(String),
    Custom,
}

impl KindModel {
    /// The kind's `Display`, as the derive writes it.
    fn display(&self) -> String {
        match self {
            KindModel::Offset(n) => format!("offset {n:#x}"),
            KindModel::Range(lo, hi) => format!("range {lo}..{hi}"),
            KindModel::Named(text) => format!("named {text}"),
            KindModel::Io(_) => "I/O failed".to_owned(),
            KindModel::Custom => "custom".to_owned(),
        }
    }

    /// Whether the kind rides in the word (on 64-bit targets): its fields pack, by their
    /// types and, for `Range`'s two `u64`s, their values (26 bits each: the enum's codes are
    /// below 512, so its words have 52 bits for fields).
    fn packs(&self) -> bool {
        match self {
            KindModel::Offset(_) => true,
            KindModel::Range(lo, hi) => *lo < 1 << 26 && *hi < 1 << 26,
            KindModel::Named(_) | KindModel::Io(_) | KindModel::Custom => false,
        }
    }

    /// Whether `into_kind()` gives the kind as a copy (packed fields, on 64-bit targets, or no
    /// fields), never shared, rather than moving a stored value out.
    fn copied(&self) -> bool {
        matches!(self, KindModel::Custom) || (cfg!(target_pointer_width = "64") && self.packs())
    }

    /// What `kind()` of a real status gives, in the model's terms.
    fn of(kind: &KindErrorKind) -> Self {
        match kind {
            KindErrorKind::Offset(n) => KindModel::Offset(*n),
            KindErrorKind::Range { lo, hi } => KindModel::Range(*lo, *hi),
            KindErrorKind::Named(text) => KindModel::Named(text.clone()),
            KindErrorKind::Io(error) => KindModel::Io(error.to_string()),
            KindErrorKind::Custom => KindModel::Custom,
        }
    }
}

/// The code of a status: one of either status type's.
#[derive(Clone, Copy, Debug, PartialEq)]
enum AnyCode {
    Codes(StatusCode),
    Kinds(KindErrorCode),
}

impl AnyCode {
    fn text(self) -> &'static str {
        match self {
            AnyCode::Codes(code) => code.text(),
            AnyCode::Kinds(code) => code.text(),
        }
    }
}

/// What one status should hold.
#[derive(Clone, Debug)]
pub struct Expected {
    code: AnyCode,
    /// For a `KindError`: what `kind()` gives back.
    kind: Option<KindModel>,
    message: String,
    located: bool,
    context: Vec<String>,
    number: Option<u32>,
    /// The id of the `Counted` detail attached, if any.
    counted: Option<u64>,
    /// The id of the `PanicsOnDrop` detail attached, if any.
    panicky: Option<u64>,
    /// The text of the error `source()` gives, if any.
    source: Option<String>,
    /// For a status of a variant whose fields are stored on the heap: which stored value it
    /// holds a share of. Clones and changed copies share it; `into_kind()` moves it out only
    /// from the one status that holds it.
    value: Option<u64>,
    /// Whether the status holds its variant's text (a text body): `into_kind()` builds the
    /// variant, shared or not, and `with_message` makes it a stored value of its own first.
    text_body: bool,
    /// Whether `source()` is the variant's own source field, which a source given later does
    /// not replace.
    source_is_field: bool,
    /// The `Counted` ids and stored values that the status given as this one's source holds
    /// (directly, or through its own source): alive as long as this status is.
    through_source: Held,
}

/// What a status holds through the status given as its source.
#[derive(Clone, Debug, Default)]
struct Held {
    /// `Counted` and `PanicsOnDrop` ids.
    counted: BTreeSet<u64>,
    /// `PanicsOnDrop` ids, of those.
    panicky: BTreeSet<u64>,
    values: BTreeSet<u64>,
}

impl Expected {
    fn new(code: StatusCode, message: impl Into<String>, located: bool) -> Self {
        Self::any(AnyCode::Codes(code), None, message, located)
    }

    fn kind(kind: KindModel, code: KindErrorCode, located: bool) -> Self {
        Self::any(AnyCode::Kinds(code), Some(kind), "", located)
    }

    fn any(
        code: AnyCode,
        kind: Option<KindModel>,
        message: impl Into<String>,
        located: bool,
    ) -> Self {
        Self {
            code,
            kind,
            message: message.into(),
            located,
            context: Vec::new(),
            number: None,
            counted: None,
            panicky: None,
            source: None,
            value: None,
            text_body: false,
            source_is_field: false,
            through_source: Held::default(),
        }
    }

    /// The `Counted` and `PanicsOnDrop` ids this status keeps alive, itself and through its
    /// source.
    fn counted_held(&self) -> impl Iterator<Item = u64> + '_ {
        self.counted
            .into_iter()
            .chain(self.panicky)
            .chain(self.through_source.counted.iter().copied())
    }

    /// The `PanicsOnDrop` ids this status keeps alive, itself and through its source.
    fn panicky_held(&self) -> impl Iterator<Item = u64> + '_ {
        self.panicky
            .into_iter()
            .chain(self.through_source.panicky.iter().copied())
    }

    /// The stored values this status holds a share of, itself and through its source.
    fn values_held(&self) -> impl Iterator<Item = u64> + '_ {
        self.value
            .into_iter()
            .chain(self.through_source.values.iter().copied())
    }

    /// `with_source`: the source (which `source()` gives, unless the variant's own source field
    /// comes first), holding what `held` holds; it replaces the one given before.
    fn attach(&mut self, text: String, held: Held) {
        if !self.source_is_field {
            self.source = Some(text);
        }
        self.through_source = held;
    }

    /// `Display`: the kind's text (or the code's), then the message if there is one.
    fn display(&self) -> String {
        let head = match &self.kind {
            Some(kind) => kind.display(),
            None => self.code.text().to_owned(),
        };
        if self.message.is_empty() {
            head
        } else {
            format!("{head}: {}", self.message)
        }
    }
}

/// The model: the statuses alive, in order, and how many `Counted` values were made.
#[derive(Clone, Debug, Default)]
pub struct Model {
    statuses: Vec<Expected>,
    counted_made: u64,
    /// How many stored values were made: the next one's id.
    values_made: u64,
    /// What the last `IntoKind` should have done: whether the kind comes out.
    kind_comes_out: bool,
    /// Whether the last transition drops a `PanicsOnDrop` detail last, and so panics.
    panics: bool,
    /// Whether the last transition is skipped (see [`Transition::WithPanicky`]).
    skipped: bool,
}

impl Model {
    /// How many statuses are alive.
    #[must_use]
    pub fn len(&self) -> usize {
        self.statuses.len()
    }

    /// Whether no status is alive.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.statuses.is_empty()
    }

    /// Whether `transition` can be applied: its status exists.
    #[must_use]
    pub fn allows(&self, transition: &Transition) -> bool {
        let live = self.statuses.len();
        transition.index().is_none_or(|i| i < live)
            && !matches!(transition, Transition::WithStatusSource(_, j) if *j >= live)
    }

    /// What `transition` does to the model.
    ///
    /// # Panics
    ///
    /// If it is not [`allowed`](Self::allows).
    pub fn apply(&mut self, transition: &Transition) {
        self.panics = false;
        self.skipped = self.skips(transition);
        if self.skipped {
            return;
        }
        match transition {
            Transition::Create(creation) => {
                let mut new = expected(creation);
                if !new.text_body && new.kind.as_ref().is_some_and(|kind| !kind.copied()) {
                    new.value = Some(self.values_made);
                    self.values_made += 1;
                }
                self.statuses.push(new);
            }
            Transition::Clone(i) => {
                let copy = self.statuses[*i].clone();
                self.statuses.push(copy);
            }
            Transition::WithMessage(i, text) => {
                let status = &mut self.statuses[*i];
                status.message.clone_from(text);
                if status.text_body {
                    status.text_body = false;
                    status.value = Some(self.values_made);
                    self.values_made += 1;
                }
            }
            Transition::WithNumber(i, n) => self.statuses[*i].number = Some(*n),
            Transition::WithCounted(i) => {
                self.statuses[*i].counted = Some(self.counted_made);
                self.counted_made += 1;
            }
            Transition::Context(i, text) => self.statuses[*i].context.push(text.clone()),
            Transition::IntoKind(i) => {
                self.panics = self.releases_panicky(*i);
                let status = self.statuses.remove(*i);
                // A copy always comes out; a stored value when nothing else holds a share of it:
                // no other status, nor a status given as a source (its own included).
                let shared = |value: u64| {
                    status.through_source.values.contains(&value)
                        || self
                            .statuses
                            .iter()
                            .any(|other| other.values_held().any(|v| v == value))
                };
                self.kind_comes_out = status.kind.as_ref().is_some_and(|kind| {
                    kind.copied() || status.text_body || status.value.is_some_and(|v| !shared(v))
                });
            }
            Transition::Drop(i) => {
                self.panics = self.releases_panicky(*i);
                self.statuses.remove(*i);
            }
            Transition::Panicking(i, _) => {
                self.statuses.remove(*i);
            }
            Transition::WithPanicky(i) => {
                self.statuses[*i].panicky = Some(self.counted_made);
                self.counted_made += 1;
            }
            Transition::WithSource(i, text) => {
                self.statuses[*i].attach(text.clone(), Held::default());
            }
            Transition::WithStatusSource(i, j) => {
                let source = &self.statuses[*j];
                let held = Held {
                    counted: source.counted_held().collect(),
                    panicky: source.panicky_held().collect(),
                    values: source.values_held().collect(),
                };
                let text = source.display();
                self.statuses[*i].attach(text, held);
            }
            Transition::ThroughThread(_)
            | Transition::ThroughBoxDyn(_)
            | Transition::RaceClones(_) => {}
        }
    }
}

impl Model {
    /// Whether `transition` is skipped: it could drop a `PanicsOnDrop` detail while another
    /// panic unwinds, or hold two that one drop would release (the second panicking during the
    /// first's unwinding), which aborts any Rust program.
    fn skips(&self, transition: &Transition) -> bool {
        let held = |i: usize| self.statuses[i].panicky_held().collect::<BTreeSet<u64>>();
        match *transition {
            // A second one beside the first.
            Transition::WithPanicky(i) => !held(i).is_empty(),
            // Replacing a source that holds one; or two in one status.
            Transition::WithSource(i, _) => !self.statuses[i].through_source.panicky.is_empty(),
            Transition::WithStatusSource(i, j) => {
                !self.statuses[i].through_source.panicky.is_empty()
                    || held(i).len() + held(j).len() > 1
            }
            // The status is dropped while the `Display`'s panic unwinds.
            Transition::Panicking(i, _) => self.releases_panicky(i),
            _ => false,
        }
    }

    /// Whether dropping status `i` drops a `PanicsOnDrop` detail that nothing else holds.
    fn releases_panicky(&self, i: usize) -> bool {
        self.statuses[i].panicky_held().any(|id| {
            !self
                .statuses
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && other.panicky_held().any(|other| other == id))
        })
    }
}

/// What a new status holds.
fn expected(creation: &Creation) -> Expected {
    match creation {
        Creation::Code(code) => Expected::new(*code, "", false),
        Creation::Static(code) => Expected::new(*code, static_text(*code), false),
        Creation::Message(code, text) | Creation::Lying(code, text) => {
            Expected::new(*code, text.clone(), true)
        }
        Creation::Split(code, text, n) => Expected::new(*code, format!("{text} = {n}"), true),
        // A converted error is the source, and its text is not repeated as the message.
        Creation::FromIo(text) => Expected {
            source: Some(text.clone()),
            ..Expected::new(StatusCode::IOError, "", true)
        },
        Creation::OrStatus(text) => Expected {
            source: Some(parse_error(text).to_string()),
            ..Expected::new(StatusCode::Parse, "", true)
        },
        // Packed fields have no room for a location; the heap records one.
        Creation::Offset(n) => Expected::kind(KindModel::Offset(*n), KindErrorCode::Offset, false),
        Creation::Range(lo, hi) => {
            let kind = KindModel::Range(*lo, *hi);
            let located = !kind.packs();
            Expected::kind(kind, KindErrorCode::Range, located)
        }
        Creation::Named(text) => {
            Expected::kind(KindModel::Named(text.clone()), KindErrorCode::Named, true)
        }
        Creation::NamedText(text) => Expected {
            text_body: true,
            ..Expected::kind(KindModel::Named(text.clone()), KindErrorCode::Named, true)
        },
        Creation::KindIo(text) => Expected {
            source: Some(text.clone()),
            source_is_field: true,
            ..Expected::kind(KindModel::Io(text.clone()), KindErrorCode::Io, true)
        },
        Creation::Custom => Expected::kind(KindModel::Custom, KindErrorCode::Custom, false),
        Creation::KindCode(index) => {
            let code = kind_code(*index);
            let kind = (code == KindErrorCode::Custom).then_some(KindModel::Custom);
            Expected::any(AnyCode::Kinds(code), kind, "", false)
        }
        Creation::KindMessage(index, text) => {
            let code = kind_code(*index);
            let kind = (code == KindErrorCode::Custom).then_some(KindModel::Custom);
            Expected::any(AnyCode::Kinds(code), kind, text.clone(), true)
        }
    }
}

/// The static message of `code`'s static status.
fn static_text(code: StatusCode) -> &'static str {
    match code {
        StatusCode::Invalid => "static invalid",
        StatusCode::KeyError => "static key",
        StatusCode::IOError => "static io",
        StatusCode::Parse => "static parse",
    }
}

/// The error `.or_status` wraps: parsing `x` followed by `text` as a number always fails.
fn parse_error(text: &str) -> std::num::ParseIntError {
    format!("x{text}")
        .parse::<u32>()
        .expect_err("starts with a letter")
}

/// The `Counted` values alive, by id, across every sequence.
static ALIVE: Mutex<BTreeSet<u64>> = Mutex::new(BTreeSet::new());
/// Where each sequence's `Counted` ids start, so sequences never share an id.
static NEXT_BASE: AtomicU64 = AtomicU64::new(0);

/// A detail that records whether it is alive; dropping it twice fails the test.
#[derive(Debug)]
struct Counted(u64);

impl Counted {
    fn new(id: u64) -> Self {
        assert!(ALIVE.lock().unwrap().insert(id), "id {id} made twice");
        Counted(id)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        record_drop("Counted", self.0);
    }
}

/// Records that the value `id` (a `what`) is no longer alive; fails the test if it was dropped
/// before. No second panic while a failed check unwinds.
fn record_drop(what: &str, id: u64) {
    let removed = ALIVE.lock().map(|mut alive| alive.remove(&id));
    if !std::thread::panicking() {
        assert_eq!(removed.ok(), Some(true), "{what}({id}) dropped twice");
    }
}

/// The message a [`PanicsOnDrop`] panics with.
const PANICKY: &str = "a detail's Drop panics";

/// A detail that records whether it is alive, as [`Counted`] does, and panics when dropped.
#[derive(Debug)]
struct PanicsOnDrop(u64);

impl Drop for PanicsOnDrop {
    fn drop(&mut self) {
        record_drop("PanicsOnDrop", self.0);
        // Never a second panic while one unwinds (which would abort); the model keeps this
        // from happening, so the check is only a safety net.
        assert!(std::thread::panicking(), "{PANICKY}");
    }
}

/// A status of either type.
enum Slot {
    Codes(Status),
    Kinds(KindError),
}

/// Runs `$body` with `$s` bound to the slot's status, whatever its type.
macro_rules! each {
    ($slot:expr, $s:ident => $body:expr) => {
        match $slot {
            Slot::Codes($s) => Slot::Codes($body),
            Slot::Kinds($s) => Slot::Kinds($body),
        }
    };
}

impl Slot {
    /// A change of the status that keeps its type.
    fn map(self, f: impl Changes) -> Self {
        each!(self, s => f.change(s))
    }
}

/// A change any status type takes (a generic closure, which Rust has no syntax for).
trait Changes {
    fn change<S: FastStatus + fmt::Display + Error + 'static>(self, status: S) -> S;
}

/// `with_message`.
struct WithMessage(String);
/// `with_detail`.
struct WithDetail<T>(T);
/// `context`.
struct Context(String);
/// `with_source`.
struct WithSource<E>(E);
/// `with_message` (`0`) or `context` (any other) of a `Display` that panics.
struct Panicking(u8);

/// A source of any type, boxed.
type BoxedError = Box<dyn Error + Send + Sync>;

/// A `Display` that panics.
struct Panics;

impl fmt::Display for Panics {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        panic!("a Display that panics")
    }
}

/// A `Display` that writes its text, and more each time it is asked again: what it writes
/// when first measured is the message.
struct Lying {
    text: String,
    asked: std::cell::Cell<usize>,
}

impl fmt::Display for Lying {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let asked = self.asked.get();
        self.asked.set(asked + 1);
        f.write_str(&self.text)?;
        for _ in 0..asked {
            f.write_str(" and more")?;
        }
        Ok(())
    }
}
/// To another thread and back.
struct ThroughThread(String);
/// Through `Box<dyn Error>` and back.
struct ThroughBoxDyn;

impl Changes for WithMessage {
    fn change<S: FastStatus + fmt::Display + Error + 'static>(self, status: S) -> S {
        status.with_message(self.0)
    }
}

impl<T: fmt::Debug + Send + Sync + 'static> Changes for WithDetail<T> {
    fn change<S: FastStatus + fmt::Display + Error + 'static>(self, status: S) -> S {
        status.with_detail(self.0)
    }
}

impl Changes for Context {
    fn change<S: FastStatus + fmt::Display + Error + 'static>(self, status: S) -> S {
        status.context(self.0)
    }
}

impl<E> Changes for WithSource<E>
where
    E: Into<BoxedError>,
{
    fn change<S: FastStatus + fmt::Display + Error + 'static>(self, status: S) -> S {
        status.with_source(self.0)
    }
}

impl Changes for Panicking {
    fn change<S: FastStatus + fmt::Display + Error + 'static>(self, status: S) -> S {
        match self.0 {
            0 => status.with_message(Panics),
            _ => status.context(Panics),
        }
    }
}

impl Changes for ThroughThread {
    fn change<S: FastStatus + fmt::Display + Error + 'static>(self, status: S) -> S {
        let expected = self.0;
        std::thread::spawn(move || {
            assert_eq!(status.to_string(), expected);
            status
        })
        .join()
        .expect("the thread does not panic")
    }
}

impl Changes for ThroughBoxDyn {
    fn change<S: FastStatus + fmt::Display + Error + 'static>(self, status: S) -> S {
        let boxed: Box<dyn Error + Send + Sync> = Box::new(status);
        *boxed.downcast::<S>().expect("a status comes back")
    }
}

/// The statuses under test, in the model's order.
pub struct Live {
    statuses: Vec<Slot>,
    /// Where this sequence's `Counted` ids start.
    base: u64,
}

impl Drop for Live {
    /// Drops the statuses left one by one, each `PanicsOnDrop` detail's panic caught (while a
    /// failed check unwinds, such a detail does not panic).
    fn drop(&mut self) {
        for status in self.statuses.drain(..) {
            if !std::thread::panicking() {
                drops_panicky(std::panic::AssertUnwindSafe(move || drop(status)));
            }
        }
    }
}

impl Default for Live {
    fn default() -> Self {
        Self::new()
    }
}

impl Live {
    /// No status yet.
    #[must_use]
    pub fn new() -> Self {
        Self {
            statuses: Vec::new(),
            base: NEXT_BASE.fetch_add(1 << 32, Ordering::Relaxed),
        }
    }

    /// Does `transition` to the statuses; `model` is the model after it.
    ///
    /// # Panics
    ///
    /// If the transition is not allowed, or a result it checks on the way is wrong.
    pub fn apply(&mut self, model: &Model, transition: Transition) {
        if model.skipped {
            return;
        }
        match transition {
            Transition::Create(creation) => self.statuses.push(create(creation)),
            Transition::Clone(i) => {
                let copy = match &self.statuses[i] {
                    Slot::Codes(s) => {
                        assert_eq!(s.clone(), *s);
                        Slot::Codes(s.clone())
                    }
                    Slot::Kinds(s) => Slot::Kinds(s.clone()),
                };
                self.statuses.push(copy);
            }
            Transition::WithMessage(i, text) => self.map(i, WithMessage(text)),
            Transition::WithNumber(i, n) => self.map(i, WithDetail(n)),
            Transition::WithCounted(i) => {
                // The model has counted the new value already.
                let id = self.base + model.counted_made - 1;
                self.map(i, WithDetail(Counted::new(id)));
            }
            Transition::Context(i, text) => self.map(i, Context(text)),
            Transition::Drop(i) => {
                let status = self.statuses.remove(i);
                let panicked = drops_panicky(std::panic::AssertUnwindSafe(move || drop(status)));
                assert_eq!(panicked, model.panics, "a panicking detail's drop");
            }
            Transition::ThroughThread(i) => {
                self.map(i, ThroughThread(model.statuses[i].display()));
            }
            Transition::ThroughBoxDyn(i) => self.map(i, ThroughBoxDyn),
            Transition::IntoKind(i) => {
                let status = self.statuses.remove(i);
                let comes_out = model.kind_comes_out;
                let panicked = drops_panicky(std::panic::AssertUnwindSafe(move || match status {
                    Slot::Kinds(status) => into_kind(status, comes_out),
                    codes @ Slot::Codes(_) => drop(codes),
                }));
                assert_eq!(panicked, model.panics, "a panicking detail's drop");
            }
            Transition::WithPanicky(i) => {
                // The model has counted the new value already.
                let id = self.base + model.counted_made - 1;
                assert!(ALIVE.lock().unwrap().insert(id), "id {id} made twice");
                self.map(i, WithDetail(PanicsOnDrop(id)));
            }
            Transition::WithSource(i, text) => {
                self.map(i, WithSource(std::io::Error::other(text)));
            }
            Transition::WithStatusSource(i, j) => {
                let source = match &self.statuses[j] {
                    Slot::Codes(s) => WithSource(Box::new(s.clone()) as BoxedError),
                    Slot::Kinds(s) => WithSource(Box::new(s.clone()) as BoxedError),
                };
                self.map(i, source);
            }
            Transition::Panicking(i, how) => {
                let status = self.statuses.remove(i);
                let panicked = quietly(std::panic::AssertUnwindSafe(move || {
                    drop(status.map(Panicking(how)));
                }));
                assert_eq!(panicked.as_deref(), Some("a Display that panics"));
            }
            Transition::RaceClones(i) => {
                let expected = model.statuses[i].display();
                match &self.statuses[i] {
                    Slot::Codes(s) => race_clones(s, &expected),
                    Slot::Kinds(s) => race_clones(s, &expected),
                }
            }
        }
    }

    /// Replaces status `i` by `change` of it.
    fn map(&mut self, i: usize, change: impl Changes) {
        let status = self.statuses.remove(i);
        self.statuses.insert(i, status.map(change));
    }

    /// Compares every status with its model.
    ///
    /// # Panics
    ///
    /// At the first difference.
    pub fn check(&self, model: &Model) {
        assert_eq!(self.statuses.len(), model.statuses.len());
        for (status, expected) in self.statuses.iter().zip(&model.statuses) {
            check(status, expected, self.base);
        }
        // Each `Counted` made in this sequence is alive exactly while a status holds it.
        let held: BTreeSet<u64> = model
            .statuses
            .iter()
            .flat_map(Expected::counted_held)
            .map(|id| self.base + id)
            .collect();
        let alive: BTreeSet<u64> = ALIVE
            .lock()
            .unwrap()
            .range(self.base..self.base + model.counted_made)
            .copied()
            .collect();
        assert_eq!(alive, held, "Counted values alive vs. held by a status");
    }
}

/// `into_kind()`: the kind `kind()` read, moved out when `comes_out` (the model's verdict: the
/// status has a kind, and it is a copy or no other live status shares its value), or else the
/// status back as it was.
fn into_kind(status: KindError, comes_out: bool) {
    let read = status.kind().as_deref().map(KindModel::of);
    match status.into_kind() {
        Ok(kind) => {
            assert!(comes_out, "{read:?} came out, yet another status shares it");
            assert_eq!(Some(KindModel::of(&kind)), read);
        }
        Err(status) => {
            assert!(
                !comes_out,
                "{read:?} did not come out, yet nothing else shares it"
            );
            assert_eq!(status.kind().as_deref().map(KindModel::of), read);
        }
    }
}

/// Runs `f`, which panics or not, without the panic hook's message; the panic's message, if
/// it panicked.
fn quietly(f: impl FnOnce() + std::panic::UnwindSafe) -> Option<String> {
    static HOOK: Mutex<()> = Mutex::new(());
    let _one_at_a_time = HOOK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(f);
    std::panic::set_hook(hook);
    let payload = result.err()?;
    Some(match payload.downcast::<String>() {
        Ok(message) => *message,
        Err(payload) => payload
            .downcast_ref::<&str>()
            .map_or_else(|| "a panic".to_owned(), |m| (*m).to_owned()),
    })
}

/// Whether `f` panicked with the panic of a [`PanicsOnDrop`]; any other panic (an assertion
/// that fails on the way) goes on with its own message.
fn drops_panicky(f: impl FnOnce() + std::panic::UnwindSafe) -> bool {
    match quietly(f) {
        None => false,
        Some(message) if message == PANICKY => true,
        Some(message) => panic!("{message}"),
    }
}

/// Four threads clone `status` at once, check their clone and drop it.
fn race_clones<S: FastStatus + fmt::Display>(status: &S, expected: &str) {
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let clone = status.clone();
                    assert_eq!(clone.to_string(), expected);
                })
            })
            .collect();
        // Joined here rather than by the scope, which would only wait for the closures: a
        // thread still exiting would hold its thread-local bookkeeping, which the fuzzer's
        // leak check would count.
        for thread in threads {
            thread.join().expect("the thread does not panic");
        }
    });
}

fn create(creation: Creation) -> Slot {
    let kinds = match creation {
        Creation::Offset(n) => KindError::offset(n),
        Creation::Range(lo, hi) => KindError::range(lo, hi),
        Creation::Named(text) => KindError::from(KindErrorKind::Named(text)),
        Creation::NamedText(text) => KindError::named(text),
        Creation::KindIo(text) => KindError::from(std::io::Error::other(text)),
        Creation::Custom => KindError::from(KindErrorKind::Custom),
        Creation::KindCode(index) => KindError::from_code(kind_code(index)),
        Creation::KindMessage(index, text) => KindError::new(kind_code(index), text),
        codes => return Slot::Codes(create_codes(codes)),
    };
    Slot::Kinds(kinds)
}

fn create_codes(creation: Creation) -> Status {
    match creation {
        Creation::Code(code) => Status::from_code(code),
        Creation::Static(code) => match code {
            StatusCode::Invalid => status!(StatusCode::Invalid, "static invalid"),
            StatusCode::KeyError => status!(StatusCode::KeyError, "static key"),
            StatusCode::IOError => status!(StatusCode::IOError, "static io"),
            StatusCode::Parse => status!(StatusCode::Parse, "static parse"),
        },
        Creation::Message(code, text) => Status::new(code, text),
        Creation::Lying(code, text) => Status::new(
            code,
            Lying {
                text,
                asked: std::cell::Cell::new(0),
            },
        ),
        Creation::Split(code, text, n) => status!(code, "{text} = {n}"),
        Creation::FromIo(text) => Status::from(std::io::Error::other(text)),
        Creation::OrStatus(text) => format!("x{text}")
            .parse::<u32>()
            .or_status(StatusCode::Parse)
            .expect_err("starts with a letter"),
        kinds => unreachable!("{kinds:?} is a kind"),
    }
}

fn check(slot: &Slot, expected: &Expected, base: u64) {
    match slot {
        Slot::Codes(status) => {
            assert_eq!(AnyCode::Codes(status.code()), expected.code);
            check_any(status, expected, base);
        }
        Slot::Kinds(status) => {
            assert_eq!(AnyCode::Kinds(status.code()), expected.code);
            assert_eq!(status.kind().as_deref().map(KindModel::of), expected.kind);
            check_any(status, expected, base);
        }
    }
}

/// What every status type shows.
fn check_any<S: FastStatus + fmt::Display + Error>(status: &S, expected: &Expected, base: u64) {
    assert_eq!(status.message(), expected.message);
    assert_eq!(status.location().is_some(), expected.located);
    let lines: Vec<&str> = status.context_lines().map(|(line, _)| line).collect();
    assert_eq!(lines, expected.context);
    assert!(
        status
            .context_lines()
            .all(|(_, location)| location.file() == file!())
    );
    assert_eq!(status.detail::<u32>().copied(), expected.number);
    assert_eq!(
        status.detail::<Counted>().map(|c| c.0),
        expected.counted.map(|id| base + id)
    );
    // `Error::source` gives the context lines first, newest first, then the source.
    let chain: Vec<String> = status.chain().skip(1).map(ToString::to_string).collect();
    let lines = expected.context.len();
    assert!(
        chain.iter().take(lines).eq(expected.context.iter().rev()),
        "{chain:?}"
    );
    assert_eq!(chain.get(lines), expected.source.as_ref(), "{chain:?}");
    assert_eq!(status.to_string(), expected.display());
    let alternate = format!("{status:#}");
    for line in &expected.context {
        assert!(
            alternate.contains(line.as_str()),
            "{alternate:?} lacks {line:?}"
        );
    }
}
