//! Exact-solver benchmark: "solve and prove unique" (count to 2) over the shared puzzle sets,
//! single thread, including reading and parsing each line, and the worst solve time on 16×16
//! puzzles with 100 to 130 givens, and count-to-2 over the 9×9 variant sets (`variants/*.jsonl`).
//! Run: `cargo bench --bench solve` (data from `SUDOKU_DATA` or `../shared/data`; sets that are
//! missing are skipped with a message). `BENCH_ONLY=sixteen` (or `classic`, `variants`, comma
//! separated) runs only some parts; `NODES=1` adds search-node statistics for 16×16; `RUNS=n`
//! times each 16×16 puzzle as the best of n runs (default 3; more on a busy machine).
//! `BENCH_ONLY=shapes` counts to 2 on the empty grid and on sparse grids (1 to 5 random givens)
//! of every supported shape, and fills each with random digit orders, printing search nodes
//! (`SHAPES=window` keeps the shapes whose name contains the word; `NODE_CAP=n` stops each
//! search after n nodes, reported as HUNG).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_book::grid::text::parse_line;
use sudoku_book::grid::{Geometry, Grid, RegionMap};
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

/// Times count-to-2 on one puzzle: the best of `RUNS` runs (3 unless the `RUNS` environment
/// variable says otherwise; more runs keep a busy machine's noise out of the worst case).
fn time_puzzle(solver: &Solver, puzzle: &Grid) -> Duration {
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
        .max(1);
    let mut best = Duration::MAX;
    for _ in 0..runs {
        let start = Instant::now();
        let count = solver.count_solutions(puzzle, 2);
        best = best.min(start.elapsed());
        assert_eq!(count, 1, "benchmark puzzles have one solution");
    }
    best
}

/// A short fingerprint of a puzzle set, so runs can be checked to use the same puzzles.
fn fingerprint(puzzles: &[Grid]) -> u64 {
    puzzles
        .iter()
        .flat_map(|p| p.cells().iter())
        .fold(0xCBF2_9CE4_8422_2325u64, |h, &v| {
            (h ^ u64::from(v)).wrapping_mul(0x0100_0000_01B3)
        })
}

/// Reports mean and worst count-to-2 time over one set of 16×16 puzzles.
fn report_sixteen(solver: &Solver, puzzles: &[Grid], label: &str) {
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    for puzzle in puzzles {
        let elapsed = time_puzzle(solver, puzzle);
        worst = worst.max(elapsed);
        total += elapsed;
    }
    let min_givens = puzzles.iter().map(Grid::filled_count).min().unwrap_or(0);
    let max_givens = puzzles.iter().map(Grid::filled_count).max().unwrap_or(0);
    println!(
        "16x16, {} puzzles with >= {min_givens} givens: mean {:.3} ms, worst {:.3} ms per puzzle  \
         ({label}, {min_givens}..={max_givens} givens, set {:016x})",
        puzzles.len(),
        total.as_secs_f64() * 1e3 / puzzles.len() as f64,
        worst.as_secs_f64() * 1e3,
        fingerprint(puzzles),
    );
}

/// 16×16 puzzles: 200 with exactly 100 givens, and 100 with 100 to 130 givens.
fn bench_sixteen() {
    let geo = Geometry::classic(16).expect("16x16 is supported");
    let solver = Solver::new(&geo);
    let hundred: Vec<Grid> = (0..200)
        .map(|seed| sixteen_puzzle(&geo, &solver, seed, 100))
        .collect();
    let more: Vec<Grid> = (1000..1100)
        .map(|seed| sixteen_puzzle(&geo, &solver, seed, 100 + (seed as usize % 31)))
        .collect();
    report_sixteen(&solver, &hundred, "100 givens");
    report_sixteen(&solver, &more, "100 to 130 givens");
    if std::env::var_os("NODES").is_some() {
        let generic = sudoku_book::solve::GenericSolver::new(&geo);
        let mut nodes: Vec<u64> = hundred
            .iter()
            .chain(&more)
            .map(|p| generic.count(p.cells(), 2, 0).nodes)
            .collect();
        nodes.sort_unstable();
        let total: u64 = nodes.iter().sum();
        println!(
            "16x16 search nodes: mean {:.1}, median {}, max {}",
            total as f64 / nodes.len() as f64,
            nodes[nodes.len() / 2],
            nodes.last().copied().unwrap_or(0)
        );
    }
}

/// One variant puzzle from a JSON line: its geometry and givens.
fn parse_variant(line: &str) -> anyhow::Result<(Geometry, Grid)> {
    let value: serde_json::Value = serde_json::from_str(line)?;
    let variant = value["variant"].as_str().unwrap_or("classic");
    let size = value["size"].as_u64().unwrap_or(9) as usize;
    let ints = |key: &str| -> Option<Vec<u64>> {
        value[key]
            .as_array()
            .map(|a| a.iter().map(|v| v.as_u64().unwrap_or(0)).collect())
    };
    let regions = match ints("regions") {
        Some(ids) => {
            let ids: Vec<usize> = ids.iter().map(|&i| i as usize).collect();
            Some(RegionMap::from_ids(size, &ids)?)
        }
        None => None,
    };
    let givens = ints("givens").ok_or_else(|| anyhow::anyhow!("no givens"))?;
    let geo = Geometry::new(size, variant.parse()?, None, regions)?;
    let cells = givens.iter().map(|&v| v as u8).collect();
    Ok((geo, Grid::new(size, cells)))
}

