//! Front matter: the title page, the instructions (general text, then each kind of puzzle the
//! book holds with its rules and a small diagram of its houses, then the levels), and the table
//! of contents with page numbers and dot leaders.

use super::book::{Context, Page, variant_title};
use super::fit::{self, CONTENTS_LINE};
use super::page::Rect;
use super::style::PlacedGrid;
use super::text::{Anchor, Font, Paint, Placed, Typesetter};
use crate::book::BookPuzzle;
use crate::grid::{Geometry, HouseKind};
use crate::logic::Level;
use crate::spec::Strings;
use crate::symbols::{SectionSymbols, SymbolSet};

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
    let [title_box, subtitle_box, author_box] = fit::title_boxes(ctx.plan, &ctx.frame);
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
    let note_box = fit::title_note_box(ctx.plan, &ctx.frame);
    let note = note_box.fit_or_floor(&ctx.set, &contents_note(ctx));
    let (lines, height) = ctx.set.place_fitted(area, y, &note, Anchor::Middle);
    items.extend(lines);
    y += height;
    let mut foot = area.y + area.h;
    if let Some(author) = &ctx.plan.author {
        let fitted = author_box.fit_or_floor(&ctx.set, author);
        let top = area.y + area.h - 20.0 - fitted.font.mm() * 0.8;
        let (lines, _) = ctx.set.place_fitted(area, top, &fitted, Anchor::Middle);
        items.extend(lines);
        foot = top;
    }
    if ctx.plan.style.kids {
        items.extend(title_puzzle(ctx, area, (y, foot)));
    }
    Page::with_items(1, items)
}

