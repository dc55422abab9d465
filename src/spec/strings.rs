//! The book's fixed texts — "How to play", the rules of each variant, the levels, "Contents",
//! "Solutions", "Notes", the heading and label notes, the copyright and "belongs to" texts — in
//! one table per language (English, German, French and Spanish), chosen by `language` and
//! overridden key by key by the spec's `[strings]` table. A text may hold `{name}` placeholders,
//! each key its own (see [`KEYS`]).

use std::collections::BTreeMap;

use toml::Spanned;

use super::error::{SpecError, did_you_mean};
use super::raw::RawBook;
use super::{Checker, TextOrigin};
use crate::grid::{MultiShape, RuleKind, Variant};
use crate::logic::Level;
use crate::logic::step_words::{English, StepWords, fill};
use crate::symbols::SymbolWords;

mod page_tables;
mod step_tables;
mod tables;

pub use page_tables::{PAGE_DE, PAGE_ES, PAGE_FR};
pub use step_tables::{DE_STEPS, ES_STEPS, FR_STEPS};
pub use tables::{DE, EN, ES, FR, KIDS_DE, KIDS_EN, KIDS_ES, KIDS_FR};

/// Every key with the placeholders its text may hold, in the order of the book.
pub const KEYS: &[(&str, &[&str])] = &[
    ("how_to_play", &[]),
    ("introduction", &[]),
    ("one_solution", &[]),
    ("solutions_at_back", &[]),
    ("rules", &["digits", "houses", "last"]),
    ("digits_to", &["last"]),
    ("digits_and_letters", &["last"]),
    ("house_row", &[]),
    ("house_column", &[]),
    ("house_region", &[]),
    ("house_box", &["rows", "cols"]),
    ("house_diagonals", &[]),
    ("house_windows", &["count"]),
    ("levels_title", &[]),
    ("level_line", &["level", "text"]),
    ("level_easy", &[]),
    ("level_medium", &[]),
    ("level_hard", &[]),
    ("level_expert", &[]),
    ("level_extreme", &[]),
    ("level_diabolical", &[]),
    ("level_easy_text", &[]),
    ("level_medium_text", &[]),
    ("level_hard_text", &[]),
    ("level_expert_text", &[]),
    ("level_extreme_text", &[]),
    ("level_diabolical_text", &[]),
    ("contents", &[]),
    ("solutions", &[]),
    ("notes", &[]),
    ("walkthrough_title", &["n", "page"]),
    ("walkthrough_of", &["label", "page"]),
    ("walkthrough_step", &["n"]),
    ("walkthrough_legend", &[]),
    ("walkthrough_singles", &["first", "last", "count"]),
    ("walkthrough_single", &["first"]),
    ("puzzle_note", &["n"]),
    ("puzzles_note", &["first", "last"]),
    ("answer_note", &["page"]),
    ("belongs_to", &[]),
    ("isbn", &["isbn"]),
    ("puzzle_count_one", &["count"]),
    ("puzzle_count", &["count"]),
    ("level_span", &["low", "high", "low_lower", "high_lower"]),
    ("with_solutions", &[]),
    ("cover_puzzles", &[]),
    ("cover_large_print", &[]),
    ("cover_with_solutions", &[]),
    ("back_count", &["count", "levels"]),
    ("back_solutions", &[]),
    ("back_large_print", &[]),
    ("back_one_solution", &[]),
    ("back_sample", &[]),
    ("label_time", &[]),
    ("combinations_title", &[]),
    ("combinations_cells", &["count"]),
    ("combinations_note", &["from", "total"]),
    ("strategies_title", &[]),
    ("strategy_example", &["n", "step", "page"]),
    ("strategy_full_house", &[]),
    ("strategy_hidden_single", &[]),
    ("strategy_naked_single", &[]),
    ("strategy_cage_sum", &[]),
    ("strategy_pointing", &[]),
    ("strategy_claiming", &[]),
    ("strategy_peer_intersection", &[]),
    ("strategy_cage_house", &[]),
    ("strategy_cage_combination", &[]),
    ("strategy_mark_elimination", &[]),
    ("strategy_locked_mark", &[]),
    ("strategy_house_combination", &[]),
    ("strategy_innie_outie", &[]),
    ("strategy_naked_subset", &[]),
    ("strategy_hidden_subset", &[]),
    ("strategy_fish", &[]),
    ("strategy_xy_wing", &[]),
    ("strategy_xyz_wing", &[]),
    ("strategy_w_wing", &[]),
    ("strategy_unique_rectangle", &[]),
    ("strategy_bug", &[]),
    ("strategy_x_chain", &[]),
    ("strategy_xy_chain", &[]),
    ("strategy_aic", &[]),
    ("strategy_forcing_chain", &[]),
    ("variant_classic", &[]),
    ("variant_jigsaw", &[]),
    ("variant_diagonal", &[]),
    ("variant_window", &[]),
    ("variant_plus_diagonal", &[]),
    ("variant_plus_window", &[]),
    ("variant_anti_knight", &[]),
    ("rules_anti_knight", &[]),
    ("variant_anti_king", &[]),
    ("rules_anti_king", &[]),
    ("variant_non_consecutive", &[]),
    ("rules_non_consecutive", &[]),
    ("variant_disjoint_groups", &[]),
    ("rules_disjoint_groups", &[]),
    ("variant_even_odd", &[]),
    ("rules_even_odd", &[]),
    ("variant_kropki", &[]),
    ("rules_kropki", &[]),
    ("variant_kropki_negative", &[]),
    ("rules_kropki_negative", &[]),
    ("variant_xv", &[]),
    ("rules_xv", &[]),
    ("variant_xv_negative", &[]),
    ("rules_xv_negative", &[]),
    ("variant_min_max", &[]),
    ("rules_min_max", &[]),
    ("variant_quadruple", &[]),
    ("rules_quadruple", &[]),
    ("variant_distinct_cages", &[]),
    ("rules_distinct_cages", &[]),
    ("variant_sized", &["variant", "size"]),
    ("section_title", &["variant", "size"]),
    ("section_level", &["title", "level", "level_lower"]),
    ("section_score", &["title", "min", "max"]),
    ("variant_killer", &[]),
    ("variant_plus_killer", &[]),
    ("rules_cages", &[]),
    ("variant_plus_jigsaw", &[]),
    ("variant_samurai", &[]),
    ("variant_twodoku", &[]),
    ("variant_butterfly", &[]),
    ("rules_multi", &["count"]),
    ("introduction_symbols", &["symbols"]),
    ("introduction_mixed", &[]),
    ("rules_symbols", &["symbols", "houses", "last"]),
    ("symbols_letters", &["first", "last"]),
    ("symbols_word", &["word"]),
    ("symbols_letter_list", &["letters"]),
    ("word_hidden_row", &[]),
    ("word_hidden_first_row", &[]),
    ("word_hidden_diagonal", &[]),
    ("symbols_numbers", &["last"]),
    ("symbols_hex", &["last"]),
    ("symbols_pictures", &["names"]),
    ("symbols_colours", &["count"]),
    ("symbols_list", &["items", "last"]),
    ("shape_star", &[]),
    ("shape_heart", &[]),
    ("shape_circle", &[]),
    ("shape_square", &[]),
    ("shape_triangle", &[]),
    ("shape_moon", &[]),
    ("shape_flower", &[]),
    ("shape_sun", &[]),
    ("shape_fish", &[]),
    ("kind_in_symbols", &["kind", "set"]),
    ("set_digits", &[]),
    ("set_letters", &[]),
    ("set_word", &[]),
    ("set_numbers", &[]),
    ("set_hex", &[]),
    ("set_pictures", &[]),
    ("set_colours", &[]),
    ("level_easy_text_symbols", &[]),
    ("level_medium_text_symbols", &[]),
    ("walkthrough_legend_symbols", &[]),
    ("walkthrough_singles_symbols", &["first", "last", "count"]),
    ("walkthrough_single_symbols", &["first"]),
    ("strategy_symbols_note", &["symbols"]),
];

