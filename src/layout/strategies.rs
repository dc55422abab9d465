//! Strategy pages (`[strategies] include = true`): after the instructions, one page for each
//! technique the book's puzzles use, easiest first — its name, what it is in the book's
//! language, and a real step of it from one of the book's puzzles, drawn as the walkthroughs
//! draw a step (pencil marks, shades, struck candidates) with the step in a teacher's words.

use super::book::{Context, Page, heading};
use super::page::{FOOTER_BAND, Rect};
use super::text::{Anchor, Font};
use super::walkthrough::{self, block_height, place_block};
use crate::book::BookPuzzle;
use crate::generate::Generated;
use crate::logic::step_words::technique_name;
use crate::logic::{Step, Technique};

/// The explanation's type (large print makes it larger).
const BODY: Font = Font::regular(10.0);
/// Space under the heading, and between the explanation and the example.
const AFTER_HEADING: f64 = 16.0;
const BEFORE_EXAMPLE: f64 = 5.0;
/// A grid is never drawn with cells smaller than this, in millimetres.
const SMALLEST_CELL: f64 = 6.0;
/// A page's grid cells are at most this large: a teaching grid, larger than a walkthrough's.
const LARGEST_CELL: f64 = 13.0;

/// A real step of a technique: the puzzle (index into the book's list) and the step's index in
/// its solving path.
struct Example {
    technique: Technique,
    puzzle: usize,
    step: usize,
}

/// The strategy pages, numbered from `first`: one per technique used, easiest first.
pub fn strategy_pages(ctx: &Context, first: usize) -> Vec<Page> {
    examples(ctx)
        .iter()
        .enumerate()
        .map(|(k, example)| strategy_page(ctx, first + k, example))
        .collect()
}

/// The techniques the book's puzzles use (by their ratings), in the rating table's order.
fn used_techniques(ctx: &Context) -> Vec<Technique> {
    Technique::ALL
        .into_iter()
        .filter(|t| {
            ctx.puzzles
                .iter()
                .any(|p| p.puzzle.rating.techniques.contains_key(t.name()))
        })
        .collect()
}

/// One example per used technique: from the first puzzle whose path has it, single grids up to
/// 9×9 first, then larger ones (whose cells leave no room for pencil marks), then multi-grids.
fn examples(ctx: &Context) -> Vec<Example> {
    let order = crate::book::example_order(ctx.puzzles);
    used_techniques(ctx)
        .into_iter()
        .filter_map(|technique| {
            order.iter().find_map(|&puzzle| {
                let step = pick_step(&ctx.puzzles[puzzle].path, technique)?;
                Some(Example {
                    technique,
                    puzzle,
                    step,
                })
            })
        })
        .collect()
}

/// The step of `technique` to show: the first after the opening fifth of the path (a grid with
/// some digits in it and candidates already narrowed, not the bare opening), else the last
/// before it.
fn pick_step(steps: &[Step], technique: Technique) -> Option<usize> {
    let of_kind = |i: &usize| steps[*i].technique == technique;
    let later = (steps.len() / 5..steps.len()).find(of_kind);
    later.or_else(|| (0..steps.len()).rev().find(of_kind))
}

/// One technique's page: its name as the heading, what it is, and the example.
fn strategy_page(ctx: &Context, number: usize, example: &Example) -> Page {
    let strings = &ctx.plan.strings;
    let mut page = Page::new(number);
    let name = technique_name(strings, example.technique);
    heading(ctx, &mut page, &name, strings.get("strategies_title"));
    let area = ctx.frame.content(number);
    let body = super::fit::print_size(ctx.plan, BODY);
    let mut y = area.y + AFTER_HEADING;
    let key = format!("strategy_{}", family(example.technique));
    let book_puzzle = &ctx.puzzles[example.puzzle];
    let explanation = explanation(ctx, &key, book_puzzle);
    let lead = strings.fill(
        "strategy_example",
        &[
            ("n", &book_puzzle.number.to_string()),
            ("step", &(example.step + 1).to_string()),
            ("page", &ctx.page_of(example.puzzle)),
        ],
    );
    y = place_paragraph(ctx, &mut page, (area, y), &explanation, body);
    y = place_paragraph(ctx, &mut page, (area, y + BEFORE_EXAMPLE), &lead, body);
    let puzzle = &book_puzzle.puzzle;
    let path = &book_puzzle.path;
    let step = &path[example.step];
    let room = area.y + area.h - FOOTER_BAND - y;
    let side = largest_side(ctx, area, puzzle);
    let side = fitting_side(ctx, (area, side, room), book_puzzle, (step, &name));
    let steps = (path.as_slice(), example.step);
    place_block(ctx, &mut page, (area, y, side), book_puzzle, steps, &name);
    page
}

