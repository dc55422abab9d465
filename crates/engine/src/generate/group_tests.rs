//! The symmetry group on real puzzles: a move of a generated puzzle of each shape (its regions
//! and cages carried along) is a puzzle with one solution, the moved solution, and the same
//! rating.

use super::rng::SeededRng;
use super::{Request, Target, generate};
use crate::grid::{Group, Variant};
use crate::logic::{Level, rate};
use crate::solve::Solver;

#[test]
fn moves_keep_puzzles_unique_and_their_rating() {
    for (variant, size) in [
        ("classic", 9),
        ("classic", 6),
        ("diagonal", 9),
        ("window", 9),
        ("jigsaw", 9),
        ("killer", 9),
        ("samurai", 9),
        ("twodoku", 9),
    ] {
        let request = Request {
            target: Target::Level(Level::Easy),
            ..Request::new(variant.parse::<Variant>().unwrap(), size)
        };
        let puzzle = generate(&request, 3).unwrap();
        let group = Group::of(&puzzle.geometry);
        let mut rng = SeededRng::new(17);
        for _ in 0..8 {
            let chosen = group.random_move(&mut |k| rng.below(k));
            let geo = chosen
                .apply_geometry(&puzzle.geometry)
                .expect("a move of the group carries the shape");
            let givens = chosen.apply(&puzzle.givens);
            let solution = chosen.apply(&puzzle.solution);
            let solver = Solver::new(&geo);
            assert_eq!(solver.count_solutions(&givens, 2), 1, "{variant}");
            assert_eq!(solver.first_solution(&givens), Some(solution), "{variant}");
            let rating = rate(&geo, &givens);
            assert_eq!(rating.score, puzzle.rating.score, "{variant}");
        }
    }
}
