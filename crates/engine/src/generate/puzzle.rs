//! One puzzle from a request and a seed: the geometry (a fresh jigsaw layout when none is fixed),
//! a random solution, clue removal under the symmetry while the puzzle stays acceptable for the
//! target, and the rating that must land exactly on the level or score range asked for. Failed
//! attempts are retried within a budget; the attempt count comes from the seeded stream, so the
//! result is reproducible.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use super::diabolical::{SearchProgress, generate_diabolical, wants_diabolical};
use super::dig::{Keep, dig};
use super::jigsaw::{random_layout, symmetric_layout};
use super::require::{implied_level, meets, needing};
use super::rng::SeededRng;
use super::symmetry::Symmetry;
use super::transform::shuffle_solution;
use crate::grid::text::counted;
use crate::grid::{BoxShape, Geometry, GeometryError, Grid, RegionMap, RuleKind, Variant};
use crate::logic::{
    Level, Rating, Technique, path_level, path_level_and_rating, rate, solves_within,
};
use crate::solve::{GenericSolver, Solver, UNIQUE_NODE_CAP};

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
    /// True when a puzzle of this rating meets the target.
    pub fn accepts(&self, rating: &Rating) -> bool {
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
    /// Drawn jigsaw layouts are symmetric under a half turn (`regions = "symmetric"`).
    pub symmetric_regions: bool,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// The difficulty to hit.
    pub target: Target,
    /// Stop removing givens at this many (best effort: the puzzle may keep more).
    pub givens: Option<usize>,
    /// How many attempts (solution + digging + rating) before giving up; `None`: the default for
    /// the target ([`Request::attempt_budget`]).
    pub attempts: Option<usize>,
    /// Dig to a minimal puzzle (no orbit of givens can go without losing uniqueness), whatever
    /// the geometry; the level is then filtered after digging.
    pub minimal: bool,
    /// Techniques the puzzle's easiest solving path must use (`--require`); with no level
    /// asked, the level is the hardest of theirs.
    pub require: Vec<Technique>,
    /// Puzzles a diabolical search starts from (`--from`), checked by
    /// [`Request::check_starts`]; empty: it starts from fresh minimal extreme puzzles.
    pub starts: Vec<Grid>,
}

impl Request {
    /// A request with the defaults: rotate180, any difficulty, the default attempt budget.
    pub fn new(variant: Variant, size: usize) -> Request {
        Request {
            variant,
            size,
            box_shape: None,
            regions: None,
            symmetric_regions: false,
            symmetry: Symmetry::default(),
            target: Target::Any,
            givens: None,
            attempts: None,
            minimal: false,
            require: Vec::new(),
            starts: Vec::new(),
        }
    }

    /// The shape for messages: `9x9 classic`, or `samurai`.
    pub fn shape_name(&self) -> String {
        match self.variant.multi {
            Some(shape) => shape.to_string(),
            None => format!("{0}x{0} {1}", self.size, self.variant),
        }
    }

    /// The shape part of the ID of every puzzle of the request (`grid::shape_code`):
    /// `classic9`, `killer9`, `jigsaw9`, `samurai`…
    pub fn shape_code(&self) -> String {
        let boxes = match (self.variant.jigsaw, self.box_shape) {
            (true, _) => None,
            (false, Some(boxes)) => Some(boxes),
            (false, None) => crate::grid::BoxShape::default_for(self.size),
        };
        crate::grid::shape_code_of(self.variant, self.size, boxes)
    }

    /// The request as generation reads it: with techniques required and no level asked, the
    /// level of the hardest of them.
    fn with_implied_level(&self) -> Request {
        let mut request = self.clone();
        if let (Target::Any, Some(level)) = (request.target, implied_level(&self.require)) {
            request.target = Target::Level(level);
        }
        request
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
    #[error(transparent)]
    Request(#[from] super::check::RequestError),
    #[error(
        "no {what} puzzle at {target} within {}{closest}; try another difficulty, variant or size, or more attempts", counted(*attempts, "attempt")
    )]
    Unreachable {
        what: String,
        target: String,
        attempts: usize,
        closest: String,
    },
    #[error("could not fill a {what} grid within the search budget")]
    NoFill { what: String },
    #[error(
        "no {what} puzzle unlike those already used within {}: the shape and level have too few different puzzles for the count asked, or the exclude lists hold most of them",
        counted(*tries, "attempt")
    )]
    Repeats { what: String, tries: usize },
    #[error("no fillable {size}x{size} jigsaw layout{extra} found within {}", counted(*attempts, "attempt"))]
    NoLayout {
        size: usize,
        extra: String,
        attempts: usize,
    },
}

