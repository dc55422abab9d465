//! Property tests of the generator across variants and sizes: exactly one solution, givens a
//! subset of the solution, the symmetry holds, the level is the one asked, the same seed gives
//! the same puzzle, jigsaw regions are connected regions of N cells; and pinned seeds.

use proptest::prelude::*;

use sudoku_book::generate::{Request, Symmetry, Target, derive_seed, generate};
use sudoku_book::grid::{Grid, HouseKind, RegionMap, Variant, to_line};
use sudoku_book::logic::{Level, rate};
use sudoku_book::solve::Solver;

/// The shapes the properties range over: (variant, size).
const SHAPES: &[(&str, usize)] = &[
    ("classic", 4),
    ("classic", 6),
    ("classic", 8),
    ("classic", 9),
    ("diagonal", 9),
    ("window", 9),
    ("diagonal+window", 9),
    ("jigsaw", 6),
    ("jigsaw", 9),
    ("jigsaw+diagonal", 9),
];

fn request(shape: usize, level: Level, symmetry: Symmetry) -> Request {
    let (variant, size) = SHAPES[shape];
    let mut request = Request::new(variant.parse::<Variant>().unwrap(), size);
    request.target = Target::Level(level);
    request.symmetry = symmetry;
    request
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn generated_puzzles_keep_every_invariant(
        shape in 0..SHAPES.len(),
        seed in any::<u64>(),
        level in prop::sample::select(vec![Level::Easy, Level::Medium]),
        symmetry in prop::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let request = request(shape, level, symmetry);
        let Ok(puzzle) = generate(&request, seed) else {
            // Small grids cannot always reach a level; that must be reported, not faked.
            prop_assume!(false);
            unreachable!();
        };
        let geo = &puzzle.geometry;
        let solver = Solver::new(geo);
        prop_assert_eq!(solver.count_solutions(&puzzle.givens, 2), 1);
        prop_assert!(puzzle.givens.changed_cells(&puzzle.solution).is_empty());
        prop_assert_eq!(puzzle.solution.empty_count(), 0);
        prop_assert!(puzzle.solution.conflicts(geo).is_empty());
        prop_assert!(symmetry.holds(puzzle.givens.cells(), geo.size()));
        prop_assert_eq!(puzzle.rating.level, level);
        prop_assert_eq!(rate(geo, &puzzle.givens).level, level);
        if let Some(map) = geo.regions() {
            let ids: Vec<usize> = map.ids().iter().map(|&i| i as usize).collect();
            prop_assert!(RegionMap::from_ids(geo.size(), &ids).is_ok(), "connected, N cells each");
            let regions = geo.houses().iter().filter(|h| matches!(h.kind, HouseKind::Region(_)));
            prop_assert_eq!(regions.count(), geo.size());
        }
        let again = generate(&request, seed).unwrap();
        prop_assert_eq!(&again.givens, &puzzle.givens);
        prop_assert_eq!(again.geometry.regions(), geo.regions());
    }
}

