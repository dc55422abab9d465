//! The resolved look of a grid on a page: line weights scaled to its cells, window and diagonal
//! shading from the spec's style, the digit font's cap height. Layout decides it; the renderer
//! only draws it.

use super::page::Rect;
use super::text::Rgb;
use crate::grid::{Geometry, Grid};
use crate::spec::{DiagonalStyle, Style};
use crate::symbols::SymbolSet;

pub use sudoku_draw::style::{
    CAGE_SUM_SIZE, DIGIT_SIZE, GridStyle, LARGE_DIGIT_SCALE, PUZZLE_DIAGONAL_GREY,
    PUZZLE_DIAGONAL_SHADE, REGION_SHADE, REGION_SHADE_STEP, cage_sum_size, digit_size,
};

/// The smallest cage sum printed, in points: the print minimum of every text in the book.
pub const MIN_SUM_POINTS: f64 = 7.0;

/// The smallest cell whose cage sum reaches [`MIN_SUM_POINTS`], in millimetres.
pub fn min_cell_for_sums() -> f64 {
    crate::units::Pt(MIN_SUM_POINTS).to_mm().0 / CAGE_SUM_SIZE
}

/// Answer keys: diagonal lines much lighter, so grey digits under them do not look crossed out.
const KEY_DIAGONAL_GREY: f64 = 0.8;
/// Answer keys: the lightest shading that still prints (10 %), so grey digits on windows and
/// shaded diagonals stay legible.
const KEY_SHADE: f64 = 0.1;
/// Solved digits in answer keys: dark grey, apart from the bold black givens yet clear on shading.
const KEY_SOLVED_GREY: f64 = 0.3;

/// Large print: cell lines and box lines of puzzle grids, in millimetres.
const LARGE_THIN: f64 = 0.5;
const LARGE_THICK: f64 = 1.5;
/// The least cell of a large-print puzzle grid (28 pt digits), in millimetres.
const LARGE_CELL: f64 = 13.5;

/// What every grid of a book is drawn with, before it is sized.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// Grey level of window shading.
    pub window_shade: f64,
    /// Diagonal cells shaded (when the grid has no windows) instead of crossed by lines.
    pub shaded_diagonals: bool,
    /// Cap height of the digit font, in em.
    pub cap_height: f64,
    /// Large print: heavier lines on puzzle grids.
    pub large_print: bool,
    /// Kids' books: lines weighted for their big cells.
    pub kids: bool,
    /// Jigsaw regions shaded (`[style] jigsaw_shading`).
    pub jigsaw_shading: bool,
}

impl Look {
    /// The look of a book's grids: its style and the cap height of its bold (digit) font.
    pub fn new(style: &Style, cap_height: f64) -> Look {
        Look {
            window_shade: style.window_shade,
            shaded_diagonals: style.diagonals == DiagonalStyle::Shaded,
            cap_height,
            large_print: style.large_print,
            kids: style.kids,
            jigsaw_shading: style.jigsaw_shading,
        }
    }

    /// Line weights scaled to the cell (lighter box lines on small answer grids), never below
    /// the 0.3 mm print minimum. Diagonals are shaded only when asked and when no window
    /// shading would make the two kinds of house look alike.
    /// In answer keys (`key`) the shading and the diagonal lines are lighter and the solved
    /// digits darker, so that every digit reads clearly at small sizes.
    pub fn grid_style(&self, geo: &Geometry, side: f64, key: bool) -> GridStyle {
        let (rows, cols) = geo.extent();
        let cell = side / rows.max(cols) as f64;
        let (window_shade, diagonal_shade, diagonal_grey) = if key {
            (
                self.window_shade.min(KEY_SHADE),
                KEY_SHADE,
                KEY_DIAGONAL_GREY,
            )
        } else {
            (
                self.window_shade,
                PUZZLE_DIAGONAL_SHADE,
                PUZZLE_DIAGONAL_GREY,
            )
        };
        // Large print draws heavy lines on grids whose cells are large print's (a puzzle's
        // 28 pt digits need 13.7 mm); a small diagram keeps lines in proportion to its cells.
        let (thin, thick) = if self.kids && !key {
            // Big cells of a children's book: the box lines grow with them (a 4×4 with 40 mm
            // cells gets 3 mm), so the boxes are seen at once.
            (
                (cell * 0.02).clamp(0.3, 0.8),
                (cell * 0.075).clamp(0.6, 3.0),
            )
        } else if self.large_print && !key && cell >= LARGE_CELL {
            (LARGE_THIN, (cell * 0.12).clamp(LARGE_THICK, 2.0))
        } else {
            (0.3, (cell * 0.09).clamp(0.6, 0.9))
        };
        GridStyle {
            thin,
            thick,
            window_shade,
            shade_diagonals: self.shaded_diagonals && !geo.variant().window,
            diagonal_shade,
            diagonal_grey,
            solved_grey: KEY_SOLVED_GREY,
            cap_height: self.cap_height,
            // Answer keys leave the cages out, and so does a grid too small for readable sums
            // (the diagram on the instructions page; puzzle pages are checked to fit them).
            cages: !key && cage_sum_size(cell) >= min_cell_for_sums() * CAGE_SUM_SIZE - 1e-9,
            region_shade: self.region_shade(geo, key),
            symbols: SymbolSet::Digits,
            digit_scale: if self.large_print && !key {
                LARGE_DIGIT_SCALE
            } else {
                1.0
            },
            marks_scale: 1.0,
            marks: !key,
        }
    }
}

