//! The book's pages in order: title page, instructions, contents, one run of puzzle pages per
//! section (each opening with its heading), the answer key, and a blank page when needed to make
//! the count even. The copyright and "belongs to" pages follow the title page when the spec asks;
//! with `recto = true` a blank page goes before a section or the answers that would open on a
//! left-hand page. Every page gets its running header and page number here; the result is a
//! list of positioned pieces per page plus where each puzzle and answer landed.

use super::fit::{self, HEADING_NOTE};
use super::kdp::{self, Preflight};
use super::page::{
    PAGE_NUMBER_POINTS, PageFrame, Rect, Sheet, arranged, label_points, label_room, slots,
};
use super::style::{Look, PlacedGrid};
use super::text::{Anchor, Font, Placed, Typesetter};
use super::{front, imprint};
use crate::book::BookPuzzle;
use crate::book::manifest::Placement;
use crate::fonts::FontSet;
use crate::grid::Geometry;
use crate::spec::BookPlan;
use crate::spec::Layout;
use crate::spec::Strings;
use crate::units::Mm;

/// One page: its number (from 1), the sheet it is printed on, and what is on it — every
/// piece fully placed and styled, so the renderer needs nothing else.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub number: usize,
    pub sheet: Sheet,
    pub items: Vec<Placed>,
}

impl Page {
    /// An empty page (its sheet is set when the book is laid out).
    pub fn new(number: usize) -> Page {
        Page::with_items(number, Vec::new())
    }

    /// A page with these pieces.
    pub fn with_items(number: usize, items: Vec<Placed>) -> Page {
        Page {
            number,
            sheet: Sheet::default(),
            items,
        }
    }
}

/// The laid-out book.
#[derive(Debug, Clone)]
pub struct BookLayout {
    pub pages: Vec<Page>,
    pub placement: Placement,
    /// Every print rule with pass or fail.
    pub preflight: Preflight,
}

/// What the layout works from.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub plan: &'a BookPlan,
    pub puzzles: &'a [BookPuzzle],
    /// The page of each puzzle, as an earlier pass of the layout placed it (empty on the first
    /// pass): what cross-references print.
    pub pages_of: &'a [usize],
    /// The puzzle on a kids' book's title page (made for it, not one of the book's).
    pub title_puzzle: Option<&'a BookPuzzle>,
    pub set: Typesetter<'a>,
    pub frame: PageFrame,
    pub look: Look,
}

const PAGE_NUMBER: Font = Font::regular(PAGE_NUMBER_POINTS);
const ANSWER_LABEL: Font = Font::regular(7.0);

impl Context<'_> {
    /// The page of puzzle `index` for a cross-reference (`…` before it is known).
    pub fn page_of(&self, index: usize) -> String {
        match self.pages_of.get(index) {
            Some(&page) if page > 0 => page.to_string(),
            _ => "…".to_string(),
        }
    }

    /// A font of the page furniture in this book's print size ([`fit::furniture`]).
    fn furniture(&self, font: Font) -> Font {
        fit::furniture(self.plan, font)
    }
}

/// Lays out the whole book.
/// With `gutter = "auto"` the book is laid out again until the gutter fits its page count
/// (KDP's table; at most three passes, and the gutter only grows).
pub fn lay_out(plan: &BookPlan, puzzles: &[BookPuzzle], fonts: &FontSet) -> BookLayout {
    // Strategy pages and worked solutions name the page of the puzzle they come from: laid out
    // again with the pages the last pass found, until those stand still.
    let references = plan.strategies || plan.sections.iter().any(|s| s.walkthrough);
    let mut gutter = plan.page.gutter;
    let mut pages_of: Vec<usize> = Vec::new();
    let title = match plan.style.kids {
        true => crate::book::cover::title_puzzle(plan, puzzles),
        false => None,
    };
    let puzzles = (puzzles, title.as_ref());
    let mut layout = lay_out_with(plan, puzzles, fonts, (gutter, &pages_of));
    for _ in 0..4 {
        let wanted = kdp::required_gutter(layout.pages.len());
        let gutter_settled = !plan.page.gutter_auto || wanted.0 <= gutter.0;
        let pages_settled = !references || layout.placement.puzzle_pages == pages_of;
        if gutter_settled && pages_settled {
            break;
        }
        if !gutter_settled {
            gutter = wanted;
        }
        pages_of = layout.placement.puzzle_pages.clone();
        layout = lay_out_with(plan, puzzles, fonts, (gutter, &pages_of));
    }
    layout
}

