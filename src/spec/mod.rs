//! The book spec: `book.toml` read into raw serde structs ([`raw`]) and checked into a
//! [`BookPlan`] with every default filled in. Every problem is one [`SpecError`] that names the
//! file, line and column (from the TOML span) and the key, with a "did you mean" for typos.

pub mod cover;
pub mod error;
pub mod layouts;
pub mod library;
pub mod print;
pub mod raw;
pub mod strings;
pub mod structure;
pub mod symbols;

use std::collections::HashSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::Spanned;

use crate::generate::diabolical::default_symmetry;
use crate::generate::require::{implied_level, parse_technique};
use crate::generate::{Request, RequestError, Symmetry, Target, check_count};
use crate::grid::{BoxShape, RegionMap, RuleKind, Variant};
use crate::logic::{Level, Technique};
use crate::units::{MM_PER_INCH, Mm, parse_length};
pub use cover::{CoverOrigin, CoverSpec, Paper, Theme};
pub use error::SpecError;
use error::did_you_mean;
pub use layouts::{Layout, LayoutSource, builtin_layout, builtin_names, find_layout, parse_layout};
pub use library::{LibrarySpec, Source};
pub use print::{PrintSpec, Printer, Standard};
use raw::{KNOWN_KEYS, RawBook, RawLength, RawSection};
pub use strings::Strings;
pub use structure::{Copyright, LabelTemplate, Structure};

/// KDP's smallest outside margin, and the default margin and gutter.
const MIN_MARGIN_MM: f64 = 0.25 * MM_PER_INCH;
pub const DEFAULT_MARGIN_MM: f64 = 0.5 * MM_PER_INCH;
pub const DEFAULT_GUTTER_MM: f64 = 0.375 * MM_PER_INCH;
/// KDP's smallest outside margin when the book has bleed.
const KDP_BLEED_MARGIN_MM: f64 = 0.375 * MM_PER_INCH;
/// The most puzzles a book may hold (KDP's 828 pages of 12 grids is 9,936).
pub const MAX_BOOK_PUZZLES: usize = 10_000;
/// The smallest width and height left for content inside the margins.
const MIN_AREA_MM: f64 = 50.0;

/// Named trim sizes, in millimetres (width, height).
pub const PAGE_SIZES: &[(&str, f64, f64)] = &[
    ("a4", 210.0, 297.0),
    ("a5", 148.0, 210.0),
    ("letter", 215.9, 279.4),
    ("kdp-6x9", 152.4, 228.6),
    ("kdp-8.5x11", 215.9, 279.4),
    ("kdp-8x10", 203.2, 254.0),
    ("kdp-5x8", 127.0, 203.2),
];

/// The page: trim size, margins (top, bottom and outer), gutter (inner), and bleed.
#[derive(Debug, Clone, PartialEq)]
pub struct PageSpec {
    pub width: Mm,
    pub height: Mm,
    pub margin: Mm,
    pub gutter: Mm,
    /// The gutter is picked from the final page count (KDP's table), `gutter` being the least.
    pub gutter_auto: bool,
    pub bleed: bool,
    /// KDP's rules apply (a `kdp-*` trim, or `kdp = true`): page count 24 to 828, padded with
    /// Notes pages; gutter and margins checked by the preflight.
    pub kdp: bool,
}

/// How diagonals are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagonalStyle {
    Lines,
    Shaded,
}

/// Drawing choices where taste differs.
#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    pub diagonals: DiagonalStyle,
    /// Grey level of window shading, 0.1 (light) to 0.5.
    pub window_shade: f64,
    /// Large print: digits of at least 28 pt on puzzle pages (10 pt in answer keys), labels,
    /// headers and page numbers of at least 12 pt, heavier grid lines; 2 puzzles and 4 answers
    /// per page unless the spec says otherwise.
    pub large_print: bool,
    /// The note at the right over each puzzle (`Classic · Easy`); off with `note = false`, and
    /// when the label template shows the level itself.
    pub note: bool,
    /// The level as stars beside each puzzle's label (one for easy … six for diabolical).
    pub stars: bool,
    /// A `Time: ____` line over each puzzle, to write the solving time on.
    pub timer: bool,
    /// A children's book: simple words, large type and labels, box lines weighted for big
    /// cells.
    pub kids: bool,
    /// Jigsaw regions shaded in light greys, no two neighbours alike, besides their thick
    /// edges (`jigsaw_shading = true`).
    pub jigsaw_shading: bool,
}

impl Style {
    /// The book's own texts are set large: large print, and kids' books.
    pub fn big_type(&self) -> bool {
        self.large_print || self.kids
    }
}

/// One section of the book: its heading and what to generate.
#[derive(Debug, Clone)]
pub struct SectionPlan {
    pub title: String,
    pub count: usize,
    pub request: Request,
    /// Puzzles per page: the section's own `layout`, else the book's (for a multi-grid shape
    /// the book's only when the spec sets it, else `1up`).
    pub layout: Layout,
    /// Answers per page: the section's `answers_layout`, else the book's (for a multi-grid
    /// shape the book's only when the spec sets it, else `2up`, or `1up` once
    /// `layout::settle_layouts` finds two keys too small for the page); `None` without answers.
    pub answers_layout: Option<Layout>,
    /// A worked solution of the section's first puzzle follows its puzzles (`walkthrough =
    /// true`).
    pub walkthrough: bool,
    /// The section's answers follow its puzzles (`answers = "after-section"`) instead of
    /// going to the back.
    pub answers_after: bool,
    /// The section's puzzles are ordered easy to hard (`sort = "difficulty"`).
    pub sort_by_difficulty: bool,
    /// Where the section's layout keys were written, for the layout checks.
    pub layout_at: Option<(usize, usize)>,
    pub answers_layout_at: Option<(usize, usize)>,
    /// Where its puzzles come from (`source`).
    pub source: Source,
    /// What its grids print for 1..=N (`symbols`, `word_in`).
    pub symbols: crate::symbols::SectionSymbols,
}

