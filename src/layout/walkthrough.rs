//! The worked solution of a section's first puzzle (`walkthrough = true`): after the section's
//! puzzles, the key steps of its solving path — the hardest ones, or for a puzzle of singles
//! alone the first single of each kind — each as the grid stood before it, drawn as a solver's
//! pencil marks show it (candidates in the open cells, the pattern's cells shaded light, the
//! cells it changes darker, the candidates that go struck through, a placed digit in bold;
//! givens bold and earlier placements grey; rows and columns numbered `r1`…`c9` as the text
//! names them), beside the step in a teacher's words — a multi-grid's on the 9×9 grid the step
//! is in, numbered as the frame is; then the whole path to its last step, runs of singles in one
//! line. The steps and the list flow over as many pages as they need, the first with the
//! heading.

use super::book::{Context, Page, heading, running_header};
use super::page::Rect;
use super::style::PlacedGrid;
use super::text::{Anchor, Font, Paint, Placed};
use crate::book::BookPuzzle;
use crate::generate::Generated;
use crate::grid::Grid;
use crate::logic::candidates::{Candidates, digits};
use crate::logic::step_words::technique_name;
use crate::logic::{Step, Technique};
use crate::symbols::{SymbolSet, SymbolWords};

/// How many key steps are shown: the hardest (in path order), or the first single of each kind.
const KEY_STEPS: usize = 3;
/// The step list's type, the captions and the coordinates around a grid.
const STEP_TEXT: Font = Font::regular(8.5);
const CAPTION: Font = Font::bold(10.0);
const COORDINATE: Font = Font::regular(7.0);
/// A walkthrough grid's cell, in millimetres, when the page allows (its pencil marks print at
/// 7 pt or more from 8.4 mm), and the share of the text column it may take.
pub(super) const CELL: f64 = 10.5;
/// Room kept for the coordinates left of and above a grid, and between blocks.
const MARGIN: f64 = 5.0;
const BLOCK_GAP: f64 = 8.0;
/// The text beside a grid needs this width, else it goes under the grid.
pub(super) const MIN_TEXT_WIDTH: f64 = 50.0;
/// Shades of the pattern's cells and of the cells a step changes (grey levels as colours).
const PATTERN: [u8; 3] = [232, 232, 232];
const TARGET: [u8; 3] = [200, 200, 200];
/// Pencil marks: their size in the cell's third (their line boxes, 1.36 em, then stay apart:
/// 7.2 pt in a 10.5 mm cell), and the grey of a struck-through one.
const MARK_SIZE: f64 = 0.72;
/// Large print: marks a little larger in their third (14 pt and more in the 19 mm cells of a
/// letter page's full-width grid; the line boxes may touch, the digits never do).
const LARGE_MARK_SIZE: f64 = 0.8;
const STRUCK: f64 = 0.45;
/// A pencil mark drawn as a picture is this share of a mark digit's size (a picture fills its
/// square, a digit's ink only its cap height).
const MARK_PICTURE: f64 = 0.7;
/// The share of a cell a cage sum takes at its top (the renderer's label corner).
const CAGE_SUM_ROOM: f64 = 0.3;
/// In a killer, the marks keep this share of the cell clear on each side: the cage outline
/// runs a tenth of the cell inside its edges.
const MARK_INSET_IN_CAGES: f64 = 0.13;
/// ... where the marks take a little more of their third (7.4 pt in a 13.5 mm cell).
const MARK_SIZE_IN_CAGES: f64 = 0.8;
/// A killer's walkthrough cells are larger, so its marks stay 7 pt inside the cage outlines.
const KILLER_CELL: f64 = 13.5;
/// The modern kinds' marks on walkthrough grids against their puzzle-page size.
const WALKTHROUGH_MARKS_SCALE: f64 = 0.5;

/// Diagonal lines on walkthrough grids: light, drawn under the marks.
const DIAGONAL_GREY: f64 = 0.8;

/// The size of the steps' text: 8.5 pt, or the large-print body size.
fn step_text(ctx: &Context) -> Font {
    super::fit::print_size(ctx.plan, STEP_TEXT)
}

