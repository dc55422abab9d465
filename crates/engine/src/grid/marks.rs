//! The modern constraint kinds as data: global rules (anti-knight, anti-king, non-consecutive,
//! disjoint groups) and marks on cells and edges (even/odd squares and circles, Kropki dots, X
//! and V, minimum/maximum cells, quadruple circles), with their text form, their problems in a
//! filled grid, and their compiled form by family — extra peers (cells that must differ), cell
//! masks, relations between two cells, and quadruples — which the exact solver, the logic solver
//! and the generator share, so a kind is its data and never a new solver.

use std::collections::BTreeMap;
use std::fmt;

use super::rules::{Contradiction, Rule, bit};
use super::text::{cell_name, parse_cell_name};
use super::variant::{RuleKind, RuleKinds};

/// The largest digit a relation table covers (25×25 grids).
const MAX_DIGIT: usize = 25;

/// What a mark says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkKind {
    /// A white Kropki dot: the two cells differ by 1.
    White,
    /// A black Kropki dot: one cell is twice the other.
    Black,
    /// X: the two cells add up to 10.
    X,
    /// V: the two cells add up to 5.
    V,
    /// A grey square: an even digit.
    Even,
    /// A grey circle: an odd digit.
    Odd,
    /// The cell is smaller than its orthogonal neighbours.
    Minimum,
    /// The cell is larger than its orthogonal neighbours.
    Maximum,
    /// The digits in a circle on the corner of four cells appear among them.
    Quadruple,
    /// A dashed cage without a sum: its digits do not repeat.
    Cage,
}

impl MarkKind {
    /// Every mark, in the order of the text form.
    pub const ALL: [MarkKind; 10] = [
        MarkKind::White,
        MarkKind::Black,
        MarkKind::X,
        MarkKind::V,
        MarkKind::Even,
        MarkKind::Odd,
        MarkKind::Minimum,
        MarkKind::Maximum,
        MarkKind::Quadruple,
        MarkKind::Cage,
    ];

    /// The mark's code in the text form (`w:r1c1+r1c2`).
    pub fn code(self) -> &'static str {
        match self {
            MarkKind::White => "w",
            MarkKind::Black => "b",
            MarkKind::X => "x",
            MarkKind::V => "v",
            MarkKind::Even => "e",
            MarkKind::Odd => "o",
            MarkKind::Minimum => "min",
            MarkKind::Maximum => "max",
            MarkKind::Quadruple => "q",
            MarkKind::Cage => "c",
        }
    }

    /// The kinds a puzzle may have for this mark to belong to it.
    pub fn rule_kinds(self) -> &'static [RuleKind] {
        match self {
            MarkKind::White | MarkKind::Black => &[RuleKind::Kropki, RuleKind::KropkiNegative],
            MarkKind::X | MarkKind::V => &[RuleKind::Xv, RuleKind::XvNegative],
            MarkKind::Even | MarkKind::Odd => &[RuleKind::EvenOdd],
            MarkKind::Minimum | MarkKind::Maximum => &[RuleKind::MinMax],
            MarkKind::Quadruple => &[RuleKind::Quadruple],
            MarkKind::Cage => &[RuleKind::DistinctCages],
        }
    }

    /// How many cells the mark covers: 2 on an edge, 1 in a cell, 4 round a corner, 0 for a
    /// cage (any number, from 2 to the grid's size).
    pub fn cell_count(self) -> usize {
        match self {
            MarkKind::White | MarkKind::Black | MarkKind::X | MarkKind::V => 2,
            MarkKind::Quadruple => 4,
            MarkKind::Cage => 0,
            _ => 1,
        }
    }

    /// The mark's name in messages.
    pub fn describe(self) -> &'static str {
        match self {
            MarkKind::White => "white dot",
            MarkKind::Black => "black dot",
            MarkKind::X => "X",
            MarkKind::V => "V",
            MarkKind::Even => "even square",
            MarkKind::Odd => "odd circle",
            MarkKind::Minimum => "minimum",
            MarkKind::Maximum => "maximum",
            MarkKind::Quadruple => "quadruple",
            MarkKind::Cage => "cage",
        }
    }

    fn from_code(code: &str) -> Option<MarkKind> {
        MarkKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// The mark's name in JSON records (`white`, `black`, `x`, `v`, `even`, `odd`, `minimum`,
    /// `maximum`, `quadruple`, `cage`).
    pub fn json_name(self) -> &'static str {
        match self {
            MarkKind::White => "white",
            MarkKind::Black => "black",
            MarkKind::X => "x",
            MarkKind::V => "v",
            MarkKind::Even => "even",
            MarkKind::Odd => "odd",
            MarkKind::Minimum => "minimum",
            MarkKind::Maximum => "maximum",
            MarkKind::Quadruple => "quadruple",
            MarkKind::Cage => "cage",
        }
    }

    /// The mark a JSON record names.
    pub fn from_json_name(name: &str) -> Option<MarkKind> {
        MarkKind::ALL
            .into_iter()
            .find(|kind| kind.json_name() == name)
    }
}

