//! Killer cage techniques (only when the geometry has cages): the last cell of a cage, the
//! digits a cage's possible fillings allow, digits a cage needs (or a house can only put in a
//! cage), and the 45 rule (innies and outies of houses and of runs of 2-3 rows or columns).
//!
//! Every deduction is by exact enumeration of the fillings still possible from the candidates
//! (a cage: distinct digits adding up to its sum; innies/outies: a known sum over at most
//! [`MAX_SUM_CELLS`] cells, distinct only where cells see each other), so it is sound.

use crate::grid::{Cage, CageSet, House, HouseKind};

use super::candidates::{Candidates, bit, digits};
use super::intersections::hidden_single_after;
use super::step::Step;
use super::technique::Technique;
use crate::grid::rules::{fillings, mask_sum};

/// The most open innie or outie cells whose sum the 45 rule restricts.
pub const MAX_SUM_CELLS: usize = 4;

/// The most open innie or outie cells whose sum the 45 rule over larger unions restricts.
pub const MAX_LARGE_SUM_CELLS: usize = 5;

/// The longest run of consecutive rows or columns taken together by the 45 rule.
const MAX_RUN: usize = 3;

/// What a cage still allows, given the placed digits and the candidates of its open cells.
#[derive(Debug, Clone, PartialEq)]
struct CageOptions {
    /// The open cells, ascending.
    open: Vec<usize>,
    /// Per open cell: the digits it takes in some valid filling.
    allowed: Vec<u32>,
    /// The digits of the open cells in every valid filling (0 when there is none).
    required: u32,
}

/// The valid fillings of a cage's open cells (distinct digits, none placed in the cage, from
/// the candidates, adding up to what the sum leaves), keeping only those that use all of `must`.
fn cage_options(c: &Candidates, cage: &Cage, must: u32) -> CageOptions {
    let open: Vec<usize> = cage
        .cells
        .iter()
        .copied()
        .filter(|&x| c.value(x) == 0)
        .collect();
    let placed = cage
        .cells
        .iter()
        .filter(|&&x| c.value(x) != 0)
        .fold(0, |m, &x| m | bit(c.value(x)));
    let placed_sum: u32 = cage.cells.iter().map(|&x| u32::from(c.value(x))).sum();
    let masks: Vec<u32> = open.iter().map(|&x| c.mask(x)).collect();
    let Some(rest) = cage.sum.checked_sub(placed_sum) else {
        return CageOptions {
            allowed: vec![0; open.len()],
            open,
            required: 0,
        };
    };
    let f = fillings(&masks, placed, rest, |m| m & must == must);
    CageOptions {
        allowed: f.allowed,
        open,
        required: f
            .sets
            .iter()
            .fold(if f.sets.is_empty() { 0 } else { u32::MAX }, |a, &m| a & m),
    }
}

/// The eliminations that `allowed` makes among the open cells' candidates.
fn removals(c: &Candidates, open: &[usize], allowed: &[u32]) -> Vec<(usize, u8)> {
    open.iter()
        .zip(allowed)
        .flat_map(|(&x, &a)| digits(c.mask(x) & !a).map(move |d| (x, d)))
        .collect()
}

/// The houses holding every cell of `cells`.
fn houses_holding(c: &Candidates, cells: &[usize]) -> Vec<HouseKind> {
    let geo = c.geometry();
    let Some(&first) = cells.first() else {
        return Vec::new();
    };
    geo.houses_of(first)
        .iter()
        .filter(|&&h| {
            cells
                .iter()
                .all(|&x| geo.houses()[h].cells.binary_search(&x).is_ok())
        })
        .map(|&h| geo.houses()[h].kind)
        .collect()
}

/// The last empty cell of a cage holds the cage's sum minus the placed digits.
pub fn cage_sum_single(c: &Candidates) -> Option<Step> {
    let cages = c.geometry().cages()?;
    for cage in cages.cages() {
        let mut open = cage.cells.iter().filter(|&&x| c.value(x) == 0);
        let (Some(&cell), None) = (open.next(), open.next()) else {
            continue;
        };
        let placed: u32 = cage.cells.iter().map(|&x| u32::from(c.value(x))).sum();
        let Some(digit) = cage.sum.checked_sub(placed) else {
            continue;
        };
        if (1..=c.size() as u32).contains(&digit) && c.has(cell, digit as u8) {
            let mut step =
                Step::single(Technique::CageSumSingle, c.names(), cell, digit as u8, None);
            step.cells = cage.cells.clone();
            return Some(step);
        }
    }
    None
}

