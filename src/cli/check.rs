//! `sudoku-book check PUZZLE SOLUTION`: is a filled-in grid a correct answer to the puzzle?

use clap::Args;

use super::error::{CliError, CliResult, EXIT_NO, EXIT_OK};
use super::io::{emit, read_input};
use super::puzzle_args::PuzzleArgs;
use sudoku_book::grid::text::{detect_format, parse_puzzle};
use sudoku_book::grid::{Geometry, Grid, cell_name, digit_symbol};

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

/// Runs `check`: prints `correct`, `incomplete: N empty cells`, or `wrong:` and each problem.
pub fn run(args: &CheckArgs) -> CliResult {
    let puzzle = args.options.load(&read_input(&args.puzzle)?)?;
    let answer_input = read_input(&args.solution)?;
    let format = match args.options.format()? {
        Some(format) => format,
        None => detect_format(&answer_input.text),
    };
    let (answer, skipped) = parse_puzzle(&answer_input.text, &puzzle.geo, format)
        .map_err(|e| CliError::input_in(&answer_input.name, e))?;
    for line in skipped {
        eprintln!("{}: {line}", answer_input.name);
    }
    let problems = problems(&puzzle.geo, &puzzle.givens, &answer);
    let empty = answer.empty_count();
    let (text, code) = if !problems.is_empty() {
        let mut text = String::from("wrong:\n");
        for problem in &problems {
            text.push_str(&format!("  {problem}\n"));
        }
        if empty > 0 {
            text.push_str(&format!("  and {empty} empty cells\n"));
        }
        (text, EXIT_NO)
    } else if empty > 0 {
        (format!("incomplete: {empty} empty cells\n"), EXIT_NO)
    } else {
        ("correct\n".to_string(), EXIT_OK)
    };
    emit(None, &text)?;
    Ok(code)
}

/// Every conflict in the answer, then every given the answer changed.
fn problems(geo: &Geometry, givens: &Grid, answer: &Grid) -> Vec<String> {
    let mut problems: Vec<String> = answer
        .conflicts(geo)
        .iter()
        .map(|c| c.to_string())
        .collect();
    for cell in givens.changed_cells(answer) {
        problems.push(format!(
            "{} is given as {} but the answer has {}",
            cell_name(cell, geo.size()),
            digit_symbol(givens.get(cell)),
            digit_symbol(answer.get(cell))
        ));
    }
    problems
}
