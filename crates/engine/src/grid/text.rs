//! Text formats in and out: the puzzle line, grid text, the `row col value` cell list, cell names
//! (`r3c5`) and digit symbols (`1-9`, then `A-Z`). Format detection lives here too.

use std::fmt;
use std::str::FromStr;

use super::error::{ParseError, SkippedLine};
use super::frame_text::{frame_grid_text, frame_line, parse_frame_grid, parse_frame_line};
use super::geometry::{Geometry, MAX_SIZE, MIN_SIZE};
use super::multi::CellNames;
use super::puzzle::Grid;

/// A puzzle's text format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One line of `N*N` symbols.
    Line,
    /// `N` lines of `N` symbols; spaces and `|`, `-`, `+` separators ignored.
    Grid,
    /// `row col value` lines, 1-based.
    Cells,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "line" => Ok(Format::Line),
            "grid" => Ok(Format::Grid),
            "cells" | "list" => Ok(Format::Cells),
            other => Err(format!(
                "unknown puzzle format {}: use line, grid or cells",
                shown_text(other)
            )),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Cells => "cells",
        })
    }
}

/// The UTF-8 byte order mark some editors write at the start of a file.
pub const BOM: char = '\u{feff}';

/// The text without a leading byte order mark.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The symbol of a digit: `.` for empty, `1`…`9`, then `A`, `B`, … for 10 and up.
pub fn digit_symbol(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => (b'0' + value) as char,
        _ => (b'A' + value - 10) as char,
    }
}

/// The value of a symbol: `.` and `0` are empty (0), `1`…`9`, then `A`/`a` = 10 and so on.
pub const fn symbol_value(symbol: char) -> Option<u8> {
    match symbol {
        '.' | '0' => Some(0),
        '1'..='9' => Some(symbol as u8 - b'0'),
        'A'..='Z' => Some(symbol as u8 - b'A' + 10),
        'a'..='z' => Some(symbol as u8 - b'a' + 10),
        _ => None,
    }
}

/// `1 cell`, `2 cells`: a count with its noun, plural when the count is not 1.
pub fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// True for a character a reader can see in a message: not a control, space, or invisible
/// format character (such as a byte order mark or a zero-width space).
fn is_visible(symbol: char) -> bool {
    let invisible_format = matches!(symbol as u32,
        0xAD | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB);
    !symbol.is_control() && !symbol.is_whitespace() && !invisible_format
}

/// A character as messages show it: quoted when visible (`'#'`), as its code point otherwise
/// (`U+0000`), so no message carries a raw control character.
pub fn shown_char(symbol: char) -> String {
    if is_visible(symbol) {
        format!("'{symbol}'")
    } else {
        format!("U+{:04X}", symbol as u32)
    }
}

/// The most characters of user text a message repeats.
const SHOWN_TEXT_CHARS: usize = 40;

/// User text as messages show it: quoted, invisible characters (other than plain spaces) as
/// `\u{…}`, cut after 40 characters.
pub fn shown_text(text: &str) -> String {
    let mut out = String::from("'");
    for (index, symbol) in text.chars().enumerate() {
        if index == SHOWN_TEXT_CHARS {
            out.push('…');
            break;
        }
        if symbol == ' ' || is_visible(symbol) {
            out.push(symbol);
        } else {
            out.push_str(&format!("\\u{{{:x}}}", symbol as u32));
        }
    }
    out.push('\'');
    out
}

/// A message made safe for a terminal: every control character other than a line break or a
/// tab written as `\u{…}`, so no text the user gave (a path, a spec value) can move the cursor
/// or change colours.
pub fn escape_controls(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for symbol in message.chars() {
        if symbol.is_control() && symbol != '\n' && symbol != '\t' {
            out.push_str(&format!("\\u{{{:x}}}", symbol as u32));
        } else {
            out.push(symbol);
        }
    }
    out
}

/// The name of a cell, 1-based: `r3c5`.
pub fn cell_name(cell: usize, size: usize) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

/// Reads a cell name (`r5c5`, `R5C5`, or `5,5`) into a row-major index, checking the range.
pub fn parse_cell_name(text: &str, size: usize) -> Result<usize, String> {
    parse_cell_name_in(text, &CellNames::Square(size))
}

