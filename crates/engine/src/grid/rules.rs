//! Rules beyond houses, as data with one interface. A shape's houses say "each digit once"; a
//! rule says something more about some cells (a killer cage: distinct digits adding up to its
//! sum). Every rule answers the same three questions through [`Rule`]: which cells it covers,
//! what it removes from their candidates given the grid (or that the grid contradicts it), and
//! whether a filled grid keeps it. The logic solver's propagation (forcing chains) prunes with
//! it; a rule's named techniques are extra finders in `logic`. Cage membership itself is not a
//! rule but peers: cells of a cage see each other, which the geometry builds in.
//!
//! Also here: the candidate-mask helpers every layer shares ([`digits`], [`bit`]) and the
//! enumeration of the fillings of a set of cells by distinct digits with a given sum.

use std::sync::Arc;

use super::marks::{MarkRule, MarkSet};
use super::variant::{RuleKind, RuleKinds};
use super::{Cage, CageSet};

/// The rules of a geometry beyond its houses, as data: what the puzzle file or the generator's
/// sampler gave. Killer cages are the first kind; a new kind adds its data here, its
/// [`RuleKind`], a [`Rule`] implementation, and the arms that solve, sample and draw it (the
/// recipe is in docs/ARCHITECTURE.md).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Constraints {
    cages: Option<Arc<CageSet>>,
    marks: Option<Arc<MarkSet>>,
    /// The marks as one rule, compiled once (derived from `marks`).
    mark_rule: Option<MarkRuleCell>,
}

/// The compiled rule of a mark set; derived, so it never makes two constraint sets differ.
#[derive(Clone)]
struct MarkRuleCell(Arc<MarkRule>);

impl std::ops::Deref for MarkRuleCell {
    type Target = MarkRule;
    fn deref(&self) -> &MarkRule {
        &self.0
    }
}

impl PartialEq for MarkRuleCell {
    fn eq(&self, _: &MarkRuleCell) -> bool {
        true
    }
}

impl Eq for MarkRuleCell {}

impl std::fmt::Debug for MarkRuleCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("compiled marks")
    }
}

impl Constraints {
    /// Killer cages.
    pub fn with_cages(cages: CageSet) -> Constraints {
        Constraints {
            cages: Some(Arc::new(cages)),
            ..Constraints::default()
        }
    }

    /// These constraints with the modern kinds' marks (replacing any marks they had).
    pub fn with_marks(&self, marks: Option<MarkSet>) -> Constraints {
        let mark_rule = marks
            .as_ref()
            .map(|set| MarkRuleCell(Arc::new(MarkRule::new(set))));
        Constraints {
            cages: self.cages.clone(),
            marks: marks.map(Arc::new),
            mark_rule,
        }
    }

    /// The kinds present.
    pub fn kinds(&self) -> RuleKinds {
        let cages = match self.cages {
            Some(_) => RuleKinds::NONE.with(RuleKind::Cages),
            None => RuleKinds::NONE,
        };
        cages.union(self.marks.as_ref().map_or(RuleKinds::NONE, |m| m.kinds()))
    }

    /// The modern kinds' marks and global rules, if any.
    pub fn marks(&self) -> Option<&MarkSet> {
        self.marks.as_deref()
    }

    /// The marks as one compiled rule, if any.
    pub fn mark_rule(&self) -> Option<&MarkRule> {
        self.mark_rule.as_ref().map(|cell| &*cell.0)
    }

    /// True when there is no rule beyond the houses.
    pub fn is_empty(&self) -> bool {
        self.kinds().is_empty()
    }

    /// The killer cages, if any.
    pub fn cages(&self) -> Option<&CageSet> {
        self.cages.as_deref()
    }

    /// Every rule, each with its cells and its prune (one per cage, then the marks as one).
    pub fn rules(&self) -> impl Iterator<Item = &dyn Rule> {
        self.cages
            .iter()
            .flat_map(|set| set.cages().iter().map(|cage| cage as &dyn Rule))
            .chain(self.mark_rule().map(|rule| rule as &dyn Rule))
    }

