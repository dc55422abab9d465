//! Puzzles that must not repeat ones already used (in a book, or in the lists it excludes): the
//! tries that replace a repeated puzzle. Try `t` of a place is made from
//! `derive_seed(the place's seed, REPEAT_STREAM, t)`; after [`PLAIN_REPEAT_TRIES`] fresh
//! puzzles it also gets extra givens (one more every [`TRIES_PER_EXTRA_GIVEN`] tries) as long as
//! the puzzle still meets the request, since a small shape has few minimal puzzles (4×4 easy:
//! 13). Callers keep the first try, in try order, whose ID is new.

use super::puzzle::{GenerateError, Generated, Request, generate, with_more_givens};
use super::rng::derive_seed;

/// Tries for a place whose puzzles keep repeating, before it is given up.
pub const MAX_REPEAT_TRIES: usize = 100;

/// Fresh tries before extra givens are added.
pub const PLAIN_REPEAT_TRIES: usize = 10;

/// Tries per extra given after the fresh ones.
pub const TRIES_PER_EXTRA_GIVEN: usize = 10;

/// The seed stream of the tries.
const REPEAT_STREAM: u64 = 0x5245_5045_4154;

/// Try number `tries` (from 1) for the place whose puzzle came from `first_seed`.
pub fn repeat_try(
    request: &Request,
    first_seed: u64,
    tries: usize,
) -> Result<Generated, GenerateError> {
    let seed = derive_seed(first_seed, REPEAT_STREAM, tries as u64);
    let puzzle = generate(request, seed)?;
    if tries <= PLAIN_REPEAT_TRIES {
        return Ok(puzzle);
    }
    let extra = 1 + (tries - PLAIN_REPEAT_TRIES) / TRIES_PER_EXTRA_GIVEN;
    Ok(with_more_givens(request, &puzzle, extra, seed).unwrap_or(puzzle))
}

/// The error of a place no try could make new.
pub fn repeats_error(request: &Request) -> GenerateError {
    GenerateError::Repeats {
        what: request.shape_name(),
        tries: MAX_REPEAT_TRIES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Target;
    use crate::grid::puzzle_id;

    #[test]
    fn a_request_knows_the_shape_part_of_its_puzzles_ids() {
        let shapes = [
            ("classic", 9, None),
            ("classic", 4, None),
            ("classic", 6, Some("3x2")),
            ("diagonal+window", 9, None),
            ("jigsaw", 6, None),
            ("killer", 4, None),
            ("twodoku", 9, None),
        ];
        for (variant, size, boxes) in shapes {
            let mut request = Request::new(variant.parse().unwrap(), size);
            request.box_shape = boxes.map(|b: &str| b.parse().unwrap());
            request.target = Target::Any;
            let puzzle = generate(&request, 5).unwrap();
            let id = puzzle_id(&puzzle.geometry, &puzzle.givens).unwrap();
            let shape = id.split('-').nth(1).unwrap();
            assert_eq!(request.shape_code(), shape, "{variant} {size}");
        }
    }
}
