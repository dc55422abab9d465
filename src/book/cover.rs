//! The puzzles a cover draws: made for it from the book's seed (a stream of their own), one
//! for each of the first sections up to four on the front and an easy one for the back's "try
//! this one", none of them in the book, so the cover gives away nothing of the book's puzzles;
//! and, made the same way, the puzzle on a kids' book's title page.

use std::collections::HashSet;

use rayon::prelude::*;

use super::{BookPuzzle, Origin};
use crate::generate::{Target, derive_seed, generate};
use crate::grid::puzzle_id;
use crate::logic::Level;
use crate::spec::BookPlan;

/// The seed stream of cover puzzles (`COVER` in ASCII).
const COVER_STREAM: u64 = 0x0043_4f56_4552;
/// How many puzzles the front draws at most (the mosaic's four cards).
pub const FRONT_SAMPLES: usize = 4;
/// Seeds tried for a cover puzzle before it gives up (a puzzle of the book, or a failure).
const TRIES: u64 = 4;

/// The cover's puzzles: the front's (one for each of the first sections, then round the
/// sections again, up to [`FRONT_SAMPLES`]), then the back's, of the section with the easiest
/// puzzles, at easy where the shape allows. A place whose puzzle cannot be made is left out
/// (the cover then draws one of the book's).
pub fn cover_puzzles(plan: &BookPlan, puzzles: &[BookPuzzle]) -> CoverPuzzles {
    let sections = plan.sections.len();
    if sections == 0 || plan.cover.is_none() {
        return CoverPuzzles::default();
    }
    let in_book: HashSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
    let easiest = (0..sections)
        .min_by_key(|&s| {
            puzzles
                .iter()
                .filter(|p| p.section == s)
                .map(|p| p.puzzle.rating.level)
                .min()
        })
        .unwrap_or(0);
    let places: Vec<(usize, bool)> = (0..FRONT_SAMPLES.min(puzzles.len().max(1)))
        .map(|i| (i % sections, false))
        .chain([(easiest, true)])
        .collect();
    let mut made: Vec<(bool, Option<BookPuzzle>)> = places
        .into_par_iter()
        .enumerate()
        .map(|(place, (section, back))| {
            (back, cover_puzzle(plan, &in_book, (place, section), back))
        })
        .collect();
    let back = made.pop().and_then(|(_, puzzle)| puzzle);
    CoverPuzzles {
        front: made.into_iter().filter_map(|(_, puzzle)| puzzle).collect(),
        back,
    }
}

/// A kids' book's title-page puzzle: made as the cover's are (of the first section's shape,
/// easy), never one of the book's, so the book's puzzle #1 is not printed twice.
pub fn title_puzzle(plan: &BookPlan, puzzles: &[BookPuzzle]) -> Option<BookPuzzle> {
    if plan.sections.is_empty() {
        return None;
    }
    let in_book: HashSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
    cover_puzzle(plan, &in_book, (TITLE_PLACE, 0), true)
}

/// The title page's place in the cover's seed stream (after the front's and the back's).
const TITLE_PLACE: usize = FRONT_SAMPLES + 1;

/// The puzzles made for a cover.
#[derive(Debug, Clone, Default)]
pub struct CoverPuzzles {
    /// The front's, in order.
    pub front: Vec<BookPuzzle>,
    /// The back's "try this one".
    pub back: Option<BookPuzzle>,
}

/// The puzzle of one place of the cover: the section's shape and symbols, any level (easy on
/// the back), never one of the book's.
fn cover_puzzle(
    plan: &BookPlan,
    in_book: &HashSet<&str>,
    (place, section): (usize, usize),
    back: bool,
) -> Option<BookPuzzle> {
    let mut request = plan.sections[section].request.clone();
    request.require.clear();
    request.starts.clear();
    request.givens = None;
    request.minimal = false;
    let stream = derive_seed(plan.seed, COVER_STREAM, place as u64);
    (0..TRIES).find_map(|attempt| {
        // The back's first try asks for an easy puzzle; any level after that.
        let easy = back && attempt == 0;
        request.target = if easy {
            Target::Level(Level::Easy)
        } else {
            Target::Any
        };
        let puzzle = generate(&request, derive_seed(stream, section as u64, attempt)).ok()?;
        let id = puzzle_id(&puzzle.geometry, &puzzle.givens).unwrap_or_default();
        // A shape without IDs cannot be compared; a new seed's puzzle is new.
        (id.is_empty() || !in_book.contains(id.as_str())).then(|| BookPuzzle {
            number: 0,
            section,
            path: Vec::new(),
            id,
            repeats: 0,
            origin: Origin::Made,
            puzzle,
        })
    })
}
