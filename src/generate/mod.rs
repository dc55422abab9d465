//! The seeded generator: filled grids, clue removal keeping one solution, symmetry, difficulty
//! targeting and jigsaw layouts.

pub mod dig;
pub mod jigsaw;
pub mod puzzle;
pub mod rng;
pub mod symmetry;
pub mod transform;

pub use puzzle::{
    GenerateError, Generated, Request, Target, generate, givens_shortfall, random_fill,
};
pub use rng::{SeededRng, derive_seed};
pub use symmetry::Symmetry;
