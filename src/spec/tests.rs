//! Tests of the book spec: defaults, every value, and one test per kind of mistake, each checking
//! the message, the key and the line and column.

use super::*;

const MINIMAL: &str = "title = \"My Book\"\n\n[[section]]\ncount = 4\n";

fn check(text: &str) -> Result<BookPlan, SpecError> {
    parse(
        "book.toml",
        text,
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("config")
            .as_path(),
    )
}

fn error(text: &str) -> String {
    check(text).unwrap_err().to_string()
}

#[test]
fn minimal_spec_gets_defaults() {
    let plan = check(MINIMAL).unwrap();
    assert_eq!(plan.title, "My Book");
    assert_eq!(plan.seed, super::seed_from_title("My Book"));
    assert_eq!(plan.page.width.0, 215.9);
    assert!((plan.page.margin.0 - 12.7).abs() < 1e-9);
    assert_eq!(plan.layout.slots(), 4);
    assert_eq!(plan.answers.map(|a| a.slots()), Some(9));
    assert!(plan.page_numbers);
    assert_eq!(plan.sections.len(), 1);
    assert_eq!(plan.sections[0].count, 4);
    assert_eq!(plan.sections[0].title, "Classic 9×9");
    assert_eq!(plan.sections[0].request.symmetry, Symmetry::Rotate180);
}

#[test]
fn the_shipped_example_is_valid() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/book.toml");
    let plan = load(&path).unwrap();
    assert!(plan.sections.len() >= 4);
    let variants: Vec<String> = plan
        .sections
        .iter()
        .map(|s| s.request.variant.name())
        .collect();
    for wanted in ["classic", "diagonal", "window", "jigsaw"] {
        assert!(variants.iter().any(|v| v == wanted), "{variants:?}");
    }
}

#[test]
fn every_key_is_read() {
    let text = r#"
title = "T"
subtitle = "S"
author = "A"
seed = 42
instructions = "Have fun."
layout = "2up"
page_numbers = false
header = "Puzzles"
contents = true

[page]
size = "kdp-6x9"
margin = "0.5in"
gutter = "20mm"
bleed = true

[answers]
layout = "9up"

[style]
diagonals = "shaded"
window_shade = 0.3

[[section]]
title = "Hard X"
variant = "diagonal"
size = 9
box = "3x3"
count = 2
difficulty = "hard"
symmetry = "mirror"
givens = 30

[[section]]
variant = "classic"
size = 6
count = 3
score = "2.0..3.0"
"#;
    let plan = check(text).unwrap();
    assert_eq!(plan.seed, 42);
    assert_eq!(plan.page.width.0, 152.4);
    assert!(plan.page.bleed);
    assert_eq!(plan.page.gutter.0, 20.0);
    assert_eq!(plan.layout.slots(), 2);
    assert_eq!(plan.answers.map(|a| a.slots()), Some(9));
    assert_eq!(plan.style.diagonals, DiagonalStyle::Shaded);
    assert!(plan.contents && !plan.page_numbers);
    assert_eq!(plan.sections[0].request.target, Target::Level(Level::Hard));
    assert_eq!(plan.sections[0].request.givens, Some(30));
    assert_eq!(
        plan.sections[1].request.target,
        Target::Score { min: 2.0, max: 3.0 }
    );
    assert_eq!(plan.sections[1].title, "Classic 6×6 — score 2.0 to 3.0");
}

#[test]
fn answers_can_be_left_out() {
    let plan = check(&format!("{MINIMAL}\n[answers]\ninclude = false\n")).unwrap();
    assert!(plan.answers.is_none());
}

#[test]
fn unknown_key_suggests_the_right_one() {
    let message = error("titel = \"x\"\n[[section]]\ncount = 1\n");
    assert!(
        message.starts_with("book.toml:1:1: unknown field `titel`"),
        "{message}"
    );
    assert!(message.contains("did you mean `title`?"), "{message}");
    let message = error("title = \"x\"\n[[section]]\ncuont = 1\n");
    assert!(message.starts_with("book.toml:3:1:"), "{message}");
    assert!(message.contains("did you mean `count`?"), "{message}");
}

#[test]
fn wrong_type_is_located() {
    let message = error("title = \"x\"\n[[section]]\ncount = \"four\"\n");
    assert!(message.starts_with("book.toml:3:9:"), "{message}");
    assert!(
        message.contains("invalid type: string \"four\""),
        "{message}"
    );
}

#[test]
fn syntax_error_is_located() {
    let message = error("title = \"x\n");
    assert!(message.starts_with("book.toml:1:"), "{message}");
}

