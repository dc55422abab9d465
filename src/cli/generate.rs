//! `sudoku-book generate`: seeded puzzles of any variant, size and difficulty, generated in
//! parallel and written in order (one line or one JSON object per puzzle), with a progress bar
//! on a terminal.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::progress::{Ticker, puzzle_bar, report_search, search_bar};
use super::shard::Shard;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use sudoku_book::symbols::SymbolSet;

use super::error::{CliError, CliResult, EXIT_OK};
use super::io::{read_file, shown_path};
use super::puzzle_args::{PuzzleArgs, import_message};
use super::sink::OutputStream;
use sudoku_book::book::manifest::JsonPuzzle;
use sudoku_book::generate::diabolical::{SearchProgress, default_symmetry, wants_diabolical};
use sudoku_book::generate::require::parse_technique;
use sudoku_book::generate::{
    GenerateError, Generated, GivensTally, MAX_REPEAT_TRIES, Request, Target, check_count,
    derive_seed, generate_unrated, generate_with_progress, repeat_try, repeats_error,
};
use sudoku_book::grid::text::counted;
use sudoku_book::grid::{Geometry, Grid, ids_in, puzzle_id, tagged_line};
use sudoku_book::logic::Level;
use sudoku_book::workers;

/// The most puzzles one run may ask for (they are streamed, so memory stays flat).
pub const MAX_COUNT: usize = 10_000_000;
/// Puzzles per worker thread in the first batch: each batch is generated in parallel and
/// written in order before the next starts. Batches then double, up to
/// [`MAX_BATCH_PER_THREAD`]: the first puzzles come out at once, and a long run's threads seldom
/// wait for the slowest puzzle of a batch (hard levels take 1 to 50 attempts a puzzle).
const BATCH_PER_THREAD: usize = 4;
const MAX_BATCH_PER_THREAD: usize = 64;

/// How `generate` writes puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum GenerateOutput {
    /// One puzzle line per puzzle (jigsaw: `puzzle|regions`)
    #[default]
    Line,
    /// One JSON object per line, with the manifest's puzzle fields and the seed
    Json,
    /// One f-puzzles JSON object per line (size, grid, region, the rules' keys, title,
    /// solution): what f-puzzles.com saves and SudokuPad opens
    Fpuzzles,
    /// One link per line that opens the puzzle in SudokuPad (the f-puzzles object, compressed)
    Sudokupad,
}

/// The options that say which puzzles to make: shape, level or score, symmetry, givens,
/// required techniques, attempts (shared by `generate` and `library fill`).
#[derive(Args, Debug)]
pub struct RequestArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Difficulty level: easy, medium, hard, expert, extreme or diabolical (default: any).
    /// Diabolical (score 9.0 and up, grids up to 9x9 without cages) is searched for, minutes a
    /// puzzle (seconds with --from), with progress on standard error
    #[arg(long, value_name = "LEVEL", conflicts_with = "score")]
    pub difficulty: Option<String>,
    /// Score range on the rating scale, MIN..MAX (for example 3.0..4.4)
    #[arg(long, value_name = "MIN..MAX")]
    pub score: Option<String>,
    /// Symmetry of the givens: none, rotate180, rotate90, mirror, diagonal (default: rotate180;
    /// none for diabolical puzzles, which are far rarer with a symmetry)
    #[arg(long)]
    pub symmetry: Option<String>,
    /// Stop removing givens at this many (best effort; 1 to cells - 1)
    #[arg(long, value_name = "N")]
    pub givens: Option<usize>,
    /// Minimal puzzles: no given (or symmetric group of givens) can be removed keeping one solution
    #[arg(long)]
    pub minimal: bool,
    /// A technique the puzzle's easiest solving path must use, as `rate` names it (for example
    /// "X-Wing"); repeat for several. Without --difficulty, the level is the technique's own.
    /// The attempt budget is ten times the usual
    #[arg(long, value_name = "TECHNIQUE")]
    pub require: Vec<String>,
    /// Attempts per puzzle before giving up on the difficulty (default: measured per shape, level
    /// and symmetry so that a failure is rarer than once in a million puzzles, at least 200;
    /// for example 19000 for expert killers; diabolical: ratings of the search, 1000000, or 3000
    /// with --from);
    /// 1 to 1000000
    #[arg(long, value_name = "N")]
    pub attempts: Option<usize>,
    /// Diabolical only: start the search from these puzzles (a file of puzzle lines, each with
    /// one solution) instead of fresh extreme ones; every puzzle made is some swaps of givens
    /// away from one of them, relabelled and turned. Hard puzzles (score 8.5 and up) make this
    /// take seconds
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
}

