//! A puzzle grid drawn into a scene: shaded window boxes (and diagonal cells when asked), thin
//! cell lines, thick lines along box or jigsaw-region edges and the border, diagonal lines, and
//! the digits — givens bold, solved digits regular.

use super::scene::{Anchor, Grey, Item, Scene};
use crate::grid::{Geometry, Grid, HouseKind, digit_symbol};
pub use crate::layout::style::GridStyle;

/// Where and how large a grid is drawn: top-left corner and side, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    pub x: f64,
    pub y: f64,
    pub side: f64,
}

/// Draws `givens` (and `solution` digits in the other cells, if any) into the scene.
pub fn draw_grid(
    scene: &mut Scene,
    geo: &Geometry,
    givens: &Grid,
    solution: Option<&Grid>,
    at: Placement,
    style: &GridStyle,
) {
    let cell = at.side / geo.size() as f64;
    shade_cells(scene, geo, at, cell, style);
    draw_lines(scene, geo, at, cell, style);
    draw_digits(scene, geo, givens, solution, at, cell, style);
}

fn shade_cells(scene: &mut Scene, geo: &Geometry, at: Placement, cell: f64, style: &GridStyle) {
    let n = geo.size();
    for house in geo.houses() {
        let shade: Grey = match house.kind {
            HouseKind::Window(_) => 1.0 - style.window_shade,
            HouseKind::Diagonal | HouseKind::AntiDiagonal if style.shade_diagonals => {
                1.0 - style.diagonal_shade
            }
            _ => continue,
        };
        for &c in &house.cells {
            let (r, k) = ((c / n) as f64, (c % n) as f64);
            scene.push(Item::Rect {
                x: at.x + k * cell,
                y: at.y + r * cell,
                w: cell,
                h: cell,
                fill: shade,
            });
        }
    }
}

/// The block (box or region) of every cell, as an index into the geometry's houses.
pub(crate) fn blocks(geo: &Geometry) -> Vec<usize> {
    let mut block = vec![0; geo.cell_count()];
    for (index, house) in geo.houses().iter().enumerate() {
        if matches!(house.kind, HouseKind::Box(_) | HouseKind::Region(_)) {
            for &c in &house.cells {
                block[c] = index;
            }
        }
    }
    block
}

fn draw_lines(scene: &mut Scene, geo: &Geometry, at: Placement, cell: f64, style: &GridStyle) {
    let n = geo.size();
    let block = blocks(geo);
    let line = |x1: f64, y1: f64, x2: f64, y2: f64, width: f64| Item::Line {
        x1,
        y1,
        x2,
        y2,
        width,
        grey: 0.0,
    };
    if geo.variant().diagonal && !style.shade_diagonals {
        let (x2, y2) = (at.x + at.side, at.y + at.side);
        scene.push(Item::Line {
            x1: at.x,
            y1: at.y,
            x2,
            y2,
            width: style.thin,
            grey: style.diagonal_grey,
        });
        scene.push(Item::Line {
            x1: x2,
            y1: at.y,
            x2: at.x,
            y2,
            width: style.thin,
            grey: style.diagonal_grey,
        });
    }
    // Thin lines run the full width and height; the thick block edges are drawn over them,
    // merged into the longest straight runs (few, long lines keep the PDF small).
    for k in 1..n {
        let offset = k as f64 * cell;
        scene.push(line(
            at.x + offset,
            at.y,
            at.x + offset,
            at.y + at.side,
            style.thin,
        ));
        scene.push(line(
            at.x,
            at.y + offset,
            at.x + at.side,
            at.y + offset,
            style.thin,
        ));
    }
    for k in 1..n {
        let offset = k as f64 * cell;
        let across = |r: usize| block[r * n + k - 1] != block[r * n + k];
        for (from, to) in runs(n, across) {
            let (y1, y2) = (at.y + from as f64 * cell, at.y + to as f64 * cell);
            scene.push(line(at.x + offset, y1, at.x + offset, y2, style.thick));
        }
        let down = |c: usize| block[(k - 1) * n + c] != block[k * n + c];
        for (from, to) in runs(n, down) {
            let (x1, x2) = (at.x + from as f64 * cell, at.x + to as f64 * cell);
            scene.push(line(x1, at.y + offset, x2, at.y + offset, style.thick));
        }
    }
    let (right, bottom) = (at.x + at.side, at.y + at.side);
    for (x1, y1, x2, y2) in [
        (at.x, at.y, right, at.y),
        (right, at.y, right, bottom),
        (right, bottom, at.x, bottom),
        (at.x, bottom, at.x, at.y),
    ] {
        scene.push(line(x1, y1, x2, y2, style.thick));
    }
}

/// The maximal runs `[from, to)` of consecutive indices in `0..n` where `on` holds.
fn runs(n: usize, on: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for i in 0..=n {
        match (i < n && on(i), start) {
            (true, None) => start = Some(i),
            (false, Some(from)) => {
                runs.push((from, i));
                start = None;
            }
            _ => {}
        }
    }
    runs
}

/// Digit height relative to the cell (the baseline is placed from the font's cap height so
/// that digits are centred vertically).
const DIGIT_SIZE: f64 = 0.62;

fn draw_digits(
    scene: &mut Scene,
    geo: &Geometry,
    givens: &Grid,
    solution: Option<&Grid>,
    at: Placement,
    cell: f64,
    style: &GridStyle,
) {
    let n = geo.size();
    let size = cell * if n > 9 { DIGIT_SIZE * 0.8 } else { DIGIT_SIZE };
    for c in 0..geo.cell_count() {
        let given = givens.get(c);
        let value = if given != 0 {
            given
        } else {
            solution.map_or(0, |s| s.get(c))
        };
        if value == 0 {
            continue;
        }
        let (r, k) = ((c / n) as f64, (c % n) as f64);
        scene.push(Item::Text {
            x: at.x + (k + 0.5) * cell,
            y: at.y + (r + 0.5) * cell + style.cap_height * size / 2.0,
            size,
            bold: given != 0,
            anchor: Anchor::Middle,
            grey: if given != 0 { 0.0 } else { style.solved_grey },
            text: digit_symbol(value).to_string(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_merge_consecutive_edges() {
        let edges = [true, true, false, true, false, false, true];
        assert_eq!(runs(7, |i| edges[i]), [(0, 2), (3, 4), (6, 7)]);
        assert!(runs(3, |_| false).is_empty());
        assert_eq!(runs(3, |_| true), [(0, 3)]);
    }

    #[test]
    fn a_classic_grid_is_drawn_with_few_long_lines() {
        let geo = Geometry::new(9, crate::grid::Variant::CLASSIC, None, None).unwrap();
        let mut scene = Scene::new(100.0, 100.0);
        let at = Placement {
            x: 0.0,
            y: 0.0,
            side: 90.0,
        };
        draw_grid(
            &mut scene,
            &geo,
            &Grid::empty(9),
            None,
            at,
            &GridStyle::default(),
        );
        let lines = scene
            .items
            .iter()
            .filter(|item| matches!(item, Item::Line { .. }))
            .count();
        // 8 + 8 thin lines, 2 + 2 thick box lines, 4 border lines.
        assert_eq!(lines, 24);
    }
}