/// The layouts of a multi-grid section (Samurai, Twodoku, Butterfly) when neither the section
/// nor the book sets one: one puzzle a page, answer keys two a page (one where two would print
/// below the answer-key floor, a Samurai on a 6×9 trim: see `layout::settle_layouts`).
const MULTI_LAYOUT: &str = "1up";
const MULTI_ANSWERS_LAYOUT: &str = "2up";

/// The book's puzzle and answer layouts, and whether the spec wrote them (a section of a
/// multi-grid shape takes its own defaults only when it did not).
struct BookLayouts {
    puzzles: Layout,
    answers: Option<Layout>,
    puzzles_set: bool,
    answers_set: bool,
    /// The book has a `[library]`.
    library: bool,
    /// The book's `symbols` and `word_in`, for sections that set none.
    symbols: Option<Spanned<String>>,
    word_in: Option<Spanned<String>>,
}

/// A checked book spec with every default filled in.
#[derive(Debug, Clone)]
pub struct BookPlan {
    pub title: String,
    pub subtitle: Option<String>,
    pub author: Option<String>,
    pub seed: u64,
    pub instructions: Option<String>,
    pub page: PageSpec,
    pub layout: Layout,
    /// The answer-key layout, or `None` when the book has no answers.
    pub answers: Option<Layout>,
    pub font: Option<PathBuf>,
    pub bold_font: Option<PathBuf>,
    pub page_numbers: bool,
    /// The running header's text (`None`: the title); see `structure.running_header`.
    pub header: Option<String>,
    pub contents: bool,
    /// A page of cage combinations after the instructions (killer books).
    pub combinations: bool,
    /// A page for each technique the puzzles use, after the instructions (`[strategies]`).
    pub strategies: bool,
    /// Copyright and owner pages, recto sections, the label template, the header switch.
    pub structure: Structure,
    /// The book's fixed texts in its language, with the spec's overrides.
    pub strings: Strings,
    pub style: Style,
    pub sections: Vec<SectionPlan>,
    /// IDs of puzzles the book must not use (`exclude`: earlier volumes, used lists).
    pub exclude: HashSet<String>,
    /// The puzzle library the book draws from first (`[library]`).
    pub library: Option<LibrarySpec>,
    /// The paperback's wrap cover, when the spec has a `[cover]` table.
    pub cover: Option<CoverSpec>,
    /// The print standard and the printer's rules (`[print]`; `build --print` sets the
    /// standard).
    pub print: PrintSpec,
    /// Where the spec came from, for messages about it from later checks.
    pub origin: Origin,
    /// The build's fixed time (`SOURCE_DATE_EPOCH`, seconds since 1970), set by the command
    /// line: the PDFs' date before the spec's own (see [`BookPlan::date`]).
    pub source_date: Option<i64>,
}

impl BookPlan {
    /// The books's date in its PDFs' metadata, in seconds since 1970: `SOURCE_DATE_EPOCH`,
    /// else the `[library] date`, else 1 January of the `[copyright] year`; `None` (no dates
    /// written) without any of them. Never the clock: the same spec gives the same bytes.
    pub fn date(&self) -> Option<i64> {
        const DAY: i64 = 86_400;
        let library = self.library.as_ref().and_then(|l| l.date.as_deref());
        let library = library.and_then(crate::dates::Date::parse);
        let year = self.structure.copyright.as_ref().and_then(|c| c.year);
        let new_year = year.map(|year| crate::dates::Date {
            year,
            month: 1,
            day: 1,
        });
        self.source_date
            .or_else(|| library.or(new_year).map(|date| date.days() * DAY))
            .filter(|seconds| *seconds >= 0)
    }
}

/// The spec file and the positions of the keys that later checks (the layout's) may refuse.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Origin {
    /// The spec file as the user named it.
    pub file: String,
    /// Line and column of `layout`, when the spec sets it.
    pub layout: Option<(usize, usize)>,
    /// Line and column of `answers.layout`, when the spec sets it.
    pub answers_layout: Option<(usize, usize)>,
    /// Line and column of `page.gutter` and `page.margin`, when the spec sets them (a layout
    /// left at its default that does not fit is blamed on them).
    pub gutter: Option<(usize, usize)>,
    pub margin: Option<(usize, usize)>,
    /// Every text the spec gives that is printed, with its key and position.
    pub texts: Vec<TextOrigin>,
}

/// A text of the spec that is printed: its key, its value and where it was written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TextOrigin {
    pub key: String,
    pub text: String,
    pub position: Option<(usize, usize)>,
}

/// `regions = "symmetric"`: each puzzle of the section gets its own jigsaw layout, symmetric
/// under a half turn.
pub const SYMMETRIC_REGIONS: &str = "symmetric";

/// The seed of a spec that sets none: made from its title (FNV-1a over its bytes, then a
/// SplitMix64 mix), so two books with different titles never share puzzles by accident, and
/// the same title always gives the same seed.
pub fn seed_from_title(title: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in title.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    crate::generate::rng::splitmix64(hash)
}

/// Reads and checks a spec file.
pub fn load(path: &Path) -> Result<BookPlan, SpecError> {
    let name = path.display().to_string();
    let text = crate::input::read_file(path).map_err(|e| SpecError {
        file: name.clone(),
        position: None,
        key: None,
        message: format!("cannot read the spec: {e}"),
        io: e.is_io(),
    })?;
    let dir = path.parent().unwrap_or(Path::new("."));
    parse(&name, &text, dir)
}