/// Options of `generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub request: RequestArgs,
    /// How many puzzles (1 to 10000000); they are written as they are done
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// The seed: the same seed and options give the same puzzles
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Leave out every puzzle this book.json or list holds (IDs, puzzle lines or JSON records,
    /// one a line), and every turn, mirror or relabelling of one; repeat for several files
    #[arg(long, value_name = "FILE")]
    pub exclude: Vec<PathBuf>,
    /// Make only slice K of N of the --count puzzles (those whose index i has i % N == K-1):
    /// N runs with 1/N … N/N make, between them, exactly the puzzles of one run
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Worker threads, 1 to 256 (default: all cores); never changes the output
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Output format
    #[arg(long, value_enum, default_value_t = GenerateOutput::Line)]
    pub output: GenerateOutput,
    /// Write to this file instead of standard output
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Grids from this size up take seconds a puzzle (25×25: 2–5 s with no level, up to a minute
/// for extreme): their progress shows even for one puzzle.
const SLOW_SIZE: usize = 16;

/// Runs `generate`: batch after batch, puzzles are made in parallel and written in order, so
/// memory stays flat and an interrupted run keeps every puzzle it wrote. The first puzzle that
/// cannot be made ends the run, after the ones before it are written.
pub fn run(args: &GenerateArgs) -> CliResult {
    let request = build_request(&args.request)?;
    let linked = matches!(
        args.output,
        GenerateOutput::Fpuzzles | GenerateOutput::Sudokupad
    );
    if let (true, Some(shape)) = (linked, request.variant.multi) {
        return Err(CliError::Input(format!(
            "--output {}: f-puzzles and SudokuPad draw one grid, and a {shape} has several; write lines or JSON",
            if args.output == GenerateOutput::Fpuzzles {
                "fpuzzles"
            } else {
                "sudokupad"
            }
        )));
    }
    let symbols = args.request.puzzle.symbol_set()?;
    symbols
        .fits(request.size)
        .map_err(|e| CliError::Input(format!("--symbols: {e}")))?;
    let total = check_count(args.count, MAX_COUNT).map_err(CliError::request)?;
    let shard = args.shard.unwrap_or(Shard::ALL);
    let slice: Vec<usize> = (0..total).filter(|&i| shard.holds(i as u64)).collect();
    let count = slice.len();
    let excluded = excluded_ids(&args.exclude)?;
    let pool = workers::pool(args.jobs)?;
    let mut sink = OutputStream::create_direct(args.out.as_deref())?;
    let diabolical = wants_diabolical(request.target);
    let progress = if diabolical {
        search_bar(count)
    } else {
        puzzle_bar(count, false, request.size >= SLOW_SIZE)
    };
    // Off a terminal, a line now and then says the run is alive (a diabolical search has its
    // own lines).
    let ticker = (!diabolical)
        .then(|| Ticker::start(&progress, count))
        .flatten();
    let mut tally = GivensTally::new(request.givens);
    let mut no_id = (0usize, String::new());
    let mut failure = None;
    for indices in batches(&slice, pool.current_num_threads()) {
        let results: Vec<Result<Made, GenerateError>> = pool.install(|| {
            indices
                .par_iter()
                .map(|&index| {
                    let seed = derive_seed(args.seed, 0, index as u64);
                    let report = |state| report_search(&progress, index, state);
                    let result = make(args, &request, seed, &excluded, &report, symbols);
                    progress.inc(1);
                    result
                })
                .collect()
        });
        let mut text = String::new();
        for (&index, result) in indices.iter().zip(results) {
            match result {
                Ok(made) => {
                    tally.add(made.givens);
                    text.push_str(&made.text);
                    if let Some(reason) = made.no_id {
                        no_id.0 += 1;
                        no_id.1 = reason;
                    }
                }
                Err(error) => {
                    failure = Some((index, error));
                    break;
                }
            }
        }
        if sink.write(&text)?.is_break() || failure.is_some() {
            break;
        }
    }
    progress.finish_and_clear();
    drop(ticker);
    sink.finish()?;
    let no_id_note = (no_id.0 > 0).then(|| {
        format!(
            "{} without a puzzle_id ({}): --exclude lists and libraries cannot hold {}",
            counted(no_id.0, "puzzle"),
            no_id.1,
            if no_id.0 == 1 { "it" } else { "them" }
        )
    });
    for note in tally.note().into_iter().chain(no_id_note) {
        super::sink::say(&format!(
            "sudoku-book: note: {}",
            sudoku_book::grid::text::escape_controls(&note)
        ));
    }
    match failure {
        None => Ok(EXIT_OK),
        Some((index, error)) => Err(failed(index, error)),
    }
}

/// `slice` cut into batches of [`BATCH_PER_THREAD`] puzzles a thread, doubling up to
/// [`MAX_BATCH_PER_THREAD`].
fn batches(slice: &[usize], threads: usize) -> impl Iterator<Item = &[usize]> {
    let mut rest = slice;
    let mut per_thread = BATCH_PER_THREAD;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (batch, after) = rest.split_at((threads * per_thread).min(rest.len()));
        rest = after;
        per_thread = (per_thread * 2).min(MAX_BATCH_PER_THREAD);
        Some(batch)
    })
}

