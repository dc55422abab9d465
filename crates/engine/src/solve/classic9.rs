//! Exact solution counter for classic 9x9 Sudoku: the hot-loop bitboard solver. Besides
//! counting ([`count_solutions`]) it answers the generator's digging question, whether a puzzle
//! has a solution other than a known one ([`has_other_solution`]). Counting to two, it leaves
//! loose grids (many givens, almost no hidden single) to [`super::cells9`].
//!
//! # Representation
//!
//! The grid is split into three horizontal *bands* of 27 cells (3 rows x 9
//! columns). For every digit `d` and band `b` the word `cand[9 * b + d]` holds
//! the cells of that band where `d` is still possible; bit `9 * r + c` is row
//! `r` (0..3, inside the band) and column `c` (0..9). A band word therefore
//! consists of nine 3-bit *segments*: segment `3 * r + k` is the intersection
//! of row `r` with box `k` of the band, and occupies bits `3 * (3 * r + k)..`.
//!
//! # Propagation
//!
//! * **Band update** (per digit and band, only when the word changed since
//!   its last update; changed words are found in rounds by comparing with a
//!   `seen` copy, a branch-free 27-lane compare the compiler vectorises): the
//!   digit must occupy exactly one cell in each of the 3 rows and each of the 3
//!   boxes of the band, i.e. a permutation of row/box segments. A 512-entry
//!   table maps the 3x3 "which segments are non-empty" pattern to the union
//!   of all permutations it contains; segments outside that union are
//!   removed. This subsumes pointing/claiming (locked candidates) and hidden
//!   singles in rows and boxes. Boxes whose remaining candidates sit in a
//!   single column lock that column: the digit is removed from it in the two
//!   other bands. Rows left with a single cell place the digit there, and that
//!   cell is removed from the other eight digits.
//! * **Column claiming** (once the band updates reach a fixpoint): a column
//!   whose digit lies in one band only holds it in that band's box, so the
//!   box's two other columns lose the digit there; a column where the digit
//!   has no cell left is a contradiction. This is the column-to-box half of
//!   locked candidates that the bands cannot see; it keeps the search on the
//!   forum's hardest puzzles about a fifth smaller.
//! * **Cell singles** (once the band updates reach a fixpoint): for every band
//!   the nine digit words are folded into "seen once" / "seen at least twice"
//!   masks, giving empty cells (contradiction) and naked singles without any
//!   per-cell loop or popcount.
//! * **Guessing**: on a bivalue cell (found the same way with a "seen three
//!   times" mask): of the first eight, the one with the most unsolved and
//!   bivalue peers, which keeps the search tree about a third smaller than
//!   the first bivalue cell found; falling back to the cell with the fewest
//!   candidates. The
//!   first alternatives are explored on copies of the 228-byte state (recursion
//!   depth is bounded by 81), the last one continues in place. No allocation.

use super::Tally;

/// Bivalue cells scored when choosing where to guess: scoring them all costs
/// more than it saves on grids with many open cells (the generator's digging).
const SCORED_PAIRS: u32 = 8;

/// All 27 cells of a band.
const BAND_CELLS: u32 = 0x7FF_FFFF;
/// The 9 cells of the first row of a band.
const ROW0: u32 = 0x1FF;
/// Multiplier that copies a 9-bit row pattern into all three rows of a band.
const ROWS_X3: u32 = 1 | 1 << 9 | 1 << 18;

/// Mask of one row of a band, by row index 0..3.
const ROW_MASK: [u32; 3] = [ROW0, ROW0 << 9, ROW0 << 18];

/// The six ways to give each row of a band its own box: `PERMS[p][r]` is the box of row `r`.
pub(super) const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `ROW_BOXES[row]`: for a 9-bit row, bit `k` is set when box `k` of that row has a candidate.
static ROW_BOXES: [u8; 512] = build_row_boxes();

/// `PERM_MASK[pattern]`: for a 3x3 row/box occupancy pattern (bit `3 * r + k`),
/// the 27-bit mask of the segments that belong to at least one permutation
/// inside the pattern. Zero when no permutation fits (contradiction).
static PERM_MASK: [u32; 512] = build_perm_mask();

/// `SINGLE_BOX_ROWS[pattern]`: full-row mask of the rows that keep exactly one
/// box once `PERM_MASK[pattern]` has been applied.
static SINGLE_BOX_ROWS: [u32; 512] = build_single_box_rows();

/// `LOCKED_COLS[cols]`: for the 9-bit column occupancy of a band, the columns
/// that are the only occupied column of their box (3-bit group).
static LOCKED_COLS: [u16; 512] = build_locked_cols();

const fn build_row_boxes() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut boxes = 0;
        let mut k = 0;
        while k < 3 {
            if row & (7 << (3 * k)) != 0 {
                boxes |= 1 << k;
            }
            k += 1;
        }
        table[row] = boxes;
        row += 1;
    }
    table
}

/// The union (as a 9-bit pattern) of the permutations contained in `pattern`.
const fn perm_union(pattern: usize) -> usize {
    let mut union = 0;
    let mut p = 0;
    while p < PERMS.len() {
        let perm = PERMS[p];
        let bits = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
        if pattern & bits == bits {
            union |= bits;
        }
        p += 1;
    }
    union
}

const fn build_perm_mask() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let union = perm_union(pattern);
        let mut mask = 0;
        let mut seg = 0;
        while seg < 9 {
            if union & (1 << seg) != 0 {
                // Segment `seg` covers cell bits 3*seg .. 3*seg+2.
                mask |= 7 << (3 * seg);
            }
            seg += 1;
        }
        table[pattern] = mask;
        pattern += 1;
    }
    table
}

const fn build_single_box_rows() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let union = perm_union(pattern);
        let mut mask = 0;
        let mut r = 0;
        while r < 3 {
            let boxes = (union >> (3 * r)) & 7;
            if boxes != 0 && boxes & (boxes - 1) == 0 {
                mask |= ROW_MASK[r];
            }
            r += 1;
        }
        table[pattern] = mask;
        pattern += 1;
    }
    table
}

const fn build_locked_cols() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut locked = 0;
        let mut k = 0;
        while k < 3 {
            let group = cols & (7 << (3 * k));
            if group != 0 && group & (group - 1) == 0 {
                locked |= group;
            }
            k += 1;
        }
        table[cols] = locked as u16;
        cols += 1;
    }
    table
}

/// The cells a band keeps for a digit when the columns `claimed` (9 bits) hold the digit in
/// this band only: a box with a claimed column keeps only its claimed columns, the other boxes
/// keep all their cells.
#[inline(always)]
fn claim_keep(claimed: u32) -> u32 {
    let claiming_boxes = ROW_BOXES[claimed as usize] as usize;
    (claimed * ROWS_X3) | (BAND_CELLS & !BOX_CELLS[claiming_boxes])
}

/// `BOX_CELLS[boxes]`: the cells of a band in the boxes of the 3-bit set `boxes`.
static BOX_CELLS: [u32; 8] = build_box_cells();

const fn build_box_cells() -> [u32; 8] {
    let mut table = [0u32; 8];
    let mut boxes = 0;
    while boxes < 8 {
        let mut k = 0;
        while k < 3 {
            if boxes & (1 << k) != 0 {
                table[boxes] |= (7u32 << (3 * k)) * ROWS_X3;
            }
            k += 1;
        }
        boxes += 1;
    }
    table
}

/// `BAND_PEERS[pos]`: the cells of a band that share the row, box or column
/// of the cell at `pos` (the cell included).
static BAND_PEERS: [u32; 27] = build_band_peers();

/// `COL_OF[pos]`: the three cells of a band in the column of the cell at `pos`.
static COL_OF: [u32; 27] = build_col_of();

const fn build_band_peers() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut pos = 0;
    while pos < 27 {
        let col = pos % 9;
        let box_mask = (7u32 << (3 * (col / 3))) * ROWS_X3;
        table[pos] = ROW_MASK[pos / 9] | box_mask | ((1u32 << col) * ROWS_X3);
        pos += 1;
    }
    table
}