/// One mark: its kind, its cells (sorted; the 2×2 of a quadruple) and, for a quadruple, its
/// digits (sorted, a digit twice when it appears twice).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mark {
    pub kind: MarkKind,
    pub cells: Vec<usize>,
    pub digits: Vec<u8>,
}

impl Mark {
    /// A mark on an edge between two cells.
    pub fn edge(kind: MarkKind, a: usize, b: usize) -> Mark {
        Mark {
            kind,
            cells: vec![a.min(b), a.max(b)],
            digits: Vec::new(),
        }
    }

    /// A mark in one cell.
    pub fn cell(kind: MarkKind, cell: usize) -> Mark {
        Mark {
            kind,
            cells: vec![cell],
            digits: Vec::new(),
        }
    }

    /// A cage without a sum over `cells` (sorted here).
    pub fn cage(mut cells: Vec<usize>) -> Mark {
        cells.sort_unstable();
        Mark {
            kind: MarkKind::Cage,
            cells,
            digits: Vec::new(),
        }
    }

    /// A quadruple on the corner below and right of `top_left` in a grid of `size`.
    pub fn quadruple(top_left: usize, size: usize, mut digits: Vec<u8>) -> Mark {
        digits.sort_unstable();
        Mark {
            kind: MarkKind::Quadruple,
            cells: vec![top_left, top_left + 1, top_left + size, top_left + size + 1],
            digits,
        }
    }
}

/// The modern rules of one puzzle: its kinds (global and marked) and its marks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MarkSet {
    size: usize,
    kinds: RuleKinds,
    marks: Vec<Mark>,
}

/// What is wrong with a set of marks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MarkError(pub String);

impl MarkSet {
    /// The marks of a grid of `size`, checked: every mark of a kind the set has, its cells in
    /// the grid and touching as the mark needs, no edge or cell marked twice.
    pub fn new(size: usize, kinds: RuleKinds, mut marks: Vec<Mark>) -> Result<MarkSet, MarkError> {
        if kinds.has(RuleKind::Cages) {
            return Err(MarkError("killer cages are not marks".into()));
        }
        if kinds.has(RuleKind::DisjointGroups) && super::BoxShape::default_for(size).is_none() {
            return Err(MarkError(format!(
                "disjoint groups need boxes, and a {size}×{size} grid has none"
            )));
        }
        marks.sort();
        for mark in &marks {
            check_mark(size, kinds, mark)?;
        }
        check_cages_apart(size, &marks)?;
        for pair in marks.windows(2) {
            let clash = pair[0].cells == pair[1].cells
                && (pair[0].kind.cell_count() != 1 || pair[0].kind == pair[1].kind);
            let same_place = pair[0].kind.cell_count() == pair[1].kind.cell_count();
            if clash && same_place {
                return Err(MarkError(format!(
                    "{} is marked twice ({} and {})",
                    place_name(&pair[0], size),
                    pair[0].kind.describe(),
                    pair[1].kind.describe()
                )));
            }
        }
        Ok(MarkSet { size, kinds, marks })
    }

    /// The global rules of `kinds` alone (anti-knight, …), no marks.
    pub fn global(size: usize, kinds: RuleKinds) -> Result<MarkSet, MarkError> {
        MarkSet::new(size, kinds, Vec::new())
    }

    /// The grid size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The kinds.
    pub fn kinds(&self) -> RuleKinds {
        self.kinds
    }

    /// The marks, sorted.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The pairs of cells the rules make distinct (anti-knight, anti-king, the cells of a cage
    /// without a sum), each once with the smaller cell first.
    pub fn distinct_pairs(&self) -> Vec<(usize, usize)> {
        let mut pairs = self.move_pairs();
        let caged = self.cage_pairs();
        if !caged.is_empty() {
            pairs.extend(caged);
            pairs.sort_unstable();
            pairs.dedup();
        }
        pairs
    }

