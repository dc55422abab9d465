//! Tests of the modern kinds: the text form, the variant names, and the conformance every kind
//! registers in — the rule never prunes the solution's digit, `holds` agrees with the problems a
//! brute-force check finds, the exact solver's count agrees with enumeration on 4×4, and every
//! generated puzzle is unique, keeps its rules and is solved by logic without a wrong step.

use super::*;
use crate::generate::marked::sample_marks;
use crate::generate::{Request, SeededRng, Target, generate};
use crate::grid::{Geometry, Grid, Rule, Variant};
use crate::logic::{Candidates, Level, next_step};
use crate::solve::ConstrainedSolver;

/// Every marked and global kind, as `--variant` names them (every kind but killer cages).
fn every_kind() -> Vec<&'static str> {
    RuleKind::ALL
        .iter()
        .filter(|&&k| k != RuleKind::Cages)
        .map(|k| k.name())
        .collect()
}

fn kinds_of(name: &str) -> RuleKinds {
    name.parse::<Variant>().expect("a kind").rules
}

#[test]
fn every_kind_is_named_and_read_back() {
    for name in every_kind() {
        let variant: Variant = name.parse().expect(name);
        assert_eq!(variant.name(), name);
        assert_eq!(variant.rules.iter().count(), 1, "{name}");
    }
    let combined: Variant = "Anti-Knight+Jigsaw-X".parse().expect("a combination");
    assert!(combined.jigsaw && combined.diagonal);
    assert!(combined.has(RuleKind::AntiKnight));
    assert_eq!(combined.name(), "anti-knight+jigsaw+diagonal");
    let negative: Variant = "xv-negative-diagonal".parse().expect("a hyphenated pair");
    assert!(negative.has(RuleKind::XvNegative) && negative.diagonal);
    assert!("anti".parse::<Variant>().is_err());
    assert!("kropki-".parse::<Variant>().is_err());
}

#[test]
fn the_text_form_reads_back_and_names_what_is_wrong() {
    let text = "rules:kropki+quadruple;w:r1c1+r1c2;b:r2c2+r3c2;q:r4c4:1,2,2";
    let set = MarkSet::parse(text, 9).expect("marks");
    assert_eq!(set.marks().len(), 3);
    assert_eq!(MarkSet::parse(&set.to_line(), 9), Ok(set));
    let wrong = [
        ("rules:kropki;w:r1c1+r1c3", "do not"),
        ("rules:kropki;w:r1c1+r10c1", "r10c1"),
        ("rules:kropki;x:r1c1+r1c2", "needs the rule xv"),
        ("rules:kropki;w:r1c1+r1c2;b:r1c2+r1c1", "marked twice"),
        ("rules:kropki;z:r1c1", "unknown mark"),
        ("rules:quadruple;q:r1c9:1", "has none"),
        ("rules:quadruple;q:r1c1:1,1,1", "more than twice"),
        ("rules:quadruple;q:r1c1:0", "1 to 4 digits"),
        ("rules:sandwich", "unknown rule"),
        ("rules:distinct-cages;c:r1c1", "2 to 9 cells"),
        ("rules:distinct-cages;c:r1c1+r1c3", "not connected"),
        ("rules:distinct-cages;c:r1c1+r1c1", "a cell twice"),
        (
            "rules:distinct-cages;c:r1c1+r1c2;c:r1c2+r2c2",
            "r1c2 is in two cages",
        ),
        ("rules:kropki;c:r1c1+r1c2", "needs the rule distinct-cages"),
        ("kropki;w:r1c1+r1c2", "starts with 'rules:'"),
    ];
    for (text, says) in wrong {
        let error = MarkSet::parse(text, 9).expect_err(text);
        assert!(error.0.contains(says), "{text}: {error}");
    }
}

