//! Putting a book together once its puzzles exist: lay out the pages, draw each into a scene,
//! and turn the scenes into the book's files — `book.pdf`, `pages/page-NNN.svg`, `book.json`.

use rayon::prelude::*;

use super::output::{MANIFEST, page_file};
use crate::book::{BookPuzzle, manifest};
use crate::fonts::FontSet;
use crate::layout::book::{BookLayout, Page, lay_out};
use crate::render::page::page_scene;
use crate::render::pdf::{DocumentInfo, DrawnPage, PdfBuilder, TrimBox};
use crate::render::svg::to_svg_with_family;
use crate::spec::BookPlan;

/// The finished files of a book, by path relative to the book folder, in writing order.
#[derive(Debug, Clone)]
pub struct BookFiles {
    pub files: Vec<(String, Vec<u8>)>,
    /// Pages in the book.
    pub pages: usize,
}

/// Receives each finished file: its path in the book folder and its bytes.
pub type FileSink<'a, E> = dyn FnMut(&str, Vec<u8>) -> Result<(), E> + 'a;

/// Lays out, draws and encodes the book, keeping every file in memory.
pub fn assemble(plan: &BookPlan, puzzles: &[BookPuzzle], fonts: &FontSet) -> BookFiles {
    let mut files = Vec::new();
    let layout = lay_out(plan, puzzles, fonts);
    let pages = assemble_into(plan, puzzles, fonts, &layout, &mut |name, bytes| {
        files.push((name.to_string(), bytes));
        Ok::<(), std::convert::Infallible>(())
    });
    BookFiles {
        files,
        pages: pages.unwrap_or_else(|never| match never {}),
    }
}

/// Draws and encodes the laid-out book, handing each file to `write` as soon as it is ready
/// (the SVG pages in order, then `book.pdf`, then `book.json`); returns the page count.
pub fn assemble_into<E>(
    plan: &BookPlan,
    puzzles: &[BookPuzzle],
    fonts: &FontSet,
    layout: &BookLayout,
    write: &mut FileSink<'_, E>,
) -> Result<usize, E> {
    let info = DocumentInfo {
        title: plan.title.clone(),
        author: plan.author.clone().unwrap_or_default(),
    };
    let family = svg_family(fonts);
    let mut pdf = PdfBuilder::new(fonts, &info);
    // Pages are drawn in parallel (on the current rayon pool) and written in order.
    let drawn: Vec<(Vec<u8>, DrawnPage)> = layout
        .pages
        .par_iter()
        .map(|page| {
            let scene = page_scene(page);
            let svg = to_svg_with_family(&scene, &family).into_bytes();
            (svg, pdf.draw(&scene, trim_box(page)))
        })
        .collect();
    for (page, (svg, drawn)) in layout.pages.iter().zip(drawn) {
        write(&page_file(page.number), svg)?;
        pdf.add(drawn);
    }
    write(PDF, pdf.finish())?;
    let files = book_files(layout.pages.len());
    let json = manifest::to_json(plan, puzzles, &layout.placement, &files);
    write(MANIFEST, json.into_bytes())?;
    Ok(layout.pages.len())
}

fn trim_box(page: &Page) -> TrimBox {
    page.sheet.trim.map(|t| (t.x, t.y, t.w, t.h))
}

/// The book's PDF.
pub const PDF: &str = "book.pdf";

/// Every file of a book of `pages` pages, as its manifest lists them.
pub fn book_files(pages: usize) -> Vec<String> {
    let mut files: Vec<String> = (1..=pages).map(page_file).collect();
    files.push(PDF.to_string());
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