/// A kids' book's title page shows a puzzle made for it (not one of the book's), big, between
/// the texts: a friendly page that says at once what the book is.
fn title_puzzle(ctx: &Context, area: Rect, (top, bottom): (f64, f64)) -> Option<Placed> {
    let first = ctx.title_puzzle?;
    let room = bottom - top - 16.0;
    let side = (area.w * 0.6).min(room);
    if side < 30.0 {
        return None;
    }
    let at = Rect {
        x: area.x + (area.w - side) / 2.0,
        y: top + 8.0 + (room - side) / 2.0,
        w: side,
        h: side,
    };
    let puzzle = &first.puzzle;
    let grid = PlacedGrid::new(&ctx.look, &puzzle.geometry, &puzzle.givens, None, at)
        .with_symbols(first.symbols(ctx.plan));
    Some(Placed::Grid(Box::new(grid)))
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
    // What the title or subtitle already says is not said again ("Easy to expert" under a
    // subtitle of "Easy to expert").
    let said = format!(
        "{} {}",
        ctx.plan.title,
        ctx.plan.subtitle.as_deref().unwrap_or("")
    )
    .to_lowercase();
    parts.retain(|part| !said.contains(&part.to_lowercase()));
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

/// One row of the instructions: pieces placed from a top of 0, its height, and whether it must
/// stay on the page of the row after it (a title with the first lines of its text). The
/// instructions flow row by row, so a text of any length breaks across pages between lines.
struct Row {
    items: Vec<Placed>,
    height: f64,
    keep_with_next: bool,
}

/// Lines of body text at least kept under a title on one page.
const LINES_WITH_TITLE: usize = 2;

/// The instructions, flowed over as many pages as they need, numbered from `first`.
pub fn instruction_pages(ctx: &Context, first: usize) -> Vec<Page> {
    let title = ctx.plan.strings.get("how_to_play");
    flow_pages(ctx, first, title, &instruction_blocks(ctx))
}

/// A titled page of blocks of rows, flowed over as many pages as they need (a row moves to the
/// next page when it does not fit, with the rows it must stay with), numbered from `first`.
/// A page never ends on a block's first line nor starts with its last alone, a short block
/// moves whole, and when the last page would hold only a few lines, the blocks are set closer
/// so that they end a page sooner (no page of a sentence's end).
fn flow_pages(ctx: &Context, first: usize, title: &str, blocks: &[Vec<Row>]) -> Vec<Page> {
    let (pages, last_fill) = flow_with(ctx, (first, title), blocks, BLOCK_GAP);
    if pages.len() < 2 || last_fill > WIDOW_PAGE {
        return pages;
    }
    let (tight, _) = flow_with(ctx, (first, title), blocks, TIGHT_BLOCK_GAP);
    if tight.len() < pages.len() {
        tight
    } else {
        pages
    }
}

/// A last page filled less than this share of its height is a widow page, worth setting the
/// blocks closer to avoid.
const WIDOW_PAGE: f64 = 0.25;
/// The gap between blocks set closer.
const TIGHT_BLOCK_GAP: f64 = 3.0;
/// A block no taller than this share of a page moves to the next page whole.
const SHORT_BLOCK: f64 = 0.3;

/// [`flow_pages`] with blocks `gap` apart: the pages, and how full the last one is (a share
/// of its height).
fn flow_with(
    ctx: &Context,
    (first, title): (usize, &str),
    blocks: &[Vec<Row>],
    gap: f64,
) -> (Vec<Page>, f64) {
    let area = ctx.frame.content(first);
    let (items, below) = page_title(ctx, first, title);
    let mut pages = vec![Page::with_items(first, items)];
    let mut y = area.y + below;
    for block in blocks {
        let total: f64 = block.iter().map(|r| r.height).sum();
        for (index, row) in block.iter().enumerate() {
            let page = pages.last().map_or(first, |p| p.number);
            let area = ctx.frame.content(page);
            let bottom = area.y + area.h - super::page::FOOTER_BAND;
            let page_room = bottom - area.y;
            let need = if index == 0 && total <= page_room * SHORT_BLOCK {
                total
            } else {
                room_needed(block, index, page_room) + widow_room(block, index)
            };
            if y + need > bottom && y > area.y + 1.0 {
                let next = page + 1;
                pages.push(Page::new(next));
                y = ctx.frame.content(next).y;
            }
            if let Some(page) = pages.last_mut() {
                let dx = ctx.frame.content(page.number).x;
                let placed = row.items.iter().cloned().map(|item| item.shifted(dx, y));
                page.items.extend(placed);
            }
            y += row.height;
        }
        y += gap;
    }
    let number = pages.last().map_or(first, |p| p.number);
    let area = ctx.frame.content(number);
    let fill = (y - gap - area.y) / (area.h - super::page::FOOTER_BAND);
    (pages, fill)
}

/// The room a row needs beyond its own so that a block's lines do not break alone: its first
/// line goes with its second, and the line before its last with its last.
fn widow_room(block: &[Row], index: usize) -> f64 {
    let keeps = (index == 0 && block.len() > 1) || index + 2 == block.len();
    if keeps && !block[index].keep_with_next {
        block[index + 1].height
    } else {
        0.0
    }
}

/// The cage-combination table of a book with killer sections (`combinations`): for cages of
/// two, three and four cells, each sum with the sets of different digits that make it, and a
/// line on larger cages (their digits are those a cage of the other cells leaves out).
pub fn combination_pages(ctx: &Context, first: usize) -> Vec<Page> {
    let size = ctx
        .puzzles
        .iter()
        .filter(|p| p.puzzle.geometry.cages().is_some())
        .map(|p| p.puzzle.geometry.size())
        .max()
        .unwrap_or(9);
    let strings = &ctx.plan.strings;
    let area = text_column(ctx);
    let body = fit::print_size(ctx.plan, COMBINATION_TEXT);
    let mut blocks = Vec::new();
    for cells in 2..=COMBINATION_CELLS.min(size - 1) {
        let title = strings.fill("combinations_cells", &[("count", &cells.to_string())]);
        let lines: Vec<String> = sums_and_sets(size, cells)
            .into_iter()
            .map(|(sum, sets)| format!("{sum}: {}", sets.join(" ")))
            .collect();
        let head = fit::print_size(ctx.plan, BLOCK_TITLE);
        let mut block = text_rows(&ctx.set, area, head, &title, true);
        if let Some(last) = block.last_mut() {
            last.height += TITLE_GAP;
        }
        block.extend(column_rows(ctx, area, &lines, body));
        blocks.push(block);
    }
    let total = size * (size + 1) / 2;
    let note = strings.fill(
        "combinations_note",
        &[
            ("from", &(COMBINATION_CELLS + 1).to_string()),
            ("total", &total.to_string()),
        ],
    );
    blocks.push(text_rows(&ctx.set, area, body, &note, false));
    flow_pages(ctx, first, strings.get("combinations_title"), &blocks)
}

/// Lines set in as many columns as the area's width holds (the widest line sets the column),
/// read down each column; one row per line of the columns.
fn column_rows(ctx: &Context, area: Rect, lines: &[String], font: Font) -> Vec<Row> {
    let widest = lines
        .iter()
        .map(|line| ctx.set.width(line, font))
        .fold(0.0, f64::max);
    let column = widest + COLUMN_GAP;
    let columns = ((area.w + COLUMN_GAP) / column).floor() as usize;
    if columns < 2 {
        // One column: every line wrapped to the width, none cut.
        return text_rows(&ctx.set, area, font, &lines.join("\n"), false);
    }
    let per_column = lines.len().div_ceil(columns.min(lines.len().max(1)));
    (0..per_column)
        .map(|row| {
            let items = (0..columns)
                .filter_map(|k| lines.get(k * per_column + row).map(|line| (k, line)))
                .map(|(k, line)| {
                    let x = area.x + k as f64 * column;
                    ctx.set.line(x, font.mm() * 0.8, font, Anchor::Start, line)
                })
                .collect();
            Row {
                items,
                height: font.leading(),
                keep_with_next: false,
            }
        })
        .collect()
}

/// Space between the columns of the combination table.
const COLUMN_GAP: f64 = 6.0;

/// Cages up to this many cells get their sums listed in full.
const COMBINATION_CELLS: usize = 4;
/// The combination table's type.
const COMBINATION_TEXT: Font = Font::regular(9.0);

/// For cages of `cells` different digits from 1 to `size`: each sum, with every set of digits
/// that makes it (`124`), smallest first.
fn sums_and_sets(size: usize, cells: usize) -> Vec<(usize, Vec<String>)> {
    let mut by_sum: Vec<(usize, Vec<String>)> = Vec::new();
    for mask in 0u32..(1 << size) {
        if mask.count_ones() as usize != cells {
            continue;
        }
        let digits: Vec<usize> = (0..size)
            .filter(|d| mask & (1 << d) != 0)
            .map(|d| d + 1)
            .collect();
        let sum: usize = digits.iter().sum();
        let set: String = digits
            .iter()
            .map(|&d| crate::grid::digit_symbol(d as u8))
            .collect();
        match by_sum.iter_mut().find(|(s, _)| *s == sum) {
            Some((_, sets)) => sets.push(set),
            None => by_sum.push((sum, vec![set])),
        }
    }
    by_sum.sort_by_key(|(sum, _)| *sum);
    for (_, sets) in &mut by_sum {
        sets.sort();
    }
    by_sum
}

/// The room row `index` of a block needs on its page: with the rows it must stay with when it
/// starts such a run (a title and the first lines of its text), unless that run is taller than
/// a whole page (`page_room`), when each row only needs its own.
fn room_needed(block: &[Row], index: usize, page_room: f64) -> f64 {
    let own = block[index].height;
    let starts_run = index == 0 || !block[index - 1].keep_with_next;
    if !starts_run {
        return own;
    }
    let kept = block[index..]
        .iter()
        .take_while(|r| r.keep_with_next)
        .count();
    let end = (index + kept).min(block.len() - 1);
    let run: f64 = block[index..=end].iter().map(|r| r.height).sum();
    if run <= page_room { run } else { own }
}

/// The title of a front-matter page, fitted (two lines at most, shrunk to the floor); returns
/// its pieces and where the page's text starts, below the top of the content area.
fn page_title(ctx: &Context, number: usize, text: &str) -> (Vec<Placed>, f64) {
    let area = ctx.frame.content(number);
    let fitted = fit::page_title_box(ctx.plan, &ctx.frame).fit_or_floor(&ctx.set, text);
    let font = fitted.font;
    let items = fitted
        .lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let baseline = area.y + font.mm() + i as f64 * font.leading();
            ctx.set.line(area.x, baseline, font, Anchor::Start, line)
        })
        .collect();
    let extra = fitted.lines.len().saturating_sub(1) as f64 * font.leading();
    (items, AFTER_TITLE + extra)
}

