//! Golden SVG files: one small page per variant, drawn by the scene and the SVG backend and
//! compared byte for byte with `tests/golden/*.svg`. Regenerate them only on purpose, with
//! `UPDATE_GOLDEN=1 cargo test --test integration golden`, and look at them before committing.

use std::path::PathBuf;

use sudoku_book::grid::text::parse_line;
use sudoku_book::grid::{Geometry, RegionMap};
use sudoku_book::render::grid::{GridStyle, Placement, draw_grid};
use sudoku_book::render::scene::Scene;
use sudoku_book::render::svg::to_svg;

use super::util::variant_fixtures;

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.svg"))
}

/// Compares with the golden file, or writes it when `UPDATE_GOLDEN` is set.
fn check_golden(name: &str, svg: &str) {
    let path = golden_path(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with UPDATE_GOLDEN=1", path.display()));
    if expected != svg {
        let line = expected
            .lines()
            .zip(svg.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name}: SVG differs from {} at line {}\nexpected: {}\nactual:   {}",
            path.display(),
            line + 1,
            expected.lines().nth(line).unwrap_or(""),
            svg.lines().nth(line).unwrap_or("")
        );
    }
}

#[test]
fn one_page_per_variant_matches_its_golden_file() {
    for fixture in variant_fixtures() {
        let (puzzle, regions) = match fixture.puzzle.split_once('|') {
            Some((p, r)) => (p.to_string(), Some(RegionMap::parse(r).unwrap())),
            None => (fixture.puzzle.clone(), None),
        };
        let variant = fixture.variant.parse().unwrap();
        let geo = Geometry::new(fixture.size, variant, None, regions).unwrap();
        let givens = parse_line(&puzzle, 1, Some(fixture.size)).unwrap();
        let solution = parse_line(&fixture.solution, 1, Some(fixture.size)).unwrap();
        let mut scene = Scene::new(148.0, 210.0);
        let style = GridStyle {
            shade_diagonals: fixture.variant == "diagonal",
            ..GridStyle::default()
        };
        let top = Placement {
            x: 14.0,
            y: 12.0,
            side: 120.0,
        };
        draw_grid(&mut scene, &geo, &givens, None, top, &style);
        let key = Placement {
            x: 44.0,
            y: 140.0,
            side: 60.0,
        };
        draw_grid(&mut scene, &geo, &givens, Some(&solution), key, &style);
        let name = format!("{}-{}", fixture.variant.replace('+', "-"), fixture.size);
        check_golden(&name, &to_svg(&scene));
    }
}

/// A small A5 book with one puzzle of each variant, one per page.
const VARIANT_BOOK: &str = r#"
title = "Golden"
seed = 5
layout = "1up"
[page]
size = "a5"
[answers]
layout = "4up"
[[section]]
title = "Classic 6x6"
size = 6
count = 1
difficulty = "easy"
[[section]]
title = "Diagonal"
variant = "diagonal"
count = 1
difficulty = "easy"
[[section]]
title = "Window"
variant = "window"
count = 1
difficulty = "easy"
[[section]]
title = "Jigsaw"
variant = "jigsaw"
count = 1
difficulty = "easy"
"#;

/// The files of the book built from `spec`.
fn book_files(spec: &str) -> Vec<(String, Vec<u8>)> {
    use sudoku_book::book::generate_puzzles;
    use sudoku_book::fonts::FontSet;
    use sudoku_book::publish::assemble::assemble;

    let mut plan = sudoku_book::spec::parse("book.toml", spec, std::path::Path::new("."))
        .expect("the golden spec is valid");
    sudoku_book::layout::settle_layouts(&mut plan);
    let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
    assemble(&plan, &puzzles, &FontSet::bundled()).files
}

/// A book's `book.json`, read.
fn manifest_of(files: &[(String, Vec<u8>)]) -> serde_json::Value {
    files
        .iter()
        .find(|(name, _)| name == "book.json")
        .map(|(_, bytes)| serde_json::from_slice(bytes).unwrap())
        .unwrap()
}

