//! Killer cages: sets of orthogonally connected cells whose digits are distinct and add up to a
//! target sum. Reading them (a list `10 = r1c1 r1c2` per line or `;`-separated on one line, or a
//! symbol map followed by `a=10 b=7` sums), checking them (every cell in exactly one cage, each
//! cage connected, at most N cells, a reachable sum), writing them back, and the digit
//! combinations of a cage size and sum that the solvers use.

use std::fmt;

use super::text::{cell_name, counted, parse_cell_name, shown_text};

/// What separates the cells of a cage in the list form.
const SEPARATORS: [char; 3] = [' ', '+', ','];

/// One cage: its cells (row-major, ascending) and their sum.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    pub cells: Vec<usize>,
    pub sum: u32,
}

/// The validated cages of an `N×N` puzzle: every cell in exactly one cage.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CageSet {
    size: usize,
    cages: Vec<Cage>,
    cage_of: Vec<usize>,
}

/// Cages that cannot be used, with where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CageError {
    #[error("no cages were given")]
    Empty,
    /// `message` shows the user's text through `shown_text` where it repeats it.
    #[error("cage {cage}: {message}")]
    Syntax { cage: usize, message: String },
    #[error("{cell} is in two cages ({first} and {second})")]
    Overlap {
        cell: String,
        first: usize,
        second: usize,
    },
    #[error("{} in no cage: every cell of a killer puzzle needs one", list(.cells))]
    Uncovered { cells: Vec<String> },
    #[error("cage {cage} ({}) is not connected: its cells must touch side by side", list(.cells))]
    NotConnected { cage: usize, cells: Vec<String> },
    #[error("cage {cage} has {count} cells; a {size}x{size} cage holds at most {size}")]
    TooLarge {
        cage: usize,
        count: usize,
        size: usize,
    },
    #[error(
        "cage {cage} ({}) cannot add up to {sum}: {count} different digits from 1 to {size} make {min} to {max}",
        counted(*.count, "cell")
    )]
    BadSum {
        cage: usize,
        count: usize,
        sum: u32,
        size: usize,
        min: u32,
        max: u32,
    },
    /// `message` shows the user's text through `shown_text` where it repeats it.
    #[error("the cage map: {message}")]
    Map { message: String },
}

fn list(cells: &[String]) -> String {
    const SHOWN: usize = 10;
    let mut text = cells
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    if cells.len() > SHOWN {
        text.push_str(&format!(" and {} more", cells.len() - SHOWN));
    }
    text
}

impl CageSet {
    /// Checks cages of an `N×N` grid: every cell in exactly one cage, each connected, at most
    /// `N` cells, with a sum that many distinct digits can make.
    pub fn new(size: usize, cages: Vec<Cage>) -> Result<CageSet, CageError> {
        if cages.is_empty() {
            return Err(CageError::Empty);
        }
        let mut cage_of = vec![usize::MAX; size * size];
        let mut cages = cages;
        for (index, cage) in cages.iter_mut().enumerate() {
            cage.cells.sort_unstable();
            if let Some(twice) = cage.cells.windows(2).find(|w| w[0] == w[1]) {
                return Err(CageError::Syntax {
                    cage: index + 1,
                    message: format!("{} is listed more than once", cell_name(twice[0], size)),
                });
            }
            check_cage(size, index, cage)?;
            for &cell in &cage.cells {
                if cage_of[cell] != usize::MAX {
                    return Err(CageError::Overlap {
                        cell: cell_name(cell, size),
                        first: cage_of[cell] + 1,
                        second: index + 1,
                    });
                }
                cage_of[cell] = index;
            }
        }
        let uncovered: Vec<String> = (0..size * size)
            .filter(|&c| cage_of[c] == usize::MAX)
            .map(|c| cell_name(c, size))
            .collect();
        if !uncovered.is_empty() {
            return Err(CageError::Uncovered { cells: uncovered });
        }
        Ok(CageSet {
            size,
            cages,
            cage_of,
        })
    }

