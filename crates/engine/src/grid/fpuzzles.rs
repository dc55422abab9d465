//! The f-puzzles JSON format (what f-puzzles.com saves and SudokuPad opens): a puzzle of one grid
//! as that object — `size`, `grid` (givens, and `region` where the regions are not the usual
//! boxes), the global rules as booleans, each mark kind's list, `title` and `solution` — so a
//! generated puzzle can be handed to players and checked by other tools.

use serde_json::{Map, Value, json};

use super::marks::{MarkKind, MarkSet};
use super::text::cell_name;
use super::{Geometry, Grid, HouseKind, RuleKind};

/// The f-puzzles object of a puzzle of one grid; `None` for multi-grid shapes, which f-puzzles
/// does not draw.
pub fn to_fpuzzles(
    geo: &Geometry,
    givens: &Grid,
    solution: Option<&Grid>,
    title: &str,
) -> Option<Value> {
    if geo.frame().is_some() {
        return None;
    }
    let n = geo.size();
    let name = |cell: usize| cell_name(cell, n).to_uppercase();
    let mut object = Map::new();
    object.insert("size".into(), json!(n));
    object.insert("title".into(), json!(title));
    let grid: Vec<Vec<Value>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let cell = r * n + c;
                    let mut entry = Map::new();
                    if givens.get(cell) != 0 {
                        entry.insert("value".into(), json!(givens.get(cell)));
                        entry.insert("given".into(), json!(true));
                    }
                    if let Some(map) = geo.regions() {
                        entry.insert("region".into(), json!(map.ids()[cell]));
                    }
                    Value::Object(entry)
                })
                .collect()
        })
        .collect();
    object.insert("grid".into(), json!(grid));
    let variant = geo.variant();
    if variant.diagonal {
        object.insert("diagonal+".into(), json!(true));
        object.insert("diagonal-".into(), json!(true));
    }
    let windows: Vec<Value> = geo
        .houses()
        .iter()
        .filter(|h| matches!(h.kind, HouseKind::Window(_)))
        .map(|h| json!({ "cells": h.cells.iter().map(|&c| name(c)).collect::<Vec<_>>() }))
        .collect();
    if !windows.is_empty() {
        object.insert("extraregion".into(), json!(windows));
    }
    if let Some(cages) = geo.cages() {
        let list: Vec<Value> = cages
            .cages()
            .iter()
            .map(|cage| {
                json!({
                    "cells": cage.cells.iter().map(|&c| name(c)).collect::<Vec<_>>(),
                    "value": cage.sum.to_string(),
                })
            })
            .collect();
        object.insert("killercage".into(), json!(list));
    }
    if let Some(marks) = geo.marks() {
        insert_marks(&mut object, marks, &name);
    }
    if let Some(solution) = solution {
        object.insert("solution".into(), json!(solution.cells()));
    }
    Some(Value::Object(object))
}

/// The global rules and each mark kind's list, under f-puzzles' keys.
fn insert_marks(object: &mut Map<String, Value>, marks: &MarkSet, name: &dyn Fn(usize) -> String) {
    let kinds = marks.kinds();
    let globals = [
        (RuleKind::AntiKnight, "antiknight"),
        (RuleKind::AntiKing, "antiking"),
        (RuleKind::DisjointGroups, "disjointgroups"),
    ];
    for (kind, key) in globals {
        if kinds.has(kind) {
            object.insert(key.into(), json!(true));
        }
    }
    if kinds.has(RuleKind::NonConsecutive) || kinds.has(RuleKind::KropkiNegative) {
        object.insert("nonconsecutive".into(), json!(true));
    }
    let mut negative = Vec::new();
    if kinds.has(RuleKind::KropkiNegative) {
        negative.push("ratio");
    }
    if kinds.has(RuleKind::XvNegative) {
        negative.push("xv");
    }
    if !negative.is_empty() {
        object.insert("negative".into(), json!(negative));
    }
    let mut lists: Vec<(&str, Vec<Value>)> = Vec::new();
    let mut push = |key: &'static str, value: Value| match lists.iter_mut().find(|(k, _)| *k == key)
    {
        Some((_, list)) => list.push(value),
        None => lists.push((key, vec![value])),
    };
    for mark in marks.marks() {
        let cells: Vec<String> = mark.cells.iter().map(|&c| name(c)).collect();
        match mark.kind {
            MarkKind::White => push("difference", json!({ "cells": cells })),
            MarkKind::Black => push("ratio", json!({ "cells": cells })),
            MarkKind::X => push("xv", json!({ "cells": cells, "value": "X" })),
            MarkKind::V => push("xv", json!({ "cells": cells, "value": "V" })),
            MarkKind::Even => push("even", json!({ "cell": cells[0] })),
            MarkKind::Odd => push("odd", json!({ "cell": cells[0] })),
            MarkKind::Minimum => push("minimum", json!({ "cell": cells[0] })),
            MarkKind::Maximum => push("maximum", json!({ "cell": cells[0] })),
            MarkKind::Quadruple => push(
                "quadruple",
                json!({ "cells": cells, "values": mark.digits }),
            ),
            MarkKind::Cage => push("killercage", json!({ "cells": cells })),
        }
    }
    for (key, list) in lists {
        // Cages without sums join the killer cages' list when there is one.
        match object.get_mut(key).and_then(Value::as_array_mut) {
            Some(existing) => existing.extend(list),
            None => {
                object.insert(key.into(), json!(list));
            }
        }
    }
}

