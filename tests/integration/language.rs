//! The book's language through the binary: a German book prints its fixed texts in German —
//! instructions, levels, contents, headings, notes, solutions, the Notes pages of a short KDP
//! book — with no English fixed text left, and a `[strings]` override printed in its place.

use crate::build::{build, manifest, page_text};

const GERMAN: &str = r#"
title = "Mein Rätselbuch"
author = "Tester"
seed = 3
language = "de"
contents = true
belongs_to = true

[page]
size = "kdp-6x9"

[copyright]
isbn = "978-0-306-40615-7"

[strings]
belongs_to = "Dieses Rätselbuch gehört"

[[section]]
count = 4
difficulty = "easy"

[[section]]
variant = "diagonal"
count = 2
difficulty = "medium"
"#;

/// Every fixed English text the book used to print.
const ENGLISH: &[&str] = &[
    "How to play",
    "Contents",
    "Solutions",
    "Levels in this book",
    "Easy",
    "Medium",
    "Classic",
    "Notes",
    "Puzzle",
    "page ",
    "belongs to",
    "with solutions",
    "Every puzzle",
    " to 9",
];

#[test]
fn a_german_book_prints_german_fixed_texts() {
    let (_dir, out) = build(GERMAN, &[]);
    let count = manifest(&out)["pages"].as_u64().expect("page count");
    let pdf = out.join("book.pdf");
    let Some(pages) = (1..=count)
        .map(|n| page_text(&pdf, n))
        .collect::<Option<Vec<String>>>()
    else {
        return;
    };
    let all = pages.join("\n");
    for wanted in [
        "Spielanleitung",
        "Lösungen",
        "Inhalt",
        "Leicht",
        "Mittel",
        "Notizen",
        "Klassisch 9×9 — Leicht",
        "Diagonal",
        "Rätsel 1–4",
        "Setze die Ziffern 1 bis 9 so ein",
        "Seite ",
        "Dieses Rätselbuch gehört",
        "6 Rätsel · Leicht bis Mittel · mit Lösungen",
        "Schwierigkeitsstufen in diesem Buch",
    ] {
        assert!(all.contains(wanted), "the book lacks {wanted:?}:\n{all}");
    }
    for english in ENGLISH {
        assert!(
            !all.contains(english),
            "English {english:?} remains:\n{all}"
        );
    }
}

#[test]
fn an_unknown_language_is_refused_before_any_puzzle_is_made() {
    let spec = GERMAN.replace("language = \"de\"", "language = \"deutsh\"");
    let dir = crate::build::spec_folder(&spec);
    crate::util::cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml"])
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "book.toml:5:12: language: 'deutsh' is not a language of the book",
        ))
        .stderr(predicates::str::contains("did you mean 'deutsch'"));
}

#[test]
fn an_override_the_font_cannot_print_is_refused_at_its_line() {
    let spec = "title = \"T\"\n[strings]\nsolutions = \"Lösungen ★\"\n[[section]]\ncount = 1\n";
    let dir = crate::build::spec_folder(spec);
    crate::util::cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml"])
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "book.toml:3:13: strings.solutions",
        ))
        .stderr(predicates::str::contains("U+2605"));
}
