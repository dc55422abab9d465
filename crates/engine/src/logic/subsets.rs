//! Naked and hidden subsets (pairs, triples, quads) inside any house: `k` cells whose candidates
//! together are `k` digits (naked), or `k` digits whose places together are `k` cells (hidden).

use super::candidates::{Candidates, bit, digits};
use super::step::Step;
use super::technique::Technique;

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

fn naked(c: &Candidates, k: usize, technique: Technique) -> Option<Step> {
    // Reused for every house (this runs at most steps of every rating).
    let (mut open, mut small, mut masks) = (Vec::new(), Vec::new(), Vec::new());
    for (h, house) in c.geometry().houses().iter().enumerate() {
        if c.open_in(h) <= k {
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
        if let Some((cells, union, elims)) = found {
            let mut step = Step::new(technique, c.names());
            step.cells = cells;
            step.digits = union;
            step.houses.push(house.kind);
            step.eliminations = elims;
            return Some(step);
        }
    }
    None
}

fn hidden(c: &Candidates, k: usize, technique: Technique) -> Option<Step> {
    let geo = c.geometry();
    let (mut candidates, mut masks) = (Vec::new(), Vec::new());
    for (h, house) in geo.houses().iter().enumerate() {
        if c.open_in(h) <= k {
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
        let found = subsets_with_union(&masks, k, &mut |pick, places| {
            let set = pick.iter().fold(0, |m, &i| m | bit(candidates[i].0));
            let removes = |i: u8| c.mask(house.cells[i as usize - 1]) & !set != 0;
            if !digits(places).any(removes) {
                return None;
            }
            let cells: Vec<usize> = digits(places)
                .map(|i| house.cells[i as usize - 1])
                .collect();
            let elims: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&x| digits(c.mask(x) & !set).map(move |d| (x, d)))
                .collect();
            (!elims.is_empty()).then_some((cells, set, elims))
        });
        if let Some((cells, set, elims)) = found {
            let mut step = Step::new(technique, c.names());
            step.cells = cells;
            step.digits = set;
            step.houses.push(house.kind);
            step.eliminations = elims;
            return Some(step);
        }
    }
    None
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
