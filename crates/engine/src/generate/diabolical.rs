//! Diabolical puzzles (score 9.0 and up) on request. Random digging almost never lands there (the
//! hardest of 1,465 "top" puzzles scores 9.1), so the search climbs instead, as the puzzle
//! community finds its hardest puzzles: from a minimal extreme puzzle (or from puzzles the user
//! gives, `--from`), it moves to neighbours one −1+1 swap away (one orbit of givens out, one in,
//! with exactly one solution again, which may differ), keeping those that rate at least as hard
//! (one whose first forcing point is already wider than the climb's narrowest is passed over
//! there, without the rest of its path);
//! within the diabolical band it moves freely; at a local top it jumps back to the best puzzle
//! seen with a few random swaps, and it starts again when the climb stalls. A climb from a puzzle
//! the user gave moves at least four times before it may stop, so that puzzle is never handed
//! back; every result is then relabelled and turned. Every rating is a proof (no guessing), so what comes out really scores ≥ 9.0.
//! Only grids of at most 81 cells without cages qualify (the request's check refuses the
//! others): the deeper forcing chains that reach 9.0 run only there.

use std::collections::HashMap;

use super::check::RequestError;
use super::puzzle::{GenerateError, Generated, Request, Target, generate};
use super::rng::SeededRng;
use super::symmetry::Symmetry;
use super::transform::disguise;
use crate::grid::{Geometry, Grid};
use crate::logic::candidates::Candidates;
use crate::logic::forcing::{
    RefutationNote, find_noted_unless_wider, noting_refutations, refutations_noted,
};
use crate::logic::{
    DIABOLICAL_SCORE, Level, Rating, Step, expert_closure_and_chains, next_step,
    next_step_past_expert, rate, solve_logic,
};
use crate::solve::Solver;

