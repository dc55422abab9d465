//! Print rules through the binary (issue 11): KDP's preflight (short books padded with Notes
//! pages to 24, the gutter picked from the page count, `build --check`, books KDP would refuse)
//! and characters the font lacks.

use std::fs;

use predicates::prelude::*;

use crate::util::cmd;

fn spec(dir: &tempfile::TempDir, text: &str) -> std::path::PathBuf {
    let path = dir.path().join("book.toml");
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_short_kdp_book_is_padded_with_notes_pages() {
    let dir = tempfile::tempdir().unwrap();
    let path = spec(
        &dir,
        "title = \"K\"\n[page]\nsize = \"kdp-6x9\"\n[[section]]\nsize = 4\ncount = 4\n",
    );
    let out = dir.path().join("out");
    cmd()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("on 24 pages"))
        .stdout(predicate::str::contains(
            "pass  page count 24 to 828: 24 pages (",
        ));
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("book.json")).unwrap()).unwrap();
    assert_eq!(manifest["pages"], 24);
    let last = fs::read_to_string(out.join("pages/page-024.svg")).unwrap();
    assert!(
        last.lines().any(|l| l.trim() == "Notes"),
        "the last page is a Notes page"
    );
}

#[test]
fn check_prints_the_preflight_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let text = "title = \"K\"\nlayout = \"1up\"\n[page]\nsize = \"kdp-6x9\"\n[answers]\nlayout = \"4up\"\n[[section]]\nsize = 4\ncount = 200\n";
    let path = spec(&dir, text);
    cmd()
        .current_dir(dir.path())
        .arg("build")
        .arg(&path)
        .arg("--check")
        .assert()
        .success()
        .stdout(predicate::str::contains("KDP preflight:"))
        .stdout(predicate::str::contains(
            "pass  gutter at least 0.5 in for 2",
        ))
        .stdout(predicate::str::contains("(auto)"));
    assert!(!dir.path().join("output").exists());
}

#[test]
fn a_kdp_book_over_828_pages_is_refused_and_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let text = "title = \"K\"\nlayout = \"1up\"\n[page]\nsize = \"kdp-6x9\"\n[answers]\nlayout = \"4up\"\n[[section]]\nsize = 4\ncount = 900\n";
    let path = spec(&dir, text);
    let out = dir.path().join("out");
    cmd()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("breaks KDP's print rules"))
        .stderr(predicate::str::contains("page count 24 to 828"));
    assert!(!out.exists());
    cmd()
        .arg("build")
        .arg(&path)
        .arg("--check")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FAIL  page count 24 to 828"));
}

/// Issue 11, item 4: characters the font lacks were dropped silently from the PDF.
#[test]
fn characters_the_font_lacks_are_refused_at_their_key() {
    let cases = [
        (
            "title = \"Sudoku Łódź\"\n[[section]]\nsize = 4\ncount = 1\n",
            "book.toml:1:9: title: 'Ł' (U+0141) is not in the font Noto Sans",
        ),
        (
            "title = \"S\"\nsubtitle = \"数独\"\n[[section]]\nsize = 4\ncount = 1\n",
            "book.toml:2:12: subtitle: '数' (U+6570)",
        ),
        (
            "title = \"S\"\n[[section]]\ntitle = \"Stars ★\"\nsize = 4\ncount = 1\n",
            "book.toml:3:9: section[1].title: '★' (U+2605)",
        ),
        (
            "title = \"S\"\n[cover]\nback_text = \"Five stars ★\"\n[[section]]\nsize = 4\ncount = 1\n",
            "book.toml:3:13: cover.back_text: '★' (U+2605)",
        ),
    ];
    for (text, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        let path = spec(&dir, text);
        let out = dir.path().join("out");
        cmd()
            .current_dir(dir.path())
            .arg("build")
            .arg("book.toml")
            .arg("--out")
            .arg(&out)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(expected));
        assert!(!out.exists(), "{path:?}");
    }
}

#[test]
fn a_fixed_gutter_too_narrow_for_the_page_count_fails_the_preflight() {
    let dir = tempfile::tempdir().unwrap();
    let text = "title = \"K\"\nlayout = \"1up\"\n[page]\nsize = \"kdp-6x9\"\ngutter = \"0.375in\"\n[answers]\nlayout = \"4up\"\n[[section]]\nsize = 4\ncount = 200\n";
    let path = spec(&dir, text);
    let out = dir.path().join("out");
    cmd()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("gutter at least 0.5 in for 2"));
    assert!(!out.exists());
    cmd()
        .arg("build")
        .arg(&path)
        .arg("--check")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FAIL  gutter at least 0.5 in"))
        .stdout(predicate::str::contains("0.375 in"));
}