/// A cage's open cells lose every candidate that no valid filling of the cage puts there.
pub fn cage_combination(c: &Candidates) -> Option<Step> {
    let cages = c.geometry().cages()?;
    for cage in cages.cages() {
        if cage.cells.iter().all(|&x| c.value(x) != 0) {
            continue;
        }
        let options = cage_options(c, cage, 0);
        let eliminations = removals(c, &options.open, &options.allowed);
        if !eliminations.is_empty() {
            let mut step = Step::new(Technique::CageCombination, c.names());
            step.digits = options.allowed.iter().fold(0, |m, &a| m | a);
            step.cells = options.open;
            step.eliminations = eliminations;
            return Some(step);
        }
    }
    None
}

/// A digit every filling of a cage uses leaves the cells that see all of the cage's places
/// for it; a digit whose places in a house all lie in one cage must be in that cage.
pub fn cage_house_interaction(c: &Candidates) -> Option<Step> {
    let cages = c.geometry().cages()?;
    required_digit(c, cages).or_else(|| house_in_cage(c, cages))
}

/// A cage/house interaction on a digit every filling of a cage needs, whose removals leave that
/// digit a single place in some house, placed in the same step (like a direct pointing).
pub fn direct_cage_house_interaction(c: &Candidates) -> Option<Step> {
    let cages = c.geometry().cages()?;
    required_digit_where(c, cages, |mut step| {
        let digit = step.digits.trailing_zeros() as u8 + 1;
        let (cell, house) = hidden_single_after(c, &step.eliminations, digit, None)?;
        step.technique = Technique::DirectCageHouseInteraction;
        step.placements.push((cell, digit));
        step.houses.push(c.geometry().houses()[house].kind);
        Some(step)
    })
}

fn required_digit(c: &Candidates, cages: &CageSet) -> Option<Step> {
    required_digit_where(c, cages, Some)
}