#[test]
fn a_cage_without_a_sum_makes_its_cells_peers_and_names_a_repeat() {
    let text = "rules:distinct-cages;c:r1c1+r1c2+r2c2;c:r5c5+r6c5";
    let set = MarkSet::parse(text, 9).expect("cages");
    assert_eq!(MarkSet::parse(&set.to_line(), 9), Ok(set.clone()));
    assert_eq!(
        set.distinct_pairs(),
        vec![(0, 1), (0, 10), (1, 10), (40, 49)]
    );
    // r3c3 and r4c4 share no row, column or box: the cage makes them peers.
    let across = MarkSet::parse("rules:distinct-cages;c:r3c3+r3c4+r4c4", 9).unwrap();
    let with_cage = Geometry::classic(9).unwrap().with_marks(across).unwrap();
    assert!(with_cage.peers(20).contains(&30));
    assert!(!Geometry::classic(9).unwrap().peers(20).contains(&30));
    let mut grid = vec![0u8; 81];
    grid[0] = 4;
    grid[10] = 4;
    assert_eq!(
        set.problems(&grid),
        vec!["r1c1 and r2c2 are in one cage and both hold 4".to_string()]
    );
}

#[test]
fn disjoint_groups_are_houses_and_knight_moves_are_peers() {
    let set = MarkSet::global(9, kinds_of("disjoint-groups+anti-knight")).expect("globals");
    let groups = set.disjoint_groups();
    assert_eq!(groups.len(), 9);
    assert_eq!(groups[0], vec![0, 3, 6, 27, 30, 33, 54, 57, 60]);
    let geo = Geometry::classic(9)
        .expect("classic")
        .with_marks(set)
        .expect("marks");
    assert_eq!(geo.houses().len(), 27 + 9);
    // r5c5 sees 20 cells of its houses, 4 more of its group and 8 knight's moves.
    assert_eq!(geo.peers(40).len(), 20 + 4 + 8);
    let jigsaw = MarkSet::global(9, kinds_of("disjoint-groups")).expect("globals");
    let map = crate::generate::jigsaw::random_layout(9, &mut SeededRng::new(1)).expect("a layout");
    let regions = Geometry::new(9, "jigsaw".parse().expect("jigsaw"), None, Some(map));
    assert!(regions.expect("jigsaw").with_marks(jigsaw).is_err());
}

/// Every 4×4 grid keeping the houses, by brute force.
fn all_4x4_grids() -> Vec<Vec<u8>> {
    let geo = Geometry::classic(4).expect("4x4");
    let mut found = Vec::new();
    let mut cells = vec![0u8; 16];
    fn fill(geo: &Geometry, cells: &mut Vec<u8>, at: usize, found: &mut Vec<Vec<u8>>) {
        if at == 16 {
            found.push(cells.clone());
            return;
        }
        for d in 1..=4u8 {
            if geo.peers(at).iter().all(|&p| cells[p] != d) {
                cells[at] = d;
                fill(geo, cells, at + 1, found);
                cells[at] = 0;
            }
        }
    }
    fill(&geo, &mut cells, 0, &mut found);
    found
}

#[test]
fn the_exact_solver_counts_what_enumeration_finds_on_4x4() {
    let grids = all_4x4_grids();
    assert_eq!(grids.len(), 288);
    let mut rng = SeededRng::new(46);
    for name in every_kind().into_iter().filter(|k| !k.starts_with("xv")) {
        let kinds = kinds_of(name);
        for round in 0..6 {
            let solution = Grid::new(4, grids[rng.below(grids.len())].clone());
            let mut marks = sample_marks(kinds, &solution, &mut rng);
            if round % 2 == 1 {
                marks.truncate(marks.len() / 2);
            }
            let Ok(set) = MarkSet::new(4, kinds, marks) else {
                continue;
            };
            let Ok(geo) = Geometry::classic(4).expect("4x4").with_marks(set.clone()) else {
                continue;
            };
            let by_hand = grids.iter().filter(|g| set.problems(g).is_empty()).count();
            let counted = ConstrainedSolver::new(&geo).count(&[0; 16], 1000, 0).count;
            assert_eq!(counted, by_hand, "{name}: {}", set.to_line());
            let rule = MarkRule::new(&set);
            for grid in &grids {
                let distinct = set
                    .distinct_pairs()
                    .iter()
                    .all(|&(a, b)| grid[a] != grid[b]);
                assert_eq!(
                    rule.holds(grid) && distinct && groups_hold(&set, grid),
                    set.problems(grid).is_empty(),
                    "{name}: {grid:?}"
                );
            }
        }
    }
}

