//! Symbol sets through the binary: books in letters, a word, numbers and pictures keep the
//! puzzles of their seed (symbols are presentation only), refusals name the key and why, and
//! `--symbols` reads and writes puzzle lines in letters, a word or 0–F.

use std::path::Path;

use proptest::prelude::*;

use super::util::{build_book, cmd, manifest_of, stderr_of, stdout_of};

/// Writes `spec` as `NAME.toml` in `dir` and builds it into `dir/NAME`.
fn build(dir: &Path, name: &str, spec: &str) -> std::process::Output {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, spec).unwrap();
    build_book(&path, &dir.join(name))
}

fn puzzles(dir: &Path, name: &str) -> Vec<serde_json::Value> {
    manifest_of(&dir.join(name))["puzzles"]
        .as_array()
        .unwrap()
        .clone()
}

const SETS: [(&str, usize); 6] = [
    ("letters", 6),
    ("PLANTS", 6),
    ("0-F", 6),
    ("1-16", 6),
    ("pictures", 6),
    ("colours", 6),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    /// The same seed gives the same puzzles whatever the symbols.
    #[test]
    fn symbols_are_only_presentation(seed in 1u64..1000, which in 0usize..6) {
        let dir = tempfile::tempdir().unwrap();
        let (set, size) = SETS[which];
        let plain = format!("title = \"T\"\nseed = {seed}\n[[section]]\nsize = {size}\ncount = 3\n");
        let with = format!("{plain}symbols = \"{set}\"\n");
        prop_assert!(build(dir.path(), "plain", &plain).status.success());
        let out = build(dir.path(), "with", &with);
        prop_assert!(out.status.success(), "{}", stderr_of(&out));
        let (a, b) = (puzzles(dir.path(), "plain"), puzzles(dir.path(), "with"));
        for (a, b) in a.iter().zip(&b) {
            prop_assert_eq!(&a["givens"], &b["givens"]);
            prop_assert_eq!(&a["solution"], &b["solution"]);
            prop_assert_eq!(b["symbols"].as_array().map(Vec::len), Some(size));
        }
    }
}

#[test]
fn a_wordoku_hides_its_word_in_each_solution() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "title = \"W\"\nsymbols = \"plantwise\"\nword_in = \"row 1\"\n[[section]]\ncount = 3\n\
        [[section]]\nvariant = \"diagonal\"\ncount = 2\nword_in = \"diagonal\"\n";
    let out = build(dir.path(), "word", spec);
    assert!(out.status.success(), "{}", stderr_of(&out));
    for (i, p) in puzzles(dir.path(), "word").iter().enumerate() {
        let letters: Vec<&str> = p["symbols"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let solution: Vec<usize> = p["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as usize)
            .collect();
        let cells: Vec<usize> = if i < 3 {
            (0..9).collect()
        } else {
            (0..9).map(|k| k * 9 + k).collect()
        };
        let read: String = cells.iter().map(|&c| letters[solution[c] - 1]).collect();
        assert_eq!(read, "PLANTWISE", "puzzle {}", i + 1);
    }
    // The playable edition shows the letters, its pad in the word's order.
    let page = std::fs::read_to_string(dir.path().join("word/book.html")).unwrap();
    assert!(
        page.contains("\"symbols\":[{\"name\":"),
        "no symbols in book.html"
    );
    assert!(page.contains("\"order\":["), "no pad order in book.html");
}

#[test]
fn symbol_sets_that_do_not_fit_are_refused_with_their_key() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "symbols = \"PLANTS\"\n[[section]]\ncount = 1\n",
            "symbols",
            "has 6 letters",
        ),
        (
            "[[section]]\ncount = 1\nsymbols = \"ABBA\"\nsize = 4\n",
            "section[1].symbols",
            "B twice",
        ),
        (
            "[[section]]\ncount = 1\nsize = 12\nsymbols = \"pictures\"\n",
            "section[1].symbols",
            "up to 9x9",
        ),
        (
            "[[section]]\ncount = 1\nsize = 25\nsymbols = \"0-F\"\n",
            "section[1].symbols",
            "use 1-25",
        ),
        (
            "[[section]]\ncount = 1\nvariant = \"killer\"\nsymbols = \"letters\"\n",
            "section[1].symbols",
            "must be digits",
        ),
        (
            "[[section]]\ncount = 1\nword_in = \"row 1\"\n",
            "section[1].word_in",
            "word of distinct letters",
        ),
        (
            "[[section]]\ncount = 1\nsymbols = \"PLANTWISE\"\nword_in = \"diagonal\"\n",
            "section[1].word_in",
            "diagonal variant",
        ),
        (
            "[[section]]\ncount = 1\nsymbols = \"PLANTWISE\"\nword_in = \"column 3\"\n",
            "section[1].word_in",
            "row 1",
        ),
        (
            "[[section]]\ncount = 1\nsymbols = \"emoji!\"\n",
            "section[1].symbols",
            "not a symbol set",
        ),
        (
            "[[section]]\ncount = 1\nsize = 6\nsymbols = \"привет\"\n",
            "section[1].symbols",
            "not in the font",
        ),
    ];
    for (i, (body, key, why)) in cases.iter().enumerate() {
        let out = build(
            dir.path(),
            &format!("bad{i}"),
            &format!("title = \"B\"\n{body}"),
        );
        let message = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{body}: {message}");
        assert!(
            message.contains(key) && message.contains(why),
            "{body}: {message}"
        );
    }
}

