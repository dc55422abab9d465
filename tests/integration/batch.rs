//! `solve --batch`: one result line per puzzle line, in order, whatever the thread count.

use predicates::prelude::*;

use super::util::{cmd, fixture, stdout_of, variant_fixtures};

#[test]
fn batch_reports_each_line_in_order() {
    let unique =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let multiple = format!(".{}", &unique[1..]);
    let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let bad = format!("{}#", &unique[..80]);
    let input = format!("{unique}\n{multiple}\n\n{none}\n{bad}\n");
    let output = cmd()
        .args(["solve", "--batch", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(
        lines[0],
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    );
    assert!(lines[1].starts_with("multiple "), "{}", lines[1]);
    assert_eq!(lines[1].len(), "multiple ".len() + 81);
    assert_eq!(lines[2], "none");
    assert_eq!(lines[3], "error: line 5, column 81: '#' is not a digit");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn batch_of_unique_puzzles_exits_zero_and_matches_any_job_count() {
    let path = fixture("classic-9x9-unique.txt");
    let one = cmd()
        .args(["solve", "--batch", "--jobs", "1", &path])
        .output()
        .unwrap();
    assert!(one.status.success());
    let two = cmd()
        .args(["solve", "--batch", "--jobs", "2", &path])
        .output()
        .unwrap();
    assert_eq!(one.stdout, two.stdout);
    let puzzles = std::fs::read_to_string(&path).unwrap();
    let text = stdout_of(&one);
    assert_eq!(text.lines().count(), puzzles.lines().count());
    for (puzzle, solution) in puzzles.lines().zip(text.lines()) {
        assert!(
            puzzle
                .chars()
                .zip(solution.chars())
                .all(|(p, s)| p == '.' || p == s)
        );
    }
}

#[test]
fn batch_multiple_solutions_exit_one() {
    cmd()
        .args(["solve", "--batch"])
        .arg(fixture("classic-9x9-multiple.txt"))
        .assert()
        .code(1)
        .stdout(predicate::str::is_match("^(multiple [1-9]{81}\n){10}$").unwrap());
}

#[test]
fn batch_mixes_sizes_and_jigsaw_lines() {
    let fixtures: Vec<_> = variant_fixtures()
        .into_iter()
        .filter(|f| f.variant == "classic" || f.variant == "jigsaw")
        .collect();
    let input: String = fixtures.iter().map(|f| format!("{}\n", f.puzzle)).collect();
    let expected: String = fixtures
        .iter()
        .map(|f| format!("{}\n", f.solution))
        .collect();
    cmd()
        .args(["solve", "--batch", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn batch_with_fixed_variant() {
    let window = variant_fixtures()
        .into_iter()
        .find(|f| f.variant == "window")
        .unwrap();
    cmd()
        .args(["solve", "--batch", "--variant", "window", "-"])
        .write_stdin(format!("{}\n", window.puzzle))
        .assert()
        .success()
        .stdout(format!("{}\n", window.solution));
}

#[test]
fn json_records_from_generate_are_read_by_solve_and_rate() {
    // The JSON lines `generate --output json` writes, and the puzzle lines it writes for the same
    // request and seed, give the same answers: the engine's JSON reader and its line reader
    // agree on every shape (a killer's cages and a jigsaw's regions travel in the record).
    for variant in ["killer", "jigsaw", "twodoku", "classic"] {
        let generate = |format: &[&str]| {
            let mut args = vec![
                "generate",
                "--variant",
                variant,
                "--count",
                "3",
                "--seed",
                "8",
            ];
            args.extend_from_slice(format);
            stdout_of(&cmd().args(&args).output().unwrap())
        };
        let (lines, json) = (generate(&[]), generate(&["--output", "json"]));
        for command in [&["solve", "--batch", "-"][..], &["rate", "-"][..]] {
            let answer = |input: &str| {
                let output = cmd().args(command).write_stdin(input.to_string()).output();
                stdout_of(&output.unwrap())
            };
            let from_lines = answer(&lines);
            assert_eq!(
                from_lines.lines().count(),
                3,
                "{variant} {command:?}: {from_lines}"
            );
            assert_eq!(answer(&json), from_lines, "{variant} {command:?}");
        }
    }
    // A broken record is an error of its line, with the column, and the other lines go on.
    let good = "{\"size\": 4, \"givens\": \"1...........4..3\"}";
    let input = format!("{good}\n{{\"givens\": [1,\n");
    let output = cmd()
        .args(["solve", "--batch", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[1].starts_with("error: line 2, column "), "{text}");
    assert!(lines[1].contains("not a puzzle record"), "{text}");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn plain_classic_lines_answer_as_the_general_reader_does() {
    // With no option, a line of 81 digits and dots (or zeros) is solved without the general
    // reader; naming the variant sends every line through it. Both must write the same.
    let unique =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let lines = [
        unique.to_string(),
        unique.replace('.', "0"),
        format!(".{}", &unique[1..]),
        format!("44{}", &unique[2..]),
        unique[..80].to_string(),
        format!("{unique} "),
        format!(" {unique}"),
        format!("{}#", &unique[..80]),
        format!("{}a", &unique[..80]),
        format!("{}é", &unique[..79]),
        format!("{unique}\r"),
        "5".repeat(81),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    for jobs in ["1", "2"] {
        let run = |extra: &[&str]| {
            cmd()
                .args(["solve", "--batch", "--jobs", jobs])
                .args(extra)
                .arg("-")
                .write_stdin(input.clone())
                .output()
                .unwrap()
        };
        let quick = run(&[]);
        let general = run(&["--variant", "classic"]);
        assert_eq!(stdout_of(&quick), stdout_of(&general), "jobs {jobs}");
        assert_eq!(quick.status.code(), general.status.code());
        assert_eq!(stdout_of(&quick).lines().count(), lines.len());
    }
}

/// Peak resident memory in KiB of `sudoku-book` run with `args` (input and output in files):
/// its `VmHWM`, polled until it exits (the kernel's count at `wait` would also include this
/// test process's own peak, which the child shares until its `exec`).
#[cfg(target_os = "linux")]
fn peak_kib(args: &[&str]) -> u64 {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-book"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        let high_water = std::fs::read_to_string(&status).ok().and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        peak = peak.max(high_water.unwrap_or(0));
        if let Some(exit) = child.try_wait().unwrap() {
            assert!(exit.success(), "{args:?}: {exit}");
            return peak;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_parallel_batch_keeps_its_memory_whatever_the_length() {
    // Sixteen times the lines must not need more memory: chunks are freed on the thread that
    // allocated them (a block freed by another thread can wait for its owner, and workers that
    // answer classic lines without allocating once kept every chunk: 11 MB at 24,000 lines,
    // 45 MB at 600,000).
    let dir = tempfile::tempdir().unwrap();
    let puzzles = std::fs::read_to_string(fixture("classic-9x9-unique.txt")).unwrap();
    let write = |repeats: usize| {
        let path = dir.path().join(format!("in-{repeats}.txt"));
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        for _ in 0..repeats {
            std::io::Write::write_all(&mut file, puzzles.as_bytes()).unwrap();
        }
        path
    };
    let output = dir.path().join("out.txt");
    let peak = |input: std::path::PathBuf| {
        let (input, output) = (input.to_str().unwrap(), output.to_str().unwrap());
        peak_kib(&["solve", "--batch", "--jobs", "2", input, "-o", output])
    };
    let (short, long) = (peak(write(500)), peak(write(8_000)));
    assert!(short > 0, "no VmHWM read");
    assert!(
        long < short + 4 * 1024,
        "20,000 lines peak at {short} KiB, 320,000 at {long} KiB"
    );
}

#[test]
fn every_instruction_set_of_the_counter_gives_the_same_lines() {
    // SUDOKU_SIMD holds the triad counter to AVX2 or turns it off, and the cell counter to AVX2
    // or SSE2 (on a CPU without them, each setting runs what the CPU has); an unknown value is
    // the CPU's best. Unique puzzles and puzzles with several solutions (loose grids of 34 and
    // 35 givens, which the cell counter counts; their first solution is printed) read the same
    // on all.
    for name in ["classic-9x9-unique.txt", "classic-9x9-multiple.txt"] {
        let path = fixture(name);
        let run = |simd: Option<&str>| {
            let mut command = cmd();
            command.args(["solve", "--batch", "--jobs", "1", &path]);
            command.env_remove("SUDOKU_SIMD");
            if let Some(value) = simd {
                command.env("SUDOKU_SIMD", value);
            }
            stdout_of(&command.output().unwrap())
        };
        let best = run(None);
        assert!(best.lines().count() >= 10, "{name}: {best}");
        for simd in ["avx2", "none", "avx9000"] {
            assert_eq!(run(Some(simd)), best, "{name} with SUDOKU_SIMD={simd}");
        }
    }
}
