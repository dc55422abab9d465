//! The book spec: `book.toml` read into raw serde structs ([`raw`]) and checked into a
//! [`BookPlan`] with every default filled in. Every problem is one [`SpecError`] that names the
//! file, line and column (from the TOML span) and the key, with a "did you mean" for typos.

pub mod error;
pub mod raw;

use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::Spanned;

use crate::generate::{Request, Symmetry, Target};
use crate::grid::{BoxShape, Geometry, RegionMap, Variant};
use crate::layout::page::{LABEL_HEIGHT, PageFrame, grid_in_slot, min_cell_for_size, slots};
use crate::layout::{Layout, LayoutSource, builtin_names, find_layout, parse_layout};
use crate::logic::Level;
pub use error::SpecError;
use error::did_you_mean;
use raw::{KNOWN_KEYS, RawBook, RawLength, RawSection};

/// Millimetres per inch and per point.
const MM_PER_INCH: f64 = 25.4;
const MM_PER_POINT: f64 = 25.4 / 72.0;
/// KDP's smallest outside margin, and the default margin and gutter.
const MIN_MARGIN_MM: f64 = 0.25 * MM_PER_INCH;
const DEFAULT_MARGIN_MM: f64 = 0.5 * MM_PER_INCH;
const DEFAULT_GUTTER_MM: f64 = 0.375 * MM_PER_INCH;
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
    pub width_mm: f64,
    pub height_mm: f64,
    pub margin_mm: f64,
    pub gutter_mm: f64,
    pub bleed: bool,
}

/// Bleed added to the outer edge, and to the top and the bottom, in millimetres (0.125 in).
pub const BLEED_MM: f64 = 0.125 * MM_PER_INCH;

impl PageSpec {
    /// The trim page with its margins.
    pub fn frame(&self) -> PageFrame {
        PageFrame {
            width: self.width_mm,
            height: self.height_mm,
            margin: self.margin_mm,
            gutter: self.gutter_mm,
        }
    }

    /// The printed sheet (trim plus bleed), in millimetres.
    pub fn media_size(&self) -> (f64, f64) {
        if self.bleed {
            (self.width_mm + BLEED_MM, self.height_mm + 2.0 * BLEED_MM)
        } else {
            (self.width_mm, self.height_mm)
        }
    }

    /// Where the trim box of page `number` starts on the sheet: bleed is added at the top and
    /// on the outer edge, which is the left edge of a left-hand (even) page.
    pub fn trim_offset(&self, number: usize) -> (f64, f64) {
        match (self.bleed, number.is_multiple_of(2)) {
            (false, _) => (0.0, 0.0),
            (true, true) => (BLEED_MM, BLEED_MM),
            (true, false) => (0.0, BLEED_MM),
        }
    }
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
}

/// One section of the book: its heading and what to generate.
#[derive(Debug, Clone)]
pub struct SectionPlan {
    pub title: String,
    pub count: usize,
    pub request: Request,
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
    pub header: Option<String>,
    pub contents: bool,
    pub style: Style,
    pub sections: Vec<SectionPlan>,
}

