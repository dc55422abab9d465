//! The driver and the rating. At each point the driver asks every technique, easiest first, and
//! applies the first step found (so the easiest available one); the score of a puzzle is the
//! hardest such step (Sudoku Explainer's rule), the level the highest level used.

use std::collections::BTreeMap;

use crate::grid::{Geometry, Grid};

use super::candidates::Candidates;
use super::chains::AicPass;
use super::implications::{self, Family};
use super::step::Step;
use super::technique::{Level, TRIAL_AND_ERROR_SCORE, Technique};
use super::{
    chains, fish, forcing, intersections, killer, marks, singles, subsets, uniqueness, wings,
};

/// A technique finder.
type Finder = fn(&Candidates) -> Option<Step>;

/// Every finder, easiest first, with the (easiest) technique it reports. A finder's steps are all
/// of that technique's level (chains: X-chain, XY-chain, W-Wing — a short AIC, found with the
/// chains — or AIC, all expert unless their length lifts them to 7.5, which is extreme; forcing
/// chains: all extreme): [`Forks`] relies on it, and `next_step_traced` checks it in debug
/// builds.
const FINDERS: &[(Technique, Finder)] = &[
    (Technique::FullHouse, singles::full_house),
    (Technique::CageSumSingle, killer::cage_sum_single),
    (Technique::HiddenSingleBox, singles::hidden_single_box),
    (Technique::HiddenSingle, singles::hidden_single),
    (Technique::MarkElimination, marks::mark_elimination),
    (Technique::DirectPointing, intersections::direct_pointing),
    (
        Technique::DirectCageHouseInteraction,
        killer::direct_cage_house_interaction,
    ),
    (Technique::DirectClaiming, intersections::direct_claiming),
    (Technique::DirectHiddenPair, subsets::direct_hidden_pair),
    (Technique::CageCombination, killer::cage_combination),
    (Technique::NakedSingle, singles::naked_single),
    (Technique::DirectHiddenTriple, subsets::direct_hidden_triple),
    (Technique::LockedMark, marks::locked_mark),
    (Technique::Pointing, intersections::pointing),
    (
        Technique::CageHouseInteraction,
        killer::cage_house_interaction,
    ),
    (Technique::Claiming, intersections::claiming),
    (
        Technique::PeerIntersection,
        intersections::peer_intersection,
    ),
    (Technique::NakedPair, subsets::naked_pair),
    (Technique::InnieOutie, killer::innie_outie),
    (Technique::XWing, fish::x_wing),
    (Technique::HiddenPair, subsets::hidden_pair),
    (Technique::HouseCombination, killer::house_combination),
    (Technique::NakedTriple, subsets::naked_triple),
    (Technique::LargeInnieOutie, killer::large_innie_outie),
    (Technique::Swordfish, fish::swordfish),
    (Technique::HiddenTriple, subsets::hidden_triple),
    (Technique::XyWing, wings::xy_wing),
    (Technique::XyzWing, wings::xyz_wing),
    (Technique::UniqueRectangle1, uniqueness::unique_rectangle_1),
    (Technique::UniqueRectangle2, uniqueness::unique_rectangle_2),
    (Technique::UniqueRectangle4, uniqueness::unique_rectangle_4),
    (Technique::UniqueRectangle3, uniqueness::unique_rectangle_3),
    (Technique::NakedQuad, subsets::naked_quad),
    (Technique::Jellyfish, fish::jellyfish),
    (Technique::HiddenQuad, subsets::hidden_quad),
    (Technique::Bug1, uniqueness::bug_plus_one),
    (Technique::Bug2, uniqueness::bug_type_2),
    (Technique::XChain, chains::find),
    (Technique::ContradictionChain, forcing::find),
    (Technique::NishioForcingChain, nishio),
    (Technique::MultipleForcingChain, multiple),
    (Technique::DynamicForcingChain, dynamic),
    (Technique::DynamicForcingChainPlus, dynamic_plus),
    (Technique::NestedForcingChain, forcing::find_nested),
];

