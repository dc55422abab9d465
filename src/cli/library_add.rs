//! `sudoku-book library add FILE…`: imports puzzles into the library — puzzle lines, JSON
//! records (one a line), a `book.json`, or CSV: `puzzle,solution` columns (the layout of
//! common Kaggle-style sets), or the columns a header line names (`id,puzzle,solution,…`). Each puzzle must have exactly one
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
    /// Its first line was a CSV header naming its columns.
    header: bool,
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
        super::sink::print(&format!(
            "{file}: {} added, {}, {} refused{}\n",
            counted(report.added, "puzzle"),
            counted(report.duplicates, "duplicate"),
            report.refused,
            if report.header {
                " (and a header line naming the columns)"
            } else {
                ""
            }
        ))?;
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

/// Names of a CSV header's puzzle column (compared without case).
const PUZZLE_COLUMNS: &[&str] = &[
    "puzzle", "puzzles", "quiz", "quizzes", "question", "problem", "grid", "givens", "sudoku",
];
/// Names of a CSV header's solution column.
const SOLUTION_COLUMNS: &[&str] = &["solution", "solutions", "answer", "answers", "solved"];

/// Where a CSV line holds its puzzle and its solution (fields counted from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Columns {
    puzzle: usize,
    solution: Option<usize>,
}

/// Without a header: `puzzle,solution`.
const PLAIN_COLUMNS: Columns = Columns {
    puzzle: 0,
    solution: Some(1),
};

/// The columns a header line names, when it is one: a line of fields one of which is a puzzle
/// column's name (`id,puzzle,solution,clues,difficulty`, `quizzes,solutions`).
fn header_columns(line: &str) -> Option<Columns> {
    let fields = csv_fields(line);
    if fields.len() < 2 {
        return None;
    }
    let named = |names: &[&str]| {
        fields
            .iter()
            .position(|(_, name)| names.iter().any(|n| n.eq_ignore_ascii_case(name)))
    };
    Some(Columns {
        puzzle: named(PUZZLE_COLUMNS)?,
        solution: named(SOLUTION_COLUMNS),
    })
}

/// The fields of a CSV line, unquoted, each with the column (from 1, in characters) where its
/// text starts in the line.
fn csv_fields(line: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut column = 1;
    for field in line.split(',') {
        let text = unquoted(field);
        let lead = field.find(text).map_or(0, |at| field[..at].chars().count());
        fields.push((column + lead, text));
        column += field.chars().count() + 1;
    }
    fields
}

/// A CSV field: the column (from 1, in characters) where its text starts, and the text.
type Field<'a> = (usize, &'a str);

/// A line of a file of puzzles: its puzzle text and, in CSV, its solution text and the column
/// where that starts; a message when the line has no field where the puzzle should be.
fn split_line(line: &str, columns: Columns) -> Result<(&str, Option<Field<'_>>), String> {
    if !line.contains(',') {
        return Ok((line.trim(), None));
    }
    let fields = csv_fields(line);
    let puzzle = fields.get(columns.puzzle).map(|&(_, text)| text);
    let Some(puzzle) = puzzle.filter(|p| !p.is_empty()) else {
        return Err(format!(
            "no puzzle in column {} of {}",
            columns.puzzle + 1,
            counted(fields.len(), "field")
        ));
    };
    let solution = columns.solution.and_then(|i| fields.get(i).copied());
    Ok((puzzle, solution.filter(|(_, text)| !text.is_empty())))
}

/// The solution field of line `no`, in the `--symbols` asked, read for the puzzle's shape; a
/// message names the solution and its column in the whole line.
fn read_solution(
    reader: &LineReader,
    no: usize,
    (column, text): Field,
    geo: &Geometry,
) -> Result<Grid, String> {
    let shape = super::symbols::Shape::Line;
    let digits = super::symbols::to_digits_checked(reader.symbols(), text, shape, Some(geo.size()))
        .map_err(|e| {
            solution_message(&e.replacen("line 1", &format!("line {no}"), 1), no, column)
        })?;
    sudoku_book::grid::parse_line_of(&digits, no, geo)
        .map_err(|error| solution_message(&error.to_string(), no, column))
}

/// A parse error of a solution field as it concerns the whole line: `line 3, column 90 (the
/// solution): …` for a column inside the field, `line 3: the solution has …` for its length.
fn solution_message(message: &str, no: usize, start: usize) -> String {
    let prefix = format!("line {no}");
    let rest = message.strip_prefix(&prefix).unwrap_or(message);
    if let Some(after) = rest.strip_prefix(", column ")
        && let Some((column, what)) = after.split_once(": ")
        && let Ok(column) = column.parse::<usize>()
    {
        return format!(
            "line {no}, column {} (the solution): {what}",
            start + column - 1
        );
    }
    let what = rest.trim_start_matches(':').trim_start();
    let what = what.replacen("the puzzle line has", "the solution has", 1);
    format!("line {no}: the solution: {what}")
}

/// Every line of a file (puzzle lines, JSON records or CSV, with or without a header naming
/// its columns), streamed; every non-blank line but the header is counted as added, duplicate
/// or refused.
fn add_lines(
    library: &mut Library,
    reader: &LineReader,
    file: &str,
    jobs: Option<usize>,
) -> Result<Report, CliError> {
    let (name, mut lines) = open_lines(file)?;
    let mut report = Report::default();
    let bar = puzzle_bar(0, false, false);
    let first = first_line(&name, &mut lines)?;
    let header = first
        .as_ref()
        .and_then(|line| line.text.as_ref().ok())
        .and_then(|text| header_columns(text));
    report.header = header.is_some();
    let columns = header.unwrap_or(PLAIN_COLUMNS);
    let read_line = |no: usize, line: &str| -> Result<Entry, String> {
        let source = format!("{name}:{no}");
        if line.trim_start().starts_with('{') {
            return entry_of_record(line, no, &source);
        }
        let (puzzle, solution) =
            split_line(line, columns).map_err(|e| format!("line {no}: {e}"))?;
        reader.read(no, puzzle, |geo, solver, givens| {
            let given = match solution {
                Some(field) => Some(read_solution(reader, no, field, geo)?),
                None => None,
            };
            entry_of(geo, solver, givens, given.as_ref(), &source)
        })
    };
    let mut take = |results: Vec<Result<Entry, String>>| -> Result<ControlFlow<()>, CliError> {
        let mut entries = Vec::new();
        for result in results {
            match result {
                Ok(entry) => entries.push(entry),
                Err(why) => refuse(&mut report, &name, &why),
            }
        }
        commit(library, &entries, &mut report)?;
        bar.inc(entries.len() as u64);
        Ok(ControlFlow::Continue(()))
    };
    if let (Some(line), None) = (&first, header) {
        let result = match &line.text {
            Ok(text) => read_line(line.number, text),
            Err(message) => Err(message.clone()),
        };
        let _ = take(vec![result])?;
    }
    stream_ordered(&name, lines, jobs, read_line, take)?;
    bar.finish_and_clear();
    Ok(report)
}

/// The first non-blank line of a stream, read before the rest (a CSV header decides how the
/// rest is read).
fn first_line(
    name: &str,
    lines: &mut sudoku_book::input::LineStream<Box<dyn std::io::BufRead>>,
) -> Result<Option<sudoku_book::input::Line>, CliError> {
    for line in lines {
        let line = line.map_err(|e| super::io::stream_error(name, e))?;
        if line.text.as_ref().is_ok_and(|text| text.trim().is_empty()) {
            continue;
        }
        return Ok(Some(line));
    }
    Ok(None)
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