/// Count-to-2 over one variant file (solver tables built beforehand, not timed).
fn bench_variant_file(path: &std::path::Path) {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("{name:<42} skipped: cannot read {}", path.display());
        return;
    };
    let puzzles: Vec<(Solver, Grid)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| parse_variant(l).ok())
        .map(|(geo, grid)| (Solver::new(&geo), grid))
        .collect();
    if puzzles.is_empty() {
        println!("{name:<42} skipped: no puzzles");
        return;
    }
    let mut best = f64::MAX;
    let mut total = Duration::ZERO;
    let mut unique = 0;
    while total < Duration::from_secs(1) {
        let start = Instant::now();
        unique = puzzles
            .iter()
            .filter(|(solver, grid)| solver.count_solutions(grid, 2) == 1)
            .count();
        let elapsed = start.elapsed();
        best = best.min(elapsed.as_secs_f64());
        total += elapsed;
    }
    let n = puzzles.len();
    println!(
        "{name:<42} {n:>6} puzzles  {:>9.0} puzzles/s  {:>7.2} us/puzzle  ({unique} unique)",
        n as f64 / best,
        best * 1e6 / n as f64,
    );
}

/// Every `variants/*.jsonl` file of the data directory, in name order.
fn bench_variants() {
    let dir = data_dir().join("variants");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("variants skipped: {} not found", dir.display());
        return;
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    paths.sort();
    for path in &paths {
        bench_variant_file(path);
    }
}

/// Up to `n` random givens that do not see each other (they may still have no solution).
fn sparse_givens(geo: &Geometry, rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut cells = vec![0u8; geo.cell_count()];
    for _ in 0..n {
        let cell = rng.below(cells.len());
        let digit = rng.below(geo.size()) as u8 + 1;
        if cells[cell] == 0 && geo.peers(cell).iter().all(|&p| cells[p] != digit) {
            cells[cell] = digit;
        }
    }
    cells
}

/// Search-node cap of the shape benchmark (`NODE_CAP`, default 2,000,000): a search that
/// reaches it counts as hung.
fn shape_node_cap() -> u64 {
    std::env::var("NODE_CAP")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(2_000_000)
}

/// Count-to-2 on the empty grid and on 100 sparse grids, and 10 random fills, of one shape.
fn bench_shape(geo: &Geometry) {
    let cap = shape_node_cap();
    let solver = sudoku_book::solve::GenericSolver::new(geo);
    let empty = vec![0u8; geo.cell_count()];
    let start = Instant::now();
    let count = solver.count_capped(&empty, 2, 0, cap);
    let empty_time = start.elapsed();
    let mut rng = Rng(0x5EED_0000 + geo.cell_count() as u64);
    let (mut worst, mut hung) = (0, 0);
    let start = Instant::now();
    for i in 0..100 {
        let givens = sparse_givens(geo, &mut rng, 1 + i % 5);
        let nodes = solver.count_capped(&givens, 2, 0, cap).nodes;
        worst = worst.max(nodes);
        hung += usize::from(nodes >= cap);
    }
    let sparse_time = start.elapsed();
    let mut filled = 0;
    let start = Instant::now();
    for _ in 0..10 {
        let mut pick = |mask: u32| {
            let bits: Vec<u32> = (0..32).filter(|b| mask & (1 << b) != 0).collect();
            1u32 << bits[rng.below(bits.len())]
        };
        let found = solver.first_with_order_capped(&empty, &mut pick, 100_000);
        filled += usize::from(found.is_some());
    }
    let fill_time = start.elapsed();
    println!(
        "{:<24} empty: {:>8} nodes {:>9.2} ms{}  sparse x100: worst {:>8} nodes, {:>9.2} ms{}  \
         fills: {filled}/10 in {:>8.2} ms",
        geo.describe(),
        count.nodes,
        empty_time.as_secs_f64() * 1e3,
        if count.nodes >= cap { " HUNG" } else { "" },
        worst,
        sparse_time.as_secs_f64() * 1e3,
        if hung > 0 {
            format!(" {hung} HUNG")
        } else {
            String::new()
        },
        fill_time.as_secs_f64() * 1e3,
    );
}

/// True when `part` should run: `BENCH_ONLY` (comma-separated `classic`, `variants`, `sixteen`)
/// picks parts; unset runs them all.
fn wanted(part: &str) -> bool {
    std::env::var("BENCH_ONLY").map_or(true, |only| only.split(',').any(|p| p.trim() == part))
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    println!("exact solver, count to 2, one thread, parse included (best of repeated runs)");
    if wanted("classic") {
        let solver = Solver::new(&Geometry::classic(9).expect("9x9 is supported"));
        for name in SETS {
            bench_set(name, &solver);
        }
    }
    if wanted("variants") {
        bench_variants();
    }
    if wanted("sixteen") {
        bench_sixteen();
    }
    if wanted("shapes") {
        let filter = std::env::var("SHAPES").unwrap_or_default();
        let shapes = Geometry::every_shape().into_iter();
        for geo in shapes.filter(|g| g.describe().contains(filter.as_str())) {
            bench_shape(&geo);
        }
    }
}
