//! What a cover says about its book, gathered once: how many puzzles, which levels and variants,
//! whether the answers and large print are in it, and a puzzle of each section to draw. Before
//! any puzzle is made (the spec check) it holds the worst case for the texts — every level —
//! and empty grids of the sections' shapes, so a text that fits then fits the finished book.

use crate::book::BookPuzzle;
use crate::book::cover::CoverPuzzles;
use crate::grid::{Geometry, Grid, Variant};
use crate::logic::Level;
use crate::spec::BookPlan;

/// The fewest different puzzles a cover is given to draw, when the book has them.
const SAMPLES: usize = 4;

/// A puzzle of the book, drawn on the cover.
#[derive(Debug, Clone)]
pub struct Sample {
    pub geometry: Geometry,
    pub givens: Grid,
    /// Its solution (none for the spec check's empty grids).
    pub solution: Option<Grid>,
    /// What its values print as (its section's symbols).
    pub symbols: crate::symbols::SymbolSet,
}

/// The facts a cover shows.
#[derive(Debug, Clone)]
pub struct CoverFacts {
    pub count: usize,
    /// The levels of the book's puzzles, easiest first.
    pub levels: Vec<Level>,
    /// The names of its kinds of grid (`Classic`, `Jigsaw 6×6`), in book order.
    pub variants: Vec<String>,
    /// Puzzles made for the cover, of the first sections' shapes, up to four (else the first
    /// puzzle of each section, then the next ones): the front's artwork.
    pub samples: Vec<Sample>,
    /// The back's "try this one": a puzzle made for it, easy where the shape allows (else an
    /// easiest puzzle of the book that the front does not show).
    pub back_sample: Sample,
    pub answers: bool,
    pub large_print: bool,
}

impl CoverFacts {
    /// The facts of a finished book, with the puzzles made for its cover
    /// ([`crate::book::cover::cover_puzzles`]): those are drawn, the book's only where one
    /// could not be made.
    pub fn of_book(plan: &BookPlan, puzzles: &[BookPuzzle], cover: &CoverPuzzles) -> CoverFacts {
        let mut levels: Vec<Level> = puzzles.iter().map(|p| p.puzzle.rating.level).collect();
        levels.sort();
        levels.dedup();
        // The first puzzle of each section, then the next ones of the book, up to four
        // different puzzles (the mosaic's cards).
        let firsts = (0..plan.sections.len())
            .filter_map(|index| puzzles.iter().position(|p| p.section == index));
        let mut chosen: Vec<usize> = firsts.collect();
        for index in 0..puzzles.len() {
            if chosen.len() >= SAMPLES {
                break;
            }
            if !chosen.contains(&index) {
                chosen.push(index);
            }
        }
        let sample_of = |index: usize| {
            let puzzle = &puzzles[index].puzzle;
            Sample {
                geometry: puzzle.geometry.clone(),
                givens: puzzle.givens.clone(),
                solution: Some(puzzle.solution.clone()),
                symbols: puzzles[index].symbols(plan),
            }
        };
        let back = (0..puzzles.len())
            .filter(|index| !chosen.contains(index))
            .min_by_key(|&index| puzzles[index].puzzle.rating.level)
            .or_else(|| chosen.last().copied());
        let made = |p: &BookPuzzle| Sample {
            geometry: p.puzzle.geometry.clone(),
            givens: p.puzzle.givens.clone(),
            solution: Some(p.puzzle.solution.clone()),
            symbols: p.symbols(plan),
        };
        let mut samples: Vec<Sample> = match cover.front.len() {
            0 => chosen.iter().map(|&index| sample_of(index)).collect(),
            _ => cover.front.iter().map(made).collect(),
        };
        if samples.is_empty() {
            samples = placeholders(plan);
        }
        let back_sample = match &cover.back {
            Some(p) => made(p),
            None => back.map_or_else(|| samples[0].clone(), sample_of),
        };
        CoverFacts {
            count: puzzles.len(),
            levels,
            variants: variants(plan),
            samples,
            back_sample,
            answers: plan.answers.is_some(),
            large_print: plan.style.large_print,
        }
    }

    /// The facts before any puzzle is made, for the spec check: every level (the longest
    /// levels line) and empty grids.
    pub fn placeholder(plan: &BookPlan) -> CoverFacts {
        let samples = placeholders(plan);
        CoverFacts {
            count: plan.sections.iter().map(|s| s.count).sum(),
            levels: Level::ALL.to_vec(),
            variants: variants(plan),
            back_sample: samples[0].clone(),
            samples,
            answers: plan.answers.is_some(),
            large_print: plan.style.large_print,
        }
    }
}

/// The distinct variant names of the sections, in order.
fn variants(plan: &BookPlan) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for section in &plan.sections {
        let name = plan
            .strings
            .variant_title(section.request.variant, section.request.size);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// An empty grid of each section's shape (a classic one where the shape needs a layout or cages
/// that only generation makes); never empty (a classic 9×9 when no section has a shape).
fn placeholders(plan: &BookPlan) -> Vec<Sample> {
    let mut samples: Vec<Sample> = plan
        .sections
        .iter()
        .filter_map(|section| {
            let request = &section.request;
            let geometry = Geometry::new(request.size, request.variant, request.box_shape, None)
                .or_else(|_| Geometry::new(request.size, Variant::CLASSIC, None, None))
                .ok()?;
            let givens = geometry.empty_grid();
            Some(Sample {
                geometry,
                givens,
                solution: None,
                symbols: section.symbols.set,
            })
        })
        .collect();
    if samples.is_empty()
        && let Ok(geometry) = Geometry::classic(9)
    {
        let givens = geometry.empty_grid();
        samples.push(Sample {
            geometry,
            givens,
            solution: None,
            symbols: crate::symbols::SymbolSet::Digits,
        });
    }
    samples
}
