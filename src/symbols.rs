//! Symbol sets (what a book prints for the values 1..=N: digits, letters, a word's letters,
//! numbers, pictures, colours), from the drawing crate, which draws them.

pub use sudoku_draw::symbols::*;
