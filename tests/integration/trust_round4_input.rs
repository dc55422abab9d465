//! Issue 44's regression tests of what is read, each named after the defect it pins: CSV
//! imports count every line and read headers by name, `--symbols` applies everywhere and names
//! what was typed, every image of a puzzle gets its ID (or the shape's lack of one is said),
//! lines `generate` prints read back as the variant they are, and messages name what and where
//! once.

use std::fs;
use std::path::Path;
use std::process::Command as Process;
use std::time::Instant;

use crate::util::{cmd, fixture, stderr_of, stdout_of};

const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The 16×16 fixture: puzzle and solution (written in 1-9 and A-G).
fn sixteen() -> (String, String) {
    let text = fs::read_to_string(fixture("variants.txt")).unwrap();
    let line = text.lines().find(|l| l.starts_with("classic 16 ")).unwrap();
    let parts: Vec<&str> = line.split_whitespace().collect();
    (parts[2].to_string(), parts[3].to_string())
}

/// The text with two symbols swapped (a relabelling: the same puzzle, the same ID).
fn swapped(text: &str, a: char, b: char) -> String {
    text.chars()
        .map(|c| match c {
            c if c == a => b,
            c if c == b => a,
            c => c,
        })
        .collect()
}

fn add(dir: &Path, name: &str, text: &str, extra: &[&str]) -> std::process::Output {
    let file = dir.join(name);
    fs::write(&file, text).unwrap();
    cmd()
        .args(["library", "add"])
        .arg(&file)
        .args(extra)
        .arg("--db")
        .arg(dir.join("lib.db"))
        .output()
        .unwrap()
}

#[test]
fn csv_a_first_line_with_letters_is_a_puzzle_and_every_line_is_counted() {
    let dir = tempfile::tempdir().unwrap();
    let (puzzle, solution) = sixteen();
    let text = format!(
        "{puzzle},{solution}\n{},{}\n{puzzle},{}\n",
        swapped(&puzzle, '1', '2'),
        swapped(&solution, '1', '2'),
        swapped(&solution, '3', '4'),
    );
    let out = add(dir.path(), "sixteen.csv", &text, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stdout_of(&out).contains("1 puzzle added, 1 duplicate, 1 refused"),
        "{}",
        stdout_of(&out)
    );
}

#[test]
fn csv_a_header_names_its_columns_in_any_order() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "id,puzzle,solution,clues,difficulty\n7,{PUZZLE},{SOLUTION},30,easy\n8,\"{}\",,30,easy\n",
        swapped(PUZZLE, '5', '6')
    );
    let out = add(dir.path(), "kaggle.csv", &text, &[]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let said = stdout_of(&out);
    assert!(
        said.contains("1 puzzle added, 1 duplicate, 0 refused (and a header line"),
        "{said}"
    );
    let quizzes = format!("quizzes,solutions\n{PUZZLE},{SOLUTION}\n");
    let out = add(dir.path(), "quizzes.csv", &quizzes, &[]);
    assert!(stdout_of(&out).contains("0 puzzles added, 1 duplicate, 0 refused"));
}

#[test]
fn csv_solution_errors_name_the_solution_and_its_column_in_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = format!("{}x{}", &SOLUTION[..4], &SOLUTION[5..]);
    let text = format!("{PUZZLE},{bad}\n{PUZZLE},{}\n", &SOLUTION[1..]);
    let out = add(dir.path(), "bad.csv", &text, &[]);
    let stderr = stderr_of(&out);
    assert!(
        stderr.contains("line 1, column 87 (the solution): 'x' is not a digit"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 2: the solution: the solution has 80 cells"),
        "{stderr}"
    );
    assert!(!stderr.contains("the puzzle line"), "{stderr}");
}

fn wordoku(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d @ 1..=9) => "PLANTWISE".chars().nth(d as usize - 1).unwrap_or('?'),
            _ => '.',
        })
        .collect()
}