/// Reads a cell name of a grid or frame (`r5c5`, `R5C5`, or `5,5`, in its rows and columns) into
/// the cell's index, checking that the cell exists.
pub fn parse_cell_name_in(text: &str, names: &CellNames) -> Result<usize, String> {
    let (row, col) = parse_row_col(text)?;
    let (rows, cols) = names.extent();
    if !(1..=rows).contains(&row) || !(1..=cols).contains(&col) {
        let extent = if rows == cols {
            format!("rows and columns 1 to {rows}")
        } else {
            format!("rows 1 to {rows}, columns 1 to {cols}")
        };
        return Err(format!(
            "cell {} is outside the {rows}x{cols} grid ({extent})",
            shown_text(text.trim())
        ));
    }
    names.cell_at(row - 1, col - 1).ok_or_else(|| {
        format!(
            "there is no cell at {} (that part of the frame is empty)",
            shown_text(text.trim())
        )
    })
}

/// The 1-based row and column a cell name gives, unchecked.
fn parse_row_col(text: &str) -> Result<(usize, usize), String> {
    let lower = text.trim().to_ascii_lowercase();
    let bad = || {
        format!(
            "{} is not a cell: write it as r5c5 (row 5, column 5)",
            shown_text(text)
        )
    };
    let (row, col) = match lower
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
    {
        Some(parts) => parts,
        None => lower.split_once(',').ok_or_else(bad)?,
    };
    let row: usize = row.trim().parse().map_err(|_| bad())?;
    let col: usize = col.trim().parse().map_err(|_| bad())?;
    Ok((row, col))
}

/// Guesses the format: `Cells` when the first non-empty line is three integers, `Line` when there
/// is one non-empty line, `Grid` otherwise.
pub fn detect_format(text: &str) -> Format {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let Some(first) = lines.next() else {
        return Format::Line;
    };
    let tokens: Vec<&str> = first.split_whitespace().take(4).collect();
    if tokens.len() == 3 && tokens.iter().all(|t| t.parse::<i64>().is_ok()) {
        return Format::Cells;
    }
    if lines.next().is_none() {
        Format::Line
    } else {
        Format::Grid
    }
}

/// Reads one puzzle line (line number `line_no` for messages). The size is inferred from the
/// length when `size` is `None`. Surrounding whitespace is ignored.
pub fn parse_line(text: &str, line_no: usize, size: Option<usize>) -> Result<Grid, ParseError> {
    let offset = text.len() - text.trim_start().len();
    let body = text.trim();
    if body.is_empty() {
        return Err(ParseError::Empty);
    }
    let ascii = body.is_ascii();
    let found = if ascii {
        body.len()
    } else {
        body.chars().count()
    };
    let size = match size {
        Some(size) => size,
        None => {
            size_of_line(found, line_no).map_err(|e| invisible_in(text, line_no).unwrap_or(e))?
        }
    };
    if found != size * size {
        if let Some(error) = invisible_in(text, line_no) {
            return Err(error);
        }
        return Err(ParseError::WrongLength {
            line: line_no,
            found,
            size,
            needed: size * size,
        });
    }
    if ascii && let Some(cells) = ascii_cells(body.as_bytes(), size) {
        return Ok(Grid::new(size, cells));
    }
    let mut cells = Vec::with_capacity(found);
    for (i, symbol) in body.chars().enumerate() {
        match symbol_value(symbol) {
            Some(value) if usize::from(value) <= size => cells.push(value),
            // The column is only counted for the message (batch files parse many lines).
            _ => {
                let column = text[..offset].chars().count() + i + 1;
                return Err(symbol_error(symbol, line_no, column, size));
            }
        }
    }
    Ok(Grid::new(size, cells))
}

/// `ASCII_VALUES[byte]`: the value of an ASCII symbol (as [`symbol_value`]), `u8::MAX` for a
/// byte that is no symbol.
static ASCII_VALUES: [u8; 256] = {
    let mut table = [u8::MAX; 256];
    let mut byte = 0;
    while byte < 128 {
        if let Some(value) = symbol_value(byte as u8 as char) {
            table[byte] = value;
        }
        byte += 1;
    }
    table
};

