//! `sudoku-book solve --logic`: solve by human techniques only (up to a level), print the start,
//! whether logic finished, the final state, and with `-v` every step; write the final state as a
//! cell list (`-o`), one line (`--output line`) or an HTML page (`--html`).

use super::error::{CliError, CliResult, EXIT_NO, EXIT_OK};
use super::io::read_input;
use super::output::OutputFormat;
use super::sink::{emit, write_atomically};
use super::solve::SolveArgs;
use sudoku_book::grid::text::counted;
use sudoku_book::grid::{to_cell_list, to_grid_text, to_line};
use sudoku_book::logic::step_words::English;
use sudoku_book::logic::{Level, LogicResult, solve_logic};
use sudoku_book::render::html::grid_page;
use sudoku_book::symbols::SymbolWords;

use super::symbols::{Shape, from_digits};

/// Runs `solve --logic`.
pub fn run(args: &SolveArgs) -> CliResult {
    let level: Level = match &args.level {
        Some(text) => text.parse().map_err(CliError::input)?,
        None => Level::HARDEST,
    };
    let input = read_input(&args.input)?;
    let loaded = args.puzzle.load(&input)?;
    let result = solve_logic(&loaded.geo, &loaded.givens, level);
    let status = status_line(&result, level);
    let set = args.puzzle.symbol_set()?;
    let words = SymbolWords::new(&English, set.names(loaded.geo.size()));
    let steps: Vec<String> = result.steps.iter().map(|s| s.describe(&words)).collect();
    if let Some(path) = &args.html {
        let title = format!("{} — solved by logic", loaded.geo.describe());
        let page = grid_page(
            &title,
            &status,
            &loaded.geo,
            &loaded.givens,
            &result.grid,
            &steps,
        );
        write_atomically(path, page.as_bytes())?;
    }
    if let Some(path) = &args.out {
        write_atomically(path, to_cell_list(&result.grid, &loaded.geo).as_bytes())?;
    }
    let text = if args.output == OutputFormat::Line {
        let line = to_line(&result.grid, &loaded.geo) + "\n";
        from_digits(set, &line, Shape::Line).into_owned()
    } else {
        let shown = |grid: &sudoku_book::grid::Grid| {
            from_digits(set, &to_grid_text(grid, &loaded.geo), Shape::Grid).into_owned()
        };
        report(
            args,
            (&shown(&loaded.givens), &shown(&result.grid)),
            &result,
            &status,
            &steps,
        )
    };
    emit(None, &text)?;
    Ok(if result.solved { EXIT_OK } else { EXIT_NO })
}

fn status_line(result: &LogicResult, level: Level) -> String {
    if result.solved {
        return format!(
            "completely solved by logic in {}",
            counted(result.steps.len(), "step")
        );
    }
    let open = result.grid.empty_count();
    let limit = if level == Level::HARDEST {
        "no technique applies: it needs trial and error".to_string()
    } else {
        format!("it needs techniques above {level}")
    };
    format!(
        "not completely solved: {} open after {}; {limit}",
        counted(open, "cell"),
        counted(result.steps.len(), "step")
    )
}

/// The report: the puzzle and the final state as grid texts, the status, the steps with `-v`.
fn report(
    args: &SolveArgs,
    (givens, last): (&str, &str),
    result: &LogicResult,
    status: &str,
    steps: &[String],
) -> String {
    let mut text = String::from("Puzzle:\n");
    text.push_str(givens);
    if args.verbose {
        text.push_str("\nSteps:\n");
        for (index, step) in steps.iter().enumerate() {
            text.push_str(&format!("{:>4}. {step}\n", index + 1));
        }
    }
    text.push_str(&format!(
        "\n{}{}\n",
        status[..1].to_uppercase(),
        &status[1..]
    ));
    text.push_str(&format!(
        "\n{}:\n",
        if result.solved {
            "Solution"
        } else {
            "Final state"
        }
    ));
    text.push_str(last);
    text
}
