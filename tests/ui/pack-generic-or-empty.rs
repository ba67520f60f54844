use fast_status::Pack;

#[derive(Pack, Clone, Copy)]
enum Marker<T> {
    Only,
    #[allow(dead_code)]
    Never(std::marker::PhantomData<T>),
}

#[derive(Pack, Clone, Copy)]
enum Nothing {}

fn main() {}
