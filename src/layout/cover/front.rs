//! The front of the cover, composed by theme. Every theme sets the title large in balanced lines,
//! the subtitle, a badge or line with the count (and "Large print", "With solutions"), the
//! levels, the author, and draws puzzles of the book as artwork (or the spec's picture): a
//! puzzle on white under an orange badge (classic), a mosaic of the sections' puzzles on
//! coloured cards (mosaic), a huge count over a puzzle running off the edges (bold), a small
//! puzzle in one colour inside a fine frame (minimal); plain keeps the texts alone.

use super::art::{ArtColours, fill, puzzle_art};
use super::facts::Sample;
use super::palette::{ink_on, mix};
use super::{Cover, CoverLayout, FRAME_INSET, Piece, TYPE_SAFE, inset, picture, place, place_at};
use crate::layout::page::Rect;
use crate::layout::text::{Anchor, Paint, Placed};
use crate::spec::Theme;

/// Space between the blocks of the front, in millimetres on a 6 in front.
const GAP: f64 = 5.0;

/// Lays out the front of the cover in its theme.
pub(super) fn front(cover: &Cover, out: &mut CoverLayout) {
    match cover.spec.theme {
        Theme::Classic => classic(cover, out),
        Theme::Mosaic => mosaic(cover, out),
        Theme::Bold => bold(cover, out),
        Theme::Minimal => minimal(cover, out),
        Theme::Plain => plain(cover, out),
    }
}

/// The front panel and its safe zone.
fn panels(cover: &Cover) -> (Rect, Rect) {
    let panel = cover.geometry.front();
    (panel, inset(panel, TYPE_SAFE))
}

/// The title, centred or from the left of `area`, from `top`, in at most `height`; returns
/// the bottom of the text.
fn title(
    cover: &Cover,
    out: &mut CoverLayout,
    (area, top, height): (Rect, f64, f64),
    points: f64,
    paint: Paint,
    anchor: Anchor,
) -> f64 {
    let piece = Piece {
        text: &cover.plan.title,
        key: "title",
        position: cover.spec.origin.title,
        font: cover.font(points, true),
        balanced: true,
    };
    set_piece(cover, out, &piece, (area, top, height), (paint, anchor))
}

/// The subtitle under the title, if the book has one; returns the bottom of the text.
fn subtitle(
    cover: &Cover,
    out: &mut CoverLayout,
    (area, top, height): (Rect, f64, f64),
    points: f64,
    paint: Paint,
    anchor: Anchor,
) -> f64 {
    let Some(text) = &cover.plan.subtitle else {
        return top;
    };
    let piece = Piece {
        text,
        key: "subtitle",
        position: cover.spec.origin.subtitle,
        font: cover.font(points, false),
        balanced: true,
    };
    set_piece(cover, out, &piece, (area, top, height), (paint, anchor))
}

/// A piece fitted into `area` (at most `height` tall) and set from `top`, centred or from the
/// left; returns the bottom of the text.
fn set_piece(
    cover: &Cover,
    out: &mut CoverLayout,
    piece: &Piece,
    (area, top, height): (Rect, f64, f64),
    (paint, anchor): (Paint, Anchor),
) -> f64 {
    let fitted = piece.fit(&cover.set, area, height, out);
    let x = match anchor {
        Anchor::Start => area.x,
        _ => area.x + area.w / 2.0,
    };
    place_at(&cover.set, &mut out.page, (x, anchor), top, &fitted, paint);
    top + fitted.height()
}

/// The author at the foot of `area`; returns the top of the text (the foot when there is no
/// author).
fn author(cover: &Cover, out: &mut CoverLayout, area: Rect, points: f64, paint: Paint) -> f64 {
    let foot = area.y + area.h;
    let Some(text) = &cover.plan.author else {
        return foot;
    };
    let piece = Piece {
        text,
        key: "author",
        position: cover.spec.origin.author,
        font: cover.font(points, false),
        balanced: true,
    };
    let fitted = piece.fit(&cover.set, area, 0.14 * area.h, out);
    let top = foot - fitted.height();
    place(&cover.set, &mut out.page, area, top, &fitted, paint);
    top
}