/// Ratings one climb from a fresh puzzle may spend without beating its best before it starts
/// again.
const STALL_RATINGS: usize = 20_000;
/// The same for a climb from a puzzle the user gave, whose ratings (of diabolical puzzles) take
/// about 70 ms each instead of 1 ms.
const STALL_RATINGS_FROM_GIVEN: usize = 300;
/// Ratings per puzzle before the search gives up, unless the request sets its own budget: fresh
/// climbs without symmetry needed 74,000 to 292,000 ratings on five seeds (docs/RATING.md), so
/// this many fail a few times in a thousand.
pub const DIABOLICAL_RATINGS: usize = 1_000_000;
/// The same when the search starts from puzzles the user gave.
pub const DIABOLICAL_RATINGS_FROM_GIVEN: usize = 3_000;
/// Random swaps that take a climb away from its best puzzle when no neighbour is as hard.
const KICK_SWAPS: usize = 3;
/// Moves away from a puzzle the user gave before a diabolical one is handed back.
const WALK_FROM_GIVEN: usize = 4;
/// Solutions listed when an orbit is emptied; with more, no single orbit can restore
/// uniqueness often enough to be worth the listing.
const SWAP_SOLUTIONS: usize = 64;

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
    let budget = request.attempt_budget();
    let mut rng = SeededRng::new(seed);
    let mut state = SearchProgress {
        ratings: 0,
        budget,
        best: 0.0,
        climbs: 0,
    };
    // The shape of the puzzles the user gave, built once (their solutions are found per climb,
    // for the one puzzle it starts from).
    let given_shape = if request.starts.is_empty() {
        None
    } else {
        Some(
            request
                .fixed_geometry()?
                .ok_or(RequestError::StartsNeedLayout)?,
        )
    };
    // Climbs are bounded too: one whose puzzles have no unique neighbour spends one rating.
    while state.ratings < budget && state.climbs < budget {
        state.climbs += 1;
        let start = climb_start(request, given_shape.as_ref(), &mut rng)?;
        let mut search = Search::new(request, &start.geometry, &mut state, progress);
        if let Some(mut found) = search.climb(start, &mut rng) {
            disguise_found(request, &mut found, &mut rng);
            found.seed = seed;
            found.attempts = state.ratings;
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

/// The symmetry of a request that names none: rotate180, but none for diabolical puzzles
/// (climbs without symmetry found one in 74,000 to 292,000 ratings; with rotate180, none in
/// 886,000 and 1,000,000: docs/RATING.md).
pub fn default_symmetry(request: &Request) -> Symmetry {
    if wants_diabolical(request.target) {
        Symmetry::None
    } else {
        Symmetry::default()
    }
}

/// Disguises tried on a result before it is kept as found.
const DISGUISES: usize = 4;

/// Relabels and turns a result ([`disguise`]) so it looks like none of the puzzles it came from.
/// The rating follows the path the solver finds first, which a turned grid may change (a 9.1
/// may become an 8.8), so the disguised puzzle is rated again and kept only when it is still on
/// the target; after [`DISGUISES`] misses the result stays as found.
fn disguise_found(request: &Request, found: &mut Generated, rng: &mut SeededRng) {
    for _ in 0..DISGUISES {
        let (givens, solution) = disguise(
            &found.geometry,
            request.symmetry,
            &found.givens,
            &found.solution,
            rng,
        );
        let rating = rate(&found.geometry, &givens);
        if rating_accepted(request, &rating) {
            found.givens = givens;
            found.solution = solution;
            found.rating = rating;
            return;
        }
    }
}

/// The rating budget of a request that sets none.
pub fn default_budget(request: &Request) -> usize {
    if request.starts.is_empty() {
        DIABOLICAL_RATINGS
    } else {
        DIABOLICAL_RATINGS_FROM_GIVEN
    }
}

/// Where a climb starts: a random puzzle of the request's `starts`, on their shape `given_shape`
/// (it must move away from it; its solution is found when the climb begins), else a fresh
/// minimal extreme puzzle (it may stop as soon as it is diabolical).
fn climb_start(
    request: &Request,
    given_shape: Option<&Geometry>,
    rng: &mut SeededRng,
) -> Result<Start, GenerateError> {
    let Some(geo) = given_shape else {
        let fresh = extreme_start(request, rng.next_u64())?;
        return Ok(Start {
            geometry: fresh.geometry,
            givens: fresh.givens,
            solution: Some(fresh.solution),
            stall: STALL_RATINGS,
            walk: 0,
        });
    };
    Ok(Start {
        geometry: geo.clone(),
        givens: request.starts[rng.below(request.starts.len())].clone(),
        solution: None,
        stall: STALL_RATINGS_FROM_GIVEN,
        walk: WALK_FROM_GIVEN,
    })
}

/// Where a climb starts: a unique puzzle and its solution (`None`: still to be found), how many
/// ratings it may spend without progress, and how many moves it makes before it may stop.
struct Start {
    geometry: Geometry,
    givens: Grid,
    solution: Option<Grid>,
    stall: usize,
    walk: usize,
}

/// The extreme puzzle a climb starts from (the request's shape and symmetry, minimal).
fn extreme_start(request: &Request, seed: u64) -> Result<Generated, GenerateError> {
    let mut start = request.clone();
    start.target = Target::Level(Level::Extreme);
    start.attempts = None;
    start.minimal = true;
    start.require.clear();
    start.starts.clear();
    generate(&start, seed).map_err(|error| match error {
        // Say what was asked: the extreme level is only the search's way there.
        GenerateError::Unreachable {
            what,
            attempts,
            closest,
            ..
        } => GenerateError::Unreachable {
            what,
            target: request.target.to_string(),
            attempts,
            closest: format!(": the search climbs from extreme puzzles, and none came{closest}"),
        },
        other => other,
    })
}

/// The score from which a path needs more than plain forcing chains (dynamic ones, 8.5).
const DEEPER_SCORE: i32 = 85;

/// How hard a puzzle is for the climb, larger is harder. Puzzles that need a deeper chain
/// (scoring 8.5 and up) rank above the rest, by score, then by how many steps need one. Below, the score is too coarse to climb
/// on (nearly all extreme puzzles score 7.8-8.1), so they rank by the narrowest point of their
/// path where a forcing chain was needed: how few plain forcing chains conclude anything there
/// (fewer: nearer the point where none does and only a deeper chain helps); then by the score
/// and the longest forcing chain. A puzzle the techniques cannot finish ranks lowest.
///
/// The path is followed from its first forcing point, found by [`expert_closure_and_chains`] (the steps
/// before it are expert ones, which score less than any forcing step and do not count here);
/// a puzzle that needs no forcing chain is solved along the path, for its score.
fn hardness(geo: &Geometry, givens: &Grid) -> Key {
    match FirstForcingPoint::of(geo, givens) {
        Err(NoForcingPoint::Solved) => plain_path_key(geo, givens),
        Err(NoForcingPoint::Broken) => UNSOLVED,
        Ok(point) => point.whole_key(),
    }
}

/// The key of a puzzle that needs no forcing chain: the score of its easiest-first path.
fn plain_path_key(geo: &Geometry, givens: &Grid) -> Key {
    let path = solve_logic(geo, givens, Level::HARDEST);
    if !path.solved {
        return UNSOLVED;
    }
    let score = path.steps.iter().map(|s| s.score()).fold(0.0f32, f32::max);
    plain_key(usize::MAX, tenths_of(score), 0)
}

/// The key of a puzzle the techniques cannot finish.
const UNSOLVED: Key = (false, i64::MIN, 0);

/// How a path that never needs an extreme step ends: the expert techniques solve the puzzle, or
/// its givens conflict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NoForcingPoint {
    Solved,
    Broken,
}

/// Where a puzzle's easiest-first path first needs an extreme step: the grid there, the step
/// the path takes, and the notes of the forcing search that found it (their counts of plain
/// forcing chains, [`refutations_noted`]).
struct FirstForcingPoint<'g> {
    c: Candidates<'g>,
    step: Option<Step>,
    notes: Vec<RefutationNote>,
}

impl<'g> FirstForcingPoint<'g> {
    /// The first forcing point of `givens`' path, or how the path ends without one.
    fn of(geo: &'g Geometry, givens: &Grid) -> Result<FirstForcingPoint<'g>, NoForcingPoint> {
        let (c, chains) = Self::expert_end(geo, givens)?;
        let (step, notes) = noting_refutations(|| step_past_expert(&c, chains));
        Ok(FirstForcingPoint { c, step, notes })
    }

    /// [`FirstForcingPoint::of`], or `None` when the path first needs a plain forcing chain at a
    /// grid where more than `limit` of them conclude something (wider than `limit`): the
    /// forcing search there stops as soon as its branches show that.
    fn unless_wider(
        geo: &'g Geometry,
        givens: &Grid,
        limit: usize,
    ) -> Result<Option<FirstForcingPoint<'g>>, NoForcingPoint> {
        let (c, chains) = Self::expert_end(geo, givens)?;
        // No chain applies there: the plain forcing search's branches tell whether the grid is
        // wider, before the path's step (Sudoku Explainer's families) is looked for.
        if let Some(None) = chains {
            let Some((_, note)) = find_noted_unless_wider(&c, limit) else {
                return Ok(None);
            };
            let step = step_past_expert(&c, chains);
            let notes = vec![note];
            return Ok(Some(FirstForcingPoint { c, step, notes }));
        }
        let (step, notes) = noting_refutations(|| step_past_expert(&c, chains));
        Ok(Some(FirstForcingPoint { c, step, notes }))
    }

