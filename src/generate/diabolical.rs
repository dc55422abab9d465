//! Diabolical puzzles (score 9.0 and up) on request. Random digging almost never lands there (the
//! hardest of 1,465 "top" puzzles scores 9.1), so the search climbs instead, as the puzzle
//! community finds its hardest puzzles: start from a minimal extreme puzzle, then over and over
//! take a neighbour of the same solution (one orbit of givens out, orbits in until it is unique
//! again, then minimal again: "−1 +n"), keep it when it rates at least as hard, and start again
//! from a fresh extreme puzzle when the climb stalls. Every rating is a proof (no guessing), so
//! what comes out really scores ≥ 9.0. Only grids of at most 81 cells without cages qualify
//! (the request's check refuses the others): the deeper forcing chains that reach 9.0 run only
//! there.

use super::puzzle::{GenerateError, Generated, Request, Target, generate};
use super::rng::SeededRng;
use crate::grid::{Geometry, Grid};
use crate::logic::candidates::Candidates;
use crate::logic::forcing::refutations;
use crate::logic::{DIABOLICAL_SCORE, Level, Rating, rate, solve_logic};
use crate::solve::Solver;

/// Ratings one climb may spend without improving before it starts again from a new puzzle.
const STALL_RATINGS: usize = 400;
/// Ratings per puzzle before the search gives up, unless the request sets its own budget.
pub const DIABOLICAL_RATINGS: usize = 6_000;

/// Where a search stands, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchProgress {
    /// Ratings spent so far.
    pub ratings: usize,
    /// The rating budget.
    pub budget: usize,
    /// The best score reached so far.
    pub best: f32,
    /// Climbs started (the first is 1).
    pub climbs: usize,
}

/// True when the request asks for diabolical puzzles (the level, or a score range from 9.0).
pub fn wants_diabolical(target: Target) -> bool {
    match target {
        Target::Level(level) => level == Level::Diabolical,
        Target::Score { min, .. } => min >= DIABOLICAL_SCORE,
        Target::Any => false,
    }
}

/// A puzzle for a diabolical request, reporting progress after every rating.
pub fn generate_diabolical(
    request: &Request,
    seed: u64,
    progress: &(dyn Fn(SearchProgress) + Sync),
) -> Result<Generated, GenerateError> {
    let budget = request.attempts.unwrap_or(DIABOLICAL_RATINGS).max(1);
    let mut rng = SeededRng::new(seed);
    let mut state = SearchProgress {
        ratings: 0,
        budget,
        best: 0.0,
        climbs: 0,
    };
    // Climbs are bounded too: one whose neighbours are never unique spends no rating.
    while state.ratings < budget && state.climbs < budget {
        state.climbs += 1;
        let start = extreme_start(request, rng.next_u64())?;
        if let Some(found) = climb(request, start, &mut rng, &mut state, progress) {
            return Ok(found);
        }
    }
    Err(GenerateError::Unreachable {
        what: request.shape_name(),
        target: request.target.to_string(),
        attempts: budget,
        closest: format!(" (best score reached: {:.1})", state.best),
    })
}

/// The extreme puzzle a climb starts from (the request's shape and symmetry, minimal).
fn extreme_start(request: &Request, seed: u64) -> Result<Generated, GenerateError> {
    let mut start = request.clone();
    start.target = Target::Level(Level::Extreme);
    start.attempts = None;
    start.minimal = true;
    start.require.clear();
    generate(&start, seed)
}

/// The score from which a path needs more than plain forcing chains (dynamic ones, 8.5).
const DEEPER_SCORE: i32 = 85;

