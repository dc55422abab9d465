//! Samurai, Twodoku and Butterfly through the command line: generated lines and grid text read
//! back (shape recognised from its `#` positions, or named), cell names in frame coordinates
//! for `hint` and `check`, batches, and the error paths (a digit where there is no cell, wrong
//! lengths, a shape combined with another variant, a symmetry the shape does not have).

use predicates::prelude::*;

use crate::util::{cmd, stderr_of, stdout_of};

/// One generated puzzle line of a shape.
fn generated_line(variant: &str, seed: &str) -> String {
    let output = cmd()
        .args(["generate", "--variant", variant, "--seed", seed])
        .args(["--difficulty", "medium"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    stdout_of(&output).trim().to_string()
}

/// The unique solution of a puzzle, as a line.
fn solved(args: &[&str]) -> String {
    let output = cmd().arg("solve").args(args).output().unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    stdout_of(&output).trim().to_string()
}

#[test]
fn a_samurai_line_is_recognised_by_its_empty_positions() {
    let line = generated_line("samurai", "3");
    assert_eq!(line.chars().count(), 441);
    assert_eq!(line.matches('#').count(), 441 - 369);
    let solution = solved(&[&line, "--output", "line"]);
    assert_eq!(solution.chars().count(), 441);
    assert!(!solution.contains('.'));
    // The givens are kept, and the empty positions stay where they were.
    for (given, solved) in line.chars().zip(solution.chars()) {
        match given {
            '.' => assert!(solved.is_ascii_digit()),
            other => assert_eq!(other, solved),
        }
    }
    // The cells alone (no #) are the same puzzle once the shape is named.
    let cells: String = line.chars().filter(|&c| c != '#').collect();
    assert_eq!(
        solved(&[&cells, "--variant", "samurai", "--output", "line"]),
        solution
    );
}

#[test]
fn grid_text_of_a_samurai_reads_back_with_blanks_or_hashes() {
    let line = generated_line("samurai", "4");
    let grid = solved(&[&line, "--output", "grid"]);
    assert_eq!(grid.lines().filter(|l| !l.trim().is_empty()).count(), 21);
    let dir = tempfile::tempdir().unwrap();
    let with_blanks = dir.path().join("blanks.txt");
    std::fs::write(&with_blanks, &grid).unwrap();
    let again = solved(&[
        with_blanks.to_str().unwrap(),
        "--variant",
        "samurai",
        "--output",
        "line",
    ]);
    assert_eq!(again, solved(&[&line, "--output", "line"]));
    let hashed: String = line
        .as_bytes()
        .chunks(21)
        .map(|row| String::from_utf8_lossy(row).to_string() + "\n")
        .collect();
    let with_hashes = dir.path().join("hashes.txt");
    std::fs::write(&with_hashes, hashed).unwrap();
    assert_eq!(
        solved(&[with_hashes.to_str().unwrap(), "--output", "line"]),
        again
    );
}

#[test]
fn twodoku_and_butterfly_solve_rate_and_list_cells_in_the_frame() {
    let twodoku = generated_line("twodoku", "5");
    assert_eq!(twodoku.chars().count(), 225);
    assert_eq!(solved(&[&twodoku]).lines().count(), 15 + 4);
    // A Butterfly fills its frame: its line says what it is.
    let butterfly = generated_line("butterfly", "5");
    assert!(butterfly.starts_with("butterfly:"), "{butterfly}");
    assert_eq!(butterfly.chars().count(), "butterfly:".len() + 144);
    let cells = solved(&[&butterfly, "--variant", "butterfly", "--output", "cells"]);
    assert_eq!(cells.lines().count(), 144);
    assert!(cells.lines().any(|l| l.starts_with("12 12 ")), "{cells}");
    cmd()
        .args(["rate", &twodoku])
        .assert()
        .success()
        .stdout(predicate::str::contains("level medium"));
    // Without its tag, read as a 12x12 classic, a butterfly's digits break its boxes: it is
    // not one. With it, it is read as what it is.
    let untagged = butterfly.trim_start_matches("butterfly:");
    cmd()
        .args(["solve", untagged])
        .assert()
        .code(predicate::ne(0));
    cmd().args(["solve", &butterfly]).assert().success();
}

#[test]
fn hint_and_check_name_cells_in_frame_coordinates() {
    let line = generated_line("samurai", "6");
    let solution = solved(&[&line, "--output", "line"]);
    // r1c13 is the first cell of the top-right grid: the 13th frame position.
    let empty = line.chars().nth(12).unwrap() == '.';
    let expected = format!("r1c13 = {}\n", solution.chars().nth(12).unwrap());
    let hint = cmd()
        .args(["hint", &line, "--cell", "r1c13"])
        .output()
        .unwrap();
    if empty {
        assert_eq!(stdout_of(&hint), expected);
    } else {
        assert!(stderr_of(&hint).contains("r1c13 is a given"));
    }
    cmd()
        .args(["hint", &line, "--cell", "r1c10"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("there is no cell at 'r1c10'"));
    cmd()
        .args(["hint", &line, "--cell", "r22c1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("outside the 21x21 grid"));
    // A wrong digit in the centre grid is named where it is in the frame.
    let mut wrong: Vec<char> = solution.chars().collect();
    let centre = 10 * 21 + 10;
    wrong[centre] = if wrong[centre] == '1' { '2' } else { '1' };
    let wrong: String = wrong.into_iter().collect();
    let output = cmd().args(["check", &line, &wrong]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let report = stdout_of(&output) + &stderr_of(&output);
    assert!(report.contains("r11c11"), "{report}");
    assert!(report.contains("of the centre grid"), "{report}");
}

#[test]
fn batches_of_multi_grid_lines_are_solved_in_order() {
    let lines: Vec<String> = ["1", "2", "3"]
        .iter()
        .map(|seed| generated_line("samurai", seed))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("samurai.txt");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let output = cmd()
        .args(["solve", "--batch", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let solved_lines: Vec<String> = stdout_of(&output).lines().map(String::from).collect();
    assert_eq!(solved_lines.len(), 3);
    for (puzzle, solution) in lines.iter().zip(&solved_lines) {
        assert_eq!(solution, &solved(&[puzzle, "--output", "line"]));
    }
}

#[test]
fn misplaced_digits_wrong_lengths_and_impossible_requests_are_refused() {
    let line = generated_line("samurai", "7");
    let mut in_hole: Vec<char> = line.chars().collect();
    in_hole[9] = '5';
    let in_hole: String = in_hole.into_iter().collect();
    cmd()
        .args(["solve", &in_hole, "--variant", "samurai"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1, column 10: '5' is where a samurai has no cell (write # there)",
        ));
    cmd()
        .args(["solve", &line[..300], "--variant", "samurai"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a samurai needs 441"));
    cmd()
        .args(["generate", "--variant", "samurai+diagonal"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("combine with no other variant"));
    cmd()
        .args(["generate", "--variant", "samurai", "--size", "6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("made of 9x9 grids"));
    cmd()
        .args(["generate", "--variant", "twodoku", "--symmetry", "rotate90"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "twodoku does not have rotate90 symmetry",
        ));
    cmd()
        .args(["generate", "--variant", "samurai", "--givens", "369"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a samurai has 369 cells"));
}

#[test]
fn a_multi_grid_takes_no_region_map_no_cages_and_no_other_box() {
    let classic =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let regions =
        "111222333111222333111222333444555666444555666444555666777888999777888999777888999";
    for command in ["solve", "rate", "hint"] {
        let mut args = vec![command, "--variant", "samurai"];
        let line = format!("{classic}|{regions}");
        args.push(&line);
        if command == "hint" {
            args.extend(["--cell", "r1c1"]);
        }
        let output = cmd().args(&args).output().unwrap();
        // `rate` reports a bad line in its place on standard output; the others on stderr.
        let said = stdout_of(&output) + &stderr_of(&output);
        assert_eq!(output.status.code(), Some(2), "{command}: {said}");
        assert!(
            said.contains("a samurai line has no region map or cages"),
            "{command}: {said}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let cages = dir.path().join("rows.cages");
    let rows: String = (1..=9)
        .map(|r| {
            let cells: Vec<String> = (1..=9).map(|c| format!("r{r}c{c}")).collect();
            format!("45 = {}\n", cells.join(" "))
        })
        .collect();
    std::fs::write(&cages, rows).unwrap();
    let line = generated_line("samurai", "8");
    cmd()
        .args(["solve", &line, "--variant", "samurai", "--cages"])
        .arg(&cages)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("combine with no other variant"));
    cmd()
        .args(["solve", &line, "--variant", "samurai", "--box", "1x9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("combine with no other variant"));
}

#[test]
fn solved_grid_text_and_json_carry_the_frame() {
    let line = generated_line("twodoku", "9");
    let grid = solved(&[&line, "--output", "grid"]);
    // The grid as printed (blanks where there is no cell) is read back with no --variant.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("twodoku.txt");
    std::fs::write(&path, &grid).unwrap();
    assert_eq!(
        solved(&[path.to_str().unwrap(), "--output", "line"]),
        solved(&[&line, "--output", "line"])
    );
    let json: serde_json::Value =
        serde_json::from_str(&solved(&[&line, "--output", "json"])).unwrap();
    assert_eq!(json["frame"], serde_json::json!([15, 15]));
    assert_eq!(json["positions"].as_array().unwrap().len(), 153);
    assert_eq!(json["positions"][9], 15, "r2c1 is the 10th cell");
    // A batch with --size 9 still reads a line that shows its # positions as a multi-grid.
    let file = dir.path().join("lines.txt");
    std::fs::write(&file, format!("{line}\n")).unwrap();
    let output = cmd()
        .args(["solve", "--batch", "--size", "9", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
}

#[test]
fn a_bad_digit_in_a_samurai_is_named_without_a_wrong_size() {
    let line = generated_line("samurai", "5");
    let at = line.find('.').expect("an empty cell");
    let mut bad = line.clone();
    bad.replace_range(at..at + 1, "X");
    let output = cmd().args(["solve", &bad]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let text = stderr_of(&output);
    assert!(
        text.contains(&format!(
            "column {}: 'X' is not a digit of this puzzle (digits 1 to 9)",
            at + 1
        )),
        "{text}"
    );
    assert!(!text.contains("9x9"), "{text}");
}
