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
}
