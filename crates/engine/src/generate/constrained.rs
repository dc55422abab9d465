//! The generator of shapes with rules beyond their houses (killer cages today): a random solution
//! of the houses, then the rules' marks sampled to fit it until the exact solver finds one
//! solution (a [`Sampler`] per rule kind; the cage layout is the first), then, when the puzzle is
//! harder than the level asked, the sampler eases it (a step that only adds information, so it
//! stays unique). No givens unless the request asks for some (`givens = N`: N cells of the
//! solution, at random). The rating must land on the level asked, or the next attempt starts.

use super::cages::CageSampler;
use super::puzzle::{GenerateError, Generated, Request, Target, fresh_solution_of};
use super::require::{meets, needing};
use super::rng::SeededRng;
use crate::grid::{Geometry, Grid, RuleKind};
use crate::logic::{Level, Rating, rate};

/// Rule layouts tried over one solution in an attempt (for cages about 1 in 20 gives a unique
/// puzzle).
pub(super) const LAYOUTS_PER_ATTEMPT: usize = 6;

/// How the marks of one kind of rule are drawn over a solution.
pub trait Sampler {
    /// The geometry `geo` (houses only) with rules of this kind that `solution` keeps and under
    /// which `givens` has exactly one solution; `None` when this draw gave up.
    fn unique(
        &self,
        geo: &Geometry,
        solution: &Grid,
        givens: &Grid,
        rng: &mut SeededRng,
    ) -> Option<Geometry>;

    /// The puzzle one step easier (its rules still unique: more information, never less);
    /// `None` when no easier step is left.
    fn easier(&self, puzzle: &Geometry, solution: &Grid, rng: &mut SeededRng) -> Option<Geometry>;
}

/// The sampler of a rule kind drawn over a solution (killer cages); the modern kinds have
/// theirs in [`super::marked`].
fn sampler_for(kind: RuleKind) -> Option<&'static dyn Sampler> {
    match kind {
        RuleKind::Cages => Some(&CageSampler),
        _ => None,
    }
}

/// Generates one puzzle with rules for the request from the seed.
pub fn generate_constrained(request: &Request, seed: u64) -> Result<Generated, GenerateError> {
    let mut rng = SeededRng::new(seed);
    let mut base = request.clone();
    base.variant = request.variant.houses();
    let Some(sampler) = request.variant.rules.iter().find_map(sampler_for) else {
        return super::puzzle::generate(&base, seed);
    };
    let budget = request.attempt_budget();
    let mut closest = Closest::default();
    for attempt in 1..=budget {
        let (geo, solution) = fresh_solution_of(&base, &mut rng)?;
        let givens = revealed(&solution, request.givens.unwrap_or(0), &mut rng);
        // Most random layouts are dropped (no single solution within the node cap), so one
        // attempt tries a few over the same solution.
        let Some(puzzle) = (0..LAYOUTS_PER_ATTEMPT)
            .find_map(|_| sampler.unique(&geo, &solution, &givens, &mut rng))
        else {
            continue;
        };
        let mut rating = rate(&puzzle, &givens);
        let mut puzzle = puzzle;
        if let Target::Level(want) = request.target
            && rating.level > want
        {
            (puzzle, rating) = ease(sampler, puzzle, rating, want, &solution, &givens, &mut rng);
        }
        if request.target.accepts(&rating) && meets(&request.require, &rating) {
            return Ok(Generated {
                geometry: puzzle,
                givens,
                solution,
                rating,
                seed,
                attempts: attempt,
            });
        }
        closest.note(request.target, rating);
    }
    Err(closest.unreachable(request, budget))
}

/// The rating nearest the target seen so far, for the message when no attempt lands on it.
#[derive(Default)]
pub(super) struct Closest(Option<Rating>);

impl Closest {
    /// Keeps `rating` when it is nearer the target than the one kept.
    pub(super) fn note(&mut self, target: Target, rating: Rating) {
        self.0 = Some(match self.0.take() {
            Some(best) if distance(target, &best) <= distance(target, &rating) => best,
            _ => rating,
        });
    }

    /// The error of a request no attempt of `budget` reached.
    pub(super) fn unreachable(self, request: &Request, budget: usize) -> GenerateError {
        let closest = self.0.map_or_else(String::new, |r| {
            format!(
                " (closest: {} at score {:.1})",
                r.level.name(),
                r.rounded_score()
            )
        });
        GenerateError::Unreachable {
            what: request.shape_name(),
            target: format!("{}{}", request.target, needing(&request.require)),
            attempts: budget,
            closest,
        }
    }
}

/// Makes a puzzle easier until its level is at most `want`, one sampler step at a time; stops
/// when no step is left. Returns the last puzzle and its rating.
fn ease(
    sampler: &dyn Sampler,
    mut puzzle: Geometry,
    mut rating: Rating,
    want: Level,
    solution: &Grid,
    givens: &Grid,
    rng: &mut SeededRng,
) -> (Geometry, Rating) {
    while rating.level > want {
        let Some(easier) = sampler.easier(&puzzle, solution, rng) else {
            break;
        };
        puzzle = easier;
        rating = rate(&puzzle, givens);
    }
    (puzzle, rating)
}

/// How far a rating is from the target (0 when it is on it).
fn distance(target: Target, rating: &Rating) -> f32 {
    match target {
        Target::Any => 0.0,
        Target::Level(level) => (level as i32 - rating.level as i32).unsigned_abs() as f32,
        Target::Score { min, max } => (min - rating.score).max(rating.score - max).max(0.0),
    }
}

/// The solution with `count` cells, chosen at random, left as givens (none by default: a
/// killer's cages are its clues; a spec's `givens` asks for some).
pub(super) fn revealed(solution: &Grid, count: usize, rng: &mut SeededRng) -> Grid {
    let mut givens = Grid::empty(solution.size());
    if count == 0 {
        return givens;
    }
    let mut cells: Vec<usize> = (0..solution.cells().len()).collect();
    rng.shuffle(&mut cells);
    for &cell in cells.iter().take(count) {
        givens.set(cell, solution.get(cell));
    }
    givens
}
