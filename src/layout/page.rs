//! Page geometry: the printed sheet (trim plus bleed, and where the trim box sits on it), the
//! content area of a page (margins, with the gutter on the inner side, which alternates on
//! facing pages), the slots a layout cuts it into, and the square grid that fits a slot under
//! its label. Lengths are millimetres.

use crate::spec::{Layout, PageSpec};
use crate::units::{MM_PER_POINT, Mm};

/// Bleed added to the outer edge, and to the top and the bottom (0.125 in).
pub const BLEED: Mm = Mm(0.125 * crate::units::MM_PER_INCH);

/// The sheet a page is printed on, and where its trim box sits on it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Sheet {
    /// The sheet: trim plus bleed.
    pub width: f64,
    pub height: f64,
    /// The trim box on the sheet; `None` without bleed (the sheet is the trim page).
    pub trim: Option<Rect>,
}

impl Sheet {
    /// The sheet of page `number`: bleed is added at the top, the bottom and the outer edge,
    /// which is the left edge of a left-hand (even) page.
    pub fn of(page: &PageSpec, number: usize) -> Sheet {
        let bleed = BLEED.0;
        if !page.bleed {
            return Sheet {
                width: page.width.0,
                height: page.height.0,
                trim: None,
            };
        }
        let x = if number.is_multiple_of(2) { bleed } else { 0.0 };
        Sheet {
            width: page.width.0 + bleed,
            height: page.height.0 + 2.0 * bleed,
            trim: Some(Rect {
                x,
                y: bleed,
                w: page.width.0,
                h: page.height.0,
            }),
        }
    }

    /// How far the trim page's origin is moved on the sheet.
    pub fn offset(&self) -> (f64, f64) {
        self.trim.map_or((0.0, 0.0), |t| (t.x, t.y))
    }
}

/// A rectangle in millimetres, origin at the top left of the page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// The page frame: size, margins and gutter, all in millimetres (bleed already added).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageFrame {
    pub width: f64,
    pub height: f64,
    pub margin: f64,
    pub gutter: f64,
}

impl PageFrame {
    /// The trim page of a spec with its margins.
    pub fn of(page: &PageSpec) -> PageFrame {
        PageFrame {
            width: page.width.0,
            height: page.height.0,
            margin: page.margin.0,
            gutter: page.gutter.0,
        }
    }

    /// The area inside the margins of page `number` (1-based). Odd pages are right-hand
    /// (recto) pages, whose inner side — the gutter — is on the left.
    pub fn content(&self, number: usize) -> Rect {
        let recto = number % 2 == 1;
        let left = if recto { self.gutter } else { self.margin };
        Rect {
            x: left,
            y: self.margin,
            w: self.width - self.margin - self.gutter,
            h: self.height - 2.0 * self.margin,
        }
    }
}

/// Height kept at the top of the content area of puzzle and answer pages for the section
/// heading or the running header, in millimetres.
pub const HEADER_BAND: f64 = 13.0;
/// The page number's size, in points; its baseline is the bottom edge of the content area.
pub const PAGE_NUMBER_POINTS: f64 = 9.0;
/// The least room between the bottom of the grid area (the last grid) and the top of the page
/// number, in millimetres.
pub const FOOTER_GAP: f64 = 8.0;
/// The height of the page number's digits as a share of its size (Noto Sans: 0.714; a little
/// more for other fonts).
pub const DIGIT_HEIGHT: f64 = 0.75;
/// Height kept at the bottom of the content area of every page: the page number's digits and
/// the gap above them, in millimetres. Whatever the layout, a grid ends at least
/// [`FOOTER_GAP`] above the top of the page number.
pub const FOOTER_BAND: f64 = FOOTER_GAP + DIGIT_HEIGHT * PAGE_NUMBER_POINTS * MM_PER_POINT;

impl PageFrame {
    /// The area of page `number` that holds puzzle or answer slots: the content area without
    /// the header and footer bands.
    pub fn grid_area(&self, number: usize) -> Rect {
        let content = self.content(number);
        Rect {
            y: content.y + HEADER_BAND,
            h: content.h - HEADER_BAND - FOOTER_BAND,
            ..content
        }
    }
}

/// Space kept above each grid for its label (puzzle number, variant, level), in millimetres:
/// the least, for labels up to 8.5 pt (answer keys, dense layouts).
pub const LABEL_HEIGHT: f64 = 6.0;
/// The size of a puzzle's label relative to its slot (12 pt over a slot 100 mm across), and
/// its bounds: 8.5 pt over dense layouts, 18 pt over one puzzle a page.
const LABEL_PER_MM: f64 = 0.12;
const LABEL_POINTS: (f64, f64) = (8.5, 18.0);
/// Answer-key labels, in points.
pub const ANSWER_LABEL_POINTS: f64 = 7.0;

/// The size of the labels over the grids of a slot, in points: a puzzle's sized to its slot
/// (12 pt over a slot 100 mm across, 8.5 to 18 pt), an answer key's 7 pt; at least `floor`
/// (large print's 12 pt).
pub fn label_points(slot: Rect, answer: bool, floor: f64) -> f64 {
    let points = if answer {
        ANSWER_LABEL_POINTS
    } else {
        (slot.w.min(slot.h) * LABEL_PER_MM).clamp(LABEL_POINTS.0, LABEL_POINTS.1)
    };
    points.max(floor)
}

/// The room a label of `points` takes above its grid, in millimetres.
pub fn label_room(points: f64) -> f64 {
    (points * MM_PER_POINT * 1.7).max(LABEL_HEIGHT)
}

