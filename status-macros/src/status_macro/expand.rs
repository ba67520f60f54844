//! `status!(..)`: the code alone, a static status for a literal, or a message split into pieces
//! (or handed to `format_args!` whole); and `bail!(..)`, which returns it as the function's
//! `Err`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;

use super::parse::{Form, Invocation, Message, Piece, Split, join_commas, static_text};

/// Which macro is expanded: the status, or a `return` of it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Macro {
    /// `status!(..)`: the status.
    Status,
    /// `bail!(..)`: `return Err(From::from(status))` (the runtime's `Bail`), of the function's
    /// result type. A split message's function returns that result itself, so that the error
    /// site is one call that writes the caller's result.
    Bail,
}

/// `status!(..)` or `bail!(..)`.
pub(crate) fn status(invocation: &Invocation, expanding: Macro) -> TokenStream {
    let private = &invocation.private();
    match (made(invocation, expanding), expanding) {
        (Made::Status(status), Macro::Status) => status,
        (Made::Status(status), Macro::Bail) => quote! { return #private::Bail::__fs_bail(#status) },
        (Made::Returned(returned), _) => returned,
    }
}

/// What [`made`] writes.
enum Made {
    /// An expression of the status.
    Status(TokenStream),
    /// An expression that returns from the function (`bail!`, a split message).
    Returned(TokenStream),
}

/// The status `invocation` makes, or, for a split message in `bail!`, its `return`.
fn made(invocation: &Invocation, expanding: Macro) -> Made {
    let Invocation {
        krate,
        code,
        message,
    } = invocation;
    let private = invocation.private();
    let Some(message) = message else {
        return Made::Status(quote! { #private::from_code(#code) });
    };
    let split = match message {
        Message::Display(value) => Split::value(value),
        Message::Literal { text, args } => {
            let static_value = (args.is_empty() && invocation.code_is_constant_path())
                .then(|| static_text(text))
                .flatten();
            if let Some(value) = static_value {
                let value = syn::LitStr::new(&value, text.span());
                return Made::Status(quote! {
                    (#code).__fast_status_static(const {
                        &#private::StaticStatus::new(#code as ::core::primitive::u32, #value)
                    })
                });
            }
            let Some(split) = Split::literal(text, args) else {
                let args = join_commas(args);
                return Made::Status(
                    quote! { #private::from_args(#code, ::core::format_args!(#text #args)) },
                );
            };
            split
        }
    };
    pieces(krate, &private, code, &split, expanding)
}

/// The most parts `from_parts` takes (the runtime's `Parts` is implemented for tuples of up to
/// 12); a message of more pieces is written by `from_pieces`.
const MAX_PARTS: usize = 12;

/// `status!` with a message split into pieces: the code and the arguments are evaluated once,
/// in the order written (as `format_args!` does), and each argument's type picks its route (see
/// the runtime's `pieces` module). The error site passes the code and the routed arguments
/// (integers by value, strings as `&str`, others by reference) to a cold, out-of-line function
/// generated for this message, which passes them on with the literal text as a tuple of parts
/// (`from_parts`, written by the function compiled for the message's shape): no piece array is
/// built in the caller's code. For `bail!`, the function returns the caller's `Err` and the
/// error site returns what it returns.
fn pieces(
    krate: &TokenStream,
    private: &TokenStream,
    code: &TokenStream,
    split: &Split,
    expanding: Macro,
) -> Made {
    let bindings: Vec<Ident> = (0..split.args.len())
        .map(|i| format_ident!("__arg{}", i, span = Span::mixed_site()))
        .collect();
    let args = &split.args;
    // For each argument piece: the function's parameter, and the routed argument passed to it.
    let mut params = Vec::new();
    let mut routed = Vec::new();
    let code_binding = Ident::new("__code", Span::mixed_site());
    let lifetime = syn::Lifetime::new("'__args", Span::mixed_site());
    // Each piece twice: as a part of a tuple (for `from_parts`), and as a `Piece` (for
    // `from_pieces`, past `MAX_PARTS`).
    let (parts, pieces): (Vec<TokenStream>, Vec<TokenStream>) = split
        .pieces
        .iter()
        .map(|piece| {
            let (arg, span, form) = match piece {
                Piece::Text(text) => {
                    return (
                        quote! { #private::Text(#text) },
                        quote! { #private::Piece::Str(#text) },
                    );
                }
                Piece::Arg(index, form) => {
                    let binding = &bindings[*index];
                    let span = args[*index]
                        .clone()
                        .into_iter()
                        .next()
                        .map_or_else(Span::call_site, |token| token.span());
                    (quote!(#binding), span, *form)
                }
                Piece::Capture(ident, form) => (quote!(&#ident), ident.span(), *form),
            };
            let param = format_ident!("__piece{}", params.len(), span = Span::mixed_site());
            let (of, bound, part, piece) = match form {
                Form::Plain => (
                    quote!(#private::PieceOf(#arg)),
                    quote!(#private::IntoPiece<#lifetime>),
                    quote!(#param.into_part()),
                    quote!(#param.into_piece()),
                ),
                Form::Hex { upper, prefix } => {
                    let of = if upper {
                        quote!(#private::UpperHexOf)
                    } else {
                        quote!(#private::LowerHexOf)
                    };
                    (
                        quote!(#of(#arg)),
                        quote!(#private::IntoHexPiece<#lifetime>),
                        quote!(#private::Hex::<_, #upper, #prefix>(#param.into_hex_part())),
                        quote!(#param.into_hex_piece(#upper, #prefix)),
                    )
                }
            };
            // A missing `Display` (or `LowerHex`) is reported on the argument.
            routed.push(quote_spanned! {span=> (&&#of).__fast_status_piece() });
            params.push(quote!(#param: impl #bound));
            (part, piece)
        })
        .unzip();
    let make = if parts.len() <= MAX_PARTS {
        quote! { #private::from_parts(#code_binding, (#(#parts,)*)) }
    } else {
        quote! { #private::from_pieces(#code_binding, &[#(#pieces),*]) }
    };
    let via_format = has_hex(split).then(|| quote!(, ViaFormat as _));
    // The arguments' lifetime, where there are arguments.
    let lifetime_param = (!params.is_empty()).then(|| quote!(#lifetime,));
    let function = Ident::new("__status", Span::mixed_site());
    let code_type = Ident::new("__Code", Span::mixed_site());
    // For `bail!`, the function returns the caller's result, and the error site returns it.
    let (result_param, result, make, returns) = match expanding {
        Macro::Status => (None, quote!(#code_type::Status), make, None),
        Macro::Bail => {
            let result = Ident::new("__Result", Span::mixed_site());
            (
                Some(quote!(#result: #private::Bail<#code_type::Status>,)),
                quote!(#result),
                quote!(#private::Bail::__fs_bail(#make)),
                Some(quote!(return)),
            )
        }
    };
    let expansion = quote! {
        match (#code, #(&(#args),)*) {
            (#code_binding, #(#bindings,)*) => {
                use #private::{ViaDisplay as _, ViaExact as _ #via_format};
                #[cold]
                #[inline(never)]
                #[track_caller]
                #[allow(clippy::too_many_arguments, reason = "one per argument of the message")]
                fn #function<#lifetime_param #code_type: #krate::Code, #result_param>(
                    #code_binding: #code_type,
                    #(#params),*
                ) -> #result {
                    #make
                }
                #returns #function(#code_binding, #(#routed),*)
            }
        }
    };
    match expanding {
        Macro::Status => Made::Status(expansion),
        Macro::Bail => Made::Returned(expansion),
    }
}

/// Whether `split` has a hexadecimal piece, whose trait the expansion then imports.
fn has_hex(split: &Split) -> bool {
    split.pieces.iter().any(|piece| {
        matches!(
            piece,
            Piece::Arg(_, Form::Hex { .. }) | Piece::Capture(_, Form::Hex { .. })
        )
    })
}