/// Search nodes allowed for one random fill before it is abandoned (a layout that cannot be
/// filled is dropped; a fillable one is filled far below this).
const FILL_NODE_CAP: u64 = 1_000;
/// Node caps tried in turn (each [`FILLS_PER_LAYOUT`] times) for a fixed geometry, which cannot
/// be swapped for an easier one: most fill at once; none was found for 16×16 window, which is
/// then reported instead of searched for minutes.
const FIXED_FILL_CAPS: [u64; 3] = [1_000, 10_000, 200_000];
/// Fill attempts per jigsaw layout (and per cap), and layouts drawn per puzzle attempt.
const FILLS_PER_LAYOUT: usize = 2;
const LAYOUTS_PER_ATTEMPT: usize = 50;
/// Attempts that reuse one solution (relabelled and rearranged) before a fresh fill.
const ATTEMPTS_PER_FILL: usize = 8;

/// The puzzle with `extra` more givens (cells of its solution drawn from `seed`), when it still
/// meets the request (its level or score, its required techniques) and the request does not ask
/// for a number of givens: another puzzle of the same solution, for a place whose puzzles keep
/// repeating ones already used (a 4×4 grid has few minimal puzzles: 13 at easy). `None` when
/// no cell is left to give or the puzzle no longer fits the request.
pub fn with_more_givens(
    request: &Request,
    puzzle: &Generated,
    extra: usize,
    seed: u64,
) -> Option<Generated> {
    if request.givens.is_some() {
        return None;
    }
    let mut empty: Vec<usize> = (0..puzzle.givens.cells().len())
        .filter(|&c| puzzle.givens.get(c) == 0)
        .collect();
    if empty.len() <= extra {
        return None;
    }
    SeededRng::new(seed).shuffle(&mut empty);
    let mut givens = puzzle.givens.clone();
    for &cell in &empty[..extra] {
        givens.set(cell, puzzle.solution.get(cell));
    }
    let rating = rate(&puzzle.geometry, &givens);
    let request = request.with_implied_level();
    (request.target.accepts(&rating) && meets(&request.require, &rating)).then(|| Generated {
        givens,
        rating,
        ..puzzle.clone()
    })
}

/// Generates one puzzle for the request from the seed.
pub fn generate(request: &Request, seed: u64) -> Result<Generated, GenerateError> {
    generate_with_progress(request, seed, &|_| {})
}

/// A generated puzzle without its rating, for a caller that writes only the givens.
#[derive(Debug, Clone)]
pub struct Unrated {
    /// Its geometry (with its own jigsaw layout when one was drawn).
    pub geometry: Geometry,
    /// The givens (0 = empty).
    pub givens: Grid,
    /// The unique solution.
    pub solution: Grid,
}

impl From<Generated> for Unrated {
    fn from(made: Generated) -> Unrated {
        Unrated {
            geometry: made.geometry,
            givens: made.givens,
            solution: made.solution,
        }
    }
}

/// The puzzle [`generate_with_progress`] makes for this request and seed, without rating it
/// when the rating decides nothing: a request for any level, score and technique on a shape
/// without cages takes the first puzzle it digs, so that puzzle is returned unrated (QQWing,
/// likewise, rates only when asked). Other requests are generated and rated as usual.
pub fn generate_unrated(
    request: &Request,
    seed: u64,
    progress: &(dyn Fn(SearchProgress) + Sync),
) -> Result<Unrated, GenerateError> {
    let any_rating = request.target == Target::Any && request.require.is_empty();
    if !any_rating || !request.variant.rules.is_empty() {
        return generate_with_progress(request, seed, progress).map(Unrated::from);
    }
    check_shape(request)?;
    let mut rng = SeededRng::new(seed);
    let (shape, solution) = fresh_solution(request, &mut rng)?;
    let givens = dig_for(request, &shape.geo, &shape.solver, &solution, &mut rng);
    Ok(Unrated {
        geometry: shape.geo.clone(),
        givens,
        solution,
    })
}

