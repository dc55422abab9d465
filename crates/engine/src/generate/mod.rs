//! The seeded generator: filled grids, clue removal keeping one solution, symmetry, difficulty
//! targeting and jigsaw layouts.

pub mod budget;
pub mod cages;
pub mod check;
pub mod constrained;
pub mod diabolical;
pub mod dig;
#[cfg(test)]
mod group_tests;
pub mod jigsaw;
pub mod marked;
pub mod puzzle;
#[cfg(feature = "serde")]
pub mod record;
pub mod repeats;
pub mod require;
pub mod rng;
pub mod symmetry;
pub mod transform;

pub use check::{MAX_ATTEMPTS, RequestError, check_count};
pub use puzzle::{
    GenerateError, Generated, GivensTally, Request, Target, Unrated, generate, generate_unrated,
    generate_with_progress, givens_shortfall, random_fill, with_more_givens,
};
#[cfg(feature = "serde")]
pub use record::{CageRecord, ConstraintRecord, PuzzleRecord};
pub use repeats::{MAX_REPEAT_TRIES, repeat_try, repeats_error};
pub use rng::{SeededRng, derive_seed};
pub use symmetry::Symmetry;
