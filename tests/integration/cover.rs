//! `[cover]`: the wrap cover built through the binary and checked with the PDF tools a
//! publisher would use: its page size against KDP's formula (`pdfinfo`), embedded fonts
//! (`pdffonts`), its structure (`qpdf --check`), spine text only on a thick enough book and no
//! text in the barcode area (`pdftotext`, `pdftotext -bbox`), a text too long refused at its
//! key, and the files listed in the manifest. The PDF-tool checks skip with a message when a
//! tool is missing; CI installs them.

use std::path::Path;

use predicates::prelude::*;

use crate::build::{build, manifest, refused, spec_folder, tool};
use crate::util::cmd;

const PT_PER_IN: f64 = 72.0;

/// A 6×9 book of `count` 4×4 puzzles, one per page, no answers, with a cover on `paper`.
fn spec(count: usize, paper: &str, back_text: &str) -> String {
    format!(
        r##"title = "Spine Test"
subtitle = "Small puzzles"
author = "Cover Tester"
seed = 3
layout = "1up"
[page]
size = "kdp-6x9"
[answers]
include = false
[cover]
paper = "{paper}"
background = "#f1e3c8"
back_text = "{back_text}"
[[section]]
size = 4
count = {count}
difficulty = "easy"
"##
    )
}

/// The page size `pdfinfo` reports, in points.
fn page_size(pdf: &Path) -> Option<(f64, f64)> {
    let (ok, info) = tool("pdfinfo", &[], pdf)?;
    assert!(ok, "{info}");
    let line = info.lines().find(|l| l.starts_with("Page size:"))?;
    let mut numbers = line
        .split_whitespace()
        .filter_map(|word| word.parse::<f64>().ok());
    Some((numbers.next()?, numbers.next()?))
}

/// Builds the book and returns its folder and page count.
fn built(
    count: usize,
    paper: &str,
    back_text: &str,
) -> (tempfile::TempDir, std::path::PathBuf, f64) {
    let (dir, out) = build(&spec(count, paper, back_text), &[]);
    let pages = manifest(&out)["pages"].as_f64().expect("pages");
    (dir, out, pages)
}

#[test]
fn the_cover_is_a_sound_pdf_of_the_full_wrap() {
    for (paper, per_page) in [("white", 0.002252), ("cream", 0.0025), ("color", 0.002347)] {
        let (_dir, out, pages) = built(30, paper, "Back.");
        let listed = manifest(&out)["files"].clone();
        assert!(listed.as_array().unwrap().contains(&"cover.pdf".into()));
        assert!(listed.as_array().unwrap().contains(&"cover.svg".into()));
        assert!(out.join("cover.svg").is_file());
        let pdf = out.join("cover.pdf");
        let Some((width, height)) = page_size(&pdf) else {
            return;
        };
        let expected = (2.0 * 6.0 + pages * per_page + 2.0 * 0.125) * PT_PER_IN;
        assert!(
            (width - expected).abs() < 0.01,
            "{paper}: {width} vs {expected}"
        );
        assert!((height - 9.25 * PT_PER_IN).abs() < 0.01, "{height}");
    }
    let (_dir, out, _) = built(30, "white", "Back.");
    let pdf = out.join("cover.pdf");
    let Some((ok, fonts)) = tool("pdffonts", &[], &pdf) else {
        return;
    };
    assert!(ok);
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!rows.is_empty(), "{fonts}");
    assert!(rows.iter().all(|row| row.contains(" yes ")), "{fonts}");
    let Some((ok, report)) = tool("qpdf", &["--check"], &pdf) else {
        return;
    };
    assert!(ok, "{report}");
}

/// How often the title is in the cover's text (front, the back's heading, and the spine when
/// it has text).
fn titles(pdf: &Path) -> Option<usize> {
    let pdf = pdf.display().to_string();
    let (ok, text) = tool("pdftotext", &[&pdf], Path::new("-"))?;
    assert!(ok);
    Some(text.matches("Spine Test").count())
}

