//! The playable page's drawing of a shape: its grid's shading and lines, killer cages and the
//! modern kinds' marks, drawn by the same code as the printed page ([`draw_grid`],
//! [`draw_marks`](crate::marks::draw_marks)) and written as SVG paths, one per kind of stroke or
//! fill, in a square of [`CELL`] units a cell.

use sudoku_engine::grid::Geometry;

use crate::grid::{GridStyle, Placement, draw_grid};
use crate::scene::{Item, Paint, Scene};
use crate::svg_text::{css, escape, num as n};

/// Side of one cell in the drawing's units (the page scales the drawing to the board).
const CELL: f64 = 10.0;

/// The least side of a drawing: grids under 9×9 are drawn as large as a 9×9, so their lines are
/// as thin on the board as a 9×9's (a 4×4 drawn 40 units wide had box lines of 12 px).
const LEAST_SIDE: f64 = 9.0 * CELL;

/// The side of a shape's drawing: [`CELL`] a cell of its frame, at least [`LEAST_SIDE`].
pub fn drawing_side(geo: &Geometry) -> f64 {
    let (rows, cols) = geo.extent();
    (CELL * rows.max(cols) as f64).max(LEAST_SIDE)
}

/// The grid's shading and lines, drawn by [`draw_grid`] (as on the printed page) and written as
/// SVG paths, one per kind of stroke or fill, then its marks.
pub fn drawing(geo: &Geometry) -> String {
    let side = drawing_side(geo);
    let mut scene = Scene::new(side, side);
    let at = Placement {
        x: 0.0,
        y: 0.0,
        side,
    };
    let style = GridStyle {
        marks: false,
        ..GridStyle::default()
    };
    draw_grid(&mut scene, geo, &geo.empty_grid(), None, at, &style);
    let mut fills: Vec<(String, String)> = Vec::new();
    let mut strokes: Vec<((String, String, String), String)> = Vec::new();
    let mut texts = String::new();
    for item in &scene.items {
        match item {
            &Item::Rect { x, y, w, h, fill } => {
                entry(&mut fills, css(fill)).push_str(&rect_path(x, y, w, h));
            }
            &Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                paint: ink,
            } => stroke(&mut strokes, [x1, y1, x2, y2], width, ink, None),
            &Item::Dashed {
                x1,
                y1,
                x2,
                y2,
                width,
                paint: ink,
                dash,
            } => stroke(&mut strokes, [x1, y1, x2, y2], width, ink, Some(dash)),
            Item::Text {
                x, y, size, text, ..
            } => texts.push_str(&format!(
                r#"<text x="{}" y="{}" font-size="{}">{}</text>"#,
                n(*x),
                n(*y),
                n(*size),
                escape(text)
            )),
            _ => {}
        }
    }
    let mut svg = String::new();
    for (colour, d) in fills {
        svg.push_str(&format!(r#"<path fill="{colour}" d="{d}"/>"#));
    }
    for ((width, colour, dash), d) in strokes {
        let style = if dash.is_empty() {
            r#"stroke-linecap="square""#.to_string()
        } else {
            format!(r#"stroke-dasharray="{dash}""#)
        };
        svg.push_str(&format!(
            r#"<path fill="none" stroke="{colour}" stroke-width="{width}" {style} d="{d}"/>"#
        ));
    }
    svg.push_str(&texts);
    svg.push_str(&marks_drawing(geo, at, &style));
    svg
}

/// The modern kinds' marks over the board, in the order they are painted (a dot's white fill
/// over the grid line it sits on).
fn marks_drawing(geo: &Geometry, at: Placement, style: &GridStyle) -> String {
    let (rows, cols) = geo.extent();
    let mut scene = Scene::new(at.side, at.side);
    let cell = at.side / rows.max(cols) as f64;
    crate::marks::draw_marks(&mut scene, geo, at, cell, style);
    let mut svg = String::new();
    for item in &scene.items {
        match item {
            &Item::Rect { x, y, w, h, fill } => svg.push_str(&format!(
                r#"<path fill="{}" d="{}"/>"#,
                css(fill),
                rect_path(x, y, w, h)
            )),
            Item::Polygon {
                points,
                fill,
                stroke,
            } => {
                let d: Vec<String> = points.iter().map(|&(x, y)| format!("{} {}", n(x), n(y))).collect();
                let fill = fill.map_or_else(|| "none".to_string(), css);
                let line = stroke.map_or_else(String::new, |(width, ink)| {
                    format!(r#" stroke="{}" stroke-width="{}""#, css(ink), n(width))
                });
                svg.push_str(&format!(r#"<path fill="{fill}"{line} d="M{}Z"/>"#, d.join("L")));
            }
            &Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                paint,
            } => svg.push_str(&format!(
                r#"<path fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" d="M{} {}L{} {}"/>"#,
                css(paint),
                n(width),
                n(x1),
                n(y1),
                n(x2),
                n(y2)
            )),
            Item::Text {
                x, y, size, text, bold, ..
            } => svg.push_str(&format!(
                r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle"{}>{}</text>"#,
                n(*x),
                n(*y),
                n(*size),
                if *bold { r#" font-weight="bold""# } else { "" },
                escape(text)
            )),
            // A cage without a sum: the killer's dashed outline.
            &Item::Dashed {
                x1,
                y1,
                x2,
                y2,
                width,
                paint,
                dash,
            } => svg.push_str(&format!(
                r#"<path fill="none" stroke="{}" stroke-width="{}" stroke-dasharray="{}" d="M{} {}L{} {}"/>"#,
                css(paint),
                n(width),
                n(dash),
                n(x1),
                n(y1),
                n(x2),
                n(y2)
            )),
            _ => {}
        }
    }
    svg
}

/// A rectangle as an SVG path.
fn rect_path(x: f64, y: f64, w: f64, h: f64) -> String {
    format!("M{} {}h{}v{}h{}z", n(x), n(y), n(w), n(h), n(-w))
}

/// Adds a line to the path of its kind of stroke (width, ink and dash).
fn stroke(
    strokes: &mut Vec<((String, String, String), String)>,
    [x1, y1, x2, y2]: [f64; 4],
    width: f64,
    ink: Paint,
    dash: Option<f64>,
) {
    let key = (n(width), css(ink), dash.map(n).unwrap_or_default());
    let path = entry(strokes, key);
    path.push_str(&format!("M{} {}L{} {}", n(x1), n(y1), n(x2), n(y2)));
}

/// The path collected for `key`, created empty on first use (in first-use order).
fn entry<K: PartialEq>(list: &mut Vec<(K, String)>, key: K) -> &mut String {
    let at = match list.iter().position(|(k, _)| *k == key) {
        Some(at) => at,
        None => {
            list.push((key, String::new()));
            list.len() - 1
        }
    };
    &mut list[at].1
}
