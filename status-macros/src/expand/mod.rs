//! Code generation: the only module that writes Rust code, one file per generated part, so a
//! reader of `cargo expand` finds where each item comes from:
//!
//! | part | file |
//! |---|---|
//! | the status type, and the invocation of `status_items!` | here |
//! | what depends on the type names alone: `Drop`, `from_code`, `new`, `code`, `message`, the builders, `impl FastStatus`, `Clone`, `PartialEq`, `Eq`, `Error`, `Hash`, `From<Code>`, `Display`, `Debug`, `report()`, serde; for kinds `kind()` and `into_kind()` | the runtime's `status_items!` (`status-runtime/src/items.rs`) |
//! | the code enum of an enum of kinds, `impl Code` | [`codes`] |
//! | each variant's constructor and predicate | [`inherent`] |
//! | `From<Status> for io::Error` | [`io_error`] |
//! | `Display` and `Error` of a kind enum | [`display`] |
//! | a kind enum's storage (`impl Kind`), `From<Kind>`, `From` of `from` fields | [`kind`] |
//! | `from = Type` conversions | [`from`] |
//! | on invalid input that could not be mended: the errors and a minimal fallback | [`fallback`] |

mod codes;
mod display;
mod fallback;
mod from;
mod inherent;
mod io_error;
mod kind;

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt as _;
use syn::{Ident, Path, Visibility};

use crate::ast::{Input, Variant};
use crate::case::{Spelling, spelling};
use crate::ctxt::Checked;

