//! One puzzle from a request and a seed: the geometry (a fresh jigsaw layout when none is fixed),
//! a random solution, clue removal under the symmetry while the puzzle stays acceptable for the
//! target, and the rating that must land exactly on the level or score range asked for. Failed
//! attempts are retried within a budget; the attempt count comes from the seeded stream, so the
//! result is reproducible.

use std::fmt;

use super::dig::dig;
use super::jigsaw::random_layout;
use super::rng::SeededRng;
use super::symmetry::Symmetry;
use super::transform::shuffle_solution;
use crate::grid::{BoxShape, Geometry, GeometryError, Grid, RegionMap, Variant};
use crate::logic::{Level, Rating, rate, solves_within};
use crate::solve::{GenericSolver, Solver};

/// What difficulty the puzzle must have.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Target {
    /// Any difficulty: the puzzle is rated but not filtered.
    Any,
    /// Exactly this level.
    Level(Level),
    /// A score on the rating scale, both ends included.
    Score { min: f32, max: f32 },
}

impl Target {
    fn accepts(&self, rating: &Rating) -> bool {
        match *self {
            Target::Any => true,
            Target::Level(level) => rating.level == level,
            Target::Score { min, max } => (min..=max).contains(&rating.score),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Any => f.write_str("any difficulty"),
            Target::Level(level) => write!(f, "level {level}"),
            Target::Score { min, max } => write!(f, "score {min:.1}..{max:.1}"),
        }
    }
}

/// Everything that decides a puzzle, except its seed.
#[derive(Debug, Clone)]
pub struct Request {
    /// The variant.
    pub variant: Variant,
    /// The grid size.
    pub size: usize,
    /// The box shape (default: the usual one for the size).
    pub box_shape: Option<BoxShape>,
    /// A fixed jigsaw layout; `None` draws a new layout per puzzle.
    pub regions: Option<RegionMap>,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// The difficulty to hit.
    pub target: Target,
    /// Stop removing givens at this many (best effort: the puzzle may keep more).
    pub givens: Option<usize>,
    /// How many attempts (solution + digging + rating) before giving up.
    pub attempts: usize,
}

impl Request {
    /// A request with the defaults: classic 9×9, rotate180, any difficulty, 200 attempts.
    pub fn new(variant: Variant, size: usize) -> Request {
        Request {
            variant,
            size,
            box_shape: None,
            regions: None,
            symmetry: Symmetry::default(),
            target: Target::Any,
            givens: None,
            attempts: 200,
        }
    }
}

/// A generated puzzle.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Its geometry (with its own jigsaw layout when one was drawn).
    pub geometry: Geometry,
    /// The givens (0 = empty).
    pub givens: Grid,
    /// The unique solution.
    pub solution: Grid,
    /// Its rating.
    pub rating: Rating,
    /// The seed it came from.
    pub seed: u64,
    /// How many attempts it took.
    pub attempts: usize,
}

/// Why no puzzle came out.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    #[error(
        "no {what} puzzle at {target} within {attempts} attempts{closest}; try another difficulty, variant or size, or more attempts"
    )]
    Unreachable {
        what: String,
        target: String,
        attempts: usize,
        closest: String,
    },
    #[error("no fillable {size}x{size} jigsaw layout{extra} found within {attempts} attempts")]
    NoLayout {
        size: usize,
        extra: String,
        attempts: usize,
    },
}

/// Search nodes allowed for one random fill before it is abandoned (a layout that cannot be
/// filled is dropped; a fillable one is filled far below this).
const FILL_NODE_CAP: u64 = 20_000;
/// Fill attempts per jigsaw layout, and layouts drawn per puzzle attempt.
const FILLS_PER_LAYOUT: usize = 4;
const LAYOUTS_PER_ATTEMPT: usize = 50;
/// Attempts that reuse one solution (relabelled and rearranged) before a fresh fill.
const ATTEMPTS_PER_FILL: usize = 8;

/// Generates one puzzle for the request from the seed.
pub fn generate(request: &Request, seed: u64) -> Result<Generated, GenerateError> {
    let mut rng = SeededRng::new(seed);
    let mut closest: Option<Rating> = None;
    let mut current: Option<(Geometry, Solver, Grid)> = None;
    for attempt in 1..=request.attempts.max(1) {
        let reuse = attempt % ATTEMPTS_PER_FILL != 1 && current.is_some();
        let (geo, solver, solution) = match (reuse, current.take()) {
            (true, Some((geo, solver, solution))) => {
                let shuffled = shuffle_solution(&geo, &solution, &mut rng);
                (geo, solver, shuffled)
            }
            _ => fresh_solution(request, &mut rng)?,
        };
        let puzzle = dig_for(request, &geo, &solver, &solution, &mut rng);
        let rating = rate(&geo, &puzzle);
        if request.target.accepts(&rating) {
            return Ok(Generated {
                geometry: geo,
                givens: puzzle,
                solution,
                rating,
                seed,
                attempts: attempt,
            });
        }
        closest = Some(closer(request.target, closest, rating));
        current = Some((geo, solver, solution));
    }
    Err(unreachable(request, closest))
}

