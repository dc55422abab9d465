//! `check PUZZLE SOLUTION`: correct, incomplete, or wrong with every conflict and changed given.

use predicates::prelude::*;

use super::util::cmd;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn correct_solution() {
    cmd()
        .args(["check", PUZZLE, SOLUTION])
        .assert()
        .success()
        .stdout("correct\n");
}

#[test]
fn incomplete_solution_counts_empty_cells() {
    let partial = format!("..{}", &SOLUTION[2..]);
    cmd()
        .args(["check", PUZZLE, &partial])
        .assert()
        .code(1)
        .stdout("incomplete: 2 empty cells\n");
}

#[test]
fn wrong_solution_lists_conflicts_and_changed_givens() {
    // Swap the first two digits: r1c1 (a given 4) becomes 1, and columns 1 and 2 break.
    let mut wrong: Vec<char> = SOLUTION.chars().collect();
    wrong.swap(0, 1);
    let wrong: String = wrong.into_iter().collect();
    let output = cmd().args(["check", PUZZLE, &wrong]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("wrong:\n"), "{text}");
    assert!(
        text.contains("r1c1 and r9c1 both hold 1 (column 1)"),
        "{text}"
    );
    assert!(
        text.contains("r1c2 and r6c2 both hold 4 (column 2)"),
        "{text}"
    );
    assert!(
        text.contains("r1c1 is given as 4 but the answer has 1"),
        "{text}"
    );
}

#[test]
fn solution_from_a_file_in_grid_text() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("answer.txt");
    let grid: String = SOLUTION
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect();
    std::fs::write(&path, grid).unwrap();
    cmd()
        .args(["check", PUZZLE])
        .arg(&path)
        .assert()
        .success()
        .stdout("correct\n");
}

#[test]
fn malformed_solution_is_an_input_error() {
    cmd()
        .args(["check", PUZZLE, &SOLUTION[..80]])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("80 cells"));
}
