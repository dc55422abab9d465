//! Reading puzzle input (file, standard input or a puzzle given inline, all with a size cap, or
//! streamed line by line) and writing output files atomically (a temporary file renamed into
//! place), whole or as a stream.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Cursor, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use super::error::CliError;
use sudoku_book::grid::text::{shown_text, symbol_value};
use sudoku_book::grid::{MAX_SIZE, NO_CELL};
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

/// A file name as messages show it: control characters escaped.
pub fn shown_path(name: &str) -> String {
    if name.chars().any(char::is_control) {
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
/// that are all symbols or a square number. A jigsaw line may follow the puzzle with `|regions`.
fn looks_like_puzzle_line(arg: &str) -> bool {
    let symbols = input::strip_bom(arg).trim();
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
    let cell_or_none = |c: char| symbol_value(c).is_some() || c == NO_CELL;
    let all_symbols = count >= 16 && symbols.chars().all(cell_or_none);
    let long_square = count >= 16 && square && !symbols.contains(['/', '\\']);
    small_puzzle || all_symbols || long_square
}

/// Writes `contents` to `path` through a temporary file in the same folder, renamed into place,
/// so a failure never leaves a half-written file.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let temp = temp_path(path);
    let result = File::create(&temp)
        .and_then(|mut file| file.write_all(contents).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temp, path));
    if let Err(error) = result {
        let _ = std::fs::remove_file(&temp);
        return Err(CliError::io("write", path, error));
    }
    Ok(())
}

/// Writes to the file when one is given, to standard output otherwise.
pub fn emit(output: Option<&Path>, text: &str) -> Result<(), CliError> {
    match output {
        Some(path) => write_atomically(path, text.as_bytes()),
        None => write_stdout(text).map(|_| ()),
    }
}

/// Writes to standard output: `Ok(false)` when its reader went away (`| head`), as nothing more
/// is wanted, which is not an error.
fn write_stdout(text: &str) -> Result<bool, CliError> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(CliError::Io(format!("cannot write standard output: {e}"))),
    }
}

/// Output written as it is produced: to standard output, or to a temporary file renamed over
/// the target by [`OutputStream::finish`] (and removed if the run fails first).
pub struct OutputStream {
    target: Option<(PathBuf, PathBuf, BufWriter<File>)>,
    /// Set when standard output's reader went away (`| head`): later writes are dropped.
    closed: bool,
}

impl OutputStream {
    /// Output to the file when one is given, to standard output otherwise.
    pub fn create(path: Option<&Path>) -> Result<Self, CliError> {
        let target = match path {
            Some(path) => {
                let temp = temp_path(path);
                let file = File::create(&temp).map_err(|e| CliError::io("write", path, e))?;
                Some((path.to_path_buf(), temp, BufWriter::new(file)))
            }
            None => None,
        };
        Ok(OutputStream {
            target,
            closed: false,
        })
    }

    /// Writes the next piece of output; says to stop once standard output's reader went away.
    pub fn write(&mut self, text: &str) -> Result<ControlFlow<()>, CliError> {
        match &mut self.target {
            Some((path, _, file)) => file
                .write_all(text.as_bytes())
                .map(|()| ControlFlow::Continue(()))
                .map_err(|e| CliError::io("write", path, e)),
            None => {
                self.closed = self.closed || !write_stdout(text)?;
                Ok(if self.closed {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                })
            }
        }
    }

    /// Finishes the output: flushes it and renames the file into place.
    pub fn finish(mut self) -> Result<(), CliError> {
        let Some((path, temp, file)) = self.target.take() else {
            return Ok(());
        };
        let result = file
            .into_inner()
            .map_err(|e| e.into_error())
            .and_then(|file| file.sync_all())
            .and_then(|()| std::fs::rename(&temp, &path));
        result.map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            CliError::io("write", &path, e)
        })
    }
}

impl Drop for OutputStream {
    fn drop(&mut self) {
        if let Some((_, temp, _)) = &self.target {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// The temporary file beside `path` that output is written to before the rename.
fn temp_path(path: &Path) -> PathBuf {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    folder.join(format!(".{name}.tmp-{}", std::process::id()))
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
    }

    #[test]
    fn short_file_names_are_not_puzzles() {
        assert!(!looks_like_puzzle_line("abcd"));
        assert!(!looks_like_puzzle_line("abcde.txt"));
        assert!(!looks_like_puzzle_line("a.txt"));
        assert!(!looks_like_puzzle_line("dir/puzzles.txt"));
    }
}
