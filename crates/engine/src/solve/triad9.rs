//! Exact solution counter for classic 9×9 Sudoku on x86-64 CPUs with AVX-512 (VL, BW, BITALG)
//! or AVX2 (the same code compiled twice, [`Isa`]; [`SIMD_VARIABLE`] holds it lower): every box and every band is one vector, and propagation passes messages between them, in both
//! band directions and on triads. [`super::classic9`] hands it the grids left open by its own root
//! propagation when many cells are open: its stronger propagation makes search trees about a
//! quarter smaller on the hardest puzzles (docs/PERFORMANCE.md, "The triad counter").
//!
//! # Representation
//!
//! * A **box** is 16 lanes of 9-bit digit sets, a 4×4 matrix: lane `4 * i + j` for `i, j < 3`
//!   holds the candidates of the box's cell in row `i`, column `j`. Lane `4 * i + 3` holds the
//!   digits that may still be *absent* from the box's mini-row `i` (its three cells), lane
//!   `12 + j` those that may be absent from mini-column `j`; lane 15 is unused (always empty).
//!   A mini-line holds exactly three digits, so its absent lane keeps at least six.
//! * A **band** (three boxes side by side, horizontal or vertical) holds, for each of the six
//!   ways to give each of its three lines its own box ([`PERMS`]), the digits that may still be
//!   placed that way: six lanes of a 128-bit vector.
//!
//! # Propagation
//!
//! Each of the box matrix's first three rows (three cells and the mini-row's absent lane) and
//! first three columns says: every digit is in exactly one of these four places. A box settles
//! these clauses, its cells' naked singles, the six-digit minimum of its absent lanes and its own
//! "each digit once" rule ([`settle_box`]), then tells both its bands which placements its
//! mini-lines still allow. A band keeps the placements its boxes allow, places a mini-line's
//! digits when only three remain possible there ([`narrow_band`]), and tells its three boxes what
//! each mini-line may hold and may lack. Every message says everything its sender knows and is
//! applied only when it removes something, so propagation ends. Messages go first to the other
//! direction and back to their sender last, which keeps the work about a fifth smaller.
//!
//! # Search
//!
//! On a band with the fewest open placements, a digit with the fewest (two if any): its first
//! placement is tried on a copy of the 384-byte state, the others in place. The grid is solved
//! when every band is fixed: then every line of every box holds three known digits, each cell
//! the one digit its mini-row and mini-column share, and every row, column and box each digit
//! once.

use core::arch::x86_64::*;
use core::mem::transmute;

/// `PERMS[p][r]`: the box (0..3 along the band) that placement `p` gives line `r` of the band.
use super::Tally;
use super::classic9::PERMS;

/// All nine digits.
const ALL: u16 = 0x1FF;

/// The instruction sets the counter is compiled for, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isa {
    /// AVX-512 VL, BW and BITALG (one instruction counts a lane's digits).
    Avx512,
    /// AVX2 and POPCNT: most x86-64 CPUs since 2013, AMD's Zen 2 and 3 among them.
    Avx2,
}

/// The environment variable that holds the counter to an instruction set below the CPU's:
/// `avx2` (no AVX-512), `none` (no triad counter: the band counter counts alone). Benchmarks
/// set it to measure a CPU without AVX-512 on one that has it; every path counts the same.
pub const SIMD_VARIABLE: &str = "SUDOKU_SIMD";

/// The instruction set the counter runs with here, if any: the best the CPU has (read once from
/// CPUID and the register state the OS enables, then cached), no better than [`SIMD_VARIABLE`]
/// allows. Three CPUID queries, not the standard library's full feature scan, which costs 55 µs
/// a process on a virtual machine where every query traps (docs/PERFORMANCE.md, "The triad
/// counter").
pub fn available() -> Option<Isa> {
    cpu().isa
}

/// Whether [`super::classic9`]'s search may run its build for AVX2, POPCNT, BMI1 and BMI2 (read
/// with [`available`]; `SUDOKU_SIMD=none` says no, as for a CPU without AVX2).
pub fn bit_instructions() -> bool {
    cpu().bit_instructions
}

/// What this CPU runs, as [`SIMD_VARIABLE`] allows.
#[derive(Clone, Copy)]
struct Cpu {
    isa: Option<Isa>,
    bit_instructions: bool,
}

/// [`detect`] once, held lower by [`SIMD_VARIABLE`].
fn cpu() -> Cpu {
    static CPU: std::sync::OnceLock<Cpu> = std::sync::OnceLock::new();
    *CPU.get_or_init(|| {
        let found = detect();
        match std::env::var(SIMD_VARIABLE).as_deref() {
            Ok("none") => Cpu {
                isa: None,
                bit_instructions: false,
            },
            Ok("avx2") => Cpu {
                isa: found.isa.map(|_| Isa::Avx2),
                ..found
            },
            _ => found,
        }
    })
}

/// What [`cpu`] reads: AVX2 and POPCNT on the CPU, with the OS saving the AVX registers;
/// AVX-512 F, VL, BW and BITALG too, with the OS saving the AVX-512 registers (XCR0); BMI1 and
/// BMI2 beside AVX2.
fn detect() -> Cpu {
    const POPCNT: u32 = 1 << 23;
    const OSXSAVE: u32 = 1 << 27;
    const AVX: u32 = 1 << 28;
    const AVX2: u32 = 1 << 5;
    const BMI1: u32 = 1 << 3;
    const BMI2: u32 = 1 << 8;
    const AVX512F: u32 = 1 << 16;
    const AVX512BW: u32 = 1 << 30;
    const AVX512VL: u32 = 1 << 31;
    const AVX512BITALG: u32 = 1 << 12;
    // XCR0: the SSE and AVX registers (bits 1, 2); AVX-512's masks and upper registers (5-7).
    const SAVED_AVX: u64 = 0b0000_0110;
    const SAVED_AVX512: u64 = 0b1110_0110;
    let nothing = Cpu {
        isa: None,
        bit_instructions: false,
    };
    if __cpuid(0).eax < 7 {
        return nothing;
    }
    let leaf1 = __cpuid(1);
    let needed1 = POPCNT | OSXSAVE | AVX;
    if leaf1.ecx & needed1 != needed1 {
        return nothing;
    }
    // SAFETY: OSXSAVE says the OS enabled XGETBV (and the CPU has it).
    let saved = unsafe { saved_registers() };
    let leaf7 = __cpuid_count(7, 0);
    if saved & SAVED_AVX != SAVED_AVX || leaf7.ebx & AVX2 == 0 {
        return nothing;
    }
    let needed512 = AVX512F | AVX512BW | AVX512VL;
    let avx512 = leaf7.ebx & needed512 == needed512
        && leaf7.ecx & AVX512BITALG != 0
        && saved & SAVED_AVX512 == SAVED_AVX512;
    Cpu {
        isa: Some(if avx512 { Isa::Avx512 } else { Isa::Avx2 }),
        bit_instructions: leaf7.ebx & (BMI1 | BMI2) == BMI1 | BMI2,
    }
}