const fn build_col_of() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut pos = 0;
    while pos < 27 {
        table[pos] = (1u32 << (pos % 9)) * ROWS_X3;
        pos += 1;
    }
    table
}

/// Full-row mask (inside its band) of the row holding the single cell `bit`.
#[inline(always)]
fn row_of(bit: u32) -> u32 {
    ROW_MASK[(bit.trailing_zeros() / 9) as usize % 3]
}

/// How many cells of `cells` (one word per band) are peers of the cell at
/// `pos` in band `b`, the cell itself included: its row, box and column
/// inside the band, and its column in the two other bands.
#[inline(always)]
fn peers_in(cells: &[u32; 3], b: usize, pos: usize) -> u32 {
    let col = COL_OF[pos];
    let (o1, o2) = ((b + 1) % 3, (b + 2) % 3);
    let outside = (cells[o1] & col) | (cells[o2] & col) << 1;
    (u64::from(cells[b] & BAND_PEERS[pos]) | u64::from(outside) << 27).count_ones()
}

/// Index in `State::cand` of the word of digit `d` in band `b` (band-major,
/// so the nine digits of a band are contiguous).
#[inline(always)]
fn idx(d: usize, b: usize) -> usize {
    9 * b + d
}

/// The givens as band words: bit `pos` of word `idx(d, b)` is set when cell
/// `27 * b + pos` holds digit `d + 1`. `None` for a value above 9. On x86-64, byte compares:
/// a band's 27 cells are two 16-byte vectors, and one compare per digit gives its word, with
/// no branch on each cell's value (given or empty is unpredictable).
#[cfg(target_arch = "x86_64")]
fn given_words(givens: &[u8; 81]) -> Option<[u32; 27]> {
    // SAFETY: SSE2 is part of every x86-64 CPU.
    unsafe { given_words_sse2(givens) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn given_words_sse2(givens: &[u8; 81]) -> Option<[u32; 27]> {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_setzero_si128, _mm_subs_epu8,
    };
    // Each band in its own 32 bytes; the 5 bytes after it stay 0, which no digit matches.
    let mut bands = [[0u8; 32]; 3];
    for (band, cells) in bands.iter_mut().zip(givens.chunks_exact(27)) {
        band[..27].copy_from_slice(cells);
    }
    let mut fixed = [0u32; 27];
    let nine = _mm_set1_epi8(9);
    let mut above_nine = _mm_setzero_si128();
    for (b, band) in bands.iter().enumerate() {
        // SAFETY: both 16-byte loads lie inside the 32-byte array `band`.
        let (low, high): (__m128i, __m128i) = unsafe {
            (
                _mm_loadu_si128(band.as_ptr().cast()),
                _mm_loadu_si128(band.as_ptr().add(16).cast()),
            )
        };
        above_nine = _mm_or_si128(
            above_nine,
            _mm_or_si128(_mm_subs_epu8(low, nine), _mm_subs_epu8(high, nine)),
        );
        for d in 0..9 {
            let value = _mm_set1_epi8(d as i8 + 1);
            let low = _mm_movemask_epi8(_mm_cmpeq_epi8(low, value)) as u32;
            let high = _mm_movemask_epi8(_mm_cmpeq_epi8(high, value)) as u32;
            fixed[idx(d, b)] = low | high << 16;
        }
    }
    let all_zero = _mm_movemask_epi8(_mm_cmpeq_epi8(above_nine, _mm_setzero_si128()));
    (all_zero == 0xFFFF).then_some(fixed)
}

/// [`given_words`] elsewhere: cell by cell.
#[cfg(not(target_arch = "x86_64"))]
fn given_words(givens: &[u8; 81]) -> Option<[u32; 27]> {
    let mut fixed = [0u32; 27];
    for (b, band) in givens.chunks_exact(27).enumerate() {
        for (pos, &value) in band.iter().enumerate() {
            match value {
                0 => {}
                1..=9 => fixed[idx(usize::from(value - 1), b)] |= 1 << pos,
                _ => return None,
            }
        }
    }
    Some(fixed)
}

/// For the givens of one digit in one band: the cells of the rows and boxes
/// they occupy, and a non-zero word when two of them share a row or a box
/// (two in one column of a band share its box). Branch-free.
#[inline(always)]
fn houses_of(word: u32) -> (u32, u32) {
    let [r0, r1, r2] = [word & ROW0, word >> 9 & ROW0, word >> 18 & ROW0];
    let [b0, b1, b2] = [r0, r1, r2].map(|r| u32::from(ROW_BOXES[r as usize]));
    let two_in_box = b0 & b1 | b0 & b2 | b1 & b2;
    let two_in_row = r0 & r0.wrapping_sub(1) | r1 & r1.wrapping_sub(1) | r2 & r2.wrapping_sub(1);
    let rows = (u32::from(r0 != 0) * ROW_MASK[0])
        | (u32::from(r1 != 0) * ROW_MASK[1])
        | (u32::from(r2 != 0) * ROW_MASK[2]);
    (
        rows | BOX_CELLS[(b0 | b1 | b2) as usize],
        two_in_box | two_in_row,
    )
}

/// What the cell scan found once the band updates reached their fixpoint.
enum Scan {
    /// Some cell has no candidate left.
    Contradiction,
    /// Naked singles were placed.
    Placed,
    /// Stable: per band, the unsolved cells with exactly two candidates.
    Stable([u32; 3]),
}

/// Complete search state; small and `Copy` so guesses can branch on copies.
#[derive(Clone, Copy)]
struct State {
    /// `cand[idx(d, b)]`: cells of band `b` where digit `d` is still possible.
    cand: [u32; 27],
    /// Value of `cand[i]` when its band update last ran; a difference means
    /// the word changed since and must be updated again.
    seen: [u32; 27],
    /// Cells of each band whose digit is not yet fixed.
    unsolved: [u32; 3],
}

impl State {
    /// Builds the state for the givens; `None` if they are invalid or conflict.
    /// Each digit's givens remove the digit from their rows, boxes and columns,
    /// and every given cell keeps only its own digit.
    #[inline]
    fn from_givens(givens: &[u8; 81]) -> Option<State> {
        let fixed = given_words(givens)?;
        let filled: [u32; 3] =
            std::array::from_fn(|b| fixed[9 * b..9 * b + 9].iter().fold(0, |acc, &w| acc | w));
        let mut st = State {
            cand: [0; 27],
            // Any non-27-bit value forces a first update of every word.
            seen: [u32::MAX; 27],
            unsolved: filled.map(|f| BAND_CELLS & !f),
        };
        // Non-zero when two givens of one digit see each other.
        let mut conflict = 0;
        for d in 0..9 {
            let words = [fixed[idx(d, 0)], fixed[idx(d, 1)], fixed[idx(d, 2)]];
            let cols = words.map(|w| (w | w >> 9 | w >> 18) & ROW0);
            conflict |= cols[0] & cols[1] | cols[0] & cols[2] | cols[1] & cols[2];
            let col_mask = (cols[0] | cols[1] | cols[2]) * ROWS_X3;
            for (b, &word) in words.iter().enumerate() {
                let (blocked, clash) = houses_of(word);
                conflict |= clash;
                st.cand[idx(d, b)] = BAND_CELLS & !(blocked | col_mask | filled[b]) | word;
            }
        }
        (conflict == 0).then_some(st)
    }

    /// Whether the grid is loose: at least [`LOOSE_GIVENS`] cells filled and at most
    /// [`LOOSE_HIDDEN_SINGLES`] hidden singles ([`State::hidden_singles_at_most`]). Such a
    /// grid, typically one with several solutions, is counted faster cell by cell
    /// ([`super::cells9`]) than with this counter's propagation.
    #[inline(always)]
    fn is_loose(&self) -> bool {
        81 - self.open_cells() >= LOOSE_GIVENS && self.hidden_singles_at_most(LOOSE_HIDDEN_SINGLES)
    }

    /// Whether at most `most` hidden singles are left: digits with exactly one open cell in a
    /// row, a box or a column, counted per house and digit. Band by band, the exactly-one test
    /// on each word's three row fields and three box fields (stopping past `most`: a unique grid
    /// usually gets there in the first band); then per digit "seen once" / "seen twice" folds
    /// of its nine row fields for the columns.
    #[inline(always)]
    fn hidden_singles_at_most(&self, most: u32) -> bool {
        let exactly_one = |x: u32| u32::from((x != 0) & (x & x.wrapping_sub(1) == 0));
        // Open cells only: a given keeps its digit, which no open cell of its houses has.
        let open_word = |i: usize| self.cand[i] & self.unsolved[i / 9];
        let mut found = 0;
        for b in 0..3 {
            for i in 9 * b..9 * b + 9 {
                let word = open_word(i);
                for k in 0..3 {
                    found += exactly_one((word >> (9 * k)) & ROW0);
                    found += exactly_one(word & BOX_CELLS[1 << k]);
                }
            }
            if found > most {
                return false;
            }
        }
        for d in 0..9 {
            let (mut once, mut twice) = (0u32, 0u32);
            for b in 0..3 {
                let word = open_word(idx(d, b));
                for k in 0..3 {
                    let row = (word >> (9 * k)) & ROW0;
                    twice |= once & row;
                    once |= row;
                }
            }
            found += (once & !twice).count_ones();
        }
        found <= most
    }

    /// Fixes digit `d` in the cell `bit` of band `b` by clearing the rest of
    /// its row; the band update then does all the other eliminations.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: u32) {
        self.cand[idx(d, b)] &= bit | !row_of(bit);
    }

    /// Row/box permutation filter, column locking and row-single placement
    /// for the word `i = idx(d, b)`. Returns `false` on contradiction.
    #[inline(always)]
    fn update_band(&mut self, i: usize) -> bool {
        // i < 27: band without a division.
        let b = usize::from(i >= 9) + usize::from(i >= 18);
        let word = self.cand[i];
        // 3x3 occupancy pattern: bit 3*r+k set when row r has a candidate in box k.
        let pattern = usize::from(ROW_BOXES[(word & ROW0) as usize])
            | usize::from(ROW_BOXES[((word >> 9) & ROW0) as usize]) << 3
            | usize::from(ROW_BOXES[((word >> 18) & ROW0) as usize]) << 6;
        let word = word & PERM_MASK[pattern];
        if word == 0 {
            return false;
        }
        // `cand[i]` is stored last: the band's nine words are cleared below as
        // vectors, and a vector load right after a scalar store to the same
        // words stalls (store forwarding fails); this order is 4-6 % faster
        // (in process, against the store first: forum 1106, top1465, 17-clue).
        self.seen[i] = word;

        // Columns used by the digit in this band; a box with a single column
        // owns that column, so the other bands lose it.
        let cols = (word | word >> 9 | word >> 18) & ROW0;
        let locked = u32::from(LOCKED_COLS[cols as usize]) * ROWS_X3;
        // Same digit in the two other bands: indices i + 9 and i + 18 mod 27.
        let o1 = if i >= 18 { i - 18 } else { i + 9 };
        let o2 = if i >= 9 { i - 9 } else { i + 18 };
        self.cand[o1] &= !locked;
        self.cand[o2] &= !locked;

        // A row with a single box whose box has a single column has a single
        // cell: the digit is placed there and the other digits lose the cell.
        let placed = word & SINGLE_BOX_ROWS[pattern] & locked & self.unsolved[b];
        // Done unconditionally: with the band's nine words contiguous this is
        // a few vector ops, cheaper than a poorly predicted branch.
        self.unsolved[b] &= !placed;
        for w in &mut self.cand[9 * b..9 * b + 9] {
            *w &= !placed;
        }
        self.cand[i] = word;
        true
    }

    /// Bit `i` set when `cand[i]` changed since its last band update
    /// (a branch-free loop the compiler can vectorise).
    #[inline(always)]
    fn changed_words(&self) -> u32 {
        let mut mask = 0;
        for i in 0..27 {
            mask |= u32::from(self.cand[i] != self.seen[i]) << i;
        }
        mask
    }

    /// Column claiming (see the module notes). Returns `false` when some
    /// digit has no cell left in some column.
    #[inline(always)]
    fn claim_columns(&mut self) -> bool {
        let mut missing = 0;
        for d in 0..9 {
            let words = [
                self.cand[idx(d, 0)],
                self.cand[idx(d, 1)],
                self.cand[idx(d, 2)],
            ];
            let cols = words.map(|w| (w | w >> 9 | w >> 18) & ROW0);
            missing |= ROW0 & !(cols[0] | cols[1] | cols[2]);
            let alone = [
                cols[0] & !(cols[1] | cols[2]),
                cols[1] & !(cols[0] | cols[2]),
                cols[2] & !(cols[0] | cols[1]),
            ];
            for b in 0..3 {
                self.cand[idx(d, b)] = words[b] & claim_keep(alone[b]);
            }
        }
        missing == 0
    }

    /// Runs band updates and column claiming until no word is dirty.
    /// Returns `false` on contradiction.
    #[inline(always)]
    fn update_bands(&mut self) -> bool {
        loop {
            let mut dirty = self.changed_words();
            if dirty == 0 {
                if !self.claim_columns() {
                    return false;
                }
                dirty = self.changed_words();
                if dirty == 0 {
                    return true;
                }
            }
            while dirty != 0 {
                // `% 27` is a no-op (only bits 0..27 are ever set) that lets
                // the compiler drop the bounds checks.
                let i = dirty.trailing_zeros() as usize % 27;
                dirty &= dirty - 1;
                if !self.update_band(i) {
                    return false;
                }
            }
        }
    }

    /// Detects empty cells, places naked singles and collects bivalue cells.
    #[inline(always)]
    fn scan_cells(&mut self) -> Scan {
        let mut placed = false;
        let mut pairs = [0; 3];
        for (b, pair) in pairs.iter_mut().enumerate() {
            // Cells with at least one / two / three candidates.
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for d in 0..9 {
                let w = self.cand[idx(d, b)];
                thrice |= twice & w;
                twice |= once & w;
                once |= w;
            }
            // Solved cells keep their digit, so every cell must be covered.
            if once != BAND_CELLS {
                return Scan::Contradiction;
            }
            *pair = twice & !thrice & self.unsolved[b];
            let singles = once & !twice & self.unsolved[b];
            if singles != 0 {
                for d in 0..9 {
                    let before = self.cand[idx(d, b)];
                    let mut s = before & singles;
                    while s != 0 {
                        let bit = s & s.wrapping_neg();
                        self.place(d, b, bit);
                        s ^= bit;
                    }
                    placed |= self.cand[idx(d, b)] != before;
                }
            }
        }
        // Only real changes count as progress, so propagation can never spin.
        if placed {
            Scan::Placed
        } else {
            Scan::Stable(pairs)
        }
    }

    /// Full propagation to a fixpoint.
    /// Returns the bivalue cells per band, or `None` on contradiction.
    #[inline(always)]
    fn propagate(&mut self) -> Option<[u32; 3]> {
        loop {
            if !self.update_bands() {
                return None;
            }
            match self.scan_cells() {
                Scan::Contradiction => return None,
                Scan::Placed => {}
                Scan::Stable(pairs) => return Some(pairs),
            }
        }
    }

    /// Digits (bit `d`) still possible in cell `bit` of band `b`.
    #[inline(always)]
    fn cell_digits(&self, b: usize, bit: u32) -> u32 {
        // Branch-free: the loop the branching variant made was 3-5 % of a hard puzzle's time.
        let pos = bit.trailing_zeros() % 27;
        let mut digits = 0;
        for d in 0..9 {
            digits |= ((self.cand[idx(d, b)] >> pos) & 1) << d;
        }
        digits
    }

    /// Cells whose digit is not fixed yet.
    #[inline]
    fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|cells| cells.count_ones()).sum()
    }

    /// Chooses the cell to branch on: the best-connected bivalue cell (see
    /// [`State::best_pair`]), else the unsolved cell with the fewest
    /// candidates. `None` when the grid is solved: at the fixpoint every cell
    /// holds exactly one digit and every band word keeps one cell per row and
    /// box (permutation filter) with its box columns locked out of the other
    /// bands, so the digits form a valid grid.
    #[inline(always)]
    fn pick_cell(&self, pairs: [u32; 3]) -> Option<(usize, u32)> {
        if pairs != [0; 3] {
            return Some(self.best_pair(pairs));
        }
        if self.unsolved == [0; 3] {
            return None;
        }
        self.fewest_candidates_cell()
    }

    /// Of the first [`SCORED_PAIRS`] bivalue cells, the one with the most
    /// unsolved peers plus bivalue peers (the first one on a tie): both
    /// branches then remove candidates from many open cells, which prunes the
    /// search tree by about a third against taking the first bivalue cell.
    #[inline(always)]
    fn best_pair(&self, pairs: [u32; 3]) -> (usize, u32) {
        let mut best = (0, 0);
        let mut best_score = 0;
        let mut left = SCORED_PAIRS;
        for (b, &band_pairs) in pairs.iter().enumerate() {
            let mut cells = band_pairs;
            while cells != 0 && left > 0 {
                left -= 1;
                let pos = cells.trailing_zeros() as usize % 27;
                cells &= cells - 1;
                let score = peers_in(&pairs, b, pos) + peers_in(&self.unsolved, b, pos);
                if score > best_score {
                    best_score = score;
                    best = (b, 1 << pos);
                }
            }
        }
        best
    }

    /// Fallback for `pick_cell` when no bivalue cell exists: the first unsolved cell (band
    /// by band, in bit order) with the fewest candidates. The candidate counts of a band's
    /// cells are taken bit-sliced from its nine digit words, not cell by cell.
    #[cold]
    fn fewest_candidates_cell(&self) -> Option<(usize, u32)> {
        // more_than[b][k]: the cells of band b with more than k candidates.
        let mut more_than = [[0u32; 9]; 3];
        for (b, counts) in more_than.iter_mut().enumerate() {
            for d in 0..9 {
                let word = self.cand[idx(d, b)];
                for k in (1..9).rev() {
                    counts[k] |= counts[k - 1] & word;
                }
                counts[0] |= word;
            }
        }
        let exactly = |b: usize, k: usize| {
            let more = if k < 9 { more_than[b][k] } else { 0 };
            more_than[b][k - 1] & !more & self.unsolved[b]
        };
        (1..=9).find_map(|k| {
            (0..3).find_map(|b| {
                let cells = exactly(b, k);
                (cells != 0).then(|| (b, cells & cells.wrapping_neg()))
            })
        })
    }

    /// Writes the (fully solved) grid: every cell holds exactly one digit.
    fn write_solution(&self, out: &mut [u8; 81]) {
        for b in 0..3 {
            for d in 0..9 {
                let mut w = self.cand[idx(d, b)];
                while w != 0 {
                    let pos = w.trailing_zeros() as usize;
                    w &= w - 1;
                    out[27 * b + pos] = d as u8 + 1;
                }
            }
        }
    }
}

