//! The book: a checked [`BookPlan`] turned into its puzzles (generated in parallel, collected in
//! plan order so the thread count never changes a byte) and the `book.json` manifest records.
//! Layout, drawing and writing the folder come after it (`layout`, `render`, `publish`).

pub mod cover;
pub mod daily;
pub mod library;
pub mod manifest;

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::generate::{
    GenerateError, Generated, MAX_REPEAT_TRIES, derive_seed, generate, repeat_try, repeats_error,
};
use crate::grid::puzzle_id;
use crate::logic::{Level, Step, solve_logic};
use crate::spec::BookPlan;
pub use library::{DrawError, Drawn};

/// One puzzle of the book, numbered from 1 across all sections.
#[derive(Debug, Clone)]
pub struct BookPuzzle {
    /// The printed number (`#12`).
    pub number: usize,
    /// The section's index in the spec, from 0.
    pub section: usize,
    /// The generated puzzle: geometry, givens, solution, rating, seed.
    pub puzzle: Generated,
    /// Its solving path by logic (every step of the easiest path) when a page shows it — the
    /// walkthrough of its section, a strategy page's example — else empty ([`with_paths`]):
    /// a big book does not hold every path (the playable edition solves each puzzle as it is
    /// written).
    pub path: Vec<Step>,
    /// Its canonical ID (`grid::puzzle_id`): no two puzzles of a book share one. Empty for a
    /// puzzle that has none (a 25×25 diagonal: its shape's group is too large to search), which
    /// is then neither checked for repeats nor recorded in a library.
    pub id: String,
    /// How many puzzles were made for this place and dropped as repeats (an ID the book or its
    /// `exclude` lists already had) before this one.
    pub repeats: usize,
    /// Where it came from: made for this book, or drawn from the library.
    pub origin: Origin,
}

impl BookPuzzle {
    /// What its grid prints for its values: its section's symbols (a hidden word placed by its
    /// solution).
    pub fn symbols(&self, plan: &BookPlan) -> crate::symbols::SymbolSet {
        let p = &self.puzzle;
        plan.sections[self.section]
            .symbols
            .for_puzzle(&p.solution, p.geometry.size())
    }
}

/// Where a puzzle of the book came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Generated for this build.
    Made,
    /// Drawn from the library (filled, imported, or made by another book).
    Drawn,
    /// Made by an earlier build of this book (same title and seed) and read back from the
    /// library, so a rebuild gets the same puzzles.
    Kept,
}

/// A puzzle the generator could not make.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("section {section} (\"{title}\"), puzzle {number}: {error}")]
pub struct BookError {
    /// The section, from 1.
    pub section: usize,
    pub title: String,
    /// The puzzle number in the book.
    pub number: usize,
    pub error: GenerateError,
}

/// The seed of the `index`-th puzzle (from 0) of the `section`-th section (from 0) of a book:
/// `derive_seed(book seed, section, index)`, so a puzzle depends only on the book seed, its
/// position and its section's settings — adding a section at the end changes no earlier puzzle.
pub fn puzzle_seed(book_seed: u64, section: usize, index: usize) -> u64 {
    derive_seed(book_seed, section as u64, index as u64)
}

/// One unit of work: which section, which puzzle in it, which number in the book.
#[derive(Debug, Clone, Copy)]
struct Job {
    section: usize,
    index: usize,
    number: usize,
}

impl Job {
    /// A place of a section whose number is given later.
    fn at(section: usize) -> Job {
        Job {
            section,
            index: 0,
            number: 0,
        }
    }
}

/// The places left to generate: in each section, those after the ones drawn from the library.
fn jobs(plan: &BookPlan, drawn: &Drawn) -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut number = 0;
    for (section, spec) in plan.sections.iter().enumerate() {
        let first = drawn.sections[section].len();
        number += first;
        for index in first..spec.count {
            number += 1;
            jobs.push(Job {
                section,
                index,
                number,
            });
        }
    }
    jobs
}

/// The total number of puzzles in the book.
pub fn puzzle_count(plan: &BookPlan) -> usize {
    plan.sections.iter().map(|s| s.count).sum()
}

