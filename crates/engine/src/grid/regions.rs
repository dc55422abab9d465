//! Jigsaw region maps: reading them from text or ids, and checking that they are `N` connected
//! regions of `N` cells each.

use super::error::RegionError;
use super::geometry::MAX_SIZE;
use super::text::cell_name;

/// A validated jigsaw region map: every cell's region, regions numbered `0..N` by first appearance
/// in row-major order, with the symbol each region had in the text it came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RegionMap {
    size: usize,
    ids: Vec<u8>,
    symbols: Vec<char>,
}

impl RegionMap {
    /// Reads a region map: `N` lines of `N` symbols (spaces ignored) or one line of `N*N` symbols.
    /// Any letter or digit names a region; a leading byte order mark is ignored. Maps larger than
    /// [`MAX_SIZE`] are refused before more than one map's worth of symbols is stored.
    pub fn parse(text: &str) -> Result<RegionMap, RegionError> {
        let rows = symbol_rows(crate::grid::strip_bom(text))?;
        let rows = reshape_rows(rows)?;
        let size = rows.len();
        let mut symbols: Vec<char> = Vec::new();
        let mut ids = Vec::with_capacity(size * size);
        for row in &rows {
            for &(_, _, symbol) in row {
                let id = match symbols.iter().position(|&s| s == symbol) {
                    Some(id) => id,
                    None => {
                        symbols.push(symbol);
                        symbols.len() - 1
                    }
                };
                ids.push(id);
            }
        }
        Self::build(size, &ids, symbols)
    }

    /// Builds a map from region ids in row-major order (any `N` distinct values `0..N`).
    pub fn from_ids(size: usize, ids: &[usize]) -> Result<RegionMap, RegionError> {
        if ids.len() != size * size {
            return Err(RegionError::WrongLineCount {
                found: ids.len() / size.max(1),
                size,
            });
        }
        if let Some((cell, &id)) = ids.iter().enumerate().find(|&(_, &id)| id >= size) {
            return Err(RegionError::BadId {
                id,
                cell: cell_name(cell, size),
                max: size - 1,
            });
        }
        let mut renumber = vec![usize::MAX; size];
        let mut next = 0;
        let ids: Vec<usize> = ids
            .iter()
            .map(|&id| {
                if renumber[id] == usize::MAX {
                    renumber[id] = next;
                    next += 1;
                }
                renumber[id]
            })
            .collect();
        let symbols = (0..next).map(region_symbol).collect();
        Self::build(size, &ids, symbols)
    }

    fn build(size: usize, ids: &[usize], symbols: Vec<char>) -> Result<RegionMap, RegionError> {
        if symbols.len() != size {
            return Err(RegionError::WrongRegionCount {
                found: symbols.len(),
                size,
            });
        }
        let map = RegionMap {
            size,
            ids: ids.iter().map(|&id| id as u8).collect(),
            symbols,
        };
        map.check_sizes()?;
        map.check_connected()?;
        Ok(map)
    }

    fn check_sizes(&self) -> Result<(), RegionError> {
        for region in 0..self.size {
            let found = self.cells_of(region).count();
            if found != self.size {
                return Err(RegionError::WrongRegionSize {
                    symbol: self.symbols[region],
                    found,
                    size: self.size,
                });
            }
        }
        Ok(())
    }

    fn check_connected(&self) -> Result<(), RegionError> {
        for region in 0..self.size {
            let cells: Vec<usize> = self.cells_of(region).collect();
            let reached = self.flood(cells[0]);
            if let Some(&other) = cells.iter().find(|&&c| !reached[c]) {
                return Err(RegionError::NotConnected {
                    symbol: self.symbols[region],
                    first: cell_name(cells[0], self.size),
                    other: cell_name(other, self.size),
                });
            }
        }
        Ok(())
    }

    /// Marks every cell reachable from `start` through orthogonal neighbours of the same region.
    fn flood(&self, start: usize) -> Vec<bool> {
        let n = self.size;
        let region = self.ids[start];
        let mut reached = vec![false; n * n];
        let mut todo = vec![start];
        reached[start] = true;
        while let Some(cell) = todo.pop() {
            for next in orthogonal_neighbours(cell, n) {
                if !reached[next] && self.ids[next] == region {
                    reached[next] = true;
                    todo.push(next);
                }
            }
        }
        reached
    }

    /// The grid size `N`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The region of every cell, row-major, numbered `0..N` by first appearance.
    pub fn ids(&self) -> &[u8] {
        &self.ids
    }

    /// The region of one cell.
    pub fn region_of(&self, cell: usize) -> usize {
        self.ids[cell] as usize
    }

    /// The symbol that named a region in the source text (`A`, `B`, … for maps built from ids).
    pub fn symbol(&self, region: usize) -> char {
        self.symbols[region]
    }

    /// The cells of one region, ascending.
    pub fn cells_of(&self, region: usize) -> impl Iterator<Item = usize> + '_ {
        self.ids
            .iter()
            .enumerate()
            .filter(move |&(_, &id)| id as usize == region)
            .map(|(cell, _)| cell)
    }

    /// The map as text: `N` lines of `N` symbols.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in self.ids.chunks(self.size) {
            out.extend(row.iter().map(|&id| self.symbols[id as usize]));
            out.push('\n');
        }
        out
    }

    /// The map as one line of `N*N` symbols, regions named `A`, `B`, … in order of first appearance.
    pub fn to_line(&self) -> String {
        self.ids
            .iter()
            .map(|&id| region_symbol(id as usize))
            .collect()
    }
}

/// The conventional symbol for a region number: `A`…`Z`, then `a`…`z`.
fn region_symbol(id: usize) -> char {
    let id = id as u8;
    if id < 26 {
        (b'A' + id) as char
    } else {
        (b'a' + (id - 26) % 26) as char
    }
}