/// A puzzle read from an f-puzzles object: its geometry, givens, the solution the object
/// carries (unchecked here), and notes on what was ignored (cosmetic keys).
#[derive(Debug, Clone)]
pub struct FromFpuzzles {
    pub geometry: Geometry,
    pub givens: Grid,
    pub solution: Option<Vec<u8>>,
    pub notes: Vec<String>,
}

/// Keys that say nothing about the rules.
const META_KEYS: [&str; 10] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
];
/// Keys f-puzzles draws without a rule: ignored with a note.
const COSMETIC_KEYS: [&str; 5] = ["line", "cage", "circle", "rectangle", "text"];
/// Rule-bearing keys read here.
const RULE_KEYS: [&str; 17] = [
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "minimum",
    "maximum",
    "quadruple",
    "killercage",
    "extraregion",
];

/// Reads an f-puzzles object (one grid): givens, `region`, the diagonals, windows as
/// `extraregion`, `killercage` (with sums: a killer; without: cages whose digits differ), and the modern kinds' keys. A rule-bearing key this
/// tool does not support is refused naming it; cosmetic keys are noted.
pub fn from_fpuzzles(object: &Value) -> Result<FromFpuzzles, String> {
    let map = object
        .as_object()
        .ok_or("an f-puzzles puzzle is a JSON object")?;
    let n = map
        .get("size")
        .and_then(Value::as_u64)
        .map(|s| s as usize)
        .filter(|s| (4..=16).contains(s))
        .ok_or("f-puzzles \"size\" must be a number from 4 to 16")?;
    let mut notes = Vec::new();
    for key in map.keys() {
        let key = key.as_str();
        if META_KEYS.contains(&key) || RULE_KEYS.contains(&key) {
            continue;
        }
        if COSMETIC_KEYS.contains(&key) {
            notes.push(format!("f-puzzles key \"{key}\" is drawing only: ignored"));
            continue;
        }
        if is_empty_list(&map[key]) || map[key] == Value::Bool(false) {
            continue;
        }
        return Err(format!(
            "f-puzzles key \"{}\" is not supported yet",
            shorten(key)
        ));
    }
    let (givens, regions) = read_grid(map.get("grid"), n)?;
    let flag = |key: &str| map.get(key).and_then(Value::as_bool).unwrap_or(false);
    let diagonal = match (flag("diagonal+"), flag("diagonal-")) {
        (true, true) => true,
        (false, false) => false,
        _ => {
            return Err(
                "f-puzzles: one diagonal alone is not supported yet (diagonal sudoku has both)"
                    .into(),
            );
        }
    };
    let window = read_windows(map.get("extraregion"), n)?;
    let variant = super::Variant {
        jigsaw: regions.is_some(),
        diagonal,
        window,
        ..super::Variant::CLASSIC
    };
    let regions = regions
        .map(|ids| {
            super::RegionMap::from_ids(n, &ids).map_err(|e| format!("f-puzzles regions: {e}"))
        })
        .transpose()?;
    let mut geo =
        Geometry::new(n, variant, None, regions).map_err(|e| format!("f-puzzles: {e}"))?;
    if let Some(cages) = read_cages(map.get("killercage"), n)? {
        geo = geo
            .with_cages(cages)
            .map_err(|e| format!("f-puzzles: {e}"))?;
    }
    if let Some(marks) = read_marks(map, n)? {
        geo = geo
            .with_marks(marks)
            .map_err(|e| format!("f-puzzles: {e}"))?;
    }
    let solution = map.get("solution").and_then(|s| {
        s.as_array()?
            .iter()
            .map(|v| v.as_u64().and_then(|d| u8::try_from(d).ok()))
            .collect::<Option<Vec<u8>>>()
    });
    Ok(FromFpuzzles {
        geometry: geo,
        givens,
        solution,
        notes,
    })
}

