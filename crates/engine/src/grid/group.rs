//! Each shape's symmetry group: the moves that carry a puzzle of a shape onto a puzzle of the
//! same kind, with the same number of solutions and the same difficulty. A move is a permutation
//! of the cells and, where the rules allow, a relabelling of the digits.
//!
//! - Classic N×N with r×c boxes: the bands permuted and the rows within each band, the stacks
//!   and the columns within each stack, and the transposition when boxes are square:
//!   `(N/r)!·r!^(N/r) · (N/c)!·c!^(N/c) · 2` moves (9×9: 3,359,232), times N! relabellings.
//! - Diagonal: the row permutations of the classic group that commute with the mirror
//!   `i ↦ N−1−i`, the columns moved alike or mirrored, and the transposition (9×9: 96).
//! - Window (and diagonal+window): the row and column permutations of the above that also carry
//!   the windows' rows onto windows' rows (9×9 window: 8·8·2 = 128; diagonal+window: 16).
//! - Jigsaw: the eight turns and mirrors of the square, the region map carried along (the image
//!   is a jigsaw with another map).
//! - Killer: the turns and mirrors of the square that its base shape allows (a line move could
//!   break a cage apart), the cages carried along, and no relabelling (the sums fix the digits).
//! - Samurai, Twodoku, Butterfly: the turns and mirrors of the frame that map the shape onto
//!   itself (Samurai and Butterfly 8, Twodoku 4).
//!
//! The group's `move_at(i)` numbers its geometric moves from 0 (the identity) to `order − 1`;
//! `random_move` draws one at random with any source of random numbers.

use super::{Cage, CageSet, Geometry, Grid, RegionMap, RuleKind};

/// One move: cell `c` goes to `cells[c]`, digit `d` becomes `digits[d]` (`digits[0] == 0`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub cells: Vec<usize>,
    pub digits: Vec<u8>,
}

impl Move {
    /// The image of a grid of the shape.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let mut cells = vec![0u8; grid.cells().len()];
        for (from, &value) in grid.cells().iter().enumerate() {
            cells[self.cells[from]] = self.digits[usize::from(value)];
        }
        Grid::new(grid.size(), cells)
    }

    /// The image of the shape itself: the same houses for a shape the move maps onto itself; a
    /// jigsaw's regions and a killer's cages carried to their new cells. `None` when the move
    /// cannot carry them (a region or cage broken apart), which no move of the shape's own
    /// [`Group`] does.
    pub fn apply_geometry(&self, geo: &Geometry) -> Option<Geometry> {
        let n = geo.size();
        let base = match geo.regions() {
            Some(map) => {
                let mut ids = vec![0usize; n * n];
                for (from, &id) in map.ids().iter().enumerate() {
                    ids[self.cells[from]] = usize::from(id);
                }
                let moved = RegionMap::from_ids(n, &ids).ok()?;
                Geometry::new(n, geo.variant(), None, Some(moved)).ok()?
            }
            None => geo.without_cages(),
        };
        let base = match geo.cages() {
            None => base,
            Some(cages) => {
                let moved: Vec<Cage> = cages
                    .cages()
                    .iter()
                    .map(|cage| Cage {
                        cells: cage.cells.iter().map(|&c| self.cells[c]).collect(),
                        sum: cage.sum,
                    })
                    .collect();
                base.with_cages(CageSet::new(n, moved).ok()?).ok()?
            }
        };
        let Some(marks) = geo.marks() else {
            return Some(base);
        };
        let moved = marks
            .marks()
            .iter()
            .map(|mark| self.apply_mark(mark, n))
            .collect::<Option<Vec<_>>>()?;
        let moved = super::MarkSet::new(n, marks.kinds(), moved).ok()?;
        base.with_marks(moved).ok()
    }

    /// A mark carried to its new cells (a quadruple's 2×2 named by its new top-left cell, its
    /// digits relabelled); `None` when its cells no longer touch as the mark needs.
    fn apply_mark(&self, mark: &super::Mark, n: usize) -> Option<super::Mark> {
        use super::MarkKind;
        let cells: Vec<usize> = mark.cells.iter().map(|&c| self.cells[c]).collect();
        let mark = match (mark.kind, cells.as_slice()) {
            (MarkKind::Quadruple, _) => {
                let corner = cells.iter().copied().min()?;
                let digits = mark
                    .digits
                    .iter()
                    .map(|&d| self.digits[usize::from(d)])
                    .collect();
                let quad = super::Mark::quadruple(corner, n, digits);
                let mut sorted = cells;
                sorted.sort_unstable();
                (quad.cells == sorted).then_some(quad)?
            }
            (MarkKind::Cage, _) => super::Mark::cage(cells),
            (kind, &[a, b]) => super::Mark::edge(kind, a, b),
            (kind, &[cell]) => super::Mark::cell(kind, cell),
            _ => return None,
        };
        Some(mark)
    }
}

