//! `generate`: reproducible, unique puzzles at the level asked, for every variant, through the
//! binary; the output never depends on the thread count.

use predicates::prelude::*;

use super::util::{cmd, stdout_of};

fn generate(args: &[&str]) -> std::process::Output {
    cmd().arg("generate").args(args).output().unwrap()
}

#[test]
fn same_seed_same_puzzles_whatever_the_jobs() {
    let one = generate(&["--count", "6", "--seed", "7", "--jobs", "1"]);
    let two = generate(&["--count", "6", "--seed", "7", "--jobs", "2"]);
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout);
    let other = generate(&["--count", "6", "--seed", "8", "--jobs", "2"]);
    assert_ne!(one.stdout, other.stdout);
    assert_eq!(stdout_of(&one).lines().count(), 6);
}

/// Lines are written without rating the puzzles when nothing asks for a rating, and they are
/// the puzzles the rated output (JSON) holds, a jigsaw's layout included.
#[test]
fn unrated_lines_are_the_rated_puzzles() {
    for variant in ["classic", "jigsaw", "diagonal"] {
        let args = ["--variant", variant, "--count", "5", "--seed", "11"];
        let lines = generate(&args);
        let json = generate(&[&args[..], &["--output", "json"]].concat());
        assert!(lines.status.success() && json.status.success());
        let from_json: Vec<String> = stdout_of(&json)
            .lines()
            .map(|line| {
                let value: serde_json::Value = serde_json::from_str(line).unwrap();
                let cells = value["givens"].as_array().unwrap();
                let givens: String = cells
                    .iter()
                    .map(|v| match v.as_u64().unwrap() {
                        0 => '.',
                        d => char::from_digit(d as u32, 10).unwrap(),
                    })
                    .collect();
                // A diagonal line carries its variant's tag (a line of it alone would read as
                // classic).
                let givens = match variant {
                    "diagonal" => format!("diagonal:{givens}"),
                    _ => givens,
                };
                // A jigsaw line carries its layout: regions 0, 1, … as letters A, B, …
                match value["regions"].as_array() {
                    Some(regions) => {
                        let letters: String = regions
                            .iter()
                            .map(|r| char::from(b'A' + r.as_u64().unwrap() as u8))
                            .collect();
                        format!("{givens}|{letters}")
                    }
                    None => givens,
                }
            })
            .collect();
        let lines: Vec<String> = stdout_of(&lines).lines().map(str::to_string).collect();
        assert_eq!(lines, from_json, "{variant}");
    }
}

/// Batches grow from 4 to 64 puzzles a thread: a run over several of them comes out the same,
/// in order, on one thread and two.
#[test]
fn growing_batches_keep_the_order_whatever_the_jobs() {
    let args = ["--size", "4", "--count", "150", "--seed", "3"];
    let one = generate(&[&args[..], &["--jobs", "1"]].concat());
    let two = generate(&[&args[..], &["--jobs", "2"]].concat());
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(stdout_of(&one).lines().count(), 150);
    let first = generate(&["--size", "4", "--count", "1", "--seed", "3"]);
    assert!(
        one.stdout.starts_with(&first.stdout),
        "the first puzzle is the one of a run of 1"
    );
}

#[test]
fn generated_lines_solve_uniquely_and_rate_at_the_level() {
    for level in ["easy", "medium", "hard"] {
        let output = generate(&["--count", "3", "--difficulty", level, "--seed", "3"]);
        assert!(output.status.success(), "{level}");
        let lines = stdout_of(&output);
        cmd()
            .args(["solve", "--batch", "-"])
            .write_stdin(lines.clone())
            .assert()
            .success();
        let rated = cmd()
            .args(["rate", "--json", "-"])
            .write_stdin(lines)
            .output()
            .unwrap();
        for line in stdout_of(&rated).lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["level"], level, "{line}");
        }
    }
}

#[test]
fn json_output_has_manifest_fields() {
    let output = generate(&["--count", "2", "--output", "json", "--difficulty", "easy"]);
    assert!(output.status.success());
    for line in stdout_of(&output).lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["variant"], "classic");
        assert_eq!(value["size"], 9);
        assert_eq!(value["box"], serde_json::json!([3, 3]));
        assert!(value["regions"].is_null());
        let givens = value["givens"].as_array().unwrap();
        let solution = value["solution"].as_array().unwrap();
        assert_eq!(givens.len(), 81);
        assert!(givens.iter().zip(solution).all(|(g, s)| g == 0 || g == s));
        assert_eq!(value["level"], "easy");
        assert!(value["seed"].as_u64().is_some());
        assert!(!value["techniques"].as_array().unwrap().is_empty());
    }
}

