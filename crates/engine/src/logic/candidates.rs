//! The candidate grid every technique reads: placed values, a bitmask of candidates per empty
//! cell (bit `d-1` for digit `d`), and per-geometry lookup tables (who sees whom, which houses
//! intersect) shared cheaply between copies.

use std::sync::Arc;

use std::cell::RefCell;

use crate::grid::{
    BoxShape, CageSet, CellNames, Geometry, Grid, HouseKind, MarkSet, RegionMap, Variant,
};

use super::step::Step;

pub use crate::grid::rules::{bit, digits};

/// Two houses that share at least two cells, seen from `base`.
#[derive(Debug, Clone)]
pub(crate) struct Intersection {
    pub base: usize,
    pub cover: usize,
    /// Cells in both houses.
    pub shared: Vec<usize>,
    /// Cells of `base` outside `cover`.
    pub base_rest: Vec<usize>,
    /// Cells of `cover` outside `base`.
    pub cover_rest: Vec<usize>,
    /// The index of the same two houses seen from `cover`, if they make an intersection that
    /// way too: its cells are these, its base's rest is this cover's and the other way round.
    pub mirror: Option<usize>,
}

/// Lookup tables built once per candidate grid and shared by its copies.
#[derive(Debug)]
pub(crate) struct Tables {
    words: usize,
    sees: Vec<u64>,
    /// Houses that count as boxes (boxes and jigsaw regions; windows too for pointing).
    pub box_like: Vec<bool>,
    pub intersections: Vec<Intersection>,
}

impl Tables {
    fn new(geo: &Geometry) -> Tables {
        let cells = geo.cell_count();
        let words = cells.div_ceil(64);
        let mut sees = vec![0u64; words * cells];
        for cell in 0..cells {
            for &peer in geo.peers(cell) {
                sees[cell * words + peer / 64] |= 1 << (peer % 64);
            }
        }
        let box_like = geo
            .houses()
            .iter()
            .map(|h| h.kind.is_block() || matches!(h.kind, HouseKind::Window(_)))
            .collect();
        Tables {
            words,
            sees,
            box_like,
            intersections: intersections(geo),
        }
    }
}

/// What determines a geometry (and so its tables: killer cage mates are peers, and so are the
/// cells of a cage without a sum, which are marks).
type GeometryKey = (
    usize,
    Variant,
    Option<BoxShape>,
    Option<RegionMap>,
    Option<CageSet>,
    Option<MarkSet>,
);

fn key_of(geo: &Geometry) -> GeometryKey {
    (
        geo.size(),
        geo.variant(),
        geo.box_shape(),
        geo.regions().cloned(),
        geo.cages().cloned(),
        geo.marks().cloned(),
    )
}

thread_local! {
    /// The tables of the last geometry used on this thread (the generator rates many puzzles
    /// of one geometry in a row).
    static LAST_TABLES: RefCell<Option<(GeometryKey, Arc<Tables>)>> = const { RefCell::new(None) };
}

/// The tables of a geometry, from the per-thread cache when it is the same geometry.
fn tables_for(geo: &Geometry) -> Arc<Tables> {
    LAST_TABLES.with(|cache| {
        let mut cache = cache.borrow_mut();
        let same = cache.as_ref().is_some_and(|(key, _)| {
            key.0 == geo.size()
                && key.1 == geo.variant()
                && key.2 == geo.box_shape()
                && key.3.as_ref() == geo.regions()
                && key.4.as_ref() == geo.cages()
                && key.5.as_ref() == geo.marks()
        });
        if !same {
            *cache = Some((key_of(geo), Arc::new(Tables::new(geo))));
        }
        cache
            .as_ref()
            .map_or_else(|| Arc::new(Tables::new(geo)), |(_, t)| Arc::clone(t))
    })
}

