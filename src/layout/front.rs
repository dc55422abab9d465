//! Front matter: the title page, the instructions (general text, then each kind of puzzle the
//! book holds with its rules and a small diagram of its houses, then the levels), and the table
//! of contents with page numbers and dot leaders.

use super::book::{Context, Page, variant_title};
use super::fit::{self, CONTENTS_LINE};
use super::page::Rect;
use super::style::{Look, PlacedGrid};
use super::text::{Anchor, Font, Placed, Typesetter};
use crate::grid::{Geometry, HouseKind};
use crate::logic::Level;
use crate::spec::Strings;

const TITLE_NOTE: Font = Font::regular(11.0);
const PAGE_TITLE: Font = Font::bold(18.0);
const BLOCK_TITLE: Font = Font::bold(11.5);
const BODY: Font = Font::regular(10.5);

/// Space under a page title before its first block, and between blocks, in millimetres.
const AFTER_TITLE: f64 = 16.0;
const BLOCK_GAP: f64 = 7.0;
/// Baseline distance of contents lines.
const CONTENTS_STEP: f64 = 8.0;

/// Page 1: title, subtitle, what the book holds, author — each wrapped, then shrunk, to fit.
pub fn title_page(ctx: &Context) -> Page {
    let area = ctx.frame.content(1);
    let [title_box, subtitle_box, author_box] = fit::title_boxes(&ctx.frame);
    let mut items = Vec::new();
    let mut y = area.y + area.h * 0.26;
    let title = title_box.fit_or_floor(&ctx.set, &ctx.plan.title);
    let (lines, height) = ctx.set.place_fitted(area, y, &title, Anchor::Middle);
    items.extend(lines);
    y += height + 5.0;
    let centre = area.x + area.w / 2.0;
    items.push(Placed::Rule {
        x1: centre - 30.0,
        y1: y,
        x2: centre + 30.0,
        y2: y,
        width: 0.6,
    });
    y += 8.0;
    if let Some(subtitle) = &ctx.plan.subtitle {
        let fitted = subtitle_box.fit_or_floor(&ctx.set, subtitle);
        let (lines, height) = ctx.set.place_fitted(area, y, &fitted, Anchor::Middle);
        items.extend(lines);
        y += height + 4.0;
    }
    let (note, _) = ctx
        .set
        .paragraph(area, y, TITLE_NOTE, Anchor::Middle, &contents_note(ctx));
    items.extend(note);
    if let Some(author) = &ctx.plan.author {
        let fitted = author_box.fit_or_floor(&ctx.set, author);
        let top = area.y + area.h - 20.0 - fitted.font.mm() * 0.8;
        let (lines, _) = ctx.set.place_fitted(area, top, &fitted, Anchor::Middle);
        items.extend(lines);
    }
    Page::with_items(1, items)
}

/// `48 puzzles · Easy to hard · with solutions`.
fn contents_note(ctx: &Context) -> String {
    let strings = &ctx.plan.strings;
    let levels: Vec<Level> = ctx.puzzles.iter().map(|p| p.puzzle.rating.level).collect();
    let count = ctx.puzzles.len();
    let key = if count == 1 {
        "puzzle_count_one"
    } else {
        "puzzle_count"
    };
    let mut parts = vec![strings.fill(key, &[("count", &count.to_string())])];
    if let (Some(&low), Some(&high)) = (levels.iter().min(), levels.iter().max()) {
        parts.push(level_span(strings, low, high));
    }
    if ctx.plan.answers.is_some() {
        parts.push(strings.get("with_solutions").to_string());
    }
    parts.join(" · ")
}

/// `Easy`, or `Easy to hard`.
fn level_span(strings: &Strings, low: Level, high: Level) -> String {
    let (low, high) = (strings.level(low), strings.level(high));
    if low == high {
        return low.to_string();
    }
    let (low_lower, high_lower) = (low.to_lowercase(), high.to_lowercase());
    strings.fill(
        "level_span",
        &[
            ("low", low),
            ("high", high),
            ("low_lower", &low_lower),
            ("high_lower", &high_lower),
        ],
    )
}

/// A block of the instructions: pieces placed from the top of a given area, and its height.
type Block = Box<dyn Fn(&Typesetter, Rect, f64) -> (Vec<Placed>, f64)>;