/// The IDs of every puzzle the `--exclude` files hold.
fn excluded_ids(paths: &[PathBuf]) -> Result<HashSet<String>, CliError> {
    let mut ids = HashSet::new();
    for path in paths {
        let text = read_file(path)?;
        let found = ids_in(&text).map_err(|e| {
            CliError::input_in(&shown_path(&path.display().to_string()), import_message(&e))
        })?;
        ids.extend(found);
    }
    Ok(ids)
}

/// The puzzle, or when `excluded` holds its ID the first try of its repeat stream that it does
/// not hold.
fn unexcluded(
    request: &Request,
    seed: u64,
    made: Generated,
    excluded: &HashSet<String>,
) -> Result<Generated, GenerateError> {
    let is_excluded =
        |p: &Generated| puzzle_id(&p.geometry, &p.givens).is_some_and(|id| excluded.contains(&id));
    if excluded.is_empty() || !is_excluded(&made) {
        return Ok(made);
    }
    for tries in 1..=MAX_REPEAT_TRIES {
        let found = repeat_try(request, seed, tries)?;
        if !is_excluded(&found) {
            return Ok(found);
        }
    }
    Err(repeats_error(request))
}

/// The first puzzle that could not be made, and how many were written before it.
fn failed(index: usize, error: GenerateError) -> CliError {
    let written = match index {
        0 => "no puzzle written".to_string(),
        1 => "the 1 puzzle before it was written".to_string(),
        n => format!("the {n} puzzles before it were written"),
    };
    CliError::Generate {
        context: format!("puzzle {} ({written})", index + 1),
        error,
    }
}

pub fn build_request(args: &RequestArgs) -> Result<Request, CliError> {
    if args.puzzle.cages.is_some() {
        return Err(CliError::Input(
            "--cages reads the cages of a given puzzle; generate draws new cages (use --variant killer)".into(),
        ));
    }
    let variant = args.puzzle.variant()?;
    let regions = args.puzzle.region_map()?;
    let size = args
        .puzzle
        .size
        .or(regions.as_ref().map(|r| r.size()))
        .unwrap_or(9);
    let mut request = Request::new(variant, size);
    request.box_shape = args.puzzle.box_shape()?;
    request.regions = regions;
    request.target = target(args)?;
    request.symmetry = match &args.symmetry {
        Some(symmetry) => symmetry.parse().map_err(CliError::Input)?,
        None => default_symmetry(&request),
    };
    request.givens = args.givens;
    request.minimal = args.minimal;
    request.attempts = args.attempts;
    request.require = args
        .require
        .iter()
        .map(|name| parse_technique(name))
        .collect::<Result<_, String>>()
        .map_err(|message| CliError::Input(format!("--require: {message}")))?;
    request.check().map_err(CliError::request)?;
    if let Some(path) = &args.from {
        read_starts(&mut request, path)?;
    }
    Ok(request)
}

