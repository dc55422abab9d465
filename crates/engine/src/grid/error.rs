//! Errors of the grid model: bad geometry, bad region maps, unreadable puzzle text and conflicts.
//! Every message says what is wrong and where (line and column, cell, region or house).

use thiserror::Error;

use super::geometry::{HouseKind, MAX_SIZE};
use super::text::{counted, shown_char, shown_text};

/// How many conflicts a message lists before it says how many more there are.
pub const CONFLICTS_SHOWN: usize = 10;

/// A symbol as messages show it (for the error attributes, which pass fields by reference).
fn sym(symbol: &char) -> String {
    shown_char(*symbol)
}

/// `1 cell`, `2 cells` (for the error attributes).
fn n(count: &usize, noun: &str) -> String {
    counted(*count, noun)
}

/// A geometry that cannot be built from the variant, size, box shape and regions asked for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeometryError {
    #[error(
        "unknown variant {}: use classic, diagonal, window, jigsaw, killer, samurai, twodoku, butterfly, or a combination such as jigsaw+diagonal",
        shown_text(.text)
    )]
    UnknownVariant { text: String },
    #[error(
        "{} is not a box shape: write it as RxC, for example 2x3 (2 rows, 3 columns)",
        shown_text(.text)
    )]
    BadBoxShape { text: String },
    #[error("size {size} is not supported: sizes run from {min} to {max}")]
    UnsupportedSize { size: usize, min: usize, max: usize },
    #[error(
        "size {size} has no box shape (it is prime): use a jigsaw variant with a region map, or another size"
    )]
    NoBoxShape { size: usize },
    #[error("{rows}x{cols} boxes do not tile a {size}x{size} grid ({rows} x {cols} is not {size})")]
    BoxDoesNotTile {
        rows: usize,
        cols: usize,
        size: usize,
    },
    #[error(
        "the window variant needs square boxes, and a {size}x{size} grid has {rows}x{cols} boxes; window works on 4x4, 9x9, 16x16 and 25x25"
    )]
    WindowNeedsSquareBoxes {
        size: usize,
        rows: usize,
        cols: usize,
    },
    #[error("a jigsaw puzzle needs a region map")]
    JigsawNeedsRegions,
    #[error(
        "a region map was given, but the variant '{variant}' has no regions: use a jigsaw variant"
    )]
    RegionsWithoutJigsaw { variant: String },
    #[error("the region map is {map}x{map} but the puzzle is {size}x{size}")]
    RegionSizeMismatch { map: usize, size: usize },
    #[error(transparent)]
    Region(#[from] RegionError),
    #[error("a killer puzzle needs its cages (--cages FILE, or `cages` in JSON)")]
    KillerNeedsCages,
    #[error("killer puzzles go up to {max}x{max}; {size}x{size} is too large")]
    KillerTooLarge { size: usize, max: usize },
    #[error("the cages are for a {cages}x{cages} grid but the puzzle is {size}x{size}")]
    CageSizeMismatch { cages: usize, size: usize },
    #[error(transparent)]
    Cage(#[from] super::cages::CageError),
    #[error("{why}")]
    Marks { why: String },
    #[error(
        "{}: samurai, twodoku and butterfly combine with no other variant",
        shown_text(.text)
    )]
    MultiCombined { text: String },
    #[error("a {shape} puzzle is made of 9x9 grids; size {size} is not possible")]
    MultiSize { shape: String, size: usize },
}

/// A jigsaw region map that is not N connected regions of N cells.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RegionError {
    #[error("the region map is empty")]
    Empty,
    #[error(
        "line {line}, column {column}: {} is not a region symbol (use letters or digits)",
        sym(.symbol)
    )]
    BadSymbol {
        line: usize,
        column: usize,
        symbol: char,
    },
    #[error(
        "the region map has {} on one line; a square map needs a square number such as 81",
        n(.found, "symbol")
    )]
    NotSquare { found: usize },
    #[error("the region map is larger than {MAX_SIZE}x{MAX_SIZE}, the largest size")]
    TooLarge,
    #[error("the region map has {}; a {size}x{size} map needs {size}", n(.found, "line"))]
    WrongLineCount { found: usize, size: usize },
    #[error(
        "line {line} of the region map has {}; a {size}x{size} map needs {size}",
        n(.found, "symbol")
    )]
    WrongLineLength {
        line: usize,
        found: usize,
        size: usize,
    },
    #[error("a jigsaw region map needs {size} distinct symbols, found {found}")]
    WrongRegionCount { found: usize, size: usize },
    #[error("region {} has {}, needs {size}", sym(.symbol), n(.found, "cell"))]
    WrongRegionSize {
        symbol: char,
        found: usize,
        size: usize,
    },
    #[error(
        "region {} is not connected (cells {first} and {other} are not joined)",
        sym(.symbol)
    )]
    NotConnected {
        symbol: char,
        first: String,
        other: String,
    },
    #[error("region id {id} at {cell} is out of range: ids run from 0 to {max}")]
    BadId { id: usize, cell: String, max: usize },
}

