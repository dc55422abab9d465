//! The cage sampler, the first [`Sampler`] of the constrained generator: a random cage layout
//! over a solution (connected cages of 2 to 5 cells with distinct digits, sizes drawn at random),
//! then cages merged where two solutions differ until the exact solver finds one solution; a
//! puzzle harder than the level asked is eased by splitting a cage (a split only adds clues, so
//! it stays unique), one easier made harder by merging two neighbouring cages (kept when the
//! exact solver still finds one solution).

use super::constrained::Sampler;
use super::rng::SeededRng;
use crate::grid::{Cage, CageSet, Geometry, Grid};
use crate::solve::ConstrainedSolver;

/// Cage sizes drawn for a new cage, with their weights (out of 20).
const CAGE_SIZES: [(usize, u32); 4] = [(2, 6), (3, 7), (4, 5), (5, 2)];
/// The largest cage a merge may make.
const MAX_MERGED: usize = 6;
/// Merges tried on one layout before it is dropped, per 81 cells.
const MERGES_PER_81_CELLS: usize = 40;
/// Merges tried for one harder step.
const MERGES_TRIED_HARDER: usize = 16;
/// Search nodes one uniqueness count may take during generation, per 81 cells.
const NODES_PER_81_CELLS: u64 = 3_000;

/// Killer cages: the sampler of [`crate::grid::RuleKind::Cages`].
pub struct CageSampler;

impl Sampler for CageSampler {
    fn unique(
        &self,
        geo: &Geometry,
        solution: &Grid,
        givens: &Grid,
        rng: &mut SeededRng,
    ) -> Option<Geometry> {
        unique_layout(geo, solution, givens, rng)
    }

    /// Two neighbouring cages made one, for each pair (at most [`MERGES_TRIED_HARDER`]) whose
    /// merge keeps the puzzle unique.
    fn harder<'a>(
        &'a self,
        killer: &'a Geometry,
        solution: &'a Grid,
        givens: &'a Grid,
        rng: &mut SeededRng,
    ) -> Box<dyn Iterator<Item = Geometry> + 'a> {
        let Some(cages) = killer.cages().map(CageSet::cages) else {
            return Box::new(std::iter::empty());
        };
        let size = killer.size();
        let node_cap = NODES_PER_81_CELLS * killer.cell_count().div_ceil(81) as u64;
        let mut pairs = mergeable_pairs(cages, size, solution);
        rng.shuffle(&mut pairs);
        pairs.truncate(MERGES_TRIED_HARDER);
        Box::new(pairs.into_iter().filter_map(move |(a, b)| {
            let mut merged = cages.to_vec();
            let moved = merged.remove(b);
            merged[a].cells.extend(moved.cells);
            merged[a].sum += moved.sum;
            let set = CageSet::new(size, merged).ok()?;
            let candidate = killer.with_cages(set).ok()?;
            let solver = ConstrainedSolver::new(&candidate);
            let count = solver.count_capped(givens.cells(), 2, 0, node_cap);
            (count.count == 1 && count.nodes < node_cap).then_some(candidate)
        }))
    }

    /// A cage of four or more cells split in two connected cages of two or more cells.
    fn easier(&self, killer: &Geometry, solution: &Grid, rng: &mut SeededRng) -> Option<Geometry> {
        let cages = killer.cages()?.cages();
        let split = split_one(cages, killer.size(), solution, rng)?;
        let set = CageSet::new(killer.size(), split).ok()?;
        // `with_cages` replaces the cages and keeps the marks beside them.
        killer.with_cages(set).ok()
    }
}

/// A cage layout over the solution with exactly one solution, or `None` when merging gave up
/// or a count ran past its node cap ([`NODES_PER_81_CELLS`] per 81 cells; such a layout is
/// dropped for a fresh one: most settle in a few hundred nodes).
fn unique_layout(
    geo: &Geometry,
    solution: &Grid,
    givens: &Grid,
    rng: &mut SeededRng,
) -> Option<Geometry> {
    let mut cages = random_cages(geo.size(), solution, rng);
    let cells = geo.cell_count();
    let merges = MERGES_PER_81_CELLS * cells.div_ceil(81);
    let node_cap = NODES_PER_81_CELLS * cells.div_ceil(81) as u64;
    for _ in 0..merges {
        let set = CageSet::new(geo.size(), cages.clone()).ok()?;
        let killer = geo.with_cages(set).ok()?;
        let count = ConstrainedSolver::new(&killer).count_capped(givens.cells(), 2, 2, node_cap);
        match count.count {
            1 if count.nodes < node_cap => return Some(killer),
            2 => {
                let other = count
                    .solutions
                    .iter()
                    .find(|s| s.as_slice() != solution.cells())
                    .map(|s| Grid::new(geo.size(), s.clone()))?;
                if !merge_at_difference(&mut cages, solution, &other, geo.size(), rng) {
                    return None;
                }
            }
            _ => return None,
        }
    }
    None
}

