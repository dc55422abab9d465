//! Property tests of the exact solver over random solved grids of every variant: the solution
//! found keeps the givens and satisfies every house; removing a given from a unique puzzle never
//! leaves it without a solution; the fast 9×9 path and the generic solver agree.

use proptest::prelude::*;

use sudoku_book::grid::{Geometry, Grid, RegionMap};
use sudoku_book::solve::{GenericSolver, Solution, Solver};

fn geometries() -> Vec<Geometry> {
    let parse = |v: &str| v.parse().unwrap();
    let jigsaw = RegionMap::parse("AAABBB\nAAABBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFF\n").unwrap();
    vec![
        Geometry::classic(4).unwrap(),
        Geometry::classic(6).unwrap(),
        Geometry::classic(8).unwrap(),
        Geometry::classic(9).unwrap(),
        Geometry::new(9, parse("diagonal"), None, None).unwrap(),
        Geometry::new(9, parse("window"), None, None).unwrap(),
        Geometry::new(9, parse("diagonal+window"), None, None).unwrap(),
        Geometry::new(6, parse("jigsaw"), None, Some(jigsaw)).unwrap(),
        Geometry::classic(12).unwrap(),
    ]
}

/// A random solved grid: the generic solver's first solution with a seeded digit order.
fn solved_grid(geo: &Geometry, seed: u64) -> Grid {
    let mut state = seed | 1;
    let mut pick = |mask: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let count = mask.count_ones();
        let mut skip = (state % count as u64) as u32;
        let mut rest = mask;
        while skip > 0 {
            rest &= rest - 1;
            skip -= 1;
        }
        rest & rest.wrapping_neg()
    };
    let cells = GenericSolver::new(geo)
        .first_with_order(&vec![0; geo.cell_count()], &mut pick)
        .expect("an empty grid has a solution");
    Grid::new(geo.size(), cells)
}

fn holes(grid: &Grid, mask: &[bool]) -> Grid {
    let mut puzzle = grid.clone();
    for (cell, &hole) in mask.iter().enumerate().take(grid.cells().len()) {
        if hole {
            puzzle.set(cell, 0);
        }
    }
    puzzle
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn solution_keeps_givens_and_satisfies_every_house(
        which in 0usize..9, seed in any::<u64>(), mask in prop::collection::vec(any::<bool>(), 144)
    ) {
        let geo = &geometries()[which];
        let full = solved_grid(geo, seed);
        prop_assert!(full.conflicts(geo).is_empty());
        let puzzle = holes(&full, &mask);
        let solver = Solver::new(geo);
        let solution = solver.solve(&puzzle);
        let grid = solution.grid().expect("the full grid is a solution");
        prop_assert_eq!(grid.empty_count(), 0);
        prop_assert!(grid.conflicts(geo).is_empty());
        prop_assert!(puzzle.changed_cells(grid).is_empty());
        if solution.is_unique() {
            prop_assert_eq!(grid, &full);
        }
    }

    #[test]
    fn removing_a_given_never_loses_every_solution(
        which in 0usize..9, seed in any::<u64>(), extra in any::<usize>()
    ) {
        let geo = &geometries()[which];
        let full = solved_grid(geo, seed);
        let solver = Solver::new(geo);
        // Dig a unique puzzle greedily, then remove one more given.
        let mut puzzle = full.clone();
        for step in 0..geo.cell_count() {
            let cell = (step * 7 + seed as usize) % geo.cell_count();
            let value = puzzle.get(cell);
            puzzle.set(cell, 0);
            if solver.count_solutions(&puzzle, 2) != 1 {
                puzzle.set(cell, value);
            }
        }
        prop_assert_eq!(solver.count_solutions(&puzzle, 2), 1);
        let filled: Vec<usize> = (0..geo.cell_count()).filter(|&c| puzzle.get(c) != 0).collect();
        let cell = filled[extra % filled.len()];
        puzzle.set(cell, 0);
        prop_assert!(solver.count_solutions(&puzzle, 2) >= 1);
        prop_assert!(matches!(solver.solve(&puzzle), Solution::Multiple(..) | Solution::Unique(_)));
    }

    #[test]
    fn fast_and_generic_solvers_agree_on_classic_9x9(
        seed in any::<u64>(), mask in prop::collection::vec(any::<bool>(), 81), limit in 1usize..6
    ) {
        let geo = Geometry::classic(9).unwrap();
        let puzzle = holes(&solved_grid(&geo, seed), &mask);
        let fast = Solver::new(&geo).count_solutions(&puzzle, limit);
        let generic = GenericSolver::new(&geo).count(puzzle.cells(), limit, 0).count;
        prop_assert_eq!(fast, generic);
    }
}