/// The register state the OS saves (XCR0).
///
/// # Safety
///
/// The CPU must have XGETBV: CPUID leaf 1 says OSXSAVE.
#[target_feature(enable = "xsave")]
unsafe fn saved_registers() -> u64 {
    // SAFETY: the caller checked OSXSAVE.
    unsafe { _xgetbv(0) }
}

/// Counts, up to `limit`, the solutions of the grid whose candidates are the band words `cand`
/// (`cand[9 * band + digit]`, bit `9 * row + column` inside the band, as [`super::classic9`]
/// keeps them); the first solution goes to `first`. `None` when [`available`] says no
/// instruction set runs it here. Any candidate words will do, propagated or not (a cell left
/// without a digit counts no solution).
pub fn count_solutions(cand: &[u32; 27], limit: u32, first: Option<&mut [u8; 81]>) -> Option<u32> {
    available().map(|isa| count_with(isa, cand, limit, first))
}

/// [`count_solutions`] with the instruction set `isa`, which this CPU must have (every one at
/// or below [`available`]'s).
fn count_with(isa: Isa, cand: &[u32; 27], limit: u32, first: Option<&mut [u8; 81]>) -> u32 {
    match isa {
        // SAFETY: the caller says the CPU has every feature each is compiled for.
        Isa::Avx512 => unsafe { avx512::count_checked(cand, limit, first) },
        Isa::Avx2 => unsafe { avx2::count_checked(cand, limit, first) },
    }
}

const fn v16(lanes: [u16; 16]) -> __m256i {
    // SAFETY: both types are 32 plain bytes.
    unsafe { transmute(lanes) }
}

const fn v8(lanes: [u16; 8]) -> __m128i {
    // SAFETY: both types are 16 plain bytes.
    unsafe { transmute(lanes) }
}

/// A byte-shuffle control moving 16-bit lanes: output lane `l` takes lane `src[l]` of the same
/// 128-bit half of the source (0..8), or zero when `src[l]` is negative.
const fn shuffle16(src: [i8; 16]) -> __m256i {
    let mut bytes = [0u8; 32];
    let mut lane = 0;
    while lane < 16 {
        let s = src[lane];
        assert!(s < 8, "a byte shuffle stays in its 128-bit half");
        let (lo, hi) = if s < 0 {
            (0x80, 0x80)
        } else {
            (2 * s as u8, 2 * s as u8 + 1)
        };
        bytes[2 * lane] = lo;
        bytes[2 * lane + 1] = hi;
        lane += 1;
    }
    // SAFETY: both types are 32 plain bytes.
    unsafe { transmute(bytes) }
}

/// [`shuffle16`] for one 128-bit vector.
const fn shuffle8(src: [i8; 8]) -> __m128i {
    let mut wide = [-1i8; 16];
    let mut lane = 0;
    while lane < 8 {
        wide[lane] = src[lane];
        lane += 1;
    }
    // SAFETY: both types are 32 plain bytes.
    let halves: [__m128i; 2] = unsafe { transmute(shuffle16(wide)) };
    halves[0]
}

const A: u16 = ALL;
/// A box with nothing decided.
const BOX_OPEN: __m256i = v16([A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, 0]);
/// Fewest candidates a lane may keep: one for a cell, six for an absent lane.
const BOX_MIN: __m256i = v16([1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0]);
/// The cell lanes.
const CELLS: __m256i = v16([A, A, A, 0, A, A, A, 0, A, A, A, 0, 0, 0, 0, 0]);
/// The lanes of the matrix rows that are clauses (three cells and a mini-row's absent lane).
const ROW_CLAUSES: __m256i = v16([A, A, A, A, A, A, A, A, A, A, A, A, 0, 0, 0, 0]);
/// The lanes of the matrix columns that are clauses.
const COL_CLAUSES: __m256i = v16([A, A, A, 0, A, A, A, 0, A, A, A, 0, A, A, A, 0]);
/// The mini-columns' absent lanes, left open by a horizontal band's message.
const MINI_COLS: __m256i = v16([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, A, A, A, 0]);
/// The mini-rows' absent lanes, left open by a vertical band's message.
const MINI_ROWS: __m256i = v16([0, 0, 0, A, 0, 0, 0, A, 0, 0, 0, A, 0, 0, 0, 0]);
/// A band with nothing decided: every digit in all six placements.
const BAND_OPEN: __m128i = v8([A, A, A, A, A, A, 0, 0]);
/// Three in every triad lane of [`band_triads`]: a mini-line holds exactly three digits.
const THREE: __m256i = v16([3, 3, 3, 0, 3, 3, 3, 0, 3, 3, 3, 0, 0, 0, 0, 0]);

