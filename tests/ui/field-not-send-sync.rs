use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    Shared { value: std::rc::Rc<u8> },
    Cell(std::cell::Cell<u32>),
    // A text variant beside them: its constructor and `with_message` add no error of their own.
    Note(String),
}

fn main() {}