/// A part of the front matter: its pages from a first page number.
type PartPages = fn(&Context, usize) -> Vec<Page>;

/// Lays out the whole book with this gutter.
fn lay_out_with(
    plan: &BookPlan,
    (puzzles, title_puzzle): (&[BookPuzzle], Option<&BookPuzzle>),
    fonts: &FontSet,
    (gutter, pages_of): (Mm, &[usize]),
) -> BookLayout {
    let ctx = Context {
        plan,
        puzzles,
        pages_of,
        title_puzzle,
        set: Typesetter { fonts },
        frame: PageFrame {
            gutter: gutter.0,
            ..PageFrame::of(&plan.page)
        },
        look: Look::new(&plan.style, fonts.bold.cap_height),
    };
    // Front matter as books have it: title, copyright, contents, then How to play, the cage
    // combinations and the strategy pages, each listed in the contents.
    let mut pages = vec![front::title_page(&ctx)];
    pages.extend(imprint::pages(&ctx, pages.len() + 1));
    let back_answers = plan
        .sections
        .iter()
        .any(|s| s.answers_layout.is_some() && !s.answers_after);
    let parts = 1 + usize::from(plan.combinations) + usize::from(plan.strategies);
    let entries = parts + plan.sections.len() + usize::from(back_answers);
    let contents_count = if plan.contents {
        front::contents_page_count(&ctx, entries)
    } else {
        0
    };
    let mut front_pages: Vec<Page> = Vec::new();
    let mut listed: Vec<(String, usize)> = Vec::new();
    let before = pages.len() + contents_count;
    let parts: [(&str, bool, PartPages); 3] = [
        ("how_to_play", true, front::instruction_pages),
        (
            "combinations_title",
            plan.combinations,
            front::combination_pages,
        ),
        (
            "strategies_title",
            plan.strategies,
            super::strategies::strategy_pages,
        ),
    ];
    for (title, wanted, make) in parts {
        let start = before + front_pages.len() + 1;
        let made = if wanted {
            make(&ctx, start)
        } else {
            Vec::new()
        };
        if !made.is_empty() {
            listed.push((plan.strings.get(title).to_string(), start));
        }
        front_pages.extend(made);
    }
    let first = pages.len() + contents_count + front_pages.len() + 1;
    let mut answer_pages = vec![None; puzzles.len()];
    let sections = section_pages(&ctx, first, &mut answer_pages);
    let back = back_answer_groups(&ctx);
    let answers_blank = !back.is_empty() && recto_blank(&ctx, first + sections.pages.len());
    let answers_start = first + sections.pages.len() + usize::from(answers_blank);
    let answers = answer_pages_for(
        &ctx,
        &back,
        answers_start,
        &sections.puzzle_pages,
        &mut answer_pages,
    );
    if plan.contents {
        let mut list = listed;
        list.extend(
            plan.sections
                .iter()
                .zip(&sections.first_pages)
                .map(|(s, &page)| (s.title.clone(), page)),
        );
        if !answers.is_empty() {
            list.push((plan.strings.get("solutions").to_string(), answers_start));
        }
        let contents = front::contents_pages(&ctx, &list, pages.len() + 1);
        let short = contents_count.saturating_sub(contents.len());
        pages.extend(contents);
        // The pages after were numbered for `contents_count` contents pages.
        for _ in 0..short {
            pages.push(Page::new(pages.len() + 1));
        }
    }
    pages.extend(front_pages);
    pages.extend(sections.pages);
    if answers_blank {
        pages.push(Page::new(pages.len() + 1));
    }
    pages.extend(answers);
    if pages.len() % 2 == 1 {
        pages.push(Page::new(pages.len() + 1));
    }
    let notes = pad_with_notes(&ctx, &mut pages);
    if plan.page_numbers {
        number_pages(&ctx, &mut pages);
    }
    for page in &mut pages {
        page.sheet = Sheet::of(&plan.page, page.number);
    }
    let laid = kdp::Laid {
        pages: &pages,
        frame: &ctx.frame,
        set: &ctx.set,
        gutter,
        notes,
    };
    let preflight = kdp::preflight(plan, &laid);
    BookLayout {
        preflight,
        placement: Placement {
            pages: pages.len(),
            puzzle_pages: sections.puzzle_pages,
            answer_pages,
            section_pages: sections.first_pages,
        },
        pages,
    }
}

