//! The pages between the title page and the instructions, when the spec asks for them: the
//! copyright page (on the verso of the title page: the text wrapped, `ISBN …` and `© YEAR
//! AUTHOR`, set at the foot of the page) and the "This book belongs to" page (a heading and a
//! line to write on).

use super::book::{Context, Page};
use super::fit;
use super::page::{FOOTER_BAND, PageFrame, Rect};
use super::text::{Anchor, Font, Placed, Typesetter};
use crate::spec::{BookPlan, Copyright};

/// The copyright page's sizes, in points, largest first: 7 pt is the print minimum; a
/// large-print book tries 14 pt down to 12 pt first.
const COPYRIGHT_SIZES: &[f64] = &[9.0, 8.5, 8.0, 7.5, MIN_POINTS];
const LARGE_COPYRIGHT_SIZES: &[f64] = &[14.0, 13.0, 12.0];
const MIN_POINTS: f64 = 7.0;
/// Space between the copyright text and the ISBN and © lines, in millimetres.
const COPYRIGHT_GAP: f64 = 4.0;
/// The writing line: how far under the heading, and how much of the content width.
const LINE_DROP: f64 = 28.0;
const LINE_SHARE: f64 = 0.75;

/// The copyright and "belongs to" pages the spec asks for, numbered from `first`.
pub fn pages(ctx: &Context, first: usize) -> Vec<Page> {
    let structure = &ctx.plan.structure;
    let mut pages = Vec::new();
    if let Some(copyright) = &structure.copyright {
        pages.push(copyright_page(ctx, copyright, first));
    }
    if structure.belongs_to {
        pages.push(belongs_to_page(ctx, first + pages.len()));
    }
    pages
}

/// The copyright page: its lines set at the foot of the page, above the page number, in the
/// largest size from 9 pt down to 7 pt at which they fit (at the top of the page when even
/// 7 pt does not fit; the spec keeps the text short enough for every built-in trim).
fn copyright_page(ctx: &Context, copyright: &Copyright, number: usize) -> Page {
    let area = ctx.frame.content(number);
    let room = area.h - FOOTER_BAND;
    let text = copyright.text.as_deref().unwrap_or("");
    let notice = notice_lines(ctx.plan, copyright).join("\n");
    let set = &ctx.set;
    let large = ctx.plan.style.large_print;
    let font =
        copyright_font(set, area, (text, &notice), large).unwrap_or(Font::regular(MIN_POINTS));
    let (_, height) = block(set, area, 0.0, font, text, &notice);
    let top = area.y + (room - height).max(0.0);
    Page::with_items(number, block(set, area, top, font, text, &notice).0)
}

/// The largest size at which the copyright page's text and notice fit above the page number;
/// `None` when not even 7 pt does.
fn copyright_font(
    set: &Typesetter,
    area: Rect,
    (text, notice): (&str, &str),
    large_print: bool,
) -> Option<Font> {
    let room = area.h - FOOTER_BAND;
    let large = if large_print {
        LARGE_COPYRIGHT_SIZES
    } else {
        &[]
    };
    large
        .iter()
        .chain(COPYRIGHT_SIZES)
        .map(|&points| Font::regular(points))
        .find(|font| block(set, area, 0.0, *font, text, notice).1 <= room)
}

/// True when the spec's copyright page fits its page at 7 pt or more (the text is capped by
/// the spec; the `isbn` line comes from `[strings]`, which may be long).
pub fn copyright_fits(plan: &BookPlan, set: &Typesetter, frame: &PageFrame) -> bool {
    let Some(copyright) = &plan.structure.copyright else {
        return true;
    };
    let text = copyright.text.as_deref().unwrap_or("");
    let notice = notice_lines(plan, copyright).join("\n");
    let large = plan.style.large_print;
    copyright_font(set, frame.content(2), (text, &notice), large).is_some()
}

/// The text, a gap, and the notice lines from `top` down; the pieces and the height used.
fn block(
    set: &Typesetter,
    area: Rect,
    top: f64,
    font: Font,
    text: &str,
    notice: &str,
) -> (Vec<Placed>, f64) {
    let (mut items, mut height) = if text.is_empty() {
        (Vec::new(), 0.0)
    } else {
        let (items, height) = set.paragraph(area, top, font, Anchor::Start, text);
        (items, height + COPYRIGHT_GAP)
    };
    if !notice.is_empty() {
        let (lines, used) = set.paragraph(area, top + height, font, Anchor::Start, notice);
        items.extend(lines);
        height += used;
    }
    (items, height)
}

/// `ISBN …` and `© YEAR AUTHOR`, each when there is something to say.
fn notice_lines(plan: &BookPlan, copyright: &Copyright) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(isbn) = &copyright.isbn {
        lines.push(plan.strings.fill("isbn", &[("isbn", isbn)]));
    }
    let year = copyright.year.map(|y| y.to_string());
    let owner: Vec<&str> = [year.as_deref(), plan.author.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    if !owner.is_empty() {
        lines.push(format!("© {}", owner.join(" ")));
    }
    lines
}

/// "This book belongs to", centred, with a line to write a name on.
fn belongs_to_page(ctx: &Context, number: usize) -> Page {
    let area = ctx.frame.content(number);
    let centre = area.x + area.w / 2.0;
    let baseline = area.y + area.h * 0.35;
    let heading = fit::owner_box(ctx.plan, &ctx.frame)
        .fit_or_floor(&ctx.set, ctx.plan.strings.get("belongs_to"));
    let font = heading.font;
    let mut items: Vec<Placed> = heading
        .lines
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let y = baseline + i as f64 * font.leading();
            ctx.set.line(centre, y, font, Anchor::Middle, text)
        })
        .collect();
    let below = baseline + heading.lines.len().saturating_sub(1) as f64 * font.leading();
    let half = area.w * LINE_SHARE / 2.0;
    items.push(Placed::Rule {
        x1: centre - half,
        y1: below + LINE_DROP,
        x2: centre + half,
        y2: below + LINE_DROP,
        width: 0.4,
    });
    Page::with_items(number, items)
}
