//! Uniqueness techniques, sound only when the puzzle has exactly one solution: unique rectangles
//! (types 1 to 4, scored as Sudoku Explainer scores them), BUG+1 and BUG type 2.
//!
//! A rectangle r1c1, r1c2, r2c1, r2c2 is *deadly* when it spans exactly 2 rows, 2 columns and 2
//! boxes/regions and every house of the geometry (diagonals and windows too) holds as many of
//! its "a" corners (r1c1, r2c2) as of its "b" corners (r1c2, r2c1): then swapping a and b in the
//! four cells keeps every house valid, so a solution with {a,b} on all four corners would not be
//! unique. Variants without boxes or regions get no unique rectangles.
//!
//! BUG+1 is argued for any geometry: if every empty cell had two candidates and every digit two
//! places in each house where it is open, taking the *other* candidate in every cell gives a
//! second solution. So with one cell of three candidates, the digit whose removal would leave
//! that state must be the cell's value. We check that state exactly, house by house.

use crate::grid::{Geometry, GridSquare};

use super::candidates::{Candidates, bit, digits};
use super::step::Step;
use super::technique::Technique;

/// Type 1: three corners are exactly {a,b}; a and b leave the fourth.
pub fn unique_rectangle_1(c: &Candidates) -> Option<Step> {
    rectangles(c, &mut |corners, pair| {
        let extra: Vec<usize> = corners
            .iter()
            .copied()
            .filter(|&x| c.mask(x) != pair)
            .collect();
        let &[roof] = extra.as_slice() else {
            return None;
        };
        let mut step = Step::new(Technique::UniqueRectangle1, c.names());
        step.eliminations = digits(pair).map(|d| (roof, d)).collect();
        Some(step)
    })
}

/// Type 2: two corners are exactly {a,b}, the other two are {a,b,x}: x leaves every cell that
/// sees both of them (one of them must be x).
pub fn unique_rectangle_2(c: &Candidates) -> Option<Step> {
    rectangles(c, &mut |corners, pair| {
        let (p, q) = roof(c, corners, pair)?;
        let extra = c.mask(p) & !pair;
        if c.mask(p) != c.mask(q) || extra.count_ones() != 1 {
            return None;
        }
        let x = extra.trailing_zeros() as u8 + 1;
        let elims: Vec<(usize, u8)> = c
            .common_peers(&[p, q], x)
            .into_iter()
            .map(|e| (e, x))
            .collect();
        if elims.is_empty() {
            return None;
        }
        let mut step = Step::new(Technique::UniqueRectangle2, c.names());
        step.eliminations = elims;
        Some(step)
    })
}

/// Type 4: two corners are exactly {a,b}; the other two (the roof) hold more and share a house
/// where `a` has no other place. One roof corner is `a`, so neither can be `b` (the rectangle
/// would be deadly): `b` leaves both.
pub fn unique_rectangle_4(c: &Candidates) -> Option<Step> {
    rectangles(c, &mut |corners, pair| {
        let (p, q) = roof(c, corners, pair)?;
        let (low, high) = (pair & pair.wrapping_neg(), pair & (pair - 1));
        for house in shared_houses(c, p, q) {
            for (kept, gone) in [(low, high), (high, low)] {
                let digit = kept.trailing_zeros() as u8 + 1;
                let only_roof = c.geometry().houses()[house]
                    .cells
                    .iter()
                    .all(|&x| x == p || x == q || !c.has(x, digit));
                if only_roof {
                    let removed = gone.trailing_zeros() as u8 + 1;
                    let mut step = Step::new(Technique::UniqueRectangle4, c.names());
                    step.eliminations = vec![(p, removed), (q, removed)];
                    step.houses.push(c.geometry().houses()[house].kind);
                    return Some(step);
                }
            }
        }
        None
    })
}

