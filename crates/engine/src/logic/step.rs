//! `Step`: one deduction — the technique, the cells, digits and houses that prove it, and the
//! placements and eliminations it makes — and its one-line human description (built only by
//! `Display`, never in the solving hot path).

use std::fmt;

use crate::grid::{CellNames, HouseKind};

use super::candidates::digits;
use super::step_words::{English, StepWords, house_name, technique_name};
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

fn digit_list(words: &dyn StepWords, mask: u32) -> String {
    let list: Vec<String> = digits(mask).map(|d| words.symbol(d)).collect();
    list.join(",")
}

impl fmt::Display for Step {
    /// One line, e.g. `Hidden single: r3c7 = 5 (only place for 5 in box 3)` or
    /// `Naked pair {4,6} in row 5 (r5c2, r5c7): removes 4 from r5c4, 6 from r5c9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&English))
    }
}

impl Step {
    /// The one-line explanation in the given words (`Display` is [`English`]).
    pub fn describe(&self, words: &dyn StepWords) -> String {
        match self.technique {
            Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingle
            | Technique::NakedSingle
            | Technique::CageSumSingle => self.describe_single(words),
            Technique::ContradictionChain
            | Technique::CellForcingChain
            | Technique::HouseForcingChain
            | Technique::NishioForcingChain
            | Technique::MultipleForcingChain
            | Technique::DynamicForcingChain
            | Technique::DynamicForcingChainPlus
            | Technique::NestedForcingChain => self.describe_forcing(words),
            _ => self.describe_pattern(words),
        }
    }

    fn describe_single(&self, words: &dyn StepWords) -> String {
        let name = technique_name(words, self.technique);
        let Some(&(cell, digit)) = self.placements.first() else {
            return name;
        };
        let d = words.symbol(digit);
        let house = self.houses.first().map(|&h| house_name(words, h));
        let reason = match (self.technique, house) {
            (Technique::FullHouse, Some(h)) => {
                Some(words.phrase("step_last_cell", &[("house", &h)]))
            }
            (Technique::NakedSingle, _) => Some(words.phrase("step_only_candidate", &[])),
            (Technique::CageSumSingle, _) => {
                let cage: Vec<String> = self.cells.iter().map(|&c| self.cell(c)).collect();
                Some(words.phrase("step_cage_last", &[("cells", &cage.join("+"))]))
            }
            (_, Some(h)) => Some(words.phrase("step_only_place", &[("digit", &d), ("house", &h)])),
            _ => None,
        };
        let mut text = format!("{name}: {} = {d}", self.cell(cell));
        if let Some(reason) = reason {
            text.push_str(&format!(" ({reason})"));
        }
        text
    }

    /// `Cell forcing chain (length 9): each of r1c1=1, r1c1=2 leads to this by singles: places
    /// r5c5 = 3`.
    fn describe_forcing(&self, words: &dyn StepWords) -> String {
        let premises: Vec<String> = self
            .chain
            .iter()
            .map(|&(c, d)| format!("{}={}", self.cell(c), words.symbol(d)))
            .collect();
        let technique = technique_name(words, self.technique);
        let head = words.phrase(
            "step_forcing_length",
            &[("technique", &technique), ("n", &self.length.to_string())],
        );
        let by = words.phrase(
            match self.technique {
                Technique::DynamicForcingChainPlus => "step_by_dynamic",
                Technique::NestedForcingChain => "step_by_nested",
                _ => "step_by_singles",
            },
            &[],
        );
        // A contradiction refutes its premises (a cell or house forcing never removes its own).
        let refutes = self.placements.is_empty() && self.eliminations == self.chain;
        // The other candidates of the cell placed each lead to a contradiction.
        let leaves = matches!(self.placements.as_slice(), [(cell, digit)]
            if !self.chain.is_empty()
                && self.chain.iter().all(|&(c, d)| c == *cell && d != *digit));
        let contradiction = matches!(
            self.technique,
            Technique::ContradictionChain | Technique::NishioForcingChain
        );
        let body = if contradiction || refutes || leaves {
            let or = format!(" {} ", words.phrase("step_or", &[]));
            words.phrase(
                "step_leads_to_contradiction",
                &[("premises", &premises.join(&or)), ("by", &by)],
            )
        } else {
            words.phrase(
                "step_each_leads",
                &[("premises", &premises.join(", ")), ("by", &by)],
            )
        };
        format!("{head}: {body}{}", self.effects(words))
    }

    fn describe_pattern(&self, words: &dyn StepWords) -> String {
        let mut text = technique_name(words, self.technique);
        if self.digits != 0 {
            text.push_str(&format!(" {{{}}}", digit_list(words, self.digits)));
        }
        if !self.houses.is_empty() {
            let names: Vec<String> = self.houses.iter().map(|&h| house_name(words, h)).collect();
            let houses = words.phrase("step_in", &[("houses", &names.join(", "))]);
            text.push_str(&format!(" {houses}"));
        }
        if !self.chain.is_empty() {
            let nodes: Vec<String> = self
                .chain
                .iter()
                .map(|&(c, d)| format!("{}={}", self.cell(c), words.symbol(d)))
                .collect();
            let sep = if self.technique >= Technique::ContradictionChain {
                ", "
            } else {
                " - "
            };
            text.push_str(&format!(" [{}]", nodes.join(sep)));
        }
        if !self.cells.is_empty() {
            let names: Vec<String> = self.cells.iter().map(|&c| self.cell(c)).collect();
            text.push_str(&format!(" ({})", names.join(", ")));
        }
        if self.length > 0 {
            let length = words.phrase("step_length", &[("n", &self.length.to_string())]);
            text.push_str(&format!(" {length}"));
        }
        text + &self.effects(words)
    }

