//! Cheap transformations of a solved grid that keep it solved for its variant, so one grid gives
//! many: digit relabelling (every variant); for classic boxes, row swaps inside a band, column
//! swaps inside a stack, band and stack swaps, and transposition when boxes are square; for
//! diagonal and window variants, the eight rotations and reflections of the square.

use super::rng::SeededRng;
use super::symmetry::Symmetry;
use crate::grid::{Geometry, Grid};

/// A random relabelling and, where the variant allows, a random rearrangement of the grid.
pub fn shuffle_solution(geo: &Geometry, grid: &Grid, rng: &mut SeededRng) -> Grid {
    let mut cells = relabel(grid.cells(), geo.size(), rng);
    let variant = geo.variant();
    if variant.jigsaw || variant.multi.is_some() {
        // Regions and overlapping grids are fixed: only the digits may change.
    } else if variant.diagonal || variant.window {
        cells = dihedral(&cells, geo.size(), rng.below(8));
    } else if let Some(shape) = geo.box_shape() {
        cells = permute_lines(&cells, geo.size(), shape.rows, shape.cols, rng);
        if shape.rows == shape.cols && rng.chance(1, 2) {
            cells = transpose(&cells, geo.size());
        }
    }
    Grid::new(geo.size(), cells)
}

/// A random relabelling and rearrangement of a puzzle and its solution alike, keeping the pattern
/// of the givens symmetric: without a symmetry, every transformation of [`shuffle_solution`];
/// with one, the digits and those rotations and reflections of the square that map both the
/// symmetry's pattern and the variant's houses onto themselves.
pub fn disguise(
    geo: &Geometry,
    symmetry: Symmetry,
    givens: &Grid,
    solution: &Grid,
    rng: &mut SeededRng,
) -> (Grid, Grid) {
    if symmetry == Symmetry::None {
        // The draws of a shuffle depend on the size only, never on the digits, so a copy of the
        // generator gives the puzzle exactly the transformation the solution gets.
        let mut same = rng.clone();
        let givens = shuffle_solution(geo, givens, &mut same);
        return (givens, shuffle_solution(geo, solution, rng));
    }
    let n = geo.size();
    let mut same = rng.clone();
    let givens = relabel(givens.cells(), n, &mut same);
    let solution = relabel(solution.cells(), n, rng);
    let allowed = kept_by(geo, symmetry);
    let which = allowed[rng.below(allowed.len())];
    let turn = |cells: &[u8]| Grid::new(n, dihedral(cells, n, which));
    (turn(&givens), turn(&solution))
}

/// The symmetries of the square (as [`dihedral`] numbers them) that keep the variant's houses
/// and the given pattern of `symmetry`.
fn kept_by(geo: &Geometry, symmetry: Symmetry) -> Vec<usize> {
    let variant = geo.variant();
    if variant.jigsaw || variant.multi.is_some() {
        return vec![0];
    }
    let square_boxes = geo.box_shape().is_none_or(|shape| shape.rows == shape.cols);
    let by_houses: &[usize] = if square_boxes {
        &[0, 1, 2, 3, 4, 5, 6, 7]
    } else {
        &[0, 2, 4, 5]
    };
    let by_pattern: &[usize] = match symmetry {
        Symmetry::Mirror => &[0, 2, 4, 5],
        Symmetry::Diagonal => &[0, 2, 6, 7],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7],
    };
    by_houses
        .iter()
        .copied()
        .filter(|which| by_pattern.contains(which))
        .collect()
}

/// Maps every digit through a random permutation.
fn relabel(cells: &[u8], size: usize, rng: &mut SeededRng) -> Vec<u8> {
    let mut map: Vec<u8> = (0..=size as u8).collect();
    rng.shuffle(&mut map[1..]);
    cells.iter().map(|&v| map[v as usize]).collect()
}

/// A permutation of `0..count` that keeps groups of `group` together: groups shuffled, and the
/// members of each group shuffled.
fn grouped_permutation(count: usize, group: usize, rng: &mut SeededRng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..count / group).collect();
    rng.shuffle(&mut groups);
    let mut order = Vec::with_capacity(count);
    for g in groups {
        let mut members: Vec<usize> = (g * group..(g + 1) * group).collect();
        rng.shuffle(&mut members);
        order.extend(members);
    }
    order
}

