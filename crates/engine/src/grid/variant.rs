//! Variants of the puzzle (classic, jigsaw, diagonal, window and their combinations) and box shapes.

use std::fmt;
use std::str::FromStr;

use super::error::GeometryError;
use super::multi::MultiShape;

/// A kind of rule beyond houses. A variant names the kinds it has; the rules themselves (which
/// cells, what sum, which dots) are data in the geometry ([`super::Constraints`]), read from a
/// file or drawn by the generator's sampler for the kind. Killer cages are one kind; the modern
/// kinds (anti-knight … quadruples) are marks ([`super::marks::MarkSet`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// Killer cages: groups of cells with distinct digits and a target sum.
    Cages,
    /// Cells a chess knight's move apart hold different digits.
    AntiKnight,
    /// Diagonally touching cells hold different digits.
    AntiKing,
    /// Orthogonal neighbours never differ by 1.
    NonConsecutive,
    /// Cells in the same position of their boxes hold different digits (nine more houses).
    DisjointGroups,
    /// A grey square holds an even digit, a grey circle an odd one.
    EvenOdd,
    /// Kropki dots: white, the two cells differ by 1; black, one is twice the other.
    Kropki,
    /// Kropki with every dot given: no dot means neither relation.
    KropkiNegative,
    /// X: the two cells add up to 10; V: to 5.
    Xv,
    /// XV with every mark given: no mark means the sum is neither 5 nor 10.
    XvNegative,
    /// A minimum cell is smaller than its orthogonal neighbours, a maximum larger.
    MinMax,
    /// The digits in a circle on a corner appear in the 2×2 cells around it.
    Quadruple,
    /// Cages without sums: the digits in a dashed cage do not repeat.
    DistinctCages,
}

impl RuleKind {
    /// Every kind, in the order their names come first in a variant's name.
    pub const ALL: [RuleKind; 13] = [
        RuleKind::Cages,
        RuleKind::AntiKnight,
        RuleKind::AntiKing,
        RuleKind::NonConsecutive,
        RuleKind::DisjointGroups,
        RuleKind::EvenOdd,
        RuleKind::Kropki,
        RuleKind::KropkiNegative,
        RuleKind::Xv,
        RuleKind::XvNegative,
        RuleKind::MinMax,
        RuleKind::Quadruple,
        RuleKind::DistinctCages,
    ];

    /// The word for the kind in a variant's name.
    pub fn name(self) -> &'static str {
        match self {
            RuleKind::Cages => "killer",
            RuleKind::AntiKnight => "anti-knight",
            RuleKind::AntiKing => "anti-king",
            RuleKind::NonConsecutive => "non-consecutive",
            RuleKind::DisjointGroups => "disjoint-groups",
            RuleKind::EvenOdd => "even-odd",
            RuleKind::Kropki => "kropki",
            RuleKind::KropkiNegative => "kropki-negative",
            RuleKind::Xv => "xv",
            RuleKind::XvNegative => "xv-negative",
            RuleKind::MinMax => "min-max",
            RuleKind::Quadruple => "quadruple",
            RuleKind::DistinctCages => "distinct-cages",
        }
    }

    /// The kind a word of a variant's name means (its name, or an alias such as `antiknight`).
    pub fn from_word(word: &str) -> Option<RuleKind> {
        let kind = match word {
            "killer" | "sum" | "sumdoku" => RuleKind::Cages,
            "anti-knight" | "antiknight" => RuleKind::AntiKnight,
            "anti-king" | "antiking" => RuleKind::AntiKing,
            "non-consecutive" | "nonconsecutive" => RuleKind::NonConsecutive,
            "disjoint-groups" | "disjointgroups" | "disjoint" => RuleKind::DisjointGroups,
            "even-odd" | "evenodd" | "odd-even" => RuleKind::EvenOdd,
            "kropki" => RuleKind::Kropki,
            "kropki-negative" => RuleKind::KropkiNegative,
            "xv" => RuleKind::Xv,
            "xv-negative" => RuleKind::XvNegative,
            "min-max" | "minmax" | "minimum-maximum" => RuleKind::MinMax,
            "quadruple" | "quadruples" | "quad" => RuleKind::Quadruple,
            "distinct-cages" | "plain-cages" | "cages" => RuleKind::DistinctCages,
            _ => return None,
        };
        Some(kind)
    }

    /// True for the kinds with no marks: the rule holds over the whole grid.
    pub fn is_global(self) -> bool {
        matches!(
            self,
            RuleKind::AntiKnight
                | RuleKind::AntiKing
                | RuleKind::NonConsecutive
                | RuleKind::DisjointGroups
        )
    }

    fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// A set of rule kinds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleKinds(u16);

