//! Canonical IDs: every symmetry image of a puzzle of each shape has the puzzle's ID (property
//! test, 1,000 images a shape), puzzles with another given count never share one, and the IDs of
//! the shared data sets are stable (a golden summary in `tests/golden/ids.txt`).

use proptest::prelude::*;

use super::util::{build_book, cmd, data_dir, manifest_of, puzzle_ids, stdout_of};
use sudoku_book::generate::{Generated, Request, Target, generate};
use sudoku_book::grid::{Group, Variant, puzzle_id};

/// The shapes: variant and size.
const SHAPES: [(&str, usize); 11] = [
    ("classic", 4),
    ("classic", 6),
    ("classic", 9),
    ("classic", 12),
    ("diagonal", 9),
    ("window", 9),
    ("jigsaw", 9),
    ("killer", 9),
    ("samurai", 9),
    ("twodoku", 9),
    ("butterfly", 9),
];

fn puzzle((variant, size): (&str, usize), seed: u64) -> Generated {
    let request = Request {
        target: Target::Any,
        ..Request::new(variant.parse::<Variant>().unwrap(), size)
    };
    generate(&request, seed).unwrap()
}

/// A number source for `Group::random_move` from a seed (xorshift).
fn below_from(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed | 1;
    move |k| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % k as u64) as usize
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    /// Ten puzzles a shape, a hundred random images each: one ID for all of them; and the puzzle
    /// with one given less (another given count: never an image) has another.
    #[test]
    fn images_share_the_id_and_other_puzzles_do_not(seed in 0u64..1_000_000) {
        for (index, &shape) in SHAPES.iter().enumerate() {
            let made = puzzle(shape, seed);
            let id = puzzle_id(&made.geometry, &made.givens).unwrap();
            let group = Group::of(&made.geometry);
            let mut below = below_from(seed ^ index as u64);
            for _ in 0..100 {
                let chosen = group.random_move(&mut below);
                let geo = chosen.apply_geometry(&made.geometry).unwrap();
                let image = chosen.apply(&made.givens);
                let moved = puzzle_id(&geo, &image);
                prop_assert_eq!(moved.as_ref(), Some(&id), "{:?}", shape);
            }
            let mut fewer = made.givens.clone();
            if let Some(cell) = (0..fewer.cells().len()).find(|&c| fewer.get(c) != 0) {
                fewer.set(cell, 0);
                prop_assert_ne!(puzzle_id(&made.geometry, &fewer), Some(id));
            }
        }
    }
}

/// Per data set: the count of IDs, of distinct IDs, a hash of them all in order, and the first
/// three; compared with `tests/golden/ids.txt` (`UPDATE_GOLDEN=1` rewrites it).
#[test]
fn ids_of_the_shared_sets_are_stable() {
    let Some(data) = data_dir() else {
        return;
    };
    let mut summary = String::new();
    for set in [
        "puzzles2_17_clue.txt",
        "puzzles3_magictour_top1465.txt",
        "puzzles5_forum_hardest_1905_11plus.txt",
    ] {
        let path = data.join(set);
        let output = cmd()
            .args(["id", "--batch", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(output.status.success(), "{set}");
        let ids = stdout_of(&output);
        let lines: Vec<&str> = ids.lines().collect();
        let mut distinct = lines.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let hash = ids.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        summary.push_str(&format!(
            "{set}: {} ids, {} distinct, fnv64 {hash:016x}\n  first: {}\n",
            lines.len(),
            distinct.len(),
            lines[..3].join(" ")
        ));
    }
    let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/ids.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &summary).unwrap();
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_default();
    assert_eq!(summary, expected, "IDs changed: a new ID version is needed");
}

/// The IDs of a built book's puzzles and how many repeats it replaced, from its book.json.
fn book_ids(dir: &std::path::Path) -> (Vec<String>, u64) {
    let manifest = manifest_of(dir);
    let repeats = manifest["repeats_replaced"].as_u64().unwrap();
    (puzzle_ids(&manifest), repeats)
}

#[test]
fn a_book_never_repeats_a_puzzle_nor_one_it_excludes() {
    let dir = tempfile::tempdir().unwrap();
    // A 4x4 easy section has only 13 minimal puzzles: 40 places need fresh ones with more
    // givens, and the build says how many were made again.
    let first = dir.path().join("vol1.toml");
    std::fs::write(
        &first,
        "title = \"Tiny 1\"\nseed = 4\n[[section]]\ntitle = \"Four\"\nsize = 4\ndifficulty = \"easy\"\ncount = 40\n",
    )
    .unwrap();
    let output = build_book(&first, &dir.path().join("vol1"));
    assert!(output.status.success(), "{output:?}");
    let (ids, repeats) = book_ids(&dir.path().join("vol1"));
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 40, "every puzzle of the book is another");
    assert!(repeats > 0);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("made again"), "{stderr}");
    // Volume 2 excludes volume 1 (a book.json) and a list (an ID and a puzzle line).
    let list = dir.path().join("used.txt");
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    std::fs::write(&list, format!("# used elsewhere\n{}\n{line}\n", ids[0])).unwrap();
    let second = dir.path().join("vol2.toml");
    std::fs::write(
        &second,
        "title = \"Tiny 2\"\nseed = 4\nexclude = [\"vol1/book.json\", \"used.txt\"]\n[[section]]\ntitle = \"Four\"\nsize = 4\ndifficulty = \"easy\"\ncount = 30\n",
    )
    .unwrap();
    let output = build_book(&second, &dir.path().join("vol2"));
    assert!(output.status.success(), "{output:?}");
    let (ids2, _) = book_ids(&dir.path().join("vol2"));
    assert_eq!(ids2.len(), 30);
    assert!(
        ids2.iter().all(|id| !ids.contains(id)),
        "no puzzle of volume 1 again"
    );
    // An exclude list that cannot be read is named, with the key; exit 2.
    std::fs::write(&list, "not a puzzle\n").unwrap();
    let output = build_book(&second, &dir.path().join("vol3"));
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("exclude") && stderr.contains("used.txt"),
        "{stderr}"
    );
    assert!(stderr.contains("line 1"), "{stderr}");
}

