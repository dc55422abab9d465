//! `Geometry`: the one model of every variant. An `N×N` grid, digits `1..=N`, and a list of houses
//! (rows, columns, boxes, jigsaw regions, diagonals, windows), each cell's houses and peers.

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::cages::CageSet;
use super::error::GeometryError;
use super::marks::MarkSet;
use super::multi::{CellNames, Frame, MultiShape, SubGrid};
use super::puzzle::Grid;
use super::regions::RegionMap;
use super::rules::Constraints;
use super::variant::{BoxShape, RuleKind, Variant};

/// Smallest supported grid size.
pub const MIN_SIZE: usize = 2;
/// Largest supported grid size (digits are written `1-9`, then `A-P`).
pub const MAX_SIZE: usize = 25;

/// What kind of house a set of cells is; numbers are 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HouseKind {
    Row(usize),
    Column(usize),
    Box(usize),
    Region(usize),
    Diagonal,
    AntiDiagonal,
    Window(usize),
    /// A disjoint group: the cells in one position of their boxes.
    Group(usize),
    /// A row of one sub-grid of a multi-grid shape (0-based within the sub-grid).
    GridRow(SubGrid, usize),
    /// A column of one sub-grid.
    GridColumn(SubGrid, usize),
    /// A box of one sub-grid (a box shared by two sub-grids is named after the first).
    GridBox(SubGrid, usize),
}

impl HouseKind {
    /// Boxes and jigsaw regions: the houses that cut rows and columns into segments.
    pub fn is_block(&self) -> bool {
        matches!(
            self,
            HouseKind::Box(_) | HouseKind::Region(_) | HouseKind::GridBox(..)
        )
    }

    /// Rows, of the grid or of a sub-grid.
    pub fn is_row(&self) -> bool {
        matches!(self, HouseKind::Row(_) | HouseKind::GridRow(..))
    }

    /// Columns, of the grid or of a sub-grid.
    pub fn is_column(&self) -> bool {
        matches!(self, HouseKind::Column(_) | HouseKind::GridColumn(..))
    }
}

impl fmt::Display for HouseKind {
    /// Names a house for people, 1-based: `row 3`, `column 5`, `box 2`, `region 4`, `diagonal`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseKind::Row(i) => write!(f, "row {}", i + 1),
            HouseKind::Column(i) => write!(f, "column {}", i + 1),
            HouseKind::Box(i) => write!(f, "box {}", i + 1),
            HouseKind::Region(i) => write!(f, "region {}", i + 1),
            HouseKind::Diagonal => f.write_str("main diagonal"),
            HouseKind::AntiDiagonal => f.write_str("anti-diagonal"),
            HouseKind::Window(i) => write!(f, "window {}", i + 1),
            HouseKind::Group(i) => write!(f, "disjoint group {}", i + 1),
            HouseKind::GridRow(grid, i) => write!(f, "row {} of {grid}", i + 1),
            HouseKind::GridColumn(grid, i) => write!(f, "column {} of {grid}", i + 1),
            HouseKind::GridBox(grid, i) => write!(f, "box {} of {grid}", i + 1),
        }
    }
}

/// A set of `N` cells that must hold every digit once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// What the house is.
    pub kind: HouseKind,
    /// Its cells, row-major indices, ascending.
    pub cells: Vec<usize>,
}

/// One `N×N` grid of rows and columns inside a geometry: the whole grid, or one sub-grid of a
/// multi-grid shape. Fish and rectangles work inside one such square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridSquare {
    /// Frame row of the square's top row.
    pub top: usize,
    /// Frame column of its left column.
    pub left: usize,
    /// Rows and columns.
    pub side: usize,
    /// The sub-grid, for multi-grid shapes.
    pub grid: Option<SubGrid>,
}

impl GridSquare {
    /// The house kind of row `i` (0-based) of this square.
    pub fn row(&self, i: usize) -> HouseKind {
        match self.grid {
            Some(grid) => HouseKind::GridRow(grid, i),
            None => HouseKind::Row(i),
        }
    }

    /// The house kind of column `i` of this square.
    pub fn column(&self, i: usize) -> HouseKind {
        match self.grid {
            Some(grid) => HouseKind::GridColumn(grid, i),
            None => HouseKind::Column(i),
        }
    }
}

/// The houses of one puzzle shape, built once and shared by solver, rater, generator and renderer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    size: usize,
    variant: Variant,
    box_shape: Option<BoxShape>,
    regions: Option<RegionMap>,
    /// The rules beyond the houses, as data (killer cages: their cells are peers too, digits in
    /// a cage being distinct).
    constraints: Constraints,
    /// For multi-grid shapes: the frame the cells sit in (`None`: the cells fill an `N×N` square).
    frame: Option<Arc<Frame>>,
    // Shared, so that cloning a geometry (every generated puzzle carries one) copies no tables.
    houses: Arc<[House]>,
    /// Each cell's houses and peers, built from the houses (and cages) on first use.
    index: LazyIndex,
}

/// Each cell's houses and peers: built when first asked for, shared by clones made after. A
/// geometry that is the only holder of its tables can drop them ([`Geometry::shed_index`]): a book
/// keeps thousands of jigsaws, each with its own tables, which only a solver needs.
#[derive(Clone, Default)]
struct LazyIndex(Arc<OnceLock<CellIndex>>);