/// Reads and checks a spec file.
pub fn load(path: &Path) -> Result<BookPlan, SpecError> {
    let name = path.display().to_string();
    let text = crate::input::read_file(path).map_err(|e| SpecError {
        file: name.clone(),
        position: None,
        key: None,
        message: format!("cannot read the spec: {e}"),
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
            did_you_mean(field, KNOWN_KEYS).map(|k| format!(" (did you mean `{k}`?)"))
        })
        .unwrap_or_default();
    SpecError::at(file, text, error.span(), None, format!("{message}{hint}"))
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

    fn book(&self, raw: RawBook) -> Result<BookPlan, SpecError> {
        if raw.sections.is_empty() {
            return Err(SpecError::at(
                self.file,
                self.text,
                None,
                Some("section".into()),
                "the book has no [[section]]: add at least one".into(),
            ));
        }
        let page = self.page(raw.page.unwrap_or_default())?;
        let layout = self.layout("layout", raw.layout.as_ref(), "4up")?;
        let answers_raw = raw.answers.unwrap_or_default();
        let include = answers_raw.include.is_none_or(|s| *s.get_ref());
        let answers = if include {
            Some(self.layout("answers.layout", answers_raw.layout.as_ref(), "9up")?)
        } else {
            None
        };
        let sections = raw
            .sections
            .iter()
            .enumerate()
            .map(|(index, section)| self.section(index, section))
            .collect::<Result<Vec<_>, _>>()?;
        let largest = sections.iter().map(|s| s.request.size).max().unwrap_or(9);
        let layout_span = raw.layout.as_ref().map(|l| l.span());
        self.grid_fits(&page, &layout, largest, "layout", layout_span)?;
        if let Some(answers) = &answers {
            let span = answers_raw.layout.as_ref().map(|l| l.span());
            self.grid_fits(&page, answers, largest, "answers.layout", span)?;
        }
        Ok(BookPlan {
            title: raw.title.into_inner(),
            subtitle: raw.subtitle.map(Spanned::into_inner),
            author: raw.author.map(Spanned::into_inner),
            seed: raw.seed.map_or(1, Spanned::into_inner),
            instructions: raw.instructions.map(Spanned::into_inner),
            page,
            layout,
            answers,
            font: self.font("font", raw.font.as_ref())?,
            bold_font: self.font("bold_font", raw.bold_font.as_ref())?,
            page_numbers: raw.page_numbers.is_none_or(Spanned::into_inner),
            header: raw.header.map(Spanned::into_inner),
            contents: raw.contents.is_some_and(Spanned::into_inner),
            style: self.style(raw.style.unwrap_or_default())?,
            sections,
        })
    }

    /// Checks that the largest grid of the book fits one slot of the layout with digits of at
    /// least 7 pt.
    fn grid_fits(
        &self,
        page: &PageSpec,
        layout: &Layout,
        size: usize,
        key: &str,
        span: Option<Range<usize>>,
    ) -> Result<(), SpecError> {
        let slot = slots(page.frame().grid_area(1), layout)[0];
        let min_cell = min_cell_for_size(size);
        if grid_in_slot(slot, size, min_cell).is_some() {
            return Ok(());
        }
        let cell = slot.w.min(slot.h - LABEL_HEIGHT) / size as f64;
        let default = if span.is_none() { " (the default)" } else { "" };
        Err(SpecError::at(
            self.file,
            self.text,
            span,
            Some(key.to_string()),
            format!(
                "a {size}x{size} grid does not fit a slot of this layout{default} ({} per page): its cells would be {cell:.1} mm, and 7 pt digits need {min_cell:.1} mm; use a layout with fewer grids per page or a larger page",
                layout.slots()
            ),
        ))
    }

    fn page(&self, raw: raw::RawPage) -> Result<PageSpec, SpecError> {
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
        let margin = match &raw.margin {
            Some(m) => self.length("page.margin", m)?,
            None => DEFAULT_MARGIN_MM,
        };
        let gutter = match &raw.gutter {
            Some(g) => self.length("page.gutter", g)?,
            None => DEFAULT_GUTTER_MM,
        };
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
        let span = raw
            .margin
            .as_ref()
            .or(raw.gutter.as_ref())
            .map_or(0..0, |s| s.span());
        if height - 2.0 * margin < MIN_AREA_MM || width - margin - gutter < MIN_AREA_MM {
            return Err(self.error(
                span,
                "page.margin",
                format!("margins of {margin:.1} mm and a gutter of {gutter:.1} mm leave less than {MIN_AREA_MM} mm for content on a {width:.1} x {height:.1} mm page"),
            ));
        }
        Ok(PageSpec {
            width_mm: width,
            height_mm: height,
            margin_mm: margin,
            gutter_mm: gutter,
            bleed: raw.bleed.is_some_and(Spanned::into_inner),
        })
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
                        "unknown page size '{}'{hint}: use {}, or width and height",
                        size.get_ref(),
                        names.join(", ")
                    ),
                )
            })
    }

    fn length(&self, key: &str, value: &Spanned<RawLength>) -> Result<f64, SpecError> {
        let bad = |why: &str| self.error(value.span(), key, why.to_string());
        let mm = match value.get_ref() {
            RawLength::Millimetres(mm) => *mm,
            RawLength::Text(text) => parse_length(text).ok_or_else(|| {
                bad(&format!(
                    "'{text}' is not a length: write 12mm, 0.5in or 36pt"
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
                    "no layout named '{text}'{hint}: looked for layouts/{text}.toml; built in: {}",
                    names.join(", ")
                ),
            )
        })?;
        let contents = match source {
            LayoutSource::Builtin(contents) => contents.to_string(),
            LayoutSource::File(path) => std::fs::read_to_string(&path).map_err(|e| {
                self.error(
                    span.clone(),
                    key,
                    format!("cannot read {}: {e}", path.display()),
                )
            })?,
        };
        parse_layout(&contents).map_err(|e| self.error(span, key, format!("layout '{text}': {e}")))
    }

    fn font(
        &self,
        key: &str,
        path: Option<&Spanned<String>>,
    ) -> Result<Option<PathBuf>, SpecError> {
        let Some(path) = path else { return Ok(None) };
        let full = self.dir.join(path.get_ref());
        if !full.is_file() {
            return Err(self.error(
                path.span(),
                key,
                format!("font file {} not found", full.display()),
            ));
        }
        Ok(Some(full))
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
                        format!("'{other}' is not a diagonal style: use lines or shaded"),
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
        Ok(Style {
            diagonals,
            window_shade,
        })
    }

    fn section(
        &self,
        index: usize,
        spanned: &Spanned<RawSection>,
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
        let size_span = section.size.as_ref().map_or(spanned.span(), |s| s.span());
        let box_shape = match &section.box_shape {
            Some(b) => Some(
                b.get_ref()
                    .parse::<BoxShape>()
                    .map_err(|e| self.error(b.span(), &key("box"), e.to_string()))?,
            ),
            None => None,
        };
        let regions = self.regions(section, &key("regions"))?;
        let mut check_regions = regions.clone();
        if variant.jigsaw && check_regions.is_none() && size <= crate::grid::MAX_SIZE {
            let ids: Vec<usize> = (0..size * size).map(|c| c / size.max(1)).collect();
            check_regions = RegionMap::from_ids(size, &ids).ok();
        }
        if !variant.jigsaw || check_regions.is_some() {
            Geometry::new(size, variant, box_shape, check_regions)
                .map_err(|e| self.error(size_span.clone(), &key("size"), e.to_string()))?;
        } else {
            return Err(self.error(
                size_span,
                &key("size"),
                format!("size {size} is not supported"),
            ));
        }
        let count = *section.count.get_ref();
        if count == 0 {
            return Err(self.error(section.count.span(), &key("count"), "must be at least 1"));
        }
        let mut request = Request::new(variant, size);
        request.box_shape = box_shape;
        request.regions = regions;
        request.target = self.target(section, &key)?;
        if let Some(s) = &section.symmetry {
            request.symmetry = s
                .get_ref()
                .parse::<Symmetry>()
                .map_err(|e| self.error(s.span(), &key("symmetry"), e))?;
        }
        request.givens = section.givens.as_ref().map(|g| *g.get_ref());
        let title = section
            .title
            .as_ref()
            .map_or_else(|| default_title(&request), |t| t.get_ref().clone());
        Ok(SectionPlan {
            title,
            count,
            request,
        })
    }

    fn regions(&self, section: &RawSection, key: &str) -> Result<Option<RegionMap>, SpecError> {
        let Some(path) = &section.regions else {
            return Ok(None);
        };
        let full = self.dir.join(path.get_ref());
        let text = std::fs::read_to_string(&full).map_err(|e| {
            self.error(
                path.span(),
                key,
                format!("cannot read {}: {e}", full.display()),
            )
        })?;
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
            (None, Some(s)) => parse_score_range(s.get_ref())
                .map(|(min, max)| Target::Score { min, max })
                .ok_or_else(|| {
                    self.error(
                        s.span(),
                        &key("score"),
                        format!(
                            "'{}' is not a score range: write MIN..MAX, for example \"3.0..4.4\"",
                            s.get_ref()
                        ),
                    )
                }),
            (None, None) => Ok(Target::Any),
        }
    }
}

