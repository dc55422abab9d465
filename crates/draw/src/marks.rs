//! The marks of the modern kinds drawn as the community draws them (SudokuPad, f-puzzles): Kropki
//! dots on edge midpoints (white with a dark ring, or black), X and V on a small white ground,
//! grey squares (even) and circles (odd) behind the digit, minimum and maximum cells with
//! chevrons on their edges, a quadruple's digits in a white circle on its corner, and cages
//! without sums as the killer's dashed outline. One path
//! for every output: PDF, SVG, covers and the play page all paint this scene.

use super::grid::{GridStyle, Placement};
use super::scene::{Anchor, Item, Paint, Scene};
use sudoku_engine::grid::{Geometry, Mark, MarkKind, MarkSet};

/// A Kropki dot's radius, relative to the cell (SudokuPad: about 0.3 cell across).
const DOT_RADIUS: f64 = 0.14;
/// X and V letters: height relative to the cell, and the white ground's half side.
const XV_SIZE: f64 = 0.32;
const XV_GROUND: f64 = 0.15;
/// Even squares and odd circles: inset from the cell edge, and their grey.
const PARITY_INSET: f64 = 0.14;
const PARITY_GREY: f64 = 0.82;
/// A quadruple's circle radius and digit size, relative to the cell.
const QUAD_RADIUS: f64 = 0.31;
const QUAD_DIGIT: f64 = 0.19;
/// Minimum/maximum chevrons: depth and half width, relative to the cell; and the cell's shade.
const CHEVRON_DEPTH: f64 = 0.11;
const CHEVRON_HALF: f64 = 0.14;
const EXTREME_GREY: f64 = 0.93;

/// Draws every mark of the geometry's modern kinds (nothing for the global rules, which the
/// page states in words).
pub fn draw_marks(scene: &mut Scene, geo: &Geometry, at: Placement, cell: f64, style: &GridStyle) {
    let Some(set) = geo.marks() else {
        return;
    };
    let pen = Pen {
        set,
        at,
        cell,
        style,
    };
    // Grounds first (parity shapes, extreme shading), then what sits on the lines.
    for mark in set.marks() {
        match mark.kind {
            MarkKind::Even | MarkKind::Odd => parity(scene, &pen, mark),
            MarkKind::Minimum | MarkKind::Maximum => extreme(scene, &pen, mark),
            MarkKind::Cage => {
                super::grid::draw_plain_cage(scene, &mark.cells, set.size(), at, cell, style)
            }
            _ => {}
        }
    }
    for mark in set.marks() {
        match mark.kind {
            MarkKind::White | MarkKind::Black => dot(scene, &pen, mark),
            MarkKind::X | MarkKind::V => letter(scene, &pen, mark),
            MarkKind::Quadruple => quadruple(scene, &pen, mark),
            _ => {}
        }
    }
}

/// Where the marks go: the set, the grid's placement and cell side, and its style.
struct Pen<'a> {
    set: &'a MarkSet,
    at: Placement,
    cell: f64,
    style: &'a GridStyle,
}

/// A square of half side `half` centred on `(x, y)`.
fn square(x: f64, y: f64, half: f64, fill: Paint) -> Item {
    Item::Rect {
        x: x - half,
        y: y - half,
        w: 2.0 * half,
        h: 2.0 * half,
        fill,
    }
}

/// The centre of a cell, in millimetres.
fn centre(set: &MarkSet, cell_index: usize, at: Placement, cell: f64) -> (f64, f64) {
    let n = set.size();
    let (r, c) = ((cell_index / n) as f64, (cell_index % n) as f64);
    (at.x + (c + 0.5) * cell, at.y + (r + 0.5) * cell)
}

/// The midpoint of the edge between a mark's two cells.
fn edge_midpoint(set: &MarkSet, mark: &Mark, at: Placement, cell: f64) -> (f64, f64) {
    let (ax, ay) = centre(set, mark.cells[0], at, cell);
    let (bx, by) = centre(set, mark.cells[1], at, cell);
    ((ax + bx) / 2.0, (ay + by) / 2.0)
}

