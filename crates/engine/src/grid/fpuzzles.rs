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
        }
    }
    for (key, list) in lists {
        object.insert(key.into(), json!(list));
    }
}
