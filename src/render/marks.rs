//! The modern kinds' marks drawn into a scene, from the drawing crate.

pub use sudoku_draw::marks::*;
