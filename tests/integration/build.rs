//! `build`: small books built through the binary and checked with the PDF tools a publisher
//! would use (`qpdf --check`, `pdfinfo`, `pdffonts`, `pdftotext`), the manifest checked against
//! the solver, byte-identical rebuilds, and the error paths (bad spec, impossible request, an
//! output folder that is not a book). The PDF-tool checks skip with a message when a tool is
//! missing; CI installs them.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use predicates::prelude::*;
use serde_json::Value;
use sudoku_book::grid::{BoxShape, Geometry, Grid, RegionMap, Variant};
use sudoku_book::solve::{Solution, Solver};

use crate::util::{cmd, skip};

/// Four variants, three levels, a 6×6 and a jigsaw: small enough for the test profile.
const MIXED: &str = r#"
title = "Test Book"
subtitle = "Four variants"
author = "Tester"
seed = 11
layout = "4up"
contents = true

[answers]
layout = "9up"

[[section]]
title = "Classic"
count = 3
difficulty = "easy"

[[section]]
title = "Medium"
count = 2
difficulty = "medium"

[[section]]
title = "Six by six"
size = 6
count = 1
difficulty = "easy"

[[section]]
variant = "diagonal"
count = 1
difficulty = "easy"

[[section]]
variant = "window"
count = 1
difficulty = "easy"

[[section]]
variant = "jigsaw"
count = 2
difficulty = "easy"
"#;

/// A fresh folder holding `spec` as `book.toml`.
pub(crate) fn spec_folder(spec: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join("book.toml"), spec).expect("write spec");
    dir
}

/// Writes `spec` as `book.toml` in a fresh folder and builds it into `<folder>/out`.
pub(crate) fn build(spec: &str, args: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let dir = spec_folder(spec);
    let out = dir.path().join("out");
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out"])
        .arg(&out)
        .args(args)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("wrote "));
    (dir, out)
}

/// The build of `spec` (written as `book.toml`) is refused with exit 2 and `expected` in the
/// message, writing nothing.
pub(crate) fn refused(spec: &str, expected: &str) {
    let dir = spec_folder(spec);
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(expected));
    assert!(!dir.path().join("out").exists(), "{expected}");
}

pub(crate) fn manifest(out: &Path) -> Value {
    let text = fs::read_to_string(out.join("book.json")).expect("book.json");
    serde_json::from_str(&text).expect("book.json is JSON")
}

/// Runs a PDF tool; `None` (with a message) when it is not installed.
pub(super) fn tool(program: &str, args: &[&str], pdf: &Path) -> Option<(bool, String)> {
    match Process::new(program).args(args).arg(pdf).output() {
        Ok(output) => Some((
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )),
        Err(_) => {
            skip(&format!(
                "{program} checks: {program} is not installed (apt-get install poppler-utils qpdf)"
            ));
            None
        }
    }
}

/// The text of one page (`pdftotext -layout`, written to standard output).
pub(crate) fn page_text(pdf: &Path, page: u64) -> Option<String> {
    let page = page.to_string();
    let pdf = pdf.display().to_string();
    let args = ["-layout", "-f", &page, "-l", &page, &pdf];
    let (_, text) = tool("pdftotext", &args, Path::new("-"))?;
    Some(text)
}

