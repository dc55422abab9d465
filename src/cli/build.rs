//! `sudoku-book build [SPEC]`: reads a book spec, generates its puzzles on worker threads (with
//! a progress bar on a terminal), lays out and draws the book, and writes the book folder
//! atomically.

use std::path::{Path, PathBuf};

use clap::Args;

use super::error::{CliError, CliResult, EXIT_NO, EXIT_OK};
use super::progress::Heartbeat;
use sudoku_book::book::{BookPuzzle, puzzle_count};
use sudoku_book::generate::givens_shortfall;
use sudoku_book::grid::text::counted;
use sudoku_book::publish::{self, Built, Mode};
use sudoku_book::spec::{BookPlan, Standard};
use sudoku_book::workers;

/// The longest folder name made from a title (file systems allow 255 bytes).
const MAX_SLUG: usize = 60;

/// Arguments of `build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The book spec
    #[arg(value_name = "SPEC", default_value = "config/book.toml")]
    pub spec: PathBuf,
    /// The book folder to write (default: output/<book-title-slug>)
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Worker threads (default: all cores); never changes the output
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Print nothing on success
    #[arg(short, long)]
    pub quiet: bool,
    /// Check the book against the print rules (KDP's for KDP trims) and print the preflight,
    /// writing nothing; exit 1 when a rule fails
    #[arg(long)]
    pub check: bool,
    /// The print standard of the PDFs, over the spec's `[print] standard`: pdf/x-1a, pdf/x-4
    /// or none
    #[arg(long, value_name = "STANDARD", value_parser = parse_standard)]
    pub print: Option<Standard>,
}

/// `--print`'s value.
fn parse_standard(text: &str) -> Result<Standard, String> {
    Standard::parse(text).ok_or_else(|| {
        format!(
            "unknown print standard {text:?}: use {}",
            Standard::NAMES.join(", ")
        )
    })
}

/// Runs `build`.
pub fn run(args: &BuildArgs) -> CliResult {
    let mut plan = publish::load_plan(&args.spec)?;
    plan.source_date = source_date_epoch()?;
    if let Some(standard) = args.print {
        plan.print.standard = standard;
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| Path::new("output").join(slug(&plan.title)));
    let pool = workers::pool(args.jobs)?;
    let bar = Heartbeat::start(puzzle_count(&plan), args.quiet);
    let mode = if args.check { Mode::Check } else { Mode::Write };
    if mode == Mode::Write {
        super::signals::remove_staging_on_signals();
    }
    let built = pool.install(|| publish::build(&plan, &out, mode, &|done| bar.set(done)));
    bar.finish();
    let Built {
        puzzles,
        pages,
        preflight,
        notes,
        library,
    } = built?;
    let repeats = repeats_note(&puzzles, plan.library.is_some());
    for note in givens_notes(&plan, &puzzles)
        .into_iter()
        .chain(repeats)
        .chain(no_id_note(&puzzles))
        .chain(colour_note(&plan))
        .chain(padding_note(&plan, preflight.notes_pages))
        .chain(notes)
    {
        super::sink::say(&format!(
            "sudoku-book: note: {}",
            sudoku_book::grid::text::escape_controls(&note)
        ));
    }
    if args.check {
        super::sink::print(&preflight.to_string())?;
        return Ok(if preflight.passed() { EXIT_OK } else { EXIT_NO });
    }
    if !args.quiet {
        super::sink::print(&(summary(&plan, &out, puzzles.len(), pages) + "\n"))?;
        if let Some(library) = library {
            super::sink::print(&(library + "\n"))?;
        }
        if plan.page.kdp {
            super::sink::print(&preflight.to_string())?;
        }
        if let Some(line) = print_line(&plan) {
            super::sink::print(&line)?;
        }
    }
    Ok(EXIT_OK)
}

/// What a PDF/X book's files passed (the build refuses a file that fails): the standard, the
/// condition its CMYK is for, the ink limit.
fn print_line(plan: &BookPlan) -> Option<String> {
    use sudoku_book::print::colour::Condition;
    let print = &plan.print;
    if !print.is_pdfx() {
        return None;
    }
    let condition = Condition::for_standard(print.standard);
    let colour = plan
        .cover
        .as_ref()
        .is_some_and(|c| c.paper == sudoku_book::spec::Paper::Color);
    let interior = if colour {
        "book.pdf (CMYK)"
    } else {
        "book.pdf (grey)"
    };
    let files = match plan.cover {
        Some(_) => format!("{interior} and cover.pdf (CMYK)"),
        None => interior.to_string(),
    };
    let printer = print
        .printer
        .map(|p| format!(" for {}", p.name()))
        .unwrap_or_default();
    Some(format!(
        "PDF/X preflight{printer}:\n  pass  {} {files}, {} at most {} % ink, read back from the files\n",
        print.standard.name(),
        condition.identifier(),
        print.ink_limit
    ))
}

/// The reproducible-builds convention's fixed time, when `SOURCE_DATE_EPOCH` is set: whole
/// seconds since 1970 up to the end of year 9999; anything else is refused.
fn source_date_epoch() -> Result<Option<i64>, CliError> {
    const LAST: i64 = 253_402_300_799; // 9999-12-31 23:59:59
    let Some(value) = std::env::var_os("SOURCE_DATE_EPOCH") else {
        return Ok(None);
    };
    let text = value.to_string_lossy();
    let digits = !text.is_empty() && text.len() <= 12 && text.bytes().all(|b| b.is_ascii_digit());
    match text.parse::<i64>() {
        Ok(seconds) if digits && seconds <= LAST => Ok(Some(seconds)),
        _ => Err(CliError::input(format!(
            "SOURCE_DATE_EPOCH: '{}' is not a time: use whole seconds since 1970-01-01 (0 to {LAST})",
            sudoku_book::grid::text::escape_controls(&text.chars().take(40).collect::<String>())
        ))),
    }
}

