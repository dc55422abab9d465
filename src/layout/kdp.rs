//! KDP's print rules for a laid-out book: the page count (24 to 828, short books padded with
//! Notes pages), the inside margin (gutter) the page count asks for, the outside margins (wider
//! with bleed), and no more than two blank pages in a row. The preflight lists every rule with
//! pass or fail; a KDP book that fails one is not written.

use std::fmt;

use super::book::{Context, Page};
use super::fit;
use super::page::PageFrame;
use super::page::Rect;
use super::text::{Anchor, Placed, Typesetter};
use crate::grid::text::counted;
use crate::spec::BookPlan;
use crate::units::Mm;

/// The fewest pages KDP prints.
pub const MIN_PAGES: usize = 24;
/// The most pages KDP prints (white paper).
pub const MAX_PAGES: usize = 828;
/// The most blank pages in a row KDP accepts.
pub const MAX_BLANK_RUN: usize = 2;

/// KDP's inside margin for a page count: 0.375 in up to 150 pages, 0.5 in to 300, 0.625 in to
/// 500, 0.75 in to 700, 0.875 in above.
pub fn required_gutter(pages: usize) -> Mm {
    let inches = match pages {
        ..=150 => 0.375,
        151..=300 => 0.5,
        301..=500 => 0.625,
        501..=700 => 0.75,
        _ => 0.875,
    };
    Mm::from_inches(inches)
}

/// The least outside margin: 0.25 in, or 0.375 in with bleed.
pub fn required_margin(bleed: bool) -> Mm {
    Mm::from_inches(if bleed { 0.375 } else { 0.25 })
}

/// Distance between the writing lines of a Notes page, in millimetres.
const NOTES_LINE_GAP: f64 = 9.0;

/// A Notes page: the heading and ruled lines for writing, inside the margins.
pub fn notes_page(ctx: &Context, number: usize) -> Page {
    let area = ctx.frame.content(number);
    let heading = fit::notes_heading_box(ctx.plan, &ctx.frame)
        .fit_or_floor(&ctx.set, ctx.plan.strings.get("notes"));
    let text = heading.lines.first().map_or("", String::as_str);
    let mut items = vec![
        ctx.set
            .line(area.x, area.y + 7.0, heading.font, Anchor::Start, text),
    ];
    let bottom = area.y + area.h - super::page::FOOTER_BAND;
    let mut y = area.y + 9.5 + NOTES_LINE_GAP;
    while y <= bottom {
        items.push(rule_across(area, y));
        y += NOTES_LINE_GAP;
    }
    Page::with_items(number, items)
}

fn rule_across(area: Rect, y: f64) -> Placed {
    Placed::Rule {
        x1: area.x,
        y1: y,
        x2: area.x + area.w,
        y2: y,
        width: 0.3,
    }
}

/// One rule of the preflight and how the book fared.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    pub rule: String,
    pub pass: bool,
    /// What was found.
    pub found: String,
}

/// Every rule of the preflight.
#[derive(Debug, Clone, PartialEq)]
pub struct Preflight {
    /// KDP's rules apply to this book.
    pub kdp: bool,
    pub checks: Vec<Check>,
    /// How many ruled Notes pages fill the book to KDP's minimum page count.
    pub notes_pages: usize,
}

impl Preflight {
    /// True when every rule passed.
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.pass)
    }

    /// True when every text of the book is on its page (the rule no book may fail).
    pub fn text_inside(&self) -> bool {
        self.checks.iter().all(|c| c.pass || c.rule != TEXT_RULE)
    }

    /// What the failures break, for a message: KDP's print rules, or the book's own.
    pub fn breaks(&self) -> &'static str {
        if self.kdp {
            "the book breaks KDP's print rules"
        } else {
            "the book breaks a print rule"
        }
    }

    /// The rules that failed, for a message.
    pub fn failures(&self) -> Vec<String> {
        let failed = self.checks.iter().filter(|c| !c.pass);
        failed
            .map(|c| format!("{} ({})", c.rule, c.found))
            .collect()
    }
}

impl fmt::Display for Preflight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.kdp {
            "KDP preflight"
        } else {
            "preflight"
        };
        writeln!(f, "{kind}:")?;
        for check in &self.checks {
            let mark = if check.pass { "pass" } else { "FAIL" };
            writeln!(f, "  {mark}  {}: {}", check.rule, check.found)?;
        }
        Ok(())
    }
}

