//! A puzzle grid drawn into a scene, from the drawing crate (shading, lines, digits, killer
//! cages), so the WebAssembly module draws a puzzle it made with the printed page's code.

pub use sudoku_draw::grid::*;