/// The values of a line of ASCII symbols, all at most `size`; `None` when some symbol is not
/// one (the caller then finds it and says where). The fast path of batch files.
fn ascii_cells(body: &[u8], size: usize) -> Option<Vec<u8>> {
    let cells: Vec<u8> = body.iter().map(|&b| ASCII_VALUES[usize::from(b)]).collect();
    let largest = cells.iter().copied().max().unwrap_or(0);
    (usize::from(largest) <= size).then_some(cells)
}

/// Reads one puzzle line of a known geometry (a multi-grid's frame line or cells, or `N*N`
/// symbols).
pub fn parse_line_of(text: &str, line_no: usize, geo: &Geometry) -> Result<Grid, ParseError> {
    match geo.frame() {
        Some(frame) => parse_frame_line(text, line_no, geo, frame),
        None => parse_line(text, line_no, Some(geo.size())),
    }
}

/// The size of a puzzle line of `found` cells: its square root, from 2 to [`MAX_SIZE`].
fn size_of_line(found: usize, line: usize) -> Result<usize, ParseError> {
    let size = found.isqrt();
    if found > MAX_SIZE * MAX_SIZE {
        return Err(ParseError::TooLarge { line, found });
    }
    if size * size != found || size < MIN_SIZE {
        return Err(ParseError::UnknownSize { line, found });
    }
    Ok(size)
}

/// The first character of a line no reader can see (a zero-width space, a direction mark, a
/// control character such as NUL), as an error that names it by code point and column: such a
/// character otherwise only shows as a cell too many.
fn invisible_in(text: &str, line_no: usize) -> Option<ParseError> {
    let body_start = text.len() - text.trim_start().len();
    let body = text.trim();
    let (index, symbol) = body
        .chars()
        .enumerate()
        .find(|&(_, c)| !is_visible(c) && c != ' ')?;
    Some(ParseError::NotADigit {
        line: line_no,
        column: text[..body_start].chars().count() + index + 1,
        symbol,
    })
}

pub(super) fn read_symbol(
    symbol: char,
    line: usize,
    column: usize,
    size: usize,
) -> Result<u8, ParseError> {
    match symbol_value(symbol) {
        Some(value) if usize::from(value) <= size => Ok(value),
        _ => Err(symbol_error(symbol, line, column, size)),
    }
}

/// Why `symbol` is not a digit of a `size`×`size` puzzle.
fn symbol_error(symbol: char, line: usize, column: usize, size: usize) -> ParseError {
    if symbol_value(symbol).is_none() {
        return ParseError::NotADigit {
            line,
            column,
            symbol,
        };
    }
    ParseError::DigitTooLarge {
        line,
        column,
        symbol,
        size,
        digits: digit_range(size),
    }
}

/// The digits of a size as people write them: `1 to 9`, or `1-9 and A-G` above 9.
pub fn digit_range(size: usize) -> String {
    if size <= 9 {
        format!("1 to {size}")
    } else {
        format!("1-9 and A-{}", digit_symbol(size as u8))
    }
}

fn is_grid_separator(symbol: char) -> bool {
    symbol.is_whitespace() || matches!(symbol, '|' | '-' | '+')
}

/// Reads grid text: `N` rows of `N` symbols; spaces and `|`, `-`, `+` are ignored, and lines
/// made only of separators are skipped. The size is the number of rows when `size` is `None`.
/// Nothing is stored beyond the cells of one grid, whatever the length of the text.
pub fn parse_grid_text(text: &str, size: Option<usize>) -> Result<Grid, ParseError> {
    let found = grid_rows(text).count();
    if found == 0 {
        return Err(ParseError::Empty);
    }
    let size = match size {
        Some(size) => size,
        None if found > MAX_SIZE => return Err(ParseError::TooManyRows),
        None => found,
    };
    if found != size {
        return Err(ParseError::WrongRowCount { found, size });
    }
    let mut cells = Vec::with_capacity(size * size);
    for (line, row) in grid_rows(text) {
        let found = row.clone().count();
        if found != size {
            return Err(ParseError::WrongRowLength { line, found, size });
        }
        for (column, symbol) in row {
            cells.push(read_symbol(symbol, line, column, size)?);
        }
    }
    Ok(Grid::new(size, cells))
}

