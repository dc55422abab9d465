//! Reading puzzle input: a file, standard input or a puzzle given inline, all with a size cap,
//! or streamed line by line (output is [`super::sink`]'s).

use std::fs::File;
use std::io::{BufRead, BufReader, Cursor};
use std::path::Path;

use super::error::CliError;
use sudoku_book::grid::text::{shown_char, shown_text, symbol_value};
use sudoku_book::grid::{MAX_SIZE, NO_CELL, Variant, split_tag};
use sudoku_book::input::{self, InputError, LineStream};

/// Text read from the user, with a name for messages (`puzzle.txt`, `<stdin>`, `<argument>`).
pub struct Input {
    /// Where the text came from, used as the prefix of error messages.
    pub name: String,
    /// The text.
    pub text: String,
}

/// Reads `-` (standard input), a file, or — when no such file exists and the argument looks like
/// a puzzle line — the argument itself. Inputs over `MAX_INPUT_BYTES` (64 MiB) are refused.
pub fn read_input(arg: &str) -> Result<Input, CliError> {
    if arg == "-" {
        let text = input::read_text(std::io::stdin().lock())
            .map_err(|e| input_error("<stdin>", "standard input", e))?;
        return Ok(Input {
            name: "<stdin>".to_string(),
            text,
        });
    }
    if let Some(text) = inline_puzzle(arg) {
        return Ok(Input {
            name: "<argument>".to_string(),
            text,
        });
    }
    read_file(Path::new(arg)).map(|text| Input {
        name: shown_path(arg),
        text,
    })
}

/// The argument as puzzle text when it names no file and looks like a puzzle line.
fn inline_puzzle(arg: &str) -> Option<String> {
    let path = Path::new(arg);
    (!path.exists() && looks_like_puzzle_line(arg)).then(|| input::strip_bom(arg).to_string())
}

/// Reads a whole file as UTF-8 text, at most `MAX_INPUT_BYTES`.
pub fn read_file(path: &Path) -> Result<String, CliError> {
    let name = path.display().to_string();
    input::read_file(path).map_err(|e| input_error(&name, &name, e))
}

/// A read failure as a CLI error: an I/O failure (exit 3) names the action, bad input (exit 2)
/// is prefixed with the source.
fn input_error(source: &str, what: &str, error: InputError) -> CliError {
    match error {
        InputError::Io(e) => CliError::Io(format!("cannot read {}: {e}", shown_path(what))),
        other => CliError::input_in(&shown_path(source), other),
    }
}

/// True for a character messages show by code point: a control or invisible character (a
/// zero-width space, a direction mark), not a plain space.
fn is_invisible(c: char) -> bool {
    c != ' ' && shown_char(c).starts_with("U+")
}

/// A file name as messages show it: control and invisible characters escaped.
pub fn shown_path(name: &str) -> String {
    if name.chars().any(is_invisible) {
        shown_text(name)
    } else {
        name.to_string()
    }
}

/// Opens `-` (standard input), a file, or a puzzle line given inline as a stream of lines.
pub fn open_lines(arg: &str) -> Result<(String, LineStream<Box<dyn BufRead>>), CliError> {
    let (name, reader): (String, Box<dyn BufRead>) = if arg == "-" {
        ("<stdin>".into(), Box::new(std::io::stdin().lock()))
    } else if let Some(text) = inline_puzzle(arg) {
        (
            "<argument>".into(),
            Box::new(Cursor::new(text.into_bytes())),
        )
    } else {
        let path = Path::new(arg);
        let file = File::open(path).map_err(|e| CliError::io("read", path, e))?;
        (arg.to_string(), Box::new(BufReader::new(file)))
    };
    let name = shown_path(&name);
    let reader = manifest_as_lines(&name, reader)?;
    Ok((name, LineStream::new(reader)))
}