    /// The grid where the expert techniques end on `givens`' path, with the chain finder's
    /// answer there, or how the path ends without a forcing point.
    fn expert_end(
        geo: &'g Geometry,
        givens: &Grid,
    ) -> Result<(Candidates<'g>, Option<Option<Step>>), NoForcingPoint> {
        let (c, chains) = expert_closure_and_chains(Candidates::from_givens(geo, givens));
        if c.is_broken() {
            return Err(NoForcingPoint::Broken);
        }
        if c.is_solved() {
            return Err(NoForcingPoint::Solved);
        }
        Ok((c, chains))
    }

    /// The key the path would have if it ended here, when the step is a plain forcing one;
    /// `None` when it is deeper or there is none. The path's narrowest point can only be as
    /// wide as this one or narrower ([`hardness`] takes the narrowest of all), and the rest of
    /// a path costs about 2.5 times as much as the way to its first forcing step (a trace of
    /// seed 4: 21.3 s against 8.4 s, docs/RATING.md).
    fn plain_key(&self) -> Option<Key> {
        let step = self.step.as_ref()?;
        let tenths = tenths_of(step.score());
        (tenths < DEEPER_SCORE)
            .then(|| plain_key(refutations_noted(&self.c, &self.notes), tenths, step.length))
    }

    /// The key of the whole path: this step and the rest of the path after it. Only its
    /// extreme steps count, and between two of them the path takes expert steps until the
    /// expert techniques end, so it goes on from each by [`expert_closure_and_chains`].
    fn whole_key(self) -> Key {
        let FirstForcingPoint {
            mut c,
            mut step,
            mut notes,
        } = self;
        let mut points = Vec::new();
        loop {
            let Some(taken) = step else {
                return UNSOLVED;
            };
            let before = c.clone();
            if !c.apply(&taken) {
                return UNSOLVED;
            }
            points.push((before, taken, notes));
            let chains;
            (c, chains) = expert_closure_and_chains(c);
            if c.is_broken() {
                return UNSOLVED;
            }
            if c.is_solved() {
                return path_key(&points);
            }
            (step, notes) = noting_refutations(|| step_past_expert(&c, chains));
        }
    }
}

/// The path's step on the grid an expert closure ended on, given the chain finder's answer
/// there when the closure had it.
fn step_past_expert(c: &Candidates, chains: Option<Option<Step>>) -> Option<Step> {
    match chains {
        Some(chains) => next_step_past_expert(c, chains),
        None => next_step(c, Level::HARDEST),
    }
}

/// The key of a solved path from its extreme steps, each with the grid it was taken on and the
/// notes of the search that found it: see [`hardness`].
fn path_key(points: &[(Candidates, Step, Vec<RefutationNote>)]) -> Key {
    let score = points
        .iter()
        .map(|(_, s, _)| s.score())
        .fold(0.0f32, f32::max);
    let tenths = tenths_of(score);
    if tenths >= DEEPER_SCORE {
        let deeper = points.iter().filter(|(_, s, _)| s.score() >= 8.5).count() as i64;
        return (true, i64::from(tenths), deeper);
    }
    let mut narrowest = usize::MAX;
    let mut longest = 0;
    for (c, step, notes) in points {
        if step.level() >= Level::Extreme {
            narrowest = narrowest.min(refutations_noted(c, notes));
            longest = longest.max(step.length);
        }
    }
    plain_key(narrowest, tenths, longest)
}

/// A score in tenths, as keys hold it.
fn tenths_of(score: f32) -> i32 {
    (score * 10.0).round() as i32
}

/// The key of a puzzle that needs no deeper chain: its narrowest point (`usize::MAX`: no
/// forcing chain needed), score and longest forcing chain.
fn plain_key(narrowest: usize, tenths: i32, longest: usize) -> Key {
    let narrowest = narrowest.min(1 << 20) as i64;
    (false, -narrowest, i64::from(tenths) * 1000 + longest as i64)
}

/// A hardness key: see [`hardness`].
type Key = (bool, i64, i64);

/// The middle field of the key of a puzzle whose path needed no forcing chain.
const NO_FORCING: i64 = -(1 << 20);

/// A puzzle on a climb, with its solution and hardness.
#[derive(Clone)]
struct Point {
    givens: Grid,
    solution: Grid,
    key: Key,
}

/// One climb's tools: the shape, its solver and orbits, and the shared progress.
struct Search<'a> {
    request: &'a Request,
    geo: Geometry,
    solver: Solver,
    orbits: Vec<Vec<usize>>,
    /// The hardness of the puzzles this climb rated that needed a forcing chain (a climb rates
    /// some again: the swap back, the neighbours of its best puzzle after a kick).
    rated: HashMap<Vec<u8>, Key>,
    /// Fresh climbs pass over neighbours wide at their first forcing point
    /// ([`Search::neighbour`]); climbs from the user's diabolical puzzles, which
    /// move within the band, rate every neighbour whole.
    pass_over_wide: bool,
    state: &'a mut SearchProgress,
    progress: &'a (dyn Fn(SearchProgress) + Sync),
}

