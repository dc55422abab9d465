//! `book.json`: the manifest of every puzzle in the book — where it is printed, its givens and
//! solution, and its rating — in the format documented in DESIGN.md and docs/FORMATS.md.

use serde::Serialize;

use super::BookPuzzle;
use crate::generate::{Generated, PuzzleRecord};
use crate::grid::Geometry;
use crate::spec::BookPlan;

/// The manifest's top level.
#[derive(Debug, Serialize)]
pub struct Manifest<'a> {
    /// Always `sudoku-book`: marks the folder as one this tool wrote (and may replace).
    pub generator: &'static str,
    pub title: &'a str,
    pub seed: u64,
    /// The sudoku-book version that built the book.
    pub version: &'static str,
    pub pages: usize,
    /// Puzzles made and dropped because their ID was already in the book or in its `exclude`
    /// lists (each place made again from its next seed).
    pub repeats_replaced: usize,
    /// Every file of the book folder, this manifest included.
    pub files: &'a [String],
    pub sections: Vec<SectionEntry<'a>>,
    pub puzzles: Entries<'a>,
}

/// The puzzles' entries, each made as it is written (a big book never holds them all).
pub struct Entries<'a> {
    plan: &'a BookPlan,
    puzzles: &'a [BookPuzzle],
    placed: &'a Placement,
}

impl std::fmt::Debug for Entries<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Entries({} puzzles)", self.puzzles.len())
    }
}

impl Serialize for Entries<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let placed = self.placed;
        serializer.collect_seq(
            self.puzzles
                .iter()
                .enumerate()
                .map(|(i, p)| entry(self.plan, p, placed.puzzle_pages[i], placed.answer_pages[i])),
        )
    }
}

/// A section: its heading and the numbers of its puzzles.
#[derive(Debug, Serialize)]
pub struct SectionEntry<'a> {
    pub title: &'a str,
    pub first: usize,
    pub last: usize,
    pub page: usize,
}

/// One puzzle: its number and section, the generated puzzle's record, and its pages.
#[derive(Debug, Serialize)]
pub struct PuzzleEntry<'a> {
    pub id: usize,
    /// The section, from 1.
    pub section: usize,
    #[serde(flatten)]
    pub record: PuzzleRecord<'a>,
    /// The frame of a multi-grid puzzle (absent otherwise).
    #[serde(flatten)]
    pub frame: Option<FrameRecord>,
    pub page: usize,
    pub answer_page: Option<usize>,
    /// True for a puzzle drawn from the library (absent otherwise): its `seed` is the one it
    /// was generated from (0 for an imported puzzle), not a seed of this book.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub library: bool,
    /// What the values 1..=N print as, in value order, when not digits: letters (a hidden
    /// word's placed for this puzzle), numbers, or picture and colour names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbols: Option<Vec<String>>,
}

/// Where the cells of a multi-grid puzzle (Samurai, Twodoku, Butterfly) sit: the frame's
/// `[rows, cols]` and, for each cell in index order, its frame position (`row * cols + col`).
/// Written only for multi-grid puzzles, so the records of other puzzles keep their bytes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FrameRecord {
    pub frame: [usize; 2],
    pub positions: Vec<usize>,
}

impl FrameRecord {
    /// The frame of a multi-grid geometry, or `None` for a grid that fills its square.
    pub fn of(geo: &Geometry) -> Option<FrameRecord> {
        let frame = geo.frame()?;
        let cols = frame.cols();
        let positions = (0..geo.cell_count())
            .map(|cell| {
                let (row, col) = frame.row_col(cell);
                row * cols + col
            })
            .collect();
        Some(FrameRecord {
            frame: [frame.rows(), cols],
            positions,
        })
    }
}

/// A generated puzzle's record with its frame, as `generate --output json` prints it.
#[derive(Debug, Serialize)]
pub struct JsonPuzzle<'a> {
    #[serde(flatten)]
    pub record: PuzzleRecord<'a>,
    #[serde(flatten)]
    pub frame: Option<FrameRecord>,
}