/// Rotations along the matrix rows: lane `(i, j)` takes lane `(i, j + s)`.
const ROW_ROT1: __m256i = shuffle16([1, 2, 3, 0, 5, 6, 7, 4, 1, 2, 3, 0, 5, 6, 7, 4]);
const ROW_ROT2: __m256i = shuffle16([2, 3, 0, 1, 6, 7, 4, 5, 2, 3, 0, 1, 6, 7, 4, 5]);
/// Lane `(i, j)` takes lane `(i, j ^ 1)`.
const ROW_SWAP1: __m256i = shuffle16([1, 0, 3, 2, 5, 4, 7, 6, 1, 0, 3, 2, 5, 4, 7, 6]);

/// Gather, from the low half of a box whose row lanes hold their row's cell union, `[P0, P1, _,
/// N0, N1, _]`; [`GATHER_HIGH`] adds `P2` and `N2` from the high half.
const GATHER_LOW: __m128i = shuffle8([0, 4, -1, 3, 7, -1, -1, -1]);
const GATHER_HIGH: __m128i = shuffle8([-1, -1, 0, -1, -1, 3, -1, -1]);

/// For the box at position `k` along a band, three controls over `[P0, P1, P2, N0, N1, N2]` (the
/// digits each of its lines may hold, may lack) whose AND is, per placement, the digits the box
/// still allows it: the placement's line in this box must be able to hold the digit, the two
/// other lines to lack it.
const PLACEMENTS_ALLOWED: [[__m128i; 3]; 3] = placements_allowed();

const fn placements_allowed() -> [[__m128i; 3]; 3] {
    let mut out = [[v8([0; 8]); 3]; 3];
    let mut k = 0;
    while k < 3 {
        let mut ctrl = [[-1i8; 8]; 3];
        let mut p = 0;
        while p < 6 {
            let mut others = 1;
            let mut r = 0;
            while r < 3 {
                if PERMS[p][r] == k {
                    ctrl[0][p] = r as i8;
                } else {
                    ctrl[others][p] = 3 + r as i8;
                    others += 1;
                }
                r += 1;
            }
            p += 1;
        }
        out[k] = [shuffle8(ctrl[0]), shuffle8(ctrl[1]), shuffle8(ctrl[2])];
        k += 1;
    }
    out
}

/// Two controls over a band's placements (in both halves) whose OR is its triads: lane
/// `4 * k + r` (`k` the box along the band, `r` the line) holds the digits some placement puts
/// in line `r` of box `k`.
const TRIADS: [__m256i; 2] = triads();

const fn triads() -> [__m256i; 2] {
    let mut ctrl = [[-1i8; 16]; 2];
    let mut k = 0;
    while k < 3 {
        let mut r = 0;
        while r < 3 {
            let mut found = 0;
            let mut p = 0;
            while p < 6 {
                if PERMS[p][r] == k {
                    // Box 2's lanes (8..12) are the high half's lanes 0..4.
                    ctrl[found][4 * k + r] = p as i8;
                    found += 1;
                }
                p += 1;
            }
            r += 1;
        }
        k += 1;
    }
    [shuffle16(ctrl[0]), shuffle16(ctrl[1])]
}

/// Controls turning "digits a line must hold in another box" (lane `4 * k + r`: boxes 0 and 1
/// in the low half, box 2 in the high half) into the placements they rule out: a placement is
/// out for a digit when it puts some line in a box where that line cannot hold the digit.
const TRIAD_ELIMS: [__m128i; 3] = triad_elims();

const fn triad_elims() -> [__m128i; 3] {
    let mut ctrl = [[-1i8; 8]; 3];
    let mut p = 0;
    while p < 6 {
        let mut low = 0;
        let mut r = 0;
        while r < 3 {
            let k = PERMS[p][r];
            if k == 2 {
                ctrl[2][p] = r as i8;
            } else {
                ctrl[low][p] = (4 * k + r) as i8;
                low += 1;
            }
            r += 1;
        }
        p += 1;
    }
    [shuffle8(ctrl[0]), shuffle8(ctrl[1]), shuffle8(ctrl[2])]
}

/// From `[T0, T1, T2, _, N0, N1, N2, _]` (what each line of a box may hold, may lack) in both
/// halves, a horizontal band's restriction of the box ([`MINI_COLS`] added).
const ROW_MESSAGE: __m256i = shuffle16([0, 0, 0, 4, 1, 1, 1, 5, 2, 2, 2, 6, -1, -1, -1, -1]);
/// The same for a vertical band ([`MINI_ROWS`] added).
const COL_MESSAGE: __m256i = shuffle16([0, 1, 2, -1, 0, 1, 2, -1, 0, 1, 2, -1, 4, 5, 6, -1]);

/// The 27 cells of a band, as bits or as 16-bit lanes (row-major: `9 * row + column`).
const BAND_LANES: u32 = (1 << 27) - 1;

/// One bit in each placement lane: times a digit bit, that digit in every placement.
const PLACEMENT_LANES: u128 = 1 | 1 << 16 | 1 << 32 | 1 << 48 | 1 << 64 | 1 << 80;

/// The box at position `k` of band `n` in direction `o` (0 horizontal).
fn box_at(o: usize, n: usize, k: usize) -> usize {
    if o == 0 { 3 * n + k } else { 3 * k + n }
}