fn intersections(geo: &Geometry) -> Vec<Intersection> {
    let houses = geo.houses();
    let mut found = Vec::new();
    for (base, a) in houses.iter().enumerate() {
        for (cover, b) in houses.iter().enumerate() {
            if base == cover {
                continue;
            }
            let shared: Vec<usize> = a
                .cells
                .iter()
                .copied()
                .filter(|c| b.cells.contains(c))
                .collect();
            if shared.len() < 2 || shared.len() == a.cells.len() {
                continue;
            }
            found.push(Intersection {
                base,
                cover,
                base_rest: a
                    .cells
                    .iter()
                    .copied()
                    .filter(|c| !shared.contains(c))
                    .collect(),
                cover_rest: b
                    .cells
                    .iter()
                    .copied()
                    .filter(|c| !shared.contains(c))
                    .collect(),
                shared,
                mirror: None,
            });
        }
    }
    for i in 0..found.len() {
        let (base, cover) = (found[i].base, found[i].cover);
        found[i].mirror = found
            .iter()
            .position(|x| x.base == cover && x.cover == base);
    }
    found
}

/// The state of a solve: values and candidates of every cell.
#[derive(Debug, Clone)]
pub struct Candidates<'g> {
    geo: &'g Geometry,
    tables: Arc<Tables>,
    values: Vec<u8>,
    cand: Vec<u32>,
    /// Empty cells per house, and in all.
    open_in_house: Vec<u8>,
    open: usize,
    broken: bool,
    /// Per intersection ([`Tables::intersections`]), the digits locked in it in this state.
    locked: LockedDigits,
}

/// [`Candidates::locked_digits`], made on first use and dropped by every change; a copy of a
/// grid starts without it.
#[derive(Debug, Default)]
struct LockedDigits(std::sync::OnceLock<Vec<u32>>);

impl Clone for LockedDigits {
    fn clone(&self) -> LockedDigits {
        LockedDigits::default()
    }
}

impl<'g> Candidates<'g> {
    /// The candidates left by the givens (each empty cell keeps the digits no peer holds).
    /// Givens that conflict, are out of range or do not fit the geometry give a *broken* grid
    /// ([`Candidates::is_broken`]) on which the driver stops at once.
    pub fn from_givens(geo: &'g Geometry, givens: &Grid) -> Candidates<'g> {
        let cells = geo.cell_count();
        let mut this = Candidates {
            geo,
            tables: tables_for(geo),
            values: vec![0; cells],
            cand: vec![geo.all_digits(); cells],
            open_in_house: Vec::new(),
            open: 0,
            broken: givens.size() != geo.size() || givens.cells().len() != cells,
            locked: LockedDigits::default(),
        };
        this.count_open();
        if this.broken {
            return this;
        }
        for (cell, &value) in givens.cells().iter().enumerate() {
            if value as usize > geo.size() {
                this.broken = true;
            } else if value != 0 {
                this.place(cell, value);
            }
        }
        this
    }

    /// A grid with the given values and candidate masks (masks of filled cells are ignored).
    /// Meant for tests and tools; nothing is checked beyond lengths.
    pub fn from_masks(geo: &'g Geometry, values: &[u8], masks: &[u32]) -> Candidates<'g> {
        let cells = geo.cell_count();
        let ok = values.len() == cells && masks.len() == cells;
        let mut cand = vec![0; cells];
        let mut vals = vec![0; cells];
        if ok {
            for cell in 0..cells {
                vals[cell] = values[cell];
                cand[cell] = if values[cell] == 0 {
                    masks[cell] & geo.all_digits()
                } else {
                    0
                };
            }
        }
        let mut this = Candidates {
            geo,
            tables: tables_for(geo),
            values: vals,
            cand,
            open_in_house: Vec::new(),
            open: 0,
            broken: !ok,
            locked: LockedDigits::default(),
        };
        this.count_open();
        this
    }

    /// Counts the empty cells of every house and of the grid.
    fn count_open(&mut self) {
        let empty = |cells: &[usize]| cells.iter().filter(|&&x| self.values[x] == 0).count();
        self.open_in_house = self
            .geo
            .houses()
            .iter()
            .map(|h| empty(&h.cells) as u8)
            .collect();
        self.open = self.values.iter().filter(|&&v| v == 0).count();
    }

    /// How many cells of house `house` are empty.
    pub fn open_in(&self, house: usize) -> usize {
        usize::from(self.open_in_house[house])
    }

    /// The geometry.
    pub fn geometry(&self) -> &'g Geometry {
        self.geo
    }

    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    /// `N`.
    pub fn size(&self) -> usize {
        self.geo.size()
    }

    /// How the cells are named, for steps.
    pub fn names(&self) -> CellNames {
        self.geo.names()
    }

    /// The value of a cell (0 when empty).
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidate mask of a cell (0 when filled).
    pub fn mask(&self, cell: usize) -> u32 {
        self.cand[cell]
    }

    /// Every cell's value (0 when empty), row-major.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Every candidate mask, row-major.
    pub fn masks(&self) -> &[u32] {
        &self.cand
    }

    /// True when `digit` is a candidate of `cell`.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cand[cell] & bit(digit) != 0
    }

