//! The print rules a publisher's checker applies, tested on the scenes of whole books (letter with
//! 4 per page, and a 6×9 in trim with bleed and 2 per page): no text under 7 pt, no line thinner
//! than 0.3 mm, no grey lighter than 10 %, everything inside the margins, an even page count.

use std::path::Path;

use sudoku_book::book::{BookPuzzle, generate_puzzles};
use sudoku_book::fonts::FontSet;
use sudoku_book::layout::book::lay_out;
use sudoku_book::layout::check_plan;
use sudoku_book::layout::page::{PageFrame, Sheet};
use sudoku_book::render::page::page_scene;
use sudoku_book::render::scene::{Item, Paint, Scene};
use sudoku_book::spec::{BookPlan, parse};

const SECTIONS: &str = r#"
[[section]]
count = 2
difficulty = "easy"
[[section]]
variant = "diagonal"
count = 1
difficulty = "easy"
[[section]]
variant = "window"
count = 1
difficulty = "easy"
[[section]]
variant = "jigsaw"
count = 2
difficulty = "easy"
[[section]]
size = 16
count = 1
difficulty = "easy"
# A 16x16's cells stay writable (7 mm and more): one a page.
layout = "1up"
[[section]]
variant = "killer"
count = 1
layout = "1up"
"#;

fn book(head: &str) -> (BookPlan, Vec<BookPuzzle>) {
    let text = format!("{head}\n{SECTIONS}");
    let plan = parse("book.toml", &text, Path::new(".")).expect("valid spec");
    check_plan(&plan).expect("every grid fits its layout");
    let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
    (plan, puzzles)
}

fn scenes(plan: &BookPlan, puzzles: &[BookPuzzle]) -> Vec<Scene> {
    let fonts = FontSet::bundled();
    let layout = lay_out(plan, puzzles, &fonts);
    layout.pages.iter().map(page_scene).collect()
}

const SEVEN_POINTS_MM: f64 = 7.0 * 25.4 / 72.0;

/// Checks every item of every page against the rules; `inside` is the content area of page n on
/// the sheet: (left, top, right, bottom).
fn check_rules(scenes: &[Scene], inside: &dyn Fn(usize) -> (f64, f64, f64, f64)) {
    assert_eq!(scenes.len() % 2, 0, "odd page count");
    let items: usize = scenes.iter().map(|s| s.items.len()).sum();
    assert!(items > 1000, "only {items} items drawn");
    for (index, scene) in scenes.iter().enumerate() {
        let number = index + 1;
        let (left, top, right, bottom) = inside(number);
        let within = |x: f64, y: f64, what: &str| {
            let slack = 0.5;
            assert!(
                x >= left - slack && x <= right + slack && y >= top - slack && y <= bottom + slack,
                "page {number}: {what} at ({x:.1}, {y:.1}) is outside the margins"
            );
        };
        for item in &scene.items {
            match item {
                Item::Text {
                    size, text, x, y, ..
                } => {
                    assert!(
                        *size >= SEVEN_POINTS_MM - 1e-6,
                        "page {number}: '{text}' is {size:.2} mm"
                    );
                    within(*x, *y, text);
                }
                Item::Line {
                    width,
                    x1,
                    y1,
                    x2,
                    y2,
                    ..
                }
                | Item::Dashed {
                    width,
                    x1,
                    y1,
                    x2,
                    y2,
                    ..
                } => {
                    assert!(*width >= 0.3 - 1e-9, "page {number}: a line of {width} mm");
                    within(*x1, *y1, "a line");
                    within(*x2, *y2, "a line");
                }
                Item::Rect { fill, x, y, w, h } => {
                    let Paint::Grey(fill) = fill else {
                        panic!("page {number}: a colour on a book page");
                    };
                    assert!(
                        *fill <= 0.9 + 1e-9,
                        "page {number}: grey {fill} is under 10 %"
                    );
                    within(*x, *y, "a shade");
                    within(x + w, y + h, "a shade");
                }
                Item::Polygon {
                    points,
                    fill,
                    stroke,
                } => {
                    for &(x, y) in points {
                        within(x, y, "a star");
                    }
                    let paints = fill.iter().chain(stroke.iter().map(|(_, paint)| paint));
                    for paint in paints {
                        assert!(
                            matches!(paint, Paint::Grey(_)),
                            "page {number}: a colour on a book page"
                        );
                    }
                }
                Item::Fill { .. } | Item::Turned { .. } | Item::Picture { .. } => {
                    panic!("page {number}: cover items on a book page")
                }
            }
        }
    }
}

#[test]
fn a_letter_book_keeps_the_print_rules() {
    let (plan, puzzles) =
        book("title = \"Rules\"\nlayout = \"4up\"\ncontents = true\n[answers]\nlayout = \"4up\"");
    let frame = PageFrame::of(&plan.page);
    check_rules(&scenes(&plan, &puzzles), &|n| {
        let c = frame.content(n);
        (c.x, c.y, c.x + c.w, c.y + c.h)
    });
}