/// `EASY · MEDIUM · HARD · WITH SOLUTIONS`: the book's levels, and the answers when it has them;
/// with `with_count` the count first and "Large print" last (for themes without a badge).
fn levels_line(cover: &Cover, with_count: bool) -> String {
    let strings = &cover.plan.strings;
    let mut parts: Vec<String> = Vec::new();
    if with_count {
        parts.push(format!(
            "{} {}",
            cover.facts.count,
            strings.get("cover_puzzles")
        ));
    }
    parts.extend(
        cover
            .facts
            .levels
            .iter()
            .map(|&l| strings.level(l).to_string()),
    );
    if cover.facts.answers {
        parts.push(strings.get("cover_with_solutions").to_string());
    }
    if cover.facts.large_print && (with_count || cover.spec.theme == Theme::Bold) {
        parts.push(strings.get("cover_large_print").to_string());
    }
    parts.join(" · ").to_uppercase()
}

/// A one-line text set at the largest size up to `points` that fits `area`'s width, centred,
/// with its baseline's box from `top`; returns its bottom. A text that does not fit at 7 pt is
/// a misfit at the key of the texts it is made of.
fn line(
    cover: &Cover,
    out: &mut CoverLayout,
    (area, top): (Rect, f64),
    text: &str,
    points: f64,
    paint: Paint,
) -> f64 {
    let piece = Piece {
        text,
        key: "strings.cover_with_solutions",
        position: None,
        font: cover.font(points, true),
        balanced: true,
    };
    let fitted = piece.fit(
        &cover.set,
        area,
        cover.font(points, true).leading() * 2.0,
        out,
    );
    place(&cover.set, &mut out.page, area, top, &fitted, paint);
    top + fitted.height()
}

/// The title (`points`, in at most `share` of the height) and the subtitle (in `accent`),
/// centred from the top of `area`; returns the bottom of the texts.
fn head(
    cover: &Cover,
    out: &mut CoverLayout,
    area: Rect,
    (points, share): (f64, f64),
    (text, accent): (Paint, Paint),
) -> f64 {
    let top = (area, area.y + 0.05 * area.h, share * area.h);
    let y = title(cover, out, top, points, text, Anchor::Middle);
    let below = (area, y + 2.0, 0.1 * area.h);
    subtitle(cover, out, below, 15.0, accent, Anchor::Middle)
}

/// The author at the foot of `area` and `facts` on a line above it (`points` of each, and
/// their paints); returns the top of that line.
fn foot_block(
    cover: &Cover,
    out: &mut CoverLayout,
    area: Rect,
    facts: &str,
    (author_points, facts_points): (f64, f64),
    (text, accent): (Paint, Paint),
) -> f64 {
    let foot = author(cover, out, area, author_points, text);
    let size = cover.font(facts_points, true);
    let top = foot - GAP - 2.0 * size.leading();
    line(
        cover,
        out,
        (area, top + size.leading() * 0.5),
        facts,
        facts_points,
        accent,
    );
    top
}

/// The room for the artwork across `area`, between the texts above (ending at `top`) and those
/// below (starting at `bottom`).
fn art_room(area: Rect, top: f64, bottom: f64) -> Rect {
    Rect {
        x: area.x,
        y: top + 2.0 * GAP,
        w: area.w,
        h: bottom - top - 3.0 * GAP,
    }
}

/// How much of the classic cover's badge stands above its grid (the rest covers empty cells).
const BADGE_LIFT: f64 = 0.55;

