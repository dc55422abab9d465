//! The boxes the book's own texts must fit — title, subtitle and author on the title page,
//! section headings, running headers, contents entries — shared by the layout (which wraps, then
//! shrinks text into them) and by the check that refuses, before any puzzle is made, a text that
//! would not fit even at the floor size, naming its key and line.

use super::page::PageFrame;
use super::text::{Fitted, Font, TEXT_FLOOR, Typesetter};
use crate::spec::BookPlan;

/// Title page sizes, and how many lines each text may take.
pub const TITLE: Font = Font::bold(30.0);
pub const SUBTITLE: Font = Font::regular(15.0);
pub const AUTHOR: Font = Font::regular(13.0);
const TITLE_LINES: usize = 4;
const SUBTITLE_LINES: usize = 3;
const AUTHOR_LINES: usize = 2;

/// The title of a page of the front matter ("How to play", "Contents"), the "This book belongs
/// to" heading, the Notes heading and the line under the title on the title page.
pub const PAGE_TITLE: Font = Font::bold(18.0);
pub const OWNER_HEADING: Font = Font::bold(18.0);
pub const NOTES_HEADING: Font = Font::bold(15.0);
pub const TITLE_NOTE: Font = Font::regular(11.0);
const PAGE_TITLE_LINES: usize = 2;
const OWNER_LINES: usize = 3;
const TITLE_NOTE_LINES: usize = 3;

/// Page furniture sizes.
pub const HEADING: Font = Font::bold(15.0);
pub const HEADING_NOTE: Font = Font::regular(9.0);
pub const RUNNING_HEADER: Font = Font::regular(8.0);
pub const CONTENTS_LINE: Font = Font::regular(11.0);
/// Large print: the least size of labels, headers and page numbers, in points.
pub const LARGE_PRINT_TEXT: f64 = 14.0;
/// Room kept between two texts on one line (heading and note, the two running headers,
/// contents entry and page number), in millimetres.
pub const GAP: f64 = 4.0;

/// A box a text must fit: its width, the font it is set in at best, its lines at most.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextBox {
    pub width: f64,
    pub font: Font,
    pub lines: usize,
    /// The smallest size it may shrink to, in points.
    pub floor: f64,
}

impl TextBox {
    /// The text set in the box, or `None` when it does not fit even at the floor. Lines are
    /// balanced ("250 Sudoku / for the Road", never a word alone on the last line): every box
    /// holds a title or heading.
    pub fn fit(&self, set: &Typesetter, text: &str) -> Option<Fitted> {
        let fitted = set.fit(text, self.width, self.font, self.lines, self.floor)?;
        if fitted.lines.len() < 2 {
            return Some(fitted);
        }
        let balanced = set.wrap_balanced(text, self.width, fitted.font);
        let fits = balanced.len() <= fitted.lines.len()
            && balanced
                .iter()
                .all(|l| set.width(l, fitted.font) <= self.width);
        Some(if fits {
            Fitted {
                lines: balanced,
                ..fitted
            }
        } else {
            fitted
        })
    }

    /// The text set in the box, at the floor size when it does not fit (the check refuses such
    /// texts before layout; this keeps layout total).
    pub fn fit_or_floor(&self, set: &Typesetter, text: &str) -> Fitted {
        self.fit(set, text).unwrap_or_else(|| {
            let font = Font {
                points: self.floor,
                ..self.font
            };
            Fitted {
                font,
                lines: set.wrap(text, self.width, font),
            }
        })
    }
}

/// Large print: the least size of body text on every page, and how much larger the book's own
/// texts are set (headings and titles alike).
pub const LARGE_PRINT_BODY: f64 = 14.0;
const LARGE_PRINT_SCALE: f64 = 4.0 / 3.0;

/// A text of the book's own pages (instructions, contents, title page, copyright, walkthroughs)
/// in this book's print size: in large print a third larger, and at least 14 pt.
pub fn print_size(plan: &BookPlan, font: Font) -> Font {
    if !plan.style.big_type() {
        return font;
    }
    Font {
        points: (font.points * LARGE_PRINT_SCALE).max(LARGE_PRINT_BODY),
        ..font
    }
}

/// A furniture font in this book's print size: at least [`LARGE_PRINT_TEXT`] in large print,
/// headings a fifth larger.
pub fn furniture(plan: &BookPlan, font: Font) -> Font {
    if !plan.style.big_type() {
        return font;
    }
    let points = if font.points >= HEADING.points {
        font.points * 1.2
    } else {
        font.points.max(LARGE_PRINT_TEXT)
    };
    Font { points, ..font }
}