/// The checks [`generate_with_progress`] makes before it digs: a multi-grid shape may lack the
/// symmetry asked (a Twodoku turned a quarter), and a technique may be above the level asked.
fn check_shape(request: &Request) -> Result<(), GenerateError> {
    if request.variant.multi.is_some() || !request.require.is_empty() {
        request.check()?;
    }
    Ok(())
}

/// [`generate`], telling `progress` how a diabolical search goes after every rating (other
/// targets do not call it: their attempts take microseconds).
pub fn generate_with_progress(
    request: &Request,
    seed: u64,
    progress: &(dyn Fn(SearchProgress) + Sync),
) -> Result<Generated, GenerateError> {
    check_shape(request)?;
    let request = &request.with_implied_level();
    if super::marked::is_marked(request) {
        return super::marked::generate_marked(request, seed);
    }
    if wants_diabolical(request.target) {
        request.check()?;
        return generate_diabolical(request, seed, progress);
    }
    if request.variant.has(RuleKind::Cages) {
        return super::constrained::generate_constrained(request, seed);
    }
    let mut rng = SeededRng::new(seed);
    let mut closest: Option<Rating> = None;
    let mut closest_level: Option<Option<Level>> = None;
    let mut current: Option<(Rc<Prepared>, Grid)> = None;
    for attempt in 1..=request.attempt_budget() {
        let reuse = attempt % ATTEMPTS_PER_FILL != 1 && current.is_some();
        let (shape, solution) = match (reuse, current.take()) {
            (true, Some((shape, solution))) => {
                let shuffled = shuffle_solution(&shape.geo, &solution, &mut rng);
                (shape, shuffled)
            }
            _ => fresh_solution(request, &mut rng)?,
        };
        let (geo, solver) = (&shape.geo, &shape.solver);
        let puzzle = dig_for(request, geo, solver, &solution, &mut rng);
        let mut rated = None;
        if let Target::Level(want) = request.target {
            let reached;
            (reached, rated) = reached_level(geo, solver, &puzzle, want);
            if reached != Some(want) {
                closest_level = nearer_level(want, closest_level, reached);
                current = Some((shape, solution));
                continue;
            }
        }
        let rating = rated.unwrap_or_else(|| rate(geo, &puzzle));
        if request.target.accepts(&rating) && meets(&request.require, &rating) {
            return Ok(Generated {
                geometry: geo.clone(),
                givens: puzzle,
                solution,
                rating,
                seed,
                attempts: attempt,
            });
        }
        closest = Some(closer(request.target, closest, rating));
        current = Some((shape, solution));
    }
    Err(unreachable(request, closest, closest_level))
}

/// What to tell the user when a `givens` target (best effort) was not reached: `None` when every
/// puzzle got down to `wanted` givens (or none was asked), else one sentence saying how many
/// puzzles kept more, and how many.
pub fn givens_shortfall(wanted: Option<usize>, givens: &[usize]) -> Option<String> {
    let mut tally = GivensTally::new(wanted);
    givens.iter().for_each(|&g| tally.add(g));
    tally.note()
}

/// Counts, puzzle by puzzle, how many kept more givens than a `givens` target, in constant
/// memory (for runs of millions of puzzles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GivensTally {
    wanted: Option<usize>,
    total: usize,
    over: usize,
    fewest: usize,
    most: usize,
}

impl GivensTally {
    /// A tally for a target (`None`: nothing to report).
    pub fn new(wanted: Option<usize>) -> GivensTally {
        GivensTally {
            wanted,
            total: 0,
            over: 0,
            fewest: usize::MAX,
            most: 0,
        }
    }

    /// Counts one puzzle with this many givens.
    pub fn add(&mut self, givens: usize) {
        self.total += 1;
        if self.wanted.is_some_and(|wanted| givens > wanted) {
            self.over += 1;
            self.fewest = self.fewest.min(givens);
            self.most = self.most.max(givens);
        }
    }