/// Adds Notes pages to a KDP book shorter than KDP's minimum; returns how many.
fn pad_with_notes(ctx: &Context, pages: &mut Vec<Page>) -> usize {
    let before = pages.len();
    while ctx.plan.page.kdp && pages.len() < kdp::MIN_PAGES {
        pages.push(kdp::notes_page(ctx, pages.len() + 1));
    }
    pages.len() - before
}

/// Puzzle pages of every section, with where each puzzle and section landed.
struct SectionPages {
    pages: Vec<Page>,
    puzzle_pages: Vec<usize>,
    first_pages: Vec<usize>,
}

fn section_pages(ctx: &Context, first: usize, answer_pages: &mut [Option<usize>]) -> SectionPages {
    let mut out = SectionPages {
        pages: Vec::new(),
        puzzle_pages: vec![0; ctx.puzzles.len()],
        first_pages: Vec::new(),
    };
    for (index, section) in ctx.plan.sections.iter().enumerate() {
        let members = section_members(ctx, index);
        if recto_blank(ctx, first + out.pages.len()) {
            out.pages.push(Page::new(first + out.pages.len()));
        }
        out.first_pages.push(first + out.pages.len());
        for (k, chunk) in members.chunks(section.layout.slots()).enumerate() {
            let mut page = Page::new(first + out.pages.len());
            if k == 0 {
                let note = puzzle_range(ctx, &members);
                heading(ctx, &mut page, &section.title, &note);
            } else {
                running_header(ctx, &mut page, &section.title);
            }
            place_puzzle_grids(ctx, &mut page, &section.layout, chunk);
            for &i in chunk {
                out.puzzle_pages[i] = page.number;
            }
            out.pages.push(page);
        }
        if let (true, Some(&first_puzzle)) = (section.walkthrough, members.first()) {
            let number = first + out.pages.len();
            out.pages.extend(super::walkthrough::walkthrough_pages(
                ctx,
                first_puzzle,
                number,
            ));
        }
        if let (Some(layout), true) = (section.answers_layout, section.answers_after) {
            let group = [AnswerGroup { layout, members }];
            let start = first + out.pages.len();
            let pages = answer_pages_for(ctx, &group, start, &out.puzzle_pages, answer_pages);
            out.pages.extend(pages);
        }
    }
    out
}

/// The puzzles of a section, in book order.
fn section_members(ctx: &Context, section: usize) -> Vec<usize> {
    (0..ctx.puzzles.len())
        .filter(|&i| ctx.puzzles[i].section == section)
        .collect()
}

/// Answers laid out together: one layout, the puzzles in order.
struct AnswerGroup {
    layout: Layout,
    members: Vec<usize>,
}

/// The answers that go to the back: sections in order, each starting a new group (a new page)
/// when its answer layout differs from the one before.
fn back_answer_groups(ctx: &Context) -> Vec<AnswerGroup> {
    let mut groups: Vec<AnswerGroup> = Vec::new();
    for (index, section) in ctx.plan.sections.iter().enumerate() {
        let Some(layout) = section.answers_layout.filter(|_| !section.answers_after) else {
            continue;
        };
        let members = section_members(ctx, index);
        match groups.last_mut() {
            Some(last) if last.layout == layout => last.members.extend(members),
            _ => groups.push(AnswerGroup { layout, members }),
        }
    }
    groups
}