/// The instruction blocks, each a list of rows (placed from the left edge of the text).
fn instruction_blocks(ctx: &Context) -> Vec<Vec<Row>> {
    let set = &ctx.set;
    let area = text_column(ctx);
    let body = fit::print_size(ctx.plan, BODY);
    let mut blocks = vec![text_rows(set, area, body, &introduction(ctx), false)];
    let kinds = kinds(ctx);
    for (geo, symbols) in &kinds {
        blocks.push(kind_rows(
            ctx,
            geo,
            *symbols,
            kind_title(ctx, geo, symbols.set, &kinds),
        ));
    }
    blocks.push(levels_rows(ctx));
    blocks
}

fn introduction(ctx: &Context) -> String {
    let strings = &ctx.plan.strings;
    let first = ctx.puzzles.first();
    // A book of several symbol sets names none here: each kind's rules below say which.
    let sets = |p: &BookPuzzle| ctx.plan.sections[p.section].symbols.set;
    let mixed = first.is_some_and(|f| ctx.puzzles.iter().any(|p| sets(p) != sets(f)));
    let symbols = first.and_then(|p| {
        let symbols = ctx.plan.sections[p.section].symbols;
        symbols_words(strings, symbols, p.puzzle.geometry.size()).map(|(phrase, _)| phrase)
    });
    let standard = match (mixed, symbols) {
        (true, _) => strings.get("introduction_mixed").to_string(),
        (false, Some(symbols)) => strings.fill("introduction_symbols", &[("symbols", &symbols)]),
        (false, None) => strings.get("introduction").to_string(),
    };
    let mut text = ctx.plan.instructions.clone().unwrap_or(standard);
    text.push_str("\n\n");
    text.push_str(strings.get("one_solution"));
    if ctx.plan.answers.is_some() {
        text.push(' ');
        text.push_str(strings.get("solutions_at_back"));
    }
    text
}

