//! `sudoku-book library add FILE…`: imports puzzles into the library — puzzle lines, JSON
//! records (one a line), a `book.json`, or CSV with `puzzle,solution` columns (the layout of
//! common Kaggle-style sets; a header line is skipped). Each puzzle must have exactly one
//! solution (and the one given, when a solution column or field has one); it is rated, given its
//! canonical ID and stored once. Lines are streamed in bounded chunks, each rated in parallel and
//! committed in one transaction, so memory stays flat on a file of millions of lines.

use std::ops::ControlFlow;

use clap::Args;

use super::error::{CliError, CliResult, EXIT_INPUT, EXIT_OK};
use super::io::{Input, open_lines, read_input};
use super::library::{DbArg, library_error, open};
use super::lines::{LineReader, stream_ordered};
use super::progress::puzzle_bar;
use super::puzzle_args::{PuzzleArgs, import_message};
use sudoku_book::grid::text::counted;
use sudoku_book::grid::{Geometry, Grid, read_puzzle_json};
use sudoku_book::logic::rate;
use sudoku_book::solve::{Solution, Solver};
use sudoku_library::{Added, Entry, Library};

/// Options of `library add`.
#[derive(Args, Debug)]
pub struct AddArgs {
    /// Files of puzzles: puzzle lines, JSON records (one a line), a book.json, or CSV
    /// (puzzle,solution); '-' for standard input
    #[arg(required = true)]
    pub files: Vec<String>,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Worker threads (default: all cores)
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub db: DbArg,
}

/// Refused lines shown on standard error per file; the rest are counted.
const SHOWN_REFUSALS: usize = 20;

/// What one file gave.
#[derive(Default)]
struct Report {
    added: usize,
    duplicates: usize,
    refused: usize,
}

/// Runs `library add`.
pub fn run(args: &AddArgs) -> CliResult {
    let mut library = open(&args.db, sudoku_library::Access::Create)?;
    let reader = LineReader::new(&args.puzzle)?;
    let mut code = EXIT_OK;
    for file in &args.files {
        let report = if let Some(manifest) = manifest_of(file)? {
            add_manifest(&mut library, &manifest)?
        } else {
            add_lines(&mut library, &reader, file, args.jobs)?
        };
        if report.refused > 0 {
            code = EXIT_INPUT;
        }
        super::sink::print(
            &(format!(
                "{file}: {} added, {}, {} refused",
                counted(report.added, "puzzle"),
                counted(report.duplicates, "duplicate"),
                report.refused
            ) + "\n"),
        )?;
    }
    Ok(code)
}

/// The text of a `book.json` (a `.json` file whose text is one JSON object over several lines),
/// read once; `None` for any other file, which is streamed line by line.
fn manifest_of(file: &str) -> Result<Option<Input>, CliError> {
    if file == "-" || !file.ends_with(".json") {
        return Ok(None);
    }
    let input = read_input(file)?;
    let first = input.text.lines().next().unwrap_or_default();
    let whole = input.text.trim_start().starts_with('{')
        && serde_json::from_str::<serde_json::Value>(first).is_err();
    Ok(whole.then_some(input))
}

/// The puzzles of a `book.json`, each checked and added.
fn add_manifest(library: &mut Library, input: &Input) -> Result<Report, CliError> {
    let manifest: serde_json::Value = serde_json::from_str(&input.text)
        .map_err(|e| CliError::input_in(&input.name, format!("not a book.json: {e}")))?;
    let puzzles = manifest["puzzles"]
        .as_array()
        .ok_or_else(|| CliError::input_in(&input.name, "not a book.json: no \"puzzles\" list"))?;
    let mut report = Report::default();
    let mut entries = Vec::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let source = format!("{}:puzzle {}", input.name, index + 1);
        match entry_of_record(&puzzle.to_string(), 1, &source) {
            Ok(entry) => entries.push(entry),
            Err(why) => refuse(
                &mut report,
                &input.name,
                &format!("puzzle {}: {why}", index + 1),
            ),
        }
    }
    commit(library, &entries, &mut report)?;
    Ok(report)
}

