//! Putting a book together once its puzzles exist: lay out the pages, draw each into a scene,
//! and turn the scenes into the book's files — `book.pdf`, `pages/page-NNN.svg`, `book.json`,
//! `book.html` (the playable edition), and, when the spec has a `[cover]`, `cover.pdf` and
//! `cover.svg` (its own one-page document).

use std::io::{self, Write};

use rayon::prelude::*;

use super::output::{MANIFEST, page_file};
use crate::book::{BookPuzzle, manifest};
use crate::fonts::FontSet;
use crate::layout::book::{BookLayout, Page, lay_out};
use crate::layout::cover::lay_out_cover;
use crate::render::page::page_scene;
use crate::render::pdf::{DocumentInfo, DocumentNames, DrawnPage, PdfBuilder, TrimBox};
use crate::render::play::{self, PlayBook, PlayPuzzle};
use crate::render::svg::to_svg_with_family;
use crate::spec::BookPlan;

/// The finished files of a book, by path relative to the book folder, in writing order.
#[derive(Debug, Clone)]
pub struct BookFiles {
    pub files: Vec<(String, Vec<u8>)>,
    /// Pages in the book.
    pub pages: usize,
    /// Things the user should know (such as a spine too thin for its text).
    pub notes: Vec<String>,
}

/// What assembling a book reports besides its files.
#[derive(Debug, Clone, Default)]
pub struct Assembled {
    /// Pages in the book.
    pub pages: usize,
    /// Things the user should know (such as a spine too thin for its text).
    pub notes: Vec<String>,
}

/// A finished file's contents: its bytes, or a writer that streams them (a big book's
/// `book.html` and `book.json` are never held whole).
pub enum Contents<'a> {
    Bytes(Vec<u8>),
    Streamed(Stream<'a>),
}

/// Writes a file's contents to the writer it is given.
pub type Stream<'a> = Box<dyn FnOnce(&mut dyn Write) -> io::Result<()> + 'a>;

impl Contents<'_> {
    /// Writes the contents to `out`.
    pub fn write_to(self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            Contents::Bytes(bytes) => out.write_all(&bytes),
            Contents::Streamed(stream) => stream(out),
        }
    }

    /// The contents in memory.
    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            Contents::Bytes(bytes) => bytes,
            Contents::Streamed(stream) => {
                let mut bytes = Vec::new();
                // Writing into memory cannot fail.
                let _ = stream(&mut bytes);
                bytes
            }
        }
    }
}

/// Receives each finished file: its path in the book folder and its contents.
pub type FileSink<'a, E> = dyn FnMut(&str, Contents<'_>) -> Result<(), E> + 'a;

/// Lays out, draws and encodes the book, keeping every file in memory.
pub fn assemble(plan: &BookPlan, puzzles: &[BookPuzzle], fonts: &FontSet) -> BookFiles {
    let mut files = Vec::new();
    let layout = lay_out(plan, puzzles, fonts);
    let assembled = assemble_into(plan, puzzles, fonts, &layout, &mut |name, contents| {
        files.push((name.to_string(), contents.into_bytes()));
        Ok::<(), std::convert::Infallible>(())
    });
    let Assembled { pages, notes } = assembled.unwrap_or_else(|never| match never {});
    BookFiles {
        files,
        pages,
        notes,
    }
}

