//! The checks of a plan that need the page geometry: the largest grid of the book must fit one
//! slot of each layout with digits of at least 7 pt. Run before any puzzle is made, so a book
//! that cannot be printed is refused at once, with the spec's file, line and key.

use super::book::{BookLayout, Page};
use super::cover::lay_out_cover;
use super::fit::{self, TextBox};
use super::page::{
    MIN_DIGIT_POINTS, PageFrame, grid_in_slot, label_points, label_room, min_cell_for_points, slots,
};
use super::style::{MIN_SUM_POINTS, min_cell_for_sums};
use super::text::Placed;
use super::text::Typesetter;
use crate::fonts::FontSet;
use crate::grid::RuleKind;
use crate::spec::{BookPlan, Layout, SpecError, builtin_layout};
use crate::symbols::Glyph;
use crate::units::Mm;

/// Settles the layouts the spec left to the page, so that a spec with only a title and
/// sections builds well on every trim: each section whose puzzle layout the spec did not set
/// gets the densest of its trim's defaults whose grids keep cells to write in by hand
/// ([`WRITING_COMFORT`]) and digits at their print floor — on trims up to 7 in wide one puzzle
/// a page, on larger ones four (two in large print); its answers the densest of six, four, two
/// and one a page (nine first on larger trims) whose digits stay at the key floor. Run before
/// [`check_plan`]; layouts the spec wrote are left for it to refuse.
pub fn settle_layouts(plan: &mut BookPlan) {
    let points = answer_points(plan);
    let wide = plan.page.width.0 > SMALL_TRIM_WIDTH;
    let (puzzles, answers) = default_layouts(wide, plan.style.large_print);
    for index in 0..plan.sections.len() {
        let section = &plan.sections[index];
        let grid = Drawn::of(section);
        let puzzle_points = if section.request.variant.multi.is_some() {
            MULTI_DIGITS
        } else {
            puzzle_digits(plan)
        };
        let sums = section.request.variant.has(RuleKind::Cages);
        // A multi-grid keeps its one a page (its cells are small already).
        let multi = section.request.variant.multi.is_some();
        if section.layout_at.is_none() && plan.origin.layout.is_none() && !multi {
            let fits = |layout: &Layout| {
                let fit = Fit {
                    layout,
                    key: "layout",
                    position: None,
                    points: puzzle_points,
                    sums,
                    writing: Some(WRITING_COMFORT),
                    answer: false,
                };
                grid_fits(plan, &fit, &grid).is_ok()
            };
            if let Some(layout) = densest(puzzles, fits) {
                plan.sections[index].layout = layout;
            }
        }
        let section = &plan.sections[index];
        let own_answers =
            section.answers_layout_at.is_some() || plan.origin.answers_layout.is_some();
        if section.answers_layout.is_none() || own_answers {
            continue;
        }
        let fits = |layout: &Layout| {
            let fit = Fit {
                layout,
                key: "answers.layout",
                position: None,
                points,
                sums: false,
                writing: None,
                answer: true,
            };
            grid_fits(plan, &fit, &grid).is_ok()
        };
        // A multi-grid's keys stay at most two a page, as their section pages run one a page.
        let names = if section.request.variant.multi.is_some() {
            &["2up", "1up"][..]
        } else {
            answers
        };
        if let Some(layout) = densest(names, fits) {
            plan.sections[index].answers_layout = Some(layout);
        }
    }
}

/// Trims up to this width (7 in: 5×8, 5.5×8.5, 6×9, A5) are small: one puzzle a page.
const SMALL_TRIM_WIDTH: f64 = 7.0 * crate::units::MM_PER_INCH;

/// The layouts a section may default to on a trim, densest first: puzzles, then answers.
fn default_layouts(
    wide: bool,
    large_print: bool,
) -> (&'static [&'static str], &'static [&'static str]) {
    match (wide, large_print) {
        (false, _) => (&["1up"], &["6up", "4up", "2up", "1up"]),
        (true, false) => (&["4up", "2up", "1up"], &["9up", "6up", "4up", "2up", "1up"]),
        (true, true) => (&["2up", "1up"], &["4up", "2up", "1up"]),
    }
}