/// The counter, compiled for the instruction set `$features` names: each module that expands
/// it supplies [`avx512::popcount9`]-like `popcount9` (digits per lane) and `band_boxes` (a
/// band's candidate words as its three boxes' cell lanes, `None` when a cell has no digit).
macro_rules! counter {
    ($features:literal) => {
        #[target_feature(enable = $features)]
        pub(super) fn count_checked(
            cand: &[u32; 27],
            limit: u32,
            first: Option<&mut [u8; 81]>,
        ) -> u32 {
            if limit == 0 {
                return 0;
            }
            let Some(st) = State::from_candidates(cand) else {
                return 0;
            };
            let mut search = Search {
                tally: Tally::new(limit, first),
            };
            search.run(st);
            search.tally.found()
        }

        #[target_feature(enable = $features)]
        fn is_zero(v: __m256i) -> bool {
            _mm256_testz_si256(v, v) != 0
        }

        /// Each lane becomes the union of its matrix row.
        #[target_feature(enable = $features)]
        fn union_rows(v: __m256i) -> __m256i {
            let v = _mm256_or_si256(v, _mm256_shuffle_epi8(v, ROW_ROT2));
            _mm256_or_si256(v, _mm256_shuffle_epi8(v, ROW_ROT1))
        }

        /// Each lane becomes the union of its matrix column: matrix rows `i` and `i ^ 2` (the
        /// two halves, one move across them), then `i` and `i ^ 1` (inside each half, a cheaper
        /// move than a second one across).
        #[target_feature(enable = $features)]
        fn union_cols(v: __m256i) -> __m256i {
            let v = _mm256_or_si256(v, _mm256_permute4x64_epi64::<0x4E>(v));
            _mm256_or_si256(v, _mm256_shuffle_epi32::<0x4E>(v))
        }

        /// Per lane, the digits in two or more of four lanes: the lane `a`, its partner `b`,
        /// and the other pair, which `swap` moves onto this one (cheaper than three moves).
        #[target_feature(enable = $features)]
        fn twice(a: __m256i, b: __m256i, swap: impl Fn(__m256i) -> __m256i) -> __m256i {
            let (both, either) = (_mm256_and_si256(a, b), _mm256_or_si256(a, b));
            let across = _mm256_and_si256(either, swap(either));
            _mm256_or_si256(_mm256_or_si256(both, swap(both)), across)
        }

        /// What the assertions `a` of a box remove from it: a digit placed in a cell leaves the cell's
        /// other digits, the box's other cells and the absent lanes of its mini-row and mini-column; a
        /// digit asserted in one lane of a clause leaves the clause's other lanes.
        #[target_feature(enable = $features)]
        fn eliminations(a: __m256i) -> __m256i {
            let placed = _mm256_and_si256(a, CELLS);
            let rows = _mm256_and_si256(union_rows(a), ROW_CLAUSES);
            let cols = _mm256_and_si256(union_cols(a), COL_CLAUSES);
            let in_box = _mm256_and_si256(union_rows(union_cols(placed)), CELLS);
            let spread = _mm256_or_si256(_mm256_or_si256(rows, cols), in_box);
            let open = _mm256_cmpeq_epi16(placed, _mm256_setzero_si256());
            let placed_cells = _mm256_andnot_si256(open, CELLS);
            _mm256_andnot_si256(a, _mm256_or_si256(spread, placed_cells))
        }

        /// The box `v` with its own clauses settled, or `None` on a contradiction (a cell without a
        /// digit, a mini-line with fewer than six digits it may lack).
        #[target_feature(enable = $features)]
        fn settle_box(mut v: __m256i) -> Option<__m256i> {
            loop {
                let counts = popcount9(v);
                if !is_zero(_mm256_cmpgt_epi16(BOX_MIN, counts)) {
                    return None;
                }
                let naked = _mm256_and_si256(v, _mm256_cmpeq_epi16(counts, BOX_MIN));
                // Rows: lanes `j` and `j ^ 2` of a matrix row, then the other pair (`j ^ 1`).
                let row_twice = twice(v, _mm256_shuffle_epi8(v, ROW_ROT2), |x| {
                    _mm256_shuffle_epi8(x, ROW_SWAP1)
                });
                // Columns: matrix rows `i` and `i ^ 2`, then the other pair (`i ^ 1`).
                let col_twice = twice(v, _mm256_permute4x64_epi64::<0x4E>(v), |x| {
                    _mm256_shuffle_epi32::<0x4E>(x)
                });
                let hidden = _mm256_or_si256(
                    _mm256_and_si256(_mm256_andnot_si256(row_twice, v), ROW_CLAUSES),
                    _mm256_and_si256(_mm256_andnot_si256(col_twice, v), COL_CLAUSES),
                );
                let removed = _mm256_and_si256(eliminations(_mm256_or_si256(naked, hidden)), v);
                if is_zero(removed) {
                    return Some(v);
                }
                v = _mm256_xor_si256(v, removed);
            }
        }

        /// The placements of the horizontal band that box `v` (at position `k` along it) allows.
        #[target_feature(enable = $features)]
        fn row_placements(v: __m256i, k: usize) -> __m128i {
            let lines = union_rows(_mm256_and_si256(v, CELLS));
            let lines = _mm256_blend_epi16::<0x88>(lines, v);
            let low = _mm_shuffle_epi8(_mm256_castsi256_si128(lines), GATHER_LOW);
            let high = _mm_shuffle_epi8(_mm256_extracti128_si256::<1>(lines), GATHER_HIGH);
            placements_allowed_by(_mm_or_si128(low, high), k)
        }

        /// The placements of the vertical band that box `v` (at position `k` along it) allows.
        #[target_feature(enable = $features)]
        fn col_placements(v: __m256i, k: usize) -> __m128i {
            let cells = _mm256_and_si256(v, CELLS);
            let halves = _mm_or_si128(
                _mm256_castsi256_si128(cells),
                _mm256_extracti128_si256::<1>(cells),
            );
            let lines = _mm_or_si128(halves, _mm_srli_si128::<8>(halves));
            let absent = _mm_srli_si128::<2>(_mm256_extracti128_si256::<1>(v));
            placements_allowed_by(_mm_blend_epi16::<0x38>(lines, absent), k)
        }

        /// From `[P0, P1, P2, N0, N1, N2]` of the box at position `k`, the placements it allows.
        #[target_feature(enable = $features)]
        fn placements_allowed_by(lines: __m128i, k: usize) -> __m128i {
            let ctrl = &PLACEMENTS_ALLOWED[k];
            _mm_and_si128(
                _mm_shuffle_epi8(lines, ctrl[0]),
                _mm_and_si128(
                    _mm_shuffle_epi8(lines, ctrl[1]),
                    _mm_shuffle_epi8(lines, ctrl[2]),
                ),
            )
        }

        /// Per triad lane, the union of the same line's triads in the band's two other boxes.
        #[target_feature(enable = $features)]
        fn other_boxes(v: __m256i) -> __m256i {
            _mm256_or_si256(
                _mm256_permute4x64_epi64::<0xC9>(v),
                _mm256_permute4x64_epi64::<0xD2>(v),
            )
        }

        /// The triads of a band's placements (see [`TRIADS`]).
        #[target_feature(enable = $features)]
        fn band_triads(placements: __m128i) -> __m256i {
            let both = _mm256_broadcastsi128_si256(placements);
            _mm256_or_si256(
                _mm256_shuffle_epi8(both, TRIADS[0]),
                _mm256_shuffle_epi8(both, TRIADS[1]),
            )
        }

        /// The placements left once each mini-line with only three possible digits holds them, and
        /// their triads ([`band_triads`]); `None` when a mini-line has fewer than three or a digit has
        /// no placement left.
        #[target_feature(enable = $features)]
        fn narrow_band(placements: __m128i) -> Option<(__m128i, __m256i)> {
            let triads = band_triads(placements);
            let counts = popcount9(triads);
            if !is_zero(_mm256_cmpgt_epi16(THREE, counts)) {
                return None;
            }
            let forced = _mm256_and_si256(triads, _mm256_cmpeq_epi16(counts, THREE));
            let elsewhere = other_boxes(forced);
            let low = _mm256_castsi256_si128(elsewhere);
            let high = _mm256_extracti128_si256::<1>(elsewhere);
            let out = _mm_or_si128(
                _mm_or_si128(
                    _mm_shuffle_epi8(low, TRIAD_ELIMS[0]),
                    _mm_shuffle_epi8(low, TRIAD_ELIMS[1]),
                ),
                _mm_shuffle_epi8(high, TRIAD_ELIMS[2]),
            );
            let removed = _mm_and_si128(out, placements);
            let placements = _mm_xor_si128(placements, removed);
            let any = _mm_or_si128(placements, _mm_srli_si128::<8>(placements));
            let any = _mm_or_si128(any, _mm_srli_si128::<4>(any));
            let any = _mm_or_si128(any, _mm_srli_si128::<2>(any));
            if _mm_cvtsi128_si32(any) & i32::from(ALL) != i32::from(ALL) {
                return None;
            }
            // When nothing was forced away, the triads stand.
            let unchanged = _mm_testz_si128(removed, removed) != 0;
            Some((
                placements,
                if unchanged {
                    triads
                } else {
                    band_triads(placements)
                },
            ))
        }

        /// What a band (direction `O`, 0 horizontal) tells its three boxes from its triads
        /// ([`band_triads`]): what each of their lines may hold and may lack.
        #[target_feature(enable = $features)]
        fn band_messages<const O: usize>(triads: __m256i) -> [__m256i; 3] {
            let lacks = other_boxes(triads);
            let box02 = _mm256_unpacklo_epi64(triads, lacks);
            let box1 = _mm256_unpackhi_epi64(triads, lacks);
            let (ctrl, open) = if O == 0 {
                (ROW_MESSAGE, MINI_COLS)
            } else {
                (COL_MESSAGE, MINI_ROWS)
            };
            let message = |src: __m256i| _mm256_or_si256(_mm256_shuffle_epi8(src, ctrl), open);
            [
                message(_mm256_permute4x64_epi64::<0x44>(box02)),
                message(_mm256_permute4x64_epi64::<0x44>(box1)),
                message(_mm256_permute4x64_epi64::<0xEE>(box02)),
            ]
        }

        /// The search state: nine boxes, then the six bands (horizontal, then vertical).
        #[derive(Clone, Copy)]
        struct State {
            boxes: [__m256i; 9],
            bands: [[__m128i; 3]; 2],
        }

        impl State {
            /// The state of the candidate band words, propagated; `None` on a contradiction. Each band
            /// starts from what its three boxes allow and each box from what both its bands allow, then
            /// settles, so a well-propagated grid needs little more work.
            #[target_feature(enable = $features)]
            fn from_candidates(cand: &[u32; 27]) -> Option<State> {
                let mut st = State {
                    boxes: [BOX_OPEN; 9],
                    bands: [[BAND_OPEN; 3]; 2],
                };
                for band in 0..3 {
                    let lanes = band_boxes(&cand[9 * band..9 * band + 9])?;
                    for (k, lanes) in lanes.into_iter().enumerate() {
                        st.boxes[3 * band + k] =
                            _mm256_or_si256(lanes, _mm256_andnot_si256(CELLS, BOX_OPEN));
                    }
                }
                let mut allowed = [BOX_OPEN; 9];
                for n in 0..3 {
                    let (mut rows, mut cols) = (BAND_OPEN, BAND_OPEN);
                    for k in 0..3 {
                        rows = _mm_and_si128(rows, row_placements(st.boxes[3 * n + k], k));
                        cols = _mm_and_si128(cols, col_placements(st.boxes[3 * k + n], k));
                    }
                    let (rows, row_triads) = narrow_band(rows)?;
                    let (cols, col_triads) = narrow_band(cols)?;
                    st.bands[0][n] = rows;
                    st.bands[1][n] = cols;
                    for (k, message) in band_messages::<0>(row_triads).into_iter().enumerate() {
                        allowed[3 * n + k] = _mm256_and_si256(allowed[3 * n + k], message);
                    }
                    for (k, message) in band_messages::<1>(col_triads).into_iter().enumerate() {
                        allowed[3 * k + n] = _mm256_and_si256(allowed[3 * k + n], message);
                    }
                }
                // Every box settles once, even when its bands remove nothing, and tells its bands what
                // it found: a clash inside a box (two cells left with the same single digit) is then
                // found at the root by its bands, not deep in the search.
                for (b, &allowed) in allowed.iter().enumerate() {
                    if !st.update_box::<2>(b, _mm256_and_si256(st.boxes[b], allowed)) {
                        return None;
                    }
                }
                Some(st)
            }

            /// Keeps in box `b` only the candidates in `allowed`, then propagates; false on a
            /// contradiction. `FROM`: the direction of the band that sent the message (0 horizontal, 1
            /// vertical, 2 neither).
            #[target_feature(enable = $features)]
            #[inline]
            fn restrict_box<const FROM: usize>(&mut self, b: usize, allowed: __m256i) -> bool {
                let current = self.boxes[b];
                if is_zero(_mm256_andnot_si256(allowed, current)) {
                    return true;
                }
                self.update_box::<FROM>(b, _mm256_and_si256(current, allowed))
            }

            /// Settles box `b` as `v` and tells both its bands, the direction other than `FROM` first.
            #[target_feature(enable = $features)]
            #[inline(never)]
            fn update_box<const FROM: usize>(&mut self, b: usize, v: __m256i) -> bool {
                let Some(v) = settle_box(v) else {
                    return false;
                };
                self.boxes[b] = v;
                let (band_row, band_col) = (b / 3, b % 3);
                // The second message is taken from the box as the first one's propagation left it.
                if FROM == 0 {
                    self.restrict_band::<1>(band_col, col_placements(v, band_row), band_row)
                        && self.restrict_band::<0>(
                            band_row,
                            row_placements(self.boxes[b], band_col),
                            band_col,
                        )
                } else {
                    self.restrict_band::<0>(band_row, row_placements(v, band_col), band_col)
                        && self.restrict_band::<1>(
                            band_col,
                            col_placements(self.boxes[b], band_row),
                            band_row,
                        )
                }
            }

            /// Keeps in band `n` of direction `O` only the placements in `allowed`, then tells its
            /// boxes, the one at position `from` (the sender) last.
            #[target_feature(enable = $features)]
            fn restrict_band<const O: usize>(
                &mut self,
                n: usize,
                allowed: __m128i,
                from: usize,
            ) -> bool {
                let current = self.bands[O][n];
                let removed = _mm_andnot_si128(allowed, current);
                if _mm_testz_si128(removed, removed) != 0 {
                    return true;
                }
                let Some((placements, triads)) = narrow_band(_mm_xor_si128(current, removed))
                else {
                    return false;
                };
                self.bands[O][n] = placements;
                let messages = band_messages::<O>(triads);
                let (k1, k2) = ((from + 1) % 3, (from + 2) % 3);
                self.restrict_box::<O>(box_at(O, n, k1), messages[k1])
                    && self.restrict_box::<O>(box_at(O, n, k2), messages[k2])
                    && self.restrict_box::<O>(box_at(O, n, from), messages[from])
            }

            /// [`State::restrict_band`] for a direction known at run time.
            #[target_feature(enable = $features)]
            fn restrict_band_in(&mut self, o: usize, n: usize, allowed: __m128i) -> bool {
                if o == 0 {
                    self.restrict_band::<0>(n, allowed, 0)
                } else {
                    self.restrict_band::<1>(n, allowed, 0)
                }
            }

            /// The band to branch on and the placements (as a mask of [`PLACEMENT_LANES`] lanes) of the
            /// digit chosen there: among the bands with an open placement, one with the fewest; in it a
            /// digit with the fewest (two, else three, else more). `None` when every band is fixed.
            #[target_feature(enable = $features)]
            fn choose(&self) -> Option<(usize, usize, u128)> {
                let mut best = None;
                let mut fewest = u32::MAX;
                for (o, bands) in self.bands.iter().enumerate() {
                    for (n, &band) in bands.iter().enumerate() {
                        // SAFETY: both types are 16 plain bytes.
                        let bits: u128 = unsafe { transmute(band) };
                        let count = bits.count_ones();
                        // Nine placements: each digit has one, the band is fixed.
                        if count > 9 && count < fewest {
                            fewest = count;
                            best = Some((o, n, bits));
                        }
                    }
                }
                let (o, n, bits) = best?;
                // SAFETY: both types are 16 plain bytes.
                let lanes: [u16; 8] = unsafe { transmute(bits) };
                let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
                for &lane in &lanes[..6] {
                    four |= three & lane;
                    three |= two & lane;
                    two |= one & lane;
                    one |= lane;
                }
                let pick = [two & !three, three & !four, four]
                    .into_iter()
                    .find(|&digits| digits != 0)
                    .unwrap_or(0);
                let digit = pick & pick.wrapping_neg();
                Some((o, n, bits & (u128::from(digit) * PLACEMENT_LANES)))
            }

            /// The solved grid, row-major, digits 1..=9.
            fn write_solution(&self, out: &mut [u8; 81]) {
                for (b, &cells) in self.boxes.iter().enumerate() {
                    // SAFETY: both types are 32 plain bytes.
                    let lanes: [u16; 16] = unsafe { transmute(cells) };
                    for cell in 0..9 {
                        let (i, j) = (cell / 3, cell % 3);
                        out[(3 * (b / 3) + i) * 9 + 3 * (b % 3) + j] =
                            lanes[4 * i + j].trailing_zeros() as u8 + 1;
                    }
                }
            }
        }

        /// A depth-first search and its tally.
        struct Search<'a> {
            tally: Tally<'a>,
        }

        impl Search<'_> {
            /// Depth-first search from `st`: each level fixes one more placement of a digit in a band.
            #[target_feature(enable = $features)]
            fn run(&mut self, mut st: State) {
                loop {
                    let Some((o, n, digit)) = st.choose() else {
                        self.tally.record(|out| st.write_solution(out));
                        return;
                    };
                    let first = digit & digit.wrapping_neg();
                    let mut child = st;
                    // SAFETY: both types are 16 plain bytes.
                    let keep: __m128i = unsafe { transmute(!(digit ^ first)) };
                    if child.restrict_band_in(o, n, keep) {
                        self.run(child);
                        if self.tally.done() {
                            return;
                        }
                    }
                    // SAFETY: both types are 16 plain bytes.
                    let drop: __m128i = unsafe { transmute(!first) };
                    if !st.restrict_band_in(o, n, drop) {
                        return;
                    }
                }
            }
        }
    };
}

