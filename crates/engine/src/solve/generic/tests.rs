use super::*;
use crate::grid::text::parse_line;

fn solver9() -> GenericSolver {
    GenericSolver::new(&Geometry::classic(9).unwrap())
}

#[test]
fn solves_a_17_clue_puzzle() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid = parse_line(line, 1, None).unwrap();
    let result = solver9().count(grid.cells(), 2, 2);
    assert_eq!(result.count, 1);
    let solution = &result.solutions[0];
    assert!(
        grid.cells()
            .iter()
            .zip(solution)
            .all(|(&g, &s)| g == 0 || g == s)
    );
    let geo = Geometry::classic(9).unwrap();
    let solved = crate::grid::Grid::new(9, solution.clone());
    assert!(solved.conflicts(&geo).is_empty());
    assert_eq!(solved.empty_count(), 0);
}

#[test]
fn empty_grid_counts_to_the_limit() {
    let result = solver9().count(&[0; 81], 5, 2);
    assert_eq!(result.count, 5);
    assert_eq!(result.solutions.len(), 2);
    assert_ne!(result.solutions[0], result.solutions[1]);
}

#[test]
fn conflicting_givens_have_no_solution() {
    let mut givens = [0u8; 81];
    givens[0] = 1;
    givens[1] = 1;
    assert_eq!(solver9().count(&givens, 2, 1).count, 0);
    givens[1] = 10;
    assert_eq!(solver9().count(&givens, 2, 1).count, 0);
}

#[test]
fn all_4x4_grids_are_counted() {
    let solver = GenericSolver::new(&Geometry::classic(4).unwrap());
    assert_eq!(solver.count(&[0; 16], 1000, 0).count, 288);
}

#[test]
fn diagonal_4x4_grids() {
    let geo = Geometry::new(4, "diagonal".parse().unwrap(), None, None).unwrap();
    let solver = GenericSolver::new(&geo);
    // Checked by brute force over all 4x4 grids.
    assert_eq!(solver.count(&[0; 16], 1000, 0).count, 48);
}

#[test]
fn singles_solve_easy_puzzles_only() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let grid = parse_line(easy, 1, None).unwrap();
    assert!(solver9().solves_by_singles(grid.cells()));
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid = parse_line(hard, 1, None).unwrap();
    assert!(!solver9().solves_by_singles(grid.cells()));
    assert!(!solver9().solves_by_singles(&[0; 81]));
    let mut broken = [0u8; 81];
    broken[0] = 1;
    broken[1] = 1;
    assert!(!solver9().solves_by_singles(&broken));
}

#[test]
fn capped_fill_gives_up_and_uncapped_fill_succeeds() {
    let solver = GenericSolver::new(&Geometry::classic(16).unwrap());
    let mut first = |mask: u32| mask & mask.wrapping_neg();
    assert!(
        solver
            .first_with_order_capped(&[0; 256], &mut first, 1)
            .is_none()
    );
    let full = solver.first_with_order_capped(&[0; 256], &mut first, 100_000);
    assert_eq!(full.map(|cells| cells.len()), Some(256));
}

#[test]
fn locked_candidates_keep_counts_exact() {
    let geo = Geometry::classic(12).unwrap();
    let solver = GenericSolver::new(&geo);
    assert!(solver.uses_locks());
    let mut givens = vec![0u8; 144];
    givens[..12].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(solver.count(&givens, 50, 0).count, 50);
}

/// A plain backtracker for cross-checking: fills the open cell with the fewest allowed
/// digits, counting solutions up to `limit`.
fn reference_count(geo: &Geometry, cells: &mut [u8], limit: usize) -> usize {
    let allowed = |cells: &[u8], cell: usize| -> Vec<u8> {
        (1..=geo.size() as u8)
            .filter(|&d| geo.peers(cell).iter().all(|&p| cells[p] != d))
            .collect()
    };
    let open = (0..cells.len())
        .filter(|&c| cells[c] == 0)
        .min_by_key(|&c| allowed(cells, c).len());
    let Some(cell) = open else {
        return 1;
    };
    let mut found = 0;
    for digit in allowed(cells, cell) {
        cells[cell] = digit;
        found += reference_count(geo, cells, limit - found);
        cells[cell] = 0;
        if found >= limit {
            break;
        }
    }
    found
}