/// Puzzle text that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("the puzzle is empty")]
    Empty,
    #[error("line {line}, column {column}: {} is not a digit", sym(.symbol))]
    NotADigit {
        line: usize,
        column: usize,
        symbol: char,
    },
    #[error(
        "line {line}, column {column}: {} is not a digit of this puzzle (digits {digits})",
        sym(.symbol)
    )]
    DigitTooLarge {
        line: usize,
        column: usize,
        symbol: char,
        size: usize,
        digits: String,
    },
    #[error(
        "line {line}: the puzzle line has {}; a {size}x{size} puzzle needs {needed}",
        n(.found, "cell")
    )]
    WrongLength {
        line: usize,
        found: usize,
        size: usize,
        needed: usize,
    },
    #[error(
        "line {line}: a puzzle line of {} is not a square grid (a square number of cells from 4 for 2x2 to {max} for {MAX_SIZE}x{MAX_SIZE}, such as 81 for 9x9)",
        n(.found, "cell"),
        max = MAX_SIZE * MAX_SIZE
    )]
    UnknownSize { line: usize, found: usize },
    #[error(
        "line {line}: a puzzle line of {} is too large: the largest size is {MAX_SIZE}x{MAX_SIZE} ({max} cells)",
        n(.found, "cell"),
        max = MAX_SIZE * MAX_SIZE
    )]
    TooLarge { line: usize, found: usize },
    #[error("the grid has more than {MAX_SIZE} rows; the largest size is {MAX_SIZE}x{MAX_SIZE}")]
    TooManyRows,
    #[error("line {line} has {}; a {size}x{size} grid needs {size}", n(.found, "cell"))]
    WrongRowLength {
        line: usize,
        found: usize,
        size: usize,
    },
    #[error("the grid has {}; a {size}x{size} grid needs {size}", n(.found, "row"))]
    WrongRowCount { found: usize, size: usize },
    #[error(
        "line {line}: the puzzle line has {}; a {shape} needs {frame} ({rows} rows of {cols}, # where there is no cell) or its {cells} cells alone",
        n(.found, "symbol")
    )]
    WrongFrameLength {
        line: usize,
        found: usize,
        shape: String,
        frame: usize,
        rows: usize,
        cols: usize,
        cells: usize,
    },
    #[error(
        "line {line}, column {column}: {} is where a {shape} has no cell (write # there)",
        sym(.symbol)
    )]
    DigitInHole {
        line: usize,
        column: usize,
        symbol: char,
        shape: String,
    },
    #[error(
        "line {line}: # marks a frame position without a cell, and a {shape} has a cell at r{row}c{col}",
        row = .row + 1,
        col = .col + 1
    )]
    HoleAtCell {
        line: usize,
        shape: String,
        row: usize,
        col: usize,
    },
    #[error("the grid has {}; a {shape} needs {rows}", n(.found, "row"))]
    WrongFrameRowCount {
        found: usize,
        shape: String,
        rows: usize,
    },
    #[error(
        "line {line} has {}; row {row} of a {shape} needs {cols} (# where there is no cell) or its {cells} cells alone",
        n(.found, "symbol")
    )]
    WrongFrameRowLength {
        line: usize,
        found: usize,
        shape: String,
        row: usize,
        cols: usize,
        cells: usize,
    },
    #[error(
        "line {line}: a second line, but a puzzle line is one line (grid text has one line per row)"
    )]
    ExtraLine { line: usize },
    #[error("the cell list has no valid 'row col value' line")]
    NoCells,
    #[error(
        "more than {limit} lines of the cell list are not valid 'row col value' lines (the first is line {first}); is it a cell list?"
    )]
    TooManyBadLines { limit: usize, first: usize },
    #[error("the puzzle is {found}x{found} but a {size}x{size} puzzle was expected")]
    SizeMismatch { found: usize, size: usize },
}

/// A line of a `row col value` cell list that was skipped (the rest of the list is still read).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {problem}; line skipped")]
pub struct SkippedLine {
    /// 1-based line number in the input.
    pub line: usize,
    /// What is wrong with the line.
    pub problem: String,
}

/// A rule a (partly) filled grid breaks: the cells that break it and what it is, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    /// The cells involved (two cells holding one digit, a cage over its sum, a mark's cells).
    pub cells: Vec<usize>,
    /// What breaks, naming the rule and the cells.
    pub text: String,
}

impl Breach {
    pub(crate) fn new(cells: Vec<usize>, text: String) -> Breach {
        Breach { cells, text }
    }
}

/// Two cells of one house holding the same digit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The first cell (row-major index).
    pub first: usize,
    /// The second cell (row-major index).
    pub second: usize,
    /// The digit both hold.
    pub value: u8,
    /// The house they share.
    pub house: HouseKind,
    /// How to name the cells.
    pub names: super::multi::CellNames,
}

impl Conflict {
    /// The conflict in words, its value written by `symbol` (a Wordoku's letter, say).
    pub fn shown_with(&self, symbol: impl Fn(u8) -> String) -> String {
        format!(
            "{} and {} both hold {} ({})",
            self.names.name(self.first),
            self.names.name(self.second),
            symbol(self.value),
            self.house
        )
    }
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown_with(|value| super::text::digit_symbol(value).to_string()))
    }
}

/// Givens that break the rules: every conflict found, in cell order.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct InvalidGivens {
    /// The conflicts, first cell ascending.
    pub conflicts: Vec<Conflict>,
}

impl std::fmt::Display for InvalidGivens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = self.conflicts.iter().take(CONFLICTS_SHOWN);
        let parts: Vec<String> = shown.map(|c| c.to_string()).collect();
        write!(f, "the givens break the rules: {}", parts.join("; "))?;
        let more = self.conflicts.len().saturating_sub(CONFLICTS_SHOWN);
        if more > 0 {
            write!(f, "; and {}", counted(more, "more conflict"))?;
        }
        Ok(())
    }
}