/// A set of permutations of the N lines (rows or columns) of a square grid; a permutation maps
/// line `i` to line `p[i]`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Lines {
    /// The bands of `band` lines permuted, and the lines within each band.
    Blocks { band: usize, bands: usize },
    /// Those of `Blocks` that commute with the mirror `i ↦ N−1−i`.
    Mirrored { band: usize, bands: usize },
    /// An explicit list, the identity first.
    Listed(Vec<Vec<usize>>),
}

impl Lines {
    fn count(&self) -> u128 {
        match *self {
            Lines::Blocks { band, bands } => factorial(bands) * factorial(band).pow(bands as u32),
            Lines::Mirrored { band, bands } => {
                let half = bands / 2;
                let middle = if bands % 2 == 1 {
                    hyperoctahedral(band)
                } else {
                    1
                };
                factorial(half) * (1u128 << half) * factorial(band).pow(half as u32) * middle
            }
            Lines::Listed(ref list) => list.len() as u128,
        }
    }

    /// Permutation number `index` (< `count`), the identity for 0.
    fn get(&self, mut index: u128) -> Vec<usize> {
        match *self {
            Lines::Blocks { band, bands } => {
                let mut take = |k: u128| {
                    let part = index % k;
                    index /= k;
                    part
                };
                let order = nth_permutation(bands, take(factorial(bands)));
                let within: Vec<Vec<usize>> = (0..bands)
                    .map(|_| nth_permutation(band, take(factorial(band))))
                    .collect();
                (0..bands * band)
                    .map(|line| order[line / band] * band + within[line / band][line % band])
                    .collect()
            }
            Lines::Mirrored { band, bands } => mirrored_lines(band, bands, index),
            Lines::Listed(ref list) => list[index as usize].clone(),
        }
    }
}

/// The `index`-th band-preserving permutation that commutes with the mirror: pairs of bands
/// `(b, B−1−b)` go to a pair of bands (in either order), the lines of the first band of a pair
/// by any permutation (the second's follow by the mirror), and the middle band of an odd count
/// onto itself by a permutation that commutes with its own mirror.
fn mirrored_lines(band: usize, bands: usize, mut index: u128) -> Vec<usize> {
    let mut take = |k: u128| {
        let part = index % k;
        index /= k;
        part
    };
    let n = band * bands;
    if n <= 1 {
        return vec![0; n];
    }
    let half = bands / 2;
    let pairs = nth_permutation(half, take(factorial(half)));
    let mut p = vec![0usize; n];
    for (b, &pair) in pairs.iter().enumerate() {
        let target = if take(2) == 0 { pair } else { bands - 1 - pair };
        let within = nth_permutation(band, take(factorial(band)));
        for (j, &w) in within.iter().enumerate() {
            let (from, to) = (b * band + j, target * band + w);
            p[from] = to;
            p[n - 1 - from] = n - 1 - to;
        }
    }
    if bands % 2 == 1 {
        let middle = half * band;
        let within = mirrored_lines(1, band, take(hyperoctahedral(band)));
        for (j, &w) in within.iter().enumerate() {
            p[middle + j] = middle + w;
        }
    }
    p
}

