//! Issue 20's regression tests of the small gaps, each named after the one it closes: cover
//! inputs refused at once with the real limits, every value a message repeats escaped and cut,
//! colours and ISBNs checked strictly, messages that name the key that caused them, and a book
//! without answers that is told so.

use std::fs;
use std::path::Path;
use std::time::Duration;

use predicates::prelude::*;

use crate::util::{cmd, stderr_of};

/// A spec (written as `book.toml` in a fresh folder, with `files` beside it) that the build
/// refuses with `code` and a message containing `expected`, writing nothing.
fn refused_with(spec: &str, files: &[(&str, &[u8])], code: i32, expected: &str) {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        fs::write(dir.path().join(name), bytes).unwrap();
    }
    fs::write(dir.path().join("book.toml"), spec).unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out"])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(code)
        .stderr(predicate::str::contains(expected));
    assert!(!dir.path().join("out").exists(), "{expected}");
}

const SECTION: &str = "[[section]]\nsize = 4\ncount = 1\n";

#[test]
fn cover_a_ten_megabyte_back_text_is_refused_without_measuring_it() {
    let spec = format!(
        "title = \"T\"\n[cover]\nback_text = \"\"\"{}\"\"\"\n{SECTION}",
        "word ".repeat(2_000_000)
    );
    refused_with(&spec, &[], 2, "book.toml:3:13: cover.back_text: 'word word");
}

/// The bytes of a PNG that holds only its header: enough for the size check, which must refuse
/// it before any decoding.
fn png_header(width: u32, height: u32, colour: u8) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend(width.to_be_bytes());
    bytes.extend(height.to_be_bytes());
    bytes.extend([8, colour, 0, 0, 0]);
    bytes.extend([0, 0, 0, 0]);
    bytes
}

#[test]
fn cover_a_picture_past_the_decoders_limit_is_refused_with_its_decoded_size() {
    let spec = format!("title = \"T\"\n[cover]\nimage = \"big.png\"\n{SECTION}");
    let colour = png_header(13_450, 13_450, 2);
    refused_with(
        &spec,
        &[("big.png", &colour)],
        2,
        "13450 x 13450 pixels at 3 bytes a pixel take 518 MiB decoded, more than the 512 MiB",
    );
    let transparent = png_header(11_600, 11_600, 6);
    refused_with(
        &spec,
        &[("big.png", &transparent)],
        2,
        "(about 11585 x 11585 pixels of this kind)",
    );
}

#[test]
fn escaping_control_characters_of_option_values_never_reach_the_terminal() {
    let evil = "\u{1b}[31mX";
    for (option, value) in [
        ("--symmetry", evil.to_string()),
        ("--difficulty", evil.to_string()),
        ("--score", evil.to_string()),
        ("--require", evil.to_string()),
    ] {
        let output = cmd().args(["generate", option, &value]).output().unwrap();
        let stderr = stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{option}: {stderr}");
        assert!(!stderr.contains('\u{1b}'), "{option}: {stderr:?}");
        assert!(stderr.contains("\\u{1b}[31mX"), "{option}: {stderr:?}");
    }
    let output = cmd()
        .args(["solve", "--logic", "--level", evil, "1234341221434321"])
        .output()
        .unwrap();
    assert!(!stderr_of(&output).contains('\u{1b}'));
    let output = cmd().args(["build", evil]).output().unwrap();
    assert!(!stderr_of(&output).contains('\u{1b}'));
}

#[test]
fn escaping_a_hundred_kilobyte_value_gives_a_short_message() {
    let long = "x".repeat(100_000);
    let output = cmd()
        .args(["generate", "--require", &long])
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr.len() < 2_000, "{} bytes", stderr.len());
    assert!(stderr.contains("'xxxxxxxxxx"), "{stderr}");
    let spec = format!("title = \"T\"\n[cover]\npaper = \"{long}\"\n{SECTION}");
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("book.toml"), spec).unwrap();
    let output = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--check"])
        .output()
        .unwrap();
    assert!(stderr_of(&output).len() < 1_000);
}

#[test]
fn strict_values_a_colour_with_signs_and_an_ean_that_is_no_isbn_are_refused() {
    refused_with(
        &format!("title = \"T\"\n[cover]\nbackground = \"#+1+2+3\"\n{SECTION}"),
        &[],
        2,
        "cover.background: '#+1+2+3' is not a colour",
    );
    // A valid EAN-13 check digit, but not a book number.
    refused_with(
        &format!("title = \"T\"\n[copyright]\nisbn = \"4006381333931\"\n{SECTION}"),
        &[],
        2,
        "copyright.isbn: '4006381333931' is not an ISBN: an ISBN-13 starts with 978 or 979",
    );
}

#[test]
fn messages_a_page_too_narrow_names_the_key_that_made_it() {
    refused_with(
        &format!("title = \"T\"\n[page]\nwidth = 1\nheight = 200\n{SECTION}"),
        &[],
        2,
        "book.toml:3:9: page.width: margins of 12.7 mm",
    );
    refused_with(
        &format!("title = \"T\"\n[page]\nwidth = 100\nheight = 200\ngutter = \"60mm\"\n{SECTION}"),
        &[],
        2,
        "book.toml:5:10: page.gutter:",
    );
}

