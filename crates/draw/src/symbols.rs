//! Symbol sets: what a book prints for the values 1..=N of a grid — digits (the default),
//! letters, a word's letters (Wordoku), numbers 1–N, hexadecimal 0–F, pictures or colours with a
//! shape inside. Presentation only: the engine, the puzzle formats and `book.json` keep 1..=N.
//! The spec checks a set against each section's shape (`spec::symbols`); a word's letters are
//! placed per puzzle (`word_in`) from its solution, so the word can be read in its first row or
//! its diagonal. A leaf: layout and render draw from it without reading the spec.

use std::fmt;

/// The most symbols a word may have (the largest grid is 25×25).
pub const MAX_WORD: usize = 25;

/// A symbol set as the spec names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SymbolSet {
    /// 1–9, then A–P above 9 (the default).
    #[default]
    Digits,
    /// A, B, C…: the first N letters.
    Letters,
    /// The letters of a word, each once (`PLANTWISE`).
    Word(Word),
    /// 1 to N as numbers (two digits above 9): `1-16`.
    Numbers,
    /// 0 to N-1 in hexadecimal: `0-F`.
    Hex,
    /// Simple pictures drawn as vector shapes (star, heart, circle…).
    Pictures,
    /// A colour-blind-safe palette, each colour with its own shape inside (never colour alone).
    Colours,
}

/// A word's letters, upper case, in order (fixed size so that a set stays `Copy`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Word {
    letters: [char; MAX_WORD],
    len: usize,
}

impl Word {
    /// The word's letters.
    pub fn letters(&self) -> &[char] {
        &self.letters[..self.len]
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Word({})", self.letters().iter().collect::<String>())
    }
}

/// Where a Wordoku hides its word in the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WordPlace {
    /// The first row reads the word.
    FirstRow,
    /// One row of each puzzle reads the word, a different one from puzzle to puzzle (set by
    /// its solution, [`hidden_row`]), so the reader has to find it.
    AnyRow,
    /// The main diagonal (top left to bottom right) reads the word: diagonal variants only.
    Diagonal,
}

/// The most pictures (and colours) the built-in sets hold.
pub const MAX_PICTURES: usize = 9;