    /// The sentence for the user, when some puzzle kept more givens than wanted.
    pub fn note(&self) -> Option<String> {
        let wanted = self.wanted?;
        if self.over == 0 {
            return None;
        }
        let kept = if self.fewest == self.most {
            format!("{}", self.fewest)
        } else {
            format!("{} to {}", self.fewest, self.most)
        };
        Some(format!(
            "{} of {} kept more than {wanted} givens ({kept}): no other given could be \
             removed while the puzzle keeps one solution at the difficulty asked",
            self.over,
            counted(self.total, "puzzle")
        ))
    }
}

/// Of two levels reached (`None`: harder than the target), the one nearer the target.
fn nearer_level(
    want: Level,
    best: Option<Option<Level>>,
    reached: Option<Level>,
) -> Option<Option<Level>> {
    let distance = |level: Option<Level>| match level {
        Some(level) => (level as i32 - want as i32).abs(),
        None => 1,
    };
    match best {
        Some(best) if distance(best) <= distance(reached) => Some(best),
        _ => Some(reached),
    }
}

/// A geometry with its solver, shared by every attempt (and, per thread, every puzzle) of one
/// shape, so their tables are built once.
pub struct Prepared {
    key: ShapeKey,
    geo: Geometry,
    solver: Solver,
}

/// What decides a fixed shape.
type ShapeKey = (Variant, usize, Option<BoxShape>, Option<RegionMap>);

/// Shapes prepared on this thread, most recent last.
const PREPARED_KEPT: usize = 8;

thread_local! {
    static PREPARED: RefCell<Vec<Rc<Prepared>>> = const { RefCell::new(Vec::new()) };
}

impl Prepared {
    fn new(geo: Geometry, key: ShapeKey) -> Rc<Prepared> {
        let solver = Solver::new(&geo);
        Rc::new(Prepared { key, geo, solver })
    }
}

/// The prepared fixed shape of a request, from this thread's cache or built now.
fn prepared_shape(request: &Request) -> Result<Rc<Prepared>, GenerateError> {
    let key = (
        request.variant,
        request.size,
        request.box_shape,
        request.regions.clone(),
    );
    if let Some(found) = PREPARED.with_borrow(|kept| kept.iter().find(|p| p.key == key).cloned()) {
        return Ok(found);
    }
    let geo = Geometry::new(key.1, key.0, key.2, key.3.clone())?;
    let prepared = Prepared::new(geo, key);
    PREPARED.with_borrow_mut(|kept| {
        if kept.len() >= PREPARED_KEPT {
            kept.remove(0);
        }
        kept.push(Rc::clone(&prepared));
    });
    Ok(prepared)
}

/// A shape (a new jigsaw layout if needed, else the request's fixed shape) and a random
/// solution of it.
fn fresh_solution(
    request: &Request,
    rng: &mut SeededRng,
) -> Result<(Rc<Prepared>, Grid), GenerateError> {
    if request.variant.jigsaw && request.regions.is_none() {
        return fresh_jigsaw(request, rng);
    }
    let shape = prepared_shape(request)?;
    let solution = FIXED_FILL_CAPS
        .iter()
        .flat_map(|&cap| std::iter::repeat_n(cap, FILLS_PER_LAYOUT))
        .find_map(|cap| fill_with(shape.solver.generic()?, &shape.geo, rng, cap))
        .ok_or_else(|| no_fill(request))?;
    Ok((shape, solution))
}

/// A shape and a random solution of it, as [`fresh_solution`] makes them, for other generators
/// (killer cages are laid over it).
pub(super) fn fresh_solution_of(
    request: &Request,
    rng: &mut SeededRng,
) -> Result<(Geometry, Grid), GenerateError> {
    let (shape, solution) = fresh_solution(request, rng)?;
    Ok((shape.geo.clone(), solution))
}

fn fresh_jigsaw(
    request: &Request,
    rng: &mut SeededRng,
) -> Result<(Rc<Prepared>, Grid), GenerateError> {
    for _ in 0..LAYOUTS_PER_ATTEMPT {
        let drawn = if request.symmetric_regions {
            symmetric_layout(request.size, rng)
        } else {
            random_layout(request.size, rng)
        };
        let Some(map) = drawn else {
            continue;
        };
        let geo = Geometry::new(request.size, request.variant, None, Some(map.clone()))?;
        let shape = Prepared::new(geo, (request.variant, request.size, None, Some(map)));
        let filled = (0..FILLS_PER_LAYOUT)
            .find_map(|_| fill_with(shape.solver.generic()?, &shape.geo, rng, FILL_NODE_CAP));
        if let Some(solution) = filled {
            return Ok((shape, solution));
        }
    }
    Err(no_layout(request))
}

