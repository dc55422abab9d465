//! `sudoku-book hint PUZZLE --cell r5c5`: the value of one cell in the puzzle's unique solution.

use clap::Args;

use super::error::{CliError, CliResult, EXIT_OK};
use super::io::read_input;
use super::puzzle_args::PuzzleArgs;
use super::sink::emit;
use sudoku_book::grid::parse_cell_name_in;

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
    let set = args.options.symbol_set()?;
    let symbols = set.names(loaded.geo.size());
    let symbol = |value: u8| {
        let index = usize::from(value.max(1)) - 1;
        symbols
            .get(index)
            .cloned()
            .unwrap_or_else(|| value.to_string())
    };
    let names = loaded.geo.names();
    let cells = args
        .cell
        .iter()
        .map(|text| parse_cell_name_in(text, &names).map_err(CliError::Input))
        .collect::<Result<Vec<usize>, CliError>>()?;
    if let Some(&given) = cells.iter().find(|&&c| loaded.givens.get(c) != 0) {
        return Err(CliError::Input(format!(
            "{} is a given ({}): ask for an empty cell",
            names.name(given),
            symbol(loaded.givens.get(given))
        )));
    }
    let solution = loaded.unique_solution("there is no single hint")?;
    let text: String = cells
        .iter()
        .map(|&cell| format!("{} = {}\n", names.name(cell), symbol(solution.get(cell))))
        .collect();
    emit(None, &text)?;
    Ok(EXIT_OK)
}