#[test]
fn a_bleed_book_keeps_the_print_rules_on_the_trimmed_page() {
    let head = "title = \"Rules with bleed and a long title that wraps\"\nlayout = \"2up\"\n[page]\nsize = \"kdp-6x9\"\nmargin = \"0.4in\"\nbleed = true\n[answers]\nlayout = \"2up\"\n[style]\ndiagonals = \"shaded\"";
    let (plan, puzzles) = book(head);
    let frame = PageFrame::of(&plan.page);
    let scenes = scenes(&plan, &puzzles);
    let sheet = |n| Sheet::of(&plan.page, n);
    assert!(
        scenes
            .iter()
            .all(|s| s.width == sheet(1).width && s.height == sheet(1).height)
    );
    check_rules(&scenes, &|n| {
        let c = frame.content(n);
        let (dx, dy) = sheet(n).offset();
        (c.x + dx, c.y + dy, c.x + c.w + dx, c.y + c.h + dy)
    });
}

/// Issue 11, item 5, and issue 45: large print — digits of at least 28 pt on puzzle pages and
/// 10 pt in the answer key, labels, headers and page numbers of at least 14 pt, cell lines of at
/// least 0.5 mm and box lines of at least 1.5 mm, one puzzle a page.
#[test]
fn a_large_print_book_keeps_its_sizes() {
    use sudoku_book::layout::text::Placed;
    let text = "title = \"Large\"\n[style]\nlarge_print = true\n[[section]]\ncount = 3\ndifficulty = \"easy\"\n[[section]]\nvariant = \"window\"\ncount = 2\ndifficulty = \"easy\"\n";
    let mut plan = parse("book.toml", text, Path::new(".")).expect("valid spec");
    sudoku_book::layout::settle_layouts(&mut plan);
    sudoku_book::layout::check_plan(&plan).expect("large print fits letter pages");
    assert_eq!(
        (
            plan.sections[0].layout.slots(),
            plan.sections[0].answers_layout.map(|a| a.slots())
        ),
        (1, Some(4))
    );
    let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
    let layout = lay_out(&plan, &puzzles, &FontSet::bundled());
    let first_puzzle_page = layout.placement.section_pages[0];
    let pt = |mm: f64| mm / (25.4 / 72.0);
    let mut grids = 0;
    for page in layout
        .pages
        .iter()
        .filter(|p| p.number >= first_puzzle_page)
    {
        for item in &page.items {
            match item {
                Placed::Text(line) | Placed::Turned(line) => assert!(
                    pt(line.size) >= 13.99,
                    "{:.1} pt: {}",
                    pt(line.size),
                    line.text
                ),
                Placed::Grid(grid) => {
                    grids += 1;
                    let digit = pt(grid.at.w / grid.geometry.size() as f64 * 0.62);
                    if grid.solution.is_some() {
                        assert!(digit >= 10.0, "key digits {digit:.1} pt");
                    } else {
                        let digit = digit * grid.style.digit_scale;
                        assert!(digit >= 28.0, "digits {digit:.1} pt");
                        assert!(grid.style.thin >= 0.5 && grid.style.thick >= 1.5);
                    }
                }
                Placed::Glyph { size, .. } => {
                    assert!(pt(*size) >= 13.99, "{:.1} pt glyph", pt(*size))
                }
                Placed::Rule { .. }
                | Placed::Fill { .. }
                | Placed::Picture { .. }
                | Placed::Shape { .. } => {}
            }
        }
    }
    assert_eq!(grids, 10, "5 puzzles and 5 answers");
}

/// Issue 21, item 3, and issue 45: large print runs through the whole book — every text of
/// every page at 14 pt or more, a letter page's walkthrough pencil marks included; the
/// instructions' diagram keeps lines in proportion to its small cells.
#[test]
fn a_large_print_book_is_large_on_every_page() {
    use sudoku_book::layout::text::Placed;
    let text = "title = \"Large Print Sudoku\"\nsubtitle = \"Big grids\"\nauthor = \"A. Writer\"\ncontents = true\nbelongs_to = true\n[copyright]\ntext = \"All puzzles checked.\"\nyear = 2026\n[style]\nlarge_print = true\n[[section]]\ncount = 2\ndifficulty = \"medium\"\nwalkthrough = true\n";
    let mut plan = parse("book.toml", text, Path::new(".")).expect("valid spec");
    sudoku_book::layout::settle_layouts(&mut plan);
    let puzzles = generate_puzzles(&plan, &|_| {}).expect("puzzles");
    let layout = lay_out(&plan, &puzzles, &FontSet::bundled());
    let first_puzzle = layout.placement.puzzle_pages[0];
    let pt = |mm: f64| mm / sudoku_book::units::MM_PER_POINT;
    for page in &layout.pages {
        for item in &page.items {
            match item {
                Placed::Text(line) => {
                    let size = pt(line.size);
                    assert!(
                        size >= 13.99,
                        "page {}: {size:.1} pt: {}",
                        page.number,
                        line.text
                    );
                }
                Placed::Grid(grid) if page.number < first_puzzle => {
                    let cell = grid.at.w / grid.geometry.size() as f64;
                    assert!(
                        grid.style.thick <= cell * 0.25,
                        "page {}: {} mm lines on {cell:.1} mm cells",
                        page.number,
                        grid.style.thick
                    );
                }
                _ => {}
            }
        }
    }
}
