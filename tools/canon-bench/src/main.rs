//! Canonical IDs against the `sudoku` crate: both canonicalise every puzzle of the shared sets
//! (parsing done beforehand, one thread, best of three runs), and the classes each forms are
//! compared. The crate canonicalises a puzzle by solving it and placing it in its solution's
//! minlex frame (`Sudoku::canonicalized`, `None` unless the solution is unique), so its strings
//! differ from ours; the classes (which puzzles count as one) must agree.
//!
//! Run: `cargo run --release --manifest-path tools/canon-bench/Cargo.toml [DATA_DIR]`.

use std::collections::HashMap;
use std::time::Instant;

use sudoku_engine::grid::{Geometry, Grid, canonical_key};

const SETS: [&str; 3] = [
    "puzzles2_17_clue.txt",
    "puzzles3_magictour_top1465.txt",
    "puzzles5_forum_hardest_1905_11plus.txt",
];

fn main() {
    let data = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("SUDOKU_DATA").ok())
        .unwrap_or_else(|| "../shared/data".to_string());
    println!(
        "| set | puzzles | ours µs/puzzle | ours puzzles/s | sudoku crate µs/puzzle | ratio | classes (ours / crate) | same classes |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for set in SETS {
        let path = format!("{data}/{set}");
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("| {set} | skipped: cannot read {path} | | | | | | |");
            continue;
        };
        let lines: Vec<&str> = text
            .lines()
            .map(|l| l.split_whitespace().next().unwrap_or(""))
            .filter(|l| l.len() == 81)
            .collect();
        compare(set, &lines);
    }
}

fn compare(set: &str, lines: &[&str]) {
    let geo = Geometry::classic(9).expect("classic 9x9");
    let ours_in: Vec<Grid> = lines.iter().map(|l| grid_of(l)).collect();
    let theirs_in: Vec<sudoku::Sudoku> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(l).expect("a puzzle line"))
        .collect();
    let (ours_s, ours) = best_of_three(|| {
        ours_in
            .iter()
            .map(|g| canonical_key(&geo, g).expect("a key"))
            .collect::<Vec<_>>()
    });
    let (theirs_s, theirs) = best_of_three(|| {
        theirs_in
            .iter()
            .map(|s| s.canonicalized().map(|(c, _)| c.to_str_line().to_string()))
            .collect::<Vec<_>>()
    });
    let n = lines.len() as f64;
    let (ours_classes, theirs_classes, same) = classes(&ours, &theirs);
    println!(
        "| {set} | {} | {:.1} | {:.0} | {:.1} | {:.1}× | {ours_classes} / {theirs_classes} | {} |",
        lines.len(),
        ours_s * 1e6 / n,
        n / ours_s,
        theirs_s * 1e6 / n,
        theirs_s / ours_s,
        if same { "yes" } else { "NO" }
    );
}

/// The number of classes each side forms, and whether they are the same partition (puzzles the
/// crate cannot canonicalise, without a unique solution, are left out of the comparison).
fn classes(ours: &[Vec<u16>], theirs: &[Option<String>]) -> (usize, usize, bool) {
    let mut by_ours: HashMap<&Vec<u16>, usize> = HashMap::new();
    let mut by_theirs: HashMap<&String, usize> = HashMap::new();
    let mut pairs: HashMap<(usize, usize), ()> = HashMap::new();
    for (key, other) in ours.iter().zip(theirs) {
        let Some(other) = other else { continue };
        let next = by_ours.len();
        let a = *by_ours.entry(key).or_insert(next);
        let next = by_theirs.len();
        let b = *by_theirs.entry(other).or_insert(next);
        pairs.insert((a, b), ());
    }
    let same = pairs.len() == by_ours.len() && pairs.len() == by_theirs.len();
    (by_ours.len(), by_theirs.len(), same)
}

fn grid_of(line: &str) -> Grid {
    let cells = line
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    Grid::new(9, cells)
}

/// The result of `work` and the least of three timings, in seconds.
fn best_of_three<T>(mut work: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut result = None;
    for _ in 0..3 {
        let start = Instant::now();
        let out = work();
        best = best.min(start.elapsed().as_secs_f64());
        result = Some(out);
    }
    (best, result.expect("three runs"))
}
