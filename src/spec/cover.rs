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

/// The design of a cover: how the front and back are composed and coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Deep blue, the title large at the top, a puzzle of the book on white under an orange
    /// badge with the count.
    Classic,
    /// Cream, a mosaic of the book's puzzles (one per section) on coloured cards.
    Mosaic,
    /// Amber, the count huge, a puzzle running off the bottom and the outer edge.
    Bold,
    /// Off-white, a fine frame, the title set quietly over a small puzzle in one colour.
    Minimal,
    /// One colour, the texts alone (the cover before themes).
    Plain,
}

impl Theme {
    /// The names the spec accepts, in the order of [`Theme::ALL`].
    pub const NAMES: [&'static str; 5] = ["classic", "mosaic", "bold", "minimal", "plain"];
    pub const ALL: [Theme; 5] = [
        Theme::Classic,
        Theme::Mosaic,
        Theme::Bold,
        Theme::Minimal,
        Theme::Plain,
    ];

    /// The theme's name, as the spec writes it.
    pub fn name(self) -> &'static str {
        let index = Theme::ALL.iter().position(|t| *t == self).unwrap_or(0);
        Theme::NAMES[index]
    }

    fn parse(name: &str) -> Option<Theme> {
        let index = Theme::NAMES.iter().position(|n| *n == name)?;
        Some(Theme::ALL[index])
    }
}

/// A checked `[cover]` table.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverSpec {
    pub paper: Paper,
    /// The design (default: classic).
    pub theme: Theme,
    /// Text for the back cover (blank lines start paragraphs).
    pub back_text: Option<String>,
    /// The heading over the back text (default: the title).
    pub back_heading: Option<String>,
    /// A colour filling the whole sheet, as red, green and blue (default: the theme's).
    pub background: Option<[u8; 3]>,
    /// The theme's second colour: badge, rules and coloured text (default: the theme's).
    pub accent: Option<[u8; 3]>,
    /// A PNG or JPEG for the front, scaled to fit between the title and the author.
    pub image: Option<CoverImage>,
    /// Where the texts printed on the cover are set in the spec.
    pub origin: CoverOrigin,
}

/// A front-cover picture: its file's bytes, its format and its size in pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverImage {
    pub bytes: std::sync::Arc<[u8]>,
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
}

/// The picture formats a cover takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
}

impl ImageFormat {
    /// The MIME type, for the SVG's data URL.
    pub fn mime(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
        }
    }
}

/// What a picture's header says: its format, size, and the bytes one pixel takes once
/// decoded (the decoder turns palettes into colour with transparency, and bits below 8 into
/// bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageHeader {
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    pub bytes_per_pixel: u32,
}

impl ImageHeader {
    /// The bytes of the decoded picture.
    pub fn decoded_bytes(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height) * u64::from(self.bytes_per_pixel)
    }
}

/// The header of a PNG (IHDR) or JPEG (start of frame).
pub fn image_header(bytes: &[u8]) -> Option<ImageHeader> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.get(12..16) == Some(b"IHDR") {
        let number = |at: usize| Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
        let (depth, colour) = (*bytes.get(24)?, *bytes.get(25)?);
        let channels = match colour {
            0 => 1,
            4 => 2,
            2 => 3,
            _ => 4,
        };
        let per_channel = if depth == 16 { 2 } else { 1 };
        return Some(ImageHeader {
            format: ImageFormat::Png,
            width: number(16)?,
            height: number(20)?,
            bytes_per_pixel: channels * per_channel,
        });
    }
    if bytes.starts_with(&[0xFF, 0xD8]) {
        let (width, height, components) = jpeg_frame(bytes)?;
        return Some(ImageHeader {
            format: ImageFormat::Jpeg,
            width,
            height,
            bytes_per_pixel: if components == 1 { 1 } else { 3 },
        });
    }
    None
}

/// Width, height and colour components from a JPEG's start-of-frame segment.
fn jpeg_frame(bytes: &[u8]) -> Option<(u32, u32, u8)> {
    let mut at = 2;
    while at + 9 < bytes.len() {
        if bytes[at] != 0xFF {
            return None;
        }
        let marker = bytes[at + 1];
        let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
        let frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if frame {
            let height = u16::from_be_bytes([bytes[at + 5], bytes[at + 6]]);
            let width = u16::from_be_bytes([bytes[at + 7], bytes[at + 8]]);
            return Some((u32::from(width), u32::from(height), bytes[at + 9]));
        }
        at += 2 + length;
    }
    None
}

/// The largest side of a cover picture, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 20_000;
/// The most a cover picture may take once decoded: the picture decoder's own limit (512 MiB),
/// so a picture that passes the check is never refused by the decoder.
pub const MAX_IMAGE_BYTES: u64 = 512 << 20;

/// Why a picture is too large to decode, with the largest square of its kind that is not, and
/// what a print needs.
fn too_large(header: &ImageHeader) -> String {
    let mib = header.decoded_bytes() as f64 / f64::from(1 << 20);
    let side = (MAX_IMAGE_BYTES as f64 / f64::from(header.bytes_per_pixel)).sqrt() as u64;
    format!(
        "{} x {} pixels at {} bytes a pixel take {mib:.0} MiB decoded, more than the {} MiB a cover picture may take (about {side} x {side} pixels of this kind); scale it down: 300 pixels per inch of its printed size are enough (2550 x 3300 for a whole 8.5 x 11 in front)",
        header.width,
        header.height,
        header.bytes_per_pixel,
        MAX_IMAGE_BYTES >> 20
    )
}

