//! Data test: every step of the full logic solve of the shared puzzle sets is checked against
//! the known solution (the exact solver's for the `.txt` sets, the file's for the variants).
//!
//! In debug builds (plain `cargo test`) each set is *sampled* evenly (a fixed number of puzzles
//! per file) to keep the run short; set `SUDOKU_DATA_FULL=1` (best with `--release`) to check
//! every puzzle. Data comes from `SUDOKU_DATA` or `../shared/data`; missing files are skipped
//! with a message.

use std::path::PathBuf;

use crate::grid::text::parse_line;
use crate::grid::{BoxShape, Geometry, Grid, RegionMap, Variant};
use crate::solve::Solver;

use super::{
    Candidates, Level, expert_closure_and_chains, next_step, next_step_past_expert,
    path_level_and_rating, rate, solve_logic, solves_within,
};

use crate::test_support::data_dir;

/// Evenly spaced sample of at most `debug_limit` items in debug builds, everything otherwise.
/// True when the data tests run every puzzle (release builds, or `SUDOKU_DATA_FULL`).
fn full_run() -> bool {
    std::env::var_os("SUDOKU_DATA_FULL").is_some() || !cfg!(debug_assertions)
}

fn sample<T>(items: Vec<T>, debug_limit: usize) -> Vec<T> {
    if full_run() || items.len() <= debug_limit {
        return items;
    }
    let step = items.len().div_ceil(debug_limit);
    items.into_iter().step_by(step).collect()
}

/// Solves by logic and checks every step against `solution`; returns (solved, level used).
fn check(geo: &Geometry, givens: &Grid, solution: &Grid, name: &str) -> (bool, Level) {
    let result = solve_logic(geo, givens, Level::HARDEST);
    let mut level = Level::Easy;
    for step in &result.steps {
        level = level.max(step.level());
        for &(cell, digit) in &step.placements {
            assert_eq!(
                solution.get(cell),
                digit,
                "{name}: wrong placement in step {step}"
            );
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(
                solution.get(cell),
                digit,
                "{name}: wrong elimination in step {step}"
            );
        }
    }
    for cell in 0..geo.cell_count() {
        let v = result.grid.get(cell);
        assert!(
            v == 0 || v == solution.get(cell),
            "{name}: final grid disagrees at {cell}"
        );
    }
    (
        result.solved,
        if result.solved {
            level
        } else {
            Level::Diabolical
        },
    )
}

fn report(name: &str, solved: usize, total: usize, levels: &[usize; 6]) {
    eprintln!("{name}: {solved}/{total} solved by logic; levels easy..diabolical {levels:?}");
}

/// Checks every step of a sample of `file`; returns (solved by logic, puzzles checked).
fn check_text_set(file: &str, debug_limit: usize) -> (usize, usize) {
    let path = data_dir().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        crate::test_support::skip(&format!("{file}: {} not found", path.display()));
        return (0, 0);
    };
    let geo = Geometry::classic(9).expect("9x9");
    let solver = Solver::new(&geo);
    let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
    let (mut solved, mut total, mut levels) = (0, 0, [0usize; 6]);
    for (index, line) in sample(lines, debug_limit) {
        let Ok(givens) = parse_line(line, index + 1, Some(9)) else {
            continue;
        };
        let solution = solver.solve(&givens);
        let Some(solution) = solution.grid().filter(|_| solution.is_unique()) else {
            continue;
        };
        let (ok, level) = check(&geo, &givens, solution, &format!("{file}:{}", index + 1));
        total += 1;
        solved += ok as usize;
        levels[level as usize] += 1;
    }
    report(file, solved, total, &levels);
    (solved, total)
}

