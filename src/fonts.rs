//! The fonts a book is set in: the bundled Noto Sans (or the spec's own font files), parsed once,
//! with the metrics layout needs (advance widths, cap height) to centre digits and wrap text.
//! The PDF backend embeds these same bytes, so what is measured is what is printed.

use std::path::Path;

use printpdf::ParsedFont;

/// The bundled regular face (OFL; see `fonts/README.md`).
pub const BUNDLED_REGULAR: &[u8] = include_bytes!("../fonts/NotoSans-Regular.ttf");
/// The bundled bold face.
pub const BUNDLED_BOLD: &[u8] = include_bytes!("../fonts/NotoSans-Bold.ttf");

/// Cap height used when a font has no OS/2 table that gives one (Noto Sans: 0.714 em).
const DEFAULT_CAP_HEIGHT: f64 = 0.714;

/// A font file that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("font {file}: {message}")]
pub struct FontError {
    pub file: String,
    pub message: String,
}

/// One parsed face with its metrics.
#[derive(Debug, Clone)]
pub struct Face {
    /// The parsed font, as the PDF backend embeds it.
    pub parsed: ParsedFont,
    /// Height of capital letters and digits, in em.
    pub cap_height: f64,
    /// Family name for the SVG pages.
    pub family: String,
}

impl Face {
    /// Parses font bytes; `name` is used in messages.
    pub fn parse(bytes: &[u8], name: &str) -> Result<Face, FontError> {
        let mut warnings = Vec::new();
        let parsed = ParsedFont::from_bytes(bytes, 0, &mut warnings).ok_or_else(|| FontError {
            file: name.to_string(),
            message: "not a TrueType or OpenType font that can be read".into(),
        })?;
        if parsed.units_per_em == 0 || parsed.lookup_glyph_index('1' as u32).is_none() {
            return Err(FontError {
                file: name.to_string(),
                message: "the font has no digits".into(),
            });
        }
        let cap_height = cap_height(bytes, parsed.units_per_em).unwrap_or(DEFAULT_CAP_HEIGHT);
        let family = name_record(bytes, FAMILY_NAME)
            .or_else(|| parsed.font_name.clone())
            .unwrap_or_else(|| "Noto Sans".to_string());
        let mut parsed = parsed;
        // The PDF names the embedded face by its PostScript name (`NotoSans-Bold`), never by
        // a resource key.
        if let Some(name) = name_record(bytes, POSTSCRIPT_NAME).and_then(|n| postscript(&n)) {
            parsed.font_name = Some(name);
        }
        Ok(Face {
            parsed,
            cap_height,
            family,
        })
    }

    /// Whether the face has a glyph for `ch`.
    pub fn has_glyph(&self, ch: char) -> bool {
        self.parsed.lookup_glyph_index(ch as u32).is_some()
    }

    /// Advance width of `text` at `size` (any unit: the result is in the same unit).
    pub fn width(&self, text: &str, size: f64) -> f64 {
        let units: u32 = text.chars().map(|ch| self.advance_units(ch)).sum();
        f64::from(units) * size / f64::from(self.parsed.units_per_em)
    }

    fn advance_units(&self, ch: char) -> u32 {
        let glyph = self
            .parsed
            .lookup_glyph_index(ch as u32)
            .or_else(|| self.parsed.lookup_glyph_index('?' as u32))
            .unwrap_or(0);
        u32::from(self.parsed.get_glyph_width(glyph).unwrap_or(0))
    }
}

/// The `sCapHeight` of the OS/2 table (version 2 and later), in em.
fn cap_height(bytes: &[u8], units_per_em: u16) -> Option<f64> {
    let table = find_table(bytes, b"OS/2")?;
    let version = read_u16(table, 0)?;
    if version < 2 {
        return None;
    }
    let value = read_u16(table, 88)? as i16;
    (value > 0).then(|| f64::from(value) / f64::from(units_per_em))
}

/// The name table's family name (ID 1) and PostScript name (ID 6).
const FAMILY_NAME: u16 = 1;
const POSTSCRIPT_NAME: u16 = 6;

/// A PostScript name as PDF names a font: printable ASCII without spaces or delimiters, at
/// most 63 characters; `None` when nothing of it is left.
fn postscript(name: &str) -> Option<String> {
    let kept: String = name
        .chars()
        .filter(|c| c.is_ascii_graphic() && !"[](){}<>/%#".contains(*c))
        .take(63)
        .collect();
    (!kept.is_empty()).then_some(kept)
}

