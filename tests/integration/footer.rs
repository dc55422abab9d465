//! Page-number room: on every built-in puzzle layout and trim where the grid fits, the top of the
//! page number is at least 8 mm below the bottom of every grid on its page (issue 11, item 10:
//! the 2- and 6-per-page layouts used to leave 3.7 mm).

use std::path::Path;

use sudoku_book::book::{BookPuzzle, generate_puzzles};
use sudoku_book::fonts::FontSet;
use sudoku_book::layout::book::{Page, lay_out};
use sudoku_book::layout::check_plan;
use sudoku_book::layout::text::Placed;
use sudoku_book::spec::{BookPlan, parse};

const LAYOUTS: &[&str] = &["1up", "2up", "4up", "6up"];
const TRIMS: &[&str] = &["letter", "a4", "kdp-6x9", "kdp-5x8"];
/// The least room between a grid and the top of the page number, in millimetres.
const MIN_ROOM: f64 = 8.0;

fn plan(layout: &str, trim: &str) -> BookPlan {
    let text = format!(
        "title = \"Footer\"\nlayout = \"{layout}\"\n[page]\nsize = \"{trim}\"\n[answers]\nlayout = \"{layout}\"\n[[section]]\ncount = 7\ndifficulty = \"easy\"\n"
    );
    parse("book.toml", &text, Path::new(".")).expect("valid spec")
}

/// The top of the page number's digits and the bottom of the lowest grid, in millimetres.
fn number_top_and_lowest_grid(page: &Page, cap_height: f64) -> Option<(f64, f64)> {
    let number = page.number.to_string();
    let top = page.items.iter().rev().find_map(|item| match item {
        Placed::Text(line) if line.text == number => Some(line.y - line.size * cap_height),
        _ => None,
    })?;
    let lowest = page
        .items
        .iter()
        .filter_map(|item| match item {
            Placed::Grid(grid) => Some(grid.at.y + grid.at.h),
            _ => None,
        })
        .reduce(f64::max)?;
    Some((top, lowest))
}

#[test]
fn the_page_number_keeps_its_distance_from_every_grid() {
    let fonts = FontSet::bundled();
    let puzzles: Vec<BookPuzzle> =
        generate_puzzles(&plan("4up", "letter"), &|_| {}).expect("puzzles");
    let mut checked = 0;
    for trim in TRIMS {
        for layout in LAYOUTS {
            let plan = plan(layout, trim);
            if check_plan(&plan).is_err() {
                continue;
            }
            let book = lay_out(&plan, &puzzles, &fonts);
            for page in &book.pages {
                let Some((top, lowest)) =
                    number_top_and_lowest_grid(page, fonts.regular.cap_height)
                else {
                    continue;
                };
                let room = top - lowest;
                assert!(
                    room >= MIN_ROOM,
                    "{layout} on {trim}, page {}: {room:.2} mm between the grid and the page number",
                    page.number
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 16 * 2, "only {checked} pages checked");
}
