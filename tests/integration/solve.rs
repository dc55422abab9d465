//! `solve` on one puzzle: every input and output format, every variant, and every error path.

use predicates::prelude::*;

use super::util::{cmd, fixture, stderr_of, stdout_of, variant_fixtures};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn solves_an_inline_puzzle_to_grid_text() {
    cmd()
        .args(["solve", PUZZLE])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("4 1 7 | 3 6 9 | 8 2 5\n"))
        .stdout(predicate::str::contains("------+-------+------"))
        .stderr(predicate::str::contains("unique"));
}

#[test]
fn solves_from_standard_input_as_a_line() {
    cmd()
        .args(["solve", "-", "--output", "line"])
        .write_stdin(format!("{PUZZLE}\n"))
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n"));
}

#[test]
fn cells_output_lists_every_cell() {
    let output = cmd()
        .args(["solve", PUZZLE, "--output", "cells"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = stdout_of(&output);
    assert_eq!(text.lines().count(), 81);
    assert!(text.starts_with("1 1 4\n1 2 1\n"), "{text}");
}

#[test]
fn json_output_carries_status_and_grids() {
    let output = cmd()
        .args(["solve", PUZZLE, "--output", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_str(&stdout_of(&output)).unwrap();
    assert_eq!(value["status"], "unique");
    assert_eq!(value["unique"], true);
    assert_eq!(value["variant"], "classic");
    assert_eq!(value["size"], 9);
    assert_eq!(value["solution"].as_array().unwrap().len(), 81);
    assert_eq!(value["givens"][0], 4);
}

#[test]
fn writes_the_solution_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("solution.txt");
    cmd()
        .args(["solve", PUZZLE, "--output", "line", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stdout("");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        format!("{SOLUTION}\n")
    );
}

#[test]
fn reads_grid_text_and_cell_lists() {
    let dir = tempfile::tempdir().unwrap();
    let grid = dir.path().join("grid.txt");
    let text: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8_lossy(row).replace('.', "0") + "\n")
        .collect();
    std::fs::write(&grid, text).unwrap();
    cmd()
        .args(["solve", "--output", "line"])
        .arg(&grid)
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n"));
    let cells = dir.path().join("cells.txt");
    let list: String = PUZZLE
        .chars()
        .enumerate()
        .filter(|(_, c)| *c != '.')
        .map(|(i, c)| format!("{} {} {c}\n", i / 9 + 1, i % 9 + 1))
        .collect();
    std::fs::write(&cells, list).unwrap();
    cmd()
        .args(["solve", "--output", "line"])
        .arg(&cells)
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n"));
}

#[test]
fn cell_list_reports_bad_lines_and_reads_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let cells = dir.path().join("cells.txt");
    let mut list: String = PUZZLE
        .chars()
        .enumerate()
        .filter(|(_, c)| *c != '.')
        .map(|(i, c)| format!("{} {} {c}\n", i / 9 + 1, i % 9 + 1))
        .collect();
    list.push_str("10 1 4\n1 2 4\n");
    std::fs::write(&cells, list).unwrap();
    let output = cmd()
        .args(["solve", "--output", "line"])
        .arg(&cells)
        .output()
        .unwrap();
    assert!(output.status.success());
    let err = stderr_of(&output);
    assert!(
        err.contains("line 18: row 10 is out of range 1 to 9; line skipped"),
        "{err}"
    );
    assert!(
        err.contains("line 19: r1c2 = 4 conflicts with r1c1 = 4 (row 1); line skipped"),
        "{err}"
    );
    assert_eq!(stdout_of(&output), format!("{SOLUTION}\n"));
}

#[test]
fn every_variant_fixture_solves_to_its_solution() {
    for fixture in variant_fixtures() {
        let dir = tempfile::tempdir().unwrap();
        let mut command = fixture.command(&["solve", "--output", "line"], &dir);
        command
            .assert()
            .success()
            .stdout(format!("{}\n", fixture.solution));
        assert!(fixture.size >= 4);
    }
}

#[test]
fn jigsaw_and_window_example_files() {
    let solution = std::fs::read_to_string(fixture("jigsaw-9x9.solution")).unwrap();
    cmd()
        .args(["solve", "--output", "line", "--regions"])
        .arg(fixture("jigsaw-9x9.regions"))
        .arg(fixture("jigsaw-9x9.puzzle"))
        .assert()
        .success()
        .stdout(solution);
    let solution = std::fs::read_to_string(fixture("window-9x9.solution")).unwrap();
    cmd()
        .args(["solve", "--output", "line", "--variant", "window"])
        .arg(fixture("window-9x9.puzzle"))
        .assert()
        .success()
        .stdout(solution);
}

#[test]
fn window_puzzle_read_as_classic_is_not_unique() {
    cmd()
        .args(["solve"])
        .arg(fixture("window-9x9.puzzle"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not unique"));
}

#[test]
fn sparse_window_9_is_reported_not_unique() {
    // Issue 10: three givens took 100 s.
    let line = "...4......................................6...............................5......";
    cmd()
        .args(["solve", "--variant", "window", line])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not unique"));
}

#[test]
fn empty_window_grids_solve_fast() {
    // Issue 10: an empty 16x16 window grid ran for more than 15 s; 25x25 and diagonal+window
    // hung too.
    for (size, variant) in [
        (16, "window"),
        (16, "diagonal+window"),
        (25, "window"),
        (25, "diagonal+window"),
    ] {
        cmd()
            .args(["solve", "--variant", variant, &".".repeat(size * size)])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("not unique"));
    }
}

#[test]
fn not_unique_shows_one_solution_and_where_another_differs() {
    let puzzle = format!(".{}", &PUZZLE[1..]);
    let output = cmd().args(["solve", &puzzle]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout_of(&output).lines().count(), 11);
    let err = stderr_of(&output);
    assert!(err.contains("not unique"), "{err}");
    assert!(err.contains("another has"), "{err}");
}

#[test]
fn unsolvable_puzzle_exits_one() {
    // Valid givens, but r1c9 can hold nothing: row 1 has 1-8 and column 9 has 9.
    let puzzle = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    cmd()
        .args(["solve", &puzzle])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("no solution"));
}

#[test]
fn malformed_puzzle_names_line_and_column() {
    let mut puzzle = PUZZLE.to_string();
    puzzle.replace_range(6..7, "#");
    cmd()
        .args(["solve", &puzzle])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1, column 7: '#' is not a digit",
        ));
}

