//! The pruned search for the canonical key of a classic grid (rows, columns and `r×c` boxes),
//! whose group is too large to walk (9×9: 3,359,232 moves). The key is the same as the walk's:
//! the image's cells row by row, relabelled by first appearance, least over the group. It is
//! built one row at a time, keeping every partial arrangement whose rows so far tie with the
//! least: each keeps its transposition, stack order, the source band of each target band, the
//! source rows used, the column orders still allowed inside each stack (a bit set over the `c!`
//! orders) and the labels given so far. In a row, how many new digits fall in each stack does not
//! depend on the order inside stacks, so each stack's least entries are found on their own, and
//! an arrangement stops at the first stack above the best row so far. When many arrangements
//! survive a row (sparse or very symmetric grids), those that reached the same state are merged.

use super::super::Grid;

/// The most columns in a stack the search handles (`c! ≤ 120` orders fit a `u128`); a grid
/// whose boxes are wider is searched transposed.
pub const MAX_STACK: usize = 5;

/// The most stacks or bands (25×25 with boxes one cell wide).
const MAX_LINES: usize = 25;

/// Surviving arrangements above which equal ones are merged.
const MERGE_ABOVE: usize = 64;

/// Arrangements tied after merging above which the search gives up: only grids with almost no
/// givens get there (an empty 25×25 would need minutes and gigabytes); a puzzle with one solution
/// stays far below.
const MAX_STATES: usize = 20_000;

/// The canonical key of `givens` on an `n×n` grid with `rows × cols` boxes, or `None` when
/// neither side of a box is at most [`MAX_STACK`] or the grid is too sparse to search
/// ([`MAX_STATES`]).
pub fn classic_key(givens: &Grid, rows: usize, cols: usize) -> Option<Vec<u16>> {
    let n = givens.size();
    let cells = givens.cells();
    if cols <= MAX_STACK {
        return Search::new(n, rows, cols, cells).run();
    }
    if rows <= MAX_STACK {
        // The transposed grid has `cols × rows` boxes; transposing maps one group onto the
        // other, so its key is a key of the puzzle.
        let turned: Vec<u8> = (0..n * n).map(|i| cells[(i % n) * n + i / n]).collect();
        return Search::new(n, cols, rows, &turned).run();
    }
    None
}

/// One partial arrangement.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    transposed: bool,
    /// Source stack of each target stack.
    stacks: [u8; MAX_LINES],
    /// Source band of each target band opened so far.
    bands: [u8; MAX_LINES],
    /// Source rows used (bit per row).
    used: u32,
    /// Column orders still allowed inside each target stack (bit per order).
    allowed: [u128; MAX_LINES],
    /// Label of each digit (0: none yet), and the next label.
    labels: [u8; MAX_LINES + 1],
    next: u8,
}

/// The least entries of one stack of a row, packed (first entry highest), and the ways to get
/// them: the allowed orders that do, grouped by the digits they label, in order (packed).
#[derive(Default)]
struct StackBest {
    entries: u64,
    fresh_count: u8,
    ways: Vec<(u128, u64)>,
}

struct Search {
    n: usize,
    rows: usize,
    cols: usize,
    stacks: usize,
    /// The grid as given and transposed (only when boxes are square).
    grids: Vec<Vec<u8>>,
    /// Every order of `cols` columns.
    orders: Vec<Vec<u8>>,
}

impl Search {
    fn new(n: usize, rows: usize, cols: usize, cells: &[u8]) -> Search {
        let mut grids = vec![cells.to_vec()];
        if rows == cols {
            grids.push((0..n * n).map(|i| cells[(i % n) * n + i / n]).collect());
        }
        Search {
            n,
            rows,
            cols,
            stacks: n / cols,
            grids,
            orders: permutations(cols),
        }
    }

    fn run(&self) -> Option<Vec<u16>> {
        let mut states = self.starts();
        let mut next = Vec::new();
        let mut key = Vec::with_capacity(self.n * self.n);
        let mut stack_bests: Vec<StackBest> =
            (0..self.stacks).map(|_| StackBest::default()).collect();
        for level in 0..self.n {
            let best = self.level(level, &states, &mut next, &mut stack_bests)?;
            for packed in best {
                for i in (0..self.cols).rev() {
                    key.push(((packed >> (8 * i)) & 0xff) as u16);
                }
            }
            std::mem::swap(&mut states, &mut next);
            if states.len() > MERGE_ABOVE {
                states.sort_unstable();
                states.dedup();
            }
            if states.len() > MAX_STATES {
                return None;
            }
        }
        Some(key)
    }