/// Sudoku Explainer's forcing-chain families ([`implications`]), each a finder.
fn nishio(c: &Candidates) -> Option<Step> {
    implications::find_family(c, Family::Nishio)
}

fn multiple(c: &Candidates) -> Option<Step> {
    implications::find_family(c, Family::Multiple)
}

fn dynamic(c: &Candidates) -> Option<Step> {
    implications::find_family(c, Family::Dynamic)
}

fn dynamic_plus(c: &Candidates) -> Option<Step> {
    implications::find_family(c, Family::DynamicPlus)
}

/// True for SE's families and the nested forcing chain after them (ours, in the place of SE's
/// nested families): the first that concludes gives the step, with nothing after it compared
/// (SE asks them in turn and stops at the first that finds anything).
fn first_found(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::NishioForcingChain
            | Technique::MultipleForcingChain
            | Technique::DynamicForcingChain
            | Technique::DynamicForcingChainPlus
            | Technique::NestedForcingChain
    )
}

/// The easiest step available using techniques up to `max_level`, if any.
pub fn next_step(c: &Candidates, max_level: Level) -> Option<Step> {
    next_step_with(c, max_level, true)
}

/// Like [`next_step`]; without `assume_unique`, the uniqueness techniques are left out.
///
/// Finders run easiest first and the first step found is taken, except that a step whose score
/// grew past the base score of later techniques (long chains) is compared with what those find,
/// and the easiest is kept (Sudoku Explainer's rule: the easiest available step) unless it is of
/// a higher level.
pub(super) fn next_step_with(
    c: &Candidates,
    max_level: Level,
    assume_unique: bool,
) -> Option<Step> {
    next_step_traced(c, max_level, assume_unique).map(|(step, _)| step)
}

/// [`next_step_with`], also giving the level of the first step found (before any easier one
/// replaced it). Every finder returns steps of its own level, so a solve limited to a level
/// below that one would have taken another step here; a solve limited to that level or above
/// takes the same step.
fn next_step_traced(
    c: &Candidates,
    max_level: Level,
    assume_unique: bool,
) -> Option<(Step, Level)> {
    next_step_among(c, FINDERS, max_level, assume_unique, None, &mut false)
}

/// [`next_step_traced`] asking only `finders` (the finders from some point of [`FINDERS`] on),
/// with the chain finder's answer given when `chains` holds it. `above` is set when a finder's
/// step was passed over for being above `max_level` (a chain its length lifted): only then can
/// a solve with a higher `max_level` take another step here.
fn next_step_among(
    c: &Candidates,
    finders: &[(Technique, Finder)],
    max_level: Level,
    assume_unique: bool,
    mut chains: Option<Option<Step>>,
    above: &mut bool,
) -> Option<(Step, Level)> {
    let mut finders = finders
        .iter()
        .filter(|(technique, _)| technique.level() <= max_level)
        .filter(|(technique, _)| assume_unique || !technique.assumes_uniqueness());
    let mut ask = |technique: Technique, finder: &Finder| match chains.take() {
        Some(answer) if technique == Technique::XChain => answer,
        known => {
            chains = known;
            finder(c)
        }
    };
    let mut within = |step: &Step| {
        let within = step.level() <= max_level;
        *above |= !within;
        within
    };
    let (listed, mut best) = finders.by_ref().find_map(|(technique, finder)| {
        ask(*technique, finder)
            .filter(&mut within)
            .map(|step| (technique, step))
    })?;
    let first_level = best.level();
    debug_assert!(
        first_level == listed.level() || is_long_chain(&best),
        "{} found by the {listed} finder",
        best.technique
    );
    for (technique, finder) in finders {
        if technique.score() >= best.score() || first_found(*technique) {
            break;
        }
        // Never trade a step for one of a higher level: a forcing chain does not replace a long
        // chain of level expert, so a path that needs a forcing chain proves that lower levels
        // do not suffice.
        let easier = |step: &Step| step.score() < best.score() && step.level() <= best.level();
        if let Some(step) = ask(*technique, finder).filter(easier) {
            debug_assert!(step.level() == technique.level() || is_long_chain(&step));
            best = step;
        }
    }
    Some((best, first_level))
}