/// How many permutations of `k` points commute with the mirror `i ↦ k−1−i`: (k/2)!·2^(k/2).
fn hyperoctahedral(k: usize) -> u128 {
    factorial(k / 2) * (1u128 << (k / 2))
}

fn factorial(k: usize) -> u128 {
    (1..=k as u128).product()
}

/// The `index`-th permutation of `0..k` in lexicographic order (the identity for 0).
fn nth_permutation(k: usize, mut index: u128) -> Vec<usize> {
    let mut left: Vec<usize> = (0..k).collect();
    let mut out = Vec::with_capacity(k);
    for remaining in (1..=k).rev() {
        let block = factorial(remaining - 1);
        let pick = (index / block) as usize;
        index %= block;
        out.push(left.remove(pick));
    }
    out
}

/// How the group's geometric moves are made.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// Rows by `rows`; columns by `cols`, or (`None`) as the rows or mirrored (diagonals); then
    /// optionally the transposition.
    Lines {
        rows: Lines,
        cols: Option<Lines>,
        transpose: bool,
    },
    /// An explicit list of cell maps, the identity first.
    Listed(Vec<Vec<usize>>),
}

/// A shape's symmetry group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    kind: Kind,
    /// Digits 1..=size; relabelled by the group unless the shape has cages.
    size: usize,
    relabel: bool,
}

impl Group {
    /// The group of a shape.
    pub fn of(geo: &Geometry) -> Group {
        let variant = geo.variant();
        let size = geo.size();
        // Digits relabel unless a rule reads their values (cage sums, dots, X and V, parity,
        // extremes, quadruples, non-consecutive); knight's and king's moves and disjoint
        // groups only ask for different digits.
        let relabel = geo.cages().is_none()
            && geo.marks().is_none_or(|m| {
                m.kinds()
                    .iter()
                    .all(|k| k.is_global() && k != RuleKind::NonConsecutive)
            });
        let kind = if variant.jigsaw {
            Kind::Listed(frame_moves(geo, false))
        } else if variant.multi.is_some() || geo.cages().is_some() || geo.marks().is_some() {
            // A killer's cages must stay connected to be drawn, and marks on edges, cells and
            // corners keep their neighbours (a knight's move stays one) only under turns and
            // mirrors: only those that keep the other houses.
            Kind::Listed(frame_moves(&geo.without_cages(), true))
        } else {
            line_kind(geo)
        };
        Group {
            kind,
            size,
            relabel,
        }
    }

    /// How many geometric moves the group has.
    pub fn moves(&self) -> u128 {
        match &self.kind {
            Kind::Lines {
                rows,
                cols,
                transpose,
            } => {
                let cols = cols.as_ref().map_or(2, Lines::count);
                rows.count() * cols * if *transpose { 2 } else { 1 }
            }
            Kind::Listed(list) => list.len() as u128,
        }
    }

    /// True when the digits may be relabelled (every shape but those with cages).
    pub fn relabels(&self) -> bool {
        self.relabel
    }

    /// The group's order: its moves times the relabellings, when that fits in a `u128`.
    pub fn order(&self) -> Option<u128> {
        let relabellings = if self.relabel {
            factorial(self.size)
        } else {
            1
        };
        self.moves().checked_mul(relabellings)
    }

    /// Geometric move number `index` (< [`Group::moves`]), digits unchanged; 0 is the identity.
    pub fn move_at(&self, mut index: u128) -> Move {
        let cells = match &self.kind {
            Kind::Listed(list) => list[index as usize].clone(),
            Kind::Lines {
                rows,
                cols,
                transpose,
            } => {
                let flip = *transpose && index % 2 == 1;
                if *transpose {
                    index /= 2;
                }
                let p = rows.get(index % rows.count());
                index /= rows.count();
                let q = match cols {
                    Some(cols) => cols.get(index),
                    None if index == 0 => p.clone(),
                    None => p.iter().map(|&t| p.len() - 1 - t).collect(),
                };
                line_move(&p, &q, flip)
            }
        };
        Move {
            cells,
            digits: (0..=self.size as u8).collect(),
        }
    }