/// The first of the built-in layouts `names` that `fits` accepts (the last when none does:
/// [`check_plan`] then says why).
fn densest(names: &[&str], fits: impl Fn(&Layout) -> bool) -> Option<Layout> {
    let layouts: Vec<Layout> = names.iter().filter_map(|n| builtin_layout(n)).collect();
    layouts
        .iter()
        .find(|layout| fits(layout))
        .or(layouts.last())
        .copied()
}

/// The least size of puzzle digits, in points.
fn puzzle_digits(plan: &BookPlan) -> f64 {
    if plan.style.large_print {
        LARGE_PRINT_DIGITS
    } else {
        MIN_DIGIT_POINTS
    }
}

/// The least size of answer-key digits, in points.
fn answer_points(plan: &BookPlan) -> f64 {
    if plan.style.large_print {
        LARGE_PRINT_KEY_DIGITS
    } else {
        MIN_DIGIT_POINTS
    }
}

/// Refuses a plan whose largest grid does not fit the slots of its puzzle or answer layout.
pub fn check_plan(plan: &BookPlan) -> Result<(), SpecError> {
    let (puzzle_points, answer_points) = (puzzle_digits(plan), answer_points(plan));
    for (index, section) in plan.sections.iter().enumerate() {
        let own = |name: &str| format!("section[{}].{name}", index + 1);
        let (key, position) = match section.layout_at {
            Some(at) => (own("layout"), Some(at)),
            None => ("layout".to_string(), plan.origin.layout),
        };
        let shape = section.request.variant.multi;
        let puzzles = Fit {
            layout: &section.layout,
            key: &key,
            position,
            points: if shape.is_some() {
                puzzle_points.max(MULTI_DIGITS)
            } else {
                puzzle_points
            },
            sums: section.request.variant.has(RuleKind::Cages),
            writing: Some(WRITING_FLOOR),
            answer: false,
        };
        let grid = Drawn::of(section);
        grid_fits(plan, &puzzles, &grid)?;
        let Some(answers) = &section.answers_layout else {
            continue;
        };
        let (key, position) = match section.answers_layout_at {
            Some(at) => (own("answers_layout"), Some(at)),
            None => ("answers.layout".to_string(), plan.origin.answers_layout),
        };
        let answers = Fit {
            layout: answers,
            key: &key,
            position,
            points: answer_points,
            sums: false,
            writing: None,
            answer: true,
        };
        grid_fits(plan, &answers, &grid)?;
    }
    Ok(())
}

/// Refuses a cover whose front or back text does not fit its safe zone at 7 pt, at the key
/// that holds the text (the page count only changes the spine, whose text is left off instead).
pub fn check_cover(plan: &BookPlan, fonts: &FontSet) -> Result<(), SpecError> {
    let Some(cover) = &plan.cover else {
        return Ok(());
    };
    let facts = super::cover::CoverFacts::placeholder(plan);
    let layout = lay_out_cover(plan, cover, 0, fonts, &facts);
    // Every cover text is on the front or back whatever the page count (the spine repeats the
    // title and author), so the characters are checked here, once, before any puzzle is made.
    missing_glyph_error(plan, std::iter::once(&layout.page), fonts)?;
    match layout.misfits.into_iter().next() {
        None => Ok(()),
        Some(misfit) => Err(SpecError {
            file: plan.origin.file.clone(),
            position: misfit.position,
            key: Some(misfit.key.to_string()),
            message: misfit.message,
            io: false,
        }),
    }
}

