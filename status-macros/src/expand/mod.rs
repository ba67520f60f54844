//! Code generation: the only module that writes Rust code, one file per generated part, so a
//! reader of `cargo expand` finds where each item comes from:
//!
//! | part | file |
//! |---|---|
//! | the status type and its `Drop` | here |
//! | the code enum of an enum of kinds, `impl Code` | [`codes`] |
//! | constructors, predicates, accessors, `kind()` | [`inherent`] |
//! | `with_message`, `with_detail`, `context`, readers of extras | [`builders`] |
//! | `impl FastStatus`, `Clone`, `PartialEq`, `Error`, `From<Code>` | [`traits`] |
//! | `Display` and `Debug` of the status, `Display` and `Error` of a kind enum | [`display`] |
//! | a kind enum's storage (`impl Kind`), `From<Kind>`, `From` of `from` fields | [`kind`] |
//! | `from = Type` conversions | [`from`] |
//! | on invalid input: the errors and a minimal fallback | [`fallback`] |
//! | `status!` | [`status`] |

mod builders;
mod codes;
mod display;
mod fallback;
mod from;
mod inherent;
mod kind;
mod status;
mod traits;

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt as _;
use syn::{DeriveInput, Ident, Path, Visibility};

use crate::ast::{Input, Variant};
use crate::case::{Spelling, spelling};
use crate::ctxt::Ctxt;
use crate::valid;

pub(crate) use status::status;

/// `#[derive(FastStatus)]`: the status type, or every error found plus a fallback.
pub(crate) fn derive(node: &DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let input = Input::from_syn(&cx, node);
    if let Some(input) = &input {
        valid::check(&cx, input);
    }
    match (cx.check(), input) {
        (Ok(()), Some(input)) => status_type(&Gen::new(&input)),
        (Err(error), input) => {
            let errors = error.to_compile_error();
            let fallback = input.map(|input| fallback::fallback(&input));
            quote! { #errors #fallback }
        }
        // `from_syn` only returns `None` after reporting an error.
        (Ok(()), None) => TokenStream::new(),
    }
}

/// What every part of a valid input's expansion needs.
struct Gen<'a> {
    input: &'a Input<'a>,
    /// The generated status type's name.
    name: &'a Ident,
    /// The path generated code names the status type by (see [`StatusType`]).
    status_ty: TokenStream,
    /// The code enum: the input itself, or the one generated beside an enum of kinds.
    code: &'a Ident,
    /// The enum of kinds, for an input with fields.
    kind: Option<&'a Ident>,
    /// `#krate::__private`.
    private: TokenStream,
}

impl<'a> Gen<'a> {
    fn new(input: &'a Input<'a>) -> Self {
        let krate = &input.krate;
        let name = input
            .name
            .as_ref()
            .expect("validated: the status type has a name");
        Gen {
            input,
            name,
            status_ty: StatusType::new(input, name).path(),
            code: input.code_enum(),
            kind: input.has_kinds().then_some(input.ident),
            private: quote!(#krate::__private),
        }
    }
}

impl Gen<'_> {
    /// Whether the type's statuses capture backtraces (`backtrace = never`), as the creating
    /// functions are given it: written out, not read from `Code::__BACKTRACES`, so an enum that
    /// is not `Copy` (not a `Code`) gets no error from here.
    fn backtraces(&self) -> TokenStream {
        let private = &self.private;
        if self.input.no_backtraces {
            quote!(#private::Backtraces::Never)
        } else {
            quote!(#private::Backtraces::Env)
        }
    }
}

/// Where the status type is defined: alone in a module of its own beside the enum, and brought
/// back under its name by a `use` with the enum's visibility. Generated code names it by its
/// path in that module, never by its name alone, so that a module where the name is already
/// taken (`use std::error::Error;` beside an enum `ErrorKind`, whose status is `Error`) gets
/// one error, "defined multiple times" on the `use`, and none where generated code would have
/// met the other item.
struct StatusType<'a> {
    module: Ident,
    name: &'a Ident,
    vis: &'a Visibility,
    krate: &'a Path,
}

impl<'a> StatusType<'a> {
    fn new(input: &'a Input<'a>, name: &'a Ident) -> Self {
        let enum_name = input.ident.unraw();
        StatusType {
            module: format_ident!("__fast_status_{}", enum_name),
            name,
            vis: input.vis,
            krate: &input.krate,
        }
    }