/// Checks spec text; `dir` is the folder of the spec file (fonts, layouts and region maps are
/// found relative to it).
pub fn parse(file: &str, text: &str, dir: &Path) -> Result<BookPlan, SpecError> {
    let raw: RawBook = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
    Checker { file, text, dir }.book(raw)
}

/// Turns a TOML or serde error into a located message, suggesting a known key for a typo.
fn toml_error(file: &str, text: &str, error: &toml::de::Error) -> SpecError {
    let message = error.message().trim().to_string();
    let hint = unknown_field(&message)
        .and_then(|field| {
            if KNOWN_KEYS.contains(&field) {
                return Some(format!(
                    " (`{field}` is a key of another table: is it under the right [table]?)"
                ));
            }
            did_you_mean(field, KNOWN_KEYS).map(|k| format!(" (did you mean `{k}`?)"))
        })
        .unwrap_or_default();
    let key = error
        .span()
        .filter(|_| unknown_field(&message).is_none())
        .and_then(|span| error::key_at(text, span.start));
    if message == "recursion limit" {
        // No span: point at the line nested deepest.
        let (line, depth) = error::deepest_line(text);
        let message = format!(
            "line {line}: tables or arrays nested {depth} deep, deeper than a book spec may go"
        );
        return SpecError::at(file, text, None, None, message);
    }
    let message = error::reader_message(&message);
    SpecError::at(file, text, error.span(), key, format!("{message}{hint}"))
}

/// The field named in serde's "unknown field `x`" message.
fn unknown_field(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("unknown field `")?;
    rest.split('`').next()
}

/// Checks raw values with access to the source for positions.
struct Checker<'a> {
    file: &'a str,
    text: &'a str,
    dir: &'a Path,
}

