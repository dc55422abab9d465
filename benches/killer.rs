//! Killer solver benchmark: "solve and prove unique" (count to 2) on 9×9 killer puzzles with no
//! givens, single thread. Each layout is random cages of 2 to 4 cells over a random solution,
//! made unique by merging: while two solutions differ, a cage holding a differing cell merges
//! with a neighbouring cage (merged cages stay at most 5 cells with distinct digits). Prints
//! the mean, median, p99 and worst time and search nodes of a count to 2 over the unique layouts.
//! Run: `cargo bench --bench killer` (`LAYOUTS=n`, default 200; `SEED=n`; `SIZE=6` for 6×6).

use std::time::{Duration, Instant};

use sudoku_book::generate::rng::SeededRng;
use sudoku_book::grid::{Cage, CageSet, Geometry};
use sudoku_book::solve::{ConstrainedSolver, GenericSolver};

const MAX_CAGE: usize = 5;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn neighbours(size: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / size, cell % size);
    [
        (r > 0).then(|| cell - size),
        (r + 1 < size).then(|| cell + size),
        (c > 0).then(|| cell - 1),
        (c + 1 < size).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Random connected cages of 2 to 4 cells (1 when a cell is boxed in), as a cage id per cell.
fn random_layout(size: usize, solution: &[u8], rng: &mut SeededRng) -> Vec<usize> {
    let cells = size * size;
    let mut cage_of = vec![usize::MAX; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut next_id = 0;
    for start in order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = 2 + rng.below(3);
        let mut members = vec![start];
        cage_of[start] = next_id;
        while members.len() < target {
            let options: Vec<usize> = members
                .iter()
                .flat_map(|&m| neighbours(size, m))
                .filter(|&o| cage_of[o] == usize::MAX)
                .filter(|&o| members.iter().all(|&m| solution[m] != solution[o]))
                .collect();
            if options.is_empty() {
                break;
            }
            let pick = options[rng.below(options.len())];
            cage_of[pick] = next_id;
            members.push(pick);
        }
        next_id += 1;
    }
    cage_of
}

fn cage_set(size: usize, cage_of: &[usize], solution: &[u8]) -> Option<CageSet> {
    let count = cage_of.iter().max()? + 1;
    let mut cages = vec![
        Cage {
            cells: Vec::new(),
            sum: 0
        };
        count
    ];
    for (cell, &id) in cage_of.iter().enumerate() {
        cages[id].cells.push(cell);
        cages[id].sum += u32::from(solution[cell]);
    }
    cages.retain(|c| !c.cells.is_empty());
    CageSet::new(size, cages).ok()
}

/// Merges the cage of a cell where two solutions differ with a neighbouring cage; false when
/// no such merge keeps cages small with distinct digits.
fn merge_somewhere(
    size: usize,
    cage_of: &mut [usize],
    solution: &[u8],
    other: &[u8],
    rng: &mut SeededRng,
) -> bool {
    let mut differing: Vec<usize> = (0..cage_of.len())
        .filter(|&c| solution[c] != other[c])
        .collect();
    rng.shuffle(&mut differing);
    for cell in differing {
        let id = cage_of[cell];
        let members: Vec<usize> = (0..cage_of.len()).filter(|&c| cage_of[c] == id).collect();
        let mut near: Vec<usize> = members
            .iter()
            .flat_map(|&m| neighbours(size, m))
            .map(|n| cage_of[n])
            .filter(|&n| n != id)
            .collect();
        near.sort_unstable();
        near.dedup();
        rng.shuffle(&mut near);
        for other_id in near {
            let merged: Vec<usize> = (0..cage_of.len())
                .filter(|&c| cage_of[c] == id || cage_of[c] == other_id)
                .collect();
            let digits = merged.iter().fold(0u32, |m, &c| m | 1 << solution[c]);
            if merged.len() <= MAX_CAGE && digits.count_ones() as usize == merged.len() {
                for &c in &merged {
                    cage_of[c] = id;
                }
                return true;
            }
        }
    }
    false
}

fn percentile<T: Copy + Ord>(sorted: &[T], p: usize) -> T {
    sorted[(sorted.len() * p / 100).min(sorted.len() - 1)]
}

fn main() {
    let size = env_number("SIZE", 9) as usize;
    let wanted = env_number("LAYOUTS", 200) as usize;
    let mut rng = SeededRng::new(env_number("SEED", 1));
    let Ok(base) = Geometry::classic(size) else {
        eprintln!("no classic geometry of size {size}");
        return;
    };
    let filler = GenericSolver::new(&base);
    let empty = vec![0u8; size * size];
    let mut times: Vec<Duration> = Vec::new();
    let mut nodes: Vec<u64> = Vec::new();
    let mut cage_counts = 0usize;
    let mut given_up = 0;
    let mut merges = 0;
    while times.len() < wanted {
        let Some(solution) = filler.first_with_order(&empty, &mut |m| rng.pick_bit(m)) else {
            continue;
        };
        let mut cage_of = random_layout(size, &solution, &mut rng);
        let unique = loop {
            let Some(set) = cage_set(size, &cage_of, &solution) else {
                break None;
            };
            let Ok(geo) = base.with_cages(set) else {
                break None;
            };
            let solver = ConstrainedSolver::new(&geo);
            let found = solver.count(&empty, 2, 2);
            if found.count == 1 {
                break Some((geo, solver));
            }
            let other = found.solutions.iter().find(|s| **s != solution);
            let Some(other) = other else {
                break None;
            };
            if !merge_somewhere(size, &mut cage_of, &solution, other, &mut rng) {
                break None;
            }
            merges += 1;
        };
        let Some((geo, solver)) = unique else {
            given_up += 1;
            continue;
        };
        let mut best = Duration::MAX;
        let mut used = 0;
        for _ in 0..3 {
            let start = Instant::now();
            let found = solver.count(&empty, 2, 0);
            best = best.min(start.elapsed());
            assert_eq!(found.count, 1);
            used = found.nodes;
        }
        cage_counts += geo.cages().map_or(0, |s| s.cages().len());
        times.push(best);
        nodes.push(used);
    }
    let n = times.len();
    let mean = times.iter().sum::<Duration>() / n as u32;
    let mean_nodes = nodes.iter().sum::<u64>() as f64 / n as f64;
    times.sort_unstable();
    nodes.sort_unstable();
    println!(
        "{size}x{size} killer, no givens, cages of 2-4 cells merged until unique: {n} layouts \
         ({given_up} given up, {merges} merges, {:.1} cages on average)",
        cage_counts as f64 / n as f64
    );
    println!(
        "count to 2 (best of 3): mean {:?}  median {:?}  p99 {:?}  max {:?}",
        mean,
        percentile(&times, 50),
        percentile(&times, 99),
        times[n - 1]
    );
    println!(
        "search nodes: mean {mean_nodes:.1}  median {}  p99 {}  max {}",
        percentile(&nodes, 50),
        percentile(&nodes, 99),
        nodes[n - 1]
    );
}
