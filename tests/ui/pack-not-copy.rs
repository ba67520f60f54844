use fast_status::Pack;

#[derive(Pack)]
enum Token {
    Open,
    Close,
}

fn main() {}