#[test]
fn zero_count_is_refused() {
    let message = error("title = \"x\"\n[[section]]\ncount = 0\n");
    assert_eq!(
        message,
        "book.toml:3:9: section[1].count: 0 puzzles is out of range: use 1 to 10000"
    );
}

#[test]
fn a_billion_puzzles_are_refused_at_once() {
    let message = error("title = \"x\"\n[[section]]\ncount = 1000000000\n");
    assert!(
        message.starts_with("book.toml:3:9: section[1].count: 1000000000 puzzles is out of range"),
        "{message}"
    );
    let two = "title = \"x\"\n[[section]]\ncount = 6000\n[[section]]\ncount = 6000\n";
    let message = error(two);
    assert!(
        message.starts_with("book.toml:5:9: section[2].count: the book would hold 12000 puzzles"),
        "{message}"
    );
}

#[test]
fn numbers_out_of_range_are_refused_at_their_key() {
    let cases = [
        (
            "givens = 1000",
            "section[1].givens: 1000 givens is out of range",
        ),
        (
            "attempts = 0",
            "section[1].attempts: 0 attempts is out of range",
        ),
        (
            "score = \"inf..inf\"",
            "section[1].score: 'inf..inf' is not a score range",
        ),
        ("box = \"3x4\"", "section[1].box: 3x4 boxes do not tile"),
    ];
    for (line, expected) in cases {
        let message = error(&format!("title = \"x\"\n[[section]]\ncount = 1\n{line}\n"));
        assert!(message.starts_with("book.toml:4:"), "{message}");
        assert!(message.contains(expected), "{line}: {message}");
    }
}

#[test]
fn a_page_needs_a_size_or_both_width_and_height() {
    let head = "title = \"x\"\n[[section]]\ncount = 1\n[page]\n";
    let message = error(&format!("{head}width = 100\n"));
    assert!(
        message.contains("page.height: a custom page needs width and height"),
        "{message}"
    );
    let message = error(&format!("{head}height = 100\n"));
    assert!(
        message.contains("page.width: a custom page needs width and height"),
        "{message}"
    );
    let message = error(&format!("{head}size = \"a4\"\nwidth = 100\n"));
    assert!(
        message.contains("page.size: give a named size or width and height, not both"),
        "{message}"
    );
    assert!(check(&format!("{head}width = 150\nheight = 200\n")).is_ok());
}

#[test]
fn attempts_are_read() {
    let plan = check("title = \"x\"\n[[section]]\ncount = 1\nattempts = 5000\n").unwrap();
    assert_eq!(plan.sections[0].request.attempts, Some(5000));
}

#[test]
fn impossible_sizes_and_variants_are_refused() {
    let message = error("title = \"x\"\n[[section]]\nsize = 7\ncount = 1\n");
    assert!(
        message.starts_with("book.toml:3:8: section[1].size: size 7 has no box shape"),
        "{message}"
    );
    let message = error("title = \"x\"\n[[section]]\nvariant = \"window\"\nsize = 6\ncount = 1\n");
    assert!(
        message.contains("section[1].size: the window variant needs square boxes"),
        "{message}"
    );
    let message =
        error("title = \"x\"\n[[section]]\nvariant = \"jigsaw\"\nsize = 1000000000\ncount = 1\n");
    assert!(
        message.contains("section[1].size: size 1000000000 is not supported"),
        "{message}"
    );
    let message = error("title = \"x\"\n[[section]]\nvariant = \"hyperx\"\ncount = 1\n");
    assert!(
        message.starts_with("book.toml:3:11: section[1].variant: unknown variant"),
        "{message}"
    );
}

#[test]
fn margins_must_fit_and_respect_the_print_minimum() {
    let message = error(&format!("{MINIMAL}[page]\nmargin = \"5in\"\n"));
    assert!(
        message.contains("page.margin: margins of 127.0 mm"),
        "{message}"
    );
    assert!(message.contains("leave less than 50 mm"), "{message}");
    let message = error(&format!("{MINIMAL}[page]\nmargin = \"2mm\"\n"));
    assert!(message.contains("below the print minimum"), "{message}");
    let message = error(&format!("{MINIMAL}[page]\nmargin = \"2 furlongs\"\n"));
    assert!(message.contains("is not a length"), "{message}");
}

#[test]
fn unknown_page_size_suggests_one() {
    let message = error(&format!("{MINIMAL}[page]\nsize = \"leter\"\n"));
    assert!(
        message.starts_with("book.toml:6:8: page.size: unknown page size 'leter'"),
        "{message}"
    );
    assert!(message.contains("did you mean 'letter'?"), "{message}");
}