impl RuleKinds {
    /// No rule beyond the houses.
    pub const NONE: RuleKinds = RuleKinds(0);

    /// True when the set holds `kind`.
    pub fn has(self, kind: RuleKind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// The set with `kind` added.
    pub fn with(self, kind: RuleKind) -> RuleKinds {
        RuleKinds(self.0 | kind.bit())
    }

    /// True when the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set without `kind`.
    pub fn without(self, kind: RuleKind) -> RuleKinds {
        RuleKinds(self.0 & !kind.bit())
    }

    /// The kinds of both sets.
    pub fn union(self, other: RuleKinds) -> RuleKinds {
        RuleKinds(self.0 | other.0)
    }

    /// The kinds of the set, in [`RuleKind::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = RuleKind> {
        RuleKind::ALL.into_iter().filter(move |&k| self.has(k))
    }
}

/// What a puzzle is: its houses (rows and columns, then boxes or regions, diagonals, windows,
/// or several overlapping grids) and the kinds of rule it has beyond them.
///
/// Classic puzzles have boxes; jigsaw puzzles replace the boxes with irregular regions; diagonal
/// adds both main diagonals as houses; window adds the shaded extra boxes of hyper-sudoku.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Irregular regions instead of boxes.
    pub jigsaw: bool,
    /// Both main diagonals are houses.
    pub diagonal: bool,
    /// The extra "window" boxes of hyper-sudoku are houses.
    pub window: bool,
    /// The kinds of rule beyond the houses (killer cages).
    pub rules: RuleKinds,
    /// Overlapping 9×9 grids (Samurai, Twodoku, Butterfly) instead of one grid.
    pub multi: Option<MultiShape>,
}

impl Variant {
    /// The classic puzzle: rows, columns and boxes.
    pub const CLASSIC: Variant = Variant {
        jigsaw: false,
        diagonal: false,
        window: false,
        rules: RuleKinds::NONE,
        multi: None,
    };

    /// True when the variant has rules of `kind`.
    pub fn has(&self, kind: RuleKind) -> bool {
        self.rules.has(kind)
    }

    /// The variant of the houses alone, without its rule kinds (the grid a killer's cages are
    /// drawn on).
    pub fn houses(&self) -> Variant {
        Variant {
            rules: RuleKinds::NONE,
            ..*self
        }
    }

    /// The canonical name: `classic`, or the parts in the order of the rule kinds (killer), then
    /// jigsaw, diagonal, window
    /// joined by `+`.
    pub fn name(&self) -> String {
        if let Some(shape) = self.multi {
            return shape.name().to_string();
        }
        let houses = [
            (self.jigsaw, "jigsaw"),
            (self.diagonal, "diagonal"),
            (self.window, "window"),
        ];
        let parts: Vec<&str> = self
            .rules
            .iter()
            .map(RuleKind::name)
            .chain(houses.iter().filter(|(on, _)| *on).map(|(_, name)| *name))
            .collect();
        if parts.is_empty() {
            "classic".to_string()
        } else {
            parts.join("+")
        }
    }

    /// True when the puzzle has boxes (every variant but jigsaw).
    pub fn has_boxes(&self) -> bool {
        !self.jigsaw
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for Variant {
    type Err = GeometryError;

    /// Parses `classic`, `diagonal` (or `x`), `window` (or `hyper`, `windoku`), `jigsaw` (or
    /// `irregular`, `squiggly`), and combinations joined by `+` or `-`, such as `jigsaw+diagonal`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut variant = Variant::CLASSIC;
        let lower = text.trim().to_ascii_lowercase();
        for part in variant_words(&lower) {
            match part {
                "classic" | "standard" if lower.trim() == part => {}
                "diagonal" | "x" => variant.diagonal = true,
                "window" | "hyper" | "windoku" => variant.window = true,
                "jigsaw" | "irregular" | "squiggly" => variant.jigsaw = true,
                word => match (RuleKind::from_word(word), MultiShape::from_name(word)) {
                    (Some(kind), _) => variant.rules = variant.rules.with(kind),
                    (None, Some(shape)) => variant.multi = Some(shape),
                    (None, None) => {
                        return Err(GeometryError::UnknownVariant {
                            text: text.to_string(),
                        });
                    }
                },
            }
        }
        if variant.multi.is_some()
            && variant
                != (Variant {
                    multi: variant.multi,
                    ..Variant::CLASSIC
                })
        {
            return Err(GeometryError::MultiCombined {
                text: text.trim().to_string(),
            });
        }
        Ok(variant)
    }
}

/// The words of a variant's name: parts joined by `+` or `,`, and by `-` too except inside a
/// kind's own name (`anti-knight+jigsaw-x` is `anti-knight`, `jigsaw`, `x`).
fn variant_words(lower: &str) -> Vec<&str> {
    let mut words = Vec::new();
    for part in lower.split(['+', ',']).map(str::trim) {
        let mut rest = part;
        loop {
            let named = RuleKind::ALL
                .iter()
                .map(|kind| kind.name())
                .filter(|name| name.contains('-'))
                .find(|name| {
                    rest.starts_with(name)
                        && rest[name.len()..].chars().next().is_none_or(|c| c == '-')
                });
            let end = match named {
                Some(name) => name.len(),
                None => rest.find('-').unwrap_or(rest.len()),
            };
            words.push(rest[..end].trim());
            match rest[end..].strip_prefix('-') {
                Some(next) => rest = next,
                None => break,
            }
        }
    }
    words
}

/// The shape of a box: `rows` cells tall and `cols` cells wide (`rows * cols` = the grid size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoxShape {
    /// Height of a box in cells.
    pub rows: usize,
    /// Width of a box in cells.
    pub cols: usize,
}