    /// Reads cages for an `N×N` grid: a list (`10 = r1c1 r1c2`, one cage per line or separated
    /// by `;`; cells separated by spaces, `+` or `,`), or a map of `N` lines of `N` symbols
    /// followed by the sums (`a=10 b=7`, on any lines). `#` starts a comment.
    pub fn parse(text: &str, size: usize) -> Result<CageSet, CageError> {
        let text = crate::grid::strip_bom(text);
        let lines: Vec<&str> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .collect();
        let is_map = lines.first().is_some_and(|l| !l.contains('='));
        if is_map {
            parse_map(&lines, size)
        } else {
            parse_list(&lines.join(";"), size)
        }
    }

    /// The grid size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cages, in the order they were given.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The index of the cage holding `cell`.
    pub fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell]
    }

    /// True when every cage of a full grid holds distinct digits adding up to its sum.
    pub fn holds(&self, grid: &[u8]) -> bool {
        self.cages.iter().all(|cage| super::Rule::holds(cage, grid))
    }

    /// What breaks the cages in a (partly) filled grid: a digit twice in a cage, a full cage
    /// with the wrong sum, a part-filled one already over its sum.
    pub fn problems(&self, grid: &[u8]) -> Vec<String> {
        self.breaches(grid).into_iter().map(|b| b.text).collect()
    }

    /// [`CageSet::problems`] with the cells of each.
    pub fn breaches(&self, grid: &[u8]) -> Vec<super::Breach> {
        let mut problems = Vec::new();
        for (index, cage) in self.cages.iter().enumerate() {
            let number = index + 1;
            for (i, &a) in cage.cells.iter().enumerate() {
                for &b in &cage.cells[i + 1..] {
                    if grid[a] != 0 && grid[a] == grid[b] {
                        let text = format!(
                            "{} and {} both hold {} (cage {number})",
                            cell_name(a, self.size),
                            cell_name(b, self.size),
                            super::text::digit_symbol(grid[a])
                        );
                        problems.push(super::Breach::new(vec![a, b], text));
                    }
                }
            }
            let total: u32 = cage.cells.iter().map(|&c| u32::from(grid[c])).sum();
            let full = cage.cells.iter().all(|&c| grid[c] != 0);
            if (full && total != cage.sum) || total > cage.sum {
                let cells = self.cell_list(cage, " ");
                let text = format!(
                    "cage {number} ({cells}) adds up to {total}, not {}",
                    cage.sum
                );
                problems.push(super::Breach::new(cage.cells.clone(), text));
            }
        }
        problems
    }

    /// The cages as one line: `10=r1c1+r1c2;7=r1c3+r2c3;…`.
    pub fn to_line(&self) -> String {
        self.cages
            .iter()
            .map(|cage| format!("{}={}", cage.sum, self.cell_list(cage, "+")))
            .collect::<Vec<_>>()
            .join(";")
    }

    /// The cages as text, one per line: `10 = r1c1 r1c2`.
    pub fn to_text(&self) -> String {
        self.cages
            .iter()
            .map(|cage| format!("{} = {}\n", cage.sum, self.cell_list(cage, " ")))
            .collect()
    }

    fn cell_list(&self, cage: &Cage, separator: &str) -> String {
        let names: Vec<String> = cage
            .cells
            .iter()
            .map(|&c| cell_name(c, self.size))
            .collect();
        names.join(separator)
    }
}

impl fmt::Display for CageSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