/// Type 3: two corners are exactly {a,b}; the other two (the roof) share a house, and their
/// extra digits are two, held by one more cell of that house with just those two: one of the
/// roof corners holds an extra digit (the rectangle is not deadly), so the two extra digits are
/// a naked pair of the roof and that cell, and leave the rest of the house.
pub fn unique_rectangle_3(c: &Candidates) -> Option<Step> {
    rectangles(c, &mut |corners, pair| {
        let (p, q) = roof(c, corners, pair)?;
        let extra = (c.mask(p) | c.mask(q)) & !pair;
        if extra.count_ones() != 2 {
            return None;
        }
        for house in shared_houses(c, p, q) {
            let cells = &c.geometry().houses()[house].cells;
            let open = |x: usize| x != p && x != q && c.value(x) == 0;
            let Some(&partner) = cells.iter().find(|&&x| open(x) && c.mask(x) == extra) else {
                continue;
            };
            let elims: Vec<(usize, u8)> = cells
                .iter()
                .filter(|&&x| open(x) && x != partner)
                .flat_map(|&x| digits(c.mask(x) & extra).map(move |d| (x, d)))
                .collect();
            if !elims.is_empty() {
                let mut step = Step::new(Technique::UniqueRectangle3, c.names());
                step.eliminations = elims;
                step.houses.push(c.geometry().houses()[house].kind);
                return Some(step);
            }
        }
        None
    })
}

/// The two corners holding more than `pair` when the other two hold exactly `pair`.
fn roof(c: &Candidates, corners: [usize; 4], pair: u32) -> Option<(usize, usize)> {
    let roofs: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&x| c.mask(x) != pair)
        .collect();
    match roofs.as_slice() {
        &[p, q] => Some((p, q)),
        _ => None,
    }
}

/// The houses holding both `p` and `q`.
fn shared_houses(c: &Candidates, p: usize, q: usize) -> Vec<usize> {
    let geo = c.geometry();
    geo.houses_of(p)
        .iter()
        .copied()
        .filter(|h| geo.houses_of(q).contains(h))
        .collect()
}

/// Visits every deadly-pattern rectangle of empty cells with each pair {a,b} common to all four
/// corners; `visit` gets the corners (r1c1, r1c2, r2c1, r2c2) and the pair mask.
///
/// The four types ask for the rectangles of the same grid one after the other, so the list is
/// kept per thread with the grid it was made on ([`Listed`]) and made once a grid.
fn rectangles(
    c: &Candidates,
    visit: &mut impl FnMut([usize; 4], u32) -> Option<Step>,
) -> Option<Step> {
    LISTED.with(|listed| {
        let mut listed = listed.borrow_mut();
        let fresh = listed
            .as_ref()
            .is_some_and(|l| l.masks == c.masks() && l.geometry == *c.geometry());
        if !fresh {
            let mut rectangles = Vec::new();
            if has_boxes(c) {
                for square in c.geometry().squares() {
                    list_rectangles_in(c, &square, &mut rectangles);
                }
            }
            *listed = Some(Listed {
                geometry: c.geometry().clone(),
                masks: c.masks().to_vec(),
                rectangles,
            });
        }
        let rectangles = listed.as_ref().map_or(&[][..], |l| &l.rectangles[..]);
        rectangles.iter().find_map(|&(corners, pair)| {
            let mut step = visit(corners, pair)?;
            step.cells = corners.to_vec();
            step.digits = pair;
            Some(step)
        })
    })
}

thread_local! {
    /// The rectangles [`rectangles`] listed last, with the grid they were listed on.
    static LISTED: std::cell::RefCell<Option<Listed>> = const { std::cell::RefCell::new(None) };
}

/// A grid's deadly-pattern rectangles with their pairs, in [`rectangles`]' order.
struct Listed {
    geometry: Geometry,
    masks: Vec<u32>,
    rectangles: Vec<([usize; 4], u32)>,
}