/// The counter with AVX-512: a lane's digits counted by one instruction, a band's cells moved
/// into its boxes by one permutation.
mod avx512 {
    use super::*;

    counter!("avx2,popcnt,avx512f,avx512vl,avx512bw,avx512bitalg");

    /// For the box at position `k` along a band, a word permutation taking a band's cell lanes
    /// ([`BAND_LANES`]) to the box's cell lanes (`4 * i + j`); the other lanes take lane 31, which
    /// is empty.
    const BOX_GATHER: [__m512i; 3] = box_gather();

    const fn box_gather() -> [__m512i; 3] {
        let mut out = [[31u16; 32]; 3];
        let mut k = 0;
        while k < 3 {
            let mut i = 0;
            while i < 3 {
                let mut j = 0;
                while j < 3 {
                    out[k][4 * i + j] = (9 * i + 3 * k + j) as u16;
                    j += 1;
                }
                i += 1;
            }
            k += 1;
        }
        // SAFETY: both types are 192 plain bytes.
        unsafe { transmute(out) }
    }

    /// Number of digits in each lane.
    #[target_feature(enable = "avx2,popcnt,avx512f,avx512vl,avx512bw,avx512bitalg")]
    fn popcount9(v: __m256i) -> __m256i {
        _mm256_popcnt_epi16(v)
    }