    /// The pairs of cells in one cage without a sum, the smaller cell first.
    fn cage_pairs(&self) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for cage in self.marks.iter().filter(|m| m.kind == MarkKind::Cage) {
            for (i, &a) in cage.cells.iter().enumerate() {
                pairs.extend(cage.cells[i + 1..].iter().map(|&b| (a, b)));
            }
        }
        pairs
    }

    /// The pairs of cells a knight's or king's move apart, under anti-knight and anti-king.
    fn move_pairs(&self) -> Vec<(usize, usize)> {
        let mut moves: Vec<(i64, i64)> = Vec::new();
        if self.kinds.has(RuleKind::AntiKnight) {
            moves.extend([(1, 2), (2, 1), (2, -1), (1, -2)]);
        }
        if self.kinds.has(RuleKind::AntiKing) {
            moves.extend([(1, 1), (1, -1)]);
        }
        let n = self.size as i64;
        let mut pairs = Vec::new();
        for cell in 0..self.size * self.size {
            let (r, c) = ((cell / self.size) as i64, (cell % self.size) as i64);
            for &(dr, dc) in &moves {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n).contains(&r2) && (0..n).contains(&c2) {
                    pairs.push((cell, (r2 * n + c2) as usize));
                }
            }
        }
        pairs
    }

    /// The disjoint groups: cells in the same position of their boxes (empty without the rule).
    pub fn disjoint_groups(&self) -> Vec<Vec<usize>> {
        let shape = super::BoxShape::default_for(self.size);
        let (true, Some(shape)) = (self.kinds.has(RuleKind::DisjointGroups), shape) else {
            return Vec::new();
        };
        let n = self.size;
        (0..n)
            .map(|g| {
                let (gr, gc) = (g / shape.cols, g % shape.cols);
                let mut cells: Vec<usize> = (0..n)
                    .map(|b| {
                        let (br, bc) = (b / (n / shape.cols), b % (n / shape.cols));
                        (br * shape.rows + gr) * n + bc * shape.cols + gc
                    })
                    .collect();
                cells.sort_unstable();
                cells
            })
            .collect()
    }

    /// The rules compiled by family, for the solvers.
    pub fn compile(&self) -> Compiled {
        let mut compiled = Compiled {
            size: self.size,
            masks: Vec::new(),
            pairs: Vec::new(),
            quads: Vec::new(),
            partners: Vec::new(),
        };
        let mut pairs: BTreeMap<(usize, usize), Table> = BTreeMap::new();
        let mut relate = |a: usize, b: usize, allows: &dyn Fn(u32, u32) -> bool| {
            let table = pairs
                .entry((a, b))
                .or_insert_with(|| Table::full(self.size));
            table.restrict(self.size, allows);
        };
        let marked: BTreeMap<(usize, usize), MarkKind> = self
            .marks
            .iter()
            .filter(|m| m.kind.cell_count() == 2)
            .map(|m| ((m.cells[0], m.cells[1]), m.kind))
            .collect();
        for (a, b) in orthogonal_pairs(self.size) {
            let mark = marked.get(&(a, b)).copied();
            let dotted = matches!(mark, Some(MarkKind::White | MarkKind::Black));
            // As f-puzzles reads it: a dot between two cells overrides non-consecutive.
            if self.kinds.has(RuleKind::NonConsecutive) && !dotted {
                relate(a, b, &|x, y| x.abs_diff(y) != 1);
            }
            if self.kinds.has(RuleKind::KropkiNegative) && !dotted {
                relate(a, b, &|x, y| x.abs_diff(y) != 1 && x != 2 * y && y != 2 * x);
            }
            if self.kinds.has(RuleKind::XvNegative)
                && !matches!(mark, Some(MarkKind::X | MarkKind::V))
            {
                relate(a, b, &|x, y| x + y != 5 && x + y != 10);
            }
        }
        for mark in &self.marks {
            match mark.kind {
                MarkKind::White => relate(mark.cells[0], mark.cells[1], &|x, y| x.abs_diff(y) == 1),
                MarkKind::Black => relate(mark.cells[0], mark.cells[1], &|x, y| {
                    x == 2 * y || y == 2 * x
                }),
                MarkKind::X => relate(mark.cells[0], mark.cells[1], &|x, y| x + y == 10),
                MarkKind::V => relate(mark.cells[0], mark.cells[1], &|x, y| x + y == 5),
                MarkKind::Even | MarkKind::Odd => {
                    let even = mark.kind == MarkKind::Even;
                    let mask = (1..=self.size as u32)
                        .filter(|d| (d % 2 == 0) == even)
                        .fold(0, |m, d| m | 1 << (d - 1));
                    compiled.masks.push((mark.cells[0], mask));
                }
                MarkKind::Minimum | MarkKind::Maximum => {
                    let cell = mark.cells[0];
                    // A neighbour that is itself a minimum (maximum) is not compared (f-puzzles).
                    let alike = |other: usize| {
                        self.marks
                            .iter()
                            .any(|m| m.kind == mark.kind && m.cells[0] == other)
                    };
                    for other in orthogonal_neighbours(cell, self.size) {
                        if alike(other) {
                            continue;
                        }
                        let (a, b) = (cell.min(other), cell.max(other));
                        let smaller_first = (mark.kind == MarkKind::Minimum) == (a == cell);
                        match smaller_first {
                            true => relate(a, b, &|x, y| x < y),
                            false => relate(a, b, &|x, y| x > y),
                        }
                    }
                }
                MarkKind::Quadruple => compiled.quads.push(Quad {
                    cells: [mark.cells[0], mark.cells[1], mark.cells[2], mark.cells[3]],
                    digits: mark.digits.clone(),
                }),
                // A cage's cells are peers ([`MarkSet::distinct_pairs`]): nothing to compile.
                MarkKind::Cage => {}
            }
        }
        compiled.pairs = pairs
            .into_iter()
            .map(|((a, b), table)| PairRule::new(a, b, &table, self.size))
            .collect();
        compiled.partners = vec![Vec::new(); self.size * self.size];
        for (index, pair) in compiled.pairs.iter().enumerate() {
            compiled.partners[pair.a].push((pair.b, index));
            compiled.partners[pair.b].push((pair.a, index));
        }
        compiled
    }

    /// What a grid (0 for empty) breaks, one message each, naming the rule and the cells.
    pub fn problems(&self, grid: &[u8]) -> Vec<String> {
        self.breaches(grid).into_iter().map(|b| b.text).collect()
    }

    /// [`MarkSet::problems`] with the cells of each.
    pub fn breaches(&self, grid: &[u8]) -> Vec<super::Breach> {
        let name = |c: usize| cell_name(c, self.size);
        let shown = |d: u8| super::text::digit_symbol(d);
        let mut problems = Vec::new();
        for (a, b) in self.cage_pairs() {
            if grid[a] != 0 && grid[a] == grid[b] {
                problems.push(super::Breach::new(
                    vec![a, b],
                    format!(
                        "{} and {} are in one cage and both hold {}",
                        name(a),
                        name(b),
                        shown(grid[a])
                    ),
                ));
            }
        }
        for (a, b) in self.move_pairs() {
            if grid[a] != 0 && grid[a] == grid[b] {
                let gap = (a / self.size).abs_diff(b / self.size)
                    + (a % self.size).abs_diff(b % self.size);
                let how = match gap {
                    3 => "a knight's move apart",
                    _ => "diagonal neighbours",
                };
                problems.push(super::Breach::new(
                    vec![a, b],
                    format!(
                        "{} and {} are {how} and both hold {}",
                        name(a),
                        name(b),
                        shown(grid[a])
                    ),
                ));
            }
        }
        for (index, group) in self.disjoint_groups().iter().enumerate() {
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    if grid[a] != 0 && grid[a] == grid[b] {
                        problems.push(super::Breach::new(
                            vec![a, b],
                            format!(
                                "{} and {} are in disjoint group {} and both hold {}",
                                name(a),
                                name(b),
                                index + 1,
                                shown(grid[a])
                            ),
                        ));
                    }
                }
            }
        }
        let compiled = self.compile();
        for &(cell, mask) in &compiled.masks {
            if grid[cell] != 0 && mask & bit(grid[cell]) == 0 {
                let what = match mask & 1 {
                    0 => "an even square",
                    _ => "an odd circle",
                };
                problems.push(super::Breach::new(
                    vec![cell],
                    format!("{} is {what} and holds {}", name(cell), shown(grid[cell])),
                ));
            }
        }
        for pair in &compiled.pairs {
            let (x, y) = (grid[pair.a], grid[pair.b]);
            if x != 0 && y != 0 && pair.forward[usize::from(x)] & bit(y) == 0 {
                problems.push(super::Breach::new(
                    vec![pair.a, pair.b],
                    format!(
                        "{} ({}) and {} ({}) break {}",
                        name(pair.a),
                        shown(x),
                        name(pair.b),
                        shown(y),
                        self.pair_rule_name(pair.a, pair.b)
                    ),
                ));
            }
        }
        for quad in &compiled.quads {
            let values: Vec<u8> = quad.cells.iter().map(|&c| grid[c]).collect();
            if values.iter().all(|&v| v != 0) && !quad.holds(&values) {
                let digits: Vec<String> =
                    quad.digits.iter().map(|&d| shown(d).to_string()).collect();
                problems.push(super::Breach::new(
                    quad.cells.to_vec(),
                    format!(
                        "the quadruple at {} needs {} among {}",
                        name(quad.cells[0]),
                        digits.join(", "),
                        quad.cells.map(name).join(" ")
                    ),
                ));
            }
        }
        problems
    }

    /// The rule two cells break, in words: the mark on their edge, or the global rule.
    fn pair_rule_name(&self, a: usize, b: usize) -> String {
        let on_edge = self
            .marks
            .iter()
            .find(|m| m.cells == [a, b] && m.kind.cell_count() == 2);
        if let Some(mark) = on_edge {
            return format!("the {} between them", mark.kind.describe());
        }
        let extreme = self.marks.iter().find(|m| {
            matches!(m.kind, MarkKind::Minimum | MarkKind::Maximum)
                && (m.cells[0] == a || m.cells[0] == b)
        });
        if let Some(mark) = extreme {
            return format!(
                "the {} at {}",
                mark.kind.describe(),
                cell_name(mark.cells[0], self.size)
            );
        }
        let rules: Vec<&str> = [
            (RuleKind::NonConsecutive, "the non-consecutive rule"),
            (
                RuleKind::KropkiNegative,
                "the rule that no dot means neither relation",
            ),
            (
                RuleKind::XvNegative,
                "the rule that no X or V means neither sum",
            ),
        ]
        .into_iter()
        .filter(|(kind, _)| self.kinds.has(*kind))
        .map(|(_, text)| text)
        .collect();
        rules.join(" or ")
    }

    /// The marks as one field of a puzzle line: `rules:` then the kinds joined by `+`, then each
    /// mark after `;` (`w:r1c1+r1c2`, `e:r3c4`, `q:r1c1:1,2,3`).
    pub fn to_line(&self) -> String {
        let kinds: Vec<&str> = self.kinds.iter().map(RuleKind::name).collect();
        let mut line = format!("rules:{}", kinds.join("+"));
        for mark in &self.marks {
            line.push(';');
            line.push_str(&self.mark_text(mark));
        }
        line
    }

    fn mark_text(&self, mark: &Mark) -> String {
        let cells = match mark.kind {
            MarkKind::Quadruple => cell_name(mark.cells[0], self.size),
            _ => mark
                .cells
                .iter()
                .map(|&c| cell_name(c, self.size))
                .collect::<Vec<_>>()
                .join("+"),
        };
        let mut text = format!("{}:{cells}", mark.kind.code());
        if mark.kind == MarkKind::Quadruple {
            let digits: Vec<String> = mark.digits.iter().map(u8::to_string).collect();
            text.push(':');
            text.push_str(&digits.join(","));
        }
        text
    }

    /// Reads the field [`MarkSet::to_line`] writes, for a grid of `size`.
    pub fn parse(text: &str, size: usize) -> Result<MarkSet, MarkError> {
        let text = text.trim();
        let body = text.strip_prefix("rules:").ok_or_else(|| {
            MarkError(format!(
                "a rules field starts with 'rules:', not '{}'",
                shorten(text)
            ))
        })?;
        let mut items = body.split(';');
        let mut kinds = RuleKinds::NONE;
        for word in items.next().unwrap_or_default().split('+').map(str::trim) {
            let kind = RuleKind::from_word(&word.to_ascii_lowercase())
                .filter(|k| *k != RuleKind::Cages)
                .ok_or_else(|| MarkError(format!("unknown rule '{}'", shorten(word))))?;
            kinds = kinds.with(kind);
        }
        let marks = items
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(|item| parse_mark(item, size))
            .collect::<Result<Vec<_>, _>>()?;
        MarkSet::new(size, kinds, marks)
    }
}

