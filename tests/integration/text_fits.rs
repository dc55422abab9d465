//! Issue 11, item 3: long titles, subtitles, section headings, running headers and contents
//! entries on small trims are wrapped, then shrunk to the 7 pt floor, then refused with the key
//! and line — never run off the page or over other text. Checked on built PDFs with
//! `pdftotext -bbox`: every word inside the trim, and no two words of a page overlapping.

use std::fs;
use std::process::Command as Process;

use predicates::prelude::*;

use crate::build::refused;
use crate::util::{cmd, skip};

/// One word's box on a page, in points.
#[derive(Debug, Clone, Copy)]
struct WordBox {
    page: usize,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

fn attribute(line: &str, name: &str) -> Option<f64> {
    let start = line.find(&format!("{name}=\""))? + name.len() + 2;
    let rest = &line[start..];
    rest[..rest.find('"')?].parse().ok()
}

/// Every word box of a PDF (`pdftotext -bbox`), with the page size; `None` without poppler.
fn word_boxes(pdf: &std::path::Path) -> Option<(f64, f64, Vec<WordBox>)> {
    let Ok(output) = Process::new("pdftotext")
        .arg("-bbox")
        .arg(pdf)
        .arg("-")
        .output()
    else {
        skip("text-box checks: pdftotext is not installed (apt-get install poppler-utils)");
        return None;
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let (mut width, mut height, mut page) = (0.0, 0.0, 0);
    let mut words = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("<page") {
            page += 1;
            width = attribute(line, "width")?;
            height = attribute(line, "height")?;
        } else if line.starts_with("<word") {
            words.push(WordBox {
                page,
                x0: attribute(line, "xMin")?,
                y0: attribute(line, "yMin")?,
                x1: attribute(line, "xMax")?,
                y1: attribute(line, "yMax")?,
            });
        }
    }
    Some((width, height, words))
}

fn overlap(a: &WordBox, b: &WordBox) -> bool {
    // A small tolerance: boxes of neighbouring lines touch by a fraction of a point.
    let slack = 0.5;
    a.x0 < b.x1 - slack && b.x0 < a.x1 - slack && a.y0 < b.y1 - slack && b.y0 < a.y1 - slack
}

const LONG_TITLE: &str =
    "The Enormous Compendium of Wonderfully Challenging Sudoku Puzzles for Long Winter Evenings";
const LONG_SECTION: &str = "Warm-up puzzles for the first weeks";

#[test]
fn long_texts_fit_every_trim() {
    for size in [
        "kdp-5x8",
        "kdp-6x9",
        "kdp-8x10",
        "kdp-8.5x11",
        "a5",
        "a4",
        "letter",
    ] {
        let spec = format!(
            "title = \"{LONG_TITLE}\"\nsubtitle = \"{LONG_TITLE}\"\nauthor = \"Maximiliane Wilhelmina von Hohenzollern-Sigmaringen\"\nheader = \"Enormous Compendium of Sudoku\"\ncontents = true\nlayout = \"1up\"\n[page]\nsize = \"{size}\"\n[answers]\nlayout = \"4up\"\n[[section]]\ntitle = \"{LONG_SECTION}\"\nsize = 4\ncount = 3\n[[section]]\ntitle = \"{LONG_SECTION} and beyond\"\nsize = 4\ncount = 2\n"
        );
        let (_dir, out) = build_spec(&spec);
        let Some(words) = words_on_their_pages(&out.join("book.pdf"), size) else {
            return;
        };
        assert!(words.len() > 100, "{size}: only {} words", words.len());
    }
}

#[test]
fn a_text_that_cannot_fit_is_refused_at_its_key() {
    let cases = [
        (
            format!("title = \"{}\"", "Sudoku ".repeat(80)),
            "book.toml:1:9: title: too long to fit 4 lines",
        ),
        (
            format!("title = \"S\"\nheader = \"{}\"", "Header ".repeat(30)),
            "book.toml:2:10: header: too long to fit one line",
        ),
        (
            format!("title = \"{}\"", "Sudoku ".repeat(12)),
            "book.toml:1:9: title: as the running header of the left-hand pages it does not fit",
        ),
        (
            format!(
                "title = \"S\"\n[strings]\nsolutions = \"{}\"",
                "Solutions ".repeat(20)
            ),
            "book.toml:3:13: strings.solutions: too long to fit one line",
        ),
        // A megabyte-long title is refused by its length, before any wrapping (a mutation run
        // once timed out on it).
        (
            format!("title = \"{}\"", "1 2 3 ".repeat(200_000)),
            "book.toml:1:9: title: too long to fit 4 lines",
        ),
    ];
    for (head, expected) in cases {
        let spec =
            format!("{head}\n[page]\nsize = \"kdp-5x8\"\n[[section]]\nsize = 4\ncount = 1\n");
        refused(&spec, expected);
    }
}

/// Builds `spec` (a book.toml) in a fresh folder; the book folder.
fn build_spec(spec: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("book.toml"), spec).unwrap();
    let out = dir.path().join("out");
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out"])
        .arg(&out)
        .assert()
        .success();
    (dir, out)
}