/// The count badge: a block of the accent colour with the count large, `PUZZLES` under it and,
/// in large print, `LARGE PRINT`; its top-left corner at `at`, clamped into `safe` and below
/// `clear` (the texts above it).
fn badge(cover: &Cover, out: &mut CoverLayout, at: (f64, f64), safe: Rect, clear: f64) -> Rect {
    let rect = badge_spot(cover, at, safe, clear);
    let lines = badge_lines(cover);
    let pad = 0.1 * rect.w;
    out.page.items.push(fill(rect, cover.palette.accent));
    let ink = Paint::Rgb(ink_on(cover.palette.accent));
    let inner = inset(rect, pad);
    let mut top = inner.y;
    for (text, font) in lines {
        let fitted_font = shrink_to(cover, &text, font, inner.w);
        let baseline = top + fitted_font.mm() * 0.8;
        let mut placed = cover.set.line(
            inner.x + inner.w / 2.0,
            baseline,
            fitted_font,
            Anchor::Middle,
            &text,
        );
        if let Placed::Text(line) = &mut placed {
            line.paint = ink;
        }
        out.page.items.push(placed);
        top += font.leading();
    }
    rect
}

/// Where the badge goes: its top-left corner at `at`, clamped into `safe` and below `clear`.
fn badge_spot(cover: &Cover, at: (f64, f64), safe: Rect, clear: f64) -> Rect {
    let (w, h) = badge_size(cover, &badge_lines(cover));
    Rect {
        x: at.0.min(safe.x + safe.w - w).max(safe.x),
        y: at.1.max(safe.y).max(clear),
        w,
        h,
    }
}

/// The sample with the givens under `spot` (of the grid drawn at `at`) left out, so the badge
/// stands on empty cells and cuts no digit.
fn cleared_under(sample: &Sample, at: Rect, spot: Rect) -> Sample {
    let geo = &sample.geometry;
    let (rows, cols) = geo.extent();
    let cell = at.w / rows.max(cols) as f64;
    let mut shown = sample.clone();
    for c in 0..geo.cell_count() {
        let (r, k) = geo.row_col(c);
        let (x, y) = (at.x + k as f64 * cell, at.y + r as f64 * cell);
        let covered =
            x < spot.x + spot.w && x + cell > spot.x && y < spot.y + spot.h && y + cell > spot.y;
        if covered {
            shown.givens.set(c, 0);
        }
    }
    shown
}

/// The badge's lines: the count large, `PUZZLES`, and `LARGE PRINT` in large print.
fn badge_lines(cover: &Cover) -> Vec<(String, crate::layout::text::Font)> {
    let strings = &cover.plan.strings;
    let number = cover.font(30.0, true);
    let word = cover.font(9.0, true);
    let mut lines = vec![(cover.facts.count.to_string(), number)];
    lines.push((strings.get("cover_puzzles").to_uppercase(), word));
    if cover.facts.large_print {
        lines.push((strings.get("cover_large_print").to_uppercase(), word));
    }
    lines
}

/// The badge's width and height for these lines.
fn badge_size(cover: &Cover, lines: &[(String, crate::layout::text::Font)]) -> (f64, f64) {
    let width = 0.3 * cover.geometry.panel.0 * cover.scale.min(1.2);
    let pad = 0.1 * width;
    let height = pad * 2.0 + lines.iter().map(|(_, f)| f.leading()).sum::<f64>();
    (width, height)
}

/// The font, shrunk (to 7 pt at least) until `text` fits `width`.
fn shrink_to(
    cover: &Cover,
    text: &str,
    font: crate::layout::text::Font,
    width: f64,
) -> crate::layout::text::Font {
    let mut font = font;
    while font.points > super::MIN_POINTS && cover.set.width(text, font) > width {
        font.points = (font.points - 0.5).max(super::MIN_POINTS);
    }
    font
}

/// The artwork in `room`: the spec's picture when it has one, else `draw`.
fn artwork(cover: &Cover, out: &mut CoverLayout, room: Rect, draw: impl FnOnce(&mut CoverLayout)) {
    match &cover.spec.image {
        Some(image) => picture(image, room, out),
        None => draw(out),
    }
}

/// The sample puzzle `index` (cycling through the sections').
fn sample<'a>(cover: &'a Cover, index: usize) -> &'a Sample {
    &cover.facts.samples[index % cover.facts.samples.len()]
}

