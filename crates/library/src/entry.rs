//! One puzzle as a row of the library: built from the engine's geometry, givens, solution and
//! rating, with its canonical ID and where it came from.

use sudoku_engine::generate::{Generated, PuzzleRecord};
use sudoku_engine::grid::{Geometry, Grid, puzzle_id, puzzle_line};
use sudoku_engine::logic::Rating;

/// The rater and generator version stored with each puzzle (the engine's version).
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// A puzzle ready to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: String,
    /// The shape part of the ID (`classic9`, `killer9`, `samurai`…).
    pub shape: String,
    pub variant: String,
    pub size: usize,
    /// The JSON record, as `generate --output json` writes it (regions and cages included).
    pub record: String,
    /// Givens and solution as puzzle lines (with regions and cages: `puzzle|regions|cages`).
    pub givens: String,
    pub solution: String,
    pub level: String,
    pub score: f64,
    /// The technique names, easiest first, as a JSON list.
    pub techniques: String,
    pub rater_version: String,
    /// The generator's version and seed, for generated puzzles.
    pub generator_version: Option<String>,
    pub seed: Option<u64>,
    /// `generated`, or the file and line it was imported from (`sets/hard.csv:1204`).
    pub source: String,
}

impl Entry {
    /// A generated puzzle.
    pub fn generated(puzzle: &Generated) -> Option<Entry> {
        let mut entry = Entry::of(
            &puzzle.geometry,
            &puzzle.givens,
            &puzzle.solution,
            &puzzle.rating,
            "generated",
        )?;
        entry.generator_version = Some(ENGINE_VERSION.to_string());
        entry.seed = Some(puzzle.seed);
        entry.record = serde_json::to_string(&PuzzleRecord::of(puzzle)).ok()?;
        Some(entry)
    }

    /// Any rated puzzle with its solution (`None` for a shape without an ID).
    pub fn of(
        geo: &Geometry,
        givens: &Grid,
        solution: &Grid,
        rating: &Rating,
        source: &str,
    ) -> Option<Entry> {
        let id = puzzle_id(geo, givens)?;
        let shape = id.split('-').nth(1).unwrap_or_default().to_string();
        let techniques: Vec<&str> = rating
            .techniques_in_order()
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        let record = serde_json::json!({
            "variant": geo.variant().name(),
            "size": geo.size(),
            "box": geo.box_shape().map(|b| [b.rows, b.cols]),
            "regions": geo.regions().map(|r| r.ids().to_vec()),
            "cages": geo.cages().map(|set| set.cages().iter()
                .map(|c| serde_json::json!({"cells": c.cells, "sum": c.sum}))
                .collect::<Vec<_>>()),
            "givens": givens.cells(),
            "solution": solution.cells(),
        });
        Some(Entry {
            id,
            shape,
            variant: geo.variant().name(),
            size: geo.size(),
            record: record.to_string(),
            givens: puzzle_line(givens, geo),
            solution: puzzle_line(solution, geo),
            level: rating.level.name().to_string(),
            score: rating.rounded_score(),
            techniques: serde_json::to_string(&techniques).unwrap_or_default(),
            rater_version: ENGINE_VERSION.to_string(),
            generator_version: None,
            seed: None,
            source: source.to_string(),
        })
    }
}