#[test]
fn every_variant_generates() {
    for (variant, size) in [
        ("classic", "4"),
        ("classic", "6"),
        ("classic", "8"),
        ("classic", "12"),
        ("diagonal", "9"),
        ("window", "9"),
        ("diagonal+window", "9"),
        ("jigsaw", "9"),
        ("jigsaw", "6"),
        ("jigsaw", "8"),
        ("jigsaw", "12"),
        ("jigsaw+diagonal", "9"),
        ("jigsaw+window", "9"),
        ("classic", "16"),
    ] {
        let output = generate(&[
            "--variant",
            variant,
            "--size",
            size,
            "--count",
            "2",
            "--difficulty",
            "easy",
        ]);
        assert!(output.status.success(), "{variant} {size}");
        let text = stdout_of(&output);
        let mut command = cmd();
        command.args(["solve", "--batch", "--variant", variant, "-"]);
        command.write_stdin(text).assert().success();
    }
}

#[test]
fn symmetry_and_givens_are_respected() {
    let output = generate(&["--count", "3", "--symmetry", "rotate90", "--givens", "30"]);
    assert!(output.status.success());
    for line in stdout_of(&output).lines() {
        let cells: Vec<char> = line.chars().collect();
        for cell in 0..81 {
            let (r, c) = (cell / 9, cell % 9);
            let turned = c * 9 + (8 - r);
            assert_eq!(cells[cell] == '.', cells[turned] == '.', "{line}");
        }
        assert!(cells.iter().filter(|&&c| c != '.').count() >= 30);
    }
}

#[test]
fn an_unreachable_givens_target_is_a_note_not_an_error() {
    let output = generate(&["--count", "2", "--givens", "17", "--seed", "4"]);
    assert!(output.status.success());
    assert_eq!(stdout_of(&output).lines().count(), 2);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("note: 2 of 2 puzzles kept more than 17 givens ("),
        "{stderr}"
    );
    let reached = generate(&["--count", "2", "--givens", "40", "--symmetry", "none"]);
    assert!(reached.status.success());
    assert!(reached.stderr.is_empty(), "{:?}", reached.stderr);
    for line in stdout_of(&reached).lines() {
        assert_eq!(line.chars().filter(|&c| c != '.').count(), 40, "{line}");
    }
}

