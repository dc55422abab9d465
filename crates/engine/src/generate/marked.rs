//! The generator of the modern kinds (anti-knight … quadruples), one loop for every kind: a
//! random solution under the global rules (anti-knight, anti-king, non-consecutive, disjoint
//! groups), each marked kind's sampler drawing its marks from that solution (every Kropki dot,
//! X and V that holds; some even/odd cells, minimum/maximum cells and quadruples), then givens
//! dug with the exact solver while the puzzle stays unique and solvable at the level asked, then
//! the optional marks thinned the same way (a kind whose missing marks say something — the
//! negative ones — keeps them all). Killer cages beside the marks take the givens' place: a
//! cage layout unique over the marked grid (the cage sampler's), cages split while the level's
//! techniques cannot finish it, then the marks thinned. The rating must land on the level asked,
//! or the next attempt starts.

use super::cages::CageSampler;
use super::constrained::{Closest, LAYOUTS_PER_ATTEMPT, Sampler, revealed};
use super::dig::dig;
use super::puzzle::{GenerateError, Generated, Request, Target, fresh_solution_of};
use super::require::meets;
use super::rng::SeededRng;
use crate::grid::marks::{Mark, MarkKind, orthogonal_neighbours, orthogonal_pairs};
use crate::grid::{Geometry, Grid, MarkSet, RuleKind, RuleKinds};
use crate::logic::{Level, rate, solves_within};
use crate::solve::ConstrainedSolver;

/// Search nodes one uniqueness check may take; a check that needs more counts as "not unique"
/// (the removal is undone), so digging never stalls.
const UNIQUE_NODE_CAP: u64 = 20_000;
/// Search nodes one random fill under the global rules may take before a new fill starts.
const FILL_NODE_CAP: u64 = 20_000;
/// Fills tried per attempt.
const FILLS_PER_ATTEMPT: usize = 20;
/// Attempts when the request names none: up to hard, where an attempt takes milliseconds and a
/// few kinds land below the level asked one time in five (XV with every mark given), many; above,
/// where an attempt rates a minimal puzzle with forcing chains, few (docs/data/kinds-*.md).
const DEFAULT_ATTEMPTS: usize = 400;
const DEFAULT_ATTEMPTS_ABOVE_HARD: usize = 60;

/// True when the request is for a modern kind (with or without other houses).
pub fn is_marked(request: &Request) -> bool {
    request.variant.rules.iter().any(|k| k != RuleKind::Cages)
}