/// Derived from the houses and cages, so it never makes two geometries differ.
impl PartialEq for LazyIndex {
    fn eq(&self, _: &LazyIndex) -> bool {
        true
    }
}

impl Eq for LazyIndex {}

impl fmt::Debug for LazyIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "built"
        } else {
            "not built"
        })
    }
}

struct CellIndex {
    cell_houses: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
}

impl CellIndex {
    /// The houses of each cell, and its peers: the cells sharing a house with it, and (digits in
    /// a cage being distinct) a killer cage.
    fn build(cells: usize, houses: &[House], constraints: &Constraints) -> CellIndex {
        let cell_houses = index_cell_houses(cells, houses);
        let mut peers = index_peers(houses, &cell_houses);
        let cages = constraints.cages();
        if let Some(marks) = constraints.marks() {
            for (a, b) in marks.distinct_pairs() {
                peers[a].push(b);
                peers[b].push(a);
            }
            for list in &mut peers {
                list.sort_unstable();
                list.dedup();
            }
        }
        for cage in cages.map_or(&[][..], |set| set.cages()) {
            for &cell in &cage.cells {
                let list = &mut peers[cell];
                list.extend(cage.cells.iter().copied().filter(|&c| c != cell));
                list.sort_unstable();
                list.dedup();
            }
        }
        CellIndex { cell_houses, peers }
    }
}

/// The largest killer grid. Killer books are 9×9 (and smaller); on 12×12 the exact solver,
/// with no givens to start from, does not settle random cage layouts within its node cap, so
/// larger killers are refused rather than searched for minutes.
pub const MAX_KILLER_SIZE: usize = 9;

/// The variants [`Geometry::every_shape`] tries at each size.
const EVERY_VARIANT: [&str; 7] = [
    "classic",
    "diagonal",
    "window",
    "diagonal+window",
    "jigsaw",
    "jigsaw+diagonal",
    "jigsaw+window",
];

impl Geometry {
    /// Every shape the tool supports, for tests and benchmarks: classic and diagonal at each
    /// size from 4 to 25 with a box shape, the window variants on square sizes, jigsaw (the
    /// boxes as regions) alone and combined, and the multi-grid shapes.
    pub fn every_shape() -> Vec<Geometry> {
        let mut shapes: Vec<Geometry> = MultiShape::ALL
            .iter()
            .filter_map(|&shape| Geometry::multi(MultiShape::GRID, shape).ok())
            .collect();
        for size in 4..=MAX_SIZE {
            let Some(shape) = BoxShape::default_for(size) else {
                continue;
            };
            let boxes: Vec<usize> = (0..size * size)
                .map(|c| (c / size / shape.rows) * shape.rows + (c % size) / shape.cols)
                .collect();
            for name in EVERY_VARIANT {
                let Ok(variant) = name.parse::<Variant>() else {
                    continue;
                };
                let regions = match variant.jigsaw {
                    true => RegionMap::from_ids(size, &boxes).ok(),
                    false => None,
                };
                if let Ok(geo) = Geometry::new(size, variant, None, regions) {
                    shapes.push(geo);
                }
            }
        }
        shapes
    }

    /// The classic puzzle of a size with its conventional boxes (9 → 3×3, 6 → 2×3, …).
    pub fn classic(size: usize) -> Result<Geometry, GeometryError> {
        Geometry::new(size, Variant::CLASSIC, None, None)
    }

    /// Builds the geometry of a variant. `box_shape` defaults to the conventional box for the
    /// size; `regions` is required for jigsaw variants and refused for the others.
    pub fn new(
        size: usize,
        variant: Variant,
        box_shape: Option<BoxShape>,
        regions: Option<RegionMap>,
    ) -> Result<Geometry, GeometryError> {
        check_size(size)?;
        if let Some(shape) = variant.multi {
            check_multi_alone(variant, box_shape, regions.is_some())?;
            return Geometry::multi(size, shape);
        }
        let variant = variant.houses();
        let box_shape = resolve_box_shape(size, variant, box_shape)?;
        let regions = resolve_regions(size, variant, regions)?;
        if variant.window {
            check_window(size, box_shape)?;
        }
        let houses = build_houses(size, variant, box_shape, regions.as_ref());
        Ok(Geometry {
            size,
            variant,
            box_shape,
            regions,
            constraints: Constraints::default(),
            frame: None,
            houses: houses.into(),
            index: LazyIndex::default(),
        })
    }

    /// A multi-grid shape of 9×9 grids: the rows, columns and boxes of every sub-grid.
    fn multi(size: usize, shape: MultiShape) -> Result<Geometry, GeometryError> {
        if size != MultiShape::GRID {
            return Err(GeometryError::MultiSize {
                shape: shape.name().to_string(),
                size,
            });
        }
        let frame = shape.frame();
        let houses = multi_houses(shape, &frame);
        Ok(Geometry {
            size,
            variant: Variant {
                multi: Some(shape),
                ..Variant::CLASSIC
            },
            box_shape: Some(BoxShape {
                rows: MultiShape::BOX,
                cols: MultiShape::BOX,
            }),
            regions: None,
            constraints: Constraints::default(),
            frame: Some(Arc::new(frame)),
            houses: houses.into(),
            index: LazyIndex::default(),
        })
    }