impl<'a> Search<'a> {
    fn new(
        request: &'a Request,
        geo: &Geometry,
        state: &'a mut SearchProgress,
        progress: &'a (dyn Fn(SearchProgress) + Sync),
    ) -> Search<'a> {
        Search {
            request,
            geo: geo.clone(),
            solver: Solver::new(geo),
            orbits: request.symmetry.orbits_in(geo).unwrap_or_default(),
            rated: HashMap::new(),
            pass_over_wide: request.starts.is_empty(),
            state,
            progress,
        }
    }

    /// The point for a puzzle, counting the rating (also when the climb knows the puzzle's
    /// hardness already: the climb is then the same, only faster).
    fn evaluate(&mut self, givens: Grid, solution: Grid) -> Point {
        if let Some(&key) = self.rated.get(givens.cells()) {
            self.count_rating(&key);
            return Point {
                givens,
                solution,
                key,
            };
        }
        let key = hardness(&self.geo, &givens);
        self.keep(givens, solution, key)
    }

    /// The point for a puzzle this climb had not rated, of hardness `key`: kept when it needed
    /// a forcing chain, and counted.
    fn keep(&mut self, givens: Grid, solution: Grid, key: Key) -> Point {
        if needs_forcing(&key) {
            self.rated.insert(givens.cells().to_vec(), key);
        }
        self.count_rating(&key);
        Point {
            givens,
            solution,
            key,
        }
    }

    /// The point for a neighbour of `here`, counting its rating; `None` when it is passed over
    /// at its first forcing point: when it needs a plain forcing chain first and more of them
    /// conclude there than at `here`'s narrowest point. Its own narrowest point may still come
    /// later and be narrower: such a neighbour is missed, but the others are rejected for the
    /// cost of the way to their first forcing step (a rating then costs about half as much;
    /// docs/RATING.md has what that did to the climbs, which needed more ratings). A puzzle
    /// that needs no forcing chain at all is always wider, and passed over once the expert
    /// techniques solve it. A neighbour not passed over is rated on from that point. The forcing
    /// search at that point stops as soon as its branches show it wider
    /// ([`find_noted_unless_wider`]): such a neighbour's first step is then not known, and its
    /// score is not reported as progress (nor is that of one solved without a forcing chain).
    ///
    /// `here` with a deeper chain or none compares whole paths, as do climbs from the user's
    /// puzzles.
    fn neighbour(&mut self, here: &Point, givens: Grid, solution: Grid) -> Option<Point> {
        let compares_whole = !self.pass_over_wide || here.key.0 || here.key.1 == NO_FORCING;
        if compares_whole || self.rated.contains_key(givens.cells()) {
            return Some(self.evaluate(givens, solution));
        }
        let narrowest = usize::try_from(-here.key.1).unwrap_or(usize::MAX);
        let point = match FirstForcingPoint::unless_wider(&self.geo, &givens, narrowest) {
            // No forcing chain: no climb that passes over starts below 7.5 (it starts at an
            // extreme puzzle), so the path's score, below 7.5, is no progress to report.
            Err(NoForcingPoint::Solved) => {
                self.count_rating(&plain_key(usize::MAX, 0, 0));
                return None;
            }
            Err(NoForcingPoint::Broken) => return Some(self.evaluate(givens, solution)),
            // Wider than `here` at its first forcing point: passed over before its step is
            // known, so its score is not reported either.
            Ok(None) => {
                self.count_rating(&plain_key(usize::MAX, 0, 0));
                return None;
            }
            Ok(Some(point)) => point,
        };
        if let Some(first) = point.plain_key()
            && first.1 < here.key.1
        {
            self.count_rating(&first);
            return None;
        }
        let key = point.whole_key();
        Some(self.keep(givens, solution, key))
    }

    /// Counts a rating and reports the progress.
    fn count_rating(&mut self, key: &Key) {
        self.state.ratings += 1;
        self.state.best = self.state.best.max(score_of(key));
        (self.progress)(*self.state);
    }

    fn spent(&self) -> bool {
        self.state.ratings >= self.state.budget
    }

    /// Climbs from `start` until a diabolical puzzle at least `start.walk` moves away is
    /// accepted; `None` when the climb stalls or the budget runs out.
    fn climb(&mut self, start: Start, rng: &mut SeededRng) -> Option<Generated> {
        let walk = start.walk;
        // A puzzle of `starts` was checked to have one solution (Request::check_starts).
        let solution = start
            .solution
            .or_else(|| self.solver.first_solution(&start.givens))?;
        let best_before = self.state.best;
        let mut here = self.evaluate(start.givens, solution);
        if walk > 0 {
            // A puzzle the user gave is no result: its score is not progress.
            self.state.best = best_before;
        }
        let mut top = here.clone();
        let mut walked = 0;
        let mut since_top = 0;
        while since_top < start.stall && !self.spent() {
            let before = self.state.ratings;
            match self.step(&here, rng) {
                Some(next) => {
                    walked += 1;
                    here = next;
                }
                None if self.spent() => return None,
                None => {
                    walked = KICK_SWAPS;
                    here = self.kick(&top, rng)?;
                }
            }
            since_top += self.state.ratings - before;
            if here.key > top.key {
                top = here.clone();
                since_top = 0;
            }
            if is_diabolical(&here.key)
                && walked >= walk
                && let Some(found) = self.accept(&here)
            {
                return Some(found);
            }
        }
        None
    }

    /// The first neighbour, in random order, that is harder than `here`, as hard (taken one time
    /// in four, to drift along a plateau), or diabolical when `here` is; `None` at a local top.
    /// Below the deeper chains, a neighbour whose first forcing point is already wider than
    /// `here`'s narrowest point is passed over there ([`Search::neighbour`]).
    fn step(&mut self, here: &Point, rng: &mut SeededRng) -> Option<Point> {
        let mut neighbours = moves(here, &self.orbits, &self.solver, rng);
        rng.shuffle(&mut neighbours);
        for (givens, solution) in neighbours {
            if self.spent() {
                return None;
            }
            let Some(next) = self.neighbour(here, givens, solution) else {
                continue;
            };
            let within_band = is_diabolical(&here.key) && is_diabolical(&next.key);
            if next.key > here.key || within_band || (next.key == here.key && rng.chance(1, 4)) {
                return Some(next);
            }
        }
        None
    }

    /// A few random swaps away from `top`; `None` when it has no unique neighbour.
    fn kick(&mut self, top: &Point, rng: &mut SeededRng) -> Option<Point> {
        let mut point = top.clone();
        for _ in 0..KICK_SWAPS {
            let mut neighbours = moves(&point, &self.orbits, &self.solver, rng);
            if neighbours.is_empty() {
                break;
            }
            (point.givens, point.solution) = neighbours.swap_remove(rng.below(neighbours.len()));
        }
        (point.givens != top.givens).then(|| self.evaluate(point.givens, point.solution))
    }

    /// The puzzle as the request's result, when its full rating is on the target.
    fn accept(&self, point: &Point) -> Option<Generated> {
        let rating = rate(&self.geo, &point.givens);
        rating_accepted(self.request, &rating).then(|| Generated {
            geometry: self.geo.clone(),
            givens: point.givens.clone(),
            solution: point.solution.clone(),
            rating,
            seed: 0,
            attempts: self.state.ratings,
        })
    }
}

