//! `--symbols SET` on the command line: puzzles read and written in letters, a word's letters or
//! 0–F instead of digits (a Wordoku line such as `PL...WIS.`). The text is translated at the
//! edge — symbols to digits when read, digits to symbols when written — so every command inside
//! works on digits. Pictures, colours and 1–16 have no one-character form and are refused.

use std::borrow::Cow;

use super::error::CliError;
use sudoku_book::grid::text::{digit_symbol, symbol_value};
use sudoku_book::symbols::{Glyph, SymbolSet};

/// The set of `--symbols`, when it can be written as text, one character a value.
pub fn text_symbols(arg: &str) -> Result<SymbolSet, CliError> {
    let set = SymbolSet::parse(arg).map_err(|e| CliError::Input(format!("--symbols: {e}")))?;
    match set {
        SymbolSet::Digits | SymbolSet::Letters | SymbolSet::Hex | SymbolSet::Word(_) => Ok(set),
        SymbolSet::Numbers | SymbolSet::Pictures | SymbolSet::Colours => {
            Err(CliError::Input(format!(
                "--symbols: {arg} has no one-character form for a puzzle line; books print it (symbols = \"{arg}\" in the spec)"
            )))
        }
    }
}

/// The value a symbol of the set stands for (1..=N), `None` for any other character.
fn value_of(set: SymbolSet, c: char) -> Option<u8> {
    let upper = sudoku_book::symbols::capital(c);
    match set {
        SymbolSet::Letters => upper.is_ascii_uppercase().then(|| upper as u8 - b'A' + 1),
        SymbolSet::Hex => upper.to_digit(16).map(|d| d as u8 + 1),
        SymbolSet::Word(word) => word
            .letters()
            .iter()
            .position(|&l| l == upper)
            .map(|i| i as u8 + 1),
        _ => None,
    }
}

/// Where a text's symbols are: a puzzle line's puzzle (before its first `|`: regions and cages
/// keep theirs), or a whole grid (whose `|` are box lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Line,
    Grid,
    /// `row col value` lines: only the value.
    Cells,
}

/// Text in the set's symbols turned into digits (empty cells `.` stay; a JSON record is left
/// as it is).
pub fn to_digits(set: SymbolSet, text: &str, shape: Shape) -> Cow<'_, str> {
    if set == SymbolSet::Digits {
        return Cow::Borrowed(text);
    }
    Cow::Owned(map_lines(text, shape, |c| {
        if c == '.' {
            return Some('.');
        }
        value_of(set, c).map(digit_symbol)
    }))
}

/// Text in the set's symbols turned into digits, every character checked as typed: one that is
/// no symbol of the set (a digit among letters, a letter outside the word, a letter past the
/// grid's size) is refused with its line, column and the set's symbols, never read as another
/// symbol. `size` is the grid's when known (`--size`); a puzzle line's is counted from its
/// cells. Empty cells are `.`, and `0` too except in 0-F.
pub fn to_digits_checked(
    set: SymbolSet,
    text: &str,
    shape: Shape,
    size: Option<usize>,
) -> Result<Cow<'_, str>, String> {
    if set == SymbolSet::Digits {
        return Ok(Cow::Borrowed(text));
    }
    let most = most_value(set, text, shape, size);
    let translated = to_digits(set, text, shape);
    for (line_no, (typed, read)) in text.lines().zip(translated.lines()).enumerate() {
        if typed.trim_start().starts_with(['{', '#']) {
            continue;
        }
        let (from, to) = symbol_span(typed, shape);
        for (column, c) in typed.char_indices().filter(|(i, _)| (from..to).contains(i)) {
            let column = typed[..column].chars().count() + 1;
            let value = value_of(set, c).filter(|&v| usize::from(v) <= most);
            let empty = c == '.' || (c == '0' && set != SymbolSet::Hex);
            let separator = shape == Shape::Grid && !c.is_alphanumeric();
            if value.is_none() && !empty && !separator && !c.is_whitespace() {
                return Err(format!(
                    "line {}, column {column}: {} is not a symbol of this puzzle ({}; . for an empty cell)",
                    line_no + 1,
                    sudoku_book::grid::text::shown_char(c),
                    symbols_shown(set, most)
                ));
            }
        }
        debug_assert_eq!(typed.chars().count(), read.chars().count());
    }
    Ok(translated)
}

