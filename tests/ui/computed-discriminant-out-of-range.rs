// A discriminant the compiler computes is checked where it is computed: a code out of
// `0..2^30` is an error on its expression (or, after one, on the variant).
use fast_status::FastStatus;

const BASE: isize = 10;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Negative = BASE - 11,
    Large = 1 << 30,
    Fine = BASE,
}

#[derive(FastStatus, Clone, Copy)]
enum EdgeCode {
    Last = (1 << 30) - 1,
    AfterLast,
}

#[derive(FastStatus, Debug)]
#[repr(u64)]
enum ErrorKind {
    Wide(u32) = 1 << 40,
}

fn main() {}
