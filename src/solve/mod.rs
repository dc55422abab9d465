//! The exact solver: counts solutions up to a limit and solves any geometry, with a specialised
//! fast path for classic 9×9 (the generator's hot loop).

pub mod generic;

use crate::grid::{Geometry, Grid};
pub use generic::{Count, GenericSolver};

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
#[derive(Debug, Clone)]
pub struct Solver {
    size: usize,
    generic: GenericSolver,
}

impl Solver {
    /// Prepares the solver's tables for a geometry.
    pub fn new(geo: &Geometry) -> Solver {
        Solver {
            size: geo.size(),
            generic: GenericSolver::new(geo),
        }
    }

    /// Counts solutions, stopping as soon as `limit` are found.
    pub fn count_solutions(&self, givens: &Grid, limit: usize) -> usize {
        self.generic.count(givens.cells(), limit, 0).count
    }

    /// Solves and proves uniqueness (counts to 2), keeping the solutions found.
    pub fn solve(&self, givens: &Grid) -> Solution {
        let mut found = self.generic.count(givens.cells(), 2, 2).solutions;
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