impl SymbolSet {
    /// Reads a spec value: `digits`, `letters`, `1-16`, `0-F`, `pictures`, `colours` (or
    /// `colors`), or a word of distinct letters.
    pub fn parse(text: &str) -> Result<SymbolSet, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "digits" | "1-9" => return Ok(SymbolSet::Digits),
            "letters" | "a-z" => return Ok(SymbolSet::Letters),
            "1-16" | "1-25" | "numbers" => return Ok(SymbolSet::Numbers),
            "0-f" | "hex" => return Ok(SymbolSet::Hex),
            "pictures" | "shapes" => return Ok(SymbolSet::Pictures),
            "colours" | "colors" => return Ok(SymbolSet::Colours),
            _ => {}
        }
        word(text).map(SymbolSet::Word)
    }

    /// Whether the set can print a grid of `size` symbols; why not otherwise.
    pub fn fits(&self, size: usize) -> Result<(), String> {
        match *self {
            SymbolSet::Digits | SymbolSet::Numbers => Ok(()),
            SymbolSet::Letters if size <= 26 => Ok(()),
            SymbolSet::Letters => Err(format!("there are only 26 letters for {size} symbols")),
            SymbolSet::Hex if size <= 16 => Ok(()),
            SymbolSet::Hex => Err(format!(
                "0-F has 16 symbols, and a {size}x{size} grid needs {size}: use 1-{size}"
            )),
            SymbolSet::Pictures | SymbolSet::Colours if size <= MAX_PICTURES => Ok(()),
            SymbolSet::Pictures | SymbolSet::Colours => Err(format!(
                "the built-in set has {MAX_PICTURES}, and a {size}x{size} grid needs {size}: pictures are for grids up to 9x9"
            )),
            SymbolSet::Word(word) if word.len == size => Ok(()),
            SymbolSet::Word(word) => Err(format!(
                "{:?} has {} letters, and a {size}x{size} grid needs {size}",
                word.letters().iter().collect::<String>(),
                word.len
            )),
        }
    }

    /// The set's symbols as printed for a grid of `size`, in value order (pictures and colours
    /// by name).
    pub fn names(&self, size: usize) -> Vec<String> {
        (1..=size as u8)
            .map(|value| match self.glyph(value, None) {
                Glyph::Text(text) => text.as_str().to_string(),
                Glyph::Picture(shape) => shape.name().to_string(),
                Glyph::Coloured(shape, colour) => format!("{} {}", colour.name, shape.name()),
            })
            .collect()
    }

    /// What value `value` (1..=N) prints as; `order` places a word's letters (letter `i` of the
    /// word for the value `order[i]`), `None` in the word's own order.
    pub fn glyph(&self, value: u8, order: Option<&[u8]>) -> Glyph {
        let index = usize::from(value.max(1)) - 1;
        match *self {
            SymbolSet::Digits => Glyph::text(&sudoku_engine::grid::digit_symbol(value).to_string()),
            SymbolSet::Letters => Glyph::text(&char::from(b'A' + index as u8).to_string()),
            SymbolSet::Numbers => Glyph::text(&value.to_string()),
            SymbolSet::Hex => Glyph::text(&format!("{:X}", index)),
            SymbolSet::Word(word) => {
                let at = order
                    .and_then(|order| order.iter().position(|&v| v == value))
                    .unwrap_or(index);
                Glyph::text(&word.letters().get(at).copied().unwrap_or('?').to_string())
            }
            SymbolSet::Pictures => Glyph::Picture(Shape::ALL[index % MAX_PICTURES]),
            SymbolSet::Colours => Glyph::Coloured(
                Shape::ALL[index % MAX_PICTURES],
                PALETTE[index % MAX_PICTURES],
            ),
        }
    }

    /// The strings key of the set's short name (`set_word`: `Wordoku`).
    pub fn key(&self) -> &'static str {
        match self {
            SymbolSet::Digits => "set_digits",
            SymbolSet::Letters => "set_letters",
            SymbolSet::Word(_) => "set_word",
            SymbolSet::Numbers => "set_numbers",
            SymbolSet::Hex => "set_hex",
            SymbolSet::Pictures => "set_pictures",
            SymbolSet::Colours => "set_colours",
        }
    }

    /// True for sets drawn as letters or numbers (text), false for pictures and colours.
    pub fn is_text(&self) -> bool {
        !matches!(self, SymbolSet::Pictures | SymbolSet::Colours)
    }
}

/// A word of distinct letters, upper-cased.
fn word(text: &str) -> Result<Word, String> {
    // Each letter as its capital when that is one letter (ß and ŉ have none: they stay).
    let typed: Vec<char> = text.trim().chars().collect();
    let letters: Vec<char> = typed.iter().map(|&c| capital(c)).collect();
    if letters.is_empty() || letters.iter().any(|c| !c.is_alphabetic()) {
        return Err(format!(
            "{} is not a symbol set: use digits, letters, 1-16, 0-F, pictures, colours, or a word of distinct letters (symbols = \"PLANTWISE\")",
            sudoku_engine::grid::text::shown_text(text)
        ));
    }
    if letters.len() > MAX_WORD {
        return Err(format!(
            "a word of {} letters is longer than the largest grid (25)",
            letters.len()
        ));
    }
    for (i, c) in letters.iter().enumerate() {
        if letters[..i].contains(c) {
            return Err(format!(
                "{} has {} twice: a word's letters must all be different, one for each symbol",
                sudoku_engine::grid::text::shown_text(text),
                typed[i]
            ));
        }
    }
    let mut fixed = [' '; MAX_WORD];
    fixed[..letters.len()].copy_from_slice(&letters);
    Ok(Word {
        letters: fixed,
        len: letters.len(),
    })
}

/// A letter's capital when it is one character (`ÿ` → `Ÿ`), the letter itself otherwise (`ß`,
/// whose capital is `SS`): how a word's letters and a line's symbols are compared.
pub fn capital(c: char) -> char {
    let mut upper = c.to_uppercase();
    match (upper.next(), upper.next()) {
        (Some(one), None) => one,
        _ => c,
    }
}