/// The font's name record `id` (Windows Unicode first, else Macintosh Roman).
fn name_record(bytes: &[u8], id: u16) -> Option<String> {
    let table = find_table(bytes, b"name")?;
    let count = usize::from(read_u16(table, 2)?);
    let strings = usize::from(read_u16(table, 4)?);
    let mut mac = None;
    for i in 0..count {
        let record = 6 + 12 * i;
        let field = |k: usize| read_u16(table, record + 2 * k);
        if field(3)? != id {
            continue;
        }
        let start = strings + usize::from(field(5)?);
        let raw = table.get(start..start + usize::from(field(4)?))?;
        match field(0)? {
            3 => {
                let units: Vec<u16> = raw
                    .chunks_exact(2)
                    .map(|pair| u16::from_be_bytes([pair[0], pair[1]]))
                    .collect();
                return String::from_utf16(&units).ok();
            }
            1 => mac = Some(raw.iter().map(|&b| char::from(b)).collect()),
            _ => {}
        }
    }
    mac
}

/// The bytes of a table of a single-face TrueType/OpenType file.
fn find_table<'a>(bytes: &'a [u8], tag: &[u8; 4]) -> Option<&'a [u8]> {
    let count = usize::from(read_u16(bytes, 4)?);
    (0..count).find_map(|i| {
        let record = 12 + 16 * i;
        if bytes.get(record..record + 4)? != tag {
            return None;
        }
        let offset = read_u32(bytes, record + 8)? as usize;
        let length = read_u32(bytes, record + 12)? as usize;
        bytes.get(offset..offset.checked_add(length)?)
    })
}

fn read_u16(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// The regular and bold faces of a book, and their source bytes.
#[derive(Debug, Clone)]
pub struct FontSet {
    pub regular: Face,
    pub bold: Face,
}

impl FontSet {
    /// The bundled Noto Sans pair.
    pub fn bundled() -> FontSet {
        // The bundled files are part of the build and tested; they always parse.
        let parse = |bytes: &[u8], name: &str| Face::parse(bytes, name).ok();
        match (
            parse(BUNDLED_REGULAR, "NotoSans-Regular.ttf"),
            parse(BUNDLED_BOLD, "NotoSans-Bold.ttf"),
        ) {
            (Some(regular), Some(bold)) => FontSet { regular, bold },
            _ => unreachable!("the bundled fonts are checked by tests"),
        }
    }

    /// The spec's fonts: `regular` and `bold` files when given, else the bundled faces (a
    /// regular file without a bold one is used for both).
    pub fn load(regular: Option<&Path>, bold: Option<&Path>) -> Result<FontSet, FontError> {
        let bundled = FontSet::bundled();
        let regular_face = match regular {
            Some(path) => read_face(path)?,
            None => bundled.regular,
        };
        let bold_face = match (bold, regular) {
            (Some(path), _) => read_face(path)?,
            (None, Some(_)) => regular_face.clone(),
            (None, None) => bundled.bold,
        };
        Ok(FontSet {
            regular: regular_face,
            bold: bold_face,
        })
    }

    /// The regular or the bold face.
    pub fn face(&self, bold: bool) -> &Face {
        if bold { &self.bold } else { &self.regular }
    }
}

fn read_face(path: &Path) -> Result<Face, FontError> {
    let name = path.display().to_string();
    let bytes = crate::input::read_bytes(path).map_err(|e| FontError {
        file: name.clone(),
        message: format!("cannot read it: {e}"),
    })?;
    Face::parse(&bytes, &name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_fonts_parse_with_digits_and_cap_height() {
        let fonts = FontSet::bundled();
        for face in [&fonts.regular, &fonts.bold] {
            for ch in "0123456789ABCDEFG#×·—".chars() {
                assert!(face.has_glyph(ch), "missing {ch}");
            }
            assert!(
                (face.cap_height - 0.714).abs() < 0.01,
                "{}",
                face.cap_height
            );
        }
    }

    #[test]
    fn digits_are_tabular_and_widths_scale_with_size() {
        let face = FontSet::bundled().regular;
        let one = face.width("1", 10.0);
        assert!((one - face.width("8", 10.0)).abs() < 1e-9);
        assert!((face.width("12", 10.0) - 2.0 * one).abs() < 1e-9);
        assert!((face.width("1", 20.0) - 2.0 * one).abs() < 1e-9);
        assert!(one > 4.0 && one < 7.0, "{one}");
    }

    #[test]
    fn a_file_that_is_not_a_font_is_refused_with_its_name() {
        let error = Face::parse(b"not a font at all", "bad.ttf").unwrap_err();
        assert_eq!(error.file, "bad.ttf");
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.ttf");
        let error = FontSet::load(Some(&missing), None).unwrap_err();
        assert!(error.message.contains("cannot read"), "{error}");
    }
}