fn check_cage(size: usize, index: usize, cage: &Cage) -> Result<(), CageError> {
    let number = index + 1;
    let count = cage.cells.len();
    if let Some(&cell) = cage.cells.iter().find(|&&c| c >= size * size) {
        return Err(CageError::Syntax {
            cage: number,
            message: format!("cell {cell} is outside the {size}x{size} grid"),
        });
    }
    if count == 0 {
        return Err(CageError::Syntax {
            cage: number,
            message: "it has no cells".into(),
        });
    }
    if count > size {
        return Err(CageError::TooLarge {
            cage: number,
            count,
            size,
        });
    }
    let (min, max) = sum_range(count, size);
    if !(min..=max).contains(&cage.sum) {
        return Err(CageError::BadSum {
            cage: number,
            count,
            sum: cage.sum,
            size,
            min,
            max,
        });
    }
    if !connected(size, &cage.cells) {
        return Err(CageError::NotConnected {
            cage: number,
            cells: cage.cells.iter().map(|&c| cell_name(c, size)).collect(),
        });
    }
    Ok(())
}

/// True when the cells form one orthogonally connected group.
fn connected(size: usize, cells: &[usize]) -> bool {
    let mut reached = vec![cells[0]];
    let mut next = 0;
    while next < reached.len() {
        let cell = reached[next];
        next += 1;
        let (r, c) = (cell / size, cell % size);
        for &other in cells {
            let (r2, c2) = (other / size, other % size);
            let touches = r.abs_diff(r2) + c.abs_diff(c2) == 1;
            if touches && !reached.contains(&other) {
                reached.push(other);
            }
        }
    }
    reached.len() == cells.len()
}

fn parse_list(text: &str, size: usize) -> Result<CageSet, CageError> {
    let mut cages = Vec::new();
    for part in text.split(';').map(str::trim) {
        if part.is_empty() {
            continue;
        }
        let number = cages.len() + 1;
        let syntax = |message: String| CageError::Syntax {
            cage: number,
            message,
        };
        let (sum, cells) = part.split_once('=').ok_or_else(|| {
            syntax(format!(
                "{} has no '=': write a cage as SUM = r1c1 r1c2",
                shown_text(part)
            ))
        })?;
        let sum: u32 = sum
            .trim()
            .parse()
            .map_err(|_| syntax(format!("{} is not a sum", shown_text(sum.trim()))))?;
        let cells = cells
            .split(SEPARATORS)
            .filter(|name| !name.is_empty())
            .map(|name| parse_cell_name(name, size).map_err(&syntax))
            .collect::<Result<Vec<usize>, CageError>>()?;
        cages.push(Cage { cells, sum });
    }
    CageSet::new(size, cages)
}

fn parse_map(lines: &[&str], size: usize) -> Result<CageSet, CageError> {
    let map_error = |message: String| CageError::Map { message };
    if lines.len() < size {
        return Err(map_error(format!(
            "{}, but a {size}x{size} map needs {size} lines of {size} symbols and then the sums",
            counted(lines.len(), "line")
        )));
    }
    let mut symbols: Vec<char> = Vec::new();
    let mut ids = Vec::with_capacity(size * size);
    for (row, line) in lines[..size].iter().enumerate() {
        let row_symbols: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if row_symbols.len() != size {
            return Err(map_error(format!(
                "line {} has {} symbols, not {size}",
                row + 1,
                row_symbols.len()
            )));
        }
        for symbol in row_symbols {
            let id = symbols
                .iter()
                .position(|&s| s == symbol)
                .unwrap_or_else(|| {
                    symbols.push(symbol);
                    symbols.len() - 1
                });
            ids.push(id);
        }
    }
    let sums = parse_map_sums(&lines[size..].join(" "), &symbols)?;
    let mut cages: Vec<Cage> = sums
        .iter()
        .map(|&sum| Cage {
            cells: Vec::new(),
            sum,
        })
        .collect();
    for (cell, &id) in ids.iter().enumerate() {
        cages[id].cells.push(cell);
    }
    CageSet::new(size, cages)
}

