//! The `[print]` table: the standard the book's PDFs follow (`none`, PDF/X-1a:2001, PDF/X-4)
//! and the printer whose preset sets it with that printer's rules (the total ink limit, the
//! least distance of text and grids from the trim). `build --print` overrides the standard.

use std::ops::Range;

use toml::Spanned;

use super::Checker;
use super::error::SpecError;
use crate::units::MM_PER_INCH;

/// The print standard of the PDFs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Standard {
    /// Plain PDF, as KDP takes it (the files of a book without `[print]`, byte for byte).
    #[default]
    None,
    /// PDF/X-1a:2001: grey or CMYK only, no transparency, PDF 1.3, a registered condition.
    X1a,
    /// PDF/X-4: the output profile embedded, XMP metadata.
    X4,
}

impl Standard {
    /// The names the spec and `--print` accept, in the order of [`Standard::ALL`].
    pub const NAMES: [&'static str; 3] = ["none", "pdf/x-1a", "pdf/x-4"];
    pub const ALL: [Standard; 3] = [Standard::None, Standard::X1a, Standard::X4];

    /// The standard named `name` (also `pdf/x-1a:2001`, `x-1a`, any case).
    pub fn parse(name: &str) -> Option<Standard> {
        let name = name.trim().to_ascii_lowercase();
        let name = name.strip_prefix("pdf/").unwrap_or(&name);
        match name {
            "none" => Some(Standard::None),
            "x-1a" | "x-1a:2001" | "x1a" => Some(Standard::X1a),
            "x-4" | "x4" => Some(Standard::X4),
            _ => None,
        }
    }

    /// Its name as the spec writes it.
    pub fn name(self) -> &'static str {
        match self {
            Standard::None => "none",
            Standard::X1a => "pdf/x-1a",
            Standard::X4 => "pdf/x-4",
        }
    }
}

/// A printer whose preset sets the standard and its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Printer {
    /// Amazon KDP: plain PDF, KDP's page rules (the book's `kdp-*` trims).
    Kdp,
    /// IngramSpark and Lightning Source: PDF/X-1a:2001, 240 % ink, 0.5 in from the trim.
    IngramSpark,
    /// A sheet-fed or web offset printer: PDF/X-4, 300 % ink.
    Offset,
}

impl Printer {
    /// The names the spec accepts, in the order of [`Printer::ALL`].
    pub const NAMES: [&'static str; 3] = ["kdp", "ingramspark", "offset"];
    pub const ALL: [Printer; 3] = [Printer::Kdp, Printer::IngramSpark, Printer::Offset];

    fn parse(name: &str) -> Option<Printer> {
        let name = name.trim().to_ascii_lowercase();
        Printer::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The standard the printer asks for.
    pub fn standard(self) -> Standard {
        match self {
            Printer::Kdp => Standard::None,
            Printer::IngramSpark => Standard::X1a,
            Printer::Offset => Standard::X4,
        }
    }

    /// The most ink the printer takes on any spot, in percent (cyan + magenta + yellow +
    /// black).
    pub fn ink_limit(self) -> u32 {
        match self {
            Printer::Kdp | Printer::IngramSpark => 240,
            Printer::Offset => 300,
        }
    }

    /// How far text and grids must stay from the trim, in millimetres, where the printer says
    /// so (IngramSpark: 0.5 in).
    pub fn least_margin(self) -> Option<f64> {
        match self {
            Printer::IngramSpark => Some(0.5 * MM_PER_INCH),
            Printer::Kdp | Printer::Offset => None,
        }
    }

    /// Its name as the spec writes it.
    pub fn name(self) -> &'static str {
        match self {
            Printer::Kdp => "kdp",
            Printer::IngramSpark => "ingramspark",
            Printer::Offset => "offset",
        }
    }
}

/// The checked `[print]` table.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PrintSpec {
    pub standard: Standard,
    /// The printer named, if any.
    pub printer: Option<Printer>,
    /// The most ink on any spot of a CMYK page, in percent.
    pub ink_limit: u32,
    /// How far text and grids stay from the trim, in millimetres (`None`: the page rules
    /// alone).
    pub least_margin: Option<f64>,
}