/// The walkthrough pages of puzzle `index` (of the book's list), numbered from `first`.
pub fn walkthrough_pages(ctx: &Context, index: usize, first: usize) -> Vec<Page> {
    let book_puzzle = &ctx.puzzles[index];
    let puzzle = &book_puzzle.puzzle;
    let steps = &book_puzzle.path;
    let mut page = Page::new(first);
    heading(ctx, &mut page, &walkthrough_title(ctx, index), "");
    let keys = key_steps(steps, KEY_STEPS);
    let mut pages = vec![page];
    let mut y = ctx.frame.content(first).y + 16.0;
    let section = ctx.plan.sections[book_puzzle.section].title.clone();
    for &key in &keys {
        let area = ctx.frame.content(pages.len() + first - 1);
        let side = grid_side(ctx, area.w, puzzle);
        let caption = block_caption(ctx, steps, key);
        let height = block_height(ctx, (area, side), book_puzzle, (&steps[key], &caption));
        if y + height > area.y + area.h - super::page::FOOTER_BAND && y > area.y + 20.0 {
            let mut next = Page::new(first + pages.len());
            running_header(ctx, &mut next, &section);
            pages.push(next);
            y = ctx.frame.content(first + pages.len() - 1).y + 12.0;
        }
        let number = first + pages.len() - 1;
        let area = ctx.frame.content(number);
        let Some(page) = pages.last_mut() else {
            break;
        };
        let side = grid_side(ctx, area.w, puzzle);
        y += place_block(
            ctx,
            page,
            (area, y, side),
            book_puzzle,
            (steps, key),
            &caption,
        ) + BLOCK_GAP;
    }
    let number = first + pages.len() - 1;
    let area = ctx.frame.content(number);
    // The legend and the first lines of the path need room; else they open a page of their own.
    let body = step_text(ctx);
    if y + 6.0 * body.leading() > area.y + area.h - super::page::FOOTER_BAND {
        let mut next = Page::new(first + pages.len());
        running_header(ctx, &mut next, &section);
        pages.push(next);
        y = ctx.frame.content(first + pages.len() - 1).y + 12.0;
    }
    let area = ctx.frame.content(first + pages.len() - 1);
    if let Some(page) = pages.last_mut() {
        y += place_legend(ctx, page, area, y, symbols_of(ctx, book_puzzle)) + 2.0;
    }
    // The list is placed by baselines: its first sits one line's ascent below the legend.
    let first_baseline = y + step_text(ctx).mm() * 0.8;
    let list = StepList {
        first,
        section: &section,
        puzzle: book_puzzle,
    };
    list.place(ctx, &mut pages, first_baseline);
    pages
}

/// The path in words under the grids: runs of singles in one line, every other step with its
/// number and sentence, to the last step, on as many pages as it takes (each further page with
/// the running header): a worked solution is complete in print.
struct StepList<'a> {
    /// The number of the walkthrough's first page.
    first: usize,
    /// The section's title, for the running header of further pages.
    section: &'a str,
    puzzle: &'a BookPuzzle,
}

