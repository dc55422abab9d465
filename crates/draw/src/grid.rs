//! A puzzle grid drawn into a scene: shaded window boxes (and diagonal cells when asked), thin
//! cell lines, thick lines along box or jigsaw-region edges and the border, diagonal lines, and
//! the digits — givens bold, solved digits regular.

use super::scene::{Anchor, Grey, Item, Paint, Scene};
pub use crate::style::GridStyle;
use crate::style::{cage_sum_size, digit_size};
use crate::symbols::{Glyph, Shape};
use sudoku_engine::grid::{Geometry, Grid, HouseKind, MultiShape};

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
    let (rows, cols) = geo.extent();
    let cell = at.side / rows.max(cols) as f64;
    shade_cells(scene, geo, at, cell, style);
    if geo.frame().is_some() {
        draw_frame_lines(scene, geo, at, cell, style);
        outline_subgrids(scene, geo, at, cell, style);
    } else {
        draw_lines(scene, geo, at, cell, style);
        draw_diagonals(scene, geo, (givens, solution), at, cell, style);
    }
    draw_constraints(scene, geo, at, cell, style);
    draw_digits(scene, geo, givens, solution, at, cell, style);
}

/// The marks of the rules beyond houses: cage outlines and sums, then the modern kinds' marks.
fn draw_constraints(
    scene: &mut Scene,
    geo: &Geometry,
    at: Placement,
    cell: f64,
    style: &GridStyle,
) {
    if let (Some(cages), true) = (geo.cages(), style.cages) {
        draw_cages(scene, cages, at, cell, style);
    }
    if style.marks {
        super::marks::draw_marks(scene, geo, at, cell, style);
    }
}

/// How far a cage outline sits inside the cell edges, and the dash length, relative to the cell.
const CAGE_INSET: f64 = 0.1;
const CAGE_DASH: f64 = 0.06;
/// Ink of cage outlines (0 black, 1 white).
const CAGE_GREY: f64 = 0.2;

/// The space around a cage sum, relative to the cell.
const SUM_PAD: f64 = 0.04;

/// The corner a cage's sum takes in its first cell, `(width, height)` in cell units.
fn sum_corner(sum: u32, cell: f64, style: &GridStyle) -> (f64, f64) {
    let size = cage_sum_size(cell);
    let pad = cell * SUM_PAD;
    let digits = sum.to_string().len() as f64;
    (
        (pad * 2.0 + size * 0.58 * digits) / cell,
        (pad * 2.0 + size * style.cap_height * 1.1) / cell,
    )
}

/// How much of a cell's diagonal a digit keeps clear, from its middle on either side (in
/// cell units along the diagonal): the line stops short of every digit on it.
const DIGIT_CLEAR: f64 = 0.28;

/// The diagonal lines of a diagonal variant, stopping short of every digit on them (a given
/// crossed by a line looks struck out) and of every cage sum in a cell's top-left corner.
fn draw_diagonals(
    scene: &mut Scene,
    geo: &Geometry,
    (givens, solution): (&Grid, Option<&Grid>),
    at: Placement,
    cell: f64,
    style: &GridStyle,
) {
    if !geo.variant().diagonal || style.shade_diagonals {
        return;
    }
    let n = geo.size();
    let filled = |c: usize| givens.get(c) != 0 || solution.is_some_and(|s| s.get(c) != 0);
    let digit_gap = |i: usize| (i as f64 + 0.5 - DIGIT_CLEAR, i as f64 + 0.5 + DIGIT_CLEAR);
    let mut main: Vec<(f64, f64)> = diagonal_gaps(geo, cell, style)
        .into_iter()
        .map(|(i, clear)| (i as f64, i as f64 + clear))
        .collect();
    main.extend((0..n).filter(|&i| filled(i * n + i)).map(digit_gap));
    let anti: Vec<(f64, f64)> = (0..n)
        .filter(|&i| filled(i * n + (n - 1 - i)))
        .map(digit_gap)
        .collect();
    let segment = |t1: f64, t2: f64, anti: bool| {
        let x = |t: f64| match anti {
            true => at.x + (n as f64 - t) * cell,
            false => at.x + t * cell,
        };
        Item::Line {
            x1: x(t1),
            y1: at.y + t1 * cell,
            x2: x(t2),
            y2: at.y + t2 * cell,
            width: style.thin,
            paint: Paint::Grey(style.diagonal_grey),
        }
    };
    for (gaps, anti) in [(main, false), (anti, true)] {
        for (t1, t2) in runs_between(gaps, n as f64) {
            scene.push(segment(t1, t2, anti));
        }
    }
}

