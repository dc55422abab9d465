//! Two-solution counter for *loose* classic 9×9 grids: many givens that still leave the digits
//! free (at most one hidden single), which is what a grid with several solutions looks like.
//! There, strong propagation buys little and a cheap step wins: a depth-first search that places
//! one cell at a time, naked singles first, guessing on the first cell with the fewest
//! candidates, with each step a few vector operations over all 81 cells. It counts serg's
//! benchmark (10,000 grids of 34–35 givens, every one with several solutions) twice as fast as
//! [`super::classic9`] (docs/PERFORMANCE.md, "The cell counter"). Other grids, and a search
//! past its step budget, are left to [`super::classic9`].
//!
//! # Representation
//!
//! One 16-bit lane per cell (96 lanes, the last 15 padding): bits 0..9 are the digits still
//! possible in an open cell; a placed cell keeps bit 15 (and its own digit), so it is never
//! empty, never a single and, counted, never the fewest. Placing digit `d` in cell `x` clears
//! bit `d` in the lanes of `x`'s 20 peers and sets bit 15 in `x`'s lane, one table row
//! ([`PLACE_MASKS`]) applied to every lane.
//!
//! # Search
//!
//! Each step scans every lane: an open cell without a candidate ends the branch; else the first
//! cell (in reading order) with one candidate gets it; else the grid is solved when no cell is
//! open; else the first cell with the fewest candidates is tried with each digit in turn (all
//! but the last on a copy of the 273-byte state). The search is the same on every instruction
//! set: the AVX-512, AVX2, SSE2 and plain builds count, and find, the same.

use super::Tally;
#[cfg(target_arch = "x86_64")]
use super::triad9::{self, Isa};

/// Lanes of the state: 81 cells and 15 padding lanes (placed from the start).
const LANES: usize = 96;

/// Placements (singles and tried digits) after which the search gives up and the grid goes to
/// [`super::classic9`]: almost six times the most a grid of serg's takes (349; the median 64).
pub const STEP_BUDGET: u32 = 2_000;

/// Bit 15 of a lane: the cell is placed.
const PLACED: u16 = 0x8000;

/// `PLACE_MASKS[x]`: per lane, `0x1FF` for the 20 peers of cell `x`, [`PLACED`] for `x` itself,
/// 0 elsewhere. Placing `bit` in `x` turns each lane `v` into `(v & !(m & bit)) | (m & PLACED)`.
static PLACE_MASKS: [[u16; LANES]; 81] = place_masks();

const fn place_masks() -> [[u16; LANES]; 81] {
    let mut masks = [[0u16; LANES]; 81];
    let mut x = 0;
    while x < 81 {
        let mut y = 0;
        while y < 81 {
            let same_row = x / 9 == y / 9;
            let same_col = x % 9 == y % 9;
            let same_box = x / 27 == y / 27 && (x % 9) / 3 == (y % 9) / 3;
            masks[x][y] = if x == y {
                PLACED
            } else if same_row || same_col || same_box {
                0x1FF
            } else {
                0
            };
            y += 1;
        }
        x += 1;
    }
    masks
}

/// The search state: small and `Copy`, so a guess branches on a copy.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct State {
    /// One lane per cell (see the module notes).
    lanes: [u16; LANES],
    /// The digits placed so far, 0 for an open cell.
    grid: [u8; 81],
}