impl StepList<'_> {
    /// The fewest lines the list's last page holds when it runs onto one (a page with one
    /// line of a list reads as forgotten): whole entries move over to make them.
    const LAST_PAGE_LINES: usize = 3;

    fn place(&self, ctx: &Context, pages: &mut Vec<Page>, top: f64) {
        let font = step_text(ctx);
        let line_height = font.leading();
        let width = ctx.frame.content(self.first + pages.len() - 1).w - 6.0;
        let entries: Vec<Vec<String>> = step_entries(ctx, self.puzzle)
            .into_iter()
            .map(|(_, text)| ctx.set.wrap_breaking(&text, width, font))
            .collect();
        let breaks = self.page_breaks(ctx, pages.len(), top, &entries);
        let mut y = top;
        for (index, lines) in entries.iter().enumerate() {
            if breaks.contains(&index) {
                let mut next = Page::new(self.first + pages.len());
                running_header(ctx, &mut next, self.section);
                pages.push(next);
                y = Self::first_baseline(ctx, self.first + pages.len() - 1);
            }
            let area = ctx.frame.content(self.first + pages.len() - 1);
            let Some(page) = pages.last_mut() else {
                return;
            };
            for (i, line) in lines.iter().enumerate() {
                let x = area.x + if i == 0 { 0.0 } else { 6.0 };
                page.items
                    .push(ctx.set.line(x, y, font, Anchor::Start, line));
                y += line_height;
            }
        }
    }

    /// The first baseline of the list on a further page `number`, under its running header.
    fn first_baseline(ctx: &Context, number: usize) -> f64 {
        ctx.frame.content(number).y + 12.0 + step_text(ctx).mm() * 0.8
    }

    /// The entries that open a new page: as many as fit on each page, then, when the last
    /// page would hold fewer than [`Self::LAST_PAGE_LINES`] lines, whole entries moved onto it
    /// from the page before (which keeps at least as many).
    fn page_breaks(
        &self,
        ctx: &Context,
        open: usize,
        top: f64,
        entries: &[Vec<String>],
    ) -> Vec<usize> {
        let font = step_text(ctx);
        let line_height = font.leading();
        let mut breaks = Vec::new();
        let (mut y, mut page) = (top, open);
        for (index, lines) in entries.iter().enumerate() {
            let area = ctx.frame.content(self.first + page - 1);
            let bottom = area.y + area.h - super::page::FOOTER_BAND;
            if y + line_height * (lines.len() as f64 - 0.2) > bottom {
                page += 1;
                breaks.push(index);
                y = Self::first_baseline(ctx, self.first + page - 1);
            }
            y += line_height * lines.len() as f64;
        }
        let lines =
            |range: std::ops::Range<usize>| -> usize { entries[range].iter().map(Vec::len).sum() };
        let before = match breaks[..] {
            [.., before, _] => before,
            _ => 0,
        };
        if let Some(last) = breaks.last_mut() {
            while lines(*last..entries.len()) < Self::LAST_PAGE_LINES
                && *last > before + 1
                && lines(before..*last - 1) >= Self::LAST_PAGE_LINES
            {
                *last -= 1;
            }
        }
        breaks
    }
}

/// `Worked solution: puzzle #5`, or with a label template of the spec's, the label itself
/// (`Worked solution: Puzzle 5 · Easy`).
fn walkthrough_title(ctx: &Context, index: usize) -> String {
    let strings = &ctx.plan.strings;
    let book_puzzle = &ctx.puzzles[index];
    let number = book_puzzle.number.to_string();
    let page = ctx.page_of(index);
    if ctx.plan.structure.label.is_default() {
        return strings.fill("walkthrough_title", &[("n", &number), ("page", &page)]);
    }
    let level = strings.level(book_puzzle.puzzle.rating.level);
    let variant = super::book::variant_title(strings, &book_puzzle.puzzle.geometry);
    let label = ctx
        .plan
        .structure
        .label
        .fill(book_puzzle.number, level, &variant);
    strings.fill("walkthrough_of", &[("label", &label), ("page", &page)])
}

fn is_single(step: &Step) -> bool {
    matches!(
        step.technique,
        Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingle
            | Technique::NakedSingle
            | Technique::CageSumSingle
    )
}

/// The indices of the key steps (at most `count`), in path order: one step of each technique
/// the path uses beyond singles, hardest technique first — each its first step after the
/// path's opening fifth, when it has one, so a killer's shows what teaches rather than three
/// cage combinations over cells that all hold nine candidates — then, when there are fewer
/// techniques, the hardest remaining steps. For a puzzle of singles alone, the first single of
/// each kind after the opening (so an easy section's walkthrough shows how singles are found,
/// never an empty page).
fn key_steps(steps: &[Step], count: usize) -> Vec<usize> {
    let opening = steps.len() / 5;
    if steps.iter().all(is_single) {
        let mut kinds: Vec<Technique> = Vec::new();
        let mut chosen = Vec::new();
        for (index, step) in steps.iter().enumerate().skip(opening) {
            if !kinds.contains(&step.technique) && chosen.len() < count {
                kinds.push(step.technique);
                chosen.push(index);
            }
        }
        return chosen;
    }
    let mut hard: Vec<usize> = (0..steps.len())
        .filter(|&i| !is_single(&steps[i]))
        .collect();
    hard.sort_by(|&a, &b| {
        steps[b]
            .score()
            .total_cmp(&steps[a].score())
            .then(a.cmp(&b))
    });
    let mut techniques: Vec<Technique> = Vec::new();
    for &i in &hard {
        if !techniques.contains(&steps[i].technique) {
            techniques.push(steps[i].technique);
        }
    }
    let mut chosen: Vec<usize> = techniques
        .iter()
        .take(count)
        .filter_map(|&technique| {
            let of = |i: &usize| steps[*i].technique == technique;
            let mut all = (0..steps.len()).filter(of);
            let first = all.clone().next();
            all.find(|&i| i >= opening).or(first)
        })
        .collect();
    for &i in &hard {
        if chosen.len() >= count {
            break;
        }
        if !chosen.contains(&i) {
            chosen.push(i);
        }
    }
    chosen.sort_unstable();
    chosen
}

