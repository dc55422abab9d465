//! The exact solver for any geometry. Candidates are kept digit by digit as bit sets over the
//! cells (a "board" per digit, in `W` 64-bit words chosen from the cell count), so placing a
//! digit clears it from all peers in a few word operations. The houses are the geometry's plus
//! its implied ones (the hidden windows of window variants). Propagation applies naked singles
//! (cells seen on exactly one board), hidden singles (a digit with one cell left in a house where
//! it is not placed, checked only for digits whose board changed) and, on grids of 12 and more
//! and on every window grid, locked candidates between rows, columns, boxes (or regions) and
//! windows. The search branches on the best-connected cell with two candidates, else a digit with
//! two places in a house, else the cell with the fewest candidates, copying the fixed-size state
//! once per node: no allocation per node. Past a node budget, randomised restarts help the exact
//! count (see [`GenericSolver::count_capped`]).

mod sample;
mod search;
mod tables;

use crate::grid::Geometry;
use search::Search;
use tables::Tables;

/// Tables for one geometry, built once and reused for many puzzles of that shape.
#[derive(Debug, Clone)]
pub struct GenericSolver {
    tables: Words,
    /// Tables of the printed houses only, when the solver's own add implied ones (windows):
    /// singles must stay the ones a person (and the rating) can see.
    printed: Option<Box<GenericSolver>>,
}

/// The geometry's tables, with as many words per cell set as its cells need.
#[derive(Debug, Clone)]
enum Words {
    /// Up to 128 cells (up to 11×11).
    W2(Tables<2>),
    /// Up to 192 cells (12×12, 13×13).
    W3(Tables<3>),
    /// Up to 256 cells (14×14 to 16×16).
    W4(Tables<4>),
    /// Up to 640 cells (17×17 to 25×25).
    W10(Tables<10>),
}

/// Runs `$body` with `$t` bound to the tables, whatever their word count, and `$d` to the most
/// digits a grid of that many cells can have (the size of the search state's per-digit arrays).
macro_rules! with_tables {
    ($solver:expr, $t:ident, $d:ident => $body:expr) => {
        match &$solver.tables {
            Words::W2($t) => {
                const $d: usize = 11;
                $body
            }
            Words::W3($t) => {
                const $d: usize = 13;
                $body
            }
            Words::W4($t) => {
                const $d: usize = 16;
                $body
            }
            Words::W10($t) => {
                const $d: usize = 25;
                $body
            }
        }
    };
}

/// Search nodes the exhaustive count may take before randomised restarts get their turn (see
/// [`GenericSolver::count_capped`]); no search of the benchmark sets needs as many.
const FIRST_BUDGET: u64 = 4_096;

/// The largest limit randomised restarts help with: they keep every solution they find, and
/// finding many distinct ones by chance is slow; larger counts stay exhaustive only.
const MAX_SAMPLED: usize = 16;

/// The result of a search: how many solutions (up to the limit) and the first ones found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, never more than the limit.
    pub count: usize,
    /// The first solutions, as many as were asked to keep.
    pub solutions: Vec<Vec<u8>>,
    /// Search nodes visited, a measure of how much guessing the search needed.
    pub nodes: u64,
}

impl GenericSolver {
    /// Builds the tables for a geometry. Locked candidates are used on grids of 12 and more,
    /// where they cut the search more than they cost.
    pub fn new(geo: &Geometry) -> GenericSolver {
        let implied = !geo.implied_houses().is_empty();
        GenericSolver {
            tables: Self::tables(geo, true),
            printed: implied.then(|| {
                Box::new(GenericSolver {
                    tables: Self::tables(geo, false),
                    printed: None,
                })
            }),
        }
    }

    /// The tables with as many words as the cells need, with or without the implied houses.
    fn tables(geo: &Geometry, implied: bool) -> Words {
        match geo.cell_count() {
            0..=128 => Words::W2(Tables::new(geo, implied)),
            129..=192 => Words::W3(Tables::new(geo, implied)),
            193..=256 => Words::W4(Tables::new(geo, implied)),
            _ => Words::W10(Tables::new(geo, implied)),
        }
    }

    /// Counts solutions up to `limit`, keeping the first `keep` of them. Givens that break a
    /// house, or digits out of range, give no solution. The count is exact; see
    /// [`GenericSolver::count_capped`] for how long searches are helped.
    pub fn count(&self, givens: &[u8], limit: usize, keep: usize) -> Count {
        self.count_capped(givens, limit, keep, u64::MAX)
    }

