//! `sudoku-book id`: a puzzle's canonical ID (the same for every turn, mirror, line swap and
//! relabelling of it; `v1-classic9-…`), or with `--batch` one ID a line for a file of puzzles, in
//! input order; an unreadable line is named on standard error with its line number and why.

use std::path::PathBuf;

use clap::Args;

use super::error::{CliError, CliResult, EXIT_INPUT, EXIT_OK};
use super::io::{open_lines, read_input};
use super::lines::{LineReader, stream_ordered};
use super::puzzle_args::PuzzleArgs;
use super::sink::{OutputStream, emit};
use sudoku_book::grid::{Geometry, Grid, puzzle_id};

/// Options of `id`.
#[derive(Args, Debug)]
pub struct IdArgs {
    /// The puzzle: a file, '-' for standard input, or a puzzle line inline; with --batch, a file
    /// of puzzle lines (or JSON records) or '-'
    #[arg(default_value = "-")]
    pub input: String,
    /// One ID a line for every puzzle line of the input, in input order
    #[arg(long)]
    pub batch: bool,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Worker threads for --batch (default: all cores); never changes the output order
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Write to this file instead of standard output
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Runs `id`.
pub fn run(args: &IdArgs) -> CliResult {
    if args.batch {
        return run_batch(args);
    }
    let loaded = args.puzzle.load(&read_input(&args.input)?)?;
    let id = id_of(&loaded.geo, &loaded.givens).map_err(CliError::Input)?;
    emit(args.out.as_deref(), &format!("{id}\n"))?;
    Ok(EXIT_OK)
}

/// The ID of a read puzzle.
fn id_of(geo: &Geometry, givens: &Grid) -> Result<String, String> {
    puzzle_id(geo, givens).ok_or_else(|| sudoku_book::grid::no_id_reason(geo))
}

/// `id --batch`: one output line for each input line — its ID, or an empty line for a blank
/// line or one that cannot be read (named on standard error; exit 2) — so output line k is the
/// ID of input line k.
fn run_batch(args: &IdArgs) -> CliResult {
    let reader = LineReader::new(&args.puzzle)?;
    let (name, lines) = open_lines(&args.input)?;
    let mut output = OutputStream::create(args.out.as_deref())?;
    let mut code = EXIT_OK;
    let mut written = 0usize;
    let id_line = |no: usize, line: &str| {
        let id = reader.read(no, line, |geo, _, givens| id_of(geo, givens));
        Ok((no, id))
    };
    stream_ordered(&name, lines, args.jobs, id_line, |results| {
        let mut text = String::new();
        for result in results {
            // A line that could not be read at all names its number in its message.
            let (no, id) =
                result.unwrap_or_else(|message| (line_of(&message, written + 1), Err(message)));
            // The blank lines skipped since the last one written.
            text.extend(std::iter::repeat_n('\n', no.saturating_sub(written + 1)));
            written = no;
            match id {
                Ok(id) => text.push_str(&id),
                Err(message) => {
                    code = EXIT_INPUT;
                    super::sink::say(&format!("sudoku-book: {name}: {message}"));
                }
            }
            text.push('\n');
        }
        output.write(&text)
    })?;
    output.finish()?;
    Ok(code)
}

/// The line a message names (`line 7: …`), or `otherwise`.
fn line_of(message: &str, otherwise: usize) -> usize {
    message
        .strip_prefix("line ")
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or(otherwise)
}
