//! Every puzzle of the shared data sets, solved by the library and checked: unique sets give one
//! solution that keeps the givens and breaks no house; the "multiple" set gives two. Variant
//! files are checked against their published solutions. Skipped (with a message) without data.

use sudoku_book::grid::text::parse_line;
use sudoku_book::grid::{Geometry, Grid, RegionMap};
use sudoku_book::solve::{Solution, Solver};

use super::util::{cmd, data_dir};

const UNIQUE_SETS: &[&str] = &[
    "puzzles1_unbiased_first1000.txt",
    "puzzles2_17_clue.txt",
    "puzzles3_magictour_top1465.txt",
    "puzzles5_forum_hardest_1905_11plus.txt",
    "puzzles6_forum_hardest_1106.txt",
    "radcliffe3m_stratified_7034.txt",
];

fn check_unique(geo: &Geometry, solver: &Solver, givens: &Grid, origin: &str) -> Grid {
    let Solution::Unique(solution) = solver.solve(givens) else {
        panic!("{origin}: expected a unique solution");
    };
    assert_eq!(solution.empty_count(), 0, "{origin}");
    assert!(solution.conflicts(geo).is_empty(), "{origin}");
    assert!(givens.changed_cells(&solution).is_empty(), "{origin}");
    solution
}

#[test]
fn every_unique_classic_puzzle_solves() {
    let Some(dir) = data_dir() else { return };
    let geo = Geometry::classic(9).unwrap();
    let solver = Solver::new(&geo);
    for name in UNIQUE_SETS {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        for (index, line) in text.lines().enumerate() {
            let givens = parse_line(line, index + 1, Some(9)).unwrap();
            check_unique(&geo, &solver, &givens, &format!("{name}:{}", index + 1));
        }
    }
}

#[test]
fn generic_solver_agrees_on_the_hardest_puzzles() {
    let Some(dir) = data_dir() else { return };
    let geo = Geometry::classic(9).unwrap();
    let generic = sudoku_book::solve::GenericSolver::new(&geo);
    let fast = Solver::new(&geo);
    let text = std::fs::read_to_string(dir.join("puzzles6_forum_hardest_1106.txt")).unwrap();
    for (index, line) in text.lines().enumerate() {
        let givens = parse_line(line, index + 1, Some(9)).unwrap();
        let slow = generic.count(givens.cells(), 2, 1);
        assert_eq!(slow.count, 1, "line {}", index + 1);
        let expected = fast.first_solution(&givens).unwrap();
        assert_eq!(slow.solutions[0], expected.cells(), "line {}", index + 1);
    }
}

#[test]
fn every_multiple_puzzle_is_found_not_unique() {
    let Some(dir) = data_dir() else { return };
    let geo = Geometry::classic(9).unwrap();
    let solver = Solver::new(&geo);
    let text = std::fs::read_to_string(dir.join("puzzles7_serg_benchmark.txt")).unwrap();
    for (index, line) in text.lines().enumerate() {
        let givens = parse_line(line, index + 1, Some(9)).unwrap();
        let Solution::Multiple(first, second) = solver.solve(&givens) else {
            panic!("line {}: expected several solutions", index + 1);
        };
        assert_ne!(first, second);
        for grid in [&first, &second] {
            assert!(grid.conflicts(&geo).is_empty());
            assert!(givens.changed_cells(grid).is_empty());
        }
    }
}

#[derive(serde::Deserialize)]
struct VariantPuzzle {
    id: String,
    variant: String,
    size: usize,
    regions: Option<Vec<usize>>,
    givens: Vec<u8>,
    solution: Vec<u8>,
}

#[test]
fn every_variant_puzzle_solves_to_its_published_solution() {
    let Some(dir) = data_dir() else { return };
    let files = std::fs::read_dir(dir.join("variants")).unwrap();
    let mut checked = 0;
    for entry in files {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let puzzle: VariantPuzzle = serde_json::from_str(line).unwrap();
            let regions = puzzle
                .regions
                .map(|ids| RegionMap::from_ids(puzzle.size, &ids).unwrap());
            let variant = puzzle.variant.parse().unwrap();
            let geo = Geometry::new(puzzle.size, variant, None, regions).unwrap();
            let givens = Grid::new(puzzle.size, puzzle.givens);
            let solution = check_unique(&geo, &Solver::new(&geo), &givens, &puzzle.id);
            assert_eq!(solution.cells(), puzzle.solution, "{}", puzzle.id);
            checked += 1;
        }
    }
    assert!(checked >= 900, "only {checked} variant puzzles found");
}

#[test]
fn batch_command_over_a_whole_set() {
    let Some(dir) = data_dir() else { return };
    let path = dir.join("puzzles3_magictour_top1465.txt");
    let output = cmd()
        .args(["solve", "--batch"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let puzzles = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), puzzles.lines().count());
    assert!(text.lines().all(|l| l.len() == 81 && !l.contains('.')));
}
