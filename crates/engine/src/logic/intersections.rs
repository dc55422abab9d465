//! Locked candidates for ANY two intersecting houses (box/row, box/column, region/row,
//! diagonal/box, window/row, …): when a digit's candidates in one house (the base) all lie in
//! its intersection with another house (the cover), the digit leaves the rest of the cover.
//! *Pointing* when the base is a box, jigsaw region or window; *claiming* otherwise. A *direct*
//! pointing or claiming is one whose removals leave a hidden single in another house of the
//! base's kind (another box for a pointing, another row or column for a claiming), placed in the
//! same step (as Sudoku Explainer finds and rates them: seen at a glance, they count as easy).

use super::candidates::{Candidates, Intersection, bit};
use super::step::Step;
use super::technique::Technique;

/// Locked candidates with a box-like base (box, region, window).
pub fn pointing(c: &Candidates) -> Option<Step> {
    locked(c, true, Technique::Pointing)
}

/// Locked candidates with a line-like base (row, column, diagonal).
pub fn claiming(c: &Candidates) -> Option<Step> {
    locked(c, false, Technique::Claiming)
}

/// Pointing whose removals leave the digit one place in a house: that place is filled.
pub fn direct_pointing(c: &Candidates) -> Option<Step> {
    direct(c, true, Technique::DirectPointing)
}

/// Claiming whose removals leave the digit one place in a house: that place is filled.
pub fn direct_claiming(c: &Candidates) -> Option<Step> {
    direct(c, false, Technique::DirectClaiming)
}

fn direct(c: &Candidates, box_base: bool, technique: Technique) -> Option<Step> {
    let tables = c.tables();
    // The removals of each locked digit, tried before a step is made of them.
    let mut removed = Vec::new();
    for (x, mut locked) in tables
        .intersections
        .iter()
        .zip(c.locked_digits().iter().copied())
    {
        if tables.box_like[x.base] != box_base {
            continue;
        }
        while locked != 0 {
            let digit = locked.trailing_zeros() as u8 + 1;
            locked &= locked - 1;
            removed.clear();
            removed.extend(removals(c, x, digit));
            if let Some((cell, house)) = hidden_single_after(c, &removed, digit, Some(x.base)) {
                let mut step = step(c, x, digit, technique);
                step.placements.push((cell, digit));
                step.houses.push(c.geometry().houses()[house].kind);
                return Some(step);
            }
        }
    }
    None
}

/// The candidates of `digit` a locked intersection removes: those in the rest of the cover.
fn removals<'a>(
    c: &'a Candidates,
    x: &'a Intersection,
    digit: u8,
) -> impl Iterator<Item = (usize, u8)> + 'a {
    x.cover_rest
        .iter()
        .filter(move |&&cell| c.has(cell, digit))
        .map(move |&cell| (cell, digit))
}

/// A house through a removed candidate in which `digit` had two or more places and, once
/// `removed` are gone, has exactly one: that cell and the house. With `like`, only houses of the
/// same kind as that house (boxes for a box, rows for a row…).
pub(super) fn hidden_single_after(
    c: &Candidates,
    removed: &[(usize, u8)],
    digit: u8,
    like: Option<usize>,
) -> Option<(usize, usize)> {
    let geo = c.geometry();
    let gone = |cell: usize| removed.iter().any(|&(r, _)| r == cell);
    let kind = |house: usize| std::mem::discriminant(&geo.houses()[house].kind);
    for &(cell, _) in removed {
        for &house in geo.houses_of(cell) {
            if like.is_some_and(|like| kind(like) != kind(house)) {
                continue;
            }
            let mut left = geo.houses()[house]
                .cells
                .iter()
                .copied()
                .filter(|&other| c.has(other, digit) && !gone(other));
            if let (Some(only), None) = (left.next(), left.next()) {
                return Some((only, house));
            }
        }
    }
    None
}

/// Locked candidates through every peer the rules make, for the modern kinds: when each place of
/// a digit in a house sees one cell outside it (by a knight's or king's move, a cage without a
/// sum, as well as by rows, columns and boxes), that cell cannot hold the digit. Sudoku
/// Explainer's *generalized intersection* (2.9). Asked only of shapes with marks or global
/// rules: on rows, columns and boxes alone every such step is a pointing or claiming, found
/// first, and killer cages have their own cage/house interaction.
pub fn peer_intersection(c: &Candidates) -> Option<Step> {
    let geo = c.geometry();
    geo.marks()?;
    for digit in 1..=c.size() as u8 {
        for house in geo.houses() {
            let places = c.holding(&house.cells, digit);
            if places.len() < 2 {
                continue;
            }
            let victims = c.common_peers(&places, digit);
            if !victims.is_empty() {
                let mut step = Step::new(Technique::PeerIntersection, c.names());
                step.digits = bit(digit);
                step.houses = vec![house.kind];
                step.cells = places;
                step.eliminations = victims.into_iter().map(|cell| (cell, digit)).collect();
                return Some(step);
            }
        }
    }
    None
}