fn groups_hold(set: &MarkSet, grid: &[u8]) -> bool {
    set.disjoint_groups().iter().all(|group| {
        let mut seen = 0u32;
        group.iter().all(|&c| {
            let fresh = seen & bit(grid[c]) == 0;
            seen |= bit(grid[c]);
            fresh
        })
    })
}

#[test]
fn pruning_never_removes_the_solutions_digit() {
    let mut rng = SeededRng::new(7);
    for name in every_kind() {
        let kinds = kinds_of(name);
        for _ in 0..10 {
            let mut request = Request::new(name.parse().expect(name), 9);
            request.target = Target::Level(Level::Medium);
            let made = generate(&request, rng.next_u64()).expect("a puzzle");
            let Some(rule) = made.geometry.constraints().mark_rule() else {
                assert!(kinds.iter().all(RuleKind::is_global), "{name}");
                continue;
            };
            let solution = made.solution.cells();
            let mut values = solution.to_vec();
            for value in values.iter_mut() {
                if rng.chance(2, 3) {
                    *value = 0;
                }
            }
            let mut cand = vec![(1u32 << 9) - 1; 81];
            let mut scratch = Vec::new();
            rule.prune(&values, &mut cand, &mut scratch)
                .expect("no contradiction");
            for cell in (0..81).filter(|&c| values[c] == 0) {
                assert_ne!(cand[cell] & bit(solution[cell]), 0, "{name}: cell {cell}");
            }
        }
    }
}

#[test]
fn generated_puzzles_are_unique_keep_their_rules_and_solve_soundly() {
    for name in every_kind() {
        for (seed, level) in [(1, Level::Easy), (2, Level::Medium), (3, Level::Hard)] {
            assert_generated_sound(name, seed, level);
        }
    }
}

#[test]
fn killer_cages_beside_marks_are_generated_at_each_level() {
    for name in [
        "killer+kropki",
        "killer+xv",
        "killer+anti-king",
        "killer+even-odd",
    ] {
        for (seed, level) in [(1, Level::Easy), (2, Level::Medium), (3, Level::Hard)] {
            let made = assert_generated_sound(name, seed, level);
            let cages = made.geometry.cages().expect("cages beside the marks");
            let covered: usize = cages.cages().iter().map(|c| c.cells.len()).sum();
            assert_eq!(covered, 81, "{name}: the cages cover the grid");
            assert_eq!(
                made.givens.filled_count(),
                0,
                "{name}: a killer has no givens"
            );
        }
    }
}

#[test]
fn splitting_a_cage_keeps_the_marks_beside_it() {
    use crate::generate::cages::CageSampler;
    use crate::generate::constrained::Sampler;
    let mut request = Request::new("killer+kropki".parse().expect("variant"), 9);
    request.target = Target::Level(Level::Hard);
    let made = generate(&request, 4).expect("a puzzle");
    let mut rng = crate::generate::SeededRng::new(1);
    let easier = CageSampler
        .easier(&made.geometry, &made.solution, &mut rng)
        .expect("a cage to split");
    assert_eq!(easier.marks(), made.geometry.marks());
    let count = |geo: &Geometry| geo.cages().map_or(0, |c| c.cages().len());
    assert_eq!(count(&easier), count(&made.geometry) + 1);
}

