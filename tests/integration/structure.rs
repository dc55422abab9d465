//! Book structure through the binary: the copyright and "belongs to" pages, sections and answers
//! opening on right-hand pages (blank pages unnumbered, the count even), the label template on
//! puzzle and answer pages, the running header turned off, and a wrong ISBN refused.

use std::path::Path;

use predicates::prelude::*;
use serde_json::Value;

use crate::build::{build, manifest, page_text, spec_folder};
use crate::util::cmd;

/// Two sections of odd page counts, so that `recto` needs blank pages.
const SECTIONS: &str = r#"
[[section]]
title = "Warm-up"
count = 5
difficulty = "easy"

[[section]]
title = "Second round"
count = 3
difficulty = "easy"
"#;

const HEAD: &str = r#"
title = "Structure Book"
author = "Tester"
seed = 5
layout = "4up"
contents = true
recto = true
belongs_to = true
header = false
label = "Puzzle {n} · {level}"

[copyright]
text = "All rights reserved. No part of this book may be reproduced without permission."
isbn = "978-0-306-40615-7"
year = 2026
"#;

fn pages(book: &Value) -> usize {
    book["pages"].as_u64().expect("page count") as usize
}

/// The text of every page of the book.
fn texts(out: &Path, count: usize) -> Option<Vec<String>> {
    (1..=count as u64)
        .map(|n| page_text(&out.join("book.pdf"), n))
        .collect()
}

#[test]
fn a_structured_book_has_its_pages_in_place() {
    let (_dir, out) = build(&format!("{HEAD}{SECTIONS}"), &[]);
    let book = manifest(&out);
    let count = pages(&book);
    assert_eq!(count % 2, 0, "odd page count {count}");
    let Some(texts) = texts(&out, count) else {
        return;
    };
    copyright_and_owner_pages(&texts);
    sections_open_on_the_right(&book, &texts);
    blank_pages_are_unnumbered_and_never_three(&texts);
    labels_follow_the_template(&book, &texts);
    no_running_header(&book, &texts);
}

fn copyright_and_owner_pages(texts: &[String]) {
    let page2 = &texts[1];
    for wanted in [
        "All rights reserved.",
        "ISBN 978-0-306-40615-7",
        "© 2026 Tester",
    ] {
        assert!(page2.contains(wanted), "page 2 lacks {wanted}:\n{page2}");
    }
    assert!(texts[2].contains("This book belongs to"), "{}", texts[2]);
}

fn sections_open_on_the_right(book: &Value, texts: &[String]) {
    let sections = book["sections"].as_array().expect("sections");
    for section in sections {
        let page = section["page"].as_u64().expect("page");
        assert_eq!(page % 2, 1, "{section} opens on a left-hand page");
        let title = section["title"].as_str().expect("title");
        assert!(texts[page as usize - 1].contains(title), "{title}");
    }
    let answers = book["puzzles"][0]["answer_page"].as_u64().expect("answers");
    assert_eq!(answers % 2, 1, "the answers open on page {answers}");
    assert!(texts[answers as usize - 1].contains("Solutions"));
}

fn blank_pages_are_unnumbered_and_never_three(texts: &[String]) {
    let blank: Vec<bool> = texts.iter().map(|t| t.trim().is_empty()).collect();
    assert!(blank.iter().any(|&b| b), "recto made no blank page");
    assert!(
        !blank.windows(3).any(|w| w.iter().all(|&b| b)),
        "three blank pages in a row: {blank:?}"
    );
}

fn labels_follow_the_template(book: &Value, texts: &[String]) {
    let first = &book["puzzles"][0];
    let page = first["page"].as_u64().expect("page") as usize;
    let answer = first["answer_page"].as_u64().expect("answer page") as usize;
    for (what, text) in [("puzzle", &texts[page - 1]), ("answer", &texts[answer - 1])] {
        assert!(
            text.contains("Puzzle 1 · Easy"),
            "{what} page lacks the label:\n{text}"
        );
        assert!(!text.contains("#1"), "{what} page keeps #1:\n{text}");
    }
}

/// The second page of the first section has no heading; with `header = false` it has no header.
fn no_running_header(book: &Value, texts: &[String]) {
    let page = book["puzzles"][4]["page"].as_u64().expect("page") as usize;
    let text = &texts[page - 1];
    assert!(text.contains("Puzzle 5"), "{text}");
    for header in ["Structure Book", "Warm-up"] {
        assert!(!text.contains(header), "page {page} has a header:\n{text}");
    }
}

#[test]
fn the_running_header_is_there_by_default() {
    let spec = format!("title = \"Header Book\"\nseed = 5\nlayout = \"1up\"\n{SECTIONS}");
    let (_dir, out) = build(&spec, &[]);
    let book = manifest(&out);
    let page = book["puzzles"][2]["page"].as_u64().expect("page");
    let Some(text) = page_text(&out.join("book.pdf"), page) else {
        return;
    };
    assert!(text.contains("#3"), "{text}");
    // Book convention: the book's title at the outer corner of a left-hand page, the section's
    // at the outer corner of a right-hand one.
    for page in [page, page + 1] {
        let Some(text) = page_text(&out.join("book.pdf"), page) else {
            return;
        };
        let (shown, hidden) = if page % 2 == 0 {
            ("Header Book", "Warm-up")
        } else {
            ("Warm-up", "Header Book")
        };
        assert!(
            text.contains(shown) && !text.contains(hidden),
            "page {page}: {text}"
        );
    }
}