/// The stretches of `0..len` that no gap covers, in order.
fn runs_between(mut gaps: Vec<(f64, f64)>, len: f64) -> Vec<(f64, f64)> {
    gaps.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut runs = Vec::new();
    let mut from = 0.0;
    for (start, end) in gaps {
        if start > from + 1e-9 {
            runs.push((from, start));
        }
        from = f64::max(from, end);
    }
    if len > from + 1e-9 {
        runs.push((from, len));
    }
    runs
}

/// The main-diagonal cells that carry a drawn cage sum, in order, each with how far (in cell
/// units, from its top-left corner along the diagonal) the line keeps clear of the sum.
fn diagonal_gaps(geo: &Geometry, cell: f64, style: &GridStyle) -> Vec<(usize, f64)> {
    let (Some(cages), true) = (geo.cages(), style.cages) else {
        return Vec::new();
    };
    let n = geo.size();
    let mut gaps: Vec<(usize, f64)> = cages
        .cages()
        .iter()
        .filter(|cage| cage.cells[0] % (n + 1) == 0)
        .map(|cage| {
            let (w, h) = sum_corner(cage.sum, cell, style);
            (cage.cells[0] / n, w.min(h) * 1.15)
        })
        .collect();
    gaps.sort_by_key(|&(i, _)| i);
    gaps
}

/// Killer cages: a dashed outline inset inside the cell edges (printed books' convention), and
/// the sum small in the top-left corner of the cage's first cell, on a white patch that
/// interrupts the outline.
fn draw_cages(
    scene: &mut Scene,
    cages: &sudoku_engine::grid::CageSet,
    at: Placement,
    cell: f64,
    style: &GridStyle,
) {
    let n = cages.size();
    let width = style.thin;
    let dash = (cell * CAGE_DASH).max(0.6);
    for (index, cage) in cages.cages().iter().enumerate() {
        let inside = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < n
                && (c as usize) < n
                && cages.cage_of(r as usize * n + c as usize) == index
        };
        let first = cage.cells[0];
        let (r, c) = ((first / n) as f64, (first % n) as f64);
        let size = cage_sum_size(cell);
        let text = cage.sum.to_string();
        let pad = cell * SUM_PAD;
        // The sum's corner, in cell units: the outline stops short of it.
        let label = sum_corner(cage.sum, cell, style);
        let outline = clear_label(merge(cage_outline(&cage.cells, n, &inside)), (c, r), label);
        for (x1, y1, x2, y2) in outline {
            scene.push(Item::Dashed {
                x1: at.x + x1 * cell,
                y1: at.y + y1 * cell,
                x2: at.x + x2 * cell,
                y2: at.y + y2 * cell,
                width,
                paint: Paint::Grey(CAGE_GREY),
                dash,
            });
        }
        scene.push(Item::Text {
            x: at.x + c * cell + pad,
            y: at.y + r * cell + pad + size * style.cap_height,
            size,
            bold: false,
            anchor: Anchor::Start,
            paint: Paint::BLACK,
            text,
        });
    }
}

