//! sudoku-engine: the puzzle model and the engine of sudoku-book — `grid` (variants, geometry,
//! houses, the text formats and their importers), `solve` (the exact solvers), `logic` (the
//! human-style techniques, steps and rating) and `generate` (seeded generation at a level). Pure
//! functions over values: no file system, threads, clock, PDF or terminal, so the same code runs
//! in the command-line tool and, built for `wasm32-unknown-unknown`, in a browser.
//!
//! The modules, in order (each uses only those before it): `grid`, `solve`, `logic`, `generate`.

pub mod generate;
pub mod grid;
pub mod logic;
pub mod solve;
#[cfg(any(test, feature = "test-support"))]
#[doc(hidden)]
pub mod test_support;