/// True when the puzzle of a hardness key needed a forcing chain (the ratings worth keeping:
/// the others cost a few percent of the time).
fn needs_forcing(key: &Key) -> bool {
    key.0 || key.1 != NO_FORCING
}

/// True when a hardness key is in the diabolical band.
fn is_diabolical(key: &Key) -> bool {
    score_of(key) >= DIABOLICAL_SCORE
}

/// The −1+1 neighbours of a unique puzzle, with their solutions: a given orbit is emptied, and
/// one orbit (open, or the emptied one with other digits) takes the digits of one solution of the emptied puzzle that no
/// other solution shares there, so the neighbour has exactly that solution. The solutions are
/// listed when there are fewer than [`SWAP_SOLUTIONS`].
fn swaps(givens: &Grid, orbits: &[Vec<usize>], solver: &Solver) -> Vec<(Grid, Grid)> {
    let (filled, open) = split_orbits(givens, orbits);
    let mut found = Vec::new();
    // The diabolical search runs on shapes without cages; one with cages has no swaps here.
    let Some(generic) = solver.generic() else {
        return found;
    };
    for removed in &filled {
        let mut puzzle = givens.clone();
        empty(&mut puzzle, removed);
        // About half the emptied puzzles of a climb have too many solutions: on classic 9×9
        // the fast solver counts them, and the slower listing is left for the others.
        if solver.is_classic_9x9()
            && solver.count_solutions(&puzzle, SWAP_SOLUTIONS) >= SWAP_SOLUTIONS
        {
            continue;
        }
        let listed = generic.count(puzzle.cells(), SWAP_SOLUTIONS, SWAP_SOLUTIONS);
        if listed.count >= SWAP_SOLUTIONS {
            continue;
        }
        for cells in open.iter().chain([removed]) {
            for index in singled_out(&listed.solutions, cells) {
                let solution = &listed.solutions[index];
                let mut next = puzzle.clone();
                for &cell in *cells {
                    next.set(cell, solution[cell]);
                }
                if next != *givens {
                    found.push((next, Grid::new(givens.size(), solution.clone())));
                }
            }
        }
    }
    found
}

/// The solutions whose digits on `cells` no other solution has, in the order listed.
fn singled_out(solutions: &[Vec<u8>], cells: &[usize]) -> Vec<usize> {
    if let [cell] = cells {
        return singled_out_at(solutions, *cell);
    }
    let mut keyed: Vec<(Vec<u8>, usize)> = solutions
        .iter()
        .enumerate()
        .map(|(index, solution)| (cells.iter().map(|&c| solution[c]).collect(), index))
        .collect();
    keyed.sort_unstable();
    let mut alone = Vec::new();
    for (at, (digits, index)) in keyed.iter().enumerate() {
        let same = |other: Option<&(Vec<u8>, usize)>| other.is_some_and(|o| o.0 == *digits);
        if !same(at.checked_sub(1).map(|before| &keyed[before])) && !same(keyed.get(at + 1)) {
            alone.push(*index);
        }
    }
    alone.sort_unstable();
    alone
}

/// [`singled_out`] for an orbit of one cell (every orbit without symmetry): the solutions
/// whose digit there no other solution has.
fn singled_out_at(solutions: &[Vec<u8>], cell: usize) -> Vec<usize> {
    let mut times = [0u8; 256];
    for solution in solutions {
        let digit = usize::from(solution[cell]);
        times[digit] = times[digit].saturating_add(1);
    }
    (0..solutions.len())
        .filter(|&index| times[usize::from(solutions[index][cell])] == 1)
        .collect()
}

/// Random neighbours tried when a puzzle has no −1+1 swap.
const FALLBACK_NEIGHBOURS: usize = 8;

/// The −1+1 neighbours of a point ([`swaps`]); when there are none (sparse symmetric puzzles,
/// where emptying a pair of cells leaves thousands of solutions), a few random −1+n neighbours
/// of the same solution ([`neighbour`]).
fn moves(
    point: &Point,
    orbits: &[Vec<usize>],
    solver: &Solver,
    rng: &mut SeededRng,
) -> Vec<(Grid, Grid)> {
    let found = swaps(&point.givens, orbits, solver);
    if !found.is_empty() {
        return found;
    }
    (0..FALLBACK_NEIGHBOURS)
        .filter_map(|_| neighbour(&point.givens, &point.solution, orbits, solver, rng))
        .map(|givens| (givens, point.solution.clone()))
        .collect()
}

