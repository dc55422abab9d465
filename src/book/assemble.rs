//! Putting a book together once its puzzles exist: lay out the pages, draw each into a scene,
//! and turn the scenes into the book's files — `book.pdf`, `pages/page-NNN.svg`, `book.json`.

use super::BookPuzzle;
use super::manifest;
use crate::fonts::FontSet;
use crate::layout::book::lay_out;
use crate::render::page::{PageStyle, page_scene};
use crate::render::pdf::{DocumentInfo, TrimBox, to_pdf};
use crate::render::scene::Scene;
use crate::render::svg::to_svg_with_family;
use crate::spec::BookPlan;

/// The finished files of a book, by path relative to the book folder, in writing order.
#[derive(Debug, Clone)]
pub struct BookFiles {
    pub files: Vec<(String, Vec<u8>)>,
    /// Pages in the book.
    pub pages: usize,
}

/// Lays out, draws and encodes the book.
pub fn assemble(plan: &BookPlan, puzzles: &[BookPuzzle], fonts: &FontSet) -> BookFiles {
    let layout = lay_out(plan, puzzles, fonts);
    let look = PageStyle {
        page: &plan.page,
        style: &plan.style,
        cap_height: fonts.bold.cap_height,
    };
    let scenes: Vec<Scene> = layout
        .pages
        .iter()
        .map(|page| page_scene(page, puzzles, &look))
        .collect();
    let trims: Vec<TrimBox> = layout
        .pages
        .iter()
        .map(|page| trim_box(plan, page.number))
        .collect();
    let info = DocumentInfo {
        title: plan.title.clone(),
        author: plan.author.clone().unwrap_or_default(),
    };
    let family = svg_family(fonts);
    let mut files = vec![(
        "book.pdf".to_string(),
        to_pdf(&scenes, &trims, fonts, &info),
    )];
    for (index, scene) in scenes.iter().enumerate() {
        let name = format!("pages/page-{:03}.svg", index + 1);
        files.push((name, to_svg_with_family(scene, &family).into_bytes()));
    }
    let json = manifest::to_json(plan, puzzles, &layout.placement);
    files.push(("book.json".to_string(), json.into_bytes()));
    BookFiles {
        files,
        pages: layout.pages.len(),
    }
}

fn trim_box(plan: &BookPlan, number: usize) -> TrimBox {
    plan.page.bleed.then(|| {
        let (x, y) = plan.page.trim_offset(number);
        (x, y, plan.page.width_mm, plan.page.height_mm)
    })
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
