//! The book spec exactly as written in TOML: serde structs that refuse unknown keys and keep the
//! source span of every value, so later checks can point at the line and column.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// A length: a bare number is millimetres; text carries its unit (`12mm`, `0.5in`, `36pt`).
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum RawLength {
    Millimetres(f64),
    Text(String),
}

/// The top level of `book.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBook {
    pub title: Spanned<String>,
    pub subtitle: Option<Spanned<String>>,
    pub author: Option<Spanned<String>>,
    pub seed: Option<Spanned<u64>>,
    /// Books and lists whose puzzles this book must not use (`book.json`, ID lists, puzzles).
    pub exclude: Option<Spanned<Vec<Spanned<String>>>>,
    pub instructions: Option<Spanned<String>>,
    pub layout: Option<Spanned<String>>,
    pub font: Option<Spanned<String>>,
    pub bold_font: Option<Spanned<String>>,
    pub page_numbers: Option<Spanned<bool>>,
    pub header: Option<Spanned<RawHeader>>,
    pub contents: Option<Spanned<bool>>,
    pub combinations: Option<Spanned<bool>>,
    pub strategies: Option<RawStrategies>,
    pub label: Option<Spanned<String>>,
    pub recto: Option<Spanned<bool>>,
    pub belongs_to: Option<Spanned<bool>>,
    pub language: Option<Spanned<String>>,
    pub strings: Option<Spanned<BTreeMap<String, Spanned<String>>>>,
    pub copyright: Option<RawCopyright>,
    pub page: Option<RawPage>,
    pub answers: Option<RawAnswers>,
    pub style: Option<RawStyle>,
    pub cover: Option<Spanned<RawCover>>,
    /// `[print]`: the print standard and the printer's preset.
    pub print: Option<super::print::RawPrint>,
    /// The puzzle library the book draws from first.
    pub library: Option<super::library::RawLibrary>,
    /// What the grids print for 1..=N (`letters`, a word, `1-16`, `pictures`…); sections may
    /// set their own.
    pub symbols: Option<Spanned<String>>,
    /// Where a word of `symbols` is hidden in each solution: `row 1` or `diagonal`.
    pub word_in: Option<Spanned<String>>,
    #[serde(rename = "section", default)]
    pub sections: Vec<Spanned<RawSection>>,
}

/// `header`: the running header's text, or `false` for none.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged, expecting = "a text, or false for no running header")]
pub enum RawHeader {
    On(bool),
    Text(String),
}

/// `[strategies]`: pages that teach each technique the book's puzzles use.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawStrategies {
    pub include: Option<Spanned<bool>>,
}

/// `[copyright]`: the copyright page.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawCopyright {
    pub text: Option<Spanned<String>>,
    pub isbn: Option<Spanned<String>>,
    pub year: Option<Spanned<i64>>,
}

/// `[page]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawPage {
    pub size: Option<Spanned<String>>,
    pub width: Option<Spanned<RawLength>>,
    pub height: Option<Spanned<RawLength>>,
    pub margin: Option<Spanned<RawLength>>,
    pub gutter: Option<Spanned<RawLength>>,
    pub bleed: Option<Spanned<bool>>,
    pub kdp: Option<Spanned<bool>>,
}

/// `[answers]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawAnswers {
    pub layout: Option<Spanned<String>>,
    pub include: Option<Spanned<bool>>,
}

/// `[style]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawStyle {
    pub diagonals: Option<Spanned<String>>,
    pub window_shade: Option<Spanned<f64>>,
    pub large_print: Option<Spanned<bool>>,
    pub note: Option<Spanned<bool>>,
    pub stars: Option<Spanned<bool>>,
    pub timer: Option<Spanned<bool>>,
    pub kids: Option<Spanned<bool>>,
    pub jigsaw_shading: Option<Spanned<bool>>,
}

/// `[cover]`: the paperback's wrap cover.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawCover {
    pub paper: Option<Spanned<String>>,
    pub back_text: Option<Spanned<String>>,
    pub background: Option<Spanned<String>>,
    pub image: Option<Spanned<String>>,
    pub theme: Option<Spanned<String>>,
    pub accent: Option<Spanned<String>>,
    pub back_heading: Option<Spanned<String>>,
}

/// One `[[section]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSection {
    pub title: Option<Spanned<String>>,
    pub variant: Option<Spanned<String>>,
    pub size: Option<Spanned<usize>>,
    #[serde(rename = "box")]
    pub box_shape: Option<Spanned<String>>,
    pub count: Spanned<usize>,
    pub difficulty: Option<Spanned<String>>,
    pub score: Option<Spanned<String>>,
    pub symmetry: Option<Spanned<String>>,
    pub givens: Option<Spanned<usize>>,
    pub regions: Option<Spanned<String>>,
    pub attempts: Option<Spanned<usize>>,
    pub layout: Option<Spanned<String>>,
    pub answers_layout: Option<Spanned<String>>,
    pub answers: Option<Spanned<String>>,
    pub sort: Option<Spanned<String>>,
    /// Techniques every puzzle of the section must use (`require = ["X-Wing"]`).
    pub require: Option<Spanned<Vec<String>>>,
    /// A worked solution of the section's first puzzle after its puzzles.
    pub walkthrough: Option<Spanned<bool>>,
    /// Diabolical sections: a file of puzzles the search starts from.
    pub from: Option<Spanned<String>>,
    /// Where the puzzles come from: `library`, `generate` or `any` (default).
    pub source: Option<Spanned<String>>,
    /// The section's own symbol set.
    pub symbols: Option<Spanned<String>>,
    /// Where the section's word is hidden.
    pub word_in: Option<Spanned<String>>,
}

/// Every key the spec knows, for "did you mean" suggestions.
pub const KNOWN_KEYS: &[&str] = &[
    "title",
    "require",
    "walkthrough",
    "from",
    "subtitle",
    "author",
    "seed",
    "exclude",
    "instructions",
    "layout",
    "font",
    "bold_font",
    "page_numbers",
    "header",
    "contents",
    "label",
    "recto",
    "belongs_to",
    "language",
    "strings",
    "copyright",
    "text",
    "isbn",
    "year",
    "page",
    "answers",
    "style",
    "cover",
    "paper",
    "back_text",
    "background",
    "section",
    "size",
    "width",
    "height",
    "margin",
    "gutter",
    "bleed",
    "include",
    "diagonals",
    "window_shade",
    "jigsaw_shading",
    "large_print",
    "variant",
    "box",
    "count",
    "difficulty",
    "score",
    "symmetry",
    "givens",
    "regions",
    "attempts",
    "answers_layout",
    "sort",
    "image",
    "kdp",
    "theme",
    "accent",
    "back_heading",
    "note",
    "stars",
    "timer",
    "kids",
    "combinations",
    "strategies",
    "library",
    "path",
    "reuse",
    "date",
    "source",
    "symbols",
    "word_in",
    "print",
    "standard",
    "printer",
    "ink_limit",
];
