//! Random jigsaw layouts: `N` connected regions of `N` cells grown from random seed cells, with a
//! chain of cell hand-overs between neighbouring regions when a region is boxed in, then a shape
//! filter (no region equal to a row, column or box; none filling most of a line). Whether a layout
//! can be filled is decided by the caller (a randomised fill with a node cap).

use super::rng::SeededRng;
use crate::grid::RegionMap;
use crate::grid::regions::orthogonal_neighbours;

/// How many growth attempts one call makes before giving up.
const GROW_ATTEMPTS: usize = 200;

/// A random layout of `n` regions for an `n × n` grid that passes the shape filter, or `None`
/// after many failed attempts (only for sizes where layouts are very constrained).
pub fn random_layout(n: usize, rng: &mut SeededRng) -> Option<RegionMap> {
    first_good_layout(n, rng, GROW_ATTEMPTS, false)
}

/// Grows (plain or half-turn symmetric), compacts and filters layouts until one passes, at most
/// `attempts` times.
fn first_good_layout(
    n: usize,
    rng: &mut SeededRng,
    attempts: usize,
    symmetric: bool,
) -> Option<RegionMap> {
    for _ in 0..attempts {
        let grown = if symmetric {
            grow_symmetric(n, rng)
        } else {
            grow(n, rng)
        };
        let Some(mut ids) = grown else {
            continue;
        };
        compact(&mut ids, n, rng, symmetric);
        if !shape_is_good(&ids, n) || (symmetric && !is_symmetric(&ids, n)) {
            continue;
        }
        if let Ok(map) = RegionMap::from_ids(n, &ids) {
            return Some(map);
        }
    }
    None
}

/// Grows `n` regions from random seeds until every cell is taken; `None` when stuck.
fn grow(n: usize, rng: &mut SeededRng) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let mut owner = vec![FREE; n * n];
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    let mut sizes = vec![1usize; n];
    for (region, &cell) in cells[..n].iter().enumerate() {
        owner[cell] = region;
    }
    let mut free = n * n - n;
    while free > 0 {
        let small: Vec<usize> = (0..n).filter(|&r| sizes[r] < n).collect();
        let region = small[rng.below(small.len())];
        let frontier = free_neighbours(&owner, n, region);
        if frontier.is_empty() {
            if !hand_over(&mut owner, n, region, rng) {
                return None;
            }
        } else {
            let cell = compact_pick(&owner, n, region, &frontier, rng);
            owner[cell] = region;
        }
        sizes[region] += 1;
        free -= 1;
    }
    Some(owner)
}

/// The frontier cell a growing region takes: one of those touching it on the most sides (ties
/// drawn at random), so regions grow as compact blobs rather than arms one cell wide.
fn compact_pick(
    owner: &[usize],
    n: usize,
    region: usize,
    frontier: &[usize],
    rng: &mut SeededRng,
) -> usize {
    let touching = |c: usize| {
        orthogonal_neighbours(c, n)
            .filter(|&d| owner[d] == region)
            .count()
    };
    let best = frontier.iter().map(|&c| touching(c)).max().unwrap_or(0);
    let candidates: Vec<usize> = frontier
        .iter()
        .copied()
        .filter(|&c| touching(c) == best)
        .collect();
    candidates[rng.below(candidates.len())]
}

/// Swaps tried per cell when a layout is made compact.
const COMPACT_TRIES: usize = 30;

