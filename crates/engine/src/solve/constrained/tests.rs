use super::*;
use crate::grid::{Cage, CageSet, Geometry, Grid, Variant};
use crate::solve::{GenericSolver, Solution, Solver};
use crate::test_support::TestRng as SeededRng;

fn cage(cells: &[usize], sum: u32) -> Cage {
    Cage {
        cells: cells.to_vec(),
        sum,
    }
}

fn killer(base: &Geometry, cages: Vec<Cage>) -> Geometry {
    let set = CageSet::new(base.size(), cages).expect("valid cages");
    base.with_cages(set).expect("cages fit")
}

/// A random solution of the geometry (without cages).
fn random_solution(base: &Geometry, rng: &mut SeededRng) -> Vec<u8> {
    let empty = vec![0; base.cell_count()];
    GenericSolver::new(base)
        .first_with_order(&empty, &mut |mask| rng.pick_bit(mask))
        .expect("an empty grid has a solution")
}

/// Random connected cages of 1 to `most` cells over `solution`, with distinct digits each.
fn random_cages(size: usize, solution: &[u8], rng: &mut SeededRng, most: usize) -> Vec<Cage> {
    let cells = size * size;
    let mut taken = vec![false; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut cages = Vec::new();
    for start in order {
        if taken[start] {
            continue;
        }
        let target = 1 + rng.below(most);
        let mut members = vec![start];
        taken[start] = true;
        while members.len() < target {
            let mut options = Vec::new();
            for &cell in &members {
                let (r, c) = (cell / size, cell % size);
                let near = [
                    (r > 0).then(|| cell - size),
                    (r + 1 < size).then(|| cell + size),
                    (c > 0).then(|| cell - 1),
                    (c + 1 < size).then(|| cell + 1),
                ];
                for other in near.into_iter().flatten() {
                    let repeats = members.iter().any(|&m| solution[m] == solution[other]);
                    if !taken[other] && !repeats && !options.contains(&other) {
                        options.push(other);
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let next = options[rng.below(options.len())];
            taken[next] = true;
            members.push(next);
        }
        let sum = members.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(cage(&members, sum));
    }
    cages
}

/// Plain backtracking in cell order: the slow reference count, up to `limit`.
fn brute_count(geo: &Geometry, grid: &mut [u8], cell: usize, limit: usize) -> usize {
    let cells = geo.cell_count();
    if cell == cells {
        return usize::from(geo.cages().is_some_and(|set| set.holds(grid)));
    }
    if grid[cell] != 0 {
        return brute_count(geo, grid, cell + 1, limit);
    }
    let Some(set) = geo.cages() else {
        return 0;
    };
    let cage = &set.cages()[set.cage_of(cell)];
    let mut found = 0;
    for digit in 1..=geo.size() as u8 {
        if geo.peers(cell).iter().any(|&p| grid[p] == digit) {
            continue;
        }
        grid[cell] = digit;
        let total: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
        let full = cage.cells.iter().all(|&c| grid[c] != 0);
        let fits = if full {
            total == cage.sum
        } else {
            total < cage.sum
        };
        if fits {
            found += brute_count(geo, grid, cell + 1, limit - found);
        }
        grid[cell] = 0;
        if found >= limit {
            break;
        }
    }
    found
}

/// True when every house and every cage of `geo` holds in the full grid.
fn holds_everything(geo: &Geometry, grid: &[u8]) -> bool {
    let size = geo.size();
    let houses = geo.houses().iter().all(|house| {
        let seen = house
            .cells
            .iter()
            .fold(0u32, |seen, &c| seen | 1 << (grid[c] - 1));
        grid.iter().all(|&d| (1..=size as u8).contains(&d)) && seen == geo.all_digits()
    });
    houses && geo.cages().is_some_and(|set| set.holds(grid))
}

#[test]
fn box_cages_of_a_4x4_leave_many_solutions() {
    let base = Geometry::classic(4).unwrap();
    let boxes = vec![
        cage(&[0, 1, 4, 5], 10),
        cage(&[2, 3, 6, 7], 10),
        cage(&[8, 9, 12, 13], 10),
        cage(&[10, 11, 14, 15], 10),
    ];
    let geo = killer(&base, boxes);
    let solver = ConstrainedSolver::new(&geo);
    let found = solver.count(&[0; 16], 1000, 1000);
    assert_eq!(found.count, 288, "every 4×4 sudoku");
    assert!(found.solutions.iter().all(|s| holds_everything(&geo, s)));
}

#[test]
fn small_cages_of_a_4x4_solution_make_it_unique() {
    let base = Geometry::classic(4).unwrap();
    let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let layout: [&[usize]; 11] = [
        &[0],
        &[1, 2],
        &[3, 7],
        &[4, 8],
        &[5],
        &[6, 10],
        &[9],
        &[13],
        &[11, 15],
        &[12],
        &[14],
    ];
    let cages = layout
        .iter()
        .map(|cells| cage(cells, cells.iter().map(|&c| u32::from(grid[c])).sum()))
        .collect();
    let geo = killer(&base, cages);
    let found = ConstrainedSolver::new(&geo).count(&[0; 16], 2, 2);
    assert_eq!(brute_count(&geo, &mut [0; 16], 0, 2), 1);
    assert_eq!(found.count, 1);
    assert_eq!(found.solutions, vec![grid.to_vec()]);
    let solver = Solver::new(&geo);
    let empty = Grid::new(4, vec![0; 16]);
    let solved = Grid::new(4, grid.to_vec());
    assert_eq!(solver.solve(&empty), Solution::Unique(solved.clone()));
    assert!(solver.stays_unique(&empty, &solved, &[0, 1, 2]));
    assert_eq!(solver.count_solutions(&empty, 5), 1);
}

#[test]
fn random_9x9_layouts_hold_their_solution() {
    let base = Geometry::classic(9).unwrap();
    let mut rng = SeededRng::new(9);
    let mut unique = 0;
    for _ in 0..20 {
        let solution = random_solution(&base, &mut rng);
        let geo = killer(&base, random_cages(9, &solution, &mut rng, 4));
        let solver = ConstrainedSolver::new(&geo);
        let found = solver.count(&[0; 81], 2, 2);
        assert!(found.count >= 1);
        for grid in &found.solutions {
            assert!(holds_everything(&geo, grid));
        }
        if found.count == 1 {
            unique += 1;
            assert_eq!(found.solutions[0], solution);
        }
        // The facade agrees, and a puzzle stays solvable with any of its solution's digits.
        let mut givens = vec![0; 81];
        givens[40] = solution[40];
        let solver = Solver::new(&geo);
        let first = solver.first_solution(&Grid::new(9, givens.clone()));
        assert!(first.is_some_and(|g| holds_everything(&geo, g.cells())));
        // A given that repeats a digit in its row, or that overshoots its cage, gives none.
        givens[41] = solution[40];
        assert_eq!(solver.count_solutions(&Grid::new(9, givens), 2), 0);
    }
    assert!(unique > 0, "some layouts of 1–4 cells are unique");
}

#[test]
fn conflicting_givens_have_no_solution() {
    let base = Geometry::classic(4).unwrap();
    let geo = killer(
        &base,
        vec![
            cage(&[0, 1], 3),
            cage(&[2, 3], 7),
            cage(&[4, 5, 6, 7], 10),
            cage(&[8, 9, 10, 11], 10),
            cage(&[12, 13, 14, 15], 10),
        ],
    );
    let solver = ConstrainedSolver::new(&geo);
    assert!(solver.count(&[0; 16], 2, 0).count >= 1);
    let mut givens = [0u8; 16];
    givens[0] = 3;
    assert_eq!(
        solver.count(&givens, 2, 0).count,
        0,
        "3 overshoots a sum of 3"
    );
    givens[0] = 4;
    assert_eq!(solver.count(&givens, 2, 0).count, 0, "no 4 in 1+2");
    givens[0] = 0;
    givens[2] = 4;
    givens[3] = 4;
    assert_eq!(solver.count(&givens, 2, 0).count, 0, "a repeated digit");
    givens[3] = 9;
    assert_eq!(solver.count(&givens, 2, 0).count, 0, "out of range");
    assert_eq!(solver.count(&[0; 15], 2, 0).count, 0, "too few cells");
}

#[test]
fn single_cell_cages_everywhere_are_unique() {
    let base = Geometry::classic(9).unwrap();
    let mut rng = SeededRng::new(3);
    let solution = random_solution(&base, &mut rng);
    let cages = (0..81)
        .map(|c| cage(&[c], u32::from(solution[c])))
        .collect();
    let geo = killer(&base, cages);
    let solver = ConstrainedSolver::new(&geo);
    let found = solver.count(&[0; 81], 2, 2);
    assert_eq!(found.count, 1);
    assert_eq!(found.solutions, vec![solution.clone()]);
    let empty = Grid::new(9, vec![0; 81]);
    assert!(solver.solves_by_singles(empty.cells()));
    assert!(Solver::new(&geo).solves_by_singles(&empty));
}

#[test]
fn singles_use_the_last_cell_of_a_cage_only() {
    let base = Geometry::classic(4).unwrap();
    let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let pairs = [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13]];
    let mut cages: Vec<Cage> = pairs
        .iter()
        .map(|cells| cage(cells, cells.iter().map(|&c| u32::from(grid[c])).sum()))
        .collect();
    cages.push(cage(&[14, 15], 3));
    let geo = killer(&base, cages);
    let solver = ConstrainedSolver::new(&geo);
    // One digit of each pair given: the sums finish every pair.
    let mut givens = grid;
    for cell in [1, 3, 5, 7, 9, 11, 13, 15] {
        givens[cell] = 0;
    }
    assert!(solver.solves_by_singles(&givens));
    // Nothing given: only combinations (not singles) could start.
    assert!(!solver.solves_by_singles(&[0; 16]));
    assert_eq!(
        solver.count(&[0; 16], 2, 0).count,
        2,
        "1+2 and 3+4 pairs swap"
    );
}

#[test]
fn counts_agree_with_plain_backtracking() {
    let mut rng = SeededRng::new(2024);
    for round in 0..50 {
        let size = if round % 2 == 0 { 6 } else { 9 };
        // Classic, diagonal and (on 9×9) window houses under the cages.
        let variant = match round % 3 {
            0 => "classic",
            1 => "diagonal",
            _ if size == 9 => "window",
            _ => "diagonal",
        };
        let variant: Variant = variant.parse().unwrap();
        let base = Geometry::new(size, variant, None, None).unwrap();
        let solution = random_solution(&base, &mut rng);
        let mut cages = random_cages(size, &solution, &mut rng, if size == 6 { 4 } else { 3 });
        // Now and then a sum off by one: often no solution at all.
        if round % 5 == 4 {
            let index = rng.below(cages.len());
            let (low, high) = crate::grid::cages::sum_range(cages[index].cells.len(), size);
            let sum = cages[index].sum;
            cages[index].sum = if sum > low {
                sum - 1
            } else {
                high.min(sum + 1)
            };
        }
        let geo = killer(&base, cages);
        let cells = size * size;
        let mut givens = vec![0u8; cells];
        if size == 9 {
            for _ in 0..12 {
                let cell = rng.below(cells);
                givens[cell] = solution[cell];
            }
        }
        let expected = brute_count(&geo, &mut givens.clone(), 0, 2);
        let found = ConstrainedSolver::new(&geo).count(&givens, 2, 2);
        assert_eq!(
            found.count,
            expected,
            "round {round}: {}",
            geo.cages().unwrap()
        );
        for grid in &found.solutions {
            assert!(holds_everything(&geo, grid));
        }
    }
}

#[test]
fn the_node_cap_bounds_the_search() {
    let base = Geometry::classic(9).unwrap();
    let boxes: Vec<Cage> = (0..9)
        .map(|b| {
            let (r, c) = (b / 3 * 3, b % 3 * 3);
            let cells: Vec<usize> = (0..9).map(|i| (r + i / 3) * 9 + c + i % 3).collect();
            cage(&cells, 45)
        })
        .collect();
    let geo = killer(&base, boxes);
    let found = ConstrainedSolver::new(&geo).count_capped(&[0; 81], 1000, 0, 50);
    assert!(found.nodes <= 50 && found.count < 1000);
}

#[test]
fn only_plain_classic_9x9_takes_the_fast_count() {
    let base = Geometry::classic(9).unwrap();
    assert!(Solver::new(&base).is_classic_9x9());
    let solution = random_solution(&base, &mut SeededRng::new(5));
    let cages = (0..81).map(|c| cage(&[c], u32::from(solution[c])));
    let killer_9x9 = killer(&base, cages.collect());
    assert!(!Solver::new(&killer_9x9).is_classic_9x9());
    let diagonal = Geometry::new(9, "diagonal".parse().unwrap(), None, None).unwrap();
    assert!(!Solver::new(&diagonal).is_classic_9x9());
    assert!(!Solver::new(&Geometry::classic(4).unwrap()).is_classic_9x9());
}
