use fast_status::Pack;

#[derive(Pack, Clone, Copy)]
#[pack(name = Side)]
enum Token {
    Open,
}

fn main() {}