#[test]
fn spine_text_needs_79_pages_and_room_for_7_pt() {
    let (_dir, out, pages) = built(60, "cream", "Back.");
    assert!(pages < 79.0, "{pages}");
    let Some(thin) = titles(&out.join("cover.pdf")) else {
        return;
    };
    assert_eq!(
        thin, 2,
        "only the front and the back have the title on a {pages}-page book"
    );
    let (_dir, out, pages) = built(110, "cream", "Back.");
    assert!(pages >= 79.0, "{pages}");
    assert_eq!(titles(&out.join("cover.pdf")), Some(3), "{pages} pages");
}

#[test]
fn a_spine_too_thin_for_its_text_is_noted() {
    let dir = spec_folder(&spec(80, "white", "Back."));
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "-q"])
        .assert()
        .success()
        .stderr(predicate::str::contains("note: the spine is"))
        .stderr(predicate::str::contains("left blank"));
}

/// Every word box of `pdftotext -bbox` as (x min, y min, x max, y max) in points from the top
/// left.
fn word_boxes(pdf: &Path) -> Option<Vec<(f64, f64, f64, f64)>> {
    let pdf = pdf.display().to_string();
    let (ok, html) = tool("pdftotext", &["-bbox", &pdf], Path::new("-"))?;
    assert!(ok);
    let attribute = |line: &str, name: &str| -> Option<f64> {
        let rest = line.split(&format!("{name}=\"")).nth(1)?;
        rest.split('"').next()?.parse().ok()
    };
    let boxes = html
        .lines()
        .filter(|line| line.trim_start().starts_with("<word"))
        .filter_map(|line| {
            Some((
                attribute(line, "xMin")?,
                attribute(line, "yMin")?,
                attribute(line, "xMax")?,
                attribute(line, "yMax")?,
            ))
        })
        .collect();
    Some(boxes)
}

#[test]
fn no_text_lies_in_the_barcode_area() {
    let back = "A back text long enough to reach down towards the barcode area. ".repeat(40);
    let (_dir, out, _) = built(30, "white", &back);
    let Some(words) = word_boxes(&out.join("cover.pdf")) else {
        return;
    };
    assert!(words.len() > 200, "{} words", words.len());
    // Bleed 0.125 in, then the back panel (6 in) with its 0.125 in safe zone; the barcode area
    // (2 x 1.2 in) sits in the safe zone's bottom right corner.
    let right = (0.125 + 6.0 - 0.125) * PT_PER_IN;
    let bottom = (0.125 + 9.0 - 0.125) * PT_PER_IN;
    let (left, top) = (right - 2.0 * PT_PER_IN, bottom - 1.2 * PT_PER_IN);
    for (x0, y0, x1, y1) in words {
        let overlaps = x0 < right && x1 > left && y0 < bottom && y1 > top;
        assert!(
            !overlaps,
            "a word at ({x0}, {y0})–({x1}, {y1}) is in the barcode area"
        );
        assert!(
            y1 <= bottom + 0.5,
            "a word at ({x0}, {y0}) is below the safe zone"
        );
    }
}

#[test]
fn a_back_text_too_long_for_the_cover_is_refused_at_its_key() {
    let back = "Far too much text for one back cover. ".repeat(400);
    let dir = spec_folder(&spec(4, "white", &back));
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "book.toml:13:13: cover.back_text:",
        ))
        .stderr(predicate::str::contains("even at 7 pt"));
    assert!(!dir.path().join("out").exists());
}

