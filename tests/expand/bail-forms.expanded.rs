// Expansion of `bail!` (and `ensure!`) in each form, one per `if`. Regenerate with
// `FAST_STATUS_BLESS=1 cargo test -p status-macros snapshots`.

fn bail_forms() -> Result<u32, Status> {
    if failed {
        return ::fast_status::__private::Bail::__fs_bail(
            ::fast_status::__private::from_code(StatusCode::Invalid),
        );
    }
    if failed {
        return ::fast_status::__private::Bail::__fs_bail(
            (StatusCode::Invalid)
                .__fast_status_static(const {
                    &::fast_status::__private::StaticStatus::new(
                        StatusCode::Invalid as ::core::primitive::u32,
                        "header needs 4 bytes",
                    )
                }),
        );
    }
    if failed {
        match (StatusCode::Invalid, &(buf.len())) {
            (__code, __arg0) => {
                use ::fast_status::__private::{ViaDisplay as _, ViaExact as _};
                #[cold]
                #[inline(never)]
                #[track_caller]
                #[allow(
                    clippy::too_many_arguments,
                    reason = "one per argument of the message"
                )]
                fn __status<
                    '__args,
                    __Code: ::fast_status::Code,
                    __Result: ::fast_status::__private::Bail<__Code::Status>,
                >(
                    __code: __Code,
                    __piece0: impl ::fast_status::__private::IntoPiece<'__args>,
                    __piece1: impl ::fast_status::__private::IntoPiece<'__args>,
                ) -> __Result {
                    ::fast_status::__private::Bail::__fs_bail(
                        ::fast_status::__private::from_parts(
                            __code,
                            (
                                ::fast_status::__private::Text("no u32 at "),
                                __piece0.into_part(),
                                ::fast_status::__private::Text(" in "),
                                __piece1.into_part(),
                                ::fast_status::__private::Text(" bytes"),
                            ),
                        ),
                    )
                }
                return __status(
                    __code,
                    (&&::fast_status::__private::PieceOf(&at)).__fast_status_piece(),
                    (&&::fast_status::__private::PieceOf(__arg0)).__fast_status_piece(),
                );
            }
        };
    }
    Ok(0)
}