/// The rows of grid text that hold a symbol: the 1-based line number and the symbols with their
/// 1-based columns.
pub(super) fn grid_rows(
    text: &str,
) -> impl Iterator<Item = (usize, impl Iterator<Item = (usize, char)> + Clone + '_)> + '_ {
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.chars().any(|s| !is_grid_separator(s)))
        .map(|(index, line)| {
            let symbols = line
                .chars()
                .enumerate()
                .filter(|&(_, s)| !is_grid_separator(s))
                .map(|(col, s)| (col + 1, s));
            (index + 1, symbols)
        })
}

/// The most malformed lines a cell list may have before it is refused as not a cell list.
pub const MAX_SKIPPED_LINES: usize = 1000;

/// Reads a `row col value` cell list (1-based) into a grid of the geometry's size. A line that is
/// malformed, out of range, sets a cell twice or conflicts with a digit already placed is
/// reported and skipped; the rest is read. More than [`MAX_SKIPPED_LINES`] such lines is an
/// error.
pub fn parse_cell_list(text: &str, geo: &Geometry) -> Result<(Grid, Vec<SkippedLine>), ParseError> {
    let mut grid = geo.empty_grid();
    let mut skipped = Vec::new();
    let mut placed = 0;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match place_cell_line(line, &mut grid, geo) {
            Ok(()) => placed += 1,
            Err(_) if skipped.len() == MAX_SKIPPED_LINES => {
                return Err(ParseError::TooManyBadLines {
                    limit: MAX_SKIPPED_LINES,
                    first: skipped.first().map_or(index + 1, |s: &SkippedLine| s.line),
                });
            }
            Err(problem) => skipped.push(SkippedLine {
                line: index + 1,
                problem,
            }),
        }
    }
    if placed == 0 && !skipped.is_empty() {
        return Err(ParseError::NoCells);
    }
    Ok((grid, skipped))
}

fn place_cell_line(line: &str, grid: &mut Grid, geo: &Geometry) -> Result<(), String> {
    let size = geo.size();
    let fields = line.split_whitespace().count();
    if fields != 3 {
        return Err(format!(
            "expected 'row col value', found {}",
            counted(fields, "field")
        ));
    }
    let numbers = line
        .split_whitespace()
        .map(|t| {
            t.parse::<usize>()
                .map_err(|_| format!("{} is not a number", shown_text(t)))
        })
        .collect::<Result<Vec<usize>, String>>()?;
    let (row, col, value) = (numbers[0], numbers[1], numbers[2]);
    let (rows, cols) = geo.extent();
    for (name, number, max) in [
        ("row", row, rows),
        ("column", col, cols),
        ("value", value, size),
    ] {
        if !(1..=max).contains(&number) {
            return Err(format!("{name} {number} is out of range 1 to {max}"));
        }
    }
    let Some(cell) = geo.cell_at(row - 1, col - 1) else {
        return Err(format!(
            "there is no cell at r{row}c{col} in a {}",
            geo.describe()
        ));
    };
    if grid.get(cell) != 0 {
        return Err(format!(
            "{} already holds {}",
            geo.cell_name(cell),
            grid.get(cell)
        ));
    }
    if let Some(conflict) = conflicting_peer(grid, geo, cell, value as u8) {
        return Err(conflict);
    }
    grid.set(cell, value as u8);
    Ok(())
}

fn conflicting_peer(grid: &Grid, geo: &Geometry, cell: usize, value: u8) -> Option<String> {
    for &house in geo.houses_of(cell) {
        let house = &geo.houses()[house];
        if let Some(&other) = house.cells.iter().find(|&&c| grid.get(c) == value) {
            return Some(format!(
                "{} = {value} conflicts with {} = {value} ({})",
                geo.cell_name(cell),
                geo.cell_name(other),
                house.kind
            ));
        }
    }
    None
}