    /// True when a filled grid keeps every rule.
    pub fn hold(&self, values: &[u8]) -> bool {
        self.rules().all(|rule| rule.holds(values))
    }
}

/// A grid breaks a rule: no filling of its cells is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contradiction;

/// A rule over some cells of a grid.
pub trait Rule {
    /// The cells the rule covers.
    fn cells(&self) -> &[usize];

    /// Narrows the candidates (`cand`, bit `d−1` for digit `d`) of the rule's open cells
    /// (`values[c] == 0`) to those some filling allows; `Ok(true)` when a candidate went,
    /// `Err(Contradiction)` when no filling is left. `scratch` is a reusable buffer.
    fn prune(
        &self,
        values: &[u8],
        cand: &mut [u32],
        scratch: &mut Vec<u32>,
    ) -> Result<bool, Contradiction>;

    /// True when the digits `values` (every cell of the rule filled) keep the rule.
    fn holds(&self, values: &[u8]) -> bool;
}

impl Rule for Cage {
    fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// A cage's open cells keep the digits some filling of the rest of its sum by distinct
    /// digits puts there.
    fn prune(
        &self,
        values: &[u8],
        cand: &mut [u32],
        scratch: &mut Vec<u32>,
    ) -> Result<bool, Contradiction> {
        scratch.clear();
        let (mut placed, mut placed_sum) = (0u32, 0u32);
        for &x in &self.cells {
            if values[x] == 0 {
                scratch.push(cand[x]);
            } else {
                placed |= bit(values[x]);
                placed_sum += u32::from(values[x]);
            }
        }
        let rest = self.sum.checked_sub(placed_sum).ok_or(Contradiction)?;
        if scratch.is_empty() {
            return if rest == 0 {
                Ok(false)
            } else {
                Err(Contradiction)
            };
        }
        let allowed = fillings(scratch, placed, rest, |_| true).allowed;
        let open = self.cells.iter().filter(|&&x| values[x] == 0);
        let mut progress = false;
        for (&x, &a) in open.zip(&allowed) {
            let m = cand[x] & a;
            if m == 0 {
                return Err(Contradiction);
            }
            if m != cand[x] {
                cand[x] = m;
                progress = true;
            }
        }
        Ok(progress)
    }

    fn holds(&self, values: &[u8]) -> bool {
        let mut seen = 0u32;
        let mut total = 0u32;
        for &x in &self.cells {
            let value = values[x];
            if value == 0 || seen & bit(value) != 0 {
                return false;
            }
            seen |= bit(value);
            total += u32::from(value);
        }
        total == self.sum
    }
}

/// Iterates the digits (1-based) of a candidate mask, lowest first.
pub fn digits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let digit = mask.trailing_zeros() as u8 + 1;
        mask &= mask - 1;
        Some(digit)
    })
}

/// The mask bit of a digit.
pub fn bit(digit: u8) -> u32 {
    1u32 << (digit - 1)
}

/// The sum of the digits of a mask.
pub fn mask_sum(mask: u32) -> u32 {
    digits(mask).map(u32::from).sum()
}

/// The fillings of open cells that all see each other.
#[derive(Debug, Clone, PartialEq)]
pub struct Fillings {
    /// Per open cell: the digits it takes in some valid filling.
    pub allowed: Vec<u32>,
    /// The digit sets of the valid fillings, ascending.
    pub sets: Vec<u32>,
}

