//! The generator's shuffles: random moves of the shape's symmetry group ([`crate::grid::group`])
//! that turn one solved grid into many. Each is a digit relabelling (every variant) and, where
//! the generator has always moved the cells: for classic boxes, the bands and the rows within
//! them, the stacks and the columns within them, and the transposition when boxes are square;
//! for diagonal and window variants, the turns and mirrors of the square that keep the boxes (a
//! subset of their groups, kept so that a seed gives the puzzles it always gave); jigsaw and
//! multi-grid shapes keep their cells. The draws depend on the size alone, never on the digits.

use super::rng::SeededRng;
use super::symmetry::Symmetry;
use crate::grid::group::turn;
use crate::grid::{Geometry, Grid, Move};

/// A random relabelling and, where the variant allows, a random rearrangement of the grid.
pub fn shuffle_solution(geo: &Geometry, grid: &Grid, rng: &mut SeededRng) -> Grid {
    random_move(geo, rng).apply(grid)
}

/// A random move of the shape's group, drawn as the module says.
pub fn random_move(geo: &Geometry, rng: &mut SeededRng) -> Move {
    let n = geo.size();
    let digits = relabelling(n, rng);
    let variant = geo.variant();
    let gather = if variant.jigsaw || variant.multi.is_some() {
        // Regions and overlapping grids are fixed: only the digits may change.
        (0..geo.cell_count()).collect()
    } else if variant.diagonal || variant.window {
        // Quarter turns and diagonal mirrors only when boxes are square (a 2×3 box turned is
        // 3×2, no house: before this was drawn from the group, 6×6, 8×8 and 12×12 diagonal
        // grids were turned so, breaking their boxes and wasting the attempt).
        let allowed = kept_by(geo, Symmetry::None);
        dihedral(n, allowed[rng.below(allowed.len())])
    } else if let Some(shape) = geo.box_shape() {
        let lines = permuted_lines(n, shape.rows, shape.cols, rng);
        if shape.rows == shape.cols && rng.chance(1, 2) {
            transposed(&lines, n)
        } else {
            lines
        }
    } else {
        (0..geo.cell_count()).collect()
    };
    Move {
        cells: scattered(&gather),
        digits,
    }
}

/// A random relabelling and rearrangement of a puzzle and its solution alike (one move of the
/// group for both), keeping the pattern of the givens symmetric: without a symmetry, any move of
/// [`random_move`]; with one, a relabelling and those turns and mirrors of the square that map
/// both the symmetry's pattern and the variant's houses onto themselves.
pub fn disguise(
    geo: &Geometry,
    symmetry: Symmetry,
    givens: &Grid,
    solution: &Grid,
    rng: &mut SeededRng,
) -> (Grid, Grid) {
    let chosen = if symmetry == Symmetry::None {
        random_move(geo, rng)
    } else {
        let digits = relabelling(geo.size(), rng);
        let allowed = kept_by(geo, symmetry);
        let which = allowed[rng.below(allowed.len())];
        Move {
            cells: scattered(&dihedral(geo.size(), which)),
            digits,
        }
    };
    (chosen.apply(givens), chosen.apply(solution))
}

/// The symmetries of the square (as [`turn`] numbers them) that keep the variant's houses
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

/// A random permutation of the digits `1..=size` (`0`, an empty cell, stays).
fn relabelling(size: usize, rng: &mut SeededRng) -> Vec<u8> {
    let mut map: Vec<u8> = (0..=size as u8).collect();
    rng.shuffle(&mut map[1..]);
    map
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

// The cell maps below are "gathers": cell `c` of the image takes the digit of cell `map[c]`.

/// Rows permuted within and across bands of `box_rows`, columns within and across stacks.
fn permuted_lines(n: usize, box_rows: usize, box_cols: usize, rng: &mut SeededRng) -> Vec<usize> {
    let rows = grouped_permutation(n, box_rows, rng);
    let cols = grouped_permutation(n, box_cols, rng);
    (0..n * n)
        .map(|cell| rows[cell / n] * n + cols[cell % n])
        .collect()
}

/// The image of `gather` transposed.
fn transposed(gather: &[usize], n: usize) -> Vec<usize> {
    (0..n * n)
        .map(|cell| gather[(cell % n) * n + cell / n])
        .collect()
}

/// One of the eight symmetries of the square: `which` in `0..8` (0 is the identity).
fn dihedral(n: usize, which: usize) -> Vec<usize> {
    let last = n - 1;
    (0..n * n)
        .map(|cell| {
            let (sr, sc) = turn(which, (cell / n, cell % n), last);
            sr * n + sc
        })
        .collect()
}

/// A gather as a [`Move`]'s cell map: where each cell goes.
fn scattered(gather: &[usize]) -> Vec<usize> {
    let mut goes = vec![0; gather.len()];
    for (to, &from) in gather.iter().enumerate() {
        goes[from] = to;
    }
    goes
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
        let cells: Vec<usize> = (0..16).collect();
        assert_eq!(dihedral(4, 0), cells);
        let quarter = dihedral(4, 1);
        let mut turned = cells.clone();
        for _ in 0..4 {
            turned = turned.iter().map(|&c| quarter[c]).collect();
        }
        assert_eq!(turned, cells, "four quarter turns");
    }

    #[test]
    fn every_shuffle_is_a_move_of_the_shapes_group() {
        use crate::grid::group::maps_houses_onto_houses;
        for geo in Geometry::every_shape()
            .iter()
            .filter(|g| g.cell_count() <= 256)
        {
            let mut rng = SeededRng::new(17);
            for _ in 0..30 {
                let chosen = random_move(geo, &mut rng);
                assert!(
                    maps_houses_onto_houses(geo, &chosen.cells),
                    "{}",
                    geo.describe()
                );
                let mut digits = chosen.digits.clone();
                digits.sort_unstable();
                assert_eq!(digits, (0..=geo.size() as u8).collect::<Vec<_>>());
            }
        }
    }
}