/// How hard a puzzle is for the climb, larger is harder. Puzzles that need a deeper chain
/// (scoring 8.5 and up) rank above the rest, by score. Below, the score is too coarse to climb
/// on (nearly all extreme puzzles score 7.8-8.1), so they rank by the narrowest point of their
/// path where a forcing chain was needed: how few plain forcing chains conclude anything there
/// (fewer: nearer the point where none does and only a deeper chain helps); then by the score
/// and the longest forcing chain. A puzzle the techniques cannot finish ranks lowest.
fn hardness(geo: &Geometry, givens: &Grid) -> (bool, i64, i64) {
    let path = solve_logic(geo, givens, Level::HARDEST);
    if !path.solved {
        return (false, i64::MIN, 0);
    }
    let score = path.steps.iter().map(|s| s.score()).fold(0.0f32, f32::max);
    let tenths = (score * 10.0).round() as i32;
    if tenths >= DEEPER_SCORE {
        return (true, i64::from(tenths), 0);
    }
    let mut c = Candidates::from_givens(geo, givens);
    let mut narrowest = usize::MAX;
    let mut longest = 0;
    for step in &path.steps {
        if step.level() >= Level::Extreme {
            narrowest = narrowest.min(refutations(&c));
            longest = longest.max(step.length);
        }
        c.apply(step);
    }
    let narrowest = narrowest.min(1 << 20) as i64;
    (false, -narrowest, i64::from(tenths) * 1000 + longest as i64)
}

/// One climb from `start`: `None` when it stalls or the budget runs out.
fn climb(
    request: &Request,
    start: Generated,
    rng: &mut SeededRng,
    state: &mut SearchProgress,
    progress: &(dyn Fn(SearchProgress) + Sync),
) -> Option<Generated> {
    let geo = start.geometry.clone();
    let solver = Solver::new(&geo);
    let orbits = request.symmetry.orbits_in(&geo).unwrap_or_default();
    let mut best = start;
    let mut best_key = hardness(&geo, &best.givens);
    let mut stalled = 0;
    while stalled < STALL_RATINGS && state.ratings < state.budget {
        stalled += 1;
        let Some(candidate) = neighbour(&best.givens, &best.solution, &orbits, &solver, rng) else {
            continue;
        };
        let key = hardness(&geo, &candidate);
        state.ratings += 1;
        state.best = state.best.max(score_of(&key));
        progress(*state);
        if key < best_key {
            continue;
        }
        if key > best_key {
            stalled = 0;
        }
        best_key = key;
        best.givens = candidate;
        if score_of(&key) >= DIABOLICAL_SCORE {
            best.rating = rate(&geo, &best.givens);
            best.attempts = state.ratings;
            if rating_accepted(request, &best.rating) {
                return Some(best);
            }
        }
    }
    None
}

/// The score a hardness key holds (the score in tenths is in the last field below 8.5).
fn score_of(key: &(bool, i64, i64)) -> f32 {
    let tenths = if key.0 { key.1 } else { key.2 / 1000 };
    tenths as f32 / 10.0
}

/// True when the rating is what the request asked for: solved by logic (a score that is a
/// proof, not trial and error) and on the target.
fn rating_accepted(request: &Request, rating: &Rating) -> bool {
    rating.solved && rating.score >= DIABOLICAL_SCORE && request.target.accepts(rating)
}

/// Orbits fully given, and orbits fully open, in `givens`.
fn split_orbits<'o>(
    givens: &Grid,
    orbits: &'o [Vec<usize>],
) -> (Vec<&'o [usize]>, Vec<&'o [usize]>) {
    let filled = orbits
        .iter()
        .filter(|orbit| orbit.iter().all(|&cell| givens.get(cell) != 0))
        .map(Vec::as_slice)
        .collect();
    let open = orbits
        .iter()
        .filter(|orbit| orbit.iter().all(|&cell| givens.get(cell) == 0))
        .map(Vec::as_slice)
        .collect();
    (filled, open)
}

fn fill(puzzle: &mut Grid, solution: &Grid, orbit: &[usize]) {
    for &cell in orbit {
        puzzle.set(cell, solution.get(cell));
    }
}

fn empty(puzzle: &mut Grid, orbit: &[usize]) {
    for &cell in orbit {
        puzzle.set(cell, 0);
    }
}

/// Most orbits added back to make a neighbour unique again.
const MAX_ADDED: usize = 6;