/// The gutter the book may end up with: its own, or with `gutter = "auto"` the one KDP asks for
/// at an estimate of the page count (front matter, puzzle pages, answer pages; at least the
/// padded minimum).
fn widest_gutter(plan: &BookPlan) -> Mm {
    if !plan.page.gutter_auto {
        return plan.page.gutter;
    }
    let puzzle_pages: usize = plan
        .sections
        .iter()
        .map(|s| s.count.div_ceil(s.layout.slots()))
        .sum();
    let answer_pages: usize = plan
        .sections
        .iter()
        .filter_map(|s| Some(s.count.div_ceil(s.answers_layout?.slots())))
        .sum();
    let estimate = (FRONT_PAGES + puzzle_pages + answer_pages).max(super::kdp::MIN_PAGES);
    let auto = super::kdp::required_gutter(estimate);
    if auto.0 > plan.page.gutter.0 {
        auto
    } else {
        plan.page.gutter
    }
}

/// Pages before the first section, for the estimate: title, instructions, contents.
const FRONT_PAGES: usize = 4;

/// Large print: the least size of puzzle digits, and of answer-key digits, in points.
pub const LARGE_PRINT_DIGITS: f64 = 28.0;
pub const LARGE_PRINT_KEY_DIGITS: f64 = 10.0;

/// The least size of puzzle digits of a multi-grid shape (Samurai, Twodoku, Butterfly), in
/// points: its many small cells are read at arm's length, so they print larger than the 7 pt
/// floor (answer keys keep the floor).
pub const MULTI_DIGITS: f64 = 9.0;

/// A section's grid as drawn: the cells across its side and how a message names it.
struct Drawn {
    /// Cells along the longer side of the drawn grid (the frame of a multi-grid shape).
    side: usize,
    /// The size that sets the digit ratio (9 for every multi-grid shape).
    size: usize,
    /// `a 9x9 grid`, `a samurai`.
    name: String,
    /// A grid up to 16×16, whose cells a reader writes in (the writing floor applies, as to a
    /// 9×9: a 16×16's cells are written in with one symbol each too).
    writable: bool,
}

impl Drawn {
    fn of(section: &crate::spec::SectionPlan) -> Drawn {
        let size = section.request.size;
        match section.request.variant.multi {
            Some(shape) => {
                let side = shape.frame_side();
                Drawn {
                    side,
                    size,
                    name: format!("a {} ({side}x{side} frame)", shape.name()),
                    writable: false,
                }
            }
            None => Drawn {
                side: size,
                size,
                name: format!("a {size}x{size} grid"),
                writable: size <= MAX_WRITABLE,
            },
        }
    }
}

/// A layout to check, where the spec set it, and the least digit size its grids need.
struct Fit<'a> {
    layout: &'a Layout,
    key: &'a str,
    position: Option<(usize, usize)>,
    points: f64,
    /// Killer cage sums are drawn (puzzle grids of killer sections).
    sums: bool,
    /// The least cell a reader writes digits in by hand, in millimetres (puzzle grids up to
    /// 9×9; none for answer keys and larger grids).
    writing: Option<f64>,
    /// Answer keys (their labels are small).
    answer: bool,
}

/// Cells of a puzzle grid up to 9×9 below this are refused: too small to write digits in by
/// hand; a 12×12 or 16×16 keeps [`LARGE_GRID_WRITING`] of it (answer keys, multi-grids and
/// 25×25 grids, which no page holds at this size, may go smaller).
pub const WRITING_FLOOR: f64 = 7.0;
/// The cells a layout left to the book must give a puzzle grid up to 16×16 (the defaults fall
/// back to fewer grids a page until they do: a 16×16 goes one or two a page).
pub const WRITING_COMFORT: f64 = 8.0;
/// The largest grid the writing floor applies to.
const MAX_WRITABLE: usize = 16;
/// The share of the writing floor and comfort that grids above 9×9 keep: 6 mm cells and more
/// (a 16×16 on a 5×8 trim, one a page, has 6.5 mm), 6.9 mm by default (one a letter page).
const LARGE_GRID_WRITING: f64 = 6.0 / 7.0;

