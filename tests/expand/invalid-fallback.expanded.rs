// Expansion of `#[derive(FastStatus)]` for `StatusCode`. Regenerate with
// `FAST_STATUS_BLESS=1 cargo test -p status-macros snapshots`.

::core::compile_error! {
    "a status is always an error; success is `Ok(())` — remove this variant"
}
#[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug)]
enum StatusCodeCode {
    Ok,
    Invalid,
}
struct Status(::fast_status::__private::Repr);
impl ::core::clone::Clone for Status {
    fn clone(&self) -> Self {
        ::core::unreachable!()
    }
}
impl ::core::fmt::Display for Status {
    fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        ::core::unreachable!()
    }
}
impl ::core::fmt::Debug for Status {
    fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        ::core::unreachable!()
    }
}
impl ::core::error::Error for Status {}
impl ::core::convert::From<StatusCode> for Status {
    fn from(_: StatusCode) -> Self {
        ::core::unreachable!()
    }
}
