//! `library export`: the library's puzzles as JSON lines (for `library add` elsewhere), or with
//! `--daily` one puzzle a date for apps and newspapers, with a difficulty ramp over the week
//! (Monday easiest), drawn without repeats and recorded as used, so a later feed never repeats
//! one and the same export run again gives the same puzzles.

use std::path::{Path, PathBuf};

use clap::Args;

use super::error::{CliError, CliResult, EXIT_NO, EXIT_OK};
use super::library::{DbArg, library_error, open};
use super::sink::{OutputStream, emit, write_all_or_none};
use sudoku_book::book::BookPuzzle;
use sudoku_book::book::daily::{
    DailyError, DailyFeed, daily_uses, day_record, draw_daily, parse_ramp,
};
use sudoku_book::book::manifest::inline_number_lists;
use sudoku_book::dates::Date;
use sudoku_book::generate::Request;
use sudoku_book::grid::Variant;
use sudoku_library::{Access, BookUse, Library};

/// Options of `library export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// One puzzle a date from --from for --days days, with the --ramp's level for its weekday
    #[arg(long)]
    pub daily: bool,
    /// The first date (YYYY-MM-DD)
    #[arg(long, value_name = "DATE", requires = "daily")]
    pub from: Option<String>,
    /// How many dates (1 to 36600)
    #[arg(long, value_name = "N", requires = "daily", default_value_t = 365)]
    pub days: usize,
    /// The level of each weekday, Monday first: mon-sun (easy, easy, medium, medium, hard,
    /// hard, expert), seven levels separated by commas, or one level for every day
    #[arg(
        long,
        value_name = "RAMP",
        default_value = "mon-sun",
        requires = "daily"
    )]
    pub ramp: String,
    /// The variant of the daily puzzles
    #[arg(long, default_value = "classic")]
    pub variant: String,
    /// The grid size of the daily puzzles
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// The seed of the draw order: another seed, other puzzles
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Puzzles books or other feeds used may be drawn again
    #[arg(long)]
    pub reuse: bool,
    /// Write one JSON file a date (DATE.json) into this folder instead of JSON lines
    #[arg(long, value_name = "DIR", requires = "daily", conflicts_with = "out")]
    pub out_dir: Option<PathBuf>,
    /// Write the JSON lines to this file instead of standard output
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub db: DbArg,
}

/// The longest feed.
const MAX_DAYS: usize = 36_600;

/// Runs `library export`.
pub fn run(args: &ExportArgs) -> CliResult {
    if !args.daily {
        let library = open(&args.db, Access::Read)?;
        return export_all(&library, args.out.as_deref());
    }
    let feed = feed(args)?;
    run_daily(open(&args.db, Access::Write)?, &feed, args)
}

/// Every puzzle's JSON record, one a line, in ID order, written as it is read.
fn export_all(library: &Library, out: Option<&Path>) -> CliResult {
    let mut output = OutputStream::create(out)?;
    for ids in library.ids().map_err(library_error)?.chunks(EXPORT_CHUNK) {
        let mut text = String::new();
        for id in ids {
            if let Some((record, _)) = library.record(id).map_err(library_error)? {
                text.push_str(&record);
                text.push('\n');
            }
        }
        if output.write(&text)?.is_break() {
            break;
        }
    }
    output.finish()?;
    Ok(EXIT_OK)
}

/// Records written at once by `export`.
const EXPORT_CHUNK: usize = 1024;