#[test]
fn messages_a_wide_gutter_is_blamed_for_a_default_layout_that_does_not_fit() {
    refused_with(
        "title = \"T\"\n[page]\ngutter = \"150mm\"\n[[section]]\nsize = 9\ncount = 1\n",
        &[],
        2,
        "book.toml:3:10: page.gutter: a gutter of 150.0 mm leaves too little room",
    );
}

#[test]
fn messages_values_of_the_wrong_kind_name_their_key() {
    refused_with(
        &format!("title = \"T\"\n[page]\ngutter = true\n{SECTION}"),
        &[],
        2,
        "book.toml:3:10: page.gutter: expected a length",
    );
    refused_with(
        "title = \"T\"\n[[section]]\nsize = 4\ncount = -1\n",
        &[],
        2,
        "book.toml:4:9: section[1].count: expected a whole number of 0 or more, found -1",
    );
    let huge = "9".repeat(300);
    let dir = tempfile::tempdir().unwrap();
    let spec = format!("title = \"T\"\n[[section]]\nsize = 4\ncount = \"{huge}\"\n");
    fs::write(dir.path().join("book.toml"), spec).unwrap();
    let output = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml"])
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert!(stderr.contains("section[1].count"), "{stderr}");
    assert!(!stderr.contains(&huge), "{stderr}");
}

/// Runs `solve` on an empty 9×9 killer grid with these cages; its standard error.
fn killer_with_cages(dir: &Path, cages: &str) -> String {
    let path = dir.join("k.cages");
    fs::write(&path, cages).unwrap();
    let output = cmd()
        .args(["solve", "--variant", "killer", "--size", "9", "--cages"])
        .arg(&path)
        .arg(".".repeat(81))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    stderr_of(&output)
}

#[test]
fn messages_cage_errors_are_whole_and_count_right() {
    let dir = tempfile::tempdir().unwrap();
    let repeated = format!("10 = {}\n", vec!["r1c1"; 200_000].join(" "));
    let stderr = killer_with_cages(dir.path(), &repeated);
    assert!(
        stderr.contains("cage 1: r1c1 is listed more than once"),
        "{stderr}"
    );
    let stderr = killer_with_cages(dir.path(), "10 r1c1 r1c2\n");
    assert!(stderr.contains("the cage map: 1 line, but"), "{stderr}");
    let stderr = killer_with_cages(dir.path(), "10 = r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 zz99\n");
    assert!(
        stderr.contains("'zz99' is not a cell: write it as r5c5 (row 5, column 5)"),
        "{stderr}"
    );
    let stderr = killer_with_cages(dir.path(), "50 = r1c1\n");
    assert!(
        stderr.contains("cage 1 (1 cell) cannot add up to 50"),
        "{stderr}"
    );
}

#[test]
fn messages_a_font_that_is_no_file_and_a_missing_font() {
    refused_with(
        &format!("title = \"T\"\nfont = \"/dev/zero\"\n{SECTION}"),
        &[],
        2,
        "font: /dev/zero is a device, FIFO or other special file, not a font file",
    );
    // A missing font is a file that cannot be read, as a missing region map or picture is.
    refused_with(
        &format!("title = \"T\"\nfont = \"missing.ttf\"\n{SECTION}"),
        &[],
        3,
        "font: cannot read the font file",
    );
}

#[test]
fn messages_solve_on_a_file_of_puzzle_lines_suggests_batch() {
    let dir = tempfile::tempdir().unwrap();
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let path = dir.path().join("forty.txt");
    fs::write(&path, format!("{line}\n").repeat(40)).unwrap();
    cmd()
        .arg("solve")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it looks like 40 puzzle lines of 81 cells: `solve --batch FILE`",
        ));
}

#[test]
fn messages_rate_says_why_logic_did_not_finish() {
    cmd()
        .args(["rate", &".".repeat(81)])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "level diabolical (not solved by logic: it has more than one solution)",
        ));
    cmd()
        .args(["rate", "--json", &".".repeat(81)])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "\"unsolved\":\"it has more than one solution\"",
        ));
}

#[test]
fn answers_after_a_section_in_a_book_without_answers_is_refused() {
    refused_with(
        "title = \"T\"\n[answers]\ninclude = false\n[[section]]\nsize = 4\ncount = 1\nanswers = \"after-section\"\n",
        &[],
        2,
        "book.toml:7:11: section[1].answers: the book has no answers",
    );
    refused_with(
        "title = \"T\"\n[answers]\ninclude = false\n[[section]]\nsize = 4\ncount = 1\nanswers_layout = \"4up\"\n",
        &[],
        2,
        "section[1].answers_layout: the book has no answers",
    );
}

#[test]
fn progress_a_long_build_off_a_terminal_says_it_is_alive() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "title = \"T\"\nlayout = \"1up\"\n[answers]\nlayout = \"1up\"\n[[section]]\nvariant = \"window\"\nsize = 25\ncount = 1\n";
    fs::write(dir.path().join("book.toml"), spec).unwrap();
    // Lines every second instead of every ten (a test hook), over a build of seconds.
    let output = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "--jobs", "1"])
        .env("SUDOKU_BOOK_PROGRESS_EVERY", "1")
        .timeout(Duration::from_secs(600))
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("sudoku-book: 0 of 1 puzzles made, 1 s so far"),
        "no progress line: {stderr}"
    );
    let quiet = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "--quiet"])
        .env("SUDOKU_BOOK_PROGRESS_EVERY", "1")
        .output()
        .unwrap();
    assert!(quiet.status.success());
    assert!(!stderr_of(&quiet).contains("puzzles made"));
}
