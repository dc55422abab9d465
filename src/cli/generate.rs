//! `sudoku-book generate`: seeded puzzles of any variant, size and difficulty, generated in
//! parallel and written in order (one line or one JSON object per puzzle), with a progress bar
//! on a terminal.

use std::path::PathBuf;

use super::progress::puzzle_bar;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::json;

use super::error::{CliError, CliResult, EXIT_NO, EXIT_OK};
use super::io::emit;
use super::output::{geometry_json, score_json};
use super::puzzle_args::PuzzleArgs;
use sudoku_book::generate::{
    GenerateError, Generated, Request, Target, derive_seed, generate, givens_shortfall,
};
use sudoku_book::grid::{GeometryError, MAX_SIZE, MIN_SIZE, to_line};
use sudoku_book::logic::Level;

/// How `generate` writes puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum GenerateOutput {
    /// One puzzle line per puzzle (jigsaw: `puzzle|regions`)
    #[default]
    Line,
    /// One JSON object per line, with the manifest's puzzle fields and the seed
    Json,
}

/// Options of `generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Difficulty level: easy, medium, hard, expert or extreme (default: any)
    #[arg(long, value_name = "LEVEL", conflicts_with = "score")]
    pub difficulty: Option<String>,
    /// Score range on the rating scale, MIN..MAX (for example 3.0..4.4)
    #[arg(long, value_name = "MIN..MAX")]
    pub score: Option<String>,
    /// How many puzzles
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// The seed: the same seed and options give the same puzzles
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Symmetry of the givens: none, rotate180, rotate90, mirror, diagonal
    #[arg(long, default_value = "rotate180")]
    pub symmetry: String,
    /// Stop removing givens at this many (best effort)
    #[arg(long, value_name = "N")]
    pub givens: Option<usize>,
    /// Minimal puzzles: no given (or symmetric group of givens) can be removed keeping one solution
    #[arg(long)]
    pub minimal: bool,
    /// Attempts per puzzle before giving up on the difficulty (default: 200; more where the level
    /// is rare: 20000 for extreme on classic 8x8, 5000 above easy on classic grids below 8x8,
    /// 2000 for extreme on other grids up to 9x9)
    #[arg(long, value_name = "N")]
    pub attempts: Option<usize>,
    /// Worker threads (default: all cores); never changes the output
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Output format
    #[arg(long, value_enum, default_value_t = GenerateOutput::Line)]
    pub output: GenerateOutput,
    /// Write to this file instead of standard output
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Runs `generate`.
pub fn run(args: &GenerateArgs) -> CliResult {
    let request = build_request(args)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
        .map_err(|e| CliError::Input(format!("cannot start worker threads: {e}")))?;
    let progress = puzzle_bar(args.count, false);
    let results: Vec<Result<Generated, GenerateError>> = pool.install(|| {
        (0..args.count)
            .into_par_iter()
            .map(|index| {
                let result = generate(&request, derive_seed(args.seed, 0, index as u64));
                progress.inc(1);
                result
            })
            .collect()
    });
    progress.finish_and_clear();
    let mut text = String::new();
    let mut failures = Vec::new();
    let mut givens = Vec::new();
    for (index, result) in results.into_iter().enumerate() {
        match result {
            Ok(puzzle) => {
                givens.push(puzzle.givens.filled_count());
                text.push_str(&render(&puzzle, args.output));
            }
            Err(error) => failures.push(format!("puzzle {}: {error}", index + 1)),
        }
    }
    emit(args.out.as_deref(), &text)?;
    if let Some(note) = givens_shortfall(request.givens, &givens) {
        eprintln!("sudoku-book: note: {note}");
    }
    if failures.is_empty() {
        return Ok(EXIT_OK);
    }
    for failure in &failures {
        eprintln!("sudoku-book: {failure}");
    }
    Ok(EXIT_NO)
}

fn build_request(args: &GenerateArgs) -> Result<Request, CliError> {
    let variant = args.puzzle.variant()?;
    let regions = args.puzzle.region_map()?;
    let size = args
        .puzzle
        .size
        .or(regions.as_ref().map(|r| r.size()))
        .unwrap_or(9);
    // Check the geometry now, so a bad request fails once, before any work.
    check_size(size)?;
    let mut check_regions = regions.clone();
    if variant.jigsaw && check_regions.is_none() {
        check_regions = Some(plain_layout(size)?);
    }
    args.puzzle.geometry(size, check_regions)?;
    if args.count == 0 {
        return Err(CliError::Input("--count must be at least 1".into()));
    }
    let mut request = Request::new(variant, size);
    request.box_shape = args.puzzle.box_shape()?;
    request.regions = regions;
    request.symmetry = args.symmetry.parse().map_err(CliError::Input)?;
    request.target = target(args)?;
    request.givens = args.givens;
    request.minimal = args.minimal;
    request.attempts = args.attempts;
    Ok(request)
}

/// Refuses sizes outside the supported range before anything is built for them.
fn check_size(size: usize) -> Result<(), CliError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Ok(());
    }
    Err(CliError::input(GeometryError::UnsupportedSize {
        size,
        min: MIN_SIZE,
        max: MAX_SIZE,
    }))
}

/// A simple valid layout (stacked bands) used only to check the other options of a jigsaw
/// request before generating.
fn plain_layout(size: usize) -> Result<sudoku_book::grid::RegionMap, CliError> {
    let ids: Vec<usize> = (0..size * size).map(|cell| cell / size).collect();
    sudoku_book::grid::RegionMap::from_ids(size, &ids).map_err(CliError::input)
}

fn target(args: &GenerateArgs) -> Result<Target, CliError> {
    if let Some(level) = &args.difficulty {
        let level: Level = level.parse().map_err(CliError::input)?;
        return Ok(Target::Level(level));
    }
    let Some(range) = &args.score else {
        return Ok(Target::Any);
    };
    let bad = || {
        CliError::Input(format!(
            "'{range}' is not a score range: write MIN..MAX, for example 3.0..4.4"
        ))
    };
    let (min, max) = range.split_once("..").ok_or_else(bad)?;
    let min: f32 = min.trim().parse().map_err(|_| bad())?;
    let max: f32 = max.trim().parse().map_err(|_| bad())?;
    if min.is_nan() || max.is_nan() || min > max {
        return Err(bad());
    }
    Ok(Target::Score { min, max })
}

fn render(puzzle: &Generated, output: GenerateOutput) -> String {
    match output {
        GenerateOutput::Line => {
            let mut line = to_line(&puzzle.givens);
            if let Some(map) = puzzle.geometry.regions() {
                line.push('|');
                line.push_str(&map.to_line());
            }
            line + "\n"
        }
        GenerateOutput::Json => {
            let mut object = geometry_json(&puzzle.geometry);
            object.insert("givens".into(), json!(puzzle.givens.cells()));
            object.insert("solution".into(), json!(puzzle.solution.cells()));
            object.insert("score".into(), score_json(&puzzle.rating));
            object.insert("level".into(), json!(puzzle.rating.level.name()));
            let names: Vec<&str> = puzzle
                .rating
                .techniques_in_order()
                .into_iter()
                .map(|(name, _)| name)
                .collect();
            object.insert("techniques".into(), json!(names));
            object.insert("seed".into(), json!(puzzle.seed));
            serde_json::Value::Object(object).to_string() + "\n"
        }
    }
}
