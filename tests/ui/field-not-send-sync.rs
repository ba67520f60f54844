use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    Shared { value: std::rc::Rc<u8> },
    Cell(std::cell::Cell<u32>),
}

fn main() {}