/// Lists into `out` the rectangles of [`rectangles`] whose rows and columns are those of one
/// square, each with every pair common to its corners.
fn list_rectangles_in(c: &Candidates, square: &GridSquare, out: &mut Vec<([usize; 4], u32)>) {
    let n = square.side;
    let at = |r: usize, col: usize| c.geometry().square_cell(square, r, col);
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                let (a, b) = (at(r1, c1), at(r2, c1));
                let column = c.mask(a) & c.mask(b);
                if column.count_ones() < 2 {
                    continue;
                }
                for c2 in c1 + 1..n {
                    let corners = [a, at(r1, c2), b, at(r2, c2)];
                    let common = column & c.mask(corners[1]) & c.mask(corners[3]);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let exact = corners
                        .iter()
                        .filter(|&&x| c.mask(x).count_ones() == 2)
                        .count();
                    if exact < 2 || !is_deadly(c, corners) {
                        continue;
                    }
                    out.extend(pairs(common).map(|pair| (corners, pair)));
                }
            }
        }
    }
}

fn pairs(mask: u32) -> impl Iterator<Item = u32> {
    digits(mask).flat_map(move |a| {
        digits(mask)
            .filter(move |&b| b > a)
            .map(move |b| bit(a) | bit(b))
    })
}

fn has_boxes(c: &Candidates) -> bool {
    let houses = c.geometry().houses();
    houses.iter().any(|h| h.kind.is_block())
}

/// How the corners in `cells` lean between the two diagonals of the rectangle (corners 0 and
/// 3 hold one digit, 1 and 2 the other): 0 when swapping the two digits keeps what `cells`
/// hold.
fn balance(corners: [usize; 4], holds: impl Fn(usize) -> bool) -> i32 {
    corners
        .iter()
        .enumerate()
        .filter(|&(_, &x)| holds(x))
        .map(|(i, _)| if i == 0 || i == 3 { 1 } else { -1 })
        .sum()
}

/// Exactly two boxes/regions, and every house balanced between the two diagonals of corners.
/// A killer's cages must be balanced too: a cage holding one corner more of one diagonal would
/// change its sum (or repeat a digit) when the two digits swap, so the pattern would not be
/// deadly and a uniqueness step on it could take out the solution's digit.
fn is_deadly(c: &Candidates, corners: [usize; 4]) -> bool {
    let geo = c.geometry();
    if geo.marks().is_some() {
        // Marks and global rules (a dot, a knight's move) are not proven to survive the swap.
        return false;
    }
    let houses = geo.houses();
    let mut boxes: Vec<usize> = Vec::with_capacity(4);
    for &corner in &corners {
        for &h in geo.houses_of(corner) {
            if balance(corners, |x| houses[h].cells.binary_search(&x).is_ok()) != 0 {
                return false;
            }
            if houses[h].kind.is_block() && !boxes.contains(&h) {
                boxes.push(h);
            }
        }
    }
    if let Some(cages) = geo.cages() {
        let cage_balanced = |corner: usize| {
            let cage = cages.cage_of(corner);
            balance(corners, |x| cages.cage_of(x) == cage) == 0
        };
        if !corners.iter().all(|&corner| cage_balanced(corner)) {
            return false;
        }
    }
    boxes.len() == 2
}

/// BUG+1: one cell with three candidates, every other empty cell bivalue. Only where the
/// houses are the whole rule: the argument (a bivalue grid with every digit twice in every
/// house has two solutions) does not hold once cages add sums, so a killer never takes it.
pub fn bug_plus_one(c: &Candidates) -> Option<Step> {
    if !c.geometry().constraints().is_empty() {
        return None;
    }
    let &[cell] = trivalue_cells(c)?.as_slice() else {
        return None;
    };
    let digit = digits(c.mask(cell)).find(|&d| is_bug_without(c, &[cell], d))?;
    let mut step = Step::new(Technique::Bug1, c.names());
    step.cells = vec![cell];
    step.digits = c.mask(cell);
    step.placements.push((cell, digit));
    Some(step)
}

