//! `sudoku-book play [PUZZLE]`: one puzzle as a playable, self-contained HTML page — the puzzle
//! given (which must have exactly one solution), or a new one generated at the level asked —
//! written atomically (never over a file this tool did not write) and its path printed.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;

use super::error::{CliError, CliResult, EXIT_OK};
use super::io::read_input;
use super::progress::{puzzle_bar, report_search, search_bar};
use super::puzzle_args::PuzzleArgs;
use super::sink::write_atomically;
use sudoku_book::generate::diabolical::wants_diabolical;
use sudoku_book::generate::{Generated, Request, Target, generate_with_progress};
use sudoku_book::grid::{Geometry, Grid};
use sudoku_book::logic::{Level, rate};
use sudoku_book::render::play::{GENERATOR_MARK, PlayBook, PlayPuzzle, page};
use sudoku_book::symbols::SymbolSet;

/// The page written when `--out` is not given.
const DEFAULT_OUT: &str = "sudoku-play.html";
/// How much of an existing file is read to see whether this tool wrote it.
const MARK_WINDOW: u64 = 4096;

/// Options of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The puzzle: a file, '-' for standard input, or a puzzle line inline; when omitted, a new
    /// puzzle is generated (--variant, --size, --difficulty, --seed)
    pub puzzle: Option<String>,
    #[command(flatten)]
    pub options: PuzzleArgs,
    /// Difficulty of the generated puzzle: easy, medium, hard, expert, extreme or diabolical (default: any)
    #[arg(long, value_name = "LEVEL", conflicts_with = "puzzle")]
    pub difficulty: Option<String>,
    /// Seed of the generated puzzle (default: a new one each run, printed so it can be made again)
    #[arg(long, conflicts_with = "puzzle")]
    pub seed: Option<u64>,
    /// Where to write the page (default: sudoku-play.html); an existing file is replaced only
    /// when it is a page this tool wrote
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// A puzzle ready for the page.
struct Playable {
    geometry: Geometry,
    givens: Grid,
    solution: Grid,
    level: &'static str,
    score: f64,
    seed: u64,
    /// How it is described on standard error.
    about: String,
}

/// `classic 9×9`; a multi-grid by its name alone (`samurai`: its sub-grids are 9×9).
fn shape_words(geo: &Geometry) -> String {
    let variant = geo.variant().name();
    if geo.frame().is_some() {
        return variant;
    }
    let n = geo.size();
    format!("{variant} {n}×{n}")
}

/// The symbols the page shows, and the options its puzzle is read with: a text set (letters, a
/// word, 0-F) is typed in those symbols; pictures, colours and 1-16 have no one-character
/// form, so their puzzle is typed in digits.
fn shown_symbols(options: &PuzzleArgs) -> Result<(SymbolSet, PuzzleArgs), CliError> {
    let Some(arg) = &options.symbols else {
        return Ok((SymbolSet::Digits, options.clone()));
    };
    let set = SymbolSet::parse(arg).map_err(|e| CliError::Input(format!("--symbols: {e}")))?;
    if matches!(
        set,
        SymbolSet::Pictures | SymbolSet::Colours | SymbolSet::Numbers
    ) {
        let digits = PuzzleArgs {
            symbols: None,
            ..options.clone()
        };
        return Ok((set, digits));
    }
    Ok((set, options.clone()))
}

/// Runs `play`: writes the page and prints its path.
pub fn run(args: &PlayArgs) -> CliResult {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_OUT));
    check_target(&out)?;
    let (symbols, read) = shown_symbols(&args.options)?;
    let playable = match &args.puzzle {
        Some(puzzle) => given(puzzle, &read)?,
        None => generated(args)?,
    };
    symbols
        .fits(playable.geometry.size())
        .map_err(|e| CliError::Input(format!("--symbols: {e}")))?;
    let book = PlayBook {
        title: format!(
            "Sudoku: {}, {}",
            shape_words(&playable.geometry),
            playable.level
        ),
        seed: playable.seed,
        puzzles: vec![PlayPuzzle {
            id: 1,
            section: String::new(),
            geometry: &playable.geometry,
            givens: &playable.givens,
            solution: &playable.solution,
            level: playable.level,
            score: playable.score,
            symbols: sudoku_book::symbols::SectionSymbols {
                set: symbols,
                word_in: None,
            },
        }],
        words: String::new(),
        language: "en",
        texts: Vec::new(),
        variants: Default::default(),
    };
    write_atomically(&out, page(&book).as_bytes())?;
    super::sink::say(&format!(
        "sudoku-book: {}",
        sudoku_book::grid::text::escape_controls(&playable.about)
    ));
    let shown = std::fs::canonicalize(&out).unwrap_or(out);
    super::sink::print(&format!("{}\n", shown.display()))?;
    Ok(EXIT_OK)
}