    /// True when two different cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let t = &self.tables;
        t.sees[a * t.words + b / 64] >> (b % 64) & 1 != 0
    }

    /// The cells `cell` sees, as bits (bit `b % 64` of word `b / 64` for cell `b`).
    pub(crate) fn sees_row(&self, cell: usize) -> &[u64] {
        let t = &self.tables;
        &t.sees[cell * t.words..][..t.words]
    }

    /// Per intersection ([`Tables::intersections`]), the digits locked in it: candidates of
    /// the shared cells that the base has nowhere else and the cover has elsewhere (those the
    /// locked candidates remove). Worked out once per state for the four finders that ask.
    pub(crate) fn locked_digits(&self) -> &[u32] {
        self.locked.0.get_or_init(|| {
            let union = |cells: &[usize]| cells.iter().fold(0, |m, &cell| m | self.cand[cell]);
            let intersections = &self.tables.intersections;
            let mut locked = vec![0; intersections.len()];
            for (i, x) in intersections.iter().enumerate() {
                if x.mirror.is_some_and(|mirror| mirror < i) {
                    continue;
                }
                let (shared, base_rest) = (union(&x.shared), union(&x.base_rest));
                let cover_rest = union(&x.cover_rest);
                locked[i] = shared & !base_rest & cover_rest;
                if let Some(mirror) = x.mirror {
                    locked[mirror] = shared & !cover_rest & base_rest;
                }
            }
            locked
        })
    }

    /// The positions (bit `i` = `house.cells[i]`) where `digit` is a candidate in a house.
    pub fn places(&self, house: usize, digit: u8) -> u32 {
        let b = bit(digit);
        let mut places = 0;
        for (i, &cell) in self.geo.houses()[house].cells.iter().enumerate() {
            if self.cand[cell] & b != 0 {
                places |= 1 << i;
            }
        }
        places
    }

    /// True when every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.open == 0
    }

    /// True when the givens conflicted, or a placement hit a peer with the same digit, or an
    /// empty cell has no candidate left.
    pub fn is_broken(&self) -> bool {
        self.broken || (0..self.values.len()).any(|c| self.values[c] == 0 && self.cand[c] == 0)
    }

    /// The values as a grid (0 = still open).
    pub fn grid(&self) -> Grid {
        Grid::new(self.geo.size(), self.values.clone())
    }

    /// Puts `digit` in `cell` and removes it from the peers' candidates.
    pub fn place(&mut self, cell: usize, digit: u8) {
        if self.values[cell] != 0 || digit == 0 || digit as usize > self.geo.size() {
            self.broken |= self.values[cell] != digit;
            return;
        }
        self.values[cell] = digit;
        self.cand[cell] = 0;
        self.locked = LockedDigits::default();
        self.open -= 1;
        for &house in self.geo.houses_of(cell) {
            self.open_in_house[house] -= 1;
        }
        let b = bit(digit);
        for &peer in self.geo.peers(cell) {
            self.cand[peer] &= !b;
            self.broken |= self.values[peer] == digit;
        }
    }

    /// Places naked singles (a cell's one candidate) and hidden singles (a digit's one place in
    /// a house) until none is left or the grid breaks.
    pub(crate) fn place_singles(&mut self) {
        let geo = self.geo;
        loop {
            let mut placed = false;
            for cell in 0..self.values.len() {
                let mask = self.cand[cell];
                if self.values[cell] == 0 && mask != 0 && mask & (mask - 1) == 0 {
                    self.place(cell, mask.trailing_zeros() as u8 + 1);
                    placed = true;
                }
            }
            for (house, cells) in geo.houses().iter().map(|h| &h.cells).enumerate() {
                if self.open_in_house[house] == 0 {
                    continue;
                }
                let (mut once, mut twice) = (0u32, 0u32);
                for &cell in cells {
                    twice |= once & self.cand[cell];
                    once |= self.cand[cell];
                }
                let mut singles = once & !twice;
                while singles != 0 {
                    let b = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    if let Some(&cell) = cells.iter().find(|&&x| self.cand[x] & b != 0) {
                        self.place(cell, b.trailing_zeros() as u8 + 1);
                        placed = true;
                    }
                }
            }
            if !placed || self.broken {
                return;
            }
        }
    }

    /// Removes every candidate a locked intersection removes (pointing and claiming at once);
    /// true if any was there.
    pub(crate) fn eliminate_locked(&mut self) -> bool {
        let locked = self.locked_digits().to_vec();
        let tables = Arc::clone(&self.tables);
        let mut changed = false;
        for (x, digits) in tables.intersections.iter().zip(locked) {
            if digits == 0 {
                continue;
            }
            for &cell in &x.cover_rest {
                if self.cand[cell] & digits != 0 {
                    self.cand[cell] &= !digits;
                    changed = true;
                }
            }
        }
        if changed {
            self.locked = LockedDigits::default();
        }
        changed
    }

    /// Removes a candidate; true if it was there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let b = bit(digit);
        let had = self.cand[cell] & b != 0;
        if had {
            self.cand[cell] &= !b;
            self.locked = LockedDigits::default();
        }
        had
    }

    /// Applies a step's placements and eliminations; true if anything changed.
    pub fn apply(&mut self, step: &Step) -> bool {
        let mut changed = false;
        for &(cell, digit) in &step.placements {
            changed |= self.values[cell] == 0;
            self.place(cell, digit);
        }
        for &(cell, digit) in &step.eliminations {
            changed |= self.eliminate(cell, digit);
        }
        changed
    }

    /// The cells of `cells` that hold `digit` as a candidate (placed cells hold none), in order.
    pub fn holding(&self, cells: &[usize], digit: u8) -> Vec<usize> {
        cells
            .iter()
            .copied()
            .filter(|&cell| self.has(cell, digit))
            .collect()
    }

    /// The empty cells that see every cell of `cells` and hold `digit`, ascending.
    pub fn common_peers(&self, cells: &[usize], digit: u8) -> Vec<usize> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        self.geo
            .peers(first)
            .iter()
            .copied()
            .filter(|&c| self.has(c, digit) && rest.iter().all(|&o| o != c && self.sees(c, o)))
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::grid::text::parse_line;

    /// The grid where the driver first needs a step of `technique` (solving `line` from its
    /// givens).
    pub fn grid_before<'g>(
        geo: &'g Geometry,
        line: &str,
        technique: crate::logic::Technique,
    ) -> Candidates<'g> {
        let mut c = from_line(geo, line);
        loop {
            let step = crate::logic::next_step(&c, crate::logic::Level::HARDEST).expect("a step");
            if step.technique == technique {
                return c;
            }
            assert!(c.apply(&step) && !c.is_solved(), "no {technique} step");
        }
    }

    /// Checks a step against the exact solution of the puzzle `line`.
    pub fn assert_sound(geo: &Geometry, line: &str, step: &Step) {
        let solution = crate::solve::solve(geo, &from_line(geo, line).grid());
        let solution = solution.grid().expect("solvable").clone();
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
        for &(x, d) in &step.placements {
            assert_eq!(solution.get(x), d, "{step}");
        }
        for &(x, d) in &step.eliminations {
            assert_ne!(solution.get(x), d, "{step}");
        }
    }

    /// A classic 9×9 geometry.
    pub fn classic9() -> Geometry {
        Geometry::classic(9).expect("9x9")
    }

    /// Candidates from an 81-character line.
    pub fn from_line<'g>(geo: &'g Geometry, line: &str) -> Candidates<'g> {
        let grid = parse_line(line, 1, Some(geo.size())).expect("valid line");
        Candidates::from_givens(geo, &grid)
    }

    /// An empty grid where every cell has every candidate; shape it with `keep`/`remove`.
    pub fn open(geo: &Geometry) -> Candidates<'_> {
        let cells = geo.cell_count();
        Candidates::from_masks(geo, &vec![0; cells], &vec![geo.all_digits(); cells])
    }

    /// Parses `r5c3` style names.
    pub fn cell(name: &str) -> usize {
        crate::grid::parse_cell_name(name, 9).expect("cell name")
    }

    /// Mask from digits.
    pub fn mask_of(ds: &[u8]) -> u32 {
        ds.iter().map(|&d| bit(d)).fold(0, |a, b| a | b)
    }

    impl Candidates<'_> {
        /// Test helper: sets a cell's candidates.
        pub fn set_mask(&mut self, cell: usize, mask: u32) {
            self.cand[cell] = mask;
            self.locked = LockedDigits::default();
        }
    }

    #[test]
    fn the_tables_follow_the_cages_without_sums_of_each_geometry() {
        // Same size and variant, different cages: the cached tables must not be reused.
        let caged = |rules: &str| {
            let marks = MarkSet::parse(rules, 9).expect("marks");
            classic9().with_marks(marks).expect("geometry")
        };
        let first = caged("rules:distinct-cages;c:r4c3+r4c4+r5c4");
        let second = caged("rules:distinct-cages;c:r1c3+r1c4+r2c4");
        let (r4c3, r5c4) = (cell("r4c3"), cell("r5c4"));
        assert!(Candidates::from_givens(&first, &Grid::empty(9)).sees(r4c3, r5c4));
        let after = Candidates::from_givens(&second, &Grid::empty(9));
        assert!(!after.sees(r4c3, r5c4), "the first geometry's cage");
        assert!(after.sees(cell("r1c3"), cell("r2c4")));
    }

    #[test]
    fn givens_remove_peer_candidates() {
        let geo = classic9();
        let c = from_line(&geo, &format!("5{}", ".".repeat(80)));
        assert_eq!(c.value(0), 5);
        assert!(!c.has(1, 5) && !c.has(9, 5) && !c.has(10, 5));
        assert!(c.has(40, 5));
        assert!(!c.is_broken());
    }

    #[test]
    fn conflicting_givens_are_broken() {
        let geo = classic9();
        let c = from_line(&geo, &format!("55{}", ".".repeat(79)));
        assert!(c.is_broken());
    }

    /// The locked digits of every intersection, worked out afresh from the masks.
    fn locked_afresh(c: &Candidates) -> Vec<u32> {
        let union = |cells: &[usize]| cells.iter().fold(0, |m, &x| m | c.mask(x));
        c.tables()
            .intersections
            .iter()
            .map(|x| union(&x.shared) & !union(&x.base_rest) & union(&x.cover_rest))
            .collect()
    }

    #[test]
    fn locked_digits_follow_every_change_of_the_grid() {
        let variant = Variant {
            diagonal: true,
            window: true,
            ..Variant::CLASSIC
        };
        for geo in [
            classic9(),
            Geometry::new(9, variant, None, None).expect("9x9 X window"),
        ] {
            let mut c = open(&geo);
            assert_eq!(c.locked_digits(), locked_afresh(&c));
            assert!(c.locked_digits().iter().all(|&m| m == 0));
            // 1 only in the first three cells of row 1: locked in box 1 (claiming).
            for x in 3..9 {
                c.eliminate(x, 1);
            }
            assert_eq!(c.locked_digits(), locked_afresh(&c));
            assert!(c.locked_digits().contains(&1));
            c.place(40, 5);
            assert_eq!(c.locked_digits(), locked_afresh(&c));
            c.set_mask(0, mask_of(&[2, 3]));
            assert_eq!(c.locked_digits(), locked_afresh(&c));
            let copy = c.clone();
            assert_eq!(copy.locked_digits(), locked_afresh(&c));
        }
    }

    #[test]
    fn intersections_of_classic_are_box_line_pairs() {
        let geo = classic9();
        let c = open(&geo);
        // 27 houses: each box meets 3 rows + 3 columns, both directions: 9*6*2.
        assert_eq!(c.tables().intersections.len(), 108);
    }
}