/// BUG type 2 (Sudoku Explainer's 5.7): every empty cell has two candidates but two or more
/// with three, whose third is the same digit x in each; without x in those cells every open
/// digit would have two places in every house (a deadly pattern), so one of them is x: x leaves
/// every cell that sees them all.
pub fn bug_type_2(c: &Candidates) -> Option<Step> {
    if !c.geometry().constraints().is_empty() {
        return None;
    }
    let bug_cells = trivalue_cells(c)?;
    if bug_cells.len() < 2 {
        return None;
    }
    let shared = bug_cells.iter().fold(u32::MAX, |m, &x| m & c.mask(x));
    let x = digits(shared).find(|&d| is_bug_without(c, &bug_cells, d))?;
    let elims: Vec<(usize, u8)> = c
        .common_peers(&bug_cells, x)
        .into_iter()
        .map(|cell| (cell, x))
        .collect();
    if elims.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::Bug2, c.names());
    step.cells = bug_cells;
    step.digits = bit(x);
    step.eliminations = elims;
    Some(step)
}

/// The empty cells with three candidates when every other empty cell has two (the cells a BUG
/// pattern turns on); `None` when a cell has one candidate or more than three.
fn trivalue_cells(c: &Candidates) -> Option<Vec<usize>> {
    let mut cells = Vec::new();
    for (cell, &m) in c.masks().iter().enumerate() {
        match m.count_ones() {
            0 | 2 => {}
            3 => cells.push(cell),
            _ => return None,
        }
    }
    Some(cells)
}