fn no_fill(request: &Request) -> GenerateError {
    GenerateError::NoFill {
        what: request.shape_name(),
    }
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
    random_fill_capped(geo, rng, FILL_NODE_CAP)
}

/// A random solution found within `cap` search nodes, if any.
fn random_fill_capped(geo: &Geometry, rng: &mut SeededRng, cap: u64) -> Option<Grid> {
    fill_with(&GenericSolver::new(geo), geo, rng, cap)
}

/// A random solution by a ready solver within `cap` search nodes, if any.
fn fill_with(
    solver: &GenericSolver,
    geo: &Geometry,
    rng: &mut SeededRng,
    cap: u64,
) -> Option<Grid> {
    let mut pick = |mask: u32| rng.pick_bit(mask);
    solver
        .first_with_order_capped(geo.empty_grid().cells(), &mut pick, cap)
        .map(|cells| Grid::new(geo.size(), cells))
}

/// Digs the solution for the target. A minimal puzzle, when asked, digs while the puzzle stays
/// unique. Otherwise easy digs while singles still solve the puzzle. Other
/// levels dig a minimal unique puzzle or dig while the target level still solves it (see
/// [`digs_to_minimal`]), and leave the exact level to [`reached_level`]. A score range, or no
/// target, digs while the puzzle stays unique.
fn dig_for(
    request: &Request,
    geo: &Geometry,
    solver: &Solver,
    solution: &Grid,
    rng: &mut SeededRng,
) -> Grid {
    let orbits = request.symmetry.orbits_in(geo).unwrap_or_default();
    let floor = request.givens.unwrap_or(0);
    let budget = &NodeBudget::new();
    let unique = move |p: &Grid, emptied: &[usize]| {
        let cap = budget.cap();
        cap > 0 && budget.spend(solver.stays_unique_within(p, solution, emptied, cap))
    };
    // Whether singles complete the puzzle as dug so far (the full grid at first): then they
    // complete a removal's puzzle once they refill its cells; else they complete no removal's.
    let by_singles = &std::cell::Cell::new(true);
    let mut keep: Box<Keep> = match request.target {
        _ if request.minimal => Box::new(unique),
        Target::Level(Level::Easy) => {
            Box::new(|p: &Grid, emptied: &[usize]| solver.singles_refill(p, emptied))
        }
        Target::Level(level) if !digs_to_minimal(geo) => {
            Box::new(move |p: &Grid, emptied: &[usize]| {
                let dug = Dug {
                    puzzle: p,
                    solution,
                    emptied,
                    by_singles,
                };
                solvable_at(geo, solver, &dug, level, budget)
            })
        }
        _ => Box::new(unique),
    };
    dig(solution, &orbits, rng, floor, &mut *keep)
}

/// Search nodes all the capped uniqueness checks of one dig may take together (the exact
/// checks of classic 9×9 and killer grids take none of it). Once spent, no more givens are
/// removed: on shapes where proving uniqueness gets hard as the grid empties (sparse 25×25,
/// 16×16 jigsaw and diagonal+window), the dig stops there instead of running for minutes. See
/// docs/PERFORMANCE.md, "Bounded uniqueness checks".
pub const DIG_NODE_BUDGET: u64 = 200_000;

/// What is left of a dig's [`DIG_NODE_BUDGET`].
struct NodeBudget {
    left: std::cell::Cell<u64>,
}

impl NodeBudget {
    fn new() -> NodeBudget {
        NodeBudget {
            left: std::cell::Cell::new(DIG_NODE_BUDGET),
        }
    }

    /// The cap of the next check: the per-check cap, or what is left when that is less.
    fn cap(&self) -> u64 {
        self.left.get().min(crate::solve::UNIQUE_NODE_CAP)
    }