fn grid_fits(plan: &BookPlan, fit: &Fit, grid: &Drawn) -> Result<(), SpecError> {
    let Fit {
        layout,
        key,
        position,
        points,
        sums,
        writing,
        answer,
    } = *fit;
    let frame = PageFrame {
        gutter: widest_gutter(plan).0,
        ..PageFrame::of(&plan.page)
    };
    let slot = slots(frame.grid_area(1), layout)[0];
    let floor = if plan.style.big_type() {
        super::fit::LARGE_PRINT_TEXT
    } else {
        0.0
    };
    let label = label_room(label_points(slot, answer, floor));
    // Large print sets puzzle digits larger in their cells.
    let scale = if plan.style.large_print && !answer {
        super::style::LARGE_DIGIT_SCALE
    } else {
        1.0
    };
    let digits = min_cell_for_points(grid.size, points) / scale;
    let digits = if sums {
        digits.max(min_cell_for_sums())
    } else {
        digits
    };
    // Grids above 9×9 (one symbol a cell still) may go a seventh smaller: 6 mm and more.
    let writing = writing.map(|floor| match grid.size > 9 {
        true => floor * LARGE_GRID_WRITING,
        false => floor,
    });
    let by_hand = writing.filter(|&floor| grid.writable && floor > digits);
    let min_cell = by_hand.unwrap_or(digits);
    let need = match (by_hand, sums) {
        (Some(_), _) => "writing digits by hand needs".to_string(),
        (None, true) => format!("{points} pt digits and {MIN_SUM_POINTS} pt cage sums need"),
        (None, false) => format!("{points} pt digits need"),
    };
    if grid_in_slot(slot, grid.side, min_cell, label).is_some() {
        return Ok(());
    }
    let cell = slot.w.min(slot.h - label) / grid.side as f64;
    let default = if position.is_none() {
        " (the default)"
    } else {
        ""
    };
    let gutter = if plan.page.gutter_auto {
        format!(
            " with the {:.3} in gutter KDP asks for at this page count,",
            frame.gutter / crate::units::MM_PER_INCH
        )
    } else {
        String::new()
    };
    let message = format!(
        "{} does not fit a slot of this layout{default} ({} per page):{gutter} its cells would be {cell:.1} mm, and {need} {min_cell:.1} mm",
        grid.name,
        layout.slots()
    );
    let (key, position, message) = match (position, wide_page_setting(plan)) {
        (None, Some((setting, at, value))) => (
            setting,
            Some(at),
            format!(
                "a {name} of {value:.1} mm leaves too little room: {message}; use a smaller {name}, or set {key} to a layout with fewer grids per page",
                name = setting.trim_start_matches("page.")
            ),
        ),
        _ => (
            key,
            position,
            format!("{message}; use a layout with fewer grids per page or a larger page"),
        ),
    };
    Err(SpecError {
        file: plan.origin.file.clone(),
        position,
        key: Some(key.to_string()),
        message,
        io: false,
    })
}

/// The gutter or margin the spec set wider than the default (the wider of the two), with where
/// and its value in millimetres: what a layout left at its default is blamed on.
fn wide_page_setting(plan: &BookPlan) -> Option<(&'static str, (usize, usize), f64)> {
    use crate::spec::{DEFAULT_GUTTER_MM, DEFAULT_MARGIN_MM};
    let page = &plan.page;
    let gutter = plan
        .origin
        .gutter
        .filter(|_| !page.gutter_auto && page.gutter.0 > DEFAULT_GUTTER_MM + 1e-9)
        .map(|at| ("page.gutter", at, page.gutter.0));
    let margin = plan
        .origin
        .margin
        .filter(|_| page.margin.0 > DEFAULT_MARGIN_MM + 1e-9)
        .map(|at| ("page.margin", at, page.margin.0));
    match (gutter, margin) {
        (Some(g), Some(m)) => Some(if g.2 >= m.2 { g } else { m }),
        (g, m) => g.or(m),
    }
}