/// The size a text shows in a format: the root of a line's length, or the number of grid rows.
/// A cell list cannot show its size (`None`).
pub fn infer_size(text: &str, format: Format) -> Result<Option<usize>, ParseError> {
    match format {
        Format::Line => {
            let (line_no, line) = first_content_line(text).ok_or(ParseError::Empty)?;
            let found = line.trim().chars().count();
            size_of_line(found, line_no)
                .map(Some)
                .map_err(|e| invisible_in(line, line_no).unwrap_or(e))
        }
        Format::Grid => Ok(Some(
            text.lines()
                .filter(|l| l.chars().any(|s| !is_grid_separator(s)))
                .count(),
        )),
        Format::Cells => Ok(None),
    }
}

/// The first non-blank line and its 1-based number.
pub fn first_content_line(text: &str) -> Option<(usize, &str)> {
    text.lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
}

/// Reads a puzzle of a known geometry in the given format.
pub fn parse_puzzle(
    text: &str,
    geo: &Geometry,
    format: Format,
) -> Result<(Grid, Vec<SkippedLine>), ParseError> {
    let size = Some(geo.size());
    match (format, geo.frame()) {
        (Format::Line, frame) => {
            let (line_no, line) = first_content_line(text).ok_or(ParseError::Empty)?;
            let extra = text.lines().enumerate().skip(line_no);
            if let Some((index, _)) = extra.into_iter().find(|(_, l)| !l.trim().is_empty()) {
                return Err(ParseError::ExtraLine { line: index + 1 });
            }
            match frame {
                Some(frame) => parse_frame_line(line, line_no, geo, frame),
                None => parse_line(line, line_no, size),
            }
            .map(|g| (g, Vec::new()))
        }
        (Format::Grid, Some(frame)) => parse_frame_grid(text, geo, frame).map(|g| (g, Vec::new())),
        (Format::Grid, None) => parse_grid_text(text, size).map(|g| (g, Vec::new())),
        (Format::Cells, _) => parse_cell_list(text, geo),
    }
}

/// The grid as one line, `.` for empty cells (`#` where a multi-grid frame has no cell).
pub fn to_line(grid: &Grid, geo: &Geometry) -> String {
    let mut line = String::with_capacity(grid.cells().len());
    push_line(&mut line, grid, geo);
    line
}

/// Appends the grid as one line (as [`to_line`]) to `out`, without a line break.
pub fn push_line(out: &mut String, grid: &Grid, geo: &Geometry) {
    match geo.frame() {
        Some(frame) => out.push_str(&frame_line(grid, frame)),
        None => push_symbols(out, grid.cells()),
    }
}

/// `SYMBOLS[value]`: the ASCII symbol of a value up to 35 (as [`digit_symbol`]).
const SYMBOLS: &[u8; 36] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Appends the symbols of `values` (as [`digit_symbol`]): ASCII, written a block at a time.
fn push_symbols(out: &mut String, values: &[u8]) {
    out.reserve(values.len());
    for block in values.chunks(64) {
        let mut bytes = [0u8; 64];
        for (byte, &value) in bytes.iter_mut().zip(block) {
            *byte = SYMBOLS.get(usize::from(value)).copied().unwrap_or(0xFF);
        }
        match std::str::from_utf8(&bytes[..block.len()]) {
            Ok(text) => out.push_str(text),
            // A value past the table (not a digit of any size).
            Err(_) => out.extend(block.iter().map(|&v| digit_symbol(v))),
        }
    }
}