/// A neighbour of a unique puzzle, unique again and minimal: one random orbit of givens goes;
/// while the puzzle has another solution, an open orbit where that solution differs from
/// `solution` is given; then givens go again, in random order, while it stays unique. `None`
/// when no such neighbour came out (or it is the same puzzle).
fn neighbour(
    givens: &Grid,
    solution: &Grid,
    orbits: &[Vec<usize>],
    solver: &Solver,
    rng: &mut SeededRng,
) -> Option<Grid> {
    let (filled, _) = split_orbits(givens, orbits);
    if filled.is_empty() {
        return None;
    }
    let mut puzzle = givens.clone();
    empty(&mut puzzle, filled[rng.below(filled.len())]);
    let mut added = 0;
    loop {
        let count = solver.generic().count(puzzle.cells(), 2, 2);
        if count.count == 1 {
            break;
        }
        let other = count
            .solutions
            .iter()
            .find(|s| s[..] != solution.cells()[..])?;
        let (_, open) = split_orbits(&puzzle, orbits);
        let differing: Vec<&[usize]> = open
            .into_iter()
            .filter(|orbit| orbit.iter().any(|&cell| other[cell] != solution.get(cell)))
            .collect();
        if differing.is_empty() || added == MAX_ADDED {
            return None;
        }
        fill(&mut puzzle, solution, differing[rng.below(differing.len())]);
        added += 1;
    }
    minimize(&mut puzzle, solution, orbits, solver, rng);
    (puzzle != *givens).then_some(puzzle)
}

/// Empties given orbits in random order while the puzzle keeps its one solution.
fn minimize(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &[Vec<usize>],
    solver: &Solver,
    rng: &mut SeededRng,
) {
    let (mut filled, _) = split_orbits(puzzle, orbits);
    rng.shuffle(&mut filled);
    for orbit in filled {
        empty(puzzle, orbit);
        if !solver.stays_unique(puzzle, solution, orbit) {
            fill(puzzle, solution, orbit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Symmetry;
    use crate::grid::Variant;

    #[test]
    fn only_diabolical_targets_take_the_search() {
        assert!(wants_diabolical(Target::Level(Level::Diabolical)));
        assert!(!wants_diabolical(Target::Level(Level::Extreme)));
        assert!(wants_diabolical(Target::Score {
            min: 9.0,
            max: 11.0
        }));
        assert!(!wants_diabolical(Target::Score {
            min: 8.0,
            max: 11.0
        }));
        assert!(!wants_diabolical(Target::Any));
    }

    #[test]
    fn a_neighbour_is_unique_minimal_and_keeps_the_solution_and_symmetry() {
        let geo = Geometry::classic(9).expect("9x9");
        let solver = Solver::new(&geo);
        let solution =
            crate::generate::puzzle::random_fill(&geo, &mut SeededRng::new(3)).expect("a solution");
        let orbits = Symmetry::Rotate180.orbits_in(&geo).expect("orbits");
        let mut rng = SeededRng::new(5);
        let mut givens = solution.clone();
        minimize(&mut givens, &solution, &orbits, &solver, &mut rng);
        let mut found = 0;
        for _ in 0..20 {
            let Some(next) = neighbour(&givens, &solution, &orbits, &solver, &mut rng) else {
                continue;
            };
            found += 1;
            assert_ne!(next, givens);
            assert_eq!(solver.count_solutions(&next, 2), 1);
            assert!(Symmetry::Rotate180.holds_in(&geo, next.cells()));
            for cell in 0..81 {
                let digit = next.get(cell);
                assert!(digit == 0 || digit == solution.get(cell));
            }
            let (filled, _) = split_orbits(&next, &orbits);
            for orbit in filled {
                let mut fewer = next.clone();
                empty(&mut fewer, orbit);
                assert!(solver.count_solutions(&fewer, 2) > 1, "not minimal");
            }
            givens = next;
        }
        assert!(found >= 10, "{found} neighbours of 20");
    }

    #[test]
    fn a_spent_budget_says_how_far_it_got() {
        let mut request = Request::new(Variant::CLASSIC, 9);
        request.target = Target::Level(Level::Diabolical);
        request.attempts = Some(3);
        let seen = std::sync::Mutex::new(Vec::new());
        let record = |p: SearchProgress| seen.lock().expect("lock").push(p);
        let error = generate_diabolical(&request, 1, &record).expect_err("3 ratings are too few");
        let text = error.to_string();
        assert!(text.contains("level diabolical"), "{text}");
        assert!(text.contains("best score reached"), "{text}");
        let seen = seen.lock().expect("lock");
        assert_eq!(seen.last().map(|p| p.ratings), Some(3));
        assert!(seen.iter().all(|p| p.budget == 3));
    }
}