#[test]
fn a_wrong_isbn_is_one_located_message() {
    let spec = format!("title = \"x\"\n[copyright]\nisbn = \"0-306-40615-3\"\n{SECTIONS}");
    let dir = spec_folder(&spec);
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "book.toml:3:8: copyright.isbn: '0-306-40615-3' is not an ISBN: the check digit is 3 but should be 2",
        ));
    assert!(!dir.path().join("out").exists());
}

#[test]
fn an_unknown_label_placeholder_is_one_located_message() {
    let spec = format!("title = \"x\"\nlabel = \"{{number}}\"\n{SECTIONS}");
    let dir = spec_folder(&spec);
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "book.toml:2:9: label: unknown placeholder '{number}'",
        ));
}

/// The longest copyright text the spec takes stays inside the content area of page 2, above the
/// page number's band, on every built-in trim.
#[test]
fn the_longest_copyright_text_fits_every_trim() {
    use sudoku_book::book::generate_puzzles;
    use sudoku_book::fonts::FontSet;
    use sudoku_book::layout::book::lay_out;
    use sudoku_book::layout::page::{FOOTER_BAND, PageFrame};
    use sudoku_book::layout::text::Placed;
    use sudoku_book::spec::parse;

    let paragraph =
        "Reproduced, transmitted or stored in any retrieval system whatsoever; permissions.";
    let text = [paragraph; 12].join("\\n");
    let fonts = FontSet::bundled();
    for trim in [
        "letter",
        "a4",
        "a5",
        "kdp-6x9",
        "kdp-8.5x11",
        "kdp-8x10",
        "kdp-5x8",
    ] {
        let spec = format!(
            "title = \"x\"\nauthor = \"A\"\nlayout = \"1up\"\n[page]\nsize = \"{trim}\"\n[copyright]\ntext = \"{text}\"\nisbn = \"0306406152\"\nyear = 2026\n[[section]]\ncount = 1\ndifficulty = \"easy\"\n"
        );
        let plan = parse("book.toml", &spec, Path::new(".")).expect("valid spec");
        let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
        let page = &lay_out(&plan, &puzzles, &fonts).pages[1];
        let area = PageFrame::of(&plan.page).content(2);
        let lines: Vec<_> = page
            .items
            .iter()
            .filter_map(|item| match item {
                Placed::Text(line) if line.text != "2" => Some(line),
                _ => None,
            })
            .collect();
        assert!(lines.len() >= 14, "{trim}: {} lines", lines.len());
        assert!(lines.iter().any(|l| l.text.contains("© 2026 A")), "{trim}");
        for line in lines {
            let top = line.y - line.size * fonts.regular.cap_height;
            assert!(
                top >= area.y && line.y <= area.y + area.h - FOOTER_BAND,
                "{trim}: '{}' at {:.1} leaves the page's text area",
                line.text,
                line.y
            );
        }
    }
}

/// A long label template on the narrowest grids (6 per page on a 5×8 trim) shrinks, then is cut
/// short, and never runs past its grid.
#[test]
fn a_long_label_stays_over_its_grid() {
    use sudoku_book::book::generate_puzzles;
    use sudoku_book::fonts::FontSet;
    use sudoku_book::layout::book::lay_out;
    use sudoku_book::layout::text::{Anchor, Placed};
    use sudoku_book::spec::parse;

    let spec = "title = \"x\"\nlayout = \"6up\"\nlabel = \"Puzzle number {n} · {level} · {variant} · from the long edition\"\n[page]\nsize = \"kdp-5x8\"\n[answers]\nlayout = \"4up\"\n[[section]]\nvariant = \"jigsaw\"\ncount = 6\ndifficulty = \"easy\"\n";
    let plan = parse("book.toml", spec, Path::new(".")).expect("valid spec");
    let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
    let fonts = FontSet::bundled();
    let book = lay_out(&plan, &puzzles, &fonts);
    let mut labels = 0;
    for page in &book.pages {
        let grids: Vec<_> = page
            .items
            .iter()
            .filter_map(|item| match item {
                Placed::Grid(grid) => Some(grid.at),
                _ => None,
            })
            .collect();
        for item in &page.items {
            let Placed::Text(line) = item else { continue };
            let Some(grid) = grids.iter().find(|g| {
                line.bold
                    && line.anchor == Anchor::Start
                    && (line.x - g.x).abs() < 1e-6
                    && line.y < g.y
                    && line.y > g.y - 6.0
            }) else {
                continue;
            };
            assert!(line.text.starts_with("Puzzle"), "{}", line.text);
            let width = fonts.bold.width(&line.text, line.size);
            assert!(
                width <= grid.w + 1e-6,
                "'{}' is {width:.1} mm over a {:.1} mm grid",
                line.text,
                grid.w
            );
            assert!(line.size >= 7.0 * 25.4 / 72.0 - 1e-9, "{}", line.size);
            labels += 1;
        }
    }
    assert_eq!(labels, 12, "six puzzle labels and six answer labels");
}