/// What a cell prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glyph {
    /// Up to two characters of text.
    Text(ShortText),
    /// A picture.
    Picture(Shape),
    /// A colour with a shape inside.
    Coloured(Shape, Colour),
}

impl Glyph {
    fn text(text: &str) -> Glyph {
        Glyph::Text(ShortText::new(text))
    }
}

/// Text of at most four bytes… kept inline so that a glyph is `Copy`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ShortText {
    bytes: [u8; 8],
    len: u8,
}

impl ShortText {
    fn new(text: &str) -> ShortText {
        let mut bytes = [0u8; 8];
        let mut len = 0;
        for c in text.chars() {
            let width = c.len_utf8();
            if len + width > bytes.len() {
                break;
            }
            c.encode_utf8(&mut bytes[len..]);
            len += width;
        }
        ShortText {
            bytes,
            len: len as u8,
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("?")
    }

    /// How many characters it has (a two-digit number is two).
    pub fn chars(&self) -> usize {
        self.as_str().chars().count()
    }
}

impl fmt::Debug for ShortText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// The built-in pictures: simple, clear, told apart by outline alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Star,
    Heart,
    Circle,
    Square,
    Triangle,
    Moon,
    Flower,
    Sun,
    Fish,
}

impl Shape {
    /// Every picture, in value order (value 1 is a star).
    pub const ALL: [Shape; MAX_PICTURES] = [
        Shape::Star,
        Shape::Heart,
        Shape::Circle,
        Shape::Square,
        Shape::Triangle,
        Shape::Moon,
        Shape::Flower,
        Shape::Sun,
        Shape::Fish,
    ];

    /// Its name, for rules text and the playable edition.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Star => "star",
            Shape::Heart => "heart",
            Shape::Circle => "circle",
            Shape::Square => "square",
            Shape::Triangle => "triangle",
            Shape::Moon => "moon",
            Shape::Flower => "flower",
            Shape::Sun => "sun",
            Shape::Fish => "fish",
        }
    }
}

impl Shape {
    /// The picture's outline: one closed polygon inside the square from (-0.5, -0.5) to
    /// (0.5, 0.5), y downwards, to be filled.
    pub fn outline(self) -> Vec<(f64, f64)> {
        use std::f64::consts::PI;
        let around = |points: usize, radius: &dyn Fn(f64) -> f64| -> Vec<(f64, f64)> {
            (0..points)
                .map(|i| {
                    let angle = -PI / 2.0 + 2.0 * PI * i as f64 / points as f64;
                    let r = radius(angle);
                    (r * angle.cos(), r * angle.sin())
                })
                .collect()
        };
        let spikes = |points: usize, outer: f64, inner: f64| {
            around(2 * points, &|a| {
                let step = PI / points as f64;
                let index = ((a + PI / 2.0) / step).round() as i64;
                if index % 2 == 0 { outer } else { inner }
            })
        };
        match self {
            Shape::Star => spikes(5, 0.5, 0.2),
            Shape::Sun => spikes(12, 0.48, 0.32),
            Shape::Circle => around(48, &|_| 0.44),
            // Four round petals: a silhouette no star or sun has, even at 5 mm.
            Shape::Flower => around(96, &|a| 0.2 + 0.27 * (2.0 * a).cos().abs().powf(0.6)),
            Shape::Square => vec![(-0.38, -0.38), (0.38, -0.38), (0.38, 0.38), (-0.38, 0.38)],
            Shape::Triangle => vec![(0.0, -0.44), (0.46, 0.38), (-0.46, 0.38)],
            Shape::Heart => heart(),
            Shape::Moon => moon(),
            Shape::Fish => fish(),
        }
    }
}

/// The classic heart curve, scaled into the square.
fn heart() -> Vec<(f64, f64)> {
    use std::f64::consts::PI;
    (0..64)
        .map(|i| {
            let t = 2.0 * PI * i as f64 / 64.0;
            let x = 16.0 * t.sin().powi(3);
            let y =
                13.0 * t.cos() - 5.0 * (2.0 * t).cos() - 2.0 * (3.0 * t).cos() - (4.0 * t).cos();
            (x / 34.0, -(y + 2.5) / 34.0)
        })
        .collect()
}

