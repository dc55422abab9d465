//! The paperback's wrap cover as one page: bleed, back, spine and front side by side on one
//! sheet (KDP's full cover), the spine width from the page count and the paper. The front is
//! composed by the spec's theme ([`front`]) from the book itself — the title set large in
//! balanced lines, the subtitle, a badge with the count, puzzles of the book as artwork, the
//! levels, the author; the back ([`back`]) has a heading, the back text, a list of what the
//! book holds and a sample puzzle, with the barcode area kept free; the title and author run
//! down the spine when the book is thick enough. Colours come from the theme's [`palette`],
//! with the spec's background and accent over it; an accent whose text would not read on the
//! background (under WCAG AA) is refused. Every text stays inside its panel's safe zone: it is
//! wrapped, then shrunk down to 7 pt; text that still does not fit is a [`Misfit`] (the spec
//! check refuses it), and spine text that cannot be set at 7 pt is left off with a note.
//! Lengths are millimetres, origin at the top left of the trim.

mod art;
mod back;
pub mod facts;
mod front;
pub mod palette;

use super::book::Page;
use super::page::{BLEED, Rect, Sheet};
use super::style::Look;
use super::text::{Anchor, Font, Paint, Picture, Placed, TextLine, Typesetter};
use crate::fonts::FontSet;
use crate::spec::cover::CoverImage;
use crate::spec::{BookPlan, CoverSpec, PageSpec, Paper};
use crate::units::MM_PER_INCH;
pub use facts::CoverFacts;
use palette::{AA_TEXT, Palette, contrast, hex};

/// The safe zone inside the trim of the back and front panels (0.125 in): KDP's rule.
pub const PANEL_SAFE: f64 = 0.125 * MM_PER_INCH;
/// Where the cover's type keeps to on the front and back: 0.25 in inside the trim, twice KDP's
/// safe zone, as trimming moves by up to 0.125 in and type near the edge looks cut.
pub const TYPE_SAFE: f64 = 0.25 * MM_PER_INCH;
/// A frame drawn on a cover sits at least this far inside the trim (KDP advises against
/// borders near it: a trim 0.125 in off shows as a lopsided frame).
pub const FRAME_INSET: f64 = 0.375 * MM_PER_INCH;
/// The safe zone on each side of the spine (0.0625 in).
pub const SPINE_SAFE: f64 = 0.0625 * MM_PER_INCH;
/// The barcode area KDP prints on the back: 2 × 1.2 in.
pub const BARCODE: (f64, f64) = (2.0 * MM_PER_INCH, 1.2 * MM_PER_INCH);
/// KDP allows spine text only from this many pages.
pub const MIN_SPINE_TEXT_PAGES: usize = 79;
/// The smallest text size printed (KDP's floor).
const MIN_POINTS: f64 = 7.0;
/// How much a text shrinks per try.
const SHRINK_STEP: f64 = 0.5;
/// Room kept between the back text and the barcode area.
const BARCODE_GAP: f64 = 4.0;

/// The spine width of a book of `pages` pages on `paper`, in millimetres.
pub fn spine_width(paper: Paper, pages: usize) -> f64 {
    pages as f64 * paper.inches_per_page() * MM_PER_INCH
}

/// Where the panels of a cover lie, in millimetres from the top left of its trim.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CoverGeometry {
    /// One panel's trim (the book's trim size).
    pub panel: (f64, f64),
    pub spine: f64,
}

impl CoverGeometry {
    /// The cover of a book with this page, paper and page count.
    pub fn new(page: &PageSpec, paper: Paper, pages: usize) -> CoverGeometry {
        CoverGeometry {
            panel: (page.width.0, page.height.0),
            spine: spine_width(paper, pages),
        }
    }

    /// The printed sheet: bleed + back + spine + front + bleed, by trim height + 2 × bleed;
    /// the trim box sits inside the bleed.
    pub fn sheet(&self) -> Sheet {
        let (w, h) = self.panel;
        let trim_width = 2.0 * w + self.spine;
        Sheet {
            width: trim_width + 2.0 * BLEED.0,
            height: h + 2.0 * BLEED.0,
            trim: Some(Rect {
                x: BLEED.0,
                y: BLEED.0,
                w: trim_width,
                h,
            }),
        }
    }

    pub fn back(&self) -> Rect {
        self.panel_at(0.0)
    }

    pub fn front(&self) -> Rect {
        self.panel_at(self.panel.0 + self.spine)
    }

