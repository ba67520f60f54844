use fast_status::Pack;

#[derive(Pack, Clone, Copy)]
struct Side(u8);

fn main() {}
