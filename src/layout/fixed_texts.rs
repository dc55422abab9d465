//! The check of the book's fixed texts — "How to play", "Contents", "This book belongs to",
//! "Notes", the walkthrough's title, the line under the title, a heading's note and the
//! copyright page's ISBN line — in the boxes the layout sets them in, before any puzzle is made.
//! A text that does not fit even shrunk to the floor is refused at the `[strings]` key that
//! made it (the one the spec overrode, with its line), or at the built-in key.

use super::check::{fits, refuse};
use super::fit;
use super::page::PageFrame;
use super::text::Typesetter;
use crate::logic::Level;
use crate::spec::{BookPlan, SpecError};

/// Refuses a fixed text that does not fit its box on this book's pages.
pub fn check_fixed_texts(
    plan: &BookPlan,
    set: &Typesetter,
    frame: &PageFrame,
) -> Result<(), SpecError> {
    let strings = &plan.strings;
    let page_title = fit::page_title_box(plan, frame);
    let text = |key: &str| strings.get(key).to_string();
    let mut boxed = vec![("how_to_play", text("how_to_play"), page_title)];
    if plan.contents {
        boxed.push(("contents", text("contents"), page_title));
    }
    if plan.structure.belongs_to {
        boxed.push((
            "belongs_to",
            text("belongs_to"),
            fit::owner_box(plan, frame),
        ));
    }
    if plan.page.kdp {
        let notes = fit::notes_heading_box(plan, frame);
        boxed.push(("notes", text("notes"), notes));
    }
    if plan.sections.iter().any(|s| s.walkthrough) {
        let last = plan.sections.iter().map(|s| s.count).sum::<usize>();
        let heading = fit::heading_box(plan, frame, 0.0);
        if plan.structure.label.is_default() {
            // The longest page number a book may have (KDP's most pages).
            let title = strings.fill(
                "walkthrough_title",
                &[("n", &last.to_string()), ("page", "828")],
            );
            boxed.push(("walkthrough_title", title, heading));
        } else {
            let level = longest_level(plan);
            let label = plan.structure.label.fill(last, level, "Classic");
            let title = strings.fill("walkthrough_of", &[("label", &label), ("page", "828")]);
            boxed.push(("walkthrough_of", title, heading));
        }
    }
    for (key, text, text_box) in boxed {
        fits(plan, set, &strings_key(key), &text, &text_box)?;
    }
    check_title_note(plan, set, frame)?;
    check_heading_notes(plan, set, frame)?;
    if !super::imprint::copyright_fits(plan, set, frame) {
        let key = culprit(plan, &["isbn"]).unwrap_or_else(|| "copyright.isbn".into());
        let message =
            "with it the copyright page does not fit its page even at 7 pt: shorten it".into();
        return Err(refuse(plan, &key, message));
    }
    Ok(())
}

/// The longest level name of the book's language (a label's worst case).
fn longest_level(plan: &BookPlan) -> &str {
    Level::ALL
        .iter()
        .map(|&l| plan.strings.level(l))
        .max_by_key(|name| name.chars().count())
        .unwrap_or("")
}

fn strings_key(key: &str) -> String {
    format!("strings.{key}")
}

/// The line under the title, at its longest: the book's puzzle count, the two longest level
/// names and "with solutions".
fn check_title_note(plan: &BookPlan, set: &Typesetter, frame: &PageFrame) -> Result<(), SpecError> {
    let strings = &plan.strings;
    let count = plan.sections.iter().map(|s| s.count).sum::<usize>();
    let mut names: Vec<&str> = Level::ALL.iter().map(|&l| strings.level(l)).collect();
    names.sort_by_key(|name| std::cmp::Reverse(name.chars().count()));
    let (low, high) = (names[0], names.get(1).copied().unwrap_or(names[0]));
    let (low_lower, high_lower) = (low.to_lowercase(), high.to_lowercase());
    let span = strings.fill(
        "level_span",
        &[
            ("low", low),
            ("high", high),
            ("low_lower", &low_lower),
            ("high_lower", &high_lower),
        ],
    );
    let mut note = vec![
        strings.fill("puzzle_count", &[("count", &count.to_string())]),
        span,
    ];
    if plan.answers.is_some() {
        note.push(strings.get("with_solutions").to_string());
    }
    let keys = [
        "with_solutions",
        "puzzle_count",
        "puzzle_count_one",
        "level_span",
    ];
    let level_keys: Vec<String> = Level::ALL
        .iter()
        .map(|l| format!("level_{}", l.to_string().to_lowercase()))
        .collect();
    let mut all: Vec<&str> = keys.to_vec();
    all.extend(level_keys.iter().map(String::as_str));
    let key = culprit(plan, &all).unwrap_or_else(|| strings_key("with_solutions"));
    fits(
        plan,
        set,
        &key,
        &note.join(" · "),
        &fit::title_note_box(plan, frame),
    )
}

/// A section heading's note (`Puzzles 1–24`) takes at most half the line.
fn check_heading_notes(
    plan: &BookPlan,
    set: &Typesetter,
    frame: &PageFrame,
) -> Result<(), SpecError> {
    let last = plan
        .sections
        .iter()
        .map(|s| s.count)
        .sum::<usize>()
        .to_string();
    let note = plan
        .strings
        .fill("puzzles_note", &[("first", &last), ("last", &last)]);
    let single = plan.strings.fill("puzzle_note", &[("n", &last)]);
    let font = fit::furniture(plan, fit::HEADING_NOTE);
    let room = fit::heading_note_room(frame);
    for (key, text) in [("puzzles_note", note), ("puzzle_note", single)] {
        let width = set.width(&text, font);
        if width > room {
            let message = format!(
                "a section heading's note must leave room for its title: \"{}\" takes {width:.0} mm of {room:.0} mm: shorten it",
                crate::grid::text::shown_text(&text).trim_matches('\'')
            );
            return Err(refuse(plan, &strings_key(key), message));
        }
    }
    Ok(())
}

/// The `[strings]` key among `keys` that the spec overrode with the longest text, as
/// `strings.KEY`: the likeliest reason a text made from them is too long.
pub fn culprit(plan: &BookPlan, keys: &[&str]) -> Option<String> {
    plan.origin
        .texts
        .iter()
        .filter(|t| {
            t.key
                .strip_prefix("strings.")
                .is_some_and(|k| keys.contains(&k))
        })
        .max_by_key(|t| t.text.chars().count())
        .map(|t| t.key.clone())
}
