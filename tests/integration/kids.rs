//! Issue 21, item 5: `[style] kids = true` — a children's book: the instructions in simple words
//! in each language, large type, box lines that grow with the big cells, and the first puzzle
//! on the title page.

use std::fs;

use sudoku_book::book::generate_puzzles;
use sudoku_book::fonts::FontSet;
use sudoku_book::layout::book::lay_out;
use sudoku_book::layout::text::Placed;

use crate::build::build;

fn spec(language: &str) -> String {
    format!(
        "title = \"My First Sudoku\"\nlanguage = \"{language}\"\nseed = 3\n[page]\nsize = \"kdp-8x10\"\n[style]\nkids = true\n[[section]]\nsize = 4\ncount = 4\ndifficulty = \"easy\"\n[[section]]\nsize = 6\ncount = 2\ndifficulty = \"easy\"\n"
    )
}

#[test]
fn a_kids_book_speaks_simply_in_every_language() {
    for (language, opening) in [
        ("en", "Let's play!"),
        ("de", "Los geht's!"),
        ("fr", "À toi de jouer !"),
        ("es", "¡A jugar!"),
    ] {
        let (_dir, out) = build(&spec(language), &[]);
        let page = fs::read_to_string(out.join("pages/page-002.svg")).unwrap();
        let page = page.replace("&apos;", "'");
        assert!(page.contains(opening), "{language}: {page}");
    }
}

#[test]
fn a_kids_book_has_big_type_heavy_boxes_and_a_puzzle_on_its_title_page() {
    let mut plan = sudoku_book::spec::parse("book.toml", &spec("en"), std::path::Path::new("."))
        .expect("a valid spec");
    sudoku_book::layout::settle_layouts(&mut plan);
    let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
    let layout = lay_out(&plan, &puzzles, &FontSet::bundled());
    let title = &layout.pages[0];
    assert!(
        title.items.iter().any(|i| matches!(i, Placed::Grid(_))),
        "the title page shows a puzzle"
    );
    let first = layout.placement.puzzle_pages[0];
    let pt = |mm: f64| mm / sudoku_book::units::MM_PER_POINT;
    for page in &layout.pages[1..first - 1] {
        for item in &page.items {
            if let Placed::Text(line) = item
                && line.text.split_whitespace().count() > 3
            {
                assert!(
                    pt(line.size) >= 13.99,
                    "{:.1} pt: {}",
                    pt(line.size),
                    line.text
                );
            }
        }
    }
    let grids: Vec<_> = layout.pages[first - 1]
        .items
        .iter()
        .filter_map(|i| match i {
            Placed::Grid(grid) => Some(grid),
            _ => None,
        })
        .collect();
    assert!(!grids.is_empty());
    for grid in grids {
        let cell = grid.at.w / grid.geometry.size() as f64;
        assert!(
            grid.style.thick >= cell * 0.07 && grid.style.thick > 1.0,
            "{} mm box lines on {cell:.1} mm cells",
            grid.style.thick
        );
    }
}
