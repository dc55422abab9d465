//! The words of a step's one-line explanation — technique names, house names and the phrases
//! around them — kept apart from the sentence's shape (`Step::describe`), so a book can explain
//! its steps in its own language. English is here ([`ENGLISH`]); the book's other languages
//! come from its strings table (keys `technique_*`, `house_*_n`, `grid_*`, `step_*`).

use crate::grid::{HouseKind, digit_symbol};

use super::technique::Technique;

/// Where a step's words come from.
pub trait StepWords {
    /// The text of a key (see [`ENGLISH`] for the keys and their placeholders), with each
    /// `{name}` replaced by its value.
    fn phrase(&self, key: &str, values: &[(&str, &str)]) -> String;

    /// How a value (1..=N) is written: its digit (`7`, or `A` for 10 in a large grid) unless
    /// the words print another symbol set.
    fn symbol(&self, value: u8) -> String {
        digit_symbol(value).to_string()
    }
}

/// The key of a technique's name: `technique_` and its English name in lower case, each run
/// of other characters an underscore (`Hidden single (box)` → `technique_hidden_single_box`).
pub fn technique_key(technique: Technique) -> String {
    let mut key = String::from("technique");
    let mut gap = true;
    for ch in technique.name().chars() {
        if ch.is_ascii_alphanumeric() {
            if gap {
                key.push('_');
            }
            key.push(ch.to_ascii_lowercase());
            gap = false;
        } else {
            gap = true;
        }
    }
    key
}

/// The technique whose [`technique_key`] is `key`, if any (the keys are made once).
fn technique_of_key(key: &str) -> Option<Technique> {
    static KEYS: std::sync::LazyLock<Vec<(String, Technique)>> = std::sync::LazyLock::new(|| {
        Technique::ALL
            .iter()
            .map(|&technique| (technique_key(technique), technique))
            .collect()
    });
    if !key.starts_with("technique_") {
        return None;
    }
    KEYS.iter()
        .find(|(technique_key, _)| technique_key == key)
        .map(|&(_, technique)| technique)
}

/// A technique's name in these words.
pub fn technique_name(words: &dyn StepWords, technique: Technique) -> String {
    words.phrase(&technique_key(technique), &[])
}

/// A house's name in these words: `row 3`, `Zeile 3`, `row 3 of the top-left grid`.
pub fn house_name(words: &dyn StepWords, house: HouseKind) -> String {
    let numbered = |key: &str, i: usize| words.phrase(key, &[("n", &(i + 1).to_string())]);
    match house {
        HouseKind::Row(i) => numbered("house_row_n", i),
        HouseKind::Column(i) => numbered("house_column_n", i),
        HouseKind::Box(i) => numbered("house_box_n", i),
        HouseKind::Region(i) => numbered("house_region_n", i),
        HouseKind::Window(i) => numbered("house_window_n", i),
        HouseKind::Group(i) => numbered("house_group_n", i),
        HouseKind::Diagonal => words.phrase("house_main_diagonal", &[]),
        HouseKind::AntiDiagonal => words.phrase("house_anti_diagonal", &[]),
        HouseKind::GridRow(grid, i)
        | HouseKind::GridColumn(grid, i)
        | HouseKind::GridBox(grid, i) => {
            let inner = match house {
                HouseKind::GridRow(..) => numbered("house_row_n", i),
                HouseKind::GridColumn(..) => numbered("house_column_n", i),
                _ => numbered("house_box_n", i),
            };
            let name = grid.shape.grid_names()[usize::from(grid.index)];
            let grid = words.phrase(&format!("grid_{}", name.replace('-', "_")), &[]);
            words.phrase("house_of_grid", &[("house", &inner), ("grid", &grid)])
        }
    }
}

/// Fills `{name}` placeholders.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(template.to_string(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value)
        })
}

/// Step explanations in a symbol set: another table's words, each value named as the set
/// prints it (`r3c7 = P`, `only place for star in box 3`).
pub struct SymbolWords<'a> {
    words: &'a dyn StepWords,
    /// The name of value `i + 1`.
    names: Vec<String>,
}

impl<'a> SymbolWords<'a> {
    /// `words` naming value `i + 1` as `names[i]` (a symbol set's names, or a book's language);
    /// values past the end of `names` keep the words' own symbols.
    pub fn new(words: &'a dyn StepWords, names: Vec<String>) -> Self {
        SymbolWords { words, names }
    }
}

impl StepWords for SymbolWords<'_> {
    fn phrase(&self, key: &str, values: &[(&str, &str)]) -> String {
        self.words.phrase(key, values)
    }

    fn symbol(&self, value: u8) -> String {
        match self.names.get(usize::from(value.max(1)) - 1) {
            Some(name) => name.clone(),
            None => self.words.symbol(value),
        }
    }
}

/// The English words (the table below).
pub struct English;

impl StepWords for English {
    fn phrase(&self, key: &str, values: &[(&str, &str)]) -> String {
        if let Some(technique) = technique_of_key(key) {
            return technique.name().to_string();
        }
        let template = ENGLISH
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(key, |(_, text)| text);
        fill(template, values)
    }
}