/// A square of side `side` centred in `room`.
fn centred(room: Rect, side: f64) -> Rect {
    Rect {
        x: room.x + (room.w - side) / 2.0,
        y: room.y + (room.h - side) / 2.0,
        w: side,
        h: side,
    }
}

/// Deep blue; the title large at the top, the subtitle in orange; a puzzle of the book on
/// white, being solved, with the count badge over its corner; the levels and the author below.
fn classic(cover: &Cover, out: &mut CoverLayout) {
    let (panel, safe) = panels(cover);
    let (text, accent) = (cover.text(), cover.accent());
    let y = head(cover, out, safe, (40.0, 0.24), (text, accent));
    let levels = levels_line(cover, false);
    let bottom = foot_block(cover, out, safe, &levels, (15.0, 10.0), (text, accent));
    let room = art_room(
        Rect {
            x: panel.x,
            w: panel.w,
            ..safe
        },
        y,
        bottom,
    );
    // The badge stands on the grid's corner like a sticker: half of it above the grid, and the
    // cells under it left empty, so it cuts no digit.
    let (badge_width, badge_height) = badge_size(cover, &badge_lines(cover));
    let lift = BADGE_LIFT * badge_height;
    let side = (0.74 * panel.w).min(room.h - lift).max(0.0);
    let below = Rect {
        y: room.y + lift,
        h: room.h - lift,
        ..room
    };
    let at = centred(below, side);
    let spot = badge_spot(
        cover,
        (at.x + at.w - 0.8 * badge_width, at.y - lift),
        safe,
        y + GAP,
    );
    let shown = cleared_under(sample(cover, 0), at, spot);
    artwork(cover, out, room, |out| {
        let colours = ArtColours {
            paper: cover.palette.paper,
            ink: cover.palette.grid_ink,
            solved: Some(mix(cover.palette.accent, [0, 0, 0], 0.35)),
            highlight: mix(cover.palette.paper, cover.palette.accent, 0.25),
            shadow: Some(mix(cover.palette.ground(), [0, 0, 0], 0.45)),
        };
        out.page
            .items
            .extend(puzzle_art(&cover.look, &shown, at, colours));
    });
    badge(cover, out, (spot.x, spot.y), safe, y + GAP);
}

/// Cream; the title in dark teal, the subtitle in rust; the sections' puzzles as a mosaic of
/// four cards in the theme's colours, the count badge where they meet; levels and author below.
fn mosaic(cover: &Cover, out: &mut CoverLayout) {
    let (_, safe) = panels(cover);
    let (text, accent) = (Paint::Rgb(cover.palette.grid_ink), cover.accent());
    let y = head(cover, out, safe, (38.0, 0.22), (text, accent));
    let levels = levels_line(cover, false);
    let bottom = foot_block(cover, out, safe, &levels, (15.0, 10.0), (text, accent));
    let room = art_room(safe, y, bottom);
    let gap = 0.035 * safe.w;
    let card = ((room.w - gap) / 2.0).min((room.h - gap) / 2.0).max(0.0);
    let whole = centred(room, 2.0 * card + gap);
    artwork(cover, out, room, |out| {
        for index in 0..4 {
            let at = Rect {
                x: whole.x + (index % 2) as f64 * (card + gap),
                y: whole.y + (index / 2) as f64 * (card + gap),
                w: card,
                h: card,
            };
            let tile = cover.palette.tiles[index];
            out.page.items.push(fill(at, tile));
            let colours = ArtColours {
                paper: cover.palette.paper,
                ink: cover.palette.grid_ink,
                solved: Some(mix(tile, [0, 0, 0], 0.45)),
                highlight: mix(cover.palette.paper, tile, 0.3),
                shadow: None,
            };
            let inner = inset(at, 0.07 * card);
            out.page.items.extend(puzzle_art(
                &cover.look,
                sample(cover, index),
                inner,
                colours,
            ));
        }
    });
    let width = 0.3 * cover.geometry.panel.0;
    let place = (
        whole.x + whole.w / 2.0 - width / 2.0,
        whole.y + whole.h / 2.0 - 0.4 * width,
    );
    badge(cover, out, place, safe, y + GAP);
}