/// A chain whose length lifted it to the next level ([`Step::level`]).
fn is_long_chain(step: &Step) -> bool {
    step.level() > step.technique.level()
}

/// Solves as far as the techniques up to `max_level` go, calling `seen` with every step.
fn run<'g>(
    geo: &'g Geometry,
    givens: &Grid,
    max_level: Level,
    assume_unique: bool,
    mut seen: impl FnMut(&Step),
) -> Candidates<'g> {
    let c = Candidates::from_givens(geo, givens);
    run_from(c, max_level, assume_unique, |_, step, _| seen(step))
}

/// [`run`] from a candidate grid; `seen` also gets the grid before the step and the level of
/// the first step found there (see [`next_step_traced`]).
fn run_from<'g>(
    c: Candidates<'g>,
    max_level: Level,
    assume_unique: bool,
    seen: impl FnMut(&Candidates<'g>, &Step, Level),
) -> Candidates<'g> {
    run_from_noting(c, max_level, assume_unique, &mut false, seen)
}

/// [`run_from`], setting `above` when a finder's step was passed over for being above
/// `max_level` (see [`next_step_among`]).
fn run_from_noting<'g>(
    mut c: Candidates<'g>,
    max_level: Level,
    assume_unique: bool,
    above: &mut bool,
    mut seen: impl FnMut(&Candidates<'g>, &Step, Level),
) -> Candidates<'g> {
    while !c.is_solved() && !c.is_broken() {
        let found = next_step_among(&c, FINDERS, max_level, assume_unique, None, above);
        let Some((step, first_level)) = found else {
            break;
        };
        seen(&c, &step, first_level);
        if !c.apply(&step) {
            break;
        }
    }
    c
}

/// What a logic solve did.
#[derive(Debug, Clone)]
pub struct LogicResult {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// The final grid (0 = still open).
    pub grid: Grid,
    /// True when every cell was filled.
    pub solved: bool,
    /// True when no technique (up to the level asked) applied before the end, or the givens
    /// conflict: the puzzle needs harder techniques or trial and error.
    pub stuck: bool,
}

/// Solves with techniques up to `max_level` only, logging every step.
pub fn solve_logic(geo: &Geometry, givens: &Grid, max_level: Level) -> LogicResult {
    let mut steps = Vec::new();
    let c = run(geo, givens, max_level, true, |step| {
        steps.push(step.clone())
    });
    let solved = c.is_solved() && !c.is_broken();
    LogicResult {
        steps,
        grid: c.grid(),
        solved,
        stuck: !solved,
    }
}

/// The highest level of a step on the easiest-first path with techniques up to `max_level`,
/// when that path solves the puzzle (what [`solve_logic`]'s steps say, without keeping them).
pub fn path_level(geo: &Geometry, givens: &Grid, max_level: Level) -> Option<Level> {
    let mut highest = None;
    let c = run(geo, givens, max_level, true, |step| {
        highest = highest.max(Some(step.level()));
    });
    (c.is_solved() && !c.is_broken())
        .then_some(highest)
        .flatten()
}

/// [`path_level`], and with it the puzzle's [`rate`] when that path reaches Extreme or above
/// and no finder on the way found a step above `max_level`: the full rating then takes the same
/// steps (its finders above `max_level` are asked only after those below found nothing, and
/// never trade a step for one of a higher level), so the generator need not solve it again.
pub fn path_level_and_rating(
    geo: &Geometry,
    givens: &Grid,
    max_level: Level,
) -> (Option<Level>, Option<Rating>) {
    let mut tally = Tally::default();
    let mut above = false;
    let start = Candidates::from_givens(geo, givens);
    let c = run_from_noting(start, max_level, true, &mut above, |_, step, _| {
        tally.note(step)
    });
    if !c.is_solved() || c.is_broken() {
        return (None, None);
    }
    let level = tally.level;
    let exact = !above && level >= Level::Extreme;
    (Some(level), exact.then(|| tally.rating(true)))
}

