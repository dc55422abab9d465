//! Generator benchmark: rated puzzles per second at each targeted level, for classic 9×9 and the
//! other variants and sizes, one thread, plus the two-thread speed-up. Run:
//! `cargo bench --bench generate` (add a filter word such as `classic` or `jigsaw` to run a part).
//! Each row is timed `RUNS` times (default 3) on one and on two threads, alternately, and the best
//! run of each is kept: this machine's speed drifts by up to a third between runs.

use std::time::Instant;

use rayon::prelude::*;
use sudoku_book::generate::{Request, Target, derive_seed, generate};
use sudoku_book::grid::Variant;
use sudoku_book::logic::Level;

/// One benchmark row: what to generate and how many.
struct Case {
    name: &'static str,
    variant: &'static str,
    size: usize,
    target: Target,
    count: usize,
}

fn cases() -> Vec<Case> {
    let level = |l| Target::Level(l);
    let case = |name, variant, size, target, count| Case {
        name,
        variant,
        size,
        target,
        count,
    };
    vec![
        case("classic 9x9 any level", "classic", 9, Target::Any, 4000),
        case("classic 9x9 easy", "classic", 9, level(Level::Easy), 4000),
        case(
            "classic 9x9 medium",
            "classic",
            9,
            level(Level::Medium),
            1000,
        ),
        case("classic 9x9 hard", "classic", 9, level(Level::Hard), 800),
        case(
            "classic 9x9 expert",
            "classic",
            9,
            level(Level::Expert),
            300,
        ),
        case(
            "classic 9x9 extreme",
            "classic",
            9,
            level(Level::Extreme),
            40,
        ),
        case("jigsaw 9x9 easy", "jigsaw", 9, level(Level::Easy), 1000),
        case("jigsaw 9x9 hard", "jigsaw", 9, level(Level::Hard), 200),
        case("diagonal 9x9 hard", "diagonal", 9, level(Level::Hard), 300),
        case("window 9x9 hard", "window", 9, level(Level::Hard), 200),
        case("classic 16x16 easy", "classic", 16, level(Level::Easy), 300),
        case("classic 16x16 hard", "classic", 16, level(Level::Hard), 40),
    ]
}

/// Generates `count` puzzles on `threads` threads; returns puzzles per second, failures and the
/// mean number of attempts per puzzle.
fn run(case: &Case, threads: usize) -> (f64, usize, f64) {
    let mut request = Request::new(case.variant.parse::<Variant>().expect("variant"), case.size);
    request.target = case.target;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    // Warm up (thread-local tables, caches) so neither run pays for it.
    let warm_up = (case.count / 10).clamp(1, 20);
    pool.install(|| {
        (0..warm_up).into_par_iter().for_each(|i| {
            let _ = generate(&request, derive_seed(1, 0, i as u64));
        })
    });
    let start = Instant::now();
    let attempts: Vec<Option<usize>> = pool.install(|| {
        (0..case.count)
            .into_par_iter()
            .map(|i| {
                generate(&request, derive_seed(2026, 0, i as u64))
                    .ok()
                    .map(|p| p.attempts)
            })
            .collect()
    });
    let rate = case.count as f64 / start.elapsed().as_secs_f64();
    let made: Vec<usize> = attempts.iter().flatten().copied().collect();
    let mean = made.iter().sum::<usize>() as f64 / made.len().max(1) as f64;
    (rate, case.count - made.len(), mean)
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    println!("generator: rated puzzles per second (seeded, exact level), 1 thread and 2 threads");
    for case in cases() {
        if !filter.is_empty() && !filter.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        let runs: usize = std::env::var("RUNS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(3);
        let (mut one, mut two, mut failed, mut attempts) = (0.0f64, 0.0f64, 0, 0.0);
        for _ in 0..runs.max(1) {
            let (rate, lost, mean) = run(&case, 1);
            (one, failed, attempts) = (one.max(rate), lost, mean);
            two = two.max(run(&case, 2).0);
        }
        println!(
            "{:<26} {:>5} puzzles  {:>9.1}/s  2 threads {:>9.1}/s  x{:.2}  failed {failed}  attempts/puzzle {attempts:.1}",
            case.name,
            case.count,
            one,
            two,
            two / one
        );
    }
}