    pub fn spine(&self) -> Rect {
        self.panel_at(self.panel.0).with_width(self.spine)
    }

    fn panel_at(&self, x: f64) -> Rect {
        Rect {
            x,
            y: 0.0,
            w: self.panel.0,
            h: self.panel.1,
        }
    }

    /// The safe zone of the spine: inset on each side, and as tall as the panels' safe zones.
    pub fn spine_safe(&self) -> Rect {
        let spine = self.spine();
        Rect {
            x: spine.x + SPINE_SAFE,
            y: PANEL_SAFE,
            w: (spine.w - 2.0 * SPINE_SAFE).max(0.0),
            h: spine.h - 2.0 * PANEL_SAFE,
        }
    }

    /// The barcode area: bottom right of the back panel's safe zone.
    pub fn barcode(&self) -> Rect {
        let safe = inset(self.back(), PANEL_SAFE);
        let (w, h) = BARCODE;
        Rect {
            x: safe.x + safe.w - w,
            y: safe.y + safe.h - h,
            w,
            h,
        }
    }
}

impl Rect {
    fn with_width(self, w: f64) -> Rect {
        Rect { w, ..self }
    }
}

/// `rect` shrunk by `by` on every side.
pub fn inset(rect: Rect, by: f64) -> Rect {
    Rect {
        x: rect.x + by,
        y: rect.y + by,
        w: rect.w - 2.0 * by,
        h: rect.h - 2.0 * by,
    }
}

/// A text that does not fit its place on the cover even at 7 pt.
#[derive(Debug, Clone, PartialEq)]
pub struct Misfit {
    /// The spec key that holds the text.
    pub key: &'static str,
    /// Its line and column in the spec, when known.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

/// The laid-out cover, with notes for the user and the texts that do not fit.
#[derive(Debug, Clone)]
pub struct CoverLayout {
    pub page: Page,
    pub notes: Vec<String>,
    pub misfits: Vec<Misfit>,
}

/// Lays out the cover of a book of `pages` pages, from what the book holds (`facts`).
pub fn lay_out_cover(
    plan: &BookPlan,
    cover: &CoverSpec,
    pages: usize,
    fonts: &FontSet,
    facts: &CoverFacts,
) -> CoverLayout {
    let geometry = CoverGeometry::new(&plan.page, cover.paper, pages);
    let sheet = geometry.sheet();
    let mut out = CoverLayout {
        page: Page::new(1),
        notes: Vec::new(),
        misfits: Vec::new(),
    };
    let palette = Palette::of(cover.theme, cover.background, cover.accent);
    check_accent(cover, &palette, &mut out);
    if let Some(colour) = palette.background {
        let (dx, dy) = sheet.offset();
        let at = Rect {
            x: -dx,
            y: -dy,
            w: sheet.width,
            h: sheet.height,
        };
        out.page.items.push(Placed::Fill { at, colour });
    }
    let cover_ctx = Cover {
        set: Typesetter { fonts },
        look: Look::new(&plan.style, fonts.bold.cap_height),
        plan,
        spec: cover,
        facts,
        geometry,
        palette,
        scale: text_scale(&geometry, plan.style.large_print),
    };
    front::front(&cover_ctx, &mut out);
    back::back(&cover_ctx, &mut out);
    spine(&cover_ctx, pages, &mut out);
    out.page.sheet = sheet;
    // A text can be refused in two places (the title on the front and over the back text):
    // once is enough.
    let mut seen = Vec::new();
    out.misfits.retain(|m| {
        let first = !seen.contains(&m.key);
        seen.push(m.key);
        first
    });
    out
}

/// Everything the parts of a cover are drawn from.
struct Cover<'a> {
    set: Typesetter<'a>,
    look: Look,
    plan: &'a BookPlan,
    spec: &'a CoverSpec,
    facts: &'a CoverFacts,
    geometry: CoverGeometry,
    palette: Palette,
    /// How much larger than on a 6 in wide front the texts start (large print: a fifth more).
    scale: f64,
}

impl Cover<'_> {
    /// The paint of text on the background.
    fn text(&self) -> Paint {
        Paint::Rgb(self.palette.text())
    }

    /// The paint of accent-coloured text.
    fn accent(&self) -> Paint {
        Paint::Rgb(self.palette.accent)
    }

    /// A font of `points` on a 6 in front, scaled to this cover.
    fn font(&self, points: f64, bold: bool) -> Font {
        Font {
            points: (points * self.scale).max(MIN_POINTS),
            bold,
        }
    }
}