/// Whether a blank page goes before a section or the answers that would open on page `next`:
/// with `recto = true`, they open on right-hand (odd) pages.
fn recto_blank(ctx: &Context, next: usize) -> bool {
    ctx.plan.structure.recto && next.is_multiple_of(2)
}

fn puzzle_range(ctx: &Context, members: &[usize]) -> String {
    let strings = &ctx.plan.strings;
    let number = |i: usize| ctx.puzzles[i].number.to_string();
    match (members.first(), members.last()) {
        (Some(&a), Some(&b)) if a != b => strings.fill(
            "puzzles_note",
            &[("first", &number(a)), ("last", &number(b))],
        ),
        (Some(&a), _) => strings.fill("puzzle_note", &[("n", &number(a))]),
        _ => String::new(),
    }
}

/// Answer pages for the groups from page `first`: the first page opens with the "Solutions"
/// heading, the others carry the running header; each group starts a new page. Each answer's
/// page is recorded in `answer_pages`.
fn answer_pages_for(
    ctx: &Context,
    groups: &[AnswerGroup],
    first: usize,
    puzzle_pages: &[usize],
    answer_pages: &mut [Option<usize>],
) -> Vec<Page> {
    let mut pages: Vec<Page> = Vec::new();
    for group in groups {
        for chunk in group.members.chunks(group.layout.slots()) {
            let mut page = Page::new(first + pages.len());
            let title = ctx.plan.strings.get("solutions");
            if pages.is_empty() {
                heading(ctx, &mut page, title, "");
            } else {
                running_header(ctx, &mut page, title);
            }
            place_answer_grids(ctx, &mut page, &group.layout, chunk, puzzle_pages);
            for &i in chunk {
                answer_pages[i] = Some(page.number);
            }
            pages.push(page);
        }
    }
    pages
}

/// Puzzle grids, labelled from the label template and `Variant · Level`.
fn place_puzzle_grids(ctx: &Context, page: &mut Page, layout: &Layout, chunk: &[usize]) {
    let note = |i: usize| {
        let p = &ctx.puzzles[i].puzzle;
        let level = ctx.plan.strings.level(p.rating.level);
        format!(
            "{} · {level}",
            variant_title(&ctx.plan.strings, &p.geometry)
        )
    };
    place_grids(ctx, page, layout, chunk, false, &note);
}

/// Answer grids, labelled from the label template and the page of the puzzle.
fn place_answer_grids(
    ctx: &Context,
    page: &mut Page,
    layout: &Layout,
    chunk: &[usize],
    puzzle_pages: &[usize],
) {
    let note = |i: usize| {
        let page = puzzle_pages[i].to_string();
        ctx.plan.strings.fill("answer_note", &[("page", &page)])
    };
    place_grids(ctx, page, layout, chunk, true, &note);
}

fn place_grids(
    ctx: &Context,
    page: &mut Page,
    layout: &Layout,
    chunk: &[usize],
    answer: bool,
    note: &dyn Fn(usize) -> String,
) {
    let area = ctx.frame.grid_area(page.number);
    let Some(&first) = chunk.first() else {
        return;
    };
    let slot = slots(area, layout)[0];
    let floor = ctx.furniture(ANSWER_LABEL).points;
    let floor = if ctx.plan.style.big_type() {
        floor
    } else {
        0.0
    };
    let points = label_points(slot, answer, floor);
    let room = label_room(points);
    let side_cells = {
        let (rows, cols) = ctx.puzzles[first].puzzle.geometry.extent();
        rows.max(cols)
    };
    let grids =
        arranged(area, layout, side_cells, (room, 0.0)).unwrap_or_else(|| slots(area, layout));
    for (at, &i) in grids.into_iter().zip(chunk) {
        let label = Label {
            text: label_text(ctx, i),
            note: if answer || shows_note(ctx) {
                note(i)
            } else {
                String::new()
            },
            level: (!answer && ctx.plan.style.stars).then(|| ctx.puzzles[i].puzzle.rating.level),
            timer: !answer && ctx.plan.style.timer,
        };
        place_label(ctx, page, (at, room), Font::regular(points), &label);
        let p = &ctx.puzzles[i].puzzle;
        let solution = answer.then_some(&p.solution);
        let grid = PlacedGrid::new(&ctx.look, &p.geometry, &p.givens, solution, at)
            .with_symbols(ctx.puzzles[i].symbols(ctx.plan));
        page.items.push(Placed::Grid(Box::new(grid)));
    }
}

