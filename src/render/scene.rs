//! The format-neutral scene, from the drawing crate: a page as a list of primitives in
//! millimetres, origin at the top left, y downwards. Layout fills it; the SVG and PDF backends
//! only translate it.

pub use sudoku_draw::scene::*;