/// A cage without a sum: the killer cage's dashed, inset outline, with no corner left clear.
pub(super) fn draw_plain_cage(
    scene: &mut Scene,
    cells: &[usize],
    n: usize,
    at: Placement,
    cell: f64,
    style: &GridStyle,
) {
    let inside = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < n
            && (c as usize) < n
            && cells.binary_search(&(r as usize * n + c as usize)).is_ok()
    };
    let dash = (cell * CAGE_DASH).max(0.6);
    for (x1, y1, x2, y2) in merge(cage_outline(cells, n, &inside)) {
        scene.push(Item::Dashed {
            x1: at.x + x1 * cell,
            y1: at.y + y1 * cell,
            x2: at.x + x2 * cell,
            y2: at.y + y2 * cell,
            width: style.thin,
            paint: Paint::Grey(CAGE_GREY),
            dash,
        });
    }
}

/// The outline with the sum's corner `(w, h)` (cell units) at the cage's top-left cell
/// `corner` left clear: the top line starts right of it, the left line below it. (The first
/// cell of a cage always has the cage's border above and to the left.)
fn clear_label(
    segments: Vec<(f64, f64, f64, f64)>,
    corner: (f64, f64),
    (w, h): (f64, f64),
) -> Vec<(f64, f64, f64, f64)> {
    let (cx, cy) = corner;
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    segments
        .into_iter()
        .filter_map(|(x1, y1, x2, y2)| {
            let top = close(y1, y2) && close(y1, cy + CAGE_INSET) && x1 < cx + w && x2 > cx;
            let left = close(x1, x2) && close(x1, cx + CAGE_INSET) && y1 < cy + h && y2 > cy;
            let s = match (top, left) {
                (true, _) => (cx + w, y1, x2, y2),
                (_, true) => (x1, cy + h, x2, y2),
                _ => (x1, y1, x2, y2),
            };
            // A side shorter than the label is left out.
            (s.2 - s.0 > 1e-9 || s.3 - s.1 > 1e-9).then_some(s)
        })
        .collect()
}

/// The inset outline of one cage as segments `(x1, y1, x2, y2)` in cell units: each cell side on
/// the cage's border, moved `CAGE_INSET` inwards, its ends shortened at outer corners and
/// lengthened at inner ones so that the segments meet.
fn cage_outline(
    cells: &[usize],
    n: usize,
    inside: &dyn Fn(isize, isize) -> bool,
) -> Vec<(f64, f64, f64, f64)> {
    let d = CAGE_INSET;
    let mut segments = Vec::new();
    // The end offset along a side: inwards at an outer corner, outwards at an inner one.
    let end = |open_side: bool, diagonal: bool| {
        if !open_side {
            d
        } else if diagonal {
            -d
        } else {
            0.0
        }
    };
    for &cell in cells {
        let (r, c) = ((cell / n) as isize, (cell % n) as isize);
        let (x0, y0, x1, y1) = (c as f64, r as f64, c as f64 + 1.0, r as f64 + 1.0);
        let (left, right) = (inside(r, c - 1), inside(r, c + 1));
        let (up, down) = (inside(r - 1, c), inside(r + 1, c));
        if !up {
            let a = end(left, inside(r - 1, c - 1));
            let b = end(right, inside(r - 1, c + 1));
            segments.push((x0 + a, y0 + d, x1 - b, y0 + d));
        }
        if !down {
            let a = end(left, inside(r + 1, c - 1));
            let b = end(right, inside(r + 1, c + 1));
            segments.push((x0 + a, y1 - d, x1 - b, y1 - d));
        }
        if !left {
            let a = end(up, inside(r - 1, c - 1));
            let b = end(down, inside(r + 1, c - 1));
            segments.push((x0 + d, y0 + a, x0 + d, y1 - b));
        }
        if !right {
            let a = end(up, inside(r - 1, c + 1));
            let b = end(down, inside(r + 1, c + 1));
            segments.push((x1 - d, y0 + a, x1 - d, y1 - b));
        }
    }
    segments
}