    /// This geometry with killer cages (replacing any it had): the variant gains `killer`, and
    /// the cells of each cage become peers of each other. The cages must be for a grid of this size.
    pub fn with_cages(&self, cages: CageSet) -> Result<Geometry, GeometryError> {
        if let Some(shape) = self.variant.multi {
            return Err(GeometryError::MultiCombined {
                text: format!("killer+{shape}"),
            });
        }
        if self.size > MAX_KILLER_SIZE {
            return Err(GeometryError::KillerTooLarge {
                size: self.size,
                max: MAX_KILLER_SIZE,
            });
        }
        if cages.size() != self.size {
            return Err(GeometryError::CageSizeMismatch {
                cages: cages.size(),
                size: self.size,
            });
        }
        let marks = self.constraints.marks().cloned();
        Ok(self.with_constraints(Constraints::with_cages(cages).with_marks(marks)))
    }

    /// This geometry with the modern kinds' marks and global rules (replacing any it had; its
    /// cages kept): anti-knight and anti-king neighbours become peers, disjoint groups houses.
    pub fn with_marks(&self, marks: MarkSet) -> Result<Geometry, GeometryError> {
        let refuse = |why: String| Err(GeometryError::Marks { why });
        if let Some(shape) = self.variant.multi {
            return refuse(format!("the modern rules are for one grid, not a {shape}"));
        }
        if marks.size() != self.size {
            return refuse(format!(
                "the marks are for a {0}×{0} grid and the puzzle is {1}×{1}",
                marks.size(),
                self.size
            ));
        }
        if marks.kinds().has(RuleKind::DisjointGroups) && self.variant.jigsaw {
            return refuse("disjoint groups need boxes, and a jigsaw has regions".into());
        }
        Ok(self.with_constraints(self.constraints.with_marks(Some(marks))))
    }

    /// The houses of this shape with `constraints` (and the houses they add: disjoint groups).
    fn with_constraints(&self, constraints: Constraints) -> Geometry {
        let mut geo = self.without_cages();
        if let Some(marks) = constraints.marks() {
            let groups = marks.disjoint_groups().into_iter().enumerate();
            let extra = groups.map(|(i, cells)| house(HouseKind::Group(i), cells.into_iter()));
            geo.houses = geo.houses.iter().cloned().chain(extra).collect();
        }
        geo.constraints = constraints;
        geo.index = LazyIndex::default();
        geo
    }

    /// The modern kinds' marks and global rules, if any.
    pub fn marks(&self) -> Option<&MarkSet> {
        self.constraints.marks()
    }

    /// The killer cages, for killer variants.
    pub fn cages(&self) -> Option<&CageSet> {
        self.constraints.cages()
    }

    /// The rules beyond the houses, as data.
    pub fn constraints(&self) -> &Constraints {
        &self.constraints
    }

    /// This geometry without its rules beyond the houses (the grid a killer's cages are drawn
    /// on).
    pub fn without_cages(&self) -> Geometry {
        if self.constraints.is_empty() {
            return self.clone();
        }
        Geometry::new(
            self.size,
            self.variant,
            self.box_shape,
            self.regions.clone(),
        )
        .unwrap_or_else(|_| self.clone())
    }

    /// `N`: the number of rows, columns and digits.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells: `N*N`, or the cells of a multi-grid frame.
    pub fn cell_count(&self) -> usize {
        match &self.frame {
            Some(frame) => frame.cell_count(),
            None => self.size * self.size,
        }
    }

    /// A grid with every cell of this geometry empty.
    pub fn empty_grid(&self) -> Grid {
        Grid::new(self.size, vec![0; self.cell_count()])
    }

    /// The frame of a multi-grid shape; `None` when the cells fill an `N×N` square.
    pub fn frame(&self) -> Option<&Frame> {
        self.frame.as_deref()
    }

    /// Rows and columns of the grid as drawn: `N×N`, or the multi-grid frame.
    pub fn extent(&self) -> (usize, usize) {
        match &self.frame {
            Some(frame) => (frame.rows(), frame.cols()),
            None => (self.size, self.size),
        }
    }