    /// A move drawn at random (uniformly for groups of up to 2³² moves, nearly so above), with a
    /// random relabelling where the shape allows one, from `below(k)` (a number in
    /// `0..k`).
    pub fn random_move(&self, below: &mut impl FnMut(usize) -> usize) -> Move {
        let index = random_index(self.moves(), below);
        let mut chosen = self.move_at(index);
        if self.relabel {
            let mut labels: Vec<u8> = (1..=self.size as u8).collect();
            for i in (1..labels.len()).rev() {
                labels.swap(i, below(i + 1));
            }
            chosen.digits = std::iter::once(0).chain(labels).collect();
        }
        chosen
    }
}

/// A number in `0..count` from draws of at most `u32::MAX` each.
fn random_index(count: u128, below: &mut impl FnMut(usize) -> usize) -> u128 {
    let mut index = 0u128;
    let mut left = count;
    let mut scale = 1u128;
    while left > 1 {
        let step = left.min(u128::from(u32::MAX)) as usize;
        index += below(step) as u128 * scale;
        scale *= step as u128;
        left = left.div_ceil(step as u128);
    }
    index % count.max(1)
}

/// The cell map of rows by `p`, columns by `q`, then transposed when `flip`.
fn line_move(p: &[usize], q: &[usize], flip: bool) -> Vec<usize> {
    let n = p.len();
    (0..n * n)
        .map(|cell| {
            let (r, c) = (p[cell / n], q[cell % n]);
            if flip { c * n + r } else { r * n + c }
        })
        .collect()
}

/// The line moves of a single square grid with boxes, diagonals and windows.
fn line_kind(geo: &Geometry) -> Kind {
    let n = geo.size();
    let variant = geo.variant();
    let Some(shape) = geo.box_shape() else {
        return Kind::Listed(vec![(0..n * n).collect()]);
    };
    let square = shape.rows == shape.cols;
    let (rows, cols) = if !variant.diagonal && !variant.window {
        let rows = Lines::Blocks {
            band: shape.rows,
            bands: n / shape.rows,
        };
        let cols = Lines::Blocks {
            band: shape.cols,
            bands: n / shape.cols,
        };
        (rows, Some(cols))
    } else if variant.diagonal && !variant.window && square {
        let rows = Lines::Mirrored {
            band: shape.rows,
            bands: n / shape.rows,
        };
        (rows, None)
    } else {
        let rows = Lines::Listed(listed_lines(geo, shape.rows, shape.cols));
        let cols = (!variant.diagonal).then(|| rows.clone());
        (rows, cols)
    };
    Kind::Lines {
        rows,
        cols,
        transpose: square,
    }
}

/// The line permutations of a shape with windows or of a diagonal shape with oblong boxes, found
/// by a search over rows: bands onto bands, windows' rows onto windows' rows, and for diagonals
/// commuting with the mirror and taking the stacks of columns onto stacks.
fn listed_lines(geo: &Geometry, band: usize, stack: usize) -> Vec<Vec<usize>> {
    let n = geo.size();
    let variant = geo.variant();
    let mut partitions: Vec<(Vec<usize>, Option<usize>)> =
        vec![((0..n).map(|i| i / band).collect(), None)];
    if variant.diagonal {
        partitions.push(((0..n).map(|i| i / stack).collect(), None));
    }
    if variant.window {
        partitions.push(window_classes(geo));
    }
    let search = LineSearch {
        n,
        partitions,
        mirrored: variant.diagonal,
    };
    let mut found = Vec::new();
    search.extend(&mut vec![usize::MAX; n], 0, &mut found);
    found
}