/// Where the grids of one page go: the largest square that fits every slot under a label of
/// `label` millimetres, the grids `layout.spacing` apart both ways (across and down, label
/// included), the whole block centred in the area, so the gaps between rows are the gaps
/// between columns. `None` when the cells would be under `min_cell`.
pub fn arranged(
    area: Rect,
    layout: &Layout,
    side_cells: usize,
    (label, min_cell): (f64, f64),
) -> Option<Vec<Rect>> {
    let slot = slots(area, layout)[0];
    let grid = grid_in_slot(slot, side_cells, min_cell, label)?;
    let (columns, rows) = (layout.columns as f64, layout.rows as f64);
    let gap = layout.spacing;
    let width = columns * grid.w + (columns - 1.0) * gap;
    let height = rows * (label + grid.w) + (rows - 1.0) * gap;
    let (x0, y0) = (
        area.x + (area.w - width) / 2.0,
        area.y + (area.h - height) / 2.0,
    );
    let mut grids = Vec::with_capacity(layout.slots());
    for row in 0..layout.rows {
        for column in 0..layout.columns {
            grids.push(Rect {
                x: x0 + column as f64 * (grid.w + gap),
                y: y0 + row as f64 * (label + grid.w + gap) + label,
                w: grid.w,
                h: grid.w,
            });
        }
    }
    Some(grids)
}

/// The layout's slots inside an area, left to right, top to bottom.
pub fn slots(area: Rect, layout: &Layout) -> Vec<Rect> {
    let columns = layout.columns as f64;
    let rows = layout.rows as f64;
    let w = (area.w - layout.spacing * (columns - 1.0)) / columns;
    let h = (area.h - layout.spacing * (rows - 1.0)) / rows;
    let mut slots = Vec::with_capacity(layout.slots());
    for row in 0..layout.rows {
        for column in 0..layout.columns {
            slots.push(Rect {
                x: area.x + column as f64 * (w + layout.spacing),
                y: area.y + row as f64 * (h + layout.spacing),
                w,
                h,
            });
        }
    }
    slots
}

/// The largest square grid that fits a slot below a label of `label` millimetres, label and
/// grid centred in the slot; `None` when its cells would be smaller than `min_cell`
/// millimetres (the digits would print too small).
pub fn grid_in_slot(slot: Rect, size: usize, min_cell: f64, label: f64) -> Option<Rect> {
    let side = slot.w.min(slot.h - label);
    if side <= 0.0 || side / (size as f64) < min_cell {
        return None;
    }
    Some(Rect {
        x: slot.x + (slot.w - side) / 2.0,
        y: slot.y + (slot.h - label - side) / 2.0 + label,
        w: side,
        h: side,
    })
}

/// The smallest cell, in millimetres, whose digits stay at or above 7 pt: digits are drawn at 62 %
/// of the cell (50 % above 9×9), and 7 pt is 2.47 mm.
pub fn min_cell_for_size(size: usize) -> f64 {
    min_cell_for_points(size, MIN_DIGIT_POINTS)
}

/// The smallest print size of digits, in points.
pub const MIN_DIGIT_POINTS: f64 = 7.0;

/// The smallest cell, in millimetres, whose digits print at `points` or more.
pub fn min_cell_for_points(size: usize, points: f64) -> f64 {
    let ratio = if size > 9 { 0.62 * 0.8 } else { 0.62 };
    points * MM_PER_POINT / ratio
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter() -> PageFrame {
        PageFrame {
            width: 215.9,
            height: 279.4,
            margin: 12.7,
            gutter: 19.05,
        }
    }

    #[test]
    fn gutter_alternates_on_facing_pages() {
        let frame = letter();
        let recto = frame.content(1);
        let verso = frame.content(2);
        assert_eq!(recto.x, 19.05);
        assert_eq!(verso.x, 12.7);
        assert_eq!(recto.w, verso.w);
        assert!((recto.x + recto.w - (215.9 - 12.7)).abs() < 1e-9);
        assert!((verso.x + verso.w - (215.9 - 19.05)).abs() < 1e-9);
    }

    #[test]
    fn four_up_slots_tile_the_area() {
        let layout = Layout {
            columns: 2,
            rows: 2,
            spacing: 10.0,
        };
        let area = Rect {
            x: 10.0,
            y: 10.0,
            w: 110.0,
            h: 130.0,
        };
        let s = slots(area, &layout);
        assert_eq!(s.len(), 4);
        assert_eq!(
            s[0],
            Rect {
                x: 10.0,
                y: 10.0,
                w: 50.0,
                h: 60.0
            }
        );
        assert_eq!(
            s[3],
            Rect {
                x: 70.0,
                y: 80.0,
                w: 50.0,
                h: 60.0
            }
        );
    }

    #[test]
    fn grids_fit_under_their_label_or_are_refused() {
        let slot = Rect {
            x: 0.0,
            y: 0.0,
            w: 90.0,
            h: 120.0,
        };
        let grid = grid_in_slot(slot, 9, min_cell_for_size(9), LABEL_HEIGHT).unwrap();
        assert_eq!(
            grid,
            Rect {
                x: 0.0,
                y: LABEL_HEIGHT + 12.0,
                w: 90.0,
                h: 90.0
            }
        );
        let tiny = Rect {
            x: 0.0,
            y: 0.0,
            w: 40.0,
            h: 46.0,
        };
        assert!(grid_in_slot(tiny, 16, min_cell_for_size(16), LABEL_HEIGHT).is_none());
        assert!(grid_in_slot(tiny, 9, min_cell_for_size(9), LABEL_HEIGHT).is_some());
    }

    #[test]
    fn seven_points_minimum() {
        assert!((min_cell_for_size(9) * 0.62 - 2.469).abs() < 0.01);
        assert!(min_cell_for_size(16) > min_cell_for_size(9));
    }
}