/// Page `number` of a book's files, as SVG text.
fn page_svg(files: &[(String, Vec<u8>)], number: u64) -> String {
    let name = format!("pages/page-{number:03}.svg");
    let (_, bytes) = files.iter().find(|(n, _)| *n == name).unwrap();
    String::from_utf8(bytes.clone()).unwrap()
}

#[test]
fn book_pages_of_each_variant_match_their_golden_files() {
    let files = book_files(VARIANT_BOOK);
    let manifest = manifest_of(&files);
    let page = |number: u64| page_svg(&files, number);
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let variant = puzzle["variant"].as_str().unwrap();
        let name = format!("book-{variant}-{}", puzzle["size"]);
        check_golden(&name, &page(puzzle["page"].as_u64().unwrap()));
    }
    let answers = manifest["puzzles"][0]["answer_page"].as_u64().unwrap();
    check_golden("book-answers", &page(answers));
    check_golden("book-title", &page(1));
    check_golden("book-instructions", &page(2));
}

/// A small killer book: one puzzle a page, the instructions with the cage rule.
const KILLER_BOOK: &str = r#"
title = "Golden Killer"
seed = 3
layout = "1up"
[page]
size = "a5"
[answers]
layout = "4up"
[[section]]
title = "Killer"
variant = "killer"
count = 1
"#;

#[test]
fn a_killer_page_matches_its_golden_file() {
    let files = book_files(KILLER_BOOK);
    let instructions = page_svg(&files, 2);
    let compact: String = instructions.split_whitespace().collect();
    assert!(compact.contains("dashedcage"), "the rules name the cages");
    let (_, manifest) = files.iter().find(|(n, _)| n == "book.json").unwrap();
    let manifest: serde_json::Value = serde_json::from_slice(manifest).unwrap();
    let puzzle_page = manifest["puzzles"][0]["page"].as_u64().unwrap();
    assert!(page_svg(&files, 3).contains("Cage combinations"));
    check_golden("book-killer-9", &page_svg(&files, puzzle_page));
    check_golden("book-instructions-killer", &instructions);
}

#[test]
fn a_german_instructions_page_matches_its_golden_file() {
    let spec = VARIANT_BOOK.replace("seed = 5", "seed = 5\nlanguage = \"de\"");
    let files = book_files(&spec);
    let page = page_svg(&files, 2);
    assert!(page.contains("Spielanleitung"), "{page}");
    check_golden("book-instructions-de", &page);
}

#[test]
fn a_large_print_instructions_page_matches_its_golden_file() {
    let spec = VARIANT_BOOK.replace("[page]", "[style]\nlarge_print = true\n[page]");
    let files = book_files(&spec);
    let page = page_svg(&files, 2);
    assert!(page.contains("How to play"), "{page}");
    check_golden("book-instructions-large-print", &page);
}

/// A 6×9 book of one hard puzzle with its worked solution.
const WALKTHROUGH_BOOK: &str = r#"
title = "Golden Walkthrough"
seed = 5
layout = "1up"
[page]
size = "kdp-6x9"
[[section]]
title = "Hard"
count = 1
difficulty = "hard"
walkthrough = true
"#;

#[test]
fn a_walkthrough_page_matches_its_golden_file() {
    let files = book_files(WALKTHROUGH_BOOK);
    let page = page_svg(&files, 4);
    assert!(page.contains("Worked solution"), "{page}");
    check_golden("book-walkthrough", &page);
}

/// The walkthrough book with strategy pages: page 3 teaches the first technique it uses.
#[test]
fn a_strategy_page_matches_its_golden_file() {
    let spec = format!("{WALKTHROUGH_BOOK}[strategies]\ninclude = true\n");
    let files = book_files(&spec);
    let page = page_svg(&files, 3);
    assert!(page.contains("Solving techniques"), "{page}");
    check_golden("book-strategy", &page);
}

