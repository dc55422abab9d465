//! Clue symmetries: which cells must be given or removed together so the pattern of givens is
//! symmetric (none, 180° rotation, 90° rotation, left-right mirror, main-diagonal reflection).

use std::fmt;

use crate::grid::{CellNames, Geometry};
use std::str::FromStr;

/// The symmetry of the pattern of givens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// Any pattern.
    None,
    /// Unchanged by a half turn (the usual newspaper symmetry).
    #[default]
    Rotate180,
    /// Unchanged by a quarter turn.
    Rotate90,
    /// Unchanged by a left-right mirror.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in documentation order.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name used on the command line and in book specs.
    pub fn name(&self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The positions a position is tied to (itself included), in a square of side `n`.
    fn image_positions(&self, (r, c): (usize, usize), n: usize) -> Vec<(usize, usize)> {
        match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rotate180 => vec![(r, c), (n - 1 - r, n - 1 - c)],
            Symmetry::Rotate90 => vec![
                (r, c),
                (c, n - 1 - r),
                (n - 1 - r, n - 1 - c),
                (n - 1 - c, r),
            ],
            Symmetry::Mirror => vec![(r, c), (r, n - 1 - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
        }
    }

    /// The cells a cell is tied to (itself included), or `None` when an image falls where the
    /// shape has no cell.
    fn images(&self, cell: usize, names: &CellNames) -> Option<Vec<usize>> {
        let (rows, cols) = names.extent();
        let n = rows.max(cols);
        let mut cells = self
            .image_positions(names.row_col(cell), n)
            .into_iter()
            .map(|(r, c)| names.cell_at(r, c))
            .collect::<Option<Vec<usize>>>()?;
        cells.sort_unstable();
        cells.dedup();
        Some(cells)
    }

    /// The orbits: groups of cells that are removed or kept together, each listed once, ordered
    /// by their first cell, in an `n × n` grid.
    pub fn orbits(&self, n: usize) -> Vec<Vec<usize>> {
        self.orbits_of(&CellNames::Square(n), n * n)
            .unwrap_or_default()
    }

    /// The orbits of a geometry's cells; `None` when the shape does not have this symmetry
    /// (a Twodoku turned a quarter is not a Twodoku).
    pub fn orbits_in(&self, geo: &Geometry) -> Option<Vec<Vec<usize>>> {
        self.orbits_of(&geo.names(), geo.cell_count())
    }

    fn orbits_of(&self, names: &CellNames, cells: usize) -> Option<Vec<Vec<usize>>> {
        let mut seen = vec![false; cells];
        let mut orbits = Vec::new();
        for cell in 0..cells {
            if seen[cell] {
                continue;
            }
            let orbit = self.images(cell, names)?;
            for &member in &orbit {
                seen[member] = true;
            }
            orbits.push(orbit);
        }
        Some(orbits)
    }

    /// True when the givens (non-zero cells) of an `n × n` grid follow this symmetry.
    pub fn holds(&self, cells: &[u8], n: usize) -> bool {
        Self::orbits_hold(&self.orbits(n), cells)
    }

    /// True when the givens of a puzzle of this geometry follow this symmetry (false when the
    /// shape does not have it).
    pub fn holds_in(&self, geo: &Geometry, cells: &[u8]) -> bool {
        self.orbits_in(geo)
            .is_some_and(|orbits| Self::orbits_hold(&orbits, cells))
    }

    fn orbits_hold(orbits: &[Vec<usize>], cells: &[u8]) -> bool {
        orbits.iter().all(|orbit| {
            let given = cells[orbit[0]] != 0;
            orbit.iter().all(|&c| (cells[c] != 0) == given)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_ascii_lowercase();
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name() == lower)
            .ok_or_else(|| {
                format!(
                    "unknown symmetry {}: use none, rotate180, rotate90, mirror or diagonal",
                    crate::grid::text::shown_text(text)
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for symmetry in Symmetry::ALL {
            for n in [4, 6, 9, 16] {
                let orbits = symmetry.orbits(n);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{symmetry} {n}");
            }
        }
    }

    #[test]
    fn orbit_sizes() {
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
        assert_eq!(Symmetry::Rotate180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rotate90.orbits(9).len(), 21);
        assert_eq!(Symmetry::Mirror.orbits(9).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
        assert_eq!(Symmetry::Rotate180.orbits(9)[0], vec![0, 80]);
        assert_eq!(Symmetry::Rotate90.orbits(9)[0], vec![0, 8, 72, 80]);
        let samurai = Geometry::new(9, "samurai".parse().unwrap(), None, None).unwrap();
        let orbits = Symmetry::Rotate90.orbits_in(&samurai).unwrap();
        assert_eq!(orbits[0], vec![0, 17, 351, 368]);
        let twodoku = Geometry::new(9, "twodoku".parse().unwrap(), None, None).unwrap();
        assert!(Symmetry::Rotate180.orbits_in(&twodoku).is_some());
        assert!(Symmetry::Diagonal.orbits_in(&twodoku).is_some());
        assert!(Symmetry::Rotate90.orbits_in(&twodoku).is_none());
        assert!(Symmetry::Mirror.orbits_in(&twodoku).is_none());
    }

    #[test]
    fn holds_checks_the_pattern() {
        let mut cells = vec![0u8; 81];
        cells[0] = 1;
        assert!(!Symmetry::Rotate180.holds(&cells, 9));
        cells[80] = 2;
        assert!(Symmetry::Rotate180.holds(&cells, 9));
        assert!(!Symmetry::Rotate90.holds(&cells, 9));
        assert!(Symmetry::None.holds(&cells, 9));
    }

    #[test]
    fn names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>().unwrap(), symmetry);
        }
        assert!("spiral".parse::<Symmetry>().unwrap_err().contains("spiral"));
    }
}