/// The scale of a cover's texts: its panel width against 6 in (within 0.8 to 1.45), a fifth
/// more in large print.
fn text_scale(geometry: &CoverGeometry, large_print: bool) -> f64 {
    let width = (geometry.panel.0 / (6.0 * MM_PER_INCH)).clamp(0.8, 1.45);
    if large_print { width * 1.2 } else { width }
}

/// Refuses an accent of the spec whose text would not read on the background (WCAG AA for body
/// text), at `cover.accent`.
fn check_accent(cover: &CoverSpec, palette: &Palette, out: &mut CoverLayout) {
    let ratio = contrast(palette.accent, palette.ground());
    if ratio >= AA_TEXT {
        return;
    }
    // An accent the theme chose is made to read on any background (Palette::of): a failing
    // accent is the spec's own.
    let (key, position) = ("cover.accent", cover.origin.accent);
    let lighter = palette::luminance(palette.ground()) <= 0.18;
    let advice = format!(
        "choose a {} accent, or another background",
        if lighter { "lighter" } else { "darker" }
    );
    out.misfits.push(Misfit {
        key,
        position,
        message: format!(
            "the accent {} on the background {} has a contrast of {ratio:.1}:1, and text needs {AA_TEXT}:1 (WCAG AA): {advice}",
            hex(palette.accent),
            hex(palette.ground()),
        ),
    });
}

/// Text wrapped at the largest size that fits.
struct Fitted {
    font: Font,
    lines: Vec<String>,
    fits: bool,
}

impl Fitted {
    fn height(&self) -> f64 {
        self.lines.len() as f64 * self.font.leading()
    }
}

/// Wraps `text` to `width` at the largest size from `start` down to 7 pt whose lines all fit
/// `width` and whose block fits `height`; at 7 pt, marked as not fitting, when none does.
/// `balanced` evens out the lines (titles).
fn fit(
    set: &Typesetter,
    text: &str,
    (width, height): (f64, f64),
    start: Font,
    balanced: bool,
) -> Fitted {
    let floor = Font {
        points: MIN_POINTS,
        bold: start.bold,
    };
    let most_lines = (height / floor.leading()).floor().max(0.0) as usize;
    if super::text::too_long_for(text, width, most_lines, MIN_POINTS) {
        return Fitted {
            font: floor,
            lines: Vec::new(),
            fits: false,
        };
    }
    let mut points = start.points;
    loop {
        let font = Font {
            points,
            bold: start.bold,
        };
        let lines = if balanced {
            set.wrap_balanced(text, width, font)
        } else {
            set.wrap(text, width, font)
        };
        let wide = lines.iter().any(|l| set.width(l, font) > width);
        let fitted = Fitted {
            font,
            lines,
            fits: false,
        };
        let fits = !wide && fitted.height() <= height;
        if fits || points - SHRINK_STEP < MIN_POINTS {
            return Fitted { fits, ..fitted };
        }
        points -= SHRINK_STEP;
    }
}

/// Places fitted lines centred on `area`, from `top` down.
fn place(set: &Typesetter, page: &mut Page, area: Rect, top: f64, fitted: &Fitted, paint: Paint) {
    place_at(
        set,
        page,
        (area.x + area.w / 2.0, Anchor::Middle),
        top,
        fitted,
        paint,
    );
}

/// Places fitted lines at `x` with `anchor`, from `top` down.
fn place_at(
    set: &Typesetter,
    page: &mut Page,
    (x, anchor): (f64, Anchor),
    top: f64,
    fitted: &Fitted,
    paint: Paint,
) {
    for (i, line) in fitted.lines.iter().enumerate() {
        let baseline = top + fitted.font.mm() * 0.8 + i as f64 * fitted.font.leading();
        let mut placed = set.line(x, baseline, fitted.font, anchor, line);
        if let Placed::Text(line) = &mut placed {
            line.paint = paint;
        }
        page.items.push(placed);
    }
}

/// One text of the cover: what it says, where it comes from, and how it starts.
struct Piece<'a> {
    text: &'a str,
    key: &'static str,
    position: Option<(usize, usize)>,
    font: Font,
    /// Lines evened out (titles).
    balanced: bool,
}

impl Piece<'_> {
    /// Fits the piece in `area` below `top` (no taller than `height`), noting a misfit.
    fn fit(&self, set: &Typesetter, area: Rect, height: f64, out: &mut CoverLayout) -> Fitted {
        let fitted = fit(set, self.text, (area.w, height), self.font, self.balanced);
        if !fitted.fits {
            out.misfits.push(Misfit {
                key: self.key,
                position: self.position,
                message: format!(
                    "'{}' does not fit its place on the cover ({:.0} x {:.0} mm inside the safe zone) even at 7 pt: shorten it",
                    excerpt(self.text),
                    area.w,
                    height
                ),
            });
        }
        fitted
    }
}

