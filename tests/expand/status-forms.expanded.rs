// Expansion of `status!` in each form, one per statement. Regenerate with
// `FAST_STATUS_BLESS=1 cargo test -p status-macros snapshots`.

fn status_forms() {
    let _ = ::fast_status::__private::from_code(StatusCode::Invalid);
    let _ = (StatusCode::Invalid)
        .__fast_status_static(const {
            &::fast_status::__private::StaticStatus::new(
                StatusCode::Invalid as ::core::primitive::u32,
                "header needs 4 bytes",
            )
        });
    let _ = match (StatusCode::Invalid, &(buf.len())) {
        (__code, __arg0) => {
            use ::fast_status::__private::{ViaDisplay as _, ViaExact as _};
            #[cold]
            #[inline(never)]
            #[track_caller]
            #[allow(
                clippy::too_many_arguments,
                reason = "one per argument of the message"
            )]
            fn __status<'__args, __Code: ::fast_status::Code>(
                __code: __Code,
                __piece0: impl ::fast_status::__private::IntoPiece<'__args>,
            ) -> __Code::Status {
                ::fast_status::__private::from_parts(
                    __code,
                    (
                        ::fast_status::__private::Text("header needs 4 bytes, got "),
                        __piece0.into_part(),
                    ),
                )
            }
            __status(
                __code,
                (&&::fast_status::__private::PieceOf(__arg0)).__fast_status_piece(),
            )
        }
    };
    let _ = match (StatusCode::KeyError, &(t.id)) {
        (__code, __arg0) => {
            use ::fast_status::__private::{ViaDisplay as _, ViaExact as _};
            #[cold]
            #[inline(never)]
            #[track_caller]
            #[allow(
                clippy::too_many_arguments,
                reason = "one per argument of the message"
            )]
            fn __status<'__args, __Code: ::fast_status::Code>(
                __code: __Code,
                __piece0: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece1: impl ::fast_status::__private::IntoPiece<'__args>,
            ) -> __Code::Status {
                ::fast_status::__private::from_parts(
                    __code,
                    (
                        ::fast_status::__private::Text("no column '"),
                        __piece0.into_part(),
                        ::fast_status::__private::Text("' in "),
                        __piece1.into_part(),
                    ),
                )
            }
            __status(
                __code,
                (&&::fast_status::__private::PieceOf(&name)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(__arg0)).__fast_status_piece(),
            )
        }
    };
    let _ = match (code,) {
        (__code,) => {
            use ::fast_status::__private::{ViaDisplay as _, ViaExact as _};
            #[cold]
            #[inline(never)]
            #[track_caller]
            #[allow(
                clippy::too_many_arguments,
                reason = "one per argument of the message"
            )]
            fn __status<__Code: ::fast_status::Code>(__code: __Code) -> __Code::Status {
                ::fast_status::__private::from_parts(
                    __code,
                    (::fast_status::__private::Text("literal with a run-time code"),),
                )
            }
            __status(__code)
        }
    };
    let _ = match (StatusCode::Invalid,) {
        (__code,) => {
            use ::fast_status::__private::{
                ViaDisplay as _, ViaExact as _, ViaFormat as _,
            };
            #[cold]
            #[inline(never)]
            #[track_caller]
            #[allow(
                clippy::too_many_arguments,
                reason = "one per argument of the message"
            )]
            fn __status<'__args, __Code: ::fast_status::Code>(
                __code: __Code,
                __piece0: impl ::fast_status::__private::IntoHexPiece<'__args>,
            ) -> __Code::Status {
                ::fast_status::__private::from_parts(
                    __code,
                    (
                        ::fast_status::__private::Text("offset "),
                        ::fast_status::__private::Hex::<
                            _,
                            false,
                            true,
                        >(__piece0.into_hex_part()),
                    ),
                )
            }
            __status(
                __code,
                (&&::fast_status::__private::LowerHexOf(&offset)).__fast_status_piece(),
            )
        }
    };
    let _ = match (StatusCode::Invalid,) {
        (__code,) => {
            use ::fast_status::__private::{ViaDisplay as _, ViaExact as _};
            #[cold]
            #[inline(never)]
            #[track_caller]
            #[allow(
                clippy::too_many_arguments,
                reason = "one per argument of the message"
            )]
            fn __status<'__args, __Code: ::fast_status::Code>(
                __code: __Code,
                __piece0: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece1: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece2: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece3: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece4: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece5: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece6: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece7: impl ::fast_status::__private::IntoPiece<'__args>,
                __piece8: impl ::fast_status::__private::IntoPiece<'__args>,
            ) -> __Code::Status {
                ::fast_status::__private::from_pieces(
                    __code,
                    &[
                        __piece0.into_piece(),
                        ::fast_status::__private::Piece::Str("."),
                        __piece1.into_piece(),
                        ::fast_status::__private::Piece::Str("."),
                        __piece2.into_piece(),
                        ::fast_status::__private::Piece::Str("."),
                        __piece3.into_piece(),
                        ::fast_status::__private::Piece::Str("."),
                        __piece4.into_piece(),
                        ::fast_status::__private::Piece::Str("."),
                        __piece5.into_piece(),
                        ::fast_status::__private::Piece::Str("."),
                        __piece6.into_piece(),
                        ::fast_status::__private::Piece::Str("."),
                        __piece7.into_piece(),
                        ::fast_status::__private::Piece::Str("."),
                        __piece8.into_piece(),
                    ],
                )
            }
            __status(
                __code,
                (&&::fast_status::__private::PieceOf(&a)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(&b)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(&c)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(&d)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(&e)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(&f)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(&g)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(&h)).__fast_status_piece(),
                (&&::fast_status::__private::PieceOf(&i)).__fast_status_piece(),
            )
        }
    };
}