    /// The cell lanes of the three boxes of the band whose nine digit words are `words`;
    /// `None` when a cell has no digit.
    #[target_feature(enable = "avx2,popcnt,avx512f,avx512vl,avx512bw,avx512bitalg")]
    fn band_boxes(words: &[u32]) -> Option<[__m256i; 3]> {
        // Lane `9 * row + column` of `cells`: the digits of that cell of the band.
        let mut cells = _mm512_setzero_si512();
        for (d, &word) in words.iter().enumerate() {
            let digit = _mm512_set1_epi16(1 << d);
            cells = _mm512_mask_add_epi16(cells, word & BAND_LANES, cells, digit);
        }
        let empty = _mm512_mask_cmpeq_epi16_mask(BAND_LANES, cells, _mm512_setzero_si512());
        if empty != 0 {
            return None;
        }
        Some(
            BOX_GATHER
                .map(|gather| _mm512_castsi512_si256(_mm512_permutexvar_epi16(gather, cells))),
        )
    }
}

/// The counter with AVX2 alone: a lane's digits counted by nibble table, a band's cells moved
/// into its boxes one by one (once a count).
mod avx2 {
    use super::*;

    counter!("avx2,popcnt");

    /// Number of digits in each lane: each byte's two nibbles looked up in a table of their
    /// bit counts, then a lane's two bytes added (one multiply-add of byte pairs).
    #[target_feature(enable = "avx2,popcnt")]
    fn popcount9(v: __m256i) -> __m256i {
        let table = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let nibble = _mm256_set1_epi8(0x0F);
        let low = _mm256_shuffle_epi8(table, _mm256_and_si256(v, nibble));
        let high = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble));
        _mm256_maddubs_epi16(_mm256_add_epi8(low, high), _mm256_set1_epi8(1))
    }

    /// The cell lanes of the three boxes of the band whose nine digit words are `words`;
    /// `None` when a cell has no digit. Each digit's word is spread over the band's 27 cell
    /// lanes by comparing each lane's bit, with no branch per candidate (a loop over the set
    /// bits ends where no processor predicts).
    #[target_feature(enable = "avx2,popcnt")]
    fn band_boxes(words: &[u32]) -> Option<[__m256i; 3]> {
        // Lane `l`: the bit of cell `l` of the low 16 cells, of cell `16 + l` above.
        const BIT: __m256i = v16([
            1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
        ]);
        let (mut low, mut high) = (_mm256_setzero_si256(), _mm256_setzero_si256());
        for (d, &word) in words.iter().enumerate() {
            let digit = _mm256_set1_epi16(1 << d);
            let has = |half: u32| {
                let lanes = _mm256_and_si256(_mm256_set1_epi16(half as u16 as i16), BIT);
                _mm256_and_si256(_mm256_cmpeq_epi16(lanes, BIT), digit)
            };
            low = _mm256_or_si256(low, has(word));
            high = _mm256_or_si256(high, has((word & BAND_LANES) >> 16));
        }
        let zero = _mm256_setzero_si256();
        let empty_low = _mm256_movemask_epi8(_mm256_cmpeq_epi16(low, zero));
        let empty_high = _mm256_movemask_epi8(_mm256_cmpeq_epi16(high, zero));
        // Cells 16..27 are the high vector's first eleven lanes (22 mask bits).
        if empty_low != 0 || empty_high & 0x3F_FFFF != 0 {
            return None;
        }
        // SAFETY: both types are 64 plain bytes.
        let cells: [u16; 32] = unsafe { transmute([low, high]) };
        Some(core::array::from_fn(|k| {
            let mut lanes = [0u16; 16];
            for i in 0..3 {
                for j in 0..3 {
                    lanes[4 * i + j] = cells[9 * i + 3 * k + j];
                }
            }
            // SAFETY: both types are 32 plain bytes.
            unsafe { transmute::<[u16; 16], __m256i>(lanes) }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::{Isa, available, bit_instructions, count_solutions, count_with};
    use crate::solve::classic9::tests::{
        is_valid_solution, keeps_givens, load, parse, random_partial_grids,
    };
    use crate::solve::classic9::{count_banded, propagated_words, unpropagated_words};

    #[test]
    fn detection_agrees_with_the_standard_library() {
        let avx2 = is_x86_feature_detected!("avx2") && is_x86_feature_detected!("popcnt");
        let avx512 = avx2
            && is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512vl")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512bitalg");
        let standard = if avx512 {
            Some(Isa::Avx512)
        } else if avx2 {
            Some(Isa::Avx2)
        } else {
            None
        };
        let bits = avx2 && is_x86_feature_detected!("bmi1") && is_x86_feature_detected!("bmi2");
        // The variable may hold the counter lower, never higher.
        match std::env::var(super::SIMD_VARIABLE).as_deref() {
            Ok("none") => {
                assert_eq!(available(), None);
                assert!(!bit_instructions());
            }
            Ok("avx2") => {
                assert_eq!(available(), standard.map(|_| Isa::Avx2));
                assert_eq!(bit_instructions(), bits);
            }
            _ => {
                assert_eq!(available(), standard);
                assert_eq!(bit_instructions(), bits);
            }
        }
    }

    /// Every instruction set this CPU runs the counter with: the tests check each.
    fn here() -> Vec<Isa> {
        match available() {
            Some(Isa::Avx512) => vec![Isa::Avx512, Isa::Avx2],
            Some(Isa::Avx2) => vec![Isa::Avx2],
            None => Vec::new(),
        }
    }

    /// True when this CPU runs the counter. Otherwise the tests say so and pass: no package
    /// can add the instructions, and classic 9×9 counting stays with the band counter there.
    fn runs_here() -> bool {
        let runs = available().is_some();
        if !runs {
            eprintln!(
                "skipping: this CPU lacks AVX2 (or SUDOKU_SIMD=none); the band counter counts \
                 classic 9x9 alone here"
            );
        }
        runs
    }

    /// The triad counter, from the words of `givens` with no propagation at all and from the
    /// band counter's root propagation (what the hand-off gives it, whatever the open cells),
    /// counts what the band counter counts at limits 1 to 3; every solution it reports is a
    /// valid completion, and the only one of a unique puzzle is the band counter's.
    fn agrees(givens: &[u8; 81], what: &str) {
        for (words, how) in [
            (unpropagated_words(givens), "unpropagated"),
            (propagated_words(givens), "propagated"),
        ] {
            agrees_from(givens, words, &format!("{what}, {how}"));
        }
    }

    /// [`agrees`] for the candidate words `words` of `givens` (`None`: a contradiction before
    /// the triad counter, no solution), with every instruction set this CPU runs; every set
    /// reports the same first solution.
    fn agrees_from(givens: &[u8; 81], words: Option<[u32; 27]>, what: &str) {
        for limit in 1..=3 {
            let mut banded = [0u8; 81];
            let want = count_banded(givens, limit, Some(&mut banded));
            let mut firsts = Vec::new();
            for isa in here() {
                let mut triad = [0u8; 81];
                let got = words.map_or(0, |cand| count_with(isa, &cand, limit, Some(&mut triad)));
                assert_eq!(got, want, "{what}, limit {limit}, {isa:?}");
                if got > 0 {
                    assert!(is_valid_solution(&triad), "{what} {isa:?}: {triad:?}");
                    assert!(keeps_givens(givens, &triad), "{what} {isa:?}: {triad:?}");
                    firsts.push(triad);
                }
                if limit >= 2 && got == 1 {
                    assert_eq!(triad, banded, "{what} {isa:?}");
                }
            }
            assert!(
                firsts.windows(2).all(|w| w[0] == w[1]),
                "{what}, limit {limit}"
            );
        }
    }

    #[test]
    fn fixtures_agree_with_the_band_counter() {
        if !runs_here() {
            return;
        }
        let fixtures = [
            include_str!("../../../../tests/fixtures/classic-9x9-unique.txt"),
            include_str!("../../../../tests/fixtures/classic-9x9-multiple.txt"),
        ];
        let puzzles: Vec<[u8; 81]> = fixtures
            .iter()
            .flat_map(|text| text.lines())
            .filter_map(parse)
            .collect();
        assert_eq!(puzzles.len(), 50);
        for (i, givens) in puzzles.iter().enumerate() {
            agrees(givens, &format!("fixture {}", i + 1));
        }
        agrees(&[0; 81], "the empty grid");
    }

    #[test]
    fn random_partial_grids_agree_with_the_band_counter() {
        if !runs_here() {
            return;
        }
        random_partial_grids(0x7121_AD5E_ED00_0001, 400, |round, givens| {
            agrees(givens, &format!("round {round}"));
        });
        agrees(&solved_grid(), "a full grid");
    }

    fn solved_grid() -> [u8; 81] {
        let mut full = [0u8; 81];
        assert_eq!(count_banded(&[0; 81], 1, Some(&mut full)), 1);
        full
    }

    #[test]
    fn contradictions_count_no_solution() {
        if !runs_here() {
            return;
        }
        for (a, b) in [(0, 8), (0, 72), (0, 20), (40, 44), (80, 60)] {
            let mut givens = [0u8; 81];
            givens[a] = 5;
            givens[b] = 5;
            agrees(&givens, &format!("5 at {a} and {b}"));
        }
        // No conflicting givens, but cell 0 has no digit left.
        let mut givens = [0u8; 81];
        for d in 1..=8 {
            givens[usize::from(d)] = d;
        }
        givens[9] = 9;
        agrees(&givens, "cell 0 starved");
        // A cell whose candidate words hold no digit at all.
        let mut cand = unpropagated_words(&[0; 81]).expect("valid");
        for word in &mut cand[9..18] {
            *word &= !(1 << 13);
        }
        assert_eq!(count_solutions(&cand, 2, None), Some(0));
        for isa in here() {
            assert_eq!(count_with(isa, &cand, 2, None), 0, "{isa:?}");
            assert_eq!(count_with(isa, &cand, 0, None), 0, "{isa:?}");
        }
    }

    /// Every shared set, counted from scratch by the triad counter (no root propagation by the
    /// band counter first), agrees with the band counter.
    #[test]
    fn shared_sets_agree_with_the_band_counter() {
        if !runs_here() {
            return;
        }
        for name in [
            "puzzles1_unbiased_first1000.txt",
            "puzzles2_17_clue_sample1000.txt",
            "puzzles3_magictour_top1465.txt",
            "puzzles6_forum_hardest_1106.txt",
            "puzzles7_serg_benchmark.txt",
        ] {
            let Some(puzzles) = load(name) else {
                continue;
            };
            for (line, givens) in puzzles.iter().enumerate() {
                agrees(givens, &format!("{name} line {}", line + 1));
            }
            println!("{name}: {} puzzles agree", puzzles.len());
        }
    }
}
