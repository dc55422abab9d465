//! The pages between the title page and the instructions, when the spec asks for them: the
//! copyright page (on the verso of the title page: the text wrapped, `ISBN …` and `© YEAR
//! AUTHOR`, set at the foot of the page) and the "This book belongs to" page (a heading and a
//! line to write on).

use super::book::{Context, Page};
use super::page::{FOOTER_BAND, Rect};
use super::text::{Anchor, Font, Placed};
use crate::spec::Copyright;

const COPYRIGHT_TEXT: Font = Font::regular(9.0);
const OWNER_HEADING: Font = Font::bold(18.0);
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

/// The copyright page: its lines set at the foot of the page, above the page number.
fn copyright_page(ctx: &Context, copyright: &Copyright, number: usize) -> Page {
    let area = ctx.frame.content(number);
    let text = copyright.text.as_deref().unwrap_or("");
    let notice = notice_lines(ctx, copyright);
    let (_, text_height) = paragraph(ctx, area, 0.0, text);
    let notice_height = notice.len() as f64 * COPYRIGHT_TEXT.leading();
    let gap = if text.is_empty() { 0.0 } else { COPYRIGHT_GAP };
    let bottom = area.y + area.h - FOOTER_BAND;
    let top = (bottom - text_height - gap - notice_height).max(area.y);
    let mut items = Vec::new();
    if !text.is_empty() {
        items.extend(paragraph(ctx, area, top, text).0);
    }
    let notice_top = top
        + if text.is_empty() {
            0.0
        } else {
            text_height + gap
        };
    items.extend(paragraph(ctx, area, notice_top, &notice.join("\n")).0);
    Page::with_items(number, items)
}

fn paragraph(ctx: &Context, area: Rect, top: f64, text: &str) -> (Vec<Placed>, f64) {
    ctx.set
        .paragraph(area, top, COPYRIGHT_TEXT, Anchor::Start, text)
}

/// `ISBN …` and `© YEAR AUTHOR`, each when there is something to say.
fn notice_lines(ctx: &Context, copyright: &Copyright) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(isbn) = &copyright.isbn {
        lines.push(format!("ISBN {isbn}"));
    }
    let year = copyright.year.map(|y| y.to_string());
    let owner: Vec<&str> = [year.as_deref(), ctx.plan.author.as_deref()]
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
    let heading = ctx.set.line(
        centre,
        baseline,
        OWNER_HEADING,
        Anchor::Middle,
        "This book belongs to",
    );
    let half = area.w * LINE_SHARE / 2.0;
    let line = Placed::Rule {
        x1: centre - half,
        y1: baseline + LINE_DROP,
        x2: centre + half,
        y2: baseline + LINE_DROP,
        width: 0.4,
    };
    Page::with_items(number, vec![heading, line])
}