/// The multi-grid shapes and the symmetries each has.
const MULTI_SHAPES: &[(&str, &[Symmetry])] = &[
    ("samurai", &Symmetry::ALL),
    (
        "twodoku",
        &[Symmetry::None, Symmetry::Rotate180, Symmetry::Diagonal],
    ),
    ("butterfly", &Symmetry::ALL),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Samurai, Twodoku and Butterfly at every level up to expert: one solution, givens kept
    /// by it, every house of every sub-grid complete, the symmetry holds over the frame, the
    /// level is the one asked, and the same seed gives the same puzzle.
    #[test]
    fn generated_multi_grids_keep_every_invariant(
        shape in 0..MULTI_SHAPES.len(),
        pick in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        level in prop::sample::select(vec![Level::Easy, Level::Medium, Level::Hard, Level::Expert]),
    ) {
        let (variant, symmetries) = MULTI_SHAPES[shape];
        let symmetry = *pick.get(symmetries);
        let mut request = Request::new(variant.parse::<Variant>().unwrap(), 9);
        request.target = Target::Level(level);
        request.symmetry = symmetry;
        let puzzle = generate(&request, seed).expect("multi-grids reach every level up to expert");
        let geo = &puzzle.geometry;
        prop_assert_eq!(Solver::new(geo).count_solutions(&puzzle.givens, 2), 1);
        prop_assert!(puzzle.givens.changed_cells(&puzzle.solution).is_empty());
        prop_assert_eq!(puzzle.solution.cells().len(), geo.cell_count());
        prop_assert_eq!(puzzle.solution.empty_count(), 0);
        for house in geo.houses() {
            let mut digits: Vec<u8> = house.cells.iter().map(|&c| puzzle.solution.get(c)).collect();
            digits.sort_unstable();
            prop_assert_eq!(digits, (1..=9).collect::<Vec<u8>>());
        }
        prop_assert!(symmetry.holds_in(geo, puzzle.givens.cells()));
        prop_assert_eq!(puzzle.rating.level, level);
        prop_assert_eq!(rate(geo, &puzzle.givens).level, level);
        let again = generate(&request, seed).unwrap();
        prop_assert_eq!(&again.givens, &puzzle.givens);
    }
}

#[test]
fn a_twodoku_cannot_be_turned_a_quarter() {
    let mut request = Request::new("twodoku".parse::<Variant>().unwrap(), 9);
    request.symmetry = Symmetry::Rotate90;
    let err = generate(&request, 1).unwrap_err().to_string();
    assert!(
        err.contains("twodoku does not have rotate90 symmetry"),
        "{err}"
    );
}

#[test]
fn hard_and_expert_levels_are_hit_exactly() {
    for (shape, level) in [(3, Level::Hard), (3, Level::Expert), (4, Level::Hard)] {
        let request = request(shape, level, Symmetry::Rotate180);
        for seed in 0..3 {
            let puzzle = generate(&request, seed).unwrap();
            assert_eq!(puzzle.rating.level, level);
            let solver = Solver::new(&puzzle.geometry);
            assert_eq!(solver.count_solutions(&puzzle.givens, 2), 1);
        }
    }
}

/// About one classic 9×9 attempt in 60 lands on extreme: the default budget for it is larger, so
/// a book of extreme puzzles does not fail on a seed that needs more than 200 attempts (puzzle 13
/// of `generate --difficulty extreme --seed 2026` needs more).
#[test]
fn extreme_classic_puzzles_get_a_larger_budget() {
    let request = request(3, Level::Extreme, Symmetry::Rotate180);
    // Measured (crates/engine/src/generate/budget.rs): 2,500 for extreme rotate180 on classic 9×9.
    assert_eq!(request.attempt_budget(), 2500);
    let mut most = 0;
    for index in 10..16 {
        let puzzle = generate(&request, derive_seed(2026, 0, index)).unwrap();
        assert_eq!(puzzle.rating.level, Level::Extreme);
        let solver = Solver::new(&puzzle.geometry);
        assert_eq!(solver.count_solutions(&puzzle.givens, 2), 1);
        most = most.max(puzzle.attempts);
    }
    assert!(most > 200, "{most}");
    let mut window = Request::new("window".parse::<Variant>().unwrap(), 9);
    window.target = Target::Level(Level::Hard);
    assert_eq!(window.attempt_budget(), 200);
    window.attempts = Some(0);
    assert_eq!(window.attempt_budget(), 1);
    let mut twelve = Request::new(Variant::CLASSIC, 12);
    twelve.target = Target::Level(Level::Extreme);
    assert_eq!(twelve.attempt_budget(), 200);
    let mut six = Request::new(Variant::CLASSIC, 6);
    six.target = Target::Level(Level::Medium);
    // Measured (2026-11-24): medium rotate180 on 6×6 lands once in about 2,000 attempts.
    assert_eq!(six.attempt_budget(), 54_000);
    six.target = Target::Any;
    assert_eq!(six.attempt_budget(), 200);
    six.target = Target::Score { min: 1.0, max: 2.3 };
    assert_eq!(six.attempt_budget(), 200);
    // A score range above easy takes the largest budget of medium, hard and expert.
    six.target = Target::Score { min: 3.0, max: 4.0 };
    assert_eq!(six.attempt_budget(), 54_000);
    let mut nine = Request::new(Variant::CLASSIC, 9);
    nine.target = Target::Score { min: 7.5, max: 9.0 };
    assert_eq!(nine.attempt_budget(), 2500);
    // A diabolical search counts ratings: far fewer when it starts from given hard puzzles.
    nine.target = Target::Level(Level::Diabolical);
    assert_eq!(nine.attempt_budget(), 1_000_000);
    nine.starts = vec![Grid::empty(9)];
    assert_eq!(nine.attempt_budget(), 3_000);
}