/// The rating's level (found by resuming limited solves where they leave the rating path)
/// against the definition, solving again from the givens: from the level of the easiest-first
/// path, down while the techniques of the next lower level still solve the puzzle.
fn check_levels_from_scratch(file: &str, debug_limit: usize) -> Option<(usize, usize)> {
    let path = data_dir().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        crate::test_support::skip(&format!("{file}: {} not found", path.display()));
        return None;
    };
    let geo = Geometry::classic(9).expect("9x9");
    let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
    let (mut rated, mut lowered) = (0, 0);
    for (index, line) in sample(lines, debug_limit) {
        let Ok(givens) = parse_line(line, index + 1, Some(9)) else {
            continue;
        };
        let path = solve_logic(&geo, &givens, Level::Extreme);
        let path_level = path.steps.iter().map(|s| s.level()).max();
        let Some(mut want) = path_level.filter(|&l| path.solved && l < Level::Extreme) else {
            continue;
        };
        while let Some(lower) = want.easier().filter(|&l| solves_within(&geo, &givens, l)) {
            want = lower;
        }
        assert_eq!(rate(&geo, &givens).level, want, "{file}:{}", index + 1);
        rated += 1;
        if Some(want) != path_level {
            eprintln!("{file}:{}: path {path_level:?}, level {want}", index + 1);
            lowered += 1;
        }
    }
    Some((rated, lowered))
}

/// The generator's extreme and diabolical checks take the rating from their own solve
/// ([`path_level_and_rating`]) when it reaches extreme: it must be `rate`'s, puzzle by puzzle.
#[test]
fn the_generators_rating_from_its_level_check_is_rates() {
    let file = "puzzles3_magictour_top1465.txt";
    let path = data_dir().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        crate::test_support::skip(&format!("{file}: {} not found", path.display()));
        return;
    };
    let geo = Geometry::classic(9).expect("9x9");
    // Every tenth puzzle in a full run: the comparison solves each three times.
    let lines: Vec<&str> = text
        .lines()
        .step_by(if full_run() { 10 } else { 1 })
        .collect();
    let mut compared = 0;
    for line in sample(lines, 8) {
        let Ok(givens) = parse_line(line, 1, Some(9)) else {
            continue;
        };
        let rating = rate(&geo, &givens);
        for cap in [Level::Extreme, Level::Diabolical] {
            let (level, from_check) = path_level_and_rating(&geo, &givens, cap);
            if let Some(from_check) = from_check {
                assert_eq!(from_check, rating, "{file}: {line} up to {cap}");
                compared += 1;
            } else if level.is_some_and(|l| l >= Level::Extreme) {
                // A step above the cap was passed over: the generator rates again.
                assert!(cap < Level::Diabolical, "{file}: {line}");
            }
        }
    }
    assert!(compared > 0, "no puzzle reached extreme");
}

#[test]
fn rated_levels_match_solving_again_from_the_givens() {
    let mut totals = (0, 0);
    for file in [
        "puzzles1_unbiased_first1000.txt",
        "radcliffe3m_stratified_7034.txt",
    ] {
        if let Some((rated, lowered)) = check_levels_from_scratch(file, 120) {
            totals = (totals.0 + rated, totals.1 + lowered);
        }
    }
    if totals.0 > 0 && full_run() {
        // Some puzzles must take the resumed path, or the test proves nothing (12 of the 6,327
        // do; a debug sample may miss them all, and `rating::tests` pins one).
        eprintln!(
            "rated {} puzzles, {} of them below their path's level",
            totals.0, totals.1
        );
        assert!(totals.1 > 0, "{totals:?}");
    }
}

#[test]
fn seventeen_clue_sample() {
    check_text_set("puzzles2_17_clue_sample1000.txt", 150);
}

#[test]
fn magictour_top1465() {
    // Every puzzle gets a score on the scale (the last 3 needed dynamic/nested forcing chains).
    let (solved, total) = check_text_set("puzzles3_magictour_top1465.txt", 40);
    assert_eq!(solved, total, "top1465: puzzles left to trial and error");
}

#[test]
fn forum_hardest_1106() {
    // All 375 need nested forcing chains (they rated 20.0 before); each is checked step by step.
    let (solved, total) = check_text_set("puzzles6_forum_hardest_1106.txt", 25);
    assert_eq!(solved, total, "hardest: puzzles left to trial and error");
}

#[test]
fn unbiased_first1000() {
    check_text_set("puzzles1_unbiased_first1000.txt", 150);
}