/// The expansion of a checked input: the status type; or every error found, with the status
/// type of the mended input when each mistake could be mended (see [`Checked`]), else with a
/// fallback.
pub(crate) fn expand(checked: Checked, input: Option<&Input<'_>>) -> TokenStream {
    match (checked, input) {
        (Checked::Clean, Some(input)) => status_type(&Gen::new(input)),
        (Checked::Recovered(error), Some(input)) => {
            let errors = error.to_compile_error();
            let status_type = status_type(&Gen::new(input));
            quote! { #errors #status_type }
        }
        (Checked::Recovered(error) | Checked::Failed(error), input) => {
            let errors = error.to_compile_error();
            let fallback = input.map(fallback::fallback);
            quote! { #errors #fallback }
        }
        // `Input::from_syn` only returns `None` after reporting an error.
        (Checked::Clean, None) => TokenStream::new(),
    }
}

/// What every part of a valid input's expansion needs.
struct Gen<'a> {
    input: &'a Input<'a>,
    /// The generated status type's name.
    name: &'a Ident,
    /// The path generated code names the status type by (see [`Placement`]).
    status_ty: TokenStream,
    /// The code enum: the input itself, or the one generated beside an enum of kinds.
    code: &'a Ident,
    /// The path generated code names the code enum by: the input's name, or the generated
    /// one's path (see [`Placement`]).
    code_ty: TokenStream,
    /// The enum of kinds, for an input with fields.
    kind: Option<&'a Ident>,
    /// Where the status type and the generated code enum are defined.
    placement: Placement<'a>,
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
        let placement = Placement::new(input);
        let code = input.code_enum();
        Gen {
            input,
            name,
            status_ty: placement.path(name),
            code,
            code_ty: if input.has_kinds() {
                placement.path(code)
            } else {
                quote!(#code)
            },
            kind: input.has_kinds().then_some(input.ident),
            placement,
            private: quote!(#krate::__private),
        }
    }
}

impl Gen<'_> {
    /// Whether the type's statuses capture backtraces (`#[status(backtrace)]`), as the
    /// creating functions are given it: written out, not read from `Code::__BACKTRACES`, so an
    /// enum that is not `Copy` (not a `Code`) gets no error from here.
    fn backtraces(&self) -> TokenStream {
        let private = &self.private;
        let variant = self.backtraces_variant();
        quote!(#private::Backtraces::#variant)
    }

    /// The `Backtraces` variant of [`Gen::backtraces`], alone: what `status_items!` takes.
    fn backtraces_variant(&self) -> Ident {
        let variant = if self.input.backtraces {
            "Env"
        } else {
            "Never"
        };
        Ident::new(variant, Span::call_site())
    }
}

/// Where the generated types are defined: the status type (and beside an enum of kinds, its code
/// enum) in a module of their own beside the enum, each brought back under its name by a `use`
/// with the enum's visibility. Generated code names them by their paths in that module, never
/// by their names alone, so that a module where a name is already taken (`use
/// std::error::Error;` beside an enum `ErrorKind`, whose status is `Error`) gets one error,
/// "defined multiple times" on the `use`, and none where generated code would have met the
/// other item.
struct Placement<'a> {
    module: Ident,
    vis: &'a Visibility,
    krate: &'a Path,
}

impl<'a> Placement<'a> {
    fn new(input: &'a Input<'a>) -> Self {
        Placement {
            module: format_ident!(
                "__fast_status_{}",
                input.ident.unraw(),
                span = Span::call_site()
            ),
            vis: input.vis,
            krate: &input.krate,
        }
    }

    /// The path generated code names the type `name` by.
    fn path(&self, name: &Ident) -> TokenStream {
        let module = &self.module;
        quote!(#module::#name)
    }

    /// The enum's visibility, written inside the module.
    fn inner_vis(&self) -> TokenStream {
        from_child(self.vis)
    }

    /// The module, holding the status type `name` with `attrs` on it and the code enum
    /// `code`, if given (its name, and its definition written for the module: see
    /// [`Placement::inner_vis`]); and the `use` of each.
    fn define(
        &self,
        name: &Ident,
        attrs: &TokenStream,
        code: Option<(&Ident, TokenStream)>,
    ) -> TokenStream {
        let Self { module, vis, .. } = self;
        let inner_vis = self.inner_vis();
        let krate = path_from_child(self.krate);
        let (code_use, code_enum) = match code {
            Some((code, code_enum)) => (
                Some(quote! {
                    #[allow(unused_imports, clippy::pub_use)]
                    #vis use #module::#code;
                }),
                Some(code_enum),
            ),
            None => (None, None),
        };
        // Unused where nothing in the module names the type. With an attribute on it, a clash
        // with an import of the user's is reported with the fix on the user's import.
        quote! {
            #[allow(unused_imports, clippy::pub_use)]
            #vis use #module::#name;
            #code_use

            /// The generated types' own module: generated code names them by their paths
            /// here, so that in a module where a name is already taken, its `use` above is the
            /// one error.
            #[doc(hidden)]
            #[allow(non_snake_case, clippy::field_scoped_visibility_modifiers)]
            mod #module {
                #attrs
                #inner_vis struct #name(pub(super) #krate::__private::Repr);

                #code_enum
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

/// The `#[must_use]` of every function that makes a status. The type itself is not
/// `#[must_use]`: a status a test takes out of a result (`r.unwrap_err();`,
/// `r.expect_err("..");`) may be dropped unread.
fn must_use_made() -> TokenStream {
    quote!(#[must_use = "a status reports a failure: return it, inspect it or handle it"])
}

/// A local variable of generated code, hygienic: a user's field or variable of the same name
/// neither shadows it nor is shadowed.
fn local(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

/// The method name of a variant's constructor (`r#type` for a keyword).
pub(super) fn constructor_name(variant: &Variant<'_>) -> Ident {
    match spelling(&variant.snake) {
        Spelling::Raw => Ident::new_raw(&variant.snake, variant.method_site().span()),
        _ => Ident::new(&variant.snake, variant.method_site().span()),
    }
}

/// `tokens` with every span set to `span`, so that a diagnostic on them points at `span` alone.
pub(super) fn spanned(tokens: TokenStream, span: Span) -> TokenStream {
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
        code,
        code_ty,
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
                struct AssertCopy<T: #assert_copy = #code_ty>(::core::marker::PhantomData<T>);
            };
        }
    });
    let items = items(g);
    let kind_display = display::kind_display(g);
    let parts = [
        codes::code_impl(g),
        inherent::inherent(g),
        io_error::io_error(g),
        kind::kind(g),
        from::from(g),
    ];
    let code_enum = g.kind.map(|kind| (*code, codes::code_enum(g, kind)));
    let attrs = quote! {
        #[doc = #type_doc]
        #[repr(transparent)]
    };
    let definition = g.placement.define(name, &attrs, code_enum);
    quote! {
        #definition

        #copy_check

        #items

        #(#parts)*

        #kind_display
    }
}

/// The items that depend on the type names alone (`Drop`, the builders and accessors, the
/// standard traits, `FastStatus`; for an enum of kinds `kind()` and `into_kind()`), written
/// once in the runtime as `status_items!`, which this invokes.
fn items(g: &Gen<'_>) -> TokenStream {
    let Gen {
        name,
        status_ty,
        code_ty,
        private,
        ..
    } = g;
    let backtraces = g.backtraces_variant();
    let kind = g.kind.map(|kind| {
        // A variant's text held in place of its value: `with_message` stores the value first.
        let text_fields = g
            .input
            .variants
            .iter()
            .any(|v| v.text_field().is_some())
            .then(|| quote!(, text_fields: #kind));
        quote!(, kind: #kind #text_fields)
    });
    quote! {
        #private::status_items! {
            name: #name,
            status: #status_ty,
            code: #code_ty,
            backtraces: #backtraces
            #kind
        }
    }
}
