//! Per-geometry tables as cell bit sets: every house, every cell's peers and houses, and the
//! row/column × box (or region) segments for locked candidates.

use crate::grid::{Geometry, HouseKind};

/// A set of cells, bit `c % 64` of word `c / 64` for cell `c`.
pub(super) type Bits<const W: usize> = [u64; W];

/// Tables for one geometry whose cells fit in `W` words.
#[derive(Debug, Clone)]
pub(super) struct Tables<const W: usize> {
    pub size: usize,
    pub cells: usize,
    /// Every cell of the grid.
    pub all_cells: Bits<W>,
    /// Every house (bit `h` for house `h`; a geometry has at most 93 houses).
    pub all_houses: u128,
    /// The cells of each house.
    pub house: Vec<Bits<W>>,
    /// The words each house's cells fall in.
    pub house_span: Vec<Span>,
    /// Each cell's peers (the cell itself excluded).
    pub peer: Vec<Bits<W>>,
    /// Each cell's houses, as a house set.
    pub cell_houses: Vec<u128>,
    /// The cells of each row/column × block segment.
    pub segment: Vec<Bits<W>>,
    /// The groups of segments that partition a line or a block (one orientation).
    pub groups: Vec<Group>,
    /// The groups over each house, as a range of `groups`.
    pub house_groups: Vec<std::ops::Range<usize>>,
    /// The members of all groups, `Group::start..Group::end`.
    pub members: Vec<Member<W>>,
    pub use_locks: bool,
}

/// Segments that partition one house: a line cut by blocks, or a block cut by lines of one
/// orientation.
#[derive(Debug, Clone)]
pub(super) struct Group {
    /// The house partitioned.
    pub house: usize,
    /// The words the house's cells fall in.
    pub span: Span,
    pub start: usize,
    pub end: usize,
}

/// One segment of a group, and the cells a digit confined to it (within the group) leaves:
/// the rest of the segment's other house.
#[derive(Debug, Clone)]
pub(super) struct Member<const W: usize> {
    pub segment: Bits<W>,
    pub segment_span: Span,
    /// The group's house without the segment.
    pub rest: Bits<W>,
    pub eliminate: Bits<W>,
}

/// The words `start..end` where a cell set has cells (tests on a set only read those).
pub(super) type Span = std::ops::Range<usize>;

/// The span of a set: first to last non-empty word.
fn span_of<const W: usize>(bits: &Bits<W>) -> Span {
    let start = bits.iter().position(|&w| w != 0).unwrap_or(0);
    let end = bits.iter().rposition(|&w| w != 0).map_or(0, |w| w + 1);
    start..end.max(start)
}

/// How many cells two sets share, as far as singles care.
pub(super) enum Shared {
    None,
    One(usize),
    Many,
}

/// The cells `a` and `b` share, reading only the words of `span` (no popcount: the baseline
/// x86-64 target has none in hardware).
pub(super) fn shared_in<const W: usize>(a: &Bits<W>, b: &Bits<W>, span: &Span) -> Shared {
    let mut found = Shared::None;
    for w in span.clone() {
        let x = a[w] & b[w];
        if x != 0 {
            if x & (x - 1) != 0 || !matches!(found, Shared::None) {
                return Shared::Many;
            }
            found = Shared::One(w * 64 + x.trailing_zeros() as usize);
        }
    }
    found
}

/// True when `a` and `b` share a cell, reading only the words of `span`.
pub(super) fn meets_in<const W: usize>(a: &Bits<W>, b: &Bits<W>, span: &Span) -> bool {
    span.clone().any(|w| a[w] & b[w] != 0)
}

/// The set of the cells listed (cells out of range are ignored).
pub(super) fn set_of<const W: usize>(cells: impl IntoIterator<Item = usize>) -> Bits<W> {
    let mut bits = [0; W];
    for cell in cells {
        if let Some(word) = bits.get_mut(cell / 64) {
            *word |= 1 << (cell % 64);
        }
    }
    bits
}

/// `a & !b`.
pub(super) fn and_not<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> Bits<W> {
    std::array::from_fn(|w| a[w] & !b[w])
}

/// `a & b`.
pub(super) fn and<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> Bits<W> {
    std::array::from_fn(|w| a[w] & b[w])
}

/// The number of cells in a set.
pub(super) fn count<const W: usize>(bits: &Bits<W>) -> u32 {
    bits.iter().map(|w| w.count_ones()).sum()
}

/// The lowest cell of a set, if any.
pub(super) fn first<const W: usize>(bits: &Bits<W>) -> Option<usize> {
    bits.iter()
        .position(|&w| w != 0)
        .map(|w| w * 64 + bits[w].trailing_zeros() as usize)
}

/// True when `cell` is in the set.
pub(super) fn has<const W: usize>(bits: &Bits<W>, cell: usize) -> bool {
    bits[cell / 64] >> (cell % 64) & 1 != 0
}

