//! Rating benchmark: puzzles rated per second (single thread, parsing included) for each shared
//! puzzle set, with the level distribution and the share solved by logic.
//! Run: `cargo bench --bench rate` (data from `SUDOKU_DATA` or `../shared/data`; missing sets
//! are skipped with a message).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_book::grid::Geometry;
use sudoku_book::grid::text::parse_line;
use sudoku_book::logic::{Level, rate};

const SETS: &[&str] = &[
    "puzzles2_17_clue_sample1000.txt",
    "puzzles3_magictour_top1465.txt",
    "puzzles1_unbiased_first1000.txt",
    "radcliffe3m_stratified_7034.txt",
    "puzzles6_forum_hardest_1106.txt",
];

fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"))
}

/// Rates every line once: (puzzles, elapsed, puzzles per level, solved, max score).
fn run_once(text: &str, geo: &Geometry) -> (usize, Duration, [usize; 6], usize, f32) {
    let start = Instant::now();
    let (mut puzzles, mut levels, mut solved, mut max) = (0, [0; 6], 0, 0.0f32);
    for (index, line) in text.lines().enumerate() {
        let Ok(grid) = parse_line(line, index + 1, Some(9)) else {
            continue;
        };
        let rating = rate(geo, &grid);
        puzzles += 1;
        levels[rating.level as usize] += 1;
        solved += rating.solved as usize;
        if rating.solved {
            max = max.max(rating.score);
        }
    }
    (puzzles, start.elapsed(), levels, solved, max)
}

fn bench_set(name: &str, geo: &Geometry) {
    let path = data_dir().join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("{name:<36} skipped: {} not found", path.display());
        return;
    };
    let mut best = f64::MAX;
    let mut total = Duration::ZERO;
    let mut last = (0, [0; 6], 0, 0.0);
    // RATE_ONCE=1: a single pass (for `perf stat`: fixed work).
    let budget = if std::env::var_os("RATE_ONCE").is_some() {
        Duration::ZERO
    } else {
        Duration::from_secs(3)
    };
    while total <= budget {
        let (count, elapsed, levels, solved, max) = run_once(&text, geo);
        last = (count, levels, solved, max);
        best = best.min(elapsed.as_secs_f64());
        total += elapsed;
    }
    let (count, levels, solved, max) = last;
    let rate = count as f64 / best;
    let dist: Vec<String> = Level::ALL
        .iter()
        .zip(levels)
        .map(|(level, n)| format!("{level} {n}"))
        .collect();
    println!(
        "{name:<36} {count:>5} puzzles {rate:>9.0}/s  solved {solved:>5}  max solved score {max:.1}  [{}]",
        dist.join(", ")
    );
}

/// With `RATE_STATS=1`: how often each technique is used over a set.
fn technique_stats(name: &str, geo: &Geometry) {
    let Ok(text) = std::fs::read_to_string(data_dir().join(name)) else {
        return;
    };
    let mut totals: std::collections::BTreeMap<&'static str, usize> = Default::default();
    for (index, line) in text.lines().enumerate() {
        if let Ok(grid) = parse_line(line, index + 1, Some(9)) {
            for (technique, count) in rate(geo, &grid).techniques {
                *totals.entry(technique).or_insert(0) += count;
            }
        }
    }
    println!("  techniques used: {totals:?}");
}

fn main() {
    let Ok(geo) = Geometry::classic(9) else {
        return;
    };
    for name in SETS {
        bench_set(name, &geo);
        if std::env::var_os("RATE_STATS").is_some() {
            technique_stats(name, &geo);
        }
    }
}