/// Amber; the count huge at the top left in deep blue over the word, then the title and the
/// subtitle; a large puzzle running off the foot and the outer edge.
fn bold(cover: &Cover, out: &mut CoverLayout) {
    let (panel, safe) = panels(cover);
    let ink = cover.accent();
    let strings = &cover.plan.strings;
    let mut y = safe.y;
    if let Some(text) = &cover.plan.author {
        let piece = Piece {
            text,
            key: "author",
            position: cover.spec.origin.author,
            font: cover.font(13.0, false),
            balanced: false,
        };
        let fitted = piece.fit(&cover.set, safe, 0.08 * safe.h, out);
        place_at(
            &cover.set,
            &mut out.page,
            (safe.x, Anchor::Start),
            y,
            &fitted,
            ink,
        );
        y += fitted.height() + GAP;
    }
    let count = cover.facts.count.to_string();
    let huge = shrink_to(cover, &count, cover.font(96.0, true), safe.w);
    let mut placed = cover
        .set
        .line(safe.x, y + huge.mm() * 0.75, huge, Anchor::Start, &count);
    if let Placed::Text(line) = &mut placed {
        line.paint = ink;
    }
    out.page.items.push(placed);
    y += huge.mm() * 0.82;
    let word = strings.get("cover_puzzles").to_uppercase();
    let word_font = shrink_to(cover, &word, cover.font(22.0, true), safe.w);
    let mut placed = cover.set.line(
        safe.x,
        y + word_font.mm() * 0.8,
        word_font,
        Anchor::Start,
        &word,
    );
    if let Placed::Text(line) = &mut placed {
        line.paint = ink;
    }
    out.page.items.push(placed);
    y += word_font.leading() + GAP;
    y = title(
        cover,
        out,
        (safe, y, 0.2 * safe.h),
        30.0,
        ink,
        Anchor::Start,
    );
    y = subtitle(
        cover,
        out,
        (safe, y + 1.5, 0.08 * safe.h),
        13.0,
        ink,
        Anchor::Start,
    );
    let facts = levels_line(cover, false);
    let small = cover.font(9.0, true);
    let piece = Piece {
        text: &facts,
        key: "strings.cover_with_solutions",
        position: None,
        font: small,
        balanced: false,
    };
    let fitted = piece.fit(&cover.set, safe, 2.0 * small.leading(), out);
    place_at(
        &cover.set,
        &mut out.page,
        (safe.x, Anchor::Start),
        y + 2.0,
        &fitted,
        ink,
    );
    y += 2.0 + fitted.height() + 2.0 * GAP;
    let side = 1.05 * panel.w;
    let at = Rect {
        x: panel.x + 0.3 * panel.w,
        y: y.max(panel.y + 0.5 * panel.h),
        w: side,
        h: side,
    };
    let room = Rect {
        x: safe.x,
        y: at.y,
        w: safe.w,
        h: safe.y + safe.h - at.y,
    };
    artwork(cover, out, room, |out| {
        let colours = ArtColours {
            paper: cover.palette.paper,
            ink: cover.palette.grid_ink,
            solved: None,
            highlight: cover.palette.paper,
            shadow: Some(mix(cover.palette.ground(), [0, 0, 0], 0.25)),
        };
        out.page
            .items
            .extend(puzzle_art(&cover.look, sample(cover, 0), at, colours));
    });
}