/// True when the givens break no house.
fn consistent(geo: &Geometry, cells: &[u8]) -> bool {
    (0..cells.len()).all(|c| cells[c] == 0 || geo.peers(c).iter().all(|&p| cells[p] != cells[c]))
}

/// A deterministic full grid of a geometry (random digit order from a fixed seed).
fn full_grid(geo: &Geometry, seed: u64) -> Vec<u8> {
    let mut state = seed | 1;
    let mut pick = |mask: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let bits: Vec<u32> = (0..32).filter(|b| mask & (1 << b) != 0).collect();
        1u32 << bits[(state % bits.len() as u64) as usize]
    };
    let solver = GenericSolver::new(geo);
    solver
        .first_with_order(&vec![0; geo.cell_count()], &mut pick)
        .unwrap()
}

/// `full` with the cells picked by `hole` emptied.
fn with_holes(full: &[u8], hole: impl Fn(usize) -> bool) -> Vec<u8> {
    let mut cells = full.to_vec();
    for (cell, value) in cells.iter_mut().enumerate() {
        if hole(cell) {
            *value = 0;
        }
    }
    cells
}

#[test]
fn six_by_six_counts_match_a_reference_backtracker() {
    let geo = Geometry::classic(6).unwrap();
    let solver = GenericSolver::new(&geo);
    let mut cases: Vec<Vec<u8>> = Vec::new();
    let mut givens = vec![0u8; 36];
    givens[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
    givens[9] = 1;
    givens[13] = 4;
    cases.push(givens.clone());
    givens[20] = 2;
    givens[35] = 3;
    cases.push(givens.clone());
    let full = full_grid(&geo, 7);
    cases.push(with_holes(&full, |c| c % 3 != 0));
    cases.push(with_holes(&full, |c| (c * 5) % 7 < 4));
    for givens in cases {
        let expected = reference_count(&geo, &mut givens.clone(), 100_000);
        assert!(expected > 0);
        assert_eq!(
            solver.count(&givens, 100_000, 0).count,
            expected,
            "{givens:?}"
        );
        assert_eq!(solver.count(&givens, 3, 0).count, expected.min(3));
    }
}

#[test]
fn sixteen_with_holes_has_the_original_as_only_solution() {
    let geo = Geometry::classic(16).unwrap();
    let solver = GenericSolver::new(&geo);
    for seed in [3, 11] {
        let full = full_grid(&geo, seed);
        assert!(consistent(&geo, &full));
        assert!(full.iter().all(|&v| (1..=16).contains(&v)));
        let givens = with_holes(&full, |c| (c * 97 + seed as usize) % 11 < 3);
        let result = solver.count(&givens, 2, 2);
        assert_eq!(result.count, 1, "seed {seed}");
        assert_eq!(result.solutions[0], full);
    }
}

#[test]
fn sixteen_conflicts_and_bad_values_have_no_solution() {
    let geo = Geometry::classic(16).unwrap();
    let solver = GenericSolver::new(&geo);
    let mut givens = vec![0u8; 256];
    givens[0] = 5;
    givens[17] = 5; // same box
    assert_eq!(solver.count(&givens, 2, 2).count, 0);
    givens[17] = 17;
    assert_eq!(solver.count(&givens, 2, 2).count, 0);
    givens[17] = 255;
    assert_eq!(solver.count(&givens, 2, 2).count, 0);
    assert_eq!(solver.count(&givens[..100], 2, 2).count, 0);
    let full = full_grid(&geo, 5);
    let mut broken = with_holes(&full, |c| c % 2 == 0);
    broken[1] = full[0]; // still a legal-looking digit, but no completion
    assert_eq!(solver.count(&broken, 2, 0).count, 0);
}

#[test]
fn twelve_by_twelve_matches_the_reference() {
    let geo = Geometry::classic(12).unwrap();
    let solver = GenericSolver::new(&geo);
    let full = full_grid(&geo, 9);
    assert!(consistent(&geo, &full));
    for modulus in [3, 4] {
        let givens = with_holes(&full, |c| (c * 7) % modulus == 0);
        let expected = reference_count(&geo, &mut givens.clone(), 20);
        let result = solver.count(&givens, 20, 1);
        assert_eq!(result.count, expected, "modulus {modulus}");
        assert!(consistent(&geo, &result.solutions[0]));
    }
}

#[test]
fn jigsaw_9x9_example() {
    let ids = [
        0, 0, 0, 1, 1, 1, 1, 2, 2, 0, 0, 3, 3, 3, 1, 1, 2, 2, 0, 0, 3, 4, 4, 1, 2, 2, 2, 0, 0, 3,
        4, 1, 1, 5, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 3, 7, 7, 4, 5, 8, 8, 6, 6, 6, 7, 4, 4,
        5, 8, 8, 6, 6, 7, 7, 5, 5, 5, 8, 8, 6, 6, 7, 7, 7, 7, 8, 8, 8,
    ];
    let givens = [
        0, 2, 0, 0, 0, 9, 6, 0, 0, 7, 6, 3, 0, 9, 0, 1, 2, 0, 9, 0, 0, 0, 2, 7, 0, 0, 0, 0, 4, 0,
        0, 0, 0, 7, 0, 5, 1, 0, 7, 0, 6, 0, 8, 0, 2, 8, 0, 2, 0, 0, 0, 0, 5, 0, 0, 0, 0, 6, 7, 0,
        0, 0, 9, 0, 7, 9, 0, 1, 0, 5, 8, 3, 0, 0, 8, 3, 0, 0, 0, 4, 0,
    ];
    let solution = [
        5, 2, 1, 4, 3, 9, 6, 7, 8, 7, 6, 3, 8, 9, 5, 1, 2, 4, 9, 8, 4, 5, 2, 7, 3, 6, 1, 3, 4, 6,
        1, 8, 2, 7, 9, 5, 1, 5, 7, 9, 6, 4, 8, 3, 2, 8, 1, 2, 7, 4, 3, 9, 5, 6, 2, 3, 5, 6, 7, 8,
        4, 1, 9, 4, 7, 9, 2, 1, 6, 5, 8, 3, 6, 9, 8, 3, 5, 1, 2, 4, 7,
    ];
    let regions = crate::grid::RegionMap::from_ids(9, &ids).unwrap();
    let geo = Geometry::new(9, "jigsaw".parse().unwrap(), None, Some(regions)).unwrap();
    let solver = GenericSolver::new(&geo);
    let result = solver.count(&givens, 2, 2);
    assert_eq!(result.count, 1);
    assert_eq!(result.solutions[0], solution);
    let mut fewer = givens;
    fewer[1] = 0;
    fewer[3 * 9 + 1] = 0;
    let expected = reference_count(&geo, &mut fewer.to_vec(), 50);
    assert_eq!(solver.count(&fewer, 50, 0).count, expected);
}

#[test]
fn ordered_fills_are_valid_and_repeatable() {
    for (size, variant) in [
        (4, "classic"),
        (6, "classic"),
        (9, "diagonal"),
        (9, "window"),
        (16, "classic"),
    ] {
        let geo = Geometry::new(size, variant.parse().unwrap(), None, None).unwrap();
        let first = full_grid(&geo, 5);
        assert_eq!(first, full_grid(&geo, 5), "{size} {variant}");
        assert!(consistent(&geo, &first));
        assert!(first.iter().all(|&v| v >= 1 && v as usize <= size));
    }
}

#[test]
fn empty_grids_of_every_size_do_not_panic() {
    for size in [4, 6, 8, 9, 12, 16, 25] {
        let geo = Geometry::classic(size).unwrap();
        let solver = GenericSolver::new(&geo);
        let result = solver.count(&vec![0; size * size], 2, 2);
        assert_eq!(result.count, 2, "size {size}");
        assert!(result.solutions.iter().all(|s| consistent(&geo, s)));
        assert_eq!(solver.count(&vec![0; size * size], 0, 0).count, 0);
    }
}

#[test]
fn every_size_fills_and_counts_without_panicking() {
    for size in 2..=25 {
        let Ok(geo) = Geometry::classic(size) else {
            continue;
        };
        let solver = GenericSolver::new(&geo);
        let full = full_grid(&geo, size as u64);
        assert!(consistent(&geo, &full), "size {size}");
        assert!(full.iter().all(|&v| v >= 1 && v as usize <= size));
        let givens = with_holes(&full, |c| c % 4 == 1);
        let result = solver.count(&givens, 2, 1);
        assert!(result.count >= 1, "size {size}");
        assert!(consistent(&geo, &result.solutions[0]));
        assert!(!solver.solves_by_singles(&givens[1..]));
    }
}

/// A small seeded generator for the random tests (xorshift64).
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[test]
fn garbage_givens_never_panic() {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
    for (size, variant) in [
        (9, "window"),
        (9, "diagonal"),
        (12, "classic"),
        (16, "classic"),
    ] {
        let geo = Geometry::new(size, variant.parse().unwrap(), None, None).unwrap();
        let solver = GenericSolver::new(&geo);
        for round in 0..40 {
            let givens: Vec<u8> = (0..size * size)
                .map(|_| match next() % 8 {
                    0 => (next() % 40) as u8,
                    1 => 255,
                    _ => 0,
                })
                .collect();
            let result = solver.count(&givens, 2, 2);
            assert!(result.solutions.iter().all(|s| consistent(&geo, s)));
            let _ = solver.solves_by_singles(&givens);
            let mut pick = |mask: u32| if round % 2 == 0 { 0 } else { mask | 1 << 31 };
            let _ = solver.first_with_order_capped(&givens, &mut pick, 50);
        }
    }
}

/// The generic solver against the independent classic 9×9 solver on random givens: a few random
/// digits (often clashing) and holes in full grids, counted to three.
#[test]
fn random_9x9_givens_count_as_the_classic_solver_does() {
    let solver = solver9();
    let geo = Geometry::classic(9).unwrap();
    let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
    let (mut none, mut unique, mut more) = (0, 0, 0);
    for round in 0..400u64 {
        let mut givens = [0u8; 81];
        if round % 2 == 0 {
            for _ in 0..next() % 30 {
                givens[(next() % 81) as usize] = (1 + next() % 9) as u8;
            }
        } else {
            let full = full_grid(&geo, round);
            let keep = 20 + next() % 40;
            for (cell, &value) in full.iter().enumerate() {
                if next() % 81 < keep {
                    givens[cell] = value;
                }
            }
        }
        let want = crate::solve::classic9::count_solutions(&givens, 3, None) as usize;
        assert_eq!(solver.count(&givens, 3, 0).count, want, "{givens:?}");
        match want {
            0 => none += 1,
            1 => unique += 1,
            _ => more += 1,
        }
    }
    assert!(
        none > 50 && unique > 20 && more > 50,
        "{none} {unique} {more}"
    );
}

#[test]
fn every_empty_shape_counts_to_two_in_few_nodes() {
    let shapes = Geometry::every_shape();
    assert_eq!(shapes.len(), 3 + 15 * 4 + 4 * 3);
    for geo in shapes {
        let result = GenericSolver::new(&geo).count(&vec![0; geo.cell_count()], 2, 2);
        assert_eq!(result.count, 2, "{}", geo.describe());
        assert!(result.nodes < 2_000, "{}: {}", geo.describe(), result.nodes);
        assert!(result.solutions.iter().all(|s| consistent(&geo, s)));
    }
}

#[test]
fn empty_window_16_solves_fast() {
    let geo = Geometry::new(16, "window".parse().unwrap(), None, None).unwrap();
    let result = GenericSolver::new(&geo).count(&[0; 256], 2, 2);
    assert_eq!(result.count, 2);
    // Before the implied windows: over 2,000,000 nodes (15 s and more).
    assert!(result.nodes < 1_000, "{}", result.nodes);
}

#[test]
fn sparse_window_9_is_reported_not_unique() {
    let line = "...4......................................6...............................5......";
    let grid = parse_line(line, 1, None).unwrap();
    let geo = Geometry::new(9, "window".parse().unwrap(), None, None).unwrap();
    let result = GenericSolver::new(&geo).count(grid.cells(), 2, 2);
    assert_eq!(result.count, 2);
    // Before the implied windows: 100 s.
    assert!(result.nodes < super::FIRST_BUDGET, "{}", result.nodes);
}

/// `count` givens at random cells of a solution of `geo` with its digits relabelled at random:
/// a grid that surely has a solution.
fn sparse_solvable(geo: &Geometry, solution: &[u8], seed: u64, count: usize) -> Vec<u8> {
    let mut next = xorshift(seed);
    let mut relabel: Vec<u8> = (1..=geo.size() as u8).collect();
    for i in (1..relabel.len()).rev() {
        relabel.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut cells = vec![0; geo.cell_count()];
    for _ in 0..count {
        let cell = (next() % cells.len() as u64) as usize;
        cells[cell] = relabel[usize::from(solution[cell]) - 1];
    }
    cells
}

#[test]
fn sparse_window_grids_count_to_two_exactly() {
    for (size, variant, node_bound) in [
        (9usize, "window", 4_000),
        (9, "diagonal+window", 4_000),
        (16, "window", 100_000),
        (16, "diagonal+window", 100_000),
        (16, "jigsaw+window", 100_000),
    ] {
        let regions = variant.contains("jigsaw").then(|| {
            let side = size.isqrt();
            let ids: Vec<usize> = (0..size * size)
                .map(|c| (c / size / side) * side + (c % size) / side)
                .collect();
            crate::grid::RegionMap::from_ids(size, &ids).unwrap()
        });
        let geo = Geometry::new(size, variant.parse().unwrap(), None, regions).unwrap();
        let solver = GenericSolver::new(&geo);
        let solution = solver
            .count(&vec![0; size * size], 1, 1)
            .solutions
            .remove(0);
        for seed in 1..=20 {
            let givens = sparse_solvable(&geo, &solution, seed, 1 + seed as usize % 5);
            let result = solver.count(&givens, 2, 2);
            let what = format!("{size} {variant} seed {seed}");
            assert_eq!(result.count, 2, "{what}");
            assert!(result.nodes < node_bound, "{what}: {} nodes", result.nodes);
            assert_ne!(result.solutions[0], result.solutions[1], "{what}");
            for found in &result.solutions {
                assert!(consistent(&geo, found), "{what}");
                assert!(givens.iter().zip(found).all(|(&g, &s)| g == 0 || g == s));
            }
        }
    }
}

#[test]
fn sparse_window_25_counts_to_two() {
    let geo = Geometry::new(25, "window".parse().unwrap(), None, None).unwrap();
    let solver = GenericSolver::new(&geo);
    let solution = solver.count(&[0; 625], 1, 1).solutions.remove(0);
    for seed in 1..=3 {
        let givens = sparse_solvable(&geo, &solution, seed, 1 + seed as usize);
        let result = solver.count(&givens, 2, 2);
        assert_eq!(result.count, 2, "seed {seed}");
        assert!(result.solutions.iter().all(|s| consistent(&geo, s)));
    }
}

#[test]
fn a_capped_count_stops_near_its_cap() {
    let geo = Geometry::new(25, "window".parse().unwrap(), None, None).unwrap();
    let solver = GenericSolver::new(&geo);
    let result = solver.count_capped(&[0; 625], 1_000_000, 0, 10_000);
    assert!(result.nodes <= 10_000, "{}", result.nodes);
    assert!(result.count < 1_000_000);
}

#[test]
fn singles_see_only_the_printed_houses() {
    let window = Geometry::new(9, "window".parse().unwrap(), None, None).unwrap();
    let solver = GenericSolver::new(&window);
    let printed = solver
        .printed
        .as_ref()
        .expect("window grids have implied houses");
    assert!(printed.printed.is_none());
    assert!(
        GenericSolver::new(&Geometry::classic(9).unwrap())
            .printed
            .is_none()
    );
    let easy = parse_line(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        1,
        None,
    )
    .unwrap();
    assert_eq!(
        solver.solves_by_singles(easy.cells()),
        printed.solves_by_singles(easy.cells())
    );
}

/// The shapes the dig-like tests run on: with implied houses (window), with locked
/// candidates (window, 12×12) and without.
const DIG_SHAPES: [(usize, &str); 4] = [
    (9, "window"),
    (9, "diagonal"),
    (6, "classic"),
    (12, "classic"),
];

/// Digs like the generator on every shape of [`DIG_SHAPES`], from three full grids each: one
/// cell or a cell and its turned partner emptied at a time, kept when `keep` (given the
/// solver, the full grid, the puzzle and the cells just emptied) says so, else put back.
/// Returns how many removals were kept and how many put back.
fn dig_like_the_generator(
    seed: u64,
    mut keep: impl FnMut(&GenericSolver, &[u8], &[u8], &[usize]) -> bool,
    mut after: impl FnMut(&GenericSolver, &[u8], &[u8]),
) -> (usize, usize) {
    let mut next = xorshift(seed);
    let (mut kept, mut refused) = (0, 0);
    for (size, variant) in DIG_SHAPES {
        let geo = Geometry::new(size, variant.parse().unwrap(), None, None).unwrap();
        let solver = GenericSolver::new(&geo);
        let cells = geo.cell_count();
        for grid in 1..4 {
            let full = full_grid(&geo, grid);
            let mut puzzle = full.clone();
            for _ in 0..cells {
                let mut emptied = vec![next() as usize % cells];
                if next().is_multiple_of(2) {
                    emptied.push(cells - 1 - emptied[0]);
                }
                emptied.dedup();
                if emptied.iter().any(|&c| puzzle[c] == 0) {
                    continue;
                }
                for &c in &emptied {
                    puzzle[c] = 0;
                }
                if keep(&solver, &full, &puzzle, &emptied) {
                    kept += 1;
                } else {
                    refused += 1;
                    for &c in &emptied {
                        puzzle[c] = full[c];
                    }
                }
            }
            after(&solver, &full, &puzzle);
        }
    }
    (kept, refused)
}

/// The other-solution search answers as counting to two does, on digs like the generator's
/// (kept while the puzzle stays unique), on shapes with and without locked candidates; a
/// broken promise counts as another solution.
#[test]
fn other_solutions_are_found_where_counting_finds_them() {
    let (unique, ambiguous) = dig_like_the_generator(
        0x5DEE_CE66_D1CE_4E5B,
        |solver, full, puzzle, emptied| {
            let counted = solver.count(puzzle, 2, 0).count > 1;
            let other = solver.has_other_solution_capped(puzzle, full, emptied, u64::MAX);
            assert_eq!(other, Some(counted), "{puzzle:?}");
            !counted
        },
        |solver, full, puzzle| {
            // Against a grid that is not the puzzle's solution, the puzzle's own is another
            // (or the givens rule the wrong digit out: a broken promise counts as found).
            let clash = (0..puzzle.len()).find(|&c| puzzle[c] == 0).unwrap_or(0);
            let size = full.iter().copied().max().unwrap_or(1);
            let mut wrong = full.to_vec();
            wrong[clash] = wrong[clash] % size + 1;
            let other = solver.has_other_solution_capped(puzzle, &wrong, &[clash], u64::MAX);
            assert_eq!(other, Some(true), "{puzzle:?}");
        },
    );
    assert!(
        unique > 50 && ambiguous > 50,
        "{ambiguous} found, {unique} none"
    );
}

/// Refilling the emptied cells by singles answers as filling the whole grid does, on digs
/// that keep a removal while singles complete the puzzle (the promise), with and without
/// implied houses.
#[test]
fn singles_refill_answers_as_singles_fill_on_digs() {
    let (kept, refused) = dig_like_the_generator(
        0x2545_F491_4F6C_DD1D,
        |solver, _, puzzle, emptied| {
            let whole = solver.solves_by_singles(puzzle);
            assert_eq!(solver.singles_refill(puzzle, emptied), whole, "{puzzle:?}");
            whole
        },
        |_, _, _| {},
    );
    assert!(kept > 50 && refused > 50, "{kept} kept, {refused} refused");
}
