//! Canonical forms: the least image of a puzzle under its shape's symmetry group ([`Group`]), so
//! that two puzzles have the same form exactly when one is a move (and relabelling) of the other.
//! The form is a key read cell by cell in the image's order: first the shape's own layout where
//! moves change it (a jigsaw's regions, numbered by first appearance; a killer's cages, numbered
//! by first appearance, and their sums), then the givens, relabelled by first appearance where the
//! group relabels (0, an empty cell, is least). The least key over the group's moves is found by
//! walking them with an early cut (a move stops at its first cell above the best so far).
//!
//! Classic grids (rows, columns and boxes alone) are searched row by row instead ([`lines`]:
//! 9×9 has 3,359,232 moves); the walk serves every other shape up to [`MAX_WALKED_CELLS`]
//! (16×16 window: 165,888 moves). The 25×25 diagonal and window groups are too large to walk
//! and have no key yet: the commands say so and count such puzzles.

mod lines;

use super::group::Group;
use super::{Geometry, Grid, Variant};

/// The version of the ID scheme; a change of the key or the hash makes a new version.
pub const ID_VERSION: &str = "v1";

/// A puzzle's ID: `v1-`, the shape (`classic9`, `killer9`, `jigsaw_diagonal9`, `samurai`; a box
/// other than the usual one added as `b3x2`), and 16 base-32 characters (80 bits) of a hash of
/// the canonical key. Two puzzles of a shape share it exactly when one is an image of the other
/// (up to a hash collision: about one chance in 10¹² among a million puzzles of a shape).
pub fn puzzle_id(geo: &Geometry, givens: &Grid) -> Option<String> {
    let key = canonical_key(geo, givens)?;
    let shape = shape_code(geo);
    let mut hash = Fnv128::new();
    hash.write(shape.as_bytes());
    hash.write(&[0]);
    for value in key {
        hash.write(&value.to_le_bytes());
    }
    Some(format!(
        "{ID_VERSION}-{shape}-{}",
        base32_80(mixed(hash.finish()))
    ))
}

/// The shape part of an ID (`classic9`, `diagonal_window9`, `classic6b3x2`, `samurai`…).
pub fn shape_code(geo: &Geometry) -> String {
    shape_code_of(geo.variant(), geo.size(), geo.box_shape())
}

/// The shape part of the ID of every puzzle of a variant, size and box shape (`None`: the
/// usual box of the size, or no boxes).
pub fn shape_code_of(
    variant: super::Variant,
    size: usize,
    boxes: Option<super::BoxShape>,
) -> String {
    if let Some(multi) = variant.multi {
        return multi.name().to_string();
    }
    let mut code = format!("{}{}", variant.name().replace(['+', '-'], "_"), size);
    if let Some(boxes) = boxes
        && Some(boxes) != super::BoxShape::default_for(size)
    {
        code.push_str(&format!("b{}x{}", boxes.rows, boxes.cols));
    }
    code
}

/// FNV-1a with 128 bits: small, stable across platforms and versions of Rust.
struct Fnv128(u128);

impl Fnv128 {
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;

    fn new() -> Fnv128 {
        Fnv128(Self::OFFSET)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u128::from(byte)).wrapping_mul(Self::PRIME);
        }
    }

    fn finish(&self) -> u128 {
        self.0
    }
}

/// FNV's last multiplications barely reach the high bits, so keys that differ near their end
/// would get IDs that differ in a few characters: both halves are mixed into each other with
/// SplitMix64's finaliser before the ID takes its 80 bits.
fn mixed(hash: u128) -> u128 {
    use crate::generate::rng::splitmix64;
    let (high, low) = ((hash >> 64) as u64, hash as u64);
    let first = splitmix64(high ^ splitmix64(low));
    let second = splitmix64(low ^ first);
    (u128::from(first) << 64) | u128::from(second)
}

/// The top 80 bits of `value` in Crockford's base 32, lower case (no i, l, o, u).
fn base32_80(value: u128) -> String {
    const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
    (0..16)
        .map(|i| char::from(ALPHABET[((value >> (123 - 5 * i)) & 31) as usize]))
        .collect()
}

