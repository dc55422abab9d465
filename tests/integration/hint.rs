//! `hint PUZZLE --cell r5c5`: one cell's value, or a clear refusal.

use predicates::prelude::*;

use super::util::cmd;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn reveals_cells() {
    cmd()
        .args(["hint", PUZZLE, "--cell", "r1c2", "--cell", "R9C9"])
        .assert()
        .success()
        .stdout("r1c2 = 1\nr9c9 = 3\n");
}

#[test]
fn refuses_a_given() {
    cmd()
        .args(["hint", PUZZLE, "--cell", "r1c1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("r1c1 is a given (4)"));
}

#[test]
fn refuses_a_cell_outside_the_grid() {
    cmd()
        .args(["hint", PUZZLE, "--cell", "r10c1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("outside the 9x9 grid"));
    cmd()
        .args(["hint", PUZZLE, "--cell", "middle"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a cell"));
}

#[test]
fn refuses_a_puzzle_that_is_not_unique() {
    let puzzle = format!(".{}", &PUZZLE[1..]);
    cmd()
        .args(["hint", &puzzle, "--cell", "r2c1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not unique"));
}

#[test]
fn refuses_an_unsolvable_puzzle() {
    let puzzle = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    cmd()
        .args(["hint", &puzzle, "--cell", "r2c1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution"));
}

#[test]
fn needs_a_cell() {
    cmd().args(["hint", PUZZLE]).assert().code(2);
}