/// The fillings of open cells with candidates `masks` by distinct digits outside `placed`
/// adding up to `rest`, keeping only the digit sets `keep` accepts. Layered over the sets of
/// digits used so far, so a group of up to N cells stays cheap.
pub fn fillings(masks: &[u32], placed: u32, rest: u32, keep: impl Fn(u32) -> bool) -> Fillings {
    let mut allowed = vec![0; masks.len()];
    let free = |i: usize, used: u32| masks[i] & !used & !placed;
    let mut layers: Vec<Vec<u32>> = vec![vec![0]];
    for i in 0..masks.len() {
        let mut next: Vec<u32> = Vec::new();
        for &used in &layers[i] {
            for d in digits(free(i, used)) {
                let grown = used | bit(d);
                if mask_sum(grown) <= rest {
                    next.push(grown);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        layers.push(next);
    }
    let sets: Vec<u32> = layers[masks.len()]
        .iter()
        .copied()
        .filter(|&m| mask_sum(m) == rest && keep(m))
        .collect();
    let mut good = sets.clone();
    for i in (0..masks.len()).rev() {
        let mut before = Vec::new();
        for &used in &layers[i] {
            let mut ok = false;
            for d in digits(free(i, used)) {
                if good.binary_search(&(used | bit(d))).is_ok() {
                    allowed[i] |= bit(d);
                    ok = true;
                }
            }
            if ok {
                before.push(used);
            }
        }
        good = before;
    }
    Fillings { allowed, sets }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::cage;

    #[test]
    fn a_cage_keeps_the_digits_of_its_fillings() {
        // A cage of two cells adding up to 3 holds 1 and 2.
        let rule = cage(&[0, 1], 3);
        let mut cand = vec![0b1_1111_1111u32; 4];
        let mut scratch = Vec::new();
        assert_eq!(rule.prune(&[0; 4], &mut cand, &mut scratch), Ok(true));
        assert_eq!(&cand[..2], &[0b11, 0b11]);
        assert_eq!(
            cand[2], 0b1_1111_1111,
            "cells outside the cage are left alone"
        );
        assert_eq!(rule.prune(&[0; 4], &mut cand, &mut scratch), Ok(false));
    }

    #[test]
    fn a_placed_digit_narrows_the_rest_and_a_wrong_one_contradicts() {
        let rule = cage(&[0, 1, 2], 10);
        let mut cand = vec![0b1_1111_1111u32; 3];
        let mut scratch = Vec::new();
        // 6 placed: the two others add up to 4, so 1 and 3.
        assert_eq!(rule.prune(&[6, 0, 0], &mut cand, &mut scratch), Ok(true));
        assert_eq!(&cand[1..], &[0b101, 0b101]);
        // 9 and 1 placed leave nothing for the third cell; 9 and 2 are already past the sum.
        let mut cand = vec![0b1_1111_1111u32; 3];
        assert_eq!(
            rule.prune(&[9, 1, 0], &mut cand, &mut scratch),
            Err(Contradiction)
        );
        assert_eq!(
            rule.prune(&[9, 2, 0], &mut cand.clone(), &mut scratch),
            Err(Contradiction)
        );
    }

    #[test]
    fn a_geometry_names_the_kinds_its_constraints_have() {
        use crate::grid::{CageSet, Geometry, RuleKind, Variant};
        // A killer variant builds its houses; the cages are data added after.
        let killer: Variant = "killer+diagonal".parse().expect("a variant");
        let plain = Geometry::new(4, killer, None, None).expect("houses");
        assert_eq!(plain.variant().name(), "diagonal");
        assert!(plain.constraints().is_empty());
        let rows = (0..4).map(|r| cage(&[4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3], 10));
        let caged = plain
            .with_cages(CageSet::new(4, rows.collect()).expect("cages"))
            .expect("fits");
        assert_eq!(caged.variant().name(), "killer+diagonal");
        assert!(caged.variant().has(RuleKind::Cages));
        assert_eq!(caged.constraints().rules().count(), 4);
        assert!(
            caged
                .constraints()
                .hold(&[1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3])
        );
        assert!(
            !caged
                .constraints()
                .hold(&[1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 4])
        );
        assert_eq!(caged.without_cages(), plain, "the houses under the cages");
    }

    #[test]
    fn holds_on_filled_cells_only_with_the_sum_and_distinct_digits() {
        let rule = cage(&[0, 1, 2], 10);
        assert!(rule.holds(&[1, 4, 5]));
        assert!(!rule.holds(&[1, 4, 4]), "sum 9");
        assert!(!rule.holds(&[2, 4, 4]), "repeated digit");
        assert!(!rule.holds(&[6, 4, 0]), "not filled");
    }
}