/// A geometry (new jigsaw layout if needed), its solver and a random solution.
fn fresh_solution(
    request: &Request,
    rng: &mut SeededRng,
) -> Result<(Geometry, Solver, Grid), GenerateError> {
    if request.variant.jigsaw && request.regions.is_none() {
        return fresh_jigsaw(request, rng);
    }
    let geo = Geometry::new(
        request.size,
        request.variant,
        request.box_shape,
        request.regions.clone(),
    )?;
    let solution = (0..FILLS_PER_LAYOUT * LAYOUTS_PER_ATTEMPT)
        .find_map(|_| random_fill(&geo, rng))
        .ok_or_else(|| no_layout(request))?;
    let solver = Solver::new(&geo);
    Ok((geo, solver, solution))
}

fn fresh_jigsaw(
    request: &Request,
    rng: &mut SeededRng,
) -> Result<(Geometry, Solver, Grid), GenerateError> {
    for _ in 0..LAYOUTS_PER_ATTEMPT {
        let Some(map) = random_layout(request.size, rng) else {
            continue;
        };
        let geo = Geometry::new(request.size, request.variant, None, Some(map))?;
        if let Some(solution) = (0..FILLS_PER_LAYOUT).find_map(|_| random_fill(&geo, rng)) {
            let solver = Solver::new(&geo);
            return Ok((geo, solver, solution));
        }
    }
    Err(no_layout(request))
}

fn no_layout(request: &Request) -> GenerateError {
    let extra = if request.variant.diagonal || request.variant.window {
        format!(" with the houses of {}", request.variant)
    } else {
        String::new()
    };
    GenerateError::NoLayout {
        size: request.size,
        extra,
        attempts: LAYOUTS_PER_ATTEMPT,
    }
}

/// A random solution of the geometry: the exact solver with a random digit order, abandoned
/// after [`FILL_NODE_CAP`] search nodes.
pub fn random_fill(geo: &Geometry, rng: &mut SeededRng) -> Option<Grid> {
    let solver = GenericSolver::new(geo);
    let mut pick = |mask: u32| rng.pick_bit(mask);
    solver
        .first_with_order_capped(&vec![0; geo.cell_count()], &mut pick, FILL_NODE_CAP)
        .map(|cells| Grid::new(geo.size(), cells))
}

/// Digs the solution, keeping each removal while the puzzle stays right for the target: solvable
/// by techniques up to the target level (which proves uniqueness below expert: expert techniques
/// include uniqueness arguments, so there the exact count is checked too). Naked and hidden
/// singles are tried first, by the exact solver's fast propagation; the logic solver runs only
/// when they do not finish the puzzle.
fn dig_for(
    request: &Request,
    geo: &Geometry,
    solver: &Solver,
    solution: &Grid,
    rng: &mut SeededRng,
) -> Grid {
    let orbits = request.symmetry.orbits(geo.size());
    let floor = request.givens.unwrap_or(0);
    let unique = |p: &Grid| solver.count_solutions(p, 2) == 1;
    let singles = |p: &Grid| solver.solves_by_singles(p);
    let mut keep: Box<dyn FnMut(&Grid) -> bool> = match request.target {
        Target::Level(Level::Easy) => Box::new(singles),
        Target::Level(level) if level < Level::Expert => {
            Box::new(move |p: &Grid| singles(p) || solves_within(geo, p, level))
        }
        Target::Level(Level::Expert) => Box::new(move |p: &Grid| {
            unique(p) && (singles(p) || solves_within(geo, p, Level::Expert))
        }),
        _ => Box::new(unique),
    };
    dig(solution, &orbits, rng, floor, &mut *keep)
}

/// The rating closer to the target of two (for the "closest found" message).
fn closer(target: Target, best: Option<Rating>, candidate: Rating) -> Rating {
    let distance = |r: &Rating| match target {
        Target::Any => 0.0,
        Target::Level(level) => (r.level as i32 - level as i32).abs() as f32,
        Target::Score { min, max } => (r.score - min).max(0.0) + (r.score - max).max(0.0),
    };
    match best {
        Some(best) if distance(&best) <= distance(&candidate) => best,
        _ => candidate,
    }
}

fn unreachable(request: &Request, closest: Option<Rating>) -> GenerateError {
    let closest = closest
        .map(|r| format!(" (the closest was {} at score {:.1})", r.level, r.score))
        .unwrap_or_default();
    GenerateError::Unreachable {
        what: format!("{0}x{0} {1}", request.size, request.variant),
        target: request.target.to_string(),
        attempts: request.attempts,
        closest,
    }
}
