//! sudoku-book: a library and command-line tool that generates, solves, rates and publishes
//! Sudoku puzzles of every common variant. The binary in `src/main.rs` is a thin layer over it.

pub mod book;
pub mod fonts;
pub mod generate;
pub mod grid;
pub mod input;
pub mod layout;
pub mod logic;
pub mod render;
pub mod solve;
pub mod spec;
