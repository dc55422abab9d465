//! Text on pages: font sizes in points, lines measured with the book's fonts, greedy word
//! wrapping, and the positioned pieces of a page ([`Placed`]) that the renderer draws.

use super::page::Rect;
use super::style::PlacedGrid;
use crate::fonts::FontSet;
use crate::units::Pt;

pub use sudoku_draw::scene::{Anchor, Grey, Paint, Picture, Rgb};

/// A line of text whose baseline passes through `y`; `size` in millimetres.
#[derive(Debug, Clone, PartialEq)]
pub struct TextLine {
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub bold: bool,
    pub anchor: Anchor,
    pub paint: Paint,
    pub text: String,
}

/// One positioned piece of a page.
#[derive(Debug, Clone, PartialEq)]
pub enum Placed {
    Text(TextLine),
    /// A straight black line of `width` millimetres.
    Rule {
        x1: f64,
        y1: f64,
        x2: f64,
        y2: f64,
        width: f64,
    },
    /// A grid with its digits and its resolved style.
    Grid(Box<PlacedGrid>),
    /// A rectangle filled with a colour (a cover's background).
    Fill {
        at: Rect,
        colour: Rgb,
    },
    /// A line of text turned a quarter clockwise (reading top to bottom, as on a spine): its
    /// baseline is the vertical line through `x`, and `anchor` places it along `y`.
    Turned(TextLine),
    /// A picture scaled into `at` (its aspect kept by the layout).
    Picture {
        at: Rect,
        picture: Picture,
    },
    /// A closed shape through `points` (a difficulty star): filled, or outlined `width`
    /// millimetres wide.
    Shape {
        points: Vec<(f64, f64)>,
        filled: bool,
        width: f64,
        paint: Paint,
    },
    /// One value of a grid outside a grid (a cover's cells being solved) as its symbol set
    /// prints it, centred on `(x, y)`; `size` is the digit size, `cap_height` the font's.
    Glyph {
        glyph: crate::symbols::Glyph,
        x: f64,
        y: f64,
        size: f64,
        paint: Paint,
        cap_height: f64,
    },
}

impl Placed {
    /// The same piece moved right by `dx` and down by `dy` millimetres.
    pub fn shifted(mut self, dx: f64, dy: f64) -> Placed {
        match &mut self {
            Placed::Text(line) | Placed::Turned(line) => {
                line.x += dx;
                line.y += dy;
            }
            Placed::Rule { x1, y1, x2, y2, .. } => {
                *x1 += dx;
                *x2 += dx;
                *y1 += dy;
                *y2 += dy;
            }
            Placed::Grid(grid) => {
                grid.at.x += dx;
                grid.at.y += dy;
            }
            Placed::Fill { at, .. } | Placed::Picture { at, .. } => {
                at.x += dx;
                at.y += dy;
            }
            Placed::Shape { points, .. } => {
                for (x, y) in points {
                    *x += dx;
                    *y += dy;
                }
            }
            Placed::Glyph { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
        }
        self
    }
}

/// Text set to fit its box: the size it got and its lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    pub font: Font,
    pub lines: Vec<String>,
}

/// The smallest text size anything is shrunk to, in points.
pub const TEXT_FLOOR: f64 = 7.0;

/// A font choice: size in points and weight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Font {
    pub points: f64,
    pub bold: bool,
}

impl Font {
    pub const fn regular(points: f64) -> Font {
        Font {
            points,
            bold: false,
        }
    }

    pub const fn bold(points: f64) -> Font {
        Font { points, bold: true }
    }

    /// The size in millimetres.
    pub fn mm(self) -> f64 {
        Pt(self.points).to_mm().0
    }

    /// Baseline-to-baseline distance for wrapped lines.
    pub fn leading(self) -> f64 {
        self.mm() * 1.35
    }
}

/// A lower bound on any glyph's advance, in em (the narrowest glyphs of text fonts, such as
/// `i`, `l` and the space, are a quarter em or wider).
const MIN_ADVANCE_EM: f64 = 0.2;

/// True when `text` cannot fit `lines` lines of `width` millimetres even at `floor` points: no
/// glyph is narrower than a fifth of an em, so a text longer than the box could hold of those
/// is refused before any wrapping (a megabyte-long title would otherwise be wrapped at every
/// size). Counts characters only as far as that bound.
pub fn too_long_for(text: &str, width: f64, lines: usize, floor: f64) -> bool {
    let narrowest = crate::units::Pt(floor).to_mm().0 * MIN_ADVANCE_EM;
    let room = ((width * lines as f64 + narrowest) / narrowest).floor();
    let most = if room.is_finite() && room >= 0.0 {
        room as usize
    } else {
        usize::MAX
    };
    text.chars().take(most.saturating_add(1)).count() > most
}

