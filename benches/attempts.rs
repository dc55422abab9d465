//! Attempt budgets measured: for each shape, level and symmetry, how often one generator
//! attempt lands on the level (p, from the attempts that successful puzzles took), the chance
//! that the default budget fails ((1 − p)^budget), and the budget that would fail once in a
//! million puzzles. Run: `cargo bench --bench attempts` (filter words such as `classic`, `9x9`,
//! `rotate90` or `medium` keep the rows whose name holds them all). Each row generates up to
//! `PUZZLES` puzzles (seeds `derive_seed(7, 0, i)`) with an unlimited budget, within
//! `MAX_ATTEMPTS` attempts and `SECONDS` seconds (`ATTEMPTS_SECONDS=N` to change it); the
//! figures are in docs/PERFORMANCE.md.

use std::time::{Duration, Instant};

use rayon::prelude::*;
use sudoku_book::generate::{Request, Symmetry, Target, derive_seed, generate};
use sudoku_book::logic::Level;

const PUZZLES: usize = 60;
const MAX_ATTEMPTS: usize = 20_000;
const SECONDS: u64 = 6;
/// The per-puzzle failure rate a default budget should stay under.
const ACCEPTABLE_FAILURE: f64 = 1e-6;

const SHAPES: [(&str, usize); 19] = [
    ("classic", 4),
    ("classic", 6),
    ("classic", 8),
    ("classic", 9),
    ("classic", 12),
    ("classic", 16),
    ("diagonal", 6),
    ("diagonal", 9),
    ("window", 9),
    ("jigsaw", 6),
    ("jigsaw", 8),
    ("jigsaw", 9),
    ("jigsaw", 12),
    ("jigsaw+diagonal", 9),
    ("diagonal+window", 9),
    // Killers have no givens: symmetry does not apply (measure the `none` rows).
    ("killer", 9),
    ("killer", 6),
    ("killer+jigsaw", 9),
    ("killer+diagonal", 9),
];
const LEVELS: [Level; 4] = [Level::Medium, Level::Hard, Level::Expert, Level::Extreme];
const SYMMETRIES: [Symmetry; 5] = [
    Symmetry::None,
    Symmetry::Rotate180,
    Symmetry::Rotate90,
    Symmetry::Mirror,
    Symmetry::Diagonal,
];

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    println!(
        "| shape | level | symmetry | puzzles | attempts | p | default budget | P(fail) at default | budget for 1e-6 |"
    );
    println!("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (variant, size) in SHAPES {
        // Easy is dug by singles on every shape but killers, which have no givens to dig.
        let easy = variant.starts_with("killer").then_some(Level::Easy);
        for level in easy.into_iter().chain(LEVELS) {
            for symmetry in SYMMETRIES {
                let name = format!("{variant} {size}x{size} {level} {symmetry}");
                if filter.iter().all(|f| name.contains(f.as_str())) {
                    measure(variant, size, level, symmetry);
                }
            }
        }
    }
}

fn measure(variant: &str, size: usize, level: Level, symmetry: Symmetry) {
    let Ok(variant_value) = variant.parse() else {
        return;
    };
    let mut request = Request::new(variant_value, size);
    request.target = Target::Level(level);
    request.symmetry = symmetry;
    let default_budget = request.attempt_budget();
    if request.check().is_err() {
        return;
    }
    request.attempts = Some(MAX_ATTEMPTS);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds());
    let (mut found, mut attempts, mut index) = (0usize, 0usize, 0usize);
    while found < PUZZLES && attempts < MAX_ATTEMPTS && Instant::now() < deadline {
        let batch: Vec<usize> = (index..index + 2)
            .into_par_iter()
            .map(|i| {
                let mut capped = request.clone();
                capped.attempts = Some((MAX_ATTEMPTS - attempts).max(1));
                match generate(&capped, derive_seed(7, 0, i as u64)) {
                    Ok(puzzle) => puzzle.attempts,
                    Err(_) => 0,
                }
            })
            .collect();
        index += 2;
        for taken in batch {
            if taken > 0 {
                found += 1;
                attempts += taken;
            } else {
                attempts = MAX_ATTEMPTS;
            }
        }
    }
    print_row(
        variant,
        size,
        level,
        symmetry,
        found,
        attempts,
        default_budget,
    );
}

/// The time limit of one row: `SECONDS`, or `ATTEMPTS_SECONDS` from the environment (killer
/// attempts take about 0.1 s, so their rows need minutes).
fn seconds() -> u64 {
    std::env::var("ATTEMPTS_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(SECONDS)
}

fn print_row(
    variant: &str,
    size: usize,
    level: Level,
    symmetry: Symmetry,
    found: usize,
    attempts: usize,
    default_budget: usize,
) {
    let p = found as f64 / attempts.max(1) as f64;
    let fail = (1.0 - p).powf(default_budget as f64);
    let needed = if p >= 1.0 {
        1.0
    } else {
        (ACCEPTABLE_FAILURE.ln() / (1.0 - p).ln()).ceil()
    };
    let needed = if found == 0 {
        "unreachable?".to_string()
    } else {
        format!("{needed:.0}")
    };
    println!(
        "| {variant} {size}×{size} | {level} | {symmetry} | {found} | {attempts} | {p:.4} | {default_budget} | {fail:.1e} | {needed} |"
    );
}