/// Joins segments that continue each other on one straight line (fewer, longer dashed lines).
fn merge(segments: Vec<(f64, f64, f64, f64)>) -> Vec<(f64, f64, f64, f64)> {
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    let (mut across, mut down): (Vec<_>, Vec<_>) =
        segments.into_iter().partition(|s| close(s.1, s.3));
    let order = |a: f64, b: f64| a.partial_cmp(&b).unwrap_or(std::cmp::Ordering::Equal);
    across.sort_by(|a, b| order(a.1, b.1).then(order(a.0, b.0)));
    down.sort_by(|a, b| order(a.0, b.0).then(order(a.1, b.1)));
    let mut merged: Vec<(f64, f64, f64, f64)> = Vec::new();
    for s in across {
        match merged.last_mut() {
            Some(last) if close(last.1, s.1) && close(last.2, s.0) => last.2 = s.2,
            _ => merged.push(s),
        }
    }
    let start = merged.len();
    for s in down {
        match merged[start..].last_mut() {
            Some(last) if close(last.0, s.0) && close(last.3, s.1) => last.3 = s.3,
            _ => merged.push(s),
        }
    }
    merged
}

fn shade_cells(scene: &mut Scene, geo: &Geometry, at: Placement, cell: f64, style: &GridStyle) {
    if geo.variant().multi == Some(MultiShape::Butterfly) {
        shade_overlaps(scene, geo, at, cell, style);
    }
    if style.region_shade > 0.0 {
        shade_regions(scene, geo, at, cell, style.region_shade);
    }
    for house in geo.houses() {
        let shade: Grey = match house.kind {
            HouseKind::Window(_) => 1.0 - style.window_shade,
            HouseKind::Diagonal | HouseKind::AntiDiagonal if style.shade_diagonals => {
                1.0 - style.diagonal_shade
            }
            _ => continue,
        };
        for &c in &house.cells {
            shade_cell(scene, geo, (at, cell), c, shade);
        }
    }
}

/// Cell `c` filled with `grey`.
fn shade_cell(
    scene: &mut Scene,
    geo: &Geometry,
    (at, cell): (Placement, f64),
    c: usize,
    grey: Grey,
) {
    let (r, k) = geo.row_col(c);
    scene.push(Item::Rect {
        x: at.x + k as f64 * cell,
        y: at.y + r as f64 * cell,
        w: cell,
        h: cell,
        fill: Paint::Grey(grey),
    });
}

/// Jigsaw regions in light greys (`[style] jigsaw_shading`): the regions' map coloured so that
/// no two regions sharing an edge look alike (greedily, in region order: the first region
/// stays white), each colour after white a shade step darker than the one before.
fn shade_regions(scene: &mut Scene, geo: &Geometry, at: Placement, cell: f64, lightest: f64) {
    let colours = region_colours(geo);
    for (c, &colour) in colours.iter().enumerate() {
        if colour == 0 {
            continue;
        }
        let ink = lightest + (colour - 1) as f64 * crate::style::REGION_SHADE_STEP;
        shade_cell(scene, geo, (at, cell), c, 1.0 - ink.min(0.5));
    }
}

/// Each cell's colour (0 = white) in a colouring of the jigsaw regions where regions that
/// share an edge differ, with as few colours as the map allows (two, three, else four).
fn region_colours(geo: &Geometry) -> Vec<usize> {
    let region_of = |c: usize| {
        geo.houses_of(c)
            .iter()
            .find_map(|&h| match geo.houses()[h].kind {
                HouseKind::Region(r) => Some(r),
                _ => None,
            })
    };
    let cells: Vec<Option<usize>> = (0..geo.cell_count()).map(region_of).collect();
    let regions = cells.iter().flatten().max().map_or(0, |&r| r + 1);
    let mut neighbours = vec![Vec::new(); regions];
    for (c, region) in cells.iter().enumerate() {
        let Some(a) = *region else { continue };
        let (r, k) = geo.row_col(c);
        for next in [geo.cell_at(r, k + 1), geo.cell_at(r + 1, k)]
            .into_iter()
            .flatten()
        {
            if let Some(b) = cells[next]
                && a != b
            {
                neighbours[a].push(b);
                neighbours[b].push(a);
            }
        }
    }
    let colour = (2..=4)
        .find_map(|colours| colour_map(&neighbours, colours))
        .unwrap_or_else(|| greedy_colours(&neighbours));
    cells
        .iter()
        .map(|region| region.map_or(0, |r| colour[r]))
        .collect()
}