/// The sum of each symbol of the map, from `a=10 b=7` (any spacing or commas).
fn parse_map_sums(text: &str, symbols: &[char]) -> Result<Vec<u32>, CageError> {
    let map_error = |message: String| CageError::Map { message };
    let mut sums = vec![None; symbols.len()];
    for item in text.split([' ', ',', ';', '\t']).filter(|s| !s.is_empty()) {
        let (symbol, sum) = item.split_once('=').ok_or_else(|| {
            map_error(format!(
                "{} is not SYMBOL=SUM, such as a=10",
                shown_text(item)
            ))
        })?;
        let mut chars = symbol.chars();
        let (Some(symbol), None) = (chars.next(), chars.next()) else {
            return Err(map_error(format!(
                "{} is not one symbol of the map",
                shown_text(symbol)
            )));
        };
        let index = symbols.iter().position(|&s| s == symbol).ok_or_else(|| {
            map_error(format!(
                "{} has a sum but is not in the map",
                shown_text(&symbol.to_string())
            ))
        })?;
        let sum: u32 = sum
            .parse()
            .map_err(|_| map_error(format!("{} is not a sum", shown_text(sum))))?;
        sums[index] = Some(sum);
    }
    symbols
        .iter()
        .zip(sums)
        .map(|(symbol, sum)| {
            sum.ok_or_else(|| {
                map_error(format!(
                    "the cage {} has no sum: add {symbol}=SUM",
                    shown_text(&symbol.to_string())
                ))
            })
        })
        .collect()
}

/// The smallest and largest sum of `count` distinct digits from 1 to `size`.
pub fn sum_range(count: usize, size: usize) -> (u32, u32) {
    let count = count.min(size) as u32;
    let size = size as u32;
    let min = count * (count + 1) / 2;
    let max = count * (2 * size - count + 1) / 2;
    (min, max)
}