/// A kids' book of 4×4 and 6×6 puzzles on 8×10.
const KIDS_BOOK: &str = r#"
title = "Golden Kids"
seed = 3
[page]
size = "kdp-8x10"
[style]
kids = true
[[section]]
size = 4
count = 4
difficulty = "easy"
[[section]]
size = 6
count = 2
difficulty = "easy"
"#;

#[test]
fn kids_pages_match_their_golden_files() {
    let files = book_files(KIDS_BOOK);
    check_golden("book-kids-title", &page_svg(&files, 1));
    check_golden("book-kids-instructions", &page_svg(&files, 2));
    check_golden("book-kids-puzzles", &page_svg(&files, 3));
}

/// A 6×9 cover of a 120-page book on cream paper, with back text and spine text, in THEME.
const COVER_BOOK: &str = r##"
title = "Golden Cover for the Road"
subtitle = "A wrap cover, drawn"
author = "sudoku-book"
seed = 12
[page]
size = "kdp-6x9"
[cover]
theme = "THEME"
paper = "cream"
back_text = """Puzzles for every day, from easy to hard.

Every puzzle has one solution."""
[[section]]
count = 2
difficulty = "easy"
[[section]]
title = "Jigsaw"
variant = "jigsaw"
count = 2
difficulty = "medium"
"##;

#[test]
fn each_cover_theme_matches_its_golden_file() {
    use sudoku_book::book::generate_puzzles;
    use sudoku_book::fonts::FontSet;
    use sudoku_book::layout::cover::{CoverFacts, lay_out_cover};
    use sudoku_book::render::page::page_scene;

    for theme in sudoku_book::spec::Theme::NAMES {
        let spec = COVER_BOOK.replace("THEME", theme);
        let plan = sudoku_book::spec::parse("book.toml", &spec, std::path::Path::new("."))
            .expect("the golden spec is valid");
        let cover = plan.cover.as_ref().expect("a [cover] table");
        let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
        let made = sudoku_book::book::cover::cover_puzzles(&plan, &puzzles);
        let facts = CoverFacts::of_book(&plan, &puzzles, &made);
        let layout = lay_out_cover(&plan, cover, 120, &FontSet::bundled(), &facts);
        assert!(
            layout.misfits.is_empty() && layout.notes.is_empty(),
            "{theme}"
        );
        check_golden(
            &format!("cover-{theme}"),
            &to_svg(&page_scene(&layout.page)),
        );
    }
}

/// A large-print book: one puzzle a page (the layout settled as a build settles it), 28 pt
/// digits, 14 pt labels and headers, heavy lines.
const LARGE_PRINT_BOOK: &str = r#"
title = "Golden Large Print"
seed = 8
[style]
large_print = true
[[section]]
title = "Large"
count = 2
difficulty = "easy"
"#;

#[test]
fn a_large_print_page_matches_its_golden_file() {
    use sudoku_book::book::generate_puzzles;
    use sudoku_book::fonts::FontSet;
    use sudoku_book::layout::book::lay_out;
    use sudoku_book::render::page::page_scene;

    let mut plan =
        sudoku_book::spec::parse("book.toml", LARGE_PRINT_BOOK, std::path::Path::new("."))
            .expect("the golden spec is valid");
    sudoku_book::layout::settle_layouts(&mut plan);
    let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
    let layout = lay_out(&plan, &puzzles, &FontSet::bundled());
    let page = layout.placement.puzzle_pages[0];
    check_golden(
        "book-large-print",
        &to_svg(&page_scene(&layout.pages[page - 1])),
    );
}

/// A small Samurai book on a 6×9 trim: one puzzle a page (the multi-grid default), the
/// instructions with the rule of overlapping grids.
const SAMURAI_BOOK: &str = r#"
title = "Golden Samurai"
seed = 3
[page]
size = "kdp-6x9"
[[section]]
variant = "samurai"
count = 1
difficulty = "easy"
"#;

