use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Code,
    Message,
    // A builder every status has (its constructor and the builder were two definitions).
    WithSource,
    Invalid,
    // A built-in chosen by `method` itself.
    #[status(method = location)]
    Missing,
}

fn main() {}