/// A circle as a polygon of 32 sides.
fn circle(cx: f64, cy: f64, r: f64, fill: Option<Paint>, stroke: Option<(f64, Paint)>) -> Item {
    let points = (0..32)
        .map(|i| {
            let a = f64::from(i) * std::f64::consts::TAU / 32.0;
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect();
    Item::Polygon {
        points,
        fill,
        stroke,
    }
}

fn dot(scene: &mut Scene, pen: &Pen, mark: &Mark) {
    let (set, at, cell, style) = (pen.set, pen.at, pen.cell, pen.style);
    let (x, y) = edge_midpoint(set, mark, at, cell);
    let fill = match mark.kind {
        MarkKind::Black => Paint::BLACK,
        _ => Paint::Grey(1.0),
    };
    let ring = (style.thin * 1.2).max(0.15);
    scene.push(circle(
        x,
        y,
        cell * DOT_RADIUS * style.marks_scale,
        Some(fill),
        Some((ring, Paint::BLACK)),
    ));
}

fn letter(scene: &mut Scene, pen: &Pen, mark: &Mark) {
    let (set, at, cell, style) = (pen.set, pen.at, pen.cell, pen.style);
    let (x, y) = edge_midpoint(set, mark, at, cell);
    let half = cell * XV_GROUND * style.marks_scale;
    scene.push(square(x, y, half, Paint::Grey(1.0)));
    let size = cell * XV_SIZE * style.marks_scale / style.cap_height.max(0.5);
    scene.push(Item::Text {
        x,
        y: y + cell * XV_SIZE * style.marks_scale / 2.0,
        size,
        bold: true,
        anchor: Anchor::Middle,
        paint: Paint::BLACK,
        text: match mark.kind {
            MarkKind::X => "X".into(),
            _ => "V".into(),
        },
    });
}

fn parity(scene: &mut Scene, pen: &Pen, mark: &Mark) {
    let (set, at, cell) = (pen.set, pen.at, pen.cell);
    let (x, y) = centre(set, mark.cells[0], at, cell);
    let half = cell * (0.5 - PARITY_INSET);
    let grey = Paint::Grey(PARITY_GREY);
    match mark.kind {
        MarkKind::Even => scene.push(square(x, y, half, grey)),
        _ => scene.push(circle(x, y, half, Some(grey), None)),
    }
}

/// A minimum or maximum: the cell lightly shaded, a chevron on each inner edge pointing in
/// (minimum: the neighbours are larger, the arrows point at the smallest) or out (maximum).
fn extreme(scene: &mut Scene, pen: &Pen, mark: &Mark) {
    let (set, at, cell, style) = (pen.set, pen.at, pen.cell, pen.style);
    let (x, y) = centre(set, mark.cells[0], at, cell);
    let half = cell / 2.0;
    scene.push(square(x, y, half, Paint::Grey(EXTREME_GREY)));
    let inward = mark.kind == MarkKind::Minimum;
    let scale = style.marks_scale;
    let (depth, wide) = (cell * CHEVRON_DEPTH * scale, cell * CHEVRON_HALF * scale);
    let edge = half - cell * 0.06;
    let n = set.size();
    let (row, col) = (mark.cells[0] / n, mark.cells[0] % n);
    let inside = [row > 0, col + 1 < n, row + 1 < n, col > 0];
    let sides = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)];
    // A chevron on each side with a neighbour (none on the grid's border).
    for (dx, dy) in sides
        .into_iter()
        .zip(inside)
        .filter(|(_, i)| *i)
        .map(|(d, _)| d)
    {
        let (ex, ey) = (x + dx * edge, y + dy * edge);
        let (tip, base) = match inward {
            true => ((ex - dx * depth, ey - dy * depth), (ex, ey)),
            false => ((ex, ey), (ex - dx * depth, ey - dy * depth)),
        };
        let (px, py) = (-dy, dx);
        let points = [
            (base.0 + px * wide, base.1 + py * wide),
            tip,
            (base.0 - px * wide, base.1 - py * wide),
        ];
        for pair in points.windows(2) {
            scene.push(Item::Line {
                x1: pair[0].0,
                y1: pair[0].1,
                x2: pair[1].0,
                y2: pair[1].1,
                width: (style.thin * 2.0).max(0.25),
                paint: Paint::Grey(0.2),
            });
        }
    }
}

fn quadruple(scene: &mut Scene, pen: &Pen, mark: &Mark) {
    let (set, at, cell, style) = (pen.set, pen.at, pen.cell, pen.style);
    let (x, y) = centre(set, mark.cells[0], at, cell);
    let (x, y) = (x + cell / 2.0, y + cell / 2.0);
    let ring = (style.thin * 1.2).max(0.15);
    scene.push(circle(
        x,
        y,
        cell * QUAD_RADIUS * style.marks_scale,
        Some(Paint::Grey(1.0)),
        Some((ring, Paint::BLACK)),
    ));
    let quad_digit = QUAD_DIGIT * style.marks_scale;
    let size = cell * quad_digit / style.cap_height.max(0.5);
    let step = cell * 0.105 * style.marks_scale;
    let places: &[(f64, f64)] = match mark.digits.len() {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, 0.0), (1.0, 0.0)],
        3 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 1.0)],
        _ => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
    };
    for (&digit, &(dx, dy)) in mark.digits.iter().zip(places) {
        scene.push(Item::Text {
            x: x + dx * step,
            y: y + dy * step + cell * quad_digit / 2.0,
            size,
            bold: false,
            anchor: Anchor::Middle,
            paint: Paint::BLACK,
            text: digit.to_string(),
        });
    }
}
