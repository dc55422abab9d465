//! Publishing a book, the end of the pipeline and the one place that runs all of it: a spec
//! file → checked plan (with the layout's checks) → puzzles (`book`) → laid-out, drawn and
//! encoded pages (`layout`, `render`, [`assemble`]) → the book folder, written atomically and
//! recovered after a crash ([`output`]).

pub mod assemble;
pub mod output;

use std::path::Path;

use crate::book::library::{draw, uses_of};
use crate::book::{BookError, BookPuzzle, DrawError, generate_with};
use crate::dates::Date;
use crate::fonts::{FontError, FontSet};
use crate::layout::book::lay_out;
use crate::layout::kdp::Preflight;
use crate::spec::{self, BookPlan, SpecError};
use assemble::assemble_into;
use output::{OutputError, Staging};
use sudoku_library::{Access, BookUse, Library};

/// Why a book was not built. The old book, if any, is untouched in every case.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Font(#[from] FontError),
    #[error(transparent)]
    Generate(#[from] BookError),
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error("library: {0}")]
    Library(#[from] DrawError),
    #[error("{}, so it is not written: {}", .0.breaks(), .0.failures().join("; "))]
    Preflight(Preflight),
    #[error(transparent)]
    Print(#[from] crate::print::PrintError),
}

/// Reads a spec, settles the layouts it left to the page, and runs every check that needs no
/// puzzle (the spec's own, then whether its grids fit the page layouts).
pub fn load_plan(path: &Path) -> Result<BookPlan, SpecError> {
    let mut plan = spec::load(path)?;
    crate::layout::settle_layouts(&mut plan);
    crate::layout::check_plan(&plan)?;
    Ok(plan)
}

/// A built book.
#[derive(Debug)]
pub struct Built {
    /// Its puzzles, in book order.
    pub puzzles: Vec<BookPuzzle>,
    /// Its page count.
    pub pages: usize,
    /// Every print rule with pass or fail.
    pub preflight: Preflight,
    /// Things the user should know about it (such as a spine too thin for its text).
    pub notes: Vec<String>,
    /// What the book drew from and gave to its library, part of the summary (`None` without
    /// a library, or with `--check`).
    pub library: Option<String>,
}

/// What a build does with the finished book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Write the book folder (refusing a KDP book that fails the preflight).
    Write,
    /// Lay the book out and check it, writing nothing.
    Check,
}