impl fmt::Display for MarkSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// At most 40 characters of a user's text, for a message.
fn shorten(text: &str) -> String {
    text.chars().take(40).collect()
}

fn parse_mark(item: &str, size: usize) -> Result<Mark, MarkError> {
    let mut parts = item.split(':');
    let code = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
    let kind = MarkKind::from_code(&code).ok_or_else(|| {
        MarkError(format!(
            "unknown mark '{}' (w, b, x, v, e, o, min, max, q or c)",
            shorten(&code)
        ))
    })?;
    let cells_text = parts
        .next()
        .ok_or_else(|| MarkError(format!("the mark '{}' names no cells", shorten(item))))?;
    let cells = cells_text
        .split('+')
        .map(|name| parse_cell_name(name.trim(), size).map_err(MarkError))
        .collect::<Result<Vec<_>, _>>()?;
    let mark = match (kind, cells.as_slice()) {
        (MarkKind::Quadruple, &[corner]) => {
            let digits = parts
                .next()
                .ok_or_else(|| {
                    MarkError(format!("the quadruple '{}' has no digits", shorten(item)))
                })?
                .split(',')
                .map(|d| {
                    d.trim()
                        .parse::<u8>()
                        .map_err(|_| MarkError(format!("'{}' is not a digit", shorten(d))))
                })
                .collect::<Result<Vec<_>, _>>()?;
            if corner % size == size - 1 || corner / size == size - 1 {
                return Err(MarkError(format!(
                    "a quadruple's corner is below and right of its cell, and {} has none",
                    cell_name(corner, size)
                )));
            }
            Mark::quadruple(corner, size, digits)
        }
        (MarkKind::Cage, _) => Mark::cage(cells),
        (_, &[cell]) if kind.cell_count() == 1 => Mark::cell(kind, cell),
        (_, &[a, b]) if kind.cell_count() == 2 => Mark::edge(kind, a, b),
        _ => {
            return Err(MarkError(format!(
                "a {} marks {} cell{}, and '{}' names {}",
                kind.describe(),
                match kind.cell_count() {
                    4 => 1,
                    n => n,
                },
                if kind.cell_count() == 2 { "s" } else { "" },
                shorten(item),
                cells.len()
            )));
        }
    };
    if parts.next().is_some() {
        return Err(MarkError(format!(
            "too many ':' in the mark '{}'",
            shorten(item)
        )));
    }
    Ok(mark)
}

