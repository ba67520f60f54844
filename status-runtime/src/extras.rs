//! What a heap status carries besides its code and message, allocated only when used: the
//! source error, typed details and context lines.

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::any::{Any, TypeId};
use core::error::Error;
use core::fmt;
use core::panic::Location;

/// A typed detail, stored type-erased.
pub(crate) trait Detail: Any + fmt::Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + fmt::Debug + Send + Sync> Detail for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One context line: its text and where `context` was called.
#[derive(Clone)]
pub(crate) struct ContextLine {
    pub(crate) message: String,
    pub(crate) location: &'static Location<'static>,
}

/// Extras of a heap payload. Cloning shares the source and details (refcounted) and copies the
/// context lines, so copy-on-write never needs the stored values to be `Clone`.
#[derive(Clone, Default)]
pub(crate) struct Extras {
    pub(crate) source: Option<Arc<dyn Error + Send + Sync + 'static>>,
    pub(crate) details: Vec<Arc<dyn Detail>>,
    pub(crate) context: Vec<ContextLine>,
}

impl Extras {
    /// The detail of type `T`, if one was attached.
    pub(crate) fn detail<T: 'static>(&self) -> Option<&T> {
        self.details
            .iter()
            .find_map(|d| (**d).as_any().downcast_ref::<T>())
    }

    /// Attaches `value`, replacing an earlier detail of the same type.
    pub(crate) fn set_detail<T: fmt::Debug + Send + Sync + 'static>(&mut self, value: T) {
        let value: Arc<dyn Detail> = Arc::new(value);
        let id = TypeId::of::<T>();
        match self
            .details
            .iter_mut()
            .find(|d| (***d).as_any().type_id() == id)
        {
            Some(slot) => *slot = value,
            None => self.details.push(value),
        }
    }
}
