//! `library merge` (libraries filled on other machines, combined by ID) and `library rerate`
//! (puzzles rated by another version of the rater, rated again page by page on every core).

use std::path::PathBuf;

use clap::Args;
use rayon::prelude::*;

use super::error::{CliError, CliResult, EXIT_OK};
use super::library::{DbArg, library_error, open};
use super::progress::puzzle_bar;
use sudoku_book::grid::read_puzzle_json;
use sudoku_book::grid::text::counted;
use sudoku_book::logic::rate;
use sudoku_book::workers;
use sudoku_library::{ENGINE_VERSION, Rated, StaleRow};

/// Options of `library merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Libraries to add to --db (each is checked, and brought to this version's schema if
    /// older, before it is read)
    #[arg(required = true, value_name = "LIBRARY")]
    pub from: Vec<PathBuf>,
    #[command(flatten)]
    pub db: DbArg,
}

/// Options of `library rerate`.
#[derive(Args, Debug)]
pub struct RerateArgs {
    /// Worker threads (default: all cores)
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub db: DbArg,
}

/// `library merge`: every input's puzzles and uses that --db lacks, one input at a time, each
/// in one transaction.
pub fn run_merge(args: &MergeArgs) -> CliResult {
    for from in &args.from {
        if !from.is_file() {
            return Err(CliError::Input(format!(
                "{}: no such library to merge",
                from.display()
            )));
        }
        if same_file(from, &args.db.db) {
            return Err(CliError::Input(format!(
                "{}: cannot merge a library into itself",
                from.display()
            )));
        }
    }
    let mut library = open(&args.db, sudoku_library::Access::Create)?;
    for from in &args.from {
        let merged = library.merge_from(from).map_err(library_error)?;
        super::sink::print(
            &(format!(
                "{}: {} added ({} already there), {} copied",
                from.display(),
                counted(merged.added as usize, "puzzle"),
                counted(merged.duplicates as usize, "duplicate"),
                counted(merged.uses as usize, "use")
            ) + "\n"),
        )?;
    }
    Ok(EXIT_OK)
}

fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Rows read, rated and written at once.
const RERATE_PAGE: usize = 512;

/// `library rerate`: every puzzle another rater version rated gets today's level, score and
/// techniques (in its record too). Each page is committed, so an interrupted run goes on where
/// it stopped when run again.
pub fn run_rerate(args: &RerateArgs) -> CliResult {
    let mut library = open(&args.db, sudoku_library::Access::Write)?;
    let pool = workers::pool(args.jobs)?;
    let stale = library.stale_count(ENGINE_VERSION).map_err(library_error)?;
    let bar = puzzle_bar(stale as usize, false, false);
    let (mut done, mut changed, mut unreadable) = (0usize, 0usize, 0usize);
    let mut after = String::new();
    loop {
        let page = library
            .stale(ENGINE_VERSION, &after, RERATE_PAGE)
            .map_err(library_error)?;
        let Some(last) = page.last() else { break };
        after = last.id.clone();
        let rated: Vec<Option<Rated>> = pool.install(|| page.par_iter().map(rerated).collect());
        for (row, new) in page.iter().zip(&rated) {
            match new {
                Some(new) if new.level != row.level => changed += 1,
                Some(_) => {}
                None => unreadable += 1,
            }
        }
        let rated: Vec<Rated> = rated.into_iter().flatten().collect();
        library
            .set_ratings(&rated, ENGINE_VERSION)
            .map_err(library_error)?;
        done += rated.len();
        bar.set_position(done as u64);
    }
    bar.finish_and_clear();
    super::sink::print(
        &(format!(
            "{}: {} rated again by rater {ENGINE_VERSION} ({} changed level){}",
            args.db.db.display(),
            counted(done, "puzzle"),
            changed,
            match unreadable {
                0 => String::new(),
                n => format!("; {} unreadable, left as they were", counted(n, "record")),
            }
        ) + "\n"),
    )?;
    Ok(EXIT_OK)
}

/// A stored puzzle rated by today's rater, its record updated to match.
fn rerated(row: &StaleRow) -> Option<Rated> {
    let imported = read_puzzle_json(1, &row.record).ok()?;
    let rating = rate(&imported.geometry, &imported.givens);
    let techniques: Vec<&str> = rating
        .techniques_in_order()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let mut record: serde_json::Value = serde_json::from_str(&row.record).ok()?;
    record["level"] = rating.level.name().into();
    record["score"] = rating.rounded_score().into();
    record["techniques"] = techniques.clone().into();
    Some(Rated {
        id: row.id.clone(),
        record: record.to_string(),
        level: rating.level.name().to_string(),
        score: rating.rounded_score(),
        techniques: serde_json::to_string(&techniques).ok()?,
    })
}