    /// `: places r1c1 = 5; removes 4 from r5c4`.
    fn effects(&self, words: &dyn StepWords) -> String {
        let mut text = String::from(":");
        if !self.placements.is_empty() {
            let places: Vec<String> = self
                .placements
                .iter()
                .map(|&(c, d)| format!("{} = {}", self.cell(c), words.symbol(d)))
                .collect();
            let places = words.phrase("step_places", &[("list", &places.join(", "))]);
            text.push_str(&format!(" {places}"));
            if !self.eliminations.is_empty() {
                text.push(';');
            }
        }
        if !self.eliminations.is_empty() {
            let list = self.elimination_text(words);
            text.push_str(&format!(
                " {}",
                words.phrase("step_removes", &[("list", &list)])
            ));
        }
        text
    }

    /// The step as a teacher would say it, for a walkthrough: the technique with its digits
    /// (`3/8`) and houses, then what it does, grouped by the cells it changes —
    /// `Naked pair 3/8 in column 5: 3 and 8 go out of r4c2 and r4c3`; singles as
    /// [`Step::describe`] says them; a placement as `so r1c1 = 5`.
    pub fn teach(&self, words: &dyn StepWords) -> String {
        if matches!(
            self.technique,
            Technique::FullHouse
                | Technique::HiddenSingleBox
                | Technique::HiddenSingle
                | Technique::NakedSingle
                | Technique::CageSumSingle
        ) {
            return self.describe_single(words);
        }
        let mut head = technique_name(words, self.technique);
        if self.digits != 0 {
            let list: Vec<String> = digits(self.digits).map(|d| words.symbol(d)).collect();
            head.push_str(&format!(" {}", list.join("/")));
        }
        if !self.houses.is_empty() {
            let names: Vec<String> = self.houses.iter().map(|&h| house_name(words, h)).collect();
            let houses = words.phrase("step_in", &[("houses", &and_list(words, &names))]);
            head.push_str(&format!(" {houses}"));
        }
        let mut effects = self.removals_taught(words);
        effects.extend(self.placements.iter().map(|&(c, d)| {
            words.phrase(
                "teach_so",
                &[("cell", &self.cell(c)), ("digit", &words.symbol(d))],
            )
        }));
        format!("{head}: {}", effects.join("; "))
    }

    /// The eliminations grouped as a reader takes them in: the cells that lose the same digits
    /// are said together (`3 and 8 go out of r4c2 and r4c3`).
    fn removals_taught(&self, words: &dyn StepWords) -> Vec<String> {
        let mut by_cell: Vec<(usize, Vec<u8>)> = Vec::new();
        for &(cell, digit) in &self.eliminations {
            match by_cell.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, ds)) => ds.push(digit),
                None => by_cell.push((cell, vec![digit])),
            }
        }
        by_cell.sort_by_key(|(c, _)| *c);
        let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
        for (cell, mut ds) in by_cell {
            ds.sort_unstable();
            match groups.iter_mut().find(|(d, _)| *d == ds) {
                Some((_, cells)) => cells.push(cell),
                None => groups.push((ds, vec![cell])),
            }
        }
        groups
            .iter()
            .map(|(ds, cells)| {
                let names: Vec<String> = cells.iter().map(|&c| self.cell(c)).collect();
                let cells = and_list(words, &names);
                let ds: Vec<String> = ds.iter().map(|&d| words.symbol(d)).collect();
                match ds.as_slice() {
                    [one] => words.phrase("teach_goes_out", &[("digit", one), ("cells", &cells)]),
                    _ => words.phrase(
                        "teach_go_out",
                        &[("digits", &and_list(words, &ds)), ("cells", &cells)],
                    ),
                }
            })
            .collect()
    }

    /// Eliminations grouped by digit: `4 from r5c4 r5c6, 6 from r5c9`.
    fn elimination_text(&self, words: &dyn StepWords) -> String {
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
                let digit = words.symbol(*d);
                words.phrase(
                    "step_from",
                    &[("digit", &digit), ("cells", &names.join(" "))],
                )
            })
            .collect();
        parts.join(", ")
    }
}

/// `a`, `a and b`, `a, b and c`, in the book's language.
fn and_list(words: &dyn StepWords, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!(
            "{} {} {last}",
            rest.join(", "),
            words.phrase("teach_and", &[])
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{hidden_single_example, naked_pair_example};

    #[test]
    fn a_step_is_taught_with_its_removals_grouped() {
        let mut step = Step::new(Technique::NakedPair, CellNames::Square(9));
        step.digits = 0b1000_0100;
        step.houses.push(HouseKind::Column(4));
        step.cells = vec![4, 13];
        step.eliminations = vec![(29, 3), (28, 3), (29, 8), (28, 8), (40, 3)];
        assert_eq!(
            step.teach(&English),
            "Naked pair 3/8 in column 5: 3 and 8 go out of r4c2 and r4c3; 3 goes out of r5c5"
        );
    }

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
        // X-chains stay below 7.5 up to the 40 nodes the searches allow; XY-chains score as
        // AICs (7.0, Sudoku Explainer's forcing chain with both link kinds).
        assert_eq!(chain(Technique::XChain, 40).level(), Level::Expert);
        assert_eq!(chain(Technique::XyChain, 16).level(), Level::Expert);
        assert_eq!(chain(Technique::XyChain, 17).level(), Level::Extreme);
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
        let step = hidden_single_example();
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
        let step = naked_pair_example();
        assert_eq!(
            step.to_string(),
            "Naked pair {4,6} in row 5 (r5c2, r5c7): removes 4 from r5c4, 6 from r5c9"
        );
    }
}