    /// Takes a check's nodes from the budget; passes its answer on.
    fn spend(&self, (answer, nodes): (bool, u64)) -> bool {
        self.left.set(self.left.get().saturating_sub(nodes));
        answer
    }
}

/// Classic grids up to 9×9 are dug to a minimal puzzle for levels above easy: there the exact
/// count is cheap and minimal puzzles spread over every level. Larger grids (whose minimal
/// puzzles are mostly very hard) and variants with extra houses or regions (whose minimal
/// puzzles are mostly easy) dig only while the target level still solves the puzzle.
fn digs_to_minimal(geo: &Geometry) -> bool {
    geo.variant() == Variant::CLASSIC && geo.size() <= 9
}

/// Shapes whose extreme puzzles are dug only while the extreme techniques still solve them
/// (uniqueness alone digs them past what any technique solves: every 25×25 dug that way rated
/// beyond extreme, and 16×16 jigsaw, window and diagonal+window took minutes to land on
/// extreme). Classic grids up to 16×16 keep digging while unique.
fn digs_by_logic_at_extreme(geo: &Geometry) -> bool {
    geo.size() > 16 || (geo.size() == 16 && geo.variant() != Variant::CLASSIC)
}

/// True when the puzzle is unique and solvable by techniques up to `level`: singles by the exact
/// solver's propagation first (cheap, and proof of uniqueness), then the logic solver; from
/// expert up, where uniqueness arguments are allowed, the solution count is checked first.
/// A puzzle the digger made: its solution, and the cells just emptied (it had only that
/// solution before they were).
struct Dug<'a> {
    puzzle: &'a Grid,
    solution: &'a Grid,
    emptied: &'a [usize],
    /// Whether singles completed the puzzle before the cells were emptied; kept up to date by
    /// [`solvable_at`] (once a kept puzzle needs more, every later one does: singles find no
    /// more from fewer givens).
    by_singles: &'a std::cell::Cell<bool>,
}

fn solvable_at(
    geo: &Geometry,
    solver: &Solver,
    dug: &Dug,
    level: Level,
    budget: &NodeBudget,
) -> bool {
    let puzzle = dug.puzzle;
    if dug.by_singles.get() && solver.singles_refill(puzzle, dug.emptied) {
        return true;
    }
    let unique = || {
        let cap = budget.cap();
        cap > 0 && budget.spend(solver.proves_unique_within(puzzle, cap))
    };
    let kept = match level {
        Level::Easy => false,
        // Every step up to hard is a pure deduction, so a puzzle with a second solution cannot
        // be solved by them: a search that finds one (within its own cap, not the dig's
        // budget) answers for far less than the logic solve would. It looks only where a
        // second solution can be, in the cells just emptied.
        Level::Medium | Level::Hard => {
            let ambiguous = solver
                .has_other_solution_within(puzzle, dug.solution, dug.emptied, UNIQUE_NODE_CAP)
                .unwrap_or(false);
            !ambiguous && solves_within(geo, puzzle, level)
        }
        Level::Expert => unique() && solves_within(geo, puzzle, level),
        Level::Extreme if digs_by_logic_at_extreme(geo) => {
            unique() && solves_within(geo, puzzle, level)
        }
        Level::Extreme | Level::Diabolical => unique(),
    };
    if kept {
        dug.by_singles.set(false);
    }
    kept
}

