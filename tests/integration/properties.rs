//! Property tests of the exact solver over random solved grids of every variant: the solution
//! found keeps the givens and satisfies every house; removing a given from a unique puzzle never
//! leaves it without a solution; the fast 9×9 path and the generic solver agree; generated
//! killers are unique with cages that add up.

use proptest::prelude::*;

use sudoku_book::grid::{Format, Geometry, Grid, RegionMap};
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
        Geometry::new(9, parse("samurai"), None, None).unwrap(),
        Geometry::new(9, parse("twodoku"), None, None).unwrap(),
        Geometry::new(9, parse("butterfly"), None, None).unwrap(),
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
        which in 0usize..12, seed in any::<u64>(), mask in prop::collection::vec(any::<bool>(), 369)
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
        which in 0usize..12, seed in any::<u64>(), extra in any::<usize>()
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// No text, however malformed, makes a reader panic: each returns a value or an error.
    #[test]
    fn readers_never_panic_on_any_text(text in "[ -~\n\t.0-9A-Za-z|+#é]{0,300}") {
        use sudoku_book::grid::text::{detect_format, infer_size, parse_grid_text, parse_line, parse_puzzle};
        let _ = parse_line(&text, 1, None);
        let _ = parse_line(&text, 1, Some(9));
        let _ = parse_grid_text(&text, None);
        let _ = parse_grid_text(&text, Some(4));
        let _ = RegionMap::parse(&text);
        let format = detect_format(&text);
        let _ = infer_size(&text, format);
        let geo = Geometry::classic(9).unwrap();
        for format in [Format::Line, Format::Grid, Format::Cells] {
            if let Ok((grid, _)) = parse_puzzle(&text, &geo, format) {
                let _ = Solver::new(&geo).solve(&grid);
            }
        }
    }

    /// Any digits in any cells, conflicting or not, give an answer from the solver, never a panic.
    #[test]
    fn solver_never_panics_on_any_givens(
        which in 0usize..12, cells in prop::collection::vec(0u8..30, 369), limit in 0usize..4
    ) {
        let geo = &geometries()[which];
        let size = geo.size();
        let givens: Vec<u8> = cells.iter().take(geo.cell_count()).map(|&v| if v as usize > size { 0 } else { v }).collect();
        let grid = Grid::new(size, givens.clone());
        let count = Solver::new(geo).count_solutions(&grid, limit);
        prop_assert!(count <= limit);
        let raw = GenericSolver::new(geo).count(&cells[..geo.cell_count()], limit, 1);
        prop_assert!(raw.count <= limit);
    }
}

/// The killer shapes the generator makes: classic 4×4 to 9×9, and killer with diagonals or a
/// jigsaw layout.
const KILLER_SHAPES: [(&str, usize); 5] = [
    ("killer", 4),
    ("killer", 6),
    ("killer", 9),
    ("killer+diagonal", 9),
    ("killer+jigsaw", 9),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every generated killer: cages cover every cell once with distinct digits adding up to
    /// their sums, there are no givens, exactly one solution (the one recorded), and the same
    /// seed gives the same puzzle.
    #[test]
    fn generated_killers_are_unique_and_their_cages_add_up(
        shape in 0..KILLER_SHAPES.len(),
        seed in 0u64..1_000_000,
    ) {
        use sudoku_book::generate::{Request, generate};
        let (variant, size) = KILLER_SHAPES[shape];
        let request = Request::new(variant.parse().unwrap(), size);
        let puzzle = generate(&request, seed).expect("a killer puzzle");
        let cages = puzzle.geometry.cages().expect("cages");
        prop_assert!(cages.holds(puzzle.solution.cells()));
        prop_assert_eq!(puzzle.givens.filled_count(), 0);
        match Solver::new(&puzzle.geometry).solve(&puzzle.givens) {
            Solution::Unique(found) => prop_assert_eq!(found, puzzle.solution.clone()),
            other => prop_assert!(false, "not unique: {:?}", other),
        }
        for house in puzzle.geometry.houses() {
            let mut digits: Vec<u8> = house.cells.iter().map(|&c| puzzle.solution.get(c)).collect();
            digits.sort_unstable();
            prop_assert_eq!(digits, (1..=size as u8).collect::<Vec<u8>>());
        }
        let again = generate(&request, seed).expect("the same puzzle");
        prop_assert_eq!(again.geometry.cages(), puzzle.geometry.cages());
        prop_assert_eq!(again.solution, puzzle.solution);
    }
}