/// Makes a layout compact by swaps: a cell of one region on its border with another and a cell
/// of that region on its border with the first change regions, when both stay connected, no
/// region becomes a box, and the layout is no less compact (thick lines plus twice the arm tips,
/// [`compactness`]). Sizes never change, so the layout stays a valid jigsaw. With `symmetric`,
/// the turned cells swap too, so a layout symmetric under a half turn stays so.
fn compact(ids: &mut [usize], n: usize, rng: &mut SeededRng, symmetric: bool) {
    let near = Adjacency::new(n);
    let mut members = Members::new(ids, n, &near);
    // The cells `b` a try may swap with, listed in one pass (reused between tries).
    let mut candidates = Vec::with_capacity(n * n);
    for _ in 0..COMPACT_TRIES * n * n {
        let a = rng.below(n * n);
        let mut others = [0usize; 4];
        let mut count = 0;
        for &d in near.of(a).iter().filter(|&&d| ids[d] != ids[a]) {
            others[count] = d;
            count += 1;
        }
        if count == 0 {
            continue;
        }
        let (from, to) = (ids[a], ids[others[rng.below(count)]]);
        let candidate = |b: usize| near.of(b).iter().any(|&d| ids[d] == from);
        candidates.clear();
        candidates.extend(members.cells(to).filter(|&b| candidate(b)));
        if candidates.is_empty() {
            continue;
        }
        let b = candidates[rng.below(candidates.len())];
        let turn = |c: usize| n * n - 1 - c;
        let swap = Swap::new(ids, [a, b, turn(a), turn(b)], symmetric);
        let current = members.score;
        swap.apply(ids, &mut members, &near, (from, to));
        let touched = [from, to, ids[turn(a)], ids[turn(b)]];
        let kept = members.score <= current
            && touched
                .iter()
                .all(|&r| members.connected(&near, r) && !members.is_a_box(r, n))
            && (!symmetric || is_symmetric(ids, n))
            && swap.sizes_kept(ids, &members, n);
        if !kept {
            swap.undo(ids, &mut members, &near);
        }
    }
}

/// Each region's cells as a bit set (bit `c % 64` of word `c / 64`), and the layout's
/// compactness, kept beside the layout by every change: a try of [`compact`] reads a region's
/// `n` cells instead of the grid's `n²`, and the few counts a change touches.
struct Members {
    words: usize,
    bits: Vec<u64>,
    /// For every cell, its neighbours in its own region.
    same: Vec<u8>,
    /// Thick lines plus twice the arm tips ([`compactness`]).
    score: isize,
    /// Cells not yet reached by [`Members::connected`]'s walk (scratch).
    left: Vec<u64>,
    todo: Vec<usize>,
}

impl Members {
    fn new(ids: &[usize], n: usize, near: &Adjacency) -> Members {
        let words = (n * n).div_ceil(64);
        let same: Vec<u8> = (0..n * n)
            .map(|c| near.of(c).iter().filter(|&&d| ids[d] == ids[c]).count() as u8)
            .collect();
        let mut members = Members {
            words,
            bits: vec![0; n * words],
            same,
            score: compactness_score(ids, n),
            left: vec![0; words],
            todo: Vec::with_capacity(n * n),
        };
        for (cell, &region) in ids.iter().enumerate() {
            members.bits[region * words + cell / 64] |= 1 << (cell % 64);
        }
        members
    }

    fn of(&self, region: usize) -> &[u64] {
        &self.bits[region * self.words..(region + 1) * self.words]
    }

    /// Gives `cell` of region `ids[cell]` to `region`: the edges to its old region's cells
    /// become thick lines, those to the new one's thin, and the tips among it and its
    /// neighbours are counted again.
    fn set(&mut self, ids: &mut [usize], near: &Adjacency, cell: usize, region: usize) {
        let old = ids[cell];
        if old == region {
            return;
        }
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        self.bits[old * self.words + word] &= !bit;
        self.bits[region * self.words + word] |= bit;
        let tip = |same: u8| 2 * isize::from(same <= 1);
        let mut score = self.score - tip(self.same[cell]);
        for &d in near.of(cell) {
            let was = self.same[d];
            if ids[d] == old {
                self.same[d] -= 1;
                self.same[cell] -= 1;
                score += 1;
            } else if ids[d] == region {
                self.same[d] += 1;
                self.same[cell] += 1;
                score -= 1;
            }
            score += tip(self.same[d]) - tip(was);
        }
        self.score = score + tip(self.same[cell]);
        ids[cell] = region;
    }

