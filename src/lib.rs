//! sudoku-book: a library and command-line tool that generates, solves, rates and publishes
//! Sudoku puzzles of every common variant. The binary in `src/main.rs` is a thin layer over it.

//!
//! The modules, in pipeline order (each uses only those before it): `units`, `grid`, `solve`,
//! `logic`, `generate` (the engine); `spec` (book.toml → checked plan) → `book` (puzzles and
//! manifest records) → `layout` (placed and styled pages) → `render` (scene → PDF, SVG, HTML) →
//! `publish` (the build and the atomic book folder); `fonts` and `workers` are leaves.

pub mod book;
pub mod fonts;
pub mod generate;
pub mod grid;
pub mod input;
pub mod layout;
pub mod logic;
pub mod publish;
pub mod render;
pub mod solve;
pub mod spec;
#[cfg(test)]
pub(crate) mod test_support;
pub mod units;
pub mod workers;
