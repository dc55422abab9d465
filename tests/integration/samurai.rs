//! Samurai, Twodoku and Butterfly books through the binary: a sound PDF (`qpdf --check`, page
//! count, fonts embedded), `book.json` with each multi-grid's frame and cell positions, answer
//! keys two a page, one puzzle a page on every trim, and the refusal of a layout whose digits
//! would print too small.

use std::path::Path;

use predicates::prelude::*;
use serde_json::Value;

use crate::build::{build, manifest, spec_folder, tool};
use crate::util::{cmd, stderr_of, stdout_of};

/// One section of each multi-grid shape and a classic one, on letter pages, layouts left to
/// their defaults.
const MULTI: &str = r#"
title = "Samurai Test"
seed = 4
[[section]]
variant = "samurai"
count = 2
difficulty = "easy"
[[section]]
variant = "twodoku"
count = 1
difficulty = "easy"
[[section]]
variant = "butterfly"
count = 1
difficulty = "easy"
[[section]]
count = 1
difficulty = "easy"
"#;

/// The frame side of a variant, or `None` for a grid that fills its square.
fn frame_side(variant: &str) -> Option<u64> {
    match variant {
        "samurai" => Some(21),
        "twodoku" => Some(15),
        "butterfly" => Some(12),
        _ => None,
    }
}

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// The frame and positions of a multi-grid record (absent from other records), its givens
/// inside its solution.
fn check_record(puzzle: &Value) {
    let variant = puzzle["variant"].as_str().unwrap();
    let givens = numbers(&puzzle["givens"]);
    let solution = numbers(&puzzle["solution"]);
    assert_eq!(givens.len(), solution.len(), "{variant}");
    for (given, value) in givens.iter().zip(&solution) {
        assert!(
            *given == 0 || given == value,
            "{variant}: a given not in the solution"
        );
    }
    let Some(side) = frame_side(variant) else {
        assert!(puzzle.get("frame").is_none() && puzzle.get("positions").is_none());
        return;
    };
    assert_eq!(numbers(&puzzle["frame"]), [side, side], "{variant}");
    let positions = numbers(&puzzle["positions"]);
    assert_eq!(
        positions.len(),
        solution.len(),
        "{variant}: one position per cell"
    );
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "frame order");
    assert!(positions.iter().all(|&p| p < side * side));
}

#[test]
fn a_samurai_twodoku_butterfly_book_has_a_sound_pdf_and_frames_in_book_json() {
    let (_dir, out) = build(MULTI, &[]);
    let manifest = manifest(&out);
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 5);
    puzzles.iter().for_each(check_record);
    let pages: Vec<u64> = puzzles
        .iter()
        .map(|p| p["page"].as_u64().unwrap())
        .collect();
    assert_eq!(
        pages[..4],
        [pages[0], pages[0] + 1, pages[0] + 2, pages[0] + 3],
        "one a page"
    );
    let keys: Vec<u64> = puzzles[..4]
        .iter()
        .map(|p| p["answer_page"].as_u64().unwrap())
        .collect();
    assert_eq!(
        keys,
        [keys[0], keys[0], keys[0] + 1, keys[0] + 1],
        "two keys a page"
    );
    check_pdf(&out.join("book.pdf"), manifest["pages"].as_u64().unwrap());
}

/// `qpdf --check` passes, the page count is the manifest's, and both fonts are embedded.
fn check_pdf(pdf: &Path, pages: u64) {
    let Some((ok, _)) = tool("qpdf", &["--check"], pdf) else {
        return;
    };
    assert!(ok, "qpdf --check failed");
    let (_, info) = tool("pdfinfo", &[], pdf).unwrap();
    assert!(
        info.contains(&format!("Pages:           {pages}\n")),
        "{info}"
    );
    let (_, fonts) = tool("pdffonts", &[], pdf).unwrap();
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!rows.is_empty(), "{fonts}");
    for row in rows {
        let columns: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(columns[columns.len() - 5], "yes", "not embedded: {row}");
    }
}

/// The spec of one Samurai section on a trim, with the given book-level lines.
fn samurai_on(size: &str, extra: &str) -> String {
    format!(
        "title = \"x\"\n{extra}[page]\nsize = \"{size}\"\n[[section]]\nvariant = \"samurai\"\ncount = 1\n"
    )
}

fn plan(text: &str) -> Result<sudoku_book::spec::BookPlan, String> {
    let mut plan =
        sudoku_book::spec::parse("book.toml", text, Path::new(".")).map_err(|e| e.to_string())?;
    sudoku_book::layout::settle_layouts(&mut plan);
    sudoku_book::layout::check_plan(&plan).map_err(|e| e.to_string())?;
    Ok(plan)
}

#[test]
fn a_samurai_fits_one_a_page_on_every_trim_and_its_keys_two_a_page_where_they_can() {
    for size in ["letter", "a4", "kdp-8.5x11", "kdp-6x9"] {
        let chosen = plan(&samurai_on(size, "layout = \"1up\"\n")).unwrap();
        let defaults = plan(&samurai_on(size, "")).unwrap();
        let section = &defaults.sections[0];
        assert_eq!(section.layout.slots(), 1, "{size}");
        let keys = section.answers_layout.unwrap().slots();
        let two = plan(&samurai_on(size, "[answers]\nlayout = \"2up\"\n"));
        if size == "kdp-6x9" {
            // 7 pt digits need 4.0 mm cells; two keys on a 6x9 page leave 3.8 mm.
            assert_eq!(keys, 1, "{size}");
            let message = two.unwrap_err();
            assert!(
                message.contains("answers.layout: a samurai (21x21 frame) does not fit"),
                "{message}"
            );
        } else {
            assert_eq!(keys, 2, "{size}");
            two.unwrap();
        }
        assert_eq!(chosen.sections[0].layout.slots(), 1);
    }
}

#[test]
fn a_samurai_four_a_page_on_6x9_is_refused_with_its_reason() {
    let dir = spec_folder(&samurai_on("kdp-6x9", "layout = \"4up\"\n"));
    let output = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr_of(&output));
    let message = stderr_of(&output);
    assert!(
        message.contains("book.toml:2:10: layout: a samurai (21x21 frame) does not fit a slot of this layout (4 per page)"),
        "{message}"
    );
    assert!(message.contains("9 pt digits need"), "{message}");
    assert!(!dir.path().join("output").exists(), "nothing is written");
}

#[test]
fn generate_json_carries_the_frame_of_a_multi_grid_only() {
    let json = |variant: &str| -> Value {
        let output = cmd()
            .args([
                "generate",
                "--variant",
                variant,
                "--seed",
                "3",
                "--output",
                "json",
            ])
            .assert()
            .success()
            .stdout(predicate::str::contains("\"houses\""))
            .get_output()
            .clone();
        serde_json::from_str(stdout_of(&output).trim()).unwrap()
    };
    for variant in ["butterfly", "twodoku", "classic"] {
        check_record(&json(variant));
    }
}
