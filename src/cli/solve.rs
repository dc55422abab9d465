//! `sudoku-book solve`: solve one puzzle (grid, line, cells or JSON out) or a batch of puzzle
//! lines in parallel, keeping the input order.

use std::borrow::Cow;
use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::error::{CliError, CliResult, EXIT_INPUT, EXIT_NO, EXIT_OK};
use super::io::{open_lines, read_input};
use super::lines::{LineReader, stream_ordered};
use super::output::{OutputFormat, geometry_json, grid_text};
use super::puzzle_args::PuzzleArgs;
use super::sink::{OutputStream, emit};
use super::symbols::{Shape, from_digits};
use sudoku_book::grid::{Geometry, Grid, digit_symbol, to_line};
use sudoku_book::solve::{Solution, Solver, classic9};

/// Options of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle file, '-' for standard input, or a puzzle line given inline
    #[arg(default_value = "-")]
    pub input: String,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Output format of the solution
    #[arg(long, value_enum, default_value_t = OutputFormat::Grid)]
    pub output: OutputFormat,
    /// Write the solution to this file instead of standard output (with --logic: the final
    /// state as a `row col value` list)
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Read one puzzle line per line (jigsaw: `puzzle|regions`) and write one result line each:
    /// the solution, `multiple <solution>`, `none` or `error: <message>`
    #[arg(long)]
    pub batch: bool,
    /// Worker threads for --batch (default: all cores); the output order never changes
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Solve by human techniques only, never by guessing
    #[arg(long, conflicts_with = "batch")]
    pub logic: bool,
    /// With --logic: use techniques up to this level (easy, medium, hard, expert, extreme, diabolical)
    #[arg(long, value_name = "LEVEL", requires = "logic")]
    pub level: Option<String>,
    /// With --logic: print every step
    #[arg(short = 'v', long, requires = "logic")]
    pub verbose: bool,
    /// With --logic: write the final state as an HTML page
    #[arg(long, value_name = "FILE", requires = "logic")]
    pub html: Option<PathBuf>,
}

/// Runs `solve`.
pub fn run(args: &SolveArgs) -> CliResult {
    if args.logic {
        return super::solve_logic::run(args);
    }
    if args.batch {
        return run_batch(args);
    }
    let input = read_input(&args.input)?;
    let loaded = args.puzzle.load(&input)?;
    let solution = Solver::new(&loaded.geo).solve(&loaded.givens);
    report(args, &loaded.geo, &loaded.givens, &solution)
}

fn report(args: &SolveArgs, geo: &Geometry, givens: &Grid, solution: &Solution) -> CliResult {
    if let Some(grid) = solution.grid() {
        let set = args.puzzle.symbol_set()?;
        let text = match args.output {
            OutputFormat::Json => solution_json(geo, givens, solution),
            OutputFormat::Line => {
                from_digits(set, &grid_text(grid, geo, OutputFormat::Line), Shape::Line)
                    .into_owned()
            }
            OutputFormat::Cells => from_digits(
                set,
                &grid_text(grid, geo, OutputFormat::Cells),
                Shape::Cells,
            )
            .into_owned(),
            format => from_digits(set, &grid_text(grid, geo, format), Shape::Grid).into_owned(),
        };
        emit(args.out.as_deref(), &text)?;
    }
    match solution {
        Solution::Unique(_) => {
            super::sink::say("solved: the solution is unique");
            Ok(EXIT_OK)
        }
        Solution::Multiple(first, second) => {
            Err(CliError::Puzzle(not_unique_message(geo, first, second)))
        }
        Solution::None => {
            if args.output == OutputFormat::Json {
                emit(args.out.as_deref(), &solution_json(geo, givens, solution))?;
            }
            Err(CliError::Puzzle(
                "no solution: the givens cannot be completed".into(),
            ))
        }
    }
}

/// Says that the puzzle is not unique and where a second solution differs from the one shown.
pub fn not_unique_message(geo: &Geometry, first: &Grid, second: &Grid) -> String {
    let cell = first.first_difference(second).unwrap_or(0);
    format!(
        "not unique: the puzzle has more than one solution; the one shown has {} at {}, another has {}",
        digit_symbol(first.get(cell)),
        geo.cell_name(cell),
        digit_symbol(second.get(cell))
    )
}

fn solution_json(geo: &Geometry, givens: &Grid, solution: &Solution) -> String {
    let mut object = geometry_json(geo);
    let status = match solution {
        Solution::None => "none",
        Solution::Unique(_) => "unique",
        Solution::Multiple(..) => "multiple",
    };
    object.insert("status".into(), json!(status));
    object.insert("unique".into(), json!(solution.is_unique()));
    object.insert("givens".into(), json!(givens.cells()));
    object.insert("solution".into(), json!(solution.grid().map(|g| g.cells())));
    if let Solution::Multiple(_, second) = solution {
        object.insert("other_solution".into(), json!(second.cells()));
    }
    serde_json::Value::Object(object).to_string() + "\n"
}

/// The outcome of one batch line.
enum BatchLine {
    /// The one solution of a classic 9×9 line, digits 1..=9 (see [`classic_line`]).
    Classic([u8; 81]),
    /// The first of the solutions of a classic 9×9 line, digits 1..=9.
    ClassicMultiple([u8; 81]),
    /// The solution, as a puzzle line.
    Unique(String),
    /// One of the solutions, as a puzzle line.
    Multiple(String),
    None,
    Error(String),
}

