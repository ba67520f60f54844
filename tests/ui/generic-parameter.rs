use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode<T> {
    Invalid,
    #[allow(dead_code)]
    Never(std::marker::PhantomData<T>),
}

fn main() {}