/// Line and column of each key whose text the cover prints (and of the table itself).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CoverOrigin {
    pub table: Option<(usize, usize)>,
    pub title: Option<(usize, usize)>,
    pub subtitle: Option<(usize, usize)>,
    pub author: Option<(usize, usize)>,
    pub back_text: Option<(usize, usize)>,
    pub back_heading: Option<(usize, usize)>,
    pub background: Option<(usize, usize)>,
    pub accent: Option<(usize, usize)>,
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
            theme: self.theme(raw.theme.as_ref())?,
            back_text: raw.back_text.as_ref().map(|t| t.get_ref().clone()),
            back_heading: raw.back_heading.as_ref().map(|t| t.get_ref().clone()),
            background: self.colour("cover.background", raw.background.as_ref())?,
            accent: self.colour("cover.accent", raw.accent.as_ref())?,
            image: self.cover_image(raw.image.as_ref())?,
            origin: CoverOrigin {
                table: at(Some(table.span())),
                title: at(Some(book.title.span())),
                subtitle: at(book.subtitle.as_ref().map(Spanned::span)),
                author: at(book.author.as_ref().map(Spanned::span)),
                back_text: at(raw.back_text.as_ref().map(Spanned::span)),
                back_heading: at(raw.back_heading.as_ref().map(Spanned::span)),
                background: at(raw.background.as_ref().map(Spanned::span)),
                accent: at(raw.accent.as_ref().map(Spanned::span)),
            },
        })
    }

    /// Reads `cover.image` (relative to the spec): a PNG or JPEG of at most 64 MiB and
    /// 20,000 pixels a side.
    fn cover_image(&self, path: Option<&Spanned<String>>) -> Result<Option<CoverImage>, SpecError> {
        let Some(path) = path else {
            return Ok(None);
        };
        let full = self.dir.join(path.get_ref());
        self.refuse_special(&full, path.span(), "cover.image", "a PNG or JPEG picture")?;
        let bytes = crate::input::read_bytes(&full).map_err(|e| {
            let error = self.error(
                path.span(),
                "cover.image",
                format!("cannot read {}: {e}", full.display()),
            );
            if e.is_io() { error.unreadable() } else { error }
        })?;
        let bad = |why: &str| {
            self.error(
                path.span(),
                "cover.image",
                format!("{}: {why}", full.display()),
            )
        };
        let header = image_header(&bytes).ok_or_else(|| bad("not a PNG or JPEG picture"))?;
        let ImageHeader {
            format,
            width,
            height,
            ..
        } = header;
        if width == 0 || height == 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE {
            return Err(bad(&format!(
                "{width} x {height} pixels is out of range: 1 to {MAX_IMAGE_SIDE} a side"
            )));
        }
        if header.decoded_bytes() > MAX_IMAGE_BYTES {
            return Err(bad(&too_large(&header)));
        }
        let mut warnings = Vec::new();
        if let Err(why) = printpdf::RawImage::decode_from_bytes(&bytes, &mut warnings) {
            return Err(bad(&format!(
                "the picture cannot be read ({})",
                crate::grid::text::shown_text(&why)
            )));
        }
        Ok(Some(CoverImage {
            bytes: bytes.into(),
            format,
            width,
            height,
        }))
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
                    "unknown paper {}{hint}: use {}",
                    crate::grid::text::shown_text(paper.get_ref()),
                    Paper::NAMES.join(", ")
                ),
            )
        })
    }

    fn theme(&self, theme: Option<&Spanned<String>>) -> Result<Theme, SpecError> {
        let Some(theme) = theme else {
            return Ok(Theme::Classic);
        };
        let name = theme.get_ref().trim().to_ascii_lowercase();
        Theme::parse(&name).ok_or_else(|| {
            let hint = super::suggestion(&name, &Theme::NAMES);
            self.error(
                theme.span(),
                "cover.theme",
                format!(
                    "unknown theme {}{hint}: use {}",
                    crate::grid::text::shown_text(theme.get_ref()),
                    Theme::NAMES.join(", ")
                ),
            )
        })
    }

    fn colour(
        &self,
        key: &str,
        colour: Option<&Spanned<String>>,
    ) -> Result<Option<[u8; 3]>, SpecError> {
        let Some(colour) = colour else {
            return Ok(None);
        };
        parse_colour(colour.get_ref()).map(Some).ok_or_else(|| {
            self.error(
                colour.span(),
                key,
                format!(
                    "{} is not a colour: write #RRGGBB, such as \"#1d3557\"",
                    crate::grid::text::shown_text(colour.get_ref())
                ),
            )
        })
    }
}

/// `#RRGGBB` (case-insensitive) as red, green and blue.
pub fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.trim().strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
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
        for sign in ["#+1+2+3", "#-1-2-3", "#+0ffff"] {
            assert_eq!(parse_colour(sign), None, "{sign}");
        }
        assert_eq!(parse_colour(" #FFFFFF "), Some([255, 255, 255]));
        assert_eq!(parse_colour("1d3557"), None);
        assert_eq!(parse_colour("#1d355"), None);
        assert_eq!(parse_colour("#1d355g"), None);
        assert_eq!(parse_colour("#ééé"), None);
    }
}
