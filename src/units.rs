//! Lengths with their unit: [`Mm`] (the unit of every page coordinate) and [`Pt`] (font sizes),
//! the one place where points, inches and millimetres are converted.

/// Millimetres per inch.
pub const MM_PER_INCH: f64 = 25.4;
/// Millimetres per typographic point (1/72 in).
pub const MM_PER_POINT: f64 = MM_PER_INCH / 72.0;

/// A length in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Mm(pub f64);

/// A length in typographic points.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Pt(pub f64);

impl Mm {
    /// A length given in inches.
    pub fn from_inches(inches: f64) -> Mm {
        Mm(inches * MM_PER_INCH)
    }

    /// The same length in points.
    pub fn to_pt(self) -> Pt {
        Pt(self.0 / MM_PER_POINT)
    }
}

impl Pt {
    /// The same length in millimetres.
    pub fn to_mm(self) -> Mm {
        Mm(self.0 * MM_PER_POINT)
    }
}

impl From<Pt> for Mm {
    fn from(pt: Pt) -> Mm {
        pt.to_mm()
    }
}

/// `12mm`, `1.5 cm`, `0.5in`, `36pt` (or a bare number of millimetres).
pub fn parse_length(text: &str) -> Option<Mm> {
    let text = text.trim();
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number.trim().parse().ok()?;
    let mm = match unit.trim() {
        "" | "mm" => value,
        "cm" => value * 10.0,
        "in" => Mm::from_inches(value).0,
        "pt" => Pt(value).to_mm().0,
        _ => return None,
    };
    Some(Mm(mm))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_round_trip() {
        assert_eq!(Mm::from_inches(1.0), Mm(25.4));
        assert!((Pt(72.0).to_mm().0 - 25.4).abs() < 1e-12);
        assert!((Mm(25.4).to_pt().0 - 72.0).abs() < 1e-12);
    }

    #[test]
    fn lengths_are_read_with_their_unit() {
        assert_eq!(parse_length("12mm"), Some(Mm(12.0)));
        assert_eq!(parse_length(" 1.5 cm "), Some(Mm(15.0)));
        assert_eq!(parse_length("0.5in"), Some(Mm(12.7)));
        assert_eq!(parse_length("7"), Some(Mm(7.0)));
        assert_eq!(parse_length("3 furlongs"), None);
        assert_eq!(parse_length("mm"), None);
    }
}