/// Text wrapped to the area's width (long words cut), one row per line, paragraphs (parts
/// between blank lines) [`PARAGRAPH_SPACE`] apart; `keep` keeps every row with the one after
/// it.
fn text_rows(set: &Typesetter, area: Rect, font: Font, text: &str, keep: bool) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for paragraph in text.split("\n\n") {
        if let Some(last) = rows.last_mut() {
            last.height += font.leading() * PARAGRAPH_SPACE;
        }
        rows.extend(
            set.wrap_breaking(paragraph, area.w, font)
                .iter()
                .map(|line| Row {
                    items: vec![set.line(area.x, font.mm() * 0.8, font, Anchor::Start, line)],
                    height: font.leading(),
                    keep_with_next: keep,
                }),
        );
    }
    rows
}

/// The space between two paragraphs, in lines.
const PARAGRAPH_SPACE: f64 = 0.4;

/// A bold title over a paragraph: the title kept with the first lines of the text.
fn titled_rows(ctx: &Context, area: Rect, title: &str, text: &str) -> Vec<Row> {
    titled_rows_in(ctx, area, (title, text), fit::print_size(ctx.plan, BODY))
}

/// [`titled_rows`] with its text in `body`.
fn titled_rows_in(ctx: &Context, area: Rect, (title, text): (&str, &str), body: Font) -> Vec<Row> {
    let set = &ctx.set;
    let head = fit::print_size(ctx.plan, BLOCK_TITLE);
    let mut rows = text_rows(set, area, head, title, true);
    if let Some(last) = rows.last_mut() {
        last.height += TITLE_GAP;
    }
    let mut body = text_rows(set, area, body, text, false);
    let kept = LINES_WITH_TITLE.min(body.len()).saturating_sub(1);
    for row in &mut body[..kept] {
        row.keep_with_next = true;
    }
    rows.extend(body);
    rows
}