/// Measures and places text with the book's fonts.
#[derive(Debug, Clone, Copy)]
pub struct Typesetter<'a> {
    pub fonts: &'a FontSet,
}

impl Typesetter<'_> {
    /// Width of `text` in millimetres.
    pub fn width(&self, text: &str, font: Font) -> f64 {
        self.fonts.face(font.bold).width(text, font.mm())
    }

    /// A line of text.
    pub fn line(&self, x: f64, y: f64, font: Font, anchor: Anchor, text: &str) -> Placed {
        Placed::Text(TextLine {
            x,
            y,
            size: font.mm(),
            bold: font.bold,
            anchor,
            paint: Paint::BLACK,
            text: text.to_string(),
        })
    }

    /// Text set to fit a box: wrapped into at most `max_lines` lines no wider than `width`, at
    /// the font's size or, when that does not fit, the largest size down to `floor` points
    /// (in half points) that does. `None` when even the floor does not fit.
    pub fn fit(
        &self,
        text: &str,
        width: f64,
        font: Font,
        max_lines: usize,
        floor: f64,
    ) -> Option<Fitted> {
        if too_long_for(text, width, max_lines, floor) {
            return None;
        }
        let mut points = font.points;
        loop {
            let size = Font { points, ..font };
            let lines = self.wrap(text, width, size);
            let fits =
                lines.len() <= max_lines && lines.iter().all(|l| self.width(l, size) <= width);
            if fits {
                return Some(Fitted { font: size, lines });
            }
            if points <= floor {
                return None;
            }
            points = (points - 0.5).max(floor);
        }
    }

    /// Lines of fitted text from `top` (the top of the first line) down, anchored in `area`;
    /// returns the pieces and the height used.
    pub fn place_fitted(
        &self,
        area: Rect,
        top: f64,
        fitted: &Fitted,
        anchor: Anchor,
    ) -> (Vec<Placed>, f64) {
        let x = match anchor {
            Anchor::Start => area.x,
            Anchor::Middle => area.x + area.w / 2.0,
            Anchor::End => area.x + area.w,
        };
        let font = fitted.font;
        let placed = fitted
            .lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let baseline = top + font.mm() * 0.8 + i as f64 * font.leading();
                self.line(x, baseline, font, anchor, line)
            })
            .collect();
        (placed, fitted.lines.len() as f64 * font.leading())
    }

    /// Splits `text` into lines no wider than `width` (a word longer than the width gets a
    /// line of its own). Blank lines in the text start new paragraphs.
    pub fn wrap(&self, text: &str, width: f64, font: Font) -> Vec<String> {
        let mut lines = Vec::new();
        for paragraph in text.split('\n') {
            let mut line = String::new();
            for word in paragraph.split_whitespace() {
                let candidate = if line.is_empty() {
                    word.to_string()
                } else {
                    format!("{line} {word}")
                };
                if !line.is_empty() && self.width(&candidate, font) > width {
                    lines.push(std::mem::replace(&mut line, word.to_string()));
                } else {
                    line = candidate;
                }
            }
            lines.push(line);
        }
        lines
    }

    /// Lines of about even length: `text` wrapped as [`Typesetter::wrap`] does at `width`, then
    /// at the narrowest width that still gives as many lines, so no line is left with one
    /// short word ("250 Sudoku for the / Road" becomes "250 Sudoku / for the Road").
    pub fn wrap_balanced(&self, text: &str, width: f64, font: Font) -> Vec<String> {
        let lines = self.wrap(text, width, font);
        if lines.len() < 2 {
            return lines;
        }
        let widest = |lines: &[String]| {
            lines
                .iter()
                .map(|l| self.width(l, font))
                .fold(0.0, f64::max)
        };
        let (mut low, mut high) = (widest(&lines) / lines.len() as f64, width);
        for _ in 0..20 {
            let middle = (low + high) / 2.0;
            if self.wrap(text, middle, font).len() <= lines.len() {
                high = middle;
            } else {
                low = middle;
            }
        }
        let balanced = self.wrap(text, high, font);
        if let Some(phrased) = self.wrap_phrases(text, width, font, lines.len()) {
            return phrased;
        }
        if balanced.len() == lines.len() && widest(&balanced) <= width {
            balanced
        } else {
            lines
        }
    }

    /// `text` in exactly `count` lines no wider than `width`, as even as can be while no line
    /// but the last ends on a little word that leads into the next ("Sudoku for / the Weekend"
    /// becomes "Sudoku / for the Weekend"): the breaks of least cost, where a line's cost is
    /// its distance from an even share of the text squared and a little word at its end as much
    /// as a line the page's width off. `None` when the words do not fit `count` lines.
    fn wrap_phrases(
        &self,
        text: &str,
        width: f64,
        font: Font,
        count: usize,
    ) -> Option<Vec<String>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let n = words.len();
        if count < 2 || n < count || n > 40 {
            return None;
        }
        // Advances add up (no kerning), so a line's width is its words' and spaces' widths.
        let mut before = vec![0.0; n + 1];
        for (i, word) in words.iter().enumerate() {
            before[i + 1] = before[i] + self.width(word, font);
        }
        let space = self.width(" ", font);
        let line_width =
            |from: usize, to: usize| before[to] - before[from] + (to - from - 1) as f64 * space;
        let penalty = width * width;
        let target = line_width(0, n) / count as f64;
        // cost[k][i]: the least cost of the first i words in k lines, with where the last
        // line began.
        let mut cost = vec![vec![(f64::INFINITY, 0usize); n + 1]; count + 1];
        cost[0][0] = (0.0, 0);
        for k in 1..=count {
            for end in k..=n {
                for start in (k - 1)..end {
                    let (before, _) = cost[k - 1][start];
                    let w = line_width(start, end);
                    if !before.is_finite() || w > width {
                        continue;
                    }
                    let weak = end < n && k < count && is_little_word(words[end - 1]);
                    let total = before + (target - w).powi(2) + if weak { penalty } else { 0.0 };
                    if total < cost[k][end].0 {
                        cost[k][end] = (total, start);
                    }
                }
            }
        }
        if !cost[count][n].0.is_finite() {
            return None;
        }
        let mut lines = Vec::with_capacity(count);
        let (mut k, mut end) = (count, n);
        while k > 0 {
            let start = cost[k][end].1;
            lines.push(words[start..end].join(" "));
            (k, end) = (k - 1, start);
        }
        lines.reverse();
        Some(lines)
    }

    /// Splits `text` into lines no wider than `width`, as [`Typesetter::wrap`] does, and also
    /// cuts a word wider than the width (a long web address) into pieces that fit: for body
    /// text, which flows rather than shrinks.
    pub fn wrap_breaking(&self, text: &str, width: f64, font: Font) -> Vec<String> {
        let mut lines = Vec::new();
        for line in self.wrap(text, width, font) {
            if self.width(&line, font) <= width {
                lines.push(line);
                continue;
            }
            let mut piece = String::new();
            for ch in line.chars() {
                piece.push(ch);
                if piece.chars().count() > 1 && self.width(&piece, font) > width {
                    piece.pop();
                    lines.push(std::mem::replace(&mut piece, ch.to_string()));
                }
            }
            lines.push(piece);
        }
        lines
    }

    /// Wrapped text from `top` (the top of the first line) down; returns the pieces and the
    /// height used. A word wider than the area is cut ([`Typesetter::wrap_breaking`]).
    pub fn paragraph(
        &self,
        area: Rect,
        top: f64,
        font: Font,
        anchor: Anchor,
        text: &str,
    ) -> (Vec<Placed>, f64) {
        let x = match anchor {
            Anchor::Start => area.x,
            Anchor::Middle => area.x + area.w / 2.0,
            Anchor::End => area.x + area.w,
        };
        let lines = self.wrap_breaking(text, area.w, font);
        let placed = lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let baseline = top + font.mm() * 0.8 + i as f64 * font.leading();
                self.line(x, baseline, font, anchor, line)
            })
            .collect();
        (placed, lines.len() as f64 * font.leading())
    }
}

