//! The playable edition: one self-contained HTML page (`book.html`, `sudoku-book play`) with the
//! page's CSS and JavaScript inlined from `web/`, the engine itself as a WebAssembly module
//! (`web/engine.wasm`, gzipped, in base64: it checks the rules, finds hints from the player's
//! state and makes new puzzles in the page), and the puzzles as JSON — each with its shape
//! (houses, rules as the engine reads them, and the grid's lines and shading drawn by the same
//! code as the PDF), givens and solution. No network, no external file.

use std::collections::HashMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::grid::{Geometry, Grid, digit_symbol, rules_line};
use crate::logic::Technique;
use crate::logic::step_words::{ENGLISH, English, StepWords, technique_key};
use crate::symbols::{Glyph, SectionSymbols, SymbolSet, word_order};
use sudoku_draw::page_svg::{drawing, drawing_side};
use sudoku_draw::svg_text::escape;

/// Marks a page this tool wrote (so `play` may overwrite it and nothing else).
pub const GENERATOR_MARK: &str = r#"<meta name="generator" content="sudoku-book">"#;

const TEMPLATE: &str = include_str!("../../web/play.html");
const CSS: &str = include_str!("../../web/play.css");
const ENGINE_JS: &str = include_str!("../../web/engine.js");
/// The engine crate built for the browser (`tools/build_wasm.sh`).
const ENGINE_WASM: &[u8] = include_bytes!("../../web/engine.wasm");
const WORDS_JS: &str = include_str!("../../web/words.js");
const GAME_JS: &str = include_str!("../../web/game.js");
const UI_JS: &str = include_str!("../../web/ui.js");

/// One puzzle to play.
#[derive(Debug, Clone)]
pub struct PlayPuzzle<'a> {
    /// Its number in the book (1 for a single page).
    pub id: usize,
    /// The section heading it belongs to (empty for a single page).
    pub section: String,
    pub geometry: &'a Geometry,
    pub givens: &'a Grid,
    pub solution: &'a Grid,
    /// Level name and score from the rater.
    pub level: &'static str,
    pub score: f64,
    /// What its values show as (digits for a plain page).
    pub symbols: SectionSymbols,
}

/// A page: its title, the key its progress is saved under, and its puzzles.
#[derive(Debug, Clone)]
pub struct PlayBook<'a> {
    pub title: String,
    /// The book seed (progress is kept per seed, puzzle id and givens).
    pub seed: u64,
    pub puzzles: Vec<PlayPuzzle<'a>>,
    /// The phrases hints are told in where the book's language words them otherwise than
    /// English ([`words_table`]; empty for English).
    pub words: String,
    /// The page's language (`en`, `de`, …) and its words there (`Strings::page_words`; empty
    /// for English, whose words are the page's own, `web/words.js`).
    pub language: &'static str,
    pub texts: Vec<(&'static str, String)>,
    /// The book's names of its variants, by the variant's own name (`classic` → `Klassisch`);
    /// empty for English.
    pub variants: std::collections::BTreeMap<String, String>,
}

/// The page's data, read by `web/ui.js`.
#[derive(Serialize)]
struct PageData<'a> {
    title: &'a str,
    seed: u64,
    /// The phrases hints are told in, `key<TAB>template` a line, where the book's language
    /// words them otherwise than English (empty for an English book).
    #[serde(skip_serializing_if = "str::is_empty")]
    words: &'a str,
    /// The page's words in the book's language, by `web/words.js` key.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    texts: std::collections::BTreeMap<&'static str, &'a str>,
    /// The book's names of its variants (see [`PlayBook::variants`]).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    variants: &'a std::collections::BTreeMap<String, String>,
    /// Distinct shapes (classic books share one).
    shapes: LazyShapes<'a>,
    puzzles: LazyPuzzles<'a>,
}

/// The puzzles' data, made a batch at a time (in parallel) as it is written, so a big book's
/// page never holds every puzzle's data at once.
struct LazyPuzzles<'a> {
    puzzles: &'a [PlayPuzzle<'a>],
    /// Each puzzle's shape (index into the page's shapes).
    shapes: Vec<usize>,
}