#[test]
fn a_mixed_book_has_every_file_and_a_sound_pdf() {
    let (_dir, out) = build(MIXED, &[]);
    let manifest = manifest(&out);
    let pages = manifest["pages"].as_u64().unwrap();
    assert_eq!(pages % 2, 0, "page count must be even");
    assert_eq!(manifest["puzzles"].as_array().unwrap().len(), 10);
    let svgs = fs::read_dir(out.join("pages")).unwrap().count() as u64;
    assert_eq!(svgs, pages);
    assert!(out.join(format!("pages/page-{pages:03}.svg")).is_file());
    let pdf = out.join("book.pdf");
    let Some((ok, _)) = tool("qpdf", &["--check"], &pdf) else {
        return;
    };
    assert!(ok, "qpdf --check failed");
    let (_, info) = tool("pdfinfo", &[], &pdf).unwrap();
    assert!(
        info.contains(&format!("Pages:           {pages}\n")),
        "{info}"
    );
    assert!(
        info.contains("Page size:       612 x 792 pts (letter)"),
        "{info}"
    );
    assert!(
        !info.contains("PDF/X"),
        "the book must not claim to be PDF/X:\n{info}"
    );
    let (_, fonts) = tool("pdffonts", &[], &pdf).unwrap();
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{fonts}");
    for row in rows {
        let columns: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(
            &columns[columns.len() - 5..columns.len() - 2],
            ["yes", "no", "yes"],
            "{row}"
        );
    }
    // The faces by their PostScript names (embedded whole, so no subset tag), and no date:
    // the spec names none, and the clock is never read.
    let names: Vec<&str> = fonts
        .lines()
        .skip(2)
        .filter_map(|row| row.split_whitespace().next())
        .collect();
    assert_eq!(names, ["NotoSans-Regular", "NotoSans-Bold"], "{fonts}");
    assert!(
        !info.contains("1970") && !info.contains("CreationDate"),
        "{info}"
    );
}

#[test]
fn the_pdfs_are_dated_by_the_spec_or_source_date_epoch_never_the_clock() {
    let spec = "title = \"Dated\"\nseed = 5\n[copyright]\nyear = 2027\n[cover]\ntheme = \"plain\"\n\
                [[section]]\ncount = 1\ndifficulty = \"easy\"\n";
    let dir = spec_folder(spec);
    let run = |out: &str, epoch: Option<&str>| {
        let mut command = cmd();
        command
            .current_dir(dir.path())
            .args(["build", "book.toml", "--out", out, "-q"]);
        if let Some(epoch) = epoch {
            command.env("SOURCE_DATE_EPOCH", epoch);
        }
        command.output().unwrap()
    };
    assert!(run("year", None).status.success());
    assert!(run("epoch", Some("1798848000")).status.success());
    let refused = run("bad", Some("yesterday"));
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("SOURCE_DATE_EPOCH: 'yesterday' is not a time"),
        "{refused:?}"
    );
    // The copyright year gives 1 January; SOURCE_DATE_EPOCH (2 January) comes first.
    let dates = [
        ("year", "Fri Jan  1 00:00:00 2027 UTC"),
        ("epoch", "Sat Jan  2 00:00:00 2027 UTC"),
    ];
    for (out, expected) in dates {
        for file in ["book.pdf", "cover.pdf"] {
            let Some((_, info)) = tool("pdfinfo", &[], &dir.path().join(out).join(file)) else {
                return;
            };
            assert!(
                info.contains(&format!("CreationDate:    {expected}")),
                "{out}/{file}: {info}"
            );
            assert!(
                info.contains(&format!("ModDate:         {expected}")),
                "{out}/{file}: {info}"
            );
        }
    }
}

#[test]
fn every_puzzle_is_on_its_page_and_in_the_key() {
    let (_dir, out) = build(MIXED, &[]);
    let manifest = manifest(&out);
    let pdf = out.join("book.pdf");
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let id = puzzle["id"].as_u64().unwrap();
        let page = puzzle["page"].as_u64().unwrap();
        let answer_page = puzzle["answer_page"].as_u64().unwrap();
        let Some(text) = page_text(&pdf, page) else {
            return;
        };
        assert!(
            text.contains(&format!("#{id} ")),
            "#{id} not on page {page}:\n{text}"
        );
        let key = page_text(&pdf, answer_page).unwrap();
        assert!(
            key.contains(&format!("#{id} ")),
            "#{id} not in the key on {answer_page}"
        );
        assert!(
            key.contains(&format!("page {page}")),
            "key lacks 'page {page}'"
        );
        let footer = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap();
        assert_eq!(
            footer.trim(),
            page.to_string(),
            "page number of page {page}"
        );
    }
    // Front matter as books have it (issue 45, item 8): title, contents, then How to play, which
    // the contents lists with the sections and the solutions.
    let contents = page_text(&pdf, 2).unwrap();
    assert!(
        contents.contains("Contents") && contents.contains("Solutions"),
        "{contents}"
    );
    assert!(contents.contains("How to play"), "{contents}");
    let instructions = page_text(&pdf, 3).unwrap();
    assert!(instructions.contains("How to play") && instructions.contains("Jigsaw"));
    let title = page_text(&pdf, 1).unwrap();
    assert!(
        title.contains("Test Book") && title.contains("10 puzzles"),
        "{title}"
    );
}

