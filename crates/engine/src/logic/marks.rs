//! The technique of the modern kinds' marks: a candidate that a mark or a global relation
//! leaves without a partner (a black dot's cell cannot hold 5 beside a cell that cannot hold
//! 10 or 2½; an even square holds no odd digit; a quadruple's digits must fit its 2×2). It reads
//! the same compiled families as the exact solver ([`crate::grid::marks::Compiled`]), so every
//! kind is covered by this one finder.

use super::candidates::{Candidates, bit, digits};
use super::step::Step;
use super::technique::Technique;

/// The first mark (cell masks, then pairs, then quadruples) that removes candidates.
pub fn mark_elimination(c: &Candidates) -> Option<Step> {
    let compiled = c.geometry().constraints().mark_rule()?.compiled();
    let seen = |cell: usize| match c.value(cell) {
        0 => c.mask(cell),
        digit => bit(digit),
    };
    let open = |cell: usize| c.value(cell) == 0;
    for &(cell, mask) in &compiled.masks {
        if open(cell) && c.mask(cell) & !mask != 0 {
            return Some(step(c, &[cell], &[(cell, c.mask(cell) & !mask)]));
        }
    }
    for pair in &compiled.pairs {
        let out_b = c.mask(pair.b) & !pair.support_of_b(seen(pair.a));
        let out_a = c.mask(pair.a) & !pair.support_of_a(seen(pair.b));
        let removals: Vec<(usize, u32)> = [(pair.a, out_a), (pair.b, out_b)]
            .into_iter()
            .filter(|&(cell, out)| open(cell) && out != 0)
            .collect();
        if !removals.is_empty() {
            return Some(step(c, &[pair.a, pair.b], &removals));
        }
    }
    for quad in &compiled.quads {
        let support = quad.supported(quad.cells.map(seen));
        let removals: Vec<(usize, u32)> = quad
            .cells
            .iter()
            .zip(support)
            .map(|(&cell, keep)| (cell, c.mask(cell) & !keep))
            .filter(|&(cell, out)| open(cell) && out != 0)
            .collect();
        if !removals.is_empty() {
            return Some(step(c, &quad.cells, &removals));
        }
    }
    None
}

/// Locked candidates through a relation (Sudoku Explainer's *locked non-consecutive*, 2.5, for
/// every relation the marks compile to): when each place of a digit in a house is a cell X or is
/// tied to X by a relation, X can only hold what the digit allows beside it wherever it goes
/// (the 5s of box 1 are both beside r2c2 under non-consecutive: r2c2 is neither 4 nor 6).
pub fn locked_mark(c: &Candidates) -> Option<Step> {
    let compiled = c.geometry().constraints().mark_rule()?.compiled();
    if compiled.pairs.is_empty() {
        return None;
    }
    let geo = c.geometry();
    for digit in 1..=c.size() as u8 {
        for house in geo.houses() {
            let places = c.holding(&house.cells, digit);
            // One place is a hidden single, found before; two or more can be locked.
            let [first, _, ..] = places[..] else {
                continue;
            };
            let targets =
                std::iter::once(first).chain(compiled.partners[first].iter().map(|p| p.0));
            // A placed target has no candidates left to lose.
            for target in targets {
                let Some(keep) = allowed_beside(compiled, &places, target, digit) else {
                    continue;
                };
                let out = c.mask(target) & !keep;
                if out != 0 {
                    let mut step = step(c, &places, &[(target, out)]);
                    step.technique = Technique::LockedMark;
                    step.digits = bit(digit);
                    step.houses = vec![house.kind];
                    return Some(step);
                }
            }
        }
    }
    None
}

/// What `target` may hold when `digit` is at one of `places`: the union, over
/// the places, of what each place's relation with `target` allows beside the digit (the digit
/// itself when the place is `target`); `None` when a place is not tied to `target`.
fn allowed_beside(
    compiled: &crate::grid::marks::Compiled,
    places: &[usize],
    target: usize,
    digit: u8,
) -> Option<u32> {
    let mut keep = 0;
    for &place in places {
        if place == target {
            keep |= bit(digit);
            continue;
        }
        let &(_, index) = compiled.partners[place].iter().find(|p| p.0 == target)?;
        keep |= compiled.pairs[index].beside(place, digit);
    }
    Some(keep)
}