/// The languages built in: code, English name, own name.
pub const LANGUAGES: &[(&str, &str, &str)] = &[
    ("en", "english", "english"),
    ("de", "german", "deutsch"),
    ("fr", "french", "français"),
    ("es", "spanish", "español"),
];

/// The code (`en`, `de`, `fr`, `es`) of a language code or name, case and surrounding spaces
/// ignored.
fn language_code(language: &str) -> Option<&'static str> {
    let wanted = language.trim().to_lowercase();
    LANGUAGES
        .iter()
        .find(|(code, english, own)| [*code, *english, *own].contains(&wanted.as_str()))
        .map(|(code, _, _)| *code)
}

/// The simple words of a kids' book in a language (by code).
fn kids_table(code: &str) -> &'static [(&'static str, &'static str)] {
    match code {
        "de" => KIDS_DE,
        "fr" => KIDS_FR,
        "es" => KIDS_ES,
        _ => KIDS_EN,
    }
}

/// The built-in table of a language code (`en`, `de`, `fr`, `es`) or name (`german`,
/// `deutsch`), case and surrounding spaces ignored.
pub fn builtin(language: &str) -> Option<&'static [(&'static str, &'static str)]> {
    Some(match language_code(language)? {
        "de" => DE,
        "fr" => FR,
        "es" => ES,
        _ => EN,
    })
}