/// Generates `name` at `level` from `seed` twice and checks the puzzle: the same both times, on
/// the level, exactly one solution (the one written), givens from it, every rule kept, and a
/// logical solve that never removes the solution's digit.
fn assert_generated_sound(name: &str, seed: u64, level: Level) -> crate::generate::Generated {
    let mut request = Request::new(name.parse().expect(name), 9);
    request.target = Target::Level(level);
    let made = generate(&request, seed).expect(name);
    let again = generate(&request, seed).expect(name);
    assert_eq!(made.givens, again.givens, "{name}: same seed, same puzzle");
    assert_eq!(
        made.geometry, again.geometry,
        "{name}: same seed, same marks"
    );
    assert_eq!(made.rating.level, level, "{name}");
    let geo = &made.geometry;
    let count = ConstrainedSolver::new(geo).count(made.givens.cells(), 2, 1);
    assert_eq!(count.count, 1, "{name} {level}");
    assert_eq!(count.solutions[0], made.solution.cells(), "{name}");
    for cell in 0..81 {
        let given = made.givens.get(cell);
        assert!(given == 0 || given == made.solution.get(cell), "{name}");
    }
    let marks = geo.marks().expect("marks");
    assert!(marks.problems(made.solution.cells()).is_empty(), "{name}");
    assert!(geo.constraints().hold(made.solution.cells()), "{name}");
    assert!(
        solves_soundly(geo, &made.givens, &made.solution),
        "{name} {level}"
    );
    made
}

/// Solves by logic (every technique), checking every placement and elimination against the
/// solution; true when it finishes.
fn solves_soundly(geo: &Geometry, givens: &Grid, solution: &Grid) -> bool {
    let mut c = Candidates::from_givens(geo, givens);
    while !c.is_solved() && !c.is_broken() {
        let Some(step) = next_step(&c, Level::HARDEST) else {
            break;
        };
        for &(x, d) in &step.placements {
            assert_eq!(d, solution.get(x), "wrong placement: {step}");
        }
        for &(x, d) in &step.eliminations {
            assert_ne!(d, solution.get(x), "removes the solution's digit: {step}");
        }
        assert!(c.apply(&step), "step changes nothing: {step}");
    }
    !c.is_broken() && c.is_solved()
}

#[test]
fn marks_say_what_a_grid_breaks() {
    let set =
        MarkSet::parse("rules:anti-knight+kropki+even-odd;w:r1c1+r1c2;e:r1c3", 9).expect("marks");
    let mut grid = vec![0u8; 81];
    grid[0] = 1;
    grid[1] = 3;
    grid[2] = 5;
    grid[11] = 1;
    let problems = set.problems(&grid);
    assert!(
        problems
            .iter()
            .any(|p| p == "r1c1 and r2c3 are a knight's move apart and both hold 1"),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("white dot between them")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p == "r1c3 is an even square and holds 5"),
        "{problems:?}"
    );
}

#[test]
fn canonical_ids_follow_the_marks_under_every_move() {
    use crate::grid::{Group, puzzle_id};
    for name in every_kind().into_iter().chain([
        "anti-knight+diagonal",
        "xv+kropki",
        "disjoint-groups+window",
    ]) {
        let mut request = Request::new(name.parse().expect(name), 9);
        request.target = Target::Level(Level::Easy);
        let made = generate(&request, 5).expect(name);
        let id = puzzle_id(&made.geometry, &made.givens).expect("an ID");
        let shape = made.geometry.variant().name().replace(['+', '-'], "_");
        assert!(id.contains(&shape), "{id}");
        let group = Group::of(&made.geometry);
        for index in 0..group.moves() {
            let chosen = group.move_at(index);
            let geo = chosen
                .apply_geometry(&made.geometry)
                .expect("the move carries the marks");
            let givens = chosen.apply(&made.givens);
            assert_eq!(
                puzzle_id(&geo, &givens).as_deref(),
                Some(id.as_str()),
                "{name}, move {index}"
            );
        }
        // One mark fewer (or, for a global rule, one given fewer) is another puzzle.
        let marks = made.geometry.marks().expect("marks");
        if let Some((_, rest)) = marks.marks().split_first() {
            let fewer = MarkSet::new(9, marks.kinds(), rest.to_vec()).expect("marks");
            let geo = made.geometry.with_marks(fewer).expect("geometry");
            assert_ne!(puzzle_id(&geo, &made.givens), Some(id.clone()), "{name}");
        }
    }
}