/// A colouring of the regions' map with at most `colours` colours, found by backtracking in
/// region order (the first region white), or `None` when there is none or the search runs
/// past its budget.
fn colour_map(neighbours: &[Vec<usize>], colours: usize) -> Option<Vec<usize>> {
    const BUDGET: usize = 100_000;
    fn place(
        region: usize,
        neighbours: &[Vec<usize>],
        colours: usize,
        colour: &mut [usize],
        steps: &mut usize,
    ) -> bool {
        if region == colour.len() {
            return true;
        }
        for c in 0..colours {
            *steps += 1;
            if *steps > BUDGET {
                return false;
            }
            if neighbours[region].iter().all(|&n| colour[n] != c) {
                colour[region] = c;
                if place(region + 1, neighbours, colours, colour, steps) {
                    return true;
                }
            }
        }
        colour[region] = usize::MAX;
        false
    }
    let mut colour = vec![usize::MAX; neighbours.len()];
    let mut steps = 0;
    place(0, neighbours, colours, &mut colour, &mut steps).then_some(colour)
}

/// Each region, in order, takes the least colour no neighbour has.
fn greedy_colours(neighbours: &[Vec<usize>]) -> Vec<usize> {
    let mut colour = vec![usize::MAX; neighbours.len()];
    for region in 0..neighbours.len() {
        let taken: Vec<usize> = neighbours[region].iter().map(|&n| colour[n]).collect();
        colour[region] = (0..).find(|c| !taken.contains(c)).unwrap_or(0);
    }
    colour
}

/// A Butterfly fills its square frame, so its four 9×9 grids are shown by shading: cells in two
/// grids lightly, the centre that all four share darker (at most the window shade).
fn shade_overlaps(scene: &mut Scene, geo: &Geometry, at: Placement, cell: f64, style: &GridStyle) {
    let grids = geo.squares().len();
    for c in 0..geo.cell_count() {
        let rows = geo.houses_of(c).iter();
        let shared = rows
            .filter(|&&h| matches!(geo.houses()[h].kind, HouseKind::GridRow(..)))
            .count();
        if shared < 2 {
            continue;
        }
        let depth = style.window_shade * (shared - 1) as f64 / (grids - 1) as f64;
        shade_cell(scene, geo, (at, cell), c, 1.0 - depth);
    }
}