    /// The cells of `region`, ascending.
    fn cells(&self, region: usize) -> impl Iterator<Item = usize> + '_ {
        self.of(region).iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let cell = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    cell
                })
            })
        })
    }

    fn len(&self, region: usize) -> usize {
        self.of(region)
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// True when the cells of `region` are one orthogonally connected group (and there is at
    /// least one): a walk from its first cell reaches them all.
    fn connected(&mut self, near: &Adjacency, region: usize) -> bool {
        let Some(start) = self.cells(region).next() else {
            return false;
        };
        let range = region * self.words..(region + 1) * self.words;
        self.left.copy_from_slice(&self.bits[range]);
        self.left[start / 64] &= !(1 << (start % 64));
        self.todo.clear();
        self.todo.push(start);
        while let Some(c) = self.todo.pop() {
            for &d in near.of(c) {
                let (word, bit) = (d / 64, 1u64 << (d % 64));
                if self.left[word] & bit != 0 {
                    self.left[word] &= !bit;
                    self.todo.push(d);
                }
            }
        }
        self.left.iter().all(|&w| w == 0)
    }

    /// True when the cells of `region` form an `r × c` rectangle with `r * c = n`, `r, c > 1`.
    fn is_a_box(&self, region: usize, n: usize) -> bool {
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        let mut count = 0;
        for cell in self.cells(region) {
            let (row, col) = (cell / n, cell % n);
            (top, bottom) = (top.min(row), bottom.max(row));
            (left, right) = (left.min(col), right.max(col));
            count += 1;
        }
        count > 0 && {
            let (height, width) = (bottom - top + 1, right - left + 1);
            height * width == count && height > 1 && width > 1
        }
    }
}

/// Each cell's orthogonal neighbours (in [`orthogonal_neighbours`]' order), listed once per
/// compaction: its hot loop asks for them thousands of times, and working them out takes two
/// divisions by the grid's size each time.
struct Adjacency {
    near: Vec<[usize; 4]>,
    len: Vec<usize>,
}

impl Adjacency {
    fn new(n: usize) -> Adjacency {
        let mut near = vec![[0; 4]; n * n];
        let mut len = vec![0; n * n];
        for (c, list) in near.iter_mut().enumerate() {
            for d in orthogonal_neighbours(c, n) {
                list[len[c]] = d;
                len[c] += 1;
            }
        }
        Adjacency { near, len }
    }

    fn of(&self, cell: usize) -> &[usize] {
        &self.near[cell][..self.len[cell]]
    }
}

/// One try of [`compact`]: the cells it changes (`a`, `b` and, for a symmetric layout, their
/// turned cells) with the regions they had.
struct Swap {
    /// `a`, `b`, turned `a`, turned `b`, and their regions before the swap.
    cells: [usize; 4],
    regions: [usize; 4],
    /// How many of `cells` the swap changes: 2, or 4 for a symmetric layout.
    used: usize,
    /// How many of those are distinct.
    distinct: usize,
}

impl Swap {
    fn new(ids: &[usize], cells: [usize; 4], symmetric: bool) -> Swap {
        let used = if symmetric { 4 } else { 2 };
        let distinct = (0..used)
            .filter(|&k| !cells[..k].contains(&cells[k]))
            .count();
        Swap {
            cells,
            regions: cells.map(|c| ids[c]),
            used,
            distinct,
        }
    }

    /// `a` joins region `to` and `b` region `from`; turned `a` takes the region turned `b` had
    /// and turned `b` the one turned `a` had.
    fn apply(
        &self,
        ids: &mut [usize],
        members: &mut Members,
        near: &Adjacency,
        (from, to): (usize, usize),
    ) {
        let [a, b, ta, tb] = self.cells;
        members.set(ids, near, a, to);
        members.set(ids, near, b, from);
        if self.used == 4 {
            members.set(ids, near, ta, self.regions[3]);
            members.set(ids, near, tb, self.regions[2]);
        }
    }

