//! Laying out the book: the page geometry (`page`: trim, bleed and the printed sheet, margins
//! and gutter, the slots of a layout, grids in slots), the resolved look of each grid (`style`),
//! text measuring and wrapping (`text`), and the whole book's pages (`book`, with the front
//! matter in `front`, the technique pages in `strategies`, the worked solutions in `walkthrough`, and the paperback's wrap cover in `cover`), each piece fully placed and styled for the renderer. `check` refuses a
//! plan whose grids would not fit their slots, before any puzzle is made.

pub mod book;
pub mod bounds;
pub mod cover;
pub mod front;
pub mod imprint;
pub mod page;
pub mod strategies;
pub mod text;
pub mod walkthrough;

pub mod check;
pub mod fit;
mod fixed_texts;
pub mod kdp;
pub mod style;

pub use check::{check_cover, check_glyphs, check_plan, check_texts, settle_layouts};
