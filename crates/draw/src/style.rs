//! The look of a grid as drawn: line weights, shading, the digits' and cage sums' sizes against
//! the cell, and what the values print as. Layout resolves a book's look into it; the drawing
//! only reads it.

use crate::symbols::SymbolSet;

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
    /// Ink of shaded diagonal cells.
    pub diagonal_shade: f64,
    /// Grey level of diagonal lines (0 black, 1 white).
    pub diagonal_grey: f64,
    /// Grey level of solved (not given) digits in answer keys.
    pub solved_grey: f64,
    /// Cap height of the digit font, in em (0.714 for Noto Sans).
    pub cap_height: f64,
    /// Killer cages drawn (dashed outlines and sums); answer keys leave them out.
    pub cages: bool,
    /// Ink of the lightest jigsaw-region shade (0: regions unshaded); neighbouring regions
    /// get different shades, each a step darker.
    pub region_shade: f64,
    /// What the values print as (digits, letters, a word's letters, numbers, pictures…).
    pub symbols: SymbolSet,
    /// The digits' size against [`DIGIT_SIZE`] of the cell: 1, or larger on large-print puzzle
    /// grids ([`LARGE_DIGIT_SCALE`]).
    pub digit_scale: f64,
    /// The size of the modern kinds' edge and corner marks (dots, X and V, quadruples,
    /// chevrons) against their puzzle-page size: smaller under pencil marks.
    pub marks_scale: f64,
    /// The modern kinds' marks drawn with the grid (they have no sums, so any size of grid
    /// shows them): off in answer keys, and where a caller draws them apart (the playable page
    /// lays them over its board).
    pub marks: bool,
}

impl Default for GridStyle {
    fn default() -> GridStyle {
        GridStyle {
            thin: 0.3,
            thick: 0.9,
            window_shade: 0.2,
            shade_diagonals: false,
            diagonal_shade: PUZZLE_DIAGONAL_SHADE,
            diagonal_grey: PUZZLE_DIAGONAL_GREY,
            solved_grey: 0.4,
            cap_height: 0.714,
            cages: true,
            region_shade: 0.0,
            symbols: SymbolSet::Digits,
            digit_scale: 1.0,
            marks_scale: 1.0,
            marks: true,
        }
    }
}

/// Large print sets puzzle digits larger in their cells (0.72 of the cell against 0.62), so
/// 28 pt digits fit a 6×9 trim's page width.
pub const LARGE_DIGIT_SCALE: f64 = 0.72 / DIGIT_SIZE;

/// Digit height relative to the cell (the baseline is placed from the font's cap height so
/// that digits are centred vertically); grids above 9×9 print every symbol, one character or
/// two (10 to 25), at four fifths of it.
pub const DIGIT_SIZE: f64 = 0.62;

/// The size of the digits of a grid of `size` in a cell of `cell` millimetres.
pub fn digit_size(cell: f64, size: usize) -> f64 {
    cell * if size > 9 {
        DIGIT_SIZE * 0.8
    } else {
        DIGIT_SIZE
    }
}

/// The size of a killer cage's sum relative to the cell.
pub const CAGE_SUM_SIZE: f64 = 0.27;

/// The size of a cage sum in a cell of `cell` millimetres (the layout check holds it to
/// [`MIN_SUM_POINTS`] on puzzle pages).
pub fn cage_sum_size(cell: f64) -> f64 {
    cell * CAGE_SUM_SIZE
}

/// Diagonal lines on puzzle pages: mid grey, so they read as a house, not as cell lines.
pub const PUZZLE_DIAGONAL_GREY: f64 = 0.55;
/// Ink of shaded diagonal cells on puzzle pages.
pub const PUZZLE_DIAGONAL_SHADE: f64 = 0.12;
/// The lightest shade of jigsaw regions on puzzle pages (10 % grey, the print minimum); each
/// further colour of the regions' map is [`REGION_SHADE_STEP`] darker.
pub const REGION_SHADE: f64 = 0.1;
pub const REGION_SHADE_STEP: f64 = 0.08;
