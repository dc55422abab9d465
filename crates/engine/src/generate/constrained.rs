//! The generator of shapes with rules beyond their houses (killer cages today): a random solution
//! of the houses, then the rules' marks sampled to fit it until the exact solver finds one
//! solution (a [`Sampler`] per rule kind; the cage layout is the first), then brought to the
//! level asked: eased while the level's techniques do not solve it (a step that only adds
//! information, so it stays unique), then made harder while it rates below (a step that takes
//! information away, kept only when the puzzle stays unique and within the level). No givens
//! unless the request asks for some (`givens = N`: N cells of the solution, at random). The
//! rating must land on the level asked, or the next attempt starts.

use super::cages::CageSampler;
use super::puzzle::{GenerateError, Generated, Request, Target, fresh_solution_of};
use super::require::{meets, needing};
use super::rng::SeededRng;
use crate::grid::{Geometry, Grid, RuleKind};
use crate::logic::{Level, Rating, rate, solves_within};

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

    /// The puzzles one step harder than `puzzle` and still unique (less information: two cages
    /// made one), in a random order, each made when it is asked for. Samplers without such
    /// steps leave the level to the draw.
    fn harder<'a>(
        &'a self,
        _puzzle: &'a Geometry,
        _solution: &'a Grid,
        _givens: &'a Grid,
        _rng: &mut SeededRng,
    ) -> Box<dyn Iterator<Item = Geometry> + 'a> {
        Box::new(std::iter::empty())
    }
}

/// The most harder puzzles rated for one attempt.
const HARDER_RATINGS: usize = 24;

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
        let settled = match request.target {
            Target::Level(want) => {
                settle_level(sampler, puzzle, want, (&solution, &givens), &mut rng)
            }
            _ => {
                let rating = rate(&puzzle, &givens);
                Some((puzzle, rating))
            }
        };
        let Some((puzzle, rating)) = settled else {
            continue;
        };
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

/// Brings a unique puzzle to the level `want`: easier (the sampler's steps) while techniques up
/// to `want` do not solve it, harder ([`harden`]) while its rating is below; `None` when no
/// step brings it within `want`. Whether `want`'s techniques solve a puzzle is known without
/// the costly techniques above it, which a full rating would try (forcing chains), so only
/// puzzles within reach are rated.
fn settle_level(
    sampler: &dyn Sampler,
    mut puzzle: Geometry,
    want: Level,
    (solution, givens): (&Grid, &Grid),
    rng: &mut SeededRng,
) -> Option<(Geometry, Rating)> {
    let rating = loop {
        if let Some(rating) = rate_within(&puzzle, givens, want) {
            break rating;
        }
        puzzle = sampler.easier(&puzzle, solution, rng)?;
    };
    Some(harden(sampler, puzzle, rating, want, solution, givens, rng))
}

/// The rating of a puzzle that techniques up to `want` solve; `None` for one they do not (its
/// level is above `want`). From Extreme up the check would try the forcing chains the rating
/// tries anyway, so the rating alone decides there.
fn rate_within(puzzle: &Geometry, givens: &Grid, want: Level) -> Option<Rating> {
    if want >= Level::Extreme {
        let rating = rate(puzzle, givens);
        return (rating.level <= want).then_some(rating);
    }
    solves_within(puzzle, givens, want).then(|| rate(puzzle, givens))
}

/// Makes a puzzle harder until its level is `want`, one sampler step at a time (each still
/// unique): of the steps from the puzzle, the first within `want` is taken (one above is passed
/// over: the level asked lies between); stops when no step is taken or after
/// [`HARDER_RATINGS`] steps looked at. Returns the last puzzle taken and its rating.
fn harden(
    sampler: &dyn Sampler,
    mut puzzle: Geometry,
    mut rating: Rating,
    want: Level,
    solution: &Grid,
    givens: &Grid,
    rng: &mut SeededRng,
) -> (Geometry, Rating) {
    let mut looked = 0;
    while rating.level < want && looked < HARDER_RATINGS {
        let mut taken = None;
        for candidate in sampler.harder(&puzzle, solution, givens, rng) {
            looked += 1;
            if let Some(candidate_rating) = rate_within(&candidate, givens, want) {
                taken = Some((candidate, candidate_rating));
                break;
            }
            if looked >= HARDER_RATINGS {
                break;
            }
        }
        let Some((harder, harder_rating)) = taken else {
            break;
        };
        (puzzle, rating) = (harder, harder_rating);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Variant;
    use crate::solve::Solver;

    /// A killer asked at expert is brought there (seeds whose first layouts rate medium or hard,
    /// so the harder steps are taken), unique and keeping its solution.
    #[test]
    fn killers_are_brought_to_the_level_asked() {
        for seed in [5, 8] {
            let request = Request {
                target: Target::Level(Level::Expert),
                ..Request::new("killer".parse::<Variant>().unwrap(), 9)
            };
            let made = generate_constrained(&request, seed).expect("an expert killer");
            assert_eq!(made.rating.level, Level::Expert, "seed {seed}");
            assert_eq!(rate(&made.geometry, &made.givens).level, Level::Expert);
            let solver = Solver::new(&made.geometry);
            assert_eq!(solver.count_solutions(&made.givens, 2), 1, "seed {seed}");
            assert_eq!(solver.first_solution(&made.givens), Some(made.solution));
        }
    }
}