impl Checker<'_> {
    fn error(&self, span: Range<usize>, key: &str, message: impl Into<String>) -> SpecError {
        SpecError::at(
            self.file,
            self.text,
            Some(span),
            Some(key.to_string()),
            message.into(),
        )
    }

    fn book(&self, mut raw: RawBook) -> Result<BookPlan, SpecError> {
        if raw.sections.is_empty() {
            return Err(SpecError::at(
                self.file,
                self.text,
                None,
                Some("section".into()),
                "the book has no [[section]]: add at least one".into(),
            ));
        }
        let mut texts = self.text_origins(&raw);
        let strings = self.strings(&raw, &mut texts)?;
        let cover = raw
            .cover
            .as_ref()
            .map(|table| self.cover(table, &raw))
            .transpose()?;
        let structure = self.structure(&mut raw)?;
        let raw_page = raw.page.unwrap_or_default();
        let (gutter_at, margin_at) = (
            self.position(raw_page.gutter.as_ref().map(Spanned::span)),
            self.position(raw_page.margin.as_ref().map(Spanned::span)),
        );
        let print = self.print(raw.print.as_ref())?;
        let page = self.page(raw_page, &print)?;
        let large_print = raw
            .style
            .as_ref()
            .and_then(|s| s.large_print.as_ref())
            .is_some_and(|l| *l.get_ref());
        let (puzzles_default, answers_default) = if large_print {
            ("2up", "4up")
        } else {
            ("4up", "9up")
        };
        let layout = self.layout("layout", raw.layout.as_ref(), puzzles_default)?;
        let answers_raw = raw.answers.unwrap_or_default();
        let include = answers_raw.include.is_none_or(|s| *s.get_ref());
        let answers = if include {
            Some(self.layout(
                "answers.layout",
                answers_raw.layout.as_ref(),
                answers_default,
            )?)
        } else {
            None
        };
        let book_layouts = BookLayouts {
            puzzles: layout,
            answers,
            puzzles_set: raw.layout.is_some(),
            answers_set: answers_raw.layout.is_some(),
            library: raw.library.is_some(),
            symbols: raw.symbols.clone(),
            word_in: raw.word_in.clone(),
        };
        let sections = raw
            .sections
            .iter()
            .enumerate()
            .map(|(index, section)| self.section(index, section, &strings, &book_layouts))
            .collect::<Result<Vec<_>, _>>()?;
        self.total_count(&raw.sections, &sections)?;
        let killer = sections
            .iter()
            .any(|s| s.request.variant.has(RuleKind::Cages));
        let seed = raw
            .seed
            .map_or_else(|| seed_from_title(raw.title.get_ref()), Spanned::into_inner);
        let exclude = self.exclude(raw.exclude.as_ref())?;
        let library = self.library(raw.library.as_ref())?;
        let origin = Origin {
            file: self.file.to_string(),
            layout: self.position(raw.layout.as_ref().map(Spanned::span)),
            answers_layout: self.position(answers_raw.layout.as_ref().map(Spanned::span)),
            gutter: gutter_at,
            margin: margin_at,
            texts,
        };
        Ok(BookPlan {
            cover,
            print,
            title: raw.title.into_inner(),
            subtitle: raw.subtitle.map(Spanned::into_inner),
            author: raw.author.map(Spanned::into_inner),
            seed,
            instructions: raw.instructions.map(Spanned::into_inner),
            page,
            layout,
            answers,
            font: self.font("font", raw.font.as_ref())?,
            bold_font: self.font("bold_font", raw.bold_font.as_ref())?,
            page_numbers: raw.page_numbers.is_none_or(Spanned::into_inner),
            header: structure::header_text(raw.header),
            combinations: raw.combinations.map_or(killer, Spanned::into_inner),
            strategies: raw
                .strategies
                .and_then(|s| s.include)
                .is_some_and(Spanned::into_inner),
            contents: raw.contents.is_some_and(Spanned::into_inner),
            structure,
            strings,
            style: self.style(raw.style.unwrap_or_default())?,
            sections,
            exclude,
            library,
            origin,
            source_date: None,
        })
    }

    /// Refuses a book of more than [`MAX_BOOK_PUZZLES`] puzzles, at the section that passes it.
    fn total_count(
        &self,
        raw: &[Spanned<RawSection>],
        sections: &[SectionPlan],
    ) -> Result<(), SpecError> {
        let mut total = 0;
        for (index, section) in sections.iter().enumerate() {
            total += section.count;
            if total > MAX_BOOK_PUZZLES {
                let span = raw[index].get_ref().count.span();
                let key = format!("section[{}].count", index + 1);
                return Err(self.error(
                    span,
                    &key,
                    format!("the book would hold {total} puzzles; a book holds at most {MAX_BOOK_PUZZLES}"),
                ));
            }
        }
        Ok(())
    }

    /// Where each text of the spec that is printed was written, for the font check.
    fn text_origins(&self, raw: &RawBook) -> Vec<TextOrigin> {
        let mut texts = Vec::new();
        let mut add = |key: String, value: &Spanned<String>| {
            texts.push(TextOrigin {
                key,
                text: value.get_ref().clone(),
                position: self.position(Some(value.span())),
            });
        };
        let top = [
            ("title", Some(&raw.title)),
            ("subtitle", raw.subtitle.as_ref()),
            ("author", raw.author.as_ref()),
            ("instructions", raw.instructions.as_ref()),
        ];
        for (key, value) in top {
            if let Some(value) = value {
                add(key.to_string(), value);
            }
        }
        if let Some(cover) = raw.cover.as_ref().map(Spanned::get_ref) {
            for (key, value) in [
                ("cover.back_text", cover.back_text.as_ref()),
                ("cover.back_heading", cover.back_heading.as_ref()),
            ] {
                if let Some(value) = value {
                    add(key.to_string(), value);
                }
            }
        }
        for (index, section) in raw.sections.iter().enumerate() {
            if let Some(title) = &section.get_ref().title {
                add(format!("section[{}].title", index + 1), title);
            }
        }
        // A word of `symbols` prints upper case: a letter the font lacks is named at its key.
        let words = std::iter::once(("symbols".to_string(), raw.symbols.as_ref())).chain(
            raw.sections.iter().enumerate().map(|(index, section)| {
                (
                    format!("section[{}].symbols", index + 1),
                    section.get_ref().symbols.as_ref(),
                )
            }),
        );
        for (key, value) in words {
            if let Some(value) = value {
                texts.push(TextOrigin {
                    key,
                    text: value.get_ref().to_uppercase(),
                    position: self.position(Some(value.span())),
                });
            }
        }
        if let Some(header) = &raw.header
            && let raw::RawHeader::Text(text) = header.get_ref()
        {
            texts.push(TextOrigin {
                key: "header".to_string(),
                text: text.clone(),
                position: self.position(Some(header.span())),
            });
        }
        texts
    }

    /// The line and column of a span, for checks made after parsing.
    fn position(&self, span: Option<Range<usize>>) -> Option<(usize, usize)> {
        span.map(|s| error::line_column(self.text, s.start))
    }

    fn page(&self, raw: raw::RawPage, print: &PrintSpec) -> Result<PageSpec, SpecError> {
        self.page_size_keys(&raw)?;
        let (mut width, mut height) = match &raw.size {
            Some(size) => self.page_size(size)?,
            None => (215.9, 279.4),
        };
        if let Some(w) = &raw.width {
            width = self.length("page.width", w)?;
        }
        if let Some(h) = &raw.height {
            height = self.length("page.height", h)?;
        }
        let least = print.least_margin.unwrap_or(0.0);
        let margin = match &raw.margin {
            Some(m) => self.length("page.margin", m)?,
            None => DEFAULT_MARGIN_MM.max(least),
        };
        let kdp = match &raw.kdp {
            Some(kdp) => *kdp.get_ref(),
            None => raw
                .size
                .as_ref()
                .is_some_and(|s| s.get_ref().trim().to_ascii_lowercase().starts_with("kdp-")),
        };
        let (gutter, gutter_auto) = self.gutter(raw.gutter.as_ref(), kdp)?;
        self.printers_margins(&raw, print, margin, gutter)?;
        let gutter = gutter.max(least);
        if let Some(m) = &raw.margin
            && margin < MIN_MARGIN_MM
        {
            return Err(self.error(
                m.span(),
                "page.margin",
                format!(
                    "{margin:.1} mm is below the print minimum of {MIN_MARGIN_MM:.2} mm (0.25 in)"
                ),
            ));
        }
        let bleed = raw.bleed.as_ref().is_some_and(|b| *b.get_ref());
        if let Some(m) = &raw.margin
            && kdp
            && bleed
            && margin < KDP_BLEED_MARGIN_MM
        {
            return Err(self.error(
                m.span(),
                "page.margin",
                format!(
                    "{margin:.1} mm is below KDP's minimum of {KDP_BLEED_MARGIN_MM:.3} mm (0.375 in) for a book with bleed"
                ),
            ));
        }
        let room = PageRoom {
            width,
            height,
            margin,
            gutter,
        };
        if let Some((key, value)) = room.culprit(&raw) {
            let span = value.map_or(0..0, |v| v.span());
            return Err(self.error(span, key, room.message()));
        }
        Ok(PageSpec {
            width: Mm(width),
            height: Mm(height),
            margin: Mm(margin),
            gutter: Mm(gutter),
            gutter_auto,
            bleed,
            kdp,
        })
    }

    /// Refuses a margin or gutter written closer to the trim than the printer allows (an
    /// automatic gutter is raised to it instead).
    fn printers_margins(
        &self,
        raw: &raw::RawPage,
        print: &PrintSpec,
        margin: f64,
        gutter: f64,
    ) -> Result<(), SpecError> {
        let (Some(least), Some(printer)) = (print.least_margin, print.printer) else {
            return Ok(());
        };
        let written_gutter = raw
            .gutter
            .as_ref()
            .filter(|g| !matches!(g.get_ref(), RawLength::Text(t) if t.trim() == "auto"));
        let culprit = [
            ("page.margin", raw.margin.as_ref(), margin),
            ("page.gutter", written_gutter, gutter),
        ]
        .into_iter()
        .find_map(|(key, value, length)| {
            Some((key, value?, length)).filter(|_| length < least - 1e-9)
        });
        match culprit {
            Some((key, value, length)) => Err(self.error(
                value.span(),
                key,
                format!(
                    "{length:.1} mm is closer to the trim than {} allows: text and grids stay {least:.1} mm ({:.2} in) inside it",
                    printer.name(),
                    least / MM_PER_INCH
                ),
            )),
            None => Ok(()),
        }
    }

    /// The gutter in millimetres and whether it is picked from the page count: `"auto"` (the
    /// default for KDP books), a length of at least 0.25 in, or 0.375 in by default.
    fn gutter(
        &self,
        raw: Option<&Spanned<RawLength>>,
        kdp: bool,
    ) -> Result<(f64, bool), SpecError> {
        let Some(raw) = raw else {
            return Ok((DEFAULT_GUTTER_MM, kdp));
        };
        if let RawLength::Text(text) = raw.get_ref()
            && text.trim() == "auto"
        {
            return Ok((DEFAULT_GUTTER_MM, true));
        }
        let gutter = self.length("page.gutter", raw)?;
        if gutter < MIN_MARGIN_MM {
            return Err(self.error(
                raw.span(),
                "page.gutter",
                format!(
                    "{gutter:.1} mm is below the print minimum of {MIN_MARGIN_MM:.2} mm (0.25 in); write \"auto\" to pick it from the page count"
                ),
            ));
        }
        Ok((gutter, false))
    }

    /// A page is `size`, or `width` and `height` together.
    fn page_size_keys(&self, raw: &raw::RawPage) -> Result<(), SpecError> {
        match (&raw.size, &raw.width, &raw.height) {
            (Some(_), Some(given), _) | (Some(_), None, Some(given)) => Err(self.error(
                given.span(),
                "page.size",
                "give a named size or width and height, not both",
            )),
            (None, Some(w), None) => Err(self.error(
                w.span(),
                "page.height",
                "a custom page needs width and height: height is missing",
            )),
            (None, None, Some(h)) => Err(self.error(
                h.span(),
                "page.width",
                "a custom page needs width and height: width is missing",
            )),
            _ => Ok(()),
        }
    }

    fn page_size(&self, size: &Spanned<String>) -> Result<(f64, f64), SpecError> {
        let name = size.get_ref().trim().to_ascii_lowercase();
        PAGE_SIZES
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, w, h)| (w, h))
            .ok_or_else(|| {
                let names: Vec<&str> = PAGE_SIZES.iter().map(|p| p.0).collect();
                let hint = suggestion(&name, &names);
                self.error(
                    size.span(),
                    "page.size",
                    format!(
                        "unknown page size {}{hint}: use {}, or width and height",
                        crate::grid::text::shown_text(size.get_ref()),
                        names.join(", ")
                    ),
                )
            })
    }

    fn length(&self, key: &str, value: &Spanned<RawLength>) -> Result<f64, SpecError> {
        let bad = |why: &str| self.error(value.span(), key, why.to_string());
        let mm = match value.get_ref() {
            RawLength::Millimetres(mm) => *mm,
            RawLength::Text(text) => parse_length(text).map(|mm| mm.0).ok_or_else(|| {
                bad(&format!(
                    "{} is not a length: write 12mm, 0.5in or 36pt",
                    crate::grid::text::shown_text(text)
                ))
            })?,
        };
        if !mm.is_finite() || !(0.0..=2000.0).contains(&mm) {
            return Err(bad("must be between 0 and 2000 mm"));
        }
        Ok(mm)
    }

    fn layout(
        &self,
        key: &str,
        name: Option<&Spanned<String>>,
        default: &str,
    ) -> Result<Layout, SpecError> {
        let (text, span) = match name {
            Some(n) => (n.get_ref().as_str(), n.span()),
            None => (default, 0..0),
        };
        let source = find_layout(text, self.dir).ok_or_else(|| {
            let names = builtin_names();
            let hint = suggestion(text, &names);
            self.error(
                span.clone(),
                key,
                format!(
                    "no layout named {shown}{hint}: looked for layouts/{bare}.toml; built in: {}",
                    names.join(", "),
                    shown = crate::grid::text::shown_text(text),
                    bare = crate::grid::text::shown_text(text).trim_matches('\'')
                ),
            )
        })?;
        let contents = match source {
            LayoutSource::Builtin(contents) => contents.to_string(),
            LayoutSource::File(path) => crate::input::read_file(&path).map_err(|e| {
                let error = self.error(
                    span.clone(),
                    key,
                    format!("cannot read {}: {e}", path.display()),
                );
                if e.is_io() { error.unreadable() } else { error }
            })?,
        };
        parse_layout(&contents).map_err(|e| {
            self.error(
                span,
                key,
                format!("layout {}: {e}", crate::grid::text::shown_text(text)),
            )
        })
    }

    fn font(
        &self,
        key: &str,
        path: Option<&Spanned<String>>,
    ) -> Result<Option<PathBuf>, SpecError> {
        let Some(path) = path else { return Ok(None) };
        let full = self.dir.join(path.get_ref());
        match std::fs::metadata(&full) {
            Err(error) => Err(self
                .error(
                    path.span(),
                    key,
                    format!("cannot read the font file {}: {error}", full.display()),
                )
                .unreadable()),
            Ok(_) => self
                .refuse_special(
                    &full,
                    path.span(),
                    key,
                    "a font file: give a TrueType (.ttf) or OpenType (.otf) file",
                )
                .map(|()| Some(full)),
        }
    }

    fn style(&self, raw: raw::RawStyle) -> Result<Style, SpecError> {
        let diagonals = match &raw.diagonals {
            None => DiagonalStyle::Lines,
            Some(d) => match d.get_ref().as_str() {
                "lines" => DiagonalStyle::Lines,
                "shaded" => DiagonalStyle::Shaded,
                other => {
                    return Err(self.error(
                        d.span(),
                        "style.diagonals",
                        format!(
                            "{} is not a diagonal style: use lines or shaded",
                            crate::grid::text::shown_text(other)
                        ),
                    ));
                }
            },
        };
        let window_shade = match &raw.window_shade {
            None => 0.2,
            Some(s) if (0.1..=0.5).contains(s.get_ref()) => *s.get_ref(),
            Some(s) => {
                return Err(self.error(
                    s.span(),
                    "style.window_shade",
                    format!(
                        "{} is out of range: use 0.1 (light, the print minimum) to 0.5",
                        s.get_ref()
                    ),
                ));
            }
        };
        let flag = |value: Option<Spanned<bool>>, default: bool| {
            value.map_or(default, Spanned::into_inner)
        };
        Ok(Style {
            diagonals,
            window_shade,
            large_print: flag(raw.large_print, false),
            note: flag(raw.note, true),
            stars: flag(raw.stars, false),
            timer: flag(raw.timer, false),
            kids: flag(raw.kids, false),
            jigsaw_shading: flag(raw.jigsaw_shading, false),
        })
    }

    fn section(
        &self,
        index: usize,
        spanned: &Spanned<RawSection>,
        strings: &Strings,
        book: &BookLayouts,
    ) -> Result<SectionPlan, SpecError> {
        let section = spanned.get_ref();
        let key = |name: &str| format!("section[{}].{name}", index + 1);
        let variant = match &section.variant {
            Some(v) => v
                .get_ref()
                .parse::<Variant>()
                .map_err(|e| self.error(v.span(), &key("variant"), e.to_string()))?,
            None => Variant::CLASSIC,
        };
        let size = section.size.as_ref().map_or(9, |s| *s.get_ref());
        let box_shape = match &section.box_shape {
            Some(b) => Some(
                b.get_ref()
                    .parse::<BoxShape>()
                    .map_err(|e| self.error(b.span(), &key("box"), e.to_string()))?,
            ),
            None => None,
        };
        let regions = self.regions(section, &key("regions"))?;
        let mut request = Request::new(variant, size);
        request.symmetric_regions = section
            .regions
            .as_ref()
            .is_some_and(|r| r.get_ref() == SYMMETRIC_REGIONS);
        if let (true, Some(r)) = (
            request.symmetric_regions && !variant.jigsaw,
            &section.regions,
        ) {
            return Err(self.error(
                r.span(),
                &key("regions"),
                "regions = \"symmetric\" draws jigsaw layouts: set variant = \"jigsaw\" (or a jigsaw combination)",
            ));
        }
        request.box_shape = box_shape;
        request.regions = regions;
        request.target = self.target(section, &key)?;
        request.symmetry = default_symmetry(&request);
        if let Some(s) = &section.symmetry {
            request.symmetry = s
                .get_ref()
                .parse::<Symmetry>()
                .map_err(|e| self.error(s.span(), &key("symmetry"), e))?;
        }
        request.givens = section.givens.as_ref().map(|g| *g.get_ref());
        request.attempts = section.attempts.as_ref().map(|a| *a.get_ref());
        request.require = self.require(section, &key("require"))?;
        if let (Target::Any, Some(level)) = (request.target, implied_level(&request.require)) {
            request.target = Target::Level(level);
        }
        request
            .check()
            .map_err(|e| self.request_error(spanned, section, index, &e))?;
        self.starts(section, &key("from"), &mut request)?;
        let count = check_count(*section.count.get_ref(), MAX_BOOK_PUZZLES)
            .map_err(|e| self.error(section.count.span(), &key("count"), e.to_string()))?;
        let title = section
            .title
            .as_ref()
            .map_or_else(|| default_title(&request, strings), |t| t.get_ref().clone());
        let key = |name: &str| format!("section[{}].{name}", index + 1);
        let multi = request.variant.multi.is_some();
        let layout = match &section.layout {
            Some(name) => self.layout(&key("layout"), Some(name), "4up")?,
            None if multi && !book.puzzles_set => self.layout("layout", None, MULTI_LAYOUT)?,
            None => book.puzzles,
        };
        self.answers_without_key(section, book, &key)?;
        let symbols = self.section_symbols(
            (book.symbols.as_ref(), book.word_in.as_ref()),
            (section.symbols.as_ref(), section.word_in.as_ref()),
            &key,
            &request,
        )?;
        let answers_layout = match (&section.answers_layout, book.answers) {
            (Some(name), Some(_)) => {
                Some(self.layout(&key("answers_layout"), Some(name), "9up")?)
            }
            (None, Some(_)) if multi && !book.answers_set => {
                Some(self.layout("answers.layout", None, MULTI_ANSWERS_LAYOUT)?)
            }
            (_, answers) => answers,
        };
        Ok(SectionPlan {
            title,
            count,
            request,
            layout,
            answers_layout,
            answers_after: self.answers_place(section, &key("answers"))?,
            walkthrough: section.walkthrough.as_ref().is_some_and(|w| *w.get_ref()),
            sort_by_difficulty: self.sort(section, &key("sort"))?,
            layout_at: self.position(section.layout.as_ref().map(Spanned::span)),
            answers_layout_at: self.position(section.answers_layout.as_ref().map(Spanned::span)),
            source: self.source(section.source.as_ref(), &key("source"), book.library)?,
            symbols,
        })
    }

    /// The techniques of `require`, each a name as `rate` prints it.
    fn require(&self, section: &RawSection, key: &str) -> Result<Vec<Technique>, SpecError> {
        let Some(names) = &section.require else {
            return Ok(Vec::new());
        };
        names
            .get_ref()
            .iter()
            .map(|name| parse_technique(name).map_err(|e| self.error(names.span(), key, e)))
            .collect()
    }

    /// Refuses a section's answer settings in a book without answers (`[answers] include =
    /// false`), which would otherwise be ignored without a word.
    fn answers_without_key(
        &self,
        section: &RawSection,
        book: &BookLayouts,
        key: &dyn Fn(&str) -> String,
    ) -> Result<(), SpecError> {
        if book.answers.is_some() {
            return Ok(());
        }
        let after = section
            .answers
            .as_ref()
            .filter(|a| a.get_ref() == "after-section")
            .map(|a| (a.span(), "answers"));
        let layout = section
            .answers_layout
            .as_ref()
            .map(|l| (l.span(), "answers_layout"));
        match after.or(layout) {
            Some((span, name)) => Err(self.error(
                span,
                &key(name),
                "the book has no answers ([answers] include = false), so this has nothing to place: remove it, or include the answers",
            )),
            None => Ok(()),
        }
    }

    /// `answers = "back"` (the default) or `"after-section"`.
    fn answers_place(&self, section: &RawSection, key: &str) -> Result<bool, SpecError> {
        match &section.answers {
            None => Ok(false),
            Some(value) => match value.get_ref().as_str() {
                "back" => Ok(false),
                "after-section" => Ok(true),
                other => Err(self.error(
                    value.span(),
                    key,
                    format!(
                        "{} is not a place for answers: use back or after-section",
                        crate::grid::text::shown_text(other)
                    ),
                )),
            },
        }
    }

    /// `sort = "difficulty"` (easy to hard) or `"none"` (the default: generation order).
    fn sort(&self, section: &RawSection, key: &str) -> Result<bool, SpecError> {
        match &section.sort {
            None => Ok(false),
            Some(value) => match value.get_ref().as_str() {
                "none" => Ok(false),
                "difficulty" => Ok(true),
                other => Err(self.error(
                    value.span(),
                    key,
                    format!(
                        "{} is not a sort order: use difficulty or none",
                        crate::grid::text::shown_text(other)
                    ),
                )),
            },
        }
    }

    /// A request error located at the key that holds the wrong value.
    fn request_error(
        &self,
        spanned: &Spanned<RawSection>,
        section: &RawSection,
        index: usize,
        error: &RequestError,
    ) -> SpecError {
        let field = error.field();
        let span = match field {
            "box" => section.box_shape.as_ref().map(Spanned::span),
            "variant" => section.variant.as_ref().map(Spanned::span),
            "regions" => section.regions.as_ref().map(Spanned::span),
            "givens" => section.givens.as_ref().map(Spanned::span),
            "attempts" => section.attempts.as_ref().map(Spanned::span),
            "score" => section.score.as_ref().map(Spanned::span),
            "symmetry" => section.symmetry.as_ref().map(Spanned::span),
            "require" => section.require.as_ref().map(Spanned::span),
            "difficulty" => section.difficulty.as_ref().map(Spanned::span),
            _ => section.size.as_ref().map(Spanned::span),
        };
        let key = format!("section[{}].{field}", index + 1);
        self.error(span.unwrap_or(spanned.span()), &key, error.to_string())
    }

    /// Refuses a path a key names that is a folder or a special file, whose reading might
    /// never end (a FIFO, `/dev/stdin`, a device); `what` is what the key wants.
    pub(crate) fn refuse_special(
        &self,
        full: &Path,
        span: Range<usize>,
        key: &str,
        what: &str,
    ) -> Result<(), SpecError> {
        match std::fs::metadata(full) {
            Ok(meta) if !meta.is_file() => {
                let kind = if meta.is_dir() {
                    "a folder"
                } else {
                    "a device, FIFO or other special file"
                };
                Err(self.error(
                    span,
                    key,
                    format!("{} is {kind}, not {what}", full.display()),
                ))
            }
            _ => Ok(()),
        }
    }

    /// The text of a file a key names, relative to the spec (a regular file: a special file
    /// is refused before it is opened).
    fn read_named(
        &self,
        path: &Spanned<String>,
        key: &str,
    ) -> Result<(String, std::path::PathBuf), SpecError> {
        let full = self.dir.join(path.get_ref());
        self.refuse_special(&full, path.span(), key, "a file of text")?;
        let text = crate::input::read_file(&full).map_err(|e| {
            let error = self.error(
                path.span(),
                key,
                format!("cannot read {}: {e}", full.display()),
            );
            if e.is_io() { error.unreadable() } else { error }
        })?;
        Ok((text, full))
    }

    /// `exclude = ["../vol1/book.json", "used.txt"]`: the IDs of every puzzle those books and
    /// lists hold (paths relative to the spec), refused at the entry that cannot be read.
    fn exclude(
        &self,
        paths: Option<&Spanned<Vec<Spanned<String>>>>,
    ) -> Result<HashSet<String>, SpecError> {
        let mut ids = HashSet::new();
        for path in paths
            .map(|list| list.get_ref().as_slice())
            .unwrap_or_default()
        {
            let (text, full) = self.read_named(path, "exclude")?;
            let found = crate::grid::ids_in(&text).map_err(|e| {
                let message = format!("{}: {}", full.display(), e.located());
                self.error(path.span(), "exclude", message)
            })?;
            ids.extend(found);
        }
        Ok(ids)
    }

    /// `from = "FILE"`: the puzzles a diabolical section's search starts from.
    fn starts(
        &self,
        section: &RawSection,
        key: &str,
        request: &mut Request,
    ) -> Result<(), SpecError> {
        let Some(path) = &section.from else {
            return Ok(());
        };
        let (text, full) = self.read_named(path, key)?;
        request
            .read_starts(&text)
            .map_err(|e| self.error(path.span(), key, format!("{}: {e}", full.display())))
    }

    fn regions(&self, section: &RawSection, key: &str) -> Result<Option<RegionMap>, SpecError> {
        let Some(path) = &section.regions else {
            return Ok(None);
        };
        if path.get_ref() == SYMMETRIC_REGIONS {
            return Ok(None);
        }
        let missing = !self.dir.join(path.get_ref()).exists();
        let hint = suggestion(path.get_ref(), &[SYMMETRIC_REGIONS]);
        if missing && !hint.is_empty() {
            let message = format!(
                "no file {}{hint}: regions is a region-map file, or \"{SYMMETRIC_REGIONS}\"",
                crate::grid::text::shown_text(path.get_ref())
            );
            return Err(self.error(path.span(), key, message));
        }
        let (text, full) = self.read_named(path, key)?;
        RegionMap::parse(&text)
            .map(Some)
            .map_err(|e| self.error(path.span(), key, format!("{}: {e}", full.display())))
    }

    fn target(
        &self,
        section: &RawSection,
        key: &dyn Fn(&str) -> String,
    ) -> Result<Target, SpecError> {
        match (&section.difficulty, &section.score) {
            (Some(d), Some(_)) => Err(self.error(
                d.span(),
                &key("difficulty"),
                "give difficulty or score, not both",
            )),
            (Some(d), None) => d
                .get_ref()
                .parse::<Level>()
                .map(Target::Level)
                .map_err(|e| self.error(d.span(), &key("difficulty"), e.to_string())),
            (None, Some(s)) => Target::parse_score(s.get_ref())
                .map_err(|e| self.error(s.span(), &key("score"), e.to_string())),
            (None, None) => Ok(Target::Any),
        }
    }
}