#[test]
fn generate_leaves_out_excluded_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let first = cmd()
        .args(["generate", "--count", "12", "--seed", "3"])
        .output()
        .unwrap();
    let used = dir.path().join("used.txt");
    std::fs::write(&used, &first.stdout).unwrap();
    let second = cmd()
        .args(["generate", "--count", "24", "--seed", "3", "--exclude"])
        .arg(&used)
        .output()
        .unwrap();
    assert!(second.status.success());
    let both = format!("{}{}", stdout_of(&first), stdout_of(&second));
    let ids = stdout_of(
        &cmd()
            .args(["id", "--batch", "-"])
            .write_stdin(both)
            .output()
            .unwrap(),
    );
    let mut lines: Vec<&str> = ids.lines().collect();
    assert_eq!(lines.len(), 36);
    lines.sort_unstable();
    lines.dedup();
    assert_eq!(
        lines.len(),
        36,
        "the same seed gave none of the excluded puzzles again"
    );
}

#[test]
fn a_library_fill_adds_resumes_and_counts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("puzzles.db");
    let fill = |count: &str| {
        cmd()
            .args([
                "library",
                "fill",
                "--difficulty",
                "easy",
                "--count",
                count,
                "--seed",
                "2",
            ])
            .arg("--db")
            .arg(&db)
            .output()
            .unwrap()
    };
    let first = fill("30");
    assert!(first.status.success(), "{first:?}");
    assert!(
        stdout_of(&first).contains("30 puzzles added"),
        "{}",
        stdout_of(&first)
    );
    // The same command again goes on after the first 30 (a killed fill would too): 20 more,
    // none of them the first ones again.
    let second = fill("20");
    assert!(
        stdout_of(&second).contains("20 puzzles added (0 duplicates"),
        "{}",
        stdout_of(&second)
    );
    let stats = stdout_of(
        &cmd()
            .args(["library", "stats", "--db"])
            .arg(&db)
            .output()
            .unwrap(),
    );
    assert!(
        stats.contains("classic9") && stats.contains("easy"),
        "{stats}"
    );
    assert!(
        stats
            .lines()
            .any(|l| l.starts_with("all") && l.contains(" 50 ")),
        "{stats}"
    );
    // The puzzles are those `generate` makes for the seed.
    let generated = stdout_of(
        &cmd()
            .args([
                "generate",
                "--difficulty",
                "easy",
                "--count",
                "50",
                "--seed",
                "2",
            ])
            .output()
            .unwrap(),
    );
    let ids = stdout_of(
        &cmd()
            .args(["id", "--batch", "-"])
            .write_stdin(generated)
            .output()
            .unwrap(),
    );
    let mut expected: Vec<String> = ids.lines().map(str::to_string).collect();
    expected.sort();
    let library = sudoku_library::Library::open(&db).unwrap();
    assert_eq!(library.ids().unwrap(), expected);
    // A file that is not a library is refused, not overwritten.
    let text = dir.path().join("notes.db");
    std::fs::write(
        &text,
        "my notes, not a database, long enough to be read as a header",
    )
    .unwrap();
    let out = cmd()
        .args(["library", "stats", "--db"])
        .arg(&text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&text).unwrap(),
        "my notes, not a database, long enough to be read as a header"
    );
}

#[test]
fn library_add_imports_csv_json_and_books_once_and_names_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("l.db");
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    // A Kaggle-style CSV: header, a puzzle with its solution, the same puzzle turned (a
    // duplicate), one with a wrong solution, one with many solutions.
    let turned: String = (0..81)
        .map(|i| puzzle.as_bytes()[(8 - i % 9) * 9 + i / 9] as char)
        .collect();
    let csv = dir.path().join("set.csv");
    std::fs::write(
        &csv,
        format!(
            "quizzes,solutions\n{p},{solution}\n{turned},\n{p},{wrong}\n{empty},\n",
            p = puzzle.replace('.', "0"),
            wrong = "1".repeat(81),
            empty = ".".repeat(81)
        ),
    )
    .unwrap();
    let add = |file: &std::path::Path| {
        cmd()
            .args(["library", "add", "--db"])
            .arg(&db)
            .arg(file)
            .output()
            .unwrap()
    };
    let output = add(&csv);
    let text = stdout_of(&output);
    assert!(
        text.contains("1 puzzle added, 1 duplicate, 2 refused"),
        "{text}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("line 4: the solution given is not the puzzle's"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 5: it has more than one solution"),
        "{stderr}"
    );
    assert_eq!(output.status.code(), Some(2));
    // JSON lines from generate.
    let json = dir.path().join("made.jsonl");
    let made = cmd()
        .args([
            "generate",
            "--variant",
            "jigsaw",
            "--count",
            "3",
            "--output",
            "json",
        ])
        .output()
        .unwrap();
    std::fs::write(&json, &made.stdout).unwrap();
    let output = add(&json);
    assert!(stdout_of(&output).contains("3 puzzles added, 0 duplicates, 0 refused"));
    assert!(output.status.success());
    let library = sudoku_library::Library::open(&db).unwrap();
    assert_eq!(library.ids().unwrap().len(), 4);
}