/// The block (box or region) of every cell, as an index into the geometry's houses.
pub fn blocks(geo: &Geometry) -> Vec<usize> {
    let mut block = vec![0; geo.cell_count()];
    for (index, house) in geo.houses().iter().enumerate() {
        if house.kind.is_block() {
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
        paint: Paint::BLACK,
    };
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

/// The lines of a multi-grid frame: every cell edge, thin inside a box and thick along box
/// edges and the frame's outline (where a cell meets a position without one), merged into
/// the longest straight runs; thin lines first, so that thick ones are drawn over them.
fn draw_frame_lines(
    scene: &mut Scene,
    geo: &Geometry,
    at: Placement,
    cell: f64,
    style: &GridStyle,
) {
    let (rows, cols) = geo.extent();
    let block = blocks(geo);
    let line = |x1: f64, y1: f64, x2: f64, y2: f64, width: f64| Item::Line {
        x1,
        y1,
        x2,
        y2,
        width,
        paint: Paint::BLACK,
    };
    // An edge between two positions: `None` when neither holds a cell, else whether it is thick.
    let edge = |a: Option<usize>, b: Option<usize>| match (a, b) {
        (None, None) => None,
        (Some(a), Some(b)) => Some(block[a] != block[b]),
        _ => Some(true),
    };
    let before = |k: usize| k.checked_sub(1);
    let at_cell = |r: Option<usize>, c: Option<usize>| geo.cell_at(r?, c?);
    for thick in [false, true] {
        let width = if thick { style.thick } else { style.thin };
        for k in 0..=rows {
            let across = |c: usize| {
                edge(at_cell(before(k), Some(c)), at_cell(Some(k), Some(c))) == Some(thick)
            };
            for (from, to) in runs(cols, across) {
                let y = at.y + k as f64 * cell;
                let (x1, x2) = (at.x + from as f64 * cell, at.x + to as f64 * cell);
                scene.push(line(x1, y, x2, y, width));
            }
        }
        for k in 0..=cols {
            let down = |r: usize| {
                edge(at_cell(Some(r), before(k)), at_cell(Some(r), Some(k))) == Some(thick)
            };
            for (from, to) in runs(rows, down) {
                let x = at.x + k as f64 * cell;
                let (y1, y2) = (at.y + from as f64 * cell, at.y + to as f64 * cell);
                scene.push(line(x, y1, x, y2, width));
            }
        }
    }
}

/// How much heavier than the box lines the border of each grid of a multi-grid is drawn.
const SUBGRID_BORDER: f64 = 1.7;

/// The border of each 9×9 grid of a multi-grid, heavier than the box lines, so every grid can
/// be told apart where they overlap (a Butterfly's four fill one square).
fn outline_subgrids(
    scene: &mut Scene,
    geo: &Geometry,
    at: Placement,
    cell: f64,
    style: &GridStyle,
) {
    let Some(shape) = geo.variant().multi else {
        return;
    };
    let side = MultiShape::GRID as f64 * cell;
    let width = style.thick * SUBGRID_BORDER;
    for &(row, col) in shape.origins() {
        let (x, y) = (at.x + col as f64 * cell, at.y + row as f64 * cell);
        for [x1, y1, x2, y2] in [
            [x, y, x + side, y],
            [x, y + side, x + side, y + side],
            [x, y, x, y + side],
            [x + side, y, x + side, y + side],
        ] {
            scene.push(Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                paint: Paint::BLACK,
            });
        }
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
    let size = digit_size(cell, n) * style.digit_scale;
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
        let (r, k) = geo.row_col(c);
        let centre = (
            at.x + (k as f64 + 0.5) * cell,
            at.y + (r as f64 + 0.5) * cell,
        );
        let ink = Paint::Grey(if given != 0 { 0.0 } else { style.solved_grey });
        let glyph = style.symbols.glyph(value, None);
        push_glyph(
            scene,
            glyph,
            centre,
            size,
            (ink, given != 0),
            style.cap_height,
        );
    }
}

/// Pictures fill this share of the digit size's square (a star as tall as a digit is wide).
const PICTURE_SCALE: f64 = 1.15;

/// One value as its set prints it, centred on `(x, y)`, `size` the digit size in millimetres:
/// text (a two-character number as large as a one-character one), a filled picture, or a colour disc with its
/// shape inside in white or black, whichever reads on it. `(ink, bold)`: the grey of the text
/// or picture, and whether it is a given.
pub fn push_glyph(
    scene: &mut Scene,
    glyph: Glyph,
    (x, y): (f64, f64),
    size: f64,
    (ink, bold): (Paint, bool),
    cap_height: f64,
) {
    match glyph {
        Glyph::Text(text) => {
            // Two characters (10 to 25) print as large as one: only grids above 9×9 have them,
            // and their digit size (four fifths of a 9×9's) leaves room for two.
            scene.push(Item::Text {
                x,
                y: y + cap_height * size / 2.0,
                size,
                bold,
                anchor: Anchor::Middle,
                paint: ink,
                text: text.as_str().to_string(),
            });
        }
        Glyph::Picture(shape) => {
            scene.push(shape_item(shape, (x, y), size * PICTURE_SCALE, ink));
        }
        Glyph::Coloured(shape, colour) => {
            let (r, g, b) = colour.rgb;
            let disc = size * PICTURE_SCALE;
            scene.push(shape_item(
                Shape::Circle,
                (x, y),
                disc,
                Paint::Rgb([r, g, b]),
            ));
            let light = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b) > 140.0;
            let mark = Paint::Grey(if light { 0.0 } else { 1.0 });
            scene.push(shape_item(shape, (x, y), disc * 0.55, mark));
        }
    }
}

