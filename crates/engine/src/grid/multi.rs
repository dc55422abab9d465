//! Overlapping multi-grid shapes (Samurai, Twodoku, Butterfly): where each 9×9 sub-grid lies in
//! the frame, the frame itself (which positions hold a cell), and cell names in frame coordinates.
//!
//! The cells of such a puzzle are numbered compactly, frame row by frame row, skipping the
//! positions that hold no cell; every house is a row, column or box of one sub-grid. A box shared
//! by two sub-grids is one house.

use std::fmt;
use std::sync::Arc;

/// The symbol for a frame position that holds no cell, in puzzle lines and grid text.
pub const NO_CELL: char = '#';

/// A shape made of overlapping 9×9 grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultiShape {
    /// Five grids: four corners, and a centre grid sharing one box with each (21×21, 369 cells).
    Samurai,
    /// Two grids sharing one box, top-left and bottom-right (15×15, 153 cells).
    Twodoku,
    /// Four grids in a 12×12 square, each shifted by one box from its neighbours (144 cells).
    Butterfly,
}

/// One sub-grid of a multi-grid shape, for naming houses (`row 3 of the top-left grid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubGrid {
    /// The shape.
    pub shape: MultiShape,
    /// The sub-grid's index in [`MultiShape::origins`].
    pub index: u8,
}

impl fmt::Display for SubGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.shape.grid_names()[usize::from(self.index)];
        write!(f, "the {name} grid")
    }
}

impl MultiShape {
    /// Every multi-grid shape.
    pub const ALL: [MultiShape; 3] = [
        MultiShape::Samurai,
        MultiShape::Twodoku,
        MultiShape::Butterfly,
    ];

    /// The sub-grid side: every shape is made of 9×9 grids with 3×3 boxes.
    pub const GRID: usize = 9;
    /// The box side of the sub-grids.
    pub const BOX: usize = 3;

    /// The variant name: `samurai`, `twodoku`, `butterfly`.
    pub fn name(self) -> &'static str {
        match self {
            MultiShape::Samurai => "samurai",
            MultiShape::Twodoku => "twodoku",
            MultiShape::Butterfly => "butterfly",
        }
    }

    /// The shape a variant word names (`gattai5` is Samurai's other name, `double` Twodoku's).
    pub fn from_name(word: &str) -> Option<MultiShape> {
        match word {
            "samurai" | "gattai5" => Some(MultiShape::Samurai),
            "twodoku" | "double" | "gattai2" => Some(MultiShape::Twodoku),
            "butterfly" => Some(MultiShape::Butterfly),
            _ => None,
        }
    }

    /// The top-left corner (frame row, frame column) of each sub-grid.
    pub fn origins(self) -> &'static [(usize, usize)] {
        match self {
            MultiShape::Samurai => &[(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)],
            MultiShape::Twodoku => &[(0, 0), (6, 6)],
            MultiShape::Butterfly => &[(0, 0), (0, 3), (3, 0), (3, 3)],
        }
    }

    /// The names of the sub-grids, in the order of [`MultiShape::origins`].
    pub fn grid_names(self) -> &'static [&'static str] {
        match self {
            MultiShape::Samurai => &[
                "top-left",
                "top-right",
                "centre",
                "bottom-left",
                "bottom-right",
            ],
            MultiShape::Twodoku => &["top-left", "bottom-right"],
            MultiShape::Butterfly => &["top-left", "top-right", "bottom-left", "bottom-right"],
        }
    }

    /// The side of the square frame the sub-grids fill.
    pub fn frame_side(self) -> usize {
        let far = self.origins().iter().map(|&(r, c)| r.max(c)).max();
        far.unwrap_or(0) + Self::GRID
    }

    /// The frame of this shape.
    pub fn frame(self) -> Frame {
        let side = self.frame_side();
        let mut present = vec![false; side * side];
        for &(top, left) in self.origins() {
            for r in top..top + Self::GRID {
                for c in left..left + Self::GRID {
                    present[r * side + c] = true;
                }
            }
        }
        Frame::new(side, side, &present)
    }
}