/// The first step removing a digit every filling of a cage needs from the cells that see all
/// its places in the cage, that `finish` turns into a step.
fn required_digit_where(
    c: &Candidates,
    cages: &CageSet,
    finish: impl Fn(Step) -> Option<Step>,
) -> Option<Step> {
    for cage in cages.cages() {
        let options = cage_options(c, cage, 0);
        if options.open.len() < 2 {
            continue;
        }
        for d in digits(options.required) {
            let places = c.holding(&options.open, d);
            let eliminations: Vec<(usize, u8)> = c
                .common_peers(&places, d)
                .into_iter()
                .filter(|x| cage.cells.binary_search(x).is_err())
                .map(|x| (x, d))
                .collect();
            if !eliminations.is_empty() {
                let mut step = Step::new(Technique::CageHouseInteraction, c.names());
                step.digits = bit(d);
                step.houses = houses_holding(c, &places);
                step.cells = places;
                step.eliminations = eliminations;
                if let Some(step) = finish(step) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn house_in_cage(c: &Candidates, cages: &CageSet) -> Option<Step> {
    for house in c.geometry().houses() {
        for d in 1..=c.size() as u8 {
            let places = c.holding(&house.cells, d);
            let Some(&first) = places.first() else {
                continue;
            };
            let cage = cages.cage_of(first);
            if places.iter().any(|&x| cages.cage_of(x) != cage) {
                continue;
            }
            let options = cage_options(c, &cages.cages()[cage], bit(d));
            let eliminations = removals(c, &options.open, &options.allowed);
            if !eliminations.is_empty() {
                let mut step = Step::new(Technique::CageHouseInteraction, c.names());
                step.digits = bit(d);
                step.houses = vec![house.kind];
                step.cells = places;
                step.eliminations = eliminations;
                return Some(step);
            }
        }
    }
    None
}

/// One group of a house's cells that adds up to a known total: a cage inside the house, or the
/// rest of the house (a hidden cage).
struct Group {
    open: Vec<usize>,
    masks: Vec<u32>,
    placed: u32,
    rest: u32,
    /// True for the rest of the house (not a cage: [`cage_combination`] does not see it).
    hidden: bool,
    /// The digit sets of its fillings from the candidates.
    sets: Vec<u32>,
}

/// Hidden cage (house combinations): a house splits into the cages wholly inside it and the rest
/// of its cells, which add up to what those cages leave (a hidden cage). All of them hold
/// distinct digits, so their combinations must be disjoint: a combination that no choice of
/// disjoint combinations of the others completes goes, with the candidates only it allowed.
pub fn house_combination(c: &Candidates) -> Option<Step> {
    let cages = c.geometry().cages()?;
    let full = (c.size() * (c.size() + 1) / 2) as u32;
    for house in c.geometry().houses() {
        if house.cells.iter().all(|&x| c.value(x) != 0) {
            continue;
        }
        let mut inner: Vec<usize> = house.cells.iter().map(|&x| cages.cage_of(x)).collect();
        inner.sort_unstable();
        inner.dedup();
        inner.retain(|&q| {
            cages.cages()[q]
                .cells
                .iter()
                .all(|x| house.cells.binary_search(x).is_ok())
        });
        let mut parts: Vec<(Vec<usize>, u32, bool)> = inner
            .iter()
            .map(|&q| (cages.cages()[q].cells.clone(), cages.cages()[q].sum, false))
            .collect();
        let rest_cells: Vec<usize> = house
            .cells
            .iter()
            .copied()
            .filter(|&x| !inner.contains(&cages.cage_of(x)))
            .collect();
        let inner_sum: u32 = parts.iter().map(|p| p.1).sum();
        if !rest_cells.is_empty() {
            let Some(left) = full.checked_sub(inner_sum) else {
                continue;
            };
            parts.push((rest_cells, left, true));
        }
        let mut groups: Vec<Group> = Vec::new();
        for (cells, sum, hidden) in parts {
            let open: Vec<usize> = cells.iter().copied().filter(|&x| c.value(x) == 0).collect();
            if open.is_empty() {
                continue;
            }
            let placed = cells
                .iter()
                .filter(|&&x| c.value(x) != 0)
                .fold(0, |m, &x| m | bit(c.value(x)));
            let Some(rest) = sum.checked_sub(mask_sum(placed)) else {
                continue;
            };
            let masks: Vec<u32> = open.iter().map(|&x| c.mask(x)).collect();
            let sets = fillings(&masks, placed, rest, |_| true).sets;
            groups.push(Group {
                open,
                masks,
                placed,
                rest,
                hidden,
                sets,
            });
        }
        if groups.len() < 2 || groups.iter().any(|g| g.sets.is_empty()) {
            continue;
        }
        let mut feasible: Vec<Vec<u32>> = vec![Vec::new(); groups.len()];
        let mut chosen = vec![0u32; groups.len()];
        joint(&groups, 0, 0, &mut chosen, &mut feasible);
        let mut step = Step::new(Technique::HouseCombination, c.names());
        for (g, keep) in groups.iter().zip(&mut feasible) {
            keep.sort_unstable();
            keep.dedup();
            if keep.len() == g.sets.len() && !g.hidden {
                continue;
            }
            let f = fillings(&g.masks, g.placed, g.rest, |m| {
                keep.binary_search(&m).is_ok()
            });
            let gone = removals(c, &g.open, &f.allowed);
            if !gone.is_empty() {
                step.digits |= f.allowed.iter().fold(0, |m, &a| m | a);
                step.cells.extend(&g.open);
                step.eliminations.extend(gone);
            }
        }
        if !step.eliminations.is_empty() {
            step.cells.sort_unstable();
            step.houses = vec![house.kind];
            return Some(step);
        }
    }
    None
}

/// Records in `feasible` every combination of the groups from `i` on that, with the ones
/// `chosen` before (using the digits `used`), makes disjoint combinations for all groups.
fn joint(groups: &[Group], i: usize, used: u32, chosen: &mut [u32], feasible: &mut [Vec<u32>]) {
    if i == groups.len() {
        for (list, &m) in feasible.iter_mut().zip(chosen.iter()) {
            list.push(m);
        }
        return;
    }
    for &m in &groups[i].sets {
        if m & used == 0 {
            chosen[i] = m;
            joint(groups, i + 1, used | m, chosen, feasible);
        }
    }
}

/// The rows (or columns) as `(index, house)` pairs, top to bottom (left to right).
fn lines_in_order(houses: &[House], rows: bool) -> Vec<(usize, usize)> {
    let mut lines: Vec<(usize, usize)> = houses
        .iter()
        .enumerate()
        .filter_map(|(h, house)| match (house.kind, rows) {
            (HouseKind::Row(i), true) | (HouseKind::Column(i), false) => Some((i, h)),
            _ => None,
        })
        .collect();
    lines.sort_unstable();
    lines
}

/// Groups of houses with no cell in common whose digits add up to a known total: every house
/// alone, and runs of 2 to [`MAX_RUN`] consecutive rows or columns.
fn house_unions(c: &Candidates) -> Vec<Vec<usize>> {
    let houses = c.geometry().houses();
    let mut unions: Vec<Vec<usize>> = (0..houses.len()).map(|h| vec![h]).collect();
    for row_like in [true, false] {
        let lines = lines_in_order(houses, row_like);
        for run in 2..=MAX_RUN.min(lines.len() / 2) {
            for window in lines.windows(run) {
                unions.push(window.iter().map(|&(_, h)| h).collect());
            }
        }
    }
    unions
}

/// The 45 rule: a group of houses adds up to a known total; the cages wholly inside it account
/// for part of it, so the cells inside it of the cages that stick out (innies) add up to the
/// rest, and the cells outside of those cages (outies) to what their sums leave. One open innie
/// or outie is placed; up to [`MAX_SUM_CELLS`] lose the candidates no filling of the sum uses.
pub fn innie_outie(c: &Candidates) -> Option<Step> {
    // Without cages there is nothing to add up (and the unions are not worth making).
    c.geometry().cages()?;
    innie_outie_over(
        c,
        &house_unions(c),
        1..=MAX_SUM_CELLS,
        Technique::InnieOutie,
    )
}

/// The 45 rule over larger unions: groups of 2 or 3 boxes of a band or stack, and runs of 4 or
/// more rows or columns (up to half the grid), with up to [`MAX_LARGE_SUM_CELLS`] innies or
/// outies; and the unions of [`innie_outie`] with more innies or outies than it takes.
pub fn large_innie_outie(c: &Candidates) -> Option<Step> {
    c.geometry().cages()?;
    let more = MAX_SUM_CELLS + 1..=MAX_LARGE_SUM_CELLS;
    innie_outie_over(
        c,
        &large_unions(c),
        1..=MAX_LARGE_SUM_CELLS,
        Technique::LargeInnieOutie,
    )
    .or_else(|| innie_outie_over(c, &house_unions(c), more, Technique::LargeInnieOutie))
}

/// Unions of boxes in one band or stack (2 or 3 of them), and runs of 4 to half the grid of
/// consecutive rows or columns.
fn large_unions(c: &Candidates) -> Vec<Vec<usize>> {
    let houses = c.geometry().houses();
    let n = c.size();
    let boxes: Vec<usize> = (0..houses.len())
        .filter(|&h| matches!(houses[h].kind, HouseKind::Box(_)))
        .collect();
    let mut unions = Vec::new();
    for by_row in [true, false] {
        // Boxes keyed by the rows (or columns) they cover: equal keys share a band (stack).
        let key = |h: usize| -> Vec<usize> {
            let mut k: Vec<usize> = houses[h]
                .cells
                .iter()
                .map(|&x| if by_row { x / n } else { x % n })
                .collect();
            k.sort_unstable();
            k.dedup();
            k
        };
        for (i, &a) in boxes.iter().enumerate() {
            for (j, &b) in boxes.iter().enumerate().skip(i + 1) {
                if key(a) != key(b) {
                    continue;
                }
                unions.push(vec![a, b]);
                for &d in boxes.iter().skip(j + 1) {
                    if key(d) == key(a) {
                        unions.push(vec![a, b, d]);
                    }
                }
            }
        }
    }
    for row_like in [true, false] {
        let lines = lines_in_order(houses, row_like);
        for run in MAX_RUN + 1..=lines.len() / 2 {
            for window in lines.windows(run) {
                unions.push(window.iter().map(|&(_, h)| h).collect());
            }
        }
    }
    unions
}

/// The 45 rule over the given unions, for innie or outie sets with a size in `sizes`.
fn innie_outie_over(
    c: &Candidates,
    unions: &[Vec<usize>],
    sizes: std::ops::RangeInclusive<usize>,
    technique: Technique,
) -> Option<Step> {
    let cages = c.geometry().cages()?;
    let geo = c.geometry();
    let full = (c.size() * (c.size() + 1) / 2) as i64;
    let mut inside = vec![false; geo.cell_count()];
    for union in unions {
        let cells: Vec<usize> = union
            .iter()
            .flat_map(|&h| geo.houses()[h].cells.iter().copied())
            .collect();
        for &x in &cells {
            inside[x] = true;
        }
        let mut touched: Vec<usize> = cells.iter().map(|&x| cages.cage_of(x)).collect();
        touched.sort_unstable();
        touched.dedup();
        let mut inner_sum = 0i64;
        let mut outer_sum = 0i64;
        let (mut innies, mut outies) = (Vec::new(), Vec::new());
        for &q in &touched {
            let cage = &cages.cages()[q];
            if cage.cells.iter().all(|&x| inside[x]) {
                inner_sum += i64::from(cage.sum);
            } else {
                outer_sum += i64::from(cage.sum);
                for &x in &cage.cells {
                    if inside[x] {
                        innies.push(x);
                    } else {
                        outies.push(x);
                    }
                }
            }
        }
        for &x in &cells {
            inside[x] = false;
        }
        let innie_sum = full * union.len() as i64 - inner_sum;
        let outie_sum = outer_sum - innie_sum;
        for (set, sum) in [(innies, innie_sum), (outies, outie_sum)] {
            if let Some(mut step) = sum_step(c, &set, sum, &sizes, technique) {
                step.houses = union.iter().map(|&h| geo.houses()[h].kind).collect();
                return Some(step);
            }
        }
    }
    None
}

/// The step that cells adding up to `sum` allow, if it does anything.
fn sum_step(
    c: &Candidates,
    cells: &[usize],
    sum: i64,
    sizes: &std::ops::RangeInclusive<usize>,
    technique: Technique,
) -> Option<Step> {
    let placed: i64 = cells.iter().map(|&x| i64::from(c.value(x))).sum();
    let open: Vec<usize> = cells.iter().copied().filter(|&x| c.value(x) == 0).collect();
    let rest = u32::try_from(sum - placed).ok()?;
    if !sizes.contains(&open.len()) || rest == 0 {
        return None;
    }
    let allowed = sum_options(c, &open, rest);
    let mut step = Step::new(technique, c.names());
    if let [cell] = open[..]
        && allowed[0].count_ones() == 1
    {
        step.placements.push((cell, digits(allowed[0]).next()?));
    }
    if step.placements.is_empty() {
        step.eliminations = removals(c, &open, &allowed);
        if step.eliminations.is_empty() {
            return None;
        }
    }
    step.digits = allowed.iter().fold(0, |m, &a| m | a);
    step.cells = open;
    Some(step)
}

/// Per cell, the digits it takes in some filling of `cells` from their candidates adding up to
/// `sum`, where cells that see each other hold different digits.
fn sum_options(c: &Candidates, cells: &[usize], sum: u32) -> Vec<u32> {
    let n = cells.len();
    // Smallest and largest sums the cells from `i` on can still make (ignoring distinctness).
    let mut low = vec![0u32; n + 1];
    let mut high = vec![0u32; n + 1];
    for i in (0..n).rev() {
        let m = c.mask(cells[i]);
        if m == 0 {
            return vec![0; n];
        }
        low[i] = low[i + 1] + m.trailing_zeros() + 1;
        high[i] = high[i + 1] + 32 - m.leading_zeros();
    }
    let mut allowed = vec![0u32; n];
    let mut chosen = vec![0u8; n];
    let mut search = Search {
        c,
        cells,
        low: &low,
        high: &high,
        chosen: &mut chosen,
        allowed: &mut allowed,
    };
    search.go(0, sum);
    allowed
}

struct Search<'a, 'g> {
    c: &'a Candidates<'g>,
    cells: &'a [usize],
    low: &'a [u32],
    high: &'a [u32],
    chosen: &'a mut [u8],
    allowed: &'a mut [u32],
}

impl Search<'_, '_> {
    fn go(&mut self, i: usize, left: u32) {
        if i == self.cells.len() {
            if left == 0 {
                for (a, &d) in self.allowed.iter_mut().zip(self.chosen.iter()) {
                    *a |= bit(d);
                }
            }
            return;
        }
        for d in digits(self.c.mask(self.cells[i])) {
            let Some(after) = left.checked_sub(u32::from(d)) else {
                break;
            };
            if after < self.low[i + 1] || after > self.high[i + 1] {
                continue;
            }
            let clash =
                (0..i).any(|j| self.chosen[j] == d && self.c.sees(self.cells[j], self.cells[i]));
            if !clash {
                self.chosen[i] = d;
                self.go(i + 1, after);
            }
        }
    }
}

#[cfg(test)]
mod tests;