/// True when techniques up to `max_level` solve the puzzle (the generator's fast check: no log).
/// At Expert and above this may use uniqueness techniques, so it assumes the puzzle is unique;
/// see [`proves_unique`] to *prove* uniqueness.
pub fn solves_within(geo: &Geometry, givens: &Grid, max_level: Level) -> bool {
    let c = if order_free(geo, max_level) {
        run_singles_in_bulk(geo, givens, max_level)
    } else {
        run(geo, givens, max_level, true, |_| {})
    };
    c.is_solved() && !c.is_broken()
}

/// True when the order of the steps cannot change whether the techniques up to `max_level`
/// solve a puzzle of `geo`. Up to hard every technique only removes candidates, and one that
/// applies still applies after other steps removed more (or singles finish what it would
/// do: an XY-Wing whose pincer lost a digit is a chain of singles), so the solve ends on the
/// same candidates in any order. Uniqueness techniques (expert) and cage rules are left out.
fn order_free(geo: &Geometry, max_level: Level) -> bool {
    max_level <= Level::Hard && geo.constraints().is_empty()
}

/// [`run`] for a yes or no when the order is free ([`order_free`]): naked and hidden singles,
/// then (from medium up) every pointing and claiming, are applied in bulk between the other
/// steps, far cheaper than one step at a time.
fn run_singles_in_bulk<'g>(geo: &'g Geometry, givens: &Grid, max_level: Level) -> Candidates<'g> {
    bulk_from(Candidates::from_givens(geo, givens), max_level)
}

/// [`run_singles_in_bulk`] from a candidate grid.
fn bulk_from(mut c: Candidates<'_>, max_level: Level) -> Candidates<'_> {
    loop {
        c.place_singles();
        if c.is_solved() || c.is_broken() {
            return c;
        }
        if max_level >= Level::Medium && c.eliminate_locked() {
            continue;
        }
        let Some((step, _)) = next_step_traced(&c, max_level, true) else {
            return c;
        };
        if !c.apply(&step) {
            return c;
        }
    }
}

/// Solves as far as the expert techniques go (the grid where the easiest-first path first needs
/// an extreme step, or the solution when it needs none), faster than that path: singles and
/// locked intersections in bulk, the other techniques below the chains one step at a time in
/// the path's order, and when only chains are left every conclusion of the expert AICs at once
/// ([`chains::expert_aic_conclusions`]), else the chain finder's step when it is expert (a long
/// X- or XY-chain).
///
/// The expert techniques only remove candidates, and one that applies still applies once others
/// removed more, or what it would do is done by them, so the order does not change where a solve
/// ends. The uniqueness techniques are the exception in principle (a deadly pattern can lose a
/// cell before its rectangle is used); keeping the path's order before the chains, this ends on
/// the path's grid on every puzzle checked: 56,346 neighbours met by a diabolical climb, 15,874
/// of the shared 9x9 sets and 900 variant puzzles (docs/RATING.md; the data test
/// `the_expert_closure_ends_where_the_path_first_needs_an_extreme_step`).
pub fn expert_closure(c: Candidates<'_>) -> Candidates<'_> {
    expert_closure_and_chains(c).0
}

/// [`expert_closure`], with the chain finder's answer on the grid it ends on when it asked
/// there (an extreme chain or none): [`next_step_past_expert`] takes it.
pub fn expert_closure_and_chains(mut c: Candidates<'_>) -> (Candidates<'_>, Option<Option<Step>>) {
    let below_chains = FINDERS
        .iter()
        .take_while(|(technique, _)| *technique != Technique::XChain);
    'solve: loop {
        c.place_singles();
        if c.is_solved() || c.is_broken() {
            return (c, None);
        }
        if c.eliminate_locked() {
            continue;
        }
        for (_, finder) in below_chains.clone() {
            if let Some(step) = finder(&c) {
                if !c.apply(&step) {
                    return (c, None);
                }
                continue 'solve;
            }
        }
        let step = match chains::expert_aic_pass(&c) {
            AicPass::Concludes(conclusions) => conclusions,
            AicPass::Stuck(Some(step)) if step.level() <= Level::Expert => step,
            AicPass::Stuck(extreme_or_none) => return (c, Some(extreme_or_none)),
        };
        if !c.apply(&step) {
            return (c, None);
        }
    }
}

/// [`next_step`] (up to the hardest level) on the grid an [`expert_closure_and_chains`] ended on,
/// given the chain finder's answer there: the same step, without asking the techniques below
/// the chains again (none applies there) nor the chain finder.
pub fn next_step_past_expert(c: &Candidates, chains: Option<Step>) -> Option<Step> {
    let from = FINDERS
        .iter()
        .position(|(technique, _)| *technique == Technique::XChain)
        .unwrap_or(0);
    next_step_among(
        c,
        &FINDERS[from..],
        Level::HARDEST,
        true,
        Some(chains),
        &mut false,
    )
    .map(|(step, _)| step)
}

/// True when techniques up to `max_level`, leaving out the uniqueness techniques (unique
/// rectangles, BUG+1), solve the puzzle. Every step is then a pure deduction, so the puzzle has
/// exactly one solution: a generator can dig clues with this instead of the exact solver.
pub fn proves_unique(geo: &Geometry, givens: &Grid, max_level: Level) -> bool {
    let c = run(geo, givens, max_level, false, |_| {});
    c.is_solved() && !c.is_broken()
}

/// The difficulty of a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The Sudoku Explainer score of the hardest step on the easiest path, one decimal;
    /// [`TRIAL_AND_ERROR_SCORE`] (20.0) when the techniques cannot finish the puzzle.
    pub score: f32,
    /// The level of the puzzle: the lowest whose techniques solve it (the score's band);
    /// [`Level::Diabolical`] when not solved.
    pub level: Level,
    /// True when the techniques finished the puzzle.
    pub solved: bool,
    /// How many times each technique was used, by name.
    pub techniques: BTreeMap<&'static str, usize>,
}

