//! Attempt budgets: how many tries (solution, digging, rating) a puzzle gets before its level
//! counts as unreachable. For every shape, level and symmetry measured by
//! `cargo bench --bench attempts` (docs/PERFORMANCE.md, "Attempt budgets"; the raw table is
//! docs/data/attempts-2026-11-24.md, re-measured after the direct steps became easy and the
//! W-Wing expert; no budget went down), the budget makes a failure rarer than once in a million
//! puzzles: with `p` the share of attempts that landed on the level (over up to 60 puzzles),
//! `ln(1e-6) / ln(1 − p)`, times `1 + 3/√found` for the uncertainty of `p`, rounded up to two
//! significant digits. A level never seen in 20,000 attempts gets 300,000 (4×4: 2,000 — no 4×4
//! puzzle needs more than singles). Other shapes, and score ranges, keep the earlier rules,
//! and no budget is below them, so every puzzle found before is found again.

use super::diabolical::{default_budget, wants_diabolical};
use super::puzzle::{Request, Target};
use super::symmetry::Symmetry;
use crate::grid::Variant;
use crate::logic::{Level, Technique};

/// Attempts per puzzle where nothing else applies.
pub const DEFAULT_ATTEMPTS: usize = 200;
/// Attempts per extreme puzzle on grids up to 9×9 without a measured budget.
pub const EXTREME_ATTEMPTS: usize = 2_000;
/// Attempts per puzzle above easy on classic grids below 8×8 without a measured budget.
pub const SMALL_GRID_ATTEMPTS: usize = 5_000;
/// Attempts per extreme puzzle on classic 8×8 without a measured budget.
pub const RARE_ATTEMPTS: usize = 20_000;

/// How many times the usual budget a request with required techniques gets.
pub const REQUIRE_FACTOR: usize = 10;