/// Rows permuted within and across bands of `box_rows`, columns within and across stacks.
fn permute_lines(
    cells: &[u8],
    n: usize,
    box_rows: usize,
    box_cols: usize,
    rng: &mut SeededRng,
) -> Vec<u8> {
    let rows = grouped_permutation(n, box_rows, rng);
    let cols = grouped_permutation(n, box_cols, rng);
    (0..n * n)
        .map(|cell| cells[rows[cell / n] * n + cols[cell % n]])
        .collect()
}

fn transpose(cells: &[u8], n: usize) -> Vec<u8> {
    (0..n * n)
        .map(|cell| cells[(cell % n) * n + cell / n])
        .collect()
}

/// One of the eight symmetries of the square: `which` in `0..8` (0 is the identity).
fn dihedral(cells: &[u8], n: usize, which: usize) -> Vec<u8> {
    let last = n - 1;
    (0..n * n)
        .map(|cell| {
            let (sr, sc) = crate::grid::group::turn(which, (cell / n, cell % n), last);
            cells[sr * n + sc]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::RegionMap;

    fn solved(geo: &Geometry, seed: u64) -> Grid {
        crate::generate::random_fill(geo, &mut SeededRng::new(seed)).expect("the grid fills")
    }

    #[test]
    fn transformed_grids_stay_valid_for_every_variant() {
        let jigsaw = RegionMap::parse("AAABBB\nAAABBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFF\n").unwrap();
        let geometries = [
            Geometry::classic(9).unwrap(),
            Geometry::classic(6).unwrap(),
            Geometry::classic(12).unwrap(),
            Geometry::new(9, "diagonal".parse().unwrap(), None, None).unwrap(),
            Geometry::new(9, "diagonal+window".parse().unwrap(), None, None).unwrap(),
            Geometry::new(6, "jigsaw".parse().unwrap(), None, Some(jigsaw)).unwrap(),
        ];
        for geo in &geometries {
            let grid = solved(geo, 11);
            let mut rng = SeededRng::new(5);
            for _ in 0..20 {
                let shuffled = shuffle_solution(geo, &grid, &mut rng);
                assert!(shuffled.conflicts(geo).is_empty(), "{}", geo.describe());
                assert_eq!(shuffled.empty_count(), 0);
            }
            assert_ne!(shuffle_solution(geo, &grid, &mut rng), grid);
        }
    }

    #[test]
    fn a_disguised_puzzle_keeps_its_solution_symmetry_and_houses() {
        let geometries = [
            Geometry::classic(9).unwrap(),
            Geometry::classic(6).unwrap(),
            Geometry::new(9, "diagonal+window".parse().unwrap(), None, None).unwrap(),
        ];
        let symmetries = [
            Symmetry::None,
            Symmetry::Rotate180,
            Symmetry::Rotate90,
            Symmetry::Mirror,
            Symmetry::Diagonal,
        ];
        for geo in &geometries {
            let solution = solved(geo, 4);
            let solver = crate::solve::Solver::new(geo);
            for symmetry in symmetries {
                let Some(orbits) = symmetry.orbits_in(geo) else {
                    continue;
                };
                let mut givens = solution.clone();
                for orbit in orbits.iter().step_by(2) {
                    for &cell in orbit {
                        givens.set(cell, 0);
                    }
                }
                let mut rng = SeededRng::new(9);
                let mut changed = false;
                for _ in 0..12 {
                    let (g, s) = disguise(geo, symmetry, &givens, &solution, &mut rng);
                    assert!(s.conflicts(geo).is_empty(), "{}", geo.describe());
                    assert!(symmetry.holds_in(geo, g.cells()), "{symmetry:?}");
                    assert!((0..g.cells().len()).all(|c| g.get(c) == 0 || g.get(c) == s.get(c)));
                    assert_eq!(g.filled_count(), givens.filled_count());
                    assert_eq!(
                        solver.count_solutions(&g, 2),
                        solver.count_solutions(&givens, 2)
                    );
                    changed |= g != givens;
                }
                assert!(changed, "{} {symmetry:?}", geo.describe());
            }
        }
    }

    #[test]
    fn dihedral_identity_and_inverse() {
        let cells: Vec<u8> = (0..16).collect();
        assert_eq!(dihedral(&cells, 4, 0), cells);
        let turned = dihedral(&cells, 4, 1);
        let back = dihedral(&dihedral(&dihedral(&turned, 4, 1), 4, 1), 4, 1);
        assert_eq!(back, cells);
    }
}