/// The right-hand note over a puzzle (`Classic · Easy`) is shown unless the spec turns it off
/// (`[style] note = false`) or the label already shows the level.
fn shows_note(ctx: &Context) -> bool {
    ctx.plan.style.note && !ctx.plan.structure.label.shows_level()
}

/// The label of puzzle `i` from the spec's template (`#{n}` by default).
fn label_text(ctx: &Context, i: usize) -> String {
    let p = &ctx.puzzles[i];
    let strings = &ctx.plan.strings;
    let level = strings.level(p.puzzle.rating.level);
    let variant = variant_title(strings, &p.puzzle.geometry);
    ctx.plan.structure.label.fill(p.number, level, &variant)
}

/// What goes over a grid: its label, a note at the right, and on request the level as stars
/// and a line to write the time on.
struct Label {
    text: String,
    note: String,
    level: Option<crate::logic::Level>,
    timer: bool,
}

/// Stars of the difficulty scale: one for easy, six for diabolical.
const STARS: usize = 6;

/// The label (`#12`) in bold at the grid's left edge, the stars after it, and at the right
/// edge the time line or the note, above the grid (`room` millimetres are kept for it); the
/// right-hand part is dropped when the two would meet.
fn place_label(ctx: &Context, page: &mut Page, (at, room): (Rect, f64), font: Font, label: &Label) {
    let baseline = at.y - room * 0.3;
    let (bold, number) = fit_label(ctx, &label.text, Font::bold(font.points), at.w);
    page.items
        .push(ctx.set.line(at.x, baseline, bold, Anchor::Start, &number));
    let mut used = ctx.set.width(&number, bold) + 2.0;
    if let Some(level) = label.level {
        let size = bold.mm() * 0.8;
        let x = at.x + used;
        let filled = level as usize + 1;
        if used + STARS as f64 * size * 1.15 <= at.w {
            for k in 0..STARS {
                let centre = (x + (k as f64 + 0.5) * size * 1.15, baseline - size * 0.42);
                page.items.push(star(centre, size / 2.0, k < filled));
            }
            used += STARS as f64 * size * 1.15 + 2.0;
        }
    }
    let room_left = at.w - used;
    if label.timer {
        let word = format!("{}:", ctx.plan.strings.get("label_time"));
        let line = 22.0_f64.min(room_left * 0.5);
        let width = ctx.set.width(&word, font) + 1.5 + line;
        if width <= room_left {
            let end = at.x + at.w;
            page.items.push(
                ctx.set
                    .line(end - line - 1.5, baseline, font, Anchor::End, &word),
            );
            page.items.push(Placed::Rule {
                x1: end - line,
                y1: baseline + 0.4,
                x2: end,
                y2: baseline + 0.4,
                width: 0.3,
            });
        }
        return;
    }
    let note = &label.note;
    if !note.is_empty() && ctx.set.width(note, font) <= room_left {
        page.items
            .push(ctx.set.line(at.x + at.w, baseline, font, Anchor::End, note));
    }
}

/// A five-pointed star around `centre` of outer radius `radius`, filled or outlined.
fn star((cx, cy): (f64, f64), radius: f64, filled: bool) -> Placed {
    let inner = radius * 0.45;
    let points = (0..10)
        .map(|k| {
            let angle = std::f64::consts::PI * (k as f64 / 5.0) - std::f64::consts::FRAC_PI_2;
            let r = if k % 2 == 0 { radius } else { inner };
            (cx + r * angle.cos(), cy + r * angle.sin())
        })
        .collect();
    Placed::Shape {
        points,
        filled,
        width: 0.25,
        paint: super::text::Paint::BLACK,
    }
}

/// The smallest size a label shrinks to before it is shortened.
const MIN_LABEL_POINTS: f64 = 7.0;

