//! The binary's one error type and the single place where errors become exit codes:
//! 0 ok, 1 a puzzle-level "no" (unsolvable, not unique, wrong, a level the generator cannot
//! reach), 2 bad input, spec or usage, 3 I/O. Library errors keep their type up to here, and
//! [`CliError::exit_code`] matches every one of them.

use std::fmt;
use std::path::Path;

use sudoku_book::book::DrawError;
use sudoku_book::generate::{GenerateError, RequestError};
use sudoku_book::publish::BuildError;
use sudoku_book::publish::output::OutputError;
use sudoku_book::spec::SpecError;
use sudoku_book::workers::WorkersError;
use sudoku_library::LibraryError;

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
    /// A book spec that is wrong or cannot be read.
    Spec(SpecError),
    /// A book that could not be built.
    Build(BuildError),
    /// A puzzle the generator could not make (`context`: which one).
    Generate {
        context: String,
        error: GenerateError,
    },
    /// A generation request with a value out of range; `option` is the flag that set it.
    Request { option: String, error: RequestError },
    /// A worker pool that could not be made.
    Workers(WorkersError),
}

impl CliError {
    /// The documented exit code of this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Puzzle(_) => EXIT_NO,
            CliError::Input(_) | CliError::Request { .. } | CliError::Workers(_) => EXIT_INPUT,
            CliError::Io(_) => EXIT_IO,
            CliError::Spec(error) => spec_code(error),
            CliError::Build(error) => build_code(error),
            CliError::Generate { error, .. } => generate_code(error),
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

    /// A request error, named by the command-line option of its field.
    pub fn request(error: RequestError) -> CliError {
        CliError::Request {
            option: format!("--{}", error.field()),
            error,
        }
    }
}

fn spec_code(error: &SpecError) -> u8 {
    if error.io { EXIT_IO } else { EXIT_INPUT }
}

fn build_code(error: &BuildError) -> u8 {
    match error {
        BuildError::Spec(error) => spec_code(error),
        BuildError::Font(_) => EXIT_INPUT,
        BuildError::Generate(error) => generate_code(&error.error),
        BuildError::Output(
            OutputError::NotABook { .. }
            | OutputError::Changed { .. }
            | OutputError::Symlink { .. },
        ) => EXIT_INPUT,
        BuildError::Output(OutputError::Io { .. }) => EXIT_IO,
        BuildError::Preflight(_) | BuildError::Print(_) => EXIT_INPUT,
        BuildError::Library(error) => library_code(error),
    }
}

/// A library too small or a puzzle taken by another build is a "no" (1); a file that is not a
/// library is bad input (2); a database that cannot be read or written is an I/O failure.
fn library_code(error: &DrawError) -> u8 {
    match error {
        DrawError::Shortfall(_) | DrawError::Library(LibraryError::Taken { .. }) => EXIT_NO,
        DrawError::Library(
            LibraryError::Schema { .. }
            | LibraryError::NotADatabase { .. }
            | LibraryError::Foreign { .. },
        ) => EXIT_INPUT,
        DrawError::Library(LibraryError::Sqlite { .. } | LibraryError::Missing { .. }) => EXIT_IO,
    }
}

/// The same generator failure exits the same way from `generate` and `build`: a level that
/// cannot be reached is a "no" (1); a shape that cannot be built is bad input (2).
fn generate_code(error: &GenerateError) -> u8 {
    match error {
        GenerateError::Geometry(_) | GenerateError::Request(_) => EXIT_INPUT,
        GenerateError::Unreachable { .. }
        | GenerateError::NoFill { .. }
        | GenerateError::NoLayout { .. }
        | GenerateError::Repeats { .. } => EXIT_NO,
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Puzzle(m) | CliError::Input(m) | CliError::Io(m) => f.write_str(m),
            CliError::Spec(error) => error.fmt(f),
            CliError::Build(error) => error.fmt(f),
            CliError::Generate { context, error } => write!(f, "{context}: {error}"),
            CliError::Request { option, error } => write!(f, "{option}: {error}"),
            CliError::Workers(error) => write!(f, "--jobs: {error}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<SpecError> for CliError {
    fn from(error: SpecError) -> CliError {
        CliError::Spec(error)
    }
}

impl From<BuildError> for CliError {
    fn from(error: BuildError) -> CliError {
        CliError::Build(error)
    }
}

impl From<WorkersError> for CliError {
    fn from(error: WorkersError) -> CliError {
        CliError::Workers(error)
    }
}

/// The result of a command: the exit code to use when it did not fail.
pub type CliResult = Result<u8, CliError>;