    fn undo(&self, ids: &mut [usize], members: &mut Members, near: &Adjacency) {
        for k in 0..self.used {
            members.set(ids, near, self.cells[k], self.regions[k]);
        }
    }

    /// True when every region still has `n` cells, or nothing changed. Swaps of distinct
    /// cells keep every size (each region had `n` before); overlapping ones are counted.
    fn sizes_kept(&self, ids: &[usize], members: &Members, n: usize) -> bool {
        if self.distinct == self.used {
            return true;
        }
        let unchanged = (0..self.used).all(|k| ids[self.cells[k]] == self.regions[k]);
        unchanged || (0..n).all(|r| members.len(r) == n)
    }
}

/// A layout's compactness as one number: thick lines plus twice the arm tips
/// ([`compactness`]).
fn compactness_score(ids: &[usize], n: usize) -> isize {
    let (borders, tips) = compactness(ids, n);
    (borders + 2 * tips) as isize
}

/// True when turning the layout a half turn maps every region onto one region.
pub fn is_symmetric(ids: &[usize], n: usize) -> bool {
    let mut image = vec![usize::MAX; n];
    (0..n * n).all(|c| {
        let (r, turned) = (ids[c], ids[n * n - 1 - c]);
        if image[r] == usize::MAX {
            image[r] = turned;
        }
        image[r] == turned
    })
}

/// A random layout that a half turn maps onto itself (region `r` onto its partner), compact,
/// passing the shape filter; `None` after many failed attempts.
pub fn symmetric_layout(n: usize, rng: &mut SeededRng) -> Option<RegionMap> {
    first_good_layout(n, rng, GROW_ATTEMPTS * 5, true)
}

/// Grows a half-turn symmetric layout: region `r < n / 2` and its partner `n - 1 - r` grow
/// together, each cell one takes handing its turned cell to the other; for odd `n` the middle
/// region holds the centre cell and grows by turned pairs. `None` when stuck.
fn grow_symmetric(n: usize, rng: &mut SeededRng) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let turn = |c: usize| n * n - 1 - c;
    let partner = |r: usize| n - 1 - r;
    let mut owner = vec![FREE; n * n];
    let mut sizes = vec![0usize; n];
    let middle = (n % 2 == 1).then_some(n / 2);
    if let Some(m) = middle {
        owner[(n * n) / 2] = m;
        sizes[m] = 1;
    }
    let mut cells: Vec<usize> = (0..n * n).filter(|&c| c < turn(c)).collect();
    rng.shuffle(&mut cells);
    for (r, &c) in (0..n / 2).zip(&cells) {
        owner[c] = r;
        owner[turn(c)] = partner(r);
        sizes[r] = 1;
        sizes[partner(r)] = 1;
    }
    let growing: Vec<usize> = (0..n.div_ceil(2)).collect();
    let mut free = owner.iter().filter(|&&o| o == FREE).count();
    while free > 0 {
        let open: Vec<usize> = growing.iter().copied().filter(|&r| sizes[r] < n).collect();
        if open.is_empty() {
            return None;
        }
        let r = open[rng.below(open.len())];
        let frontier: Vec<usize> = free_neighbours(&owner, n, r)
            .into_iter()
            .filter(|&c| turn(c) != c && owner[turn(c)] == FREE)
            .collect();
        if frontier.is_empty() {
            return None;
        }
        let c = compact_pick(&owner, n, r, &frontier, rng);
        let mate = if Some(r) == middle { r } else { partner(r) };
        owner[c] = r;
        owner[turn(c)] = mate;
        if mate == r {
            sizes[r] += 2;
        } else {
            sizes[r] += 1;
            sizes[mate] += 1;
        }
        free -= 2;
    }
    (sizes.iter().all(|&s| s == n)).then_some(owner)
}