/// Generates every puzzle of the book on the current rayon pool, calling `progress` with the
/// number finished so far after each one. The result is in book order whatever the threads did;
/// the first failing puzzle (in book order) is the error.
pub fn generate_puzzles(
    plan: &BookPlan,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<BookPuzzle>, BookError> {
    generate_with(plan, Drawn::nothing(plan), progress)
}

/// [`generate_puzzles`] for a book that drew some of its puzzles from its library: each
/// section's drawn puzzles come first, then the generated ones (which also avoid the IDs other
/// books used).
pub fn generate_with(
    plan: &BookPlan,
    drawn: Drawn,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<BookPuzzle>, BookError> {
    let done = AtomicUsize::new(drawn.count());
    progress(drawn.count());
    let results: Vec<Result<BookPuzzle, BookError>> = jobs(plan, &drawn)
        .into_par_iter()
        .map(|job| {
            let result = generate_one(plan, job);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            result
        })
        .collect();
    let mut made = results.into_iter().peekable();
    let mut puzzles = Vec::with_capacity(puzzle_count(plan));
    for (section, places) in drawn.sections.into_iter().enumerate() {
        for mut place in places {
            place.number = puzzles.len() + 1;
            puzzles.push(place);
        }
        while let Some(result) = made.next_if(|r| r.as_ref().map_or(true, |p| p.section == section))
        {
            puzzles.push(result?);
        }
    }
    replace_repeats(plan, &drawn.used_elsewhere, &mut puzzles)?;
    // Made puzzles shed their geometry's cell index as they are made (`with_id`); this covers
    // the drawn ones. Only a geometry no other holds sheds it (a jigsaw's); what solves a kept
    // puzzle later builds it on a scratch copy.
    for p in &mut puzzles {
        p.puzzle.geometry.shed_index();
    }
    sort_sections(plan, &mut puzzles);
    with_paths(plan, &mut puzzles);
    Ok(puzzles)
}

/// The order a strategy page's example is looked for in: single grids up to 9×9 first, then
/// larger ones, then multi-grids, each in book order.
pub fn example_order(puzzles: &[BookPuzzle]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..puzzles.len()).collect();
    order.sort_by_key(|&i| {
        let geo = &puzzles[i].puzzle.geometry;
        (geo.frame().is_some(), geo.size() > 9)
    });
    order
}

/// Solves by logic the puzzles whose path a page shows (in parallel): the first puzzle of each
/// section with a walkthrough and, with strategy pages, for each technique the puzzles use,
/// the first puzzle (in the strategy pages' order) whose rating has it — a rating follows the
/// same path, so that is the puzzle whose path has it first.
pub fn with_paths(plan: &BookPlan, puzzles: &mut [BookPuzzle]) {
    let mut needed: Vec<usize> = Vec::new();
    for (index, section) in plan.sections.iter().enumerate() {
        let first = puzzles.iter().position(|p| p.section == index);
        if let (true, Some(first)) = (section.walkthrough, first) {
            needed.push(first);
        }
    }
    if plan.strategies {
        let order = example_order(puzzles);
        for technique in crate::logic::Technique::ALL {
            let rated = |&&i: &&usize| {
                puzzles[i]
                    .puzzle
                    .rating
                    .techniques
                    .contains_key(technique.name())
            };
            needed.extend(order.iter().find(rated));
        }
    }
    needed.sort_unstable();
    needed.dedup();
    let paths: Vec<(usize, Vec<Step>)> = needed
        .into_par_iter()
        .map(|i| {
            let p = &puzzles[i].puzzle;
            let geo = p.geometry.scratch_copy();
            (i, solve_logic(&geo, &p.givens, Level::HARDEST).steps)
        })
        .collect();
    for (i, path) in paths {
        puzzles[i].path = path;
    }
}

/// Makes every puzzle's ID unique in the book and absent from its `exclude` lists (and from
/// `used_elsewhere`, the library's puzzles other books used): in book order, a made puzzle
/// whose ID was seen is replaced by the first try of its repeat stream
/// (`generate::repeat_try`) whose ID is new, up to [`MAX_REPEAT_TRIES`]. Tries are made in
/// parallel batches of a fixed size and the first new one in try order is kept, so threads
/// change nothing. Puzzles from the library were checked when drawn.
fn replace_repeats(
    plan: &BookPlan,
    used_elsewhere: &HashSet<String>,
    puzzles: &mut [BookPuzzle],
) -> Result<(), BookError> {
    let mut seen: HashSet<String> = plan.exclude.clone();
    seen.extend(used_elsewhere.iter().cloned());
    seen.extend(
        puzzles
            .iter()
            .filter(|p| p.origin != Origin::Made)
            .map(|p| p.id.clone()),
    );
    let mut counts = vec![0usize; plan.sections.len()];
    for puzzle in puzzles.iter_mut() {
        let index = counts[puzzle.section];
        counts[puzzle.section] += 1;
        // A puzzle without an ID (a shape too large to search) cannot be checked.
        if puzzle.origin != Origin::Made || puzzle.id.is_empty() {
            continue;
        }
        let job = Job {
            section: puzzle.section,
            index,
            number: puzzle.number,
        };
        if seen.contains(&puzzle.id) {
            *puzzle = fresh_try(plan, job, &seen)?;
        }
        seen.insert(puzzle.id.clone());
    }
    Ok(())
}

/// Tries made at once for a repeated place.
const REPEAT_BATCH: usize = 16;

/// The first try of a place's repeat stream whose ID `seen` does not hold.
fn fresh_try(plan: &BookPlan, job: Job, seen: &HashSet<String>) -> Result<BookPuzzle, BookError> {
    let request = &plan.sections[job.section].request;
    let first_seed = puzzle_seed(plan.seed, job.section, job.index);
    for start in (1..=MAX_REPEAT_TRIES).step_by(REPEAT_BATCH) {
        let end = (start + REPEAT_BATCH).min(MAX_REPEAT_TRIES + 1);
        let tries: Vec<Result<BookPuzzle, GenerateError>> = (start..end)
            .into_par_iter()
            .map(|tries| {
                let mut found = with_id(job, repeat_try(request, first_seed, tries)?);
                found.repeats = tries;
                Ok(found)
            })
            .collect();
        for found in tries {
            let found = found.map_err(|error| book_error(plan, job, error))?;
            if !seen.contains(&found.id) {
                return Ok(found);
            }
        }
    }
    Err(book_error(plan, job, repeats_error(request)))
}

/// Orders the puzzles of each `sort = "difficulty"` section easy to hard (by score, then by
/// their generation order) and renumbers them; every puzzle keeps its own seed.
fn sort_sections(plan: &BookPlan, puzzles: &mut [BookPuzzle]) {
    let mut start = 0;
    for (index, section) in plan.sections.iter().enumerate() {
        let end = start + section.count;
        if section.sort_by_difficulty {
            let members = &mut puzzles[start..end];
            members.sort_by(|a, b| {
                a.puzzle
                    .rating
                    .score
                    .total_cmp(&b.puzzle.rating.score)
                    .then(a.number.cmp(&b.number))
            });
            for (offset, puzzle) in members.iter_mut().enumerate() {
                puzzle.number = start + offset + 1;
                debug_assert_eq!(puzzle.section, index);
            }
        }
        start = end;
    }
}

fn generate_one(plan: &BookPlan, job: Job) -> Result<BookPuzzle, BookError> {
    generate_at(plan, job, puzzle_seed(plan.seed, job.section, job.index))
}

/// The puzzle of a place of the book made from `seed`, with its path and ID.
fn generate_at(plan: &BookPlan, job: Job, seed: u64) -> Result<BookPuzzle, BookError> {
    let section = &plan.sections[job.section];
    generate(&section.request, seed)
        .map(|puzzle| with_id(job, puzzle))
        .map_err(|error| book_error(plan, job, error))
}

/// A generated puzzle as a place of the book, with its ID (its path comes later, if a page
/// needs it: [`with_paths`]).
fn with_id(job: Job, mut puzzle: Generated) -> BookPuzzle {
    puzzle.geometry.shed_index();
    BookPuzzle {
        number: job.number,
        section: job.section,
        path: Vec::new(),
        id: puzzle_id(&puzzle.geometry, &puzzle.givens).unwrap_or_default(),
        repeats: 0,
        origin: Origin::Made,
        puzzle,
    }
}

fn book_error(plan: &BookPlan, job: Job, error: GenerateError) -> BookError {
    BookError {
        section: job.section + 1,
        title: plan.sections[job.section].title.clone(),
        number: job.number,
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn plan(text: &str) -> BookPlan {
        crate::spec::parse("book.toml", text, Path::new(".")).unwrap()
    }

    const SMALL: &str = r#"
title = "Test"
seed = 7
[[section]]
size = 4
count = 3
[[section]]
variant = "diagonal"
size = 6
count = 2
difficulty = "easy"
"#;

    #[test]
    fn puzzles_are_numbered_across_sections_in_order() {
        let puzzles = generate_puzzles(&plan(SMALL), &|_| {}).unwrap();
        let numbers: Vec<(usize, usize)> = puzzles.iter().map(|p| (p.number, p.section)).collect();
        assert_eq!(numbers, [(1, 0), (2, 0), (3, 0), (4, 1), (5, 1)]);
        assert_eq!(puzzles[3].puzzle.seed, puzzle_seed(7, 1, 0));
        assert!(puzzles[4].puzzle.geometry.variant().diagonal);
    }

    #[test]
    fn thread_count_does_not_change_the_puzzles() {
        let plan = plan(SMALL);
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| generate_puzzles(&plan, &|_| {}).unwrap())
                .iter()
                .map(|p| p.puzzle.givens.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(run(1), run(3));
    }

    #[test]
    fn progress_counts_every_puzzle() {
        let seen = AtomicUsize::new(0);
        generate_puzzles(&plan(SMALL), &|n| {
            seen.fetch_max(n, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(seen.load(Ordering::Relaxed), 5);
    }

    #[test]
    fn an_unreachable_level_names_the_section_and_puzzle() {
        let text = "title = \"T\"\n[[section]]\nsize = 4\ncount = 1\ndifficulty = \"extreme\"\n";
        let error = generate_puzzles(&plan(text), &|_| {}).unwrap_err();
        assert_eq!((error.section, error.number), (1, 1));
        assert!(error.to_string().starts_with("section 1 (\""), "{error}");
    }
}