/// Off-white in a fine oxblood frame; the title quiet and centred over a short rule, the
/// subtitle in the accent; a small puzzle drawn in the accent alone; the count, levels and
/// answers on one line; the author at the foot.
fn minimal(cover: &Cover, out: &mut CoverLayout) {
    let (panel, safe) = panels(cover);
    let (text, accent) = (cover.text(), cover.accent());
    let frame = inset(panel, FRAME_INSET);
    let weight = 0.6;
    for rule in [
        Rect { h: weight, ..frame },
        Rect {
            y: frame.y + frame.h - weight,
            h: weight,
            ..frame
        },
        Rect { w: weight, ..frame },
        Rect {
            x: frame.x + frame.w - weight,
            w: weight,
            ..frame
        },
    ] {
        out.page.items.push(fill(rule, cover.palette.accent));
    }
    let inner = inset(frame, 6.0);
    let mut y = title(
        cover,
        out,
        (inner, inner.y + 0.1 * inner.h, 0.24 * inner.h),
        34.0,
        text,
        Anchor::Middle,
    );
    let rule_width = 0.18 * inner.w;
    out.page.items.push(fill(
        Rect {
            x: inner.x + (inner.w - rule_width) / 2.0,
            y: y + 3.0,
            w: rule_width,
            h: 0.8,
        },
        cover.palette.accent,
    ));
    y = subtitle(
        cover,
        out,
        (inner, y + 7.0, 0.1 * inner.h),
        14.0,
        accent,
        Anchor::Middle,
    );
    let facts = levels_line(cover, true);
    let bottom = foot_block(cover, out, inner, &facts, (14.0, 9.5), (text, accent));
    let room = art_room(inner, y, bottom);
    let side = (0.5 * panel.w).min(room.h).max(0.0);
    artwork(cover, out, room, |out| {
        let colours = ArtColours {
            paper: cover.palette.paper,
            ink: cover.palette.accent,
            solved: Some(cover.palette.text()),
            highlight: mix(cover.palette.paper, cover.palette.accent, 0.1),
            shadow: None,
        };
        out.page.items.extend(puzzle_art(
            &cover.look,
            sample(cover, 0),
            centred(room, side),
            colours,
        ));
    });
    let _ = safe;
}

/// The texts alone on the background (the cover before themes): the title and subtitle in the
/// upper part, the author at the foot, the spec's picture between them.
fn plain(cover: &Cover, out: &mut CoverLayout) {
    let (_, safe) = panels(cover);
    let text = cover.text();
    let top = safe.y + 0.12 * safe.h;
    let bottom = title(
        cover,
        out,
        (safe, top, 0.4 * safe.h),
        36.0,
        text,
        Anchor::Middle,
    );
    let below = subtitle(
        cover,
        out,
        (safe, bottom + 0.04 * safe.h, 0.75 * safe.h - bottom),
        16.0,
        text,
        Anchor::Middle,
    );
    let author_top = author(cover, out, safe, 16.0, text);
    if let Some(image) = &cover.spec.image {
        let gap = super::PICTURE_GAP;
        let room = Rect {
            x: safe.x,
            y: below + gap,
            w: safe.w,
            h: author_top - below - 2.0 * gap,
        };
        picture(image, room, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Geometry, Grid};

    /// The classic cover's badge stands on empty cells: the givens it covers are left out of
    /// the artwork, the others kept.
    #[test]
    fn the_badge_covers_no_digit() {
        let geometry = Geometry::classic(9).unwrap();
        let givens = Grid::new(9, (0..81).map(|c| (c % 9 + 1) as u8).collect());
        let sample = Sample {
            geometry,
            givens,
            solution: None,
            symbols: crate::symbols::SymbolSet::Digits,
        };
        let at = Rect {
            x: 0.0,
            y: 0.0,
            w: 90.0,
            h: 90.0,
        };
        // A badge over the top-right corner: columns 8-9 (x 70..95), row 1 (y -20..5).
        let spot = Rect {
            x: 72.0,
            y: -20.0,
            w: 23.0,
            h: 25.0,
        };
        let shown = cleared_under(&sample, at, spot);
        for c in 0..81 {
            let under = c < 9 && c % 9 >= 7;
            assert_eq!(shown.givens.get(c) == 0, under, "cell {c}");
        }
    }
}