/// Articles, prepositions and conjunctions (English, German, French, Spanish) that lead into
/// the words after them: a title line should not end on one.
fn is_little_word(word: &str) -> bool {
    const LITTLE: &[&str] = &[
        "a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "with", "and", "or", "from",
        "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "für", "und", "mit",
        "von", "zu", "im", "am", "auf", "le", "la", "les", "un", "une", "du", "de", "pour", "et",
        "à", "au", "aux", "en", "sur", "el", "los", "las", "una", "del", "para", "y", "con", "al",
        "por",
    ];
    let word = word.trim_end_matches([',', ':', ';']).to_lowercase();
    LITTLE.contains(&word.as_str()) || word.ends_with('\'') || word.ends_with('’')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_line_within_the_width() {
        let fonts = FontSet::bundled();
        let set = Typesetter { fonts: &fonts };
        let font = Font::regular(10.0);
        let text = "Fill every empty cell so that each row, each column and each outlined region holds every digit exactly once.";
        let lines = set.wrap(text, 60.0, font);
        assert!(lines.len() >= 3, "{lines:?}");
        for line in &lines {
            assert!(set.width(line, font) <= 60.0, "{line}");
        }
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn blank_lines_start_paragraphs_and_long_words_stand_alone() {
        let fonts = FontSet::bundled();
        let set = Typesetter { fonts: &fonts };
        let lines = set.wrap("one\n\nSupercalifragilistic two", 10.0, Font::regular(10.0));
        assert_eq!(lines, ["one", "", "Supercalifragilistic", "two"]);
    }

    #[test]
    fn balanced_lines_leave_no_word_alone() {
        let fonts = FontSet::bundled();
        let set = Typesetter { fonts: &fonts };
        let font = Font::bold(30.0);
        let title = "250 Sudoku for the Road";
        let width = set.width("250 Sudoku for the", font) + 1.0;
        let greedy = set.wrap(title, width, font);
        assert_eq!(greedy, ["250 Sudoku for the", "Road"]);
        let balanced = set.wrap_balanced(title, width, font);
        assert_eq!(balanced.len(), 2);
        assert_eq!(balanced.join(" "), title);
        let (a, b) = (set.width(&balanced[0], font), set.width(&balanced[1], font));
        assert!(a.max(b) / a.min(b) < 1.6, "{balanced:?}");
        assert!(a.max(b) <= width);
    }

    /// Issue 45, minor: titles break at phrase boundaries, never after a little word that
    /// leads into the next line, in every language of the book.
    #[test]
    fn balanced_titles_break_between_phrases() {
        let fonts = FontSet::bundled();
        let set = Typesetter { fonts: &fonts };
        let font = Font::bold(30.0);
        let cases = [
            ("Sudoku for the Weekend", ["Sudoku", "for the Weekend"]),
            (
                "Sudoku für die ganze Familie",
                ["Sudoku", "für die ganze Familie"],
            ),
            ("Le grand livre de Sudoku", ["Le grand livre", "de Sudoku"]),
            ("Sudokus para el verano", ["Sudokus", "para el verano"]),
        ];
        for (title, expected) in cases {
            let width = set.width(title, font) * 0.75;
            let lines = set.wrap_balanced(title, width, font);
            assert_eq!(lines, expected, "{title}");
            assert!(lines.iter().all(|l| set.width(l, font) <= width));
        }
        // Three lines keep the rule too.
        let title = "The Big Book of Sudoku for the Whole Family";
        let width = set.width("for the Whole Family", font) + 1.0;
        let lines = set.wrap_balanced(title, width, font);
        assert_eq!(lines, ["The Big Book", "of Sudoku", "for the Whole Family"]);
    }

    #[test]
    fn body_text_cuts_a_word_wider_than_the_line() {
        let fonts = FontSet::bundled();
        let set = Typesetter { fonts: &fonts };
        let font = Font::regular(10.0);
        let word = "https://example.com/".repeat(10);
        let text = format!("see {word} for more");
        let lines = set.wrap_breaking(&text, 40.0, font);
        assert!(lines.len() > 4, "{lines:?}");
        for line in &lines {
            assert!(set.width(line, font) <= 40.0, "{line}");
        }
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
    }

    #[test]
    fn text_is_wrapped_then_shrunk_then_refused() {
        let fonts = FontSet::bundled();
        let set = Typesetter { fonts: &fonts };
        let font = Font::bold(30.0);
        let fitted = set.fit("Sudoku", 100.0, font, 1, TEXT_FLOOR).unwrap();
        assert_eq!(fitted.font, font);
        let long = "Sudoku for Every Day of the Year and Then Some More";
        let wrapped = set.fit(long, 100.0, font, 4, TEXT_FLOOR).unwrap();
        assert_eq!(wrapped.font, font, "wrapping comes first");
        assert!(wrapped.lines.len() > 1);
        let shrunk = set.fit(long, 100.0, font, 1, TEXT_FLOOR).unwrap();
        assert!(shrunk.font.points < 30.0 && shrunk.font.points >= TEXT_FLOOR);
        assert!(set.width(&shrunk.lines[0], shrunk.font) <= 100.0);
        assert_eq!(set.fit(&"W".repeat(200), 100.0, font, 1, TEXT_FLOOR), None);
    }
}
