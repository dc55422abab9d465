//! The exact solver: counts solutions up to a limit and solves any geometry. Three searches behind
//! one [`Solver`]: the constrained solver for any shape with rules beyond its houses (killer
//! cages), and for shapes with houses alone the generic solver and its fast path for classic 9×9
//! (the generator's hot loop). Every entry point honours a shape's rules.

pub mod cells9;
pub mod classic9;
pub mod constrained;
pub mod generic;
#[cfg(target_arch = "x86_64")]
pub mod triad9;

use crate::grid::{Geometry, Grid};
pub use constrained::ConstrainedSolver;
pub use generic::{Count, GenericSolver};

/// The bookkeeping of a 9×9 count, shared by [`classic9`] and `triad9`: the solutions found,
/// up to a limit, and the first one written out.
pub(crate) struct Tally<'a> {
    found: u32,
    limit: u32,
    first: Option<&'a mut [u8; 81]>,
    second: Option<&'a mut [u8; 81]>,
}

impl<'a> Tally<'a> {
    /// A count up to `limit`; the first solution goes to `first`.
    pub(crate) fn new(limit: u32, first: Option<&'a mut [u8; 81]>) -> Self {
        Tally::two(limit, first, None)
    }

    /// A count up to `limit`; the first solution goes to `first`, the second to `second`.
    pub(crate) fn two(
        limit: u32,
        first: Option<&'a mut [u8; 81]>,
        second: Option<&'a mut [u8; 81]>,
    ) -> Self {
        Tally {
            found: 0,
            limit,
            first,
            second,
        }
    }

    /// Counts one more solution; `write` writes it out when it is the first or the second.
    #[inline(always)]
    pub(crate) fn record(&mut self, write: impl FnOnce(&mut [u8; 81])) {
        self.found += 1;
        let out = match self.found {
            1 => self.first.as_deref_mut(),
            2 => self.second.as_deref_mut(),
            _ => None,
        };
        if let Some(out) = out {
            write(out);
        }
    }

    /// True once `limit` solutions are found.
    #[inline(always)]
    pub(crate) fn done(&self) -> bool {
        self.found >= self.limit
    }

    /// The solutions found.
    pub(crate) fn found(&self) -> u32 {
        self.found
    }
}

/// What an exact solve found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solution {
    /// The givens cannot be completed.
    None,
    /// Exactly one way to complete the givens.
    Unique(Grid),
    /// At least two; here are two of them.
    Multiple(Grid, Grid),
}

impl Solution {
    /// True for a unique solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Solution::Unique(_))
    }

    /// The (first) solution, if any.
    pub fn grid(&self) -> Option<&Grid> {
        match self {
            Solution::None => None,
            Solution::Unique(grid) | Solution::Multiple(grid, _) => Some(grid),
        }
    }
}

/// An exact solver for one geometry; build it once and reuse it for many puzzles.
/// Search nodes the generator's uniqueness check may take (about 50 ms on 25×25): above what
/// the checks of grids up to 16×16 classic and diagonal need (at most 2,121 nodes over the
/// digs measured), far below the dead ends of sparse 16×16 jigsaw, window and diagonal+window
/// and 25×25 grids (up to 2.9 million nodes, 14 s, for one check). See docs/PERFORMANCE.md,
/// "Bounded uniqueness checks".
pub const UNIQUE_NODE_CAP: u64 = 5_000;

#[derive(Debug, Clone)]
pub struct Solver {
    size: usize,
    classic9: bool,
    generic: GenericSolver,
    /// The solver of every method when the geometry has rules beyond its houses (the generic
    /// one sees houses only).
    constrained: Option<ConstrainedSolver>,
}

impl Solver {
    /// Prepares the solver's tables for a geometry.
    pub fn new(geo: &Geometry) -> Solver {
        Solver {
            size: geo.size(),
            classic9: geo.is_classic_9x9(),
            generic: GenericSolver::new(geo),
            constrained: (!geo.constraints().is_empty()).then(|| ConstrainedSolver::new(geo)),
        }
    }

