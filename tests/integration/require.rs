//! Technique-targeted generation through the binary: `generate --require` and a section's
//! `require = [...]` give puzzles whose easiest solving path uses the technique, at its level
//! when none is asked; unknown names, killer techniques on other grids, a level below the
//! technique and an exhausted attempt budget are refused clearly.

use predicates::prelude::*;
use serde_json::Value;

use crate::build::{build, manifest};
use crate::util::{cmd, stderr_of, stdout_of};

fn generated(args: &[&str]) -> Vec<Value> {
    let output = cmd()
        .args(["generate", "--output", "json"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    stdout_of(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn uses(record: &Value, technique: &str) -> bool {
    record["techniques"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t == technique)
}

#[test]
fn required_techniques_are_on_the_solving_path_at_their_level() {
    let records = generated(&["--require", "X-Wing", "--count", "3", "--seed", "2"]);
    assert_eq!(records.len(), 3);
    for record in &records {
        assert!(uses(record, "X-Wing"), "{record}");
        assert_eq!(record["level"], "hard");
    }
    // Names are read in any case and spacing; several are all required.
    let both = generated(&[
        "--require",
        "naked PAIR",
        "--require",
        "pointing",
        "--difficulty",
        "hard",
        "--seed",
        "3",
    ]);
    assert!(uses(&both[0], "Naked pair") && uses(&both[0], "Pointing"));
    assert_eq!(both[0]["level"], "hard");
    // The same seed gives the same puzzles.
    assert_eq!(
        records,
        generated(&["--require", "X-Wing", "--count", "3", "--seed", "2"])
    );
}

#[test]
fn impossible_requirements_are_refused_and_budgets_end_with_a_message() {
    cmd()
        .args(["generate", "--require", "Q-Wing"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--require: 'Q-Wing' is not a technique; use one of: Full house",
        ));
    cmd()
        .args(["generate", "--require", "Cage combination"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "Cage combination is a killer technique",
        ));
    cmd()
        .args(["generate", "--require", "X-Wing", "--difficulty", "medium"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "X-Wing is a hard technique: puzzles at level medium never need it",
        ));
    cmd()
        .args(["generate", "--require", "Jellyfish", "--attempts", "2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "at level expert needing Jellyfish within 2 attempts",
        ));
}

#[test]
fn a_section_requires_a_technique_of_every_puzzle() {
    let spec = "title = \"Wings\"\nseed = 4\n[[section]]\ncount = 2\nrequire = [\"XY-Wing\"]\n";
    let (dir, out) = build(spec, &[]);
    for record in manifest(&out)["puzzles"].as_array().unwrap() {
        assert!(uses(record, "XY-Wing"), "{record}");
    }
    let bad = "title = \"Wings\"\n[[section]]\ncount = 1\nrequire = [\"Z-Wing\"]\n";
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, bad).unwrap();
    cmd()
        .args(["build", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bad.toml:4:11: section[1].require: 'Z-Wing' is not a technique",
        ));
}