fn is_empty_list(value: &Value) -> bool {
    value.as_array().is_some_and(Vec::is_empty)
}

fn shorten(text: &str) -> String {
    text.chars().take(40).collect()
}

/// The givens and, when any cell names one, the region of every cell.
fn read_grid(grid: Option<&Value>, n: usize) -> Result<(Grid, Option<Vec<usize>>), String> {
    let rows = grid
        .and_then(Value::as_array)
        .filter(|rows| rows.len() == n)
        .ok_or_else(|| format!("f-puzzles \"grid\" must be {n} rows"))?;
    let mut values = vec![0u8; n * n];
    let mut regions = vec![None; n * n];
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| format!("f-puzzles grid row {} must have {n} cells", r + 1))?;
        for (c, cell) in row.iter().enumerate() {
            let at = || format!("f-puzzles grid r{}c{}", r + 1, c + 1);
            if cell
                .get("givenPencilMarks")
                .is_some_and(|v| !is_empty_list(v))
            {
                return Err(format!(
                    "{}: \"givenPencilMarks\" is not supported yet",
                    at()
                ));
            }
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if let (true, Some(value)) = (given, cell.get("value")) {
                let digit = value
                    .as_u64()
                    .filter(|&d| (1..=n as u64).contains(&d))
                    .ok_or_else(|| {
                        format!(
                            "{}: value {} is not a digit from 1 to {n}",
                            at(),
                            shorten(&value.to_string())
                        )
                    })?;
                values[r * n + c] = digit as u8;
            }
            if let Some(region) = cell.get("region").filter(|v| !v.is_null()) {
                let id = region
                    .as_u64()
                    .filter(|&id| (id as usize) < n)
                    .ok_or_else(|| {
                        format!(
                            "{}: region {} is not a number from 0 to {}",
                            at(),
                            shorten(&region.to_string()),
                            n - 1
                        )
                    })?;
                regions[r * n + c] = Some(id as usize);
            }
        }
    }
    let regions = match regions.iter().filter(|r| r.is_some()).count() {
        0 => None,
        count if count == n * n => Some(regions.into_iter().flatten().collect()),
        _ => return Err("f-puzzles: some cells name a region and others do not (a cell outside every region is not supported)".into()),
    };
    Ok((Grid::new(n, values), regions))
}

/// A cell name (`R3C4`) of a grid of `n`.
fn cell_of(value: &Value, n: usize) -> Result<usize, String> {
    let text = value
        .as_str()
        .ok_or("f-puzzles cells are names such as \"R1C1\"")?;
    super::text::parse_cell_name(&text.to_ascii_lowercase(), n)
        .map_err(|e| format!("f-puzzles: {e}"))
}

fn cells_of(entry: &Value, key: &str, n: usize) -> Result<Vec<usize>, String> {
    entry
        .get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("f-puzzles: an entry has no \"{key}\" list"))?
        .iter()
        .map(|c| cell_of(c, n))
        .collect()
}

fn entries<'a>(value: Option<&'a Value>, key: &str) -> Result<&'a [Value], String> {
    match value {
        None | Some(Value::Null) => Ok(&[]),
        Some(v) => v
            .as_array()
            .map(Vec::as_slice)
            .ok_or_else(|| format!("f-puzzles \"{key}\" must be a list")),
    }
}

/// `extraregion`: accepted when the regions are exactly the windows of hyper-sudoku.
fn read_windows(value: Option<&Value>, n: usize) -> Result<bool, String> {
    let list = entries(value, "extraregion")?;
    if list.is_empty() {
        return Ok(false);
    }
    let mut found: Vec<Vec<usize>> = list
        .iter()
        .map(|e| {
            let mut cells = cells_of(e, "cells", n)?;
            cells.sort_unstable();
            Ok(cells)
        })
        .collect::<Result<_, String>>()?;
    found.sort();
    let window = "window".parse().map_err(|_| "window")?;
    let windows = Geometry::new(n, window, None, None)
        .map(|geo| {
            let mut cells: Vec<Vec<usize>> = geo
                .houses()
                .iter()
                .filter(|h| matches!(h.kind, HouseKind::Window(_)))
                .map(|h| h.cells.clone())
                .collect();
            cells.sort();
            cells
        })
        .unwrap_or_default();
    match found == windows {
        true => Ok(true),
        false => Err(
            "f-puzzles \"extraregion\": only the windows of hyper-sudoku are supported yet".into(),
        ),
    }
}

