//! Technique-targeted generation: reading the technique names a request requires
//! (`--require "X-Wing"`, `require = ["XY-Wing"]`), the level they imply, and whether a puzzle's
//! easiest solving path (its rating) uses every one of them.

use crate::logic::{Level, Rating, Technique};

/// The techniques that only killer puzzles (with cages) can use.
const KILLER_ONLY: [Technique; 6] = [
    Technique::CageSumSingle,
    Technique::CageCombination,
    Technique::CageHouseInteraction,
    Technique::InnieOutie,
    Technique::HouseCombination,
    Technique::LargeInnieOutie,
];

/// A name with case, spaces, hyphens and punctuation left out: `x-wing`, `X Wing` and `xwing`
/// are one name.
fn folded(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The technique a name means (as `rate` prints them, in any case, with or without spaces and
/// hyphens); the message lists the names when none matches.
pub fn parse_technique(name: &str) -> Result<Technique, String> {
    let wanted = folded(name);
    Technique::ALL
        .into_iter()
        .find(|t| folded(t.name()) == wanted)
        .ok_or_else(|| {
            let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
            format!(
                "{} is not a technique; use one of: {}",
                crate::grid::text::shown_text(name.trim()),
                names.join(", ")
            )
        })
}

/// True for the techniques only killer puzzles can use.
pub fn is_killer_only(technique: Technique) -> bool {
    KILLER_ONLY.contains(&technique)
}

/// The level a puzzle needing all these techniques is at least: the hardest of their levels.
pub fn implied_level(require: &[Technique]) -> Option<Level> {
    require.iter().map(|t| t.level()).max()
}

/// True when the rating's path uses every required technique.
pub fn meets(require: &[Technique], rating: &Rating) -> bool {
    require
        .iter()
        .all(|t| rating.techniques.contains_key(t.name()))
}

/// `needing X-Wing and XY-Wing`, for messages; empty when nothing is required.
pub fn needing(require: &[Technique]) -> String {
    if require.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = require.iter().map(|t| t.name()).collect();
    format!(" needing {}", names.join(" and "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_in_any_case_and_spacing() {
        assert_eq!(parse_technique("X-Wing"), Ok(Technique::XWing));
        assert_eq!(parse_technique("x wing"), Ok(Technique::XWing));
        assert_eq!(parse_technique(" XWING "), Ok(Technique::XWing));
        assert_eq!(parse_technique("xy-wing"), Ok(Technique::XyWing));
        let err = parse_technique("Q-Wing").unwrap_err();
        assert!(
            err.starts_with("'Q-Wing' is not a technique; use one of: Full house"),
            "{err}"
        );
    }

    #[test]
    fn the_hardest_requirement_sets_the_level() {
        let require = [Technique::NakedPair, Technique::XWing];
        assert_eq!(implied_level(&require), Some(Technique::XWing.level()));
        assert_eq!(implied_level(&[]), None);
        assert_eq!(needing(&require), " needing Naked pair and X-Wing");
        assert!(is_killer_only(Technique::InnieOutie));
        assert!(!is_killer_only(Technique::XWing));
    }
}
