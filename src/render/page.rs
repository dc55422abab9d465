//! A laid-out book page drawn into a scene: its text and rules, its puzzle and answer grids (with
//! the variant decorations of `grid`), and instruction diagrams; shifted onto the printed sheet
//! when the book has bleed.

use super::grid::{GridStyle, Placement, draw_grid};
use super::scene::{Item, Scene};
use crate::book::BookPuzzle;
use crate::grid::{Geometry, Grid};
use crate::layout::book::Page;
use crate::layout::page::Rect;
use crate::layout::text::Placed;
use crate::spec::{DiagonalStyle, PageSpec, Style};

/// What every page of a book is drawn with.
#[derive(Debug, Clone, Copy)]
pub struct PageStyle<'a> {
    pub page: &'a PageSpec,
    pub style: &'a Style,
    /// Cap height of the digit font, in em.
    pub cap_height: f64,
}

/// The scene of one page, on a sheet of the media size (trim plus bleed).
pub fn page_scene(page: &Page, puzzles: &[BookPuzzle], look: &PageStyle) -> Scene {
    let (width, height) = look.page.media_size();
    let mut scene = Scene::new(width, height);
    for item in &page.items {
        match item {
            Placed::Text(line) => scene.push(Item::Text {
                x: line.x,
                y: line.y,
                size: line.size,
                bold: line.bold,
                anchor: line.anchor,
                grey: line.grey,
                text: line.text.clone(),
            }),
            &Placed::Rule {
                x1,
                y1,
                x2,
                y2,
                width,
            } => scene.push(Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                grey: 0.0,
            }),
            &Placed::Grid { puzzle, at, answer } => {
                draw_puzzle(&mut scene, &puzzles[puzzle], at, answer, look);
            }
            &Placed::Diagram { puzzle, at } => {
                let geo = &puzzles[puzzle].puzzle.geometry;
                let empty = Grid::empty(geo.size());
                let style = grid_style(look, geo, at.w);
                draw_grid(&mut scene, geo, &empty, None, placement(at), &style);
            }
        }
    }
    let (dx, dy) = look.page.trim_offset(page.number);
    scene.translate(dx, dy);
    scene
}

fn draw_puzzle(scene: &mut Scene, p: &BookPuzzle, at: Rect, answer: bool, look: &PageStyle) {
    let geo = &p.puzzle.geometry;
    let style = grid_style(look, geo, at.w);
    let solution = answer.then_some(&p.puzzle.solution);
    draw_grid(
        scene,
        geo,
        &p.puzzle.givens,
        solution,
        placement(at),
        &style,
    );
}

fn placement(at: Rect) -> Placement {
    Placement {
        x: at.x,
        y: at.y,
        side: at.w,
    }
}

/// Line weights scaled to the cell (lighter box lines on small answer grids), never below the
/// 0.3 mm print minimum. Diagonals are shaded only when asked and when no window shading would
/// make the two kinds of house look alike.
fn grid_style(look: &PageStyle, geo: &Geometry, side: f64) -> GridStyle {
    let cell = side / geo.size() as f64;
    GridStyle {
        thin: 0.3,
        thick: (cell * 0.09).clamp(0.6, 0.9),
        window_shade: look.style.window_shade,
        shade_diagonals: look.style.diagonals == DiagonalStyle::Shaded && !geo.variant().window,
        cap_height: look.cap_height,
    }
}