/// Refuses, before any puzzle is made, a spec text that does not fit its box on the page even
/// wrapped and shrunk to the floor size (7 pt; 12 pt for furniture in large print): the title,
/// subtitle and author on the title page, section titles in their headings, running headers
/// and contents entries. The message names the key and its line.
pub fn check_texts(plan: &BookPlan, fonts: &FontSet) -> Result<(), SpecError> {
    let set = Typesetter { fonts };
    let frame = PageFrame::of(&plan.page);
    super::fixed_texts::check_fixed_texts(plan, &set, &frame)?;
    let [title, subtitle, author] = fit::title_boxes(plan, &frame);
    fits(plan, &set, "title", &plan.title, &title)?;
    if let Some(text) = &plan.subtitle {
        fits(plan, &set, "subtitle", text, &subtitle)?;
    }
    if let Some(text) = &plan.author {
        fits(plan, &set, "author", text, &author)?;
    }
    let book_header = plan.header.as_deref().unwrap_or(&plan.title);
    if plan.structure.running_header
        && fit::running_header(plan, &frame, &set, book_header, "").is_none()
    {
        return Err(match &plan.header {
            Some(_) => too_long_header(plan, &frame),
            None => {
                let message = format!(
                    "as the running header of the left-hand pages it does not fit one line of {:.0} mm even at {} pt: set header = \"…\" to a shorter text for the running header",
                    frame.content(1).w,
                    fit::running_header_floor(plan)
                );
                refuse(plan, "title", message)
            }
        });
    }
    let number_width = set.width("8888", fit::print_size(plan, fit::CONTENTS_LINE));
    let contents = fit::contents_box(plan, &frame, number_width);
    let mut first = 1;
    for (index, section) in plan.sections.iter().enumerate() {
        let key = section_title_key(plan, index);
        let last = first + section.count - 1;
        let (from, to) = (first.to_string(), last.to_string());
        let note = plan
            .strings
            .fill("puzzles_note", &[("first", &from), ("last", &to)]);
        let note_width = set.width(&note, fit::furniture(plan, fit::HEADING_NOTE));
        let heading = fit::heading_box(plan, &frame, note_width);
        for text_box in [heading, contents] {
            fits(plan, &set, &key, &section.title, &text_box)?;
        }
        // A section title that fits its heading fits the running header (7 pt, the whole
        // line) of the right-hand pages too.
        first = last + 1;
    }
    if plan.answers.is_some() {
        let solutions = plan.strings.get("solutions");
        let heading = fit::heading_box(plan, &frame, 0.0);
        for text_box in [heading, contents] {
            fits(plan, &set, "strings.solutions", solutions, &text_box)?;
        }
    }
    Ok(())
}

/// The key a section title is refused at: `section[N].title` when the spec wrote it, else the
/// `[strings]` key it was made from (`strings.variant_classic`), when the spec overrode one.
fn section_title_key(plan: &BookPlan, index: usize) -> String {
    let own = format!("section[{}].title", index + 1);
    if plan.origin.texts.iter().any(|t| t.key == own) {
        return own;
    }
    let makers: Vec<&str> = crate::spec::strings::key_names()
        .into_iter()
        .filter(|k| k.starts_with("variant_") || k.starts_with("section_"))
        .collect();
    super::fixed_texts::culprit(plan, &makers).unwrap_or(own)
}

/// The running header text alone does not fit its line.
fn too_long_header(plan: &BookPlan, frame: &PageFrame) -> SpecError {
    let message = format!(
        "too long to fit one line of {:.0} mm on this page even at {} pt: shorten it",
        frame.content(1).w,
        fit::running_header_floor(plan)
    );
    refuse(plan, "header", message)
}

pub(super) fn fits(
    plan: &BookPlan,
    set: &Typesetter,
    key: &str,
    text: &str,
    text_box: &TextBox,
) -> Result<(), SpecError> {
    if text_box.fit(set, text).is_some() {
        return Ok(());
    }
    let lines = match text_box.lines {
        1 => "one line".to_string(),
        n => format!("{n} lines"),
    };
    let message = format!(
        "too long to fit {lines} of {:.0} mm on this page even at {} pt ({} characters): shorten it",
        text_box.width,
        text_box.floor,
        text.chars().count()
    );
    Err(refuse(plan, key, message))
}