#[test]
fn puzzle_lines_read_and_write_in_symbols() {
    let generated = cmd()
        .args([
            "generate",
            "--symbols",
            "PLANTWISE",
            "--count",
            "2",
            "--seed",
            "5",
        ])
        .output()
        .unwrap();
    assert!(generated.status.success(), "{}", stderr_of(&generated));
    let lines = stdout_of(&generated);
    assert!(lines.chars().all(|c| "PLANTWISE.\n".contains(c)), "{lines}");
    let solved = cmd()
        .args(["solve", "--batch", "--symbols", "PLANTWISE", "-"])
        .write_stdin(lines.clone())
        .output()
        .unwrap();
    assert!(solved.status.success(), "{}", stderr_of(&solved));
    for (puzzle, solution) in lines.lines().zip(stdout_of(&solved).lines()) {
        assert_eq!(solution.len(), 81);
        assert!(
            puzzle
                .chars()
                .zip(solution.chars())
                .all(|(p, s)| p == '.' || p == s)
        );
    }
    // The same puzzles in digits: the generator made the same ones.
    let digits = stdout_of(
        &cmd()
            .args(["generate", "--count", "2", "--seed", "5"])
            .output()
            .unwrap(),
    );
    let shape = |text: &str| -> Vec<bool> { text.chars().map(|c| c == '.').collect() };
    assert_eq!(shape(&digits), shape(&lines));
    // The single-puzzle page shows them too.
    let html = play_page(&["--symbols", "PLANTWISE", "--seed", "3"]);
    assert!(
        html.contains("\"symbols\":[{\"name\":\"P\""),
        "no symbols on the page"
    );
    let refused = cmd()
        .args(["generate", "--symbols", "pictures"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr_of(&refused).contains("--symbols"),
        "{}",
        stderr_of(&refused)
    );
}

/// The words of an SVG page, its lines joined by spaces (a wrapped sentence reads whole).
fn words_of(svg: &str) -> String {
    let mut words = String::new();
    let mut in_tag = false;
    for c in svg.chars() {
        match c {
            '<' => {
                in_tag = true;
                words.push(' ');
            }
            '>' => in_tag = false,
            _ if !in_tag => words.push(c),
            _ => {}
        }
    }
    words.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every `rXcY = V` or `rXcY=V` of a text whose value `V` is a digit (a step written in digits).
fn digit_placements(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for (i, window) in bytes.windows(4).enumerate() {
        let cell = window[0] == b'r' && window[1].is_ascii_digit() && window[2] == b'c';
        if !cell || !window[3].is_ascii_digit() {
            continue;
        }
        let rest = &text[i + 4..];
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let value = rest.strip_prefix(" = ").or_else(|| rest.strip_prefix('='));
        if value.is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit())) {
            found.push(text[i..(i + 12).min(text.len())].to_string());
        }
    }
    found
}

