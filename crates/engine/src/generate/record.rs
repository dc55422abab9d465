//! One generated puzzle as a serde record: the fields shared by `generate --output json` and
//! every puzzle of `book.json` (which adds where it is printed).

use serde::Serialize;

use super::puzzle::Generated;
use crate::grid::puzzle_id;

/// A generated puzzle's shape, givens, solution, rating and seed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PuzzleRecord<'a> {
    pub variant: String,
    pub size: usize,
    /// `[rows, cols]` of a box, or null for jigsaw grids.
    #[serde(rename = "box")]
    pub box_shape: Option<[usize; 2]>,
    /// `N*N` region ids of a jigsaw grid, or null.
    pub regions: Option<&'a [u8]>,
    /// Killer cages (cells and sum), or null.
    pub cages: Option<Vec<CageRecord<'a>>>,
    /// The modern kinds' marks, one entry per mark (absent when the puzzle has none; global
    /// rules such as anti-knight are named by `variant` alone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraints: Option<Vec<ConstraintRecord<'a>>>,
    /// Every house as its cells: rows, columns, boxes or regions, diagonals, windows.
    pub houses: Vec<&'a [usize]>,
    /// `N*N` values, 0 for an empty cell.
    pub givens: &'a [u8],
    pub solution: &'a [u8],
    pub level: &'static str,
    /// The score with one decimal.
    pub score: f64,
    /// Technique names, easiest first.
    pub techniques: Vec<&'static str>,
    /// The puzzle's own seed: the same request and seed give it again.
    pub seed: u64,
    /// The canonical ID: the same for every turn, mirror, line move and relabelling of the
    /// puzzle (`grid::puzzle_id`).
    pub puzzle_id: String,
}

/// A killer cage: its cells (row-major indices) and their sum.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CageRecord<'a> {
    pub cells: &'a [usize],
    pub sum: u32,
}

/// One mark: its kind (`white`, `black`, `x`, `v`, `even`, `odd`, `minimum`, `maximum`,
/// `quadruple`), its cells (row-major indices) and, for a quadruple, its digits.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConstraintRecord<'a> {
    pub kind: &'static str,
    pub cells: &'a [usize],
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    pub digits: &'a [u8],
}

impl<'a> PuzzleRecord<'a> {
    /// The record of a generated puzzle.
    pub fn of(puzzle: &'a Generated) -> PuzzleRecord<'a> {
        let id = puzzle_id(&puzzle.geometry, &puzzle.givens).unwrap_or_default();
        PuzzleRecord::with_id(puzzle, id)
    }

    /// The record of a generated puzzle whose canonical ID the caller has already.
    pub fn with_id(puzzle: &'a Generated, puzzle_id: String) -> PuzzleRecord<'a> {
        let geo = &puzzle.geometry;
        PuzzleRecord {
            variant: geo.variant().name(),
            size: geo.size(),
            box_shape: geo.box_shape().map(|b| [b.rows, b.cols]),
            regions: geo.regions().map(|r| r.ids()),
            cages: geo.cages().map(|set| {
                set.cages()
                    .iter()
                    .map(|c| CageRecord {
                        cells: &c.cells,
                        sum: c.sum,
                    })
                    .collect()
            }),
            constraints: geo
                .marks()
                .filter(|set| !set.marks().is_empty())
                .map(|set| {
                    set.marks()
                        .iter()
                        .map(|mark| ConstraintRecord {
                            kind: mark.kind.json_name(),
                            cells: &mark.cells,
                            digits: &mark.digits,
                        })
                        .collect()
                }),
            houses: geo.houses().iter().map(|h| &h.cells[..]).collect(),
            givens: puzzle.givens.cells(),
            solution: puzzle.solution.cells(),
            level: puzzle.rating.level.name(),
            score: puzzle.rating.rounded_score(),
            techniques: puzzle
                .rating
                .techniques_in_order()
                .into_iter()
                .map(|(name, _)| name)
                .collect(),
            seed: puzzle.seed,
            puzzle_id,
        }
    }
}