/// Where a mark sits, in words.
fn place_name(mark: &Mark, size: usize) -> String {
    let names: Vec<String> = mark.cells.iter().map(|&c| cell_name(c, size)).collect();
    match mark.kind.cell_count() {
        0 => format!("the cage {}", names.join("+")),
        2 => format!("the edge between {} and {}", names[0], names[1]),
        4 => format!("the corner below and right of {}", names[0]),
        _ => names[0].clone(),
    }
}

/// A cage without a sum: 2 to `size` different cells, side by side.
fn check_cage(size: usize, cells: &[usize]) -> Result<(), MarkError> {
    let names = || {
        let names: Vec<String> = cells.iter().map(|&c| cell_name(c, size)).collect();
        names.join("+")
    };
    if cells.len() < 2 || cells.len() > size {
        return Err(MarkError(format!(
            "a cage holds 2 to {size} cells, and {} has {}",
            names(),
            cells.len()
        )));
    }
    if cells.windows(2).any(|w| w[0] == w[1]) {
        return Err(MarkError(format!(
            "the cage {} names a cell twice",
            names()
        )));
    }
    let mut reached = vec![cells[0]];
    let mut next = 0;
    while next < reached.len() {
        let cell = reached[next];
        next += 1;
        for other in orthogonal_neighbours(cell, size) {
            if cells.binary_search(&other).is_ok() && !reached.contains(&other) {
                reached.push(other);
            }
        }
    }
    if reached.len() < cells.len() {
        return Err(MarkError(format!(
            "the cage {} is not connected: its cells must touch side by side",
            names()
        )));
    }
    Ok(())
}