/// The orthogonal neighbours of a cell in an `n × n` grid.
pub(crate) fn orthogonal_neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / n, cell % n);
    let up = (row > 0).then(|| cell - n);
    let down = (row + 1 < n).then(|| cell + n);
    let left = (col > 0).then(|| cell - 1);
    let right = (col + 1 < n).then(|| cell + 1);
    [up, down, left, right].into_iter().flatten()
}

type SymbolRow = Vec<(usize, usize, char)>;

/// Splits the text into non-empty lines of `(line, column, symbol)`, rejecting anything that is
/// not a letter or digit, and any map larger than [`MAX_SIZE`] (more rows, or a longer line than
/// a one-line map of that size).
fn symbol_rows(text: &str) -> Result<Vec<SymbolRow>, RegionError> {
    let mut rows = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let row = symbol_row(index + 1, line)?;
        if row.is_empty() {
            continue;
        }
        if rows.len() == MAX_SIZE {
            return Err(RegionError::TooLarge);
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(RegionError::Empty);
    }
    Ok(rows)
}

/// The symbols of one line of a region map, at most `MAX_SIZE * MAX_SIZE`.
fn symbol_row(line: usize, text: &str) -> Result<SymbolRow, RegionError> {
    let mut row = Vec::new();
    for (col, symbol) in text.chars().enumerate() {
        if symbol.is_whitespace() {
            continue;
        }
        if !symbol.is_ascii_alphanumeric() {
            return Err(RegionError::BadSymbol {
                line,
                column: col + 1,
                symbol,
            });
        }
        if row.len() == MAX_SIZE * MAX_SIZE {
            return Err(RegionError::TooLarge);
        }
        row.push((line, col + 1, symbol));
    }
    Ok(row)
}

/// Turns a one-line map into `N` rows, and checks that a multi-line map is square.
fn reshape_rows(rows: Vec<SymbolRow>) -> Result<Vec<SymbolRow>, RegionError> {
    if rows.len() == 1 {
        let line = &rows[0];
        let size = line.len().isqrt();
        if size * size != line.len() || size < 2 {
            return Err(RegionError::NotSquare { found: line.len() });
        }
        return Ok(line.chunks(size).map(|c| c.to_vec()).collect());
    }
    let size = rows.len();
    if let Some(row) = rows.iter().find(|r| r.len() != size) {
        if rows[0].len() != size && rows.iter().all(|r| r.len() == rows[0].len()) {
            return Err(RegionError::WrongLineCount {
                found: size,
                size: rows[0].len(),
            });
        }
        return Err(RegionError::WrongLineLength {
            line: row[0].0,
            found: row.len(),
            size,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX: &str = "AAABBB\nAAABBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFF\n";

    #[test]
    fn parses_multi_line_and_one_line_maps() {
        let map = RegionMap::parse(SIX).unwrap();
        assert_eq!(map.size(), 6);
        assert_eq!(map.region_of(0), 0);
        assert_eq!(map.region_of(3), 1);
        assert_eq!(map.region_of(35), 5);
        let line: String = SIX.split_whitespace().collect();
        assert_eq!(RegionMap::parse(&line).unwrap(), map);
        assert_eq!(map.to_text(), SIX);
    }

    #[test]
    fn spaces_between_symbols_are_ignored() {
        let spaced = "1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n";
        let map = RegionMap::parse(spaced).unwrap();
        assert_eq!(map.symbol(3), '4');
    }

    #[test]
    fn region_with_wrong_size_is_named() {
        let text = "AAABBB\nAAABBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFC\n";
        let err = RegionMap::parse(text).unwrap_err();
        assert_eq!(err.to_string(), "region 'C' has 7 cells, needs 6");
    }

    #[test]
    fn disconnected_region_is_named() {
        let text = "AAABBB\nAAABBB\nCCCDDD\nCCFDDD\nEEEFFF\nEECFFE\n";
        let err = RegionMap::parse(text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "region 'C' is not connected (cells r3c1 and r6c3 are not joined)"
        );
    }

    #[test]
    fn too_few_symbols() {
        let text = "AAAAAAAAA\n".repeat(8) + "BBBBBBBBB\n";
        let err = RegionMap::parse(&text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a jigsaw region map needs 9 distinct symbols, found 2"
        );
    }

    #[test]
    fn bad_symbol_has_line_and_column() {
        let err = RegionMap::parse("AAB#\nAABB\nCCDD\nCCDD\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 4: '#' is not a region symbol (use letters or digits)"
        );
    }

    #[test]
    fn ragged_lines_are_reported() {
        let err = RegionMap::parse("AABB\nAAB\nCCDD\nCCDD\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2 of the region map has 3 symbols; a 4x4 map needs 4"
        );
        assert_eq!(
            RegionMap::parse("AAB").unwrap_err(),
            RegionError::NotSquare { found: 3 }
        );
        assert_eq!(RegionMap::parse("  \n").unwrap_err(), RegionError::Empty);
    }

    #[test]
    fn from_ids_renumbers_and_validates() {
        let ids = [3, 3, 1, 1, 3, 3, 1, 1, 0, 0, 2, 2, 0, 0, 2, 2];
        let map = RegionMap::from_ids(4, &ids).unwrap();
        assert_eq!(map.ids()[0], 0);
        assert_eq!(map.ids()[2], 1);
        assert_eq!(map.to_line(), "AABBAABBCCDDCCDD");
        let err = RegionMap::from_ids(4, &[9; 16]).unwrap_err();
        assert!(matches!(err, RegionError::BadId { id: 9, .. }));
    }
}
