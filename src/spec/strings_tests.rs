//! Tests of `language` and `[strings]`: the table chosen, overrides applied and recorded for
//! the later checks, and every mistake refused with its key, line and column.

use super::*;

const SECTION: &str = "\n[[section]]\ncount = 4\ndifficulty = \"hard\"\n";

fn check(head: &str) -> Result<BookPlan, SpecError> {
    parse(
        "book.toml",
        &format!("title = \"T\"\n{head}{SECTION}"),
        Path::new("."),
    )
}

fn error(head: &str) -> String {
    check(head).unwrap_err().to_string()
}

#[test]
fn english_is_the_default() {
    let plan = check("").unwrap();
    assert_eq!(plan.strings, Strings::default());
    assert_eq!(plan.strings.get("how_to_play"), "How to play");
    assert_eq!(plan.sections[0].title, "Classic 9×9 — hard");
}

#[test]
fn a_language_chooses_its_table_and_default_titles() {
    let plan = check("language = \"de\"").unwrap();
    assert_eq!(plan.strings.get("how_to_play"), "Spielanleitung");
    assert_eq!(plan.sections[0].title, "Klassisch 9×9 — Schwer");
    let plan = check("language = \"Spanish\"").unwrap();
    assert_eq!(plan.strings.get("contents"), "Índice");
    assert_eq!(plan.sections[0].title, "Clásico 9×9 — difícil");
}

#[test]
fn an_unknown_language_is_refused_at_its_line() {
    let message = error("language = \"germna\"");
    assert!(
        message.starts_with("book.toml:2:12: language: 'germna'"),
        "{message}"
    );
    assert!(message.contains("did you mean 'german'"), "{message}");
}

#[test]
fn overrides_replace_texts_and_are_recorded() {
    let head = "language = \"fr\"\n[strings]\nsolutions = \"Réponses\"\npuzzles_note = \"N° {first} à {last}\"\n";
    let plan = check(head).unwrap();
    assert_eq!(plan.strings.get("solutions"), "Réponses");
    assert_eq!(plan.strings.get("contents"), "Sommaire");
    let origin = plan
        .origin
        .texts
        .iter()
        .find(|t| t.key == "strings.solutions");
    assert_eq!(origin.map(|t| t.position), Some(Some((4, 13))));
}

#[test]
fn an_unknown_key_is_refused_with_a_suggestion() {
    let message = error("[strings]\nsolution = \"Answers\"\n");
    assert!(
        message.starts_with("book.toml:3:12: strings.solution: 'solution' is not a text"),
        "{message}"
    );
    assert!(message.contains("did you mean 'solutions'"), "{message}");
}

#[test]
fn a_wrong_placeholder_is_refused() {
    let message = error("[strings]\npuzzle_note = \"No. {number}\"\n");
    assert!(
        message.starts_with("book.toml:3:15: strings.puzzle_note: unknown placeholder '{number}'"),
        "{message}"
    );
    assert!(message.contains("{n}"), "{message}");
    let message = error("[strings]\nnotes = \"Notes {\"\n");
    assert!(
        message.contains("strings.notes: a '{' without its '}'"),
        "{message}"
    );
}

#[test]
fn strings_must_be_a_table_of_texts() {
    let message = error("[strings]\nnotes = 3\n");
    assert!(message.starts_with("book.toml:3:"), "{message}");
}