fn locked(c: &Candidates, box_base: bool, technique: Technique) -> Option<Step> {
    let tables = c.tables();
    for (x, &locked) in tables.intersections.iter().zip(c.locked_digits()) {
        if tables.box_like[x.base] != box_base {
            continue;
        }
        if locked != 0 {
            let digit = locked.trailing_zeros() as u8 + 1;
            return Some(step(c, x, digit, technique));
        }
    }
    None
}

fn step(c: &Candidates, x: &Intersection, digit: u8, technique: Technique) -> Step {
    let houses = c.geometry().houses();
    let mut step = Step::new(technique, c.names());
    step.digits = bit(digit);
    step.houses = vec![houses[x.base].kind, houses[x.cover].kind];
    step.cells = x
        .shared
        .iter()
        .copied()
        .filter(|&cell| c.has(cell, digit))
        .collect();
    step.eliminations = removals(c, x, digit).collect();
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Geometry, HouseKind, Variant};
    use crate::logic::candidates::tests::{cell, classic9, open};

    #[test]
    fn pointing_box_to_row() {
        let geo = classic9();
        let mut c = open(&geo);
        assert!(pointing(&c).is_none());
        // In box 1, digit 4 only in row 1.
        for name in ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"] {
            c.eliminate(cell(name), 4);
        }
        let step = pointing(&c).expect("pointing");
        assert_eq!(step.houses, vec![HouseKind::Box(0), HouseKind::Row(0)]);
        let cols: Vec<(usize, u8)> = (3..9).map(|col| (col, 4)).collect();
        assert_eq!(step.eliminations, cols);
        assert!(claiming(&c).is_none());
    }

    #[test]
    fn direct_pointing_places_the_hidden_single_it_leaves() {
        let geo = classic9();
        let mut c = open(&geo);
        // Box 1: digit 4 only in row 1 (r1c1-r1c3): it leaves r1c4-r1c9.
        for name in ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"] {
            c.eliminate(cell(name), 4);
        }
        assert!(direct_pointing(&c).is_none(), "no house is left one place");
        // Column 5: 4 only in r1c5 and r7c5, so once r1c5 loses it, r7c5 is the only place. A
        // column is not a box: Sudoku Explainer looks for the single in the other boxes the row
        // crosses, and so do we.
        for row in [2, 3, 4, 5, 6, 8, 9] {
            c.eliminate(cell(&format!("r{row}c5")), 4);
        }
        assert!(
            direct_pointing(&c).is_none(),
            "a single in a column is no direct pointing"
        );
        // Box 2: 4 only in r1c5 and r3c6, so once r1c5 loses it, r3c6 is the only place.
        for name in ["r1c4", "r1c6", "r2c4", "r2c6", "r3c4", "r3c5"] {
            c.eliminate(cell(name), 4);
        }
        let step = direct_pointing(&c).expect("direct pointing");
        assert_eq!(step.technique, Technique::DirectPointing);
        assert_eq!(step.placements, vec![(cell("r3c6"), 4)]);
        assert_eq!(
            step.houses,
            vec![HouseKind::Box(0), HouseKind::Row(0), HouseKind::Box(1)]
        );
        assert_eq!(step.eliminations.len(), 4);
        let text = step.to_string();
        assert!(text.contains("places r3c6 = 4"), "{text}");
    }

    #[test]
    fn claiming_row_to_box() {
        let geo = classic9();
        let mut c = open(&geo);
        for col in 3..9 {
            c.eliminate(cell(&format!("r5c{}", col + 1)), 8);
        }
        let step = claiming(&c).expect("claiming");
        assert_eq!(step.houses, vec![HouseKind::Row(4), HouseKind::Box(3)]);
        assert_eq!(step.eliminations.len(), 6);
    }

    #[test]
    fn claiming_diagonal_to_box() {
        let geo = Geometry::new(
            9,
            "diagonal".parse::<Variant>().expect("variant"),
            None,
            None,
        )
        .expect("x");
        let mut c = open(&geo);
        // Main diagonal: digit 2 only in box 5 (r4c4, r5c5, r6c6).
        for i in [0, 1, 2, 6, 7, 8] {
            c.eliminate(i * 9 + i, 2);
        }
        let step = claiming(&c).expect("diagonal claiming");
        assert_eq!(step.houses, vec![HouseKind::Diagonal, HouseKind::Box(4)]);
        assert_eq!(step.eliminations.len(), 6);
        assert!(step.eliminations.iter().all(|&(cell, _)| cell % 10 != 0));
    }
}

