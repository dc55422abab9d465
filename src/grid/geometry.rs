//! `Geometry`: the one model of every variant. An `N×N` grid, digits `1..=N`, and a list of houses
//! (rows, columns, boxes, jigsaw regions, diagonals, windows), each cell's houses and peers.

use std::fmt;
use std::sync::Arc;

use super::cages::CageSet;
use super::error::GeometryError;
use super::regions::RegionMap;
use super::variant::{BoxShape, Variant};

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

/// The houses of one puzzle shape, built once and shared by solver, rater, generator and renderer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    size: usize,
    variant: Variant,
    box_shape: Option<BoxShape>,
    regions: Option<RegionMap>,
    /// Killer cages (their cells are peers too: digits in a cage are distinct).
    cages: Option<Arc<CageSet>>,
    // Shared, so that cloning a geometry (every generated puzzle carries one) copies no tables.
    houses: Arc<[House]>,
    cell_houses: Arc<[Vec<usize>]>,
    peers: Arc<[Vec<usize>]>,
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
    /// size from 4 to 25 with a box shape, the window variants on square sizes, and jigsaw (the
    /// boxes as regions) alone and combined.
    pub fn every_shape() -> Vec<Geometry> {
        let mut shapes = Vec::new();
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
        if variant.killer {
            return Err(GeometryError::KillerNeedsCages);
        }
        let box_shape = resolve_box_shape(size, variant, box_shape)?;
        let regions = resolve_regions(size, variant, regions)?;
        if variant.window {
            check_window(size, box_shape)?;
        }
        let houses = build_houses(size, variant, box_shape, regions.as_ref());
        let cell_houses = index_cell_houses(size, &houses);
        let peers = index_peers(size, &houses, &cell_houses);
        Ok(Geometry {
            size,
            variant,
            box_shape,
            regions,
            cages: None,
            houses: houses.into(),
            cell_houses: cell_houses.into(),
            peers: peers.into(),
        })
    }

    /// This geometry with killer cages: the variant gains `killer`, and the cells of each cage
    /// become peers of each other. The cages must be for a grid of this size.
    pub fn with_cages(&self, cages: CageSet) -> Result<Geometry, GeometryError> {
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
        let mut peers: Vec<Vec<usize>> = self.peers.to_vec();
        for cage in cages.cages() {
            for &cell in &cage.cells {
                let list = &mut peers[cell];
                list.extend(cage.cells.iter().copied().filter(|&c| c != cell));
                list.sort_unstable();
                list.dedup();
            }
        }
        let mut geo = self.clone();
        geo.variant.killer = true;
        geo.cages = Some(Arc::new(cages));
        geo.peers = peers.into();
        Ok(geo)
    }

    /// The killer cages, for killer variants.
    pub fn cages(&self) -> Option<&CageSet> {
        self.cages.as_deref()
    }

    /// This geometry without its cages (the grid the cages are drawn on).
    pub fn without_cages(&self) -> Geometry {
        let mut variant = self.variant;
        variant.killer = false;
        Geometry::new(self.size, variant, self.box_shape, self.regions.clone())
            .unwrap_or_else(|_| self.clone())
    }

    /// `N`: the number of rows, columns and digits.
    pub fn size(&self) -> usize {
        self.size
    }

    /// `N*N`: the number of cells.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
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
        &self.cell_houses[cell]
    }

    /// The cells that share a house with `cell`, ascending, without `cell` itself.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
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
        self.size == 9 && self.variant == Variant::CLASSIC
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
        format!("{0}x{0} {1}", self.size, self.variant)
    }
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

fn index_cell_houses(size: usize, houses: &[House]) -> Vec<Vec<usize>> {
    let mut cell_houses = vec![Vec::new(); size * size];
    for (index, house) in houses.iter().enumerate() {
        for &cell in &house.cells {
            cell_houses[cell].push(index);
        }
    }
    cell_houses
}

fn index_peers(size: usize, houses: &[House], cell_houses: &[Vec<usize>]) -> Vec<Vec<usize>> {
    (0..size * size)
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
    fn house_names_are_one_based() {
        assert_eq!(HouseKind::Row(2).to_string(), "row 3");
        assert_eq!(HouseKind::Column(0).to_string(), "column 1");
        assert_eq!(HouseKind::Box(8).to_string(), "box 9");
        assert_eq!(HouseKind::Window(1).to_string(), "window 2");
    }
}