impl State {
    /// The state of `givens`, or `None` for a value above 9 or two equal givens in one house
    /// (left to [`super::classic9`], which counts no solution there).
    fn from_givens(givens: &[u8; 81]) -> Option<State> {
        // The digits each row, column and box holds; the row's and the band's boxes' in registers.
        let (mut rows, mut cols) = ([0u16; 9], [0u16; 9]);
        let mut boxes = [0u16; 9];
        let (mut clash, mut too_big) = (0u16, false);
        for band in 0..3 {
            let mut band_boxes = [0u16; 3];
            for r in 3 * band..3 * band + 3 {
                let mut row = 0u16;
                for c in 0..9 {
                    let value = givens[9 * r + c];
                    too_big |= value > 9;
                    // 0 for an empty cell (and for a value above 9, refused below).
                    let bit = (1u16 << (value & 15)) >> 1;
                    clash |= (row | cols[c] | band_boxes[c / 3]) & bit;
                    row |= bit;
                    cols[c] |= bit;
                    band_boxes[c / 3] |= bit;
                }
                rows[r] = row;
            }
            boxes[3 * band..3 * band + 3].copy_from_slice(&band_boxes);
        }
        if too_big || clash != 0 {
            return None;
        }
        let mut lanes = [PLACED | 0x1FF; LANES];
        for r in 0..9 {
            for c in 0..9 {
                let value = givens[9 * r + c];
                let free = !(rows[r] | cols[c] | boxes[r / 3 * 3 + c / 3]) & 0x1FF;
                let given = PLACED | (1u16 << (value & 15)) >> 1;
                lanes[9 * r + c] = if value == 0 { free } else { given };
            }
        }
        Some(State {
            lanes,
            grid: *givens,
        })
    }
}

/// What a scan of the lanes found.
enum Step {
    /// An open cell has no candidate: the branch ends.
    Dead,
    /// Every cell is placed.
    Solved,
    /// The first cell with a single candidate.
    Single(usize),
    /// No single: the first cell with the fewest candidates.
    Guess(usize),
}

/// Counts the solutions of `givens` up to two; the first two go to `first` and `second`.
/// [`super::classic9`] asks for loose grids. `None` when the givens are invalid or clash, or
/// the search ran past [`STEP_BUDGET`]: then [`super::classic9`] counts.
pub fn count_two(
    givens: &[u8; 81],
    first: Option<&mut [u8; 81]>,
    second: Option<&mut [u8; 81]>,
) -> Option<u32> {
    let st = State::from_givens(givens)?;
    let mut search = Search {
        tally: Tally::two(2, first, second),
        steps: 0,
    };
    // The search stops early when it finds two solutions or runs out of steps.
    let counted = search.run_here(st) || search.tally.done();
    counted.then(|| search.tally.found())
}

/// A depth-first search, its tally and its steps.
struct Search<'a> {
    tally: Tally<'a>,
    steps: u32,
}