/// Every word of the PDF inside its page and no two words of a page on top of each other;
/// the words, or `None` without poppler.
fn words_on_their_pages(pdf: &std::path::Path, what: &str) -> Option<Vec<WordBox>> {
    let (width, height, words) = word_boxes(pdf)?;
    for w in &words {
        assert!(
            w.x0 >= 0.0 && w.y0 >= 0.0 && w.x1 <= width && w.y1 <= height,
            "{what}: {w:?} off the page"
        );
    }
    for (i, a) in words.iter().enumerate() {
        for b in words[i + 1..].iter().take_while(|b| b.page == a.page) {
            assert!(!overlap(a, b), "{what}: {a:?} overlaps {b:?}");
        }
    }
    Some(words)
}

#[test]
fn fit_three_thousand_words_of_instructions_flow_onto_further_pages() {
    let words: Vec<String> = (0..3000).map(|i| format!("word{}", i % 97)).collect();
    let spec = format!(
        "title = \"T\"\ninstructions = \"\"\"{} https://example.com/{}\"\"\"\n[page]\nsize = \"kdp-6x9\"\n[[section]]\nsize = 4\ncount = 2\n",
        words.join(" "),
        "x".repeat(400)
    );
    let (_dir, out) = build_spec(&spec);
    let Some(words) = words_on_their_pages(&out.join("book.pdf"), "instructions") else {
        return;
    };
    let on_page = |page: usize| words.iter().filter(|w| w.page == page).count();
    // "How to play" opens on page 2 and is full of text, not empty.
    assert!(on_page(2) > 200, "page 2 has {} words", on_page(2));
    let book: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("book.json")).unwrap()).unwrap();
    let first_puzzle_page = book["puzzles"][0]["page"].as_u64().unwrap() as usize;
    assert!(
        first_puzzle_page >= 8,
        "3,000 words take several pages: puzzles start on page {first_puzzle_page}"
    );
    for page in 2..first_puzzle_page {
        assert!(on_page(page) > 10, "page {page} is nearly empty");
    }
}

/// The one-line texts of the issue, overridden long enough to need wrapping or shrinking.
const LONG_STRINGS: &str = r#"[strings]
how_to_play = "How to play these wonderful puzzles, and how to enjoy every one of them"
contents = "What you will find in this book, section by section, with the pages"
levels_title = "The levels of difficulty in this book, and what each of them asks of you"
with_solutions = "with complete, carefully checked solutions to every single puzzle at the back"
belongs_to = "This book of puzzles, with everything that is written in it, belongs to"
walkthrough_title = "A worked solution of puzzle {n}, step by step, as a solver would go"
isbn = "International Standard Book Number of this edition: {isbn}"
notes = "Notes, scribbles, working and anything else you want to keep"
"#;