fn step(c: &Candidates, cells: &[usize], removals: &[(usize, u32)]) -> Step {
    let mut step = Step::new(Technique::MarkElimination, c.names());
    step.cells = cells.to_vec();
    for &(cell, out) in removals {
        step.digits |= out;
        step.eliminations.extend(digits(out).map(|d| (cell, d)));
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Geometry, Grid, MarkSet};

    /// The first Mark elimination on an empty 9×9 (plus `givens`) with the rules field `rules`.
    fn first_step(rules: &str, givens: &[(usize, u8)]) -> Option<Step> {
        let marks = MarkSet::parse(rules, 9).expect("marks");
        let geo = Geometry::classic(9)
            .expect("classic")
            .with_marks(marks)
            .expect("geometry");
        let mut grid = Grid::empty(9);
        for &(cell, digit) in givens {
            grid.set(cell, digit);
        }
        let c = Candidates::from_givens(&geo, &grid);
        mark_elimination(&c)
    }

    fn removed(step: &Step, cell: usize) -> Vec<u8> {
        let mut digits: Vec<u8> = step
            .eliminations
            .iter()
            .filter(|e| e.0 == cell)
            .map(|e| e.1)
            .collect();
        digits.sort_unstable();
        digits
    }

    #[test]
    fn a_black_dot_removes_what_has_no_double_or_half() {
        let step = first_step("rules:kropki;b:r1c1+r1c2", &[]).expect("a step");
        assert_eq!(step.technique, Technique::MarkElimination);
        assert_eq!(removed(&step, 0), [5, 7, 9]);
        assert_eq!(removed(&step, 1), [5, 7, 9]);
        assert_eq!(step.cells, [0, 1]);
    }

    #[test]
    fn a_white_dot_beside_a_given_leaves_its_neighbours() {
        let step = first_step("rules:kropki;w:r1c1+r1c2", &[(0, 1)]).expect("a step");
        assert_eq!(removed(&step, 1), [3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn an_x_beside_a_given_leaves_its_complement() {
        let step = first_step("rules:xv;x:r5c5+r6c5", &[(40, 3)]).expect("a step");
        assert_eq!(removed(&step, 49), [1, 2, 4, 5, 6, 8, 9]);
        let v = first_step("rules:xv;v:r5c5+r6c5", &[]).expect("a step");
        assert_eq!(removed(&v, 40), [5, 6, 7, 8, 9]);
    }

    #[test]
    fn parity_extremes_quadruples_and_non_consecutive_each_remove_their_digits() {
        let even = first_step("rules:even-odd;e:r2c2", &[]).expect("a step");
        assert_eq!(removed(&even, 10), [1, 3, 5, 7, 9]);
        let minimum = first_step("rules:min-max;min:r5c5", &[]).expect("a step");
        // The minimum cannot hold 9, its neighbour cannot hold 1; nothing else goes.
        assert!(!minimum.eliminations.is_empty());
        let sound = |&(cell, d): &(usize, u8)| (cell == 40 && d == 9) || (cell != 40 && d == 1);
        assert!(minimum.eliminations.iter().all(sound), "{minimum}");
        let quad = first_step("rules:quadruple;q:r1c1:1,2,3,4", &[]).expect("a step");
        assert_eq!(removed(&quad, 0), [5, 6, 7, 8, 9]);
        let calm = first_step("rules:non-consecutive", &[(40, 5)]).expect("a step");
        let around: Vec<u8> = calm.eliminations.iter().map(|e| e.1).collect();
        assert!(around.iter().all(|&d| d == 4 || d == 6), "{calm}");
    }

    #[test]
    fn no_step_where_the_marks_take_nothing() {
        // No marks at all, and a global rule of peers only: nothing for this finder.
        assert!(first_step("rules:anti-knight", &[]).is_none());
        // A white dot between cells that can only hold 1 and 2 already.
        let marks = MarkSet::parse("rules:kropki;w:r1c1+r1c2", 9).expect("marks");
        let geo = Geometry::classic(9)
            .expect("classic")
            .with_marks(marks)
            .expect("geometry");
        let mut c = Candidates::from_givens(&geo, &Grid::empty(9));
        for digit in 3..=9 {
            c.eliminate(0, digit);
            c.eliminate(1, digit);
        }
        assert!(mark_elimination(&c).is_none());
        let classic = Geometry::classic(9).expect("classic");
        assert!(mark_elimination(&Candidates::from_givens(&classic, &Grid::empty(9))).is_none());
    }

    /// The first Locked mark on an open 9×9 under `rules`, with 5 left in box 1 only at `fives`.
    fn locked_step(rules: &str, fives: &[usize]) -> Option<Step> {
        let marks = MarkSet::parse(rules, 9).expect("marks");
        let geo = Geometry::classic(9)
            .expect("classic")
            .with_marks(marks)
            .expect("geometry");
        let mut c = Candidates::from_givens(&geo, &Grid::empty(9));
        for cell in [0, 1, 2, 9, 10, 11, 18, 19, 20] {
            if !fives.contains(&cell) {
                c.eliminate(cell, 5);
            }
        }
        assert!(
            mark_elimination(&c).is_none(),
            "nothing before the locked mark"
        );
        locked_mark(&c)
    }

    #[test]
    fn locked_non_consecutive_keeps_a_cell_from_the_neighbours_of_its_digit() {
        // The 5 of box 1 is at r1c1 or beside it at r1c2: r1c1 is 5 or beside a 5, never 4 or 6.
        let step = locked_step("rules:non-consecutive", &[0, 1]).expect("a locked mark");
        assert_eq!(step.technique, Technique::LockedMark);
        assert_eq!(step.houses, vec![crate::grid::HouseKind::Box(0)]);
        assert_eq!(step.cells, [0, 1]);
        assert_eq!(step.eliminations, [(0, 4), (0, 6)]);
        assert_eq!(
            step.to_string(),
            "Locked mark {5} in box 1 (r1c1, r1c2): removes 4 from r1c1, 6 from r1c1"
        );
    }

    #[test]
    fn a_locked_white_dot_leaves_the_digit_and_its_neighbours() {
        // 5 is at r1c1, or at r2c1 across a white dot: r1c1 holds 4, 5 or 6.
        let step = locked_step("rules:kropki;w:r1c1+r2c1", &[0, 9]).expect("a locked mark");
        assert_eq!(removed(&step, 0), [1, 2, 3, 7, 8, 9]);
    }

    #[test]
    fn no_locked_mark_without_a_cell_tied_to_every_place() {
        assert!(locked_step("rules:non-consecutive", &[0, 20]).is_none());
        assert!(locked_step("rules:non-consecutive", &[0, 1, 20]).is_none());
        assert!(
            locked_step("rules:anti-knight", &[0, 1]).is_none(),
            "no relations"
        );
        assert!(
            locked_step("rules:kropki;w:r1c1+r2c1", &[0, 1]).is_none(),
            "r1c2 is not tied"
        );
    }
}