#[test]
fn walkthroughs_and_strategy_pages_speak_the_puzzles_symbols() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "title = \"Words and pictures\"\nseed = 7\nsymbols = \"PLANTWISE\"\n\
        word_in = \"row 1\"\n[strategies]\ninclude = true\n\
        [[section]]\ntitle = \"Wordoku\"\ncount = 2\ndifficulty = \"hard\"\nwalkthrough = true\n\
        [[section]]\ntitle = \"Pictures\"\nsize = 6\ncount = 2\nsymbols = \"pictures\"\n\
        difficulty = \"medium\"\nwalkthrough = true\n";
    let out = build(dir.path(), "book", spec);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let mut text = String::new();
    let pages = dir.path().join("book/pages");
    let mut names: Vec<_> = std::fs::read_dir(&pages)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for page in names {
        text.push_str(&words_of(&std::fs::read_to_string(page).unwrap()));
    }
    assert_eq!(digit_placements(&text), Vec::<String>::new());
    for expected in [
        // A Wordoku step and a picture step, in the walkthroughs.
        "Worked solution",
        "Pointing square in box 5 and row 6",
        "Small symbols:",
        "singles place 3 symbols",
        // The levels and each strategy page say symbols, not digits.
        "candidate symbols to spot a pair",
        "In this book a “digit” can be any of the letters of PLANTWISE.",
        "any of the pictures star, heart, circle, square, triangle and moon",
    ] {
        assert!(text.contains(expected), "no {expected:?} in the pages");
    }
    // The playable edition gives its engine each puzzle's symbol names, which its hints use
    // (the engine's wording with names: crates/engine-wasm, steps_are_told_in_the_pages_words_and_names).
    let html = std::fs::read_to_string(dir.path().join("book/book.html")).unwrap();
    for name in ["\"name\":\"circle\"", "\"name\":\"moon\"", "\"text\":\"P\""] {
        assert!(html.contains(name), "no {name} in book.html");
    }
}

#[test]
fn how_to_play_tells_apart_one_grid_in_two_symbol_sets() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "title = \"Mixed\"\n[[section]]\ncount = 1\n\
        [[section]]\ncount = 1\nsymbols = \"PLANTWISE\"\n";
    let out = build(dir.path(), "mixed", spec);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let page = std::fs::read_to_string(dir.path().join("mixed/pages/page-002.svg")).unwrap();
    assert!(page.contains("Classic · Digits"), "{page}");
    assert!(page.contains("Classic · Wordoku"), "{page}");
}

#[test]
fn logic_solving_hints_and_paths_name_the_symbols() {
    let line = stdout_of(
        &cmd()
            .args(["generate", "--symbols", "PLANTWISE", "--seed", "3"])
            .args(["--difficulty", "hard"])
            .output()
            .unwrap(),
    );
    let line = line.trim();
    let solved = cmd()
        .args(["solve", "--logic", "-v", "--symbols", "PLANTWISE", line])
        .output()
        .unwrap();
    assert!(solved.status.success(), "{}", stderr_of(&solved));
    let report = stdout_of(&solved);
    assert!(report.contains("Pointing {W}"), "{report}");
    assert!(report.contains("Completely solved by logic in"), "{report}");
    assert_eq!(digit_placements(&report), Vec::<String>::new());
    let solution = report.split("Solution:").nth(1).unwrap_or_default();
    assert!(
        solution.chars().filter(char::is_ascii_alphabetic).count() == 81
            && !solution.chars().any(|c| c.is_ascii_digit()),
        "the solution is not in letters: {report}"
    );
    let path = stdout_of(
        &cmd()
            .args(["rate", "--path", "--symbols", "PLANTWISE", line])
            .output()
            .unwrap(),
    );
    assert!(path.contains("r5c3 = L"), "{path}");
    assert_eq!(digit_placements(&path), Vec::<String>::new());
    let hint = cmd()
        .args(["hint", "--symbols", "PLANTWISE", line, "--cell", "r1c3"])
        .output()
        .unwrap();
    assert_eq!(stdout_of(&hint), "r1c3 = I\n");
}

#[test]
fn play_shows_pictures_of_a_puzzle_typed_in_digits() {
    let html = play_page(&["--symbols", "pictures", "--size", "6", "--seed", "4"]);
    assert!(
        html.contains("{\"name\":\"star\",\"path\":\"M"),
        "no pictures"
    );
    let dir = tempfile::tempdir().unwrap();
    let too_big = cmd()
        .args(["play", "--symbols", "pictures", "--size", "16", "-o"])
        .arg(dir.path().join("big.html"))
        .output()
        .unwrap();
    assert_eq!(too_big.status.code(), Some(2));
    assert!(stderr_of(&too_big).contains("up to 9x9"));
}

/// The page `play` writes with these arguments.
fn play_page(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("play.html");
    let played = cmd()
        .arg("play")
        .args(args)
        .arg("-o")
        .arg(&page)
        .output()
        .unwrap();
    assert!(played.status.success(), "{}", stderr_of(&played));
    std::fs::read_to_string(&page).unwrap()
}
