//! The book: a checked [`BookPlan`] turned into its puzzles (generated in parallel, collected in
//! plan order so the thread count never changes a byte) and the `book.json` manifest records.
//! Layout, drawing and writing the folder come after it (`layout`, `render`, `publish`).

pub mod manifest;

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::generate::{GenerateError, Generated, derive_seed, generate};
use crate::logic::{Level, Step, solve_logic};
use crate::spec::BookPlan;

/// One puzzle of the book, numbered from 1 across all sections.
#[derive(Debug, Clone)]
pub struct BookPuzzle {
    /// The printed number (`#12`).
    pub number: usize,
    /// The section's index in the spec, from 0.
    pub section: usize,
    /// The generated puzzle: geometry, givens, solution, rating, seed.
    pub puzzle: Generated,
    /// Its solving path by logic (every step of the easiest path), computed once: the
    /// walkthrough and strategy pages and the playable edition's hints read it.
    pub path: Vec<Step>,
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

fn jobs(plan: &BookPlan) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (section, spec) in plan.sections.iter().enumerate() {
        for index in 0..spec.count {
            jobs.push(Job {
                section,
                index,
                number: jobs.len() + 1,
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
    let done = AtomicUsize::new(0);
    let results: Vec<Result<BookPuzzle, BookError>> = jobs(plan)
        .into_par_iter()
        .map(|job| {
            let result = generate_one(plan, job);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            result
        })
        .collect();
    let mut puzzles = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    sort_sections(plan, &mut puzzles);
    Ok(puzzles)
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
    let section = &plan.sections[job.section];
    let seed = puzzle_seed(plan.seed, job.section, job.index);
    generate(&section.request, seed)
        .map(|puzzle| BookPuzzle {
            number: job.number,
            section: job.section,
            path: solve_logic(&puzzle.geometry, &puzzle.givens, Level::HARDEST).steps,
            puzzle,
        })
        .map_err(|error| BookError {
            section: job.section + 1,
            title: section.title.clone(),
            number: job.number,
            error,
        })
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
