//! Naked and hidden subsets (pairs, triples, quads) inside any house: `k` cells whose candidates
//! together are `k` digits (naked), or `k` digits whose places together are `k` cells (hidden).
//! A *direct* hidden pair or triple is one whose removals leave another digit a single place in
//! the same house, placed in the same step (Sudoku Explainer's direct hidden pair, 2.0, and
//! triplet, 2.5: seen without writing a candidate).

use super::candidates::{Candidates, bit, digits};
use super::quiet::{QuietParts, with_quiet_parts};
use super::step::Step;
use super::technique::Technique;
use crate::grid::HouseKind;

/// Calls `visit` with every `k`-subset (ascending indices) of `masks` whose masks together have
/// exactly `k` bits, and that union, until it returns `Some`. The subsets come in lexicographic
/// order; a branch whose union already has more than `k` bits is cut, as no subset in it can
/// qualify.
pub(crate) fn subsets_with_union<T>(
    masks: &[u32],
    k: usize,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    /// The subset picked so far (indices into `masks`), on the stack: `k` is at most 32.
    struct Picked {
        at: [usize; 32],
        len: usize,
    }
    fn go<T>(
        masks: &[u32],
        k: usize,
        start: usize,
        union: u32,
        picked: &mut Picked,
        visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
    ) -> Option<T> {
        if picked.len == k {
            return if union.count_ones() as usize == k {
                visit(&picked.at[..k], union)
            } else {
                None
            };
        }
        for i in start..masks.len() {
            if masks.len() - i < k - picked.len {
                break;
            }
            let wider = union | masks[i];
            if wider.count_ones() as usize > k {
                continue;
            }
            picked.at[picked.len] = i;
            picked.len += 1;
            let found = go(masks, k, i + 1, wider, picked, visit);
            picked.len -= 1;
            if found.is_some() {
                return found;
            }
        }
        None
    }
    // A union of more than 32 digits does not fit a u32: no such subset.
    if k == 0 || k > masks.len() || k > 32 {
        return None;
    }
    let mut picked = Picked {
        at: [0; 32],
        len: 0,
    };
    go(masks, k, 0, 0, &mut picked, visit)
}

/// Two cells of a house with the same two candidates.
pub fn naked_pair(c: &Candidates) -> Option<Step> {
    naked(c, 2, Technique::NakedPair)
}

/// Three cells of a house with three candidates between them.
pub fn naked_triple(c: &Candidates) -> Option<Step> {
    naked(c, 3, Technique::NakedTriple)
}

/// Four cells of a house with four candidates between them.
pub fn naked_quad(c: &Candidates) -> Option<Step> {
    naked(c, 4, Technique::NakedQuad)
}

/// Two digits with the same two places in a house.
pub fn hidden_pair(c: &Candidates) -> Option<Step> {
    hidden(c, 2, Technique::HiddenPair)
}

/// Three digits with three places between them in a house.
pub fn hidden_triple(c: &Candidates) -> Option<Step> {
    hidden(c, 3, Technique::HiddenTriple)
}

/// Four digits with four places between them in a house.
pub fn hidden_quad(c: &Candidates) -> Option<Step> {
    hidden(c, 4, Technique::HiddenQuad)
}

/// A hidden pair whose removals leave another digit one place in its house: that place is
/// filled.
pub fn direct_hidden_pair(c: &Candidates) -> Option<Step> {
    direct_hidden(c, 2, Technique::DirectHiddenPair)
}

/// A hidden triple whose removals leave another digit one place in its house: that place is
/// filled.
pub fn direct_hidden_triple(c: &Candidates) -> Option<Step> {
    direct_hidden(c, 3, Technique::DirectHiddenTriple)
}

fn naked(c: &Candidates, k: usize, technique: Technique) -> Option<Step> {
    with_quiet_parts(technique, |quiet| naked_in(c, k, technique, quiet))
}