impl Search<'_> {
    /// The search from `st` with the best build this CPU runs; false when it stopped early (two
    /// solutions found, or out of steps).
    fn run_here(&mut self, st: State) -> bool {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `available` says the CPU has every feature each build is compiled for, and
        // SSE2 is part of x86-64.
        unsafe {
            match triad9::available() {
                Some(Isa::Avx512) => self.run_avx512(st),
                Some(Isa::Avx2) => self.run_avx2(st),
                None => self.run_sse2(st),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        self.run_plain(st)
    }

    /// Counts one more placement; false past the budget.
    #[inline(always)]
    fn step(&mut self) -> bool {
        self.steps += 1;
        self.steps <= step_budget()
    }
}

/// The step budget: [`STEP_BUDGET`].
#[cfg(not(test))]
#[inline(always)]
fn step_budget() -> u32 {
    STEP_BUDGET
}

#[cfg(test)]
thread_local! {
    /// A budget a test sets on its thread with [`with_step_budget`].
    static TEST_STEP_BUDGET: core::cell::Cell<Option<u32>> = const { core::cell::Cell::new(None) };
}

/// The step budget: [`STEP_BUDGET`], or the one a test set with [`with_step_budget`].
#[cfg(test)]
fn step_budget() -> u32 {
    TEST_STEP_BUDGET
        .with(|budget| budget.get())
        .unwrap_or(STEP_BUDGET)
}

/// Runs `f` with the step budget `budget` on this thread (for the tests of what happens when a
/// search runs out of steps, which no grid of the shared sets does).
#[cfg(test)]
pub(crate) fn with_step_budget<T>(budget: u32, f: impl FnOnce() -> T) -> T {
    TEST_STEP_BUDGET.with(|b| b.set(Some(budget)));
    let result = f();
    TEST_STEP_BUDGET.with(|b| b.set(None));
    result
}

/// The search's recursion (`$run`) with the scan `$scan` and placement `$place` of one build,
/// compiled with the attributes `$attr`: expanded once per instruction set, the same source.
macro_rules! cell_search {
    ($run:ident, $scan:path, $place:path, $(#[$attr:meta])*) => {
        impl Search<'_> {
            /// Depth-first search from `st`: false when it stops early (the budget ran out or
            /// two solutions were found), true when the branch is done.
            $(#[$attr])*
            fn $run(&mut self, mut st: State) -> bool {
                loop {
                    match $scan(&st) {
                        Step::Dead => return true,
                        Step::Solved => {
                            self.tally.record(|out| *out = st.grid);
                            return !self.tally.done();
                        }
                        Step::Single(x) => {
                            if !self.step() {
                                return false;
                            }
                            let bit = st.lanes[x % LANES] & 0x1FF;
                            $place(&mut st, x, bit);
                        }
                        Step::Guess(x) => {
                            let mut digits = st.lanes[x % LANES] & 0x1FF;
                            loop {
                                if !self.step() {
                                    return false;
                                }
                                let bit = digits & digits.wrapping_neg();
                                digits ^= bit;
                                if digits == 0 {
                                    // Last alternative: continue in place.
                                    $place(&mut st, x, bit);
                                    break;
                                }
                                let mut child = st;
                                $place(&mut child, x, bit);
                                if !self.$run(child) {
                                    return false;
                                }
                            }
                        }
                    }
                }
            }
        }
    };
}

/// The plain build, for CPUs other than x86-64 (and the tests): lane loops the compiler may
/// vectorise.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
mod plain {
    use super::{LANES, PLACE_MASKS, PLACED, State, Step};

    /// The first lane whose flag is set, if any.
    #[inline(always)]
    fn first(flags: impl Fn(usize) -> bool) -> Option<usize> {
        (0..LANES).find(|&lane| flags(lane))
    }

    /// What the search does next from `st` (see [`Step`]).
    #[inline(always)]
    pub(super) fn scan(st: &State) -> Step {
        let lanes = &st.lanes;
        if lanes.contains(&0) {
            return Step::Dead;
        }
        if let Some(x) = first(|l| lanes[l] & lanes[l].wrapping_sub(1) == 0) {
            return Step::Single(x);
        }
        let count = |l: usize| {
            let v = lanes[l];
            if v & PLACED != 0 {
                u32::MAX
            } else {
                v.count_ones()
            }
        };
        let fewest = (0..LANES).map(count).min().unwrap_or(u32::MAX);
        match first(|l| count(l) == fewest) {
            Some(x) if fewest != u32::MAX => Step::Guess(x),
            _ => Step::Solved,
        }
    }

    /// Places the digit `bit` in cell `x`: its peers lose it, `x` is marked placed.
    #[inline(always)]
    pub(super) fn place(st: &mut State, x: usize, bit: u16) {
        let masks = &PLACE_MASKS[x % 81];
        for (v, &m) in st.lanes.iter_mut().zip(masks) {
            *v = (*v & !(m & bit)) | (m & PLACED);
        }
        st.grid[x % 81] = bit.trailing_zeros() as u8 + 1;
    }
}

cell_search!(
    run_plain,
    plain::scan,
    plain::place,
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))]
);

