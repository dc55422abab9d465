//! Canonical forms: the least image of a puzzle under its shape's symmetry group ([`Group`]), so
//! that two puzzles have the same form exactly when one is a move (and relabelling) of the other.
//! The form is a key read cell by cell in the image's order: first the shape's own layout where
//! moves change it (a jigsaw's regions, numbered by first appearance; a killer's cages, numbered
//! by first appearance, and their sums), then the givens, relabelled by first appearance where the
//! group relabels (0, an empty cell, is least). The least key over the group's moves is found by
//! walking them with an early cut (a move stops at its first cell above the best so far).
//!
//! This walk serves groups of up to [`MAX_WALKED_MOVES`] moves (every shape but classic grids
//! from 8×8 up: 9×9 has 3,359,232); those need a pruned search and get `None` here.

use super::group::Group;
use super::{Geometry, Grid};

/// The most geometric moves [`canonical_key`] walks one by one (6×6 classic has 3,456).
pub const MAX_WALKED_MOVES: u128 = 10_000;

/// The canonical key of a puzzle: equal for two puzzles of one shape exactly when one is an
/// image of the other under the shape's group. `None` when the group is too large to walk.
pub fn canonical_key(geo: &Geometry, givens: &Grid) -> Option<Vec<u16>> {
    let group = Group::of(geo);
    if group.moves() > MAX_WALKED_MOVES {
        return None;
    }
    let layout = Layout::of(geo);
    let mut best: Option<Vec<u16>> = None;
    let mut key = Vec::with_capacity(layout.len() + givens.cells().len());
    let mut from = vec![0usize; givens.cells().len()];
    for index in 0..group.moves() {
        let chosen = group.move_at(index);
        for (cell, &to) in chosen.cells.iter().enumerate() {
            from[to] = cell;
        }
        if image_key(
            &layout,
            givens,
            &from,
            group.relabels(),
            best.as_deref(),
            &mut key,
        ) {
            best = Some(key.clone());
        }
    }
    best
}

/// The parts of a shape that moves carry: per cell, its region or cage id and its cage's sum.
struct Layout {
    regions: Option<Vec<usize>>,
    cages: Option<(Vec<usize>, Vec<u32>)>,
}

impl Layout {
    fn of(geo: &Geometry) -> Layout {
        let regions = geo
            .regions()
            .map(|map| map.ids().iter().map(|&id| usize::from(id)).collect());
        let cages = geo.cages().map(|set| {
            let cells = geo.cell_count();
            let mut owner = vec![0usize; cells];
            let mut sums = Vec::new();
            for (index, cage) in set.cages().iter().enumerate() {
                for &cell in &cage.cells {
                    owner[cell] = index;
                }
                sums.push(cage.sum);
            }
            (owner, sums)
        });
        Layout { regions, cages }
    }

    /// Key entries the layout adds before the givens.
    fn len(&self) -> usize {
        let cells = |v: &Vec<usize>| v.len();
        self.regions.as_ref().map_or(0, cells) + self.cages.as_ref().map_or(0, |(o, _)| 2 * o.len())
    }
}

/// Writes into `key` the key of the image whose cell `p` holds what cell `from[p]` held, and
/// returns true when it is below `best` (or there is no best). Stops early, returning false, at
/// the first entry above `best`.
fn image_key(
    layout: &Layout,
    givens: &Grid,
    from: &[usize],
    relabel: bool,
    best: Option<&[u16]>,
    key: &mut Vec<u16>,
) -> bool {
    key.clear();
    // Below `best` once an entry is less; above, stop at once; equal so far, go on.
    let mut below = best.is_none();
    let mut push = |key: &mut Vec<u16>, value: u16| -> bool {
        if !below && let Some(best) = best {
            let other = best[key.len()];
            if value > other {
                return false;
            }
            below = value < other;
        }
        key.push(value);
        true
    };
    if let Some(regions) = &layout.regions {
        let mut names = FirstSeen::new(regions.len());
        for &cell in from {
            if !push(key, names.name(regions[cell])) {
                return false;
            }
        }
    }
    if let Some((owner, sums)) = &layout.cages {
        let mut names = FirstSeen::new(sums.len());
        for &cell in from {
            let cage = owner[cell];
            if !push(key, names.name(cage)) || !push(key, sums[cage] as u16) {
                return false;
            }
        }
    }
    let mut labels = FirstSeen::new(givens.size() + 1);
    for &cell in from {
        let digit = givens.get(cell);
        let value = match (relabel, digit) {
            (_, 0) => 0,
            (true, d) => labels.name(usize::from(d)),
            (false, d) => u16::from(d),
        };
        if !push(key, value) {
            return false;
        }
    }
    below
}

/// Names things 1, 2, 3… in the order they are first met.
struct FirstSeen {
    names: Vec<u16>,
    next: u16,
}

impl FirstSeen {
    fn new(count: usize) -> FirstSeen {
        FirstSeen {
            names: vec![0; count],
            next: 1,
        }
    }

    fn name(&mut self, thing: usize) -> u16 {
        if self.names[thing] == 0 {
            self.names[thing] = self.next;
            self.next += 1;
        }
        self.names[thing]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Request, Target, generate};
    use crate::grid::Variant;
    use crate::test_support::TestRng;

    fn puzzle(variant: &str, size: usize, seed: u64) -> crate::generate::Generated {
        let request = Request {
            target: Target::Any,
            ..Request::new(variant.parse::<Variant>().expect("a variant"), size)
        };
        generate(&request, seed).expect("a puzzle")
    }

    #[test]
    fn every_image_of_a_puzzle_has_its_key_and_other_puzzles_do_not() {
        let shapes = [
            ("classic", 4),
            ("classic", 6),
            ("diagonal", 9),
            ("window", 9),
            ("diagonal+window", 9),
            ("jigsaw", 9),
            ("killer", 9),
            ("samurai", 9),
            ("twodoku", 9),
            ("butterfly", 9),
        ];
        for (variant, size) in shapes {
            let first = puzzle(variant, size, 1);
            let key = canonical_key(&first.geometry, &first.givens).expect("a small group");
            let group = Group::of(&first.geometry);
            let mut rng = TestRng::new(7);
            for _ in 0..40 {
                let chosen = group.random_move(&mut |k| rng.below(k));
                let geo = chosen.apply_geometry(&first.geometry).expect("carried");
                let image = chosen.apply(&first.givens);
                assert_eq!(
                    canonical_key(&geo, &image).as_ref(),
                    Some(&key),
                    "{variant}"
                );
            }
            let second = puzzle(variant, size, 2);
            let other = canonical_key(&second.geometry, &second.givens);
            assert_ne!(
                other,
                Some(key),
                "{variant}: two puzzles of different seeds"
            );
        }
    }

    #[test]
    fn large_groups_are_not_walked() {
        let geo = Geometry::classic(9).expect("classic");
        assert_eq!(canonical_key(&geo, &Grid::empty(9)), None);
    }
}