#[test]
fn bad_requests_are_refused_clearly() {
    cmd()
        .args(["generate", "--variant", "window", "--size", "6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs square boxes"));
    cmd()
        .args(["generate", "--size", "7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("size 7"));
    cmd()
        .args(["generate", "--variant", "jigsaw", "--size", "1000000000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("size 1000000000 is not supported"));
    cmd()
        .args(["generate", "--difficulty", "nightmare"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown level"));
    cmd()
        .args(["generate", "--score", "5..x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a score range"));
    cmd().args(["generate", "--count", "0"]).assert().code(2);
    cmd()
        .args(["generate", "--symmetry", "spiral"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown symmetry"));
}

#[test]
fn unreachable_level_is_reported_not_hung() {
    cmd()
        .args([
            "generate",
            "--size",
            "4",
            "--difficulty",
            "expert",
            "--attempts",
            "5",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no 4x4 classic puzzle at level expert",
        ));
}

#[test]
fn window_16_generates() {
    // Issue 10: the random fill of a 16x16 window grid never finished within its node caps
    // ("could not fill a 16x16 window grid").
    let output = generate(&[
        "--size",
        "16",
        "--variant",
        "window",
        "--difficulty",
        "easy",
        "--count",
        "2",
        "--seed",
        "7",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let lines: Vec<String> = stdout_of(&output).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for line in &lines {
        cmd()
            .args(["solve", "--variant", "window", line])
            .assert()
            .success();
    }
}

#[test]
fn diabolical_searches_report_progress_and_how_far_they_got() {
    // 2,000 ratings are far too few for 9.0 (docs/RATING.md); the run must say so, with the
    // best score reached, after progress lines every 1,000 ratings (stderr is not a terminal).
    let output = generate(&[
        "--difficulty",
        "diabolical",
        "--attempts",
        "2000",
        "--seed",
        "4",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let text = super::util::stderr_of(&output);
    assert!(
        text.contains("diabolical search, puzzle 1: 1000 of 2000 ratings, best score"),
        "{text}"
    );
    assert!(text.contains("2000 of 2000 ratings"), "{text}");
    assert!(
        text.contains("at level diabolical within 2000 attempts"),
        "{text}"
    );
    assert!(text.contains("(best score reached: "), "{text}");
}

#[test]
fn diabolical_is_refused_where_no_rating_can_prove_it() {
    for shape in [
        &["--size", "16"][..],
        &["--variant", "killer"][..],
        &["--variant", "samurai"][..],
    ] {
        let output = generate(&[shape, &["--difficulty", "diabolical"][..]].concat());
        assert_eq!(output.status.code(), Some(2), "{shape:?}");
        let text = super::util::stderr_of(&output);
        assert!(
            text.contains("diabolical puzzles (score 9.0 and up) are made on grids of up to 9x9"),
            "{shape:?}: {text}"
        );
        assert_eq!(text.lines().count(), 1, "{text}");
    }
}

#[test]
fn diabolical_puzzles_from_given_hard_puzzles_are_new_unique_and_reproducible() {
    // Four puzzles of the forum's hardest list: each result is some swaps away from one of them,
    // relabelled and turned, so none is in the file; same seed, same puzzles, whatever the jobs.
    let starts = super::util::fixture("diabolical-starts.txt");
    let args = |jobs: &'static str| {
        generate(&[
            "--difficulty",
            "diabolical",
            "--from",
            &starts,
            "--count",
            "3",
            "--seed",
            "9",
            "--output",
            "json",
            "--jobs",
            jobs,
        ])
    };
    let one = args("1");
    assert_eq!(one.status.code(), Some(0), "{one:?}");
    assert_eq!(one.stdout, args("2").stdout);
    let given = std::fs::read_to_string(&starts).unwrap();
    for line in stdout_of(&one).lines() {
        let puzzle: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(puzzle["level"], "diabolical", "{puzzle}");
        assert!(puzzle["score"].as_f64().unwrap() >= 9.0, "{puzzle}");
        let givens: String = puzzle["givens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| match d.as_u64().unwrap() {
                0 => '.',
                d => char::from(b'0' + d as u8),
            })
            .collect();
        assert!(
            !given.contains(&givens),
            "{givens} is one of the puzzles given"
        );
        let solved = cmd().args(["solve", &givens]).output().unwrap();
        assert_eq!(solved.status.code(), Some(0), "{givens}");
        let rated = cmd().args(["rate", "--json", &givens]).output().unwrap();
        let rating: serde_json::Value = serde_json::from_str(&stdout_of(&rated)).unwrap();
        assert_eq!(rating["score"], puzzle["score"], "{givens}");
    }
}

#[test]
fn bad_puzzles_to_start_from_are_refused_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let hard = "...4......5..8.2.6.....71..2........3.....51...5.3.8.25...6.3.8..6..8.9...8......";
    let open = ".".repeat(81);
    let cases = [
        (
            write("two.txt", &format!("{hard}\n\n{open}\n")),
            &[][..],
            "two.txt: line 3: the puzzle has more than one solution",
        ),
        (
            write("bad.txt", &format!("{hard}\n12x\n")),
            &[][..],
            "bad.txt: line 2",
        ),
        (
            write("empty.txt", "\n\n"),
            &[][..],
            "empty.txt: no puzzle in the file",
        ),
        (
            write("hard.txt", hard),
            &["--symmetry", "rotate180"][..],
            "hard.txt: line 1: the puzzle does not have rotate180 symmetry",
        ),
    ];
    for (path, extra, message) in cases {
        let output =
            generate(&[&["--difficulty", "diabolical", "--from", &path][..], extra].concat());
        assert_eq!(output.status.code(), Some(2), "{path}");
        let text = super::util::stderr_of(&output);
        assert!(text.contains(message), "{path}: {text}");
        assert!(text.contains("--from"), "{text}");
        assert_eq!(text.lines().count(), 1, "{text}");
    }
    let path = write("hard2.txt", hard);
    let output = generate(&["--difficulty", "extreme", "--from", &path]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        super::util::stderr_of(&output).contains("only for diabolical requests"),
        "{output:?}"
    );
    let missing = dir.path().join("missing.txt").display().to_string();
    let output = generate(&["--difficulty", "diabolical", "--from", &missing]);
    assert_eq!(output.status.code(), Some(3), "{output:?}");
}

#[test]
fn id_is_the_same_for_every_image_of_a_puzzle_and_names_bad_lines() {
    use std::io::Write;
    // A puzzle, the same turned a quarter and relabelled 1<->2, and another puzzle.
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let cells: Vec<char> = puzzle.chars().collect();
    let turned: String = (0..81)
        .map(|i| {
            let (r, c) = (i / 9, i % 9);
            match cells[(8 - c) * 9 + r] {
                '1' => '2',
                '2' => '1',
                other => other,
            }
        })
        .collect();
    let id = |text: &str| stdout_of(&cmd().args(["id", text]).output().unwrap());
    let first = id(puzzle);
    assert!(first.starts_with("v1-classic9-"), "{first}");
    assert_eq!(id(&turned), first);
    let other = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
    assert_ne!(id(other), first);
    // --batch: one line for each line, in order; a bad line is named on standard error (its
    // output line left empty), exit 2.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzles.txt");
    let mut file = std::fs::File::create(&path).unwrap();
    writeln!(file, "{puzzle}\n{turned}\nnot a puzzle\n{other}").unwrap();
    let output = cmd()
        .args(["id", "--batch", path.to_str().unwrap()])
        .output()
        .unwrap();
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(format!("{}\n", lines[0]), first);
    assert_eq!(lines[0], lines[1]);
    assert_eq!(
        lines[2], "",
        "line 3 cannot be read: its output line is empty"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 3"), "{stderr}");
    assert_eq!(output.status.code(), Some(2));
}
