//! Issue 20's regression tests of requests that used to run without end: generation with no
//! level on large shapes (a sparse 25×25 or 16×16 diagonal+window grid once took a single
//! uniqueness check millions of search nodes), and extreme on 16×16 variants. Each must finish;
//! a watchdog kills a run that does not, long before CI's limit (no timing is asserted).

use std::process::{Command as Process, Output, Stdio};
use std::time::{Duration, Instant};

use crate::util::{stderr_of, stdout_of};

/// How long a run may take before it counts as hung (each takes seconds).
const WATCHDOG: Duration = Duration::from_secs(600);

/// Runs the binary with `args`, killing it at the watchdog; its output.
fn run_watched(args: &[&str]) -> Output {
    let binary = assert_cmd::cargo::cargo_bin("sudoku-book");
    let mut child = Process::new(binary)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > WATCHDOG {
            child.kill().unwrap();
            panic!("{args:?} ran for {WATCHDOG:?} without finishing");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// Generates one puzzle of the shape, then has `solve` prove it unique and checks that its
/// givens are in the solution.
fn generates(shape: &[&str]) {
    let mut args = vec![
        "generate", "--count", "1", "--seed", "1", "--output", "line",
    ];
    args.extend_from_slice(shape);
    let made = run_watched(&args);
    assert!(made.status.success(), "{shape:?}: {}", stderr_of(&made));
    let line = stdout_of(&made).trim().to_string();
    assert!(line.contains('.'), "{shape:?}: nothing was dug: {line}");
    // A line's variant tag (`diagonal+window:`) is not a cell.
    let line = line
        .split_once(':')
        .map_or(line.clone(), |(_, rest)| rest.to_string());
    let variant: Vec<&str> = shape
        .iter()
        .copied()
        .filter(|a| *a != "--difficulty" && *a != "extreme")
        .collect();
    let mut solve = vec!["solve", "--output", "line"];
    solve.extend_from_slice(&variant);
    let puzzle = line.split('|').next().unwrap_or_default().to_string();
    if line.contains('|') {
        // A jigsaw line carries its regions: solve reads the line as it is.
        solve.push(&line);
    } else {
        solve.push(&puzzle);
    }
    let solved = run_watched(&solve);
    assert!(solved.status.success(), "{shape:?}: {}", stderr_of(&solved));
    let solution = stdout_of(&solved).trim().to_string();
    for (given, digit) in puzzle.chars().zip(solution.chars()) {
        assert!(
            given == '.' || given == digit,
            "{shape:?}: {puzzle} vs {solution}"
        );
    }
}

#[test]
fn unbounded_generation_a_25x25_with_no_level_finishes() {
    generates(&["--size", "25"]);
}

#[test]
fn unbounded_generation_a_25x25_window_with_no_level_finishes() {
    generates(&["--variant", "window", "--size", "25"]);
}

#[test]
fn unbounded_generation_a_16x16_diagonal_window_with_no_level_finishes() {
    generates(&["--variant", "diagonal+window", "--size", "16"]);
}

#[test]
fn unbounded_generation_extreme_16x16_variants_finish() {
    for variant in ["diagonal", "jigsaw", "window"] {
        generates(&[
            "--variant",
            variant,
            "--size",
            "16",
            "--difficulty",
            "extreme",
        ]);
    }
}