/// A label no wider than the grid: its size shrunk in half points down to 7 pt, then cut short
/// with `…`, so a long label template never runs into the next grid.
fn fit_label(ctx: &Context, text: &str, font: Font, width: f64) -> (Font, String) {
    let mut points = font.points;
    while points > MIN_LABEL_POINTS && ctx.set.width(text, Font::bold(points)) > width {
        points = (points - 0.5).max(MIN_LABEL_POINTS);
    }
    let font = Font::bold(points);
    let mut kept: Vec<char> = text.chars().collect();
    let mut fitted = text.to_string();
    while !kept.is_empty() && ctx.set.width(&fitted, font) > width {
        kept.pop();
        fitted = kept.iter().collect::<String>().trim_end().to_string() + "…";
    }
    (font, fitted)
}

/// The heading that opens a section (or the answers): title, a note at the right, a rule.
pub(super) fn heading(ctx: &Context, page: &mut Page, title: &str, note: &str) {
    let area = ctx.frame.content(page.number);
    let baseline = area.y + 7.0;
    let note_font = ctx.furniture(HEADING_NOTE);
    let note_width = if note.is_empty() {
        0.0
    } else {
        ctx.set.width(note, note_font)
    };
    let fitted = fit::heading_box(ctx.plan, &ctx.frame, note_width).fit_or_floor(&ctx.set, title);
    let line = fitted.lines.first().map_or("", String::as_str);
    page.items.push(
        ctx.set
            .line(area.x, baseline, fitted.font, Anchor::Start, line),
    );
    if !note.is_empty() {
        let x = area.x + area.w;
        page.items
            .push(ctx.set.line(x, baseline, note_font, Anchor::End, note));
    }
    rule(page, area, area.y + 9.5, 0.5);
}

/// The small header on the other pages, at the outer corner (book convention): the book's
/// header text on a left-hand (verso) page, the section title on a right-hand (recto) one (none
/// with `header = false`).
pub(super) fn running_header(ctx: &Context, page: &mut Page, section: &str) {
    if !ctx.plan.structure.running_header {
        return;
    }
    let area = ctx.frame.content(page.number);
    let baseline = area.y + 4.0;
    let book = ctx.plan.header.as_deref().unwrap_or(&ctx.plan.title);
    let (text, x, anchor) = if page.number.is_multiple_of(2) {
        (book, area.x, Anchor::Start)
    } else {
        (section, area.x + area.w, Anchor::End)
    };
    let font = fit::running_header_or_floor(ctx.plan, &ctx.frame, &ctx.set, text, "");
    page.items
        .push(ctx.set.line(x, baseline, font, anchor, text));
    rule(page, area, area.y + 6.0, 0.3);
}

fn rule(page: &mut Page, area: Rect, y: f64, width: f64) {
    page.items.push(Placed::Rule {
        x1: area.x,
        y1: y,
        x2: area.x + area.w,
        y2: y,
        width,
    });
}

/// Page numbers centred at the foot of every page except the title page, the copyright page and
/// blank pages, their
/// baseline on the bottom edge of the content area (inside the margins, below the footer gap).
fn number_pages(ctx: &Context, pages: &mut [Page]) {
    // The copyright page, on the back of the title page, is not numbered either.
    let copyright = ctx.plan.structure.copyright.as_ref().map(|_| 2);
    for page in pages
        .iter_mut()
        .filter(|p| p.number > 1 && !p.items.is_empty() && Some(p.number) != copyright)
    {
        let area = ctx.frame.content(page.number);
        let baseline = area.y + area.h;
        let x = area.x + area.w / 2.0;
        let number = page.number.to_string();
        page.items.push(ctx.set.line(
            x,
            baseline,
            ctx.furniture(PAGE_NUMBER),
            Anchor::Middle,
            &number,
        ));
    }
}

/// How a variant is named on pages: `Classic`, `Classic 6×6`, `Jigsaw + diagonal`.
pub fn variant_title(strings: &Strings, geo: &Geometry) -> String {
    strings.variant_title(geo.variant(), geo.size())
}
