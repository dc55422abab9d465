//! Issue 10, input hardening: bounded reading (`/dev/zero`, oversized files, endless lines) and
//! the message defects, each pinned by a test named after it, through the real binary.

use std::time::{Duration, Instant};

use predicates::prelude::*;

use super::util::{cmd, fixture, stdout_of};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs the binary with `args` and standard input, checks it ends within 10 s, and returns the
/// exit code and standard error.
fn run_bounded(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let start = Instant::now();
    let output = cmd()
        .args(args)
        .write_stdin(stdin.to_vec())
        .timeout(Duration::from_secs(20))
        .output()
        .expect("the binary runs");
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{args:?} took {:?}",
        start.elapsed()
    );
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stdout_of(&output), stderr)
}

fn assert_no_control_characters(text: &str) {
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "raw control character in {text:?}"
    );
}

#[test]
fn dev_zero_is_refused_quickly_by_solve_rate_and_batch() {
    if !std::path::Path::new("/dev/zero").exists() {
        eprintln!("skipping: no /dev/zero");
        return;
    }
    for args in [
        &["solve", "/dev/zero"][..],
        &["rate", "/dev/zero"],
        &["solve", "--batch", "/dev/zero"],
        &["solve", "--logic", "/dev/zero"],
        &["check", "/dev/zero", PUZZLE],
    ] {
        let (code, _, stderr) = run_bounded(args, b"");
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("/dev/zero: "), "{args:?}: {stderr}");
        assert!(stderr.contains("64 MiB"), "{args:?}: {stderr}");
        assert!(stderr.len() < 300, "{args:?}: {stderr}");
    }
}

#[test]
fn oversized_stdin_is_refused() {
    let big = vec![b' '; (64 << 20) + 1];
    let (code, _, stderr) = run_bounded(&["solve", "-"], &big);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("<stdin>: the input is larger than 64 MiB"),
        "{stderr}"
    );
}

#[test]
fn oversized_region_map_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.regions");
    std::fs::write(&path, vec![b'A'; (64 << 20) + 1]).unwrap();
    let (code, _, stderr) =
        run_bounded(&["solve", "--regions", path.to_str().unwrap(), PUZZLE], b"");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("larger than 64 MiB"), "{stderr}");
}

#[test]
fn batch_line_longer_than_one_mib_is_an_error_for_that_line_only() {
    let mut input = vec![b'.'; (1 << 20) + 5];
    input.extend_from_slice(format!("\n{PUZZLE}\n").as_bytes());
    for args in [&["solve", "--batch", "-"][..], &["rate", "-"]] {
        let (code, stdout, stderr) = run_bounded(args, &input);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {stdout}");
        assert_eq!(
            lines[0],
            "error: line 1 is longer than 1 MiB, the longest line read"
        );
        assert!(!lines[1].starts_with("error"), "{args:?}: {stdout}");
    }
}

#[test]
fn batch_streams_many_lines_in_order() {
    let puzzles = std::fs::read_to_string(fixture("classic-9x9-unique.txt")).unwrap();
    let multiple = std::fs::read_to_string(fixture("classic-9x9-multiple.txt")).unwrap();
    // More lines than one chunk (4,096), mixed, so that chunk borders and threads could reorder.
    let input = format!("{puzzles}{multiple}x\n").repeat(120);
    let (code, one, stderr) =
        run_bounded(&["solve", "--batch", "--jobs", "1", "-"], input.as_bytes());
    assert_eq!(code, Some(2), "{stderr}");
    let (_, two, _) = run_bounded(&["solve", "--batch", "--jobs", "2", "-"], input.as_bytes());
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), input.lines().count());
    let last = one.lines().last().unwrap();
    assert_eq!(
        last,
        format!(
            "error: line {}: a puzzle line of 1 cell is not a square grid (a square number of cells from 4 for 2x2 to 625 for 25x25, such as 81 for 9x9)",
            input.lines().count()
        )
    );
}