/// Measured budgets: variant, size, level, and the budget for each symmetry in the order
/// none, rotate180, rotate90, mirror, diagonal.
#[rustfmt::skip]
const MEASURED: &[(&str, usize, Level, [usize; 5])] = &[
    ("classic", 4, Level::Medium, [2000, 2000, 2000, 2000, 2000]),
    ("classic", 4, Level::Hard, [2000, 2000, 2000, 2000, 2000]),
    ("classic", 4, Level::Expert, [2000, 2000, 2000, 2000, 2000]),
    ("classic", 4, Level::Extreme, [2000, 2000, 2000, 2000, 2000]),
    ("classic", 6, Level::Medium, [27000, 54000, 540000, 150000, 65000]),
    ("classic", 6, Level::Hard, [1300, 1700, 5200, 1700, 2300]),
    ("classic", 6, Level::Expert, [2500, 4900, 72000, 39000, 4900]),
    ("classic", 6, Level::Extreme, [300000, 300000, 300000, 300000, 300000]),
    ("classic", 8, Level::Medium, [500, 1000, 3600, 1100, 1100]),
    ("classic", 8, Level::Hard, [560, 700, 2100, 630, 850]),
    ("classic", 8, Level::Expert, [200, 290, 1300, 330, 260]),
    ("classic", 8, Level::Extreme, [3300, 9900, 180000, 27000, 9700]),
    ("classic", 9, Level::Medium, [200, 340, 1400, 390, 290]),
    ("classic", 9, Level::Hard, [300, 380, 820, 410, 320]),
    ("classic", 9, Level::Expert, [200, 200, 450, 200, 200]),
    ("classic", 9, Level::Extreme, [480, 2500, 9500, 3000, 1100]),
    ("classic", 12, Level::Medium, [200, 200, 200, 200, 200]),
    ("classic", 12, Level::Hard, [200, 200, 250, 200, 200]),
    ("classic", 12, Level::Expert, [200, 200, 200, 200, 200]),
    ("classic", 12, Level::Extreme, [200, 200, 300, 200, 200]),
    ("classic", 16, Level::Medium, [200, 200, 200, 200, 200]),
    ("classic", 16, Level::Hard, [200, 200, 200, 200, 200]),
    ("classic", 16, Level::Expert, [200, 200, 200, 200, 200]),
    ("classic", 16, Level::Extreme, [200, 200, 200, 200, 200]),
    ("diagonal", 6, Level::Medium, [390, 630, 970, 2500, 510]),
    ("diagonal", 6, Level::Hard, [200, 200, 440, 200, 200]),
    ("diagonal", 6, Level::Expert, [200, 200, 200, 200, 200]),
    ("diagonal", 6, Level::Extreme, [200, 440, 300000, 510, 200]),
    ("diagonal", 9, Level::Medium, [200, 200, 200, 200, 200]),
    ("diagonal", 9, Level::Hard, [200, 200, 200, 200, 200]),
    ("diagonal", 9, Level::Expert, [200, 200, 200, 200, 200]),
    ("diagonal", 9, Level::Extreme, [200, 200, 200, 200, 200]),
    ("window", 9, Level::Medium, [200, 200, 200, 200, 200]),
    ("window", 9, Level::Hard, [200, 200, 360, 200, 200]),
    ("window", 9, Level::Expert, [200, 200, 200, 200, 200]),
    ("window", 9, Level::Extreme, [200, 200, 270, 200, 200]),
    ("jigsaw", 6, Level::Medium, [200, 430, 2000, 320, 310]),
    ("jigsaw", 6, Level::Hard, [200, 220, 860, 260, 200]),
    ("jigsaw", 6, Level::Expert, [200, 260, 960, 260, 200]),
    ("jigsaw", 6, Level::Extreme, [240, 870, 9200, 1300, 750]),
    ("jigsaw", 8, Level::Medium, [200, 200, 210, 200, 200]),
    ("jigsaw", 8, Level::Hard, [200, 200, 380, 200, 200]),
    ("jigsaw", 8, Level::Expert, [200, 200, 200, 200, 200]),
    ("jigsaw", 8, Level::Extreme, [200, 200, 320, 200, 200]),
    ("jigsaw", 9, Level::Medium, [200, 200, 200, 200, 200]),
    ("jigsaw", 9, Level::Hard, [200, 200, 290, 200, 200]),
    ("jigsaw", 9, Level::Expert, [200, 200, 200, 200, 200]),
    ("jigsaw", 9, Level::Extreme, [200, 200, 200, 200, 200]),
    ("jigsaw", 12, Level::Medium, [200, 200, 200, 200, 200]),
    ("jigsaw", 12, Level::Hard, [200, 200, 200, 200, 200]),
    ("jigsaw", 12, Level::Expert, [200, 200, 200, 200, 200]),
    ("jigsaw", 12, Level::Extreme, [260, 200, 200, 200, 200]),
    ("jigsaw+diagonal", 9, Level::Medium, [200, 200, 200, 200, 200]),
    ("jigsaw+diagonal", 9, Level::Hard, [200, 200, 200, 200, 200]),
    ("jigsaw+diagonal", 9, Level::Expert, [200, 200, 200, 200, 200]),
    ("jigsaw+diagonal", 9, Level::Extreme, [200, 200, 200, 200, 200]),
    ("diagonal+window", 9, Level::Medium, [200, 200, 200, 200, 200]),
    ("diagonal+window", 9, Level::Hard, [200, 200, 250, 200, 200]),
    ("diagonal+window", 9, Level::Expert, [200, 200, 200, 200, 200]),
    ("diagonal+window", 9, Level::Extreme, [200, 200, 200, 200, 200]),
    // Killers have no givens, so symmetry does not matter; measured 2026-11-24 (raw table:
    // docs/data/attempts-killer-2026-11-24.md), about 0.05 s an attempt.
    ("killer", 9, Level::Easy, [4400, 4400, 4400, 4400, 4400]),
    ("killer", 9, Level::Medium, [200, 200, 200, 200, 200]),
    ("killer", 9, Level::Hard, [290, 290, 290, 290, 290]),
    ("killer", 9, Level::Expert, [19000, 19000, 19000, 19000, 19000]),
    ("killer", 9, Level::Extreme, [2000, 2000, 2000, 2000, 2000]),
    // Killer combinations (docs/data/attempts-killer-combos-2026-11-27.md): twice the budget
    // for a failure under 10⁻⁶, as few expert puzzles were seen.
    ("killer+jigsaw", 9, Level::Easy, [500, 500, 500, 500, 500]),
    ("killer+jigsaw", 9, Level::Medium, [200, 200, 200, 200, 200]),
    ("killer+jigsaw", 9, Level::Hard, [200, 200, 200, 200, 200]),
    ("killer+jigsaw", 9, Level::Expert, [1700, 1700, 1700, 1700, 1700]),
    ("killer+jigsaw", 9, Level::Extreme, [2000, 2000, 2000, 2000, 2000]),
    ("killer+diagonal", 9, Level::Easy, [700, 700, 700, 700, 700]),
    ("killer+diagonal", 9, Level::Medium, [200, 200, 200, 200, 200]),
    ("killer+diagonal", 9, Level::Hard, [200, 200, 200, 200, 200]),
    ("killer+diagonal", 9, Level::Expert, [2000, 2000, 2000, 2000, 2000]),
    ("killer+diagonal", 9, Level::Extreme, [2000, 2000, 2000, 2000, 2000]),
];