/// Issue 11, item 1: an optional front-cover picture (PNG or JPEG), scaled to fit between the
/// title and the author, embedded once in cover.pdf and as a data URL in cover.svg.
#[test]
fn a_front_picture_is_scaled_in_and_embedded() {
    let dir = tempfile::tempdir().unwrap();
    let picture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cover-picture.png");
    std::fs::copy(&picture, dir.path().join("front.png")).unwrap();
    let spec = "title = \"Picture\"\nauthor = \"Me\"\n[page]\nsize = \"kdp-6x9\"\n[cover]\nimage = \"front.png\"\n[[section]]\nsize = 4\ncount = 1\n";
    std::fs::write(dir.path().join("book.toml"), spec).unwrap();
    let out = dir.path().join("out");
    crate::util::cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicates::str::contains("pixels per inch"));
    let svg = std::fs::read_to_string(out.join("cover.svg")).unwrap();
    assert_eq!(
        svg.matches("href=\"data:image/png;base64,iVBORw0KGgo")
            .count(),
        1
    );
    let Ok(listing) = std::process::Command::new("pdfimages")
        .arg("-list")
        .arg(out.join("cover.pdf"))
        .output()
    else {
        crate::util::skip("pdfimages is not installed (apt-get install poppler-utils)");
        return;
    };
    let listing = String::from_utf8_lossy(&listing.stdout);
    assert_eq!(
        listing.lines().filter(|l| l.contains(" image ")).count(),
        1,
        "{listing}"
    );
    assert!(listing.contains("   48    32 "), "{listing}");
    let again = dir.path().join("again");
    crate::util::cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "-q", "--out"])
        .arg(&again)
        .assert()
        .success();
    assert_eq!(
        std::fs::read(out.join("cover.pdf")).unwrap(),
        std::fs::read(again.join("cover.pdf")).unwrap()
    );
}

#[test]
fn a_picture_that_is_not_one_is_refused_at_its_key() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("front.png"), b"not a picture at all").unwrap();
    let spec = "title = \"Picture\"\n[page]\nsize = \"kdp-6x9\"\n[cover]\nimage = \"front.png\"\n[[section]]\nsize = 4\ncount = 1\n";
    std::fs::write(dir.path().join("book.toml"), spec).unwrap();
    crate::util::cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("book.toml:5:9: cover.image:"))
        .stderr(predicates::str::contains("not a PNG or JPEG picture"));
}

/// A 6×9 book of two sections with a cover in `theme` (and `extra` in `[cover]`).
fn themed(theme: &str, extra: &str) -> String {
    format!(
        r##"title = "250 Sudoku for the Road"
subtitle = "Puzzles to take anywhere"
author = "Cover Tester"
seed = 4
layout = "1up"
[page]
size = "kdp-6x9"
[answers]
layout = "4up"
[style]
large_print = true
[cover]
theme = "{theme}"
back_text = "Puzzles for every trip."
{extra}
[[section]]
count = 3
difficulty = "easy"
[[section]]
title = "Jigsaw"
variant = "jigsaw"
count = 2
difficulty = "medium"
"##
    )
}

#[test]
fn every_theme_builds_a_cover_that_says_what_the_book_holds() {
    for theme in ["classic", "mosaic", "bold", "minimal", "plain"] {
        let (_dir, out) = build(&themed(theme, ""), &[]);
        let pdf = out.join("cover.pdf");
        let svg = std::fs::read_to_string(out.join("cover.svg")).unwrap();
        assert!(svg.contains("Puzzles for every trip."), "{theme}");
        let Some((ok, text)) = tool("pdftotext", &[&pdf.display().to_string()], Path::new("-"))
        else {
            return;
        };
        assert!(ok);
        let text = text.to_lowercase();
        assert!(text.contains("5 puzzles"), "{theme}: the count: {text}");
        assert!(text.contains("large print"), "{theme}: {text}");
        assert!(
            text.contains("solutions to every puzzle"),
            "{theme}: {text}"
        );
        assert!(
            text.contains("classic, jigsaw"),
            "{theme}: the variants: {text}"
        );
        assert!(text.contains("try this one"), "{theme}: the sample: {text}");
        if theme != "plain" {
            assert!(text.contains("easy"), "{theme}: the levels: {text}");
        }
        let Some((ok, report)) = tool("qpdf", &["--check"], &pdf) else {
            return;
        };
        assert!(ok, "{theme}: {report}");
    }
}