/// ` (did you mean 'x'?)` when a known word is close.
fn suggestion(word: &str, known: &[&str]) -> String {
    did_you_mean(word, known).map_or_else(String::new, |k| format!(" (did you mean '{k}'?)"))
}

/// A section heading from what it holds: `Classic 9×9 — hard`, `Samurai — hard`.
/// A page's size, margin and gutter, for the check that they leave room for content.
struct PageRoom {
    width: f64,
    height: f64,
    margin: f64,
    gutter: f64,
}

impl PageRoom {
    /// The key to blame when the page leaves less than [`MIN_AREA_MM`] for content, with the
    /// value the spec wrote there: a page too small for any margins, else the gutter or the
    /// margin the spec set (the larger), else the page's size. `None` when there is room.
    fn culprit<'a>(
        &self,
        raw: &'a raw::RawPage,
    ) -> Option<(&'static str, Option<&'a Spanned<RawLength>>)> {
        let narrow = self.width - self.margin - self.gutter < MIN_AREA_MM;
        let short = self.height - 2.0 * self.margin < MIN_AREA_MM;
        if !narrow && !short {
            return None;
        }
        let size_key =
            |key: &'static str, value: &'a Option<Spanned<RawLength>>| (key, value.as_ref());
        if narrow && self.width <= MIN_AREA_MM + MIN_MARGIN_MM {
            return Some(size_key("page.width", &raw.width));
        }
        if short && self.height <= MIN_AREA_MM + 2.0 * MIN_MARGIN_MM {
            return Some(size_key("page.height", &raw.height));
        }
        let gutter_set = raw
            .gutter
            .as_ref()
            .filter(|g| !matches!(g.get_ref(), RawLength::Text(t) if t.trim() == "auto"));
        if narrow && gutter_set.is_some() && (self.gutter >= self.margin || raw.margin.is_none()) {
            return Some(("page.gutter", gutter_set));
        }
        if raw.margin.is_some() {
            return Some(("page.margin", raw.margin.as_ref()));
        }
        Some(if narrow {
            size_key("page.width", &raw.width)
        } else {
            size_key("page.height", &raw.height)
        })
    }

    fn message(&self) -> String {
        let PageRoom {
            width,
            height,
            margin,
            gutter,
        } = self;
        format!(
            "margins of {margin:.1} mm and a gutter of {gutter:.1} mm leave less than {MIN_AREA_MM} mm for content on a {width:.1} x {height:.1} mm page"
        )
    }
}

fn default_title(request: &Request, strings: &Strings) -> String {
    let variant = strings.variant(request.variant);
    let size = request.size.to_string();
    let title = if request.variant.multi.is_some() {
        variant
    } else {
        strings.fill("section_title", &[("variant", &variant), ("size", &size)])
    };
    match request.target {
        Target::Level(level) => {
            let printed = strings.level(level);
            let lower = printed.to_lowercase();
            let values = [
                ("title", title.as_str()),
                ("level", printed),
                ("level_lower", &lower),
            ];
            strings.fill("section_level", &values)
        }
        Target::Score { min, max } => {
            let (min, max) = (format!("{min:.1}"), format!("{max:.1}"));
            strings.fill(
                "section_score",
                &[("title", &title), ("min", &min), ("max", &max)],
            )
        }
        Target::Any => title,
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod structure_tests;

#[cfg(test)]
mod strings_tests;