    /// The path generated code names the type by.
    fn path(&self) -> TokenStream {
        let Self { module, name, .. } = self;
        quote!(#module::#name)
    }

    /// The module defining the type, with `attrs` on it, and the `use` that names it.
    fn define(&self, attrs: &TokenStream) -> TokenStream {
        let Self {
            module, name, vis, ..
        } = self;
        let inner_vis = from_child(vis);
        let krate = path_from_child(self.krate);
        // Unused where nothing in the module names the type. With an attribute on it, a clash
        // with an import of the user's is reported with the fix on the user's import.
        quote! {
            #[allow(unused_imports)]
            #vis use #module::#name;

            /// The status type's own module: generated code names the type by its path here,
            /// so that in a module where the name is already taken, the `use` above is the one
            /// error.
            #[doc(hidden)]
            #[allow(non_snake_case)]
            mod #module {
                #attrs
                #inner_vis struct #name(pub(super) #krate::__private::Repr);
            }
        }
    }
}

/// `vis`, written in a child module of the module it was written in.
fn from_child(vis: &Visibility) -> TokenStream {
    match vis {
        Visibility::Public(_) => quote!(#vis),
        Visibility::Inherited => quote!(pub(super)),
        Visibility::Restricted(restricted) => {
            let path = &restricted.path;
            if path.is_ident("crate") {
                quote!(#vis)
            } else if path.is_ident("self") {
                quote!(pub(super))
            } else {
                let path = path_from_child(path);
                quote!(pub(in #path))
            }
        }
    }
}

/// `path`, written in a child module of the module it was written in: unchanged when it starts
/// from the crate (`::x`, `crate::x`, `$crate::x`), else one `super` longer.
fn path_from_child(path: &Path) -> TokenStream {
    let first = path.segments.first().map(|s| s.ident.to_string());
    match first.as_deref() {
        _ if path.leading_colon.is_some() => quote!(#path),
        Some("crate" | "$crate") => quote!(#path),
        Some("self") => {
            let rest = path.segments.iter().skip(1);
            quote!(super #(::#rest)*)
        }
        _ => quote!(super::#path),
    }
}

/// A local variable of generated code, hygienic: a user's field or variable of the same name
/// neither shadows it nor is shadowed.
fn local(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

/// The method name of a variant's constructor (`r#type` for a keyword).
fn constructor_name(variant: &Variant<'_>) -> Ident {
    match spelling(&variant.snake) {
        Spelling::Raw => Ident::new_raw(&variant.snake, variant.ident.span()),
        _ => Ident::new(&variant.snake, variant.ident.span()),
    }
}

/// `tokens` with every span set to `span`, so that a diagnostic on them points at `span` alone.
fn spanned(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            token.set_span(span);
            token
        })
        .collect()
}

fn status_type(g: &Gen<'_>) -> TokenStream {
    let Gen {
        name,
        status_ty,
        code,
        private,
        ..
    } = g;
    // The link is written from the module the type is defined in.
    let type_doc = format!(
        "The status type of [`{kind}`](super::{kind}): one machine word, either a code alone, a \
         code with a static message, {packed}or a pointer to a shared heap payload with {body}its \
         creation site, and \
         any source, details and context lines.\n\n\
         `Option<{name}>` and `Result<(), {name}>` are one word too. Dropping a status that \
         holds no heap payload is a bit test and a branch.\n\n\
         Generated by `#[derive(FastStatus)]`.",
        kind = g.input.ident.unraw(),
        packed = if g.kind.is_some() {
            "a variant's small fields packed beside its code, "
        } else {
            ""
        },
        body = if g.kind.is_some() {
            "a variant's fields or a message, "
        } else {
            "a message, "
        },
    );
    // For an enum of codes, the enum must be `Copy` (`Code: Copy`); said on the enum. A bound on a
    // type parameter's default is checked with the items' signatures, before the impls below
    // (whose supertrait errors follow), so this error comes first.
    let copy_check = g.kind.is_none().then(|| {
        let assert_copy = spanned(quote!(#private::AssertCopy), code.span());
        quote_spanned! {code.span()=>
            const _: () = {
                #[allow(dead_code)]
                struct AssertCopy<T: #assert_copy = #code>(::core::marker::PhantomData<T>);
            };
        }
    });
    let parts = [
        codes::codes(g),
        inherent::inherent(g),
        builders::builders(g),
        traits::traits(g),
        display::display(g),
        kind::kind(g),
        from::from(g),
    ];
    let definition = StatusType::new(g.input, name).define(&quote! {
        #[doc = #type_doc]
        #[repr(transparent)]
        #[must_use = "a status reports a failure: return it, inspect it or handle it"]
    });
    quote! {
        #definition

        #copy_check

        #[automatically_derived]
        impl ::core::ops::Drop for #status_ty {
            /// Inline, static and packed states own nothing: one test of the tag and a branch.
            /// A heap state calls the one cold cleanup function.
            #[inline(always)]
            fn drop(&mut self) {
                if self.0.is_heap() {
                    self.0.release_heap();
                }
            }
        }

        #(#parts)*
    }
}