impl Rating {
    /// The techniques used with their counts, ordered as in the rating table (easiest first).
    pub fn techniques_in_order(&self) -> Vec<(&'static str, usize)> {
        let rank = |name: &str| {
            Technique::ALL
                .iter()
                .position(|t| t.name() == name)
                .unwrap_or(usize::MAX)
        };
        let mut list: Vec<(&'static str, usize)> =
            self.techniques.iter().map(|(&n, &c)| (n, c)).collect();
        list.sort_by_key(|&(name, _)| rank(name));
        list
    }

    /// The score rounded to one decimal, as printed.
    pub fn rounded_score(&self) -> f64 {
        (f64::from(self.score) * 10.0).round() / 10.0
    }
}

/// Rates a puzzle (all techniques).
pub fn rate(geo: &Geometry, givens: &Grid) -> Rating {
    let mut tally = Tally::default();
    let mut forks = Forks::default();
    let start = Candidates::from_givens(geo, givens);
    let c = run_from(start, Level::HARDEST, true, |c, step, first_level| {
        forks.note(c, first_level);
        tally.note(step);
    });
    let solved = c.is_solved() && !c.is_broken();
    if solved && tally.level < Level::Extreme {
        // The finder order can put a harder level first (X-Wing before the hidden pair, unique
        // rectangles before the naked quad). A forcing chain is only ever taken when no other
        // technique applies, so a path that needs one shows that no lower level suffices.
        tally.level = forks.lowest_level(tally.level);
    }
    tally.rating(solved)
}

/// The steps of a rating path so far: the highest score and level, each technique's count.
struct Tally {
    score: f32,
    level: Level,
    techniques: BTreeMap<&'static str, usize>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            score: 0.0,
            level: Level::Easy,
            techniques: BTreeMap::new(),
        }
    }
}

impl Tally {
    fn note(&mut self, step: &Step) {
        self.score = self.score.max(step.score());
        self.level = self.level.max(step.level());
        *self.techniques.entry(step.technique.name()).or_insert(0) += 1;
    }

