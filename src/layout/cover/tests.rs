//! Tests of the cover: the sheet size against KDP's formula worked by hand, and text kept in
//! the safe zones, off the barcode area and off a thin spine.

use std::path::Path;

use super::*;
use crate::layout::text::TextLine;

const IN: f64 = MM_PER_INCH;

fn plan(extra: &str) -> BookPlan {
    plan_on("kdp-6x9", extra, "")
}

/// A spec on a trim with `extra` in its `[cover]` table and `style` in its `[style]`.
fn plan_on(size: &str, extra: &str, style: &str) -> BookPlan {
    let text = format!(
        "title = \"Cover Test\"\nsubtitle = \"Puzzles\"\nauthor = \"A. Writer\"\n[page]\nsize = \"{size}\"\n[style]\n{style}\n[cover]\n{extra}\n[[section]]\ncount = 1\n"
    );
    crate::spec::parse("book.toml", &text, Path::new(".")).expect("a valid spec")
}

fn cover(plan: &BookPlan, pages: usize) -> CoverLayout {
    let fonts = FontSet::bundled();
    let spec = plan.cover.as_ref().expect("a [cover] table");
    lay_out_cover(plan, spec, pages, &fonts, &CoverFacts::placeholder(plan))
}

#[test]
fn the_spine_and_the_sheet_follow_kdps_formula() {
    // (paper, pages, spine in inches worked by hand)
    let cases = [
        (Paper::White, 100, 0.2252),
        (Paper::White, 24, 0.054048),
        (Paper::White, 300, 0.6756),
        (Paper::Cream, 100, 0.25),
        (Paper::Cream, 828, 2.07),
        (Paper::Color, 100, 0.2347),
        (Paper::Color, 250, 0.58675),
    ];
    let page = plan("").page;
    for (paper, pages, spine_in) in cases {
        let spine = spine_width(paper, pages);
        assert!((spine - spine_in * IN).abs() < 1e-9, "{paper:?} {pages}");
        let sheet = CoverGeometry::new(&page, paper, pages).sheet();
        let width_in = 2.0 * 6.0 + spine_in + 2.0 * 0.125;
        assert!(
            (sheet.width - width_in * IN).abs() < 1e-9,
            "{paper:?} {pages}"
        );
        assert!((sheet.height - (9.0 + 0.25) * IN).abs() < 1e-9);
    }
}

#[test]
fn one_hundred_white_pages_on_6x9_make_a_12_475_inch_sheet() {
    let sheet = CoverGeometry::new(&plan("").page, Paper::White, 100).sheet();
    assert!(
        (sheet.width / IN - 12.4752).abs() < 1e-9,
        "{}",
        sheet.width / IN
    );
    let trim = sheet.trim.expect("a trim box");
    assert!((trim.x - 0.125 * IN).abs() < 1e-9);
    assert!((trim.w - 12.2252 * IN).abs() < 1e-9);
}

#[test]
fn the_paper_key_picks_the_paper() {
    assert_eq!(plan("").cover.unwrap().paper, Paper::White);
    assert_eq!(plan("paper = \"cream\"").cover.unwrap().paper, Paper::Cream);
    assert_eq!(plan("paper = \"color\"").cover.unwrap().paper, Paper::Color);
}

fn lines(layout: &CoverLayout) -> Vec<(&TextLine, bool)> {
    let mut out = Vec::new();
    for item in &layout.page.items {
        match item {
            Placed::Text(line) => out.push((line, false)),
            Placed::Turned(line) => out.push((line, true)),
            _ => {}
        }
    }
    out
}

/// The box a line's ink may cover (generously: full ascent and descent).
fn ink_box(line: &TextLine, width: f64, turned: bool) -> Rect {
    let lead = match line.anchor {
        Anchor::Start => 0.0,
        Anchor::Middle => width / 2.0,
        Anchor::End => width,
    };
    let (up, down) = (0.75 * line.size, 0.25 * line.size);
    if turned {
        Rect {
            x: line.x - down,
            y: line.y - lead,
            w: up + down,
            h: width,
        }
    } else {
        Rect {
            x: line.x - lead,
            y: line.y - up,
            w: width,
            h: up + down,
        }
    }
}