/// The instructions, flowed over as many pages as they need, numbered from `first`.
pub fn instruction_pages(ctx: &Context, first: usize) -> Vec<Page> {
    let mut pages = vec![Page::new(first)];
    let area = ctx.frame.content(first);
    pages[0].items.push(ctx.set.line(
        area.x,
        area.y + PAGE_TITLE.mm(),
        PAGE_TITLE,
        Anchor::Start,
        ctx.plan.strings.get("how_to_play"),
    ));
    let mut y = area.y + AFTER_TITLE;
    for block in instruction_blocks(ctx) {
        let (number, items) = {
            let page = pages.last_mut().map_or(first, |p| p.number);
            let area = ctx.frame.content(page);
            let (items, height) = block(&ctx.set, area, y);
            if y + height <= area.y + area.h - super::page::FOOTER_BAND || y <= area.y + 1.0 {
                y += height + BLOCK_GAP;
                (page, items)
            } else {
                let next = page + 1;
                let area = ctx.frame.content(next);
                let (items, height) = block(&ctx.set, area, area.y);
                y = area.y + height + BLOCK_GAP;
                (next, items)
            }
        };
        if pages.last().is_none_or(|p| p.number != number) {
            pages.push(Page::new(number));
        }
        if let Some(page) = pages.last_mut() {
            page.items.extend(items);
        }
    }
    pages
}

fn instruction_blocks(ctx: &Context) -> Vec<Block> {
    let mut blocks: Vec<Block> = vec![text_block(&introduction(ctx))];
    for geo in kinds(ctx) {
        blocks.push(kind_block(ctx.look, &ctx.plan.strings, geo));
    }
    blocks.push(levels_block(ctx));
    blocks
}

fn introduction(ctx: &Context) -> String {
    let strings = &ctx.plan.strings;
    let mut text = ctx
        .plan
        .instructions
        .clone()
        .unwrap_or_else(|| strings.get("introduction").to_string());
    text.push('\n');
    text.push_str(strings.get("one_solution"));
    if ctx.plan.answers.is_some() {
        text.push(' ');
        text.push_str(strings.get("solutions_at_back"));
    }
    text
}

/// A bold title over a paragraph.
fn titled_block(title: &str, text: &str) -> Block {
    let (title, text) = (title.to_string(), text.to_string());
    Box::new(move |set, area, top| title_and_body(set, area, top, &title, &text))
}

fn title_and_body(
    set: &Typesetter,
    area: Rect,
    top: f64,
    title: &str,
    text: &str,
) -> (Vec<Placed>, f64) {
    let (mut items, title_height) = set.paragraph(area, top, BLOCK_TITLE, Anchor::Start, title);
    let body_top = top + title_height + 1.5;
    let (body, height) = set.paragraph(area, body_top, BODY, Anchor::Start, text);
    items.extend(body);
    (items, title_height + 1.5 + height)
}

fn text_block(text: &str) -> Block {
    let text = text.to_string();
    Box::new(move |set, area, top| set.paragraph(area, top, BODY, Anchor::Start, &text))
}

/// The geometry of each kind of grid in the book, in order of appearance.
fn kinds(ctx: &Context) -> Vec<Geometry> {
    let mut kinds: Vec<Geometry> = Vec::new();
    for p in ctx.puzzles {
        let geo = &p.puzzle.geometry;
        let same_kind = |other: &Geometry| {
            other.variant() == geo.variant()
                && other.size() == geo.size()
                && other.box_shape() == geo.box_shape()
        };
        if !kinds.iter().any(same_kind) {
            kinds.push(geo.clone());
        }
    }
    kinds
}

/// A diagram of the grid's houses at the left, its name and rules at the right.
fn kind_block(look: Look, strings: &Strings, geo: Geometry) -> Block {
    let name = variant_title(strings, &geo);
    let rules = rules(strings, &geo);
    Box::new(move |set, area, top| {
        let side = (area.w * 0.3).min(diagram_side(&geo));
        let text_area = Rect {
            x: area.x + side + 8.0,
            w: area.w - side - 8.0,
            ..area
        };
        let at = Rect {
            x: area.x,
            y: top,
            w: side,
            h: side,
        };
        let empty = geo.empty_grid();
        let diagram = PlacedGrid::new(&look, &geo, &empty, None, at);
        let mut items = vec![Placed::Grid(Box::new(diagram))];
        let (text, height) = title_and_body(set, text_area, top, &name, &rules);
        items.extend(text);
        (items, side.max(height))
    })
}

/// The largest side of a kind's diagram, in millimetres: a multi-grid frame (up to 21 cells
/// across) gets more room than a single grid, so its cells stay about 2 mm.
fn diagram_side(geo: &Geometry) -> f64 {
    if geo.frame().is_some() { 44.0 } else { 34.0 }
}