/// Every language code and name, for "did you mean".
pub fn language_names() -> Vec<&'static str> {
    LANGUAGES
        .iter()
        .flat_map(|(code, english, own)| [*code, *english, *own])
        .collect()
}

/// The placeholders of a key, or `None` for an unknown key.
pub fn placeholders(key: &str) -> Option<&'static [&'static str]> {
    KEYS.iter().find(|(k, _)| *k == key).map(|(_, p)| *p)
}

/// Every key, for "did you mean".
pub fn key_names() -> Vec<&'static str> {
    KEYS.iter().map(|(k, _)| *k).collect()
}

/// The book's fixed texts, one per key of [`KEYS`], and the words of its step explanations.
#[derive(Debug, Clone, PartialEq)]
pub struct Strings {
    texts: BTreeMap<&'static str, String>,
    /// The step words of the book's language (empty: English).
    steps: &'static [(&'static str, &'static str)],
    /// The language's code (`en`, `de`, `fr`, `es`).
    language: &'static str,
}

impl Default for Strings {
    fn default() -> Strings {
        Strings::from_table(EN)
    }
}

/// The step words of a language code or name (empty for English: [`English`] has them).
pub fn builtin_steps(language: &str) -> &'static [(&'static str, &'static str)] {
    match language_code(language) {
        Some("de") => DE_STEPS,
        Some("fr") => FR_STEPS,
        Some("es") => ES_STEPS,
        _ => &[],
    }
}

impl StepWords for Strings {
    fn phrase(&self, key: &str, values: &[(&str, &str)]) -> String {
        match self.steps.iter().find(|(k, _)| *k == key) {
            Some((_, text)) => fill(text, values),
            None => English.phrase(key, values),
        }
    }
}