#[test]
fn oversized_spec_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("big.toml");
    std::fs::write(&spec, vec![b' '; (64 << 20) + 1]).unwrap();
    let out = dir.path().join("out");
    let (code, _, stderr) = run_bounded(
        &[
            "build",
            spec.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert!(matches!(code, Some(2 | 3)), "{code:?}: {stderr}");
    assert!(stderr.contains("larger than 64 MiB"), "{stderr}");
}

#[test]
fn inline_puzzles_of_4_or_9_cells_are_puzzles_not_file_names() {
    let regions2 = tempfile::tempdir().unwrap();
    let map = regions2.path().join("two.regions");
    std::fs::write(&map, "AB\nAB\n").unwrap();
    cmd()
        .args(["solve", "--regions", map.to_str().unwrap(), "1..."])
        .args(["--output", "line"])
        .assert()
        .success()
        .stdout("1221\n");
    let map3 = regions2.path().join("three.regions");
    std::fs::write(&map3, "AAA\nBBB\nCCC\n").unwrap();
    let (code, _, stderr) = run_bounded(
        &["solve", "--regions", map3.to_str().unwrap(), "12......."],
        b"",
    );
    assert_ne!(code, Some(3), "{stderr}");
    assert!(!stderr.contains("cannot read"), "{stderr}");
    // A short name that is not a puzzle is still a missing file.
    cmd()
        .args(["solve", "abcde.txt"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("cannot read abcde.txt"));
}

#[test]
fn line_of_676_cells_is_too_large_not_not_square() {
    let line = ".".repeat(676);
    for args in [
        &["solve", "-"][..],
        &["rate", "-"],
        &["solve", "--batch", "-"],
    ] {
        let (code, stdout, stderr) = run_bounded(args, line.as_bytes());
        assert_eq!(code, Some(2), "{args:?}");
        let text = stdout + &stderr;
        assert!(text.contains("too large"), "{args:?}: {text}");
        assert!(text.contains("25x25"), "{args:?}: {text}");
        assert!(!text.contains("not a square"), "{args:?}: {text}");
    }
    let map: String = "A".repeat(676);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("map");
    std::fs::write(&path, map).unwrap();
    cmd()
        .args(["solve", "--regions", path.to_str().unwrap(), PUZZLE])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("larger than 25x25"));
}

#[test]
fn utf8_bom_does_not_count_as_a_cell() {
    let with_bom = format!("\u{feff}{PUZZLE}\n");
    cmd()
        .args(["solve", "--output", "line", "-"])
        .write_stdin(with_bom.clone())
        .assert()
        .success();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.txt");
    std::fs::write(&path, &with_bom).unwrap();
    cmd()
        .args(["rate", path.to_str().unwrap()])
        .assert()
        .success();
    cmd()
        .args(["solve", "--batch", path.to_str().unwrap()])
        .assert()
        .success();
    let regions = std::fs::read_to_string(fixture("jigsaw-9x9.regions")).unwrap();
    let map = dir.path().join("bom.regions");
    std::fs::write(&map, format!("\u{feff}{regions}")).unwrap();
    cmd()
        .args(["solve", "--regions", map.to_str().unwrap()])
        .arg(fixture("jigsaw-9x9.puzzle"))
        .assert()
        .success();
}

#[test]
fn nul_bytes_are_escaped_in_messages() {
    let mut line = PUZZLE.as_bytes().to_vec();
    line[2] = 0;
    line[5] = 0x1b;
    for args in [
        &["solve", "-"][..],
        &["rate", "-"],
        &["solve", "--batch", "-"],
    ] {
        let (code, stdout, stderr) = run_bounded(args, &line);
        assert_eq!(code, Some(2), "{args:?}");
        let text = stdout + &stderr;
        assert!(text.contains("U+0000"), "{args:?}: {text:?}");
        assert_no_control_characters(&text);
    }
    let cells = b"1 1 5\n1 2 \x00\x07\n";
    let (_, stdout, stderr) = run_bounded(&["solve", "--format", "cells", "-"], cells);
    assert_no_control_characters(&(stdout + &stderr));
    let (code, _, stderr) = run_bounded(&["solve", "--variant", "x\u{7}y", PUZZLE], b"");
    assert_eq!(code, Some(2));
    assert_no_control_characters(&stderr);
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("nul.regions");
    std::fs::write(&map, b"AAB\x00\nAABB\nCCDD\nCCDD\n").unwrap();
    let (code, _, stderr) =
        run_bounded(&["solve", "--regions", map.to_str().unwrap(), "1..."], b"");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("U+0000"), "{stderr}");
    assert_no_control_characters(&stderr);
}