/// The rules of a grid in one sentence, from its houses.
pub fn rules(strings: &Strings, geo: &Geometry) -> String {
    if let Some(shape) = geo.variant().multi {
        let count = shape.origins().len().to_string();
        return strings.fill("rules_multi", &[("count", &count)]);
    }
    let mut houses = vec![
        strings.get("house_row").to_string(),
        strings.get("house_column").to_string(),
    ];
    if geo.variant().jigsaw {
        houses.push(strings.get("house_region").to_string());
    } else if let Some(b) = geo.box_shape() {
        let (rows, cols) = (b.rows.to_string(), b.cols.to_string());
        houses.push(strings.fill("house_box", &[("rows", &rows), ("cols", &cols)]));
    }
    if geo.variant().diagonal {
        houses.push(strings.get("house_diagonals").to_string());
    }
    let windows = geo
        .houses()
        .iter()
        .filter(|h| matches!(h.kind, HouseKind::Window(_)))
        .count();
    if windows > 0 {
        houses.push(strings.fill("house_windows", &[("count", &windows.to_string())]));
    }
    let last = houses.pop().unwrap_or_default();
    let values = [
        ("digits", strings.digit_range(geo.size())),
        ("houses", houses.join(", ")),
        ("last", last),
    ];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let rules = strings.fill("rules", &values);
    if geo.cages().is_some() {
        format!("{rules} {}", strings.get("rules_cages"))
    } else {
        rules
    }
}

fn levels_block(ctx: &Context) -> Block {
    let strings = &ctx.plan.strings;
    let mut present: Vec<Level> = ctx.puzzles.iter().map(|p| p.puzzle.rating.level).collect();
    present.sort();
    present.dedup();
    let lines: Vec<String> = present
        .iter()
        .map(|&level| {
            let values = [
                ("level", strings.level(level)),
                ("text", strings.level_text(level)),
            ];
            strings.fill("level_line", &values)
        })
        .collect();
    titled_block(strings.get("levels_title"), &lines.join("\n"))
}

/// Lines of contents one page holds.
fn contents_per_page(ctx: &Context) -> usize {
    let area = ctx.frame.content(1);
    let room = area.h - AFTER_TITLE - super::page::FOOTER_BAND;
    ((room / CONTENTS_STEP) as usize).max(1)
}

/// Pages the contents need for `entries` lines.
pub fn contents_page_count(ctx: &Context, entries: usize) -> usize {
    entries.div_ceil(contents_per_page(ctx)).max(1)
}

/// The contents: each entry's title, dot leaders, and its page number.
pub fn contents_pages(ctx: &Context, entries: &[(String, usize)], first: usize) -> Vec<Page> {
    let per_page = contents_per_page(ctx);
    let chunks: Vec<&[(String, usize)]> = if entries.is_empty() {
        vec![&[]]
    } else {
        entries.chunks(per_page).collect()
    };
    chunks
        .into_iter()
        .enumerate()
        .map(|(k, chunk)| contents_page(ctx, chunk, first + k, k == 0))
        .collect()
}

fn contents_page(ctx: &Context, chunk: &[(String, usize)], number: usize, titled: bool) -> Page {
    let area = ctx.frame.content(number);
    let mut items = Vec::new();
    if titled {
        items.push(ctx.set.line(
            area.x,
            area.y + PAGE_TITLE.mm(),
            PAGE_TITLE,
            Anchor::Start,
            ctx.plan.strings.get("contents"),
        ));
    }
    for (i, (title, page)) in chunk.iter().enumerate() {
        let baseline = area.y + AFTER_TITLE + CONTENTS_LINE.mm() + i as f64 * CONTENTS_STEP;
        let page = page.to_string();
        let right = area.x + area.w;
        let number_width = ctx.set.width(&page, CONTENTS_LINE);
        let fitted = fit::contents_box(&ctx.frame, number_width).fit_or_floor(&ctx.set, title);
        let title = fitted.lines.first().map_or("", String::as_str);
        let title_end = area.x + ctx.set.width(title, fitted.font);
        let number_start = right - number_width;
        items.push(
            ctx.set
                .line(area.x, baseline, fitted.font, Anchor::Start, title),
        );
        items.push(
            ctx.set
                .line(right, baseline, CONTENTS_LINE, Anchor::End, &page),
        );
        let dot = ctx.set.width(" .", CONTENTS_LINE);
        let dots = ((number_start - title_end - 2.0) / dot).floor();
        if dots >= 1.0 {
            let leader = " .".repeat(dots as usize);
            items.push(ctx.set.line(
                number_start - 1.0,
                baseline,
                CONTENTS_LINE,
                Anchor::End,
                &leader,
            ));
        }
    }
    Page::with_items(number, items)
}
