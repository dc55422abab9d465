//! Killer puzzles through the binary: generated puzzles (no givens, cages covering the grid,
//! exactly one solution, the same for the same seed), their line and JSON forms read back by
//! `solve --batch` and `solve --cages`, `check` naming a cage's wrong sum, a book with a killer
//! section (cages drawn dashed with their sums, cages and houses in `book.json`), and the error
//! paths (bad cages, a killer without cages, too large).

use std::fs;

use predicates::prelude::*;
use serde_json::Value;

use crate::build::{build, manifest};
use crate::util::{cmd, stdout_of};

/// `generate --variant killer` output as JSON records.
fn generated(args: &[&str]) -> Vec<Value> {
    let output = cmd()
        .args(["generate", "--variant", "killer", "--output", "json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout_of(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// Checks a record's cages against its solution: every cell once, distinct digits, right sums.
fn check_cages(record: &Value) {
    let n = record["size"].as_u64().unwrap() as usize;
    let solution = numbers(&record["solution"]);
    let mut covered = vec![0; n * n];
    for cage in record["cages"].as_array().expect("cages") {
        let cells = numbers(&cage["cells"]);
        let digits: Vec<u64> = cells.iter().map(|&c| solution[c as usize]).collect();
        let mut distinct = digits.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), digits.len(), "a digit twice in {cells:?}");
        assert_eq!(digits.iter().sum::<u64>(), cage["sum"].as_u64().unwrap());
        for c in cells {
            covered[c as usize] += 1;
        }
    }
    assert!(covered.iter().all(|&k| k == 1), "every cell in one cage");
}

#[test]
fn generated_killers_have_cages_no_givens_and_one_solution() {
    let records = generated(&["--count", "3", "--seed", "5"]);
    assert_eq!(records.len(), 3);
    for record in &records {
        assert_eq!(record["variant"], "killer");
        assert!(numbers(&record["givens"]).iter().all(|&v| v == 0));
        check_cages(record);
        assert_eq!(record["houses"].as_array().unwrap().len(), 27);
    }
    assert_eq!(records, generated(&["--count", "3", "--seed", "5"]));
    assert_ne!(records[0]["cages"], records[1]["cages"]);
    // Givens only when asked: then exactly that many, from the solution.
    for record in generated(&["--count", "2", "--seed", "5", "--givens", "5"]) {
        let givens = numbers(&record["givens"]);
        let solution = numbers(&record["solution"]);
        assert_eq!(givens.iter().filter(|&&v| v != 0).count(), 5);
        assert!(givens.iter().zip(&solution).all(|(g, s)| *g == 0 || g == s));
        check_cages(&record);
    }
}

#[test]
fn killer_lines_are_read_back_by_the_batch_solver() {
    let output = cmd()
        .args([
            "generate",
            "--variant",
            "killer",
            "--count",
            "2",
            "--seed",
            "9",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let lines = stdout_of(&output);
    assert!(
        lines.lines().all(|l| l.contains('|') && l.contains('=')),
        "{lines}"
    );
    let solved = cmd()
        .args(["solve", "--batch", "-"])
        .write_stdin(lines.clone())
        .output()
        .unwrap();
    assert!(
        solved.status.success(),
        "{}",
        String::from_utf8_lossy(&solved.stderr)
    );
    let records = generated(&["--count", "2", "--seed", "9"]);
    for (line, record) in stdout_of(&solved).lines().zip(&records) {
        let solution: String = numbers(&record["solution"])
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(line, solution);
    }
}

#[test]
fn a_generated_line_is_one_puzzle_for_every_command() {
    for variant in ["killer", "jigsaw", "killer+jigsaw"] {
        let output = cmd()
            .args(["generate", "--variant", variant, "--seed", "8"])
            .output()
            .unwrap();
        let line = stdout_of(&output).trim().to_string();
        let solved = cmd()
            .args(["solve", &line, "--output", "line"])
            .output()
            .unwrap();
        assert!(
            solved.status.success(),
            "{variant}: {}",
            String::from_utf8_lossy(&solved.stderr)
        );
        let solution = stdout_of(&solved).trim().to_string();
        cmd()
            .args(["check", &line, &solution])
            .assert()
            .success()
            .stdout("correct\n");
        let open = line.find('.').expect("an empty cell");
        let cell = format!("r{}c{}", open / 9 + 1, open % 9 + 1);
        cmd()
            .args(["hint", &line, "--cell", &cell])
            .assert()
            .success()
            .stdout(format!("{cell} = {}\n", &solution[open..open + 1]));
    }
    cmd()
        .args([
            "solve",
            &format!("{}|3=r1c1+r1c2|5=r1c3+r1c4", ".".repeat(81)),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("too many '|' fields"));
}

#[test]
fn solve_and_check_take_a_cages_file() {
    let record = &generated(&["--seed", "3"])[0];
    let dir = tempfile::tempdir().unwrap();
    let cages: String = record["cages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cage| {
            let cells: Vec<String> = numbers(&cage["cells"])
                .iter()
                .map(|&c| format!("r{}c{}", c / 9 + 1, c % 9 + 1))
                .collect();
            format!("{} = {}\n", cage["sum"], cells.join(" "))
        })
        .collect();
    let file = dir.path().join("k.cages");
    fs::write(&file, cages).unwrap();
    let empty = ".".repeat(81);
    let output = cmd()
        .args(["solve", &empty, "--output", "line", "--cages"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success());
    let solution: String = numbers(&record["solution"])
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert_eq!(stdout_of(&output).trim(), solution);
    cmd()
        .args(["check", &empty, &solution, "--cages"])
        .arg(&file)
        .assert()
        .success()
        .stdout("correct\n");
    // Swapping two digits of one row keeps rows and columns honest only by luck; a cage breaks.
    let mut wrong: Vec<char> = solution.chars().collect();
    wrong.swap(0, 1);
    let wrong: String = wrong.into_iter().collect();
    cmd()
        .args(["check", &empty, &wrong, "--cages"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("wrong:"));
}

#[test]
fn bad_cages_and_killers_without_cages_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.cages");
    fs::write(&file, "3 = r1c1 r1c2\n4 = r1c2 r1c3\n").unwrap();
    let empty = ".".repeat(81);
    cmd()
        .args(["solve", &empty, "--cages"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("r1c2 is in two cages (1 and 2)"));
    cmd()
        .args(["solve", &empty, "--variant", "killer"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs its cages"));
    cmd()
        .args(["generate", "--variant", "killer", "--size", "25"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("killer puzzles go up to 9x9"));
}

#[test]
fn a_killer_book_draws_dashed_cages_with_sums() {
    let spec = r#"title = "Killer Test"
seed = 4
layout = "2up"
[[section]]
title = "Killer"
variant = "killer"
size = 9
count = 2
"#;
    let (_dir, out) = build(spec, &[]);
    let manifest = manifest(&out);
    for record in manifest["puzzles"].as_array().unwrap() {
        check_cages(record);
    }
    let page = manifest["puzzles"][0]["page"].as_u64().unwrap();
    let svg = fs::read_to_string(out.join(format!("pages/page-{page:03}.svg"))).unwrap();
    assert!(svg.contains("stroke-dasharray"), "cages are dashed");
    let first = &manifest["puzzles"][0]["cages"][0];
    let compact: String = svg.split_whitespace().collect();
    assert!(
        compact.contains(&format!(">{}</text>", first["sum"])),
        "sums are printed"
    );
    let html = fs::read_to_string(out.join("book.html")).unwrap();
    assert!(
        html.contains("\"cages\":["),
        "the playable edition has the cages"
    );
}

/// Issue 21, item 2: a killer book has a page of cage combinations after its instructions (for
/// cages of two to four cells, every sum with its sets of digits), unless `combinations = false`;
/// other books have none.
#[test]
fn a_killer_book_has_a_cage_combination_table() {
    let killer = "title = \"K\"\nseed = 2\nlayout = \"1up\"\n[[section]]\nvariant = \"killer\"\nsize = 6\ncount = 1\ndifficulty = \"easy\"\n";
    let (_dir, out) = crate::build::build(killer, &[]);
    let text: String = (1..=4)
        .map(|p| std::fs::read_to_string(out.join(format!("pages/page-{p:03}.svg"))).unwrap())
        .collect();
    assert!(text.contains("Cage combinations"), "{text}");
    assert!(text.contains("Cages of 2 cells") && text.contains("Cages of 4 cells"));
    // A 6×6: two cells make 3 (12) to 11 (56); four cells make 10 (1234) to 18 (3456).
    assert!(
        text.contains("3: 12\n") && text.contains("11: 56\n"),
        "{text}"
    );
    assert!(text.contains("18: 3456\n") && !text.contains("{total}"));
    assert!(
        text.contains("21 minus"),
        "the note on larger cages: {text}"
    );
    let off = killer.replace("layout = \"1up\"", "layout = \"1up\"\ncombinations = false");
    let (_dir, out) = crate::build::build(&off, &[]);
    let page = std::fs::read_to_string(out.join("pages/page-003.svg")).unwrap();
    assert!(!page.contains("Cage combinations"));
    let classic = "title = \"C\"\nseed = 2\n[[section]]\ncount = 1\n";
    let (_dir, out) = crate::build::build(classic, &[]);
    let all: String = (1..=4)
        .map(|p| {
            std::fs::read_to_string(out.join(format!("pages/page-{p:03}.svg"))).unwrap_or_default()
        })
        .collect();
    assert!(!all.contains("Cage combinations"));
}
