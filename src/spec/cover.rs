//! The `[cover]` table: the paper (which sets the spine width per page), the optional back text
//! and background colour, checked into a [`CoverSpec`] that remembers where the texts it
//! prints came from, so the layout can refuse one that does not fit with its line and key.

use std::ops::Range;

use toml::Spanned;

use super::Checker;
use super::error::SpecError;
use super::raw::{RawBook, RawCover};

/// The paper of a paperback, which sets the thickness of each page and so the spine width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    White,
    Cream,
    Color,
}

impl Paper {
    /// The names the spec accepts, in the order of [`Paper::ALL`].
    pub const NAMES: [&'static str; 3] = ["white", "cream", "color"];
    pub const ALL: [Paper; 3] = [Paper::White, Paper::Cream, Paper::Color];

    /// The spine width one page adds, in inches (KDP's figures).
    pub fn inches_per_page(self) -> f64 {
        match self {
            Paper::White => 0.002252,
            Paper::Cream => 0.0025,
            Paper::Color => 0.002347,
        }
    }

    fn parse(name: &str) -> Option<Paper> {
        let index = Paper::NAMES.iter().position(|n| *n == name)?;
        Some(Paper::ALL[index])
    }
}

/// A checked `[cover]` table.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverSpec {
    pub paper: Paper,
    /// Text for the back cover (blank lines start paragraphs).
    pub back_text: Option<String>,
    /// A colour filling the whole sheet, as red, green and blue.
    pub background: Option<[u8; 3]>,
    /// Where the texts printed on the cover are set in the spec.
    pub origin: CoverOrigin,
}

/// Line and column of each key whose text the cover prints (and of the table itself).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CoverOrigin {
    pub table: Option<(usize, usize)>,
    pub title: Option<(usize, usize)>,
    pub subtitle: Option<(usize, usize)>,
    pub author: Option<(usize, usize)>,
    pub back_text: Option<(usize, usize)>,
}

impl Checker<'_> {
    /// Checks the `[cover]` table of `book`.
    pub(super) fn cover(
        &self,
        table: &Spanned<RawCover>,
        book: &RawBook,
    ) -> Result<CoverSpec, SpecError> {
        let raw = table.get_ref();
        let at = |span: Option<Range<usize>>| self.position(span);
        Ok(CoverSpec {
            paper: self.paper(raw.paper.as_ref())?,
            back_text: raw.back_text.as_ref().map(|t| t.get_ref().clone()),
            background: self.background(raw.background.as_ref())?,
            origin: CoverOrigin {
                table: at(Some(table.span())),
                title: at(Some(book.title.span())),
                subtitle: at(book.subtitle.as_ref().map(Spanned::span)),
                author: at(book.author.as_ref().map(Spanned::span)),
                back_text: at(raw.back_text.as_ref().map(Spanned::span)),
            },
        })
    }

    fn paper(&self, paper: Option<&Spanned<String>>) -> Result<Paper, SpecError> {
        let Some(paper) = paper else {
            return Ok(Paper::White);
        };
        let name = paper.get_ref().trim().to_ascii_lowercase();
        Paper::parse(&name).ok_or_else(|| {
            let hint = super::suggestion(&name, &Paper::NAMES);
            self.error(
                paper.span(),
                "cover.paper",
                format!(
                    "unknown paper '{}'{hint}: use {}",
                    paper.get_ref(),
                    Paper::NAMES.join(", ")
                ),
            )
        })
    }

    fn background(&self, colour: Option<&Spanned<String>>) -> Result<Option<[u8; 3]>, SpecError> {
        let Some(colour) = colour else {
            return Ok(None);
        };
        parse_colour(colour.get_ref()).map(Some).ok_or_else(|| {
            self.error(
                colour.span(),
                "cover.background",
                format!(
                    "'{}' is not a colour: write #RRGGBB, such as \"#1d3557\"",
                    colour.get_ref()
                ),
            )
        })
    }
}

/// `#RRGGBB` (case-insensitive) as red, green and blue.
pub fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.trim().strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_six_hex_digits() {
        assert_eq!(parse_colour("#1d3557"), Some([0x1d, 0x35, 0x57]));
        assert_eq!(parse_colour(" #FFFFFF "), Some([255, 255, 255]));
        assert_eq!(parse_colour("1d3557"), None);
        assert_eq!(parse_colour("#1d355"), None);
        assert_eq!(parse_colour("#1d355g"), None);
        assert_eq!(parse_colour("#ééé"), None);
    }
}
