//! The README's "Coming from thiserror" shows a thiserror enum that the facade's doc tests
//! cannot compile (thiserror is not one of its dependencies): this crate's doc tests compile
//! it from `thiserror-before.md`, and this test checks the README shows the same code.

/// The body of the first code block after `marker` in `text`, fence line excluded.
fn first_block_after<'a>(text: &'a str, marker: &str) -> &'a str {
    let section = &text[text.find(marker).expect("the marker")..];
    let start = section.find("```").expect("a code block");
    let body = &section[start..];
    let body = &body[body.find('\n').expect("a fence line") + 1..];
    &body[..body.find("```").expect("a closing fence")]
}

#[test]
fn the_readme_shows_the_compiled_enum() {
    let readme = include_str!("../../../../README.md");
    let compiled = include_str!("../thiserror-before.md");
    assert_eq!(
        first_block_after(readme, "## Coming from thiserror"),
        first_block_after(compiled, "compiled here"),
    );
}