/// Medium and expert 6×6 puzzles are rare (one attempt in a few hundred): the larger budget of
/// small grids finds them for every seed tried (with 200 attempts most of these failed).
#[test]
fn six_by_six_medium_and_expert_are_found() {
    for level in [Level::Medium, Level::Expert] {
        let request = request(1, level, Symmetry::Rotate180);
        for seed in 0..4 {
            let puzzle = generate(&request, derive_seed(5, 0, seed)).unwrap();
            assert_eq!(puzzle.rating.level, level);
        }
    }
}

#[test]
fn score_ranges_are_hit() {
    let mut request = request(3, Level::Easy, Symmetry::None);
    request.target = Target::Score { min: 3.0, max: 4.4 };
    let puzzle = generate(&request, 11).unwrap();
    assert!(
        (3.0..=4.4).contains(&puzzle.rating.score),
        "{}",
        puzzle.rating.score
    );
}

#[test]
fn givens_target_is_reached_when_possible() {
    let mut request = request(3, Level::Easy, Symmetry::Rotate180);
    request.target = Target::Any;
    request.givens = Some(36);
    let puzzle = generate(&request, 5).unwrap();
    assert!((36..=37).contains(&puzzle.givens.filled_count()));
}

#[test]
fn sixteen_by_sixteen_easy() {
    let request = Request {
        target: Target::Level(Level::Easy),
        ..Request::new(Variant::CLASSIC, 16)
    };
    let puzzle = generate(&request, 1).unwrap();
    assert_eq!(puzzle.rating.level, Level::Easy);
    assert_eq!(
        Solver::new(&puzzle.geometry).count_solutions(&puzzle.givens, 2),
        1
    );
}

/// These lines pin the generator: if they change, every book built from a seed changes. Update
/// them only for a deliberate change of the generator, and say so in the change log.
#[test]
fn pinned_seeds_give_pinned_puzzles() {
    let cases = [
        (request(3, Level::Easy, Symmetry::Rotate180), 1, PINNED[0]),
        (request(3, Level::Medium, Symmetry::None), 2, PINNED[1]),
        (request(8, Level::Easy, Symmetry::Rotate180), 3, PINNED[2]),
        (request(1, Level::Easy, Symmetry::Mirror), 4, PINNED[3]),
    ];
    for (request, seed, expected) in cases {
        let puzzle = generate(&request, seed).unwrap();
        let mut line = to_line(&puzzle.givens, &puzzle.geometry);
        if let Some(map) = puzzle.geometry.regions() {
            line = format!("{line}|{}", map.to_line());
        }
        assert_eq!(line, expected, "seed {seed}");
    }
}

