//! Puzzles of the book drawn as cover art: a paper square (with a soft shadow), the grid in the
//! palette's ink — the same drawing as on the pages, tinted — and a few cells being solved:
//! tinted in the highlight colour, their digits from the solution in the accent colour.

use super::facts::Sample;
use crate::layout::page::Rect;
use crate::layout::style::{Look, PlacedGrid, digit_size};
use crate::layout::text::{Paint, Placed, Rgb};

/// The colours of one drawn puzzle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArtColours {
    pub paper: Rgb,
    pub ink: Rgb,
    /// Digits of the cells being solved (none: the givens alone).
    pub solved: Option<Rgb>,
    /// The cells being solved.
    pub highlight: Rgb,
    /// A shadow under the paper, offset down and right (none: flat).
    pub shadow: Option<Rgb>,
}

/// How far the shadow falls, relative to the side.
const SHADOW: f64 = 0.025;
/// The share of a sample's empty cells shown solved (those of its middle rows).
const SOLVED_ROWS: usize = 1;

/// Draws `sample` into the square `at`.
pub fn puzzle_art(look: &Look, sample: &Sample, at: Rect, colours: ArtColours) -> Vec<Placed> {
    let mut items = Vec::new();
    if let Some(shadow) = colours.shadow {
        let offset = at.w * SHADOW;
        items.push(fill(
            Rect {
                x: at.x + offset,
                y: at.y + offset,
                ..at
            },
            shadow,
        ));
    }
    items.push(fill(at, colours.paper));
    let geometry = &sample.geometry;
    let (rows, cols) = geometry.extent();
    let cell = at.w / rows.max(cols) as f64;
    let solving = match (&sample.solution, colours.solved) {
        (Some(solution), Some(ink)) => solving_cells(sample)
            .into_iter()
            .map(|c| (c, solution.get(c), ink))
            .collect(),
        _ => Vec::new(),
    };
    for &(c, _, _) in &solving {
        let (r, k) = geometry.row_col(c);
        items.push(fill(
            Rect {
                x: at.x + k as f64 * cell,
                y: at.y + r as f64 * cell,
                w: cell,
                h: cell,
            },
            colours.highlight,
        ));
    }
    let mut grid =
        PlacedGrid::new(look, geometry, &sample.givens, None, at).with_symbols(sample.symbols);
    grid.tint = Some((colours.ink, colours.paper));
    // A cover grid keeps the page's line weights for its cell size, but no cage sums.
    grid.style.cages = false;
    items.push(Placed::Grid(Box::new(grid)));
    let size = digit_size(cell, geometry.size());
    for (c, digit, ink) in solving {
        let (r, k) = geometry.row_col(c);
        items.push(Placed::Glyph {
            glyph: sample.symbols.glyph(digit, None),
            x: at.x + (k as f64 + 0.5) * cell,
            y: at.y + (r as f64 + 0.5) * cell,
            size,
            paint: Paint::Rgb(ink),
            cap_height: look.cap_height,
        });
    }
    items
}

/// A rectangle of colour.
pub fn fill(at: Rect, colour: Rgb) -> Placed {
    Placed::Fill { at, colour }
}

/// The empty cells of the sample's middle row(s): the ones shown being solved.
fn solving_cells(sample: &Sample) -> Vec<usize> {
    let geometry = &sample.geometry;
    let (rows, _) = geometry.extent();
    let middle = rows / 2;
    (0..geometry.cell_count())
        .filter(|&c| {
            let (r, _) = geometry.row_col(c);
            r >= middle && r < middle + SOLVED_ROWS && sample.givens.get(c) == 0
        })
        .collect()
}