/// A depth-first search and its tally.
struct Search<'a> {
    tally: Tally<'a>,
}

impl<'a> Search<'a> {
    /// A search for up to `limit` solutions; the first one goes to `first`.
    fn new(limit: u32, first: Option<&'a mut [u8; 81]>) -> Self {
        Search {
            tally: Tally::new(limit, first),
        }
    }

    /// Solutions of `st`, counted up to `limit`; the first one goes to `first`.
    fn count(st: State, limit: u32, first: Option<&'a mut [u8; 81]>) -> u32 {
        let mut search = Search::new(limit, first);
        search.run(st);
        search.tally.found()
    }

    /// Depth-first search from `st`; each level fixes one more cell, so the recursion depth is
    /// at most 81. Runs the search's build for the bit instructions when the CPU has them
    /// ([`fast_here`]), the plain one otherwise: both search the same tree.
    fn run(&mut self, st: State) {
        if fast_here() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `fast_here` says the CPU has every feature `run_fast` is compiled for.
            return unsafe { self.run_fast(st) };
        }
        self.run_plain(st)
    }
}

/// Whether [`Search`] runs its build for AVX2, POPCNT, BMI1 and BMI2 here: a bit count is one
/// instruction there instead of a dozen (top1465 counted 2 % faster in all; docs/PERFORMANCE.md).
#[inline(always)]
fn fast_here() -> bool {
    #[cfg(target_arch = "x86_64")]
    return super::triad9::bit_instructions();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// [`count_solutions`]'s body (`$count`), the search's recursion (`$run`) and its branching
/// (`$branch`, inlined as `$inline` says), with the attributes `$attr`: expanded once plain and
/// once for the bit instructions, the same source.
macro_rules! band_search {
    ($count:ident, $run:ident, $branch:ident, #[$inline:meta] $(#[$attr:meta])*) => {
        /// [`count_solutions`] for `limit` above 0, the second solution to `second` too, and
        /// whether the triad counter counted. With `hand_off` false this counter counts alone:
        /// no loose grid goes to [`super::cells9`], no wide-open one to the triad counter.
        $(#[$attr])*
        fn $count(
            givens: &[u8; 81],
            limit: u32,
            mut first: Option<&mut [u8; 81]>,
            mut second: Option<&mut [u8; 81]>,
            hand_off: bool,
        ) -> (u32, bool) {
            let Some(mut st) = State::from_givens(givens) else {
                return (0, false);
            };
            if limit == 2
                && hand_off
                && st.is_loose()
                && let Some(found) =
                    super::cells9::count_two(givens, first.as_deref_mut(), second.as_deref_mut())
            {
                return (found, false);
            }
            let mut search = if limit >= 2 {
                // Root propagation, then the triad counter for a wide-open grid, else the
                // search goes on from the propagated root.
                let Some(pairs) = st.propagate() else {
                    return (0, false);
                };
                if hand_off
                    && st.open_cells() >= TRIAD_OPEN_CELLS
                    && let Some(count) = triad_count(&st.cand, limit, first.as_deref_mut())
                {
                    return (count, true);
                }
                let mut search = Search {
                    tally: Tally::two(limit, first, second),
                };
                if !search.$branch(&mut st, pairs) {
                    return (search.tally.found(), false);
                }
                search
            } else {
                Search {
                    tally: Tally::two(limit, first, second),
                }
            };
            search.$run(st);
            (search.tally.found(), false)
        }

        impl Search<'_> {
            /// Depth-first search from `st` (see [`Search::run`]).
            $(#[$attr])*
            fn $run(&mut self, mut st: State) {
                while let Some(pairs) = st.propagate() {
                    if !self.$branch(&mut st, pairs) {
                        return;
                    }
                }
            }

            /// Branches on the cell chosen from the propagated `st` (its bivalue cells
            /// `pairs`): every digit but the last on a copy, the last in place. False when the
            /// search ends here: `st` is solved (and recorded) or the limit is reached.
            $(#[$attr])*
            #[$inline]
            fn $branch(&mut self, st: &mut State, pairs: [u32; 3]) -> bool {
                let Some((b, bit)) = st.pick_cell(pairs) else {
                    self.tally.record(|out| st.write_solution(out));
                    return false;
                };
                let mut digits = st.cell_digits(b, bit);
                loop {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    if digits == 0 {
                        // Last alternative: continue in place.
                        st.place(d, b, bit);
                        return true;
                    }
                    let mut child = *st;
                    child.place(d, b, bit);
                    self.$run(child);
                    if self.tally.done() {
                        return false;
                    }
                }
            }
        }
    };
}

band_search!(count_plain, run_plain, branch_plain, #[inline(always)]);
#[cfg(target_arch = "x86_64")]
band_search!(
    count_fast,
    run_fast,
    branch_fast,
    #[inline]
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
);

/// Counts solutions of a classic 9x9 puzzle up to `limit` (stops as soon as `limit` is reached).
/// `givens`: 81 values row-major, 0 = empty, 1..=9 digits. Givens that conflict with each other => 0 solutions.
/// Values above 9 make the puzzle invalid (0 solutions). `limit == 0` returns 0 without searching.
/// If `first` is Some, it receives the first solution found (when count >= 1).
///
/// Counting to two, a loose grid ([`State::is_loose`]) is counted by [`super::cells9`]. When
/// counting (`limit >= 2`) on a CPU that runs [`super::triad9`], a grid that root propagation
/// leaves with at least [`TRIAD_OPEN_CELLS`] open cells is counted there. The count is the
/// same; the only solution reported is then the same too (a first solution of a grid with
/// several solutions may differ, which is why `limit == 1` always stays here).
pub fn count_solutions(givens: &[u8; 81], limit: u32, first: Option<&mut [u8; 81]>) -> u32 {
    if limit == 0 {
        return 0;
    }
    count_here(givens, limit, first, None, true).0
}

/// Counts the solutions of `givens` up to two; the first two found go to `first` and `second`.
/// They are [`super::cells9`]'s for a loose grid, else the band counter's; every build of
/// either searches one tree, so a puzzle with several solutions shows the same two on every
/// CPU: the triad counter (whose tree differs) counts a wide-open grid, and when that grid has
/// two, the band counter finds them again.
pub fn two_solutions(givens: &[u8; 81], first: &mut [u8; 81], second: &mut [u8; 81]) -> u32 {
    match count_here(givens, 2, Some(first), Some(second), true) {
        (found, true) if found >= 2 => count_here(givens, 2, Some(first), Some(second), false).0,
        (found, _) => found,
    }
}

/// [`count_plain`] or [`count_fast`], as the CPU allows.
fn count_here(
    givens: &[u8; 81],
    limit: u32,
    first: Option<&mut [u8; 81]>,
    second: Option<&mut [u8; 81]>,
    hand_off: bool,
) -> (u32, bool) {
    if fast_here() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `fast_here` says the CPU has every feature `count_fast` is compiled for.
        return unsafe { count_fast(givens, limit, first, second, hand_off) };
    }
    count_plain(givens, limit, first, second, hand_off)
}

/// The fewest filled cells a loose grid ([`State::is_loose`]) has: below that, grids stay here
/// whatever their hidden singles (the hardest unique puzzles often start with none).
pub const LOOSE_GIVENS: u32 = 30;

/// The most hidden singles a loose grid ([`State::is_loose`]) has. Unique grids with
/// [`LOOSE_GIVENS`] givens or more nearly always start with two or more (all but 0.5 % of the
/// generator's: docs/PERFORMANCE.md, "The cell counter").
pub const LOOSE_HIDDEN_SINGLES: u32 = 1;

/// Open cells after root propagation from which [`count_solutions`] hands a grid to
/// [`super::triad9`]: below this, this counter's cheaper propagation wins; above, the triad
/// counter's smaller trees do (measured per puzzle on the shared sets, docs/PERFORMANCE.md).
pub const TRIAD_OPEN_CELLS: u32 = 54;

/// The triad counter's count of the candidate words `cand`, when this CPU runs it.
#[cfg(target_arch = "x86_64")]
fn triad_count(cand: &[u32; 27], limit: u32, first: Option<&mut [u8; 81]>) -> Option<u32> {
    super::triad9::count_solutions(cand, limit, first)
}

#[cfg(not(target_arch = "x86_64"))]
fn triad_count(_: &[u32; 27], _: u32, _: Option<&mut [u8; 81]>) -> Option<u32> {
    None
}

/// [`count_solutions`] by this counter alone, never handing over (the triad counter's tests
/// compare against it).
#[cfg(test)]
pub(crate) fn count_banded(givens: &[u8; 81], limit: u32, first: Option<&mut [u8; 81]>) -> u32 {
    match State::from_givens(givens) {
        Some(st) if limit > 0 => Search::count(st, limit, first),
        _ => 0,
    }
}

/// The candidate words of `givens` after root propagation, as the hand-off gives them to the
/// triad counter (for its tests); `None` when the givens or the propagation find a contradiction.
#[cfg(test)]
pub(crate) fn propagated_words(givens: &[u8; 81]) -> Option<[u32; 27]> {
    let mut st = State::from_givens(givens)?;
    st.propagate()?;
    Some(st.cand)
}

/// The candidate words of `givens` before any propagation (for the triad counter's tests);
/// `None` for values above 9.
#[cfg(test)]
pub(crate) fn unpropagated_words(givens: &[u8; 81]) -> Option<[u32; 27]> {
    let mut cand = [BAND_CELLS; 27];
    for (cell, &value) in givens.iter().enumerate() {
        if value > 9 {
            return None;
        }
        if value > 0 {
            let (b, bit) = (cell / 27, 1 << (cell % 27));
            for d in 0..9 {
                if d + 1 != usize::from(value) {
                    cand[idx(d, b)] &= !bit;
                }
            }
        }
    }
    Some(cand)
}

/// True when `givens` has a solution other than `solution`, on the promise that the puzzle was
/// unique before the cells `emptied` were cleared (so any other solution differs from `solution`
/// in one of them). Cheaper than counting to two: for each emptied cell in turn, one search for
/// any solution with that cell's digit excluded and the earlier emptied cells fixed to theirs.
pub fn has_other_solution(givens: &[u8; 81], solution: &[u8; 81], emptied: &[usize]) -> bool {
    let Some(mut st) = State::from_givens(givens) else {
        return false;
    };
    for &cell in emptied {
        debug_assert!(
            cell < 81 && (1..=9).contains(&solution[cell]),
            "not a solved cell"
        );
        let (b, bit) = (cell / 27, 1 << (cell % 27));
        let d = usize::from(solution[cell]).wrapping_sub(1) % 9;
        let mut child = st;
        child.cand[idx(d, b)] &= !bit;
        if Search::count(child, 1, None) > 0 {
            return true;
        }
        st.place(d, b, bit);
    }
    false
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{count_solutions, given_words, has_other_solution, idx};

    use crate::test_support::data_dir;

    /// Tiny deterministic xorshift64* generator.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
            for i in (1..items.len()).rev() {
                items.swap(i, self.below(i + 1));
            }
        }
    }

    /// Reference solver: plain backtracking over the most constrained empty cell.
    mod reference {
        fn peers_used(grid: &[u8; 81], cell: usize) -> u16 {
            let (r, c) = (cell / 9, cell % 9);
            let (br, bc) = (r / 3 * 3, c / 3 * 3);
            let mut used = 0u16;
            for i in 0..9 {
                for peer in [r * 9 + i, i * 9 + c, (br + i / 3) * 9 + bc + i % 3] {
                    if peer != cell && grid[peer] != 0 {
                        used |= 1 << grid[peer];
                    }
                }
            }
            used
        }

        fn givens_valid(grid: &[u8; 81]) -> bool {
            (0..81).all(|cell| {
                grid[cell] == 0
                    || (grid[cell] <= 9 && peers_used(grid, cell) & (1 << grid[cell]) == 0)
            })
        }

        fn search(grid: &mut [u8; 81], limit: u32, count: &mut u32, order: &[u8; 9]) {
            let mut best: Option<(usize, u16)> = None;
            for cell in 0..81 {
                if grid[cell] == 0 {
                    let free = !peers_used(grid, cell) & 0x3FE;
                    if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
                        best = Some((cell, free));
                    }
                }
            }
            let Some((cell, free)) = best else {
                *count += 1;
                return;
            };
            for &digit in order {
                if free & (1 << digit) != 0 {
                    grid[cell] = digit;
                    search(grid, limit, count, order);
                    grid[cell] = 0;
                    if *count >= limit {
                        return;
                    }
                }
            }
        }

        /// Number of solutions, up to `limit`.
        pub fn count(givens: &[u8; 81], limit: u32) -> u32 {
            if !givens_valid(givens) {
                return 0;
            }
            let mut grid = *givens;
            let mut count = 0;
            search(&mut grid, limit, &mut count, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
            count
        }

        /// A solution of `givens` trying digits in `order` (used to make random grids).
        pub fn first_solution(givens: &[u8; 81], order: &[u8; 9]) -> Option<[u8; 81]> {
            fn go(grid: &mut [u8; 81], order: &[u8; 9]) -> bool {
                let Some(cell) = grid.iter().position(|&v| v == 0) else {
                    return true;
                };
                let free = !super::reference::peers_used(grid, cell) & 0x3FE;
                for &digit in order {
                    if free & (1 << digit) != 0 {
                        grid[cell] = digit;
                        if go(grid, order) {
                            return true;
                        }
                    }
                }
                grid[cell] = 0;
                false
            }
            let mut grid = *givens;
            (givens_valid(givens) && go(&mut grid, order)).then_some(grid)
        }
    }

    pub(crate) fn parse(line: &str) -> Option<[u8; 81]> {
        let bytes = line.trim_end().as_bytes();
        if bytes.len() < 81 {
            return None;
        }
        let mut grid = [0u8; 81];
        for (cell, &ch) in grid.iter_mut().zip(bytes) {
            *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        Some(grid)
    }

    pub(crate) fn load(name: &str) -> Option<Vec<[u8; 81]>> {
        let path = data_dir().join(name);
        match std::fs::read_to_string(&path) {
            Ok(text) => Some(text.lines().filter_map(parse).collect()),
            Err(_) => {
                crate::test_support::skip(&format!(
                    "{} not found (set SUDOKU_DATA)",
                    path.display()
                ));
                None
            }
        }
    }

    /// A complete grid obeying all Sudoku rules.
    pub(crate) fn is_valid_solution(grid: &[u8; 81]) -> bool {
        let unit_ok = |cells: [usize; 9]| {
            let mut seen = 0u16;
            for cell in cells {
                seen |= 1 << grid[cell];
            }
            seen == 0x3FE
        };
        (0..9).all(|i| {
            unit_ok(std::array::from_fn(|j| i * 9 + j))
                && unit_ok(std::array::from_fn(|j| j * 9 + i))
                && unit_ok(std::array::from_fn(|j| {
                    (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3
                }))
        })
    }

    pub(crate) fn keeps_givens(givens: &[u8; 81], solution: &[u8; 81]) -> bool {
        givens.iter().zip(solution).all(|(&g, &s)| g == 0 || g == s)
    }

    /// Checks every puzzle of a data file: count (limit 2) and the first solution.
    fn check_file(name: &str, expected: u32) {
        let Some(puzzles) = load(name) else {
            return;
        };
        assert!(!puzzles.is_empty(), "{name} is empty");
        for (line, givens) in puzzles.iter().enumerate() {
            let mut solution = [0u8; 81];
            let n = count_solutions(givens, 2, Some(&mut solution));
            assert_eq!(n, expected, "{name} line {}", line + 1);
            assert!(is_valid_solution(&solution), "{name} line {}", line + 1);
            assert!(keeps_givens(givens, &solution), "{name} line {}", line + 1);
        }
        println!("{name}: {} puzzles ok", puzzles.len());
    }

    #[test]
    fn unique_unbiased() {
        check_file("puzzles1_unbiased_first1000.txt", 1);
    }

    #[test]
    fn unique_17_clue() {
        check_file("puzzles2_17_clue.txt", 1);
    }

    #[test]
    fn unique_magictour() {
        check_file("puzzles3_magictour_top1465.txt", 1);
    }

    #[test]
    fn unique_forum_hardest_11plus() {
        check_file("puzzles5_forum_hardest_1905_11plus.txt", 1);
    }

    #[test]
    fn unique_forum_hardest_1106() {
        check_file("puzzles6_forum_hardest_1106.txt", 1);
    }

    #[test]
    fn unique_radcliffe() {
        check_file("radcliffe3m_stratified_7034.txt", 1);
    }

    #[test]
    fn multiple_serg() {
        check_file("puzzles7_serg_benchmark.txt", 2);
    }

    #[test]
    fn empty_grid() {
        let empty = [0u8; 81];
        let mut solution = [0u8; 81];
        assert_eq!(count_solutions(&empty, 1, Some(&mut solution)), 1);
        assert!(is_valid_solution(&solution));
        assert_eq!(count_solutions(&empty, 2, None), 2);
        assert_eq!(count_solutions(&empty, 1000, None), 1000);
        assert_eq!(count_solutions(&empty, 0, None), 0);
    }

    #[test]
    fn full_grids() {
        let mut solution = [0u8; 81];
        assert_eq!(count_solutions(&[0; 81], 1, Some(&mut solution)), 1);
        let full = solution;
        let mut out = [0u8; 81];
        assert_eq!(count_solutions(&full, 10, Some(&mut out)), 1);
        assert_eq!(out, full);
        for cell in [0, 40, 80, 13] {
            let mut wrong = full;
            wrong[cell] = wrong[cell] % 9 + 1;
            assert_eq!(count_solutions(&wrong, 10, None), 0, "cell {cell}");
            // Removing the digit instead leaves exactly one completion.
            let mut holed = full;
            holed[cell] = 0;
            assert_eq!(count_solutions(&holed, 10, None), 1, "cell {cell}");
        }
    }

    #[test]
    fn conflicting_and_invalid_givens() {
        let mut grid = [0u8; 81];
        grid[0] = 5;
        grid[8] = 5; // same row
        assert_eq!(count_solutions(&grid, 2, None), 0);
        let mut grid = [0u8; 81];
        grid[0] = 5;
        grid[72] = 5; // same column
        assert_eq!(count_solutions(&grid, 2, None), 0);
        let mut grid = [0u8; 81];
        grid[0] = 5;
        grid[20] = 5; // same box
        assert_eq!(count_solutions(&grid, 2, None), 0);
        let mut grid = [0u8; 81];
        grid[0] = 10; // out of range
        assert_eq!(count_solutions(&grid, 2, None), 0);
        grid[0] = 255;
        assert_eq!(count_solutions(&grid, 2, None), 0);
        // No conflicting givens, but cell 0 has no possible digit.
        let mut grid = [0u8; 81];
        for (i, d) in (1..=8).enumerate() {
            grid[i + 1] = d;
        }
        grid[9] = 9;
        assert_eq!(count_solutions(&grid, 2, None), 0);
    }

    fn random_solved_grid(rng: &mut Rng) -> [u8; 81] {
        let mut order = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut order);
        // A few random givens first make the grids more varied.
        let mut seed = [0u8; 81];
        seed[rng.below(81)] = order[0];
        seed[rng.below(81)] = order[1];
        reference::first_solution(&seed, &order)
            .or_else(|| reference::first_solution(&[0; 81], &order))
            .expect("empty grid is solvable")
    }

    fn compare_with_reference(givens: &[u8; 81], limit: u32) {
        let mut solution = [0u8; 81];
        let n = count_solutions(givens, limit, Some(&mut solution));
        assert_eq!(
            n,
            reference::count(givens, limit),
            "limit {limit} {givens:?}"
        );
        if n > 0 {
            assert!(is_valid_solution(&solution) && keeps_givens(givens, &solution));
        }
    }

    #[test]
    fn given_words_are_the_cells_digit_by_digit() {
        // The byte-compare reading against the plain one, cell by cell, and every value above
        // nine refused wherever it stands (band edges included).
        let by_cell = |givens: &[u8; 81]| {
            let mut words = [0u32; 27];
            for (cell, &value) in givens.iter().enumerate() {
                if value > 0 {
                    words[idx(usize::from(value - 1), cell / 27)] |= 1 << (cell % 27);
                }
            }
            words
        };
        random_partial_grids(11, 200, |_, givens| {
            assert_eq!(given_words(givens), Some(by_cell(givens)));
        });
        let full: [u8; 81] = std::array::from_fn(|cell| (cell % 9 + 1) as u8);
        assert_eq!(given_words(&full), Some(by_cell(&full)));
        for cell in [0, 15, 16, 26, 27, 53, 54, 80] {
            for value in [10, 11, 128, 255] {
                let mut givens = [0u8; 81];
                givens[cell] = value;
                assert_eq!(given_words(&givens), None, "cell {cell} value {value}");
            }
        }
    }

    /// Random partial grids, `rounds` of them from `seed`: 17 to 46 givens of a random solved
    /// grid (mostly sparse to medium, where counts vary around the limits), each followed by the
    /// same grid with one given changed (mostly no solution, sometimes other ones). `check`
    /// gets the round and the grid.
    pub(crate) fn random_partial_grids(
        seed: u64,
        rounds: usize,
        mut check: impl FnMut(usize, &[u8; 81]),
    ) {
        let mut rng = Rng(seed);
        let mut cells: Vec<usize> = (0..81).collect();
        for round in 0..rounds {
            let solved = random_solved_grid(&mut rng);
            rng.shuffle(&mut cells);
            let keep = 17 + rng.below(30);
            let mut givens = [0u8; 81];
            for &cell in &cells[..keep] {
                givens[cell] = solved[cell];
            }
            check(round, &givens);
            let cell = cells[rng.below(keep)];
            givens[cell] = givens[cell] % 9 + 1;
            check(round, &givens);
        }
    }

    #[test]
    fn random_partial_grids_match_reference() {
        random_partial_grids(0x9E37_79B9_7F4A_7C15, 600, |round, givens| {
            compare_with_reference(givens, 1 + (round % 10) as u32);
        });
    }

    /// The 50 classic fixtures: 40 unique puzzles, then 10 with several solutions.
    pub(crate) fn fixture_grids() -> Vec<[u8; 81]> {
        [
            include_str!("../../../../tests/fixtures/classic-9x9-unique.txt"),
            include_str!("../../../../tests/fixtures/classic-9x9-multiple.txt"),
        ]
        .iter()
        .flat_map(|text| text.lines())
        .filter_map(parse)
        .collect()
    }

    /// The search's two builds (plain, and for the bit instructions when this CPU has them)
    /// count the same and report the same first and second solutions, on limits 1 to 3: the
    /// fixtures, random partial grids and two shared sets.
    #[test]
    fn both_builds_of_the_search_agree() {
        use super::{count_plain, fast_here};
        if !fast_here() {
            eprintln!("skipping: this CPU has no AVX2 and BMI2 (or SUDOKU_SIMD=none)");
            return;
        }
        #[cfg(target_arch = "x86_64")]
        {
            let agree = |givens: &[u8; 81], what: &str| {
                for limit in 1..=3 {
                    let (mut plain, mut fast) = ([[0u8; 81]; 2], [[0u8; 81]; 2]);
                    let [p1, p2] = &mut plain;
                    let want = count_plain(givens, limit, Some(p1), Some(p2), false);
                    let [f1, f2] = &mut fast;
                    // SAFETY: `fast_here` said the CPU has the features.
                    let got =
                        unsafe { super::count_fast(givens, limit, Some(f1), Some(f2), false) };
                    assert_eq!(got, want, "{what}, limit {limit}");
                    assert_eq!(fast, plain, "{what}, limit {limit}");
                }
            };
            for (i, givens) in fixture_grids().iter().enumerate() {
                agree(givens, &format!("fixture {}", i + 1));
            }
            random_partial_grids(0xB17_5EA2C, 300, |round, givens| {
                agree(givens, &format!("round {round}"));
            });
            for name in [
                "puzzles2_17_clue_sample1000.txt",
                "puzzles7_serg_benchmark.txt",
            ] {
                for (line, givens) in load(name).unwrap_or_default().iter().enumerate() {
                    agree(givens, &format!("{name} line {}", line + 1));
                }
            }
        }
    }

    /// [`two_solutions`] counts what [`count_solutions`] counts; its solutions are valid, keep
    /// the givens and differ, and they are the cell counter's for a loose grid, else the band
    /// counter's alone (no hand-off), so the same on every CPU.
    #[test]
    fn two_solutions_are_the_cell_or_band_counters_first_two() {
        use super::{State, count_here, two_solutions};
        let mut loose = 0;
        let mut check = |givens: &[u8; 81], what: &str| {
            let (mut first, mut second) = ([0u8; 81], [0u8; 81]);
            let found = two_solutions(givens, &mut first, &mut second);
            assert_eq!(found, count_solutions(givens, 2, None), "{what}");
            if found == 0 {
                return;
            }
            assert!(
                is_valid_solution(&first) && keeps_givens(givens, &first),
                "{what}"
            );
            let (mut band1, mut band2) = ([0u8; 81], [0u8; 81]);
            if State::from_givens(givens).is_some_and(|st| st.is_loose()) {
                loose += 1;
                let cells =
                    crate::solve::cells9::count_two(givens, Some(&mut band1), Some(&mut band2));
                assert_eq!(cells, Some(found), "{what}");
            } else {
                let band = count_here(givens, 2, Some(&mut band1), Some(&mut band2), false);
                assert_eq!(band, (found, false), "{what}");
            }
            assert_eq!(first, band1, "{what}");
            if found == 2 {
                assert!(
                    is_valid_solution(&second) && keeps_givens(givens, &second),
                    "{what}"
                );
                assert_ne!(first, second, "{what}");
                assert_eq!(second, band2, "{what}");
            }
        };
        for (i, givens) in fixture_grids().iter().enumerate() {
            check(givens, &format!("fixture {}", i + 1));
        }
        // The empty grid and sparse grids are wide open: the triad counter counts them first.
        check(&[0; 81], "the empty grid");
        random_partial_grids(0x2501_7105, 300, |round, givens| {
            check(givens, &format!("round {round}"));
        });
        assert!(loose > 0, "no loose grid among the random ones");
    }

    /// A loose grid whose cell-counter search runs out of steps (however far it got: no
    /// solution yet, or the first one written) is counted again by the band counter alone:
    /// the same count and the band counter's solutions. With a budget large enough, the cell
    /// counter's own.
    #[test]
    fn a_loose_grid_out_of_steps_goes_back_to_the_band_counter() {
        use super::{State, count_here, two_solutions};
        use crate::solve::cells9::{count_two, with_step_budget};
        let loose: Vec<[u8; 81]> = fixture_grids()
            .into_iter()
            .filter(|g| State::from_givens(g).is_some_and(|st| st.is_loose()))
            .collect();
        assert!(
            loose.len() >= 5,
            "the several-solution fixtures are loose grids"
        );
        let (mut fell_back, mut finished) = (0, 0);
        for (i, givens) in loose.iter().enumerate() {
            let mut band = [[0u8; 81]; 2];
            let [b1, b2] = &mut band;
            let (band_count, _) = count_here(givens, 2, Some(b1), Some(b2), false);
            for budget in 1..=120 {
                let what = format!("loose fixture {}, budget {budget}", i + 1);
                let mut cells = [[0u8; 81]; 2];
                let [c1, c2] = &mut cells;
                let by_cells = with_step_budget(budget, || count_two(givens, Some(c1), Some(c2)));
                let mut got = [[0u8; 81]; 2];
                let [g1, g2] = &mut got;
                let found = with_step_budget(budget, || two_solutions(givens, g1, g2));
                assert_eq!(found, band_count, "{what}");
                if by_cells.is_some() {
                    finished += 1;
                    assert_eq!(got, cells, "{what}");
                } else {
                    fell_back += 1;
                    assert_eq!(got, band, "{what}");
                }
            }
        }
        assert!(
            fell_back > 0 && finished > 0,
            "{fell_back} fell back, {finished} finished"
        );
    }

    /// A grid is loose with many givens and at most one hidden single (counted per house and
    /// digit): a solved grid less one cell has three (the cell's row, column and box), less
    /// two cells of different houses six; serg's grids (several solutions each) are loose, and
    /// no unique fixture is.
    #[test]
    fn loose_grids_have_many_givens_and_almost_no_hidden_single() {
        use super::{LOOSE_GIVENS, LOOSE_HIDDEN_SINGLES, State};
        let mut rng = Rng(0x1005_E5EE);
        let solved = random_solved_grid(&mut rng);
        let state = |givens: &[u8; 81]| State::from_givens(givens).expect("valid givens");
        let mut one_open = solved;
        one_open[40] = 0;
        assert!(state(&one_open).hidden_singles_at_most(3));
        assert!(!state(&one_open).hidden_singles_at_most(2));
        let mut two_open = one_open;
        two_open[0] = 0;
        assert!(state(&two_open).hidden_singles_at_most(6));
        assert!(!state(&two_open).hidden_singles_at_most(5));
        assert!(!state(&two_open).is_loose(), "six hidden singles");
        // The first serg grid: 34 givens, none of them leaving a hidden single.
        let serg = parse(
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        )
        .expect("81 cells");
        assert!(state(&serg).hidden_singles_at_most(0));
        assert!(state(&serg).is_loose());
        // The same with fewer than LOOSE_GIVENS givens is left to this counter.
        let mut sparse = serg;
        for cell in (0..81).rev().filter(|&c| serg[c] != 0).take(5) {
            sparse[cell] = 0;
        }
        assert!(81 - state(&sparse).open_cells() < LOOSE_GIVENS);
        assert!(!state(&sparse).is_loose());
        for (i, givens) in fixture_grids().iter().take(40).enumerate() {
            assert!(!state(givens).is_loose(), "unique fixture {}", i + 1);
        }
        let serg_set = load("puzzles7_serg_benchmark.txt").unwrap_or_default();
        let loose = serg_set.iter().filter(|g| state(g).is_loose()).count();
        assert!(
            loose * 100 >= serg_set.len() * 95,
            "{loose} of {} serg grids loose (at most {LOOSE_HIDDEN_SINGLES} hidden single)",
            serg_set.len()
        );
    }

    /// Some grids are wide open after root propagation: those are the ones
    /// [`count_solutions`] hands to the triad counter, and both counters agree on them.
    #[test]
    fn wide_open_grids_are_handed_over_and_agree() {
        use super::{State, TRIAD_OPEN_CELLS, count_banded};
        let fixtures = include_str!("../../../../tests/fixtures/classic-9x9-unique.txt");
        let mut handed = 0;
        for givens in fixtures.lines().filter_map(parse) {
            let mut st = State::from_givens(&givens).expect("valid fixture");
            st.propagate().expect("solvable fixture");
            if st.open_cells() >= TRIAD_OPEN_CELLS {
                handed += 1;
                let (mut via, mut banded) = ([0u8; 81], [0u8; 81]);
                assert_eq!(count_solutions(&givens, 2, Some(&mut via)), 1);
                assert_eq!(count_banded(&givens, 2, Some(&mut banded)), 1);
                assert_eq!(via, banded);
            }
        }
        assert!(handed >= 5, "only {handed} fixtures reach the hand-off");
    }

    /// The bit-sliced fallback picks what a cell-by-cell count picks: the first unsolved cell,
    /// band by band and in bit order, with the fewest candidates.
    #[test]
    fn fewest_candidates_cell_is_the_first_with_the_fewest() {
        use super::{State, idx};
        let naive = |st: &State| {
            let mut best: Option<(usize, u32)> = None;
            let mut best_count = u32::MAX;
            for b in 0..3 {
                for pos in 0..27 {
                    let bit = 1u32 << pos;
                    if st.unsolved[b] & bit == 0 {
                        continue;
                    }
                    let count = (0..9).filter(|&d| st.cand[idx(d, b)] & bit != 0).count() as u32;
                    if count < best_count {
                        (best_count, best) = (count, Some((b, bit)));
                    }
                }
            }
            best
        };
        let mut rng = Rng(0x5EED_F00D);
        let mut checked = 0;
        for _ in 0..3000 {
            let mut st = State::from_givens(&[0; 81]).expect("the empty grid is valid");
            // Random candidates, random solved cells: every count from 1 to 9 occurs.
            for word in st.cand.iter_mut() {
                *word &= (rng.next() as u32) | (rng.next() as u32);
            }
            for unsolved in st.unsolved.iter_mut() {
                *unsolved &= rng.next() as u32 | rng.next() as u32;
            }
            assert_eq!(st.fewest_candidates_cell(), naive(&st), "{:?}", st.cand);
            checked += usize::from(naive(&st).is_some());
        }
        assert!(checked > 2900);
        let solved = State {
            unsolved: [0; 3],
            ..State::from_givens(&[0; 81]).expect("valid")
        };
        assert_eq!(solved.fewest_candidates_cell(), None);
    }

    /// A digit left in one band of a column is claimed by that band's box: the box's other two
    /// columns lose it, other boxes and digits keep theirs; a column left without the digit is a
    /// contradiction.
    #[test]
    fn column_claiming_narrows_the_box_and_finds_empty_columns() {
        use super::{BAND_CELLS, ROWS_X3, State, idx};
        let mut st = State::from_givens(&[0; 81]).expect("the empty grid is valid");
        let column0 = ROWS_X3;
        // Digit 1 (index 0) leaves column 0 in bands 1 and 2: band 0 must hold it there.
        st.cand[idx(0, 1)] &= !column0;
        st.cand[idx(0, 2)] &= !column0;
        assert!(st.claim_columns());
        let box0_other_columns = 0b110 * ROWS_X3;
        assert_eq!(st.cand[idx(0, 0)], BAND_CELLS & !box0_other_columns);
        assert_eq!(
            st.cand[idx(0, 1)],
            BAND_CELLS & !column0,
            "other bands unchanged"
        );
        assert_eq!(st.cand[idx(1, 0)], BAND_CELLS, "other digits unchanged");
        // Band 0 losing column 0 too leaves the digit nowhere in it.
        st.cand[idx(0, 0)] &= !column0;
        assert!(!st.claim_columns());
    }

    #[test]
    fn random_givens_match_reference() {
        // Random digits in random cells: mostly conflicting or unsolvable.
        let mut rng = Rng(12345);
        for round in 0..2000 {
            let mut givens = [0u8; 81];
            for _ in 0..rng.below(25) {
                givens[rng.below(81)] = 1 + rng.below(9) as u8;
            }
            compare_with_reference(&givens, 1 + (round % 10) as u32);
        }
    }

    #[test]
    fn hard_puzzles_with_holes_match_reference() {
        let Some(puzzles) = load("puzzles3_magictour_top1465.txt") else {
            return;
        };
        let mut rng = Rng(777);
        for (i, puzzle) in puzzles.iter().enumerate().step_by(15) {
            let mut givens = *puzzle;
            // Drop 1..4 givens: usually several solutions.
            for _ in 0..1 + rng.below(4) {
                givens[rng.below(81)] = 0;
            }
            compare_with_reference(&givens, 1 + (i % 10) as u32);
        }
    }

    /// The digger's check against counting to two: from a full grid, orbits of one or two cells
    /// are emptied in random order, each kept only while the puzzle stays unique, so every
    /// check runs on the promise it relies on; both answers must agree at every step.
    #[test]
    fn other_solution_check_agrees_with_counting() {
        let mut rng = Rng(0xD1CE);
        let mut cells: Vec<usize> = (0..81).collect();
        let (mut kept, mut refused) = (0, 0);
        for _ in 0..60 {
            let solved = random_solved_grid(&mut rng);
            rng.shuffle(&mut cells);
            let mut givens = solved;
            for &cell in &cells {
                if givens[cell] == 0 {
                    continue;
                }
                let mate = 80 - cell;
                let emptied: Vec<usize> = if mate == cell || givens[mate] == 0 {
                    vec![cell]
                } else {
                    vec![cell, mate]
                };
                emptied.iter().for_each(|&x| givens[x] = 0);
                let other = has_other_solution(&givens, &solved, &emptied);
                assert_eq!(other, count_solutions(&givens, 2, None) > 1, "{givens:?}");
                if other {
                    emptied.iter().for_each(|&x| givens[x] = solved[x]);
                    refused += 1;
                } else {
                    kept += 1;
                }
            }
        }
        assert!(
            kept > 1000 && refused > 500,
            "{kept} kept, {refused} refused"
        );
    }
}
