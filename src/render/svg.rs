//! The SVG backend: a scene as one SVG document in millimetres (`viewBox` in mm, so one user unit
//! is one millimetre). Numbers are written with at most two decimals, so the bytes are stable.

use svg::Document;
use svg::node::element::{Group, Line, Rectangle, Text};

use super::scene::{Anchor, Item, Paint, Scene};
use sudoku_draw::svg_text::{css, num, rgb};

/// Font families named in the SVG (the PDF embeds the bundled font itself).
const FONT_FAMILY: &str = "Noto Sans, DejaVu Sans, Arial, sans-serif";

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
