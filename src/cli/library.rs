//! `sudoku-book library`: the publisher's puzzle library, an SQLite file (`--db`, default
//! `library.db`): `fill` generates into it ahead of time (resumable: a killed fill keeps every
//! committed batch and goes on from there), `add` imports files of puzzles (`library_add`),
//! `stats` counts its puzzles by shape and level.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use rayon::prelude::*;

use super::error::{CliError, CliResult, EXIT_OK};
use super::generate::{RequestArgs, build_request};
use super::progress::puzzle_bar;
use super::shard::Shard;
use sudoku_book::generate::{GenerateError, Generated, derive_seed, generate};
use sudoku_book::grid::text::counted;
use sudoku_book::workers;
use sudoku_library::{Access, Added, Entry, Library};

/// Options of `library`.
#[derive(Args, Debug)]
pub struct LibraryArgs {
    #[command(subcommand)]
    pub command: LibraryCommand,
}

/// The library's commands.
#[derive(Subcommand, Debug)]
pub enum LibraryCommand {
    /// Generate puzzles into the library (the same puzzles `generate` makes for the same options
    /// and seed), in committed batches; run again to go on after an interruption
    Fill(Box<FillArgs>),
    /// Import puzzles (puzzle lines, JSON records, a book.json, or CSV puzzle,solution): each
    /// checked for one solution, rated, given its ID and stored once
    Add(super::library_add::AddArgs),
    /// Count the library's puzzles by shape and level, used and unused
    Stats(StatsArgs),
    /// Add the puzzles and uses of other libraries (filled on other machines, or shards) by ID
    Merge(super::library_upkeep::MergeArgs),
    /// Rate again every puzzle an older (or newer) version of the rater rated
    Rerate(super::library_upkeep::RerateArgs),
    /// Write daily puzzles, one a date, with a difficulty ramp over the week, never repeating
    Export(super::library_daily::ExportArgs),
}

/// The library file.
#[derive(Args, Debug)]
pub struct DbArg {
    /// The library: an SQLite file (fill, add and merge create it when nothing is there)
    #[arg(long, value_name = "FILE", default_value = "library.db")]
    pub db: PathBuf,
}

/// Options of `library fill`.
#[derive(Args, Debug)]
pub struct FillArgs {
    #[command(flatten)]
    pub request: RequestArgs,
    /// How many new puzzles to add (1 to 10000000); with --shard K/N, slice K's share of them,
    /// so the N slices together add this many, as `generate --count --shard` makes
    #[arg(long)]
    pub count: usize,
    /// The seed: puzzle i of the fill is `generate`'s puzzle i for this seed
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Make only slice K of N of the fill (indices i with i % N == K-1, and K's share of
    /// --count), for filling on N machines and merging (`library merge`); each slice resumes
    /// on its own
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Worker threads (default: all cores); never changes what is added
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub db: DbArg,
}

/// Options of `library stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    pub db: DbArg,
}

/// The most puzzles one fill may add.
const MAX_FILL: usize = 10_000_000;
/// Puzzles per worker thread in one committed batch.
const BATCH_PER_THREAD: usize = 8;
/// Puzzles made per new one asked before a fill gives up (the shape has too few puzzles).
const TRIES_PER_NEW: usize = 20;

/// Runs `library`.
pub fn run(args: &LibraryArgs) -> CliResult {
    match &args.command {
        LibraryCommand::Fill(fill) => run_fill(fill),
        LibraryCommand::Stats(stats) => run_stats(stats),
        LibraryCommand::Add(add) => super::library_add::run(add),
        LibraryCommand::Merge(merge) => super::library_upkeep::run_merge(merge),
        LibraryCommand::Rerate(rerate) => super::library_upkeep::run_rerate(rerate),
        LibraryCommand::Export(export) => super::library_daily::run(export),
    }
}

/// Opens the `--db` library as the command needs it (only `fill`, `add` and `merge --db`
/// create one, and only where nothing is).
pub fn open(db: &DbArg, access: Access) -> Result<Library, CliError> {
    Library::open_as(&db.db, access).map_err(library_error)
}