/// The feed the options ask for.
fn feed(args: &ExportArgs) -> Result<DailyFeed, CliError> {
    let from = args
        .from
        .as_deref()
        .ok_or_else(|| CliError::Input("--daily needs --from DATE (YYYY-MM-DD)".into()))?;
    let first = Date::parse(from).ok_or_else(|| {
        CliError::Input(format!(
            "--from: {from:?} is not a date: write it as YYYY-MM-DD (2027-01-01)"
        ))
    })?;
    if !(1..=MAX_DAYS).contains(&args.days) {
        return Err(CliError::Input(format!(
            "--days: {} is out of range: use 1 to {MAX_DAYS}",
            args.days
        )));
    }
    let variant: Variant = args
        .variant
        .parse()
        .map_err(|e| CliError::Input(format!("--variant: {e}")))?;
    let ramp = parse_ramp(&args.ramp).map_err(|e| CliError::Input(format!("--ramp: {e}")))?;
    Request::new(variant, args.size)
        .check()
        .map_err(CliError::request)?;
    let last = Date::from_days(first.days() + args.days as i64 - 1);
    if last.year > LAST_YEAR {
        return Err(CliError::Input(format!(
            "--days: a feed of {} from {first} would end on {last}, after {LAST_YEAR}-12-31 (dates have four-digit years)",
            args.days
        )));
    }
    let place = args.out_dir.as_ref().or(args.out.as_ref()).map(|p| {
        std::path::absolute(p)
            .unwrap_or_else(|_| p.clone())
            .display()
            .to_string()
    });
    Ok(DailyFeed {
        first,
        days: args.days,
        ramp,
        variant,
        size: args.size,
        seed: args.seed,
        reuse: args.reuse,
        place,
    })
}

/// The last year a feed's dates may have (`YYYY-MM-DD` has four digits for it).
const LAST_YEAR: i64 = 9999;

/// `library export --daily`: the feed drawn, written, then recorded as used.
fn run_daily(mut library: Library, feed: &DailyFeed, args: &ExportArgs) -> CliResult {
    let days = match draw_daily(&library, feed) {
        Ok(days) => days,
        Err(DailyError::Library(error)) => return Err(library_error(error)),
        Err(DailyError::Shortfalls(short)) => {
            let db = args.db.db.display();
            let named: Vec<String> = short
                .iter()
                .map(|s| {
                    format!(
                        "{} {}: {} of {} (fill with `sudoku-book library fill --db {db} --variant {} --size {} --difficulty {} --count {}`)",
                        s.shape,
                        s.level,
                        s.have,
                        s.need,
                        args.variant,
                        args.size,
                        s.level,
                        s.need - s.have
                    )
                })
                .collect();
            super::sink::say(&format!(
                "sudoku-book: {db}: too few unused puzzles for the feed, so nothing is written: {}",
                named.join("; ")
            ));
            return Ok(EXIT_NO);
        }
    };
    let uses = daily_uses(&days);
    let date = Date::today().to_string();
    let name = feed.name();
    let book = BookUse {
        book: &name,
        seed: feed.seed,
        manifest: feed.place.as_deref(),
        date: &date,
        uses: &uses,
        made: &[],
        reuse: feed.reuse,
    };
    // Recorded before the feed is written and undone when it cannot be: a feed written always
    // has its uses recorded, and a feed that failed leaves none.
    let recorded = library.record_book(&book).map_err(library_error)?;
    if let Err(error) = write_feed(args, &days) {
        let _ = library.undo_book(&recorded);
        return Err(error);
    }
    library.settle_book(&recorded).map_err(library_error)?;
    Ok(EXIT_OK)
}

/// Writes the feed: JSON lines to the file or standard output, or one file a date, all or none.
fn write_feed(args: &ExportArgs, days: &[(Date, BookPuzzle)]) -> Result<(), CliError> {
    let Some(dir) = &args.out_dir else {
        let text: String = days
            .iter()
            .map(|(date, p)| format!("{}\n", day_record(*date, p)))
            .collect();
        return emit(args.out.as_deref(), &text);
    };
    std::fs::create_dir_all(dir).map_err(|e| CliError::io("create", dir, e))?;
    let files = days.iter().map(|(date, puzzle)| {
        let pretty = serde_json::to_string_pretty(&day_record(*date, puzzle)).unwrap_or_default();
        let path = dir.join(format!("{date}.json"));
        (path, (inline_number_lists(&pretty) + "\n").into_bytes())
    });
    write_all_or_none(files)
}
