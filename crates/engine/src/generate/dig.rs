//! Clue removal: starting from a solved grid, remove givens orbit by orbit (an orbit is the set
//! of cells a symmetry ties together) in a random order, keeping each removal only while the
//! puzzle stays acceptable (one solution, and solvable at the target level when one is asked).

use super::rng::SeededRng;
use crate::grid::Grid;

/// Decides whether a dug puzzle is kept; it also gets the cells just emptied.
pub type Keep<'a> = dyn FnMut(&Grid, &[usize]) -> bool + 'a;

/// Removes givens from `solution` in random orbit order. A removal is kept when `keep` accepts the
/// new puzzle (it also gets the cells just emptied); orbits whose removal would leave fewer than
/// `floor` givens are skipped. The result is minimal for the symmetry when `floor` is 0: no
/// remaining orbit can be removed.
pub fn dig(
    solution: &Grid,
    orbits: &[Vec<usize>],
    rng: &mut SeededRng,
    floor: usize,
    keep: &mut Keep,
) -> Grid {
    let mut order: Vec<&Vec<usize>> = orbits.iter().collect();
    rng.shuffle(&mut order);
    let mut puzzle = solution.clone();
    let mut givens = puzzle.filled_count();
    for orbit in order {
        if givens < floor + orbit.len() {
            continue;
        }
        for &cell in orbit {
            puzzle.set(cell, 0);
        }
        if keep(&puzzle, orbit) {
            givens -= orbit.len();
        } else {
            for &cell in orbit {
                puzzle.set(cell, solution.get(cell));
            }
        }
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Symmetry;
    use crate::grid::Geometry;
    use crate::solve::Solver;

    fn solved(geo: &Geometry, rng: &mut SeededRng) -> Grid {
        crate::generate::random_fill(geo, rng).expect("a classic grid fills")
    }

    #[test]
    fn dug_puzzles_are_unique_symmetric_subsets_and_minimal() {
        let geo = Geometry::classic(9).unwrap();
        let solver = Solver::new(&geo);
        for (seed, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            let mut rng = SeededRng::new(seed as u64);
            let solution = solved(&geo, &mut rng);
            let orbits = symmetry.orbits(9);
            let mut unique = |p: &Grid, _: &[usize]| solver.count_solutions(p, 2) == 1;
            let puzzle = dig(&solution, &orbits, &mut rng, 0, &mut unique);
            assert_eq!(solver.count_solutions(&puzzle, 2), 1);
            assert!(puzzle.changed_cells(&solution).is_empty());
            assert!(symmetry.holds(puzzle.cells(), 9), "{symmetry}");
            assert!(
                (17..=40).contains(&puzzle.filled_count()),
                "{}",
                puzzle.filled_count()
            );
            for orbit in &orbits {
                if puzzle.get(orbit[0]) == 0 {
                    continue;
                }
                let mut fewer = puzzle.clone();
                orbit.iter().for_each(|&c| fewer.set(c, 0));
                assert!(
                    solver.count_solutions(&fewer, 2) > 1,
                    "not minimal for {symmetry}"
                );
            }
        }
    }

    #[test]
    fn floor_stops_the_digging() {
        let geo = Geometry::classic(9).unwrap();
        let solver = Solver::new(&geo);
        let mut rng = SeededRng::new(1);
        let solution = solved(&geo, &mut rng);
        let mut unique = |p: &Grid, _: &[usize]| solver.count_solutions(p, 2) == 1;
        let orbits = Symmetry::None.orbits(9);
        let puzzle = dig(&solution, &orbits, &mut rng, 40, &mut unique);
        assert_eq!(puzzle.filled_count(), 40);
    }

    #[test]
    fn same_seed_same_puzzle() {
        let geo = Geometry::classic(9).unwrap();
        let solver = Solver::new(&geo);
        let make = || {
            let mut rng = SeededRng::new(99);
            let solution = solved(&geo, &mut rng);
            let mut unique = |p: &Grid, _: &[usize]| solver.count_solutions(p, 2) == 1;
            dig(
                &solution,
                &Symmetry::Rotate180.orbits(9),
                &mut rng,
                0,
                &mut unique,
            )
        };
        assert_eq!(make(), make());
    }
}
