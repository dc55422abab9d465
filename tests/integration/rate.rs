//! `rate`: score, level and techniques per puzzle line, text or JSON, in order.

use super::util::{cmd, fixture, stdout_of};

const EASY: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn json_has_the_documented_fields() {
    let output = cmd().args(["rate", "--json", EASY]).output().unwrap();
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_str(&stdout_of(&output)).unwrap();
    assert_eq!(value["puzzle"], EASY);
    assert_eq!(value["solved"], true);
    let score = value["score"].as_f64().unwrap();
    assert!((1.0..=20.0).contains(&score));
    assert_eq!((score * 10.0).round() / 10.0, score, "one decimal");
    let level = value["level"].as_str().unwrap();
    assert!(["easy", "medium", "hard", "expert", "extreme", "diabolical"].contains(&level));
    assert!(value["techniques"].as_object().unwrap().len() >= 2);
}

#[test]
fn text_output_one_line_per_puzzle_in_order_for_any_job_count() {
    let path = fixture("classic-9x9-unique.txt");
    let one = cmd().args(["rate", "--jobs", "1", &path]).output().unwrap();
    let two = cmd().args(["rate", "--jobs", "2", &path]).output().unwrap();
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout);
    let text = stdout_of(&one);
    let puzzles = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), puzzles.lines().count());
    assert!(text.lines().all(|l| l.starts_with("score ")), "{text}");
}

#[test]
fn hardest_puzzles_are_diabolical() {
    // The fixture's last line is from the forum's hardest list: nested forcing chains, 10.3.
    let path = fixture("classic-9x9-unique.txt");
    let output = cmd().args(["rate", "--json", &path]).output().unwrap();
    let text = stdout_of(&output);
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["level"], "diabolical", "{last}");
    assert!(last["score"].as_f64().unwrap() >= 9.0, "{last}");
}

#[test]
fn variants_are_rated() {
    for fixture in super::util::variant_fixtures() {
        let mut command = cmd();
        command.args(["rate", "--json", "--variant", &fixture.variant]);
        command.arg(&fixture.puzzle);
        let output = command.output().unwrap();
        assert!(output.status.success(), "{}", fixture.variant);
        let value: serde_json::Value = serde_json::from_str(&stdout_of(&output)).unwrap();
        assert!(
            value["score"].as_f64().unwrap() >= 1.0,
            "{}",
            fixture.variant
        );
    }
}

#[test]
fn malformed_lines_are_reported_in_place() {
    let input = format!("{EASY}\nnot a puzzle\n{EASY}\n");
    let output = cmd()
        .args(["rate", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[1].starts_with("error: line 2"), "{}", lines[1]);
}

/// `rate --path`: the steps of the easiest path after the score, numbered; with `--json` a
/// `path` list whose placements are the solution's digits and whose eliminations never remove
/// one, cells named as in the text.
#[test]
fn rate_path_lists_the_steps_of_the_rating() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let output = cmd().args(["rate", "--path", line]).output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("score "));
    assert!(lines.next().unwrap().trim_start().starts_with("1. "));
    let output = cmd()
        .args(["rate", "--path", "--json", line])
        .output()
        .unwrap();
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let solution = cmd()
        .args(["solve", line, "--output", "line"])
        .output()
        .unwrap();
    let solution: Vec<u64> = String::from_utf8_lossy(&solution.stdout)
        .trim()
        .chars()
        .map(|c| u64::from(c.to_digit(10).unwrap()))
        .collect();
    let path = record["path"].as_array().unwrap();
    assert_eq!(path.len(), text.lines().count() - 1);
    for step in path {
        for pair in step["placements"].as_array().unwrap() {
            let (cell, digit) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
            assert_eq!(solution[cell as usize], digit, "{step}");
            assert!(step["cells"][cell.to_string()].is_string());
        }
        for pair in step["eliminations"].as_array().unwrap() {
            let (cell, digit) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
            assert_ne!(solution[cell as usize], digit, "{step}");
        }
    }
    let hardest = path
        .iter()
        .map(|s| s["score"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(hardest, record["score"].as_f64().unwrap());
}
