use fast_status::Pack;

#[derive(Pack, Clone, Copy)]
enum Token {
    Open,
    Number(u8),
    Pair { left: u8, right: u8 },
}

fn main() {}