/// Draws and encodes the laid-out book, handing each file to `write` as soon as it is ready
/// (the SVG pages in order, then `book.pdf`, the cover's files, `book.html`, then `book.json`); returns the
/// page count and the notes.
pub fn assemble_into<E>(
    plan: &BookPlan,
    puzzles: &[BookPuzzle],
    fonts: &FontSet,
    layout: &BookLayout,
    write: &mut FileSink<'_, E>,
) -> Result<Assembled, E> {
    let info = DocumentInfo {
        title: plan.title.clone(),
        author: plan.author.clone().unwrap_or_default(),
        date: plan.date(),
    };
    let family = svg_family(fonts);
    // The book's names and the cover's, drawn as writing them one after the other would.
    let mut names = DocumentNames::draw(if plan.cover.is_some() { 2 } else { 1 }).into_iter();
    let mut pdf = match names.next() {
        Some(book) => PdfBuilder::named(fonts, &info, book),
        None => PdfBuilder::new(fonts, &info),
    };
    // Pages are drawn in batches, in parallel inside a batch (on the current rayon pool), and
    // written in order: while a batch is written and added to the PDF (on this thread), the
    // next is drawn (on the others), so two batches of pages are held at most.
    let drawer = pdf.drawer();
    let draw = |batch: &[Page]| -> Vec<DrawnBoth> {
        batch
            .par_iter()
            .map(|page| {
                let scene = page_scene(page);
                let svg = to_svg_with_family(&scene, &family).into_bytes();
                (svg, drawer.draw(&scene, trim_box(page)))
            })
            .collect()
    };
    let mut drawn: Option<(&[Page], Vec<DrawnBoth>)> = None;
    for batch in layout.pages.chunks(PAGE_BATCH).map(Some).chain([None]) {
        let mut next = None;
        let mut written = Ok(());
        rayon::in_place_scope(|scope| {
            if let Some(batch) = batch {
                let (next, draw) = (&mut next, &draw);
                scope.spawn(move |_| *next = Some((batch, draw(batch))));
            }
            if let Some((pages, drawn)) = drawn.take() {
                written = add_pages(pages, drawn, &mut pdf, write);
            }
        });
        written?;
        drawn = next;
    }
    write(
        PDF,
        Contents::Streamed(Box::new(|out| pdf.finish_into(out))),
    )?;
    let pages = layout.pages.len();
    let notes = write_cover(plan, (puzzles, pages), fonts, (&info, names.next()), write)?;
    let page = |out: &mut dyn Write| write_play_page(plan, puzzles, out);
    write(HTML, Contents::Streamed(Box::new(page)))?;
    let files = book_files(pages, plan.cover.is_some());
    let json =
        |out: &mut dyn Write| manifest::write_json(plan, puzzles, &layout.placement, &files, out);
    write(MANIFEST, Contents::Streamed(Box::new(json)))?;
    Ok(Assembled { pages, notes })
}

/// A page drawn: its SVG text and its PDF operations.
type DrawnBoth = (Vec<u8>, DrawnPage);

/// Writes a drawn batch's SVG pages and adds them to the PDF, in order.
fn add_pages<E>(
    pages: &[Page],
    drawn: Vec<DrawnBoth>,
    pdf: &mut PdfBuilder<'_>,
    write: &mut FileSink<'_, E>,
) -> Result<(), E> {
    for (page, (svg, drawn)) in pages.iter().zip(drawn) {
        write(&page_file(page.number), Contents::Bytes(svg))?;
        pdf.add(drawn);
    }
    release_freed_memory();
    Ok(())
}

/// Lays out, draws and writes the cover of a book of `pages` pages, if the spec has one;
/// returns its notes. (Text that does not fit was refused by the spec check; here it is set at
/// 7 pt.)
fn write_cover<E>(
    plan: &BookPlan,
    (puzzles, pages): (&[BookPuzzle], usize),
    fonts: &FontSet,
    (info, names): (&DocumentInfo, Option<DocumentNames>),
    write: &mut FileSink<'_, E>,
) -> Result<Vec<String>, E> {
    let Some(cover) = &plan.cover else {
        return Ok(Vec::new());
    };
    let made = crate::book::cover::cover_puzzles(plan, puzzles);
    let facts = crate::layout::cover::CoverFacts::of_book(plan, puzzles, &made);
    let layout = lay_out_cover(plan, cover, pages, fonts, &facts);
    let scene = page_scene(&layout.page);
    let svg = to_svg_with_family(&scene, &svg_family(fonts)).into_bytes();
    write(COVER_SVG, Contents::Bytes(svg))?;
    let mut pdf = match names {
        Some(names) => PdfBuilder::named(fonts, info, names),
        None => PdfBuilder::new(fonts, info),
    };
    let drawn = pdf.draw(&scene, trim_box(&layout.page));
    pdf.add(drawn);
    write(COVER_PDF, Contents::Bytes(pdf.finish()))?;
    Ok(layout.notes)
}

