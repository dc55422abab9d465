//! The modern kinds (issue 46) through the binary: every kind generated at easy, medium and
//! hard as lines, JSON and f-puzzles objects, read back by every reader, checked with the broken
//! rule named; SudokuPad links that decompress to the f-puzzles object; the same seed giving the
//! same puzzles whatever the thread count; and each refusal with one message and exit 2.

use super::util::{cmd, stderr_of, stdout_of};

/// Every modern kind, as `--variant` names it (every kind but killer cages: a kind added to the
/// engine is tested here at once).
fn kinds() -> Vec<&'static str> {
    sudoku_book::grid::RuleKind::ALL
        .iter()
        .filter(|&&k| k != sudoku_book::grid::RuleKind::Cages)
        .map(|k| k.name())
        .collect()
}

fn generate(args: &[&str]) -> std::process::Output {
    cmd().arg("generate").args(args).output().unwrap()
}

fn written(dir: &tempfile::TempDir, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn every_kind_is_generated_at_each_level_and_read_back_unique() {
    let dir = tempfile::tempdir().unwrap();
    for kind in kinds() {
        for level in ["easy", "medium", "hard"] {
            let args = [
                "--variant",
                kind,
                "--difficulty",
                level,
                "--count",
                "1",
                "--seed",
                "3",
            ];
            let line = generate(&args);
            assert!(
                line.status.success(),
                "{kind} {level}: {}",
                stderr_of(&line)
            );
            let text = stdout_of(&line);
            assert!(text.contains(&format!("|rules:{kind}")), "{kind}: {text}");
            let file = written(&dir, "p.txt", &text);
            let solved = cmd()
                .args(["solve", "--logic"])
                .arg(&file)
                .output()
                .unwrap();
            assert!(solved.status.success(), "{kind}: {}", stderr_of(&solved));
            assert!(
                stdout_of(&solved).contains("Completely solved by logic"),
                "{kind}"
            );
            let rated = cmd().args(["rate"]).arg(&file).output().unwrap();
            assert!(
                stdout_of(&rated).contains(&format!("level {level}")),
                "{kind}: {}",
                stdout_of(&rated)
            );
            let json = generate(&[&args[..], &["--output", "json"]].concat());
            let record: serde_json::Value = serde_json::from_str(stdout_of(&json).trim()).unwrap();
            assert_eq!(record["variant"], kind);
            assert_eq!(record["level"], level);
            let file = written(&dir, "p.json", &stdout_of(&json));
            let again = cmd().args(["solve"]).arg(&file).output().unwrap();
            assert!(again.status.success(), "{kind}: {}", stderr_of(&again));
        }
    }
}

#[test]
fn fpuzzles_objects_carry_each_kinds_keys_and_the_solution() {
    let expect = [
        ("anti-knight", "antiknight"),
        ("anti-king", "antiking"),
        ("non-consecutive", "nonconsecutive"),
        ("disjoint-groups", "disjointgroups"),
        ("even-odd", "even"),
        ("kropki", "difference"),
        ("kropki-negative", "negative"),
        ("xv", "xv"),
        ("xv-negative", "negative"),
        ("min-max", "minimum"),
        ("quadruple", "quadruple"),
    ];
    for (kind, key) in expect {
        let out = generate(&[
            "--variant",
            kind,
            "--count",
            "1",
            "--seed",
            "5",
            "--output",
            "fpuzzles",
        ]);
        assert!(out.status.success(), "{kind}: {}", stderr_of(&out));
        let object: serde_json::Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
        assert_eq!(object["size"], 9);
        assert!(object.get(key).is_some(), "{kind}: no {key} in {object}");
        assert_eq!(object["solution"].as_array().unwrap().len(), 81);
        assert_eq!(object["grid"].as_array().unwrap().len(), 9);
    }
    let negative = generate(&[
        "--variant",
        "kropki-negative",
        "--count",
        "1",
        "--output",
        "fpuzzles",
    ]);
    let object: serde_json::Value = serde_json::from_str(stdout_of(&negative).trim()).unwrap();
    assert_eq!(object["nonconsecutive"], true);
    assert_eq!(object["negative"], serde_json::json!(["ratio"]));
}

#[test]
fn sudokupad_links_hold_the_fpuzzles_object() {
    let args = ["--variant", "xv+kropki", "--count", "2", "--seed", "8"];
    let links = generate(&[&args[..], &["--output", "sudokupad"]].concat());
    let objects = generate(&[&args[..], &["--output", "fpuzzles"]].concat());
    assert!(links.status.success(), "{}", stderr_of(&links));
    for (link, object) in stdout_of(&links).lines().zip(stdout_of(&objects).lines()) {
        let payload = link
            .strip_prefix("https://sudokupad.app/fpuzzles")
            .expect(link);
        let text = lz_str::decompress_from_base64(payload).expect("a payload");
        assert_eq!(String::from_utf16_lossy(&text), object);
    }
}

#[test]
fn same_seed_same_marked_puzzles_whatever_the_jobs() {
    for kind in ["kropki", "anti-knight+diagonal", "even-odd+anti-knight"] {
        let args = [
            "--variant",
            kind,
            "--count",
            "4",
            "--seed",
            "12",
            "--difficulty",
            "medium",
        ];
        let one = generate(&[&args[..], &["--jobs", "1"]].concat());
        let two = generate(&[&args[..], &["--jobs", "2"]].concat());
        assert!(one.status.success(), "{kind}: {}", stderr_of(&one));
        assert_eq!(one.stdout, two.stdout, "{kind}");
    }
}

#[test]
fn check_names_the_broken_rule_and_the_cells() {
    let dir = tempfile::tempdir().unwrap();
    let empty = ".".repeat(81);
    // A classic grid in which r1c3 and r2c5 both hold 2, a knight's move apart.
    let answer =
        "642537981579821643183946725351784269298653174764192358917468532826315497435279816";
    let answer = written(&dir, "a.txt", answer);
    let cases = [
        (
            "rules:anti-knight",
            "r1c3 and r2c5 are a knight's move apart and both hold 2",
        ),
        (
            "rules:kropki;w:r1c1+r1c2",
            "r1c1 (6) and r1c2 (4) break the white dot between them",
        ),
        (
            "rules:distinct-cages;c:r1c3+r1c4+r2c4+r2c5",
            "r1c3 and r2c5 are in one cage and both hold 2",
        ),
    ];
    for (rules, says) in cases {
        let puzzle = written(&dir, "p.txt", &format!("{empty}|{rules}\n"));
        let out = cmd()
            .arg("check")
            .arg(&puzzle)
            .arg(&answer)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{rules}");
        assert!(
            stdout_of(&out).contains(says),
            "{rules}: {}",
            stdout_of(&out)
        );
    }
}

#[test]
fn fpuzzles_cages_without_sums_are_read_as_cages_whose_digits_differ() {
    let dir = tempfile::tempdir().unwrap();
    let made = generate(&[
        "--variant",
        "distinct-cages",
        "--difficulty",
        "medium",
        "--seed",
        "6",
        "--output",
        "fpuzzles",
    ]);
    let text = String::from_utf8(made.stdout).unwrap();
    let object: serde_json::Value = serde_json::from_str(&text).unwrap();
    let cages = object["killercage"].as_array().expect("cages");
    assert!(
        cages.len() >= 9 && cages.iter().all(|c| c.get("value").is_none()),
        "{object}"
    );
    let file = written(&dir, "cages.json", &text);
    let line = generate(&[
        "--variant",
        "distinct-cages",
        "--difficulty",
        "medium",
        "--seed",
        "6",
    ]);
    let id = |path: &std::path::Path| {
        let out = cmd().arg("id").arg(path).output().unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        stdout_of(&out)
    };
    let line = written(&dir, "cages.txt", &String::from_utf8(line.stdout).unwrap());
    assert_eq!(
        id(&file),
        id(&line),
        "the same puzzle read from either form"
    );
    let solved = cmd()
        .args(["solve", "--logic"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        stdout_of(&solved).contains("Completely solved by logic"),
        "{}",
        stdout_of(&solved)
    );
    // Cages with and without sums in one puzzle are refused, naming what is missing.
    let mut mixed = object.clone();
    mixed["killercage"][0]["value"] = serde_json::json!("12");
    let file = written(&dir, "mixed.json", &mixed.to_string());
    let out = cmd().arg("solve").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("with and without sums"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn bad_marks_and_impossible_requests_get_one_message_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let empty = ".".repeat(81);
    let bad_lines = [
        (format!("{empty}|rules:kropki;w:r1c1+r1c3"), "do not"),
        (
            format!("{empty}|rules:kropki;w:r1c1+r1c2;w:r1c2+r1c1"),
            "marked twice",
        ),
        (format!("{empty}|rules:thermometer"), "unknown rule"),
        (format!("{empty}|rules:quadruple;q:r9c9:1"), "has none"),
        (format!("kropki:{empty}"), "needs its marks"),
        (
            format!("xv:{empty}|rules:kropki;w:r1c1+r1c2"),
            "does not name xv",
        ),
    ];
    for (line, says) in bad_lines {
        let file = written(&dir, "bad.txt", &line);
        let out = cmd().arg("solve").arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{line}");
        assert!(
            stderr_of(&out).contains(says),
            "{line}: {}",
            stderr_of(&out)
        );
        assert_eq!(stderr_of(&out).lines().count(), 1, "{}", stderr_of(&out));
    }
    let refused = [
        (
            vec!["--variant", "kropki+killer+samurai"],
            "combine with no other variant",
        ),
        (
            vec!["--variant", "kropki", "--difficulty", "diabolical"],
            "diabolical",
        ),
        (vec!["--variant", "xv", "--size", "4"], "X and V"),
        (vec!["--variant", "anti-knight", "--size", "25"], "up to 16"),
        (
            vec!["--variant", "disjoint-groups+jigsaw"],
            "disjoint groups need boxes",
        ),
        (
            vec!["--variant", "samurai", "--output", "fpuzzles"],
            "draw one grid",
        ),
    ];
    for (args, says) in refused {
        let out = generate(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr_of(&out));
        assert!(
            stderr_of(&out).contains(says),
            "{args:?}: {}",
            stderr_of(&out)
        );
    }
}

#[test]
fn killer_cages_beside_kropki_dots_are_exported_with_both() {
    let out = generate(&[
        "--variant",
        "kropki+killer",
        "--difficulty",
        "medium",
        "--output",
        "fpuzzles",
    ]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let object: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cages = object["killercage"].as_array().expect("killer cages");
    let cells: usize = cages
        .iter()
        .map(|c| c["cells"].as_array().unwrap().len())
        .sum();
    assert_eq!(cells, 81, "the cages cover the grid");
    assert!(cages.iter().all(|c| {
        c["value"]
            .as_str()
            .is_some_and(|v| v.parse::<u32>().is_ok())
    }));
    let dots = ["difference", "ratio"].map(|k| object[k].as_array().map_or(0, Vec::len));
    assert!(
        dots.iter().sum::<usize>() > 0,
        "Kropki dots beside the cages: {object}"
    );
    assert!(
        object["title"].as_str().unwrap().contains("(medium)"),
        "{object}"
    );
}

#[test]
fn a_variety_book_prints_every_kinds_marks_and_rules() {
    let dir = tempfile::tempdir().unwrap();
    let mut spec = String::from(
        "title = \"Variety\"\nseed = 46\nlayout = \"2up\"\n\n[page]\nsize = \"letter\"\n",
    );
    for kind in [
        "kropki",
        "xv-negative",
        "even-odd",
        "quadruple",
        "anti-knight",
        "min-max",
    ] {
        spec.push_str(&format!(
            "\n[[section]]\ntitle = \"{kind}\"\nvariant = \"{kind}\"\ncount = 2\ndifficulty = \"easy\"\n"
        ));
    }
    let spec_path = written(&dir, "v.toml", &spec);
    let out = dir.path().join("book");
    let built = super::util::build_book(&spec_path, &out);
    assert!(built.status.success(), "{}", stderr_of(&built));
    let manifest = super::util::manifest_of(&out);
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 12);
    let kropki = puzzles.iter().find(|p| p["variant"] == "kropki").unwrap();
    assert!(!kropki["constraints"].as_array().unwrap().is_empty());
    let knight = puzzles
        .iter()
        .find(|p| p["variant"] == "anti-knight")
        .unwrap();
    assert!(knight.get("constraints").is_none());
    // The first puzzle page draws the dots; How to play states the rule.
    let svg = std::fs::read_to_string(out.join("pages/page-003.svg")).unwrap();
    assert!(svg.contains("<polygon"), "no dots drawn");
    let text = std::process::Command::new("pdftotext")
        .arg(out.join("book.pdf"))
        .arg("-")
        .output();
    if let Ok(text) = text {
        let text = String::from_utf8_lossy(&text.stdout).replace('\n', " ");
        assert!(text.contains("white dot differ by 1"), "{text}");
        assert!(text.contains("knight"), "{text}");
        assert!(text.contains("Kropki · Easy"), "{text}");
    }
}

#[test]
fn fpuzzles_objects_links_and_payloads_are_read_back_as_the_same_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    for kind in [
        "kropki-negative",
        "xv",
        "even-odd+anti-knight",
        "quadruple",
        "min-max",
        "disjoint-groups+window",
    ] {
        let args = ["--variant", kind, "--count", "1", "--seed", "21"];
        let line = stdout_of(&generate(&args));
        let object = stdout_of(&generate(&[&args[..], &["--output", "fpuzzles"]].concat()));
        let link = stdout_of(&generate(&[&args[..], &["--output", "sudokupad"]].concat()));
        let payload = link
            .trim()
            .strip_prefix("https://sudokupad.app/fpuzzles")
            .unwrap()
            .to_string();
        let fpuzzles_link = format!("https://www.f-puzzles.com/?load={payload}\n");
        for input in [object, link, payload + "\n", fpuzzles_link] {
            let file = written(&dir, "in.txt", &input);
            let out = cmd()
                .args(["convert", "--to", "line"])
                .arg(&file)
                .output()
                .unwrap();
            assert!(out.status.success(), "{kind}: {}", stderr_of(&out));
            assert_eq!(stdout_of(&out), line, "{kind}: {input}");
        }
    }
}

#[test]
fn a_books_puzzles_convert_to_links_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "title = \"V\"\nseed = 3\n\n[[section]]\nvariant = \"kropki\"\ncount = 2\ndifficulty = \"easy\"\n\n[[section]]\nvariant = \"anti-king\"\ncount = 1\ndifficulty = \"easy\"\n";
    let spec = written(&dir, "v.toml", spec);
    let out = dir.path().join("book");
    assert!(super::util::build_book(&spec, &out).status.success());
    let links = cmd()
        .args(["convert", "--to", "sudokupad"])
        .arg(out.join("book.json"))
        .output()
        .unwrap();
    assert!(links.status.success(), "{}", stderr_of(&links));
    assert_eq!(stdout_of(&links).lines().count(), 3);
    let objects = cmd()
        .args(["convert", "--to", "fpuzzles"])
        .arg(out.join("book.json"))
        .output()
        .unwrap();
    let first: serde_json::Value =
        serde_json::from_str(stdout_of(&objects).lines().next().unwrap()).unwrap();
    assert_eq!(first["title"], "kropki #1 (easy)");
    assert_eq!(first["solution"].as_array().unwrap().len(), 81);
    let file = written(&dir, "links.txt", &stdout_of(&links));
    let back = cmd()
        .args(["convert", "--to", "json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(back.status.success(), "{}", stderr_of(&back));
    let record: serde_json::Value =
        serde_json::from_str(stdout_of(&back).lines().next().unwrap()).unwrap();
    let manifest = super::util::manifest_of(&out);
    assert_eq!(record["givens"], manifest["puzzles"][0]["givens"]);
    assert_eq!(record["constraints"], manifest["puzzles"][0]["constraints"]);
}

#[test]
fn bad_fpuzzles_input_gets_one_message_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let row = |cells: &str| format!("[{cells}]");
    let empty_row = row(&["{}"; 9].join(","));
    let grid = format!("[{}]", vec![empty_row.clone(); 9].join(","));
    let cases = [
        (
            format!(
                "{{\"size\":9,\"grid\":{grid},\"thermometer\":[{{\"lines\":[[\"R1C1\",\"R1C2\"]]}}]}}"
            ),
            "\"thermometer\" is not supported yet",
        ),
        (
            format!(
                "{{\"size\":9,\"grid\":{grid},\"difference\":[{{\"cells\":[\"R1C1\",\"R1C3\"]}}]}}"
            ),
            "do not",
        ),
        (
            format!(
                "{{\"size\":9,\"grid\":{grid},\"difference\":[{{\"cells\":[\"R1C1\",\"R1C12\"]}}]}}"
            ),
            "r1c12",
        ),
        (
            format!(
                "{{\"size\":9,\"grid\":{grid},\"ratio\":[{{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":3}}]}}"
            ),
            "only 2",
        ),
        (
            format!("{{\"size\":9,\"grid\":{grid},\"diagonal+\":true}}"),
            "one diagonal",
        ),
        (format!("{{\"size\":99,\"grid\":{grid}}}"), "from 4 to 16"),
        (
            format!("{{\"size\":9,\"grid\":[{empty_row}]}}"),
            "must be 9 rows",
        ),
        (
            format!("{{\"size\":9,\"grid\":{grid},\"negative\":[\"ratio\"]}}"),
            "without \"nonconsecutive\"",
        ),
        (
            "https://sudokupad.app/fpuzzlesN4IgnotAPayload".to_string(),
            "does not decompress",
        ),
        (format!("N4Ig{}", "A".repeat(1_100_000)), "too long"),
    ];
    for (input, says) in cases {
        let file = written(&dir, "bad.txt", &input);
        let out = cmd().arg("solve").arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{says}: {}", stderr_of(&out));
        assert!(
            stderr_of(&out).contains(says),
            "{says}: {}",
            stderr_of(&out)
        );
    }
    // Drawing-only keys are read past, with a note.
    let cosmetic = format!(
        "{{\"size\":9,\"grid\":{grid},\"antiknight\":true,\"text\":[{{\"cells\":[\"R1C1\"],\"value\":\"hi\"}}]}}"
    );
    let file = written(&dir, "note.txt", &cosmetic);
    let out = cmd().arg("solve").arg(&file).output().unwrap();
    assert!(
        stderr_of(&out).contains("\"text\" is drawing only"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn format_fpuzzles_reads_objects_and_refuses_anything_else() {
    let dir = tempfile::tempdir().unwrap();
    let object = generate(&["--variant", "xv", "--seed", "4", "--output", "fpuzzles"]);
    let object = written(&dir, "xv.json", &String::from_utf8(object.stdout).unwrap());
    let link = generate(&["--variant", "xv", "--seed", "4", "--output", "sudokupad"]);
    let link = written(&dir, "xv.link", &String::from_utf8(link.stdout).unwrap());
    for input in [&object, &link] {
        let out = cmd()
            .args(["rate", "--format", "fpuzzles"])
            .arg(input)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        assert!(stdout_of(&out).contains("level"), "{}", stdout_of(&out));
    }
    let line = written(&dir, "line.txt", &format!("{}\n", ".".repeat(81)));
    for command in ["solve", "rate", "id"] {
        let out = cmd()
            .args([command, "--format", "fpuzzles"])
            .arg(&line)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr_of(&out));
        // `rate` reports a line it cannot read in its output, as for any batch of lines.
        let said = format!("{}{}", stdout_of(&out), stderr_of(&out));
        assert!(
            said.contains("--format fpuzzles: this is not an f-puzzles"),
            "{command}: {said}"
        );
    }
}