/// The column the instructions are set in, from a left edge of 0 (rows are moved to the
/// page's content area as they are placed: the gutter alternates sides).
fn text_column(ctx: &Context) -> Rect {
    Rect {
        x: 0.0,
        ..ctx.frame.content(1)
    }
}

/// Space between a block title and its text, in millimetres.
const TITLE_GAP: f64 = 1.5;

/// The geometry of each kind of grid in the book, with the symbols it prints, in order of
/// appearance.
fn kinds(ctx: &Context) -> Vec<(Geometry, SectionSymbols)> {
    let mut kinds: Vec<(Geometry, SectionSymbols)> = Vec::new();
    for p in ctx.puzzles {
        let geo = &p.puzzle.geometry;
        let symbols = ctx.plan.sections[p.section].symbols;
        let same_kind = |(other, set): &(Geometry, SectionSymbols)| {
            other.variant() == geo.variant()
                && other.size() == geo.size()
                && other.box_shape() == geo.box_shape()
                && *set == symbols
        };
        if !kinds.iter().any(same_kind) {
            kinds.push((geo.clone(), symbols));
        }
    }
    kinds
}

/// A kind's title: its grid's name (`Classic 6×6`), with its symbols' name after it when
/// another kind of the book has the same grid in other symbols (`Classic · Wordoku`).
fn kind_title(
    ctx: &Context,
    geo: &Geometry,
    symbols: SymbolSet,
    kinds: &[(Geometry, SectionSymbols)],
) -> String {
    let strings = &ctx.plan.strings;
    let title = variant_title(strings, geo);
    let shared = kinds
        .iter()
        .filter(|(other, _)| variant_title(strings, other) == title)
        .count();
    if shared < 2 {
        return title;
    }
    let set = strings.get(symbols.key());
    strings.fill("kind_in_symbols", &[("kind", &title), ("set", set)])
}

/// A diagram of the grid's houses at the left, its name and rules at the right: the first row
/// holds the diagram and the lines of text beside it; lines below the diagram flow on.
fn kind_rows(ctx: &Context, geo: &Geometry, symbols: SectionSymbols, title: String) -> Vec<Row> {
    let strings = &ctx.plan.strings;
    let area = text_column(ctx);
    let (sample, share) = if geo.cages().is_some() {
        (killer_sample(geo), 0.4)
    } else if let Some(sample) = marks_sample(geo) {
        (sample, 0.4)
    } else {
        (geo.clone(), 0.3)
    };
    let side = (area.w * share).min(diagram_side(&sample));
    let text_area = Rect {
        x: area.x + side + 8.0,
        w: area.w - side - 8.0,
        ..area
    };
    let at = Rect {
        x: area.x,
        y: 0.0,
        w: side,
        h: side,
    };
    let empty = sample.empty_grid();
    let diagram = PlacedGrid::new(&ctx.look, &sample, &empty, None, at);
    let text = titled_rows(ctx, text_area, &title, &rules(strings, geo, symbols));
    let mut first = Row {
        items: vec![Placed::Grid(Box::new(diagram))],
        height: 0.0,
        keep_with_next: false,
    };
    // The whole rule beside its diagram, even where it runs longer: a paragraph's last line
    // never breaks away below the diagram.
    append_below(&mut first, text);
    let legend = match symbols.set {
        SymbolSet::Pictures | SymbolSet::Colours => {
            legend_rows(ctx, symbols.set, geo.size(), text_area)
        }
        _ => Vec::new(),
    };
    // The legend goes beside the diagram too when it fits there, else under it.
    let legend_height: f64 = legend.iter().map(|r| r.height).sum();
    let beside = first.height + LEGEND_GAP + legend_height <= side + 0.01;
    let mut rows = Vec::new();
    if beside {
        first.height += LEGEND_GAP;
        append_below(&mut first, legend);
        first.height = first.height.max(side);
        rows.push(first);
    } else {
        first.height = first.height.max(side);
        rows.push(first);
        rows.extend(legend);
    }
    rows
}