/// Calls `f` on every cell of the set, lowest first.
pub(super) fn for_each<const W: usize>(bits: &Bits<W>, mut f: impl FnMut(usize)) {
    for (w, &word) in bits.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            f(w * 64 + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

/// The tilings a house belongs to: families of houses that cover every cell once. Locked
/// candidates work between the houses of two tilings (other than rows and columns, which meet in
/// one cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tiling {
    Rows,
    Columns,
    /// Boxes or jigsaw regions.
    Blocks,
    /// Windows, printed and implied.
    Windows,
    /// Diagonals: no tiling.
    None,
}

impl Tiling {
    fn of(kind: &HouseKind) -> Tiling {
        match kind {
            HouseKind::Row(_) | HouseKind::GridRow(..) => Tiling::Rows,
            HouseKind::Column(_) | HouseKind::GridColumn(..) => Tiling::Columns,
            HouseKind::Box(_) | HouseKind::Region(_) | HouseKind::GridBox(..) => Tiling::Blocks,
            HouseKind::Window(_) => Tiling::Windows,
            HouseKind::Diagonal | HouseKind::AntiDiagonal | HouseKind::Group(_) => Tiling::None,
        }
    }

    /// True when a house of `self` cut by the houses of `other` gives useful segments.
    fn cuts(self, other: Tiling) -> bool {
        let lines = [Tiling::Rows, Tiling::Columns];
        self != other
            && self != Tiling::None
            && other != Tiling::None
            && !(lines.contains(&self) && lines.contains(&other))
    }
}

/// The geometry's houses as the solver sees them: each house's cells and tiling, the implied
/// windows included when `implied`.
fn solver_houses(geo: &Geometry, implied: bool) -> Vec<(Vec<usize>, Tiling)> {
    let printed = geo
        .houses()
        .iter()
        .map(|h| (h.cells.clone(), Tiling::of(&h.kind)));
    let implied = if implied {
        geo.implied_houses()
    } else {
        Vec::new()
    };
    let implied = implied.into_iter().map(|cells| (cells, Tiling::Windows));
    printed.chain(implied).collect()
}

impl<const W: usize> Tables<W> {
    /// Builds the tables, with the implied windows as houses when `implied`; the geometry must
    /// have at most `64 * W` cells. Houses past the 128th (a Samurai has 131) take no part in
    /// hidden singles or locked candidates: their digits are still kept distinct through the
    /// peers, so counts stay exact, only propagation is weaker there.
    pub fn new(geo: &Geometry, implied: bool) -> Tables<W> {
        let cells = geo.cell_count();
        let houses = solver_houses(geo, implied);
        let bit = |h: usize| if h < 128 { 1u128 << h } else { 0 };
        let house: Vec<Bits<W>> = houses
            .iter()
            .map(|(cells, _)| set_of(cells.iter().copied()))
            .collect();
        let house_span = house.iter().map(span_of).collect();
        let mut cell_houses = vec![0u128; cells];
        let mut peer = vec![[0u64; W]; cells];
        for (h, (members, _)) in houses.iter().enumerate() {
            for &cell in members {
                cell_houses[cell] |= bit(h);
                peer[cell] = std::array::from_fn(|w| peer[cell][w] | house[h][w]);
            }
        }
        for (cell, bits) in peer.iter_mut().enumerate() {
            bits[cell / 64] &= !(1 << (cell % 64));
        }
        let mut tables = Tables {
            size: geo.size(),
            cells,
            all_cells: set_of(0..cells),
            all_houses: (0..houses.len()).fold(0, |acc, h| acc | bit(h)),
            house,
            house_span,
            peer,
            cell_houses,
            segment: Vec::new(),
            groups: Vec::new(),
            house_groups: Vec::new(),
            members: Vec::new(),
            use_locks: geo.size() >= 12 || geo.variant().window,
        };
        let tilings: Vec<Tiling> = houses.iter().map(|&(_, t)| t).collect();
        tables.build_segments(&tilings);
        tables
    }

    /// Cuts every house of a tiling by the houses of each other tiling into segments (a group
    /// per house and cutting tiling): rows and columns by blocks and windows, blocks and windows
    /// by lines and by each other. Diagonals take no part.
    fn build_segments(&mut self, tilings: &[Tiling]) {
        for (h, &tiling) in tilings.iter().enumerate() {
            for cut in [
                Tiling::Rows,
                Tiling::Columns,
                Tiling::Blocks,
                Tiling::Windows,
            ] {
                if !tiling.cuts(cut) {
                    continue;
                }
                let members: Vec<(usize, usize)> = (0..tilings.len())
                    .filter(|&o| tilings[o] == cut)
                    .filter_map(|o| self.push_segment(h, o).map(|s| (s, o)))
                    .collect();
                self.push_group(h, members.into_iter());
            }
        }
        let houses = tilings.len();
        self.house_groups = (0..houses)
            .map(|h| {
                let start = self.groups.partition_point(|g| g.house < h);
                start..self.groups.partition_point(|g| g.house <= h)
            })
            .collect();
    }

    /// The segment where houses `a` and `b` meet, when they share a cell.
    fn push_segment(&mut self, a: usize, b: usize) -> Option<usize> {
        let shared = and(&self.house[a], &self.house[b]);
        if shared.iter().all(|&w| w == 0) {
            return None;
        }
        self.segment.push(shared);
        Some(self.segment.len() - 1)
    }

    /// Adds a group over `house` from (segment, other house of the segment) pairs.
    fn push_group(&mut self, house: usize, members: impl Iterator<Item = (usize, usize)>) {
        let start = self.members.len();
        for (segment, other) in members {
            let cells = self.segment[segment];
            self.members.push(Member {
                segment: cells,
                segment_span: span_of(&cells),
                rest: and_not(&self.house[house], &cells),
                eliminate: and_not(&self.house[other], &cells),
            });
        }
        let end = self.members.len();
        if end > start {
            let span = self.house_span[house].clone();
            self.groups.push(Group {
                house,
                span,
                start,
                end,
            });
        }
    }
}
