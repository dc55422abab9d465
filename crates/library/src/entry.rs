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
    /// The JSON record, as `generate --output json` writes it (regions and cages included),
    /// without its houses (they follow from the shape).
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
        let mut entry = Entry::of_puzzle(puzzle, "generated", true)?;
        entry.generator_version = Some(ENGINE_VERSION.to_string());
        entry.seed = Some(puzzle.seed);
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
        let puzzle = Generated {
            geometry: geo.clone(),
            givens: givens.clone(),
            solution: solution.clone(),
            rating: rating.clone(),
            seed: 0,
            attempts: 0,
        };
        Entry::of_puzzle(&puzzle, source, false)
    }

    /// The row of a puzzle; its record keeps its seed only when it was generated.
    fn of_puzzle(puzzle: &Generated, source: &str, keep_seed: bool) -> Option<Entry> {
        let geo = &puzzle.geometry;
        let id = puzzle_id(geo, &puzzle.givens)?;
        let shape = id.split('-').nth(1).unwrap_or_default().to_string();
        let record = PuzzleRecord::with_id(puzzle, id.clone());
        let techniques = serde_json::to_string(&record.techniques).ok()?;
        let mut json = serde_json::to_value(&record).ok()?;
        let fields = json.as_object_mut()?;
        // The houses follow from the shape: left out, they would double the row's size.
        fields.remove("houses");
        if !keep_seed {
            fields.remove("seed");
        }
        Some(Entry {
            id,
            shape,
            variant: geo.variant().name(),
            size: geo.size(),
            record: json.to_string(),
            givens: puzzle_line(&puzzle.givens, geo),
            solution: puzzle_line(&puzzle.solution, geo),
            level: puzzle.rating.level.name().to_string(),
            score: puzzle.rating.rounded_score(),
            techniques,
            rater_version: ENGINE_VERSION.to_string(),
            generator_version: None,
            seed: None,
            source: source.to_string(),
        })
    }
}
