//! Errors of the grid model: bad geometry, bad region maps, unreadable puzzle text and conflicts.
//! Every message says what is wrong and where (line and column, cell, region or house).

use thiserror::Error;

use super::geometry::HouseKind;
use super::text::cell_name;

/// A geometry that cannot be built from the variant, size, box shape and regions asked for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeometryError {
    #[error(
        "unknown variant '{text}': use classic, diagonal, window, jigsaw, or a combination such as jigsaw+diagonal"
    )]
    UnknownVariant { text: String },
    #[error("'{text}' is not a box shape: write it as RxC, for example 2x3 (2 rows, 3 columns)")]
    BadBoxShape { text: String },
    #[error("size {size} is not supported: sizes run from {min} to {max}")]
    UnsupportedSize { size: usize, min: usize, max: usize },
    #[error(
        "size {size} has no box shape (it is prime): use --variant jigsaw with a region map, or another size"
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
    #[error("a jigsaw puzzle needs a region map (--regions FILE)")]
    JigsawNeedsRegions,
    #[error(
        "a region map was given, but the variant '{variant}' has no regions: use a jigsaw variant"
    )]
    RegionsWithoutJigsaw { variant: String },
    #[error("the region map is {map}x{map} but the puzzle is {size}x{size}")]
    RegionSizeMismatch { map: usize, size: usize },
    #[error(transparent)]
    Region(#[from] RegionError),
}

/// A jigsaw region map that is not N connected regions of N cells.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RegionError {
    #[error("the region map is empty")]
    Empty,
    #[error(
        "line {line}, column {column}: '{symbol}' is not a region symbol (use letters or digits)"
    )]
    BadSymbol {
        line: usize,
        column: usize,
        symbol: char,
    },
    #[error(
        "the region map has {found} symbols on one line; a square map needs a square number such as 81"
    )]
    NotSquare { found: usize },
    #[error("the region map has {found} lines; a {size}x{size} map needs {size}")]
    WrongLineCount { found: usize, size: usize },
    #[error("line {line} of the region map has {found} symbols; a {size}x{size} map needs {size}")]
    WrongLineLength {
        line: usize,
        found: usize,
        size: usize,
    },
    #[error("a jigsaw region map needs {size} distinct symbols, found {found}")]
    WrongRegionCount { found: usize, size: usize },
    #[error("region '{symbol}' has {found} cells, needs {size}")]
    WrongRegionSize {
        symbol: char,
        found: usize,
        size: usize,
    },
    #[error("region '{symbol}' is not connected (cells {first} and {other} are not joined)")]
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
    #[error("line {line}, column {column}: '{symbol}' is not a digit")]
    NotADigit {
        line: usize,
        column: usize,
        symbol: char,
    },
    #[error(
        "line {line}, column {column}: '{symbol}' is not a digit of a {size}x{size} puzzle (digits {digits})"
    )]
    DigitTooLarge {
        line: usize,
        column: usize,
        symbol: char,
        size: usize,
        digits: String,
    },
    #[error(
        "line {line}: the puzzle line has {found} cells; a {size}x{size} puzzle needs {needed}"
    )]
    WrongLength {
        line: usize,
        found: usize,
        size: usize,
        needed: usize,
    },
    #[error(
        "line {line}: a puzzle line of {found} cells is not a square grid (81 for 9x9, 256 for 16x16, ...)"
    )]
    UnknownSize { line: usize, found: usize },
    #[error("line {line} has {found} cells; a {size}x{size} grid needs {size}")]
    WrongRowLength {
        line: usize,
        found: usize,
        size: usize,
    },
    #[error("the grid has {found} rows; a {size}x{size} grid needs {size}")]
    WrongRowCount { found: usize, size: usize },
    #[error(
        "line {line}: a second line, but a puzzle line is one line (use --format grid for grid text)"
    )]
    ExtraLine { line: usize },
    #[error("the cell list has no valid 'row col value' line")]
    NoCells,
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
    /// The grid size, to name the cells.
    pub size: usize,
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} and {} both hold {} ({})",
            cell_name(self.first, self.size),
            cell_name(self.second, self.size),
            super::text::digit_symbol(self.value),
            self.house
        )
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
        let parts: Vec<String> = self.conflicts.iter().map(|c| c.to_string()).collect();
        write!(f, "the givens break the rules: {}", parts.join("; "))
    }
}