/// The geometry a manifest entry describes.
fn geometry(puzzle: &Value) -> Geometry {
    let size = puzzle["size"].as_u64().unwrap() as usize;
    let variant: Variant = puzzle["variant"].as_str().unwrap().parse().unwrap();
    let box_shape = puzzle["box"].as_array().map(|b| BoxShape {
        rows: b[0].as_u64().unwrap() as usize,
        cols: b[1].as_u64().unwrap() as usize,
    });
    let regions = puzzle["regions"].as_array().map(|ids| {
        let ids: Vec<usize> = ids.iter().map(|v| v.as_u64().unwrap() as usize).collect();
        RegionMap::from_ids(size, &ids).unwrap()
    });
    Geometry::new(size, variant, box_shape, regions).unwrap()
}

fn cells(value: &Value) -> Vec<u8> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u8)
        .collect()
}

#[test]
fn manifest_puzzles_have_one_solution_equal_to_their_answer() {
    let (_dir, out) = build(MIXED, &[]);
    let manifest = manifest(&out);
    let mut levels = Vec::new();
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let geo = geometry(puzzle);
        let givens = Grid::new(geo.size(), cells(&puzzle["givens"]));
        let solution = cells(&puzzle["solution"]);
        match Solver::new(&geo).solve(&givens) {
            Solution::Unique(found) => assert_eq!(found.cells(), &solution[..]),
            other => panic!("puzzle {} is not unique: {other:?}", puzzle["id"]),
        }
        levels.push(puzzle["level"].as_str().unwrap().to_string());
    }
    assert_eq!(
        levels,
        [
            "easy", "easy", "easy", "medium", "medium", "easy", "easy", "easy", "easy", "easy"
        ]
    );
    let sections = manifest["sections"].as_array().unwrap();
    assert_eq!(sections.len(), 6);
    assert_eq!(
        (sections[1]["first"].as_u64(), sections[1]["last"].as_u64()),
        (Some(4), Some(5))
    );
}

#[test]
fn rebuilding_gives_identical_bytes_whatever_the_thread_count() {
    let (_a, one) = build(MIXED, &["--jobs", "1"]);
    let (_b, two) = build(MIXED, &["--jobs", "2"]);
    let mut names = vec!["book.pdf".to_string(), "book.json".to_string()];
    for entry in fs::read_dir(one.join("pages")).unwrap() {
        names.push(format!(
            "pages/{}",
            entry.unwrap().file_name().to_string_lossy()
        ));
    }
    for name in names {
        let left = fs::read(one.join(&name)).unwrap();
        let right = fs::read(two.join(&name)).unwrap();
        assert!(
            left == right,
            "{name} differs between --jobs 1 and --jobs 2"
        );
    }
}

/// Over two batches of pages (32 a batch): the next batch is drawn while the last is written,
/// and every file, `book.html` included, must still come out the same on any thread count.
#[test]
fn a_book_of_many_batches_is_the_same_on_one_thread_and_two() {
    let spec = "title = \"Batches\"\nseed = 4\nlayout = \"1up\"\n[answers]\nlayout = \"1up\"\n\
                [[section]]\ntitle = \"Small\"\nsize = 4\ncount = 40\ndifficulty = \"easy\"\n\
                [[section]]\ntitle = \"Jigsaw\"\nvariant = \"jigsaw\"\nsize = 6\ncount = 10\n\
                difficulty = \"easy\"\n";
    let (_a, one) = build(spec, &["--jobs", "1"]);
    let (_b, two) = build(spec, &["--jobs", "2"]);
    let pages = fs::read_dir(one.join("pages")).unwrap().count();
    assert!(pages > 3 * 32, "{pages} pages: too few batches");
    let mut names: Vec<String> = ["book.pdf", "book.json", "book.html"]
        .map(String::from)
        .to_vec();
    for entry in fs::read_dir(one.join("pages")).unwrap() {
        let name = entry.unwrap().file_name();
        names.push(format!("pages/{}", name.to_string_lossy()));
    }
    for name in names {
        let (left, right) = (fs::read(one.join(&name)), fs::read(two.join(&name)));
        assert!(
            left.unwrap() == right.unwrap(),
            "{name} differs between --jobs 1 and 2"
        );
    }
}