/// The smallest size furniture may shrink to.
fn floor(plan: &BookPlan) -> f64 {
    if plan.style.big_type() {
        LARGE_PRINT_TEXT
    } else {
        TEXT_FLOOR
    }
}

fn boxed(width: f64, font: Font, lines: usize, floor: f64) -> TextBox {
    TextBox {
        width,
        font,
        lines,
        floor,
    }
}

/// The title page's boxes: title, subtitle, author.
pub fn title_boxes(plan: &BookPlan, frame: &PageFrame) -> [TextBox; 3] {
    let width = frame.content(1).w;
    let size = |font| print_size(plan, font);
    [
        boxed(width, size(TITLE), TITLE_LINES, TEXT_FLOOR),
        boxed(width, size(SUBTITLE), SUBTITLE_LINES, TEXT_FLOOR),
        boxed(width, size(AUTHOR), AUTHOR_LINES, TEXT_FLOOR),
    ]
}

/// A front-matter page title ("How to play", "Contents"): two lines at most.
pub fn page_title_box(plan: &BookPlan, frame: &PageFrame) -> TextBox {
    boxed(
        frame.content(1).w,
        print_size(plan, PAGE_TITLE),
        PAGE_TITLE_LINES,
        floor(plan),
    )
}

/// The "This book belongs to" heading.
pub fn owner_box(plan: &BookPlan, frame: &PageFrame) -> TextBox {
    let font = print_size(plan, OWNER_HEADING);
    boxed(frame.content(1).w, font, OWNER_LINES, floor(plan))
}

/// The Notes page's heading: one line.
pub fn notes_heading_box(plan: &BookPlan, frame: &PageFrame) -> TextBox {
    let font = print_size(plan, NOTES_HEADING);
    boxed(frame.content(1).w, font, 1, floor(plan))
}

/// The line under the title on the title page (`48 puzzles · Easy to hard · with solutions`).
pub fn title_note_box(plan: &BookPlan, frame: &PageFrame) -> TextBox {
    let font = print_size(plan, TITLE_NOTE);
    boxed(frame.content(1).w, font, TITLE_NOTE_LINES, TEXT_FLOOR)
}

/// The most a heading's note (`Puzzles 1–24`) may take of the line, so the title keeps room.
pub fn heading_note_room(frame: &PageFrame) -> f64 {
    frame.content(1).w / 2.0
}

/// A section heading's box beside a note of this width.
pub fn heading_box(plan: &BookPlan, frame: &PageFrame, note_width: f64) -> TextBox {
    let width = frame.content(1).w - note_width - GAP;
    boxed(width, furniture(plan, HEADING), 1, floor(plan))
}

/// The running header: both texts on one line, left and right, at the largest size (down to
/// the floor) at which they leave [`GAP`] between them; `None` when even the floor does not.
pub fn running_header(
    plan: &BookPlan,
    frame: &PageFrame,
    set: &Typesetter,
    left: &str,
    right: &str,
) -> Option<Font> {
    let width = frame.content(1).w - GAP;
    let mut font = furniture(plan, RUNNING_HEADER);
    loop {
        if set.width(left, font) + set.width(right, font) <= width {
            return Some(font);
        }
        if font.points <= floor(plan) {
            return None;
        }
        font.points = (font.points - 0.5).max(floor(plan));
    }
}

/// The running header's size, at the floor when even that does not fit (the check refuses
/// such texts before layout).
pub fn running_header_or_floor(
    plan: &BookPlan,
    frame: &PageFrame,
    set: &Typesetter,
    left: &str,
    right: &str,
) -> Font {
    running_header(plan, frame, set, left, right).unwrap_or(Font {
        points: floor(plan),
        ..RUNNING_HEADER
    })
}

/// The floor of the running header, for messages.
pub fn running_header_floor(plan: &BookPlan) -> f64 {
    floor(plan)
}

/// A contents entry beside a page number of this width.
pub fn contents_box(plan: &BookPlan, frame: &PageFrame, number_width: f64) -> TextBox {
    let width = frame.content(1).w - number_width - GAP;
    boxed(width, print_size(plan, CONTENTS_LINE), 1, TEXT_FLOOR)
}