#[test]
fn missing_layout_and_font_are_reported() {
    let message = error(&format!("layout = \"5up\"\n{MINIMAL}"));
    assert!(
        message.starts_with("book.toml:1:10: layout: no layout named '5up'"),
        "{message}"
    );
    let message = error(&format!("font = \"fonts/Missing.ttf\"\n{MINIMAL}"));
    assert!(
        message.contains("font: cannot read the font file"),
        "{message}"
    );
    assert!(message.contains("No such file"), "{message}");
}

#[test]
fn difficulty_and_score_mistakes() {
    let message = error("title = \"x\"\n[[section]]\ncount = 1\ndifficulty = \"insane\"\n");
    assert!(
        message.contains("section[1].difficulty: unknown level 'insane'"),
        "{message}"
    );
    let message = error("title = \"x\"\n[[section]]\ncount = 1\nscore = \"5..2\"\n");
    assert!(
        message.contains("section[1].score: '5..2' is not a score range"),
        "{message}"
    );
    let both = "title = \"x\"\n[[section]]\ncount = 1\ndifficulty = \"easy\"\nscore = \"1..2\"\n";
    assert!(error(both).contains("not both"));
}

#[test]
fn a_book_needs_sections() {
    assert!(error("title = \"x\"\n").contains("no [[section]]"));
}

#[test]
fn messages_never_echo_control_characters_or_huge_keys() {
    let message = error("title = \"x\"\nlayout = \"4up\\t\\u0000\"\n[[section]]\ncount = 1\n");
    assert!(!message.chars().any(char::is_control), "{message:?}");
    assert!(message.contains("\\u{9}"), "{message}");
    let long_key = "k".repeat(3000);
    let message = error(&format!(
        "title = \"x\"\n{long_key} = 1\n[[section]]\ncount = 1\n"
    ));
    assert!(message.len() < 500, "{} bytes", message.len());
}

#[test]
fn kdp_trims_pick_the_gutter_from_the_page_count() {
    let plan =
        check("title = \"x\"\n[page]\nsize = \"kdp-6x9\"\n[[section]]\ncount = 1\n").unwrap();
    assert!(plan.page.kdp && plan.page.gutter_auto);
    let plan = check("title = \"x\"\n[page]\nsize = \"a4\"\n[[section]]\ncount = 1\n").unwrap();
    assert!(!plan.page.kdp && !plan.page.gutter_auto);
    let text = "title = \"x\"\n[page]\nsize = \"a4\"\nkdp = true\ngutter = \"auto\"\n[[section]]\ncount = 1\n";
    let plan = check(text).unwrap();
    assert!(plan.page.kdp && plan.page.gutter_auto);
    let fixed =
        "title = \"x\"\n[page]\nsize = \"kdp-6x9\"\ngutter = \"0.5in\"\n[[section]]\ncount = 1\n";
    assert!(!check(fixed).unwrap().page.gutter_auto);
}

#[test]
fn a_gutter_of_zero_is_refused() {
    let message = error("title = \"x\"\n[page]\ngutter = 0\n[[section]]\ncount = 1\n");
    assert!(
        message.starts_with("book.toml:3:10: page.gutter: 0.0 mm is below the print minimum"),
        "{message}"
    );
}

#[test]
fn kdp_books_with_bleed_need_wider_margins() {
    let text = "title = \"x\"\n[page]\nsize = \"kdp-6x9\"\nbleed = true\nmargin = \"0.3in\"\n[[section]]\ncount = 1\n";
    let message = error(text);
    assert!(
        message.contains("page.margin: 7.6 mm is below KDP's minimum"),
        "{message}"
    );
    let wide = text.replace("0.3in", "0.375in");
    assert!(check(&wide).is_ok());
}

#[test]
fn large_print_defaults_to_two_puzzles_and_four_answers_a_page() {
    let plan =
        check("title = \"x\"\n[style]\nlarge_print = true\n[[section]]\ncount = 1\n").unwrap();
    assert!(plan.style.large_print);
    assert_eq!(plan.layout.slots(), 2);
    assert_eq!(plan.answers.map(|a| a.slots()), Some(4));
    let own =
        "title = \"x\"\nlayout = \"1up\"\n[style]\nlarge_print = true\n[[section]]\ncount = 1\n";
    assert_eq!(check(own).unwrap().layout.slots(), 1);
}

