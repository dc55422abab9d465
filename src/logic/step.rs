//! `Step`: one deduction — the technique, the cells, digits and houses that prove it, and the
//! placements and eliminations it makes — and its one-line human description (built only by
//! `Display`, never in the solving hot path).

use std::fmt;

use crate::grid::{CellNames, HouseKind, digit_symbol};

use super::candidates::digits;
use super::technique::{Level, Technique, length_bonus};

/// One logical deduction.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// Digits placed: `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
    /// The pattern's cells (pair cells, fish corners, wing cells, rectangle corners…).
    pub cells: Vec<usize>,
    /// The pattern's digits as a mask (bit `d-1`).
    pub digits: u32,
    /// The houses the pattern lives in.
    pub houses: Vec<HouseKind>,
    /// For chains: the nodes `(cell, digit)` from start to end; for forcing chains: the premises.
    pub chain: Vec<(usize, u8)>,
    /// Chain length (number of nodes, or propagation steps for forcing chains); 0 otherwise.
    pub length: usize,
    /// How to name cells.
    pub names: CellNames,
}

impl Step {
    /// An empty step of a technique; fill in the fields.
    pub fn new(technique: Technique, names: CellNames) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            digits: 0,
            houses: Vec::new(),
            chain: Vec::new(),
            length: 0,
            names,
        }
    }

    /// A single placement proven by one house (or by the cell itself when `house` is `None`).
    pub fn single(
        technique: Technique,
        names: CellNames,
        cell: usize,
        digit: u8,
        house: Option<HouseKind>,
    ) -> Step {
        let mut step = Step::new(technique, names);
        step.placements.push((cell, digit));
        step.houses.extend(house);
        step
    }

    /// The difficulty of this step: the technique's base score plus the chain length bonus.
    pub fn score(&self) -> f32 {
        self.technique.score() + length_bonus(self.length)
    }

    /// The level of this step: its technique's, raised to the next level when its length bonus
    /// lifts the score to that level's floor (an expert chain scoring 7.5 or more is extreme, an
    /// extreme forcing chain scoring 9.0 or more diabolical), so that the levels are bands of
    /// the score.
    pub fn level(&self) -> Level {
        let level = self.technique.level();
        let tenths = (self.score() * 10.0).round();
        let next = Level::ALL
            .into_iter()
            .find(|&next| next.easier() == Some(level));
        match next.and_then(|next| next.score_floor().map(|floor| (next, floor))) {
            Some((next, floor)) if tenths >= (floor * 10.0).round() => next,
            _ => level,
        }
    }

    fn cell(&self, cell: usize) -> String {
        self.names.name(cell)
    }
}

fn digit_list(mask: u32) -> String {
    let list: Vec<String> = digits(mask).map(|d| digit_symbol(d).to_string()).collect();
    list.join(",")
}

impl fmt::Display for Step {
    /// One line, e.g. `Hidden single: r3c7 = 5 (only place for 5 in box 3)` or
    /// `Naked pair {4,6} in row 5 (r5c2, r5c7): removes 4 from r5c4, 6 from r5c9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.technique {
            Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingle
            | Technique::NakedSingle
            | Technique::CageSumSingle => self.fmt_single(f),
            Technique::ContradictionChain
            | Technique::CellForcingChain
            | Technique::HouseForcingChain
            | Technique::DynamicForcingChain
            | Technique::NestedForcingChain => self.fmt_forcing(f),
            _ => self.fmt_pattern(f),
        }
    }
}

impl Step {
    fn fmt_single(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(&(cell, digit)) = self.placements.first() else {
            return write!(f, "{}", self.technique);
        };
        let d = digit_symbol(digit);
        write!(f, "{}: {} = {d}", self.technique, self.cell(cell))?;
        match (self.technique, self.houses.first()) {
            (Technique::FullHouse, Some(h)) => write!(f, " (last empty cell of {h})"),
            (Technique::NakedSingle, _) => write!(f, " (only candidate left)"),
            (Technique::CageSumSingle, _) => {
                let cage: Vec<String> = self.cells.iter().map(|&c| self.cell(c)).collect();
                write!(f, " (last empty cell of cage {})", cage.join("+"))
            }
            (_, Some(h)) => write!(f, " (only place for {d} in {h})"),
            _ => Ok(()),
        }
    }

    /// `Cell forcing chain (length 9): each of r1c1=1, r1c1=2 leads to: places r5c5 = 3`.
    fn fmt_forcing(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let premises: Vec<String> = self
            .chain
            .iter()
            .map(|&(c, d)| format!("{}={}", self.cell(c), digit_symbol(d)))
            .collect();
        write!(f, "{} (length {}): ", self.technique, self.length)?;
        let by = match self.technique {
            Technique::DynamicForcingChain => "singles, locked candidates and pairs",
            Technique::NestedForcingChain => {
                "singles, locked candidates, pairs and forcing chains inside"
            }
            _ => "singles",
        };
        // A contradiction refutes its premises (a cell or house forcing never removes its own).
        let refutes = self.placements.is_empty() && self.eliminations == self.chain;
        if self.technique == Technique::ContradictionChain || refutes {
            write!(
                f,
                "{} leads to a contradiction by {by}",
                premises.join(" or ")
            )?;
        } else {
            write!(f, "each of {} leads to this by {by}", premises.join(", "))?;
        }
        self.fmt_effects(f)
    }

