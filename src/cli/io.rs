//! Reading puzzle input (file, standard input or a puzzle given inline) and writing output files
//! atomically (a temporary file renamed into place).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::error::CliError;
use sudoku_book::grid::text::symbol_value;

/// Text read from the user, with a name for messages (`puzzle.txt`, `<stdin>`, `<argument>`).
pub struct Input {
    /// Where the text came from, used as the prefix of error messages.
    pub name: String,
    /// The text.
    pub text: String,
}

/// Reads `-` (standard input), a file, or — when no such file exists and the argument looks like
/// a puzzle line — the argument itself.
pub fn read_input(arg: &str) -> Result<Input, CliError> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::Io(format!("cannot read standard input: {e}")))?;
        return Ok(Input {
            name: "<stdin>".to_string(),
            text,
        });
    }
    let path = Path::new(arg);
    if !path.exists() && looks_like_puzzle_line(arg) {
        return Ok(Input {
            name: "<argument>".to_string(),
            text: arg.to_string(),
        });
    }
    read_file(path).map(|text| Input {
        name: arg.to_string(),
        text,
    })
}

/// Reads a whole file as UTF-8 text.
pub fn read_file(path: &Path) -> Result<String, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::io("read", path, e))?;
    String::from_utf8(bytes)
        .map_err(|_| CliError::input_in(&path.display().to_string(), "the file is not UTF-8 text"))
}

/// True for an argument that is meant as a puzzle line rather than a file name: only puzzle
/// symbols, or a square number (16, 36, 81, …) of characters with no path separator (a jigsaw
/// line may follow the puzzle with `|regions`).
fn looks_like_puzzle_line(arg: &str) -> bool {
    let symbols = arg.trim();
    let symbols = symbols
        .split_once('|')
        .map_or(symbols, |(puzzle, _)| puzzle);
    let count = symbols.chars().count();
    let square = count >= 16 && count.isqrt() * count.isqrt() == count;
    let all_symbols = count >= 16 && symbols.chars().all(|c| symbol_value(c).is_some());
    all_symbols || (square && !symbols.contains(['/', '\\']))
}

/// Writes `contents` to `path` through a temporary file in the same folder, renamed into place,
/// so a failure never leaves a half-written file.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let temp = folder.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = std::fs::File::create(&temp)
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
        None => {
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
            {
                // The reader went away (`| head`): nothing more is wanted, which is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                result => {
                    result.map_err(|e| CliError::Io(format!("cannot write standard output: {e}")))
                }
            }
        }
    }
}
