//! Basic fish on rows and columns: X-Wing (2), Swordfish (3), Jellyfish (4). When a digit's
//! candidates in `k` base rows lie in only `k` columns, the digit leaves those columns elsewhere
//! (and the same with rows and columns swapped).

use crate::grid::GridSquare;

use super::candidates::{Candidates, bit, digits};
use super::quiet::with_quiet_parts;
use super::step::Step;
use super::subsets::subsets_with_union;
use super::technique::Technique;

/// Fish of size 2.
pub fn x_wing(c: &Candidates) -> Option<Step> {
    fish(c, 2, Technique::XWing)
}

/// Fish of size 3.
pub fn swordfish(c: &Candidates) -> Option<Step> {
    fish(c, 3, Technique::Swordfish)
}

/// Fish of size 4.
pub fn jellyfish(c: &Candidates) -> Option<Step> {
    fish(c, 4, Technique::Jellyfish)
}

/// The cell at `(line, pos)` of a row (`by_rows`) or column base of a square.
fn at(c: &Candidates, square: &GridSquare, by_rows: bool, line: usize, pos: usize) -> usize {
    let geo = c.geometry();
    if by_rows {
        geo.square_cell(square, line, pos)
    } else {
        geo.square_cell(square, pos, line)
    }
}

/// The first fish of size `k` in any square, digit and orientation. A fish depends only on the
/// digit's places in the square's lines, so the places where none was found are remembered
/// ([`with_quiet_parts`]) and not searched again while they stay the same.
fn fish(c: &Candidates, k: usize, technique: Technique) -> Option<Step> {
    let n = c.size();
    with_quiet_parts(technique, |quiet| {
        for (s, square) in c.geometry().squares().iter().enumerate() {
            let places = line_places(c, square);
            for digit in 1..=n as u8 {
                for (o, by_rows) in [true, false].into_iter().enumerate() {
                    let first = (o * n + usize::from(digit) - 1) * n;
                    let lines = &places[first..first + n];
                    let part = s * 2 * n + first / n;
                    if quiet.known(part, lines) {
                        continue;
                    }
                    let fish = Fish {
                        square,
                        k,
                        technique,
                        digit,
                        by_rows,
                    };
                    match fish.find(c, lines) {
                        Some(step) => return Some(step),
                        None => quiet.remember(part, lines),
                    }
                }
            }
        }
        None
    })
}

/// Every digit's places in every row and column of a square, from one pass over it:
/// `places[(o * n + d - 1) * n + line]` holds the positions (bit `p`) of digit `d` in row `line`
/// (`o = 0`) or column `line` (`o = 1`).
fn line_places(c: &Candidates, square: &GridSquare) -> Vec<u32> {
    let n = c.size();
    let mut places = vec![0u32; 2 * n * n];
    for row in 0..n {
        for col in 0..n {
            let cell = c.geometry().square_cell(square, row, col);
            for d in digits(c.mask(cell)) {
                let d = usize::from(d) - 1;
                places[d * n + row] |= 1 << col;
                places[(n + d) * n + col] |= 1 << row;
            }
        }
    }
    places
}

/// The fish looked for: its size, technique, digit, and base lines (rows when `by_rows`) in one
/// square.
struct Fish<'a> {
    square: &'a GridSquare,
    k: usize,
    technique: Technique,
    digit: u8,
    by_rows: bool,
}

impl Fish<'_> {
    /// The fish with the digit's places in each base line.
    fn find(&self, c: &Candidates, line_places: &[u32]) -> Option<Step> {
        let n = c.size();
        let (digit, by_rows, square) = (self.digit, self.by_rows, self.square);
        let b = bit(digit);
        // The base lines that may take part (a digit's places are a u32: at most 32 lines),
        // on the stack: this runs for every digit of every step that reaches the fish.
        let (mut lines, mut masks, mut count) = ([0usize; 32], [0u32; 32], 0);
        for (line, &places) in line_places.iter().enumerate() {
            if (2..=self.k as u32).contains(&places.count_ones()) {
                (lines[count], masks[count]) = (line, places);
                count += 1;
            }
        }
        let masks = &masks[..count];
        let cell = |line: usize, p: u8| at(c, square, by_rows, line, p as usize - 1);
        subsets_with_union(masks, self.k, &mut |pick, cover| {
            // Most fish found remove nothing (those already used): nothing is made for them.
            let in_base = |line: usize| pick.iter().any(|&i| lines[i] == line);
            let removes = (0..n)
                .filter(|&line| !in_base(line))
                .any(|line| digits(cover).any(|p| c.mask(cell(line, p)) & b != 0));
            if !removes {
                return None;
            }
            let base: Vec<usize> = pick.iter().map(|&i| lines[i]).collect();
            let elims: Vec<(usize, u8)> = (0..n)
                .filter(|line| !base.contains(line))
                .flat_map(|line| digits(cover).map(move |p| cell(line, p)))
                .filter(|&cell| c.mask(cell) & b != 0)
                .map(|cell| (cell, digit))
                .collect();
            if elims.is_empty() {
                return None;
            }
            let mut step = Step::new(self.technique, c.names());
            step.digits = b;
            let kind = |by_rows: bool, i: usize| {
                if by_rows {
                    square.row(i)
                } else {
                    square.column(i)
                }
            };
            step.houses = base.iter().map(|&l| kind(by_rows, l)).collect();
            step.houses
                .extend(digits(cover).map(|p| kind(!by_rows, p as usize - 1)));
            step.cells = base
                .iter()
                .flat_map(|&l| digits(cover).map(move |p| cell(l, p)))
                .filter(|&cell| c.mask(cell) & b != 0)
                .collect();
            step.eliminations = elims;
            Some(step)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::tests::{classic9, open};

    type Finder = fn(&Candidates) -> Option<Step>;

    /// Digit 1 only in columns `cols` of rows `rows`.
    fn fish_position(rows: &[usize], cols: &[usize]) -> Vec<(usize, usize)> {
        let mut removed = Vec::new();
        for &r in rows {
            for col in 0..9 {
                if !cols.contains(&col) {
                    removed.push((r, col));
                }
            }
        }
        removed
    }

    #[test]
    fn fish_of_each_size() {
        let geo = classic9();
        let shapes: [(&[usize], &[usize], Finder); 3] = [
            (&[1, 4], &[2, 6], x_wing),
            (&[0, 4, 8], &[1, 3, 7], swordfish),
            (&[0, 2, 5, 7], &[0, 1, 4, 8], jellyfish),
        ];
        for (rows, cols, finder) in shapes {
            let mut c = open(&geo);
            assert!(finder(&c).is_none());
            for (r, col) in fish_position(rows, cols) {
                c.eliminate(r * 9 + col, 1);
            }
            let step = finder(&c).expect("fish");
            let k = rows.len();
            assert_eq!(step.eliminations.len(), (9 - k) * k);
            assert!(step.eliminations.iter().all(|&(cell, d)| d == 1
                && cols.contains(&(cell % 9))
                && !rows.contains(&(cell / 9))));
            if k > 2 {
                assert!(x_wing(&c).is_none());
            }
        }
    }
}
