//! Singles: full house (last empty cell of a house), hidden single (only place for a digit in a
//! house; boxes and jigsaw regions first, as they are easier) and naked single (only candidate
//! of a cell). These are most steps of every solve, so they are plain bitmask scans.

use crate::grid::HouseKind;

use super::candidates::{Candidates, bit};
use super::step::Step;
use super::technique::Technique;

/// The last empty cell of a house.
pub fn full_house(c: &Candidates) -> Option<Step> {
    for (index, house) in c.geometry().houses().iter().enumerate() {
        if c.open_in(index) != 1 {
            continue;
        }
        // The house has one open cell (the `else` cannot happen; it keeps this panic-free).
        let Some(&cell) = house.cells.iter().find(|&&cell| c.value(cell) == 0) else {
            continue;
        };
        let mask = c.mask(cell);
        if mask.count_ones() == 1 {
            let digit = mask.trailing_zeros() as u8 + 1;
            return Some(Step::single(
                Technique::FullHouse,
                c.names(),
                cell,
                digit,
                Some(house.kind),
            ));
        }
    }
    None
}

/// The only place for a digit in a box or jigsaw region.
pub fn hidden_single_box(c: &Candidates) -> Option<Step> {
    hidden_single_in(c, true, Technique::HiddenSingleBox)
}

/// The only place for a digit in a row, column, diagonal or window.
pub fn hidden_single(c: &Candidates) -> Option<Step> {
    hidden_single_in(c, false, Technique::HiddenSingle)
}

fn is_box(kind: HouseKind) -> bool {
    kind.is_block()
}

fn hidden_single_in(c: &Candidates, boxes: bool, technique: Technique) -> Option<Step> {
    for (index, house) in c.geometry().houses().iter().enumerate() {
        // A filled house has no candidates.
        if is_box(house.kind) != boxes || c.open_in(index) == 0 {
            continue;
        }
        let (mut once, mut twice) = (0u32, 0u32);
        for &cell in &house.cells {
            let m = c.mask(cell);
            twice |= once & m;
            once |= m;
        }
        let single = once & !twice;
        if single != 0 {
            let digit = single.trailing_zeros() as u8 + 1;
            let cell = house
                .cells
                .iter()
                .copied()
                .find(|&cell| c.mask(cell) & bit(digit) != 0)?;
            return Some(Step::single(
                technique,
                c.names(),
                cell,
                digit,
                Some(house.kind),
            ));
        }
    }
    None
}

/// A cell with one candidate left.
pub fn naked_single(c: &Candidates) -> Option<Step> {
    let cell = c.masks().iter().position(|m| m.count_ones() == 1)?;
    let digit = c.mask(cell).trailing_zeros() as u8 + 1;
    Some(Step::single(
        Technique::NakedSingle,
        c.names(),
        cell,
        digit,
        None,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::tests::{cell, classic9, from_line, mask_of, open};

    #[test]
    fn full_house_in_row() {
        let geo = classic9();
        let c = from_line(&geo, &format!("12345678.{}", ".".repeat(72)));
        let step = full_house(&c).expect("full house");
        assert_eq!(step.placements, vec![(8, 9)]);
        assert_eq!(
            step.to_string(),
            "Full house: r1c9 = 9 (last empty cell of row 1)"
        );
        assert!(full_house(&from_line(&geo, &".".repeat(81))).is_none());
    }

    #[test]
    fn hidden_single_in_box_and_row() {
        let geo = classic9();
        // 1s in r2 and r3 (outside box 1) and in c2, c3 leave r1c1 as the only 1 of box 1.
        let line = format!(
            "{}{}{}{}",
            ".........",
            "...1.....",
            "......1..",
            ".".repeat(54)
        );
        let mut c = from_line(&geo, &line);
        c.eliminate(cell("r2c2"), 1);
        c.eliminate(cell("r2c3"), 1);
        c.eliminate(cell("r3c2"), 1);
        c.eliminate(cell("r3c3"), 1);
        c.eliminate(cell("r1c2"), 1);
        c.eliminate(cell("r1c3"), 1);
        let step = hidden_single_box(&c).expect("hidden single in box");
        assert_eq!(step.placements, vec![(cell("r1c1"), 1)]);
        let mut o = open(&geo);
        assert!(hidden_single(&o).is_none());
        for col in 1..9 {
            o.eliminate(col, 7);
        }
        let step = hidden_single(&o).expect("hidden single in row");
        assert_eq!(step.placements, vec![(0, 7)]);
        assert_eq!(step.houses, vec![HouseKind::Row(0)]);
    }

    #[test]
    fn naked_single_found() {
        let geo = classic9();
        let mut c = open(&geo);
        assert!(naked_single(&c).is_none());
        c.set_mask(cell("r4c4"), mask_of(&[6]));
        assert_eq!(
            naked_single(&c).expect("single").placements,
            vec![(cell("r4c4"), 6)]
        );
    }
}