/// `rows` set one under another at the foot of `row`, which grows to hold them.
fn append_below(row: &mut Row, rows: Vec<Row>) {
    for below in rows {
        let dy = row.height;
        row.items
            .extend(below.items.into_iter().map(|item| item.shifted(0.0, dy)));
        row.height += below.height;
    }
}

/// Space between a kind's rules and its legend.
const LEGEND_GAP: f64 = 2.0;

/// The legend of a picture or colour set, under its rules: each value as the grids print it,
/// with its name beneath, as many to a line as fit the text beside the diagram.
fn legend_rows(ctx: &Context, set: SymbolSet, size: usize, area: Rect) -> Vec<Row> {
    let names = ctx.plan.strings.symbol_names(set, size);
    let font = fit::print_size(ctx.plan, LEGEND_NAME);
    let glyph_size = fit::print_size(ctx.plan, LEGEND_GLYPH).mm();
    let widest = names
        .iter()
        .map(|name| ctx.set.width(name, font))
        .fold(glyph_size * 1.6, f64::max);
    let slot = widest + 3.0;
    let per_line = ((area.w / slot).floor() as usize).clamp(1, size.max(1));
    let height = glyph_size * 1.6 + font.leading() + 2.0;
    (1..=size)
        .collect::<Vec<usize>>()
        .chunks(per_line)
        .map(|values| {
            let mut items = Vec::new();
            for (k, &value) in values.iter().enumerate() {
                let x = area.x + (k as f64 + 0.5) * slot;
                items.push(Placed::Glyph {
                    glyph: set.glyph(value as u8, None),
                    x,
                    y: 1.0 + glyph_size * 0.7,
                    size: glyph_size,
                    paint: Paint::BLACK,
                    cap_height: ctx.look.cap_height,
                });
                let name = names.get(value - 1).map_or("", String::as_str);
                let baseline = 1.0 + glyph_size * 1.6 + font.mm() * 0.8;
                items.push(ctx.set.line(x, baseline, font, Anchor::Middle, name));
            }
            Row {
                items,
                height,
                keep_with_next: true,
            }
        })
        .collect()
}

/// The legend's names and pictures.
const LEGEND_NAME: Font = Font::regular(8.0);
const LEGEND_GLYPH: Font = Font::regular(16.0);

/// The largest side of a kind's diagram, in millimetres: a multi-grid frame (up to 21 cells
/// across) gets more room than a single grid, so its cells stay about 2 mm; a killer's sample
/// gets cells large enough for its cage sums at the 7 pt floor.
fn diagram_side(geo: &Geometry) -> f64 {
    if geo.frame().is_some() {
        44.0
    } else if geo.cages().is_some() || geo.marks().is_some_and(|m| !m.marks().is_empty()) {
        KILLER_SAMPLE_CELL * geo.size() as f64
    } else {
        34.0
    }
}

/// The cell of a killer's sample diagram, in millimetres: its sums print at 8.4 pt.
const KILLER_SAMPLE_CELL: f64 = 11.0;

