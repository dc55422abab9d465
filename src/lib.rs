//! sudoku-book: a library and command-line tool that generates, solves, rates and publishes
//! Sudoku puzzles of every common variant. The binary in `src/main.rs` is a thin layer over it.
//!
//! The engine is its own crate, `sudoku-engine` (`engine/`: `grid`, `solve`, `logic`,
//! `generate`, re-exported here under the same names), which has no file system, threads or
//! output formats. This crate is the app, in pipeline order (each module uses only those before
//! it): `units`, `dates`, `symbols`, `input`, `fonts` and `workers` (leaves); `spec` (book.toml → checked plan) →
//! `book` (puzzles and manifest records) → `layout` (placed and styled pages) → `render` (scene →
//! PDF, SVG, HTML) → `publish` (the build and the atomic book folder); the binary's `cli` on top.

pub use sudoku_engine::{generate, grid, logic, solve};

pub mod book;
pub mod dates;
pub mod fonts;
pub mod input;
pub mod layout;
pub mod print;
pub mod publish;
pub mod render;
pub mod spec;
pub mod symbols;
#[cfg(test)]
pub(crate) use sudoku_engine::test_support;
pub mod units;
pub mod workers;
