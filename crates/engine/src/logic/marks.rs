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