/// Reads the puzzles a diabolical search starts from (`--from`); errors name the file.
fn read_starts(request: &mut Request, path: &Path) -> Result<(), CliError> {
    let shown = format!("--from {}", shown_path(&path.display().to_string()));
    let text = read_file(path)?;
    request
        .read_starts(&text)
        .map_err(|error| CliError::input_in(&shown, error))
}

fn target(args: &RequestArgs) -> Result<Target, CliError> {
    if let Some(level) = &args.difficulty {
        let level: Level = level.parse().map_err(CliError::input)?;
        return Ok(Target::Level(level));
    }
    match &args.score {
        None => Ok(Target::Any),
        Some(range) => Target::parse_score(range).map_err(CliError::request),
    }
}

/// One puzzle of the run: its output text, its number of givens, and why it has no canonical
/// ID when it needed one (JSON output, `--exclude`) and has none.
struct Made {
    text: String,
    givens: usize,
    no_id: Option<String>,
}

/// One puzzle of the run. A puzzle line needs no rating, so none is made when none decides the
/// puzzle ([`generate_unrated`]).
fn make(
    args: &GenerateArgs,
    request: &Request,
    seed: u64,
    excluded: &HashSet<String>,
    report: &(dyn Fn(SearchProgress) + Sync),
    symbols: SymbolSet,
) -> Result<Made, GenerateError> {
    if args.output == GenerateOutput::Line && excluded.is_empty() {
        let made = generate_unrated(request, seed, report)?;
        return Ok(Made {
            text: render_line(&made.givens, &made.geometry, symbols),
            givens: made.givens.filled_count(),
            no_id: None,
        });
    }
    let made = generate_with_progress(request, seed, report)
        .and_then(|made| unexcluded(request, seed, made, excluded))?;
    let no_id = puzzle_id(&made.geometry, &made.givens)
        .is_none()
        .then(|| sudoku_book::grid::no_id_reason(&made.geometry));
    Ok(Made {
        text: render(&made, args.output, symbols),
        givens: made.givens.filled_count(),
        no_id,
    })
}

/// A puzzle line (with its line break) in the symbols asked.
fn render_line(givens: &Grid, geometry: &Geometry, symbols: SymbolSet) -> String {
    let line = tagged_line(givens, geometry) + "\n";
    super::symbols::from_digits(symbols, &line, super::symbols::Shape::Line).into_owned()
}

fn render(puzzle: &Generated, output: GenerateOutput, symbols: SymbolSet) -> String {
    match output {
        GenerateOutput::Line => render_line(&puzzle.givens, &puzzle.geometry, symbols),
        GenerateOutput::Json => {
            // Serialising plain strings and numbers cannot fail.
            serde_json::to_string(&JsonPuzzle::of(puzzle)).unwrap_or_default() + "\n"
        }
        GenerateOutput::Fpuzzles | GenerateOutput::Sudokupad => {
            let title = format!(
                "{} ({})",
                shown_variant(&puzzle.geometry),
                puzzle.rating.level
            );
            let object = sudoku_book::grid::fpuzzles::to_fpuzzles(
                &puzzle.geometry,
                &puzzle.givens,
                Some(&puzzle.solution),
                &title,
            );
            // Multi-grid shapes are refused before generating.
            let Some(object) = object else {
                return render_line(&puzzle.givens, &puzzle.geometry, symbols);
            };
            let text = object.to_string();
            match output {
                GenerateOutput::Sudokupad => {
                    format!("{}\n", super::fpuzzles::sudokupad_link(&text))
                }
                _ => text + "\n",
            }
        }
    }
}

/// The variant's name as a title: `Anti-knight`, `Kropki-negative + diagonal`.
fn shown_variant(geo: &Geometry) -> String {
    let name = geo.variant().name().replace('+', " + ");
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_cover_every_puzzle_in_order_and_grow_to_their_cap() {
        let slice: Vec<usize> = (0..2_000).collect();
        let sizes: Vec<usize> = batches(&slice, 2).map(<[usize]>::len).collect();
        assert_eq!(sizes[..6], [8, 16, 32, 64, 128, 128]);
        let joined: Vec<usize> = batches(&slice, 2).flatten().copied().collect();
        assert_eq!(joined, slice);
        assert_eq!(batches(&[], 2).count(), 0);
        assert_eq!(batches(&[7], 1).collect::<Vec<_>>(), [&[7][..]]);
    }
}