    /// The 0-based (row, column) of a cell in the grid as drawn.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        match &self.frame {
            Some(frame) => frame.row_col(cell),
            None => (cell / self.size, cell % self.size),
        }
    }

    /// The squares of rows and columns: the grid itself, or every sub-grid of a multi-grid.
    pub fn squares(&self) -> Vec<GridSquare> {
        match self.variant.multi {
            None => vec![GridSquare {
                top: 0,
                left: 0,
                side: self.size,
                grid: None,
            }],
            Some(shape) => (shape.origins().iter().enumerate())
                .map(|(i, &(top, left))| GridSquare {
                    top,
                    left,
                    side: MultiShape::GRID,
                    grid: Some(SubGrid {
                        shape,
                        index: i as u8,
                    }),
                })
                .collect(),
        }
    }

    /// The cell at row `row`, column `col` of a square of this geometry.
    pub fn square_cell(&self, square: &GridSquare, row: usize, col: usize) -> usize {
        match &self.frame {
            Some(frame) => frame
                .cell_at(square.top + row, square.left + col)
                .unwrap_or(0),
            None => (square.top + row) * self.size + square.left + col,
        }
    }

    /// The cell at a 0-based (row, column) of the grid as drawn, if one is there.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        self.names().cell_at(row, col)
    }

    /// How this geometry's cells are named (`r3c5`, in frame coordinates for multi-grids).
    pub fn names(&self) -> CellNames {
        match &self.frame {
            Some(frame) => CellNames::Frame(Arc::clone(frame)),
            None => CellNames::Square(self.size),
        }
    }

    /// The name of a cell: `r3c5`.
    pub fn cell_name(&self, cell: usize) -> String {
        self.names().name(cell)
    }

    /// The variant.
    /// What the puzzle is: the variant of its houses with the kinds of its constraints.
    pub fn variant(&self) -> Variant {
        Variant {
            rules: self.constraints.kinds(),
            ..self.variant
        }
    }

    /// The box shape, for variants with boxes.
    pub fn box_shape(&self) -> Option<BoxShape> {
        self.box_shape
    }

    /// The jigsaw region map, for jigsaw variants.
    pub fn regions(&self) -> Option<&RegionMap> {
        self.regions.as_ref()
    }

    /// Every house: rows, then columns, then boxes or regions, then diagonals, then windows.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The houses (indices into [`Geometry::houses`]) a cell belongs to.
    pub fn houses_of(&self, cell: usize) -> &[usize] {
        &self.index().cell_houses[cell]
    }

    /// The cells that share a house with `cell`, ascending, without `cell` itself.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.index().peers[cell]
    }

    /// [`Geometry::peers`] of every cell, for loops that ask for many.
    pub fn all_peers(&self) -> &[Vec<usize>] {
        &self.index().peers
    }

    /// [`Geometry::houses_of`] every cell, for loops that ask for many.
    pub fn all_houses_of(&self) -> &[Vec<usize>] {
        &self.index().cell_houses
    }

    fn index(&self) -> &CellIndex {
        self.index
            .0
            .get_or_init(|| CellIndex::build(self.cell_count(), &self.houses, &self.constraints))
    }

    /// Drops the cells' houses and peers when no other clone shares them (they are built again
    /// if asked for): what a book does with the geometries it keeps.
    pub fn shed_index(&mut self) {
        if Arc::strong_count(&self.index.0) == 1 {
            self.index = LazyIndex::default();
        }
    }

    /// A clone for a while: it shares the cells' houses and peers if they are built, and else
    /// builds its own, which go with it (so solving a kept geometry's puzzle leaves no tables).
    pub fn scratch_copy(&self) -> Geometry {
        let mut copy = self.clone();
        if self.index.0.get().is_none() {
            copy.index = LazyIndex::default();
        }
        copy
    }

    /// The implied windows: cell sets that are not houses of the puzzle as printed, but that the
    /// rules force to hold every digit once (see `implied_windows`). Empty without windows.
    /// The exact solver adds them to its houses; people and the logic solver do not see them.
    pub fn implied_houses(&self) -> Vec<Vec<usize>> {
        if self.variant.window {
            implied_windows(self.size)
        } else {
            Vec::new()
        }
    }

    /// True when the classic 9×9 fast path applies (3×3 boxes and no extra houses).
    pub fn is_classic_9x9(&self) -> bool {
        self.size == 9 && self.variant() == Variant::CLASSIC
    }

    /// The bitmask of every digit: bit `d-1` for digit `d`.
    pub fn all_digits(&self) -> u32 {
        if self.size >= 32 {
            u32::MAX
        } else {
            (1u32 << self.size) - 1
        }
    }

    /// A short description such as `9x9 classic` or `9x9 jigsaw+diagonal`.
    pub fn describe(&self) -> String {
        match self.variant.multi {
            Some(shape) => shape.to_string(),
            None => format!("{0}x{0} {1}", self.size, self.variant()),
        }
    }
}

/// A multi-grid shape combines with no other variant, no region map and no box but 3×3.
fn check_multi_alone(
    variant: Variant,
    box_shape: Option<BoxShape>,
    regions: bool,
) -> Result<(), GeometryError> {
    let alone = Variant {
        multi: variant.multi,
        ..Variant::CLASSIC
    };
    let three = BoxShape {
        rows: MultiShape::BOX,
        cols: MultiShape::BOX,
    };
    if variant != alone || regions || box_shape.is_some_and(|b| b != three) {
        let mut text = variant.multi.map_or(String::new(), |s| s.to_string());
        if regions || variant.jigsaw {
            text.push_str("+jigsaw");
        }
        if let Some(b) = box_shape.filter(|&b| b != three) {
            text.push_str(&format!(" with {b} boxes"));
        }
        return Err(GeometryError::MultiCombined { text });
    }
    Ok(())
}

fn check_size(size: usize) -> Result<(), GeometryError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(GeometryError::UnsupportedSize {
            size,
            min: MIN_SIZE,
            max: MAX_SIZE,
        })
    }
}

fn resolve_box_shape(
    size: usize,
    variant: Variant,
    requested: Option<BoxShape>,
) -> Result<Option<BoxShape>, GeometryError> {
    if !variant.has_boxes() {
        return Ok(None);
    }
    let shape = match requested {
        Some(shape) => shape,
        None => BoxShape::default_for(size).ok_or(GeometryError::NoBoxShape { size })?,
    };
    if shape.rows * shape.cols != size {
        return Err(GeometryError::BoxDoesNotTile {
            rows: shape.rows,
            cols: shape.cols,
            size,
        });
    }
    Ok(Some(shape))
}