/// How compact a layout is: the edges between different regions (the thick lines' length, in
/// cell sides), and the cells that touch no more than one other cell of their region (the tips
/// of one-cell-wide arms).
pub fn compactness(ids: &[usize], n: usize) -> (usize, usize) {
    let mut borders = 0;
    let mut tips = 0;
    for c in 0..n * n {
        let same = orthogonal_neighbours(c, n)
            .filter(|&d| ids[d] == ids[c])
            .count();
        let others = orthogonal_neighbours(c, n)
            .filter(|&d| ids[d] != ids[c])
            .count();
        borders += others;
        if same <= 1 {
            tips += 1;
        }
    }
    (borders / 2, tips)
}

/// The free cells next to a region, ascending.
fn free_neighbours(owner: &[usize], n: usize, region: usize) -> Vec<usize> {
    (0..n * n)
        .filter(|&c| owner[c] == usize::MAX)
        .filter(|&c| orthogonal_neighbours(c, n).any(|d| owner[d] == region))
        .collect()
}

/// `region` is boxed in: find (breadth first) a chain of regions, each able to give a cell to the
/// previous one while staying connected, ending at a region next to a free cell. Each region of
/// the chain passes one cell back, so `region` grows by one and the last one takes the free cell.
fn hand_over(owner: &mut [usize], n: usize, region: usize, rng: &mut SeededRng) -> bool {
    let mut previous: Vec<Option<(usize, usize)>> = vec![None; n];
    let mut visited = vec![false; n];
    visited[region] = true;
    let mut queue = std::collections::VecDeque::from([region]);
    while let Some(taker) = queue.pop_front() {
        let mut offers = gifts_to(owner, n, taker);
        rng.shuffle(&mut offers);
        for (giver, cell) in offers {
            if visited[giver] {
                continue;
            }
            visited[giver] = true;
            previous[giver] = Some((taker, cell));
            let frontier = free_neighbours(owner, n, giver);
            if !frontier.is_empty() {
                owner[frontier[rng.below(frontier.len())]] = giver;
                apply_chain(owner, &previous, giver);
                return true;
            }
            queue.push_back(giver);
        }
    }
    false
}

/// Walks the chain back from `last`, moving each recorded cell to the region that asked for it.
fn apply_chain(owner: &mut [usize], previous: &[Option<(usize, usize)>], last: usize) {
    let mut giver = last;
    while let Some((taker, cell)) = previous[giver] {
        owner[cell] = taker;
        giver = taker;
    }
}

/// Cells next to `taker` that their region can give away and stay connected: (giver, cell).
fn gifts_to(owner: &[usize], n: usize, taker: usize) -> Vec<(usize, usize)> {
    (0..n * n)
        .filter(|&c| owner[c] != usize::MAX && owner[c] != taker)
        .filter(|&c| orthogonal_neighbours(c, n).any(|d| owner[d] == taker))
        .filter(|&c| stays_connected_without(owner, n, c))
        .map(|c| (owner[c], c))
        .collect()
}

/// True when the region of `cell` is still connected (and not empty) without it.
fn stays_connected_without(owner: &[usize], n: usize, cell: usize) -> bool {
    connected_except(owner, n, owner[cell], Some(cell))
}

/// True when the cells of `region`, less `skip`, are one orthogonally connected group (and
/// there is at least one).
fn connected_except(owner: &[usize], n: usize, region: usize, skip: Option<usize>) -> bool {
    let kept = |c: usize| Some(c) != skip && owner[c] == region;
    let members = (0..n * n).filter(|&c| kept(c)).count();
    let Some(start) = (0..n * n).find(|&c| kept(c)) else {
        return false;
    };
    let mut reached = vec![false; n * n];
    reached[start] = true;
    let mut todo = vec![start];
    let mut count = 1;
    while let Some(c) = todo.pop() {
        for d in orthogonal_neighbours(c, n) {
            if !reached[d] && kept(d) {
                reached[d] = true;
                count += 1;
                todo.push(d);
            }
        }
    }
    count == members
}

