//! Numbers, colours and text as the SVG output writes them: at most two decimals and no
//! trailing zeros (stable bytes), paints as CSS colours, text escaped.

use crate::scene::{Paint, Rgb};

/// A number with at most two decimals and no trailing zeros (`12.5`, `3`, `0.33`).
pub fn num(value: f64) -> String {
    if let Some(text) = num_from_hundredths(value) {
        return text;
    }
    let text = format!("{:.2}", value);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// [`num`] without the float formatter (a book writes millions of numbers): the value in
/// hundredths, rounded as the formatter rounds the exact binary value. Near a half, a product
/// with 100 may land on either side of it, so only exact ties (eighths) are taken there; `None`
/// for the others, and for values too large to count in hundredths exactly.
fn num_from_hundredths(value: f64) -> Option<String> {
    let scaled = value * 100.0;
    if !scaled.is_finite() || scaled.abs() >= 1e12 {
        return None;
    }
    let hundredths = if (scaled - scaled.floor() - 0.5).abs() >= 1e-6 {
        scaled.round()
    } else if (value * 8.0).fract() == 0.0 {
        // Eighths (a layout's usual halves and quarters) times 100 are exact, so a half here
        // is a true tie, which the formatter rounds to even.
        scaled.round_ties_even()
    } else {
        return None;
    } as i64;
    // Digits from the last: hundredths, tenths, then the whole part; zeros after the point
    // are left out from the end.
    let mut digits = [0u8; 24];
    let mut at = digits.len();
    let mut left = hundredths.unsigned_abs();
    let mut put = |byte: u8| {
        at -= 1;
        digits[at] = byte;
    };
    let (tenths, cents) = (left / 10 % 10, left % 10);
    if cents != 0 {
        put(b'0' + cents as u8);
    }
    if cents != 0 || tenths != 0 {
        put(b'0' + tenths as u8);
        put(b'.');
    }
    left /= 100;
    loop {
        put(b'0' + (left % 10) as u8);
        left /= 10;
        if left == 0 {
            break;
        }
    }
    if hundredths < 0 {
        put(b'-');
    }
    Some(String::from_utf8_lossy(&digits[at..]).into_owned())
}

/// A grey level (0 black, 1 white) as a CSS colour.
pub fn grey(level: f64) -> String {
    let v = (level.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{v:02x}{v:02x}{v:02x}")
}

/// A paint as a CSS colour.
pub fn css(paint: Paint) -> String {
    match paint {
        Paint::Grey(level) => grey(level),
        Paint::Rgb(colour) => rgb(colour),
    }
}

/// A colour as CSS hex.
pub fn rgb([r, g, b]: Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(3.0), "3");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-12.345678), "-12.35");
        assert_eq!(num(0.05), "0.05");
        assert_eq!(num(-0.0), "0");
        assert_eq!(css(Paint::Grey(0.8)), "#cccccc");
    }

    #[test]
    fn numbers_from_hundredths_are_the_formatters() {
        // Halves, near-halves, signs, small and large values, and a pseudo-random sweep.
        let mut values = vec![
            0.0, -0.0, 0.125, 0.375, 2.675, -2.675, 1.005, 1e11, -7.5e9, 0.004,
        ];
        values.extend((-4000..4000).map(|eighths| f64::from(eighths) / 8.0));
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let unit = (x >> 11) as f64 / (1u64 << 53) as f64;
            values.push((unit - 0.5) * 2000.0);
            values.push(((unit * 100_000.0).round() / 1000.0) - 50.0);
        }
        for value in values {
            let text = format!("{:.2}", value);
            let text = text.trim_end_matches('0').trim_end_matches('.');
            let slow = if text == "-0" { "0" } else { text };
            assert_eq!(num(value), slow, "{value:e}");
        }
        assert_eq!(grey(0.8), "#cccccc");
        assert_eq!(rgb([29, 53, 87]), "#1d3557");
    }
}