impl BoxShape {
    /// The conventional box for a size: the most nearly square `rows × cols` with `rows <= cols`
    /// (4 → 2×2, 6 → 2×3, 8 → 2×4, 9 → 3×3, 12 → 3×4, 16 → 4×4). Prime sizes have none.
    pub fn default_for(size: usize) -> Option<BoxShape> {
        (2..=size)
            .take_while(|rows| rows * rows <= size)
            .filter(|rows| size.is_multiple_of(*rows))
            .last()
            .map(|rows| BoxShape {
                rows,
                cols: size / rows,
            })
    }

    /// True when the box is a square (needed for window variants).
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for BoxShape {
    type Err = GeometryError;

    /// Parses `RxC` (also `R×C` or `R*C`), for example `2x3`: boxes 2 rows tall and 3 columns wide.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || GeometryError::BadBoxShape {
            text: text.to_string(),
        };
        let (rows, cols) = text
            .trim()
            .split_once(['x', 'X', '×', '*'])
            .ok_or_else(bad)?;
        let rows: usize = rows.trim().parse().map_err(|_| bad())?;
        let cols: usize = cols.trim().parse().map_err(|_| bad())?;
        if rows == 0 || cols == 0 {
            return Err(bad());
        }
        Ok(BoxShape { rows, cols })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_round_trip() {
        for name in [
            "classic",
            "diagonal",
            "window",
            "jigsaw",
            "diagonal+window",
            "jigsaw+diagonal",
            "jigsaw+window",
        ] {
            let variant: Variant = name.parse().unwrap();
            assert_eq!(variant.name(), name);
        }
    }

    #[test]
    fn variant_accepts_aliases_and_any_order() {
        let v: Variant = "window+diagonal".parse().unwrap();
        assert_eq!(v.name(), "diagonal+window");
        let v: Variant = "Jigsaw-X".parse().unwrap();
        assert_eq!(v.name(), "jigsaw+diagonal");
        let v: Variant = "hyper".parse().unwrap();
        assert!(v.window);
    }

    #[test]
    fn unknown_variant_is_an_error_naming_it() {
        let err = "sudoku+killer".parse::<Variant>().unwrap_err();
        assert!(err.to_string().contains("sudoku+killer"), "{err}");
        assert!("classic+diagonal".parse::<Variant>().is_err());
    }

    #[test]
    fn default_box_shapes() {
        let shape = |n| BoxShape::default_for(n).map(|b| (b.rows, b.cols));
        assert_eq!(shape(4), Some((2, 2)));
        assert_eq!(shape(6), Some((2, 3)));
        assert_eq!(shape(8), Some((2, 4)));
        assert_eq!(shape(9), Some((3, 3)));
        assert_eq!(shape(12), Some((3, 4)));
        assert_eq!(shape(16), Some((4, 4)));
        assert_eq!(shape(7), None);
    }

    #[test]
    fn box_shape_parses() {
        assert_eq!(
            "2x3".parse::<BoxShape>().unwrap(),
            BoxShape { rows: 2, cols: 3 }
        );
        assert_eq!(
            "3×4".parse::<BoxShape>().unwrap(),
            BoxShape { rows: 3, cols: 4 }
        );
        assert!("3".parse::<BoxShape>().is_err());
        assert!("0x9".parse::<BoxShape>().is_err());
        assert!("ax3".parse::<BoxShape>().is_err());
    }
}