/// No cell in two cages without sums.
fn check_cages_apart(size: usize, marks: &[Mark]) -> Result<(), MarkError> {
    let mut owner = vec![None; size * size];
    for (index, cage) in marks
        .iter()
        .enumerate()
        .filter(|(_, m)| m.kind == MarkKind::Cage)
    {
        for &cell in &cage.cells {
            if owner[cell].replace(index).is_some() {
                return Err(MarkError(format!(
                    "{} is in two cages",
                    cell_name(cell, size)
                )));
            }
        }
    }
    Ok(())
}

fn check_mark(size: usize, kinds: RuleKinds, mark: &Mark) -> Result<(), MarkError> {
    if !mark.kind.rule_kinds().iter().any(|&k| kinds.has(k)) {
        return Err(MarkError(format!(
            "a {} needs the rule {}",
            mark.kind.describe(),
            mark.kind.rule_kinds()[0].name()
        )));
    }
    if mark.cells.iter().any(|&c| c >= size * size) {
        return Err(MarkError(format!(
            "a {} lies outside the {size}×{size} grid",
            mark.kind.describe()
        )));
    }
    if mark.kind == MarkKind::Cage {
        check_cage(size, &mark.cells)?;
    }
    if mark.kind.cell_count() == 2
        && !orthogonal_neighbours(mark.cells[0], size).contains(&mark.cells[1])
    {
        return Err(MarkError(format!(
            "a {} sits between two cells that touch, and {} and {} do not",
            mark.kind.describe(),
            cell_name(mark.cells[0], size),
            cell_name(mark.cells[1], size)
        )));
    }
    if mark.kind == MarkKind::Quadruple {
        let bad = mark.digits.is_empty()
            || mark.digits.len() > 4
            || mark.digits.iter().any(|&d| d == 0 || usize::from(d) > size);
        if bad {
            return Err(MarkError(format!(
                "the quadruple at {} has {} digits; it holds 1 to 4 digits from 1 to {size}",
                cell_name(mark.cells[0], size),
                mark.digits.len()
            )));
        }
        let most = mark
            .digits
            .iter()
            .map(|&d| mark.digits.iter().filter(|&&e| e == d).count())
            .max();
        if most > Some(2) {
            return Err(MarkError(format!(
                "the quadruple at {} asks for a digit more than twice, which four cells in a 2×2 cannot hold",
                cell_name(mark.cells[0], size)
            )));
        }
    }
    Ok(())
}

/// Every pair of orthogonally touching cells, the smaller first, row by row.
pub fn orthogonal_pairs(size: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for cell in 0..size * size {
        if cell % size + 1 < size {
            pairs.push((cell, cell + 1));
        }
        if cell / size + 1 < size {
            pairs.push((cell, cell + size));
        }
    }
    pairs
}