impl fmt::Display for MultiShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Marks a frame position without a cell in [`Frame`]'s lookup.
const NONE: u32 = u32::MAX;

/// The rectangle of positions a puzzle's cells sit in, and which positions hold a cell.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Frame {
    rows: usize,
    cols: usize,
    /// The frame position (row-major) of each cell.
    positions: Vec<u32>,
    /// The cell at each frame position, or [`NONE`].
    cells: Vec<u32>,
}

impl Frame {
    /// A frame of `rows × cols` positions where `present` (row-major) says which hold a cell;
    /// cells are numbered in row-major order of their positions.
    pub fn new(rows: usize, cols: usize, present: &[bool]) -> Frame {
        let mut positions = Vec::new();
        let mut cells = vec![NONE; rows * cols];
        for (position, _) in present.iter().enumerate().filter(|(_, p)| **p) {
            cells[position] = positions.len() as u32;
            positions.push(position as u32);
        }
        Frame {
            rows,
            cols,
            positions,
            cells,
        }
    }

    /// Frame rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Frame columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// How many cells (positions that hold one).
    pub fn cell_count(&self) -> usize {
        self.positions.len()
    }

    /// The frame (row, column) of a cell, 0-based.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        let position = self.positions[cell] as usize;
        (position / self.cols, position % self.cols)
    }

    /// The cell at a frame position, if one is there.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        let cell = self.cells[row * self.cols + col];
        (cell != NONE).then_some(cell as usize)
    }

    /// Whether each frame position (row-major) holds a cell.
    pub fn present(&self) -> impl Iterator<Item = bool> + '_ {
        self.cells.iter().map(|&c| c != NONE)
    }
}

/// How cells are named for people: `r3c5`, 1-based, in the frame's coordinates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CellNames {
    /// An `N×N` grid: cell `i` is row `i / N`, column `i % N`.
    Square(usize),
    /// A frame with positions that hold no cell.
    Frame(Arc<Frame>),
}

impl CellNames {
    /// The name of a cell: `r3c5`.
    pub fn name(&self, cell: usize) -> String {
        let (row, col) = self.row_col(cell);
        format!("r{}c{}", row + 1, col + 1)
    }

    /// The 0-based (row, column) of a cell.
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        match self {
            CellNames::Square(size) => (cell / size, cell % size),
            CellNames::Frame(frame) => frame.row_col(cell),
        }
    }

    /// Rows and columns of the grid or frame.
    pub fn extent(&self) -> (usize, usize) {
        match self {
            CellNames::Square(size) => (*size, *size),
            CellNames::Frame(frame) => (frame.rows(), frame.cols()),
        }
    }

    /// The cell at a 0-based (row, column), if there is one.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        match self {
            CellNames::Square(size) => (row < *size && col < *size).then_some(row * size + col),
            CellNames::Frame(frame) => frame.cell_at(row, col),
        }
    }
}

impl Default for CellNames {
    fn default() -> Self {
        CellNames::Square(9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_have_the_cells_of_their_grids() {
        let counts: Vec<(usize, usize)> = MultiShape::ALL
            .iter()
            .map(|s| (s.frame_side(), s.frame().cell_count()))
            .collect();
        assert_eq!(counts, vec![(21, 369), (15, 153), (12, 144)]);
    }

    #[test]
    fn cells_map_to_frame_positions_and_back() {
        let frame = MultiShape::Samurai.frame();
        assert_eq!(frame.row_col(0), (0, 0));
        assert_eq!(frame.row_col(9), (0, 12));
        assert_eq!(frame.cell_at(0, 9), None);
        assert_eq!(frame.cell_at(21, 0), None);
        for cell in 0..frame.cell_count() {
            let (r, c) = frame.row_col(cell);
            assert_eq!(frame.cell_at(r, c), Some(cell));
        }
        let names = CellNames::Frame(Arc::new(frame));
        assert_eq!(names.name(9), "r1c13");
    }

    #[test]
    fn sub_grids_are_named_for_people() {
        let centre = SubGrid {
            shape: MultiShape::Samurai,
            index: 2,
        };
        assert_eq!(centre.to_string(), "the centre grid");
    }
}