/// The digits placed before step `index`: the givens and every earlier placement.
fn grid_before(givens: &Grid, steps: &[Step], index: usize) -> Grid {
    let mut grid = givens.clone();
    for step in &steps[..index] {
        for &(cell, digit) in &step.placements {
            grid.set(cell, digit);
        }
    }
    grid
}

/// The side of a walkthrough grid in a text column `width` wide: cells of [`CELL`] (so its
/// pencil marks print at 7 pt or more), less when the column is narrower.
fn grid_side(ctx: &Context, width: f64, puzzle: &Generated) -> f64 {
    // A multi-grid's step shows the 9×9 grid it is in.
    let cells = match puzzle.geometry.frame() {
        Some(_) => crate::grid::MultiShape::GRID as f64,
        None => {
            let (rows, cols) = puzzle.geometry.extent();
            rows.max(cols) as f64
        }
    };
    let margin = margin(ctx, puzzle);
    // Large print: the grid as wide as the page, for the largest pencil marks it allows.
    if ctx.plan.style.large_print {
        return width - margin;
    }
    let cell = match puzzle.geometry.cages() {
        Some(_) => KILLER_CELL,
        None => CELL,
    };
    (cells * cell * cell_scale(ctx)).min(width - margin)
}

/// The room left of a grid for its row numbers: [`MARGIN`], or more when the numbers are
/// wider (large print, a multi-grid's `r21`).
pub(super) fn margin(ctx: &Context, puzzle: &Generated) -> f64 {
    let font = super::fit::print_size(ctx.plan, COORDINATE);
    let widest = format!("r{}", puzzle.geometry.extent().0);
    MARGIN.max(ctx.set.width(&widest, font) + 1.5)
}

/// Where the text of a block goes: beside the grid when the column leaves room, else under it.
fn text_area(area: Rect, side: f64, margin: f64) -> (Rect, bool) {
    let beside = area.w - margin - side - 6.0;
    if beside >= MIN_TEXT_WIDTH {
        let x = area.x + margin + side + 6.0;
        (
            Rect {
                x,
                w: beside,
                ..area
            },
            true,
        )
    } else {
        (area, false)
    }
}

/// The caption of a key step: `Step 21: Pointing`.
fn block_caption(ctx: &Context, steps: &[Step], index: usize) -> String {
    let strings = &ctx.plan.strings;
    format!(
        "{}: {}",
        strings.fill("walkthrough_step", &[("n", &(index + 1).to_string())]),
        technique_name(strings, steps[index].technique)
    )
}

/// The height a step's block takes in `area` with a grid `side` wide.
pub(super) fn block_height(
    ctx: &Context,
    (area, side): (Rect, f64),
    puzzle: &BookPuzzle,
    (step, caption): (&Step, &str),
) -> f64 {
    let margin = margin(ctx, &puzzle.puzzle);
    let (text, beside) = text_area(area, side, margin);
    let body = step_text(ctx);
    let lines = ctx
        .set
        .wrap_breaking(&step.teach(&step_words(ctx, puzzle)), text.w, body)
        .len() as f64;
    let caption_lines = ctx
        .set
        .wrap_breaking(caption, text.w, caption_font(ctx))
        .len() as f64;
    let words = caption_lines * caption_font(ctx).leading() + lines * body.leading();
    let grid = MARGIN + side;
    if beside {
        grid.max(words)
    } else {
        grid + 4.0 + words
    }
}

/// How much larger a walkthrough grid's cells are in this book: a third in large print.
fn cell_scale(ctx: &Context) -> f64 {
    super::fit::print_size(ctx.plan, STEP_TEXT).points / STEP_TEXT.points
}