/// The SSE2 build, for x86-64 CPUs without AVX2 (SSE2 is part of x86-64): twelve 8-lane
/// vectors.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::{LANES, PLACE_MASKS, PLACED, State, Step};
    use core::arch::x86_64::*;

    const VECTORS: usize = LANES / 8;

    /// The lanes as vectors.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load(st: &State) -> [__m128i; VECTORS] {
        let p = st.lanes.as_ptr().cast::<__m128i>();
        // SAFETY: `State` is 64-byte aligned and `lanes` is its first field, 192 bytes.
        core::array::from_fn(|k| unsafe { _mm_load_si128(p.add(k)) })
    }

    /// Two bits per lane (one per byte) of the lanes of `v` where `f` holds, all vectors as
    /// one 192-bit mask in three words (four vectors a word).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn mask(v: &[__m128i; VECTORS], f: impl Fn(__m128i) -> __m128i) -> [u64; 3] {
        let m = |k: usize| u64::from(_mm_movemask_epi8(f(v[k])) as u16);
        core::array::from_fn(|w| {
            m(4 * w) | m(4 * w + 1) << 16 | m(4 * w + 2) << 32 | m(4 * w + 3) << 48
        })
    }

    /// The first lane of a [`mask`], if any.
    #[inline(always)]
    fn first(m: [u64; 3]) -> Option<usize> {
        (0..3)
            .find(|&k| m[k] != 0)
            .map(|k| 32 * k + m[k].trailing_zeros() as usize / 2)
    }

    /// Lane `l` of `v & (v - 1)` is 0 when lane `l` of `v` has at most one bit.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn drop_lowest(v: __m128i) -> __m128i {
        _mm_and_si128(v, _mm_sub_epi16(v, _mm_set1_epi16(1)))
    }

    /// What the search does next from `st` (see [`Step`]).
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn scan(st: &State) -> Step {
        let v = load(st);
        let zero = _mm_setzero_si128();
        if mask(&v, |x| _mm_cmpeq_epi16(x, zero)) != [0; 3] {
            return Step::Dead;
        }
        if let Some(x) = first(mask(&v, |x| _mm_cmpeq_epi16(drop_lowest(x), zero))) {
            return Step::Single(x);
        }
        // No lane is empty or single, so one with two candidates has the fewest (a placed lane,
        // all ones here, has sixteen).
        if let Some(x) = first(mask(&v, |x| {
            let x = _mm_or_si128(x, _mm_srai_epi16(x, 15));
            _mm_cmpeq_epi16(drop_lowest(drop_lowest(x)), zero)
        })) {
            return Step::Guess(x);
        }
        // Candidates per lane (bit counts of 16-bit lanes), 0x7FFF for a placed one.
        let counts: [__m128i; VECTORS] = core::array::from_fn(|k| {
            let x = _mm_and_si128(v[k], _mm_set1_epi16(0x1FF));
            let x = _mm_sub_epi16(
                x,
                _mm_and_si128(_mm_srli_epi16(x, 1), _mm_set1_epi16(0x5555)),
            );
            let x = _mm_add_epi16(
                _mm_and_si128(x, _mm_set1_epi16(0x3333)),
                _mm_and_si128(_mm_srli_epi16(x, 2), _mm_set1_epi16(0x3333)),
            );
            let x = _mm_and_si128(
                _mm_add_epi16(x, _mm_srli_epi16(x, 4)),
                _mm_set1_epi16(0x0F0F),
            );
            let x = _mm_and_si128(_mm_add_epi16(x, _mm_srli_epi16(x, 8)), _mm_set1_epi16(0x1F));
            let placed = _mm_srli_epi16(_mm_srai_epi16(v[k], 15), 1);
            _mm_or_si128(x, placed)
        });
        let mut fewest = counts[0];
        for &c in &counts[1..] {
            fewest = _mm_min_epi16(fewest, c);
        }
        fewest = _mm_min_epi16(fewest, _mm_shuffle_epi32(fewest, 0b01_00_11_10));
        fewest = _mm_min_epi16(fewest, _mm_shuffle_epi32(fewest, 0b10_11_00_01));
        fewest = _mm_min_epi16(fewest, _mm_shufflelo_epi16(fewest, 0b10_11_00_01));
        let fewest = _mm_extract_epi16(fewest, 0) as u16;
        if fewest == 0x7FFF {
            return Step::Solved;
        }
        let target = _mm_set1_epi16(fewest as i16);
        Step::Guess(first(mask(&counts, |x| _mm_cmpeq_epi16(x, target))).unwrap_or(0))
    }

    /// Places the digit `bit` in cell `x`: its peers lose it, `x` is marked placed.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn place(st: &mut State, x: usize, bit: u16) {
        let masks = PLACE_MASKS[x % 81].as_ptr().cast::<__m128i>();
        let lanes = st.lanes.as_mut_ptr().cast::<__m128i>();
        let digit = _mm_set1_epi16(bit as i16);
        let placed = _mm_set1_epi16(PLACED as i16);
        for k in 0..VECTORS {
            // SAFETY: both arrays hold LANES lanes; the state is 64-byte aligned, the mask rows
            // are read unaligned.
            unsafe {
                let m = _mm_loadu_si128(masks.add(k));
                let v = _mm_load_si128(lanes.add(k));
                let v = _mm_or_si128(
                    _mm_andnot_si128(_mm_and_si128(m, digit), v),
                    _mm_and_si128(m, placed),
                );
                _mm_store_si128(lanes.add(k), v);
            }
        }
        st.grid[x % 81] = bit.trailing_zeros() as u8 + 1;
    }
}