    /// Like [`GenericSolver::count`], but stops after about `node_cap` search nodes in all: the
    /// count is then a lower bound, and `nodes` says how far the search went.
    ///
    /// The exhaustive search runs with a node budget ([`FIRST_BUDGET`]). Past it, randomised
    /// searches (a random digit order, restarted after a few nodes a cell) look for `limit`
    /// different solutions with the same budget: finding them settles the count, which is
    /// capped at `limit`. Otherwise the budget doubles and both run again. On sparse grids of
    /// some shapes (25×25 window) the exhaustive search can sink into a dead subtree for
    /// millions of nodes while random restarts find solutions at once; a puzzle that needs `n`
    /// nodes exhaustively costs at most about `4n` (and nothing more below the first budget).
    /// Limits above [`MAX_SAMPLED`] continue the exhaustive search without restarts.
    pub fn count_capped(&self, givens: &[u8], limit: usize, keep: usize, node_cap: u64) -> Count {
        let mut sampler = sample::Sampler::new(limit);
        let mut spent = 0u64;
        let mut budget = FIRST_BUDGET;
        loop {
            let cap = budget.min(node_cap - spent);
            let mut exact = self.run(givens, limit, keep, None, cap);
            spent += exact.nodes;
            if exact.nodes < cap || exact.count >= limit || spent >= node_cap {
                exact.nodes = spent;
                return exact;
            }
            if limit > MAX_SAMPLED {
                budget = u64::MAX;
                continue;
            }
            let cap = budget.min(node_cap - spent);
            spent += sampler.sample(self, givens, cap);
            if sampler.found_all() || spent >= node_cap {
                return sampler.into_count(keep, spent);
            }
            budget = budget.saturating_mul(2);
        }
    }

    /// Whether `givens` has a solution other than `solution`, on the promise that it had only
    /// that one before the cells `emptied` were cleared (so any other differs from it in one of
    /// them): far cheaper than counting to two, as each search has a digit excluded. `None`
    /// when `node_cap` search nodes did not settle it.
    pub fn has_other_solution_capped(
        &self,
        givens: &[u8],
        solution: &[u8],
        emptied: &[usize],
        node_cap: u64,
    ) -> Option<bool> {
        let result = with_tables!(self, t, D => {
            let mut search = Search::<_, D>::new(t, 1, 0, None, node_cap);
            search.run_other_than(givens, solution, emptied);
            search.result
        });
        if result.count > 0 {
            Some(true)
        } else {
            (result.nodes < node_cap).then_some(false)
        }
    }

    /// Finds the first solution when digits are tried in the order `order` picks: it gets the
    /// candidate mask of the branching cell and returns the bit to try next. Used for random fills.
    pub fn first_with_order(
        &self,
        givens: &[u8],
        order: &mut dyn FnMut(u32) -> u32,
    ) -> Option<Vec<u8>> {
        self.run(givens, 1, 1, Some(order), u64::MAX)
            .solutions
            .pop()
    }

    /// Like [`GenericSolver::first_with_order`], but gives up (`None`) after `node_cap` search
    /// nodes: a randomised fill of a layout that may have no solution.
    pub fn first_with_order_capped(
        &self,
        givens: &[u8],
        order: &mut dyn FnMut(u32) -> u32,
        node_cap: u64,
    ) -> Option<Vec<u8>> {
        self.run(givens, 1, 1, Some(order), node_cap)
            .solutions
            .pop()
    }

    fn run<'a>(
        &'a self,
        givens: &[u8],
        limit: usize,
        keep: usize,
        order: Option<&'a mut dyn FnMut(u32) -> u32>,
        node_cap: u64,
    ) -> Count {
        with_tables!(self, t, D => {
            let mut search = Search::<_, D>::new(t, limit, keep, order, node_cap);
            search.run(givens);
            search.result
        })
    }

    /// True when naked and hidden singles alone fill the grid (no guessing, no other
    /// deduction): the puzzle then has exactly one solution. The generator's cheap check for
    /// easy puzzles; singles over the printed houses only, as the rating sees them.
    pub fn solves_by_singles(&self, givens: &[u8]) -> bool {
        if let Some(printed) = &self.printed {
            return printed.solves_by_singles(givens);
        }
        with_tables!(self, t, D => Search::<_, D>::new(t, 1, 0, None, 0).singles_fill(givens))
    }

    /// Whether naked and hidden singles alone fill the cells `emptied` of `givens`, on the
    /// promise that they filled the grid before those cells were cleared: singles then fill
    /// the grid now too (the cells they place are the ones given before, and singles only
    /// find more from more givens), and they stop as soon as the emptied cells are filled.
    pub fn singles_refill(&self, givens: &[u8], emptied: &[usize]) -> bool {
        if let Some(printed) = &self.printed {
            return printed.singles_refill(givens, emptied);
        }
        with_tables!(self, t, D => {
            let wanted = tables::set_of(emptied.iter().copied());
            Search::<_, D>::new(t, 1, 0, None, 0).singles_fill_cells(givens, &wanted)
        })
    }
}

#[cfg(test)]
impl GenericSolver {
    /// True when the search uses locked candidates.
    fn uses_locks(&self) -> bool {
        with_tables!(self, t, _D => t.use_locks)
    }
}

#[cfg(test)]
mod tests;
