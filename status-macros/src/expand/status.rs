//! `status!(..)`: the code alone, a static status for a literal, or a message split into pieces
//! (or handed to `format_args!` whole); and `bail!(..)`, which returns it as the function's
//! `Err`.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::Ident;

use crate::status::{Form, Invocation, Message, Piece, Split, join_commas, static_text};
use crate::template::{ToTokens as _, concat, separated, template, terminated};

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
        (Made::Status(status), Macro::Bail) => {
            template!(private, status; return #private::Bail::__fs_bail(#status))
        }
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
        return Made::Status(template!(private, code; #private::from_code(#code)));
    };
    let split = match message {
        Message::Display(value) => Split::value(value),
        Message::Literal { text, args } => {
            if args.is_empty()
                && invocation.code_is_constant_path()
                && let Some(value) = static_text(text)
            {
                let mut value = proc_macro2::Literal::string(&value);
                value.set_span(text.span());
                return Made::Status(template! { code, private, value;
                    (#code).__fast_status_static(const {
                        &#private::StaticStatus::new(#code as ::core::primitive::u32, #value)
                    })
                });
            }
            let Some(split) = Split::literal(text, args) else {
                let args = join_commas(args);
                let text = text.token();
                return Made::Status(template! { private, code, text, args;
                    #private::from_args(#code, ::core::format_args!(#text #args))
                });
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
        .map(|i| Ident::new(&format!("__arg{i}"), Span::mixed_site()))
        .collect();
    let args = &split.args;
    // For each argument piece: the function's parameter, and the routed argument passed to it.
    let mut params = Vec::new();
    let mut routed = Vec::new();
    let code_binding = Ident::new("__code", Span::mixed_site());
    let lifetime = lifetime("__args", Span::mixed_site());
    // Each piece as a part of a tuple (for `from_parts`), or past `MAX_PARTS` as a `Piece` (for
    // `from_pieces`).
    let as_parts = split.pieces.len() <= MAX_PARTS;
    let pieces: Vec<TokenStream> = split
        .pieces
        .iter()
        .map(|piece| {
            let (arg, span, form) = match piece {
                Piece::Text(text) if as_parts => {
                    return template!(private, text; #private::Text(#text));
                }
                Piece::Text(text) => {
                    return template!(private, text; #private::Piece::Str(#text));
                }
                Piece::Arg(index, form) => {
                    let binding = &bindings[*index];
                    let span = args[*index]
                        .clone()
                        .into_iter()
                        .next()
                        .map_or_else(Span::call_site, |token| token.span());
                    (binding.to_token_stream(), span, *form)
                }
                Piece::Capture(ident, form) => (template!(ident; &#ident), ident.span(), *form),
            };
            let param = Ident::new(&format!("__piece{}", params.len()), Span::mixed_site());
            let routed_arg = Routed { arg, span, form };
            let (routed_arg, bound, piece) = routed_arg.write(private, &lifetime, &param, as_parts);
            routed.push(routed_arg);
            params.push(template!(param, bound; #param: impl #bound));
            piece
        })
        .collect();
    let make = if as_parts {
        let parts = terminated(pieces, ',');
        template!(private, code_binding, parts; #private::from_parts(#code_binding, (#parts)))
    } else {
        let pieces = separated(pieces, ',');
        template!(private, code_binding, pieces; #private::from_pieces(#code_binding, &[#pieces]))
    };
    let via_format = has_hex(split).then(|| template!(; , ViaFormat as _));
    // The arguments' lifetime, where there are arguments.
    let lifetime_param = (!params.is_empty()).then(|| template!(lifetime; #lifetime,));
    let function = Ident::new("__status", Span::mixed_site());
    let code_type = Ident::new("__Code", Span::mixed_site());
    let Returned {
        result_param,
        result,
        make,
        returns,
    } = returned(expanding, private, &code_type, make);
    let arg_refs = concat(args.iter().map(|arg| template!(arg; &(#arg),)));
    let binding_list = terminated(&bindings, ',');
    let param_list = separated(params, ',');
    let routed_list = separated(routed, ',');
    let expansion = template! {
        code, arg_refs, code_binding, binding_list, private, via_format, function, lifetime_param,
        code_type, krate, result_param, param_list, result, make, returns, routed_list;
        match (#code, #arg_refs) {
            (#code_binding, #binding_list) => {
                use #private::{ViaDisplay as _, ViaExact as _ #via_format};
                #[cold]
                #[inline(never)]
                #[track_caller]
                #[allow(clippy::too_many_arguments, reason = "one per argument of the message")]
                fn #function<#lifetime_param #code_type: #krate::Code, #result_param>(
                    #code_binding: #code_type,
                    #param_list
                ) -> #result {
                    #make
                }
                #returns #function(#code_binding, #routed_list)
            }
        }
    };
    match expanding {
        Macro::Status => Made::Status(expansion),
        Macro::Bail => Made::Returned(expansion),
    }
}

/// An argument piece of a split message, as the error site passes it.
struct Routed {
    /// The argument: its binding, or a reference to a captured variable.
    arg: TokenStream,
    /// Where a missing `Display` (or `LowerHex`) is reported: the argument's first token.
    span: Span,
    form: Form,
}

impl Routed {
    /// The routed argument the error site passes, the bound of the generated function's
    /// parameter `param` for it, and the part (`as_parts`) or `Piece` the function makes of it.
    fn write(
        self,
        private: &TokenStream,
        lifetime: &TokenStream,
        param: &Ident,
        as_parts: bool,
    ) -> (TokenStream, TokenStream, TokenStream) {
        let Routed { arg, span, form } = self;
        let (of, bound, piece) = match form {
            Form::Plain => (
                template!(private, arg; #private::PieceOf(#arg)),
                template!(private, lifetime; #private::IntoPiece<#lifetime>),
                if as_parts {
                    template!(param; #param.into_part())
                } else {
                    template!(param; #param.into_piece())
                },
            ),
            Form::Hex { upper, prefix } => {
                let of = if upper {
                    template!(private, arg; #private::UpperHexOf(#arg))
                } else {
                    template!(private, arg; #private::LowerHexOf(#arg))
                };
                (
                    of,
                    template!(private, lifetime; #private::IntoHexPiece<#lifetime>),
                    if as_parts {
                        template! { private, upper, prefix, param;
                            #private::Hex::<_, #upper, #prefix>(#param.into_hex_part())
                        }
                    } else {
                        template!(param, upper, prefix; #param.into_hex_piece(#upper, #prefix))
                    },
                )
            }
        };
        // A missing `Display` (or `LowerHex`) is reported on the argument.
        let routed = template!(spanned(span) of; (&&#of).__fast_status_piece());
        (routed, bound, piece)
    }
}

/// What the function generated for a message returns, and how the error site uses it.
struct Returned {
    /// The function's type parameter for the caller's result (`bail!`).
    result_param: Option<TokenStream>,
    /// The function's return type.
    result: TokenStream,
    /// The function's body.
    make: TokenStream,
    /// What the error site writes before the call (`return` for `bail!`).
    returns: Option<TokenStream>,
}

/// For `status!`, the function returns the status `make` builds; for `bail!`, the caller's
/// result, and the error site returns it.
fn returned(
    expanding: Macro,
    private: &TokenStream,
    code_type: &Ident,
    make: TokenStream,
) -> Returned {
    match expanding {
        Macro::Status => Returned {
            result_param: None,
            result: template!(code_type; #code_type::Status),
            make,
            returns: None,
        },
        Macro::Bail => {
            let result = Ident::new("__Result", Span::mixed_site());
            Returned {
                result_param: Some(template! { result, private, code_type;
                    #result: #private::Bail<#code_type::Status>,
                }),
                result: result.to_token_stream(),
                make: template!(private, make; #private::Bail::__fs_bail(#make)),
                returns: Some(template!(; return)),
            }
        }
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

/// The lifetime `'name`, spanned at `span` (`syn`'s `Lifetime` has no tokens without
/// `printing`).
fn lifetime(name: &str, span: Span) -> TokenStream {
    let mut quote = proc_macro2::Punct::new('\'', proc_macro2::Spacing::Joint);
    quote.set_span(span);
    let name = Ident::new(name, span);
    [TokenTree::Punct(quote), TokenTree::Ident(name)]
        .into_iter()
        .collect()
}
