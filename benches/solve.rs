//! Exact-solver benchmark: "solve and prove unique" (count to 2) over the shared puzzle sets,
//! single thread, including reading and parsing each line, and the worst solve time on 16×16
//! puzzles with 100 givens. Run: `cargo bench --bench solve` (data from `SUDOKU_DATA` or
//! `../shared/data`; sets that are missing are skipped with a message).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_book::grid::text::parse_line;
use sudoku_book::grid::{Geometry, Grid};
use sudoku_book::solve::Solver;

const SETS: &[&str] = &[
    "puzzles2_17_clue_sample1000.txt",
    "puzzles2_17_clue.txt",
    "puzzles3_magictour_top1465.txt",
    "puzzles1_unbiased_first1000.txt",
    "puzzles6_forum_hardest_1106.txt",
    "puzzles5_forum_hardest_1905_11plus.txt",
    "puzzles7_serg_benchmark.txt",
];

fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"))
}

/// Parses and counts every line once; returns (puzzles, elapsed, unique count).
fn run_once(text: &str, solver: &Solver) -> (usize, Duration, usize) {
    let start = Instant::now();
    let mut puzzles = 0;
    let mut unique = 0;
    for (index, line) in text.lines().enumerate() {
        let Ok(grid) = parse_line(line, index + 1, Some(9)) else {
            continue;
        };
        puzzles += 1;
        if solver.count_solutions(&grid, 2) == 1 {
            unique += 1;
        }
    }
    (puzzles, start.elapsed(), unique)
}

fn bench_set(name: &str, solver: &Solver) {
    let path = data_dir().join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("{name:<42} skipped: {} not found", path.display());
        return;
    };
    let mut best = f64::MAX;
    let mut total = Duration::ZERO;
    let (mut puzzles, mut unique) = (0, 0);
    while total < Duration::from_secs(3) {
        let (count, elapsed, found) = run_once(&text, solver);
        (puzzles, unique) = (count, found);
        best = best.min(elapsed.as_secs_f64());
        total += elapsed;
    }
    println!(
        "{name:<42} {puzzles:>6} puzzles  {:>9.0} puzzles/s  {:>7.2} us/puzzle  ({unique} unique)",
        puzzles as f64 / best,
        best * 1e6 / puzzles as f64,
    );
}

/// A tiny deterministic RNG for building benchmark puzzles (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A 16×16 puzzle with `givens` givens and a unique solution: a random full grid, then cells
/// removed in random order while the solution stays unique.
fn sixteen_puzzle(geo: &Geometry, solver: &Solver, seed: u64, givens: usize) -> Grid {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let generic = sudoku_book::solve::GenericSolver::new(geo);
    let mut pick = |mask: u32| {
        let bits: Vec<u32> = (0..32).filter(|b| mask & (1 << b) != 0).collect();
        1u32 << bits[rng.below(bits.len())]
    };
    let full = generic
        .first_with_order(&vec![0; geo.cell_count()], &mut pick)
        .expect("an empty grid has a solution");
    let mut grid = Grid::new(geo.size(), full);
    let mut order: Vec<usize> = (0..geo.cell_count()).collect();
    let mut rng = Rng(seed | 1);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for cell in order {
        if grid.filled_count() == givens {
            break;
        }
        let value = grid.get(cell);
        grid.set(cell, 0);
        if solver.count_solutions(&grid, 2) != 1 {
            grid.set(cell, value);
        }
    }
    grid
}

fn bench_sixteen() {
    let geo = Geometry::classic(16).expect("16x16 is supported");
    let solver = Solver::new(&geo);
    let puzzles: Vec<Grid> = (0..40)
        .map(|seed| sixteen_puzzle(&geo, &solver, seed, 100))
        .collect();
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    for puzzle in &puzzles {
        let start = Instant::now();
        let count = solver.count_solutions(puzzle, 2);
        let elapsed = start.elapsed();
        if std::env::var_os("NODES").is_some() {
            let g = sudoku_book::solve::GenericSolver::new(&geo);
            println!(
                "nodes {} time {:?}",
                g.count(puzzle.cells(), 2, 0).nodes,
                elapsed
            );
        }
        assert_eq!(count, 1);
        worst = worst.max(elapsed);
        total += elapsed;
    }
    let min_givens = puzzles.iter().map(Grid::filled_count).min().unwrap_or(0);
    println!(
        "16x16, {} puzzles with >= {min_givens} givens: mean {:.3} ms, worst {:.3} ms per puzzle",
        puzzles.len(),
        total.as_secs_f64() * 1e3 / puzzles.len() as f64,
        worst.as_secs_f64() * 1e3
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let solver = Solver::new(&Geometry::classic(9).expect("9x9 is supported"));
    println!("exact solver, count to 2, one thread, parse included (best of repeated runs)");
    for name in SETS {
        bench_set(name, &solver);
    }
    bench_sixteen();
}
