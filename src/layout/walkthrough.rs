//! The worked solution of a section's first puzzle (`walkthrough = true`): one page after the
//! section's puzzles with the grid as it stands before each of the hardest steps (the step's
//! cells shaded) and the solving path in words, runs of singles summed up in one line.

use super::book::{Context, Page, heading};
use super::page::Rect;
use super::style::PlacedGrid;
use super::text::{Anchor, Font, Placed};
use crate::generate::Generated;
use crate::grid::Grid;
use crate::logic::step_words::technique_name;
use crate::logic::{Level, Step, Technique, solve_logic};

/// How many small grids the page shows (the hardest steps, in path order): one for a
/// multi-grid, which needs the room.
const KEY_STEPS: usize = 3;
const KEY_STEPS_MULTI: usize = 1;
/// The step list's type, and the caption under each small grid.
const STEP_TEXT: Font = Font::regular(8.5);
const CAPTION: Font = Font::bold(8.5);
/// Space between the small grids, and the largest side one may take, in millimetres.
const GRID_GAP: f64 = 8.0;
const MAX_GRID: f64 = 60.0;
const MAX_MULTI_GRID: f64 = 120.0;
/// Shade of the cells a key step works on.
const MARK: [u8; 3] = [214, 214, 214];

/// The size of the steps' text: 8.5 pt, or the large-print body size.
fn step_text(ctx: &Context) -> Font {
    super::fit::print_size(ctx.plan, STEP_TEXT)
}

/// The walkthrough page of puzzle `index` (of the book's list), numbered `number`.
pub fn walkthrough_page(ctx: &Context, index: usize, number: usize) -> Page {
    let puzzle = &ctx.puzzles[index].puzzle;
    let strings = &ctx.plan.strings;
    let steps = solve_logic(&puzzle.geometry, &puzzle.givens, Level::HARDEST).steps;
    let mut page = Page::new(number);
    let title = strings.fill(
        "walkthrough_title",
        &[("n", &ctx.puzzles[index].number.to_string())],
    );
    heading(ctx, &mut page, &title, "");
    let area = ctx.frame.content(number);
    let multi = puzzle.geometry.frame().is_some();
    let keys = key_steps(&steps, if multi { KEY_STEPS_MULTI } else { KEY_STEPS });
    let top = area.y + 16.0;
    let bottom = place_key_grids(ctx, &mut page, (area, top), puzzle, (&steps, &keys));
    place_step_list(ctx, &mut page, area, bottom + 8.0, &steps);
    page
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

/// The indices of the hardest non-single steps (at most `count`), in path order.
fn key_steps(steps: &[Step], count: usize) -> Vec<usize> {
    let mut hard: Vec<usize> = (0..steps.len())
        .filter(|&i| !is_single(&steps[i]))
        .collect();
    hard.sort_by(|&a, &b| {
        steps[b]
            .score()
            .total_cmp(&steps[a].score())
            .then(a.cmp(&b))
    });
    hard.truncate(count);
    hard.sort_unstable();
    hard
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

/// The small grids across the page, each with its caption; returns the bottom of the captions.
fn place_key_grids(
    ctx: &Context,
    page: &mut Page,
    (area, top): (Rect, f64),
    puzzle: &Generated,
    (steps, keys): (&[Step], &[usize]),
) -> f64 {
    if keys.is_empty() {
        return top;
    }
    let count = keys.len() as f64;
    let max = if puzzle.geometry.frame().is_some() {
        MAX_MULTI_GRID
    } else {
        MAX_GRID
    };
    let side = ((area.w - GRID_GAP * (count - 1.0)) / count).min(max);
    let left = area.x + (area.w - side * count - GRID_GAP * (count - 1.0)) / 2.0;
    for (k, &index) in keys.iter().enumerate() {
        let x = left + k as f64 * (side + GRID_GAP);
        let at = Rect {
            x,
            y: top,
            w: side,
            h: side,
        };
        place_key_grid(ctx, page, at, puzzle, (steps, index));
        let name = technique_name(&ctx.plan.strings, steps[index].technique);
        let caption = format!("{}. {name}", index + 1);
        page.items.push(ctx.set.line(
            x + side / 2.0,
            top + side + 5.0,
            super::fit::print_size(ctx.plan, CAPTION),
            Anchor::Middle,
            &caption,
        ));
    }
    top + side + 7.0
}

/// One small grid: the digits before the step, its pattern cells shaded, the cells it changes
/// shaded too.
fn place_key_grid(
    ctx: &Context,
    page: &mut Page,
    at: Rect,
    puzzle: &Generated,
    (steps, index): (&[Step], usize),
) {
    let geo = &puzzle.geometry;
    let (rows, cols) = geo.extent();
    let cell = at.w / rows.max(cols) as f64;
    let step = &steps[index];
    let mut marked: Vec<usize> = step
        .cells
        .iter()
        .copied()
        .chain(
            step.placements
                .iter()
                .chain(&step.eliminations)
                .map(|&(c, _)| c),
        )
        .collect();
    marked.sort_unstable();
    marked.dedup();
    for c in marked {
        let (r, k) = geo.row_col(c);
        page.items.push(Placed::Fill {
            at: Rect {
                x: at.x + k as f64 * cell,
                y: at.y + r as f64 * cell,
                w: cell,
                h: cell,
            },
            colour: MARK,
        });
    }
    let before = grid_before(&puzzle.givens, steps, index);
    let grid = PlacedGrid::new(&ctx.look, geo, &before, None, at);
    page.items.push(Placed::Grid(Box::new(grid)));
}

/// The path in words under the grids: runs of singles in one line, every other step with its
/// number and sentence; what does not fit ends in a line saying how many steps are left.
fn place_step_list(ctx: &Context, page: &mut Page, area: Rect, top: f64, steps: &[Step]) {
    let strings = &ctx.plan.strings;
    let entries = step_entries(ctx, steps);
    let line_height = step_text(ctx).leading();
    let more = |left: usize| strings.fill("walkthrough_more", &[("count", &left.to_string())]);
    let more_lines = ctx
        .set
        .wrap_breaking(&more(steps.len()), area.w, step_text(ctx))
        .len();
    let last_line = area.y + area.h - line_height * more_lines as f64;
    let mut y = top;
    for (k, (first, text)) in entries.iter().enumerate() {
        let lines = ctx.set.wrap_breaking(text, area.w - 6.0, step_text(ctx));
        if y + line_height * lines.len() as f64 > last_line && k + 1 < entries.len() {
            let left = ctx
                .set
                .wrap_breaking(&more(steps.len() - first), area.w, step_text(ctx));
            for line in left {
                page.items.push(
                    ctx.set
                        .line(area.x, y, step_text(ctx), Anchor::Start, &line),
                );
                y += line_height;
            }
            return;
        }
        for (i, line) in lines.iter().enumerate() {
            let x = area.x + if i == 0 { 0.0 } else { 6.0 };
            page.items
                .push(ctx.set.line(x, y, step_text(ctx), Anchor::Start, line));
            y += line_height;
        }
    }
}

/// The list's entries: the index of the first step each covers, and its text.
fn step_entries(ctx: &Context, steps: &[Step]) -> Vec<(usize, String)> {
    let strings = &ctx.plan.strings;
    let mut entries = Vec::new();
    let mut index = 0;
    while index < steps.len() {
        if is_single(&steps[index]) {
            let run = steps[index..].iter().take_while(|s| is_single(s)).count();
            let text = strings.fill(
                "walkthrough_singles",
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
            format!("{}. {}", index + 1, steps[index].describe(strings)),
        ));
        index += 1;
    }
    entries
}