/// The cages with one of them, chosen at random among those of four or more cells, split in
/// two connected parts of two or more cells; `None` when no cage can be split.
fn split_one(
    cages: &[Cage],
    size: usize,
    solution: &Grid,
    rng: &mut SeededRng,
) -> Option<Vec<Cage>> {
    let mut order: Vec<usize> = (0..cages.len())
        .filter(|&i| cages[i].cells.len() >= 4)
        .collect();
    rng.shuffle(&mut order);
    for index in order {
        let mut parts = splits(&cages[index].cells, size);
        if parts.is_empty() {
            continue;
        }
        let (first, second) = parts.swap_remove(rng.below(parts.len()));
        let mut split: Vec<Cage> = cages.to_vec();
        split[index] = cage_of(first, solution);
        split.push(cage_of(second, solution));
        return Some(split);
    }
    None
}

/// The ways to cut a cage in two connected parts of two or more cells: each part grown
/// breadth-first from one of its cells, kept when the rest is connected too.
fn splits(cells: &[usize], size: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut found: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for &start in cells {
        let grown = grown_from(start, cells, size);
        for take in 2..=cells.len().saturating_sub(2) {
            let mut part: Vec<usize> = grown[..take].to_vec();
            part.sort_unstable();
            let rest: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|c| !part.contains(c))
                .collect();
            let known = found.iter().any(|(a, b)| *a == part || *b == part);
            if !known && grown_from(rest[0], &rest, size).len() == rest.len() {
                found.push((part, rest));
            }
        }
    }
    found
}

/// The cells of `cells` reached from `start` through orthogonal neighbours, in breadth-first
/// order.
fn grown_from(start: usize, cells: &[usize], size: usize) -> Vec<usize> {
    let mut reached = vec![start];
    let mut next = 0;
    while next < reached.len() {
        let here = reached[next];
        next += 1;
        for n in neighbours(here, size) {
            if cells.contains(&n) && !reached.contains(&n) {
                reached.push(n);
            }
        }
    }
    reached
}

/// Cages grown at random over the solution: each starts at a free cell and takes free
/// neighbours whose digit it does not hold yet, up to a size drawn from [`CAGE_SIZES`]; a cell
/// left alone joins a neighbouring cage when it can.
pub(super) fn random_cages(size: usize, solution: &Grid, rng: &mut SeededRng) -> Vec<Cage> {
    let cells = size * size;
    let mut owner = vec![usize::MAX; cells];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = draw_size(rng);
        let index = cages.len();
        let mut cage = vec![start];
        owner[start] = index;
        while cage.len() < target {
            let options: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(c, size))
                .filter(|&n| owner[n] == usize::MAX && !holds_digit(&cage, solution, n))
                .collect();
            if options.is_empty() {
                break;
            }
            let next = options[rng.below(options.len())];
            owner[next] = index;
            cage.push(next);
        }
        cages.push(cage);
    }
    absorb_singles(&mut cages, &mut owner, solution, size);
    cages
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|cells| cage_of(cells, solution))
        .collect()
}

/// Joins every one-cell cage to a neighbouring cage that does not hold its digit (the smallest
/// such cage), when there is one.
fn absorb_singles(cages: &mut [Vec<usize>], owner: &mut [usize], solution: &Grid, size: usize) {
    for index in 0..cages.len() {
        if cages[index].len() != 1 {
            continue;
        }
        let cell = cages[index][0];
        let target = neighbours(cell, size)
            .map(|n| owner[n])
            .filter(|&o| o != index && cages[o].len() < MAX_MERGED)
            .filter(|&o| !holds_digit(&cages[o], solution, cell))
            .min_by_key(|&o| (cages[o].len(), o));
        if let Some(target) = target {
            cages[index].clear();
            cages[target].push(cell);
            owner[cell] = target;
        }
    }
}

/// Merges the cage of a cell where the two solutions differ with a neighbouring cage (keeping
/// digits distinct and the cage at most [`MAX_MERGED`] cells); false when no merge is possible.
fn merge_at_difference(
    cages: &mut Vec<Cage>,
    solution: &Grid,
    other: &Grid,
    size: usize,
    rng: &mut SeededRng,
) -> bool {
    let mut differing = solution.changed_cells(other);
    rng.shuffle(&mut differing);
    let owner = owners(cages, size);
    for cell in differing {
        let here = owner[cell];
        let mut around: Vec<usize> = cages[here]
            .cells
            .iter()
            .flat_map(|&c| neighbours(c, size))
            .map(|n| owner[n])
            .filter(|&o| o != here)
            .collect();
        around.sort_unstable();
        around.dedup();
        // Prefer a neighbour that also holds a differing cell: merging them ties the two.
        around.sort_by_key(|&o| {
            let touches = cages[o]
                .cells
                .iter()
                .any(|&c| solution.get(c) != other.get(c));
            (!touches, cages[o].cells.len())
        });
        for neighbour in around {
            let merged_len = cages[here].cells.len() + cages[neighbour].cells.len();
            let digits_clash = cages[neighbour]
                .cells
                .iter()
                .any(|&c| holds_digit(&cages[here].cells, solution, c));
            if merged_len <= MAX_MERGED && !digits_clash {
                let (keep, gone) = (here.min(neighbour), here.max(neighbour));
                let moved = cages.remove(gone);
                cages[keep].cells.extend(moved.cells);
                cages[keep].sum += moved.sum;
                return true;
            }
        }
    }
    false
}

