//! Drawing: the format-neutral `scene` (primitives in mm), puzzle grids drawn into it (`grid`),
//! the SVG backend (`svg`), and the self-contained HTML grid page of `solve --logic` (`html`).
//! The PDF backend comes with the book builder.

pub mod grid;
pub mod html;
pub mod scene;
pub mod svg;