impl<'a> JsonPuzzle<'a> {
    pub fn of(puzzle: &'a Generated) -> JsonPuzzle<'a> {
        JsonPuzzle {
            record: PuzzleRecord::of(puzzle),
            frame: FrameRecord::of(&puzzle.geometry),
        }
    }
}

/// Where things were printed, from the layout.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Placement {
    /// Page count of the book.
    pub pages: usize,
    /// The page of each puzzle, in book order.
    pub puzzle_pages: Vec<usize>,
    /// The answer page of each puzzle, in book order (`None` without answers).
    pub answer_pages: Vec<Option<usize>>,
    /// The first page of each section.
    pub section_pages: Vec<usize>,
}

/// The manifest's `generator`: this tool's name.
pub const GENERATOR: &str = "sudoku-book";

/// Writes the manifest to `out` as pretty-printed JSON (number lists on one line, see
/// [`inline_number_lists`]) with a final newline, each puzzle's entry made as it is written.
pub fn write_json(
    plan: &BookPlan,
    puzzles: &[BookPuzzle],
    placed: &Placement,
    files: &[String],
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let manifest = Manifest {
        generator: GENERATOR,
        title: &plan.title,
        seed: plan.seed,
        version: env!("CARGO_PKG_VERSION"),
        pages: placed.pages,
        repeats_replaced: puzzles.iter().map(|p| p.repeats).sum(),
        files,
        sections: sections(plan, puzzles, placed),
        puzzles: Entries {
            plan,
            puzzles,
            placed,
        },
    };
    let mut inline = InlineLists::new(out);
    serde_json::to_writer_pretty(&mut inline, &manifest).map_err(std::io::Error::other)?;
    inline.finish()?;
    out.write_all(b"\n")
}