/// For each row, which window row set it belongs to, and the class of the rows in no window
/// (which must stay rows in no window).
fn window_classes(geo: &Geometry) -> (Vec<usize>, Option<usize>) {
    let n = geo.size();
    let mut class = vec![usize::MAX; n];
    let mut next = 0;
    for house in geo.houses() {
        if !matches!(house.kind, super::HouseKind::Window(_)) {
            continue;
        }
        let rows: Vec<usize> = house.cells.iter().map(|&c| c / n).collect();
        let known = rows
            .iter()
            .find_map(|&r| (class[r] != usize::MAX).then_some(class[r]));
        let id = known.unwrap_or_else(|| {
            next += 1;
            next - 1
        });
        for r in rows {
            class[r] = id;
        }
    }
    let classes = class
        .iter()
        .map(|&c| if c == usize::MAX { next } else { c })
        .collect();
    (classes, Some(next))
}

/// A search for the line permutations that keep each partition (class onto class, one to one;
/// the partition's fixed class, if any, onto itself).
struct LineSearch {
    n: usize,
    partitions: Vec<(Vec<usize>, Option<usize>)>,
    mirrored: bool,
}

impl LineSearch {
    fn extend(&self, p: &mut Vec<usize>, line: usize, found: &mut Vec<Vec<usize>>) {
        if line == self.n {
            if self.keeps_classes(p) {
                found.push(p.clone());
            }
            return;
        }
        if p[line] != usize::MAX {
            return self.extend(p, line + 1, found);
        }
        for target in 0..self.n {
            if p.contains(&target) {
                continue;
            }
            let mirror = (self.n - 1 - line, self.n - 1 - target);
            if self.mirrored
                && mirror.0 != line
                && (p[mirror.0] != usize::MAX || p.contains(&mirror.1))
            {
                continue;
            }
            if self.mirrored && mirror.0 == line && mirror.1 != target {
                continue;
            }
            p[line] = target;
            if self.mirrored {
                p[mirror.0] = mirror.1;
            }
            if self.keeps_classes(p) {
                self.extend(p, line + 1, found);
            }
            p[line] = usize::MAX;
            if self.mirrored {
                p[mirror.0] = usize::MAX;
            }
        }
    }

    /// True when the lines placed so far send each class into one class, one to one.
    fn keeps_classes(&self, p: &[usize]) -> bool {
        self.partitions.iter().all(|(class, fixed)| {
            let mut image: Vec<Option<usize>> = vec![None; self.n + 1];
            let mut used: Vec<Option<usize>> = vec![None; self.n + 1];
            p.iter()
                .enumerate()
                .filter(|(_, t)| **t != usize::MAX)
                .all(|(i, &t)| {
                    let (from, to) = (class[i], class[t]);
                    let stays = fixed.is_none_or(|f| (from == f) == (to == f));
                    let fits = stays
                        && image[from].is_none_or(|x| x == to)
                        && used[to].is_none_or(|x| x == from);
                    image[from] = Some(to);
                    used[to] = Some(from);
                    fits
                })
        })
    }
}

/// The turns and mirrors of the square around a shape (identity first); for a multi-grid only
/// those that map its houses onto its houses, for a jigsaw all eight (the regions move along).
fn frame_moves(geo: &Geometry, keep_houses: bool) -> Vec<Vec<usize>> {
    let (rows, cols) = geo.extent();
    if rows != cols {
        return vec![(0..geo.cell_count()).collect()];
    }
    let last = rows - 1;
    let mut moves = Vec::new();
    for which in 0..8 {
        let map: Option<Vec<usize>> = (0..geo.cell_count())
            .map(|cell| {
                let (r, c) = turn(which, geo.row_col(cell), last);
                geo.cell_at(r, c)
            })
            .collect();
        if let Some(map) = map
            && (!keep_houses || maps_houses_onto_houses(geo, &map))
        {
            moves.push(map);
        }
    }
    moves
}

/// Where position `(r, c)` of a square whose last row and column are `last` goes under turn or
/// mirror `which` (0 the identity, 1–3 quarter turns, 4–7 mirrors).
pub fn turn(which: usize, (r, c): (usize, usize), last: usize) -> (usize, usize) {
    match which {
        0 => (r, c),
        1 => (c, last - r),
        2 => (last - r, last - c),
        3 => (last - c, r),
        4 => (r, last - c),
        5 => (last - r, c),
        6 => (c, r),
        _ => (last - c, last - r),
    }
}