fn caption_font(ctx: &Context) -> Font {
    super::fit::print_size(ctx.plan, CAPTION)
}

/// One step from `top`: the grid before it (`side` wide, with coordinates) and the caption and
/// the step in a teacher's words; returns the height used.
pub(super) fn place_block(
    ctx: &Context,
    page: &mut Page,
    (area, top, side): (Rect, f64, f64),
    puzzle: &BookPuzzle,
    (steps, index): (&[Step], usize),
    caption: &str,
) -> f64 {
    let margin = margin(ctx, &puzzle.puzzle);
    let at = Rect {
        x: area.x + margin,
        y: top + MARGIN,
        w: side,
        h: side,
    };
    place_step_grid(ctx, page, at, puzzle, (steps, index));
    let sentence = steps[index].teach(&step_words(ctx, puzzle));
    let (text, beside) = text_area(area, side, margin);
    let mut y = if beside {
        top + MARGIN
    } else {
        at.y + side + 4.0
    };
    let caption_font = caption_font(ctx);
    for line in ctx.set.wrap_breaking(caption, text.w, caption_font) {
        page.items.push(ctx.set.line(
            text.x,
            y + caption_font.mm() * 0.8,
            caption_font,
            Anchor::Start,
            &line,
        ));
        y += caption_font.leading();
    }
    let body = step_text(ctx);
    for line in ctx.set.wrap_breaking(&sentence, text.w, body) {
        page.items.push(
            ctx.set
                .line(text.x, y + body.mm() * 0.8, body, Anchor::Start, &line),
        );
        y += body.leading();
    }
    (y - top).max(MARGIN + side)
}

/// What a step's grid shows: the whole puzzle, or for a multi-grid the 9×9 grid that holds most
/// of the step (a Samurai's whole frame has no room for pencil marks), as it stood before the
/// step. Cells are the shown grid's; `cell_of` gives each one's cell in the puzzle.
struct StepView {
    geo: crate::grid::Geometry,
    givens: Grid,
    before: Grid,
    /// The candidates of each shown cell before the step.
    masks: Vec<u32>,
    /// The puzzle's cell of each shown cell.
    cell_of: Vec<usize>,
    /// The frame row and column of the shown grid's top-left cell (0, 0 for a whole puzzle).
    origin: (usize, usize),
}

impl StepView {
    fn of(puzzle: &Generated, steps: &[Step], index: usize) -> StepView {
        let geo = &puzzle.geometry;
        let mut candidates = Candidates::from_givens(geo, &puzzle.givens);
        for step in &steps[..index] {
            candidates.apply(step);
        }
        let before = grid_before(&puzzle.givens, steps, index);
        let (Some(frame), Some(shape)) = (geo.frame(), geo.variant().multi) else {
            return StepView {
                geo: geo.clone(),
                givens: puzzle.givens.clone(),
                before,
                masks: candidates.masks().to_vec(),
                cell_of: (0..geo.cell_count()).collect(),
                origin: (0, 0),
            };
        };
        let side = crate::grid::MultiShape::GRID;
        let step = &steps[index];
        let touched: Vec<usize> = step
            .cells
            .iter()
            .copied()
            .chain(step.placements.iter().map(|&(c, _)| c))
            .chain(step.eliminations.iter().map(|&(c, _)| c))
            .collect();
        let cells_at = |(r0, c0): (usize, usize)| -> Vec<usize> {
            (0..side * side)
                .filter_map(|k| frame.cell_at(r0 + k / side, c0 + k % side))
                .collect()
        };
        // The grid holding most of the step's changes, then of its pattern.
        let origin = shape
            .origins()
            .iter()
            .copied()
            .max_by_key(|&origin| {
                let cells = cells_at(origin);
                let changed = step
                    .placements
                    .iter()
                    .chain(&step.eliminations)
                    .filter(|(c, _)| cells.contains(c))
                    .count();
                let seen = touched.iter().filter(|c| cells.contains(c)).count();
                (changed, seen)
            })
            .unwrap_or((0, 0));
        let cell_of = cells_at(origin);
        let pick = |grid: &Grid| Grid::new(side, cell_of.iter().map(|&c| grid.get(c)).collect());
        StepView {
            geo: crate::grid::Geometry::classic(side).unwrap_or_else(|_| geo.clone()),
            givens: pick(&puzzle.givens),
            before: pick(&before),
            masks: cell_of.iter().map(|&c| candidates.mask(c)).collect(),
            cell_of,
            origin,
        }
    }