/// Puzzles whose data is made at once.
const PUZZLE_BATCH: usize = 256;

impl Serialize for LazyPuzzles<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.puzzles.len()))?;
        for (puzzles, shapes) in self
            .puzzles
            .chunks(PUZZLE_BATCH)
            .zip(self.shapes.chunks(PUZZLE_BATCH))
        {
            let batch: Vec<PuzzleData> = puzzles
                .par_iter()
                .zip(shapes)
                .map(|(p, &shape)| puzzle_data(p, shape))
                .collect();
            for data in &batch {
                seq.serialize_element(data)?;
            }
        }
        seq.end()
    }
}

/// Writes into a page, escaping `<` so that no text can close the script element.
struct ScriptText<'a>(&'a mut dyn std::io::Write);

impl std::io::Write for ScriptText<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for part in bytes.split_inclusive(|&b| b == b'<') {
            match part.split_last() {
                Some((b'<', text)) => {
                    self.0.write_all(text)?;
                    self.0.write_all(b"\\u003c")?;
                }
                _ => self.0.write_all(part)?,
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// A grid shape: its houses (each a list of cells), their names, and its drawing.
#[derive(Serialize, PartialEq)]
struct ShapeData {
    size: usize,
    /// `classic`, `diagonal+window`, …
    variant: String,
    /// What follows the givens on the engine's puzzle line: `|regions`, `|cages`, `|marks`.
    #[serde(skip_serializing_if = "String::is_empty")]
    rules: String,
    houses: Vec<Vec<usize>>,
    names: Vec<String>,
    /// Killer cages: cells and sum (digits in a cage are distinct, so the page checks them
    /// for conflicts too).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cages: Vec<CageData>,
    /// Multi-grids only: the frame the cells sit in, `[rows, cols]` …
    #[serde(skip_serializing_if = "Option::is_none")]
    frame: Option<[usize; 2]>,
    /// … and each cell's frame position (`row * cols + col`); cells are numbered in this order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    at: Vec<usize>,
    /// SVG markup of the shading, lines and cage sums, in a `0 0 view view` box.
    drawing: String,
    /// The drawing's side in its units: 10 a cell, and at least 90 (see [`drawing_side`]).
    view: f64,
}

#[derive(Serialize, PartialEq)]
struct CageData {
    cells: Vec<usize>,
    sum: u32,
}

#[derive(Serialize)]
struct PuzzleData {
    id: usize,
    section: String,
    shape: usize,
    level: &'static str,
    score: f64,
    /// One symbol per cell, `.` when empty.
    givens: String,
    solution: String,
    /// What values 1..=N show as, when not digits.
    #[serde(skip_serializing_if = "Option::is_none")]
    symbols: Option<Vec<SymbolData>>,
    /// The pad's order of the values: a hidden word's letters in the word's order.
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<Vec<u8>>,
}

/// How the page shows one value: text, or a picture (an SVG path in a unit box centred on 0)
/// with its name, on a colour disc for the colour set.
#[derive(Serialize)]
struct SymbolData {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fill: Option<String>,
}

/// The symbols of a puzzle for the page; `None` for digits.
fn symbols_data(set: SymbolSet, size: usize) -> Option<Vec<SymbolData>> {
    if set == SymbolSet::Digits {
        return None;
    }
    let names = set.names(size);
    let data = (1..=size as u8)
        .zip(names)
        .map(|(value, name)| match set.glyph(value, None) {
            Glyph::Text(text) => SymbolData {
                name,
                text: Some(text.as_str().to_string()),
                path: None,
                fill: None,
            },
            Glyph::Picture(shape) => SymbolData {
                name,
                text: None,
                path: Some(svg_path(shape)),
                fill: None,
            },
            Glyph::Coloured(shape, colour) => {
                let (r, g, b) = colour.rgb;
                SymbolData {
                    name,
                    text: None,
                    path: Some(svg_path(shape)),
                    fill: Some(format!("#{r:02x}{g:02x}{b:02x}")),
                }
            }
        })
        .collect();
    Some(data)
}

/// A picture's outline as an SVG path in the unit box centred on 0.
fn svg_path(shape: crate::symbols::Shape) -> String {
    let mut path = String::new();
    for (i, (x, y)) in shape.outline().into_iter().enumerate() {
        path.push_str(if i == 0 { "M" } else { "L" });
        path.push_str(&format!("{x:.3} {y:.3}"));
    }
    path.push('Z');
    path
}

/// The whole page.
pub fn page(book: &PlayBook) -> String {
    let mut out = Vec::new();
    // Writing into memory cannot fail.
    let _ = write_page(book, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes the whole page to `out` as it is made (the puzzles' data a batch at a time).
pub fn write_page(book: &PlayBook, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let data = page_data(book);
    let title = escape(&book.title);
    let values: [(&str, &str); 9] = [
        ("{{GENERATOR}}", GENERATOR_MARK),
        ("{{LANG}}", book.language),
        ("{{WORDS_JS}}", WORDS_JS),
        ("{{TITLE}}", &title),
        ("{{CSS}}", CSS),
        ("{{ENGINE_WASM}}", engine_module()),
        ("{{ENGINE_JS}}", ENGINE_JS),
        ("{{GAME_JS}}", GAME_JS),
        ("{{UI_JS}}", UI_JS),
    ];
    fill_template(out, &values, &mut |out| {
        serde_json::to_writer(ScriptText(out), &data).map_err(std::io::Error::other)
    })
}

/// The engine module as the page carries it: gzipped (level 9, the same bytes every time), in
/// base64. Made once a run.
fn engine_module() -> &'static str {
    static PACKED: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        use base64::Engine as _;
        use std::io::Write as _;
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        // Writing into memory cannot fail.
        let _ = gzip.write_all(ENGINE_WASM);
        let packed = gzip.finish().unwrap_or_default();
        base64::engine::general_purpose::STANDARD.encode(packed)
    });
    &PACKED
}

/// The book's phrases for the engine's step explanations that differ from English, as
/// `key<TAB>template` lines.
pub fn words_table(words: &dyn StepWords) -> String {
    let keys = ENGLISH
        .iter()
        .map(|(key, _)| key.to_string())
        .chain(Technique::ALL.iter().map(|&t| technique_key(t)));
    keys.filter_map(|key| {
        let text = words.phrase(&key, &[]);
        (text != English.phrase(&key, &[])).then(|| format!("{key}\t{text}\n"))
    })
    .collect()
}

/// The template with each placeholder replaced once, in one pass (so inserted text is never
/// searched for placeholders); `{{DATA}}` is written by `data`.
fn fill_template(
    out: &mut dyn std::io::Write,
    values: &[(&str, &str)],
    data: &mut dyn FnMut(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut rest = TEMPLATE;
    while let Some(start) = rest.find("{{") {
        out.write_all(&rest.as_bytes()[..start])?;
        let tail = &rest[start..];
        if let Some(after) = tail.strip_prefix("{{DATA}}") {
            data(out)?;
            rest = after;
            continue;
        }
        match values.iter().find(|(key, _)| tail.starts_with(key)) {
            Some((key, value)) => {
                out.write_all(value.as_bytes())?;
                rest = &tail[key.len()..];
            }
            None => {
                out.write_all(b"{{")?;
                rest = &tail[2..];
            }
        }
    }
    out.write_all(rest.as_bytes())
}

fn page_data<'a>(book: &'a PlayBook) -> PageData<'a> {
    let (firsts, shape_of) = distinct_shapes(&book.puzzles);
    PageData {
        title: &book.title,
        seed: book.seed,
        words: &book.words,
        texts: book.texts.iter().map(|(k, v)| (*k, v.as_str())).collect(),
        variants: &book.variants,
        shapes: LazyShapes {
            puzzles: &book.puzzles,
            firsts,
        },
        puzzles: LazyPuzzles {
            puzzles: &book.puzzles,
            shapes: shape_of,
        },
    }
}

/// The book's distinct shapes, as the first puzzle of each, and each puzzle's shape (an index
/// into the first list). Two puzzles share a shape when the page would draw and check the same
/// grid: same variant, houses, cages and frame positions. Shapes are bucketed by a hash of those
/// and compared whole, so a book of jigsaws (a shape a puzzle) holds no copy of any.
fn distinct_shapes(puzzles: &[PlayPuzzle]) -> (Vec<usize>, Vec<usize>) {
    let mut firsts: Vec<usize> = Vec::new();
    let mut buckets: HashMap<u64, Vec<usize>> = HashMap::new();
    let shape_of = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let bucket = buckets.entry(shape_hash(p.geometry)).or_default();
            let same = |&shape: &usize| same_shape(puzzles[firsts[shape]].geometry, p.geometry);
            match bucket.iter().copied().find(|shape| same(shape)) {
                Some(shape) => shape,
                None => {
                    firsts.push(i);
                    bucket.push(firsts.len() - 1);
                    firsts.len() - 1
                }
            }
        })
        .collect();
    (firsts, shape_of)
}