impl PrintSpec {
    /// Whether the PDFs are PDF/X.
    pub fn is_pdfx(&self) -> bool {
        self.standard != Standard::None
    }
}

/// The least and the most total ink limit the spec takes, in percent.
pub const INK_LIMITS: (u32, u32) = (200, 400);

/// `[print]` as written.
#[derive(Debug, serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawPrint {
    pub standard: Option<Spanned<String>>,
    pub printer: Option<Spanned<String>>,
    pub ink_limit: Option<Spanned<i64>>,
}

impl Checker<'_> {
    /// Checks `[print]`: the printer's preset, then the standard and ink limit written over it.
    pub(super) fn print(&self, raw: Option<&RawPrint>) -> Result<PrintSpec, SpecError> {
        let Some(raw) = raw else {
            return Ok(PrintSpec {
                ink_limit: Printer::Kdp.ink_limit(),
                ..PrintSpec::default()
            });
        };
        let printer = match &raw.printer {
            Some(name) => Some(self.named(
                ("print.printer", "printer"),
                name,
                Printer::parse,
                &Printer::NAMES,
            )?),
            None => None,
        };
        let standard = match &raw.standard {
            Some(name) => self.named(
                ("print.standard", "print standard"),
                name,
                Standard::parse,
                &Standard::NAMES,
            )?,
            None => printer.map_or(Standard::None, Printer::standard),
        };
        let ink_limit = match &raw.ink_limit {
            Some(limit) => self.ink_limit(limit)?,
            None => printer.unwrap_or(Printer::Kdp).ink_limit(),
        };
        Ok(PrintSpec {
            standard,
            printer,
            ink_limit,
            least_margin: printer.and_then(Printer::least_margin),
        })
    }

    /// The value of `key` (a `what`) among `names`.
    fn named<T>(
        &self,
        (key, what): (&str, &str),
        name: &Spanned<String>,
        parse: impl Fn(&str) -> Option<T>,
        names: &[&str],
    ) -> Result<T, SpecError> {
        parse(name.get_ref()).ok_or_else(|| {
            let lower = name.get_ref().trim().to_ascii_lowercase();
            let hint = super::suggestion(&lower, names);
            let shown = crate::grid::text::shown_text(name.get_ref());
            let span: Range<usize> = name.span();
            self.error(
                span,
                key,
                format!("unknown {what} {shown}{hint}: use {}", names.join(", ")),
            )
        })
    }

    fn ink_limit(&self, limit: &Spanned<i64>) -> Result<u32, SpecError> {
        let (least, most) = INK_LIMITS;
        match u32::try_from(*limit.get_ref()) {
            Ok(value) if (least..=most).contains(&value) => Ok(value),
            _ => Err(self.error(
                limit.span(),
                "print.ink_limit",
                format!(
                    "{} % is not a total ink limit: give a percentage from {least} to {most} (IngramSpark asks for 240)",
                    limit.get_ref()
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standards_are_read_in_their_usual_spellings() {
        assert_eq!(Standard::parse("PDF/X-1a:2001"), Some(Standard::X1a));
        assert_eq!(Standard::parse(" pdf/x-1a "), Some(Standard::X1a));
        assert_eq!(Standard::parse("x-4"), Some(Standard::X4));
        assert_eq!(Standard::parse("none"), Some(Standard::None));
        assert_eq!(Standard::parse("pdf/x-3"), None);
        for standard in Standard::ALL {
            assert_eq!(Standard::parse(standard.name()), Some(standard));
        }
    }

    #[test]
    fn each_printer_has_its_preset() {
        assert_eq!(Printer::IngramSpark.standard(), Standard::X1a);
        assert_eq!(Printer::IngramSpark.ink_limit(), 240);
        assert_eq!(Printer::IngramSpark.least_margin(), Some(12.7));
        assert_eq!(Printer::Offset.standard(), Standard::X4);
        assert_eq!(Printer::Kdp.standard(), Standard::None);
        for printer in Printer::ALL {
            assert_eq!(Printer::parse(printer.name()), Some(printer));
        }
    }
}
