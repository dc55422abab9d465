//! `book.json`: the manifest of every puzzle in the book — where it is printed, its givens and
//! solution, and its rating — in the format documented in DESIGN.md and README.md.

use serde::Serialize;

use super::BookPuzzle;
use crate::spec::BookPlan;

/// The manifest's top level.
#[derive(Debug, Serialize)]
pub struct Manifest<'a> {
    pub title: &'a str,
    pub seed: u64,
    /// The sudoku-book version that built the book.
    pub version: &'static str,
    pub pages: usize,
    pub sections: Vec<SectionEntry<'a>>,
    pub puzzles: Vec<PuzzleEntry<'a>>,
}

/// A section: its heading and the numbers of its puzzles.
#[derive(Debug, Serialize)]
pub struct SectionEntry<'a> {
    pub title: &'a str,
    pub first: usize,
    pub last: usize,
    pub page: usize,
}

/// One puzzle.
#[derive(Debug, Serialize)]
pub struct PuzzleEntry<'a> {
    pub id: usize,
    /// The section, from 1.
    pub section: usize,
    pub variant: String,
    pub size: usize,
    #[serde(rename = "box")]
    pub box_shape: Option<[usize; 2]>,
    pub regions: Option<&'a [u8]>,
    pub givens: &'a [u8],
    pub solution: &'a [u8],
    pub level: &'static str,
    pub score: f64,
    pub techniques: Vec<&'static str>,
    pub seed: u64,
    pub page: usize,
    pub answer_page: Option<usize>,
}

/// Where things were printed, from the layout.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Placement {
    /// Page count of the book.
    pub pages: usize,
    /// The page of each puzzle, in book order.
    pub puzzle_pages: Vec<usize>,
    /// The answer page of each puzzle, in book order (`None` without answers).
    pub answer_pages: Vec<Option<usize>>,
    /// The first page of each section.
    pub section_pages: Vec<usize>,
}

/// The manifest as pretty-printed JSON with a final newline.
pub fn to_json(plan: &BookPlan, puzzles: &[BookPuzzle], placed: &Placement) -> String {
    let manifest = Manifest {
        title: &plan.title,
        seed: plan.seed,
        version: env!("CARGO_PKG_VERSION"),
        pages: placed.pages,
        sections: sections(plan, puzzles, placed),
        puzzles: puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| entry(p, placed.puzzle_pages[i], placed.answer_pages[i]))
            .collect(),
    };
    // Serialising plain structs of strings and numbers cannot fail.
    serde_json::to_string_pretty(&manifest).unwrap_or_default() + "\n"
}

fn sections<'a>(
    plan: &'a BookPlan,
    puzzles: &[BookPuzzle],
    placed: &Placement,
) -> Vec<SectionEntry<'a>> {
    plan.sections
        .iter()
        .enumerate()
        .map(|(index, section)| {
            let numbers = puzzles.iter().filter(|p| p.section == index);
            let first = numbers.clone().map(|p| p.number).min().unwrap_or(0);
            let last = numbers.map(|p| p.number).max().unwrap_or(0);
            SectionEntry {
                title: &section.title,
                first,
                last,
                page: placed.section_pages[index],
            }
        })
        .collect()
}

fn entry(p: &BookPuzzle, page: usize, answer_page: Option<usize>) -> PuzzleEntry<'_> {
    let generated = &p.puzzle;
    let geo = &generated.geometry;
    PuzzleEntry {
        id: p.number,
        section: p.section + 1,
        variant: geo.variant().name(),
        size: geo.size(),
        box_shape: geo.box_shape().map(|b| [b.rows, b.cols]),
        regions: geo.regions().map(|r| r.ids()),
        givens: generated.givens.cells(),
        solution: generated.solution.cells(),
        level: generated.rating.level.name(),
        score: generated.rating.rounded_score(),
        techniques: generated
            .rating
            .techniques_in_order()
            .into_iter()
            .map(|(name, _)| name)
            .collect(),
        seed: generated.seed,
        page,
        answer_page,
    }
}