    /// The rating of the path: a path that does not solve the puzzle is trial and error.
    fn rating(self, solved: bool) -> Rating {
        let (score, level) = if solved {
            (self.score, self.level)
        } else {
            (TRIAL_AND_ERROR_SCORE, Level::Diabolical)
        };
        Rating {
            score: (score * 10.0).round() / 10.0,
            level,
            solved,
            techniques: self.techniques,
        }
    }
}

/// Where a solve limited to each level below Extreme first leaves the full rating path: the
/// candidate grid before the first step whose first-found technique is above that level. Up to
/// there such a solve takes exactly the rating's steps, so it is resumed from here instead of
/// solved again from the givens.
#[derive(Default)]
struct Forks<'g> {
    at: [Option<Candidates<'g>>; 5],
}

impl<'g> Forks<'g> {
    /// Records `c` for every level below `first_level` that has no fork yet.
    fn note(&mut self, c: &Candidates<'g>, first_level: Level) {
        for (index, fork) in self.at.iter_mut().enumerate() {
            if index < first_level as usize && fork.is_none() {
                *fork = Some(c.clone());
            }
        }
    }

    /// True when the techniques up to `level` solve the puzzle: from the fork, or (no fork: that
    /// solve follows the whole rating path, which solved it) at once.
    fn solves_within(&self, level: Level) -> bool {
        match self.at.get(level as usize).and_then(Option::as_ref) {
            Some(fork) => {
                let c = if order_free(fork.geometry(), level) {
                    bulk_from(fork.clone(), level)
                } else {
                    run_from(fork.clone(), level, true, |_, _, _| {})
                };
                c.is_solved() && !c.is_broken()
            }
            None => true,
        }
    }