/// How many puzzles were made again because they repeated one the book (or its `exclude`
/// lists) already had, when any were.
fn repeats_note(puzzles: &[BookPuzzle], library: bool) -> Option<String> {
    let repeats: usize = puzzles.iter().map(|p| p.repeats).sum();
    let places = puzzles.iter().filter(|p| p.repeats > 0).count();
    (repeats > 0).then(|| {
        format!(
            "{} repeated a puzzle already in the book{}: {} made again",
            counted(repeats, "puzzle"),
            if library {
                ", its exclude lists or used by another book of its library"
            } else {
                " or its exclude lists"
            },
            counted(places, "place"),
        )
    })
}

/// A book printing colours: they need colour ink, which KDP calls premium colour (and prices
/// as such); in black ink each colour prints as a grey with its own picture inside.
fn colour_note(plan: &BookPlan) -> Option<String> {
    use sudoku_book::spec::cover::Paper;
    use sudoku_book::symbols::SymbolSet;
    let coloured = plan
        .sections
        .iter()
        .filter(|s| s.symbols.set == SymbolSet::Colours)
        .count();
    let colour_paper = plan.cover.as_ref().is_some_and(|c| c.paper == Paper::Color);
    (coloured > 0 && !colour_paper).then(|| {
        let who = match coloured {
            1 => "1 section prints".to_string(),
            n => format!("{n} sections print"),
        };
        format!(
            "{who} colours: choose colour printing (on KDP, premium colour ink; `[cover] paper = \"color\"` sizes the spine for it), or in black ink each colour prints as a grey with its picture inside"
        )
    })
}

/// A KDP book padded to the minimum page count with Notes pages: how many, and about how many
/// more puzzles of the last section (with their answers) would fill those pages instead.
fn padding_note(plan: &BookPlan, notes_pages: usize) -> Option<String> {
    let last = plan.sections.last()?;
    if notes_pages == 0 {
        return None;
    }
    let answers = last
        .answers_layout
        .as_ref()
        .map_or(0.0, |a| 1.0 / a.slots() as f64);
    let pages_per_puzzle = 1.0 / last.layout.slots() as f64 + answers;
    let puzzles = (notes_pages as f64 / pages_per_puzzle).floor().max(1.0) as usize;
    Some(format!(
        "the book is shorter than KDP's {} pages, so {} fill it; about {puzzles} more {} in the last section (its `count`) would fill them instead",
        sudoku_book::layout::kdp::MIN_PAGES,
        counted(notes_pages, "ruled Notes page"),
        if puzzles == 1 { "puzzle" } else { "puzzles" },
    ))
}

/// How many puzzles have no canonical ID, and what that means, when any have none.
fn no_id_note(puzzles: &[BookPuzzle]) -> Option<String> {
    let without: Vec<&BookPuzzle> = puzzles.iter().filter(|p| p.id.is_empty()).collect();
    let first = without.first()?;
    Some(format!(
        "{} ({}): not checked for repeats, recorded in a library or listed by ID in book.json",
        counted(without.len(), "puzzle"),
        sudoku_book::grid::no_id_reason(&first.puzzle.geometry)
    ))
}

/// For each section with a `givens` target that some puzzles did not reach, one sentence.
fn givens_notes(plan: &BookPlan, puzzles: &[BookPuzzle]) -> Vec<String> {
    let sections = plan.sections.iter().enumerate();
    sections
        .filter_map(|(index, section)| {
            let givens: Vec<usize> = puzzles
                .iter()
                .filter(|p| p.section == index)
                .map(|p| p.puzzle.givens.filled_count())
                .collect();
            let note = givens_shortfall(section.request.givens, &givens)?;
            Some(format!(
                "section {} (\"{}\"): {note}",
                index + 1,
                section.title
            ))
        })
        .collect()
}

/// `wrote output/sudoku-for-every-day: 32 puzzles on 20 pages (book.pdf, pages/, book.json)`.
fn summary(plan: &BookPlan, out: &Path, puzzles: usize, pages: usize) -> String {
    let sections = plan.sections.len();
    let cover = if plan.cover.is_some() {
        ", cover.pdf, cover.svg"
    } else {
        ""
    };
    format!(
        "wrote {}: {} in {} on {} (book.pdf, pages/page-NNN.svg, book.json, book.html{cover})",
        out.display(),
        counted(puzzles, "puzzle"),
        counted(sections, "section"),
        counted(pages, "page"),
    )
}

/// A folder name from a title: lower-case letters and digits, other runs become one `-`; at
/// most [`MAX_SLUG`] characters.
pub fn slug(title: &str) -> String {
    let mut slug = String::new();
    for ch in title.chars().flat_map(char::to_lowercase) {
        if slug.len() >= MAX_SLUG {
            break;
        }
        if ch.is_ascii_alphanumeric() {
            slug.push(ch);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "book".to_string()
    } else {
        slug.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_SLUG, slug};

    #[test]
    fn slugs_are_plain_folder_names() {
        assert_eq!(slug("Sudoku for Every Day"), "sudoku-for-every-day");
        assert_eq!(slug("  Été: 9×9 — Vol. 2! "), "t-9-9-vol-2");
        assert_eq!(slug("***"), "book");
        assert_eq!(slug(&"a".repeat(300)).len(), MAX_SLUG);
    }
}