/// The score a hardness key holds (the score in tenths is in the last field below 8.5).
fn score_of(key: &Key) -> f32 {
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

fn empty(puzzle: &mut Grid, orbit: &[usize]) {
    for &cell in orbit {
        puzzle.set(cell, 0);
    }
}

fn fill(puzzle: &mut Grid, solution: &Grid, orbit: &[usize]) {
    for &cell in orbit {
        puzzle.set(cell, solution.get(cell));
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
        let count = solver.generic()?.count(puzzle.cells(), 2, 2);
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
    use crate::grid::Variant;

    /// The solutions no other solution matches on `cells`, by the definition.
    fn singled_out_by_definition(solutions: &[Vec<u8>], cells: &[usize]) -> Vec<usize> {
        let on = |s: &Vec<u8>| cells.iter().map(|&c| s[c]).collect::<Vec<u8>>();
        (0..solutions.len())
            .filter(|&i| {
                solutions
                    .iter()
                    .filter(|s| on(s) == on(&solutions[i]))
                    .count()
                    == 1
            })
            .collect()
    }

    #[test]
    fn singled_out_solutions_are_those_no_other_matches_in_the_order_listed() {
        let mut rng = SeededRng::new(7);
        for round in 0..200 {
            let count = rng.below(40);
            let solutions: Vec<Vec<u8>> = (0..count)
                .map(|_| (0..6).map(|_| 1 + rng.below(3 + round % 4) as u8).collect())
                .collect();
            for cells in [&[2][..], &[0, 5], &[1, 3, 4], &[]] {
                let expected = singled_out_by_definition(&solutions, cells);
                assert_eq!(
                    singled_out(&solutions, cells),
                    expected,
                    "{solutions:?} {cells:?}"
                );
            }
        }
        let solutions = vec![vec![1, 2], vec![1, 3], vec![2, 3]];
        assert_eq!(singled_out(&solutions, &[0]), vec![2]);
        assert_eq!(singled_out(&solutions, &[1]), vec![0]);
        assert_eq!(singled_out(&solutions, &[0, 1]), vec![0, 1, 2]);
    }

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

    /// A minimal puzzle of `solution` under `orbits`.
    fn minimal(solution: &Grid, orbits: &[Vec<usize>], solver: &Solver) -> Grid {
        let mut givens = solution.clone();
        for orbit in orbits {
            empty(&mut givens, orbit);
            if solver.count_solutions(&givens, 2) != 1 {
                for &cell in orbit {
                    givens.set(cell, solution.get(cell));
                }
            }
        }
        givens
    }

    #[test]
    fn every_swap_is_unique_keeps_the_symmetry_and_moves_one_orbit() {
        let geo = Geometry::classic(9).expect("9x9");
        let solver = Solver::new(&geo);
        let solution =
            crate::generate::puzzle::random_fill(&geo, &mut SeededRng::new(3)).expect("a solution");
        for symmetry in [Symmetry::None, Symmetry::Rotate180] {
            let orbits = symmetry.orbits_in(&geo).expect("orbits");
            let givens = minimal(&solution, &orbits, &solver);
            let found = swaps(&givens, &orbits, &solver);
            assert!(found.len() >= 5, "{} swaps", found.len());
            let mut solution_changed = false;
            for (next, its_solution) in &found {
                assert_ne!(next, &givens);
                assert_eq!(solver.count_solutions(next, 2), 1);
                assert_eq!(solver.first_solution(next).as_ref(), Some(its_solution));
                assert!(symmetry.holds_in(&geo, next.cells()));
                assert_eq!(next.filled_count(), givens.filled_count());
                let moved = (0..81).filter(|&c| next.get(c) != givens.get(c)).count();
                assert!((1..=4).contains(&moved), "{moved} cells changed");
                solution_changed |= its_solution != &solution;
            }
            assert!(solution_changed, "no swap reaches another solution");
        }
    }

    #[test]
    fn a_sparse_symmetric_puzzle_without_swaps_falls_back_on_neighbours_of_its_solution() {
        // A rotate180 puzzle of the forum's hardest list, 21 givens: emptying any pair of givens
        // leaves 200 or more solutions, so it has no −1+1 swap.
        let line =
            "1.......2.2.....6...34..5.....8.5.....8.3.9.....9.4.....5..34...7.....1.6.......7";
        let geo = Geometry::classic(9).expect("9x9");
        let solver = Solver::new(&geo);
        let orbits = Symmetry::Rotate180.orbits_in(&geo).expect("orbits");
        let givens = crate::grid::text::parse_line(line, 1, Some(9)).expect("a puzzle");
        assert!(swaps(&givens, &orbits, &solver).is_empty());
        let point = Point {
            solution: solver.first_solution(&givens).expect("solved"),
            givens,
            key: (true, 103, 0),
        };
        let found = moves(&point, &orbits, &solver, &mut SeededRng::new(2));
        assert!(!found.is_empty());
        for (next, its_solution) in &found {
            assert_ne!(next, &point.givens);
            assert_eq!(its_solution, &point.solution);
            assert_eq!(solver.first_solution(next).as_ref(), Some(its_solution));
            assert_eq!(solver.count_solutions(next, 2), 1);
            assert!(Symmetry::Rotate180.holds_in(&geo, next.cells()));
        }
    }

    #[test]
    fn a_search_from_given_puzzles_walks_away_from_them() {
        // Two puzzles of the forum's hardest list (score 10+ here): every result is diabolical,
        // unique, and not one of them (relabelled and turned, and swaps away).
        let starts = [
            ".2..5.7..4..1....68....3...2....8..3.4..2.5.....6...1...2.9.....9......57.4...9..",
            "...4......5..8.2.6.....71..2........3.....51...5.3.8.25...6.3.8..6..8.9...8......",
        ];
        let geo = Geometry::classic(9).expect("9x9");
        let mut request = Request::new(Variant::CLASSIC, 9);
        request.target = Target::Level(Level::Diabolical);
        request.symmetry = Symmetry::None;
        request.starts = starts
            .iter()
            .map(|line| crate::grid::text::parse_line(line, 1, Some(9)).expect("a puzzle"))
            .collect();
        request.check_starts().expect("good starts");
        let solver = Solver::new(&geo);
        for seed in 1..=2 {
            let made = generate_diabolical(&request, seed, &|_| {}).expect("a diabolical puzzle");
            assert!(made.rating.solved && made.rating.score >= DIABOLICAL_SCORE);
            assert_eq!(
                made.rating,
                rate(&geo, &made.givens),
                "the rating is of what is shown"
            );
            assert_eq!(made.rating.level, Level::Diabolical);
            assert_eq!(
                solver.first_solution(&made.givens),
                Some(made.solution.clone())
            );
            assert_eq!(solver.count_solutions(&made.givens, 2), 1);
            assert!(!request.starts.contains(&made.givens));
        }
    }

    #[test]
    fn a_shape_without_extreme_puzzles_says_what_was_asked() {
        let mut request = Request::new(Variant::CLASSIC, 4);
        request.target = Target::Level(Level::Diabolical);
        let error = generate_diabolical(&request, 1, &|_| {}).expect_err("no extreme 4x4");
        let text = error.to_string();
        assert!(text.contains("at level diabolical"), "{text}");
        assert!(
            text.contains("the search climbs from extreme puzzles, and none came"),
            "{text}"
        );
    }

    /// The progress of a first climb with a budget of 100 ratings.
    fn first_climb_progress() -> SearchProgress {
        SearchProgress {
            ratings: 0,
            budget: 100,
            best: 0.0,
            climbs: 1,
        }
    }

    #[test]
    fn a_puzzle_met_again_is_looked_up_and_still_counted() {
        let request = Request::new(Variant::CLASSIC, 9);
        let geo = Geometry::classic(9).expect("9x9");
        // An extreme puzzle (top1465's first: a forcing chain is needed) and one of singles.
        let extreme = crate::grid::text::parse_line(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            1,
            Some(9),
        )
        .expect("a puzzle");
        let easy = crate::grid::text::parse_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            1,
            Some(9),
        )
        .expect("a puzzle");
        let mut state = first_climb_progress();
        let mut search = Search::new(&request, &geo, &mut state, &|_| {});
        let solution = Grid::new(9, vec![0; 81]);
        for _ in 0..2 {
            for givens in [&extreme, &easy] {
                let point = search.evaluate(givens.clone(), solution.clone());
                assert_eq!(point.key, hardness(&geo, givens));
            }
        }
        // Only the puzzle that needed a forcing chain is kept; every evaluation counts.
        assert!(needs_forcing(&hardness(&geo, &extreme)));
        assert!(!needs_forcing(&hardness(&geo, &easy)));
        assert_eq!(search.rated.len(), 1);
        assert_eq!(search.state.ratings, 4);
    }

    #[test]
    fn a_neighbour_wider_at_its_first_forcing_point_is_passed_over_there() {
        let request = Request::new(Variant::CLASSIC, 9);
        let geo = Geometry::classic(9).expect("9x9");
        let parse = |line| crate::grid::text::parse_line(line, 1, Some(9)).expect("a puzzle");
        // Of top1465: its narrowest point comes after its first forcing step (47 plain forcing
        // chains conclude there, 59 at the first).
        let later = parse(
            "8.2.....4.9......7..5..139..8..17......5.2..1.....8.36..71.....4...7....32...5...",
        );
        let full = hardness(&geo, &later);
        assert_eq!((full.0, full.1), (false, -47));
        let first_key = |givens| {
            FirstForcingPoint::of(&geo, givens)
                .ok()
                .and_then(|point| point.plain_key())
        };
        let first = first_key(&later).expect("a plain first forcing step");
        assert_eq!((first.0, first.1), (false, -59));
        // A deeper first forcing step, or none: the whole path decides.
        let diabolical = parse(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        assert!(is_diabolical(&hardness(&geo, &diabolical)));
        assert_eq!(first_key(&diabolical), None);
        let easy = parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        assert!(matches!(
            FirstForcingPoint::of(&geo, &easy),
            Err(NoForcingPoint::Solved)
        ));

        let mut state = first_climb_progress();
        let mut search = Search::new(&request, &geo, &mut state, &|_| {});
        let point = |key| Point {
            givens: easy.clone(),
            solution: easy.clone(),
            key,
        };
        let neighbour = |search: &mut Search, here_key, givens: &Grid| {
            search.neighbour(&point(here_key), givens.clone(), givens.clone())
        };
        // Wider at its first point than a climb at 30: passed over, counted, not kept.
        assert!(neighbour(&mut search, (false, -30, 80_000), &later).is_none());
        assert!(neighbour(&mut search, (false, -30, 80_000), &easy).is_none());
        assert!(search.rated.is_empty());
        // As narrow or narrower there, rated whole and kept; and a climb at a deeper puzzle,
        // or a puzzle it rated, compares whole paths.
        let whole = neighbour(&mut search, (false, -59, 80_000), &later).expect("rated whole");
        assert_eq!(whole.key, full);
        assert_eq!(search.rated.len(), 1);
        assert!(neighbour(&mut search, (true, 90, 1), &later).is_some());
        assert!(neighbour(&mut search, (false, -30, 80_000), &later).is_some());
        assert_eq!(search.state.ratings, 5);
        // A climb at a puzzle that needs no forcing chain compares whole paths too.
        let easy_point = neighbour(&mut search, (false, NO_FORCING, 0), &easy).expect("whole");
        assert_eq!(easy_point.key, hardness(&geo, &easy));
        // Climbs from the user's puzzles rate every neighbour whole.
        let mut from_given = request.clone();
        from_given.starts = vec![diabolical.clone()];
        let mut search = Search::new(&from_given, &geo, &mut state, &|_| {});
        assert!(neighbour(&mut search, (false, -30, 80_000), &easy).is_some());
    }

    /// [`hardness`] as the whole easiest-first path from the givens gives it, step by step
    /// (what the climb did before [`expert_closure_and_chains`] found the first forcing point).
    fn hardness_along_the_path(geo: &Geometry, givens: &Grid) -> Key {
        let (path, notes) = noting_refutations(|| solve_logic(geo, givens, Level::HARDEST));
        if !path.solved {
            return UNSOLVED;
        }
        let score = path.steps.iter().map(|s| s.score()).fold(0.0f32, f32::max);
        let tenths = tenths_of(score);
        if tenths >= DEEPER_SCORE {
            let deeper = path.steps.iter().filter(|s| s.score() >= 8.5).count() as i64;
            return (true, i64::from(tenths), deeper);
        }
        let mut c = Candidates::from_givens(geo, givens);
        let mut narrowest = usize::MAX;
        let mut longest = 0;
        for step in &path.steps {
            if step.level() >= Level::Extreme {
                narrowest = narrowest.min(refutations_noted(&c, &notes));
                longest = longest.max(step.length);
            }
            c.apply(step);
        }
        plain_key(narrowest, tenths, longest)
    }

    #[test]
    fn hardness_from_the_first_forcing_point_is_the_whole_paths() {
        let geo = Geometry::classic(9).expect("9x9");
        let puzzles = [
            // top1465: extreme, their narrowest points first and later.
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
            // forum hardest: deeper chains.
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            // No forcing chain; and two solutions (the techniques stop).
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "...........................................................................123456",
        ];
        for line in puzzles {
            let givens = crate::grid::text::parse_line(line, 1, Some(9)).expect("a puzzle");
            assert_eq!(
                hardness(&geo, &givens),
                hardness_along_the_path(&geo, &givens),
                "{line}"
            );
        }
    }

    /// [`hardness`] against [`hardness_along_the_path`] on the lines of a shared data file:
    /// `limit` of them evenly spread (`full_limit` with `SUDOKU_DATA_FULL`); how many were
    /// compared.
    fn compare_hardness_on(file: &str, limit: usize, full_limit: usize) -> usize {
        let path = crate::test_support::data_dir().join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            crate::test_support::skip(&format!("{file}: {} not found", path.display()));
            return 0;
        };
        let geo = Geometry::classic(9).expect("9x9");
        let lines: Vec<&str> = text.lines().collect();
        let limit = if std::env::var_os("SUDOKU_DATA_FULL").is_some() {
            full_limit
        } else {
            limit
        };
        let every = lines.len().div_ceil(limit);
        let mut compared = 0;
        for (index, line) in lines.iter().enumerate().step_by(every.max(1)) {
            let Ok(givens) = crate::grid::text::parse_line(line, index + 1, Some(9)) else {
                continue;
            };
            let key = hardness(&geo, &givens);
            assert_eq!(
                key,
                hardness_along_the_path(&geo, &givens),
                "{file}:{}",
                index + 1
            );
            compared += 1;
        }
        compared
    }

    #[test]
    fn hardness_is_the_whole_paths_on_the_shared_sets() {
        // The forum's hardest take longest (nested forcing chains at every point): all of the
        // three sets took 98 s in a release build.
        for (file, limit, full_limit) in [
            ("puzzles3_magictour_top1465.txt", 40, 1465),
            ("radcliffe3m_stratified_7034.txt", 40, 1000),
            ("puzzles6_forum_hardest_1106.txt", 4, 20),
        ] {
            let compared = compare_hardness_on(file, limit, full_limit);
            eprintln!("{file}: hardness from the first forcing point on {compared} puzzles");
        }
        if let Some(file) = std::env::var_os("HARDNESS_FILE") {
            let file = file.to_string_lossy().into_owned();
            let compared = compare_hardness_on(&file, usize::MAX, usize::MAX);
            eprintln!("{file}: {compared} compared");
        }
    }

    #[test]
    fn diabolical_requests_default_to_no_symmetry() {
        let mut request = Request::new(Variant::CLASSIC, 9);
        assert_eq!(default_symmetry(&request), Symmetry::Rotate180);
        request.target = Target::Level(Level::Diabolical);
        assert_eq!(default_symmetry(&request), Symmetry::None);
        request.target = Target::Score {
            min: 9.5,
            max: 20.0,
        };
        assert_eq!(default_symmetry(&request), Symmetry::None);
    }

    #[test]
    fn starts_are_checked() {
        let mut request = Request::new(Variant::CLASSIC, 9);
        request.target = Target::Level(Level::Diabolical);
        request.symmetry = Symmetry::None;
        let two_solutions =
            crate::grid::text::parse_line(&".".repeat(81), 1, Some(9)).expect("a grid");
        request.starts = vec![two_solutions];
        let error = request.check_starts().expect_err("not unique");
        assert_eq!(
            error.to_string(),
            "puzzle 1 to start from has more than one solution"
        );
        assert_eq!(error.field(), "from");
        request.target = Target::Level(Level::Extreme);
        assert_eq!(
            request.check_starts(),
            Err(RequestError::StartsNotDiabolical)
        );
        request.target = Target::Level(Level::Diabolical);
        let hard =
            "...4......5..8.2.6.....71..2........3.....51...5.3.8.25...6.3.8..6..8.9...8......";
        request.read_starts(hard).expect("one good puzzle");
        assert_eq!(request.starts.len(), 1);
        let error = request
            .read_starts(&format!("\n{hard}\n{}\n", ".".repeat(81)))
            .expect_err("a second read replaces the first");
        assert_eq!(error, "line 3: the puzzle has more than one solution");
        let mut jigsaw = Request::new("jigsaw".parse().expect("a variant"), 9);
        jigsaw.target = Target::Level(Level::Diabolical);
        jigsaw.starts = request.starts.clone();
        assert_eq!(jigsaw.check_starts(), Err(RequestError::StartsNeedLayout));
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