fn resolve_regions(
    size: usize,
    variant: Variant,
    regions: Option<RegionMap>,
) -> Result<Option<RegionMap>, GeometryError> {
    match (variant.jigsaw, regions) {
        (true, None) => Err(GeometryError::JigsawNeedsRegions),
        (false, Some(_)) => Err(GeometryError::RegionsWithoutJigsaw {
            variant: variant.name(),
        }),
        (true, Some(map)) if map.size() != size => Err(GeometryError::RegionSizeMismatch {
            map: map.size(),
            size,
        }),
        (_, regions) => Ok(regions),
    }
}

/// Window boxes are square boxes of side `sqrt(N)`; with boxes, the boxes must be square too.
fn check_window(size: usize, box_shape: Option<BoxShape>) -> Result<(), GeometryError> {
    let side = size.isqrt();
    let (rows, cols) = box_shape.map_or((side, size / side.max(1)), |b| (b.rows, b.cols));
    if side * side != size || rows != cols {
        return Err(GeometryError::WindowNeedsSquareBoxes { size, rows, cols });
    }
    Ok(())
}

fn build_houses(
    size: usize,
    variant: Variant,
    box_shape: Option<BoxShape>,
    regions: Option<&RegionMap>,
) -> Vec<House> {
    let mut houses = Vec::new();
    for r in 0..size {
        houses.push(house(HouseKind::Row(r), (0..size).map(|c| r * size + c)));
    }
    for c in 0..size {
        houses.push(house(HouseKind::Column(c), (0..size).map(|r| r * size + c)));
    }
    if let Some(shape) = box_shape {
        houses.extend(box_houses(size, shape));
    }
    if let Some(map) = regions {
        for region in 0..size {
            houses.push(house(HouseKind::Region(region), map.cells_of(region)));
        }
    }
    if variant.diagonal {
        houses.push(house(HouseKind::Diagonal, (0..size).map(|i| i * size + i)));
        let anti = (0..size).map(|i| i * size + (size - 1 - i));
        houses.push(house(HouseKind::AntiDiagonal, anti));
    }
    if variant.window {
        houses.extend(window_houses(size));
    }
    houses
}

fn house(kind: HouseKind, cells: impl Iterator<Item = usize>) -> House {
    let mut cells: Vec<usize> = cells.collect();
    cells.sort_unstable();
    House { kind, cells }
}

/// The boxes, numbered left to right, top to bottom.
fn box_houses(size: usize, shape: BoxShape) -> Vec<House> {
    let mut houses = Vec::with_capacity(size);
    for top in (0..size).step_by(shape.rows) {
        for left in (0..size).step_by(shape.cols) {
            let index = houses.len();
            houses.push(square_house(HouseKind::Box(index), size, top, left, shape));
        }
    }
    houses
}

/// The first row (and column) of each band of windows: `1, b+2, 2b+3, …` for side `b`.
fn window_starts(side: usize) -> Vec<usize> {
    (0..side.saturating_sub(1))
        .map(|k| 1 + k * (side + 1))
        .collect()
}

/// The window boxes of hyper-sudoku: squares of side `b = sqrt(N)` starting at rows and columns
/// `1, b+2, 2b+3, …` (0-based), one cell apart: for 9×9, rows/columns 2–4 and 6–8 (1-based).
fn window_houses(size: usize) -> Vec<House> {
    let side = size.isqrt();
    let starts = window_starts(side);
    let shape = BoxShape {
        rows: side,
        cols: side,
    };
    let mut houses = Vec::new();
    for &top in &starts {
        for &left in &starts {
            let index = houses.len();
            houses.push(square_house(
                HouseKind::Window(index),
                size,
                top,
                left,
                shape,
            ));
        }
    }
    houses
}

/// The `2b - 1` implied windows of a grid of side `b²`. The rows outside every window band
/// (`0, b+1, 2b+2, …`: `b` rows) form one more band, and likewise the columns. Where a window
/// column band meets the gap rows, the cells hold every digit once: the band's `b` columns hold
/// each digit `b` times, its `b - 1` windows once each, so the gap rows hold it once. The gap rows
/// × gap columns follow the same way from the gap rows and their now complete bands. For 9×9
/// these are the five "hidden windows" of hyper-sudoku (rows 1, 5, 9 × columns 2–4, and so on).
fn implied_windows(size: usize) -> Vec<Vec<usize>> {
    let side = size.isqrt();
    let mut bands: Vec<Vec<usize>> = window_starts(side)
        .iter()
        .map(|&start| (start..start + side).collect())
        .collect();
    let gap: Vec<usize> = (0..side).map(|k| k * (side + 1)).collect();
    let gap_band = bands.len();
    bands.push(gap);
    let mut implied = Vec::new();
    for (r, rows) in bands.iter().enumerate() {
        for (c, cols) in bands.iter().enumerate() {
            if r == gap_band || c == gap_band {
                let mut cells: Vec<usize> = rows
                    .iter()
                    .flat_map(|&row| cols.iter().map(move |&col| row * size + col))
                    .collect();
                cells.sort_unstable();
                implied.push(cells);
            }
        }
    }
    implied
}