    /// The 81 cells of a classic 9×9 puzzle, when the fast path applies.
    fn classic_cells<'a>(&self, givens: &'a Grid) -> Option<&'a [u8; 81]> {
        if self.classic9 {
            givens.cells().try_into().ok()
        } else {
            None
        }
    }

    /// True when the geometry is classic 9×9, where counting takes the fast path.
    pub fn is_classic_9x9(&self) -> bool {
        self.classic9 && self.constrained.is_none()
    }

    /// Counts solutions, stopping as soon as `limit` are found.
    pub fn count_solutions(&self, givens: &Grid, limit: usize) -> usize {
        if let Some(constrained) = &self.constrained {
            return constrained.count(givens.cells(), limit, 0).count;
        }
        if let Some(cells) = self.classic_cells(givens) {
            let limit = u32::try_from(limit).unwrap_or(u32::MAX);
            return classic9::count_solutions(cells, limit, None) as usize;
        }
        self.generic.count(givens.cells(), limit, 0).count
    }

    /// True when `givens` still has only the one solution `solution`, on the promise that it was
    /// unique before the cells `emptied` were cleared: the digger's check, cheaper than counting
    /// to two on classic 9×9. Elsewhere [`Solver::proves_unique`]: a removal whose uniqueness
    /// takes more than [`UNIQUE_NODE_CAP`] search nodes to prove is not made.
    pub fn stays_unique(&self, givens: &Grid, solution: &Grid, emptied: &[usize]) -> bool {
        self.stays_unique_within(givens, solution, emptied, UNIQUE_NODE_CAP)
            .0
    }

    /// [`Solver::stays_unique`] with a node cap of `cap` where the search is capped; also the
    /// search nodes it took (0 on the exact paths).
    pub fn stays_unique_within(
        &self,
        givens: &Grid,
        solution: &Grid,
        emptied: &[usize],
        cap: u64,
    ) -> (bool, u64) {
        if let (Some(cells), Some(solved)) =
            (self.classic_cells(givens), self.classic_cells(solution))
        {
            return (!classic9::has_other_solution(cells, solved, emptied), 0);
        }
        self.proves_unique_within(givens, cap)
    }

    /// Whether `givens` has a solution other than `solution`, on the promise that it had only
    /// that one before the cells `emptied` were cleared; `None` when `cap` search nodes did not
    /// settle it (classic 9×9 and grids with rules are answered exactly whatever the cap).
    pub fn has_other_solution_within(
        &self,
        givens: &Grid,
        solution: &Grid,
        emptied: &[usize],
        cap: u64,
    ) -> Option<bool> {
        if self.constrained.is_some() {
            return Some(self.count_solutions(givens, 2) > 1);
        }
        if let (Some(cells), Some(solved)) =
            (self.classic_cells(givens), self.classic_cells(solution))
        {
            return Some(classic9::has_other_solution(cells, solved, emptied));
        }
        self.generic
            .has_other_solution_capped(givens.cells(), solution.cells(), emptied, cap)
    }

    /// Counts solutions up to `limit` within `cap` search nodes where the search is capped
    /// (classic 9×9 and grids with rules are counted exactly); `None` when the cap stopped it
    /// before the count was settled.
    pub fn count_within(&self, givens: &Grid, limit: usize, cap: u64) -> Option<usize> {
        if self.counts_exactly() {
            return Some(self.count_solutions(givens, limit));
        }
        let count = self.generic.count_capped(givens.cells(), limit, 0, cap);
        (count.count >= limit || count.nodes < cap).then_some(count.count)
    }

    /// True when the search proves `givens` has exactly one solution within
    /// [`UNIQUE_NODE_CAP`] search nodes: the generator's check, bounded on every shape (an
    /// exact count on a sparse 25×25 or 16×16 jigsaw can take millions of nodes). Classic 9×9
    /// and grids with rules (killer), which never need so many, are counted exactly.
    pub fn proves_unique(&self, givens: &Grid) -> bool {
        self.proves_unique_within(givens, UNIQUE_NODE_CAP).0
    }

    /// [`Solver::proves_unique`] with a node cap of `cap` (classic 9×9 and grids with rules are
    /// counted exactly whatever the cap); also the search nodes it took (0 for the exact
    /// paths), for a budget over many checks.
    pub fn proves_unique_within(&self, givens: &Grid, cap: u64) -> (bool, u64) {
        if self.counts_exactly() {
            return (self.count_solutions(givens, 2) == 1, 0);
        }
        let count = self.generic.count_capped(givens.cells(), 2, 0, cap);
        (count.count == 1 && count.nodes < cap, count.nodes)
    }

    /// True when every count is exact whatever the node cap: classic 9×9 and grids with rules.
    fn counts_exactly(&self) -> bool {
        self.constrained.is_some() || self.classic9
    }

    /// The exact count by the constrained solver when there are rules, else the generic one.
    fn exact_count(&self, givens: &Grid, limit: usize, keep: usize) -> Count {
        match &self.constrained {
            Some(constrained) => constrained.count(givens.cells(), limit, keep),
            None => self.generic.count(givens.cells(), limit, keep),
        }
    }

    /// The generic solver for this geometry (random fills, capped searches, listing several
    /// solutions), when the geometry has no rule beyond its houses; `None` for a killer, whose
    /// cages it would not see (every entry point honours the rules: none drops them silently).
    pub fn generic(&self) -> Option<&GenericSolver> {
        self.constrained.is_none().then_some(&self.generic)
    }

    /// True when naked and hidden singles alone complete the puzzle (which proves it unique).
    pub fn solves_by_singles(&self, givens: &Grid) -> bool {
        if let Some(constrained) = &self.constrained {
            return constrained.solves_by_singles(givens.cells());
        }
        self.generic.solves_by_singles(givens.cells())
    }

    /// Whether singles alone fill the cells `emptied` of `givens`, on the promise that they
    /// completed the puzzle before those cells were cleared: they complete it now too (see
    /// [`GenericSolver::singles_refill`]), found sooner.
    pub fn singles_refill(&self, givens: &Grid, emptied: &[usize]) -> bool {
        if self.constrained.is_some() {
            return self.solves_by_singles(givens);
        }
        self.generic.singles_refill(givens.cells(), emptied)
    }

    /// The first solution found, if any (no uniqueness check).
    pub fn first_solution(&self, givens: &Grid) -> Option<Grid> {
        if let Some(cells) = self.classic_cells(givens) {
            let mut first = [0u8; 81];
            let found = classic9::count_solutions(cells, 1, Some(&mut first)) == 1;
            return found.then(|| Grid::new(9, first.to_vec()));
        }
        let mut found = self.exact_count(givens, 1, 1).solutions;
        found.pop().map(|cells| Grid::new(self.size, cells))
    }

    /// Solves and proves uniqueness (counts to 2), keeping the solutions found. On classic 9×9
    /// the two solutions of a puzzle with several are the band counter's first two, the same on
    /// every CPU ([`classic9::two_solutions`]).
    pub fn solve(&self, givens: &Grid) -> Solution {
        if let Some(cells) = self.classic_cells(givens) {
            let (mut first, mut second) = ([0u8; 81], [0u8; 81]);
            let grid = |cells: [u8; 81]| Grid::new(9, cells.to_vec());
            return match classic9::two_solutions(cells, &mut first, &mut second) {
                0 => Solution::None,
                1 => Solution::Unique(grid(first)),
                _ => Solution::Multiple(grid(first), grid(second)),
            };
        }
        let mut found = self.exact_count(givens, 2, 2).solutions;
        let grid = |cells: Vec<u8>| Grid::new(self.size, cells);
        match (found.pop(), found.pop()) {
            (None, _) => Solution::None,
            (Some(only), None) => Solution::Unique(grid(only)),
            (Some(second), Some(first)) => Solution::Multiple(grid(first), grid(second)),
        }
    }
}

/// Counts the solutions of `givens` in `geo`, stopping at `limit`.
pub fn count_solutions(geo: &Geometry, givens: &Grid, limit: usize) -> usize {
    Solver::new(geo).count_solutions(givens, limit)
}

/// Solves `givens` in `geo` and says whether the solution is unique.
pub fn solve(geo: &Geometry, givens: &Grid) -> Solution {
    Solver::new(geo).solve(givens)
}