/// Pretty JSON with every list of plain numbers on one line (`[1, 2, 3]`), so that givens,
/// solutions, houses and cages read as rows instead of one number per line. Only lists that
/// the pretty printer broke over lines are touched, so no text inside a string can change (a
/// string holds no raw line break).
pub fn inline_number_lists(pretty: &str) -> String {
    let mut out = String::with_capacity(pretty.len());
    let mut rest = pretty;
    while let Some(start) = rest.find("[\n") {
        out.push_str(&rest[..start]);
        let body = &rest[start + 1..];
        let end = body.find(']');
        let numbers = end.map(|end| &body[..end]).filter(|inner| {
            inner
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_whitespace() || matches!(c, ',' | '-' | '.'))
        });
        match (numbers, end) {
            (Some(inner), Some(end)) => {
                let items: Vec<&str> = inner.split(',').map(str::trim).collect();
                out.push('[');
                out.push_str(&items.join(", "));
                out.push(']');
                rest = &body[end + 1..];
            }
            _ => {
                out.push('[');
                rest = body;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Writes pretty JSON with its number lists inlined on the way (as [`inline_number_lists`]
/// does to a whole text): a list opened by `[` and a line break is held until its `]`, and
/// written on one line when it holds only numbers, else as it came.
struct InlineLists<'a> {
    out: &'a mut dyn std::io::Write,
    /// The list being held (from its `[`), when one is.
    held: Vec<u8>,
}

impl<'a> InlineLists<'a> {
    fn new(out: &'a mut dyn std::io::Write) -> Self {
        InlineLists {
            out,
            held: Vec::new(),
        }
    }

    /// Writes what is still held.
    fn finish(&mut self) -> std::io::Result<()> {
        let held = std::mem::take(&mut self.held);
        self.out.write_all(&held)
    }

    fn byte(&mut self, b: u8) -> std::io::Result<()> {
        match (self.held.as_slice(), b) {
            ([], b'[') => self.held.push(b),
            ([], _) => self.out.write_all(&[b])?,
            ([b'['], b'\n') => self.held.push(b),
            ([b'['], _) => {
                // Not a broken list: the `[` goes out, and `b` is read afresh.
                self.out.write_all(b"[")?;
                self.held.clear();
                self.byte(b)?;
            }
            (_, b']') => {
                let items: Vec<&[u8]> = self.held[1..]
                    .split(|&c| c == b',')
                    .map(<[u8]>::trim_ascii)
                    .collect();
                self.out.write_all(b"[")?;
                self.out.write_all(&items.join(&b", "[..]))?;
                self.out.write_all(b"]")?;
                self.held.clear();
            }
            (_, c)
                if c.is_ascii_digit()
                    || c.is_ascii_whitespace()
                    || matches!(c, b',' | b'-' | b'.') =>
            {
                self.held.push(c)
            }
            _ => {
                // Not a list of numbers: `[` goes out as it came, the rest is read afresh.
                let held = std::mem::take(&mut self.held);
                self.out.write_all(b"[")?;
                for &c in &held[1..] {
                    self.byte(c)?;
                }
                self.byte(b)?;
            }
        }
        Ok(())
    }
}

impl std::io::Write for InlineLists<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &b in bytes {
            self.byte(b)?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

fn sections<'a>(
    plan: &'a BookPlan,
    puzzles: &[BookPuzzle],
    placed: &Placement,
) -> Vec<SectionEntry<'a>> {
    plan.sections
        .iter()
        .enumerate()
        .map(|(index, section)| {
            let numbers = puzzles.iter().filter(|p| p.section == index);
            let first = numbers.clone().map(|p| p.number).min().unwrap_or(0);
            let last = numbers.map(|p| p.number).max().unwrap_or(0);
            SectionEntry {
                title: &section.title,
                first,
                last,
                page: placed.section_pages[index],
            }
        })
        .collect()
}

fn entry<'a>(
    plan: &BookPlan,
    p: &'a BookPuzzle,
    page: usize,
    answer_page: Option<usize>,
) -> PuzzleEntry<'a> {
    PuzzleEntry {
        id: p.number,
        section: p.section + 1,
        record: PuzzleRecord::with_id(&p.puzzle, p.id.clone()),
        frame: FrameRecord::of(&p.puzzle.geometry),
        page,
        answer_page,
        library: p.origin == super::Origin::Drawn,
        symbols: symbols_of(plan, p),
    }
}

/// The printed symbols of a puzzle whose section does not print digits.
fn symbols_of(plan: &BookPlan, p: &BookPuzzle) -> Option<Vec<String>> {
    let set = p.symbols(plan);
    (set != crate::symbols::SymbolSet::Digits).then(|| set.names(p.puzzle.geometry.size()))
}

#[cfg(test)]
mod tests {
    use super::inline_number_lists;

    #[test]
    fn lists_inlined_while_written_read_as_inlined_in_a_whole_text() {
        let value = serde_json::json!({
            "title": "[1,\n 2] and [x]",
            "givens": [0, 5, 12, -3, 2.5],
            "houses": [[1, 2, 3], [4, 5]],
            "cages": [{"cells": [1, 2], "sum": 3}],
            "names": ["a", "b"],
            "empty": [],
        });
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let mut bytes = Vec::new();
        let mut writer = super::InlineLists::new(&mut bytes);
        for b in pretty.bytes() {
            std::io::Write::write_all(&mut writer, &[b]).unwrap();
        }
        writer.finish().unwrap();
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            inline_number_lists(&pretty)
        );
    }

    #[test]
    fn number_lists_go_on_one_line_and_strings_stay() {
        let value = serde_json::json!({
            "title": "[1,\n  2]",
            "givens": [0, 5, 12],
            "cages": [{"cells": [1, 2], "sum": 3}],
            "empty": [],
        });
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        let text = inline_number_lists(&pretty);
        assert!(text.contains("\"givens\": [0, 5, 12]"), "{text}");
        assert!(text.contains("\"cells\": [1, 2]"), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