/// An error at a spec text's key, located where the spec wrote it.
pub(super) fn refuse(plan: &BookPlan, key: &str, message: String) -> SpecError {
    let position = plan
        .origin
        .texts
        .iter()
        .find(|t| t.key == key)
        .and_then(|t| t.position);
    SpecError {
        file: plan.origin.file.clone(),
        position,
        key: Some(key.to_string()),
        message,
        io: false,
    }
}

/// Refuses a laid-out book that prints a character its font lacks (the PDF would drop it): the
/// message names the character and the spec key (with its line) whose text holds it, or the
/// font when the character comes from the book's own words or the grids' digits.
pub fn check_glyphs(
    plan: &BookPlan,
    layout: &BookLayout,
    fonts: &FontSet,
) -> Result<(), SpecError> {
    missing_glyph_error(plan, layout.pages.iter(), fonts)
}

/// The error for the first character on these pages that its font lacks.
fn missing_glyph_error<'a>(
    plan: &BookPlan,
    pages: impl Iterator<Item = &'a Page>,
    fonts: &FontSet,
) -> Result<(), SpecError> {
    let Some((ch, bold)) = first_missing_glyph(pages, fonts) else {
        return Ok(());
    };
    let face = fonts.face(bold);
    let shown = format!(
        "{} (U+{:04X})",
        crate::grid::text::shown_char(ch),
        ch as u32
    );
    let origin = plan.origin.texts.iter().find(|t| t.text.contains(ch));
    let (key, position, message) = match origin {
        Some(text) => (
            text.key.clone(),
            text.position,
            format!(
                "{shown} is not in the font {}: use a font that has it (`font`, `bold_font`), or leave it out",
                face.family
            ),
        ),
        None => (
            if bold { "bold_font" } else { "font" }.to_string(),
            None,
            format!(
                "the font {} has no {shown}, which the book prints; use a font that has it",
                face.family
            ),
        ),
    };
    Err(SpecError {
        file: plan.origin.file.clone(),
        position,
        key: Some(key),
        message,
        io: false,
    })
}