    /// The shown cell of a puzzle's cell, when it is shown.
    fn shown(&self, cell: usize) -> Option<usize> {
        self.cell_of.iter().position(|&c| c == cell)
    }

    /// The step in the shown grid's cells (what lies outside it left out).
    fn step(&self, step: &Step) -> Step {
        let mut shown = step.clone();
        shown.cells = step.cells.iter().filter_map(|&c| self.shown(c)).collect();
        let pairs = |list: &[(usize, u8)]| -> Vec<(usize, u8)> {
            list.iter()
                .filter_map(|&(c, d)| self.shown(c).map(|s| (s, d)))
                .collect()
        };
        shown.placements = pairs(&step.placements);
        shown.eliminations = pairs(&step.eliminations);
        shown
    }
}

/// The grid as it stood before step `index`: shades, the grid (givens bold, earlier
/// placements grey), pencil marks and coordinates; for a multi-grid, the 9×9 grid the step is
/// in ([`StepView`]), its rows and columns numbered as in the frame.
fn place_step_grid(
    ctx: &Context,
    page: &mut Page,
    at: Rect,
    book_puzzle: &BookPuzzle,
    (steps, index): (&[Step], usize),
) {
    let puzzle = &book_puzzle.puzzle;
    let symbols = symbols_of(ctx, book_puzzle);
    let view = StepView::of(puzzle, steps, index);
    let geo = &view.geo;
    let (rows, cols) = geo.extent();
    let cell = at.w / rows.max(cols) as f64;
    let step = view.step(&steps[index]);
    let changed: Vec<usize> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|&(c, _)| c)
        .collect();
    let shade = |c: usize| {
        let (r, k) = geo.row_col(c);
        Rect {
            x: at.x + k as f64 * cell,
            y: at.y + r as f64 * cell,
            w: cell,
            h: cell,
        }
    };
    for &c in step.cells.iter().filter(|c| !changed.contains(c)) {
        page.items.push(Placed::Fill {
            at: shade(c),
            colour: PATTERN,
        });
    }
    let mut targets = changed.clone();
    targets.sort_unstable();
    targets.dedup();
    for &c in &targets {
        page.items.push(Placed::Fill {
            at: shade(c),
            colour: TARGET,
        });
    }
    let mut grid =
        PlacedGrid::new(&ctx.look, geo, &view.givens, Some(&view.before), at).with_symbols(symbols);
    // A killer's cages and sums are part of the puzzle's logic: drawn when the sums are legible.
    grid.style.cages = geo.cages().is_some() && cell >= super::style::min_cell_for_sums();
    // Dots, X and V and quadruples are the modern kinds' logic too: drawn (unlike on an answer
    // key), smaller, between the pencil marks rather than over them.
    grid.style.marks = true;
    grid.style.marks_scale = WALKTHROUGH_MARKS_SCALE;
    // Diagonals light under the marks: no house line reads as a struck-through mark.
    grid.style.diagonal_grey = DIAGONAL_GREY;
    // The step's own shading (the pattern, the cells it changes) is the only grey here.
    grid.style.region_shade = 0.0;
    page.items.push(Placed::Grid(Box::new(grid)));
    place_marks(ctx, page, (at, cell), (&view, symbols), &step);
    place_coordinates(ctx, page, (at, cell), (rows, cols), view.origin);
}

