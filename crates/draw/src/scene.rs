//! The format-neutral scene: a page as a list of primitives in millimetres, origin at the top
//! left, y downwards. Layout fills it; the SVG and PDF backends only translate it.

/// A grey level: 0.0 is black, 1.0 is white.
pub type Grey = f64;

/// A colour as red, green and blue, 0 to 255 each.
pub type Rgb = [u8; 3];

/// The ink of a piece: a grey level (the book's pages), or a colour (covers).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Paint {
    Grey(Grey),
    Rgb(Rgb),
}

impl Paint {
    /// Black.
    pub const BLACK: Paint = Paint::Grey(0.0);

    /// The colour a grey level becomes between `dark` (0.0) and `light` (1.0): how a grid drawn
    /// in greys is tinted into a cover's palette. A colour stays as it is.
    pub fn tinted(self, dark: Rgb, light: Rgb) -> Paint {
        match self {
            Paint::Grey(level) => {
                let t = level.clamp(0.0, 1.0);
                let mix =
                    |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
                Paint::Rgb([
                    mix(dark[0], light[0]),
                    mix(dark[1], light[1]),
                    mix(dark[2], light[2]),
                ])
            }
            colour => colour,
        }
    }
}

/// Horizontal placement of text relative to its anchor point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// A PNG or JPEG picture: its bytes, MIME type and size in pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    pub bytes: std::sync::Arc<[u8]>,
    pub mime: &'static str,
    pub width: u32,
    pub height: u32,
}

/// One drawing primitive.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A filled rectangle.
    Rect {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: Paint,
    },
    /// A straight line with square caps.
    Line {
        x1: f64,
        y1: f64,
        x2: f64,
        y2: f64,
        width: f64,
        paint: Paint,
    },
    /// A dashed straight line (dashes and gaps of `dash` millimetres, butt caps).
    Dashed {
        x1: f64,
        y1: f64,
        x2: f64,
        y2: f64,
        width: f64,
        paint: Paint,
        dash: f64,
    },
    /// Text whose baseline passes through `y`; `size` is the font size in millimetres.
    Text {
        x: f64,
        y: f64,
        size: f64,
        bold: bool,
        anchor: Anchor,
        /// Ink: grey 0.0 is black.
        paint: Paint,
        text: String,
    },
    /// A rectangle filled with a colour.
    Fill {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        colour: Rgb,
    },
    /// A PNG or JPEG picture scaled into the box.
    Picture {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        picture: Picture,
    },
    /// A closed polygon, filled and/or outlined (`(width, paint)` of the outline).
    Polygon {
        points: Vec<(f64, f64)>,
        fill: Option<Paint>,
        stroke: Option<(f64, Paint)>,
    },
    /// Text turned a quarter clockwise about `(x, y)`: it reads top to bottom, its baseline is
    /// the vertical line through `x`, and `anchor` places it along `y`.
    Turned {
        x: f64,
        y: f64,
        size: f64,
        bold: bool,
        anchor: Anchor,
        paint: Paint,
        text: String,
    },
}

impl Item {
    /// The same primitive with its greys turned into the mix of `dark` (black) and `light`
    /// (white): a grid drawn in greys, in a cover's colours.
    pub fn tinted(mut self, dark: Rgb, light: Rgb) -> Item {
        match &mut self {
            Item::Rect { fill: paint, .. }
            | Item::Line { paint, .. }
            | Item::Dashed { paint, .. }
            | Item::Text { paint, .. }
            | Item::Turned { paint, .. } => *paint = paint.tinted(dark, light),
            Item::Polygon { fill, stroke, .. } => {
                if let Some(fill) = fill {
                    *fill = fill.tinted(dark, light);
                }
                if let Some((_, paint)) = stroke {
                    *paint = paint.tinted(dark, light);
                }
            }
            Item::Fill { .. } | Item::Picture { .. } => {}
        }
        self
    }
}

/// A page of primitives, painted in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// Page width in millimetres.
    pub width: f64,
    /// Page height in millimetres.
    pub height: f64,
    /// What to paint, back to front.
    pub items: Vec<Item>,
}

impl Scene {
    /// An empty page.
    pub fn new(width: f64, height: f64) -> Scene {
        Scene {
            width,
            height,
            items: Vec::new(),
        }
    }

    /// Adds a primitive on top of the others.
    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    /// Moves every primitive by `(dx, dy)` millimetres.
    pub fn translate(&mut self, dx: f64, dy: f64) {
        for item in &mut self.items {
            match item {
                Item::Rect { x, y, .. }
                | Item::Text { x, y, .. }
                | Item::Fill { x, y, .. }
                | Item::Picture { x, y, .. }
                | Item::Turned { x, y, .. } => {
                    *x += dx;
                    *y += dy;
                }
                Item::Line { x1, y1, x2, y2, .. } | Item::Dashed { x1, y1, x2, y2, .. } => {
                    *x1 += dx;
                    *x2 += dx;
                    *y1 += dy;
                    *y2 += dy;
                }
                Item::Polygon { points, .. } => {
                    for (x, y) in points {
                        *x += dx;
                        *y += dy;
                    }
                }
            }
        }
    }
}