#[cfg(test)]
mod variant_tests {
    use super::*;
    use crate::grid::{Geometry, HouseKind, RegionMap};
    use crate::logic::candidates::tests::{cell, classic9, open};

    #[test]
    fn claiming_row_to_window() {
        let geo = Geometry::new(9, "window".parse().expect("v"), None, None).expect("window");
        let mut c = open(&geo);
        // Row 3: digit 6 only in columns 2-4, which span boxes 1 and 2 but lie in window 1.
        for col in [0, 4, 5, 6, 7, 8] {
            c.eliminate(2 * 9 + col, 6);
        }
        let step = claiming(&c).expect("claiming");
        assert_eq!(step.houses, vec![HouseKind::Row(2), HouseKind::Window(0)]);
        // Window 1 is rows 2-4 x columns 2-4: 6 leaves its rows 2 and 4 (6 cells).
        assert_eq!(step.eliminations.len(), 6);
        assert!(pointing(&c).is_none());
    }

    #[test]
    fn pointing_region_to_column() {
        // A jigsaw whose regions happen to be the boxes.
        let ids: Vec<usize> = (0..81).map(|cell| (cell / 27) * 3 + cell % 9 / 3).collect();
        let map = RegionMap::from_ids(9, &ids).expect("regions");
        let geo = Geometry::new(9, "jigsaw".parse().expect("v"), None, Some(map)).expect("jigsaw");
        let mut c = open(&geo);
        // Region 1: digit 2 only in column 1.
        for cell in [1, 2, 10, 11, 19, 20] {
            c.eliminate(cell, 2);
        }
        let step = pointing(&c).expect("pointing");
        assert_eq!(
            step.houses,
            vec![HouseKind::Region(0), HouseKind::Column(0)]
        );
        assert_eq!(step.eliminations.len(), 6);
    }

    /// An open 9×9 under `rules`, with digit 5 left in box 1 only at `places`.
    fn five_only_at<'g>(geo: &'g Geometry, places: &[&str]) -> Candidates<'g> {
        let mut c = open(geo);
        for row in 1..=3 {
            for col in 1..=3 {
                let name = format!("r{row}c{col}");
                if !places.contains(&name.as_str()) {
                    c.eliminate(cell(&name), 5);
                }
            }
        }
        c
    }

    fn with_rules(rules: &str) -> Geometry {
        let marks = crate::grid::MarkSet::parse(rules, 9).expect("rules");
        classic9().with_marks(marks).expect("geometry")
    }

    #[test]
    fn peer_intersection_sees_through_a_knights_move() {
        let geo = with_rules("rules:anti-knight");
        let c = five_only_at(&geo, &["r1c1", "r2c2"]);
        assert!(pointing(&c).is_none() && claiming(&c).is_none());
        let step = peer_intersection(&c).expect("a generalized intersection");
        assert_eq!(step.technique, Technique::PeerIntersection);
        assert_eq!(step.houses, vec![HouseKind::Box(0)]);
        assert_eq!(step.cells, vec![cell("r1c1"), cell("r2c2")]);
        // r1c4: the row of r1c1, a knight's move from r2c2; r4c1: the column of r1c1, a
        // knight's move from r2c2.
        assert_eq!(
            step.eliminations,
            vec![(cell("r1c4"), 5), (cell("r4c1"), 5)]
        );
        assert_eq!(
            step.to_string(),
            "Generalized intersection {5} in box 1 (r1c1, r2c2): removes 5 from r1c4 r4c1"
        );
    }

    #[test]
    fn peer_intersection_needs_rules_and_a_cell_seeing_every_place() {
        let geo = classic9();
        let c = five_only_at(&geo, &["r1c1", "r2c2"]);
        assert!(
            peer_intersection(&c).is_none(),
            "houses alone: locked candidates"
        );
        let geo = with_rules("rules:anti-knight");
        let c = five_only_at(&geo, &["r1c1", "r1c3", "r3c2"]);
        assert!(peer_intersection(&c).is_none(), "no cell sees all three");
        let geo = with_rules("rules:anti-king");
        let c = five_only_at(&geo, &["r3c1", "r3c3"]);
        let step = peer_intersection(&c).expect("a pointing's cells and a king's step");
        // The pointing's removals along row 3, and r4c2: a king's step from both places.
        let mut expected: Vec<(usize, u8)> =
            (4..=9).map(|col| (cell(&format!("r3c{col}")), 5)).collect();
        expected.push((cell("r4c2"), 5));
        assert_eq!(step.eliminations, expected);
    }
}