/// The pencil marks of the open cells before the step, those it removes struck through, and the
/// digit it places in bold; none when the cells are too small for 7 pt marks. In a killer the
/// marks sit inside the cage's dashed outline, and in a cage's first cell below its sum, so no
/// line runs through a mark; a struck mark is crossed level, unlike any house or cage line.
fn place_marks(
    ctx: &Context,
    page: &mut Page,
    (at, cell): (Rect, f64),
    (view, symbols): (&StepView, SymbolSet),
    step: &Step,
) {
    let geo = &view.geo;
    let n = geo.size();
    let per_row = (n as f64).sqrt().ceil() as usize;
    let sums = sum_cells(geo, cell);
    let (inset, share) = match geo.cages() {
        Some(_) => (cell * MARK_INSET_IN_CAGES, MARK_SIZE_IN_CAGES),
        None if ctx.plan.style.large_print => (0.0, LARGE_MARK_SIZE),
        None => (0.0, MARK_SIZE),
    };
    let third = (cell - 2.0 * inset) / per_row as f64;
    let size = third * share;
    let font = Font::regular(size / crate::units::MM_PER_POINT);
    place_placements(ctx, page, (at, cell), (geo, symbols), step);
    if font.points < super::text::TEXT_FLOOR {
        return;
    }
    let cap = ctx.look.cap_height;
    for c in 0..geo.cell_count() {
        let (r, k) = geo.row_col(c);
        let (x0, y0) = (
            at.x + k as f64 * cell + inset,
            at.y + r as f64 * cell + inset,
        );
        if view.before.get(c) != 0 || step.placements.iter().any(|(p, _)| *p == c) {
            continue;
        }
        // Under a cage sum the marks' rows share what the sum leaves of the cell.
        let (top, row_height) = if sums.contains(&c) {
            let below = cell * CAGE_SUM_ROOM - inset;
            (y0 + below, (cell - 2.0 * inset - below) / per_row as f64)
        } else {
            (y0, third)
        };
        for digit in digits(view.masks[c]) {
            let slot = usize::from(digit) - 1;
            let x = x0 + (slot % per_row) as f64 * third + third / 2.0;
            let row = (slot / per_row) as f64;
            let y = top + row * row_height + row_height / 2.0 + cap * size / 2.0;
            let struck = step.eliminations.contains(&(c, digit));
            let paint = if struck {
                Paint::Grey(STRUCK)
            } else {
                Paint::BLACK
            };
            let centre = y - cap * size / 2.0;
            let glyph = symbols.glyph(digit, None);
            let mark = value_item(ctx, glyph, (x, centre), font, (paint, MARK_PICTURE));
            page.items.push(mark);
            if struck {
                let half = third * 0.4;
                page.items.push(Placed::Rule {
                    x1: x - half,
                    y1: centre,
                    x2: x + half,
                    y2: centre,
                    width: 0.35,
                });
            }
        }
    }
}

/// The cells that carry a cage sum (each cage's first), when the grid's cells are large
/// enough for the sums to be drawn.
fn sum_cells(geo: &crate::grid::Geometry, cell: f64) -> Vec<usize> {
    match geo.cages() {
        Some(cages) if cell >= super::style::min_cell_for_sums() => {
            cages.cages().iter().map(|cage| cage.cells[0]).collect()
        }
        _ => Vec::new(),
    }
}

/// The digits the step places, bold and as large as a given, in their shaded cells.
fn place_placements(
    ctx: &Context,
    page: &mut Page,
    (at, cell): (Rect, f64),
    (geo, symbols): (&crate::grid::Geometry, SymbolSet),
    step: &Step,
) {
    let big = Font::bold(cell * 0.62 / crate::units::MM_PER_POINT);
    for &(c, digit) in &step.placements {
        let (r, k) = geo.row_col(c);
        let (x0, y0) = (at.x + k as f64 * cell, at.y + r as f64 * cell);
        let centre = (x0 + cell / 2.0, y0 + cell / 2.0);
        let glyph = symbols.glyph(digit, None);
        page.items
            .push(value_item(ctx, glyph, centre, big, (Paint::BLACK, 1.0)));
    }
}

/// A value as its set prints it, centred on `(x, y)`: text in `font` (two characters a fifth
/// smaller, as in the grid), or a picture as large as the font's digits times `picture`.
fn value_item(
    ctx: &Context,
    glyph: crate::symbols::Glyph,
    (x, y): (f64, f64),
    font: Font,
    (paint, picture): (Paint, f64),
) -> Placed {
    let cap = ctx.look.cap_height;
    match glyph {
        crate::symbols::Glyph::Text(text) => {
            let font = if text.chars() > 1 {
                Font {
                    points: font.points * 0.8,
                    ..font
                }
            } else {
                font
            };
            let mut line = ctx.set.line(
                x,
                y + cap * font.mm() / 2.0,
                font,
                Anchor::Middle,
                text.as_str(),
            );
            if let Placed::Text(text) = &mut line {
                text.paint = paint;
            }
            line
        }
        glyph => Placed::Glyph {
            glyph,
            x,
            y,
            size: font.mm() * picture,
            paint,
            cap_height: cap,
        },
    }
}