/// The cells orthogonally touching `cell`.
pub fn orthogonal_neighbours(cell: usize, size: usize) -> Vec<usize> {
    let (r, c) = (cell / size, cell % size);
    let mut cells = Vec::with_capacity(4);
    if r > 0 {
        cells.push(cell - size);
    }
    if c > 0 {
        cells.push(cell - 1);
    }
    if c + 1 < size {
        cells.push(cell + 1);
    }
    if r + 1 < size {
        cells.push(cell + size);
    }
    cells
}

/// Which digit pairs a relation between two cells allows: `allowed[x]` is the mask of digits
/// the second cell may hold when the first holds `x`.
#[derive(Clone)]
struct Table {
    allowed: [u32; MAX_DIGIT + 1],
}

impl Table {
    fn full(size: usize) -> Table {
        let all = if size >= 32 {
            u32::MAX
        } else {
            (1u32 << size) - 1
        };
        let mut allowed = [0; MAX_DIGIT + 1];
        allowed[1..=size].fill(all);
        Table { allowed }
    }

    fn restrict(&mut self, size: usize, allows: &dyn Fn(u32, u32) -> bool) {
        for x in 1..=size as u32 {
            for y in 1..=size as u32 {
                if !allows(x, y) {
                    self.allowed[x as usize] &= !(1 << (y - 1));
                }
            }
        }
    }
}

/// The rules compiled by family.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub size: usize,
    /// Cells limited to some digits (even/odd).
    pub masks: Vec<(usize, u32)>,
    /// Relations between two cells (dots, X and V, non-consecutive, minimum/maximum, and what
    /// a missing mark says when every mark is given).
    pub pairs: Vec<PairRule>,
    /// Digits that must appear among four cells.
    pub quads: Vec<Quad>,
    /// Per cell, the cells a relation ties it to and the relation's index in `pairs`.
    pub partners: Vec<Vec<(usize, usize)>>,
}

/// A relation between two cells as tables both ways.
#[derive(Clone, Debug)]
pub struct PairRule {
    pub a: usize,
    pub b: usize,
    /// `forward[x]`: the digits `b` may hold when `a` holds `x`.
    pub forward: [u32; MAX_DIGIT + 1],
    /// `backward[y]`: the digits `a` may hold when `b` holds `y`.
    pub backward: [u32; MAX_DIGIT + 1],
}

impl PairRule {
    fn new(a: usize, b: usize, table: &Table, size: usize) -> PairRule {
        let mut backward = [0u32; MAX_DIGIT + 1];
        for (x, &allowed) in table.allowed.iter().enumerate().take(size + 1).skip(1) {
            for y in super::rules::digits(allowed) {
                backward[usize::from(y)] |= 1 << (x - 1);
            }
        }
        PairRule {
            a,
            b,
            forward: table.allowed,
            backward,
        }
    }

    /// The digits `b` may hold when `a` may hold those of `a_mask`.
    pub fn support_of_b(&self, a_mask: u32) -> u32 {
        super::rules::digits(a_mask).fold(0, |m, x| m | self.forward[usize::from(x)])
    }

    /// The digits `a` may hold when `b` may hold those of `b_mask`.
    pub fn support_of_a(&self, b_mask: u32) -> u32 {
        super::rules::digits(b_mask).fold(0, |m, y| m | self.backward[usize::from(y)])
    }

    /// The digits the other cell may hold when `cell` (one of the two) holds `digit`.
    pub fn beside(&self, cell: usize, digit: u8) -> u32 {
        match cell == self.a {
            true => self.forward[usize::from(digit)],
            false => self.backward[usize::from(digit)],
        }
    }
}

/// A quadruple: four cells (the 2×2, row by row) and the digits they must hold.
#[derive(Clone, Debug)]
pub struct Quad {
    pub cells: [usize; 4],
    pub digits: Vec<u8>,
}

impl Quad {
    /// True when the four digits hold every required digit (as many times as it is listed).
    pub fn holds(&self, values: &[u8]) -> bool {
        self.digits.iter().all(|&d| {
            let need = self.digits.iter().filter(|&&e| e == d).count();
            values.iter().filter(|&&v| v == d).count() >= need
        })
    }

    /// The candidates of the four cells (in `cand`, indexed as `cells`) some filling keeps: each
    /// required digit as often as listed, orthogonal neighbours in the 2×2 distinct.
    pub fn supported(&self, cand: [u32; 4]) -> [u32; 4] {
        let mut support = [0u32; 4];
        let mut chosen = [0u8; 4];
        self.search(&cand, 0, &mut chosen, &mut support);
        support
    }