#[cfg(target_arch = "x86_64")]
cell_search!(run_sse2, sse2::scan, sse2::place, #[target_feature(enable = "sse2")]);

/// The AVX2 build: six 16-lane vectors.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{LANES, PLACE_MASKS, PLACED, State, Step};
    use core::arch::x86_64::*;

    const VECTORS: usize = LANES / 16;

    /// The lanes as vectors.
    #[inline(always)]
    fn load(st: &State) -> [__m256i; VECTORS] {
        let p = st.lanes.as_ptr().cast::<__m256i>();
        // SAFETY: `State` is 64-byte aligned and `lanes` is its first field, 192 bytes.
        core::array::from_fn(|k| unsafe { _mm256_load_si256(p.add(k)) })
    }

    /// Two bits per lane (one per byte) of the lanes of `v` where `f` holds, all vectors as
    /// one 192-bit mask in three words (two vectors a word).
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    fn mask(v: &[__m256i; VECTORS], f: impl Fn(__m256i) -> __m256i) -> [u64; 3] {
        let m = |k: usize| u64::from(_mm256_movemask_epi8(f(v[k])) as u32);
        [m(0) | m(1) << 32, m(2) | m(3) << 32, m(4) | m(5) << 32]
    }

    /// The first lane of a [`mask`], if any.
    #[inline(always)]
    fn first(m: [u64; 3]) -> Option<usize> {
        (0..3)
            .find(|&k| m[k] != 0)
            .map(|k| 32 * k + m[k].trailing_zeros() as usize / 2)
    }

    /// What the search does next from `st` (see [`Step`]).
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    pub(super) fn scan(st: &State) -> Step {
        let v = load(st);
        let zero = _mm256_setzero_si256();
        let one = _mm256_set1_epi16(1);
        if mask(&v, |x| _mm256_cmpeq_epi16(x, zero)) != [0; 3] {
            return Step::Dead;
        }
        let singles = mask(&v, |x| {
            _mm256_cmpeq_epi16(_mm256_and_si256(x, _mm256_sub_epi16(x, one)), zero)
        });
        if let Some(x) = first(singles) {
            return Step::Single(x);
        }
        // Candidates per lane, all ones for a placed one: nibble counts through a table.
        let table = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let nibble = _mm256_set1_epi8(0x0F);
        let low_byte = _mm256_set1_epi16(0x00FF);
        let counts: [__m256i; VECTORS] = core::array::from_fn(|k| {
            let x = v[k];
            let low = _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble));
            let high =
                _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
            let bytes = _mm256_add_epi8(low, high);
            let count = _mm256_add_epi16(
                _mm256_and_si256(bytes, low_byte),
                _mm256_srli_epi16(bytes, 8),
            );
            _mm256_or_si256(count, _mm256_srai_epi16(x, 15))
        });
        let mut fewest = counts[0];
        for &c in &counts[1..] {
            fewest = _mm256_min_epu16(fewest, c);
        }
        let half = _mm_min_epu16(
            _mm256_castsi256_si128(fewest),
            _mm256_extracti128_si256(fewest, 1),
        );
        let fewest = _mm_extract_epi16(_mm_minpos_epu16(half), 0) as u16;
        if fewest == u16::MAX {
            return Step::Solved;
        }
        let target = _mm256_set1_epi16(fewest as i16);
        let at = mask(&counts, |x| _mm256_cmpeq_epi16(x, target));
        Step::Guess(first(at).unwrap_or(0))
    }

    /// Places the digit `bit` in cell `x`: its peers lose it, `x` is marked placed.
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    pub(super) fn place(st: &mut State, x: usize, bit: u16) {
        let masks = PLACE_MASKS[x % 81].as_ptr().cast::<__m256i>();
        let lanes = st.lanes.as_mut_ptr().cast::<__m256i>();
        let digit = _mm256_set1_epi16(bit as i16);
        let placed = _mm256_set1_epi16(PLACED as i16);
        for k in 0..VECTORS {
            // SAFETY: both arrays hold LANES lanes; the state is 64-byte aligned, the mask rows
            // are read unaligned.
            unsafe {
                let m = _mm256_loadu_si256(masks.add(k));
                let v = _mm256_load_si256(lanes.add(k));
                let v = _mm256_or_si256(
                    _mm256_andnot_si256(_mm256_and_si256(m, digit), v),
                    _mm256_and_si256(m, placed),
                );
                _mm256_store_si256(lanes.add(k), v);
            }
        }
        st.grid[x % 81] = bit.trailing_zeros() as u8 + 1;
    }
}