/// Builds the book of a checked plan into the folder `out` on the current rayon pool, calling
/// `progress` with the number of puzzles made so far. The texts (the cover's too) and the
/// folder are checked (it must be new, empty or a book this tool wrote) before any puzzle is
/// made, and the folder is replaced only at the end. In [`Mode::Check`] nothing is written,
/// and the preflight is returned whatever it says.
pub fn build(
    plan: &BookPlan,
    out: &Path,
    mode: Mode,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Built, BuildError> {
    let fonts = FontSet::load(plan.font.as_deref(), plan.bold_font.as_deref())?;
    crate::layout::check_texts(plan, &fonts)?;
    crate::layout::check_cover(plan, &fonts)?;
    let staging = match mode {
        Mode::Write => Some(Staging::new(out)?),
        Mode::Check => None,
    };
    let access = match mode {
        Mode::Write => Access::Write,
        Mode::Check => Access::Read,
    };
    let mut library = match &plan.library {
        Some(spec) => Some(Library::open_as(&spec.path, access).map_err(DrawError::from)?),
        None => None,
    };
    let manifest = manifest_key(out);
    let drawn = match &library {
        Some(library) => draw(plan, library, &manifest)?,
        None => crate::book::Drawn::nothing(plan),
    };
    let puzzles = generate_with(plan, drawn, progress)?;
    let layout = lay_out(plan, &puzzles, &fonts);
    crate::layout::check_glyphs(plan, &layout, &fonts)?;
    let preflight = layout.preflight.clone();
    let Some(staging) = staging else {
        let pages = layout.pages.len();
        return Ok(Built {
            puzzles,
            pages,
            preflight,
            notes: Vec::new(),
            library: None,
        });
    };
    if (plan.page.kdp && !preflight.passed()) || !preflight.text_inside() {
        return Err(BuildError::Preflight(preflight));
    }
    let print = crate::print::PrintJob::of(plan)?;
    let assembled = assemble_into(plan, &puzzles, &fonts, &layout, &mut |name, contents| {
        staging.write_contents(name, contents)
    })?;
    if let Some(print) = &print {
        make_print_ready(print, &staging, plan.cover.is_some())?;
    }
    let mut notes = assembled.notes;
    let Some(library) = &mut library else {
        notes.extend(staging.commit()?);
        return Ok(Built {
            puzzles,
            pages: assembled.pages,
            preflight,
            notes,
            library: None,
        });
    };
    let (uses, made) = uses_of(&puzzles);
    let date = plan.library.as_ref().and_then(|l| l.date.clone());
    let date = date.unwrap_or_else(|| Date::today().to_string());
    let book = BookUse {
        book: &plan.title,
        seed: plan.seed,
        manifest: Some(&manifest),
        date: &date,
        uses: &uses,
        made: &made,
        reuse: plan.library.as_ref().is_some_and(|l| l.reuse),
    };
    // The uses are recorded before the book folder is swapped in, and undone when the swap
    // fails or a signal stops the build first: a book in place always has its uses recorded.
    let recorded = library.record_book(&book).map_err(DrawError::from)?;
    if let Some(spec) = &plan.library {
        let (path, recorded) = (spec.path.clone(), recorded.clone());
        staging.undo_on_signal(Box::new(move || {
            if let Ok(mut library) = Library::open_as(&path, Access::Write) {
                let _ = library.undo_book(&recorded);
            }
        }));
    }
    match staging.commit() {
        Ok(settled) => notes.extend(settled),
        Err(error) => {
            let _ = library.undo_book(&recorded);
            return Err(error.into());
        }
    }
    if let Err(error) = library.settle_book(&recorded) {
        notes.push(format!(
            "the earlier uses of this book stay recorded beside its new ones ({error}); the next build of it drops them"
        ));
    }
    Ok(Built {
        library: Some(library_note(&puzzles, &made, library.path())),
        puzzles,
        pages: assembled.pages,
        preflight,
        notes,
    })
}

/// Makes the staged PDFs print-ready, each checked from the bytes written.
fn make_print_ready(
    print: &crate::print::PrintJob,
    staging: &Staging,
    cover: bool,
) -> Result<(), BuildError> {
    let cover = cover.then_some(assemble::COVER_PDF);
    for name in std::iter::once(assemble::PDF).chain(cover) {
        let Some(role) = print.role_of(name) else {
            continue;
        };
        let bytes = staging.read(name)?;
        let made = print.make(&bytes, role)?;
        staging.write(name, &made)?;
    }
    Ok(())
}

/// The book's place in its library's uses: its manifest's absolute path (through the real
/// folders), so one book folder is named one way whatever the current folder.
fn manifest_key(out: &Path) -> String {
    let parent = match out.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = out.file_name().map_or_else(
        || std::ffi::OsString::from("."),
        std::ffi::OsStr::to_os_string,
    );
    let folder = std::fs::canonicalize(parent)
        .or_else(|_| std::path::absolute(parent))
        .unwrap_or_else(|_| parent.to_path_buf());
    folder
        .join(name)
        .join(output::MANIFEST)
        .display()
        .to_string()
}

/// What the book took from and gave to its library.
fn library_note(puzzles: &[BookPuzzle], made: &[sudoku_library::Entry], path: &str) -> String {
    use crate::book::Origin;
    let count = |origin| puzzles.iter().filter(|p| p.origin == origin).count();
    let kept = match count(Origin::Kept) {
        0 => String::new(),
        n => format!(", {n} made by an earlier build of this book"),
    };
    format!(
        "library {path}: {} drawn{kept}, {} made and added; all {} recorded as this book's",
        crate::grid::text::counted(count(Origin::Drawn), "puzzle"),
        made.len(),
        puzzles.len()
    )
}