    fn search(&self, cand: &[u32; 4], index: usize, chosen: &mut [u8; 4], support: &mut [u32; 4]) {
        if index == 4 {
            if self.holds(chosen) {
                for (s, &d) in support.iter_mut().zip(chosen.iter()) {
                    *s |= bit(d);
                }
            }
            return;
        }
        // Cells 0-1 and 2-3 share a row, 0-2 and 1-3 a column.
        let clashes: &[usize] = match index {
            1 => &[0],
            2 => &[0],
            3 => &[1, 2],
            _ => &[],
        };
        for d in super::rules::digits(cand[index]) {
            if clashes.iter().any(|&j| chosen[j] == d) {
                continue;
            }
            chosen[index] = d;
            if self.missing_after(chosen, index + 1) <= 3 - index {
                self.search(cand, index + 1, chosen, support);
            }
        }
        chosen[index] = 0;
    }

    /// How many required digits the first `filled` cells of `chosen` leave unplaced.
    fn missing_after(&self, chosen: &[u8; 4], filled: usize) -> usize {
        let mut pool: Vec<u8> = chosen[..filled].to_vec();
        let mut missing = 0;
        for &d in &self.digits {
            match pool.iter().position(|&v| v == d) {
                Some(i) => {
                    pool.swap_remove(i);
                }
                None => missing += 1,
            }
        }
        missing
    }
}

impl Compiled {
    /// Narrows `cand` (bit `d−1`; a placed cell's mask is its digit's bit) to what the masks,
    /// relations and quadruples allow, until nothing changes; `Ok(true)` when something went,
    /// `Err` when a cell is left with nothing.
    pub fn prune(&self, cand: &mut [u32]) -> Result<bool, Contradiction> {
        let mut progress = false;
        for &(cell, mask) in &self.masks {
            progress |= narrow(cand, cell, mask)?;
        }
        loop {
            let mut changed = false;
            for pair in &self.pairs {
                changed |= narrow(cand, pair.b, pair.support_of_b(cand[pair.a]))?;
                changed |= narrow(cand, pair.a, pair.support_of_a(cand[pair.b]))?;
            }
            for quad in &self.quads {
                let support = quad.supported(quad.cells.map(|c| cand[c]));
                for (&cell, &mask) in quad.cells.iter().zip(&support) {
                    changed |= narrow(cand, cell, mask)?;
                }
            }
            progress |= changed;
            if !changed {
                return Ok(progress);
            }
        }
    }

    /// True when a filled grid keeps every mask, relation and quadruple.
    pub fn holds(&self, values: &[u8]) -> bool {
        let masks = self
            .masks
            .iter()
            .all(|&(c, m)| values[c] != 0 && m & bit(values[c]) != 0);
        let pairs = self.pairs.iter().all(|p| {
            values[p.a] != 0
                && values[p.b] != 0
                && p.forward[usize::from(values[p.a])] & bit(values[p.b]) != 0
        });
        let quads = self
            .quads
            .iter()
            .all(|q| q.holds(&q.cells.map(|c| values[c])));
        masks && pairs && quads
    }
}

/// `cand[cell] &= mask`; true when it changed, a contradiction when nothing is left.
fn narrow(cand: &mut [u32], cell: usize, mask: u32) -> Result<bool, Contradiction> {
    let m = cand[cell] & mask;
    if m == 0 {
        return Err(Contradiction);
    }
    let changed = m != cand[cell];
    cand[cell] = m;
    Ok(changed)
}

/// The whole set as one rule (its families, compiled on each call: for checks and forcing
/// chains; the exact solver keeps its compiled form).
pub struct MarkRule {
    compiled: Compiled,
    cells: Vec<usize>,
}

impl MarkRule {
    /// The rule of a set.
    pub fn new(set: &MarkSet) -> MarkRule {
        let compiled = set.compile();
        let mut cells: Vec<usize> = compiled
            .masks
            .iter()
            .map(|m| m.0)
            .chain(compiled.pairs.iter().flat_map(|p| [p.a, p.b]))
            .chain(compiled.quads.iter().flat_map(|q| q.cells))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        MarkRule { compiled, cells }
    }

    /// The compiled families.
    pub fn compiled(&self) -> &Compiled {
        &self.compiled
    }
}

impl Rule for MarkRule {
    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn prune(
        &self,
        values: &[u8],
        cand: &mut [u32],
        scratch: &mut Vec<u32>,
    ) -> Result<bool, Contradiction> {
        // Placed cells take their digit's bit for the pass; only open cells are written back.
        scratch.clear();
        scratch.extend(values.iter().zip(cand.iter()).map(|(&v, &m)| match v {
            0 => m,
            v => bit(v),
        }));
        let progress = self.compiled.prune(scratch)?;
        for (cell, (&v, c)) in values.iter().zip(cand.iter_mut()).enumerate() {
            if v == 0 {
                *c = scratch[cell];
            }
        }
        Ok(progress)
    }

    fn holds(&self, values: &[u8]) -> bool {
        self.compiled.holds(values)
    }
}

#[cfg(test)]
mod tests;
