//! The logic solver and difficulty rater: human techniques, one file per family, each a pure
//! function `find(&Candidates) -> Option<Step>`; the driver that always applies the EASIEST step
//! available; the step log; the rating (Sudoku Explainer score and level).
//!
//! The logic solver never calls the exact solver and never guesses: a puzzle the techniques
//! cannot finish is reported as stuck ("needs trial and error", rated [`Level::Diabolical`] and
//! [`TRIAL_AND_ERROR_SCORE`]). Uniqueness techniques (unique rectangles, BUG+1) assume the
//! puzzle has exactly one solution; they are rated Expert, so a generator that proves uniqueness
//! by a logic solve must stay at Hard or below or check uniqueness separately.

pub mod candidates;
pub mod chains;
#[cfg(test)]
mod data_tests;
pub mod fish;
pub mod forcing;
pub mod implications;
pub mod intersections;
pub mod killer;
pub mod marks;
mod quiet;
pub mod rating;
pub mod singles;
pub mod step;
pub mod step_words;
pub mod subsets;
pub mod technique;
pub mod uniqueness;
pub mod wings;

pub use candidates::Candidates;
pub use rating::{
    LogicResult, Rating, expert_closure, expert_closure_and_chains, next_step,
    next_step_past_expert, path_level, path_level_and_rating, proves_unique, rate, solve_logic,
    solves_within,
};
pub use step::Step;
pub use technique::{
    DIABOLICAL_SCORE, EXTREME_SCORE, Level, TRIAL_AND_ERROR_SCORE, Technique, UnknownLevel,
};