/// The grid as text: one row per line, cells separated by spaces, `|` between boxes and a rule
/// between bands for variants with boxes.
pub fn to_grid_text(grid: &Grid, geo: &Geometry) -> String {
    if let Some(frame) = geo.frame() {
        return frame_grid_text(grid, frame, geo.box_shape().map_or(3, |b| b.rows));
    }
    let size = grid.size();
    let shape = geo.box_shape();
    let mut out = String::new();
    for row in 0..size {
        if let Some(shape) = shape
            && row > 0
            && row % shape.rows == 0
        {
            out.push_str(&band_rule(size, shape.cols));
        }
        let mut line = String::new();
        for col in 0..size {
            if col > 0 {
                let boundary = shape.is_some_and(|s| col % s.cols == 0);
                line.push_str(if boundary { " | " } else { " " });
            }
            line.push(digit_symbol(grid.get(row * size + col)));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn band_rule(size: usize, box_cols: usize) -> String {
    let boxes = size / box_cols;
    let segment = "-".repeat(box_cols * 2 - 1);
    let inner: Vec<String> = (0..boxes)
        .map(|i| {
            let left = if i == 0 { "" } else { "-" };
            let right = if i + 1 == boxes { "" } else { "-" };
            format!("{left}{segment}{right}")
        })
        .collect();
    inner.join("+") + "\n"
}

/// The grid as a `row col value` list (1-based, frame rows and columns for multi-grids),
/// filled cells only.
pub fn to_cell_list(grid: &Grid, geo: &Geometry) -> String {
    let mut out = String::new();
    for (cell, &value) in grid.cells().iter().enumerate() {
        if value != 0 {
            let (row, col) = geo.row_col(cell);
            out.push_str(&format!("{} {} {}\n", row + 1, col + 1, value));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// The batch fast paths read and write what the symbol functions do, byte for byte.
    #[test]
    fn ascii_fast_paths_agree_with_the_symbol_functions() {
        for size in [4, 9, 16, 25] {
            for byte in 0..=255u8 {
                let line = [byte; 3];
                let want = symbol_value(byte as char)
                    .filter(|&v| usize::from(v) <= size)
                    .filter(|_| byte.is_ascii())
                    .map(|v| vec![v; 3]);
                assert_eq!(ascii_cells(&line, size), want, "byte {byte} size {size}");
            }
        }
        let values: Vec<u8> = (0..=35).chain(0..=35).chain(0..=35).collect();
        let mut fast = String::from("x");
        push_symbols(&mut fast, &values);
        let slow: String = std::iter::once('x')
            .chain(values.iter().map(|&v| digit_symbol(v)))
            .collect();
        assert_eq!(fast, slow);
        // A line that fails the fast path is read (and refused) as before.
        let bad = LINE.replacen('5', "?", 1);
        assert!(matches!(
            parse_line(&bad, 4, None),
            Err(ParseError::NotADigit { column: 9, .. })
        ));
        let too_large = LINE.replacen('5', "A", 1);
        assert!(matches!(
            parse_line(&too_large, 4, None),
            Err(ParseError::DigitTooLarge { column: 9, .. })
        ));
    }

    #[test]
    fn symbols_round_trip() {
        for value in 0..=25u8 {
            assert_eq!(symbol_value(digit_symbol(value)), Some(value));
        }
        assert_eq!(symbol_value('0'), Some(0));
        assert_eq!(symbol_value('g'), Some(16));
        assert_eq!(symbol_value('#'), None);
    }

    #[test]
    fn line_parses_and_prints() {
        let grid = parse_line(LINE, 1, None).unwrap();
        assert_eq!(grid.size(), 9);
        assert_eq!(grid.get(0), 4);
        assert_eq!(to_line(&grid, &Geometry::classic(9).unwrap()), LINE);
        let zeros = LINE.replace('.', "0");
        assert_eq!(parse_line(&zeros, 1, None).unwrap(), grid);
    }

    #[test]
    fn bad_symbol_is_located() {
        let mut text = LINE.to_string();
        text.replace_range(6..7, "#");
        let err = parse_line(&text, 3, None).unwrap_err();
        assert_eq!(err.to_string(), "line 3, column 7: '#' is not a digit");
    }

    #[test]
    fn column_counts_leading_spaces() {
        let err = parse_line(&format!("  12#4{}", ".".repeat(13)), 1, None).unwrap_err();
        assert!(
            matches!(err, ParseError::UnknownSize { found: 17, .. }),
            "{err}"
        );
        let err = parse_line(&format!("  12#4{}", ".".repeat(12)), 1, None).unwrap_err();
        assert_eq!(err.to_string(), "line 1, column 5: '#' is not a digit");
    }

    #[test]
    fn too_large_digit_is_reported() {
        let err = parse_line("12A4............", 2, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 3: 'A' is not a digit of this puzzle (digits 1 to 4)"
        );
    }

    #[test]
    fn wrong_length_names_the_need() {
        let err = parse_line(&LINE[1..], 1, Some(9)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1: the puzzle line has 80 cells; a 9x9 puzzle needs 81"
        );
    }

    #[test]
    fn sixteen_by_sixteen_letters() {
        let line = "G".to_string() + &".".repeat(255);
        let grid = parse_line(&line, 1, None).unwrap();
        assert_eq!(grid.size(), 16);
        assert_eq!(grid.get(0), 16);
    }

    #[test]
    fn grid_text_round_trips_with_separators() {
        let geo = Geometry::classic(9).unwrap();
        let grid = parse_line(LINE, 1, None).unwrap();
        let text = to_grid_text(&grid, &geo);
        assert!(text.starts_with("4 . . | . . . | 8 . 5\n"), "{text}");
        assert!(text.contains("------+-------+------\n"), "{text}");
        assert_eq!(parse_grid_text(&text, None).unwrap(), grid);
        assert_eq!(detect_format(&text), Format::Grid);
    }

    #[test]
    fn grid_text_six_by_six_boxes() {
        let geo = Geometry::classic(6).unwrap();
        let text = to_grid_text(&Grid::empty(6), &geo);
        assert_eq!(
            text,
            ". . . | . . .\n. . . | . . .\n------+------\n. . . | . . .\n. . . | . . .\n------+------\n. . . | . . .\n. . . | . . .\n"
        );
    }

    #[test]
    fn grid_text_errors_name_the_line() {
        let err = parse_grid_text("1234\n341\n2143\n4321\n", None).unwrap_err();
        assert_eq!(err.to_string(), "line 2 has 3 cells; a 4x4 grid needs 4");
        let err = parse_grid_text("1234\n3412\n", Some(4)).unwrap_err();
        assert_eq!(err.to_string(), "the grid has 2 rows; a 4x4 grid needs 4");
        let err = parse_grid_text("12 34\n34 1x\n21 43\n43 21\n", None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 5: 'x' is not a digit of this puzzle (digits 1 to 4)"
        );
    }

    #[test]
    fn cell_list_reads_and_skips_bad_lines() {
        let geo = Geometry::classic(9).unwrap();
        let text = "1 1 5\n2 2 3\n10 1 4\n1 5 5\nx y z\n3 3\n2 2 7\n";
        let (grid, skipped) = parse_cell_list(text, &geo).unwrap();
        assert_eq!(grid.get(0), 5);
        assert_eq!(grid.get(10), 3);
        assert_eq!(grid.filled_count(), 2);
        let messages: Vec<String> = skipped.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            messages,
            vec![
                "line 3: row 10 is out of range 1 to 9; line skipped",
                "line 4: r1c5 = 5 conflicts with r1c1 = 5 (row 1); line skipped",
                "line 5: 'x' is not a number; line skipped",
                "line 6: expected 'row col value', found 2 fields; line skipped",
                "line 7: r2c2 already holds 3; line skipped",
            ]
        );
        assert_eq!(to_cell_list(&grid, &geo), "1 1 5\n2 2 3\n");
    }

    #[test]
    fn cell_list_with_nothing_valid_is_an_error() {
        let geo = Geometry::classic(9).unwrap();
        assert_eq!(
            parse_cell_list("0 0 0\n", &geo).unwrap_err(),
            ParseError::NoCells
        );
    }

    #[test]
    fn format_detection() {
        assert_eq!(detect_format(LINE), Format::Line);
        assert_eq!(detect_format("1 1 5\n2 2 3\n"), Format::Cells);
        assert_eq!(detect_format("12\n34\n"), Format::Grid);
        assert_eq!(infer_size(LINE, Format::Line).unwrap(), Some(9));
        assert_eq!(infer_size("12\n--\n21\n", Format::Grid).unwrap(), Some(2));
    }

    #[test]
    fn cell_names() {
        assert_eq!(cell_name(40, 9), "r5c5");
        assert_eq!(parse_cell_name("r5c5", 9), Ok(40));
        assert_eq!(parse_cell_name("R1C9", 9), Ok(8));
        assert_eq!(parse_cell_name("2,3", 9), Ok(11));
        assert!(parse_cell_name("r10c1", 9).unwrap_err().contains("outside"));
        assert!(parse_cell_name("x", 9).unwrap_err().contains("not a cell"));
    }
}