#[test]
fn radcliffe_stratified() {
    check_text_set("radcliffe3m_stratified_7034.txt", 150);
}

/// The grid where the easiest-first path first needs an extreme step (or ends), step by step.
fn path_before_extreme<'g>(geo: &'g Geometry, givens: &Grid) -> Candidates<'g> {
    let mut c = Candidates::from_givens(geo, givens);
    while !c.is_solved() && !c.is_broken() {
        let Some(step) = next_step(&c, Level::HARDEST) else {
            break;
        };
        if step.level() >= Level::Extreme || !c.apply(&step) {
            break;
        }
    }
    c
}

/// Checks that [`expert_closure_and_chains`] ends on the path's grid before its first extreme
/// step, and that [`next_step_past_expert`] takes the path's step there, for
/// each of `puzzles` (line number, geometry, givens); how many it checked.
fn check_expert_closure(
    name: &str,
    puzzles: impl Iterator<Item = (usize, Geometry, Grid)>,
) -> usize {
    let mut checked = 0;
    for (line, geo, givens) in puzzles {
        let path = path_before_extreme(&geo, &givens);
        let (closure, chains) = expert_closure_and_chains(Candidates::from_givens(&geo, &givens));
        assert!(
            path.values() == closure.values() && path.masks() == closure.masks(),
            "{name}:{line}: the expert closure ends elsewhere than the path"
        );
        if let Some(chains) = chains {
            assert_eq!(
                next_step_past_expert(&closure, chains),
                next_step(&closure, Level::HARDEST),
                "{name}:{line}: another step past the expert closure"
            );
        }
        checked += 1;
    }
    checked
}

#[test]
fn the_expert_closure_ends_where_the_path_first_needs_an_extreme_step() {
    let geo = Geometry::classic(9).expect("9x9");
    // The forum's hardest take longest: their first extreme step is a nested forcing chain.
    for (file, debug_limit) in [
        ("puzzles2_17_clue_sample1000.txt", 100),
        ("puzzles3_magictour_top1465.txt", 100),
        ("puzzles6_forum_hardest_1106.txt", 20),
        ("puzzles1_unbiased_first1000.txt", 100),
        ("radcliffe3m_stratified_7034.txt", 100),
    ] {
        let path = data_dir().join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            crate::test_support::skip(&format!("{file}: {} not found", path.display()));
            continue;
        };
        let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
        let puzzles = sample(lines, debug_limit)
            .into_iter()
            .filter_map(|(index, line)| {
                let givens = parse_line(line, index + 1, Some(9)).ok()?;
                Some((index + 1, geo.clone(), givens))
            });
        let checked = check_expert_closure(file, puzzles);
        eprintln!("{file}: the expert closure is the path's on {checked} puzzles");
    }
    let dir = data_dir().join("variants");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        crate::test_support::skip(&format!("variants: {} not found", dir.display()));
        return;
    };
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        if path.extension().is_none_or(|x| x != "jsonl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
        let puzzles = sample(lines, 30).into_iter().filter_map(|(index, line)| {
            let (geo, givens, _) = parse_variant(line)?;
            Some((index + 1, geo, givens))
        });
        let checked = check_expert_closure(&name, puzzles);
        eprintln!("{name}: the expert closure is the path's on {checked} puzzles");
    }
}

/// One puzzle of a variants `.jsonl` file: geometry, givens and solution.
fn parse_variant(line: &str) -> Option<(Geometry, Grid, Grid)> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let size = v["size"].as_u64()? as usize;
    let variant: Variant = v["variant"].as_str()?.parse().ok()?;
    let box_shape = v["box"].as_array().and_then(|b| {
        Some(BoxShape {
            rows: b.first()?.as_u64()? as usize,
            cols: b.get(1)?.as_u64()? as usize,
        })
    });
    let ints =
        |key: &str| -> Option<Vec<u64>> { v[key].as_array()?.iter().map(|x| x.as_u64()).collect() };
    let regions = match ints("regions") {
        Some(ids) => {
            let ids: Vec<usize> = ids.into_iter().map(|x| x as usize).collect();
            Some(RegionMap::from_ids(size, &ids).ok()?)
        }
        None => None,
    };
    let geo = Geometry::new(size, variant, box_shape, regions).ok()?;
    let grid = |key: &str| {
        Some(Grid::new(
            size,
            ints(key)?.into_iter().map(|x| x as u8).collect(),
        ))
    };
    Some((geo, grid("givens")?, grid("solution")?))
}

