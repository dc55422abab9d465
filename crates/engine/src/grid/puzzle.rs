//! `Grid`: the digits of a puzzle or solution (flat, row-major, `0` for empty) and its checks
//! against a geometry (conflicts between givens, givens kept by a solution).

use super::error::{Conflict, InvalidGivens};
use super::geometry::Geometry;

/// The digits of a puzzle's cells (digits `1..=N`), `0` for an empty cell: `N×N` cells
/// row-major, or the cells of a multi-grid frame (see [`Geometry::empty_grid`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// A grid of digits `1..=size` from its cells (`size * size` of them for an `N×N` grid).
    pub fn new(size: usize, cells: Vec<u8>) -> Grid {
        Grid { size, cells }
    }

    /// An empty `N×N` grid.
    pub fn empty(size: usize) -> Grid {
        Grid::new(size, vec![0; size * size])
    }

    /// `N`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells, mutable.
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The digit in a cell (`0` when empty).
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Puts a digit in a cell (`0` empties it).
    pub fn set(&mut self, cell: usize, value: u8) {
        self.cells[cell] = value;
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// How many cells are empty.
    pub fn empty_count(&self) -> usize {
        self.cells.len() - self.filled_count()
    }

    /// Every pair of cells that hold the same digit in one house, each pair once (named by the
    /// first house they share), sorted by cell.
    pub fn conflicts(&self, geo: &Geometry) -> Vec<Conflict> {
        let mut conflicts: Vec<Conflict> = Vec::new();
        for house in geo.houses() {
            for (i, &a) in house.cells.iter().enumerate() {
                let value = self.cells[a];
                if value == 0 {
                    continue;
                }
                for &b in &house.cells[i + 1..] {
                    let already = conflicts.iter().any(|c| c.first == a && c.second == b);
                    if self.cells[b] == value && !already {
                        conflicts.push(Conflict {
                            first: a,
                            second: b,
                            value,
                            house: house.kind,
                            names: geo.names(),
                        });
                    }
                }
            }
        }
        conflicts.sort_by_key(|c| (c.first, c.second));
        conflicts
    }

    /// Checks that no two givens break a house.
    pub fn check_givens(&self, geo: &Geometry) -> Result<(), InvalidGivens> {
        let conflicts = self.conflicts(geo);
        if conflicts.is_empty() {
            Ok(())
        } else {
            Err(InvalidGivens { conflicts })
        }
    }

    /// The cells where both grids hold a digit and the digits differ.
    pub fn changed_cells(&self, other: &Grid) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&c| {
                self.cells[c] != 0 && other.cells[c] != 0 && self.cells[c] != other.cells[c]
            })
            .collect()
    }

    /// The first cell where two grids differ, if any.
    pub fn first_difference(&self, other: &Grid) -> Option<usize> {
        (0..self.cells.len()).find(|&c| self.cells[c] != other.cells[c])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::text::parse_line;

    #[test]
    fn conflicts_name_cells_and_house() {
        let geo = Geometry::classic(9).unwrap();
        let mut grid = Grid::empty(9);
        grid.set(2 * 9 + 4, 7);
        grid.set(2 * 9 + 7, 7);
        let conflicts = grid.conflicts(&geo);
        assert_eq!(conflicts.len(), 1);
        assert_eq!(
            conflicts[0].to_string(),
            "r3c5 and r3c8 both hold 7 (row 3)"
        );
    }

    #[test]
    fn a_pair_sharing_two_houses_is_reported_once() {
        let geo = Geometry::classic(9).unwrap();
        let mut grid = Grid::empty(9);
        grid.set(0, 5);
        grid.set(1, 5);
        let conflicts = grid.conflicts(&geo);
        assert_eq!(conflicts.len(), 1);
        assert_eq!(
            conflicts[0].to_string(),
            "r1c1 and r1c2 both hold 5 (row 1)"
        );
    }

    #[test]
    fn diagonal_conflict_is_found() {
        let geo = Geometry::new(9, "diagonal".parse().unwrap(), None, None).unwrap();
        let mut grid = Grid::empty(9);
        grid.set(0, 3);
        grid.set(80, 3);
        let err = grid.check_givens(&geo).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the givens break the rules: r1c1 and r9c9 both hold 3 (main diagonal)"
        );
    }

    #[test]
    fn valid_givens_pass() {
        let geo = Geometry::classic(9).unwrap();
        let grid = parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            1,
            Some(9),
        )
        .unwrap();
        assert!(grid.check_givens(&geo).is_ok());
        assert_eq!(grid.filled_count(), 17);
    }
}
