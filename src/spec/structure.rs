//! The book's structure keys: the copyright page (`[copyright]` with `text`, `isbn`, `year`), the
//! "This book belongs to" page (`belongs_to`), sections opening on right-hand pages (`recto`), the
//! puzzle label template (`label`) and turning the running header off (`header = false`).

use std::ops::Range;

use toml::Spanned;

use super::Checker;
use super::error::SpecError;
use super::raw::{RawBook, RawCopyright, RawHeader};

/// The placeholders a label template may hold.
pub const LABEL_PLACEHOLDERS: &[&str] = &["n", "level", "variant"];
/// The label when the spec sets none.
pub const DEFAULT_LABEL: &str = "#{n}";
/// The longest copyright text, in characters and in lines: it fits one page of every
/// built-in trim.
pub const MAX_COPYRIGHT_CHARS: usize = 1000;
pub const MAX_COPYRIGHT_LINES: usize = 12;
/// The years a copyright line may name.
const YEARS: std::ops::RangeInclusive<i64> = 1450..=9999;

/// The book's structure beyond its sections.
#[derive(Debug, Clone, PartialEq)]
pub struct Structure {
    /// The copyright page (page 2), when the spec has `[copyright]`.
    pub copyright: Option<Copyright>,
    /// A "This book belongs to" page after the copyright page.
    pub belongs_to: bool,
    /// Sections and the answers open on right-hand (odd) pages.
    pub recto: bool,
    /// The running header of puzzle and answer pages is drawn.
    pub running_header: bool,
    /// The puzzle label, `#{n}` by default.
    pub label: LabelTemplate,
}

impl Default for Structure {
    fn default() -> Structure {
        Structure {
            copyright: None,
            belongs_to: false,
            recto: false,
            running_header: true,
            label: LabelTemplate(DEFAULT_LABEL.to_string()),
        }
    }
}

/// The copyright page's text, ISBN (as written) and year.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Copyright {
    pub text: Option<String>,
    pub isbn: Option<String>,
    pub year: Option<i64>,
}

/// A checked label template: text with `{n}`, `{level}` and `{variant}` placeholders.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelTemplate(String);

impl LabelTemplate {
    /// The label of puzzle `number`, of this level and variant.
    pub fn fill(&self, number: usize, level: &str, variant: &str) -> String {
        self.0
            .replace("{n}", &number.to_string())
            .replace("{level}", level)
            .replace("{variant}", variant)
    }

    /// True for the label of a spec that sets none (`#{n}`).
    pub fn is_default(&self) -> bool {
        self.0 == DEFAULT_LABEL
    }

    /// True when the label shows the level itself (the note over the grid then leaves it out).
    pub fn shows_level(&self) -> bool {
        self.0.contains("{level}")
    }
}

/// The running header's text from `header = "text"` (`None`: the title, or no header).
pub fn header_text(raw: Option<Spanned<RawHeader>>) -> Option<String> {
    match raw.map(Spanned::into_inner) {
        Some(RawHeader::Text(text)) => Some(text),
        _ => None,
    }
}

impl Checker<'_> {
    /// The structure keys of the book.
    pub(super) fn structure(&self, raw: &mut RawBook) -> Result<Structure, SpecError> {
        let copyright = match raw.copyright.take() {
            Some(c) => Some(self.copyright(c)?),
            None => None,
        };
        let label = match &raw.label {
            Some(l) => self.label(l)?,
            None => LabelTemplate(DEFAULT_LABEL.to_string()),
        };
        Ok(Structure {
            copyright,
            belongs_to: raw.belongs_to.as_ref().is_some_and(|b| *b.get_ref()),
            recto: raw.recto.as_ref().is_some_and(|r| *r.get_ref()),
            running_header: !matches!(
                raw.header.as_ref().map(Spanned::get_ref),
                Some(RawHeader::On(false))
            ),
            label,
        })
    }

    fn copyright(&self, raw: RawCopyright) -> Result<Copyright, SpecError> {
        if let Some(text) = &raw.text {
            check_copyright_text(text.get_ref())
                .map_err(|why| self.error(text.span(), "copyright.text", why))?;
        }
        if let Some(isbn) = &raw.isbn {
            check_isbn(isbn.get_ref())
                .map_err(|why| self.error(isbn.span(), "copyright.isbn", why))?;
        }
        if let Some(year) = &raw.year
            && !YEARS.contains(year.get_ref())
        {
            let message = format!(
                "{} is not a year: use {} to {}",
                year.get_ref(),
                YEARS.start(),
                YEARS.end()
            );
            return Err(self.error(year.span(), "copyright.year", message));
        }
        Ok(Copyright {
            text: raw.text.map(Spanned::into_inner),
            isbn: raw.isbn.map(|i| i.into_inner().trim().to_string()),
            year: raw.year.map(Spanned::into_inner),
        })
    }

    fn label(&self, raw: &Spanned<String>) -> Result<LabelTemplate, SpecError> {
        let text = raw.get_ref();
        check_label(text).map_err(|why| self.label_error(raw.span(), &why))?;
        Ok(LabelTemplate(text.clone()))
    }

    fn label_error(&self, span: Range<usize>, why: &str) -> SpecError {
        self.error(span, "label", why.to_string())
    }
}

