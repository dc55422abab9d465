//! The one-line puzzle format every command reads and `generate` writes: the puzzle's cells, then
//! its region map and/or cages after `|` (`puzzle|regions|cages`); a multi-grid's line has `#`
//! where its frame has no cell. Reading a line gives the geometry and the checked givens, or an
//! [`ImportError`] that says where and what.

use std::fmt;

use super::text::{parse_line, parse_line_of, to_line};
use super::{CageSet, Geometry, Grid, MarkSet, ParseError, RegionMap, RuleKind, Variant};

/// What was wrong with an imported puzzle, and where: the 1-based line and, when known, column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    pub line: usize,
    pub column: Option<usize>,
    pub what: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

impl std::error::Error for ImportError {}

impl ImportError {
    /// The error with its place, named once: `line L, column C: what` (a cell parser's message
    /// names its line already).
    pub fn located(&self) -> String {
        if self.what.starts_with(&format!("line {}", self.line)) {
            return self.what.clone();
        }
        match self.column {
            Some(column) => format!("line {}, column {column}: {}", self.line, self.what),
            None => format!("line {}: {}", self.line, self.what),
        }
    }

    /// An error of the whole line `line`.
    pub(crate) fn at(line: usize, what: impl Into<String>) -> ImportError {
        ImportError {
            line,
            column: None,
            what: what.into(),
        }
    }

    /// A cell parser's error, with its column when it has one (its text already names both).
    fn parse(error: &ParseError) -> ImportError {
        let (line, column) = match *error {
            ParseError::NotADigit { line, column, .. }
            | ParseError::DigitTooLarge { line, column, .. } => (line, Some(column)),
            ParseError::WrongLength { line, .. } | ParseError::UnknownSize { line, .. } => {
                (line, None)
            }
            _ => (1, None),
        };
        ImportError {
            line,
            column,
            what: error.to_string(),
        }
    }
}

/// A puzzle line split into its fields: `puzzle`, then a region map and/or cages in any order
/// (cages are `SUM=cells;…`, a region map has no `=`).
pub struct LineFields<'a> {
    pub puzzle: &'a str,
    pub regions: Option<&'a str>,
    pub cages: Option<&'a str>,
    /// The modern kinds' rules and marks (`rules:kropki;w:r1c1+r1c2;…`).
    pub marks: Option<&'a str>,
}

impl<'a> LineFields<'a> {
    /// Splits a line at `|`; more than one region map or one cage list is an error.
    pub fn split(line: &'a str) -> Result<LineFields<'a>, String> {
        let mut fields = line.split('|');
        let puzzle = fields.next().unwrap_or_default();
        let (mut regions, mut cages, mut marks) = (None, None, None);
        for field in fields {
            let slot = if field.trim_start().starts_with("rules:") {
                &mut marks
            } else if field.contains('=') {
                &mut cages
            } else {
                &mut regions
            };
            if slot.replace(field.trim()).is_some() {
                return Err("too many '|' fields: write puzzle|regions|cages|rules:…".into());
            }
        }
        Ok(LineFields {
            puzzle,
            regions,
            cages,
            marks,
        })
    }

    /// True when the line carries no shape of its own.
    pub fn is_plain(&self) -> bool {
        self.regions.is_none() && self.cages.is_none() && self.marks.is_none()
    }
}

/// A puzzle line as printed for people to read back: [`puzzle_line`] after a variant tag
/// (`diagonal:…`) when the line alone would not show the variant — diagonals, windows and a
/// Butterfly (whose frame has no `#`); a jigsaw shows itself by its region map, a killer by its
/// cages, a Samurai or Twodoku by its `#`.
pub fn tagged_line(givens: &Grid, geo: &Geometry) -> String {
    let variant = geo.variant();
    let hidden =
        variant.diagonal || variant.window || variant.multi == Some(super::MultiShape::Butterfly);
    match hidden {
        true => format!("{}:{}", variant.name(), puzzle_line(givens, geo)),
        false => puzzle_line(givens, geo),
    }
}

/// A line's variant tag (`diagonal+window:` before its puzzle, as [`tagged_line`] writes it)
/// and the rest of the line; no tag when the puzzle field has no `:`.
pub fn split_tag(line: &str) -> (Option<&str>, &str) {
    let trimmed = line.trim_start();
    let puzzle_end = trimmed.find('|').unwrap_or(trimmed.len());
    match trimmed[..puzzle_end].split_once(':') {
        Some((tag, _)) if is_tag(tag) => (Some(tag), &trimmed[tag.len() + 1..]),
        _ => (None, line),
    }
}

fn is_tag(tag: &str) -> bool {
    !tag.is_empty()
        && tag
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '_'))
}