/// The English phrases of step explanations (technique names are [`Technique::name`]). Every
/// book language has these keys, and one per technique (a test checks it).
pub const ENGLISH: &[(&str, &str)] = &[
    ("house_row_n", "row {n}"),
    ("house_column_n", "column {n}"),
    ("house_box_n", "box {n}"),
    ("house_region_n", "region {n}"),
    ("house_window_n", "window {n}"),
    ("house_group_n", "disjoint group {n}"),
    ("house_main_diagonal", "main diagonal"),
    ("house_anti_diagonal", "anti-diagonal"),
    ("house_of_grid", "{house} of {grid}"),
    ("grid_top_left", "the top-left grid"),
    ("grid_top_right", "the top-right grid"),
    ("grid_centre", "the centre grid"),
    ("grid_bottom_left", "the bottom-left grid"),
    ("grid_bottom_right", "the bottom-right grid"),
    ("step_last_cell", "last empty cell of {house}"),
    ("step_only_candidate", "only candidate left"),
    ("step_cage_last", "last empty cell of cage {cells}"),
    ("step_only_place", "only place for {digit} in {house}"),
    ("step_in", "in {houses}"),
    ("step_length", "length {n}"),
    ("step_places", "places {list}"),
    ("step_removes", "removes {list}"),
    ("step_from", "{digit} from {cells}"),
    ("step_forcing_length", "{technique} (length {n})"),
    (
        "step_leads_to_contradiction",
        "{premises} leads to a contradiction by {by}",
    ),
    (
        "step_each_leads",
        "each of {premises} leads to this by {by}",
    ),
    ("step_or", "or"),
    ("step_by_singles", "singles"),
    ("step_by_dynamic", "singles, locked candidates and pairs"),
    ("teach_goes_out", "{digit} goes out of {cells}"),
    ("teach_go_out", "{digits} go out of {cells}"),
    ("teach_so", "so {cell} = {digit}"),
    ("teach_and", "and"),
    (
        "step_by_nested",
        "singles, locked candidates, pairs and forcing chains inside",
    ),
];

/// The placeholders of a step phrase key, for the strings table's checks.
pub fn placeholders(key: &str) -> Option<&'static [&'static str]> {
    const TABLE: &[(&str, &[&str])] = &[
        ("house_row_n", &["n"]),
        ("house_column_n", &["n"]),
        ("house_box_n", &["n"]),
        ("house_region_n", &["n"]),
        ("house_window_n", &["n"]),
        ("house_group_n", &["n"]),
        ("house_of_grid", &["house", "grid"]),
        ("step_last_cell", &["house"]),
        ("step_cage_last", &["cells"]),
        ("step_only_place", &["digit", "house"]),
        ("step_in", &["houses"]),
        ("step_length", &["n"]),
        ("step_places", &["list"]),
        ("step_removes", &["list"]),
        ("step_from", &["digit", "cells"]),
        ("step_forcing_length", &["technique", "n"]),
        ("step_leads_to_contradiction", &["premises", "by"]),
        ("step_each_leads", &["premises", "by"]),
        ("teach_goes_out", &["digit", "cells"]),
        ("teach_go_out", &["digits", "cells"]),
        ("teach_so", &["cell", "digit"]),
    ];
    if ENGLISH.iter().any(|(k, _)| *k == key) {
        return Some(
            TABLE
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(&[], |(_, p)| *p),
        );
    }
    Technique::ALL
        .iter()
        .any(|&t| technique_key(t) == key)
        .then_some(&[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{MultiShape, SubGrid};

    #[test]
    fn technique_keys_are_plain_and_distinct() {
        assert_eq!(
            technique_key(Technique::HiddenSingleBox),
            "technique_hidden_single_box"
        );
        assert_eq!(technique_key(Technique::Bug1), "technique_bug_1");
        let mut keys: Vec<String> = Technique::ALL.iter().map(|&t| technique_key(t)).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), Technique::ALL.len());
    }

    #[test]
    fn english_house_names_are_the_display_names() {
        let grid = SubGrid {
            shape: MultiShape::Samurai,
            index: 2,
        };
        for house in [
            HouseKind::Row(2),
            HouseKind::Column(0),
            HouseKind::Box(8),
            HouseKind::Region(3),
            HouseKind::Window(1),
            HouseKind::Diagonal,
            HouseKind::AntiDiagonal,
            HouseKind::GridRow(grid, 4),
            HouseKind::GridColumn(grid, 0),
            HouseKind::GridBox(grid, 8),
        ] {
            assert_eq!(house_name(&English, house), house.to_string());
        }
    }

    #[test]
    fn every_english_phrase_has_its_placeholders() {
        for (key, text) in ENGLISH {
            for name in placeholders(key).expect("known key") {
                assert!(text.contains(&format!("{{{name}}}")), "{key}: {text}");
            }
        }
    }
}