#[test]
fn conflicting_givens_name_the_cells_and_house() {
    let puzzle = format!("....7..7.{}", ".".repeat(72));
    cmd()
        .args(["solve", &puzzle])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "r1c5 and r1c8 both hold 7 (row 1)",
        ));
}

#[test]
fn wrong_length_line_in_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("short.txt");
    std::fs::write(&path, &PUZZLE[..80]).unwrap();
    cmd()
        .arg("solve")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("80 cells is not a square grid"));
}

#[test]
fn missing_file_is_an_io_error() {
    cmd()
        .args(["solve", "no/such/puzzle.txt"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("cannot read no/such/puzzle.txt"));
}

#[test]
fn unwritable_output_is_an_io_error() {
    cmd()
        .args(["solve", PUZZLE, "-o", "/no/such/dir/out.txt"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "cannot write /no/such/dir/out.txt",
        ));
}

#[test]
fn bad_options_are_usage_errors() {
    cmd()
        .args(["solve", PUZZLE, "--variant", "kakuro"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown variant 'kakuro'"));
    cmd()
        .args(["solve", "--variant", "window", "--size", "6"])
        .arg(".".repeat(36))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs square boxes"));
    cmd()
        .args(["solve", "--variant", "jigsaw", PUZZLE])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs a region map"));
    cmd()
        .args(["solve", PUZZLE, "--box", "2x4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("do not tile"));
    cmd().args(["solve", "--output", "pdf"]).assert().code(2);
    cmd().args(["frobnicate"]).assert().code(2);
}

#[test]
fn bad_region_maps_are_reported_with_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "AAABBB\nAAABBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFC\n",
            "region 'C' has 7 cells, needs 6",
        ),
        (
            "AAABBB\nAAABBB\nCCCDDD\nCCFDDD\nEEEFFF\nEECFFE\n",
            "region 'C' is not connected",
        ),
        (
            "AAAAAA\nAAAAAA\nAAAAAA\nBBBBBB\nBBBBBB\nBBBBBB\n",
            "needs 6 distinct symbols, found 2",
        ),
    ];
    for (map, message) in cases {
        let path = dir.path().join("regions.txt");
        std::fs::write(&path, map).unwrap();
        cmd()
            .args(["solve", "--regions"])
            .arg(&path)
            .arg(".".repeat(36))
            .assert()
            .code(2)
            .stderr(predicate::str::contains("regions.txt: "))
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn six_by_six_with_explicit_tall_boxes() {
    // With 3x2 boxes the 2x3 fixture is a different puzzle; it must still be read and answered.
    let output = cmd()
        .args([
            "solve",
            "--box",
            "3x2",
            "2...16...4..6.5.......6..16.4...3...",
        ])
        .output()
        .unwrap();
    assert!(matches!(output.status.code(), Some(0) | Some(1)));
}
