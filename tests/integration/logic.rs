//! `solve --logic`: human techniques only, with steps, levels, and cell-list, line and HTML output.

use predicates::prelude::*;

use super::util::{cmd, stdout_of};

const MEDIUM: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn verbose_logic_solve_lists_steps_and_solves() {
    let output = cmd()
        .args(["solve", "--logic", "-v", MEDIUM])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = stdout_of(&output);
    assert!(
        text.starts_with("Puzzle:\n4 . . | . . . | 8 . 5\n"),
        "{text}"
    );
    assert!(text.contains("Steps:\n   1. "), "{text}");
    assert!(text.contains("Pointing {"), "{text}");
    assert!(text.contains("r6c2 = 4"), "{text}");
    assert!(text.contains("Completely solved by logic in "), "{text}");
    assert!(
        text.contains("Solution:\n4 1 7 | 3 6 9 | 8 2 5\n"),
        "{text}"
    );
}

#[test]
fn level_limit_stops_early_and_exits_one() {
    let output = cmd()
        .args(["solve", "--logic", "--level", "easy", MEDIUM])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = stdout_of(&output);
    assert!(text.contains("Not completely solved:"), "{text}");
    assert!(text.contains("needs techniques above easy"), "{text}");
    assert!(text.contains("Final state:\n"), "{text}");
}

#[test]
fn line_output_and_cell_list_file() {
    let dir = tempfile::tempdir().unwrap();
    let cells = dir.path().join("state.txt");
    cmd()
        .args(["solve", "--logic", "--output", "line", MEDIUM, "-o"])
        .arg(&cells)
        .assert()
        .success()
        .stdout(format!("{SOLUTION}\n"));
    let list = std::fs::read_to_string(&cells).unwrap();
    assert_eq!(list.lines().count(), 81);
    assert!(list.starts_with("1 1 4\n"));
}

#[test]
fn partial_line_output_keeps_dots() {
    let output = cmd()
        .args([
            "solve", "--logic", "--level", "easy", "--output", "line", MEDIUM,
        ])
        .output()
        .unwrap();
    let line = stdout_of(&output);
    assert_eq!(line.trim().len(), 81);
    assert!(line.contains('.'));
}

#[test]
fn html_page_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    cmd()
        .args(["solve", "--logic", "--variant", "window", "--html"])
        .arg(&page)
        .arg(super::util::fixture("window-9x9.puzzle"))
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<div class=\"c").count(), 81);
    assert!(html.contains(" w"), "window cells are shaded");
    assert!(html.contains("<ol><li>"), "steps are listed");
}

#[test]
fn unknown_level_is_a_usage_error() {
    cmd()
        .args(["solve", "--logic", "--level", "impossible", MEDIUM])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown level 'impossible'"));
    cmd()
        .args(["solve", "--level", "easy", MEDIUM])
        .assert()
        .code(2);
}

#[test]
fn every_variant_fixture_is_solved_by_logic_to_its_solution() {
    for fixture in super::util::variant_fixtures() {
        let dir = tempfile::tempdir().unwrap();
        let mut command = fixture.command(&["solve", "--logic", "--output", "line"], &dir);
        let output = command.output().unwrap();
        let line = stdout_of(&output);
        assert_eq!(
            line.trim(),
            fixture.solution,
            "{} {}: logic must finish and agree with the solution",
            fixture.variant,
            fixture.size
        );
        assert!(output.status.success());
    }
}