/// [`naked`], passing over the houses `quiet` knows hold none: what a house holds depends only
/// on its cells' candidates.
fn naked_in(
    c: &Candidates,
    k: usize,
    technique: Technique,
    quiet: &mut QuietParts,
) -> Option<Step> {
    // Reused for every house (this runs at most steps of every rating).
    let (mut open, mut small, mut masks) = (Vec::new(), Vec::new(), Vec::new());
    let mut contents = Vec::new();
    for (h, house) in c.geometry().houses().iter().enumerate() {
        if c.open_in(h) <= k {
            continue;
        }
        contents.clear();
        contents.extend(house.cells.iter().map(|&x| c.mask(x)));
        if quiet.known(h, &contents) {
            continue;
        }
        open.clear();
        open.extend(house.cells.iter().copied().filter(|&x| c.value(x) == 0));
        small.clear();
        small.extend(
            open.iter()
                .copied()
                .filter(|&x| (2..=k as u32).contains(&c.mask(x).count_ones())),
        );
        masks.clear();
        masks.extend(small.iter().map(|&x| c.mask(x)));
        let found = subsets_with_union(&masks, k, &mut |pick, union| {
            // Most subsets found remove nothing (those already used): nothing is made for them.
            let picked = |x: &usize| pick.iter().any(|&i| small[i] == *x);
            if !open.iter().any(|x| !picked(x) && c.mask(*x) & union != 0) {
                return None;
            }
            let cells: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
            let elims: Vec<(usize, u8)> = open
                .iter()
                .filter(|x| !cells.contains(x))
                .flat_map(|&x| digits(c.mask(x) & union).map(move |d| (x, d)))
                .collect();
            (!elims.is_empty()).then_some((cells, union, elims))
        });
        let Some((cells, union, elims)) = found else {
            quiet.remember(h, &contents);
            continue;
        };
        return Some(subset_step(c, technique, house.kind, (cells, union), elims));
    }
    None
}

fn hidden(c: &Candidates, k: usize, technique: Technique) -> Option<Step> {
    hidden_subsets(c, k, technique, false)
}

/// Direct hidden subsets of size `k`: in a house with more than `k` open cells, `k` digits
/// whose places together are `k` cells, such that another digit with two or more places in the
/// house has exactly one outside those cells. The step removes the subset cells' other
/// candidates and places that digit.
fn direct_hidden(c: &Candidates, k: usize, technique: Technique) -> Option<Step> {
    hidden_subsets(c, k, technique, true)
}

/// Hidden subsets of `k` digits, plain (some other candidate leaves their cells) or `direct`
/// (the removals leave another digit one place in the house, placed in the step).
fn hidden_subsets(c: &Candidates, k: usize, technique: Technique, direct: bool) -> Option<Step> {
    with_quiet_parts(technique, |quiet| {
        hidden_subsets_in(c, k, technique, direct, quiet)
    })
}

/// [`hidden_subsets`], passing over the houses `quiet` knows hold none: what a house holds
/// depends only on its cells' candidates.
fn hidden_subsets_in(
    c: &Candidates,
    k: usize,
    technique: Technique,
    direct: bool,
    quiet: &mut QuietParts,
) -> Option<Step> {
    let geo = c.geometry();
    let (mut candidates, mut masks) = (Vec::new(), Vec::new());
    let mut contents = Vec::new();
    for (h, house) in geo.houses().iter().enumerate() {
        if c.open_in(h) <= k || (k <= 3 && few_digits_with_two_to_k_places(c, &house.cells, k)) {
            continue;
        }
        contents.clear();
        contents.extend(house.cells.iter().map(|&x| c.mask(x)));
        if quiet.known(h, &contents) {
            continue;
        }
        let places = places_of_digits(c, &house.cells);
        candidates.clear();
        candidates.extend(
            (1..=geo.size() as u8)
                .map(|d| (d, places[usize::from(d) - 1]))
                .filter(|(_, places)| (2..=k as u32).contains(&places.count_ones())),
        );
        masks.clear();
        masks.extend(candidates.iter().map(|&(_, places)| places));
        let found = subsets_with_union(&masks, k, &mut |pick, subset| {
            let set = pick.iter().fold(0, |m, &i| m | bit(candidates[i].0));
            let placement = if direct {
                // Another digit left one place outside the subset's cells, having had more.
                let (digit, place) = (1..=geo.size() as u8)
                    .filter(|d| set & bit(*d) == 0)
                    .map(|d| (d, places[usize::from(d) - 1]))
                    .find(|&(_, p)| p.count_ones() >= 2 && (p & !subset).count_ones() == 1)?;
                Some((
                    house.cells[(place & !subset).trailing_zeros() as usize],
                    digit,
                ))
            } else {
                let removes = |i: u8| c.mask(house.cells[i as usize - 1]) & !set != 0;
                if !digits(subset).any(removes) {
                    return None;
                }
                None
            };
            let cells: Vec<usize> = digits(subset)
                .map(|i| house.cells[i as usize - 1])
                .collect();
            let elims: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&x| digits(c.mask(x) & !set).map(move |d| (x, d)))
                .collect();
            (!elims.is_empty()).then_some((cells, set, elims, placement))
        });
        let Some((cells, set, elims, placement)) = found else {
            quiet.remember(h, &contents);
            continue;
        };
        let mut step = subset_step(c, technique, house.kind, (cells, set), elims);
        step.placements.extend(placement);
        return Some(step);
    }
    None
}