impl Request {
    /// The attempts allowed: the request's own, else the larger of the measured budget for
    /// its shape, level and symmetry and the earlier rule ([`earlier_budget`]). A score range
    /// counts as every level above easy it may reach (extreme only from the forcing chains'
    /// score), and takes the largest of their budgets. Required techniques multiply it by
    /// [`REQUIRE_FACTOR`].
    pub fn attempt_budget(&self) -> usize {
        if let Some(attempts) = self.attempts {
            return attempts.max(1);
        }
        if wants_diabolical(self.target) {
            // The diabolical search counts ratings, not dug puzzles.
            return default_budget(self);
        }
        let levels: &[Level] = match self.target {
            Target::Any => &[],
            Target::Level(level) => &[level][..],
            Target::Score { min, .. } if min >= Technique::ContradictionChain.score() => {
                &[Level::Extreme]
            }
            Target::Score { min, .. } if min > Technique::NakedSingle.score() => {
                &[Level::Medium, Level::Hard, Level::Expert]
            }
            Target::Score { .. } => &[],
        };
        let measured = levels
            .iter()
            .filter_map(|&level| measured_budget(self.variant, self.size, level, self.symmetry))
            .max()
            .unwrap_or(0);
        let budget = measured.max(earlier_budget(self));
        if self.require.is_empty() {
            budget
        } else {
            // A required technique turns up in only some puzzles of its level.
            budget.saturating_mul(REQUIRE_FACTOR)
        }
    }
}

/// The measured budget of a shape, level and symmetry, if that row was measured.
fn measured_budget(
    variant: Variant,
    size: usize,
    level: Level,
    symmetry: Symmetry,
) -> Option<usize> {
    let name = variant.name();
    let column = match symmetry {
        Symmetry::None => 0,
        Symmetry::Rotate180 => 1,
        Symmetry::Rotate90 => 2,
        Symmetry::Mirror => 3,
        Symmetry::Diagonal => 4,
    };
    MEASURED
        .iter()
        .find(|(v, s, l, _)| *v == name && *s == size && *l == level)
        .map(|(_, _, _, budgets)| budgets[column])
}

