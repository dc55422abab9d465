//! The back of the cover: a heading (the spec's `back_heading`, or the title) over a short
//! accent rule, the back text as paragraphs, a list of what the book holds made from the spec
//! (count and levels, kinds of grid, one solution each, the answers, large print), and a sample
//! puzzle of the book at the foot, beside the barcode area, which is kept free.

use super::art::{ArtColours, fill, puzzle_art};
use super::{BARCODE_GAP, Cover, CoverLayout, Fitted, Piece, TYPE_SAFE, inset, place_at};
use crate::layout::page::Rect;
use crate::layout::text::{Anchor, Placed};

/// Space between the blocks of the back, in millimetres.
const GAP: f64 = 5.0;
/// The side of a bullet's square, relative to the text size.
const BULLET: f64 = 0.45;

/// Lays out the back of the cover.
pub(super) fn back(cover: &Cover, out: &mut CoverLayout) {
    let safe = inset(cover.geometry.back(), TYPE_SAFE);
    let barcode = cover.geometry.barcode();
    let text = cover.text();
    let heading = Piece {
        text: cover
            .spec
            .back_heading
            .as_deref()
            .unwrap_or(&cover.plan.title),
        key: if cover.spec.back_heading.is_some() {
            "cover.back_heading"
        } else {
            "title"
        },
        position: cover.spec.origin.back_heading.or(cover.spec.origin.title),
        font: cover.font(20.0, true),
        balanced: true,
    };
    let fitted = heading.fit(&cover.set, safe, 0.16 * safe.h, out);
    place_at(
        &cover.set,
        &mut out.page,
        (safe.x, Anchor::Start),
        safe.y,
        &fitted,
        text,
    );
    let mut y = safe.y + fitted.height() + 2.0;
    out.page.items.push(fill(
        Rect {
            x: safe.x,
            y,
            w: 0.22 * safe.w,
            h: 1.0,
        },
        cover.palette.accent,
    ));
    y += 1.0 + GAP;
    let sample_side = (0.46 * safe.w).min(0.32 * safe.h);
    let caption = cover.font(10.0, true);
    let sample_top = barcode
        .y
        .min(safe.y + safe.h - sample_side - caption.leading() - 1.0);
    let bullets = bullet_lines(cover);
    let body = cover.font(12.0, false);
    let bullet_height = bullets_height(cover, &bullets, safe, body);
    let lowest = sample_top - GAP - bullet_height;
    if let Some(blurb) = &cover.spec.back_text {
        let piece = Piece {
            text: blurb,
            key: "cover.back_text",
            position: cover.spec.origin.back_text,
            font: body,
            balanced: false,
        };
        let room = lowest - GAP - y;
        let fitted = piece.fit(&cover.set, safe, room, out);
        place_at(
            &cover.set,
            &mut out.page,
            (safe.x, Anchor::Start),
            y,
            &fitted,
            text,
        );
        y += fitted.height() + GAP;
    }
    let end = place_bullets(cover, out, &bullets, (safe, y.min(lowest)), body);
    // The sample grows into the room the texts leave (up to the barcode's side and a third of
    // the panel's height), and stands in the middle of what is left: no tall empty band.
    let bottom = safe.y + safe.h;
    let label = caption.leading() + 1.0;
    let room = bottom - end - 2.0 * GAP;
    let widest = (barcode.x - BARCODE_GAP - safe.x).min(0.6 * safe.w);
    let side = (room - label)
        .min(widest)
        .min(0.4 * safe.h)
        .max(sample_side);
    let top = (end + GAP + (room - label - side) / 2.0).clamp(end + GAP, sample_top.max(end + GAP));
    sample(cover, out, (safe, top), side, caption);
}

/// What the book holds, one line each: `120 puzzles, easy to hard`, the kinds of grid, one
/// solution each, the answers, large print.
fn bullet_lines(cover: &Cover) -> Vec<String> {
    let strings = &cover.plan.strings;
    let facts = cover.facts;
    let levels: Vec<String> = facts
        .levels
        .iter()
        .map(|&l| strings.level(l).to_lowercase())
        .collect();
    // The span in the middle of a sentence: every level name as written lower-case.
    let span = match levels.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [low, .., high] => strings.fill(
            "level_span",
            &[
                ("low", low),
                ("high", high),
                ("low_lower", low),
                ("high_lower", high),
            ],
        ),
    };
    let mut lines = vec![strings.fill(
        "back_count",
        &[("count", &facts.count.to_string()), ("levels", &span)],
    )];
    lines.push(facts.variants.join(", "));
    lines.push(strings.get("back_one_solution").to_string());
    if facts.answers {
        lines.push(strings.get("back_solutions").to_string());
    }
    if facts.large_print {
        lines.push(strings.get("back_large_print").to_string());
    }
    lines
}

/// The width a bullet's text may take: the safe zone less the square and its gap.
fn bullet_width(safe: Rect, body: crate::layout::text::Font) -> f64 {
    safe.w - 2.2 * body.mm()
}

fn bullets_height(
    cover: &Cover,
    lines: &[String],
    safe: Rect,
    body: crate::layout::text::Font,
) -> f64 {
    lines
        .iter()
        .map(|line| {
            let wrapped = cover
                .set
                .wrap_breaking(line, bullet_width(safe, body), body);
            wrapped.len() as f64 * body.leading() + 1.0
        })
        .sum()
}

/// The list, from `top`, each item after an accent square.
fn place_bullets(
    cover: &Cover,
    out: &mut CoverLayout,
    lines: &[String],
    (safe, top): (Rect, f64),
    body: crate::layout::text::Font,
) -> f64 {
    let mut y = top;
    let square = BULLET * body.mm();
    let indent = 2.2 * body.mm();
    for line in lines {
        let wrapped = cover
            .set
            .wrap_breaking(line, bullet_width(safe, body), body);
        out.page.items.push(fill(
            Rect {
                x: safe.x + 0.2 * body.mm(),
                y: y + body.mm() * 0.8 - square - 0.1 * body.mm(),
                w: square,
                h: square,
            },
            cover.palette.accent,
        ));
        let fitted = Fitted {
            font: body,
            lines: wrapped,
            fits: true,
        };
        place_at(
            &cover.set,
            &mut out.page,
            (safe.x + indent, Anchor::Start),
            y,
            &fitted,
            cover.text(),
        );
        y += fitted.height() + 1.0;
    }
    y
}

/// The first puzzle of the book, small at the foot of the back, under its caption.
fn sample(
    cover: &Cover,
    out: &mut CoverLayout,
    (safe, top): (Rect, f64),
    side: f64,
    caption: crate::layout::text::Font,
) {
    let words = cover.plan.strings.get("back_sample");
    let mut placed = cover.set.line(
        safe.x,
        top + caption.mm() * 0.8,
        caption,
        Anchor::Start,
        words,
    );
    if let Placed::Text(line) = &mut placed {
        line.paint = cover.accent();
    }
    out.page.items.push(placed);
    let at = Rect {
        x: safe.x,
        y: top + caption.leading() + 1.0,
        w: side,
        h: side,
    };
    let colours = ArtColours {
        paper: cover.palette.paper,
        ink: cover.palette.grid_ink,
        solved: None,
        highlight: cover.palette.paper,
        shadow: None,
    };
    let sample = &cover.facts.back_sample;
    out.page
        .items
        .extend(puzzle_art(&cover.look, sample, at, colours));
}