#[test]
fn cover_keys_are_checked_and_located() {
    let cover = |body: &str| format!("title = \"T\"\n[cover]\n{body}\n[[section]]\ncount = 1\n");
    assert!(check(MINIMAL).unwrap().cover.is_none());
    let plan = check(&cover("back_text = \"Back\"")).unwrap();
    let spec = plan.cover.unwrap();
    assert_eq!(spec.paper, Paper::White);
    assert_eq!(spec.back_text.as_deref(), Some("Back"));
    assert_eq!(spec.origin.back_text, Some((3, 13)));
    assert_eq!(spec.origin.title, Some((1, 9)));
    assert_eq!(
        error(&cover("paper = \"craem\"")),
        "book.toml:3:9: cover.paper: unknown paper 'craem' (did you mean 'cream'?): use white, cream, color"
    );
    assert!(
        error(&cover("background = \"navy\""))
            .starts_with("book.toml:3:14: cover.background: 'navy' is not a colour")
    );
    assert!(error(&cover("spine = true")).contains("unknown field `spine`"));
}

#[test]
fn sections_have_their_own_layouts_answers_and_order() {
    let text = "title = \"x\"\n[[section]]\ncount = 1\nlayout = \"1up\"\nanswers_layout = \"4up\"\nanswers = \"after-section\"\nsort = \"difficulty\"\n[[section]]\ncount = 1\n";
    let plan = check(text).unwrap();
    let (own, plain) = (&plan.sections[0], &plan.sections[1]);
    assert_eq!(own.layout.slots(), 1);
    assert_eq!(own.answers_layout.map(|l| l.slots()), Some(4));
    assert!(own.answers_after && own.sort_by_difficulty);
    assert_eq!(own.layout_at, Some((4, 10)));
    assert_eq!(plain.layout.slots(), 4);
    assert_eq!(plain.answers_layout.map(|l| l.slots()), Some(9));
    assert!(!plain.answers_after && !plain.sort_by_difficulty);
    let bad = "title = \"x\"\n[[section]]\ncount = 1\nanswers = \"front\"\n";
    assert!(error(bad).starts_with("book.toml:4:11: section[1].answers: 'front' is not a place"));
    let bad = "title = \"x\"\n[[section]]\ncount = 1\nsort = \"size\"\n";
    assert!(error(bad).starts_with("book.toml:4:8: section[1].sort: 'size' is not a sort order"));
    let none = "title = \"x\"\n[answers]\ninclude = false\n[[section]]\ncount = 1\nanswers_layout = \"4up\"\n";
    assert!(
        error(none)
            .starts_with("book.toml:6:18: section[1].answers_layout: the book has no answers"),
        "{}",
        error(none)
    );
}

#[test]
fn multi_grid_sections_take_their_own_layouts_unless_the_spec_sets_them() {
    let mixed = "title = \"x\"\n[[section]]\ncount = 1\n[[section]]\nvariant = \"samurai\"\ncount = 1\ndifficulty = \"hard\"\n";
    let plan = check(mixed).unwrap();
    let slots = |s: &SectionPlan| (s.layout.slots(), s.answers_layout.map(|a| a.slots()));
    assert_eq!(slots(&plan.sections[0]), (4, Some(9)));
    assert_eq!(slots(&plan.sections[1]), (1, Some(2)));
    assert_eq!(plan.sections[1].title, "Samurai — hard");
    let set = mixed.replace(
        "title = \"x\"\n",
        "title = \"x\"\nlayout = \"2up\"\n[answers]\nlayout = \"4up\"\n",
    );
    let plan = check(&set).unwrap();
    assert_eq!(slots(&plan.sections[1]), (2, Some(4)));
    let own = mixed.replace("difficulty", "layout = \"2up\"\ndifficulty");
    assert_eq!(slots(&check(&own).unwrap().sections[1]), (2, Some(2)));
}

#[test]
fn a_spec_without_a_seed_gets_one_from_its_title() {
    let a = check("title = \"Sudoku for the Road\"\n[[section]]\ncount = 1\n").unwrap();
    let b = check("title = \"Sudoku for Every Day\"\n[[section]]\ncount = 1\n").unwrap();
    assert_ne!(a.seed, b.seed);
    assert_eq!(a.seed, super::seed_from_title("Sudoku for the Road"));
    // Fixed forever: a book built again without a seed is the same book.
    assert_eq!(
        super::seed_from_title(""),
        crate::generate::rng::splitmix64(0xcbf2_9ce4_8422_2325)
    );
    let set = check("title = \"Sudoku for the Road\"\nseed = 7\n[[section]]\ncount = 1\n").unwrap();
    assert_eq!(set.seed, 7);
}