/// What a killer's diagram shows: a 4×4 killer with its cages and their sums (a 9×9 would need
/// 86 mm for sums of 7 pt), cut from the solution 12 34 / 34 12 / 21 43 / 43 21; the rules
/// beside it say the digits of the book's grids. A grid the sample cannot be made for keeps its
/// own shape.
fn killer_sample(geo: &Geometry) -> Geometry {
    use crate::grid::{Cage, CageSet, Variant};
    // A killer with diagonals shows them too, on the solution 1234 / 3412 / 4321 / 2143, whose
    // diagonals hold every digit once.
    let diagonal = geo.variant().diagonal;
    let sums: [u32; 8] = if diagonal {
        [3, 4, 7, 7, 6, 8, 2, 3]
    } else {
        [3, 4, 9, 7, 6, 6, 4, 1]
    };
    let shapes = [
        vec![0, 1],
        vec![2, 6],
        vec![3, 7, 11],
        vec![4, 5],
        vec![8, 12],
        vec![9, 13, 14],
        vec![10],
        vec![15],
    ];
    let cages: Vec<Cage> = shapes
        .into_iter()
        .zip(sums)
        .map(|(cells, sum)| Cage { cells, sum })
        .collect();
    let variant = Variant {
        diagonal,
        ..Variant::CLASSIC
    };
    let sample = CageSet::new(4, cages).ok().and_then(|cages| {
        Geometry::new(4, variant, None, None)
            .ok()?
            .with_cages(cages)
            .ok()
    });
    let solution: [u8; 16] = if diagonal {
        [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3]
    } else {
        [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    };
    let sample = sample.map(|killer| with_sample_marks(killer, geo, &solution, 3));
    sample.unwrap_or_else(|| geo.clone())
}

/// The marked kinds of `geo` (not its global rules, stated in words, nor its cages).
fn marked_kinds(geo: &Geometry) -> crate::grid::RuleKinds {
    use crate::grid::{RuleKind, RuleKinds};
    geo.variant()
        .rules
        .iter()
        .filter(|&k| k != RuleKind::Cages && !k.is_global())
        .fold(RuleKinds::NONE, RuleKinds::with)
}

/// `sample` with marks of `geo`'s marked kinds drawn over `solution` (at most `most` of them,
/// unless the kind's missing marks say something); `sample` unchanged when `geo` has none or they
/// do not fit.
fn with_sample_marks(sample: Geometry, geo: &Geometry, solution: &[u8], most: usize) -> Geometry {
    use crate::grid::{Grid, MarkSet, RuleKind};
    let marked = marked_kinds(geo);
    if marked.is_empty() {
        return sample;
    }
    let solution = Grid::new(sample.size(), solution.to_vec());
    let mut rng = crate::generate::SeededRng::new(46);
    let mut marks = crate::generate::marked::sample_marks(marked, &solution, &mut rng);
    let every = marked.has(RuleKind::KropkiNegative) || marked.has(RuleKind::XvNegative);
    if !every {
        rng.shuffle(&mut marks);
        marks.truncate(most);
    }
    MarkSet::new(sample.size(), marked, marks)
        .ok()
        .and_then(|set| sample.with_marks(set).ok())
        .unwrap_or(sample)
}

/// What a marked kind's diagram shows: a 6×6 with a few of each kind's marks (every one for the
/// kinds whose missing marks say something), drawn over the solution 123456 / 456123 / … so that
/// dots, X and V, parity, extremes and quadruples all occur; `None` for shapes without marks
/// (global rules alone are stated in words).
fn marks_sample(geo: &Geometry) -> Option<Geometry> {
    if marked_kinds(geo).is_empty() {
        return None;
    }
    const SIZE: usize = 6;
    let solution: Vec<u8> = (0..SIZE * SIZE)
        .map(|i| {
            let (r, c) = (i / SIZE, i % SIZE);
            ((3 * (r % 2) + r / 2 + c) % SIZE + 1) as u8
        })
        .collect();
    let sample = with_sample_marks(Geometry::classic(SIZE).ok()?, geo, &solution, 8);
    sample.marks().is_some().then_some(sample)
}

/// The words for a section's symbols: the phrase the rules use (`None` for digits) and, for a
/// hidden word, where it is. A hidden word's letters are listed in alphabetical order, so the
/// page never gives away the row that spells it.
fn symbols_words(
    strings: &Strings,
    symbols: SectionSymbols,
    size: usize,
) -> Option<(String, Option<String>)> {
    match (symbols.set, symbols.word_in) {
        (SymbolSet::Word(word), Some(place)) => {
            let (phrase, place) = strings.hidden_word_phrase(&word, place);
            Some((phrase, Some(place)))
        }
        (set, _) => strings
            .symbols_phrase(set, size)
            .map(|phrase| (phrase, None)),
    }
}

/// The rules of a grid in one sentence, from its houses, in its symbols (and where a hidden
/// word is).
pub fn rules(strings: &Strings, geo: &Geometry, symbols: SectionSymbols) -> String {
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
    let rules = match symbols_words(strings, symbols, geo.size()) {
        Some((phrase, place)) => {
            let mut values = values.clone();
            values[0] = ("symbols", &phrase);
            let rules = strings.fill("rules_symbols", &values);
            match place {
                Some(place) => format!("{rules} {place}"),
                None => rules,
            }
        }
        None => strings.fill("rules", &values),
    };
    let kinds = geo.variant().rules.iter();
    let sentences = kinds.map(|kind| strings.get(&Strings::kind_key("rules", kind)).to_string());
    std::iter::once(rules)
        .chain(sentences)
        .collect::<Vec<_>>()
        .join(" ")
}

fn levels_rows(ctx: &Context) -> Vec<Row> {
    let strings = &ctx.plan.strings;
    let mut present: Vec<Level> = ctx.puzzles.iter().map(|p| p.puzzle.rating.level).collect();
    present.sort();
    present.dedup();
    let in_symbols = ctx
        .puzzles
        .iter()
        .any(|p| p.symbols(ctx.plan) != crate::symbols::SymbolSet::Digits);
    let lines: Vec<String> = present
        .iter()
        .map(|&level| {
            let values = [
                ("level", strings.level(level)),
                ("text", strings.level_text(level, in_symbols)),
            ];
            strings.fill("level_line", &values)
        })
        .collect();
    let area = text_column(ctx);
    titled_rows(ctx, area, strings.get("levels_title"), &lines.join("\n"))
}

/// The baseline distance of contents lines, larger in large print.
fn contents_step(ctx: &Context) -> f64 {
    CONTENTS_STEP * fit::print_size(ctx.plan, CONTENTS_LINE).points / CONTENTS_LINE.points
}

/// Lines of contents one page holds (the first page under its title; a title of two lines
/// takes room from every page alike, so the pages stay even).
fn contents_per_page(ctx: &Context) -> usize {
    let area = ctx.frame.content(1);
    let (_, below) = page_title(ctx, 1, ctx.plan.strings.get("contents"));
    let room = area.h - below - super::page::FOOTER_BAND;
    ((room / contents_step(ctx)) as usize).max(1)
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
    let (title, below) = page_title(ctx, number, ctx.plan.strings.get("contents"));
    let mut items = if titled { title } else { Vec::new() };
    let line = fit::print_size(ctx.plan, CONTENTS_LINE);
    for (i, (title, page)) in chunk.iter().enumerate() {
        let baseline = area.y + below + line.mm() + i as f64 * contents_step(ctx);
        let page = page.to_string();
        let right = area.x + area.w;
        let number_width = ctx.set.width(&page, line);
        let entry = fit::contents_box(ctx.plan, &ctx.frame, number_width);
        let fitted = entry.fit_or_floor(&ctx.set, title);
        let title = fitted.lines.first().map_or("", String::as_str);
        let title_end = area.x + ctx.set.width(title, fitted.font);
        let number_start = right - number_width;
        items.push(
            ctx.set
                .line(area.x, baseline, fitted.font, Anchor::Start, title),
        );
        items.push(ctx.set.line(right, baseline, line, Anchor::End, &page));
        let dot = ctx.set.width(" .", line);
        let dots = ((number_start - title_end - 2.0) / dot).floor();
        if dots >= 1.0 {
            let leader = " .".repeat(dots as usize);
            items.push(
                ctx.set
                    .line(number_start - 1.0, baseline, line, Anchor::End, &leader),
            );
        }
    }
    Page::with_items(number, items)
}