/// The variant of a line: its tag's, else `asked`. A tag that names no variant, or one other
/// than a variant asked for (anything but classic), is refused rather than ignored.
pub fn tagged_variant(tag: Option<&str>, asked: Variant) -> Result<Variant, String> {
    let Some(tag) = tag else {
        return Ok(asked);
    };
    let found: Variant = tag.parse().map_err(|e| format!("the line's tag: {e}"))?;
    if asked != Variant::CLASSIC && asked != found {
        return Err(format!(
            "the line says it is a {} puzzle ({}:), and {} was asked for",
            found.name(),
            super::text::shown_text(tag).trim_matches('\''),
            asked.name()
        ));
    }
    Ok(found)
}

/// A puzzle as one line: its cells, then `|regions` for a jigsaw and `|cages` for a killer.
pub fn puzzle_line(givens: &Grid, geo: &Geometry) -> String {
    to_line(givens, geo) + &rules_line(geo)
}

/// What follows the cells on a puzzle's line (`|regions`, `|cages`, `|marks`), the same for
/// every puzzle of a shape: the playable page and the WebAssembly module carry it beside the
/// givens.
pub fn rules_line(geo: &Geometry) -> String {
    let mut line = String::new();
    if let Some(map) = geo.regions() {
        line.push('|');
        line.push_str(&map.to_line());
    }
    if let Some(cages) = geo.cages() {
        line.push('|');
        line.push_str(&cages.to_line());
    }
    if let Some(marks) = geo.marks() {
        line.push('|');
        line.push_str(&marks.to_line());
    }
    line
}

/// Reads line `line_no` of a puzzle of `variant` (or the variant its tag names: `diagonal:…`;
/// its box shape the usual one for the size; a region map on the line makes it a jigsaw, cages
/// a killer) into its geometry and givens,
/// checked: the givens break no house and no cage.
pub fn read_puzzle_line(
    text: &str,
    line_no: usize,
    variant: Variant,
) -> Result<(Geometry, Grid), ImportError> {
    let (tag, text) = split_tag(text);
    let variant = tagged_variant(tag, variant).map_err(|e| ImportError::at(line_no, e))?;
    let turned = super::turned_frame_line(text).map(|(line, _)| line);
    let text = turned.as_deref().unwrap_or(text);
    let fields = LineFields::split(text.trim()).map_err(|e| ImportError::at(line_no, e))?;
    if variant.multi.is_some() && fields.is_plain() {
        let geo = Geometry::new(9, variant, None, None)
            .map_err(|e| ImportError::at(line_no, e.to_string()))?;
        let givens =
            parse_line_of(fields.puzzle, line_no, &geo).map_err(|e| ImportError::parse(&e))?;
        return checked(geo, givens, line_no);
    }
    let givens = parse_line(fields.puzzle, line_no, None).map_err(|e| ImportError::parse(&e))?;
    if variant.has(RuleKind::Cages) && fields.cages.is_none() {
        return Err(ImportError::at(line_no, "a killer line needs its cages"));
    }
    let geo = if fields.is_plain() {
        Geometry::new(givens.size(), variant, None, None)
            .map_err(|e| e.to_string())
            .and_then(|geo| with_global_rules(geo, variant))
    } else {
        fields_geometry(givens.size(), variant, None, &fields)
    }
    .map_err(|what| ImportError::at(line_no, what))?;
    checked(geo, givens, line_no)
}

/// The geometry of a puzzle line that carries its own region map and/or cages, on top of a
/// variant (a region map makes it a jigsaw) and a box shape (unused by a jigsaw).
pub fn fields_geometry(
    size: usize,
    variant: Variant,
    box_shape: Option<super::BoxShape>,
    fields: &LineFields,
) -> Result<Geometry, String> {
    if let Some(shape) = variant.multi {
        return Err(format!(
            "a {shape} line has no region map or cages: write its puzzle alone ({} symbols with # where there is no cell)",
            shape.frame_side().pow(2)
        ));
    }
    let map = fields
        .regions
        .map(|text| RegionMap::parse(text).map_err(|e| format!("regions: {e}")))
        .transpose()?;
    let variant = Variant {
        jigsaw: variant.jigsaw || map.is_some(),
        ..variant
    };
    let box_shape = if variant.jigsaw { None } else { box_shape };
    let geo = Geometry::new(size, variant, box_shape, map).map_err(|e| e.to_string())?;
    let geo = match fields.cages {
        Some(cages) => {
            let cages = CageSet::parse(cages, size).map_err(|e| format!("cages: {e}"))?;
            geo.with_cages(cages).map_err(|e| e.to_string())?
        }
        None => geo,
    };
    match fields.marks {
        Some(marks) => {
            let marks = MarkSet::parse(marks, size).map_err(|e| format!("rules: {e}"))?;
            let missing: Vec<&str> = variant
                .rules
                .iter()
                .filter(|&k| k != RuleKind::Cages && !marks.kinds().has(k))
                .map(RuleKind::name)
                .collect();
            if !missing.is_empty() {
                return Err(format!(
                    "the line is {} and its rules field does not name {}",
                    variant.name(),
                    missing.join(", ")
                ));
            }
            geo.with_marks(marks).map_err(|e| e.to_string())
        }
        None => with_global_rules(geo, variant),
    }
}

