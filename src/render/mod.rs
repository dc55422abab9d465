//! Drawing: the format-neutral `scene` (primitives in mm), puzzle grids drawn into it (`grid`),
//! laid-out book pages drawn into scenes (`page`), the SVG and PDF backends (`svg`, `pdf`), and
//! the self-contained HTML grid page of `solve --logic` (`html`).

pub mod grid;
pub mod html;
pub mod marks;
pub mod page;
pub mod pdf;
mod pdf_spill;
mod pdf_stream;
mod pdf_write;
pub mod play;
pub mod scene;
pub mod svg;