/// `library fill`: batch after batch, puzzles are made in parallel and committed in order with
/// the index reached, so a second run of the same command continues where the first stopped.
fn run_fill(args: &FillArgs) -> CliResult {
    if !(1..=MAX_FILL).contains(&args.count) {
        return Err(CliError::Input(format!(
            "--count: {} is out of range: use 1 to {MAX_FILL}",
            args.count
        )));
    }
    let request = build_request(&args.request)?;
    refuse_shapes_without_ids(&request)?;
    let mut library = open(&args.db, Access::Create)?;
    let shard = args.shard.unwrap_or(Shard::ALL);
    let key = match args.shard {
        None => format!("{request:?} seed {}", args.seed),
        Some(s) => format!(
            "{request:?} seed {} shard {}/{}",
            args.seed, s.index, s.count
        ),
    };
    let mut next = library.fill_start(&key).map_err(library_error)?;
    let pool = workers::pool(args.jobs)?;
    let batch = pool.current_num_threads() * BATCH_PER_THREAD;
    // A fill adds --count new puzzles; a slice makes its indices of a run of --count (a slice
    // run again after a kill finishes them, and adds nothing once they are made).
    let slice_end = args.shard.map(|s| s.share(args.count as u64));
    let wanted = slice_end.map_or(args.count, |end| end.saturating_sub(next) as usize);
    let bar = puzzle_bar(wanted, false, false);
    let (mut added, mut duplicates, mut made, mut no_id) = (0usize, 0usize, 0usize, 0usize);
    let more = |added: usize, next: u64| match slice_end {
        Some(end) => next < end,
        None => added < args.count,
    };
    while more(added, next) {
        if made >= TRIES_PER_NEW * args.count + 100 {
            return Err(CliError::Input(format!(
                "{}: only {} new after {}: the library holds most {} puzzles already",
                args.db.db.display(),
                counted(added, "puzzle"),
                counted(made, "puzzle"),
                request.shape_name()
            )));
        }
        let indices = next..(next + batch as u64).min(slice_end.unwrap_or(u64::MAX));
        let results: Vec<Result<Generated, GenerateError>> = pool.install(|| {
            indices
                .clone()
                .into_par_iter()
                .map(|index| generate(&request, derive_seed(args.seed, 0, shard.global(index))))
                .collect()
        });
        let mut entries = Vec::with_capacity(results.len());
        let mut consumed = 0u64;
        for (offset, result) in results.into_iter().enumerate() {
            let puzzle = result.map_err(|error| CliError::Generate {
                context: format!(
                    "library fill, puzzle {}",
                    shard.global(next + offset as u64) + 1
                ),
                error,
            })?;
            match Entry::generated(&puzzle) {
                Some(entry) => entries.push(entry),
                None => no_id += 1,
            }
            made += 1;
            consumed += 1;
            if slice_end.is_none() && entries.len() + added >= args.count {
                break;
            }
        }
        next += consumed;
        let outcomes = library
            .add(&entries, Some((&key, next)))
            .map_err(library_error)?;
        let new = outcomes.iter().filter(|&&o| o == Added::New).count();
        added += new;
        duplicates += outcomes.len() - new;
        bar.set_position(if slice_end.is_some() { made } else { added } as u64);
    }
    bar.finish_and_clear();
    let left_out = match no_id {
        0 => String::new(),
        n => format!(
            "; {} made had no canonical ID (too symmetric to search) and were left out",
            counted(n, "puzzle")
        ),
    };
    let slice = match args.shard {
        Some(s) => format!(
            ", slice {}/{} of a fill of {}",
            s.index, s.count, args.count
        ),
        None => String::new(),
    };
    super::sink::print(&format!(
        "{}: {} added ({} already there{slice}){left_out}\n",
        args.db.db.display(),
        counted(added, "puzzle"),
        counted(duplicates, "duplicate")
    ))?;
    Ok(EXIT_OK)
}

/// Refuses a fill of a shape whose puzzles can have no canonical ID (25×25 diagonal), which a
/// library, keyed by ID, cannot hold.
fn refuse_shapes_without_ids(request: &sudoku_book::generate::Request) -> Result<(), CliError> {
    let geo = request.sample_geometry().map_err(CliError::request)?;
    if sudoku_book::grid::shape_has_ids(&geo) {
        return Ok(());
    }
    Err(CliError::Input(format!(
        "{}, and a library keeps its puzzles by ID",
        sudoku_book::grid::no_id_reason(&geo)
    )))
}

/// A library failure, with the exit codes `build` gives it: a file that is no library is bad
/// input (2), a puzzle another process took meanwhile is a "no" (1), anything else an I/O
/// failure (3).
pub fn library_error(error: sudoku_library::LibraryError) -> CliError {
    use sudoku_library::LibraryError as E;
    match error {
        E::Schema { .. } | E::NotADatabase { .. } | E::Foreign { .. } => {
            CliError::Input(error.to_string())
        }
        E::Missing { .. } => CliError::Io(error.to_string()),
        E::Taken { .. } => CliError::Puzzle(error.to_string()),
        E::Sqlite { .. } => CliError::Io(error.to_string()),
    }
}

/// `library stats`: a table of shape × level, unused and used.
fn run_stats(args: &StatsArgs) -> CliResult {
    let library = open(&args.db, Access::Read)?;
    let stats = library.stats().map_err(library_error)?;
    let mut text = format!(
        "{:<22} {:<11} {:>9} {:>9}\n",
        "shape", "level", "unused", "used"
    );
    let (mut unused, mut used) = (0, 0);
    for row in &stats {
        text.push_str(&format!(
            "{:<22} {:<11} {:>9} {:>9}\n",
            row.shape, row.level, row.unused, row.used
        ));
        unused += row.unused;
        used += row.used;
    }
    text.push_str(&format!("{:<22} {:<11} {unused:>9} {used:>9}\n", "all", ""));
    super::sink::print(&text)?;
    Ok(EXIT_OK)
}