impl Strings {
    /// The texts of a built-in table.
    pub fn from_table(table: &[(&'static str, &str)]) -> Strings {
        let texts = table.iter().map(|&(k, v)| (k, v.to_string())).collect();
        Strings {
            texts,
            steps: &[],
            language: "en",
        }
    }

    /// The same texts, in the language of this code or name (its page words and `lang`).
    pub fn with_language(mut self, language: &str) -> Strings {
        self.language = language_code(language).unwrap_or("en");
        self
    }

    /// The language's code: `en`, `de`, `fr` or `es`.
    pub fn language(&self) -> &'static str {
        self.language
    }

    /// The playable page's words in the book's language: the page table (empty for English,
    /// whose words are the page's own) and, but in English, the level names as the book
    /// writes them.
    pub fn page_words(&self) -> Vec<(&'static str, String)> {
        let table: &[(&str, &str)] = match self.language {
            "de" => PAGE_DE,
            "fr" => PAGE_FR,
            "es" => PAGE_ES,
            _ => return Vec::new(),
        };
        let levels = Level::ALL
            .iter()
            .map(|&level| (level.name(), self.level(level).to_string()));
        table
            .iter()
            .map(|&(key, text)| (key, text.to_string()))
            .chain(levels)
            .collect()
    }

    /// The same texts, explaining steps with these words.
    pub fn with_step_words(mut self, steps: &'static [(&'static str, &'static str)]) -> Strings {
        self.steps = steps;
        self
    }

    /// Replaces the text of a known key (the spec has checked it); unknown keys are ignored.
    pub fn set(&mut self, key: &str, text: &str) {
        if let Some((known, _)) = KEYS.iter().find(|(k, _)| *k == key) {
            self.texts.insert(known, text.to_string());
        }
    }

    /// The text of a key (the key itself when a table lacks it, which a test rules out).
    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        self.texts.get(key).map_or(key, String::as_str)
    }

