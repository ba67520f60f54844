//! A message, seen through its type: text that is copied as it is, ready-made format
//! arguments, or any other `Display`. The constructors (`Status::new`, `Status::invalid`) and
//! `context` take every `impl Display`, borrowed ones included, so a message cannot be a
//! `dyn Any`; its type is compared with its lifetimes erased instead, which is exact for the
//! types asked about (each is one type for every lifetime). The comparison is between constants
//! and folds away where the generic method is inlined: a literal message is a copy, with no
//! `core::fmt` call at all, and `format_args!` is formatted without a second layer around it.

use alloc::borrow::Cow;
use alloc::string::String;
use core::any::TypeId;
use core::fmt;
use core::marker::PhantomData;

/// What a message of type `M` is.
pub enum MessageOf<'a, M> {
    /// Text to copy: a `&str`, a `String` or a `Cow<str>`.
    Text(&'a str),
    /// Format arguments (`format_args!`), written without wrapping them in another layer.
    Args(&'a fmt::Arguments<'a>),
    /// Anything else, written through its `Display`.
    Display(&'a M),
}

/// `message`, seen through its type.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the type tests are constants that fold away only once inlined into their caller"
)]
pub fn message_of<M: fmt::Display>(message: &M) -> MessageOf<'_, M> {
    let of = erased_type_id::<M>();
    let at = core::ptr::from_ref(message);
    if of == TypeId::of::<&'static str>() {
        // SAFETY: `M` is `&'x str` for some `'x` (the ids are equal with lifetimes erased, and
        // `&str` is the only type whose erased id this is), so `at` points to a live `&'x str`
        // borrowed for the returned lifetime, which `'x` outlives (`M` outlives the borrow).
        return MessageOf::Text(unsafe { *at.cast::<&str>() });
    }
    if of == TypeId::of::<String>() {
        // SAFETY: `M` is `String` (no lifetimes to erase); `at` points to it for the borrow.
        return MessageOf::Text(unsafe { &*at.cast::<String>() });
    }
    if of == TypeId::of::<Cow<'static, str>>() {
        // SAFETY: `M` is `Cow<'x, str>` for some `'x` outliving the borrow, as for `&str`;
        // `Cow` is covariant, so reading it as `Cow<'_, str>` of the borrow is sound.
        return MessageOf::Text(unsafe { &*at.cast::<Cow<'_, str>>() });
    }
    if of == TypeId::of::<fmt::Arguments<'static>>() {
        // SAFETY: `M` is `fmt::Arguments<'x>` for some `'x` outliving the borrow; `Arguments`
        // is covariant in its lifetime, so reading it with the borrow's lifetime is sound.
        return MessageOf::Args(unsafe { &*at.cast::<fmt::Arguments<'_>>() });
    }
    MessageOf::Display(message)
}

/// The type id of `T` with its lifetimes erased: every lifetime in `T` counts as `'static`.
/// `TypeId::of` asks `T: 'static`; its value never depends on lifetimes (they are gone when
/// code is generated), so it is read through a method whose `Self: 'static` bound the
/// lifetime-extended trait object meets.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "a constant, once the call through the known vtable is folded"
)]
fn erased_type_id<T: ?Sized>() -> TypeId {
    trait IdOf {
        fn id(&self) -> TypeId
        where
            Self: 'static;
    }
    impl<T: ?Sized> IdOf for PhantomData<T> {
        fn id(&self) -> TypeId
        where
            Self: 'static,
        {
            TypeId::of::<T>()
        }
    }
    let tag = PhantomData::<T>;
    let tag: &dyn IdOf = &tag;
    // SAFETY: only the trait object's lifetime bound changes, not its data or vtable. The
    // object is a zero-sized `PhantomData` and `id` reads nothing through it: no value of a
    // lifetime-bound type is ever reached with the extended lifetime.
    let tag: &(dyn IdOf + 'static) =
        unsafe { core::mem::transmute::<&dyn IdOf, &(dyn IdOf + 'static)>(tag) };
    tag.id()
}

#[cfg(test)]
mod tests {
    use alloc::borrow::Cow;
    use alloc::string::{String, ToString};
    use core::fmt;

    use super::{MessageOf, message_of};

    fn text<M: fmt::Display>(message: &M) -> Option<&str> {
        match message_of(message) {
            MessageOf::Text(text) => Some(text),
            _ => None,
        }
    }

    #[test]
    fn text_types_are_read_as_text_whatever_their_lifetime() {
        let owned = String::from("owned");
        let borrowed: &str = &owned;
        assert_eq!(text(&borrowed), Some("owned"));
        assert_eq!(text(&"literal"), Some("literal"));
        assert_eq!(text(&owned), Some("owned"));
        assert_eq!(text(&Cow::Borrowed(borrowed)), Some("owned"));
        assert_eq!(text(&Cow::<str>::Owned("cow".into())), Some("cow"));
    }

    #[test]
    fn format_arguments_are_kept_and_everything_else_is_display() {
        let n = 7;
        match message_of(&format_args!("n = {n}")) {
            MessageOf::Args(args) => assert_eq!(args.to_string(), "n = 7"),
            _ => panic!("format_args! not recognised"),
        }
        // Near misses: a reference to a `String`, a `&&str`, a `char`, a number.
        let owned = String::from("x");
        assert!(matches!(message_of(&&owned), MessageOf::Display(_)));
        assert!(matches!(message_of(&&"x"), MessageOf::Display(_)));
        assert!(matches!(message_of(&'x'), MessageOf::Display(_)));
        assert!(matches!(message_of(&42), MessageOf::Display(_)));
    }
}
