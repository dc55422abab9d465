//! Tests of the structure keys: `[copyright]`, `belongs_to`, `recto`, `label` and `header`, each
//! value read and each mistake refused with its message, key, line and column.

use super::structure::{check_isbn, check_label};
use super::*;

const SECTION: &str = "\n[[section]]\ncount = 4\n";

fn check(head: &str) -> Result<BookPlan, SpecError> {
    parse("book.toml", &format!("{head}{SECTION}"), Path::new("."))
}

fn plan(head: &str) -> BookPlan {
    check(head).unwrap()
}

fn error(head: &str) -> String {
    check(head).unwrap_err().to_string()
}

#[test]
fn defaults_add_nothing() {
    let plan = plan("title = \"T\"");
    assert_eq!(plan.structure, Structure::default());
    assert!(plan.structure.running_header && !plan.structure.recto);
    assert_eq!(plan.structure.label.fill(7, "Easy", "Classic"), "#7");
    assert_eq!(plan.header, None);
}

#[test]
fn every_structure_key_is_read() {
    let head = "title = \"T\"\nbelongs_to = true\nrecto = true\nlabel = \"Puzzle {n} · {level} ({variant})\"\n\
                [copyright]\ntext = \"All rights reserved.\"\nisbn = \"978-0-306-40615-7\"\nyear = 2026\n";
    let s = plan(head).structure;
    assert!(s.belongs_to && s.recto && s.running_header);
    assert_eq!(
        s.label.fill(12, "Hard", "Diagonal"),
        "Puzzle 12 · Hard (Diagonal)"
    );
    assert_eq!(
        s.copyright,
        Some(Copyright {
            text: Some("All rights reserved.".into()),
            isbn: Some("978-0-306-40615-7".into()),
            year: Some(2026),
        })
    );
}

#[test]
fn header_is_text_or_false() {
    let off = plan("title = \"T\"\nheader = false");
    assert!(!off.structure.running_header);
    assert_eq!(off.header, None);
    let text = plan("title = \"T\"\nheader = \"Puzzles\"");
    assert!(text.structure.running_header);
    assert_eq!(text.header.as_deref(), Some("Puzzles"));
    let on = plan("title = \"T\"\nheader = true");
    assert!(on.structure.running_header);
    assert_eq!(on.header, None);
}

#[test]
fn a_header_of_another_type_is_located() {
    let message = error("title = \"T\"\nheader = 5");
    assert!(message.starts_with("book.toml:2:10:"), "{message}");
    assert!(
        message.contains("a text, or false for no running header"),
        "{message}"
    );
}

#[test]
fn an_unknown_label_placeholder_is_refused() {
    assert_eq!(
        error("title = \"T\"\nlabel = \"No. {number}\""),
        "book.toml:2:9: label: unknown placeholder '{number}': use {n}, {level}, {variant}"
    );
}

#[test]
fn an_unclosed_label_brace_is_refused() {
    assert_eq!(
        error("title = \"T\"\n\nlabel = \"#{n\""),
        "book.toml:3:9: label: a '{' without its '}': placeholders are {n}, {level}, {variant}"
    );
    assert_eq!(
        check_label("n}").unwrap_err(),
        "a '}' without its '{': placeholders are {n}, {level}, {variant}"
    );
    assert!(check_label("{n} of {variant}, {level}").is_ok());
    assert!(check_label("plain").is_ok());
}

#[test]
fn a_wrong_isbn_check_digit_is_refused() {
    let head = "title = \"T\"\n[copyright]\nyear = 2026\nisbn = \"978-0-306-40615-8\"";
    assert_eq!(
        error(head),
        "book.toml:4:8: copyright.isbn: '978-0-306-40615-8' is not an ISBN: the check digit is 8 but should be 7"
    );
}

#[test]
fn an_isbn_of_the_wrong_length_or_with_letters_is_refused() {
    let head = "title = \"T\"\n[copyright]\nisbn = \"12345\"";
    assert_eq!(
        error(head),
        "book.toml:3:8: copyright.isbn: '12345' is not an ISBN: it has 5 digits; an ISBN has 10 or 13"
    );
    assert_eq!(
        check_isbn("97A-0-306-40615-7").unwrap_err(),
        "'97A-0-306-40615-7' is not an ISBN: 'A' is not a digit (write 10 or 13 digits; hyphens and spaces are allowed)"
    );
}

#[test]
fn isbn_10_and_13_with_hyphens_and_spaces_pass() {
    for good in [
        "0-306-40615-2",
        "0306406152",
        "978 0 306 40615 7",
        "9780306406157",
        "0-8044-2957-X",
        "0-8044-2957-x",
        "979-10-90636-07-1",
    ] {
        assert!(check_isbn(good).is_ok(), "{good}: {:?}", check_isbn(good));
    }
    for bad in ["0-306-40615-3", "X-306-40615-2", "978030640615X", ""] {
        assert!(check_isbn(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_year_out_of_range_is_refused() {
    assert_eq!(
        error("title = \"T\"\n[copyright]\nyear = 26"),
        "book.toml:3:8: copyright.year: 26 is not a year: use 1450 to 9999"
    );
}

#[test]
fn unknown_copyright_key_suggests_the_right_one() {
    let message = error("title = \"T\"\n[copyright]\nisnb = \"0306406152\"");
    assert!(message.starts_with("book.toml:3:1:"), "{message}");
    assert!(message.contains("did you mean `isbn`?"), "{message}");
}

#[test]
fn structure_switches_must_be_booleans() {
    let message = error("title = \"T\"\nrecto = \"yes\"");
    assert!(message.starts_with("book.toml:2:9:"), "{message}");
    let message = error("title = \"T\"\nbelongs_to = 1");
    assert!(message.starts_with("book.toml:2:14:"), "{message}");
}

#[test]
fn a_copyright_text_too_long_for_its_page_is_refused() {
    let long = "word ".repeat(201);
    assert_eq!(
        error(&format!("title = \"T\"\n[copyright]\ntext = \"{long}\"")),
        "book.toml:3:8: copyright.text: 1005 characters do not fit the copyright page: write at most 1000"
    );
    let lines = "line\\n".repeat(13);
    assert_eq!(
        error(&format!("title = \"T\"\n[copyright]\n\ntext = \"{lines}\"")),
        "book.toml:4:8: copyright.text: 13 lines do not fit the copyright page: write at most 12"
    );
}