/// A crescent: the outer circle's left arc, then back along an inner circle set to the right.
fn moon() -> Vec<(f64, f64)> {
    let outer = 0.46;
    let tip = 55f64.to_radians();
    let (tip_x, tip_y) = (outer * tip.cos(), outer * tip.sin());
    let centre = 0.17;
    let inner = ((tip_x - centre).powi(2) + tip_y.powi(2)).sqrt();
    let reach = tip_y.atan2(tip_x - centre);
    let mut points: Vec<(f64, f64)> = (0..=40)
        .map(|i| {
            let a = tip + (2.0 * std::f64::consts::PI - 2.0 * tip) * i as f64 / 40.0;
            (outer * a.cos(), outer * a.sin())
        })
        .collect();
    points.extend((1..40).map(|i| {
        let a = -reach - (2.0 * std::f64::consts::PI - 2.0 * reach) * i as f64 / 40.0;
        (centre + inner * a.cos(), inner * a.sin())
    }));
    points
}

/// A fish facing right: an oval body and a forked tail.
fn fish() -> Vec<(f64, f64)> {
    let mut points: Vec<(f64, f64)> = (0..=30)
        .map(|i| {
            let t = (-150.0 + 300.0 * i as f64 / 30.0f64).to_radians();
            (0.07 + 0.4 * t.cos(), 0.28 * t.sin())
        })
        .collect();
    points.extend([(-0.5, 0.33), (-0.4, 0.0), (-0.5, -0.33)]);
    points
}

/// A colour of the colour set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colour {
    pub name: &'static str,
    /// Red, green, blue from 0 to 255.
    pub rgb: (u8, u8, u8),
}

/// The Okabe–Ito palette (readable by the colour-blind) and a dark grey: nine colours, each
/// printed with its own shape inside, so no cell is told by colour alone.
pub const PALETTE: [Colour; MAX_PICTURES] = [
    Colour {
        name: "orange",
        rgb: (230, 159, 0),
    },
    Colour {
        name: "sky blue",
        rgb: (86, 180, 233),
    },
    Colour {
        name: "green",
        rgb: (0, 158, 115),
    },
    Colour {
        name: "yellow",
        rgb: (240, 228, 66),
    },
    Colour {
        name: "blue",
        rgb: (0, 114, 178),
    },
    Colour {
        name: "vermilion",
        rgb: (213, 94, 0),
    },
    Colour {
        name: "purple",
        rgb: (204, 121, 167),
    },
    Colour {
        name: "grey",
        rgb: (120, 120, 120),
    },
    Colour {
        name: "black",
        rgb: (0, 0, 0),
    },
];

/// The order of a word's letters for one puzzle: the values of the place the word is hidden in
/// (its first row, the row [`hidden_row`] picks, or its main diagonal), so that place reads the
/// word.
pub fn word_order(place: WordPlace, solution: &sudoku_engine::grid::Grid, size: usize) -> Vec<u8> {
    let row = match place {
        WordPlace::AnyRow => hidden_row(solution, size),
        _ => 0,
    };
    (0..size)
        .map(|i| match place {
            WordPlace::FirstRow | WordPlace::AnyRow => solution.get(row * size + i),
            WordPlace::Diagonal => solution.get(i * size + i),
        })
        .collect()
}

