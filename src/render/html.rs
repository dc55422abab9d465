//! A self-contained HTML page showing a grid: thin cell lines, thick lines along box or region
//! edges, shaded window boxes and diagonal cells, givens in bold and solved digits in blue, with
//! an optional list of solving steps. No scripts, no external files.

use super::grid::blocks;
use crate::grid::{Geometry, Grid, HouseKind, MultiShape, digit_symbol};
pub(crate) use sudoku_draw::svg_text::escape;

/// Cells that belong to a window or a diagonal house (shaded).
fn shaded(geo: &Geometry) -> (Vec<bool>, Vec<bool>) {
    let mut window = vec![false; geo.cell_count()];
    let mut diagonal = vec![false; geo.cell_count()];
    for house in geo.houses() {
        let target = match house.kind {
            HouseKind::Window(_) => &mut window,
            HouseKind::Diagonal | HouseKind::AntiDiagonal => &mut diagonal,
            _ => continue,
        };
        for &cell in &house.cells {
            target[cell] = true;
        }
    }
    if geo.variant().multi == Some(MultiShape::Butterfly) {
        // A Butterfly fills its square: the cells its grids share are shaded, as in print.
        for (cell, shaded) in window.iter_mut().enumerate() {
            let grids = geo.houses_of(cell).iter();
            let rows = grids.filter(|&&h| matches!(geo.houses()[h].kind, HouseKind::GridRow(..)));
            *shaded = rows.count() > 1;
        }
    }
    (window, diagonal)
}

/// What the cell styles need to know about the geometry, computed once per page.
struct Decorations<'a> {
    geo: &'a Geometry,
    block: Vec<usize>,
    window: Vec<bool>,
    diagonal: Vec<bool>,
}

impl Decorations<'_> {
    fn new(geo: &Geometry) -> Decorations<'_> {
        let (window, diagonal) = shaded(geo);
        Decorations {
            geo,
            block: blocks(geo),
            window,
            diagonal,
        }
    }
}

/// The CSS classes of one cell: thick borders where the block changes, shading, digit style.
fn cell_classes(deco: &Decorations, cell: usize, givens: &Grid, state: &Grid) -> String {
    let Decorations {
        geo,
        block,
        window,
        diagonal,
    } = deco;
    let (row, col) = geo.row_col(cell);
    let (rows, cols) = geo.extent();
    // Thick where the next cell is in another block; in a multi-grid frame also where there is
    // no next cell (a square grid has its outline from the page's border instead).
    let frame = geo.frame().is_some();
    let edge = |next: Option<usize>, inside: bool| match next {
        Some(next) => block[cell] != block[next],
        None => frame && inside,
    };
    let mut classes = vec!["c"];
    if edge(geo.cell_at(row, col + 1), true) && (frame || col + 1 < cols) {
        classes.push("tr");
    }
    if edge(geo.cell_at(row + 1, col), true) && (frame || row + 1 < rows) {
        classes.push("tb");
    }
    if frame && (col == 0 || geo.cell_at(row, col - 1).is_none()) {
        classes.push("tl");
    }
    if frame && (row == 0 || geo.cell_at(row - 1, col).is_none()) {
        classes.push("tt");
    }
    if window[cell] {
        classes.push("w");
    } else if diagonal[cell] {
        classes.push("d");
    }
    if givens.get(cell) != 0 {
        classes.push("g");
    } else if state.get(cell) != 0 {
        classes.push("s");
    }
    classes.join(" ")
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em;color:#111}\
.grid{display:inline-grid;border:3px solid #111;margin:1em 0}\
.c{width:2.2em;height:2.2em;display:flex;align-items:center;justify-content:center;\
border-right:1px solid #999;border-bottom:1px solid #999;font-size:1.3em;box-sizing:border-box}\
.tr{border-right:3px solid #111}.tb{border-bottom:3px solid #111}\
.tl{border-left:3px solid #111}.tt{border-top:3px solid #111}.x{width:2.2em;height:2.2em}\
.grid.frame{border:none}\
.w{background:#d9d9d9}.d{background:#ececec}.g{font-weight:bold}.s{color:#1f5fbf}\
.legend span{display:inline-block;margin-right:1.5em}ol{font-size:.95em;line-height:1.5}";

/// A page with a title, a status line, the grid (`state` drawn over `givens`) and the steps.
pub fn grid_page(
    title: &str,
    status: &str,
    geo: &Geometry,
    givens: &Grid,
    state: &Grid,
    steps: &[String],
) -> String {
    let (rows, cols) = geo.extent();
    let deco = Decorations::new(geo);
    let mut cells = String::new();
    for (row, col) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
        let Some(cell) = geo.cell_at(row, col) else {
            cells.push_str("<div class=\"x\"></div>");
            continue;
        };
        let value = state.get(cell).max(givens.get(cell));
        let text = if value == 0 {
            String::new()
        } else {
            digit_symbol(value).to_string()
        };
        let classes = cell_classes(&deco, cell, givens, state);
        cells.push_str(&format!("<div class=\"{classes}\">{text}</div>"));
    }
    let grid_class = if geo.frame().is_some() {
        "grid frame"
    } else {
        "grid"
    };
    let steps_html: String = steps
        .iter()
        .map(|s| format!("<li>{}</li>", escape(s)))
        .collect();
    let steps_section = if steps.is_empty() {
        String::new()
    } else {
        format!("<h2>Steps</h2><ol>{steps_html}</ol>")
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
<style>{STYLE}</style></head><body><h1>{title}</h1><p>{status}</p>\
<div class=\"{grid_class}\" style=\"grid-template-columns:repeat({cols},2.2em)\">{cells}</div>\
<p class=\"legend\"><span><b>bold</b>: given</span><span style=\"color:#1f5fbf\">blue: solved</span>\
<span>{variant}</span></p>{steps_section}</body></html>\n",
        title = escape(title),
        status = escape(status),
        variant = escape(&geo.describe()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::text::parse_line;

    #[test]
    fn page_draws_every_cell_with_its_style() {
        let geo = Geometry::new(4, "window".parse().unwrap(), None, None).unwrap();
        let givens = parse_line("1...............", 1, None).unwrap();
        let state = parse_line("12..............", 1, None).unwrap();
        let page = grid_page("T <1>", "partly", &geo, &givens, &state, &["a & b".into()]);
        assert_eq!(page.matches("<div class=\"c").count(), 16);
        assert!(page.contains("<div class=\"c g\">1</div>"), "{page}");
        assert!(page.contains("<div class=\"c tr s\">2</div>"), "{page}");
        assert!(page.contains("<div class=\"c tr tb w\"></div>"), "{page}");
        assert!(page.contains("class=\"c w\""), "window cells are shaded");
        assert!(page.contains("T &lt;1&gt;"));
        assert!(page.contains("<li>a &amp; b</li>"));
    }

    #[test]
    fn a_samurai_page_leaves_the_frame_empty_where_there_is_no_cell() {
        let geo = Geometry::new(9, "samurai".parse().unwrap(), None, None).unwrap();
        let empty = geo.empty_grid();
        let page = grid_page("S", "", &geo, &empty, &empty, &[]);
        assert_eq!(page.matches("<div class=\"c").count(), 369);
        assert_eq!(page.matches("<div class=\"x\"></div>").count(), 441 - 369);
        assert!(page.contains("grid-template-columns:repeat(21,2.2em)"));
        // r1c1: thick left and top (frame outline); r1c9: thick right (no cell at r1c10).
        assert!(page.contains("<div class=\"c tl tt\"></div>"), "{page}");
        assert!(page.contains("<div class=\"c tr tt\"></div>"), "{page}");
    }
}