/// The rule before budgets were measured: 200, or more where the level is rare — 20,000 for
/// extreme on classic 8×8, 5,000 above easy on classic grids below 8×8, 2,000 for extreme on
/// other grids up to 9×9. A score range counts as above easy when its minimum is above the
/// naked single's score, and as extreme when it reaches the forcing chains' score.
pub fn earlier_budget(request: &Request) -> usize {
    let (beyond_easy, extreme) = match request.target {
        Target::Any => (false, false),
        Target::Level(level) => (level > Level::Easy, level == Level::Extreme),
        Target::Score { min, .. } => (
            min > Technique::NakedSingle.score(),
            min >= Technique::ContradictionChain.score(),
        ),
    };
    let classic = request.variant == Variant::CLASSIC;
    match request.size {
        8 if classic && extreme => RARE_ATTEMPTS,
        ..8 if classic && beyond_easy => SMALL_GRID_ATTEMPTS,
        ..=9 if extreme => EXTREME_ATTEMPTS,
        _ => DEFAULT_ATTEMPTS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(variant: &str, size: usize, level: Level, symmetry: Symmetry) -> Request {
        let mut request = Request::new(variant.parse().unwrap(), size);
        request.target = Target::Level(level);
        request.symmetry = symmetry;
        request
    }

    #[test]
    fn medium_rotate90_classics_get_the_measured_budget() {
        // 3.1e-3 of these failed at 200 attempts; the measured budget makes it below 1e-6 (and
        // with the direct steps easy, medium is rarer: 60 in 4,238 attempts on 2026-11-24).
        let r = request("classic", 9, Level::Medium, Symmetry::Rotate90);
        assert_eq!(r.attempt_budget(), 1400);
        let p: f64 = 60.0 / 4238.0;
        assert!((1.0 - p).powf(r.attempt_budget() as f64) < 1e-6);
    }

    #[test]
    fn killer_levels_get_their_measured_budgets() {
        // p = 10/1618 (easy), 4/2193 (expert), measured 2026-11-24: 200 attempts failed 29 %
        // and 69 % of the time.
        for (level, budget, p) in [
            (Level::Easy, 4400, 10.0 / 1618.0),
            (Level::Expert, 19_000, 4.0 / 2193.0),
        ] {
            let r = request("killer", 9, level, Symmetry::None);
            assert_eq!(r.attempt_budget(), budget);
            assert!((1.0f64 - p).powf(budget as f64) < 1e-6);
            let turned = request("killer", 9, level, Symmetry::Rotate90);
            assert_eq!(turned.attempt_budget(), budget, "symmetry does not matter");
        }
        let mut any = request("killer", 9, Level::Medium, Symmetry::None);
        any.target = Target::Any;
        assert_eq!(any.attempt_budget(), DEFAULT_ATTEMPTS);
    }

    #[test]
    fn no_budget_is_below_the_earlier_rule() {
        for &(variant, size, level, _) in MEASURED {
            for symmetry in [Symmetry::None, Symmetry::Rotate90, Symmetry::Diagonal] {
                let r = request(variant, size, level, symmetry);
                assert!(
                    r.attempt_budget() >= earlier_budget(&r),
                    "{variant} {size} {level}"
                );
            }
        }
    }

    #[test]
    fn every_measured_row_names_a_real_shape() {
        for &(variant, size, _, budgets) in MEASURED {
            let mut r = Request::new(variant.parse().unwrap(), size);
            assert_eq!(
                r.variant.name(),
                variant,
                "the row must match the variant's name"
            );
            assert!(r.check().is_ok(), "{variant} {size}");
            assert!(
                budgets
                    .iter()
                    .all(|&b| (1..=crate::generate::MAX_ATTEMPTS).contains(&b))
            );
            r.attempts = Some(7);
            assert_eq!(r.attempt_budget(), 7);
        }
    }

    #[test]
    fn score_ranges_take_the_largest_budget_of_their_levels() {
        let mut r = Request::new(Variant::CLASSIC, 6);
        r.symmetry = Symmetry::Rotate90;
        r.target = Target::Score { min: 3.0, max: 4.4 };
        assert_eq!(r.attempt_budget(), 540_000);
        r.target = Target::Score { min: 1.0, max: 2.0 };
        assert_eq!(r.attempt_budget(), DEFAULT_ATTEMPTS);
    }
}