    /// The lowest level whose techniques solve the puzzle, given that those of `path_level`
    /// do. The easiest-first path follows the score, which can take a harder level than needed
    /// (X-Wing, 3.2, hard, comes before the medium hidden pair, 3.4); a puzzle's level is what
    /// suffices.
    fn lowest_level(&self, path_level: Level) -> Level {
        let mut level = path_level;
        while let Some(lower) = level.easier() {
            if !self.solves_within(lower) {
                break;
            }
            level = lower;
        }
        level
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::text::parse_line;

    fn classic(line: &str) -> (Geometry, Grid) {
        let geo = Geometry::classic(9).expect("9x9");
        let grid = parse_line(line, 1, Some(9)).expect("line");
        (geo, grid)
    }

    /// A puzzle of a diabolical climb (seed 4) whose path uses unique rectangles before its first
    /// extreme step: an order that runs the AICs before the subsets takes a corner's candidate
    /// first, the rectangle never comes, and the solve ends short of the path's grid. The closure
    /// ends on the path's. (Its neighbour 000301000013540600…, once tested here too, needs no
    /// extreme step since the unique rectangle of type 4: 7.2, as Sudoku Explainer rates it.)
    #[test]
    fn the_expert_closure_keeps_the_unique_rectangles_of_the_path() {
        for line in
            ["000301000713540600000060390000000209000050000205000000049700100000008004800190070"]
        {
            let (geo, givens) = classic(line);
            let mut path = Candidates::from_givens(&geo, &givens);
            let mut rectangles = 0;
            while let Some(step) = next_step(&path, Level::HARDEST) {
                if step.level() >= Level::Extreme {
                    break;
                }
                rectangles += usize::from(matches!(
                    step.technique,
                    Technique::UniqueRectangle1
                        | Technique::UniqueRectangle2
                        | Technique::UniqueRectangle3
                        | Technique::UniqueRectangle4
                ));
                assert!(path.apply(&step));
            }
            assert!(rectangles > 0, "{line}: no unique rectangle on the path");
            let closure = expert_closure(Candidates::from_givens(&geo, &givens));
            assert_eq!(closure.values(), path.values(), "{line}");
            assert_eq!(closure.masks(), path.masks(), "{line}");
            assert!(
                !closure.is_solved(),
                "{line}: the path needs an extreme step"
            );
        }
    }

    /// The bulk solve behind [`solves_within`] answers as the step-by-step solve does, on
    /// puzzles from nearly full to wide open (unique, ambiguous, beyond hard) of five shapes.
    #[test]
    fn singles_and_locks_in_bulk_answer_as_one_step_at_a_time() {
        use crate::generate::{Request, SeededRng, generate};
        let (mut solved, mut stuck) = (0, 0);
        for (variant, seed) in [
            ("classic", 1),
            ("diagonal", 2),
            ("window", 3),
            ("jigsaw", 4),
            ("diagonal+window", 5),
        ] {
            let request = Request::new(variant.parse().expect("a variant"), 9);
            let made = generate(&request, seed).expect("a puzzle");
            let geo = &made.geometry;
            let mut rng = SeededRng::new(seed);
            for round in 0..40 {
                let mut puzzle = made.solution.clone();
                for _ in 0..30 + round % 40 {
                    puzzle.set(rng.below(81), 0);
                }
                for level in [Level::Easy, Level::Medium, Level::Hard] {
                    assert!(order_free(geo, level));
                    let stepwise = run(geo, &puzzle, level, true, |_| {});
                    let expected = stepwise.is_solved() && !stepwise.is_broken();
                    assert_eq!(
                        solves_within(geo, &puzzle, level),
                        expected,
                        "{variant} round {round} {level}"
                    );
                    solved += usize::from(expected);
                    stuck += usize::from(!expected);
                }
            }
        }
        assert!(
            solved > 100 && stuck > 100,
            "{solved} solved, {stuck} stuck"
        );
        let expert = Geometry::classic(9).expect("9x9");
        assert!(!order_free(&expert, Level::Expert));
    }

    #[test]
    fn level_is_below_the_path_when_an_easier_technique_would_do() {
        // puzzles1_unbiased_first1000.txt line 168: the easiest-first path takes an X-Wing
        // (3.2, hard) where the hidden pair (3.4, medium) would also have gone on.
        let (geo, grid) = classic(
            "...4.7.9...6....2...9.12....3....6..27.8..954........7..8.76..5.4..85......9...7.",
        );
        let path = solve_logic(&geo, &grid, Level::Extreme);
        let path_level = path.steps.iter().map(|s| s.level()).max();
        assert!(path.solved);
        assert_eq!(path_level, Some(Level::Hard));
        assert!(solves_within(&geo, &grid, Level::Medium));
        assert!(!solves_within(&geo, &grid, Level::Easy));
        assert_eq!(rate(&geo, &grid).level, Level::Medium);
    }

    #[test]
    fn easy_puzzle_rates_easy() {
        let (geo, grid) = classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let rating = rate(&geo, &grid);
        assert!(rating.solved);
        assert_eq!(rating.level, Level::Easy);
        assert!(rating.score <= 2.3, "{rating:?}");
        assert!(solves_within(&geo, &grid, Level::Easy));
    }

    /// The four corners of a deadly rectangle of a solved classic grid (2 rows of one band,
    /// 2 columns of different stacks, holding a,b / b,a), if any.
    fn deadly_rectangle(sol: &Grid) -> Option<[usize; 4]> {
        for r1 in 0..9 {
            for r2 in r1 + 1..(r1 / 3 + 1) * 3 {
                for c1 in 0..9 {
                    for c2 in (c1 / 3 + 1) * 3..9 {
                        let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                        let v = corners.map(|x| sol.get(x));
                        if v[0] == v[3] && v[1] == v[2] {
                            return Some(corners);
                        }
                    }
                }
            }
        }
        None
    }

    #[test]
    fn proves_unique_refuses_a_puzzle_with_two_solutions() {
        let (geo, easy) = classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert!(proves_unique(&geo, &easy, Level::Easy));
        let sol = crate::solve::solve(&geo, &easy)
            .grid()
            .cloned()
            .expect("solvable");
        let corners = deadly_rectangle(&sol).expect("a deadly rectangle in this grid");
        let mut open = sol.clone();
        for x in corners {
            open.set(x, 0);
        }
        assert_eq!(crate::solve::count_solutions(&geo, &open, 3), 2);
        assert!(!proves_unique(&geo, &open, Level::Extreme));
        // The rater does not guess either: it reports the puzzle as stuck.
        let result = solve_logic(&geo, &open, Level::Extreme);
        assert!(result.stuck && !result.solved);
    }

    /// SE asks its forcing-chain families, and its nested ones after them, in turn and stops at
    /// the first that finds anything: no finder from the first family on is ever asked to
    /// better a step found before it.
    #[test]
    fn nothing_after_a_forcing_family_is_compared_with_its_step() {
        let first = FINDERS
            .iter()
            .position(|(technique, _)| first_found(*technique))
            .expect("the families are finders");
        assert_eq!(FINDERS[first].0, Technique::NishioForcingChain);
        for (technique, _) in &FINDERS[first..] {
            assert!(first_found(*technique), "{technique} would be compared");
        }
    }

    #[test]
    fn level_is_the_lowest_that_suffices() {
        let (geo, grid) = classic(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let rating = rate(&geo, &grid);
        let lower = rating.level.easier();
        assert!(solves_within(&geo, &grid, rating.level));
        assert!(lower.is_none_or(|l| !solves_within(&geo, &grid, l)));
    }

    #[test]
    fn a_hardest_puzzle_gets_a_score_on_the_scale() {
        // The first puzzle of the forum's hardest list: trial and error (20.0) before nested
        // forcing chains.
        let (geo, grid) = classic(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        let rating = rate(&geo, &grid);
        assert!(rating.solved, "{rating:?}");
        assert!((9.0..=12.0).contains(&rating.score), "{rating:?}");
        assert!(rating.techniques.contains_key("Nested forcing chain"));
        assert_eq!(rating.level, Level::Diabolical);
    }

    #[test]
    fn conflicting_givens_stop_without_panic() {
        let (geo, grid) = classic(&format!("11{}", ".".repeat(79)));
        let result = solve_logic(&geo, &grid, Level::Extreme);
        assert!(result.stuck && !result.solved && result.steps.is_empty());
        let rating = rate(&geo, &grid);
        assert_eq!(rating.level, Level::Diabolical);
        assert_eq!(rating.score, TRIAL_AND_ERROR_SCORE);
    }

    #[test]
    fn empty_grid_does_not_panic() {
        let (geo, grid) = classic(&".".repeat(81));
        let result = solve_logic(&geo, &grid, Level::Hard);
        assert!(result.stuck);
        let geo4 = Geometry::classic(4).expect("4x4");
        let rating = rate(&geo4, &Grid::empty(4));
        assert!(!rating.solved);
    }

    #[test]
    fn wrong_size_grid_is_stuck() {
        let geo = Geometry::classic(9).expect("9x9");
        assert!(!solves_within(&geo, &Grid::empty(4), Level::Extreme));
    }

    /// The generator's extreme check rates from its own solve when it can: the same rating as
    /// `rate`, on puzzles SE rates 7.6 (Nishio), 8.3 (multiple), a dynamic one and one that
    /// needs a nested chain (above extreme: no level, no rating).
    #[test]
    fn the_path_to_extreme_rates_as_rate_does() {
        for line in [
            "...4.92...52....4....62..8...8..4.5.5.4...6.2.2.5..8...4..31....7....51...37.2...",
            "..3.5...2..21...3.7.......5..67...8..89.3.72..7...54..3.......7.2...63..6...9.2..",
            "000301000713540600000060390000000209000050000205000000049700100000008004800190070",
        ] {
            let (geo, givens) = classic(line);
            let (level, rating) = path_level_and_rating(&geo, &givens, Level::Extreme);
            assert_eq!(level, Some(Level::Extreme), "{line}");
            assert_eq!(rating, Some(rate(&geo, &givens)), "{line}");
        }
        let (geo, givens) = classic(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        assert_eq!(
            path_level_and_rating(&geo, &givens, Level::Extreme),
            (None, None)
        );
        let (level, rating) = path_level_and_rating(&geo, &givens, Level::Diabolical);
        assert_eq!(level, Some(Level::Diabolical));
        assert_eq!(rating, Some(rate(&geo, &givens)));
    }
}
