//! The SVG backend: a scene as one SVG document in millimetres (`viewBox` in mm, so one user unit
//! is one millimetre). Numbers are written with at most two decimals, so the bytes are stable.

use svg::Document;
use svg::node::element::{Group, Line, Rectangle, Text};

use super::scene::{Anchor, Item, Paint, Rgb, Scene};

/// Font families named in the SVG (the PDF embeds the bundled font itself).
const FONT_FAMILY: &str = "Noto Sans, DejaVu Sans, Arial, sans-serif";

/// A number with at most two decimals and no trailing zeros (`12.5`, `3`, `0.33`).
pub(crate) fn num(value: f64) -> String {
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
pub(crate) fn grey(level: f64) -> String {
    let v = (level.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{v:02x}{v:02x}{v:02x}")
}

/// A paint as a CSS colour.
pub(crate) fn css(paint: Paint) -> String {
    match paint {
        Paint::Grey(level) => grey(level),
        Paint::Rgb(colour) => rgb(colour),
    }
}

/// A straight line from `(x1, y1)` to `(x2, y2)`.
fn line_element([x1, y1, x2, y2]: [f64; 4], width: f64, paint: Paint) -> Line {
    Line::new()
        .set("x1", num(x1))
        .set("y1", num(y1))
        .set("x2", num(x2))
        .set("y2", num(y2))
        .set("stroke", css(paint))
        .set("stroke-width", num(width))
}

fn rgb([r, g, b]: Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// One line of text; `paint` is its ink (black is inherited from the text group).
fn text_element(
    x: f64,
    y: f64,
    size: f64,
    bold: bool,
    anchor: Anchor,
    paint: Paint,
    text: &str,
) -> Text {
    let anchor = match anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    let mut element = Text::new(text);
    let inherited = matches!(paint, Paint::Grey(level) if level <= 0.0);
    if !inherited {
        element = element.set("fill", css(paint));
    }
    element
        .set("x", num(x))
        .set("y", num(y))
        .set("font-size", num(size))
        .set("font-weight", if bold { "bold" } else { "normal" })
        .set("text-anchor", anchor)
}

/// The scene as an SVG document string, with the default font families.
pub fn to_svg(scene: &Scene) -> String {
    to_svg_with_family(scene, FONT_FAMILY)
}

/// The scene as an SVG document string whose text asks for `family` (a CSS font-family list).
pub fn to_svg_with_family(scene: &Scene, family: &str) -> String {
    let mut shapes = Group::new().set("stroke-linecap", "square");
    let mut texts = Group::new()
        .set("font-family", family)
        .set("fill", "#000000");
    for item in &scene.items {
        match item {
            Item::Rect { x, y, w, h, fill } => {
                shapes = shapes.add(
                    Rectangle::new()
                        .set("x", num(*x))
                        .set("y", num(*y))
                        .set("width", num(*w))
                        .set("height", num(*h))
                        .set("fill", css(*fill)),
                );
            }
            &Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                paint: level,
            } => shapes = shapes.add(line_element([x1, y1, x2, y2], width, level)),
            &Item::Dashed {
                x1,
                y1,
                x2,
                y2,
                width,
                paint: level,
                dash,
            } => {
                shapes = shapes.add(
                    line_element([x1, y1, x2, y2], width, level)
                        .set("stroke-dasharray", num(dash))
                        .set("stroke-linecap", "butt"),
                );
            }
            Item::Text {
                x,
                y,
                size,
                bold,
                anchor,
                paint: level,
                text,
            } => {
                texts = texts.add(text_element(*x, *y, *size, *bold, *anchor, *level, text));
            }
            Item::Fill { x, y, w, h, colour } => {
                shapes = shapes.add(
                    Rectangle::new()
                        .set("x", num(*x))
                        .set("y", num(*y))
                        .set("width", num(*w))
                        .set("height", num(*h))
                        .set("fill", rgb(*colour)),
                );
            }
            Item::Picture {
                x,
                y,
                w,
                h,
                picture,
            } => {
                let href = format!("data:{};base64,{}", picture.mime, base64(&picture.bytes));
                shapes = shapes.add(
                    svg::node::element::Image::new()
                        .set("x", num(*x))
                        .set("y", num(*y))
                        .set("width", num(*w))
                        .set("height", num(*h))
                        .set("preserveAspectRatio", "none")
                        .set("href", href),
                );
            }
            Item::Polygon {
                points,
                fill,
                stroke,
            } => {
                let list: Vec<String> = points
                    .iter()
                    .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
                    .collect();
                let mut polygon = svg::node::element::Polygon::new()
                    .set("points", list.join(" "))
                    .set("fill", fill.map_or_else(|| "none".to_string(), css));
                if let Some((width, paint)) = stroke {
                    polygon = polygon
                        .set("stroke", css(*paint))
                        .set("stroke-width", num(*width))
                        .set("stroke-linejoin", "round");
                }
                shapes = shapes.add(polygon);
            }
            Item::Turned {
                x,
                y,
                size,
                bold,
                anchor,
                paint: level,
                text,
            } => {
                let turn = format!("rotate(90 {} {})", num(*x), num(*y));
                let element = text_element(*x, *y, *size, *bold, *anchor, *level, text);
                texts = texts.add(element.set("transform", turn));
            }
        }
    }
    let document = Document::new()
        .set("width", format!("{}mm", num(scene.width)))
        .set("height", format!("{}mm", num(scene.height)))
        .set(
            "viewBox",
            format!("0 0 {} {}", num(scene.width), num(scene.height)),
        )
        .add(
            Rectangle::new()
                .set("width", num(scene.width))
                .set("height", num(scene.height))
                .set("fill", "#ffffff"),
        )
        .add(shapes)
        .add(texts);
    document.to_string() + "\n"
}

/// Standard base64 (with padding), for pictures embedded in the SVG as data URLs.
fn base64(bytes: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(TABLE[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
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