/// ` (did you mean 'x'?)` when a known word is close.
fn suggestion(word: &str, known: &[&str]) -> String {
    did_you_mean(word, known).map_or_else(String::new, |k| format!(" (did you mean '{k}'?)"))
}

/// A section heading from what it holds: `Classic 9×9 — hard`.
fn default_title(request: &Request) -> String {
    let variant = request.variant.name();
    let mut name = variant[..1].to_uppercase() + &variant[1..];
    name.push_str(&format!(" {0}×{0}", request.size));
    match request.target {
        Target::Level(level) => format!("{name} — {level}"),
        Target::Score { min, max } => format!("{name} — score {min:.1} to {max:.1}"),
        Target::Any => name,
    }
}

/// `12mm`, `1.5 cm`, `0.5in`, `36pt` (or a bare number of millimetres) in millimetres.
pub fn parse_length(text: &str) -> Option<f64> {
    let text = text.trim();
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number.trim().parse().ok()?;
    let factor = match unit.trim() {
        "" | "mm" => 1.0,
        "cm" => 10.0,
        "in" => MM_PER_INCH,
        "pt" => MM_PER_POINT,
        _ => return None,
    };
    Some(value * factor)
}

/// `MIN..MAX` with `MIN <= MAX`.
pub fn parse_score_range(text: &str) -> Option<(f32, f32)> {
    let (min, max) = text.split_once("..")?;
    let min: f32 = min.trim().parse().ok()?;
    let max: f32 = max.trim().parse().ok()?;
    (min.is_finite() && max.is_finite() && min <= max).then_some((min, max))
}

#[cfg(test)]
mod tests;