    /// The text of a key with its placeholders filled.
    pub fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        fill(self.get(key), values)
    }

    /// A level's name as printed: `Easy`, `Leicht`.
    pub fn level(&self, level: Level) -> &str {
        let key = match level {
            Level::Easy => "level_easy",
            Level::Medium => "level_medium",
            Level::Hard => "level_hard",
            Level::Expert => "level_expert",
            Level::Extreme => "level_extreme",
            Level::Diabolical => "level_diabolical",
        };
        self.get(key)
    }

    /// What a level's puzzles ask of the solver.
    ///
    /// `in_symbols`: the book prints some puzzles in other symbols than digits, so the levels
    /// that speak of digits say symbols (`level_easy_text_symbols`).
    pub fn level_text(&self, level: Level, in_symbols: bool) -> &str {
        let key = match (level, in_symbols) {
            (Level::Easy, false) => "level_easy_text",
            (Level::Easy, true) => "level_easy_text_symbols",
            (Level::Medium, false) => "level_medium_text",
            (Level::Medium, true) => "level_medium_text_symbols",
            (Level::Hard, _) => "level_hard_text",
            (Level::Expert, _) => "level_expert_text",
            (Level::Extreme, _) => "level_extreme_text",
            (Level::Diabolical, _) => "level_diabolical_text",
        };
        self.get(key)
    }

    /// A variant's name as printed: `Classic`, `Jigsaw + diagonal`.
    pub fn variant(&self, variant: Variant) -> String {
        if let Some(shape) = variant.multi {
            return self.get(multi_key(shape)).to_string();
        }
        let kinds: Vec<String> = variant
            .rules
            .iter()
            .map(|kind| self.get(&Self::kind_key("variant", kind)).to_string())
            .collect();
        let first = if !kinds.is_empty() {
            "variant_rules"
        } else if variant.jigsaw {
            "variant_jigsaw"
        } else if variant.diagonal {
            "variant_diagonal"
        } else if variant.window {
            "variant_window"
        } else {
            "variant_classic"
        };
        let mut parts = match first {
            "variant_rules" => kinds,
            key => vec![self.get(key).to_string()],
        };
        if variant.jigsaw && first != "variant_jigsaw" {
            parts.push(self.get("variant_plus_jigsaw").to_string());
        }
        if variant.diagonal && first != "variant_diagonal" {
            parts.push(self.get("variant_plus_diagonal").to_string());
        }
        if variant.window && first != "variant_window" {
            parts.push(self.get("variant_plus_window").to_string());
        }
        parts.join(" + ")
    }

    /// The strings key of a rule kind: `variant_anti_knight`, `rules_kropki` (killer cages:
    /// `variant_killer`, `rules_cages`).
    pub fn kind_key(prefix: &str, kind: RuleKind) -> String {
        match (prefix, kind) {
            ("rules", RuleKind::Cages) => "rules_cages".to_string(),
            _ => format!("{prefix}_{}", kind.name().replace('-', "_")),
        }
    }

    /// The digits of a size as people write them: `1 to 9`, or `1-9 and A-G` above 9.
    pub fn digit_range(&self, size: usize) -> String {
        if size <= 9 {
            self.fill("digits_to", &[("last", &size.to_string())])
        } else {
            let last = crate::grid::text::digit_symbol(size as u8).to_string();
            self.fill("digits_and_letters", &[("last", &last)])
        }
    }

    /// How to play's words for a hidden word's letters, without giving the word away: the
    /// letters in alphabetical order (`the letters A, E, I, L, N, P, S, T and W`), then where the
    /// word is (`One row of each solution spells a word: find it!`).
    pub fn hidden_word_phrase(
        &self,
        word: &crate::symbols::Word,
        place: crate::symbols::WordPlace,
    ) -> (String, String) {
        use crate::symbols::WordPlace;
        let mut letters: Vec<String> = word.letters().iter().map(char::to_string).collect();
        letters.sort();
        let last = letters.pop().unwrap_or_default();
        let listed = self.fill(
            "symbols_list",
            &[("items", &letters.join(", ")), ("last", &last)],
        );
        let phrase = self.fill("symbols_letter_list", &[("letters", &listed)]);
        let key = match place {
            WordPlace::AnyRow => "word_hidden_row",
            WordPlace::FirstRow => "word_hidden_first_row",
            WordPlace::Diagonal => "word_hidden_diagonal",
        };
        (phrase, self.get(key).to_string())
    }

    /// What a symbol set prints, as the rules name it: `the letters A to I`, `the letters of
    /// PLANTWISE`, `the numbers 1 to 16`, `the pictures star, heart, circle and square`;
    /// `None` for digits (their rules keep their own words).
    pub fn symbols_phrase(&self, set: crate::symbols::SymbolSet, size: usize) -> Option<String> {
        use crate::symbols::{Shape, SymbolSet};
        let names = set.names(size);
        let last = names.last().cloned().unwrap_or_default();
        Some(match set {
            SymbolSet::Digits => return None,
            SymbolSet::Letters => self.fill(
                "symbols_letters",
                &[
                    ("first", names.first().map_or("A", String::as_str)),
                    ("last", &last),
                ],
            ),
            SymbolSet::Word(word) => {
                let word: String = word.letters().iter().collect();
                self.fill("symbols_word", &[("word", &word)])
            }
            SymbolSet::Numbers => self.fill("symbols_numbers", &[("last", &last)]),
            SymbolSet::Hex => self.fill("symbols_hex", &[("last", &last)]),
            SymbolSet::Pictures => {
                let mut shapes: Vec<String> = Shape::ALL[..size.min(Shape::ALL.len())]
                    .iter()
                    .map(|shape| self.get(&format!("shape_{}", shape.name())).to_string())
                    .collect();
                let last = shapes.pop().unwrap_or_default();
                let items = shapes.join(", ");
                let names = self.fill("symbols_list", &[("items", &items), ("last", &last)]);
                self.fill("symbols_pictures", &[("names", &names)])
            }
            SymbolSet::Colours => self.fill("symbols_colours", &[("count", &size.to_string())]),
        })
    }

    /// Each value's name in a set as this language says it in a sentence: the printed text,
    /// a picture's (or a colour's picture's) name (`star`, `Stern`).
    pub fn symbol_names(&self, set: crate::symbols::SymbolSet, size: usize) -> Vec<String> {
        use crate::symbols::Glyph;
        (1..=size as u8)
            .map(|value| match set.glyph(value, None) {
                Glyph::Text(text) => text.as_str().to_string(),
                Glyph::Picture(shape) | Glyph::Coloured(shape, _) => {
                    self.get(&format!("shape_{}", shape.name())).to_string()
                }
            })
            .collect()
    }

    /// The words of step explanations for a puzzle printed in `set`.
    pub fn step_words(&self, set: crate::symbols::SymbolSet, size: usize) -> SymbolWords<'_> {
        SymbolWords::new(self, self.symbol_names(set, size))
    }

    /// A grid's kind as printed: the variant, with its size when it is not 9×9 (`Classic 6×6`).
    pub fn variant_title(&self, variant: Variant, size: usize) -> String {
        let name = self.variant(variant);
        if size == 9 {
            name
        } else {
            let size = size.to_string();
            self.fill("variant_sized", &[("variant", &name), ("size", &size)])
        }
    }
}