/// What tells shapes apart on the page: variant, houses, cages, marks and frame positions.
fn shape_hash(geo: &Geometry) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    geo.variant().name().hash(&mut hasher);
    shape_houses(geo).for_each(|cells| cells.hash(&mut hasher));
    shape_cages(geo).for_each(|cage| cage.hash(&mut hasher));
    geo.marks().map(|m| m.to_line()).hash(&mut hasher);
    frame_positions(geo).hash(&mut hasher);
    hasher.finish()
}

fn same_shape(a: &Geometry, b: &Geometry) -> bool {
    a.variant().name() == b.variant().name()
        && shape_houses(a).eq(shape_houses(b))
        && shape_cages(a).eq(shape_cages(b))
        && a.marks().map(|m| m.to_line()) == b.marks().map(|m| m.to_line())
        && frame_positions(a) == frame_positions(b)
}

fn shape_houses(geo: &Geometry) -> impl Iterator<Item = &Vec<usize>> {
    geo.houses().iter().map(|h| &h.cells)
}

/// Each killer cage's cells and sum.
fn shape_cages(geo: &Geometry) -> impl Iterator<Item = (&Vec<usize>, u32)> {
    let cages = geo.cages().map_or(&[][..], |set| set.cages());
    cages.iter().map(|c| (&c.cells, c.sum))
}