/// The playable edition of the book: every puzzle, with its section heading, in book order.
pub fn play_page(plan: &BookPlan, puzzles: &[BookPuzzle]) -> String {
    play::page(&play_book(plan, puzzles))
}

/// Writes the playable edition to `out` as it is made.
fn write_play_page(plan: &BookPlan, puzzles: &[BookPuzzle], out: &mut dyn Write) -> io::Result<()> {
    play::write_page(&play_book(plan, puzzles), out)
}

fn play_book<'a>(plan: &BookPlan, puzzles: &'a [BookPuzzle]) -> PlayBook<'a> {
    PlayBook {
        title: plan.title.clone(),
        seed: plan.seed,
        puzzles: puzzles
            .iter()
            .map(|p| PlayPuzzle {
                id: p.number,
                section: plan.sections[p.section].title.clone(),
                geometry: &p.puzzle.geometry,
                givens: &p.puzzle.givens,
                solution: &p.puzzle.solution,
                level: p.puzzle.rating.level.name(),
                score: p.puzzle.rating.rounded_score(),
                symbols: plan.sections[p.section].symbols,
            })
            .collect(),
        words: play::words_table(&plan.strings),
        language: plan.strings.language(),
        texts: plan.strings.page_words(),
        variants: variant_names(plan, puzzles),
    }
}

/// The book's names of the variants its puzzles are of, for the page (none in English).
fn variant_names(
    plan: &BookPlan,
    puzzles: &[BookPuzzle],
) -> std::collections::BTreeMap<String, String> {
    if plan.strings.language() == "en" {
        return Default::default();
    }
    let mut names = std::collections::BTreeMap::new();
    for puzzle in puzzles {
        let variant = puzzle.puzzle.geometry.variant();
        names
            .entry(variant.name())
            .or_insert_with(|| plan.strings.variant(variant));
    }
    names
}

fn trim_box(page: &Page) -> TrimBox {
    page.sheet.trim.map(|t| (t.x, t.y, t.w, t.h))
}

/// Hands the memory a finished batch freed back to the system: the batch's many small
/// allocations sit among the few the book keeps (each page's encoded content), and the
/// allocator would otherwise keep the freed pages (mixed-10000 with two jobs: 171 MB resident
/// at peak without it, 159 MB with it, measured 2026-11-25).
fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory of the allocator to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Pages drawn at once: enough to keep every core busy, few enough that the drawn pages of a
/// batch (their SVG text and PDF operations) stay a few megabytes.
const PAGE_BATCH: usize = 32;

/// The book's PDF.
pub const PDF: &str = "book.pdf";

/// The playable edition (one self-contained HTML page).
pub const HTML: &str = "book.html";

/// The cover's PDF (the full wrap: back, spine and front on one page).
pub const COVER_PDF: &str = "cover.pdf";
/// The cover as SVG.
pub const COVER_SVG: &str = "cover.svg";

/// Every file of a book of `pages` pages (with its cover's, when it has one), as its manifest
/// lists them.
pub fn book_files(pages: usize, cover: bool) -> Vec<String> {
    let mut files: Vec<String> = (1..=pages).map(page_file).collect();
    files.push(PDF.to_string());
    files.push(HTML.to_string());
    if cover {
        files.extend([COVER_PDF.to_string(), COVER_SVG.to_string()]);
    }
    files.push(MANIFEST.to_string());
    files
}

/// The font families the SVG pages ask for: the book's font first, then common fallbacks.
fn svg_family(fonts: &FontSet) -> String {
    let fallbacks = "Noto Sans, DejaVu Sans, Arial, sans-serif";
    let family = &fonts.regular.family;
    if fallbacks.starts_with(family.as_str()) {
        fallbacks.to_string()
    } else {
        format!("{family}, {fallbacks}")
    }
}
