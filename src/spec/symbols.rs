//! `symbols` and `word_in` of the spec: a section's symbol set (its own, else the book's),
//! checked against its shape (`crate::symbols` holds the sets themselves).

use toml::Spanned;

use crate::symbols::{SectionSymbols, SymbolSet, WordPlace};

impl super::Checker<'_> {
    /// `symbols` and `word_in` of a section (its own, else the book's), checked against its
    /// shape.
    pub(super) fn section_symbols(
        &self,
        book: (Option<&Spanned<String>>, Option<&Spanned<String>>),
        section: (Option<&Spanned<String>>, Option<&Spanned<String>>),
        key: &dyn Fn(&str) -> String,
        request: &crate::generate::Request,
    ) -> Result<SectionSymbols, super::SpecError> {
        let (symbols, symbols_key) = match (section.0, book.0) {
            (Some(s), _) => (Some(s), key("symbols")),
            (None, Some(s)) => (Some(s), "symbols".to_string()),
            (None, None) => (None, String::new()),
        };
        let set = match symbols {
            None => SymbolSet::Digits,
            Some(s) => {
                SymbolSet::parse(s.get_ref()).map_err(|e| self.error(s.span(), &symbols_key, e))?
            }
        };
        if let Some(s) = symbols {
            let size = request.size;
            let refuse = |message: String| self.error(s.span(), &symbols_key, message);
            set.fits(size).map_err(&refuse)?;
            if set != SymbolSet::Digits && request.variant.has(crate::grid::RuleKind::Cages) {
                return Err(refuse(
                    "a killer's cage sums add up its digits: its symbols must be digits".into(),
                ));
            }
        }
        // A section with symbols of its own takes the book's word_in only for a word.
        let own_set = section.0.is_some();
        let (word_in, word_key) = match (section.1, book.1) {
            (Some(w), _) => (Some(w), key("word_in")),
            (None, Some(w)) if !own_set || matches!(set, SymbolSet::Word(_)) => {
                (Some(w), "word_in".to_string())
            }
            _ => (None, String::new()),
        };
        let Some(word_in) = word_in else {
            return Ok(SectionSymbols { set, word_in: None });
        };
        let refuse = |message: &str| self.error(word_in.span(), &word_key, message.to_string());
        let place = match word_in.get_ref().trim().to_ascii_lowercase().as_str() {
            "row 1" | "row1" | "first row" => WordPlace::FirstRow,
            "row" | "a row" | "any row" => WordPlace::AnyRow,
            "diagonal" => WordPlace::Diagonal,
            _ => {
                return Err(refuse(
                    "use \"row\" (one row, another in each puzzle), \"row 1\" or \"diagonal\"",
                ));
            }
        };
        if !matches!(set, SymbolSet::Word(_)) {
            return Err(refuse(
                "word_in hides a word: set symbols to a word of distinct letters (symbols = \"PLANTWISE\")",
            ));
        }
        if request.variant.multi.is_some() {
            return Err(refuse("a multi-grid puzzle has no single row or diagonal"));
        }
        if place == WordPlace::Diagonal && !request.variant.diagonal {
            return Err(refuse(
                "only a diagonal variant holds every symbol once on its diagonal: use \"row 1\", or variant = \"diagonal\"",
            ));
        }
        Ok(SectionSymbols {
            set,
            word_in: Some(place),
        })
    }
}