/// The most cells [`canonical_key`] maps while it walks a group's moves one by one (moves ×
/// cells): 16×16 diagonal (18,432 moves) and window (165,888) are walked, 25×25 diagonal
/// (3,686,400 moves) and window are not.
pub const MAX_WALKED_CELLS: u128 = 50_000_000;

/// The canonical key of a puzzle: equal for two puzzles of one shape exactly when one is an
/// image of the other under the shape's group. `None` only for a shape whose group is too large
/// to walk and that is not a classic grid (none today).
pub fn canonical_key(geo: &Geometry, givens: &Grid) -> Option<Vec<u16>> {
    if let (true, Some(boxes)) = (geo.variant() == Variant::CLASSIC, geo.box_shape()) {
        return lines::classic_key(givens, boxes.rows, boxes.cols);
    }
    walked_key(geo, givens)
}

/// True when puzzles of the shape can have a canonical key: a classic grid (searched row by
/// row), or a shape whose group can be walked ([`MAX_WALKED_CELLS`]). A puzzle of such a shape
/// may still have none when it has almost no givens.
pub fn shape_has_ids(geo: &Geometry) -> bool {
    if let (true, Some(boxes)) = (geo.variant() == Variant::CLASSIC, geo.box_shape()) {
        return boxes.rows.min(boxes.cols) <= lines::MAX_STACK;
    }
    walkable(geo)
}

fn walkable(geo: &Geometry) -> bool {
    Group::of(geo)
        .moves()
        .saturating_mul(geo.cell_count() as u128)
        <= MAX_WALKED_CELLS
}

/// Why a puzzle has no ID, in words: its shape's group is too large to search, or (a puzzle with
/// almost no givens) it is too symmetric.
pub fn no_id_reason(geo: &Geometry) -> String {
    if shape_has_ids(geo) {
        format!(
            "no canonical ID: a {} with so few givens is too symmetric to search",
            geo.describe()
        )
    } else {
        format!(
            "no canonical ID: puzzles of the {} shape have none yet (its symmetry group, {} moves, is too large to search)",
            geo.describe(),
            Group::of(geo).moves()
        )
    }
}