#[test]
fn all_ones_25x25_grid_gives_a_short_message() {
    let line = "1".repeat(625);
    let (code, stdout, stderr) = run_bounded(&["solve", "-"], line.as_bytes());
    assert_eq!(code, Some(2));
    assert!(stderr.len() < 1000, "{} bytes", stderr.len());
    assert!(stderr.contains("more conflicts"), "{stderr}");
    let (_, batch, _) = run_bounded(&["solve", "--batch", "-"], line.as_bytes());
    assert!(batch.len() < 1000, "{} bytes", batch.len());
    assert!(stdout.is_empty());
    let dir = tempfile::tempdir().unwrap();
    let answer = dir.path().join("answer");
    std::fs::write(&answer, &line).unwrap();
    let empty = ".".repeat(625);
    let (code, stdout, _) = run_bounded(&["check", &empty, answer.to_str().unwrap()], b"");
    assert_eq!(code, Some(1));
    assert!(stdout.lines().count() <= 12, "{stdout}");
    assert!(stdout.contains("more problems"), "{stdout}");
}

#[test]
fn hint_on_a_multi_solution_puzzle_refers_to_nothing_unshown() {
    let multiple = format!(".{}", &PUZZLE[1..]);
    let (code, stdout, stderr) = run_bounded(&["hint", &multiple, "--cell", "r1c2"], b"");
    assert_eq!(code, Some(1));
    assert!(stdout.is_empty());
    assert!(stderr.contains("more than one solution"), "{stderr}");
    assert!(stderr.contains("no single hint"), "{stderr}");
    assert!(!stderr.contains("shown"), "{stderr}");
}

#[test]
fn batch_and_rate_errors_name_their_line() {
    let conflict = format!("44{}", &PUZZLE[2..]);
    let input = format!("{PUZZLE}\n\n{conflict}\n{}\n", ".".repeat(25));
    for args in [
        &["solve", "--batch", "-"][..],
        &["rate", "-"],
        &["rate", "--json", "-"],
    ] {
        let (code, stdout, _) = run_bounded(args, input.as_bytes());
        assert_eq!(code, Some(2), "{args:?}");
        let errors: Vec<&str> = stdout.lines().filter(|l| l.contains("error")).collect();
        assert_eq!(errors.len(), 2, "{args:?}: {stdout}");
        assert!(errors[0].contains("line 3: the givens break"), "{stdout}");
        assert!(errors[1].contains("line 4: "), "{stdout}");
    }
}

#[test]
fn plurals_are_singular_for_one() {
    let one_empty =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let puzzle = format!(".{}", &one_empty[1..]);
    cmd()
        .args(["check", &puzzle, &puzzle])
        .assert()
        .code(1)
        .stdout("incomplete: 1 empty cell\n");
    cmd()
        .args(["solve", "--logic", &puzzle])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "ompletely solved by logic in 1 step\n",
        ));
    cmd()
        .args(["solve", "-"])
        .write_stdin("1\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a puzzle line of 1 cell is"));
}

#[test]
fn library_errors_name_no_flags_the_cli_adds_them() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("book.toml");
    std::fs::write(
        &spec,
        "title = \"T\"\n[[section]]\ntitle = \"S\"\nvariant = \"classic\"\nsize = 5\ncount = 1\ndifficulty = \"easy\"\n",
    )
    .unwrap();
    let output = cmd()
        .args(["build", spec.to_str().unwrap(), "--out"])
        .arg(dir.path().join("out"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no box shape"), "{stderr}");
    assert!(!stderr.contains("--"), "{stderr}");
    cmd()
        .args(["solve", "--variant", "jigsaw", PUZZLE])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--regions FILE"));
    cmd()
        .args(["solve", "-"])
        .write_stdin(format!("{PUZZLE}\n{PUZZLE}\n"))
        .args(["--format", "line"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use --format grid"));
}