/// A technique's explanation; for an example printed in other symbols, with a note that a
/// "digit" there is any of them.
fn explanation(ctx: &Context, key: &str, puzzle: &BookPuzzle) -> String {
    let strings = &ctx.plan.strings;
    let text = strings.get(key);
    let size = puzzle.puzzle.geometry.size();
    // The section's set: a hidden word's letters in the word's own order.
    let set = ctx.plan.sections[puzzle.section].symbols.set;
    match strings.symbols_phrase(set, size) {
        Some(symbols) => {
            let note = strings.fill("strategy_symbols_note", &[("symbols", &symbols)]);
            format!("{text} {note}")
        }
        None => text.to_string(),
    }
}

/// `text` wrapped to the column from `top`; returns the y under its last line.
fn place_paragraph(
    ctx: &Context,
    page: &mut Page,
    (area, top): (Rect, f64),
    text: &str,
    body: Font,
) -> f64 {
    let mut y = top;
    for line in ctx.set.wrap_breaking(text, area.w, body) {
        page.items.push(
            ctx.set
                .line(area.x, y + body.mm() * 0.8, body, Anchor::Start, &line),
        );
        y += body.leading();
    }
    y
}

/// The side a page's grid starts from: cells of up to [`LARGEST_CELL`], the text beside the
/// grid when that leaves cells of [`walkthrough::CELL`] or more, else under it.
fn largest_side(ctx: &Context, area: Rect, puzzle: &Generated) -> f64 {
    let (rows, cols) = puzzle.geometry.extent();
    let cells = rows.max(cols) as f64;
    let largest = cells * LARGEST_CELL;
    let margin = walkthrough::margin(ctx, puzzle);
    let beside = area.w - margin - 6.0 - walkthrough::MIN_TEXT_WIDTH;
    if beside >= cells * walkthrough::CELL {
        beside.min(largest)
    } else {
        (area.w - margin).min(largest)
    }
}

/// The largest grid side, from `side` down to cells of [`SMALLEST_CELL`], whose block fits in
/// `room` millimetres of height.
fn fitting_side(
    ctx: &Context,
    (area, side, room): (Rect, f64, f64),
    puzzle: &BookPuzzle,
    step: (&Step, &str),
) -> f64 {
    let (rows, cols) = puzzle.puzzle.geometry.extent();
    let smallest = SMALLEST_CELL * rows.max(cols) as f64;
    let mut side = side;
    while side > smallest && block_height(ctx, (area, side), puzzle, step) > room {
        side = (side * 0.95).max(smallest);
    }
    side
}

/// The explanation a technique shares with its kin: `strategy_<family>` in the strings table.
fn family(technique: Technique) -> &'static str {
    use Technique::*;
    match technique {
        FullHouse => "full_house",
        HiddenSingleBox | HiddenSingle => "hidden_single",
        NakedSingle => "naked_single",
        CageSumSingle => "cage_sum",
        DirectPointing | Pointing => "pointing",
        DirectClaiming | Claiming => "claiming",
        PeerIntersection => "peer_intersection",
        DirectCageHouseInteraction | CageHouseInteraction => "cage_house",
        CageCombination => "cage_combination",
        MarkElimination => "mark_elimination",
        LockedMark => "locked_mark",
        HouseCombination => "house_combination",
        InnieOutie | LargeInnieOutie => "innie_outie",
        NakedPair | NakedTriple | NakedQuad => "naked_subset",
        HiddenPair | HiddenTriple | HiddenQuad | DirectHiddenPair | DirectHiddenTriple => {
            "hidden_subset"
        }
        XWing | Swordfish | Jellyfish => "fish",
        XyWing => "xy_wing",
        XyzWing => "xyz_wing",
        WWing => "w_wing",
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 => {
            "unique_rectangle"
        }
        Bug1 | Bug2 => "bug",
        XChain => "x_chain",
        XyChain => "xy_chain",
        Aic => "aic",
        ContradictionChain
        | CellForcingChain
        | HouseForcingChain
        | NishioForcingChain
        | MultipleForcingChain
        | DynamicForcingChain
        | DynamicForcingChainPlus
        | NestedForcingChain => "forcing_chain",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_an_explanation_in_every_language() {
        for table in [
            crate::spec::strings::EN,
            crate::spec::strings::DE,
            crate::spec::strings::FR,
            crate::spec::strings::ES,
        ] {
            for technique in Technique::ALL {
                let key = format!("strategy_{}", family(technique));
                let text = table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
                assert!(
                    text.is_some_and(|t| t.len() > 60),
                    "{key} missing or too short"
                );
            }
        }
    }
}