fn square_house(kind: HouseKind, size: usize, top: usize, left: usize, shape: BoxShape) -> House {
    let cells =
        (top..top + shape.rows).flat_map(|r| (left..left + shape.cols).map(move |c| r * size + c));
    house(kind, cells)
}

/// The houses of a multi-grid shape: the rows of every sub-grid, then their columns, then their
/// boxes (a box two sub-grids share once), all as cells of the frame.
fn multi_houses(shape: MultiShape, frame: &Frame) -> Vec<House> {
    let n = MultiShape::GRID;
    let b = MultiShape::BOX;
    let cell = |r: usize, c: usize| frame.cell_at(r, c).unwrap_or(0);
    let grids = || {
        shape.origins().iter().enumerate().map(move |(i, &origin)| {
            let grid = SubGrid {
                shape,
                index: i as u8,
            };
            (grid, origin)
        })
    };
    let mut houses = Vec::new();
    for (grid, (top, left)) in grids() {
        for r in 0..n {
            let cells = (0..n).map(|c| cell(top + r, left + c));
            houses.push(house(HouseKind::GridRow(grid, r), cells));
        }
    }
    for (grid, (top, left)) in grids() {
        for c in 0..n {
            let cells = (0..n).map(|r| cell(top + r, left + c));
            houses.push(house(HouseKind::GridColumn(grid, c), cells));
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for (grid, (top, left)) in grids() {
        for k in 0..n {
            let (r0, c0) = (top + k / b * b, left + k % b * b);
            if !seen.insert((r0, c0)) {
                continue;
            }
            let cells = (0..n).map(|i| cell(r0 + i / b, c0 + i % b));
            houses.push(house(HouseKind::GridBox(grid, k), cells));
        }
    }
    houses
}

fn index_cell_houses(cells: usize, houses: &[House]) -> Vec<Vec<usize>> {
    let mut cell_houses = vec![Vec::new(); cells];
    for (index, house) in houses.iter().enumerate() {
        for &cell in &house.cells {
            cell_houses[cell].push(index);
        }
    }
    cell_houses
}

fn index_peers(houses: &[House], cell_houses: &[Vec<usize>]) -> Vec<Vec<usize>> {
    (0..cell_houses.len())
        .map(|cell| {
            let mut peers: Vec<usize> = cell_houses[cell]
                .iter()
                .flat_map(|&h| houses[h].cells.iter().copied())
                .filter(|&other| other != cell)
                .collect();
            peers.sort_unstable();
            peers.dedup();
            peers
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(size: usize, variant: &str) -> Result<Geometry, GeometryError> {
        Geometry::new(size, variant.parse().unwrap(), None, None)
    }

    fn count(geo: &Geometry, pred: impl Fn(&HouseKind) -> bool) -> usize {
        geo.houses().iter().filter(|h| pred(&h.kind)).count()
    }

    #[test]
    fn classic_sizes_have_rows_columns_and_boxes() {
        for size in [4, 6, 8, 9, 12, 16] {
            let geo = Geometry::classic(size).unwrap();
            assert_eq!(geo.houses().len(), 3 * size, "size {size}");
            assert!(geo.houses().iter().all(|h| h.cells.len() == size));
            for cell in 0..geo.cell_count() {
                assert_eq!(geo.houses_of(cell).len(), 3);
                let shape = geo.box_shape().unwrap();
                let expected = 2 * (size - 1) + (shape.rows - 1) * (shape.cols - 1);
                assert_eq!(geo.peers(cell).len(), expected);
            }
        }
    }

    #[test]
    fn classic_9x9_box_contents() {
        let geo = Geometry::classic(9).unwrap();
        let first_box = &geo.houses()[18];
        assert_eq!(first_box.kind, HouseKind::Box(0));
        assert_eq!(first_box.cells, vec![0, 1, 2, 9, 10, 11, 18, 19, 20]);
        let last_box = &geo.houses()[26];
        assert_eq!(last_box.cells, vec![60, 61, 62, 69, 70, 71, 78, 79, 80]);
        assert_eq!(geo.peers(0).len(), 20);
        assert!(geo.is_classic_9x9());
    }

    #[test]
    fn six_by_six_boxes_are_two_rows_by_three_columns() {
        let geo = Geometry::classic(6).unwrap();
        let second_box = &geo.houses()[13];
        assert_eq!(second_box.kind, HouseKind::Box(1));
        assert_eq!(second_box.cells, vec![3, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn explicit_box_shape_is_used_and_checked() {
        let tall = BoxShape { rows: 3, cols: 2 };
        let geo = Geometry::new(6, Variant::CLASSIC, Some(tall), None).unwrap();
        assert_eq!(geo.houses()[12].cells, vec![0, 1, 6, 7, 12, 13]);
        let wrong = BoxShape { rows: 2, cols: 4 };
        let err = Geometry::new(9, Variant::CLASSIC, Some(wrong), None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "2x4 boxes do not tile a 9x9 grid (2 x 4 is not 9)"
        );
    }

    #[test]
    fn diagonal_adds_both_diagonals() {
        let geo = geometry(9, "diagonal").unwrap();
        assert_eq!(geo.houses().len(), 29);
        let main = geo.houses().iter().find(|h| h.kind == HouseKind::Diagonal);
        assert_eq!(main.unwrap().cells, vec![0, 10, 20, 30, 40, 50, 60, 70, 80]);
        let anti = geo
            .houses()
            .iter()
            .find(|h| h.kind == HouseKind::AntiDiagonal);
        assert_eq!(anti.unwrap().cells, vec![8, 16, 24, 32, 40, 48, 56, 64, 72]);
        assert_eq!(geo.houses_of(40).len(), 5);
        assert_eq!(geo.peers(0).len(), 20 + 6);
    }

    #[test]
    fn window_adds_four_windows_on_9x9() {
        let geo = geometry(9, "window").unwrap();
        assert_eq!(count(&geo, |k| matches!(k, HouseKind::Window(_))), 4);
        let first = geo.houses().iter().find(|h| h.kind == HouseKind::Window(0));
        assert_eq!(
            first.unwrap().cells,
            vec![10, 11, 12, 19, 20, 21, 28, 29, 30]
        );
        let last = geo.houses().iter().find(|h| h.kind == HouseKind::Window(3));
        assert_eq!(
            last.unwrap().cells,
            vec![50, 51, 52, 59, 60, 61, 68, 69, 70]
        );
    }

    #[test]
    fn window_on_other_square_sizes() {
        assert_eq!(
            count(&geometry(16, "window").unwrap(), |k| matches!(
                k,
                HouseKind::Window(_)
            )),
            9
        );
        let four = geometry(4, "window").unwrap();
        let window = four
            .houses()
            .iter()
            .find(|h| h.kind == HouseKind::Window(0));
        assert_eq!(window.unwrap().cells, vec![5, 6, 9, 10]);
    }

    #[test]
    fn implied_windows_tile_the_grid_with_the_windows() {
        for size in [4, 9, 16, 25] {
            let geo = geometry(size, "window").unwrap();
            let implied = geo.implied_houses();
            let side = size.isqrt();
            assert_eq!(implied.len(), 2 * side - 1);
            let mut covered = vec![0; size * size];
            let windows = geo
                .houses()
                .iter()
                .filter(|h| matches!(h.kind, HouseKind::Window(_)))
                .map(|h| &h.cells);
            for cells in windows.chain(&implied) {
                assert_eq!(cells.len(), size);
                cells.iter().for_each(|&c| covered[c] += 1);
            }
            assert!(covered.iter().all(|&n| n == 1), "{size}: {covered:?}");
        }
        let nine = geometry(9, "window").unwrap().implied_houses();
        assert!(nine.contains(&vec![1, 2, 3, 37, 38, 39, 73, 74, 75]));
        assert!(nine.contains(&vec![0, 4, 8, 36, 40, 44, 72, 76, 80]));
        assert!(geometry(9, "diagonal").unwrap().implied_houses().is_empty());
    }

    #[test]
    fn window_without_square_boxes_is_refused() {
        let err = geometry(6, "window").unwrap_err();
        assert!(err.to_string().contains("needs square boxes"), "{err}");
        assert!(err.to_string().contains("2x3"), "{err}");
        assert!(geometry(12, "diagonal+window").is_err());
    }

    #[test]
    fn diagonal_window_combination() {
        let geo = geometry(9, "diagonal+window").unwrap();
        assert_eq!(geo.houses().len(), 27 + 2 + 4);
    }

    #[test]
    fn a_shed_index_is_built_again_the_same_and_shared_tables_stay() {
        let map = RegionMap::parse("AABB\nACBB\nACDD\nCCDD\n").unwrap();
        let mut geo = Geometry::new(4, "jigsaw".parse().unwrap(), None, Some(map)).unwrap();
        let peers: Vec<Vec<usize>> = (0..16).map(|c| geo.peers(c).to_vec()).collect();
        let houses: Vec<Vec<usize>> = (0..16).map(|c| geo.houses_of(c).to_vec()).collect();
        assert_eq!(peers[0], [1, 2, 3, 4, 8, 12]);
        geo.shed_index();
        assert_eq!(format!("{:?}", geo.index), "not built");
        assert!((0..16).all(|c| geo.peers(c) == &peers[c][..]));
        assert!((0..16).all(|c| geo.houses_of(c) == &houses[c][..]));
        // A clone shares the built tables, so neither drops them.
        let mut shared = geo.clone();
        shared.shed_index();
        assert_eq!(format!("{:?}", shared.index), "built");
        // A scratch copy of an unbuilt geometry builds its own, leaving the original unbuilt.
        geo.shed_index();
        assert_eq!(
            format!("{:?}", geo.index),
            "built",
            "the clone still shares them"
        );
        drop(shared);
        geo.shed_index();
        let scratch = geo.scratch_copy();
        assert_eq!(scratch.peers(0), &peers[0][..]);
        assert_eq!(format!("{:?}", geo.index), "not built");
        assert_eq!(scratch, geo, "tables never tell geometries apart");
    }

    #[test]
    fn jigsaw_uses_regions_instead_of_boxes() {
        let map = RegionMap::parse("AABB\nACBB\nACDD\nCCDD\n").unwrap();
        let geo = Geometry::new(4, "jigsaw".parse().unwrap(), None, Some(map)).unwrap();
        assert_eq!(geo.box_shape(), None);
        assert_eq!(count(&geo, |k| matches!(k, HouseKind::Box(_))), 0);
        let region = geo.houses().iter().find(|h| h.kind == HouseKind::Region(1));
        assert_eq!(region.unwrap().cells, vec![2, 3, 6, 7]);
        let region = geo.houses().iter().find(|h| h.kind == HouseKind::Region(2));
        assert_eq!(region.unwrap().cells, vec![5, 9, 12, 13]);
    }

    #[test]
    fn jigsaw_diagonal_combination() {
        let map = RegionMap::parse("AABB\nACBB\nACDD\nCCDD\n").unwrap();
        let geo = Geometry::new(4, "jigsaw+diagonal".parse().unwrap(), None, Some(map)).unwrap();
        assert_eq!(geo.houses().len(), 4 * 3 + 2);
    }

    #[test]
    fn jigsaw_needs_a_map_of_its_size() {
        assert_eq!(
            geometry(9, "jigsaw").unwrap_err(),
            GeometryError::JigsawNeedsRegions
        );
        let map = RegionMap::parse("AABB\nAABB\nCCDD\nCCDD\n").unwrap();
        let err = Geometry::new(9, "jigsaw".parse().unwrap(), None, Some(map.clone()));
        assert_eq!(
            err.unwrap_err(),
            GeometryError::RegionSizeMismatch { map: 4, size: 9 }
        );
        let err = Geometry::new(4, Variant::CLASSIC, None, Some(map)).unwrap_err();
        assert!(matches!(err, GeometryError::RegionsWithoutJigsaw { .. }));
    }

    #[test]
    fn unsupported_sizes() {
        assert!(matches!(
            Geometry::classic(7).unwrap_err(),
            GeometryError::NoBoxShape { size: 7 }
        ));
        assert!(matches!(
            Geometry::classic(1).unwrap_err(),
            GeometryError::UnsupportedSize { .. }
        ));
        assert!(matches!(
            Geometry::classic(36).unwrap_err(),
            GeometryError::UnsupportedSize { .. }
        ));
        assert!(Geometry::classic(25).is_ok());
    }

    #[test]
    fn samurai_has_the_houses_of_five_grids() {
        let geo = geometry(9, "samurai").unwrap();
        assert_eq!(geo.cell_count(), 369);
        assert_eq!(geo.extent(), (21, 21));
        assert_eq!(geo.houses().len(), 45 + 45 + 41);
        assert!(geo.houses().iter().all(|h| h.cells.len() == 9));
        let centre_cell = geo.cell_at(10, 10).unwrap();
        assert_eq!(geo.houses_of(centre_cell).len(), 3);
        let shared = geo.cell_at(7, 7).unwrap();
        assert_eq!(geo.houses_of(shared).len(), 5);
        assert_eq!(geo.peers(shared).len(), 20 + 6 + 6);
        assert_eq!(geo.cell_name(9), "r1c13");
        let first = &geo.houses()[0];
        assert_eq!(first.kind.to_string(), "row 1 of the top-left grid");
        assert_eq!(geometry(9, "twodoku").unwrap().cell_count(), 153);
        let butterfly = geometry(9, "butterfly").unwrap();
        assert_eq!(butterfly.cell_count(), 144);
        assert_eq!(butterfly.houses().len(), 36 + 36 + 16);
    }

    #[test]
    fn samurai_is_9x9_grids_alone() {
        assert!(matches!(
            geometry(6, "samurai").unwrap_err(),
            GeometryError::MultiSize { size: 6, .. }
        ));
        let err = "samurai+diagonal".parse::<Variant>().unwrap_err();
        assert!(err.to_string().contains("combine with no other"), "{err}");
        let samurai: Variant = "samurai".parse().unwrap();
        let map = RegionMap::parse("AABB\nAABB\nCCDD\nCCDD\n").unwrap();
        let err = Geometry::new(9, samurai, None, Some(map)).unwrap_err();
        assert!(matches!(err, GeometryError::MultiCombined { .. }), "{err}");
        let wide = BoxShape { rows: 1, cols: 9 };
        assert!(Geometry::new(9, samurai, Some(wide), None).is_err());
        let jigsaw_samurai = Variant {
            jigsaw: true,
            ..samurai
        };
        assert!(Geometry::new(9, jigsaw_samurai, None, None).is_err());
        // Rows as cages: a valid killer layout for 9×9, refused on a samurai.
        let rows: String = (1..=9)
            .map(|r| {
                let cells: Vec<String> = (1..=9).map(|c| format!("r{r}c{c}")).collect();
                format!("45 = {}\n", cells.join(" "))
            })
            .collect();
        let set = CageSet::parse(&rows, 9).unwrap();
        assert!(
            Geometry::classic(9)
                .unwrap()
                .with_cages(set.clone())
                .is_ok()
        );
        let samurai_geo = Geometry::new(9, samurai, None, None).unwrap();
        let err = samurai_geo.with_cages(set).unwrap_err();
        assert!(matches!(err, GeometryError::MultiCombined { .. }), "{err}");
    }

    #[test]
    fn house_names_are_one_based() {
        assert_eq!(HouseKind::Row(2).to_string(), "row 3");
        assert_eq!(HouseKind::Column(0).to_string(), "column 1");
        assert_eq!(HouseKind::Box(8).to_string(), "box 9");
        assert_eq!(HouseKind::Window(1).to_string(), "window 2");
    }
}
