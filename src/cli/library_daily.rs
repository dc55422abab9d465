//! `library export`: the library's puzzles as JSON lines (for `library add` elsewhere), or with
//! `--daily` one puzzle a date for apps and newspapers, with a difficulty ramp over the week
//! (Monday easiest), drawn without repeats and recorded as used, so a later feed never repeats
//! one and the same export run again gives the same puzzles.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use clap::Args;

use super::error::{CliError, CliResult, EXIT_NO, EXIT_OK};
use super::io::{OutputStream, emit};
use super::library::{DbArg, library_error, open};
use sudoku_book::book::library::{Candidate, DrawOrder, pick};
use sudoku_book::book::manifest::{JsonPuzzle, inline_number_lists};
use sudoku_book::book::{BookPuzzle, Origin};
use sudoku_book::dates::Date;
use sudoku_book::generate::{Request, Target};
use sudoku_book::grid::Variant;
use sudoku_book::logic::Level;
use sudoku_library::{BookUse, Library, Use};

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

/// `mon-sun`: Monday easiest, Sunday hardest.
const MON_SUN: [Level; 7] = [
    Level::Easy,
    Level::Easy,
    Level::Medium,
    Level::Medium,
    Level::Hard,
    Level::Hard,
    Level::Expert,
];

const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// Runs `library export`.
pub fn run(args: &ExportArgs) -> CliResult {
    let library = open(&args.db)?;
    if !args.daily {
        return export_all(&library, args.out.as_deref());
    }
    run_daily(library, args)
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

/// The checked options of a daily feed.
struct Feed {
    first: Date,
    ramp: [Level; 7],
    variant: Variant,
    name: String,
}

fn feed(args: &ExportArgs) -> Result<Feed, CliError> {
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
    let name = format!(
        "daily {} {} {first} +{}",
        args.variant, args.size, args.days
    );
    Ok(Feed {
        first,
        ramp,
        variant,
        name,
    })
}

/// `mon-sun`, seven levels Monday first, or one level for every day.
fn parse_ramp(text: &str) -> Result<[Level; 7], String> {
    if text == "mon-sun" {
        return Ok(MON_SUN);
    }
    let levels: Vec<Level> = text
        .split(',')
        .map(|name| name.parse::<Level>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    match levels[..] {
        [level] => Ok([level; 7]),
        [..] if levels.len() == 7 => Ok(std::array::from_fn(|i| levels[i])),
        _ => Err(format!(
            "{} levels: give mon-sun, seven levels (Monday first) or one",
            levels.len()
        )),
    }
}

/// `library export --daily`: the feed's puzzles, level by level (the dates of a level take its
/// puzzles in date order), written, then recorded as used.
fn run_daily(mut library: Library, args: &ExportArgs) -> CliResult {
    let feed = feed(args)?;
    let dates: Vec<Date> = (0..args.days as i64)
        .map(|d| Date::from_days(feed.first.days() + d))
        .collect();
    let own = library
        .own_uses(&feed.name, args.seed)
        .map_err(library_error)?;
    let used_elsewhere = match args.reuse {
        true => HashSet::new(),
        false => library
            .used_by_others(&feed.name, args.seed)
            .map_err(library_error)?,
    };
    let own_ids: HashSet<&str> = own.iter().map(|u| u.id.as_str()).collect();
    let mut chosen: HashMap<usize, BookPuzzle> = HashMap::new();
    let mut shortfalls = Vec::new();
    for level in Level::ALL {
        let days: Vec<usize> = (0..dates.len())
            .filter(|&d| feed.ramp[dates[d].weekday()] == level)
            .collect();
        if days.is_empty() {
            continue;
        }
        let mut request = Request::new(feed.variant, args.size);
        request.target = Target::Level(level);
        let before: Vec<Candidate> = own
            .iter()
            .filter(|u| days.contains(&(u.number - 1)))
            .map(|u| (u.id.clone(), Origin::Drawn, 0))
            .collect();
        let order = DrawOrder {
            seed: args.seed,
            stream: level as u64,
        };
        let avoid = |id: &str| own_ids.contains(id) || used_elsewhere.contains(id);
        let found =
            pick(&library, &request, order, &before, days.len(), avoid).map_err(library_error)?;
        if found.len() < days.len() {
            shortfalls.push(format!(
                "{} {level}: {} of {} (fill with `sudoku-book library fill --db {} --variant {} --size {} --difficulty {level} --count {}`)",
                request.shape_code(),
                found.len(),
                days.len(),
                args.db.db.display(),
                args.variant,
                args.size,
                days.len() - found.len()
            ));
            continue;
        }
        chosen.extend(days.into_iter().zip(found));
    }
    if !shortfalls.is_empty() {
        eprintln!(
            "sudoku-book: {}: too few unused puzzles for the feed, so nothing is written: {}",
            args.db.db.display(),
            shortfalls.join("; ")
        );
        return Ok(EXIT_NO);
    }
    let days: Vec<(Date, BookPuzzle)> = (0..dates.len())
        .filter_map(|d| chosen.remove(&d).map(|p| (dates[d], p)))
        .collect();
    let uses: Vec<Use> = days
        .iter()
        .enumerate()
        .map(|(d, (_, p))| Use {
            id: p.id.clone(),
            section: 0,
            number: d + 1,
            made: false,
            repeats: 0,
        })
        .collect();
    let date = Date::today().to_string();
    let shown_out = args
        .out_dir
        .as_ref()
        .or(args.out.as_ref())
        .map(|p| p.display().to_string());
    let book = BookUse {
        book: &feed.name,
        seed: args.seed,
        manifest: shown_out.as_deref(),
        date: &date,
        uses: &uses,
        made: &[],
        reuse: args.reuse,
    };
    let record = library.begin_book(&book).map_err(library_error)?;
    write_feed(args, &days)?;
    record.commit().map_err(library_error)?;
    Ok(EXIT_OK)
}

/// One day's record: the puzzle's JSON record with its date and weekday first.
fn day_record(date: Date, puzzle: &BookPuzzle) -> serde_json::Value {
    let mut record = serde_json::json!({
        "date": date.to_string(),
        "weekday": WEEKDAYS[date.weekday()],
    });
    if let (Some(map), Ok(serde_json::Value::Object(fields))) = (
        record.as_object_mut(),
        serde_json::to_value(JsonPuzzle::of(&puzzle.puzzle)),
    ) {
        map.extend(fields);
    }
    record
}

fn write_feed(args: &ExportArgs, days: &[(Date, BookPuzzle)]) -> Result<(), CliError> {
    let Some(dir) = &args.out_dir else {
        let text: String = days
            .iter()
            .map(|(date, p)| format!("{}\n", day_record(*date, p)))
            .collect();
        return emit(args.out.as_deref(), &text);
    };
    std::fs::create_dir_all(dir).map_err(|e| CliError::io("create", dir, e))?;
    for (date, puzzle) in days {
        let pretty = serde_json::to_string_pretty(&day_record(*date, puzzle)).unwrap_or_default();
        let pretty = inline_number_lists(&pretty);
        emit(Some(&dir.join(format!("{date}.json"))), &(pretty + "\n"))?;
    }
    Ok(())
}
