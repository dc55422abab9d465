//! The playable edition through the binary: `build` writes `book.html` (listed in the manifest,
//! every puzzle with the manifest's givens and solution, under 1 MB for 100 puzzles, about that
//! for 100 Samurai), `play` writes a one-puzzle page (given or generated, the same bytes for the
//! same seed; a multi-grid with its frame) and refuses what it must (a file it did not write,
//! a puzzle without exactly one solution). Then the page's own JavaScript tests
//! (`node --test web/test/`) and the real-browser tests (`node --test tests/browser/`, headless
//! Chromium), which skip with a message when Node, Chromium or the browser test packages are
//! missing (`.ci/run` installs them).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use predicates::prelude::*;
use serde_json::Value;

use crate::build::{build, manifest};
use crate::util::{cmd, skip, stderr_of, stdout_of};

const BOOK: &str = r#"title = "Play Test"
seed = 11
layout = "4up"
[[section]]
title = "Classic"
size = 9
count = 2
difficulty = "easy"
[[section]]
title = "Jigsaw"
variant = "jigsaw"
size = 6
count = 1
difficulty = "easy"
"#;

/// The JSON data of a page.
fn page_data(html: &str) -> Value {
    let open = r#"<script type="application/json" id="data">"#;
    let start = html.find(open).expect("data script") + open.len();
    let end = start + html[start..].find("</script>").expect("end of data");
    serde_json::from_str(&html[start..end]).expect("page data is JSON")
}

#[test]
fn build_writes_the_playable_edition_with_every_puzzle() {
    let (_dir, out) = build(BOOK, &[]);
    let manifest = manifest(&out);
    let files: Vec<&str> = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert!(files.contains(&"book.html"), "{files:?}");
    let html = fs::read_to_string(out.join("book.html")).unwrap();
    assert!(html.contains(r#"<meta name="generator" content="sudoku-book">"#));
    let data = page_data(&html);
    assert_eq!(data["seed"], 11);
    let puzzles = data["puzzles"].as_array().unwrap();
    let listed = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), listed.len());
    for (shown, entry) in puzzles.iter().zip(listed) {
        assert_eq!(shown["id"], entry["id"]);
        assert_eq!(shown["givens"].as_str().unwrap(), symbols(&entry["givens"]));
        assert_eq!(
            shown["solution"].as_str().unwrap(),
            symbols(&entry["solution"])
        );
        assert_eq!(shown["level"], entry["level"]);
    }
    assert_eq!(puzzles[2]["section"], "Jigsaw");
    let jigsaw = &data["shapes"][puzzles[2]["shape"].as_u64().unwrap() as usize];
    assert_eq!(jigsaw["variant"], "jigsaw");
    assert_eq!(jigsaw["houses"].as_array().unwrap().len(), 18);
    // The engine reads a puzzle from its givens and its shape's rules: the jigsaw's region map.
    let rules = jigsaw["rules"].as_str().unwrap();
    let cells = jigsaw["size"].as_u64().unwrap().pow(2) as usize;
    assert!(
        rules.starts_with('|') && rules.len() == cells + 1,
        "{rules}"
    );
    assert!(html.contains(r#"<script type="application/octet-stream" id="engine">"#));
}

/// The manifest's values as the page's symbols.
fn symbols(cells: &Value) -> String {
    cells
        .as_array()
        .unwrap()
        .iter()
        .map(|v| match v.as_u64().unwrap() {
            0 => '.',
            d @ 1..=9 => char::from(b'0' + d as u8),
            d => char::from(b'A' + d as u8 - 10),
        })
        .collect()
}

#[test]
fn a_hundred_puzzle_book_page_stays_under_one_megabyte() {
    let spec = r#"title = "Hundred"
seed = 5
layout = "6up"
[answers]
include = false
[[section]]
size = 9
count = 60
difficulty = "easy"
[[section]]
size = 9
count = 40
difficulty = "medium"
"#;
    let (_dir, out) = build(spec, &[]);
    let size = fs::metadata(out.join("book.html")).unwrap().len();
    assert!(size < 1_000_000, "book.html is {size} bytes");
    assert_eq!(
        page_data(&fs::read_to_string(out.join("book.html")).unwrap())["puzzles"]
            .as_array()
            .unwrap()
            .len(),
        100
    );
}

#[test]
fn a_hundred_samurai_book_page_stays_near_one_megabyte() {
    let spec = r#"title = "Hundred samurai"
seed = 5
layout = "1up"
[answers]
include = false
[[section]]
variant = "samurai"
count = 100
difficulty = "easy"
"#;
    let (_dir, out) = build(spec, &[]);
    let html = fs::read_to_string(out.join("book.html")).unwrap();
    // 369 cells and a ~270-step solving path each: about 10 kB a puzzle.
    assert!(html.len() < 1_200_000, "book.html is {} bytes", html.len());
    let data = page_data(&html);
    assert_eq!(data["puzzles"].as_array().unwrap().len(), 100);
    let shapes = data["shapes"].as_array().unwrap();
    assert_eq!(shapes.len(), 1, "the puzzles share one shape");
    assert_eq!(shapes[0]["frame"], serde_json::json!([21, 21]));
    assert_eq!(shapes[0]["at"].as_array().unwrap().len(), 369);
}

#[test]
fn play_writes_a_multi_grid_page_with_its_frame() {
    for (variant, side, cells) in [
        ("samurai", 21, 369),
        ("twodoku", 15, 153),
        ("butterfly", 12, 144),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let page = dir.path().join("p.html");
        let output = cmd()
            .args([
                "play",
                "--variant",
                variant,
                "--seed",
                "3",
                "--difficulty",
                "easy",
                "-o",
            ])
            .arg(&page)
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", stderr_of(&output));
        let html = fs::read_to_string(&page).unwrap();
        assert!(html.contains(&format!("<title>Sudoku: {variant}, easy</title>")));
        let data = page_data(&html);
        let shape = &data["shapes"][0];
        assert_eq!(shape["frame"], serde_json::json!([side, side]));
        let at = shape["at"].as_array().unwrap();
        assert_eq!(at.len(), cells);
        assert!(
            at.windows(2).all(|w| w[0].as_u64() < w[1].as_u64()),
            "frame order"
        );
        assert_eq!(data["puzzles"][0]["givens"].as_str().unwrap().len(), cells);
    }
}

#[test]
fn play_writes_a_generated_puzzle_and_prints_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str| {
        cmd()
            .current_dir(dir.path())
            .args(["play", "--variant", "window", "--difficulty", "easy"])
            .args(["--seed", "4", "-o", name])
            .output()
            .unwrap()
    };
    let first = run("a.html");
    assert!(first.status.success(), "{}", stderr_of(&first));
    let path = PathBuf::from(stdout_of(&first).trim());
    assert!(path.is_absolute() && path.ends_with("a.html"), "{path:?}");
    assert!(stderr_of(&first).contains("--seed 4"));
    let html = fs::read_to_string(&path).unwrap();
    let data = page_data(&html);
    assert_eq!(data["puzzles"][0]["level"], "easy");
    assert_eq!(data["shapes"][0]["variant"], "window");
    assert!(run("b.html").status.success());
    assert_eq!(html, fs::read_to_string(dir.path().join("b.html")).unwrap());
    // Its own page is replaced without a word.
    assert!(run("a.html").status.success());
}

#[test]
fn play_takes_a_given_puzzle_with_its_own_solution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.html");
    cmd()
        .arg("play")
        .arg("--regions")
        .arg(crate::util::fixture("jigsaw-9x9.regions"))
        .arg(crate::util::fixture("jigsaw-9x9.puzzle"))
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    let data = page_data(&fs::read_to_string(&out).unwrap());
    assert_eq!(data["shapes"][0]["variant"], "jigsaw");
    let expected: String = fs::read_to_string(crate::util::fixture("jigsaw-9x9.solution"))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(data["puzzles"][0]["solution"].as_str().unwrap(), expected);
    let givens = data["puzzles"][0]["givens"].as_str().unwrap();
    let solution = data["puzzles"][0]["solution"].as_str().unwrap();
    assert_eq!(givens.len(), 81);
    for (g, s) in givens.chars().zip(solution.chars()) {
        assert!(g == '.' || g == s, "a given differs from the solution");
        assert_ne!(s, '.');
    }
}