/// The shapes' data, each made as it is written.
struct LazyShapes<'a> {
    puzzles: &'a [PlayPuzzle<'a>],
    /// The first puzzle of each shape.
    firsts: Vec<usize>,
}

impl Serialize for LazyShapes<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.firsts.len()))?;
        for &first in &self.firsts {
            seq.serialize_element(&shape_data(self.puzzles[first].geometry))?;
        }
        seq.end()
    }
}

fn shape_data(geo: &Geometry) -> ShapeData {
    ShapeData {
        size: geo.size(),
        variant: geo.variant().name(),
        rules: rules_line(geo),
        houses: geo.houses().iter().map(|h| h.cells.clone()).collect(),
        names: geo.houses().iter().map(|h| h.kind.to_string()).collect(),
        cages: geo.cages().map_or_else(Vec::new, |set| {
            set.cages()
                .iter()
                .map(|c| CageData {
                    cells: c.cells.clone(),
                    sum: c.sum,
                })
                .collect()
        }),
        frame: geo.frame().map(|f| [f.rows(), f.cols()]),
        at: frame_positions(geo),
        drawing: drawing(geo),
        view: drawing_side(geo),
    }
}

/// Each cell's frame position for a multi-grid (empty for a plain grid, where cell `i` is at `i`).
fn frame_positions(geo: &Geometry) -> Vec<usize> {
    let Some(frame) = geo.frame() else {
        return Vec::new();
    };
    (0..geo.cell_count())
        .map(|cell| {
            let (r, c) = geo.row_col(cell);
            r * frame.cols() + c
        })
        .collect()
}

