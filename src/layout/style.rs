//! The resolved look of a grid on a page: line weights scaled to its cells, window and diagonal
//! shading from the spec's style, the digit font's cap height. Layout decides it; the renderer
//! only draws it.

use super::page::Rect;
use crate::grid::{Geometry, Grid};
use crate::spec::{DiagonalStyle, Style};

/// Line widths and shades, in millimetres and grey levels (print minimums: 0.3 mm, 10 % grey).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridStyle {
    /// Cell lines.
    pub thin: f64,
    /// Box and region edges, and the border.
    pub thick: f64,
    /// Ink of window shading (0.2 = 20 % grey).
    pub window_shade: f64,
    /// Diagonal cells shaded instead of crossed by lines.
    pub shade_diagonals: bool,
    /// Cap height of the digit font, in em (0.714 for Noto Sans).
    pub cap_height: f64,
}

impl Default for GridStyle {
    fn default() -> GridStyle {
        GridStyle {
            thin: 0.3,
            thick: 0.9,
            window_shade: 0.2,
            shade_diagonals: false,
            cap_height: 0.714,
        }
    }
}

/// What every grid of a book is drawn with, before it is sized.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// Grey level of window shading.
    pub window_shade: f64,
    /// Diagonal cells shaded (when the grid has no windows) instead of crossed by lines.
    pub shaded_diagonals: bool,
    /// Cap height of the digit font, in em.
    pub cap_height: f64,
}

impl Look {
    /// The look of a book's grids: its style and the cap height of its bold (digit) font.
    pub fn new(style: &Style, cap_height: f64) -> Look {
        Look {
            window_shade: style.window_shade,
            shaded_diagonals: style.diagonals == DiagonalStyle::Shaded,
            cap_height,
        }
    }

    /// Line weights scaled to the cell (lighter box lines on small answer grids), never below
    /// the 0.3 mm print minimum. Diagonals are shaded only when asked and when no window
    /// shading would make the two kinds of house look alike.
    pub fn grid_style(&self, geo: &Geometry, side: f64) -> GridStyle {
        let cell = side / geo.size() as f64;
        GridStyle {
            thin: 0.3,
            thick: (cell * 0.09).clamp(0.6, 0.9),
            window_shade: self.window_shade,
            shade_diagonals: self.shaded_diagonals && !geo.variant().window,
            cap_height: self.cap_height,
        }
    }
}

/// A grid placed on a page with everything needed to draw it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedGrid {
    pub geometry: Geometry,
    /// The givens (an empty grid for a diagram of the houses).
    pub givens: Grid,
    /// The solution, drawn in the other cells (answer keys).
    pub solution: Option<Grid>,
    /// Where: a square, in millimetres on the trim page.
    pub at: Rect,
    pub style: GridStyle,
}

impl PlacedGrid {
    /// A grid at `at` in the book's look.
    pub fn new(
        look: &Look,
        geometry: &Geometry,
        givens: &Grid,
        solution: Option<&Grid>,
        at: Rect,
    ) -> PlacedGrid {
        PlacedGrid {
            style: look.grid_style(geometry, at.w),
            geometry: geometry.clone(),
            givens: givens.clone(),
            solution: solution.cloned(),
            at,
        }
    }
}