#[test]
fn symbols_apply_to_a_csvs_solution_column() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{},{}\n", wordoku(PUZZLE), wordoku(SOLUTION));
    let out = add(dir.path(), "words.csv", &text, &["--symbols", "PLANTWISE"]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(stdout_of(&out).contains("1 puzzle added"));
}

#[test]
fn symbols_check_reads_the_answer_in_them_and_messages_name_what_was_typed() {
    let (w, ws) = (wordoku(PUZZLE), wordoku(SOLUTION));
    let check = |answer: &str| {
        cmd()
            .args(["check", &w, answer, "--symbols", "PLANTWISE"])
            .output()
            .unwrap()
    };
    let right = check(&ws);
    assert!(right.status.success(), "{}", stderr_of(&right));
    assert_eq!(stdout_of(&right), "correct\n");
    let wrong = check(&format!("L{}", &ws[1..]));
    assert_eq!(wrong.status.code(), Some(1));
    assert!(
        stdout_of(&wrong).contains("both hold L"),
        "{}",
        stdout_of(&wrong)
    );
    assert!(
        stdout_of(&wrong).contains("given as T"),
        "{}",
        stdout_of(&wrong)
    );
    let solve = |line: &str, set: &str| {
        cmd()
            .args(["solve", line, "--symbols", set, "--output", "line"])
            .output()
            .unwrap()
    };
    let letters: String = PUZZLE
        .chars()
        .map(|c| match c {
            '0' => '.',
            d => char::from(b'A' + d as u8 - b'1'),
        })
        .collect();
    for (typed, shown) in [('J', "'J'"), ('1', "'1'")] {
        let line = letters.replacen('E', &typed.to_string(), 1);
        let out = solve(&line, "letters");
        assert_eq!(out.status.code(), Some(2), "{typed}");
        assert!(
            stderr_of(&out).contains(&format!("{shown} is not a symbol of this puzzle (A to I")),
            "{}",
            stderr_of(&out)
        );
    }
    let out = solve(&w, "PLANTWISEX");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("has 10 letters, and a 9x9 grid needs 9"));
    let out = solve(&w.replacen('P', "Q", 1), "PLANTWISE");
    assert!(stderr_of(&out).contains("'Q' is not a symbol of this puzzle (P L A N T W I S E"));
    // Letters without a one-letter capital stay as typed; a repeat names the letter typed.
    let sharp: String = "ßABCDEFGH".to_string();
    let out = solve(PUZZLE, &sharp);
    assert!(!stderr_of(&out).contains("twice"), "{}", stderr_of(&out));
    let out = solve(PUZZLE, "ÿABCDEFGÿ");
    assert!(
        stderr_of(&out).contains("has ÿ twice"),
        "{}",
        stderr_of(&out)
    );
}

/// The easy 25×25 whose turned and relabelled copies gave up as "too symmetric" before.
fn easy_25() -> String {
    fs::read_to_string(fixture("easy-25x25.txt"))
        .unwrap()
        .trim()
        .to_string()
}

#[test]
fn ids_every_copy_of_an_easy_25x25_gets_the_originals_id() {
    let line = easy_25();
    let n = 25;
    let cells: Vec<char> = line.chars().collect();
    let transposed: String = (0..n * n).map(|i| cells[(i % n) * n + i / n]).collect();
    // Bands 0 and 4 exchanged, then relabelled.
    let banded: String = (0..n * n)
        .map(|i| {
            let (row, col) = (i / n, i % n);
            let band = row / 5;
            let from = match band {
                0 => row + 20,
                4 => row - 20,
                _ => row,
            };
            cells[from * n + col]
        })
        .collect();
    let copies = [
        line.clone(),
        transposed.clone(),
        swapped(&banded, 'A', '3'),
        swapped(&swapped(&transposed, '1', 'P'), 'C', 'K'),
    ];
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("copies.txt");
    fs::write(&list, copies.join("\n") + "\n").unwrap();
    let out = cmd().args(["id", "--batch"]).arg(&list).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let ids: Vec<String> = stdout_of(&out).lines().map(str::to_string).collect();
    assert_eq!(ids.len(), 4);
    assert!(ids.iter().all(|id| id == &ids[0]), "{ids:?}");
}