/// The first character printed in a face that lacks it, and whether the face is the bold one.
fn first_missing_glyph<'a>(
    pages: impl Iterator<Item = &'a Page>,
    fonts: &FontSet,
) -> Option<(char, bool)> {
    for item in pages.flat_map(|p| &p.items) {
        match item {
            Placed::Text(line) | Placed::Turned(line) => {
                let face = fonts.face(line.bold);
                let missing = line
                    .text
                    .chars()
                    .find(|&c| !c.is_whitespace() && !face.has_glyph(c));
                if let Some(ch) = missing {
                    return Some((ch, line.bold));
                }
            }
            Placed::Grid(grid) => {
                for value in 1..=grid.geometry.size() {
                    let Glyph::Text(text) = grid.style.symbols.glyph(value as u8, None) else {
                        continue;
                    };
                    for ch in text.as_str().chars() {
                        for bold in [true, false] {
                            if !fonts.face(bold).has_glyph(ch) {
                                return Some((ch, bold));
                            }
                        }
                    }
                }
            }
            Placed::Rule { .. }
            | Placed::Fill { .. }
            | Placed::Picture { .. }
            | Placed::Shape { .. } => {}
            Placed::Glyph { glyph, .. } => {
                if let Glyph::Text(text) = glyph
                    && let Some(ch) = text
                        .as_str()
                        .chars()
                        .find(|&c| !fonts.face(false).has_glyph(c))
                {
                    return Some((ch, false));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn error(text: &str) -> String {
        let plan = crate::spec::parse("book.toml", text, Path::new(".")).unwrap();
        check_plan(&plan).unwrap_err().to_string()
    }

    fn check(text: &str) -> Result<(), SpecError> {
        check_plan(&crate::spec::parse("book.toml", text, Path::new(".")).unwrap())
    }

    #[test]
    fn a_grid_that_does_not_fit_its_slot_is_refused() {
        let text = "title = \"x\"\nlayout = \"1up\"\n[page]\nsize = \"kdp-5x8\"\n[answers]\nlayout = \"12up\"\n[[section]]\nsize = 16\ncount = 1\n";
        let message = error(text);
        assert!(
            message.starts_with("book.toml:6:10: answers.layout: a 16x16 grid does not fit"),
            "{message}"
        );
        // A layout left to the book is settled for the trim: one 16×16 a page on 5×8.
        let default =
            "title = \"x\"\n[page]\nsize = \"kdp-5x8\"\n[[section]]\nsize = 16\ncount = 1\n";
        let mut plan = crate::spec::parse("book.toml", default, Path::new(".")).unwrap();
        settle_layouts(&mut plan);
        assert_eq!(plan.sections[0].layout.slots(), 1);
        assert!(check_plan(&plan).is_ok());
        let fits = "title = \"x\"\nlayout = \"1up\"\n[page]\nsize = \"kdp-5x8\"\n[answers]\nlayout = \"4up\"\n[[section]]\nsize = 9\ncount = 1\n";
        assert!(check(fits).is_ok());
    }

    /// The defaults of every trim build a book whose 9×9 cells are comfortable to write in
    /// and whose keys print at the floor; an explicit layout below the writing floor is refused
    /// with the reason.
    #[test]
    fn defaults_fit_every_trim_and_cells_stay_writable() {
        for size in crate::spec::PAGE_SIZES.iter().map(|p| p.0) {
            for large in [false, true] {
                // Large print holds puzzle digits at 28 pt: grids above 9×9 need more room than
                // the trims have, and a 9×9 more than trims under 6 in wide; each is refused
                // with that reason.
                let grids: &[usize] = if large {
                    &[4, 6, 9]
                } else {
                    &[4, 6, 9, 12, 16]
                };
                for &grid in grids {
                    let text = format!(
                        "title = \"x\"\n[page]\nsize = \"{size}\"\n[style]\nlarge_print = {large}\n[[section]]\nsize = {grid}\ncount = 1\n"
                    );
                    let mut plan = crate::spec::parse("book.toml", &text, Path::new(".")).unwrap();
                    settle_layouts(&mut plan);
                    let what = format!("{size} large {large} {grid}x{grid}");
                    let narrow = plan.page.width.0 < 6.0 * crate::units::MM_PER_INCH - 0.01;
                    if let (true, Err(refused)) = (large && grid == 9, check_plan(&plan)) {
                        assert!(narrow, "{what}: {refused}");
                        let refused = refused.to_string();
                        assert!(
                            refused.contains("28 pt digits need 13.7 mm"),
                            "{what}: {refused}"
                        );
                        continue;
                    }
                    assert!(check_plan(&plan).is_ok(), "{what}: {:?}", check_plan(&plan));
                    let wide = plan.page.width.0 > SMALL_TRIM_WIDTH;
                    if !wide {
                        assert_eq!(plan.sections[0].layout.slots(), 1, "{what}");
                    }
                }
            }
        }
        let dense =
            "title = \"x\"\nlayout = \"6up\"\n[page]\nsize = \"kdp-6x9\"\n[[section]]\ncount = 1\n";
        let message = error(dense);
        assert!(
            message.contains("its cells would be 5.3 mm, and writing digits by hand needs 7.0 mm"),
            "{message}"
        );
    }

    #[test]
    fn large_print_refuses_four_puzzles_a_page() {
        let text = "title = \"x\"\nlayout = \"4up\"\n[page]\nsize = \"kdp-6x9\"\n[style]\nlarge_print = true\n[[section]]\ncount = 1\n";
        let message = error(text);
        assert!(
            message.starts_with("book.toml:2:10: layout: a 9x9 grid does not fit"),
            "{message}"
        );
        assert!(message.contains("28 pt digits need"), "{message}");
    }
}