fn inside(inner: Rect, outer: Rect) -> bool {
    let e = 1e-6;
    inner.x >= outer.x - e
        && inner.y >= outer.y - e
        && inner.x + inner.w <= outer.x + outer.w + e
        && inner.y + inner.h <= outer.y + outer.h + e
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

#[test]
fn every_text_stays_in_a_safe_zone_and_off_the_barcode() {
    let long = "A long back text that wraps over several lines. ".repeat(12);
    for theme in crate::spec::Theme::NAMES {
        for size in ["kdp-5x8", "kdp-6x9", "kdp-8.5x11"] {
            for style in ["", "large_print = true"] {
                let extra = format!("theme = \"{theme}\"\nback_text = \"{long}\"");
                let plan = plan_on(size, &extra, style);
                texts_in_safe_zones(&plan, 400, &format!("{theme} {size} {style}"));
                texts_in_safe_zones(&plan, 24, &format!("{theme} {size} {style} thin"));
            }
        }
    }
}

/// Every text of the cover of a book of `pages` pages is in a safe zone, off the barcode, and
/// no smaller than 7 pt; the spine has its two texts when it is thick.
fn texts_in_safe_zones(plan: &BookPlan, pages: usize, what: &str) {
    let fonts = FontSet::bundled();
    let layout = cover(plan, pages);
    let geometry = CoverGeometry::new(&plan.page, Paper::White, pages);
    let zones = [
        inset(geometry.back(), PANEL_SAFE),
        inset(geometry.front(), PANEL_SAFE),
        geometry.spine_safe(),
    ];
    assert!(layout.misfits.is_empty(), "{what}: {:?}", layout.misfits);
    let placed = lines(&layout);
    let spine = if pages >= MIN_SPINE_TEXT_PAGES { 2 } else { 0 };
    assert_eq!(
        placed.iter().filter(|(_, turned)| *turned).count(),
        spine,
        "{what}"
    );
    for (line, turned) in placed {
        let width = fonts.face(line.bold).width(&line.text, line.size);
        let ink = ink_box(line, width, turned);
        assert!(
            line.size >= 7.0 * crate::units::MM_PER_POINT - 1e-9,
            "{what}"
        );
        assert!(
            zones.iter().any(|z| inside(ink, *z)),
            "{what}: {}",
            line.text
        );
        assert!(!overlaps(ink, geometry.barcode()), "{what}: {}", line.text);
    }
}

#[test]
fn a_thin_book_has_no_spine_text_and_a_spine_too_thin_for_7_pt_is_noted() {
    let plan = plan("");
    let thin = cover(&plan, 78);
    assert!(lines(&thin).iter().all(|(_, turned)| !turned));
    assert_eq!(
        thin.notes,
        [
            "the spine is left blank: KDP prints spine text only on books of 79 pages or more, and this one has 78"
        ]
    );
    let narrow = cover(&plan, 80);
    assert!(lines(&narrow).iter().all(|(_, turned)| !turned));
    assert!(narrow.notes[0].contains("left blank"), "{:?}", narrow.notes);
    let thick = cover(&plan, 200);
    assert_eq!(lines(&thick).iter().filter(|(_, t)| *t).count(), 2);
}

#[test]
fn a_title_too_long_for_the_front_is_a_misfit_at_its_key() {
    let word = "Supercalifragilisticexpialidocious".repeat(3);
    let text = format!(
        "title = \"{word}\"\n[page]\nsize = \"kdp-5x8\"\n[cover]\n[[section]]\ncount = 1\n"
    );
    let plan = crate::spec::parse("book.toml", &text, Path::new(".")).unwrap();
    let layout = cover(&plan, 100);
    assert_eq!(layout.misfits.len(), 1);
    assert_eq!(layout.misfits[0].key, "title");
    assert_eq!(layout.misfits[0].position, Some((1, 9)));
}

#[test]
fn a_dark_background_fills_the_sheet_and_turns_the_text_white() {
    let plan = plan("background = \"#1d3557\"");
    let layout = cover(&plan, 100);
    let Some(Placed::Fill { at, colour }) = layout.page.items.first() else {
        panic!("no background fill");
    };
    assert_eq!(*colour, [0x1d, 0x35, 0x57]);
    assert!((at.w - layout.page.sheet.width).abs() < 1e-9);
    let title = lines(&layout)
        .into_iter()
        .find(|(line, _)| line.text == "Cover Test")
        .map(|(line, _)| line.paint);
    assert_eq!(title, Some(Paint::Rgb(palette::WHITE)));
}
