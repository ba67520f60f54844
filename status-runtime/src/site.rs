//! Where a status or a context line was made, as the reports print it: a location of this
//! program, or the text of one in another (a status that arrived through `serde`), and the
//! context lines a status arrived with.

use core::fmt;
use core::panic::Location;

/// Where a status or a context line was made.
#[derive(Clone, Copy)]
pub(crate) enum Site<'a> {
    /// A location of this program.
    Here(&'static Location<'static>),
    /// The `file:line:column` of another program, as it arrived (its control characters
    /// escaped on arrival).
    There(&'a str),
}

impl fmt::Display for Site<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Here(location) => fmt::Display::fmt(location, f),
            Self::There(text) => f.write_str(text),
        }
    }
}

impl fmt::Debug for Site<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Here(location) => fmt::Debug::fmt(location, f),
            Self::There(text) => fmt::Debug::fmt(text, f),
        }
    }
}

/// The context lines a status arrived with from another process, oldest first: text and
/// `file:line:column`. Always empty without the `serde` feature.
#[derive(Clone, Default)]
pub(crate) struct ArrivedLines<'a> {
    #[cfg(feature = "serde")]
    lines: core::slice::Iter<'a, (alloc::string::String, alloc::string::String)>,
    #[cfg(not(feature = "serde"))]
    lines: core::marker::PhantomData<&'a ()>,
}

#[cfg(feature = "serde")]
impl<'a> ArrivedLines<'a> {
    /// `lines`, oldest first.
    pub(crate) fn new(lines: &'a [(alloc::string::String, alloc::string::String)]) -> Self {
        Self {
            lines: lines.iter(),
        }
    }
}

impl<'a> Iterator for ArrivedLines<'a> {
    type Item = (&'a str, Site<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        #[cfg(feature = "serde")]
        return self
            .lines
            .next()
            .map(|(text, site)| (text.as_str(), Site::There(site)));
        #[cfg(not(feature = "serde"))]
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        #[cfg(feature = "serde")]
        return self.lines.size_hint();
        #[cfg(not(feature = "serde"))]
        (0, Some(0))
    }
}

impl ExactSizeIterator for ArrivedLines<'_> {}