/// Refuses a copyright text too long for one page.
fn check_copyright_text(text: &str) -> Result<(), String> {
    let chars = text.chars().count();
    let lines = text.lines().count();
    if chars > MAX_COPYRIGHT_CHARS {
        return Err(format!(
            "{chars} characters do not fit the copyright page: write at most {MAX_COPYRIGHT_CHARS}"
        ));
    }
    if lines > MAX_COPYRIGHT_LINES {
        return Err(format!(
            "{lines} lines do not fit the copyright page: write at most {MAX_COPYRIGHT_LINES}"
        ));
    }
    Ok(())
}

/// Refuses a label with an unknown or unclosed placeholder.
pub fn check_label(text: &str) -> Result<(), String> {
    let known = || {
        LABEL_PLACEHOLDERS
            .iter()
            .map(|p| format!("{{{p}}}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        let after = &rest[open + 1..];
        if rest[open..].starts_with('}') {
            return Err(format!(
                "a '}}' without its '{{': placeholders are {}",
                known()
            ));
        }
        let Some(close) = after.find('}') else {
            return Err(format!(
                "a '{{' without its '}}': placeholders are {}",
                known()
            ));
        };
        let name = &after[..close];
        if !LABEL_PLACEHOLDERS.contains(&name) {
            return Err(format!("unknown placeholder '{{{name}}}': use {}", known()));
        }
        rest = &after[close + 1..];
    }
    Ok(())
}

/// Refuses text that is not an ISBN-10 or ISBN-13 with its check digit (hyphens and spaces
/// allowed).
pub fn check_isbn(text: &str) -> Result<(), String> {
    let symbols: Vec<char> = text.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    let bad = |why: String| {
        Err(format!(
            "{} is not an ISBN: {why}",
            crate::grid::text::shown_text(text)
        ))
    };
    if let Some(c) = symbols
        .iter()
        .enumerate()
        .find(|&(i, c)| {
            !(c.is_ascii_digit() || (*c == 'X' || *c == 'x') && i == 9 && symbols.len() == 10)
        })
        .map(|(_, c)| c)
    {
        return bad(format!(
            "'{c}' is not a digit (write 10 or 13 digits; hyphens and spaces are allowed)"
        ));
    }
    let digits: Vec<u32> = symbols
        .iter()
        .map(|c| c.to_digit(10).unwrap_or(10))
        .collect();
    let expected = match digits.len() {
        10 => isbn10_check(&digits[..9]),
        13 if !matches!(digits[..3], [9, 7, 8] | [9, 7, 9]) => {
            return bad(
                "an ISBN-13 starts with 978 or 979 (this is another kind of EAN-13 barcode)".into(),
            );
        }
        13 => isbn13_check(&digits[..12]),
        n => return bad(format!("it has {n} digits; an ISBN has 10 or 13")),
    };
    let given = digits[digits.len() - 1];
    if given != expected {
        let show = |d: u32| {
            if d == 10 {
                'X'
            } else {
                char::from_digit(d, 10).unwrap_or('?')
            }
        };
        return bad(format!(
            "the check digit is {} but should be {}",
            show(given),
            show(expected)
        ));
    }
    Ok(())
}

/// The ISBN-10 check digit of the first nine digits (10 stands for X).
fn isbn10_check(digits: &[u32]) -> u32 {
    let sum: u32 = digits.iter().zip((2..=10).rev()).map(|(d, w)| d * w).sum();
    (11 - sum % 11) % 11
}

/// The ISBN-13 check digit of the first twelve digits.
fn isbn13_check(digits: &[u32]) -> u32 {
    let sum: u32 = digits
        .iter()
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { *d } else { d * 3 })
        .sum();
    (10 - sum % 10) % 10
}