/// `killercage` with sums.
fn read_cages(value: Option<&Value>, n: usize) -> Result<Option<super::CageSet>, String> {
    let list = entries(value, "killercage")?;
    if list.is_empty() {
        return Ok(None);
    }
    let without = list.iter().filter(|e| cage_sum(e).is_none()).count();
    if without == list.len() {
        // Cages without sums: marks ([`read_marks`]).
        return Ok(None);
    }
    if without > 0 {
        return Err(
            "f-puzzles: killer cages with and without sums in one puzzle are not supported yet"
                .into(),
        );
    }
    let cages =
        list.iter()
            .map(|entry| {
                let cells = cells_of(entry, "cells", n)?;
                let sum = cage_sum(entry).unwrap_or_default();
                let sum = sum.trim().parse::<u32>().map_err(|_| {
                    format!("f-puzzles: cage sum {} is not a number", shorten(&sum))
                })?;
                Ok(super::Cage { cells, sum })
            })
            .collect::<Result<Vec<_>, String>>()?;
    super::CageSet::new(n, cages)
        .map(Some)
        .map_err(|e| format!("f-puzzles cages: {e}"))
}

/// A killer cage entry's sum as written (`None` when it has none).
fn cage_sum(entry: &Value) -> Option<String> {
    entry
        .get("value")
        .and_then(|v| {
            v.as_str()
                .map(str::to_string)
                .or_else(|| v.as_u64().map(|s| s.to_string()))
        })
        .filter(|v| !v.trim().is_empty())
}