/// The shape filter: no region equal to a row, a column or a box, and no region with more than
/// two thirds of a line (6 of 9, 8 of 12, 4 of 6) in one row or column.
fn shape_is_good(ids: &[usize], n: usize) -> bool {
    let limit = (2 * n / 3).max(2);
    (0..n).all(|region| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| ids[c] == region).collect();
        let most_in_row = (0..n)
            .map(|r| cells.iter().filter(|&&c| c / n == r).count())
            .max();
        let most_in_col = (0..n)
            .map(|k| cells.iter().filter(|&&c| c % n == k).count())
            .max();
        most_in_row.unwrap_or(0) <= limit
            && most_in_col.unwrap_or(0) <= limit
            && !is_a_box(&cells, n)
    })
}

/// True when the cells form an `r × c` rectangle with `r * c = n` and `r, c > 1`.
fn is_a_box(cells: &[usize], n: usize) -> bool {
    let rows = cells.iter().map(|c| c / n);
    let cols = cells.iter().map(|c| c % n);
    let height = rows.clone().max().unwrap_or(0) - rows.min().unwrap_or(0) + 1;
    let width = cols.clone().max().unwrap_or(0) - cols.min().unwrap_or(0) + 1;
    height * width == cells.len() && height > 1 && width > 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// True when the cells of `region` form one orthogonally connected group.
    fn connected(ids: &[usize], n: usize, region: usize) -> bool {
        connected_except(ids, n, region, None)
    }

    fn region_is_box(ids: &[usize], n: usize, region: usize) -> bool {
        let cells: Vec<usize> = (0..n * n).filter(|&c| ids[c] == region).collect();
        is_a_box(&cells, n)
    }

    /// The compaction as first written (whole score and sizes recomputed, the layout copied
    /// each try): [`compact`] must make the same layout from the same draws.
    fn compact_as_first_written(ids: &mut [usize], n: usize, rng: &mut SeededRng, symmetric: bool) {
        let score = |ids: &[usize]| {
            let (borders, tips) = compactness(ids, n);
            borders + 2 * tips
        };
        let mut current = score(ids);
        for _ in 0..COMPACT_TRIES * n * n {
            let a = rng.below(n * n);
            let others: Vec<usize> = orthogonal_neighbours(a, n)
                .filter(|&d| ids[d] != ids[a])
                .collect();
            if others.is_empty() {
                continue;
            }
            let (from, to) = (ids[a], ids[others[rng.below(others.len())]]);
            let candidates: Vec<usize> = (0..n * n)
                .filter(|&b| ids[b] == to && orthogonal_neighbours(b, n).any(|d| ids[d] == from))
                .collect();
            if candidates.is_empty() {
                continue;
            }
            let b = candidates[rng.below(candidates.len())];
            let before = ids.to_vec();
            ids[a] = to;
            ids[b] = from;
            if symmetric {
                let turn = |c: usize| n * n - 1 - c;
                let (ta, tb) = (turn(a), turn(b));
                let (mirror_from, mirror_to) = (before[ta], before[tb]);
                ids[ta] = mirror_to;
                ids[tb] = mirror_from;
            }
            let touched = [from, to, ids[n * n - 1 - a], ids[n * n - 1 - b]];
            let count = |ids: &[usize], r: usize| ids.iter().filter(|&&x| x == r).count();
            let sizes = (0..n).all(|r| count(ids, r) == n) || before == ids;
            let kept = touched
                .iter()
                .all(|&r| connected(ids, n, r) && !region_is_box(ids, n, r))
                && (!symmetric || is_symmetric(ids, n))
                && sizes;
            let next = score(ids);
            if kept && next <= current {
                current = next;
            } else {
                ids.copy_from_slice(&before);
            }
        }
    }

    #[test]
    fn compaction_makes_the_layout_it_made_when_first_written() {
        for n in [6, 8, 9] {
            for symmetric in [false, true] {
                for seed in 0..6u64 {
                    let mut rng = SeededRng::new(seed * 31 + n as u64);
                    let grown = if symmetric {
                        grow_symmetric(n, &mut rng)
                    } else {
                        grow(n, &mut rng)
                    };
                    let Some(grown) = grown else { continue };
                    let (mut fast, mut slow) = (grown.clone(), grown);
                    let (mut rng_fast, mut rng_slow) = (rng.clone(), rng);
                    compact(&mut fast, n, &mut rng_fast, symmetric);
                    compact_as_first_written(&mut slow, n, &mut rng_slow, symmetric);
                    assert_eq!(fast, slow, "n {n}, symmetric {symmetric}, seed {seed}");
                    assert_eq!(rng_fast.below(1 << 30), rng_slow.below(1 << 30));
                }
            }
        }
    }

    #[test]
    fn layouts_are_valid_regions_for_every_size() {
        for n in [6, 8, 9, 10, 12] {
            let mut rng = SeededRng::new(n as u64);
            for _ in 0..5 {
                let map = random_layout(n, &mut rng).expect("a layout");
                assert_eq!(map.size(), n);
                let ids: Vec<usize> = map.ids().iter().map(|&i| i as usize).collect();
                assert!(shape_is_good(&ids, n), "{}", map.to_text());
            }
        }
    }

    #[test]
    fn symmetric_layouts_turn_onto_themselves() {
        for n in [6, 8, 9] {
            let mut rng = SeededRng::new(n as u64);
            for _ in 0..3 {
                let map = symmetric_layout(n, &mut rng).expect("a symmetric layout");
                let ids: Vec<usize> = map.ids().iter().map(|&i| i as usize).collect();
                assert!(is_symmetric(&ids, n), "{}", map.to_text());
                assert!(shape_is_good(&ids, n), "{}", map.to_text());
            }
        }
        let boxes: Vec<usize> = (0..81).map(|c| (c / 27) * 3 + (c % 9) / 3).collect();
        assert!(is_symmetric(&boxes, 9));
        let rows: Vec<usize> = (0..81).map(|c| c / 9).collect();
        assert!(is_symmetric(&rows, 9));
        let mut odd = boxes.clone();
        odd.swap(0, 1);
        odd[1] = 1;
        assert!(!is_symmetric(&odd, 9));
    }

    #[test]
    fn compact_layouts_have_few_arms() {
        let mut rng = SeededRng::new(3);
        let (mut tips, mut count) = (0, 0);
        for _ in 0..50 {
            let map = random_layout(9, &mut rng).expect("a layout");
            let ids: Vec<usize> = map.ids().iter().map(|&i| i as usize).collect();
            tips += compactness(&ids, 9).1;
            count += 1;
        }
        // Grown without the swaps, 9×9 layouts average 16 arm tips; compacted, about 8.
        assert!(tips / count <= 10, "{} tips on average", tips / count);
    }

    #[test]
    fn same_seed_same_layout() {
        let a = random_layout(9, &mut SeededRng::new(5)).unwrap();
        let b = random_layout(9, &mut SeededRng::new(5)).unwrap();
        assert_eq!(a, b);
        let c = random_layout(9, &mut SeededRng::new(6)).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn filter_rejects_boxes_and_lines() {
        let boxes: Vec<usize> = (0..81).map(|c| (c / 27) * 3 + (c % 9) / 3).collect();
        assert!(!shape_is_good(&boxes, 9));
        let rows: Vec<usize> = (0..81).map(|c| c / 9).collect();
        assert!(!shape_is_good(&rows, 9));
    }
}