impl Look {
    /// The lightest jigsaw-region shade of a grid: [`REGION_SHADE`] (lighter in answer keys)
    /// when the book asks for it and the grid has regions and no other shading to confuse
    /// them with (windows, shaded diagonals); 0 otherwise.
    fn region_shade(&self, geo: &Geometry, key: bool) -> f64 {
        let variant = geo.variant();
        // Cages (killer + jigsaw) are the grid's marks: dashes over shades would be busy.
        let other_shading = variant.window
            || (variant.diagonal && self.shaded_diagonals)
            || variant.has(crate::grid::RuleKind::Cages);
        if !self.jigsaw_shading || geo.regions().is_none() || other_shading {
            return 0.0;
        }
        if key { KEY_SHADE } else { REGION_SHADE }
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
    /// Drawn in two colours instead of greys (covers): black becomes the first, white the
    /// second, the greys between a mix of them.
    pub tint: Option<(Rgb, Rgb)>,
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
            style: look.grid_style(geometry, at.w, solution.is_some()),
            geometry: geometry.clone(),
            givens: givens.clone(),
            solution: solution.cloned(),
            at,
            tint: None,
        }
    }

    /// The grid printing its values as `symbols`.
    pub fn with_symbols(mut self, symbols: SymbolSet) -> PlacedGrid {
        self.style.symbols = symbols;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{DiagonalStyle, Style};

    /// Issue 11, item 8: grey digits under grey diagonals looked crossed out, and on 20 %
    /// window shading they were faint.
    #[test]
    fn answer_keys_have_lighter_shading_and_darker_digits() {
        let style = plain_style(DiagonalStyle::Lines, false);
        let look = Look::new(&style, 0.714);
        let geo = Geometry::new(9, "diagonal+window".parse().unwrap(), None, None).unwrap();
        let puzzle = look.grid_style(&geo, 80.0, false);
        let key = look.grid_style(&geo, 40.0, true);
        assert!(
            key.diagonal_grey > puzzle.diagonal_grey + 0.2,
            "lighter diagonals"
        );
        assert!(key.window_shade < puzzle.window_shade && key.window_shade >= 0.1);
        assert!(key.diagonal_shade >= 0.1, "shading stays printable");
        assert!(key.solved_grey < 0.4, "solved digits darker than before");
        assert_eq!(
            puzzle.window_shade, 0.2,
            "puzzle pages keep the spec's shade"
        );
    }

    /// A book's style at its defaults but for the diagonals and jigsaw shading.
    fn plain_style(diagonals: DiagonalStyle, jigsaw_shading: bool) -> Style {
        Style {
            diagonals,
            window_shade: 0.2,
            large_print: false,
            note: true,
            stars: false,
            timer: false,
            kids: false,
            jigsaw_shading,
        }
    }

    /// `jigsaw_shading` shades regions of jigsaw grids only, lighter in keys, never where
    /// windows, shaded diagonals or cages already mark the grid.
    #[test]
    fn jigsaw_shading_only_where_nothing_else_marks_the_grid() {
        let style = plain_style(DiagonalStyle::Shaded, true);
        let look = Look::new(&style, 0.714);
        let jigsaw = |variant: &str| {
            let fixture = include_str!("../../tests/fixtures/jigsaw-9x9.regions");
            let regions = crate::grid::RegionMap::parse(fixture).unwrap();
            Geometry::new(9, variant.parse().unwrap(), None, Some(regions)).unwrap()
        };
        let shade =
            |variant: &str, key: bool| look.grid_style(&jigsaw(variant), 80.0, key).region_shade;
        assert_eq!(shade("jigsaw", false), REGION_SHADE);
        assert_eq!(shade("jigsaw", true), KEY_SHADE);
        assert_eq!(shade("jigsaw+window", false), 0.0);
        assert_eq!(shade("jigsaw+diagonal", false), 0.0, "diagonals shaded");
        // Nine cages of 45, the rows.
        let rows: String = (0..9)
            .map(|r| {
                format!(
                    "45 = {}",
                    (0..9)
                        .map(|c| format!("r{}c{}", r + 1, c + 1))
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            })
            .collect::<Vec<_>>()
            .join(";");
        let cages = crate::grid::CageSet::parse(&rows, 9).unwrap();
        let killer = jigsaw("jigsaw").with_cages(cages).unwrap();
        assert_eq!(look.grid_style(&killer, 80.0, false).region_shade, 0.0);
        let classic = Geometry::new(9, "classic".parse().unwrap(), None, None).unwrap();
        assert_eq!(look.grid_style(&classic, 80.0, false).region_shade, 0.0);
    }
}
