use fast_status::FastStatus;

// Each mistake is said once, and the API is generated as if it were fixed.
#[derive(FastStatus, Clone, Copy)]
#[status(method = everywhere)]
enum StatusCode {
    // Not snake_case: the methods take the suggested name.
    #[status(method = BadInput)]
    Invalid,
    // Written twice: the first stands.
    #[status(method = late, method = later)]
    Slow,
}

fn main() {
    assert!(Status::bad_input("x").is_bad_input());
    assert!(Status::late("y").is_late());
}