/// The symbols a book's puzzle prints in.
fn symbols_of(ctx: &Context, puzzle: &BookPuzzle) -> SymbolSet {
    puzzle.symbols(ctx.plan)
}

/// The book's step words for a puzzle, naming its values as its symbols print them.
fn step_words<'a>(ctx: &'a Context, puzzle: &BookPuzzle) -> SymbolWords<'a> {
    let size = puzzle.puzzle.geometry.size();
    ctx.plan.strings.step_words(symbols_of(ctx, puzzle), size)
}

/// `r1` … left of the rows and `c1` … over the columns, as the text names cells (a shown
/// sub-grid's numbered from its place in the frame, `origin`).
fn place_coordinates(
    ctx: &Context,
    page: &mut Page,
    (at, cell): (Rect, f64),
    (rows, cols): (usize, usize),
    (row0, col0): (usize, usize),
) {
    let font = super::fit::print_size(ctx.plan, COORDINATE);
    for r in 0..rows {
        let y = at.y + (r as f64 + 0.5) * cell + font.mm() * 0.35;
        let mut mark = ctx.set.line(
            at.x - 1.0,
            y,
            font,
            Anchor::End,
            &format!("r{}", row0 + r + 1),
        );
        grey(&mut mark);
        page.items.push(mark);
    }
    for k in 0..cols {
        let x = at.x + (k as f64 + 0.5) * cell;
        let mut mark = ctx.set.line(
            x,
            at.y - 1.2,
            font,
            Anchor::Middle,
            &format!("c{}", col0 + k + 1),
        );
        grey(&mut mark);
        page.items.push(mark);
    }
}

fn grey(placed: &mut Placed) {
    if let Placed::Text(line) = placed {
        line.paint = Paint::Grey(0.35);
    }
}

/// What the shades and strokes mean, under the last step; returns its height.
fn place_legend(ctx: &Context, page: &mut Page, area: Rect, top: f64, symbols: SymbolSet) -> f64 {
    let body = step_text(ctx);
    let mut y = top;
    let key = symbols_key("walkthrough_legend", symbols);
    for line in ctx
        .set
        .wrap_breaking(ctx.plan.strings.get(&key), area.w, body)
    {
        let mut placed = ctx
            .set
            .line(area.x, y + body.mm() * 0.8, body, Anchor::Start, &line);
        grey(&mut placed);
        page.items.push(placed);
        y += body.leading();
    }
    y - top
}

/// The list's entries: the index of the first step each covers, and its text.
fn step_entries(ctx: &Context, puzzle: &BookPuzzle) -> Vec<(usize, String)> {
    let strings = &ctx.plan.strings;
    let steps = puzzle.path.as_slice();
    let words = step_words(ctx, puzzle);
    let singles = symbols_key("walkthrough_singles", symbols_of(ctx, puzzle));
    let single = symbols_key("walkthrough_single", symbols_of(ctx, puzzle));
    let mut entries = Vec::new();
    let mut index = 0;
    while index < steps.len() {
        if is_single(&steps[index]) {
            let run = steps[index..].iter().take_while(|s| is_single(s)).count();
            let key = if run == 1 { &single } else { &singles };
            let text = strings.fill(
                key,
                &[
                    ("first", &(index + 1).to_string()),
                    ("last", &(index + run).to_string()),
                    ("count", &run.to_string()),
                ],
            );
            entries.push((index, text));
            index += run;
            continue;
        }
        entries.push((
            index,
            format!("{}. {}", index + 1, steps[index].teach(&words)),
        ));
        index += 1;
    }
    entries
}

/// A text key, or its `_symbols` form (saying symbols, not digits) for a puzzle printed in
/// other symbols.
pub(super) fn symbols_key(key: &str, symbols: SymbolSet) -> String {
    if symbols == SymbolSet::Digits {
        key.to_string()
    } else {
        format!("{key}_symbols")
    }
}