const PINNED: [&str; 4] = [
    "76...2..953....6.....6......97..1.3.3..2.7..6.8.4..17......8.....9....144..3...87",
    "...4..2.7.8........67......6....9....456....13.1.2....9.4.....6.3.51...9...9..13.",
    ".53.1..4..4...........74...........3..59.21..6...........75...........6..1..9.57.|AAABBBBBCDDAAAABBCDDEEAABBCDDDEECCCCFFDEEGGCCFFDEEGGGGFHHEIIGGGFFHHIIIIIFFHHHHHII",
    "......5.42.1..61...5..4..6..3.......",
];

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_given() {
    for (shape, level) in [(3, Level::Medium), (4, Level::Hard), (8, Level::Medium)] {
        let mut request = request(shape, level, Symmetry::None);
        request.minimal = true;
        let puzzle = generate(&request, 21).unwrap();
        assert_eq!(puzzle.rating.level, level);
        let solver = Solver::new(&puzzle.geometry);
        for cell in 0..puzzle.givens.cells().len() {
            if puzzle.givens.get(cell) == 0 {
                continue;
            }
            let mut fewer = puzzle.givens.clone();
            fewer.set(cell, 0);
            assert!(
                solver.count_solutions(&fewer, 2) > 1,
                "r{}c{} could go",
                cell / 9 + 1,
                cell % 9 + 1
            );
        }
    }
}

/// Issue 10, defect 5: `generate --difficulty medium --symmetry rotate90 --count 1000 --seed 1`
/// failed at puzzle 230 with the old budget of 200 attempts; the measured budget finds it.
#[test]
fn generation_failures_medium_rotate90_puzzle_230_is_found() {
    let request = request(3, Level::Medium, Symmetry::Rotate90);
    let seed = derive_seed(1, 0, 229);
    let mut old = request.clone();
    old.attempts = Some(200);
    assert!(generate(&old, seed).is_err());
    let puzzle = generate(&request, seed).expect("found within the measured budget");
    assert!(puzzle.attempts > 200, "{}", puzzle.attempts);
    assert_eq!(puzzle.rating.level, Level::Medium);
}

/// Issue 21, item 2: jigsaw layouts are compact, and symmetric under a half turn on request
/// (`regions = "symmetric"`), each puzzle still with one solution.
#[test]
fn jigsaw_layouts_can_be_symmetric_on_request() {
    let spec = "title = \"J\"\nseed = 4\n[[section]]\nvariant = \"jigsaw\"\nregions = \"symmetric\"\ncount = 3\ndifficulty = \"medium\"\n";
    let (_dir, out) = crate::build::build(spec, &[]);
    let manifest = crate::build::manifest(&out);
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let regions: Vec<u64> = puzzle["regions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_u64().unwrap())
            .collect();
        let n = 9usize;
        let mut image = [u64::MAX; 9];
        for c in 0..n * n {
            let (r, turned) = (regions[c] as usize, regions[n * n - 1 - c]);
            if image[r] == u64::MAX {
                image[r] = turned;
            }
            assert_eq!(image[r], turned, "not symmetric: {regions:?}");
        }
        let line: String = puzzle["givens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| match g.as_u64().unwrap() {
                0 => '.',
                d => char::from_digit(d as u32, 10).unwrap(),
            })
            .collect();
        let map: String = regions
            .iter()
            .map(|&r| char::from_digit(r as u32 + 1, 10).unwrap())
            .collect();
        crate::util::cmd()
            .args(["solve", "--variant", "jigsaw", &format!("{line}|{map}")])
            .assert()
            .success();
    }
}

/// A misspelt `regions = "symetric"` is no missing file to hunt for: the message names the word
/// it was meant to be. A real path that is missing still says it cannot be read (exit 3).
#[test]
fn a_misspelt_symmetric_regions_is_named() {
    let spell = |value: &str| {
        let dir = crate::build::spec_folder(&format!(
            "title = \"T\"\n[[section]]\nvariant = \"jigsaw\"\ncount = 1\nregions = \"{value}\"\n"
        ));
        crate::util::cmd()
            .current_dir(dir.path())
            .args(["build", "book.toml"])
            .output()
            .unwrap()
    };
    let output = spell("symetric");
    assert_eq!(output.status.code(), Some(2));
    let message = crate::util::stderr_of(&output);
    assert!(
        message.contains("book.toml:5:11: section[1].regions")
            && message.contains("did you mean 'symmetric'"),
        "{message}"
    );
    let output = spell("maps/layout.txt");
    assert_eq!(output.status.code(), Some(3));
    assert!(crate::util::stderr_of(&output).contains("cannot read"));
}