/// A JSON record, checked and rated.
fn entry_of_record(text: &str, line_no: usize, source: &str) -> Result<Entry, String> {
    let read = read_puzzle_json(line_no, text).map_err(|e| import_message(&e))?;
    let solver = Solver::new(&read.geometry);
    entry_of(
        &read.geometry,
        &solver,
        &read.givens,
        read.solution.as_ref(),
        source,
    )
}

/// A puzzle with exactly one solution (the one given, if any), rated, as a library row.
fn entry_of(
    geo: &Geometry,
    solver: &Solver,
    givens: &Grid,
    given_solution: Option<&Grid>,
    source: &str,
) -> Result<Entry, String> {
    let solution = match solver.solve(givens) {
        Solution::Unique(solution) => solution,
        Solution::None => return Err("it has no solution".into()),
        Solution::Multiple(..) => return Err("it has more than one solution".into()),
    };
    if given_solution.is_some_and(|given| *given != solution) {
        return Err("the solution given is not the puzzle's".into());
    }
    let rating = rate(geo, givens);
    Entry::of(geo, givens, &solution, &rating, source)
        .ok_or_else(|| format!("{} has no canonical ID", geo.describe()))
}

/// Every line of a file (puzzle lines, JSON records or CSV), streamed.
fn add_lines(
    library: &mut Library,
    reader: &LineReader,
    file: &str,
    jobs: Option<usize>,
) -> Result<Report, CliError> {
    let (name, lines) = open_lines(file)?;
    let mut report = Report::default();
    let bar = puzzle_bar(0, false, false);
    let read_line = |no: usize, line: &str| -> Result<Option<Entry>, String> {
        let source = format!("{name}:{no}");
        if line.trim_start().starts_with('{') {
            return entry_of_record(line, no, &source).map(Some);
        }
        let (puzzle, solution) = match line.split_once(',') {
            Some((puzzle, rest)) => (
                unquoted(puzzle),
                Some(unquoted(rest.split(',').next().unwrap_or_default())),
            ),
            None => (line.trim(), None),
        };
        if no == 1 && solution.is_some() && puzzle.chars().any(|c| c.is_ascii_alphabetic()) {
            return Ok(None);
        }
        reader.read(no, puzzle, |geo, solver, givens| {
            let given = match solution.filter(|s| !s.is_empty()) {
                Some(text) => Some(
                    sudoku_book::grid::parse_line_of(text, no, geo).map_err(|e| e.to_string())?,
                ),
                None => None,
            };
            entry_of(geo, solver, givens, given.as_ref(), &source).map(Some)
        })
    };
    let mut failure = None;
    stream_ordered(&name, lines, jobs, read_line, |results| {
        let mut entries = Vec::new();
        for result in results {
            match result {
                Ok(Some(entry)) => entries.push(entry),
                Ok(None) => {}
                Err(why) => refuse(&mut report, &name, &why),
            }
        }
        if let Err(error) = commit(library, &entries, &mut report) {
            failure = Some(error);
            return Ok(ControlFlow::Break(()));
        }
        bar.inc(entries.len() as u64);
        Ok(ControlFlow::Continue(()))
    })?;
    bar.finish_and_clear();
    match failure {
        Some(error) => Err(error),
        None => Ok(report),
    }
}

/// A CSV field without its quotes and spaces.
fn unquoted(field: &str) -> &str {
    field.trim().trim_matches('"').trim()
}

/// Stores a chunk in one transaction and counts what it did.
fn commit(library: &mut Library, entries: &[Entry], report: &mut Report) -> Result<(), CliError> {
    let outcomes = library.add(entries, None).map_err(library_error)?;
    let added = outcomes.iter().filter(|&&o| o == Added::New).count();
    report.added += added;
    report.duplicates += outcomes.len() - added;
    Ok(())
}

/// Counts a refused puzzle and names the first few on standard error.
fn refuse(report: &mut Report, name: &str, why: &str) {
    report.refused += 1;
    if report.refused <= SHOWN_REFUSALS {
        super::sink::say(&format!("sudoku-book: {name}: {why}"));
    } else if report.refused == SHOWN_REFUSALS + 1 {
        super::sink::say(&format!(
            "sudoku-book: {name}: more refused lines are counted, not shown"
        ));
    }
}