/// The start of a text for a message: its first 40 characters, with `…` when cut.
fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let start: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{}…", start.trim_end())
    } else {
        start
    }
}

/// Space between the picture and the texts above and below it, in millimetres.
const PICTURE_GAP: f64 = 6.0;
/// The resolution a picture needs to print sharply.
const PRINT_PPI: f64 = 300.0;
/// The least height worth giving a picture, in millimetres.
const MIN_PICTURE: f64 = 15.0;

/// The front picture scaled to fit `room` (aspect kept, centred), or a note when no room is left.
fn picture(image: &CoverImage, room: Rect, out: &mut CoverLayout) {
    if room.h < MIN_PICTURE {
        out.notes.push(
            "the cover image is left off: the title and subtitle leave no room for it".into(),
        );
        return;
    }
    let scale = (room.w / f64::from(image.width)).min(room.h / f64::from(image.height));
    let (w, h) = (
        f64::from(image.width) * scale,
        f64::from(image.height) * scale,
    );
    let at = Rect {
        x: room.x + (room.w - w) / 2.0,
        y: room.y + (room.h - h) / 2.0,
        w,
        h,
    };
    let ppi = f64::from(image.width) / (w / MM_PER_INCH);
    if ppi < PRINT_PPI {
        out.notes.push(format!(
            "the cover image prints at {ppi:.0} pixels per inch; KDP asks for {PRINT_PPI:.0} for a sharp print"
        ));
    }
    let picture = Picture {
        bytes: image.bytes.clone(),
        mime: image.format.mime(),
        width: image.width,
        height: image.height,
    };
    out.page.items.push(Placed::Picture { at, picture });
}

/// The title (centred) and the author (at the foot) down the spine, when the book has enough
/// pages and the text fits the spine's safe zone at 7 pt or more; a note says why not otherwise.
fn spine(cover: &Cover, pages: usize, out: &mut CoverLayout) {
    let (set, plan, geometry) = (&cover.set, cover.plan, &cover.geometry);
    if pages < MIN_SPINE_TEXT_PAGES {
        out.notes.push(format!(
            "the spine is left blank: KDP prints spine text only on books of {MIN_SPINE_TEXT_PAGES} pages or more, and this one has {pages}"
        ));
        return;
    }
    let safe = geometry.spine_safe();
    let author = plan.author.as_deref().unwrap_or("");
    let Some(points) = spine_points(set, safe, &plan.title, author) else {
        out.notes.push(format!(
            "the spine is {:.1} mm wide ({pages} pages): its text would be under 7 pt, so the spine is left blank",
            geometry.spine
        ));
        return;
    };
    // Letters face right once turned: the baseline sits left of the centre by half the
    // difference between the cap height and the descent.
    let size = Font::bold(points).mm();
    let x = safe.x + safe.w / 2.0 - 0.23 * size;
    let mut turned = |font: Font, y: f64, anchor: Anchor, text: &str| {
        out.page.items.push(Placed::Turned(TextLine {
            x,
            y,
            size: font.mm(),
            bold: font.bold,
            anchor,
            paint: cover.text(),
            text: text.to_string(),
        }));
    };
    turned(
        Font::bold(points),
        safe.y + safe.h / 2.0,
        Anchor::Middle,
        &plan.title,
    );
    if !author.is_empty() {
        turned(Font::regular(points), safe.y + safe.h, Anchor::End, author);
    }
}

/// The largest size (from 12 pt down to 7 pt) at which the spine text fits across the spine's
/// safe zone and, with the title centred and the author at the foot, along it.
fn spine_points(set: &Typesetter, safe: Rect, title: &str, author: &str) -> Option<f64> {
    let gap = 3.0;
    let mut points: f64 = 12.0;
    while points >= MIN_POINTS {
        let across = Font::bold(points).mm() * 0.97;
        let title_width = set.width(title, Font::bold(points));
        let author_width = match author {
            "" => 0.0,
            text => set.width(text, Font::regular(points)) + gap,
        };
        if across <= safe.w && title_width + 2.0 * author_width <= safe.h {
            return Some(points);
        }
        points -= SHRINK_STEP;
    }
    None
}

#[cfg(test)]
mod tests;