    /// Every transposition and stack order, nothing placed.
    fn starts(&self) -> Vec<State> {
        let all = if self.orders.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.orders.len()) - 1
        };
        let mut starts = Vec::new();
        for transposed in 0..self.grids.len() {
            for order in permutations(self.stacks) {
                let mut state = State {
                    transposed: transposed == 1,
                    stacks: [0; MAX_LINES],
                    bands: [0; MAX_LINES],
                    used: 0,
                    allowed: [0; MAX_LINES],
                    labels: [0; MAX_LINES + 1],
                    next: 1,
                };
                state.stacks[..self.stacks].copy_from_slice(&order);
                state.allowed[..self.stacks].fill(all);
                starts.push(state);
            }
        }
        starts
    }

    /// The least row `level` of the image (per stack, packed) over every state and eligible
    /// source row; `next` gets the states that reach it. `None` past [`MAX_STATES`].
    fn level(
        &self,
        level: usize,
        states: &[State],
        next: &mut Vec<State>,
        scratch: &mut [StackBest],
    ) -> Option<Vec<u64>> {
        next.clear();
        let mut best: Option<Vec<u64>> = None;
        for (state, source) in self.candidates(level, states) {
            let Some(below) = self.place(state, source, best.as_deref(), scratch) else {
                continue;
            };
            if below {
                best = Some(scratch.iter().map(|s| s.entries).collect());
                next.clear();
            }
            self.children(state, level, source, scratch, next);
            if next.len() > 4 * MAX_STATES {
                // Ties with rows later found above the least pile up here, more or fewer by
                // the order the rows come in: find the least row first, then keep only its
                // ties, so whether a puzzle gets its key never depends on how it was turned or
                // relabelled.
                return self.level_in_two_passes(level, states, next, scratch);
            }
        }
        Some(best.unwrap_or_default())
    }

    /// [`Search::level`] in two passes: the least row over every state and source row, then the
    /// states that tie it; `None` when more than [`MAX_STATES`] different ones do.
    fn level_in_two_passes(
        &self,
        level: usize,
        states: &[State],
        next: &mut Vec<State>,
        scratch: &mut [StackBest],
    ) -> Option<Vec<u64>> {
        let mut best: Option<Vec<u64>> = None;
        for (state, source) in self.candidates(level, states) {
            if let Some(true) = self.place(state, source, best.as_deref(), scratch) {
                best = Some(scratch.iter().map(|s| s.entries).collect());
            }
        }
        let best = best.unwrap_or_default();
        next.clear();
        for (state, source) in self.candidates(level, states) {
            if self.place(state, source, Some(&best), scratch) == Some(false) {
                self.children(state, level, source, scratch, next);
                if next.len() > 4 * MAX_STATES {
                    next.sort_unstable();
                    next.dedup();
                    if next.len() > MAX_STATES {
                        return None;
                    }
                }
            }
        }
        Some(best)
    }

    /// Every state with every source row that may become row `level` for it.
    fn candidates<'s>(
        &'s self,
        level: usize,
        states: &'s [State],
    ) -> impl Iterator<Item = (&'s State, usize)> + 's {
        states.iter().flat_map(move |state| {
            let (first, last) = self.source_range(level, state);
            (first..last)
                .filter(move |&source| {
                    state.used & (1 << source) == 0
                        && !(level.is_multiple_of(self.rows)
                            && self.band_taken(level, state, source / self.rows))
                })
                .map(move |source| (state, source))
        })
    }

    /// The source rows that may become row `level`: any row when it opens a band (a band
    /// already used is skipped by the caller), else the rows of the band it opened.
    fn source_range(&self, level: usize, state: &State) -> (usize, usize) {
        if level.is_multiple_of(self.rows) {
            (0, self.n)
        } else {
            let band = usize::from(state.bands[level / self.rows]);
            (band * self.rows, (band + 1) * self.rows)
        }
    }

    /// True when source band `band` was opened before target band `level / rows`.
    fn band_taken(&self, level: usize, state: &State, band: usize) -> bool {
        state.bands[..level / self.rows]
            .iter()
            .any(|&b| usize::from(b) == band)
    }

    /// Finds the least entries of source row `source` in each stack into `scratch`: `None` when
    /// the row is above `best`, else whether it is below it (or there is none).
    fn place(
        &self,
        state: &State,
        source: usize,
        best: Option<&[u64]>,
        scratch: &mut [StackBest],
    ) -> Option<bool> {
        let grid = &self.grids[usize::from(state.transposed)];
        let line = &grid[source * self.n..(source + 1) * self.n];
        let mut below = best.is_none();
        let mut next_label = state.next;
        for target in 0..self.stacks {
            let stack = usize::from(state.stacks[target]);
            let columns = &line[stack * self.cols..(stack + 1) * self.cols];
            let found = &mut scratch[target];
            self.least_in_stack(
                columns,
                state.allowed[target],
                &state.labels,
                next_label,
                found,
            );
            if !below && let Some(best) = best {
                match found.entries.cmp(&best[target]) {
                    std::cmp::Ordering::Greater => return None,
                    std::cmp::Ordering::Less => below = true,
                    std::cmp::Ordering::Equal => {}
                }
            }
            next_label += found.fresh_count;
        }
        Some(below)
    }

    /// The least entries of one stack of a row under the allowed column orders, and the ways to
    /// get them.
    fn least_in_stack(
        &self,
        columns: &[u8],
        allowed: u128,
        labels: &[u8],
        next: u8,
        found: &mut StackBest,
    ) {
        found.entries = u64::MAX;
        found.ways.clear();
        let mut rest = allowed;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (mut entries, mut fresh, mut count) = (0u64, 0u64, 0u8);
            for &column in &self.orders[index] {
                let digit = columns[usize::from(column)];
                let value = match digit {
                    0 => 0,
                    d if labels[usize::from(d)] != 0 => labels[usize::from(d)],
                    d => match (0..count).find(|&at| (fresh >> (8 * at)) & 0xff == u64::from(d)) {
                        // A digit twice in a row (givens that break it) keeps one label.
                        Some(at) => next + at,
                        None => {
                            fresh |= u64::from(d) << (8 * count);
                            count += 1;
                            next + count - 1
                        }
                    },
                };
                entries = (entries << 8) | u64::from(value);
            }
            if entries > found.entries {
                continue;
            }
            if entries < found.entries {
                found.entries = entries;
                found.fresh_count = count;
                found.ways.clear();
            }
            match found.ways.iter_mut().find(|(_, digits)| *digits == fresh) {
                Some((orders, _)) => *orders |= 1u128 << index,
                None => found.ways.push((1u128 << index, fresh)),
            }
        }
    }

    /// Adds to `next` the states after placing a row: one per choice of a way in each stack.
    fn children(
        &self,
        state: &State,
        level: usize,
        source: usize,
        ways: &[StackBest],
        next: &mut Vec<State>,
    ) {
        let mut base = state.clone();
        base.used |= 1 << source;
        if level.is_multiple_of(self.rows) {
            base.bands[level / self.rows] = (source / self.rows) as u8;
        }
        let start = next.len();
        next.push(base);
        for (target, found) in ways.iter().enumerate() {
            let end = next.len();
            for partial in start..end {
                let last = found.ways.len() - 1;
                for (choice, &(orders, fresh)) in found.ways.iter().enumerate() {
                    let labelled = |child: &mut State| {
                        child.allowed[target] = orders;
                        for at in 0..found.fresh_count {
                            let digit = ((fresh >> (8 * at)) & 0xff) as usize;
                            child.labels[digit] = child.next;
                            child.next += 1;
                        }
                    };
                    if choice < last {
                        let mut child = next[partial].clone();
                        labelled(&mut child);
                        next.push(child);
                    } else {
                        labelled(&mut next[partial]);
                    }
                }
            }
        }
    }
}

/// Every order of `0..k`, in lexicographic order (the identity first).
fn permutations(k: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for item in 0..k as u8 {
        let mut grown = Vec::new();
        for order in &all {
            for at in 0..=order.len() {
                let mut longer = order.clone();
                longer.insert(at, item);
                grown.push(longer);
            }
        }
        all = grown;
    }
    all.sort();
    all
}