/// The modern kinds' keys as a mark set (`None` when there are none).
fn read_marks(map: &Map<String, Value>, n: usize) -> Result<Option<MarkSet>, String> {
    use super::marks::Mark;
    use super::variant::RuleKinds;
    let flag = |key: &str| map.get(key).and_then(Value::as_bool).unwrap_or(false);
    let negative: Vec<&str> = entries(map.get("negative"), "negative")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    if let Some(other) = negative.iter().find(|k| !["ratio", "xv"].contains(k)) {
        return Err(format!(
            "f-puzzles negative \"{}\" is not supported yet",
            shorten(other)
        ));
    }
    let mut kinds = RuleKinds::NONE;
    let mut marks = Vec::new();
    for (key, kind) in [
        ("antiknight", RuleKind::AntiKnight),
        ("antiking", RuleKind::AntiKing),
        ("disjointgroups", RuleKind::DisjointGroups),
    ] {
        if flag(key) {
            kinds = kinds.with(kind);
        }
    }
    for (key, mark, default) in [
        ("difference", MarkKind::White, 1),
        ("ratio", MarkKind::Black, 2),
    ] {
        for entry in entries(map.get(key), key)? {
            if let Some(value) = entry
                .get("value")
                .filter(|v| !v.is_null() && v.as_str() != Some(""))
            {
                let number = value
                    .as_u64()
                    .or_else(|| value.as_str().and_then(|s| s.trim().parse().ok()));
                if number != Some(default) {
                    return Err(format!(
                        "f-puzzles {key} with value {} is not supported yet (only {default})",
                        shorten(&value.to_string())
                    ));
                }
            }
            let cells = cells_of(entry, "cells", n)?;
            let [a, b] = cells[..] else {
                return Err(format!(
                    "f-puzzles: a {key} entry has {} cells, not 2",
                    cells.len()
                ));
            };
            marks.push(Mark::edge(mark, a, b));
        }
    }
    let dots = !marks.is_empty();
    match (flag("nonconsecutive"), negative.contains(&"ratio")) {
        (true, true) => kinds = kinds.with(RuleKind::KropkiNegative),
        (true, false) => kinds = kinds.with(RuleKind::NonConsecutive),
        (false, true) => {
            return Err(
                "f-puzzles negative \"ratio\" without \"nonconsecutive\" is not supported yet"
                    .into(),
            );
        }
        (false, false) => {}
    }
    if dots && !kinds.has(RuleKind::KropkiNegative) {
        kinds = kinds.with(RuleKind::Kropki);
    }
    for entry in entries(map.get("xv"), "xv")? {
        let cells = cells_of(entry, "cells", n)?;
        let [a, b] = cells[..] else {
            return Err(format!(
                "f-puzzles: an xv entry has {} cells, not 2",
                cells.len()
            ));
        };
        let kind = match entry.get("value").and_then(Value::as_str).map(str::trim) {
            Some("X" | "x") => MarkKind::X,
            Some("V" | "v") => MarkKind::V,
            other => {
                return Err(format!(
                    "f-puzzles: xv value {} is not X or V",
                    shorten(&format!("{other:?}"))
                ));
            }
        };
        marks.push(Mark::edge(kind, a, b));
    }
    if negative.contains(&"xv") {
        kinds = kinds.with(RuleKind::XvNegative);
    } else if marks
        .iter()
        .any(|m| matches!(m.kind, MarkKind::X | MarkKind::V))
    {
        kinds = kinds.with(RuleKind::Xv);
    }
    for (key, mark, kind) in [
        ("even", MarkKind::Even, RuleKind::EvenOdd),
        ("odd", MarkKind::Odd, RuleKind::EvenOdd),
        ("minimum", MarkKind::Minimum, RuleKind::MinMax),
        ("maximum", MarkKind::Maximum, RuleKind::MinMax),
    ] {
        for entry in entries(map.get(key), key)? {
            let cell = entry
                .get("cell")
                .ok_or_else(|| format!("f-puzzles: a {key} entry has no \"cell\""))?;
            marks.push(Mark::cell(mark, cell_of(cell, n)?));
            kinds = kinds.with(kind);
        }
    }
    for entry in entries(map.get("quadruple"), "quadruple")? {
        let mut cells = cells_of(entry, "cells", n)?;
        cells.sort_unstable();
        let digits = entries(entry.get("values"), "values")?
            .iter()
            .map(|v| {
                v.as_u64()
                    .and_then(|d| u8::try_from(d).ok())
                    .ok_or("f-puzzles: a quadruple value is not a digit")
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let quad = Mark::quadruple(cells[0], n, digits);
        if quad.cells != cells {
            return Err("f-puzzles: a quadruple's cells must be a 2×2".into());
        }
        marks.push(quad);
        kinds = kinds.with(RuleKind::Quadruple);
    }
    let cages = entries(map.get("killercage"), "killercage")?;
    if cages.iter().all(|entry| cage_sum(entry).is_none()) {
        for entry in cages {
            marks.push(Mark::cage(cells_of(entry, "cells", n)?));
            kinds = kinds.with(RuleKind::DistinctCages);
        }
    }
    if kinds.is_empty() {
        return Ok(None);
    }
    MarkSet::new(n, kinds, marks)
        .map(Some)
        .map_err(|e| format!("f-puzzles: {e}"))
}

/// The f-puzzles object in an input line: the JSON itself, an f-puzzles (`?load=`) or
/// SudokuPad (`…/fpuzzles…`) link, or a bare payload (lz-string base64 of the JSON, which
/// starts `N4Ig`); `None` when the line is none of these.
pub fn object_in_line(
    line: &str,
    decompress: &dyn Fn(&str) -> Option<String>,
) -> Option<Result<Value, String>> {
    let line = line.trim();
    if line.starts_with('{') {
        let value: Value = serde_json::from_str(line).ok()?;
        return value.get("grid").is_some().then_some(Ok(value));
    }
    let payload = if let Some((_, rest)) = line.split_once("?load=") {
        rest.split(['&', '#']).next().unwrap_or_default()
    } else if let Some((_, rest)) = line.split_once("sudokupad.app/fpuzzles") {
        rest
    } else if line.starts_with("N4Ig") && !line.contains(char::is_whitespace) {
        line
    } else {
        return None;
    };
    Some(decode_payload(payload, decompress))
}

/// The longest payload read (a puzzle's is a few kilobytes).
const MAX_PAYLOAD: usize = 1 << 20;

fn decode_payload(
    payload: &str,
    decompress: &dyn Fn(&str) -> Option<String>,
) -> Result<Value, String> {
    if payload.len() > MAX_PAYLOAD {
        return Err(format!(
            "an f-puzzles payload of {} bytes is too long (at most {MAX_PAYLOAD})",
            payload.len()
        ));
    }
    let payload = payload
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=")
        .replace(' ', "+");
    let text =
        decompress(&payload).ok_or("the f-puzzles payload does not decompress (a broken link?)")?;
    serde_json::from_str(&text).map_err(|e| format!("the f-puzzles payload is not a puzzle: {e}"))
}