#[test]
fn bleed_enlarges_the_sheet_and_sets_the_trim_box() {
    let spec = "title = \"Bleed\"\nlayout = \"1up\"\n[page]\nsize = \"kdp-6x9\"\nbleed = true\n[answers]\nlayout = \"4up\"\n[[section]]\ncount = 1\ndifficulty = \"easy\"\n";
    let (_dir, out) = build(spec, &[]);
    let pdf = out.join("book.pdf");
    let Some((_, boxes)) = tool("pdfinfo", &["-box", "-f", "1", "-l", "2"], &pdf) else {
        return;
    };
    // 6.125 x 9.25 in sheet; 6 x 9 in trim, inset on the outer edge only (right on page 2).
    assert!(boxes.contains("Page    1 size:  441 x 666 pts"), "{boxes}");
    assert!(
        boxes.contains("Page    1 TrimBox:       0.00     9.00   432.00   657.00"),
        "{boxes}"
    );
    assert!(
        boxes.contains("Page    2 TrimBox:       9.00     9.00   441.00   657.00"),
        "{boxes}"
    );
}

#[test]
fn the_default_spec_builds() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    cmd()
        .current_dir(root)
        .args(["build", "--quiet", "--out"])
        .arg(dir.path().join("book"))
        .assert()
        .success()
        .stdout("");
    let manifest = manifest(&dir.path().join("book"));
    assert_eq!(manifest["title"], "Sudoku for Every Day");
    assert_eq!(manifest["puzzles"].as_array().unwrap().len(), 32);
}

#[test]
fn a_bad_spec_is_one_located_message() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("book.toml");
    fs::write(
        &spec,
        "title = \"x\"\nlayuot = \"4up\"\n[[section]]\ncount = 1\n",
    )
    .unwrap();
    cmd()
        .arg("build")
        .arg(&spec)
        .arg("--out")
        .arg(dir.path().join("out"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(":2:1"))
        .stderr(predicate::str::contains("did you mean `layout`?"));
    fs::write(
        &spec,
        "title = \"x\"\n[[section]]\nvariant = \"window\"\nsize = 6\ncount = 1\n",
    )
    .unwrap();
    cmd()
        .arg("build")
        .arg(&spec)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("section[1].size"));
    cmd()
        .args(["build", "no-such-spec.toml"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("cannot read the spec"));
    assert!(!dir.path().join("out").exists());
}

#[test]
fn a_failed_build_keeps_the_previous_book() {
    let small = "title = \"T\"\nseed = 3\n[[section]]\nsize = 4\ncount = 2\n";
    let (dir, out) = build(small, &[]);
    let before = fs::read(out.join("book.json")).unwrap();
    let impossible = "title = \"T\"\n[[section]]\nsize = 4\ncount = 1\ndifficulty = \"extreme\"\n";
    fs::write(dir.path().join("book.toml"), impossible).unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "section 1 (\"Classic 4×4 — extreme\"), puzzle 1",
        ));
    assert_eq!(fs::read(out.join("book.json")).unwrap(), before);
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "temporary folders left behind: {names:?}");
}

#[test]
fn a_diabolical_section_on_a_shape_that_cannot_prove_it_points_at_its_difficulty() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "title = \"T\"\n[[section]]\nsize = 16\ncount = 1\ndifficulty = \"diabolical\"\n";
    fs::write(dir.path().join("book.toml"), spec).unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "book.toml:5:14: section[1].difficulty: diabolical puzzles (score 9.0 and up)",
        ));
}

#[test]
fn a_givens_target_a_section_cannot_reach_is_noted() {
    let spec = "title = \"T\"\nseed = 5\n[[section]]\ntitle = \"Sparse\"\ncount = 2\ngivens = 17\n";
    let dir = spec_folder(spec);
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "-q"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "note: section 1 (\"Sparse\"): 2 of 2 puzzles kept more than 17 givens",
        ));
}

