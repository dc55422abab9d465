//! `sudoku-book check PUZZLE SOLUTION`: is a filled-in grid a correct answer to the puzzle?

use clap::Args;

use super::error::{CliError, CliResult, EXIT_NO, EXIT_OK};
use super::io::read_input;
use super::puzzle_args::{PuzzleArgs, parse_message, report_skipped};
use super::sink::emit;
use super::symbols::{Shape, to_digits_checked};
use sudoku_book::grid::text::Format;
use sudoku_book::grid::text::{counted, detect_format, parse_puzzle};
use sudoku_book::grid::{Geometry, Grid, digit_symbol};
use sudoku_book::symbols::{Glyph, SymbolSet};

/// Options of `check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The puzzle: a file, '-' for standard input, or a puzzle line inline
    pub puzzle: String,
    /// The filled-in grid to check: a file or a puzzle line inline
    pub solution: String,
    #[command(flatten)]
    pub options: PuzzleArgs,
}

/// How many problems `check` lists before it says how many more there are.
const PROBLEMS_SHOWN: usize = 10;

/// Runs `check`: prints `correct`, `incomplete: N empty cells`, or `wrong:` and each problem
/// (the first ten, then how many more).
pub fn run(args: &CheckArgs) -> CliResult {
    let puzzle = args.options.load(&read_input(&args.puzzle)?)?;
    let mut answer_input = read_input(&args.solution)?;
    let format = match args.options.format()? {
        Some(format) => format,
        None => detect_format(&answer_input.text),
    };
    let set = args.options.symbol_set()?;
    let shape = match format {
        Format::Cells => Shape::Cells,
        Format::Grid => Shape::Grid,
        Format::Line => Shape::Line,
    };
    answer_input.text = to_digits_checked(set, &answer_input.text, shape, Some(puzzle.geo.size()))
        .map_err(|e| CliError::input_in(&answer_input.name, e))?
        .into_owned();
    let (answer, skipped) = parse_puzzle(&answer_input.text, &puzzle.geo, format)
        .map_err(|e| CliError::input_in(&answer_input.name, parse_message(&e)))?;
    report_skipped(&answer_input.name, &skipped);
    let problems = problems(&puzzle.geo, &puzzle.givens, &answer, set);
    let empty = counted(answer.empty_count(), "empty cell");
    let (text, code) = if !problems.is_empty() {
        (wrong_text(&problems, answer.empty_count(), &empty), EXIT_NO)
    } else if answer.empty_count() > 0 {
        (format!("incomplete: {empty}\n"), EXIT_NO)
    } else {
        ("correct\n".to_string(), EXIT_OK)
    };
    emit(None, &text)?;
    Ok(code)
}

/// The `wrong:` report: the first problems, how many more, and the empty cells.
fn wrong_text(problems: &[String], empty_count: usize, empty: &str) -> String {
    let mut text = String::from("wrong:\n");
    for problem in problems.iter().take(PROBLEMS_SHOWN) {
        text.push_str(&format!("  {problem}\n"));
    }
    let more = problems.len().saturating_sub(PROBLEMS_SHOWN);
    if more > 0 {
        text.push_str(&format!("  and {}\n", counted(more, "more problem")));
    }
    if empty_count > 0 {
        text.push_str(&format!("  and {empty}\n"));
    }
    text
}

/// Every conflict in the answer, then every given the answer changed.
fn problems(geo: &Geometry, givens: &Grid, answer: &Grid, set: SymbolSet) -> Vec<String> {
    let shown = |value: u8| match set.glyph(value, None) {
        Glyph::Text(text) if set != SymbolSet::Digits => text.as_str().to_string(),
        _ => digit_symbol(value).to_string(),
    };
    let mut problems: Vec<String> = answer
        .conflicts(geo)
        .iter()
        .map(|c| c.shown_with(shown))
        .collect();
    if let Some(cages) = geo.cages() {
        problems.extend(cages.problems(answer.cells()));
    }
    if let Some(marks) = geo.marks() {
        problems.extend(marks.problems(answer.cells()));
    }
    for cell in givens.changed_cells(answer) {
        problems.push(format!(
            "{} is given as {} but the answer has {}",
            geo.cell_name(cell),
            shown(givens.get(cell)),
            shown(answer.get(cell))
        ));
    }
    problems
}