/// A picture's outline scaled to `side` millimetres about `(x, y)`, filled.
fn shape_item(shape: Shape, (x, y): (f64, f64), side: f64, fill: Paint) -> Item {
    Item::Polygon {
        points: shape
            .outline()
            .into_iter()
            .map(|(px, py)| (round2(x + px * side), round2(y + py * side)))
            .collect(),
        fill: Some(fill),
        stroke: None,
    }
}

/// Two decimals, so that SVG bytes stay stable.
fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outline(cells: &[usize], n: usize) -> Vec<(f64, f64, f64, f64)> {
        let inside = |r: isize, c: isize| {
            r >= 0
                && c >= 0
                && (r as usize) < n
                && (c as usize) < n
                && cells.contains(&(r as usize * n + c as usize))
        };
        merge(cage_outline(cells, n, &inside))
    }

    #[test]
    fn a_cage_outline_is_inset_and_closed() {
        let d = CAGE_INSET;
        let single = outline(&[0], 4);
        assert_eq!(single.len(), 4);
        assert!(single.contains(&(d, d, 1.0 - d, d)));
        assert!(single.contains(&(d, d, d, 1.0 - d)));
        // A domino across two cells: one long top and bottom line each.
        let domino = outline(&[0, 1], 4);
        assert_eq!(domino.len(), 4, "{domino:?}");
        assert!(domino.contains(&(d, d, 2.0 - d, d)));
        // An L (r1c1, r2c1, r2c2): six sides; the inner corner's lines meet at (1+d, 1+d)... or
        // rather at (1 - (-d)) on the x line: the ends reach past the cell edge by the inset.
        let l = outline(&[0, 4, 5], 4);
        assert_eq!(l.len(), 6, "{l:?}");
        let ends: Vec<(f64, f64)> = l.iter().flat_map(|s| [(s.0, s.1), (s.2, s.3)]).collect();
        for point in &ends {
            let meets = ends
                .iter()
                .filter(|p| (p.0 - point.0).abs() < 1e-9 && (p.1 - point.1).abs() < 1e-9);
            assert_eq!(
                meets.count(),
                2,
                "the outline is closed at {point:?}: {l:?}"
            );
        }
    }

    #[test]
    fn jigsaw_regions_that_share_an_edge_never_share_a_shade() {
        let fixture = include_str!("../../../tests/fixtures/jigsaw-9x9.regions");
        let ids: Vec<u8> = fixture.bytes().filter(u8::is_ascii_uppercase).collect();
        let map = sudoku_engine::grid::RegionMap::parse(fixture).unwrap();
        let geo = Geometry::new(9, "jigsaw".parse().unwrap(), None, Some(map)).unwrap();
        let colours = region_colours(&geo);
        assert_eq!(colours[0], 0, "the first region stays white");
        for c in 0..81 {
            let (r, k) = geo.row_col(c);
            for next in [geo.cell_at(r, k + 1), geo.cell_at(r + 1, k)]
                .into_iter()
                .flatten()
            {
                if ids[c] != ids[next] {
                    assert_ne!(colours[c], colours[next], "cells {c} and {next}");
                } else {
                    assert_eq!(colours[c], colours[next]);
                }
            }
        }
        // This map needs three colours: white and two greys.
        assert_eq!(colours.iter().max(), Some(&2));
        let style = GridStyle {
            region_shade: 0.12,
            ..GridStyle::default()
        };
        let mut scene = Scene::new(100.0, 100.0);
        draw_grid(
            &mut scene,
            &geo,
            &Grid::empty(9),
            None,
            Placement {
                x: 0.0,
                y: 0.0,
                side: 90.0,
            },
            &style,
        );
        let shaded = scene
            .items
            .iter()
            .filter(|i| matches!(i, Item::Rect { fill: Paint::Grey(g), .. } if *g < 1.0))
            .count();
        assert_eq!(shaded, colours.iter().filter(|&&c| c > 0).count());
    }

    #[test]
    fn a_butterfly_shades_its_overlaps_and_a_samurai_does_not() {
        let shaded = |variant: &str| {
            let geo = Geometry::new(9, variant.parse().unwrap(), None, None).unwrap();
            let mut scene = Scene::new(100.0, 100.0);
            let at = Placement {
                x: 0.0,
                y: 0.0,
                side: 96.0,
            };
            let empty = geo.empty_grid();
            draw_grid(&mut scene, &geo, &empty, None, at, &GridStyle::default());
            let fills: Vec<f64> = scene
                .items
                .iter()
                .filter_map(|item| match item {
                    Item::Rect {
                        fill: Paint::Grey(fill),
                        ..
                    } => Some(*fill),
                    _ => None,
                })
                .collect();
            fills
        };
        let butterfly = shaded("butterfly");
        // 144 cells, of which the four 3×3 corners lie in one grid only; the centre 6×6 is darkest.
        assert_eq!(butterfly.len(), 144 - 36);
        let darkest = butterfly.iter().cloned().fold(1.0, f64::min);
        assert_eq!(butterfly.iter().filter(|&&f| f == darkest).count(), 36);
        assert!(shaded("samurai").is_empty());
    }

    #[test]
    fn killer_cages_are_drawn_with_their_sums_and_left_out_of_keys() {
        use sudoku_engine::grid::{Cage, CageSet};
        let solution: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let groups: [&[usize]; 6] = [
            &[0, 1],
            &[2, 3, 7],
            &[4, 8, 12],
            &[5, 6],
            &[9, 10, 13, 14],
            &[11, 15],
        ];
        let cages = groups
            .iter()
            .map(|cells| Cage {
                cells: cells.to_vec(),
                sum: cells.iter().map(|&c| u32::from(solution[c])).sum(),
            })
            .collect();
        let geo = Geometry::classic(4)
            .unwrap()
            .with_cages(CageSet::new(4, cages).unwrap())
            .unwrap();
        let at = Placement {
            x: 10.0,
            y: 10.0,
            side: 80.0,
        };
        let mut scene = Scene::new(100.0, 100.0);
        draw_grid(
            &mut scene,
            &geo,
            &Grid::empty(4),
            None,
            at,
            &GridStyle::default(),
        );
        let dashed = scene
            .items
            .iter()
            .filter(|i| matches!(i, Item::Dashed { .. }))
            .count();
        assert!(dashed >= 6 * 4, "{dashed} dashed lines");
        let sums: Vec<&str> = scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(sums, ["3", "9", "9", "5", "10", "4"]);
        let key = GridStyle {
            cages: false,
            ..GridStyle::default()
        };
        let mut scene = Scene::new(100.0, 100.0);
        draw_grid(&mut scene, &geo, &Grid::empty(4), None, at, &key);
        assert!(!scene.items.iter().any(|i| matches!(i, Item::Dashed { .. })));
    }

    #[test]
    fn runs_merge_consecutive_edges() {
        let edges = [true, true, false, true, false, false, true];
        assert_eq!(runs(7, |i| edges[i]), [(0, 2), (3, 4), (6, 7)]);
        assert!(runs(3, |_| false).is_empty());
        assert_eq!(runs(3, |_| true), [(0, 3)]);
    }

    #[test]
    fn a_classic_grid_is_drawn_with_few_long_lines() {
        let geo = Geometry::new(9, sudoku_engine::grid::Variant::CLASSIC, None, None).unwrap();
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
