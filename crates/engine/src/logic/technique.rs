//! The one table of techniques: for each, its name, its base score on the Sudoku Explainer (SE)
//! scale and its level. The driver tries techniques in the order of [`Technique::ALL`] (easiest
//! first); the tables in `docs/RATING.md` and `docs/CLI.md` are this table (see
//! [`rating_table_markdown`]; a test keeps them in step).

use std::fmt;
use std::str::FromStr;

/// The difficulty level of a technique or a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles, and locked candidates that leave a hidden single at once (direct pointing and
    /// claiming); in killers also cage sum singles, cage combinations and direct cage/house
    /// interactions.
    Easy,
    /// Locked candidates, naked and hidden pairs (in killers also cage/house interactions and
    /// the 45 rule).
    Medium,
    /// Triples, X-Wing and Swordfish, XY- and XYZ-Wings (in killers also hidden cages and
    /// the 45 rule over larger unions).
    Hard,
    /// Chains (the W-Wing among them), colouring, uniqueness, quads, Jellyfish.
    Expert,
    /// Forcing chains (plain and dynamic) scoring 7.5 to 8.9.
    Extreme,
    /// Score 9.0 and up: nested forcing chains, dynamic ones long enough to reach 9.0, or no
    /// logical path found (trial and error).
    Diabolical,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 6] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
        Level::Diabolical,
    ];

    /// The top level: a solve limited to it uses every technique.
    pub const HARDEST: Level = Level::Diabolical;

    /// The level below this one, if any.
    pub fn easier(self) -> Option<Level> {
        match self {
            Level::Easy => None,
            Level::Medium => Some(Level::Easy),
            Level::Hard => Some(Level::Medium),
            Level::Expert => Some(Level::Hard),
            Level::Extreme => Some(Level::Expert),
            Level::Diabolical => Some(Level::Extreme),
        }
    }

    /// The lower-case name (`easy` … `diabolical`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::Diabolical => "diabolical",
        }
    }

    /// The lowest score of a step of this level, where the score decides the level: a step
    /// whose technique is of the level below but whose length bonus reaches this score counts
    /// as this level (see [`crate::logic::Step::level`]).
    pub fn score_floor(self) -> Option<f32> {
        match self {
            Level::Extreme => Some(EXTREME_SCORE),
            Level::Diabolical => Some(DIABOLICAL_SCORE),
            _ => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Level`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown level {}: expected easy, medium, hard, expert, extreme or diabolical",
    crate::grid::text::shown_text(.0)
)]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        let lower = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.name() == lower)
            .ok_or_else(|| UnknownLevel(text.to_string()))
    }
}

/// A human solving technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    FullHouse,
    CageSumSingle,
    HiddenSingleBox,
    HiddenSingle,
    MarkElimination,
    DirectPointing,
    DirectCageHouseInteraction,
    DirectClaiming,
    DirectHiddenPair,
    CageCombination,
    NakedSingle,
    DirectHiddenTriple,
    LockedMark,
    Pointing,
    CageHouseInteraction,
    Claiming,
    PeerIntersection,
    NakedPair,
    InnieOutie,
    XWing,
    HiddenPair,
    HouseCombination,
    NakedTriple,
    LargeInnieOutie,
    Swordfish,
    HiddenTriple,
    XyWing,
    XyzWing,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle4,
    UniqueRectangle3,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    Bug1,
    Bug2,
    XChain,
    XyChain,
    Aic,
    WWing,
    ContradictionChain,
    CellForcingChain,
    HouseForcingChain,
    NishioForcingChain,
    MultipleForcingChain,
    DynamicForcingChain,
    DynamicForcingChainPlus,
    NestedForcingChain,
}

/// One row of the table: technique, name, base score, level, note.
struct Row(Technique, &'static str, f32, Level, &'static str);

/// THE table. Order = the order in which the driver tries techniques (easiest first).
const TABLE: [Row; 49] = [
    Row(
        Technique::FullHouse,
        "Full house",
        1.0,
        Level::Easy,
        "last empty cell of a house",
    ),
    Row(
        Technique::CageSumSingle,
        "Cage sum single",
        1.0,
        Level::Easy,
        "killer: last empty cell of a cage (its sum minus the rest)",
    ),
    Row(
        Technique::HiddenSingleBox,
        "Hidden single (box)",
        1.2,
        Level::Easy,
        "only place for a digit in a box or jigsaw region",
    ),
    Row(
        Technique::HiddenSingle,
        "Hidden single",
        1.5,
        Level::Easy,
        "only place for a digit in a row, column, diagonal or window",
    ),
    Row(
        Technique::MarkElimination,
        "Mark elimination",
        1.6,
        Level::Easy,
        "modern variants: a candidate a mark (Kropki dot, X or V, even/odd, minimum/maximum, quadruple) or the non-consecutive rule leaves without a partner",
    ),
    Row(
        Technique::DirectPointing,
        "Direct pointing",
        1.7,
        Level::Easy,
        "a pointing whose removals leave a hidden single, placed at once",
    ),
    Row(
        Technique::DirectCageHouseInteraction,
        "Direct cage/house interaction",
        1.8,
        Level::Easy,
        "killer: a cage/house interaction whose removals leave a hidden single, placed at once",
    ),
    Row(
        Technique::DirectClaiming,
        "Direct claiming",
        1.9,
        Level::Easy,
        "a claiming whose removals leave a hidden single, placed at once",
    ),
    Row(
        Technique::DirectHiddenPair,
        "Direct hidden pair",
        2.0,
        Level::Easy,
        "a hidden pair whose removals leave another digit one place in the house, placed at once",
    ),
    Row(
        Technique::CageCombination,
        "Cage combination",
        2.0,
        Level::Easy,
        "killer: a digit that no way of filling the cage to its sum puts in that cell",
    ),
    Row(
        Technique::NakedSingle,
        "Naked single",
        2.3,
        Level::Easy,
        "only candidate of a cell",
    ),
    Row(
        Technique::DirectHiddenTriple,
        "Direct hidden triple",
        2.5,
        Level::Medium,
        "a hidden triple whose removals leave another digit one place in the house, placed at once",
    ),
    Row(
        Technique::LockedMark,
        "Locked mark",
        2.5,
        Level::Medium,
        "modern variants: every place of a digit in a house is a cell or beside it through a mark or the non-consecutive rule, so the cell only holds what the digit allows beside it (Sudoku Explainer's locked non-consecutive)",
    ),
    Row(
        Technique::Pointing,
        "Pointing",
        2.6,
        Level::Medium,
        "a box/region/window's candidates for a digit lie in one other house",
    ),
    Row(
        Technique::CageHouseInteraction,
        "Cage/house interaction",
        2.7,
        Level::Medium,
        "killer: a digit every combination of a cage needs, or a house can only place in a cage",
    ),
    Row(
        Technique::Claiming,
        "Claiming",
        2.8,
        Level::Medium,
        "a row/column/diagonal's candidates for a digit lie in one other house",
    ),
    Row(
        Technique::PeerIntersection,
        "Generalized intersection",
        2.9,
        Level::Medium,
        "modern variants: every place of a digit in a house sees one cell (by a knight's or king's move, a cage, a row, column or box), which loses the digit (Sudoku Explainer's rating)",
    ),
    Row(Technique::NakedPair, "Naked pair", 3.0, Level::Medium, ""),
    Row(
        Technique::InnieOutie,
        "Innie/outie (45 rule)",
        3.0,
        Level::Medium,
        "killer: houses add up to a known total, so cells poking in or out have a known sum",
    ),
    Row(
        Technique::XWing,
        "X-Wing",
        3.2,
        Level::Hard,
        "fish of size 2 on rows or columns",
    ),
    Row(Technique::HiddenPair, "Hidden pair", 3.4, Level::Medium, ""),
    Row(
        Technique::HouseCombination,
        "Hidden cage (house combinations)",
        3.5,
        Level::Hard,
        "killer: a house's cages and the rest of it (a hidden cage) need disjoint combinations",
    ),
    Row(Technique::NakedTriple, "Naked triple", 3.6, Level::Hard, ""),
    Row(
        Technique::LargeInnieOutie,
        "Innie/outie (large unions)",
        3.7,
        Level::Hard,
        "killer: the 45 rule over 2-3 boxes or 4+ lines, or with 5 cells poking in or out",
    ),
    Row(
        Technique::Swordfish,
        "Swordfish",
        3.8,
        Level::Hard,
        "fish of size 3",
    ),
    Row(
        Technique::HiddenTriple,
        "Hidden triple",
        4.0,
        Level::Hard,
        "",
    ),
    Row(Technique::XyWing, "XY-Wing", 4.2, Level::Hard, ""),
    Row(Technique::XyzWing, "XYZ-Wing", 4.4, Level::Hard, ""),
    Row(
        Technique::UniqueRectangle1,
        "Unique rectangle type 1",
        4.5,
        Level::Expert,
        "assumes a unique solution",
    ),
    Row(
        Technique::UniqueRectangle2,
        "Unique rectangle type 2",
        4.5,
        Level::Expert,
        "assumes a unique solution",
    ),
    Row(
        Technique::UniqueRectangle4,
        "Unique rectangle type 4",
        4.5,
        Level::Expert,
        "assumes a unique solution",
    ),
    Row(
        Technique::UniqueRectangle3,
        "Unique rectangle type 3",
        4.6,
        Level::Expert,
        "assumes a unique solution; the extra digits a naked pair",
    ),
    Row(Technique::NakedQuad, "Naked quad", 5.0, Level::Expert, ""),
    Row(
        Technique::Jellyfish,
        "Jellyfish",
        5.2,
        Level::Expert,
        "fish of size 4",
    ),
    Row(Technique::HiddenQuad, "Hidden quad", 5.4, Level::Expert, ""),
    Row(
        Technique::Bug1,
        "BUG+1",
        5.6,
        Level::Expert,
        "assumes a unique solution",
    ),
    Row(
        Technique::Bug2,
        "BUG type 2",
        5.7,
        Level::Expert,
        "assumes a unique solution; the cells of three candidates share their third",
    ),
    Row(
        Technique::XChain,
        "X-chain",
        6.5,
        Level::Expert,
        "single-digit chain; includes simple colouring; + length",
    ),
    Row(
        Technique::XyChain,
        "XY-chain",
        7.0,
        Level::Expert,
        "+ length; Sudoku Explainer's forcing chain with both link kinds",
    ),
    Row(
        Technique::Aic,
        "Alternating inference chain",
        7.0,
        Level::Expert,
        "+ length",
    ),
    Row(
        Technique::WWing,
        "W-Wing",
        7.0,
        Level::Expert,
        "an AIC of 6 candidates (7.0 + 0.1 length), named; found with the chains",
    ),
    Row(
        Technique::ContradictionChain,
        "Contradiction forcing chain",
        7.5,
        Level::Extreme,
        "a candidate whose placement leads to a contradiction by singles; + length",
    ),
    Row(
        Technique::CellForcingChain,
        "Cell forcing chain",
        7.5,
        Level::Extreme,
        "every candidate of a cell leads to the same result; + length",
    ),
    Row(
        Technique::HouseForcingChain,
        "House forcing chain",
        7.5,
        Level::Extreme,
        "every place of a digit in a house leads to the same result; + length",
    ),
    Row(
        Technique::NishioForcingChain,
        "Nishio forcing chain",
        7.5,
        Level::Extreme,
        "9×9 and smaller, houses only (as Sudoku Explainer): a candidate whose placement leads to a contradiction by the digit's places alone; + complexity",
    ),
    Row(
        Technique::MultipleForcingChain,
        "Multiple forcing chain",
        8.0,
        Level::Extreme,
        "9×9 and smaller, houses only: every candidate of a cell (three or more) or every place of a digit in a house leads to the same result by the grid's strong links; + complexity",
    ),
    Row(
        Technique::DynamicForcingChain,
        "Dynamic forcing chain",
        8.5,
        Level::Extreme,
        "9×9 and smaller, houses only: an assumption followed by singles on the grid it leaves (contradiction, both states of a candidate, cell or house forcing); + complexity",
    ),
    Row(
        Technique::DynamicForcingChainPlus,
        "Dynamic forcing chain (plus)",
        9.0,
        Level::Diabolical,
        "a dynamic forcing chain whose branches also use locked candidates, hidden and naked pairs and X-Wings; + complexity",
    ),
    Row(
        Technique::NestedForcingChain,
        "Nested forcing chain",
        9.5,
        Level::Diabolical,
        "forcing chain whose branches also use forcing chains by singles; + length",
    ),
];

/// The lowest score of an extreme step: the forcing chains' base score. A chain (expert) whose
/// length bonus reaches it counts as extreme (see [`crate::logic::Step::level`]).
pub const EXTREME_SCORE: f32 = 7.5;

/// The lowest score of a diabolical step: a dynamic forcing chain (8.5) whose length bonus
/// reaches it is diabolical, as is every nested forcing chain (9.5).
pub const DIABOLICAL_SCORE: f32 = 9.0;

/// The score given to a puzzle that the techniques cannot finish (as Sudoku Explainer does).
pub const TRIAL_AND_ERROR_SCORE: f32 = 20.0;

impl Technique {
    /// Every technique, easiest first (the order the driver tries them).
    pub const ALL: [Technique; TABLE.len()] = {
        let mut all = [Technique::FullHouse; TABLE.len()];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].0;
            i += 1;
        }
        all
    };

    fn row(self) -> &'static Row {
        // The table is in enum order (checked by a test), so the discriminant indexes it.
        &TABLE[self as usize]
    }

    /// The name shown to people and used as the key of [`crate::logic::Rating::techniques`].
    pub fn name(self) -> &'static str {
        self.row().1
    }

    /// The base score on the SE scale (chains add [`length_bonus`]).
    pub fn score(self) -> f32 {
        self.row().2
    }

    /// The level of the technique.
    pub fn level(self) -> Level {
        self.row().3
    }

    /// True for techniques that are only sound when the puzzle has a unique solution.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4
                | Technique::Bug1
                | Technique::Bug2
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The extra score of a chain of `length` nodes: +0.1 each time the length passes 4, 6, 8, 12,
/// 16, 24, 32, 48, 64, … (as Sudoku Explainer does).
pub fn length_bonus(length: usize) -> f32 {
    let mut bonus = 0;
    let (mut low, mut high) = (4usize, 6usize);
    while length > low {
        bonus += 1;
        if length > high {
            bonus += 1;
        }
        low *= 2;
        high *= 2;
    }
    bonus as f32 / 10.0
}

/// The technique table as Markdown (the body of `docs/RATING.md`).
pub fn rating_table_markdown() -> String {
    let mut text =
        String::from("| Technique | SE score | Level | Note |\n| --- | --- | --- | --- |\n");
    for row in &TABLE {
        text.push_str(&format!(
            "| {} | {:.1} | {} | {} |\n",
            row.1, row.2, row.3, row.4
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_enum_order_and_scores_ascend() {
        for (i, row) in TABLE.iter().enumerate() {
            assert_eq!(row.0 as usize, i, "{} out of place", row.1);
            if i > 0 {
                assert!(
                    row.2 >= TABLE[i - 1].2,
                    "{} scores below its predecessor",
                    row.1
                );
            }
        }
    }

    #[test]
    fn length_bonus_steps() {
        let bonus: Vec<f32> = [2, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25, 33]
            .iter()
            .map(|&l| length_bonus(l))
            .collect();
        let expected = [
            0.0, 0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6, 0.7,
        ];
        for (got, want) in bonus.iter().zip(expected) {
            assert!((got - want).abs() < 1e-6, "{bonus:?}");
        }
    }

    #[test]
    fn levels_parse_and_order() {
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert!("insane".parse::<Level>().is_err());
        assert!(Level::Easy < Level::Extreme);
        assert_eq!(Level::Expert.to_string(), "expert");
    }

    #[test]
    fn rating_docs_match_table() {
        for file in ["docs/RATING.md", "docs/CLI.md"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(file);
            let doc = std::fs::read_to_string(path).unwrap_or_default();
            assert!(
                doc.contains(&rating_table_markdown()),
                "{file} is out of date; paste:\n{}",
                rating_table_markdown()
            );
        }
    }
}