/// Every set of `count` distinct digits from 1 to `size` adding up to `sum`, as digit masks
/// (bit `d-1` for digit `d`), in increasing mask order.
pub fn combinations(count: usize, sum: u32, size: usize) -> Vec<u32> {
    let mut found = Vec::new();
    let mut stack = vec![(0u32, 1u32, 0usize, 0u32)];
    while let Some((mask, next, taken, total)) = stack.pop() {
        if taken == count {
            if total == sum {
                found.push(mask);
            }
            continue;
        }
        for digit in next..=size as u32 {
            let total = total + digit;
            if total > sum {
                break;
            }
            stack.push((mask | 1 << (digit - 1), digit + 1, taken + 1, total));
        }
    }
    found.sort_unstable();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::cage;

    /// 4×4: four 2×2 boxes as cages (each 1+2+3+4 = 10).
    fn boxes4() -> Vec<Cage> {
        vec![
            cage(&[0, 1, 4, 5], 10),
            cage(&[2, 3, 6, 7], 10),
            cage(&[8, 9, 12, 13], 10),
            cage(&[10, 11, 14, 15], 10),
        ]
    }

    #[test]
    fn sums_and_combinations() {
        assert_eq!(sum_range(2, 9), (3, 17));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(1, 9), (1, 9));
        assert_eq!(combinations(2, 3, 9), vec![0b11]);
        assert_eq!(combinations(2, 17, 9), vec![0b1_1000_0000]);
        assert_eq!(combinations(3, 15, 9).len(), 8);
        assert_eq!(combinations(9, 45, 9), vec![0x1ff]);
        assert!(combinations(2, 2, 9).is_empty());
        assert_eq!(combinations(1, 5, 9), vec![1 << 4]);
    }

    #[test]
    fn valid_cages_are_kept_and_checked_against_a_grid() {
        let set = CageSet::new(4, boxes4()).unwrap();
        assert_eq!(set.cages().len(), 4);
        assert_eq!(set.cage_of(5), 0);
        assert_eq!(set.cage_of(15), 3);
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(set.holds(&grid));
        let mut wrong = grid;
        wrong.swap(0, 1);
        assert!(set.holds(&wrong), "swapping inside a cage keeps its sum");
        wrong.swap(0, 2);
        assert!(!set.holds(&wrong));
    }

    #[test]
    fn bad_cages_say_what_and_where() {
        let overlap = vec![cage(&[0, 1], 3), cage(&[1, 2], 3)];
        let error = CageSet::new(4, overlap).unwrap_err().to_string();
        assert_eq!(error, "r1c2 is in two cages (1 and 2)");
        let mut missing = boxes4();
        missing[3].cells.pop();
        missing[3].sum = 6;
        let error = CageSet::new(4, missing).unwrap_err().to_string();
        assert!(error.contains("r4c4 in no cage"), "{error}");
        let split = vec![cage(&[0, 5], 3)];
        let error = CageSet::new(4, split).unwrap_err().to_string();
        assert!(
            error.contains("cage 1 (r1c1 r2c2) is not connected"),
            "{error}"
        );
        let error = CageSet::new(4, vec![cage(&[0, 1], 8)])
            .unwrap_err()
            .to_string();
        assert!(error.contains("cannot add up to 8"), "{error}");
        let big = cage(&[0, 1, 2, 3, 7], 10);
        let error = CageSet::new(4, vec![big]).unwrap_err().to_string();
        assert!(error.contains("has 5 cells"), "{error}");
    }

    #[test]
    fn problems_name_the_cage() {
        let set = CageSet::new(4, boxes4()).unwrap();
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(set.problems(&grid).is_empty());
        let mut doubled = grid;
        doubled[1] = 1;
        let problems = set.problems(&doubled);
        assert_eq!(problems[0], "r1c1 and r1c2 both hold 1 (cage 1)");
        assert_eq!(
            problems[1],
            "cage 1 (r1c1 r1c2 r2c1 r2c2) adds up to 9, not 10"
        );
        let mut partial = [0u8; 16];
        partial[0] = 4;
        partial[1] = 3;
        partial[4] = 4;
        assert_eq!(
            set.problems(&partial).len(),
            2,
            "{:?}",
            set.problems(&partial)
        );
    }

    #[test]
    fn the_list_form_reads_and_writes_back() {
        let text = "10 = r1c1 r1c2 r2c1 r2c2\n10 = r1c3+r1c4+r2c3+r2c4 # top right\n\
                    10=r3c1,r3c2,r4c1,r4c2; 10 = r3c3 r3c4 r4c3 r4c4";
        let set = CageSet::parse(text, 4).unwrap();
        assert_eq!(set, CageSet::new(4, boxes4()).unwrap());
        assert_eq!(CageSet::parse(&set.to_line(), 4).unwrap(), set);
        assert_eq!(CageSet::parse(&set.to_text(), 4).unwrap(), set);
        assert!(set.to_line().starts_with("10=r1c1+r1c2+r2c1+r2c2;"));
    }

    #[test]
    fn the_map_form_reads() {
        let text = "aabb\naabb\nccdd\nccdd\na=10 b=10\nc=10,d=10\n";
        assert_eq!(
            CageSet::parse(text, 4).unwrap(),
            CageSet::new(4, boxes4()).unwrap()
        );
        let error = CageSet::parse("aabb\naabb\nccdd\nccdd\na=10 b=10 c=10", 4)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("'d' has no sum") || error.contains("d has no sum"),
            "{error}"
        );
        let error = CageSet::parse("aab\naabb\nccdd\nccdd\n", 4)
            .unwrap_err()
            .to_string();
        assert!(error.contains("line 1 has 3 symbols"), "{error}");
    }

    #[test]
    fn list_syntax_errors_name_the_cage() {
        let error = CageSet::parse("10 = r1c1 r1c2; x = r1c3", 4)
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("cage 2:"), "{error}");
        let error = CageSet::parse("3 = r1c1 r9c9", 4).unwrap_err().to_string();
        assert!(error.starts_with("cage 1:"), "{error}");
    }
}
