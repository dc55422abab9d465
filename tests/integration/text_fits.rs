//! Issue 11, item 3: long titles, subtitles, section headings, running headers and contents
//! entries on small trims are wrapped, then shrunk to the 7 pt floor, then refused with the key
//! and line — never run off the page or over other text. Checked on built PDFs with
//! `pdftotext -bbox`: every word inside the trim, and no two words of a page overlapping.

use std::fs;
use std::process::Command as Process;

use predicates::prelude::*;

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
        let dir = tempfile::tempdir().unwrap();
        let spec = format!(
            "title = \"{LONG_TITLE}\"\nsubtitle = \"{LONG_TITLE}\"\nauthor = \"Maximiliane Wilhelmina von Hohenzollern-Sigmaringen\"\nheader = \"Enormous Compendium of Sudoku\"\ncontents = true\nlayout = \"1up\"\n[page]\nsize = \"{size}\"\n[answers]\nlayout = \"4up\"\n[[section]]\ntitle = \"{LONG_SECTION}\"\nsize = 4\ncount = 3\n[[section]]\ntitle = \"{LONG_SECTION} and beyond\"\nsize = 4\ncount = 2\n"
        );
        fs::write(dir.path().join("book.toml"), spec).unwrap();
        let out = dir.path().join("out");
        cmd()
            .current_dir(dir.path())
            .args(["build", "book.toml", "--out"])
            .arg(&out)
            .assert()
            .success();
        let Some((width, height, words)) = word_boxes(&out.join("book.pdf")) else {
            return;
        };
        assert!(words.len() > 100, "{size}: only {} words", words.len());
        for w in &words {
            assert!(
                w.x0 >= 0.0 && w.y0 >= 0.0 && w.x1 <= width && w.y1 <= height,
                "{size}: {w:?} off the page"
            );
        }
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                if a.page == b.page {
                    assert!(!overlap(a, b), "{size}: {a:?} overlaps {b:?}");
                }
            }
        }
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
            "section[1].title: with the running header \"Sudoku Sudoku",
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
        let dir = tempfile::tempdir().unwrap();
        let spec =
            format!("{head}\n[page]\nsize = \"kdp-5x8\"\n[[section]]\nsize = 4\ncount = 1\n");
        fs::write(dir.path().join("book.toml"), spec).unwrap();
        cmd()
            .current_dir(dir.path())
            .args(["build", "book.toml", "--out", "out"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(expected));
        assert!(!dir.path().join("out").exists());
    }
}
