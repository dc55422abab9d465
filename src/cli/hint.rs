//! `sudoku-book hint PUZZLE --cell r5c5`: the value of one cell in the puzzle's unique solution.

use clap::Args;

use super::error::{CliError, CliResult, EXIT_OK};
use super::io::{emit, read_input};
use super::puzzle_args::PuzzleArgs;
use sudoku_book::grid::{Grid, cell_name, digit_symbol, parse_cell_name};
use sudoku_book::solve::{Solution, Solver};

/// Options of `hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    /// The puzzle: a file, '-' for standard input, or a puzzle line inline
    pub puzzle: String,
    /// The cell to reveal, as r5c5 (row 5, column 5); repeat for several cells
    #[arg(long, required = true, value_name = "CELL")]
    pub cell: Vec<String>,
    #[command(flatten)]
    pub options: PuzzleArgs,
}

/// Runs `hint`: prints `r5c5 = 7` for each cell asked.
pub fn run(args: &HintArgs) -> CliResult {
    let loaded = args.options.load(&read_input(&args.puzzle)?)?;
    let size = loaded.geo.size();
    let cells = args
        .cell
        .iter()
        .map(|text| parse_cell_name(text, size).map_err(CliError::Input))
        .collect::<Result<Vec<usize>, CliError>>()?;
    if let Some(&given) = cells.iter().find(|&&c| loaded.givens.get(c) != 0) {
        return Err(CliError::Input(format!(
            "{} is a given ({}): ask for an empty cell",
            cell_name(given, size),
            digit_symbol(loaded.givens.get(given))
        )));
    }
    let solution = match Solver::new(&loaded.geo).solve(&loaded.givens) {
        Solution::Unique(grid) => grid,
        Solution::None => {
            return Err(CliError::Puzzle(
                "no solution: the givens cannot be completed, so there is no hint".into(),
            ));
        }
        Solution::Multiple(first, second) => {
            return Err(CliError::Puzzle(no_single_hint(&first, &second)));
        }
    };
    let text: String = cells
        .iter()
        .map(|&cell| {
            format!(
                "{} = {}\n",
                cell_name(cell, size),
                digit_symbol(solution.get(cell))
            )
        })
        .collect();
    emit(None, &text)?;
    Ok(EXIT_OK)
}

/// Says that a puzzle with several solutions has no single hint, naming a cell where two
/// solutions differ (nothing is shown, so the message refers to no shown solution).
fn no_single_hint(first: &Grid, second: &Grid) -> String {
    let cell = first.first_difference(second).unwrap_or(0);
    format!(
        "not unique: the puzzle has more than one solution ({} can be {} or {}), so there is no single hint",
        cell_name(cell, first.size()),
        digit_symbol(first.get(cell)),
        digit_symbol(second.get(cell))
    )
}