#[test]
fn fit_long_one_line_strings_are_wrapped_or_shrunk_onto_the_page() {
    for size in ["kdp-5x8", "kdp-6x9", "a4"] {
        let spec = format!(
            "title = \"T\"\ncontents = true\nbelongs_to = true\n[copyright]\nisbn = \"978-3-16-148410-0\"\n[page]\nsize = \"{size}\"\n{LONG_STRINGS}[[section]]\nsize = 4\ncount = 2\nwalkthrough = true\n"
        );
        let (_dir, out) = build_spec(&spec);
        let Some(words) = words_on_their_pages(&out.join("book.pdf"), size) else {
            return;
        };
        assert!(words.len() > 100, "{size}");
    }
}

#[test]
fn fit_strings_that_cannot_fit_are_refused_at_their_key_and_line() {
    let long = "Verylongword ".repeat(60);
    let keys = [
        "how_to_play",
        "contents",
        "with_solutions",
        "belongs_to",
        "walkthrough_title",
        "isbn",
        "notes",
        "puzzles_note",
    ];
    for key in keys {
        let value = match key {
            "walkthrough_title" => format!("{long}{{n}}"),
            "isbn" => format!("{{isbn}} {}", long.repeat(8)),
            "puzzles_note" => format!("{{first}} to {{last}} {long}"),
            _ => long.clone(),
        };
        let spec = format!(
            "title = \"T\"\ncontents = true\nbelongs_to = true\n[copyright]\nisbn = \"978-3-16-148410-0\"\n[page]\nsize = \"kdp-6x9\"\n[strings]\n{key} = \"{value}\"\n[[section]]\nsize = 4\ncount = 2\nwalkthrough = true\n"
        );
        refused(
            &spec,
            &format!("book.toml:9:{}: strings.{key}: ", key.len() + 4),
        );
    }
}

#[test]
fn fit_a_section_title_made_from_a_string_is_refused_at_that_string() {
    let spec = format!(
        "title = \"T\"\n[strings]\nvariant_classic = \"{}\"\n[[section]]\nsize = 9\ncount = 1\n",
        "Classic ".repeat(40)
    );
    refused(&spec, "book.toml:3:19: strings.variant_classic: too long");
}

#[test]
fn fit_the_preflight_checks_every_text_against_the_margins() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "title = \"T\"\n[[section]]\nsize = 4\ncount = 2\n";
    fs::write(dir.path().join("book.toml"), spec).unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "pass  every text inside the margins: yes",
        ));
}

#[test]
fn defaults_a_spec_of_a_title_and_sections_builds_on_every_trim() {
    for size in sudoku_book::spec::PAGE_SIZES.iter().map(|p| p.0) {
        for style in ["", "[style]\nlarge_print = true\n"] {
            let spec = format!(
                "title = \"Sudoku\"\n[page]\nsize = \"{size}\"\n{style}[[section]]\ncount = 3\n[[section]]\nsize = 6\ncount = 2\n"
            );
            // Large print's 28 pt digits need a 9×9 of 124 mm: a 5×8 page is refused, saying so.
            if size == "kdp-5x8" && !style.is_empty() {
                let dir = tempfile::tempdir().unwrap();
                fs::write(dir.path().join("book.toml"), &spec).unwrap();
                cmd()
                    .current_dir(dir.path())
                    .args(["build", "book.toml", "--check"])
                    .assert()
                    .code(2)
                    .stderr(predicate::str::contains("and 28 pt digits need 13.7 mm"));
                continue;
            }
            let (_dir, out) = build_spec(&spec);
            let what = format!("{size} {style}");
            words_on_their_pages(&out.join("book.pdf"), &what);
            let book: serde_json::Value =
                serde_json::from_str(&fs::read_to_string(out.join("book.json")).unwrap()).unwrap();
            assert!(book["pages"].as_u64().unwrap() > 4, "{what}");
        }
    }
}