/// The canonical key by walking every move of the group (`None` above [`MAX_WALKED_CELLS`]).
fn walked_key(geo: &Geometry, givens: &Grid) -> Option<Vec<u16>> {
    if !walkable(geo) {
        return None;
    }
    let group = Group::of(geo);
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

/// The parts of a shape that moves carry: per cell, its region or cage id and its cage's sum;
/// the modern kinds' marks.
struct Layout {
    regions: Option<Vec<usize>>,
    cages: Option<(Vec<usize>, Vec<u32>)>,
    marks: Option<MarkLayout>,
}

/// What an edge inside a cage without a sum adds to the edge's code (beside a dot's code).
const CAGE_EDGE: u16 = 1000;

/// The marks by place: a code per cell (even, odd, minimum, maximum), per touching pair of cells
/// (white, black, X, V) and per 2×2 (a quadruple's digits), looked up for each image.
struct MarkLayout {
    size: usize,
    cells: Vec<u16>,
    edges: std::collections::HashMap<(usize, usize), u16>,
    quads: std::collections::HashMap<usize, [u16; 5]>,
}

impl MarkLayout {
    fn of(set: &super::MarkSet) -> MarkLayout {
        use super::MarkKind;
        let size = set.size();
        let mut layout = MarkLayout {
            size,
            cells: vec![0; size * size],
            edges: std::collections::HashMap::new(),
            quads: std::collections::HashMap::new(),
        };
        for mark in set.marks() {
            let code = MarkKind::ALL
                .iter()
                .position(|&k| k == mark.kind)
                .unwrap_or(0) as u16
                + 1;
            match mark.kind.cell_count() {
                // A cage without a sum: each edge inside it is marked, which tells the cages
                // apart under any move (every cage is connected and has two or more cells).
                0 => {
                    for (a, b) in super::marks::orthogonal_pairs(size) {
                        if mark.cells.binary_search(&a).is_ok()
                            && mark.cells.binary_search(&b).is_ok()
                        {
                            *layout.edges.entry((a, b)).or_insert(0) += CAGE_EDGE;
                        }
                    }
                }
                1 => layout.cells[mark.cells[0]] = code,
                2 => {
                    *layout
                        .edges
                        .entry((mark.cells[0], mark.cells[1]))
                        .or_insert(0) += code;
                }
                _ => {
                    let mut entry = [0u16; 5];
                    entry[0] = mark.digits.len() as u16;
                    for (slot, &d) in entry[1..].iter_mut().zip(&mark.digits) {
                        *slot = u16::from(d);
                    }
                    layout.quads.insert(mark.cells[0], entry);
                }
            }
        }
        layout
    }

    /// The code of the edge between two original cells (0: none).
    fn edge(&self, a: usize, b: usize) -> u16 {
        self.edges.get(&(a.min(b), a.max(b))).copied().unwrap_or(0)
    }

    /// The entries of image cell `p`: its own mark, its right and lower edges, and the
    /// quadruple on its lower-right corner (count and digits, sorted).
    fn entries(&self, p: usize, from: &[usize]) -> [u16; 8] {
        let n = self.size;
        let (r, c) = (p / n, p % n);
        let mut entries = [0u16; 8];
        entries[0] = self.cells[from[p]];
        if c + 1 < n {
            entries[1] = self.edge(from[p], from[p + 1]);
        }
        if r + 1 < n {
            entries[2] = self.edge(from[p], from[p + n]);
        }
        if r + 1 < n && c + 1 < n {
            let corner = [from[p], from[p + 1], from[p + n], from[p + n + 1]];
            let top_left = corner.iter().copied().min().unwrap_or(0);
            if let Some(quad) = self.quads.get(&top_left) {
                entries[3..].copy_from_slice(quad);
            }
        }
        entries
    }
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
        let marks = geo.marks().map(MarkLayout::of);
        Layout {
            regions,
            cages,
            marks,
        }
    }

    /// Key entries the layout adds before the givens.
    fn len(&self) -> usize {
        let cells = |v: &Vec<usize>| v.len();
        self.regions.as_ref().map_or(0, cells)
            + self.cages.as_ref().map_or(0, |(o, _)| 2 * o.len())
            + self.marks.as_ref().map_or(0, |m| 8 * m.cells.len())
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
    if let Some(marks) = &layout.marks {
        for p in 0..from.len() {
            for value in marks.entries(p, from) {
                if !push(key, value) {
                    return false;
                }
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
    fn ids_name_the_shape_and_are_stable() {
        let made = puzzle("classic", 9, 1);
        let id = puzzle_id(&made.geometry, &made.givens).expect("an id");
        assert!(id.starts_with("v1-classic9-"), "{id}");
        assert_eq!(id.len(), "v1-classic9-".len() + 16);
        let killer = puzzle("killer", 9, 1);
        let id = puzzle_id(&killer.geometry, &killer.givens).expect("an id");
        assert!(id.starts_with("v1-killer9-"), "{id}");
        let boxes = Geometry::new(
            6,
            Variant::CLASSIC,
            Some(super::super::BoxShape { rows: 3, cols: 2 }),
            None,
        )
        .expect("3x2 boxes");
        let id = puzzle_id(&boxes, &Grid::empty(6)).expect("an id");
        assert!(id.starts_with("v1-classic6b3x2-"), "{id}");
        // The scheme is pinned: a change of key or hash must come with a new version.
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let geo = Geometry::classic(9).expect("classic");
        let givens = crate::grid::text::parse_line(line, 1, Some(9)).expect("a puzzle");
        assert_eq!(
            puzzle_id(&geo, &givens).expect("an id"),
            "v1-classic9-ppm16psera9amgza"
        );
    }

    #[test]
    fn ids_of_near_hashes_differ_throughout() {
        // FNV leaves the last bytes of a key in its low bits: the mixing spreads them over the
        // 80 bits an ID shows.
        for low in [1u128, 2, 0x100, 1 << 40] {
            let hash = Fnv128::OFFSET.wrapping_mul(Fnv128::PRIME);
            let (a, b) = (base32_80(mixed(hash)), base32_80(mixed(hash ^ low)));
            let differing = a.chars().zip(b.chars()).filter(|(x, y)| x != y).count();
            assert!(differing >= 10, "{a} {b}");
        }
    }

    #[test]
    fn a_grid_too_sparse_to_search_has_no_key_and_fails_fast() {
        let geo = Geometry::classic(25).expect("classic");
        assert_eq!(canonical_key(&geo, &Grid::empty(25)), None);
    }

    #[test]
    fn large_groups_are_not_walked() {
        let geo = Geometry::classic(9).expect("classic");
        assert_eq!(walked_key(&geo, &Grid::empty(9)), None);
    }

    #[test]
    fn the_row_search_finds_the_walks_key_on_classic_grids() {
        // 4×4 (square boxes: transposition) and 6×6 (2×3 boxes) are small enough to walk: the
        // pruned search must give exactly the walk's least image, on puzzles and on sparse and
        // empty grids (many ties).
        for size in [4, 6] {
            let geo = Geometry::classic(size).expect("classic");
            let mut rng = TestRng::new(size as u64);
            for seed in 0..30 {
                let made = puzzle("classic", size, seed);
                let mut sparse = made.givens.clone();
                for cell in 0..sparse.cells().len() {
                    if rng.below(3) > 0 {
                        sparse.set(cell, 0);
                    }
                }
                for givens in [&made.givens, &made.solution, &sparse] {
                    assert_eq!(
                        canonical_key(&geo, givens),
                        walked_key(&geo, givens),
                        "{size}x{size} seed {seed}: {:?}",
                        givens.cells()
                    );
                }
            }
            let empty = Grid::empty(size);
            assert_eq!(canonical_key(&geo, &empty), walked_key(&geo, &empty));
        }
    }

    #[test]
    fn every_image_of_a_nine_by_nine_puzzle_has_its_key() {
        let geo = Geometry::classic(9).expect("classic");
        let group = Group::of(&geo);
        let mut rng = TestRng::new(3);
        for seed in 0..4 {
            let made = puzzle("classic", 9, seed);
            let key = canonical_key(&geo, &made.givens).expect("a key");
            for _ in 0..25 {
                let chosen = group.random_move(&mut |k| rng.below(k));
                assert_eq!(
                    canonical_key(&geo, &chosen.apply(&made.givens)),
                    Some(key.clone())
                );
            }
            let other = puzzle("classic", 9, seed + 100);
            assert_ne!(canonical_key(&geo, &other.givens), Some(key));
        }
    }

    /// An easy 25×25 classic (puzzle 9 of `generate --size 25 --difficulty easy --seed 1 --count 12`),
    /// one whose images gave up in four of twenty before.
    const EASY_25: &str = include_str!("../../../../tests/fixtures/easy-25x25.txt");

    #[test]
    fn every_image_of_an_easy_twenty_five_by_twenty_five_puzzle_has_its_key() {
        // Ties with rows later beaten used to pile up by the order the rows came in, and about
        // one image in fifteen gave up as "too symmetric" where the original did not.
        let geo = Geometry::classic(25).expect("classic");
        let givens = crate::grid::text::parse_line(EASY_25.trim(), 1, Some(25)).expect("a puzzle");
        let key = canonical_key(&geo, &givens).expect("a key");
        let group = Group::of(&geo);
        let mut rng = TestRng::new(25);
        for image in 0..45 {
            let chosen = group.random_move(&mut |k| rng.below(k));
            assert_eq!(
                canonical_key(&geo, &chosen.apply(&givens)).as_ref(),
                Some(&key),
                "image {image}"
            );
        }
    }
}