#[test]
fn ids_a_16x16_diagonal_gets_one_and_a_25x25_diagonal_fill_says_why_not() {
    let made = cmd()
        .args([
            "generate",
            "--variant",
            "diagonal",
            "--size",
            "16",
            "--output",
            "json",
        ])
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", stderr_of(&made));
    let record: serde_json::Value = serde_json::from_str(stdout_of(&made).trim()).unwrap();
    let id = record["puzzle_id"].as_str().unwrap();
    assert!(id.starts_with("v1-diagonal16-"), "{id}");
    let dir = tempfile::tempdir().unwrap();
    let out = cmd()
        .args(["library", "fill", "--variant", "diagonal", "--size", "25"])
        .args(["--difficulty", "easy", "--count", "1", "--db"])
        .arg(dir.path().join("lib.db"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("too large to search"),
        "{}",
        stderr_of(&out)
    );
    assert!(!dir.path().join("lib.db").exists());
}

#[test]
fn lines_generate_prints_read_back_as_the_variant_they_are() {
    let dir = tempfile::tempdir().unwrap();
    for variant in [
        "diagonal",
        "window",
        "diagonal+window",
        "jigsaw+diagonal",
        "jigsaw+window",
        "killer+diagonal",
        "butterfly",
    ] {
        let generate = |output: &str| {
            cmd()
                .args(["generate", "--variant", variant, "--difficulty", "easy"])
                .args(["--seed", "2", "--output", output])
                .output()
                .unwrap()
        };
        let line = stdout_of(&generate("line")).trim().to_string();
        assert!(line.starts_with(&format!("{variant}:")), "{line}");
        let json: serde_json::Value =
            serde_json::from_str(stdout_of(&generate("json")).trim()).unwrap();
        let solved = cmd().args(["solve", &line]).output().unwrap();
        assert!(solved.status.success(), "{variant}: {}", stderr_of(&solved));
        let id = cmd().args(["id", &line]).output().unwrap();
        assert_eq!(
            stdout_of(&id).trim(),
            json["puzzle_id"].as_str().unwrap(),
            "{variant}"
        );
        let list = dir.path().join("list.txt");
        fs::write(&list, format!("{line}\n")).unwrap();
        let batch = cmd()
            .args(["solve", "--batch"])
            .arg(&list)
            .output()
            .unwrap();
        assert!(batch.status.success(), "{variant}: {}", stderr_of(&batch));
        let added = cmd()
            .args(["library", "add"])
            .arg(&list)
            .arg("--db")
            .arg(dir.path().join(format!("{}.db", variant.replace('+', "-"))))
            .output()
            .unwrap();
        assert!(added.status.success(), "{variant}: {}", stderr_of(&added));
        // As an exclude list, it leaves the puzzle out.
        let excluded = cmd()
            .args(["generate", "--variant", variant, "--difficulty", "easy"])
            .args(["--seed", "2", "--exclude"])
            .arg(&list)
            .output()
            .unwrap();
        assert_ne!(stdout_of(&excluded).trim(), line, "{variant}");
        // A line that says it is one variant is not read as another.
        let clash = cmd()
            .args(["solve", &line, "--variant", "samurai"])
            .output()
            .unwrap();
        assert_eq!(clash.status.code(), Some(2), "{variant}");
        assert!(stderr_of(&clash).contains("the line says it is"));
    }
}

#[test]
fn messages_name_what_and_where_once() {
    let dir = tempfile::tempdir().unwrap();
    let spec = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        let out = cmd()
            .args(["build", "--check"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        stderr_of(&out)
    };
    let huge = spec(
        "huge.toml",
        "title = \"T\"\n[[section]]\ncount = 99999999999999999999\n",
    );
    assert!(huge.contains("section[1].count"), "{huge}");
    assert!(!huge.contains("i128"), "{huge}");
    let deep = format!(
        "title = \"T\"\n[{}]\n[[section]]\ncount = 1\n",
        vec!["a"; 100].join(".")
    );
    let deep = spec("deep.toml", &deep);
    assert!(
        deep.contains("line 2: tables or arrays nested 100 deep"),
        "{deep}"
    );
    fs::write(dir.path().join("ex.txt"), "x\n").unwrap();
    let exclude = spec(
        "ex.toml",
        "title = \"T\"\nexclude = [\"ex.txt\"]\n[[section]]\ncount = 1\n",
    );
    assert_eq!(exclude.matches("line 1").count(), 1, "{exclude}");
    // `id FILE` names the file; `id --batch` keeps line k on line k.
    let bad = dir.path().join("bad.txt");
    fs::write(&bad, "5...\n").unwrap();
    let out = cmd().arg("id").arg(&bad).output().unwrap();
    assert!(stderr_of(&out).contains("bad.txt: "), "{}", stderr_of(&out));
    let lines = dir.path().join("lines.txt");
    fs::write(&lines, format!("{PUZZLE}\n\nnot a puzzle\n\n{PUZZLE}\n")).unwrap();
    let out = cmd().args(["id", "--batch"]).arg(&lines).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said: Vec<String> = stdout_of(&out).lines().map(str::to_string).collect();
    assert_eq!(said.len(), 5, "{said:?}");
    assert_eq!(said[0], said[4]);
    assert!(said[1].is_empty() && said[2].is_empty() && said[3].is_empty());
}

#[test]
fn messages_name_invisible_characters_by_code_point() {
    let dir = tempfile::tempdir().unwrap();
    for (name, invisible) in [("zwsp", '\u{200b}'), ("rlo", '\u{202e}'), ("nul", '\0')] {
        let line = format!("{}{invisible}{}", &PUZZLE[..40], &PUZZLE[40..]);
        let code = format!("column 41: U+{:04X}", invisible as u32);
        let file = dir.path().join(format!("{name}.txt"));
        fs::write(&file, format!("{line}\n")).unwrap();
        let solve = cmd().arg("solve").arg(&file).output().unwrap();
        assert!(stderr_of(&solve).contains(&code), "{}", stderr_of(&solve));
        let csv = dir.path().join(format!("{name}.csv"));
        fs::write(&csv, format!("{line},{SOLUTION}\n")).unwrap();
        let added = cmd()
            .args(["library", "add"])
            .arg(&csv)
            .arg("--db")
            .arg(dir.path().join("lib.db"))
            .output()
            .unwrap();
        assert!(stderr_of(&added).contains(&code), "{}", stderr_of(&added));
    }
    let inline = format!("{}\u{200b}{}", &PUZZLE[..40], &PUZZLE[40..]);
    let out = cmd().args(["solve", &inline]).output().unwrap();
    assert!(
        stderr_of(&out).contains("column 41: U+200B"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn twodoku_a_mirrored_one_is_read() {
    let made = cmd()
        .args(["generate", "--variant", "twodoku", "--seed", "1"])
        .output()
        .unwrap();
    let line = stdout_of(&made).trim().to_string();
    let n = 15;
    let rows: Vec<String> = (0..n)
        .map(|r| line[r * n..(r + 1) * n].chars().rev().collect())
        .collect();
    let mirrored = rows.concat();
    let id = |text: &str| {
        let out = cmd().args(["id", text]).output().unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        (stdout_of(&out), stderr_of(&out))
    };
    let (original, _) = id(&line);
    let (turned, note) = id(&mirrored);
    assert_eq!(original, turned);
    assert!(note.contains("mirrored left to right"), "{note}");
}

#[test]
fn progress_a_slow_generate_off_a_terminal_says_it_is_alive() {
    let start = Instant::now();
    let out = Process::new(assert_cmd::cargo::cargo_bin("sudoku-book"))
        .args(["generate", "--variant", "killer", "--difficulty", "easy"])
        .args(["--count", "4", "--jobs", "1"])
        .env("SUDOKU_BOOK_PROGRESS_EVERY", "1")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    if start.elapsed().as_secs_f64() > 2.5 {
        assert!(
            stderr_of(&out).contains("puzzles made,"),
            "{}",
            stderr_of(&out)
        );
    }
}