/// The row of a puzzle that reads its hidden word with `word_in = "row"`: set by its solution
/// (an FNV-1a hash of its cells), so the same puzzle always hides it in the same row, and the
/// rows vary from puzzle to puzzle.
pub fn hidden_row(solution: &sudoku_engine::grid::Grid, size: usize) -> usize {
    let hash = solution
        .cells()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, &value| {
            (hash ^ u64::from(value)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    (hash % size.max(1) as u64) as usize
}

/// A section's symbols as the checker settles them: the set, and where a word is hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SectionSymbols {
    pub set: SymbolSet,
    pub word_in: Option<WordPlace>,
}

impl SectionSymbols {
    /// The set one puzzle prints with: a hidden word's letters placed by its solution.
    pub fn for_puzzle(&self, solution: &sudoku_engine::grid::Grid, size: usize) -> SymbolSet {
        match (self.set, self.word_in) {
            (SymbolSet::Word(word), Some(place)) => {
                SymbolSet::Word(word.placed(&word_order(place, solution, size)))
            }
            (set, _) => set,
        }
    }
}

/// Step explanations in a symbol set (now in the engine, where the page's module uses it too).
pub use sudoku_engine::logic::step_words::SymbolWords;

impl Word {
    /// The word with its letters moved so that value `order[i]` prints letter `i`.
    fn placed(&self, order: &[u8]) -> Word {
        let mut letters = self.letters;
        for (i, &value) in order.iter().enumerate() {
            let slot = usize::from(value.max(1)) - 1;
            if let (Some(&letter), true) = (self.letters().get(i), slot < self.len) {
                letters[slot] = letter;
            }
        }
        Word {
            letters,
            len: self.len,
        }
    }
}

#[cfg(test)]
mod tests {

    /// How many points or petals a picture has: the peaks of its radius along its outline.
    fn points(shape: Shape) -> usize {
        let radius: Vec<f64> = shape.outline().iter().map(|(x, y)| x.hypot(*y)).collect();
        let n = radius.len();
        (0..n)
            .filter(|&i| {
                let (before, here, after) =
                    (radius[(i + n - 1) % n], radius[i], radius[(i + 1) % n]);
                here > before + 1e-9 && here >= after
            })
            .count()
    }

    /// Issue 45, minor: the star and the flower read alike at 5 mm (five points, five
    /// petals); the pictures that radiate from their centre now have different counts — a
    /// five-pointed star, a four-petalled flower, a twelve-rayed sun.
    #[test]
    fn radiating_pictures_have_different_numbers_of_points() {
        assert_eq!(points(Shape::Star), 5);
        assert_eq!(points(Shape::Flower), 4);
        assert_eq!(points(Shape::Sun), 12);
    }

    use super::*;

    #[test]
    fn sets_are_read_and_checked_against_the_grid() {
        assert_eq!(SymbolSet::parse("Letters").unwrap(), SymbolSet::Letters);
        assert_eq!(SymbolSet::parse("1-16").unwrap(), SymbolSet::Numbers);
        assert_eq!(SymbolSet::parse("0-F").unwrap(), SymbolSet::Hex);
        assert_eq!(SymbolSet::parse("colors").unwrap(), SymbolSet::Colours);
        let word = SymbolSet::parse("plantwise").unwrap();
        assert!(word.fits(9).is_ok());
        assert!(word.fits(6).unwrap_err().contains("9 letters"));
        assert!(SymbolSet::parse("PLANTS").is_ok());
        assert!(SymbolSet::parse("LETTERSS").is_err());
        assert!(SymbolSet::parse("ABBA").unwrap_err().contains("B twice"));
        assert!(SymbolSet::parse("AB1").is_err());
        assert!(SymbolSet::Hex.fits(25).is_err());
        assert!(SymbolSet::Pictures.fits(9).is_ok());
        assert!(SymbolSet::Pictures.fits(12).is_err());
    }

    #[test]
    fn each_set_prints_its_own_symbols() {
        assert_eq!(SymbolSet::Letters.names(4), ["A", "B", "C", "D"]);
        assert_eq!(SymbolSet::Numbers.names(16)[9..11], ["10", "11"]);
        assert_eq!(SymbolSet::Hex.names(16)[..2], ["0", "1"]);
        assert_eq!(SymbolSet::Hex.names(16)[15], "F");
        assert_eq!(SymbolSet::Digits.names(12)[9], "A");
        assert_eq!(
            SymbolSet::Pictures.names(4),
            ["star", "heart", "circle", "square"]
        );
        assert_eq!(
            SymbolSet::Colours.names(2),
            ["orange star", "sky blue heart"]
        );
        // A word placed by a solution's first row: the row reads the word.
        let word = SymbolSet::parse("PLANTWISE").unwrap();
        let order = [3, 1, 4, 5, 9, 2, 6, 8, 7];
        let row: String = order
            .iter()
            .map(|&v| match word.glyph(v, Some(&order)) {
                Glyph::Text(t) => t.as_str().to_string(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(row, "PLANTWISE");
    }
}