#[test]
fn play_refuses_to_overwrite_a_file_it_did_not_write() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("notes.html");
    fs::write(&mine, "<html>my notes</html>").unwrap();
    cmd()
        .args(["play", "--seed", "1", "-o"])
        .arg(&mine)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a page sudoku-book wrote"));
    assert_eq!(fs::read_to_string(&mine).unwrap(), "<html>my notes</html>");
    cmd()
        .args(["play", "--seed", "1", "-o"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a plain file"));
}

#[test]
fn play_refuses_a_puzzle_without_exactly_one_solution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.html");
    let empty = ".".repeat(81);
    cmd()
        .args(["play", &empty, "-o"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not unique"));
    let clash = format!("11{}", ".".repeat(79));
    cmd()
        .args(["play", &clash, "-o"])
        .arg(&out)
        .assert()
        .code(2);
    cmd()
        .args(["play", &empty, "--difficulty", "easy"])
        .assert()
        .code(2);
    cmd()
        .args(["play", "--difficulty", "impossible"])
        .assert()
        .code(2);
    assert!(!out.exists(), "nothing is written for a refused puzzle");
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Node's version, or `None` (with a message) when it is missing.
fn node() -> Option<()> {
    match Process::new("node").arg("--version").output() {
        Ok(output) if output.status.success() => Some(()),
        _ => {
            skip("the page's JavaScript tests: node is not installed");
            None
        }
    }
}

/// Runs `node --test` on a folder and fails with its report when a test fails.
fn node_test(folder: &str, envs: &[(&str, &std::ffi::OsStr)]) {
    let output = Process::new("node")
        .args(["--test", "--test-reporter=spec", folder])
        .current_dir(repo())
        .envs(envs.iter().copied())
        .output()
        .expect("run node");
    let report = format!("{}{}", stdout_of(&output), stderr_of(&output));
    assert!(
        output.status.success(),
        "node --test {folder} failed:\n{report}"
    );
    eprintln!("{report}");
}

#[test]
fn the_page_javascript_passes_its_unit_tests() {
    if node().is_none() {
        return;
    }
    node_test("web/test/", &[]);
}

#[test]
fn the_page_works_in_headless_chromium() {
    if node().is_none() {
        return;
    }
    let chromium = std::env::var_os("CHROMIUM").unwrap_or_else(|| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return skip("the browser tests: Chromium is not installed (apt-get install chromium)");
    }
    if !repo()
        .join("tests/browser/node_modules/playwright-core")
        .is_dir()
    {
        return skip("the browser tests: run `npm ci --prefix tests/browser` first");
    }
    let binary = std::ffi::OsStr::new(env!("CARGO_BIN_EXE_sudoku-book"));
    node_test(
        "tests/browser/",
        &[("SUDOKU_BOOK_BIN", binary), ("CHROMIUM", &chromium)],
    );
}
