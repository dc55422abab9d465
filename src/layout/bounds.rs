//! Where the laid-out text of a page really is: the box of every line, measured with the book's
//! fonts, checked against the page's margins — the preflight's proof, from the pieces the
//! renderer will draw, that no text runs off the page, whatever the layout meant to do.

use super::book::Page;
use super::page::{PageFrame, Rect};
use super::text::{Anchor, Placed, TextLine, Typesetter};
use crate::grid::text::shown_text;

/// How far a line may reach past the margin, in millimetres (rounding, and the overhang of
/// italic and round glyphs).
const TOLERANCE: f64 = 0.5;
/// The part of the size above the baseline that capitals and ascenders reach.
const ASCENT: f64 = 0.75;

/// The first line of text, in page order, that leaves its page's content area (the trim less
/// the margins), said for a person: `page 7: 'How to play …' runs 12.3 mm past the right
/// margin`. `None` when every line is inside.
pub fn first_text_outside(pages: &[Page], frame: &PageFrame, set: &Typesetter) -> Option<String> {
    pages.iter().find_map(|page| {
        let area = frame.content(page.number);
        page.items.iter().find_map(|item| match item {
            Placed::Text(line) => outside(line, area, set)
                .map(|how| format!("page {}: {} {how}", page.number, shown_text(&line.text))),
            _ => None,
        })
    })
}

/// How a line leaves the area, if it does: the largest overrun, with its side.
fn outside(line: &TextLine, area: Rect, set: &Typesetter) -> Option<String> {
    let font = super::text::Font {
        points: crate::units::Mm(line.size).to_pt().0,
        bold: line.bold,
    };
    let width = set.width(&line.text, font);
    let left = match line.anchor {
        Anchor::Start => line.x,
        Anchor::Middle => line.x - width / 2.0,
        Anchor::End => line.x - width,
    };
    let overruns = [
        (area.x - left, "past the left margin"),
        (left + width - (area.x + area.w), "past the right margin"),
        (
            area.y - (line.y - ASCENT * line.size),
            "above the top margin",
        ),
        (line.y - (area.y + area.h), "below the bottom margin"),
    ];
    let (by, side) = overruns.into_iter().max_by(|a, b| a.0.total_cmp(&b.0))?;
    (by > TOLERANCE).then(|| format!("runs {by:.1} mm {side}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fonts::FontSet;
    use crate::layout::text::Font;

    fn frame() -> PageFrame {
        PageFrame {
            width: 150.0,
            height: 200.0,
            margin: 10.0,
            gutter: 10.0,
        }
    }

    #[test]
    fn a_line_past_the_right_margin_is_found_and_measured() {
        let fonts = FontSet::bundled();
        let set = Typesetter { fonts: &fonts };
        let area = frame().content(1);
        let font = Font::regular(10.0);
        let fits = set.line(area.x, area.y + 10.0, font, Anchor::Start, "How to play");
        let long = "How to play ".repeat(20);
        let wide = set.line(area.x, area.y + 20.0, font, Anchor::Start, &long);
        let page = Page::with_items(1, vec![fits.clone()]);
        assert_eq!(first_text_outside(&[page], &frame(), &set), None);
        let page = Page::with_items(1, vec![fits, wide]);
        let found = first_text_outside(&[page], &frame(), &set).unwrap();
        assert!(found.starts_with("page 1: 'How to play"), "{found}");
        assert!(found.contains("mm past the right margin"), "{found}");
    }

    #[test]
    fn a_line_below_the_page_is_found() {
        let fonts = FontSet::bundled();
        let set = Typesetter { fonts: &fonts };
        let area = frame().content(2);
        let low = set.line(
            area.x,
            area.y + area.h + 30.0,
            Font::regular(10.0),
            Anchor::Start,
            "x",
        );
        let found = first_text_outside(&[Page::with_items(2, vec![low])], &frame(), &set);
        assert_eq!(
            found.as_deref(),
            Some("page 2: 'x' runs 30.0 mm below the bottom margin")
        );
    }
}