    fn fmt_pattern(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.technique)?;
        if self.digits != 0 {
            write!(f, " {{{}}}", digit_list(self.digits))?;
        }
        if !self.houses.is_empty() {
            let names: Vec<String> = self.houses.iter().map(|h| h.to_string()).collect();
            write!(f, " in {}", names.join(", "))?;
        }
        if !self.chain.is_empty() {
            let nodes: Vec<String> = self
                .chain
                .iter()
                .map(|&(c, d)| format!("{}={}", self.cell(c), digit_symbol(d)))
                .collect();
            let sep = if self.technique >= Technique::ContradictionChain {
                ", "
            } else {
                " - "
            };
            write!(f, " [{}]", nodes.join(sep))?;
        }
        if !self.cells.is_empty() {
            let names: Vec<String> = self.cells.iter().map(|&c| self.cell(c)).collect();
            write!(f, " ({})", names.join(", "))?;
        }
        if self.length > 0 {
            write!(f, " length {}", self.length)?;
        }
        self.fmt_effects(f)
    }

    /// `: places r1c1 = 5; removes 4 from r5c4`.
    fn fmt_effects(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(":")?;
        if !self.placements.is_empty() {
            let places: Vec<String> = self
                .placements
                .iter()
                .map(|&(c, d)| format!("{} = {}", self.cell(c), digit_symbol(d)))
                .collect();
            write!(f, " places {}", places.join(", "))?;
            if !self.eliminations.is_empty() {
                f.write_str(";")?;
            }
        }
        if !self.eliminations.is_empty() {
            write!(f, " removes {}", self.elimination_text())?;
        }
        Ok(())
    }

    /// Eliminations grouped by digit: `4 from r5c4 r5c6, 6 from r5c9`.
    fn elimination_text(&self) -> String {
        let mut by_digit: Vec<(u8, Vec<usize>)> = Vec::new();
        for &(cell, digit) in &self.eliminations {
            match by_digit.iter_mut().find(|(d, _)| *d == digit) {
                Some((_, cells)) => cells.push(cell),
                None => by_digit.push((digit, vec![cell])),
            }
        }
        by_digit.sort_by_key(|(d, _)| *d);
        let parts: Vec<String> = by_digit
            .iter()
            .map(|(d, cells)| {
                let names: Vec<String> = cells.iter().map(|&c| self.cell(c)).collect();
                format!("{} from {}", digit_symbol(*d), names.join(" "))
            })
            .collect();
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_long_enough_to_score_extreme_is_extreme() {
        let chain = |technique, length| {
            let mut step = Step::new(technique, CellNames::Square(9));
            step.length = length;
            step
        };
        // AIC 7.0: +0.4 up to 16 nodes, +0.5 from 17.
        assert_eq!(chain(Technique::Aic, 16).level(), Level::Expert);
        assert!((chain(Technique::Aic, 16).score() - 7.4).abs() < 1e-4);
        assert_eq!(chain(Technique::Aic, 17).level(), Level::Extreme);
        // X- and XY-chains stay below 7.5 up to the 40 nodes the searches allow.
        assert_eq!(chain(Technique::XChain, 40).level(), Level::Expert);
        assert_eq!(chain(Technique::XyChain, 40).level(), Level::Expert);
        assert_eq!(chain(Technique::XyChain, 65).level(), Level::Extreme);
        // Forcing chains: 7.5 + 0.7 stays extreme, dynamic 8.5 + 0.5 (17 nodes) is diabolical.
        assert_eq!(
            chain(Technique::ContradictionChain, 40).level(),
            Level::Extreme
        );
        assert_eq!(
            chain(Technique::DynamicForcingChain, 16).level(),
            Level::Extreme
        );
        assert_eq!(
            chain(Technique::DynamicForcingChain, 17).level(),
            Level::Diabolical
        );
        assert_eq!(
            chain(Technique::NestedForcingChain, 0).level(),
            Level::Diabolical
        );
        // Other techniques keep their level whatever their length.
        assert_eq!(chain(Technique::NakedPair, 0).level(), Level::Medium);
    }

    #[test]
    fn hidden_single_text() {
        let step = Step::single(
            Technique::HiddenSingleBox,
            CellNames::Square(9),
            24,
            5,
            Some(HouseKind::Box(2)),
        );
        assert_eq!(
            step.to_string(),
            "Hidden single (box): r3c7 = 5 (only place for 5 in box 3)"
        );
    }

    #[test]
    fn forcing_text() {
        let mut step = Step::new(Technique::ContradictionChain, CellNames::Square(9));
        step.chain = vec![(0, 3)];
        step.length = 7;
        step.eliminations = vec![(0, 3)];
        assert_eq!(
            step.to_string(),
            "Contradiction forcing chain (length 7): r1c1=3 leads to a contradiction by singles: \
             removes 3 from r1c1"
        );
    }

    #[test]
    fn naked_pair_text() {
        let mut step = Step::new(Technique::NakedPair, CellNames::Square(9));
        step.digits = 0b101000;
        step.houses.push(HouseKind::Row(4));
        step.cells = vec![37, 42];
        step.eliminations = vec![(39, 4), (44, 6)];
        assert_eq!(
            step.to_string(),
            "Naked pair {4,6} in row 5 (r5c2, r5c7): removes 4 from r5c4, 6 from r5c9"
        );
    }
}