/// `geo` with the global rules `variant` names (anti-knight: no marks needed); a marked kind
/// named without its marks is refused.
pub fn with_global_rules(geo: Geometry, variant: Variant) -> Result<Geometry, String> {
    let kinds = variant.rules.without(RuleKind::Cages);
    if kinds.is_empty() {
        return Ok(geo);
    }
    if let Some(kind) = kinds.iter().find(|k| !k.is_global()) {
        return Err(format!(
            "a {} puzzle needs its marks: add a field |rules:{};… to the line",
            kind.name(),
            kind.name()
        ));
    }
    let marks = MarkSet::global(geo.size(), kinds).map_err(|e| e.to_string())?;
    geo.with_marks(marks).map_err(|e| e.to_string())
}

/// The puzzle, once its givens are known to fit the shape and break no house and no cage.
fn checked(geo: Geometry, givens: Grid, line_no: usize) -> Result<(Geometry, Grid), ImportError> {
    fits(&geo, &givens).map_err(|what| ImportError::at(line_no, what))?;
    keeps_rules(&geo, &givens).map_err(|what| ImportError::at(line_no, what))?;
    Ok((geo, givens))
}

/// Givens with as many cells as the geometry: a puzzle read for one shape and checked against
/// another would otherwise be indexed out of range.
pub fn fits(geo: &Geometry, givens: &Grid) -> Result<(), String> {
    if givens.cells().len() == geo.cell_count() {
        return Ok(());
    }
    Err(format!(
        "the puzzle has {} cells, and a {} has {}",
        givens.cells().len(),
        geo.describe(),
        geo.cell_count()
    ))
}

/// Givens (as many as the geometry's cells) that break no house and no cage; else what they
/// break.
pub fn keeps_rules(geo: &Geometry, givens: &Grid) -> Result<(), String> {
    givens.check_givens(geo).map_err(|e| e.to_string())?;
    if let Some(marks) = geo.marks() {
        let problems = marks.problems(givens.cells());
        if !problems.is_empty() {
            return Err(format!("the givens break a rule: {}", problems.join("; ")));
        }
    }
    match geo.cages().map(|c| c.problems(givens.cells())) {
        Some(problems) if !problems.is_empty() => {
            Err(format!("the givens break a cage: {}", problems.join("; ")))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_classic_line_reads_and_writes_back() {
        let (geo, givens) = read_puzzle_line(CLASSIC, 1, Variant::CLASSIC).unwrap();
        assert_eq!(geo.size(), 9);
        assert_eq!(puzzle_line(&givens, &geo), CLASSIC);
    }

    #[test]
    fn errors_say_where() {
        let bad = CLASSIC.replacen('.', "x", 1);
        let error = read_puzzle_line(&bad, 3, Variant::CLASSIC).unwrap_err();
        assert_eq!((error.line, error.column), (3, Some(2)));
        assert!(error.what.contains("is not a digit"), "{error}");
        let clash = CLASSIC.replacen('.', "4", 1);
        let error = read_puzzle_line(&clash, 1, Variant::CLASSIC).unwrap_err();
        assert!(error.what.contains("break the rules"), "{error}");
        let killer = "killer".parse().unwrap();
        let error = read_puzzle_line(CLASSIC, 1, killer).unwrap_err();
        assert!(error.what.contains("cages"), "{error}");
        let error = read_puzzle_line(&format!("{CLASSIC}|A|B|C"), 1, Variant::CLASSIC);
        assert!(error.unwrap_err().what.contains("too many"));
    }

    #[test]
    fn a_jigsaw_line_carries_its_regions() {
        let map =
            "AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
        let line = format!("{CLASSIC}|{map}");
        let (geo, givens) = read_puzzle_line(&line, 1, Variant::CLASSIC).unwrap();
        assert!(geo.variant().jigsaw);
        assert_eq!(puzzle_line(&givens, &geo), line);
    }
}