/// The rule every book must pass, KDP's or not: a book with text off its page is not written.
pub const TEXT_RULE: &str = "every text inside the margins";

/// What a laid-out book is checked with: its pages (after padding), the frame they were laid
/// out in, the fonts that measure their text, the gutter used and how many Notes pages were
/// added.
pub struct Laid<'a> {
    pub pages: &'a [Page],
    pub frame: &'a PageFrame,
    pub set: &'a Typesetter<'a>,
    pub gutter: Mm,
    pub notes: usize,
}

/// Checks a laid-out book.
pub fn preflight(plan: &BookPlan, laid: &Laid) -> Preflight {
    let (pages, gutter, notes) = (laid.pages, laid.gutter, laid.notes);
    let count = pages.len();
    let mut checks = Vec::new();
    let check = |rule: String, pass: bool, found: String| Check { rule, pass, found };
    if plan.page.kdp {
        let padded = match notes {
            0 => String::new(),
            n => format!(" ({} added)", counted(n, "Notes page")),
        };
        checks.push(check(
            format!("page count {MIN_PAGES} to {MAX_PAGES}"),
            (MIN_PAGES..=MAX_PAGES).contains(&count),
            format!("{count} pages{padded}"),
        ));
        let wanted = required_gutter(count);
        checks.push(check(
            format!("gutter at least {} in for {count} pages", inches(wanted)),
            gutter.0 + 1e-9 >= wanted.0,
            format!(
                "{} in{}",
                inches(gutter),
                if plan.page.gutter_auto { " (auto)" } else { "" }
            ),
        ));
    }
    checks.push(check(
        "even page count".into(),
        count.is_multiple_of(2),
        format!("{count} pages"),
    ));
    let margin = required_margin(plan.page.bleed && plan.page.kdp);
    checks.push(check(
        format!("outside margins at least {} in", inches(margin)),
        plan.page.margin.0 + 1e-9 >= margin.0,
        format!("{} in", inches(plan.page.margin)),
    ));
    let run = longest_blank_run(pages);
    checks.push(check(
        format!("at most {MAX_BLANK_RUN} blank pages in a row"),
        run <= MAX_BLANK_RUN,
        format!("longest run {run}"),
    ));
    let off_page = super::bounds::first_text_outside(pages, laid.frame, laid.set);
    checks.push(check(
        TEXT_RULE.into(),
        off_page.is_none(),
        off_page.unwrap_or_else(|| "yes".into()),
    ));
    Preflight {
        kdp: plan.page.kdp,
        checks,
        notes_pages: notes,
    }
}

fn inches(length: Mm) -> String {
    let text = format!("{:.3}", length.0 / crate::units::MM_PER_INCH);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn longest_blank_run(pages: &[Page]) -> usize {
    let (mut longest, mut run) = (0, 0);
    for page in pages {
        run = if page.items.is_empty() { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gutter_follows_kdp_s_table() {
        let cases = [
            (24, 0.375),
            (150, 0.375),
            (151, 0.5),
            (300, 0.5),
            (301, 0.625),
            (500, 0.625),
            (501, 0.75),
            (700, 0.75),
            (701, 0.875),
            (828, 0.875),
        ];
        for (pages, inches) in cases {
            assert_eq!(required_gutter(pages), Mm::from_inches(inches), "{pages}");
        }
    }

    #[test]
    fn blank_runs_are_counted() {
        let blank = |n| Page::new(n);
        let full = |n| {
            Page::with_items(
                n,
                vec![Placed::Rule {
                    x1: 0.0,
                    y1: 0.0,
                    x2: 1.0,
                    y2: 0.0,
                    width: 0.3,
                }],
            )
        };
        let pages = [
            full(1),
            blank(2),
            blank(3),
            full(4),
            blank(5),
            blank(6),
            blank(7),
            full(8),
        ];
        assert_eq!(longest_blank_run(&pages), 3);
        assert_eq!(longest_blank_run(&pages[..4]), 2);
    }

    #[test]
    fn inches_are_written_plainly() {
        assert_eq!(inches(Mm::from_inches(0.375)), "0.375");
        assert_eq!(inches(Mm::from_inches(0.5)), "0.5");
    }
}