/// Generates one puzzle of the request's modern kinds from the seed.
pub fn generate_marked(request: &Request, seed: u64) -> Result<Generated, GenerateError> {
    check(request)?;
    let mut rng = SeededRng::new(seed);
    let mut base = request.clone();
    base.variant = request.variant.houses();
    let kinds = request.variant.rules;
    let globals = kinds
        .iter()
        .filter(|k| k.is_global())
        .fold(RuleKinds::NONE, RuleKinds::with);
    // Killer cages go beside the marks, not among them.
    let mark_kinds = kinds
        .iter()
        .filter(|&k| k != RuleKind::Cages)
        .fold(RuleKinds::NONE, RuleKinds::with);
    let default = match request.target {
        Target::Level(level) if level > Level::Hard => DEFAULT_ATTEMPTS_ABOVE_HARD,
        _ => DEFAULT_ATTEMPTS,
    };
    let budget = request.attempts.unwrap_or(default).max(1);
    let mut closest = Closest::default();
    for attempt in 1..=budget {
        let (houses, plain) = fresh_solution_of(&base, &mut rng)?;
        let Some(solution) = solution_under(&houses, globals, plain, &mut rng)? else {
            continue;
        };
        let marks = sample_marks(kinds, &solution, &mut rng);
        let geo = houses.with_marks(marks_set(request.size, mark_kinds, marks)?)?;
        let (geo, givens) = if kinds.has(RuleKind::Cages) {
            let Some(killer) = caged(request, &geo, &solution, &mut rng) else {
                continue;
            };
            killer
        } else {
            dig_and_thin(request, &geo, &solution, &mut rng)
        };
        let rating = rate(&geo, &givens);
        if request.target.accepts(&rating) && meets(&request.require, &rating) {
            return Ok(Generated {
                geometry: geo,
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

/// What the modern kinds cannot do (yet): several grids, sizes past 16, diabolical (trial and
/// error is no level a mark puzzle is set for).
fn check(request: &Request) -> Result<(), GenerateError> {
    let refuse = |why: String| {
        Err(GenerateError::Geometry(crate::grid::GeometryError::Marks {
            why,
        }))
    };
    if request.variant.has(RuleKind::Cages) && request.variant.has(RuleKind::DistinctCages) {
        return refuse(
            "a killer's cages have sums; ask for killer or distinct-cages, not both".into(),
        );
    }
    if request.variant.multi.is_some() {
        return refuse(format!(
            "{} has several grids; the modern rules are for one",
            request.variant
        ));
    }
    if request.size > 16 {
        return refuse(format!(
            "the modern rules go up to 16×16 ({0}×{0} asked)",
            request.size
        ));
    }
    if request.target == Target::Level(Level::Diabolical) {
        return refuse(
            "diabolical means no logical path (trial and error), which no mark puzzle is set for; ask for extreme or below".into(),
        );
    }
    let digit_rules = [RuleKind::Xv, RuleKind::XvNegative];
    if request.size < 6 && digit_rules.iter().any(|&k| request.variant.has(k)) {
        return refuse("X and V need the digits up to 9; a 4×4 or 5×5 grid has too few".into());
    }
    Ok(())
}

fn marks_set(size: usize, kinds: RuleKinds, marks: Vec<Mark>) -> Result<MarkSet, GenerateError> {
    MarkSet::new(size, kinds, marks)
        .map_err(|e| GenerateError::Geometry(crate::grid::GeometryError::Marks { why: e.0 }))
}

/// A random solution of `houses` keeping the global rules (the houses' own fill when there are
/// none); `None` when no fill was found this attempt.
fn solution_under(
    houses: &Geometry,
    globals: RuleKinds,
    plain: Grid,
    rng: &mut SeededRng,
) -> Result<Option<Grid>, GenerateError> {
    if globals.is_empty() {
        return Ok(Some(plain));
    }
    let geo = houses.with_marks(marks_set(houses.size(), globals, Vec::new())?)?;
    let solver = ConstrainedSolver::new(&geo);
    let mut order = |bits: &mut Vec<u32>| rng.shuffle(bits);
    let filled = (0..FILLS_PER_ATTEMPT).find_map(|_| solver.random_fill(&mut order, FILL_NODE_CAP));
    Ok(filled.map(|cells| Grid::new(houses.size(), cells)))
}

/// Each marked kind's marks as the solution has them (every Kropki dot and X/V; some parity,
/// extreme and quadruple marks), drawn with `rng`.
pub fn sample_marks(kinds: RuleKinds, solution: &Grid, rng: &mut SeededRng) -> Vec<Mark> {
    let size = solution.size();
    let v = |cell: usize| u32::from(solution.get(cell));
    let mut marks = Vec::new();
    let kropki = kinds.has(RuleKind::Kropki) || kinds.has(RuleKind::KropkiNegative);
    let xv = kinds.has(RuleKind::Xv) || kinds.has(RuleKind::XvNegative);
    for (a, b) in orthogonal_pairs(size) {
        let (x, y) = (v(a), v(b));
        if kropki {
            let black = x == 2 * y || y == 2 * x;
            let white = x.abs_diff(y) == 1;
            // 1 and 2 are both: either dot is true, so pick one.
            match (white, black) {
                (true, true) if rng.chance(1, 2) => marks.push(Mark::edge(MarkKind::White, a, b)),
                (_, true) => marks.push(Mark::edge(MarkKind::Black, a, b)),
                (true, false) => marks.push(Mark::edge(MarkKind::White, a, b)),
                _ => {}
            }
        }
        if xv {
            match x + y {
                10 => marks.push(Mark::edge(MarkKind::X, a, b)),
                5 => marks.push(Mark::edge(MarkKind::V, a, b)),
                _ => {}
            }
        }
    }
    if kinds.has(RuleKind::EvenOdd) {
        for cell in 0..size * size {
            if rng.chance(2, 5) {
                let kind = if v(cell) % 2 == 0 {
                    MarkKind::Even
                } else {
                    MarkKind::Odd
                };
                marks.push(Mark::cell(kind, cell));
            }
        }
    }
    if kinds.has(RuleKind::MinMax) {
        for cell in 0..size * size {
            let around: Vec<u32> = orthogonal_neighbours(cell, size)
                .into_iter()
                .map(v)
                .collect();
            // Half of the extremes: a grid with every one is crowded, and thinning keeps
            // those the level needs.
            if !rng.chance(1, 2) {
                continue;
            }
            if around.iter().all(|&n| v(cell) < n) {
                marks.push(Mark::cell(MarkKind::Minimum, cell));
            } else if around.iter().all(|&n| v(cell) > n) {
                marks.push(Mark::cell(MarkKind::Maximum, cell));
            }
        }
    }
    if kinds.has(RuleKind::Quadruple) {
        let mut corners: Vec<usize> = (0..size * size)
            .filter(|&c| c % size + 1 < size && c / size + 1 < size)
            .collect();
        rng.shuffle(&mut corners);
        for &corner in corners.iter().take(size + size / 2) {
            let quad = Mark::quadruple(corner, size, Vec::new());
            let mut digits: Vec<u8> = quad.cells.iter().map(|&c| solution.get(c)).collect();
            digits.sort_unstable();
            digits.truncate(3 + usize::from(rng.chance(1, 2)));
            rng.shuffle(&mut digits);
            marks.push(Mark::quadruple(corner, size, digits));
        }
    }
    if kinds.has(RuleKind::DistinctCages) {
        // Cages without sums drawn from a random cage layout (distinct digits in each): some
        // of them, not a tiling, which would say too much.
        let mut cages = super::cages::random_cages(size, solution, rng);
        rng.shuffle(&mut cages);
        let keep = size + size / 2;
        marks.extend(
            cages
                .into_iter()
                .filter(|cage| cage.cells.len() >= 2)
                .take(keep)
                .map(|cage| Mark::cage(cage.cells)),
        );
    }
    marks
}

/// The kinds whose marks may be left out (no mark says nothing).
fn optional_marks(kinds: RuleKinds) -> bool {
    [
        RuleKind::Kropki,
        RuleKind::Xv,
        RuleKind::EvenOdd,
        RuleKind::MinMax,
        RuleKind::Quadruple,
    ]
    .iter()
    .any(|&k| kinds.has(k))
        && !kinds.has(RuleKind::KropkiNegative)
        && !kinds.has(RuleKind::XvNegative)
}

/// Killer cages beside the marks: a cage layout over the marked grid that makes it unique (no
/// givens unless the request asks for some, as for every killer), its cages split while it is
/// harder than the level asked, then the optional marks thinned; `None` when no layout of this
/// attempt was unique.
fn caged(
    request: &Request,
    geo: &Geometry,
    solution: &Grid,
    rng: &mut SeededRng,
) -> Option<(Geometry, Grid)> {
    let givens = revealed(solution, request.givens.unwrap_or(0), rng);
    let killer =
        (0..LAYOUTS_PER_ATTEMPT).find_map(|_| CageSampler.unique(geo, solution, &givens, rng))?;
    let mut killer = killer;
    if let Target::Level(want) = request.target {
        // Split cages while the level's techniques cannot finish it: a bounded check where a
        // full rating of a layout far above the level would run the forcing chains to the end.
        while !solves_within(&killer, &givens, want) {
            killer = CageSampler.easier(&killer, solution, rng)?;
        }
    }
    let thinned = thin_marks(&killer, &givens, &acceptable_at(request), rng);
    Some((thinned, givens))
}

/// The test a dug or thinned puzzle must pass: exactly one solution within the node cap and,
/// for a level up to hard, solvable at that level. A puzzle asked at any level is held to hard:
/// dug to the minimum, most Kropki and XV puzzles would need trial and error.
fn acceptable_at(request: &Request) -> impl Fn(&Geometry, &ConstrainedSolver, &Grid) -> bool {
    let level = match request.target {
        Target::Level(level) if level <= Level::Hard => Some(level),
        Target::Any => Some(Level::Hard),
        _ => None,
    };
    move |geo: &Geometry, solver: &ConstrainedSolver, puzzle: &Grid| {
        let count = solver.count_capped(puzzle.cells(), 2, 0, UNIQUE_NODE_CAP);
        count.count == 1
            && count.nodes < UNIQUE_NODE_CAP
            && level.is_none_or(|level| solves_within(geo, puzzle, level))
    }
}

/// Digs the givens (in the request's symmetry), then thins the optional marks, each removal
/// kept while the puzzle stays unique and, for a level up to hard, solvable at that level.
fn dig_and_thin(
    request: &Request,
    geo: &Geometry,
    solution: &Grid,
    rng: &mut SeededRng,
) -> (Geometry, Grid) {
    let orbits = request.symmetry.orbits_in(geo).unwrap_or_default();
    let floor = request.givens.unwrap_or(0);
    let acceptable = acceptable_at(request);
    let solver = ConstrainedSolver::new(geo);
    let mut keep = |puzzle: &Grid, _: &[usize]| acceptable(geo, &solver, puzzle);
    let givens = dig(solution, &orbits, rng, floor, &mut keep);
    let thinned = thin_marks(geo, &givens, &acceptable, rng);
    (thinned, givens)
}

/// The puzzle with its optional marks thinned, one at a time in random order, each removal kept
/// while `acceptable` holds (a kind whose missing marks say something keeps them all).
fn thin_marks(
    geo: &Geometry,
    givens: &Grid,
    acceptable: &impl Fn(&Geometry, &ConstrainedSolver, &Grid) -> bool,
    rng: &mut SeededRng,
) -> Geometry {
    let kinds = geo.marks().map_or(RuleKinds::NONE, MarkSet::kinds);
    let Some(set) = geo.marks().filter(|_| optional_marks(kinds)) else {
        return geo.clone();
    };
    let mut marks = set.marks().to_vec();
    rng.shuffle(&mut marks);
    let mut current = geo.clone();
    let mut index = 0;
    // A puzzle of a marked kind keeps a few of its marks whatever the level: beside killer
    // cages, thinning could otherwise leave a "Kropki" puzzle without a dot.
    let floor = (set.size() / 2).min(marks.len());
    while index < marks.len() && marks.len() > floor {
        // Cages without sums stay: they are what the puzzle is, and each says little.
        if marks[index].kind == MarkKind::Cage {
            index += 1;
            continue;
        }
        let mut fewer = marks.clone();
        fewer.remove(index);
        let thinner = MarkSet::new(set.size(), kinds, fewer.clone())
            .ok()
            .and_then(|set| geo.with_marks(set).ok());
        match thinner {
            Some(thinner) if acceptable(&thinner, &ConstrainedSolver::new(&thinner), givens) => {
                marks = fewer;
                current = thinner;
            }
            _ => index += 1,
        }
    }
    current
}