/// A `book.json` (one JSON document whose first line is a lone `{`) becomes one JSON record a
/// line, in puzzle order, so every `--batch` command reads a book's manifest as its puzzles;
/// any other stream is returned untouched.
fn manifest_as_lines(
    name: &str,
    mut reader: Box<dyn BufRead>,
) -> Result<Box<dyn BufRead>, CliError> {
    let start = reader
        .fill_buf()
        .map_err(|e| CliError::Io(format!("cannot read {name}: {e}")))?;
    let start = input::strip_bom(std::str::from_utf8(start).unwrap_or_default());
    let first_line = start.lines().next().unwrap_or_default();
    if first_line.trim() != "{" {
        return Ok(reader);
    }
    let text = input::read_text(reader).map_err(|e| input_error(name, name, e))?;
    let manifest: serde_json::Value = serde_json::from_str(input::strip_bom(&text))
        .map_err(|e| CliError::input_in(name, format!("not a book.json: {e}")))?;
    let puzzles = manifest["puzzles"]
        .as_array()
        .ok_or_else(|| CliError::input_in(name, "not a book.json: no \"puzzles\" list"))?;
    let lines: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    Ok(Box::new(Cursor::new(lines.into_bytes())))
}

/// A failure of a line stream: I/O (exit 3) or an endless line (exit 2).
pub fn stream_error(name: &str, error: InputError) -> CliError {
    let what = if name == "<stdin>" {
        "standard input"
    } else {
        name
    };
    input_error(name, what, error)
}

/// True for an argument that is meant as a puzzle line rather than a file name: a square number
/// of cells (4, 9, 16, …) of puzzle symbols (digits and `.` only for 2x2 and 3x3, so that short
/// file names are not mistaken for puzzles), or 16 characters or more with no path separator
/// that are all symbols or a square number. A jigsaw line may follow the puzzle with `|regions`,
/// and a line may start with its variant's tag (`diagonal:`).
fn looks_like_puzzle_line(arg: &str) -> bool {
    let symbols = input::strip_bom(arg).trim();
    let symbols = match split_tag(symbols) {
        (Some(tag), rest) if tag.parse::<Variant>().is_ok() => rest,
        _ => symbols,
    };
    let symbols = symbols
        .split_once('|')
        .map_or(symbols, |(puzzle, _)| puzzle);
    let count = symbols.chars().count();
    let root = count.isqrt();
    let square = count >= 4 && root * root == count;
    let largest = root.clamp(9, MAX_SIZE) as u8;
    let small_puzzle = square
        && symbols
            .chars()
            .all(|c| symbol_value(c).is_some_and(|v| v <= largest));
    // An invisible character (a zero-width space) among symbols is the puzzle's: its reader
    // names it by code point.
    let cell_or_none = |c: char| symbol_value(c).is_some() || c == NO_CELL || is_invisible(c);
    let all_symbols = count >= 16 && symbols.chars().all(cell_or_none);
    let long_square = count >= 16 && square && !symbols.contains(['/', '\\']);
    small_puzzle || all_symbols || long_square
}

#[cfg(test)]
mod tests {
    use super::looks_like_puzzle_line;

    #[test]
    fn small_puzzle_lines_are_puzzles() {
        assert!(looks_like_puzzle_line("1..."));
        assert!(looks_like_puzzle_line("1...2...."));
        assert!(looks_like_puzzle_line("\u{feff}1..."));
        assert!(looks_like_puzzle_line(&".".repeat(81)));
        assert!(looks_like_puzzle_line(&format!(
            "diagonal:{}",
            ".".repeat(81)
        )));
    }

    #[test]
    fn short_file_names_are_not_puzzles() {
        assert!(!looks_like_puzzle_line("abcd"));
        assert!(!looks_like_puzzle_line("abcde.txt"));
        assert!(!looks_like_puzzle_line("a.txt"));
        assert!(!looks_like_puzzle_line("dir/puzzles.txt"));
    }
}
