//! `sudoku-book solve`: solve one puzzle (grid, line, cells or JSON out) or a batch of puzzle
//! lines in parallel, keeping the input order.

use std::path::PathBuf;
use std::sync::OnceLock;

use clap::Args;
use rayon::prelude::*;
use serde_json::json;

use super::error::{CliError, CliResult, EXIT_INPUT, EXIT_NO, EXIT_OK};
use super::io::{emit, read_input};
use super::output::{OutputFormat, geometry_json, grid_text};
use super::puzzle_args::PuzzleArgs;
use sudoku_book::grid::text::parse_line;
use sudoku_book::grid::{Geometry, Grid, MAX_SIZE, RegionMap, cell_name, digit_symbol, to_line};
use sudoku_book::solve::{Solution, Solver};

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
    /// Write the solution to this file instead of standard output
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Read one puzzle line per line (jigsaw: `puzzle|regions`) and write one result line each:
    /// the solution, `multiple <solution>`, `none` or `error: <message>`
    #[arg(long)]
    pub batch: bool,
    /// Worker threads for --batch (default: all cores); the output order never changes
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

/// Runs `solve`.
pub fn run(args: &SolveArgs) -> CliResult {
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
        let text = match args.output {
            OutputFormat::Json => solution_json(geo, givens, solution),
            format => grid_text(grid, geo, format),
        };
        emit(args.out.as_deref(), &text)?;
    }
    match solution {
        Solution::Unique(_) => {
            eprintln!("solved: the solution is unique");
            Ok(EXIT_OK)
        }
        Solution::Multiple(first, second) => {
            Err(CliError::Puzzle(not_unique_message(first, second)))
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
pub fn not_unique_message(first: &Grid, second: &Grid) -> String {
    let cell = first.first_difference(second).unwrap_or(0);
    format!(
        "not unique: the puzzle has more than one solution; the one shown has {} at {}, another has {}",
        digit_symbol(first.get(cell)),
        cell_name(cell, first.size()),
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

/// Lines solved per parallel chunk: bounds memory on huge inputs.
const BATCH_CHUNK: usize = 1 << 16;

/// The outcome of one batch line.
enum BatchLine {
    Unique(String),
    Multiple(String),
    None,
    Error(String),
}

impl BatchLine {
    fn text(&self) -> String {
        match self {
            BatchLine::Unique(line) => line.clone(),
            BatchLine::Multiple(line) => format!("multiple {line}"),
            BatchLine::None => "none".to_string(),
            BatchLine::Error(message) => format!("error: {message}"),
        }
    }

    fn exit_code(&self) -> u8 {
        match self {
            BatchLine::Unique(_) => EXIT_OK,
            BatchLine::Multiple(_) | BatchLine::None => EXIT_NO,
            BatchLine::Error(_) => EXIT_INPUT,
        }
    }
}

fn run_batch(args: &SolveArgs) -> CliResult {
    let input = read_input(&args.input)?;
    let plain = BatchContext::new(&args.puzzle)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .map_err(|e| {
            CliError::Input(format!(
                "cannot start {} threads: {e}",
                args.jobs.unwrap_or(0)
            ))
        })?;
    let lines: Vec<(usize, &str)> = input
        .text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| (i + 1, line))
        .collect();
    let mut out = String::with_capacity(lines.len() * 84);
    let mut worst = EXIT_OK;
    for chunk in lines.chunks(BATCH_CHUNK) {
        let results: Vec<BatchLine> = pool.install(|| {
            chunk
                .par_iter()
                .map(|&(no, line)| plain.solve_line(no, line))
                .collect()
        });
        for result in results {
            worst = worst.max(result.exit_code());
            out.push_str(&result.text());
            out.push('\n');
        }
    }
    emit(args.out.as_deref(), &out)?;
    Ok(worst)
}

/// What every batch line shares: the puzzle options, a ready solver when the size is fixed, and
/// solvers built on first use for each size met in plain lines.
struct BatchContext<'a> {
    args: &'a PuzzleArgs,
    fixed: Option<(Geometry, Solver)>,
    by_size: Vec<OnceLock<Result<(Geometry, Solver), String>>>,
}

impl<'a> BatchContext<'a> {
    fn new(args: &'a PuzzleArgs) -> Result<Self, CliError> {
        let fixed = match (args.size, args.regions.is_some()) {
            (Some(size), _) => Some(args.geometry(size, args.region_map()?)?),
            (None, true) => {
                let map = args.region_map()?;
                Some(args.geometry(map.as_ref().map_or(9, RegionMap::size), map)?)
            }
            (None, false) => None,
        };
        Ok(BatchContext {
            args,
            fixed: fixed.map(|geo| {
                let solver = Solver::new(&geo);
                (geo, solver)
            }),
            by_size: (0..=MAX_SIZE).map(|_| OnceLock::new()).collect(),
        })
    }

    fn solve_line(&self, line_no: usize, line: &str) -> BatchLine {
        match self.try_solve_line(line_no, line) {
            Ok(result) => result,
            Err(message) => BatchLine::Error(message),
        }
    }

    fn try_solve_line(&self, line_no: usize, line: &str) -> Result<BatchLine, String> {
        let (puzzle, regions) = match line.split_once('|') {
            Some((puzzle, regions)) => (puzzle, Some(regions)),
            None => (line, None),
        };
        if let (Some((geo, solver)), None) = (&self.fixed, regions) {
            let givens =
                parse_line(puzzle, line_no, Some(geo.size())).map_err(|e| e.to_string())?;
            return Ok(solve_givens(geo, solver, &givens));
        }
        let givens = parse_line(puzzle, line_no, self.args.size).map_err(|e| e.to_string())?;
        let Some(regions) = regions else {
            let (geo, solver) = self.plain_solver(givens.size())?;
            return Ok(solve_givens(geo, solver, &givens));
        };
        let geo = self.jigsaw_geometry(line_no, givens.size(), regions)?;
        Ok(solve_givens(&geo, &Solver::new(&geo), &givens))
    }

    /// The geometry and solver for plain lines of one size, built once.
    fn plain_solver(&self, size: usize) -> Result<&(Geometry, Solver), String> {
        self.by_size[size]
            .get_or_init(|| {
                let geo = self.args.geometry(size, None).map_err(|e| e.to_string())?;
                let solver = Solver::new(&geo);
                Ok((geo, solver))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    fn jigsaw_geometry(&self, line_no: usize, size: usize, text: &str) -> Result<Geometry, String> {
        let map = RegionMap::parse(text).map_err(|e| format!("line {line_no}: regions: {e}"))?;
        let mut variant = self.args.variant().map_err(|e| e.to_string())?;
        variant.jigsaw = true;
        Geometry::new(size, variant, None, Some(map)).map_err(|e| format!("line {line_no}: {e}"))
    }
}

fn solve_givens(geo: &Geometry, solver: &Solver, givens: &Grid) -> BatchLine {
    match solver.solve(givens) {
        Solution::Unique(grid) => BatchLine::Unique(to_line(&grid)),
        Solution::Multiple(grid, _) => BatchLine::Multiple(to_line(&grid)),
        Solution::None => match givens.check_givens(geo) {
            Ok(()) => BatchLine::None,
            Err(conflicts) => BatchLine::Error(conflicts.to_string()),
        },
    }
}
