//! Test-only helpers shared by the unit tests: where the shared puzzle sets are, and how a test
//! skips when they (or a tool) are missing — with a message a newcomer sees, and a failure in CI.

use std::path::PathBuf;

use crate::grid::{Cage, CellNames, HouseKind};
use crate::logic::{Step, Technique};

/// The variable `.ci/run` sets (as does any CI that sets `CI=true`): nothing may be skipped.
pub const REQUIRE_ALL: &str = "SUDOKU_REQUIRE_ALL";

/// The shared puzzle sets: `SUDOKU_DATA`, or `../shared/data` beside the project.
pub fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"))
}

/// True when every test must run: in CI, a missing data set or tool is a failure.
pub fn everything_required() -> bool {
    std::env::var_os(REQUIRE_ALL).is_some_and(|v| v != "0")
        || std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Reports a skipped check; panics instead when everything is required.
pub fn skip(reason: &str) {
    assert!(
        !everything_required(),
        "{reason}, and {REQUIRE_ALL} or CI is set: nothing may be skipped"
    );
    eprintln!("skipping: {reason}");
}

/// A small seeded random source for tests of modules that come before `generate` (SplitMix64).
pub struct TestRng(u64);

impl TestRng {
    pub fn new(seed: u64) -> TestRng {
        TestRng(seed)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }

    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// One set bit of a non-zero mask, at random.
    pub fn pick_bit(&mut self, mask: u32) -> u32 {
        let nth = self.below(mask.count_ones() as usize);
        let mut rest = mask;
        for _ in 0..nth {
            rest &= rest - 1;
        }
        rest & rest.wrapping_neg()
    }
}

/// A hidden single: 5 in r3c7, the only place for it in box 3 (for the step texts' tests).
pub fn hidden_single_example() -> Step {
    Step::single(
        Technique::HiddenSingleBox,
        CellNames::Square(9),
        24,
        5,
        Some(HouseKind::Box(2)),
    )
}

/// A naked pair {4,6} in row 5 (for the step texts' tests).
pub fn naked_pair_example() -> Step {
    let mut step = Step::new(Technique::NakedPair, CellNames::Square(9));
    step.digits = 0b101000;
    step.houses.push(HouseKind::Row(4));
    step.cells = vec![37, 42];
    step.eliminations = vec![(39, 4), (44, 6)];
    step
}

/// A cage of these cells and sum (unchecked).
pub fn cage(cells: &[usize], sum: u32) -> Cage {
    Cage {
        cells: cells.to_vec(),
        sum,
    }
}