fn puzzle_data(p: &PlayPuzzle, shape: usize) -> PuzzleData {
    let size = p.geometry.size();
    let set = p.symbols.for_puzzle(p.solution, size);
    PuzzleData {
        id: p.id,
        section: p.section.clone(),
        shape,
        level: p.level,
        score: p.score,
        givens: symbols(p.givens),
        solution: symbols(p.solution),
        symbols: symbols_data(set, size),
        order: p
            .symbols
            .word_in
            .map(|place| word_order(place, p.solution, p.geometry.size())),
    }
}

fn symbols(grid: &Grid) -> String {
    grid.cells().iter().map(|&v| digit_symbol(v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{RegionMap, Variant};
    use crate::solve::Solver;
    use std::str::FromStr;

    fn classic_puzzle() -> (Geometry, Grid, Grid) {
        let geo = Geometry::classic(9).unwrap();
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let givens = crate::grid::text::parse_line(line, 1, Some(9)).unwrap();
        let solution = Solver::new(&geo).first_solution(&givens).unwrap();
        (geo, givens, solution)
    }

    fn book<'a>(puzzles: Vec<PlayPuzzle<'a>>) -> PlayBook<'a> {
        PlayBook {
            title: "A <b>title</b> & more".into(),
            seed: 7,
            puzzles,
            words: String::new(),
            language: "en",
            texts: Vec::new(),
            variants: Default::default(),
        }
    }

    fn one<'a>(
        geo: &'a Geometry,
        givens: &'a Grid,
        solution: &'a Grid,
        id: usize,
    ) -> PlayPuzzle<'a> {
        PlayPuzzle {
            id,
            section: "Easy".into(),
            geometry: geo,
            givens,
            solution,
            level: "easy",
            score: 1.5,
            symbols: SectionSymbols::default(),
        }
    }

    #[test]
    fn the_page_is_self_contained_and_escapes_text() {
        let (geo, givens, solution) = classic_puzzle();
        let html = page(&book(vec![one(&geo, &givens, &solution, 1)]));
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(html.contains(GENERATOR_MARK));
        assert!(html.contains("<title>A &lt;b&gt;title&lt;/b&gt; &amp; more</title>"));
        assert!(!html.contains("{{"), "a placeholder was left");
        for external in ["src=\"http", "href=\"http", "<link", "@import", "fetch("] {
            assert!(!html.contains(external), "the page loads {external}");
        }
        let data = data_of(&html);
        assert_eq!(data["puzzles"][0]["givens"].as_str().unwrap().len(), 81);
        assert_eq!(data["title"], "A <b>title</b> & more");
    }

    fn data_of(html: &str) -> serde_json::Value {
        let start = html
            .find(r#"<script type="application/json" id="data">"#)
            .unwrap();
        let rest = &html[start..];
        let body = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
        serde_json::from_str(body).unwrap()
    }

    #[test]
    fn text_cannot_close_the_data_script() {
        let (geo, givens, solution) = classic_puzzle();
        let mut puzzle = one(&geo, &givens, &solution, 1);
        puzzle.section = "</script><script>alert(1)</script>".into();
        let html = page(&book(vec![puzzle]));
        assert_eq!(
            html.matches("</script>").count(),
            6,
            "data, the module and four scripts"
        );
        assert_eq!(
            data_of(&html)["puzzles"][0]["section"],
            "</script><script>alert(1)</script>"
        );
    }

    #[test]
    fn the_page_carries_the_engine_module_and_each_shapes_rules() {
        let (geo, givens, solution) = classic_puzzle();
        let html = page(&book(vec![one(&geo, &givens, &solution, 1)]));
        let start = html.find(r#"<script type="application/octet-stream" id="engine">"#);
        let body = &html[start.unwrap()..];
        let body = &body[body.find('>').unwrap() + 1..body.find("</script>").unwrap()];
        use base64::Engine as _;
        let packed = base64::engine::general_purpose::STANDARD
            .decode(body)
            .unwrap();
        let mut module = Vec::new();
        use std::io::Read as _;
        flate2::read::GzDecoder::new(&packed[..])
            .read_to_end(&mut module)
            .unwrap();
        assert_eq!(module, ENGINE_WASM, "the module, whole");
        assert!(module.starts_with(b"\0asm"));
        assert!(packed.len() < module.len() / 2, "gzipped: {}", packed.len());
        // No hint path any more: the engine finds hints from the player's state.
        let data = data_of(&html);
        assert!(data["puzzles"][0].get("steps").is_none());
        assert!(
            data.get("words").is_none(),
            "an English page needs no words"
        );
        assert!(
            data["shapes"][0].get("rules").is_none(),
            "a classic grid has none"
        );
        // A killer's shape carries its cages as the engine reads them.
        let line = "....|3=r1c1+r1c2;7=r1c3+r1c4;7=r2c1+r2c2;3=r2c3+r2c4;5=r3c1+r4c1;5=r3c2+r4c2;5=r3c3+r4c3;5=r3c4+r4c4";
        let line = line.replacen("....", &".".repeat(16), 1);
        let (killer, empty) =
            crate::grid::read_puzzle_line(&line, 1, Variant::from_str("killer").unwrap())
                .expect("killer");
        let killer_solution = Solver::new(&killer).first_solution(&empty).unwrap();
        let html = page(&book(vec![one(&killer, &empty, &killer_solution, 1)]));
        let rules = data_of(&html)["shapes"][0]["rules"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(format!("{}{rules}", ".".repeat(16)), line);
    }

    #[test]
    fn a_translated_book_gives_the_page_its_words() {
        let strings =
            crate::spec::strings::Strings::from_table(crate::spec::strings::builtin("de").unwrap())
                .with_step_words(crate::spec::strings::builtin_steps("de"));
        let table = words_table(&strings);
        assert!(table.contains("house_box_n\tBlock {n}\n"), "{table}");
        assert!(table.contains("technique_full_house\tLetzte freie Zelle\n"));
        let english = words_table(&English);
        assert_eq!(english, "", "English needs no table");
    }

    #[test]
    fn shapes_are_shared_and_jigsaw_layouts_are_not() {
        let (geo, givens, solution) = classic_puzzle();
        let html = page(&book(vec![
            one(&geo, &givens, &solution, 1),
            one(&geo, &givens, &solution, 2),
        ]));
        assert_eq!(data_of(&html)["shapes"].as_array().unwrap().len(), 1);
        let variant = Variant::from_str("jigsaw").unwrap();
        let fixture = include_str!("../../tests/fixtures/jigsaw-9x9.regions");
        let jigsaw = Geometry::new(9, variant, None, Some(RegionMap::parse(fixture).unwrap()));
        let boxes: Vec<usize> = (0..81).map(|c| (c / 27) * 3 + (c % 9) / 3).collect();
        let boxes = RegionMap::from_ids(9, &boxes).unwrap();
        let other = Geometry::new(9, variant, None, Some(boxes)).unwrap();
        let jigsaw = jigsaw.unwrap();
        let empty = Grid::empty(9);
        // The same layout built again is the same shape.
        let again = RegionMap::parse(fixture).unwrap();
        let again = Geometry::new(9, variant, None, Some(again)).unwrap();
        let html = page(&book(vec![
            one(&jigsaw, &empty, &solution, 1),
            one(&other, &empty, &solution, 2),
            one(&again, &empty, &solution, 3),
        ]));
        let data = data_of(&html);
        assert_eq!(data["shapes"].as_array().unwrap().len(), 2);
        assert_eq!(data["puzzles"][2]["shape"], 0);
    }

    #[test]
    fn killers_with_other_cages_are_other_shapes() {
        let (_, _, solution) = classic_puzzle();
        let cages = |text: &str| {
            let set = crate::grid::CageSet::parse(text, 9).unwrap();
            Geometry::classic(9).unwrap().with_cages(set).unwrap()
        };
        // Nine cages of 45: the rows, or (turned) the columns.
        let lines = |turned: bool| -> String {
            let cell = |i: usize, j: usize| match turned {
                false => format!("r{i}c{j}"),
                true => format!("r{j}c{i}"),
            };
            let cage = |i: usize| (1..=9).map(|j| cell(i, j)).collect::<Vec<_>>().join(" ");
            (1..=9).map(|i| format!("45 = {}\n", cage(i))).collect()
        };
        let (rows, cols) = (lines(false), lines(true));
        let (a, b, a2) = (cages(&rows), cages(&cols), cages(&rows));
        let empty = Grid::empty(9);
        let html = page(&book(vec![
            one(&a, &empty, &solution, 1),
            one(&b, &empty, &solution, 2),
            one(&a2, &empty, &solution, 3),
        ]));
        let data = data_of(&html);
        assert_eq!(data["shapes"].as_array().unwrap().len(), 2);
        assert_eq!(data["puzzles"][1]["shape"], 1);
        assert_eq!(data["puzzles"][2]["shape"], 0);
    }

    #[test]
    fn puzzles_with_other_marks_are_other_shapes() {
        // Two Kropki puzzles of one section: the same houses, other dots. Each is drawn and
        // checked with its own (they once shared the first puzzle's shape and dots).
        let made = |seed: u64| {
            let request = crate::generate::Request::new(Variant::from_str("kropki").unwrap(), 9);
            crate::generate::generate(&request, seed).unwrap()
        };
        let (a, b) = (made(1), made(2));
        assert_ne!(a.geometry.marks(), b.geometry.marks());
        let html = page(&book(vec![
            one(&a.geometry, &a.givens, &a.solution, 1),
            one(&b.geometry, &b.givens, &b.solution, 2),
            one(&a.geometry, &a.givens, &a.solution, 3),
        ]));
        let data = data_of(&html);
        assert_eq!(data["shapes"].as_array().unwrap().len(), 2);
        assert_eq!(data["puzzles"][1]["shape"], 1);
        assert_eq!(data["puzzles"][2]["shape"], 0);
        let rules = |i: usize| data["shapes"][i]["rules"].as_str().unwrap().to_string();
        assert!(rules(0).starts_with("|rules:kropki"), "{}", rules(0));
        assert_ne!(rules(0), rules(1));
        assert_ne!(data["shapes"][0]["drawing"], data["shapes"][1]["drawing"]);
    }

    #[test]
    fn the_drawing_has_the_printed_lines_and_window_shading() {
        let window = Geometry::new(9, Variant::from_str("window").unwrap(), None, None).unwrap();
        let svg = drawing(&window);
        assert!(svg.contains(r##"fill="#cccccc""##), "{svg}");
        assert!(svg.contains(r#"stroke-width="0.9""#));
        assert!(svg.contains(r#"stroke-width="0.3""#));
        let classic = drawing(&Geometry::classic(9).unwrap());
        assert!(!classic.contains("fill=\"#"));
        assert_eq!(classic.matches('M').count(), 24, "{classic}");
        let diagonal =
            drawing(&Geometry::new(9, Variant::from_str("diagonal").unwrap(), None, None).unwrap());
        assert!(diagonal.contains("M0 0L90 90"), "{diagonal}");
    }

    #[test]
    fn a_multi_grid_shape_carries_its_frame_and_cell_positions() {
        let samurai = Geometry::new(9, Variant::from_str("samurai").unwrap(), None, None).unwrap();
        let shape = shape_data(&samurai);
        assert_eq!(shape.frame, Some([21, 21]));
        assert_eq!(shape.at.len(), 369);
        assert_eq!(&shape.at[..10], &[0, 1, 2, 3, 4, 5, 6, 7, 8, 12]);
        assert_eq!(shape.at[368], 21 * 21 - 1);
        assert_eq!(shape.houses.len(), 131);
        // The drawing spans the frame: 21 cells of 10 units.
        assert!(shape.drawing.contains("210"), "{}", &shape.drawing[..200]);
        assert!(
            !shape
                .drawing
                .split(['M', 'L', ' ', 'h', 'v', '"'])
                .any(|t| t.parse::<f64>().is_ok_and(|x| x > 210.0))
        );
        let classic = shape_data(&Geometry::classic(9).unwrap());
        assert_eq!(classic.frame, None);
        assert!(classic.at.is_empty());
        let json = serde_json::to_string(&classic).unwrap();
        assert!(
            !json.contains("\"frame\"") && !json.contains("\"at\""),
            "classic pages stay small"
        );
    }
}