/// The step of a subset found in a house of `kind`: its cells and digits, and its removals.
fn subset_step(
    c: &Candidates,
    technique: Technique,
    kind: HouseKind,
    (cells, digits): (Vec<usize>, u32),
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let mut step = Step::new(technique, c.names());
    step.cells = cells;
    step.digits = digits;
    step.houses.push(kind);
    step.eliminations = eliminations;
    step
}

/// Whether fewer than `k` digits (`k` is 2 or 3) have two to `k` places among `cells`, so no
/// hidden subset of `k` digits is there: counted with bit masks (bit `d - 1` of `twice` once `d`
/// has two places, of `thrice` at three, of `four` at four or more), much cheaper than the places
/// of every digit, as this is asked before most naked singles.
fn few_digits_with_two_to_k_places(c: &Candidates, cells: &[usize], k: usize) -> bool {
    let (mut once, mut twice, mut thrice, mut four) = (0u32, 0u32, 0u32, 0u32);
    for &cell in cells {
        let m = c.mask(cell);
        four |= thrice & m;
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
    }
    let within = if k == 2 {
        twice & !thrice
    } else {
        twice & !four
    };
    (within.count_ones() as usize) < k
}

/// For every digit (index `d - 1`), its places in a house as bits over the house's cells (as
/// [`Candidates::places`]), from one pass over the cells.
fn places_of_digits(c: &Candidates, cells: &[usize]) -> [u32; 32] {
    let mut places = [0u32; 32];
    for (i, &cell) in cells.iter().enumerate() {
        for d in digits(c.mask(cell)) {
            places[usize::from(d) - 1] |= 1 << i;
        }
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::HouseKind;
    use crate::logic::candidates::tests::{cell, classic9, mask_of, open};

    #[test]
    fn subsets_with_union_meets_every_qualifying_subset_in_order() {
        let masks = [0b011, 0b110, 0b101, 0b1000, 0b011, 0b111];
        let mut met = Vec::new();
        let none: Option<()> = subsets_with_union(&masks, 2, &mut |pick, union| {
            met.push((pick.to_vec(), union));
            None
        });
        assert!(none.is_none());
        assert_eq!(met, vec![(vec![0, 4], 0b011)]);
        let mut count = 0;
        let _: Option<()> = subsets_with_union(&[0b111; 6], 3, &mut |_, _| {
            count += 1;
            None
        });
        assert_eq!(count, 20);
    }

    /// Row 1 of an open grid with digits 1 and 2 only in r1c1 and r1c2 (a hidden pair), and
    /// digit 3 only in r1c2 and r1c9.
    fn hidden_pair_leaving_a_single() -> Candidates<'static> {
        let geo = Box::leak(Box::new(classic9()));
        let mut c = open(geo);
        for col in 3..=9 {
            for d in [1, 2] {
                c.eliminate(cell(&format!("r1c{col}")), d);
            }
        }
        for col in [1, 3, 4, 5, 6, 7, 8] {
            c.eliminate(cell(&format!("r1c{col}")), 3);
        }
        c
    }

    #[test]
    fn a_direct_hidden_pair_places_the_single_it_leaves() {
        let c = hidden_pair_leaving_a_single();
        let step = direct_hidden_pair(&c).expect("direct hidden pair");
        assert_eq!(step.technique, Technique::DirectHiddenPair);
        assert_eq!(step.cells, vec![cell("r1c1"), cell("r1c2")]);
        assert_eq!(step.digits, mask_of(&[1, 2]));
        assert_eq!(step.houses, vec![HouseKind::Row(0)]);
        // r1c2 loses 3 (with the rest), so 3 has one place left in row 1: r1c9.
        assert_eq!(step.placements, vec![(cell("r1c9"), 3)]);
        assert!(step.eliminations.contains(&(cell("r1c2"), 3)));
        assert!(step.eliminations.iter().all(|&(_, d)| d > 2));
        assert!(direct_hidden_triple(&c).is_none(), "no triple here");
    }

    #[test]
    fn a_hidden_pair_that_leaves_no_single_is_not_direct() {
        let mut c = hidden_pair_leaving_a_single();
        // 3 gets a third place in row 1: removing it from r1c2 leaves two.
        c.set_mask(cell("r1c5"), c.mask(cell("r1c5")) | mask_of(&[3]));
        assert!(direct_hidden_pair(&c).is_none());
        assert!(hidden_pair(&c).is_some(), "still a hidden pair");
    }

    #[test]
    fn a_direct_hidden_triple_places_the_single_it_leaves() {
        let geo = classic9();
        let mut c = open(&geo);
        // Box 1: 1, 2 and 3 only in r1c1, r2c2, r3c3; 4 only in r3c3 and r1c2.
        for name in ["r1c2", "r1c3", "r2c1", "r2c3", "r3c1", "r3c2"] {
            for d in [1, 2, 3] {
                c.eliminate(cell(name), d);
            }
        }
        for name in ["r1c1", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2"] {
            c.eliminate(cell(name), 4);
        }
        assert!(direct_hidden_pair(&c).is_none());
        let step = direct_hidden_triple(&c).expect("direct hidden triple");
        assert_eq!(step.technique, Technique::DirectHiddenTriple);
        assert_eq!(step.houses, vec![HouseKind::Box(0)]);
        assert_eq!(step.placements, vec![(cell("r1c2"), 4)]);
        assert_eq!(step.score(), 2.5);
    }

    #[test]
    fn naked_pair_in_row() {
        let geo = classic9();
        let mut c = open(&geo);
        assert!(naked_pair(&c).is_none());
        c.set_mask(cell("r5c2"), mask_of(&[4, 6]));
        c.set_mask(cell("r5c7"), mask_of(&[4, 6]));
        let step = naked_pair(&c).expect("naked pair");
        assert_eq!(step.houses, vec![HouseKind::Row(4)]);
        assert_eq!(step.cells, vec![cell("r5c2"), cell("r5c7")]);
        assert_eq!(step.eliminations.len(), 14);
        assert!(!step.eliminations.contains(&(cell("r5c2"), 4)));
    }

    #[test]
    fn naked_triple_and_quad() {
        let geo = classic9();
        let mut c = open(&geo);
        for (name, ds) in [("r1c1", [1, 2]), ("r1c5", [2, 3]), ("r1c9", [1, 3])] {
            c.set_mask(cell(name), mask_of(&ds));
        }
        assert!(naked_pair(&c).is_none());
        let step = naked_triple(&c).expect("triple");
        assert_eq!(step.digits, mask_of(&[1, 2, 3]));
        assert_eq!(step.eliminations.len(), 6 * 3);
        let mut c = open(&geo);
        for (name, ds) in [
            ("r2c1", [1, 2]),
            ("r3c2", [2, 3]),
            ("r2c3", [3, 4]),
            ("r1c2", [4, 1]),
        ] {
            c.set_mask(cell(name), mask_of(&ds));
        }
        assert!(naked_triple(&c).is_none());
        let step = naked_quad(&c).expect("quad");
        assert_eq!(step.houses, vec![HouseKind::Box(0)]);
        assert_eq!(step.eliminations.len(), 5 * 4);
    }

    #[test]
    fn hidden_pair_triple_quad() {
        let geo = classic9();
        for (k, finder) in [
            (2, hidden_pair as fn(&Candidates) -> Option<Step>),
            (3, hidden_triple),
            (4, hidden_quad),
        ] {
            let mut c = open(&geo);
            assert!(finder(&c).is_none());
            let ds: Vec<u8> = (1..=k as u8).collect();
            // Digits 1..=k only in the first k cells of column 3.
            for row in k..9 {
                for &d in &ds {
                    c.eliminate(row * 9 + 2, d);
                }
            }
            let step = finder(&c).expect("hidden subset");
            assert_eq!(step.houses, vec![HouseKind::Column(2)]);
            assert_eq!(step.digits, mask_of(&ds));
            assert_eq!(step.eliminations.len(), k * (9 - k));
            if k > 2 {
                assert!(hidden_pair(&c).is_none());
            }
        }
    }
}