/// The largest value a symbol may stand for: the set's size, the grid's when known, else a
/// puzzle line's counted from its cells (a multi-grid's, shown by `#`, is 9).
fn most_value(set: SymbolSet, text: &str, shape: Shape, size: Option<usize>) -> usize {
    let of_set = match set {
        SymbolSet::Letters => 26,
        SymbolSet::Hex => 16,
        SymbolSet::Word(word) => word.letters().len(),
        _ => 9,
    };
    let counted = match (size, shape) {
        (Some(size), _) => Some(size),
        (None, Shape::Line) => text
            .lines()
            .find(|l| !l.trim().is_empty())
            .and_then(|line| {
                let (from, to) = symbol_span(line, shape);
                let cells = line[from..to].trim();
                let count = cells.chars().count();
                match cells.contains('#') {
                    true => Some(9),
                    false => (count.isqrt().pow(2) == count).then(|| count.isqrt()),
                }
            }),
        (None, _) => None,
    };
    counted.map_or(of_set, |size| size.min(of_set))
}

/// The set's symbols for values 1 to `most`, as a message lists them (`A to I`, `P L A N T…`).
fn symbols_shown(set: SymbolSet, most: usize) -> String {
    let glyph = |value: usize| match set.glyph(value as u8, None) {
        Glyph::Text(text) => text.as_str().to_string(),
        _ => value.to_string(),
    };
    match set {
        SymbolSet::Word(_) => (1..=most).map(glyph).collect::<Vec<_>>().join(" "),
        _ => format!("{} to {}", glyph(1), glyph(most)),
    }
}

/// Where a line's symbols are (byte range): a puzzle line's puzzle (before its first `|`), a
/// whole grid line, a cell list line's last field.
fn symbol_span(line: &str, shape: Shape) -> (usize, usize) {
    match shape {
        Shape::Line => (0, line.find('|').unwrap_or(line.len())),
        Shape::Grid => (0, line.len()),
        Shape::Cells => {
            let end = line.trim_end().len();
            (line[..end].rfind(' ').map_or(end, |space| space + 1), end)
        }
    }
}

/// Text in digits written in the set's symbols (empty cells as `.`).
pub fn from_digits(set: SymbolSet, text: &str, shape: Shape) -> Cow<'_, str> {
    if set == SymbolSet::Digits {
        return Cow::Borrowed(text);
    }
    Cow::Owned(map_lines(text, shape, |c| match symbol_value(c) {
        Some(0) => Some('.'),
        Some(value) => match set.glyph(value, None) {
            Glyph::Text(t) => t.as_str().chars().next(),
            _ => None,
        },
        None => None,
    }))
}

fn map_lines(text: &str, shape: Shape, map: impl Fn(char) -> Option<char>) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('{') || line.trim_start().starts_with('#') {
            out.push_str(line);
            continue;
        }
        let (from, to) = symbol_span(line, shape);
        out.push_str(&line[..from]);
        out.extend(line[from..to].chars().map(|c| map(c).unwrap_or(c)));
        out.push_str(&line[to..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wordoku_line_reads_and_writes_back() {
        let word = text_symbols("PLANTWISE").unwrap();
        let line = "PL...WIS.|regions stay";
        let digits = to_digits(word, line, Shape::Line);
        assert_eq!(digits, "12...678.|regions stay");
        assert_eq!(from_digits(word, &digits, Shape::Line), line);
        let hex = text_symbols("0-F").unwrap();
        assert_eq!(to_digits(hex, "0F.", Shape::Line), "1G.");
        assert_eq!(from_digits(hex, "1G.", Shape::Line), "0F.");
        let letters = text_symbols("letters").unwrap();
        assert_eq!(to_digits(letters, "a b | c\n", Shape::Grid), "1 2 | 3\n");
        assert_eq!(from_digits(letters, "1 2 3\n", Shape::Cells), "1 2 C\n");
        assert_eq!(to_digits(letters, "1 2 C\n", Shape::Cells), "1 2 3\n");
        assert!(text_symbols("pictures").is_err());
        assert!(text_symbols("1-16").is_err());
    }
}