#[test]
fn a_folder_that_is_not_a_book_is_never_overwritten() {
    let dir = spec_folder("title = \"T\"\n[[section]]\nsize = 4\ncount = 1\n");
    fs::write(dir.path().join("notes.txt"), "precious").unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a book folder"));
    assert_eq!(
        fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
        "precious"
    );
}

#[test]
fn a_font_file_beside_the_spec_is_used_and_a_bad_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/NotoSans-Bold.ttf");
    fs::copy(&bundled, dir.path().join("mine.ttf")).unwrap();
    let spec = "title = \"Fonts\"\nfont = \"mine.ttf\"\n[[section]]\nsize = 4\ncount = 1\n";
    fs::write(dir.path().join("book.toml"), spec).unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "-q"])
        .assert()
        .success();
    let svg = fs::read_to_string(dir.path().join("out/pages/page-003.svg")).unwrap();
    assert!(svg.contains("font-family=\"Noto Sans, "), "{svg}");
    fs::write(dir.path().join("mine.ttf"), "not a font").unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "-q"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "font mine.ttf: not a TrueType or OpenType font",
        ));
}

#[test]
fn a_diabolical_section_can_start_from_a_file_of_hard_puzzles() {
    let spec = "title = \"T\"\nseed = 2\n[[section]]\ncount = 2\ndifficulty = \"diabolical\"\nfrom = \"hard.txt\"\n";
    let dir = spec_folder(spec);
    fs::copy(
        super::util::fixture("diabolical-starts.txt"),
        dir.path().join("hard.txt"),
    )
    .unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "-q"])
        .assert()
        .success();
    let manifest: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join("out/book.json")).unwrap()).unwrap();
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 2);
    for puzzle in puzzles {
        assert_eq!(puzzle["level"], "diabolical", "{puzzle}");
    }
    fs::write(dir.path().join("hard.txt"), ".".repeat(81)).unwrap();
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "book.toml:6:8: section[1].from: hard.txt: line 1: the puzzle has more than one solution",
        ));
}

#[test]
fn a_short_kdp_book_says_what_pads_it_and_why_its_spine_is_blank() {
    let spec = "title = \"Short\"\nseed = 5\n[page]\nsize = \"kdp-6x9\"\n[cover]\ntheme = \"plain\"\n\
                [[section]]\ncount = 6\ndifficulty = \"easy\"\n";
    let dir = spec_folder(spec);
    let built = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out"])
        .output()
        .unwrap();
    assert!(built.status.success());
    let (stdout, stderr) = (
        String::from_utf8_lossy(&built.stdout),
        String::from_utf8_lossy(&built.stderr),
    );
    assert!(
        stdout.contains("book.json, book.html, cover.pdf"),
        "{stdout}"
    );
    // 14 Notes pages, which about 12 more puzzles (a page each, answers six a page) would fill.
    assert!(
        stderr.contains(
            "note: the book is shorter than KDP's 24 pages, so 14 ruled Notes pages fill it; about 12 more puzzles in the last section"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("note: the spine is left blank: KDP prints spine text only on books of 79 pages or more, and this one has 24"),
        "{stderr}"
    );
    let quiet = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "out", "--quiet"])
        .output()
        .unwrap();
    assert!(quiet.status.success());
    assert!(
        quiet.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&quiet.stdout)
    );
}

#[test]
fn quiet_keeps_the_library_summary_to_itself() {
    let dir = spec_folder(
        "title = \"Drawn\"\nseed = 5\n[library]\npath = \"lib.db\"\n[[section]]\ncount = 4\ndifficulty = \"easy\"\n",
    );
    cmd()
        .current_dir(dir.path())
        .args([
            "library",
            "fill",
            "--db",
            "lib.db",
            "--difficulty",
            "easy",
            "--count",
            "4",
            "--seed",
            "1",
        ])
        .assert()
        .success();
    let loud = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "loud"])
        .output()
        .unwrap();
    assert!(loud.status.success());
    assert!(String::from_utf8_lossy(&loud.stdout).contains(": 4 puzzles drawn, 0 made and added"));
    let quiet = cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--out", "quiet", "--quiet"])
        .output()
        .unwrap();
    assert!(
        quiet.status.success(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
    assert!(
        quiet.stdout.is_empty() && quiet.stderr.is_empty(),
        "{quiet:?}"
    );
}