#[test]
fn an_accent_that_does_not_read_on_the_background_is_refused_at_its_key() {
    refused(
        &themed("classic", "accent = \"#203a60\""),
        "cover.accent: the accent #203a60 on the background #1d3557 has a contrast of 1.1:1, and text needs 4.5:1 (WCAG AA)",
    );
}

#[test]
fn a_background_of_the_spec_alone_never_makes_the_cover_unreadable() {
    for background in ["#f4a261", "#ffffff", "#000000", "#777777", "#1d3557"] {
        let extra = format!("background = \"{background}\"");
        let (_dir, out) = build(&themed("classic", &extra), &[]);
        assert!(out.join("cover.pdf").is_file(), "{background}");
    }
}

#[test]
fn an_unknown_theme_is_refused_with_a_suggestion() {
    refused(
        &themed("mosiac", ""),
        "cover.theme: unknown theme 'mosiac' (did you mean 'mosaic'?)",
    );
}

/// Issue 45, minor: the cover's puzzles (front and back) are made for it, never the book's
/// (the front shows solution digits), the same on every build; the back's "try this one"
/// stands in the room the texts leave, with no tall empty band above it.
#[test]
fn the_cover_draws_puzzles_of_its_own_and_its_back_is_balanced() {
    use sudoku_book::book::cover::cover_puzzles;
    use sudoku_book::book::generate_puzzles;
    let text = themed("classic", "");
    let plan = sudoku_book::spec::parse("book.toml", &text, Path::new(".")).unwrap();
    let puzzles = generate_puzzles(&plan, &|_| {}).unwrap();
    let made = cover_puzzles(&plan, &puzzles);
    let again = cover_puzzles(&plan, &puzzles);
    let ids =
        |p: &[sudoku_book::book::BookPuzzle]| p.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
    assert!(!made.front.is_empty() && made.back.is_some());
    assert_eq!(ids(&made.front), ids(&again.front));
    let book = ids(&puzzles);
    for puzzle in made.front.iter().chain(made.back.as_ref()) {
        assert!(
            !puzzle.id.is_empty() && !book.contains(&puzzle.id),
            "{}",
            puzzle.id
        );
    }
    let dir = spec_folder(&text);
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "-q"])
        .assert()
        .success();
    let svg = std::fs::read_to_string(dir.path().join("out/cover.svg")).unwrap();
    // Each text's (x, y, words).
    let texts: Vec<(f64, f64, String)> = svg
        .split("<text ")
        .skip(1)
        .filter_map(|item| {
            let number = |name: &str| -> Option<f64> {
                item.split(&format!(" {name}=\""))
                    .nth(1)?
                    .split('"')
                    .next()?
                    .parse()
                    .ok()
            };
            let words = item
                .split_once('>')?
                .1
                .split("</text>")
                .next()?
                .trim()
                .to_string();
            Some((number("x")?, number("y")?, words))
        })
        .collect();
    let &(x, caption, _) = texts
        .iter()
        .find(|t| t.2 == "Try this one")
        .expect("the back's caption");
    // The lowest text of the back's column above the caption: the last bullet.
    let last_bullet = texts
        .iter()
        .filter(|t| t.1 < caption && (t.0 - x).abs() < 15.0)
        .map(|t| t.1)
        .fold(0.0, f64::max);
    let height: f64 = svg
        .split("viewBox=\"0 0 ")
        .nth(1)
        .and_then(|v| v.split(['"', ' ']).nth(1))
        .and_then(|h| h.parse().ok())
        .unwrap();
    assert!(
        caption - last_bullet < 0.2 * height,
        "a band of {:.0} mm on a {height:.0} mm cover",
        caption - last_bullet
    );
}