#[cfg(target_arch = "x86_64")]
cell_search!(run_avx2, avx2::scan, avx2::place, #[target_feature(enable = "avx2,popcnt")]);

/// The AVX-512 build: three 32-lane vectors, lane masks in mask registers, one instruction to
/// count a lane's candidates.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::{LANES, PLACE_MASKS, PLACED, State, Step};
    use core::arch::x86_64::*;

    const VECTORS: usize = LANES / 32;

    /// The lanes as vectors.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512bitalg,avx2,popcnt")]
    #[inline]
    fn load(st: &State) -> [__m512i; VECTORS] {
        let p = st.lanes.as_ptr().cast::<__m512i>();
        // SAFETY: `State` is 64-byte aligned and `lanes` is its first field, 192 bytes.
        core::array::from_fn(|k| unsafe { _mm512_load_si512(p.add(k)) })
    }

    /// The first lane of three 32-lane masks, if any.
    #[inline(always)]
    fn first(m: [u32; VECTORS]) -> Option<usize> {
        let low = u64::from(m[0]) | u64::from(m[1]) << 32;
        if low != 0 {
            Some(low.trailing_zeros() as usize)
        } else if m[2] != 0 {
            Some(64 + m[2].trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// What the search does next from `st` (see [`Step`]).
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512bitalg,avx2,popcnt")]
    #[inline]
    pub(super) fn scan(st: &State) -> Step {
        let v = load(st);
        let zero = _mm512_setzero_si512();
        let one = _mm512_set1_epi16(1);
        let dead = v.map(|x| _mm512_cmpeq_epi16_mask(x, zero));
        if dead != [0; VECTORS] {
            return Step::Dead;
        }
        let singles =
            v.map(|x| _mm512_cmpeq_epi16_mask(_mm512_and_si512(x, _mm512_sub_epi16(x, one)), zero));
        if let Some(x) = first(singles) {
            return Step::Single(x);
        }
        // Candidates per lane, all ones for a placed one.
        let counts = v.map(|x| _mm512_or_si512(_mm512_popcnt_epi16(x), _mm512_srai_epi16(x, 15)));
        let fewest = _mm512_min_epu16(_mm512_min_epu16(counts[0], counts[1]), counts[2]);
        let half = _mm256_min_epu16(
            _mm512_castsi512_si256(fewest),
            _mm512_extracti64x4_epi64(fewest, 1),
        );
        let quarter = _mm_min_epu16(
            _mm256_castsi256_si128(half),
            _mm256_extracti128_si256(half, 1),
        );
        let fewest = _mm_extract_epi16(_mm_minpos_epu16(quarter), 0) as u16;
        if fewest == u16::MAX {
            return Step::Solved;
        }
        let target = _mm512_set1_epi16(fewest as i16);
        Step::Guess(first(counts.map(|c| _mm512_cmpeq_epi16_mask(c, target))).unwrap_or(0))
    }

    /// Places the digit `bit` in cell `x`: its peers lose it, `x` is marked placed.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512bitalg,avx2,popcnt")]
    #[inline]
    pub(super) fn place(st: &mut State, x: usize, bit: u16) {
        let masks = PLACE_MASKS[x % 81].as_ptr().cast::<__m512i>();
        let lanes = st.lanes.as_mut_ptr().cast::<__m512i>();
        let digit = _mm512_set1_epi16(bit as i16);
        let placed = _mm512_set1_epi16(PLACED as i16);
        for k in 0..VECTORS {
            // SAFETY: both arrays hold LANES lanes; the state is 64-byte aligned, the mask rows
            // are read unaligned.
            unsafe {
                let m = _mm512_loadu_si512(masks.add(k));
                let v = _mm512_load_si512(lanes.add(k));
                // (v & !(m & digit)) | (m & placed)
                let v = _mm512_or_si512(
                    _mm512_andnot_si512(_mm512_and_si512(m, digit), v),
                    _mm512_and_si512(m, placed),
                );
                _mm512_store_si512(lanes.add(k), v);
            }
        }
        st.grid[x % 81] = bit.trailing_zeros() as u8 + 1;
    }
}

#[cfg(target_arch = "x86_64")]
cell_search!(
    run_avx512,
    avx512::scan,
    avx512::place,
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512bitalg,avx2,popcnt")]
);

#[cfg(test)]
mod tests {
    use super::{STEP_BUDGET, Search, State, count_two};
    use crate::solve::Tally;
    use crate::solve::classic9::count_banded;
    use crate::solve::classic9::tests::{
        fixture_grids, is_valid_solution, keeps_givens, load, parse, random_partial_grids,
    };

    /// What one build's search of `givens` gives: whether it counted (not out of steps), the
    /// solutions found, the first two, and the steps taken.
    type Outcome = (bool, u32, [[u8; 81]; 2], u32);

    /// A build of the search, as a plain function.
    type Build = fn(&mut Search<'_>, State) -> bool;

    fn outcome(givens: &[u8; 81], build: Build) -> Option<Outcome> {
        let st = State::from_givens(givens)?;
        let mut solutions = [[0u8; 81]; 2];
        let [first, second] = &mut solutions;
        let mut search = Search {
            tally: Tally::two(2, Some(first), Some(second)),
            steps: 0,
        };
        let counted = build(&mut search, st) || search.tally.done();
        let (found, steps) = (search.tally.found(), search.steps);
        Some((counted, found, solutions, steps))
    }

    /// Every build this CPU runs, by name, the plain one first.
    fn builds() -> Vec<(&'static str, Build)> {
        let mut builds: Vec<(&'static str, Build)> = vec![("plain", |s, st| s.run_plain(st))];
        #[cfg(target_arch = "x86_64")]
        {
            use crate::solve::triad9::{Isa, available};
            // SAFETY: SSE2 is part of x86-64.
            builds.push(("sse2", |s, st| unsafe { s.run_sse2(st) }));
            if available().is_some() {
                // SAFETY: `available` says the CPU has AVX2 and POPCNT.
                builds.push(("avx2", |s, st| unsafe { s.run_avx2(st) }));
            }
            if available() == Some(Isa::Avx512) {
                // SAFETY: `available` says the CPU has the AVX-512 features.
                builds.push(("avx512", |s, st| unsafe { s.run_avx512(st) }));
            }
        }
        builds
    }

    /// The grids the tests search: the fixtures, random partial grids (17 to 46 givens) and the
    /// first 2,000 of serg's (several solutions each).
    fn grids() -> Vec<(String, [u8; 81])> {
        let mut grids: Vec<(String, [u8; 81])> = fixture_grids()
            .into_iter()
            .enumerate()
            .map(|(i, g)| (format!("fixture {}", i + 1), g))
            .collect();
        random_partial_grids(0xCE11_5EED, 400, |round, givens| {
            grids.push((format!("round {round}"), *givens));
        });
        let serg = load("puzzles7_serg_benchmark.txt").unwrap_or_default();
        for (line, givens) in serg.into_iter().take(2000).enumerate() {
            grids.push((format!("serg line {}", line + 1), givens));
        }
        grids
    }

    /// Every build searches the same tree: the same counts, solutions and steps as the plain
    /// one, on every grid, loose or not (a grid out of steps stops at the same step).
    #[test]
    fn every_build_searches_the_same_tree() {
        let builds = builds();
        for (what, givens) in grids() {
            let want = outcome(&givens, builds[0].1);
            for &(name, build) in &builds[1..] {
                assert_eq!(outcome(&givens, build), want, "{what}, {name} build");
            }
        }
    }

    /// What the search counts is what the band counter counts; its solutions are valid, keep
    /// the givens and differ, and a unique one is the band counter's.
    #[test]
    fn counts_agree_with_the_band_counter() {
        let mut counted = [0usize; 3];
        for (what, givens) in grids() {
            let (mut first, mut second) = ([0u8; 81], [0u8; 81]);
            let Some(found) = count_two(&givens, Some(&mut first), Some(&mut second)) else {
                continue;
            };
            let mut band = [0u8; 81];
            assert_eq!(found, count_banded(&givens, 2, Some(&mut band)), "{what}");
            counted[found as usize] += 1;
            if found >= 1 {
                assert!(
                    is_valid_solution(&first) && keeps_givens(&givens, &first),
                    "{what}"
                );
            }
            if found == 1 {
                assert_eq!(first, band, "{what}");
            }
            if found == 2 {
                assert!(
                    is_valid_solution(&second) && keeps_givens(&givens, &second),
                    "{what}"
                );
                assert_ne!(first, second, "{what}");
            }
        }
        assert!(
            counted.iter().all(|&n| n > 0),
            "counted 0, 1 and 2: {counted:?}"
        );
    }

    /// A grid that needs strong propagation (a hard 17-clue puzzle) runs out of steps: the
    /// count is left to the band counter.
    #[test]
    fn a_hard_grid_runs_out_of_steps() {
        let hard = fixture_grids()
            .into_iter()
            .find(|givens| outcome(givens, builds()[0].1).is_some_and(|(counted, ..)| !counted))
            .expect("a fixture needs more steps than the budget");
        let (_, _, _, steps) = outcome(&hard, builds()[0].1).expect("valid givens");
        assert_eq!(steps, STEP_BUDGET + 1);
        assert_eq!(count_two(&hard, None, None), None);
    }

    /// Givens above 9 or twice in a house are left to the band counter (which counts none).
    #[test]
    fn invalid_givens_are_left_to_the_band_counter() {
        let serg = parse(
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        )
        .expect("81 cells");
        assert_eq!(count_two(&serg, None, None), Some(2));
        let mut too_big = serg;
        too_big[1] = 10;
        assert_eq!(count_two(&too_big, None, None), None);
        let mut clash = serg;
        clash[1] = 8;
        assert_eq!(count_two(&clash, None, None), None);
        assert_eq!(count_banded(&clash, 2, None), 0);
    }
}