/// The key of a multi-grid shape's name.
fn multi_key(shape: MultiShape) -> &'static str {
    match shape {
        MultiShape::Samurai => "variant_samurai",
        MultiShape::Twodoku => "variant_twodoku",
        MultiShape::Butterfly => "variant_butterfly",
    }
}

/// Refuses a text with a placeholder its key does not know, or an unclosed brace.
pub fn check_placeholders(text: &str, known: &[&str]) -> Result<(), String> {
    let list = || {
        if known.is_empty() {
            "this text takes none".to_string()
        } else {
            let names: Vec<String> = known.iter().map(|p| format!("{{{p}}}")).collect();
            format!("this text takes {}", names.join(", "))
        }
    };
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!("a '}}' without its '{{': {}", list()));
        }
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            return Err(format!("a '{{' without its '}}': {}", list()));
        };
        let name = &after[..close];
        if !known.contains(&name) {
            return Err(format!("unknown placeholder '{{{name}}}': {}", list()));
        }
        rest = &after[close + 1..];
    }
    Ok(())
}

impl Checker<'_> {
    /// The book's texts: the table of `language` (English by default) with the `[strings]`
    /// overrides, each recorded in `texts` as `strings.KEY` for the later checks.
    pub(super) fn strings(
        &self,
        raw: &RawBook,
        texts: &mut Vec<TextOrigin>,
    ) -> Result<Strings, SpecError> {
        let mut strings = match &raw.language {
            Some(language) => Strings::from_table(self.language(language)?)
                .with_step_words(builtin_steps(language.get_ref()))
                .with_language(language.get_ref()),
            None => Strings::default(),
        };
        let kids = raw
            .style
            .as_ref()
            .and_then(|s| s.kids.as_ref())
            .is_some_and(|k| *k.get_ref());
        if kids {
            let code = raw
                .language
                .as_ref()
                .and_then(|l| language_code(l.get_ref()))
                .unwrap_or("en");
            for (key, text) in kids_table(code) {
                strings.set(key, text);
            }
        }
        let Some(overrides) = &raw.strings else {
            return Ok(strings);
        };
        for (key, text) in overrides.get_ref() {
            self.string_override(key, text)?;
            strings.set(key, text.get_ref());
            texts.push(TextOrigin {
                key: format!("strings.{key}"),
                text: text.get_ref().clone(),
                position: self.position(Some(text.span())),
            });
        }
        Ok(strings)
    }

    fn language(
        &self,
        language: &Spanned<String>,
    ) -> Result<&'static [(&'static str, &'static str)], SpecError> {
        builtin(language.get_ref()).ok_or_else(|| {
            let wanted = language.get_ref().trim().to_lowercase();
            let hint = did_you_mean(&wanted, &language_names())
                .map_or_else(String::new, |k| format!(" (did you mean '{k}'?)"));
            let message = format!(
                "{} is not a language of the book: use en, de, fr or es{hint}",
                crate::grid::text::shown_text(language.get_ref())
            );
            self.error(language.span(), "language", message)
        })
    }

    /// Refuses an override of an unknown key, or with a placeholder its key does not take.
    fn string_override(&self, key: &str, text: &Spanned<String>) -> Result<(), SpecError> {
        let name = format!("strings.{key}");
        let Some(known) = placeholders(key) else {
            let hint = did_you_mean(key, &key_names())
                .map_or_else(String::new, |k| format!(" (did you mean '{k}'?)"));
            let message = format!(
                "{} is not a text of the book{hint}: the keys are listed in src/spec/strings.rs",
                crate::grid::text::shown_text(key)
            );
            return Err(self.error(text.span(), &name, message));
        };
        check_placeholders(text.get_ref(), known).map_err(|why| self.error(text.span(), &name, why))
    }
}

#[cfg(test)]
mod tests;