#[test]
fn variant_sets() {
    let dir = data_dir().join("variants");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        crate::test_support::skip(&format!("variants: {} not found", dir.display()));
        return;
    };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "jsonl"));
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (mut solved, mut total, mut levels) = (0, 0, [0usize; 6]);
        let lines: Vec<(usize, &str)> = text.lines().enumerate().collect();
        for (index, line) in sample(lines, 60) {
            let parsed = parse_variant(line);
            let Some((geo, givens, solution)) = parsed else {
                panic!("{name}:{}: cannot read the puzzle", index + 1);
            };
            let (ok, level) = check(&geo, &givens, &solution, &format!("{name}:{}", index + 1));
            total += 1;
            solved += ok as usize;
            levels[level as usize] += 1;
        }
        report(&name, solved, total, &levels);
    }
}

/// A puzzle made from the exact solver's first solution of the empty grid by removing cells in
/// a fixed scrambled order while the solution stays unique (at most `attempts` removals tried).
fn made_puzzle(geo: &Geometry, attempts: usize) -> Option<(Grid, Grid)> {
    made_puzzle_from(geo, attempts, 12345)
}

/// A unique puzzle dug from the solver's first solution in a random order drawn from `seed`,
/// trying `attempts` cells.
fn made_puzzle_from(geo: &Geometry, attempts: usize, seed: u64) -> Option<(Grid, Grid)> {
    let solver = Solver::new(geo);
    let solution = solver.first_solution(&geo.empty_grid())?;
    let cells = geo.cell_count();
    let mut givens = solution.clone();
    let mut state = seed;
    let mut order: Vec<usize> = (0..cells).collect();
    for i in (1..cells).rev() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        order.swap(i, (state >> 33) as usize % (i + 1));
    }
    for &cell in order.iter().take(attempts) {
        givens.set(cell, 0);
        if solver.count_solutions(&givens, 2) != 1 {
            givens.set(cell, solution.get(cell));
        }
    }
    Some((givens, solution))
}

/// Samurai, Twodoku and Butterfly dug to minimal puzzles in ten orders each: every step of
/// the logic solver agrees with the solution (fish and rectangles run per sub-grid).
#[test]
fn multi_grids_are_sound() {
    for variant in ["samurai", "twodoku", "butterfly"] {
        let geo = Geometry::new(9, variant.parse().expect("variant"), None, None).expect("shape");
        for seed in 1..=10 {
            let Some((givens, solution)) = made_puzzle_from(&geo, geo.cell_count(), seed) else {
                panic!("no solution for {variant}");
            };
            let name = format!("{variant} (dig order {seed})");
            let (solved, level) = check(&geo, &givens, &solution, &name);
            eprintln!(
                "{name}: {} givens, solved {solved}, level {level}",
                givens.filled_count()
            );
        }
    }
}

#[test]
fn every_size_and_variant_is_sound() {
    let shapes: &[(usize, &str, usize)] = &[
        (4, "classic", 16),
        (6, "classic", 36),
        (8, "classic", 64),
        (9, "diagonal", 81),
        (9, "window", 81),
        (9, "diagonal+window", 81),
        (12, "classic", 144),
        (16, "classic", 140),
    ];
    for &(size, variant, attempts) in shapes {
        let variant: Variant = variant.parse().expect("variant");
        let geo = Geometry::new(size, variant, None, None).expect("geometry");
        let Some((givens, solution)) = made_puzzle(&geo, attempts) else {
            panic!("no solution for {}", geo.describe());
        };
        let (solved, level) = check(&geo, &givens, &solution, &geo.describe());
        eprintln!(
            "{}: {} givens, solved {solved}, level {level}",
            geo.describe(),
            givens.filled_count()
        );
    }
}
