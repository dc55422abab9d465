//! The binary's one error type and the single place where errors become exit codes:
//! 0 ok, 1 a puzzle-level "no" (unsolvable, not unique, wrong), 2 bad input or usage, 3 I/O.

use std::fmt;
use std::path::Path;

/// Exit code: success.
pub const EXIT_OK: u8 = 0;
/// Exit code: the puzzle has no solution, several, or the answer is wrong.
pub const EXIT_NO: u8 = 1;
/// Exit code: bad input, spec or usage.
pub const EXIT_INPUT: u8 = 2;
/// Exit code: a file could not be read or written.
pub const EXIT_IO: u8 = 3;

/// Why a command failed, with the message the user sees.
#[derive(Debug)]
pub enum CliError {
    /// A puzzle-level "no": unsolvable, not unique, wrong.
    Puzzle(String),
    /// Input that cannot be used: malformed puzzle, bad region map, bad option value.
    Input(String),
    /// Reading or writing a file failed.
    Io(String),
}

impl CliError {
    /// The documented exit code of this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Puzzle(_) => EXIT_NO,
            CliError::Input(_) => EXIT_INPUT,
            CliError::Io(_) => EXIT_IO,
        }
    }

    /// Bad input, prefixed with where it came from (`puzzle.txt: line 3, …`).
    pub fn input_in(source: &str, error: impl fmt::Display) -> CliError {
        CliError::Input(format!("{source}: {error}"))
    }

    /// Bad input with no particular source.
    pub fn input(error: impl fmt::Display) -> CliError {
        CliError::Input(error.to_string())
    }

    /// An I/O failure on a path.
    pub fn io(action: &str, path: &Path, error: std::io::Error) -> CliError {
        CliError::Io(format!("cannot {action} {}: {error}", path.display()))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Puzzle(m) | CliError::Input(m) | CliError::Io(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CliError {}

/// The result of a command: the exit code to use when it did not fail.
pub type CliResult = Result<u8, CliError>;
