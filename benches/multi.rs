//! Multi-grid benchmark (Samurai, Twodoku, Butterfly), single thread: for each shape and level,
//! generates `COUNT` puzzles one after another (rotate180 symmetry, seeds `SEED..`) and reports
//! puzzles per second and the attempts they took; then, over those puzzles, the time to
//! "solve and prove unique" (count to 2, best of 3) and to rate them (the logic solver's whole
//! path). Prints one Markdown table per measure.
//! Run: `cargo bench --bench multi` (`COUNT=n`, default 50; `SEED=n`, default 1;
//! `SHAPES=samurai,twodoku`; `LEVELS=easy,hard`).

use std::time::{Duration, Instant};

use sudoku_book::generate::{Generated, Request, Target, generate};
use sudoku_book::logic::{Level, rate};
use sudoku_book::solve::Solver;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn env_list(name: &str, default: &[&str]) -> Vec<String> {
    match std::env::var(name) {
        Ok(text) => text.split(',').map(|s| s.trim().to_string()).collect(),
        Err(_) => default.iter().map(|s| s.to_string()).collect(),
    }
}

/// Mean, median, p99 and worst of some durations, in milliseconds.
fn summary(mut times: Vec<Duration>) -> String {
    times.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let total: Duration = times.iter().sum();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    format!(
        "{:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms",
        ms(total) / times.len() as f64,
        ms(at(0.5)),
        ms(at(0.99)),
        ms(times[times.len() - 1])
    )
}

/// Generates `count` puzzles of a shape at a level, timing the whole run.
fn generate_level(shape: &str, level: Level, count: u64, seed: u64) -> (Vec<Generated>, Duration) {
    let mut request = Request::new(shape.parse().expect("a multi-grid variant"), 9);
    request.target = Target::Level(level);
    let start = Instant::now();
    let puzzles = (seed..seed + count)
        .filter_map(|s| match generate(&request, s) {
            Ok(puzzle) => Some(puzzle),
            Err(error) => {
                eprintln!("{shape} {level:?} seed {s}: {error}");
                None
            }
        })
        .collect();
    (puzzles, start.elapsed())
}

/// The best of three counts to 2 for each puzzle.
fn solve_times(puzzles: &[Generated]) -> Vec<Duration> {
    puzzles
        .iter()
        .map(|p| {
            let solver = Solver::new(&p.geometry);
            (0..3)
                .map(|_| {
                    let start = Instant::now();
                    assert!(solver.solve(&p.givens).is_unique());
                    start.elapsed()
                })
                .min()
                .unwrap_or_default()
        })
        .collect()
}

fn rate_times(puzzles: &[Generated]) -> Vec<Duration> {
    puzzles
        .iter()
        .map(|p| {
            let start = Instant::now();
            let rating = rate(&p.geometry, &p.givens);
            assert_eq!(rating.level, p.rating.level);
            start.elapsed()
        })
        .collect()
}

fn parse_level(name: &str) -> Level {
    match name {
        "easy" => Level::Easy,
        "medium" => Level::Medium,
        "hard" => Level::Hard,
        "expert" => Level::Expert,
        _ => Level::Extreme,
    }
}

fn main() {
    let count = env_number("COUNT", 50);
    let seed = env_number("SEED", 1);
    let shapes = env_list("SHAPES", &["samurai", "twodoku", "butterfly"]);
    let levels = env_list("LEVELS", &["easy", "medium", "hard", "expert", "extreme"]);
    let mut generation = Vec::new();
    let mut solving = Vec::new();
    let mut rating = Vec::new();
    for shape in &shapes {
        for name in &levels {
            let (puzzles, took) = generate_level(shape, parse_level(name), count, seed);
            if puzzles.is_empty() {
                generation.push(format!("| {shape} | {name} | 0 of {count} | – | – | – |"));
                continue;
            }
            let attempts: usize = puzzles.iter().map(|p| p.attempts).sum();
            let givens: usize = puzzles.iter().map(|p| p.givens.filled_count()).sum();
            let n = puzzles.len();
            generation.push(format!(
                "| {shape} | {name} | {n} of {count} | {:.1} | {:.1} | {:.0} |",
                n as f64 / took.as_secs_f64(),
                attempts as f64 / n as f64,
                givens as f64 / n as f64
            ));
            solving.push(format!(
                "| {shape} | {name} | {}",
                summary(solve_times(&puzzles))
            ));
            rating.push(format!(
                "| {shape} | {name} | {}",
                summary(rate_times(&puzzles))
            ));
        }
    }
    println!(
        "Generation (single thread, seeds {seed}..{}):\n",
        seed + count
    );
    println!("| shape | level | made | puzzles/s | attempts/puzzle | givens |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    generation.iter().for_each(|row| println!("{row}"));
    println!("\nSolve and prove unique (count to 2, best of 3):\n");
    println!("| shape | level | mean | median | p99 | max |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    solving.iter().for_each(|row| println!("{row} |"));
    println!("\nRating (the logic solver's whole path):\n");
    println!("| shape | level | mean | median | p99 | max |");
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    rating.iter().for_each(|row| println!("{row} |"));
}
