//! Wings: XY-Wing (a bivalue pivot {x,y} seeing pincers {x,z} and {y,z}), XYZ-Wing (pivot
//! {x,y,z}, pincers {x,z} and {y,z}) and W-Wing (two {x,y} cells joined by a strong link on x):
//! in each, `z` (W-Wing: `y`) leaves every cell that sees all the cells that might hold it.
//! XY- and XYZ-Wings are hard (Sudoku Explainer's 4.2 and 4.4); the W-Wing, which SE knows only
//! as the chain it is, is scored as that chain and found with the chains (`chains::find`).

use super::candidates::{Candidates, bit, digits};
use super::step::Step;
use super::technique::Technique;

fn wing_step(
    c: &Candidates,
    technique: Technique,
    cells: Vec<usize>,
    z: u8,
    targets: &[usize],
) -> Option<Step> {
    let elims: Vec<(usize, u8)> = c
        .common_peers(targets, z)
        .into_iter()
        .filter(|x| !cells.contains(x))
        .map(|x| (x, z))
        .collect();
    if elims.is_empty() {
        return None;
    }
    let mut step = Step::new(technique, c.names());
    step.digits = cells.iter().fold(0, |m, &x| m | c.mask(x));
    step.cells = cells;
    step.eliminations = elims;
    Some(step)
}

fn bivalue_cells(c: &Candidates) -> Vec<usize> {
    (0..c.masks().len())
        .filter(|&x| c.mask(x).count_ones() == 2)
        .collect()
}

/// XY-Wing.
pub fn xy_wing(c: &Candidates) -> Option<Step> {
    let bivalue = bivalue_cells(c);
    for &pivot in &bivalue {
        let p = c.mask(pivot);
        let wings: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&w| c.sees(pivot, w) && (c.mask(w) & p).count_ones() == 1)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (c.mask(a), c.mask(b));
                let z = ma & mb & !p;
                if z.count_ones() != 1 || ma & mb & p != 0 {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                if let Some(step) = wing_step(c, Technique::XyWing, vec![pivot, a, b], zd, &[a, b])
                {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// XYZ-Wing.
pub fn xyz_wing(c: &Candidates) -> Option<Step> {
    for pivot in 0..c.masks().len() {
        let p = c.mask(pivot);
        if p.count_ones() != 3 {
            continue;
        }
        let wings: Vec<usize> = c
            .geometry()
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&w| c.mask(w).count_ones() == 2 && c.mask(w) & !p == 0)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let z = c.mask(a) & c.mask(b);
                if c.mask(a) == c.mask(b) || z.count_ones() != 1 {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let cells = vec![pivot, a, b];
                if let Some(step) = wing_step(c, Technique::XyzWing, cells, zd, &[pivot, a, b]) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The candidates of a W-Wing read as a chain: y and x in each {x,y} cell, x in each end of the
/// strong link.
const W_WING_LENGTH: usize = 6;

/// W-Wing (found with the chains: it is an AIC of [`W_WING_LENGTH`] candidates).
pub fn w_wing(c: &Candidates) -> Option<Step> {
    let bivalue = bivalue_cells(c);
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            if c.mask(a) != c.mask(b) || c.sees(a, b) {
                continue;
            }
            for x in digits(c.mask(a)) {
                let y = (c.mask(a) & !bit(x)).trailing_zeros() as u8 + 1;
                if let Some(step) = w_wing_link(c, a, b, x, y) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// A strong link on `x` (a house with exactly two places P, Q) with P seeing `a`, Q seeing `b`.
fn w_wing_link(c: &Candidates, a: usize, b: usize, x: u8, y: u8) -> Option<Step> {
    if c.common_peers(&[a, b], y).is_empty() {
        return None;
    }
    let geo = c.geometry();
    for (h, house) in geo.houses().iter().enumerate() {
        let places = c.places(h, x);
        if places.count_ones() != 2 {
            continue;
        }
        let p = house.cells[places.trailing_zeros() as usize];
        let q = house.cells[31 - places.leading_zeros() as usize];
        if [p, q].iter().any(|v| *v == a || *v == b) {
            continue;
        }
        let linked = (c.sees(p, a) && c.sees(q, b)) || (c.sees(p, b) && c.sees(q, a));
        if linked {
            let mut step = wing_step(c, Technique::WWing, vec![a, b, p, q], y, &[a, b])?;
            step.digits = c.mask(a);
            step.houses.push(house.kind);
            // y(a) = x(a) - x(P) = x(Q) - x(b) = y(b): an AIC of six candidates.
            step.length = W_WING_LENGTH;
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::tests::{cell, classic9, mask_of, open};

    #[test]
    fn xy_wing_found() {
        let geo = classic9();
        let mut c = open(&geo);
        c.set_mask(cell("r1c1"), mask_of(&[1, 2]));
        c.set_mask(cell("r1c5"), mask_of(&[1, 3]));
        assert!(xy_wing(&c).is_none());
        c.set_mask(cell("r5c1"), mask_of(&[2, 3]));
        let step = xy_wing(&c).expect("xy-wing");
        assert_eq!(step.cells, vec![cell("r1c1"), cell("r1c5"), cell("r5c1")]);
        assert_eq!(step.eliminations, vec![(cell("r5c5"), 3)]);
    }

    #[test]
    fn xyz_wing_found() {
        let geo = classic9();
        let mut c = open(&geo);
        c.set_mask(cell("r1c1"), mask_of(&[1, 2, 3]));
        c.set_mask(cell("r1c5"), mask_of(&[1, 3]));
        c.set_mask(cell("r2c2"), mask_of(&[2, 3]));
        let step = xyz_wing(&c).expect("xyz-wing");
        // Cells seeing all three: r1c2, r1c3 (row 1 and box 1).
        assert_eq!(
            step.eliminations,
            vec![(cell("r1c2"), 3), (cell("r1c3"), 3)]
        );
        assert!(xy_wing(&c).is_none());
    }

    #[test]
    fn w_wing_found() {
        let geo = classic9();
        let mut c = open(&geo);
        c.set_mask(cell("r1c1"), mask_of(&[4, 7]));
        c.set_mask(cell("r5c9"), mask_of(&[4, 7]));
        assert!(w_wing(&c).is_none());
        // Strong link on 4 in row 9: r9c1 and r9c9 only.
        for col in 1..8 {
            c.eliminate(cell(&format!("r9c{}", col + 1)), 4);
        }
        let step = w_wing(&c).expect("w-wing");
        assert!(step.eliminations.contains(&(cell("r1c9"), 7)));
        assert!(step.eliminations.contains(&(cell("r5c1"), 7)));
        assert_eq!(step.eliminations.len(), 2);
    }
}
