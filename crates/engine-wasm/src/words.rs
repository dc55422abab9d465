//! The words the page explains steps in: the book's strings table (`key<TAB>template` lines,
//! set once by `sudoku_words`), English for any key it leaves out.

use std::collections::HashMap;

use sudoku_engine::logic::step_words::{English, StepWords, fill};

/// The page's phrases by key (empty: English throughout).
#[derive(Debug, Default, Clone)]
pub struct PageWords {
    phrases: HashMap<String, String>,
}

impl PageWords {
    /// Reads `key<TAB>template` lines; a line without a tab is left out.
    pub fn parse(text: &str) -> PageWords {
        let phrases = text
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .map(|(key, template)| (key.trim().to_string(), template.to_string()))
            .collect();
        PageWords { phrases }
    }

    /// How many phrases it holds.
    pub fn len(&self) -> usize {
        self.phrases.len()
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.phrases.is_empty()
    }
}

impl StepWords for PageWords {
    fn phrase(&self, key: &str, values: &[(&str, &str)]) -> String {
        match self.phrases.get(key) {
            Some(template) => fill(template, values),
            None => English.phrase(key, values),
        }
    }
}