#[test]
fn a_samurai_page_matches_its_golden_file() {
    let files = book_files(SAMURAI_BOOK);
    let instructions = page_svg(&files, 2);
    let compact: String = instructions.split_whitespace().collect();
    assert!(
        compact.contains("overlapping9×9grids"),
        "the rules name the grids"
    );
    let page = page_svg(&files, 3);
    assert!(page.contains("Samurai"), "the label names the shape");
    check_golden("book-samurai-9", &page);
    check_golden("book-instructions-samurai", &instructions);
}

/// Symbol sets: a Wordoku whose first row reads its word, letters, numbers 1–16 and pictures.
const SYMBOLS_BOOK: &str = r#"
title = "Golden Symbols"
seed = 4
[[section]]
title = "Wordoku"
symbols = "PLANTWISE"
word_in = "row 1"
count = 2
difficulty = "easy"
layout = "2up"
[[section]]
title = "Letters"
size = 6
symbols = "letters"
count = 2
difficulty = "easy"
layout = "2up"
[[section]]
title = "Mega"
size = 16
symbols = "1-16"
count = 1
difficulty = "easy"
layout = "1up"
[[section]]
title = "Pictures"
symbols = "pictures"
count = 2
difficulty = "easy"
layout = "2up"
[[section]]
title = "Colours"
size = 6
symbols = "colours"
count = 2
difficulty = "easy"
layout = "2up"
"#;

#[test]
fn symbol_set_pages_match_their_golden_files() {
    let files = book_files(SYMBOLS_BOOK);
    let manifest = manifest_of(&files);
    let sections = manifest["sections"].as_array().unwrap();
    let page_of = |section: usize| sections[section]["page"].as_u64().unwrap();
    check_golden("book-symbols-instructions", &page_svg(&files, 2));
    for (section, name) in ["word", "letters", "numbers", "pictures", "colours"]
        .iter()
        .enumerate()
    {
        check_golden(
            &format!("book-symbols-{name}"),
            &page_svg(&files, page_of(section)),
        );
    }
    let answers = manifest["puzzles"][0]["answer_page"].as_u64().unwrap();
    check_golden("book-symbols-answers", &page_svg(&files, answers));
    // The playable edition carries the symbols; every puzzle lists them in book.json.
    assert!(files.iter().any(|(name, _)| name == "book.html"));
    let word: Vec<&str> = manifest["puzzles"][0]["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let solution = manifest["puzzles"][0]["solution"].as_array().unwrap();
    let first_row: String = (0..9)
        .map(|i| word[solution[i].as_u64().unwrap() as usize - 1])
        .collect();
    assert_eq!(first_row, "PLANTWISE");
}

/// A book of the modern kinds: one puzzle a page of each, so every mark is drawn once.
const MODERN_BOOK: &str = r#"
title = "Golden Variety"
seed = 46
layout = "1up"
[page]
size = "a5"
[answers]
layout = "4up"
[[section]]
variant = "kropki"
count = 1
difficulty = "easy"
[[section]]
variant = "xv"
count = 1
difficulty = "easy"
[[section]]
variant = "even-odd+min-max"
count = 1
difficulty = "easy"
[[section]]
variant = "quadruple+anti-knight"
count = 1
difficulty = "easy"
"#;

#[test]
fn modern_kinds_pages_match_their_golden_files() {
    let files = book_files(MODERN_BOOK);
    let manifest = manifest_of(&files);
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let variant = puzzle["variant"].as_str().unwrap().replace('+', "-");
        let page = page_svg(&files, puzzle["page"].as_u64().unwrap());
        check_golden(&format!("book-{variant}"), &page);
    }
    check_golden("book-instructions-modern", &page_svg(&files, 2));
}
