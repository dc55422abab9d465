//! The JSON puzzle reader: one puzzle as `generate --output json`, `rate --json` and each puzzle of
//! `book.json` write it (`variant`, `size`, `box`, `regions`, `cages`, `givens`, `solution`; other
//! fields are ignored), read back into its geometry, checked givens and, when the record has one,
//! its checked solution. `givens` and `solution` may be lists of numbers (0 for an empty cell) or
//! puzzle lines. Errors are [`ImportError`]s with the line and column.

use serde::Deserialize;

use super::line::{fits, keeps_rules, with_global_rules};
use super::{
    BoxShape, Cage, CageSet, Geometry, Grid, ImportError, Mark, MarkKind, MarkSet, RegionMap,
    RuleKind, Variant, parse_line_of,
};

/// A puzzle read from JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub geometry: Geometry,
    pub givens: Grid,
    /// The record's solution, checked: complete, keeping every house and rule and the givens.
    pub solution: Option<Grid>,
}

#[derive(Deserialize)]
struct PuzzleJson {
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    size: Option<usize>,
    #[serde(rename = "box", default)]
    box_shape: Option<[usize; 2]>,
    #[serde(default)]
    regions: Option<Vec<usize>>,
    #[serde(default)]
    cages: Option<Vec<CageJson>>,
    #[serde(default)]
    constraints: Option<Vec<MarkJson>>,
    givens: serde_json::Value,
    #[serde(default)]
    solution: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct CageJson {
    cells: Vec<usize>,
    sum: u32,
}

#[derive(Deserialize)]
struct MarkJson {
    kind: String,
    cells: Vec<usize>,
    #[serde(default)]
    digits: Vec<u8>,
}

/// Reads one JSON puzzle record starting on line `line_no` (1-based) of its input.
pub fn read_puzzle_json(line_no: usize, text: &str) -> Result<Imported, ImportError> {
    let record: PuzzleJson = serde_json::from_str(text).map_err(|e| ImportError {
        line: line_no + e.line().saturating_sub(1),
        column: (e.column() > 0).then_some(e.column()),
        what: format!("not a puzzle record: {e}"),
    })?;
    let at = |what: String| ImportError::at(line_no, what);
    let geometry = geometry_of(&record).map_err(at)?;
    if record.variant().has(RuleKind::Cages) && geometry.cages().is_none() {
        return Err(at("a killer record needs its cages".to_string()));
    }
    let givens = cells_of(&record.givens, &geometry, line_no, "givens")?;
    fits(&geometry, &givens).map_err(at)?;
    keeps_rules(&geometry, &givens).map_err(at)?;
    let solution = match &record.solution {
        None => None,
        Some(cells) => {
            let solution = cells_of(cells, &geometry, line_no, "solution")?;
            check_solution(&geometry, &givens, &solution).map_err(at)?;
            Some(solution)
        }
    };
    Ok(Imported {
        geometry,
        givens,
        solution,
    })
}

/// The record's shape: its variant (classic when absent; a region map makes it a jigsaw), size
/// (9 when absent), box shape, region map and cages.
impl PuzzleJson {
    /// The variant named (classic when absent or unreadable: `geometry_of` reports the latter).
    fn variant(&self) -> Variant {
        self.variant
            .as_deref()
            .and_then(|name| name.parse().ok())
            .unwrap_or(Variant::CLASSIC)
    }
}

fn geometry_of(record: &PuzzleJson) -> Result<Geometry, String> {
    let mut variant: Variant = match &record.variant {
        Some(name) => name.parse().map_err(|e| format!("variant: {e}"))?,
        None => Variant::CLASSIC,
    };
    variant.jigsaw |= record.regions.is_some();
    let size = record.size.unwrap_or(9);
    let box_shape = match (variant.jigsaw || variant.multi.is_some(), record.box_shape) {
        (false, Some([rows, cols])) => Some(BoxShape { rows, cols }),
        _ => None,
    };
    let regions = record
        .regions
        .as_deref()
        .map(|ids| RegionMap::from_ids(size, ids).map_err(|e| format!("regions: {e}")))
        .transpose()?;
    let geometry = Geometry::new(size, variant, box_shape, regions).map_err(|e| e.to_string())?;
    let geometry = match &record.cages {
        Some(cages) => {
            let cages = cages
                .iter()
                .map(|c| Cage {
                    cells: c.cells.clone(),
                    sum: c.sum,
                })
                .collect();
            let set = CageSet::new(size, cages).map_err(|e| format!("cages: {e}"))?;
            geometry.with_cages(set).map_err(|e| e.to_string())?
        }
        None => geometry,
    };
    let kinds = variant.rules.without(RuleKind::Cages);
    // A record of a marked kind with no `constraints` has no marks (writers leave an empty list
    // out).
    let empty = Vec::new();
    let constraints = match &record.constraints {
        None if kinds.iter().any(|k| !k.is_global()) => Some(&empty),
        other => other.as_ref(),
    };
    match constraints {
        Some(marks) => {
            let marks = marks
                .iter()
                .enumerate()
                .map(|(i, m)| mark_of(m, size).map_err(|e| format!("constraints[{i}]: {e}")))
                .collect::<Result<Vec<_>, _>>()?;
            let set = MarkSet::new(size, kinds, marks).map_err(|e| format!("constraints: {e}"))?;
            geometry.with_marks(set).map_err(|e| e.to_string())
        }
        None => with_global_rules(geometry, variant),
    }
}

/// One mark of a record's `constraints`.
fn mark_of(mark: &MarkJson, size: usize) -> Result<Mark, String> {
    let kind = MarkKind::from_json_name(&mark.kind).ok_or_else(|| {
        format!(
            "unknown kind {} (white, black, x, v, even, odd, minimum, maximum, quadruple or cage)",
            super::text::shown_text(&mark.kind)
        )
    })?;
    if let Some(&cell) = mark.cells.iter().find(|&&c| c >= size * size) {
        return Err(format!("cell {cell} is outside the {size}×{size} grid"));
    }
    let wrong = || {
        format!(
            "a {} has {} cells, not {}",
            kind.describe(),
            kind.cell_count(),
            mark.cells.len()
        )
    };
    match (kind, mark.cells.as_slice()) {
        (MarkKind::Quadruple, &[corner, ..]) if mark.cells.len() == 4 => {
            if corner % size == size - 1
                || mark.cells != Mark::quadruple(corner, size, Vec::new()).cells
            {
                return Err("a quadruple's cells are a 2×2, top-left first, row by row".into());
            }
            Ok(Mark::quadruple(corner, size, mark.digits.clone()))
        }
        (MarkKind::Cage, _) => Ok(Mark::cage(mark.cells.clone())),
        (_, &[cell]) if kind.cell_count() == 1 => Ok(Mark::cell(kind, cell)),
        (_, &[a, b]) if kind.cell_count() == 2 => Ok(Mark::edge(kind, a, b)),
        _ => Err(wrong()),
    }
}

/// The cells of a `givens` or `solution` field: a list of numbers (0 for empty) or a puzzle line.
fn cells_of(
    cells: &serde_json::Value,
    geo: &Geometry,
    line_no: usize,
    field: &str,
) -> Result<Grid, ImportError> {
    let wrong = |what: String| ImportError::at(line_no, format!("{field}: {what}"));
    match cells {
        serde_json::Value::Array(values) => {
            let digit = |v: &serde_json::Value| {
                v.as_u64()
                    .filter(|&d| d <= geo.size() as u64)
                    .map(|d| d as u8)
                    .ok_or_else(|| {
                        wrong(format!("{v} is not a digit of a {0}x{0} grid", geo.size()))
                    })
            };
            let cells = values.iter().map(digit).collect::<Result<Vec<u8>, _>>()?;
            Ok(Grid::new(geo.size(), cells))
        }
        serde_json::Value::String(text) => parse_line_of(text, 1, geo).map_err(|e| {
            let shown = e.to_string();
            wrong(shown.strip_prefix("line 1: ").unwrap_or(&shown).to_string())
        }),
        other => Err(wrong(format!(
            "{other} is neither a list of digits (0 for an empty cell) nor a puzzle line"
        ))),
    }
}

/// A solution must be complete, break no house or rule, and agree with every given.
fn check_solution(geo: &Geometry, givens: &Grid, solution: &Grid) -> Result<(), String> {
    fits(geo, solution).map_err(|e| format!("solution: {e}"))?;
    if let Some(cell) = (0..solution.cells().len()).find(|&c| solution.get(c) == 0) {
        return Err(format!("the solution leaves {} empty", geo.cell_name(cell)));
    }
    if let Some(conflict) = solution.conflicts(geo).first() {
        return Err(format!("the solution breaks a house: {conflict}"));
    }
    if !geo.constraints().hold(solution.cells()) {
        return Err("the solution breaks a cage".to_string());
    }
    let differs =
        (0..givens.cells().len()).find(|&c| givens.get(c) != 0 && givens.get(c) != solution.get(c));
    match differs {
        Some(cell) => Err(format!(
            "the solution has {} at {}, where the givens have {}",
            solution.get(cell),
            geo.cell_name(cell),
            givens.get(cell)
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{PuzzleRecord, Request, Target, generate};

    #[test]
    fn every_shape_reads_back_from_the_json_generate_writes() {
        for (variant, size) in [
            ("classic", 9),
            ("classic", 6),
            ("diagonal+window", 9),
            ("jigsaw", 9),
            ("killer", 9),
            ("samurai", 9),
            ("twodoku", 9),
        ] {
            let request = Request {
                target: Target::Any,
                ..Request::new(variant.parse::<Variant>().expect("a variant"), size)
            };
            let puzzle = generate(&request, 5).expect("a puzzle");
            let text = serde_json::to_string(&PuzzleRecord::of(&puzzle)).expect("json");
            let read = read_puzzle_json(1, &text).expect("reads back");
            assert_eq!(read.geometry, puzzle.geometry, "{variant}");
            assert_eq!(read.givens, puzzle.givens, "{variant}");
            assert_eq!(read.solution.as_ref(), Some(&puzzle.solution), "{variant}");
        }
    }

    #[test]
    fn puzzle_lines_and_defaults_are_accepted() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let read = read_puzzle_json(1, &format!("{{\"givens\": \"{line}\"}}")).expect("reads");
        assert_eq!(read.geometry, Geometry::classic(9).expect("classic"));
        assert_eq!(read.givens.filled_count(), 17);
        assert_eq!(read.solution, None);
    }

    #[test]
    fn errors_say_where_and_what() {
        let err = read_puzzle_json(7, "{\"givens\": [1, 2,\n  x]}").unwrap_err();
        assert_eq!((err.line, err.column), (8, Some(3)), "{err}");
        assert!(err.what.starts_with("not a puzzle record"), "{err}");
        let err = read_puzzle_json(2, "{\"variant\": \"sudoku+x\", \"givens\": []}").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.what.contains("sudoku+x"), "{err}");
        let err = read_puzzle_json(
            1,
            "{\"size\": 4, \"givens\": [5,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}",
        )
        .unwrap_err();
        assert!(err.what.contains("5 is not a digit"), "{err}");
        let err = read_puzzle_json(1, "{\"givens\": [300]}").unwrap_err();
        assert_eq!(err.what, "givens: 300 is not a digit of a 9x9 grid");
        let err = read_puzzle_json(1, "{\"givens\": {}}").unwrap_err();
        assert!(err.what.contains("neither a list of digits"), "{err}");
        let err = read_puzzle_json(1, "{\"givens\": \"123\"}").unwrap_err();
        assert!(
            err.what.starts_with("givens: the puzzle line has 3 cells"),
            "{err}"
        );
        let no_cages = "{\"variant\": \"killer\", \"size\": 4, \"givens\": \"................\"}";
        let err = read_puzzle_json(1, no_cages).unwrap_err();
        assert_eq!(err.what, "a killer record needs its cages");
        let err = read_puzzle_json(
            1,
            "{\"size\": 4, \"givens\": [1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}",
        )
        .unwrap_err();
        assert!(err.what.contains("row 1"), "{err}");
        let bad_solution = "{\"size\": 4, \"givens\": [1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0], \
                            \"solution\": [2,1,4,3,3,4,1,2,1,2,3,4,4,3,2,1]}";
        let err = read_puzzle_json(1, bad_solution).unwrap_err();
        assert!(err.what.contains("solution"), "{err}");
        let short = "{\"size\": 4, \"givens\": [1,0,0]}";
        assert!(read_puzzle_json(1, short).is_err());
    }
}