/// True when the image of every house of `geo` under `map` is a house of `geo`.
pub fn maps_houses_onto_houses(geo: &Geometry, map: &[usize]) -> bool {
    let sorted = |cells: &mut Vec<usize>| {
        cells.sort_unstable();
        cells.clone()
    };
    let mut houses: Vec<Vec<usize>> = geo
        .houses()
        .iter()
        .map(|h| sorted(&mut h.cells.clone()))
        .collect();
    houses.sort();
    geo.houses().iter().all(|house| {
        let mut image: Vec<usize> = house.cells.iter().map(|&c| map[c]).collect();
        houses.binary_search(&sorted(&mut image)).is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{HouseKind, Variant};

    fn geometry(size: usize, variant: &str) -> Geometry {
        Geometry::new(size, variant.parse::<Variant>().unwrap(), None, None).unwrap()
    }

    #[test]
    fn classic_groups_have_the_known_sizes() {
        assert_eq!(Group::of(&geometry(9, "classic")).moves(), 3_359_232);
        let order = Group::of(&geometry(9, "classic")).order().unwrap();
        assert_eq!(order, 3_359_232 * 362_880);
        // 4×4: 2!·2!²·2!·2!²·2 = 128; 6×6 with 2×3 boxes: 3!·2!³ · 2!·3!² = 3,456 (no transpose).
        assert_eq!(Group::of(&geometry(4, "classic")).moves(), 128);
        assert_eq!(Group::of(&geometry(6, "classic")).moves(), 3_456);
    }

    #[test]
    fn variant_groups_have_their_sizes() {
        for (size, variant, moves) in [
            (9, "diagonal", 96),
            (9, "window", 128),
            (9, "diagonal+window", 16),
            (6, "diagonal", 8),
            (4, "diagonal", 16),
            (4, "diagonal+window", 8),
            (4, "window", 8),
        ] {
            let group = Group::of(&geometry(size, variant));
            assert_eq!(group.moves(), moves, "{size} {variant}");
        }
        for (shape, moves) in [("samurai", 8), ("twodoku", 4), ("butterfly", 8)] {
            assert_eq!(Group::of(&geometry(9, shape)).moves(), moves, "{shape}");
        }
    }

    #[test]
    fn the_first_move_is_the_identity() {
        for geo in Geometry::every_shape().iter().filter(|g| g.size() <= 16) {
            let identity = Group::of(geo).move_at(0);
            assert!(
                identity.cells.iter().enumerate().all(|(i, &c)| i == c),
                "{}",
                geo.describe()
            );
        }
    }

    #[test]
    fn every_move_of_a_small_group_maps_houses_onto_houses() {
        for (size, variant) in [
            (4, "classic"),
            (6, "classic"),
            (9, "diagonal"),
            (9, "window"),
            (9, "diagonal+window"),
            (6, "diagonal"),
            (4, "diagonal+window"),
            (9, "samurai"),
            (9, "twodoku"),
            (9, "butterfly"),
        ] {
            let geo = geometry(size, variant);
            let group = Group::of(&geo);
            let mut seen = std::collections::HashSet::new();
            for index in 0..group.moves() {
                let chosen = group.move_at(index);
                assert!(
                    maps_houses_onto_houses(&geo, &chosen.cells),
                    "{size} {variant} move {index}"
                );
                assert!(
                    seen.insert(chosen.cells),
                    "{size} {variant}: move {index} twice"
                );
            }
        }
    }

    #[test]
    fn random_moves_of_large_groups_map_houses_onto_houses() {
        let mut state = 7u64;
        let mut below = |k: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % k as u64) as usize
        };
        for geo in Geometry::every_shape() {
            if geo.variant().jigsaw {
                continue;
            }
            let group = Group::of(&geo);
            for _ in 0..20 {
                let chosen = group.random_move(&mut below);
                assert!(
                    maps_houses_onto_houses(&geo, &chosen.cells),
                    "{}",
                    geo.describe()
                );
                let mut digits = chosen.digits.clone();
                digits.sort_unstable();
                assert_eq!(digits, (0..=geo.size() as u8).collect::<Vec<_>>());
            }
        }
    }

    /// Brute force over every line move of the classic group of the same size (with the
    /// transposition when boxes are square): those that map the shape's houses onto its houses
    /// are exactly the group's moves.
    fn classic_moves_keeping(geo: &Geometry) -> u128 {
        let classic = Group::of(&Geometry::classic(geo.size()).unwrap());
        (0..classic.moves())
            .filter(|&i| maps_houses_onto_houses(geo, &classic.move_at(i).cells))
            .count() as u128
    }

    #[test]
    fn no_move_of_a_small_shape_is_missing() {
        for (size, variant) in [
            (4, "diagonal"),
            (4, "window"),
            (4, "diagonal+window"),
            (6, "diagonal"),
        ] {
            let geo = geometry(size, variant);
            assert_eq!(
                classic_moves_keeping(&geo),
                Group::of(&geo).moves(),
                "{size} {variant}"
            );
        }
    }

    /// The same check over the 3,359,232 moves of the classic 9×9 group: rows, columns and
    /// boxes are kept by all of them, so only the diagonals and windows are looked at.
    fn classic_nine_moves_keeping(geo: &Geometry) -> u128 {
        let lines = Lines::Blocks { band: 3, bands: 3 };
        let perms: Vec<Vec<usize>> = (0..lines.count()).map(|i| lines.get(i)).collect();
        let special: Vec<&[usize]> = geo
            .houses()
            .iter()
            .filter(|h| {
                !matches!(
                    h.kind,
                    HouseKind::Row(_) | HouseKind::Column(_) | HouseKind::Box(_)
                )
            })
            .map(|h| &h.cells[..])
            .collect();
        let mask = |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u128, |m, c| m | 1 << c);
        let masks: Vec<u128> = special
            .iter()
            .map(|h| mask(&mut h.iter().copied()))
            .collect();
        let mut count = 0;
        for p in &perms {
            for q in &perms {
                for flip in [false, true] {
                    let image = |c: usize| {
                        let (r, k) = (p[c / 9], q[c % 9]);
                        if flip { k * 9 + r } else { r * 9 + k }
                    };
                    let kept = special
                        .iter()
                        .all(|h| masks.contains(&mask(&mut h.iter().map(|&c| image(c)))));
                    count += u128::from(kept);
                }
            }
        }
        count
    }

    #[test]
    fn no_move_of_a_nine_by_nine_shape_is_missing() {
        for variant in ["diagonal", "window", "diagonal+window"] {
            let geo = geometry(9, variant);
            assert_eq!(
                classic_nine_moves_keeping(&geo),
                Group::of(&geo).moves(),
                "{variant}"
            );
        }
    }

    #[test]
    fn a_move_that_breaks_a_cage_apart_carries_no_shape() {
        let cages = CageSet::parse(
            "4=r1c1 r2c1; 5=r1c2 r1c3; 6=r1c4 r2c4; 5=r2c2 r2c3; 6=r3c1 r4c1; 5=r3c2 r3c3; 4=r3c4 r4c4; 5=r4c2 r4c3",
            4,
        )
        .unwrap();
        let geo = Geometry::classic(4).unwrap().with_cages(cages).unwrap();
        // Columns 1 and 2 swapped: a classic move, but the cage r1c2+r1c3 falls apart.
        let swap: Vec<usize> = (0..16)
            .map(|c| match c % 4 {
                0 => c + 1,
                1 => c - 1,
                _ => c,
            })
            .collect();
        let digits = (0..=4).collect();
        let broken = Move {
            cells: swap,
            digits,
        };
        assert!(broken.apply_geometry(&geo).is_none());
        let group = Group::of(&geo);
        assert!(!group.relabels());
        for index in 0..group.moves() {
            assert!(
                group.move_at(index).apply_geometry(&geo).is_some(),
                "move {index}"
            );
        }
    }
}