/// Refuses a target that is a folder, or a file this tool did not write.
fn check_target(out: &Path) -> Result<(), CliError> {
    let Ok(meta) = std::fs::symlink_metadata(out) else {
        return Ok(());
    };
    let refuse = |why: &str| {
        Err(CliError::Input(format!(
            "{} {why}, so it is not replaced: choose another --out",
            out.display()
        )))
    };
    if !meta.is_file() {
        return refuse("exists and is not a plain file");
    }
    if !written_by_us(out) {
        return refuse("exists and is not a page sudoku-book wrote");
    }
    Ok(())
}

fn written_by_us(path: &Path) -> bool {
    use std::io::Read;
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MARK_WINDOW).read_to_end(&mut head))
        .map(|_| String::from_utf8_lossy(&head).contains(GENERATOR_MARK))
        .unwrap_or(false)
}

/// The puzzle the user gave: it must have exactly one solution.
fn given(puzzle: &str, options: &PuzzleArgs) -> Result<Playable, CliError> {
    let loaded = options.load(&read_input(puzzle)?)?;
    let solution = loaded.unique_solution(
        "there is no puzzle to play (a playable page needs exactly one solution)",
    )?;
    let rating = rate(&loaded.geo, &loaded.givens);
    let about = format!(
        "{} puzzle, level {} (score {:.1})",
        loaded.geo.describe(),
        rating.level.name(),
        rating.rounded_score()
    );
    Ok(Playable {
        level: rating.level.name(),
        score: rating.rounded_score(),
        seed: 0,
        about,
        geometry: loaded.geo,
        givens: loaded.givens,
        solution,
    })
}

/// A new puzzle from the options.
fn generated(args: &PlayArgs) -> Result<Playable, CliError> {
    let request = request(args)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let bar = if wants_diabolical(request.target) {
        search_bar(1)
    } else {
        puzzle_bar(1, false, request.size >= 16)
    };
    let report = |state| report_search(&bar, 0, state);
    let made = generate_with_progress(&request, seed, &report);
    bar.finish_and_clear();
    let puzzle: Generated = made.map_err(|error| CliError::Generate {
        context: format!("the puzzle (seed {seed})"),
        error,
    })?;
    let about = format!(
        "new {} puzzle, level {} (score {:.1}), seed {seed}: --seed {seed} makes it again",
        puzzle.geometry.describe(),
        puzzle.rating.level.name(),
        puzzle.rating.rounded_score()
    );
    Ok(Playable {
        level: puzzle.rating.level.name(),
        score: puzzle.rating.rounded_score(),
        seed,
        about,
        geometry: puzzle.geometry,
        givens: puzzle.givens,
        solution: puzzle.solution,
    })
}

fn request(args: &PlayArgs) -> Result<Request, CliError> {
    let options = &args.options;
    if options.cages.is_some() {
        return Err(CliError::Input(
            "--cages reads the cages of a given puzzle: give the puzzle too".into(),
        ));
    }
    if options.format.is_some() {
        return Err(CliError::Input(
            "--format reads a puzzle; give one, or leave --format out".into(),
        ));
    }
    let regions = options.region_map()?;
    let size = options
        .size
        .or(regions.as_ref().map(|r| r.size()))
        .unwrap_or(9);
    let mut request = Request::new(options.variant()?, size);
    request.box_shape = options.box_shape()?;
    request.regions = regions;
    if let Some(level) = &args.difficulty {
        let level: Level = level.parse().map_err(CliError::input)?;
        request.target = Target::Level(level);
    }
    request.check().map_err(CliError::request)?;
    Ok(request)
}

/// A seed from the clock, for a different puzzle each run.
fn fresh_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    // Keep it short enough to type back.
    (nanos % 1_000_000_000) as u64
}