/// The level a unique puzzle reaches when solved with techniques up to `want` (the highest level
/// used on the easiest-first path), or `None` when those techniques cannot finish it. One logic
/// solve: a cheap filter before the full rating. From extreme up, that solve also gives the
/// puzzle's rating when it can ([`path_level_and_rating`]), so it is not solved again.
fn reached_level(
    geo: &Geometry,
    solver: &Solver,
    puzzle: &Grid,
    want: Level,
) -> (Option<Level>, Option<Rating>) {
    if solver.solves_by_singles(puzzle) {
        return (Some(Level::Easy), None);
    }
    match want {
        Level::Easy => (None, None),
        Level::Extreme | Level::Diabolical => path_level_and_rating(geo, puzzle, want),
        _ => (path_level(geo, puzzle, want), None),
    }
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

fn unreachable(
    request: &Request,
    closest: Option<Rating>,
    closest_level: Option<Option<Level>>,
) -> GenerateError {
    let closest = match (closest, closest_level) {
        (Some(r), _) => format!(" (the closest was {} at score {:.1})", r.level, r.score),
        (None, Some(Some(level))) => format!(" (the closest was {level})"),
        (None, Some(None)) => " (every puzzle found was harder)".to_string(),
        (None, None) => String::new(),
    };
    GenerateError::Unreachable {
        what: request.shape_name(),
        target: format!("{}{}", request.target, needing(&request.require)),
        attempts: request.attempt_budget(),
        closest,
    }
}

#[cfg(test)]
mod tests {
    use super::{Dug, NodeBudget, Request, Target, generate, generate_unrated, solvable_at};
    use crate::generate::{SeededRng, Symmetry};
    use crate::grid::Variant;
    use crate::logic::{Level, solves_within};
    use crate::solve::Solver;

    /// The digger's check at medium and hard refuses a puzzle with a second solution before it
    /// solves it: the answer is the full solve's, on puzzles from unique to wide open.
    #[test]
    fn ambiguous_puzzles_are_refused_as_the_logic_solve_refuses_them() {
        let (mut refused_early, mut solved) = (0, 0);
        for (variant, seed) in [
            ("diagonal", 1),
            ("window", 2),
            ("jigsaw", 3),
            ("classic", 4),
        ] {
            let request = Request::new(variant.parse::<Variant>().expect("a variant"), 9);
            let made = generate(&request, seed).expect("a puzzle");
            let (geo, solver) = (&made.geometry, Solver::new(&made.geometry));
            let mut rng = SeededRng::new(seed);
            for round in 0..60 {
                let mut puzzle = made.solution.clone();
                let mut emptied = Vec::new();
                for _ in 0..20 + round % 45 {
                    let cell = rng.below(81);
                    if puzzle.get(cell) != 0 {
                        puzzle.set(cell, 0);
                        emptied.push(cell);
                    }
                }
                for level in [Level::Medium, Level::Hard] {
                    // Emptied from the full grid, which singles complete.
                    let by_singles = std::cell::Cell::new(true);
                    let dug = Dug {
                        puzzle: &puzzle,
                        solution: &made.solution,
                        emptied: &emptied,
                        by_singles: &by_singles,
                    };
                    let full =
                        solver.solves_by_singles(&puzzle) || solves_within(geo, &puzzle, level);
                    let budget = NodeBudget::new();
                    let checked = solvable_at(geo, &solver, &dug, level, &budget);
                    assert_eq!(checked, full, "{variant} round {round} {level}");
                    refused_early += usize::from(solver.count_solutions(&puzzle, 2) > 1);
                    solved += usize::from(full);
                }
            }
        }
        assert!(
            refused_early > 50,
            "too few ambiguous puzzles: {refused_early}"
        );
        assert!(solved > 50, "too few solvable puzzles: {solved}");
    }

    /// Without a rating that decides, the unrated puzzle is the one `generate` makes, on every
    /// shape the plain digger serves (and with `minimal`, no symmetry, a jigsaw layout drawn,
    /// a multi-grid shape); with a level or a cage rule asked it is generated as usual.
    #[test]
    fn unrated_puzzles_are_the_generated_ones() {
        let shapes = [
            ("classic", 9),
            ("classic", 4),
            ("diagonal+window", 9),
            ("jigsaw", 9),
            ("samurai", 9),
            ("killer", 6),
        ];
        for (variant, size) in shapes {
            let plain = Request::new(variant.parse::<Variant>().expect("a variant"), size);
            let minimal = Request {
                minimal: true,
                symmetry: Symmetry::None,
                ..plain.clone()
            };
            let levelled = Request {
                target: Target::Level(Level::Easy),
                ..plain.clone()
            };
            for request in [plain, minimal, levelled] {
                for seed in [1, 2] {
                    let made = generate(&request, seed).expect("a puzzle");
                    let unrated = generate_unrated(&request, seed, &|_| {}).expect("a puzzle");
                    assert_eq!(unrated.givens, made.givens, "{variant} {size} seed {seed}");
                    assert_eq!(unrated.solution, made.solution, "{variant} {size}");
                    assert_eq!(unrated.geometry, made.geometry, "{variant} {size}");
                }
            }
        }
    }
}