/// Every two neighbouring cages that may be one (`a < b`): at most [`MAX_MERGED`] cells, no
/// digit twice.
fn mergeable_pairs(cages: &[Cage], size: usize, solution: &Grid) -> Vec<(usize, usize)> {
    let owner = owners(cages, size);
    let mut pairs: Vec<(usize, usize)> = cages
        .iter()
        .enumerate()
        .flat_map(|(a, cage)| {
            let owner = &owner;
            cage.cells
                .iter()
                .flat_map(move |&c| neighbours(c, size))
                .map(move |n| (a, owner[n]))
        })
        .filter(|&(a, b)| a < b)
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs.retain(|&(a, b)| {
        cages[a].cells.len() + cages[b].cells.len() <= MAX_MERGED
            && !cages[b]
                .cells
                .iter()
                .any(|&c| holds_digit(&cages[a].cells, solution, c))
    });
    pairs
}

fn owners(cages: &[Cage], size: usize) -> Vec<usize> {
    let mut owner = vec![0; size * size];
    for (index, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            owner[cell] = index;
        }
    }
    owner
}

fn cage_of(cells: Vec<usize>, solution: &Grid) -> Cage {
    let sum = cells.iter().map(|&c| u32::from(solution.get(c))).sum();
    Cage { cells, sum }
}

fn holds_digit(cage: &[usize], solution: &Grid, cell: usize) -> bool {
    cage.iter().any(|&c| solution.get(c) == solution.get(cell))
}

fn draw_size(rng: &mut SeededRng) -> usize {
    let total: u32 = CAGE_SIZES.iter().map(|&(_, w)| w).sum();
    let mut pick = rng.below(total as usize) as u32;
    for (size, weight) in CAGE_SIZES {
        if pick < weight {
            return size;
        }
        pick -= weight;
    }
    2
}

/// The orthogonal neighbours of a cell.
fn neighbours(cell: usize, size: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / size, cell % size);
    let up = (r > 0).then(|| cell - size);
    let down = (r + 1 < size).then(|| cell + size);
    let left = (c > 0).then(|| cell - 1);
    let right = (c + 1 < size).then(|| cell + 1);
    [up, down, left, right].into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cages_split_into_connected_parts_of_two_or_more() {
        // An L of five cells: r1c1 r1c2 r1c3 r2c1 r3c1.
        let cells = [0, 1, 2, 9, 18];
        let parts = splits(&cells, 9);
        assert!(!parts.is_empty());
        for (a, b) in &parts {
            assert!(a.len() >= 2 && b.len() >= 2, "{a:?} {b:?}");
            assert_eq!(grown_from(a[0], a, 9).len(), a.len());
            assert_eq!(grown_from(b[0], b, 9).len(), b.len());
        }
        // A straight domino pair cannot be cut into two parts of two.
        assert!(splits(&[0, 1, 2], 9).is_empty());
    }

    #[test]
    fn random_cages_cover_the_grid_with_distinct_digits() {
        let geo = Geometry::classic(9).unwrap();
        for seed in 0..20 {
            let mut rng = SeededRng::new(seed);
            let solution = crate::generate::puzzle::random_fill(&geo, &mut rng).unwrap();
            let cages = random_cages(9, &solution, &mut rng);
            let set = CageSet::new(9, cages).expect("a valid layout");
            assert!(set.holds(solution.cells()));
            let singles = set.cages().iter().filter(|c| c.cells.len() == 1).count();
            assert!(singles <= 2, "seed {seed}: {singles} one-cell cages");
            assert!(set.cages().iter().all(|c| c.cells.len() <= MAX_MERGED));
        }
    }

    #[test]
    fn a_harder_step_merges_two_neighbouring_cages_and_stays_unique() {
        let geo = Geometry::classic(9).unwrap();
        let givens = Grid::new(9, vec![0; 81]);
        let mut steps = 0;
        for seed in 0..12 {
            let mut rng = SeededRng::new(seed);
            let solution = crate::generate::puzzle::random_fill(&geo, &mut rng).unwrap();
            let Some(killer) = unique_layout(&geo, &solution, &givens, &mut rng) else {
                continue;
            };
            let before = killer.cages().unwrap().cages().len();
            for harder in CageSampler.harder(&killer, &solution, &givens, &mut rng) {
                let set = harder.cages().unwrap();
                assert_eq!(set.cages().len(), before - 1, "seed {seed}");
                assert!(set.holds(solution.cells()), "seed {seed}");
                assert!(set.cages().iter().all(|c| c.cells.len() <= MAX_MERGED));
                let count = ConstrainedSolver::new(&harder).count(givens.cells(), 2, 0);
                assert_eq!(
                    count.count, 1,
                    "seed {seed}: a harder step must stay unique"
                );
                steps += 1;
            }
        }
        assert!(steps > 0, "no harder step found in 12 layouts");
    }
}