/// True when removing `digit` from `cells` leaves every open digit with exactly two places in
/// every house.
fn is_bug_without(c: &Candidates, cells: &[usize], digit: u8) -> bool {
    let geo = c.geometry();
    geo.houses().iter().all(|house| {
        let mut counts = [0u8; 32];
        let mut placed = 0u32;
        for &x in &house.cells {
            let mut m = c.mask(x);
            if cells.contains(&x) {
                m &= !bit(digit);
            }
            if c.value(x) != 0 {
                placed |= bit(c.value(x));
            }
            for d in digits(m) {
                counts[d as usize] += 1;
            }
        }
        (1..=geo.size()).all(|d| placed & (1 << (d - 1)) != 0 || counts[d] == 2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Geometry;
    use crate::grid::HouseKind;
    use crate::logic::candidates::tests::{cell, classic9, mask_of, open};

    #[test]
    fn unique_rectangle_type_1() {
        let geo = classic9();
        let mut c = open(&geo);
        for name in ["r1c1", "r1c4", "r3c1"] {
            c.set_mask(cell(name), mask_of(&[2, 5]));
        }
        c.set_mask(cell("r3c4"), mask_of(&[2, 5, 8]));
        let step = unique_rectangle_1(&c).expect("UR1");
        assert_eq!(
            step.eliminations,
            vec![(cell("r3c4"), 2), (cell("r3c4"), 5)]
        );
        // Four boxes: not deadly.
        let mut c = open(&geo);
        for name in ["r1c1", "r1c4", "r4c1"] {
            c.set_mask(cell(name), mask_of(&[2, 5]));
        }
        c.set_mask(cell("r4c4"), mask_of(&[2, 5, 8]));
        assert!(unique_rectangle_1(&c).is_none());
    }

    /// Issue 46 (the seam, uniqueness): on a killer, a rectangle is deadly only when every
    /// cage holds as many corners of one diagonal as of the other (a swap keeps its sums); a
    /// cage of one corner makes it a pattern the cages tell apart, and BUG+1 never runs.
    #[test]
    fn killer_cages_must_be_balanced_for_a_deadly_rectangle_and_bug_is_off() {
        use crate::grid::{Cage, CageSet};
        // Cages over a valid solution (row r holds 1..9 shifted), so every sum is real.
        let solution: Vec<u32> = (0..81)
            .map(|c| ((c % 9 + 3 * (c / 9 % 3) + c / 27) % 9 + 1) as u32)
            .collect();
        let killer = |groups: Vec<Vec<usize>>| {
            let cages = groups
                .into_iter()
                .map(|cells| Cage {
                    sum: cells.iter().map(|&c| solution[c]).sum(),
                    cells,
                })
                .collect();
            classic9()
                .with_cages(CageSet::new(9, cages).expect("cages"))
                .expect("killer")
        };
        let corners = [cell("r1c1"), cell("r1c4"), cell("r2c1"), cell("r2c4")];
        let rows = killer((0..9).map(|r| (9 * r..9 * r + 9).collect()).collect());
        assert!(
            is_deadly(&open(&rows), corners),
            "rows hold one corner of each diagonal"
        );
        let singles = killer((0..81).map(|c| vec![c]).collect());
        assert!(
            !is_deadly(&open(&singles), corners),
            "a cage of one corner sees the swap"
        );
        let mut c = open(&singles);
        for x in 0..81 {
            c.set_mask(x, mask_of(&[1, 2]));
        }
        c.set_mask(0, mask_of(&[1, 2, 3]));
        assert!(bug_plus_one(&c).is_none());
    }

    /// The rectangles listed for one grid are not taken for another geometry's grid with the
    /// same candidates: on the classic grid the rectangle is deadly, under cages of one cell
    /// it is not.
    #[test]
    fn rectangles_are_listed_again_for_another_geometry() {
        use crate::grid::{Cage, CageSet};
        let classic = classic9();
        let singles = classic9()
            .with_cages(
                CageSet::new(
                    9,
                    (0..81)
                        .map(|x| Cage {
                            sum: 5,
                            cells: vec![x],
                        })
                        .collect(),
                )
                .expect("cages"),
            )
            .expect("killer");
        let shaped = |geo| {
            let mut c = open(geo);
            for name in ["r1c1", "r1c4", "r3c1"] {
                c.set_mask(cell(name), mask_of(&[2, 5]));
            }
            c.set_mask(cell("r3c4"), mask_of(&[2, 5, 8]));
            c
        };
        assert!(unique_rectangle_1(&shaped(&classic)).is_some());
        assert!(unique_rectangle_1(&shaped(&singles)).is_none());
        assert!(unique_rectangle_1(&shaped(&classic)).is_some());
    }

    #[test]
    fn unique_rectangle_needs_balanced_diagonals() {
        let geo = Geometry::new(9, "diagonal".parse().expect("v"), None, None).expect("x");
        let mut c = open(&geo);
        // No corner on a diagonal: balanced, deadly.
        for name in ["r1c2", "r1c5", "r3c2"] {
            c.set_mask(cell(name), mask_of(&[2, 5]));
        }
        c.set_mask(cell("r3c5"), mask_of(&[2, 5, 8]));
        assert!(unique_rectangle_1(&c).is_some());
        // r1c1 is on the main diagonal and no other corner is: a swap would break it.
        let mut c = open(&geo);
        for name in ["r1c1", "r1c4", "r3c1"] {
            c.set_mask(cell(name), mask_of(&[2, 5]));
        }
        c.set_mask(cell("r3c4"), mask_of(&[2, 5, 8]));
        assert!(unique_rectangle_1(&c).is_none());
    }

    #[test]
    fn unique_rectangle_type_2() {
        let geo = classic9();
        let mut c = open(&geo);
        c.set_mask(cell("r1c1"), mask_of(&[2, 5]));
        c.set_mask(cell("r1c4"), mask_of(&[2, 5]));
        c.set_mask(cell("r3c1"), mask_of(&[2, 5, 8]));
        c.set_mask(cell("r3c4"), mask_of(&[2, 5, 8]));
        assert!(unique_rectangle_1(&c).is_none());
        let step = unique_rectangle_2(&c).expect("UR2");
        assert!(step.eliminations.iter().all(|&(x, d)| d == 8 && x / 9 == 2));
        assert_eq!(step.eliminations.len(), 7);
    }

    /// An open grid with the rectangle r1c1, r1c4, r3c1, r3c4 on {2,5}: the floor (row 1) just
    /// {2,5}, the roof (row 3) {2,5,7} and {2,5,8}.
    fn rectangle_with_roof(geo: &crate::grid::Geometry) -> Candidates<'_> {
        let mut c = open(geo);
        c.set_mask(cell("r1c1"), mask_of(&[2, 5]));
        c.set_mask(cell("r1c4"), mask_of(&[2, 5]));
        c.set_mask(cell("r3c1"), mask_of(&[2, 5, 7]));
        c.set_mask(cell("r3c4"), mask_of(&[2, 5, 8]));
        c
    }

    #[test]
    fn unique_rectangle_type_4() {
        let geo = classic9();
        let mut c = rectangle_with_roof(&geo);
        assert!(
            unique_rectangle_4(&c).is_none(),
            "2 and 5 have other places in row 3"
        );
        // 5 only in r3c1 and r3c4 in row 3: one of them is 5, so neither is 2.
        for col in [2, 3, 5, 6, 7, 8, 9] {
            c.eliminate(cell(&format!("r3c{col}")), 5);
        }
        assert!(unique_rectangle_2(&c).is_none(), "the extras differ");
        let step = unique_rectangle_4(&c).expect("UR4");
        assert_eq!(
            step.eliminations,
            vec![(cell("r3c1"), 2), (cell("r3c4"), 2)]
        );
        assert_eq!(step.houses, vec![HouseKind::Row(2)]);
        assert_eq!(step.score(), 4.5);
    }

    #[test]
    fn unique_rectangle_type_3() {
        let geo = classic9();
        let mut c = rectangle_with_roof(&geo);
        assert!(
            unique_rectangle_3(&c).is_none(),
            "no cell holds just 7 and 8"
        );
        // r3c8 is {7,8}: with the roof's extras a naked pair of row 3.
        c.set_mask(cell("r3c8"), mask_of(&[7, 8]));
        let step = unique_rectangle_3(&c).expect("UR3");
        assert_eq!(step.houses, vec![HouseKind::Row(2)]);
        assert!(
            step.eliminations
                .iter()
                .all(|&(x, d)| x / 9 == 2 && (d == 7 || d == 8))
        );
        assert!(!step.eliminations.iter().any(|&(x, _)| x == cell("r3c8")));
        // The six other open cells of row 3 lose both.
        assert_eq!(step.eliminations.len(), 12);
        assert_eq!(step.score(), 4.6);
    }

    #[test]
    fn bug_plus_one_places_the_odd_digit() {
        // 4x4: a bivalue state with one trivalue cell.
        let geo = Geometry::classic(4).expect("4x4");
        // Solution 1234/3412/2143/4321; give candidates {own, partner} forming a BUG.
        let sol = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1u8];
        let alt = [2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2u8];
        let mut masks: Vec<u32> = (0..16).map(|i| bit(sol[i]) | bit(alt[i])).collect();
        assert!(bug_plus_one(&Candidates::from_masks(&geo, &[0; 16], &masks)).is_none());
        masks[0] |= bit(3);
        let c = Candidates::from_masks(&geo, &[0; 16], &masks);
        let step = bug_plus_one(&c).expect("BUG+1");
        assert_eq!(step.placements, vec![(0, 3)]);
        masks[5] |= bit(1);
        assert!(bug_plus_one(&Candidates::from_masks(&geo, &[0; 16], &masks)).is_none());
    }

    #[test]
    fn bug_type_2_removes_the_shared_digit_from_what_sees_every_bug_cell() {
        let geo = Geometry::classic(4).expect("4x4");
        let sol = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1u8];
        let alt = [2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2u8];
        let mut masks: Vec<u32> = (0..16).map(|i| bit(sol[i]) | bit(alt[i])).collect();
        // r1c1 and r1c2 ({1,2} each) get a third candidate, 3: without it, a deadly pattern.
        masks[0] |= bit(3);
        masks[1] |= bit(3);
        let c = Candidates::from_masks(&geo, &[0; 16], &masks);
        assert!(bug_plus_one(&c).is_none(), "two cells of three");
        let step = bug_type_2(&c).expect("BUG type 2");
        assert_eq!(step.cells, vec![0, 1]);
        // What sees both: the rest of row 1 and of box 1.
        assert_eq!(step.eliminations, vec![(2, 3), (3, 3), (4, 3), (5, 3)]);
        assert_eq!(step.score(), 5.7);
        // Different third digits: no type 2.
        masks[1] = bit(2) | bit(1) | bit(4);
        assert!(bug_type_2(&Candidates::from_masks(&geo, &[0; 16], &masks)).is_none());
    }
}