impl BatchLine {
    /// Appends the result line (with its line break) to `out`.
    fn write_to(&self, out: &mut String) {
        match self {
            BatchLine::Classic(cells) => push_digits(out, cells),
            BatchLine::ClassicMultiple(cells) => {
                out.push_str("multiple ");
                push_digits(out, cells);
            }
            BatchLine::Unique(line) => out.push_str(line),
            BatchLine::Multiple(line) => {
                out.push_str("multiple ");
                out.push_str(line);
            }
            BatchLine::None => out.push_str("none"),
            BatchLine::Error(message) => {
                out.push_str("error: ");
                out.push_str(message);
            }
        }
        out.push('\n');
    }

    fn exit_code(&self) -> u8 {
        match self {
            BatchLine::Classic(_) | BatchLine::Unique(_) => EXIT_OK,
            BatchLine::ClassicMultiple(_) | BatchLine::Multiple(_) | BatchLine::None => EXIT_NO,
            BatchLine::Error(_) => EXIT_INPUT,
        }
    }
}

fn run_batch(args: &SolveArgs) -> CliResult {
    let reader = LineReader::new(&args.puzzle)?;
    let set = args.puzzle.symbol_set()?;
    let (name, lines) = open_lines(&args.input)?;
    let mut output = OutputStream::create(args.out.as_deref())?;
    let mut worst = EXIT_OK;
    let mut text = String::new();
    // Lines in digits are written as they are (no copy).
    let in_symbols = |line: String| {
        match from_digits(set, &line, Shape::Line) {
            Cow::Borrowed(_) => None,
            Cow::Owned(mapped) => Some(mapped),
        }
        .unwrap_or(line)
    };
    let plain = args.puzzle.is_plain();
    let solve_line = |no: usize, line: &str| {
        if plain && let Some(answer) = classic_line(line).and_then(|cells| classic_answer(&cells)) {
            return Ok(answer);
        }
        reader.read(no, line, solve_givens).map(|line| match line {
            BatchLine::Unique(l) => BatchLine::Unique(in_symbols(l)),
            BatchLine::Multiple(l) => BatchLine::Multiple(in_symbols(l)),
            other => other,
        })
    };
    stream_ordered(&name, lines, args.jobs, solve_line, |results| {
        text.clear();
        for result in results {
            let result = result.unwrap_or_else(BatchLine::Error);
            worst = worst.max(result.exit_code());
            result.write_to(&mut text);
        }
        output.write(&text)
    })?;
    output.finish()?;
    Ok(worst)
}

/// The cells of a plain classic 9×9 line, as the general reader would read it when no option
/// changes the reading: 81 characters, each `1`-`9` or `0`/`.` for an empty cell. Anything else
/// (a shorter line, spaces, fields, other symbols) is `None` and goes through the general reader.
fn classic_line(line: &str) -> Option<[u8; 81]> {
    let bytes: &[u8; 81] = line.as_bytes().try_into().ok()?;
    let mut cells = [0u8; 81];
    // Branch-free (a digit or a dot is unpredictable): a byte is kept when it is a digit, and
    // every byte must be a digit or a dot.
    let mut bad = 0u8;
    for (cell, &byte) in cells.iter_mut().zip(bytes) {
        let digit = byte.wrapping_sub(b'0');
        let is_digit = u8::from(digit <= 9);
        *cell = digit * is_digit;
        bad |= !is_digit & u8::from(byte != b'.');
    }
    (bad == 0).then_some(cells)
}

/// The answer for classic 9×9 `cells` with one solution or several (the first two found are the
/// same on every CPU, as the general path's are); `None` when there is none, which the general
/// path then reports with its own words (naming the givens that break the rules, if they do).
fn classic_answer(cells: &[u8; 81]) -> Option<BatchLine> {
    let (mut first, mut second) = ([0u8; 81], [0u8; 81]);
    match classic9::two_solutions(cells, &mut first, &mut second) {
        0 => None,
        1 => Some(BatchLine::Classic(first)),
        _ => Some(BatchLine::ClassicMultiple(first)),
    }
}

/// Appends the digits 1..=9 `cells` as text.
fn push_digits(out: &mut String, cells: &[u8; 81]) {
    let digits = cells.map(|d| b'0' + d);
    out.push_str(std::str::from_utf8(&digits).expect("digits 1-9 are ASCII"));
}

fn solve_givens(geo: &Geometry, solver: &Solver, givens: &Grid) -> Result<BatchLine, String> {
    Ok(match solver.solve(givens) {
        Solution::Unique(grid) => BatchLine::Unique(to_line(&grid, geo)),
        Solution::Multiple(grid, _) => BatchLine::Multiple(to_line(&grid, geo)),
        Solution::None => {
            givens.check_givens(geo).map_err(|e| e.to_string())?;
            BatchLine::None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::classic_line;

    #[test]
    fn a_classic_line_is_81_digits_dots_or_zeros() {
        let line = format!("1.0{}", "9".repeat(78));
        let cells = classic_line(&line).expect("a plain line");
        assert_eq!(&cells[..4], &[1, 0, 0, 9]);
        assert!(cells[3..].iter().all(|&c| c == 9));
        for refused in [
            "1".repeat(80),
            "1".repeat(82),
            format!(" {}", "1".repeat(80)),
            format!("{}#", "1".repeat(80)),
            format!("{}/", "1".repeat(80)),
            format!("{}:", "1".repeat(80)),
            format!("{}é", "1".repeat(79)),
        ] {
            assert_eq!(classic_line(&refused), None, "{refused}");
        }
    }
}
