//! The search over one geometry's [`Tables`]: digit boards (for every digit the set of cells that
//! still allow it), singles and locked candidates by word operations, and depth-first search.

use super::Count;
use super::tables::{
    Bits, Shared, Tables, and, and_not, count, first, for_each, has, meets_in, shared_in,
};

/// How much more a peer with two candidates counts than another peer when choosing the branch
/// cell (measured on 16×16: 16 cuts the worst search about fivefold against first-found).
const BIVALUE_PEER_WEIGHT: u32 = 16;

/// One search node. A placed cell keeps only its digit's bit; an open cell has the bits of its
/// candidates.
#[derive(Clone, Copy)]
pub(super) struct State<const W: usize, const D: usize> {
    /// For every digit, the cells that allow it (placed cells included).
    boards: [Bits<W>; D],
    /// For every digit, the houses where it is not placed yet.
    open: [u128; D],
    /// The cells with no digit placed.
    unsolved: Bits<W>,
}

/// Where digit boards changed since they were last checked: for every digit, the houses to
/// check again for hidden singles and for locked candidates, and the digits with any.
#[derive(Clone, Copy)]
struct Pending<const D: usize> {
    hidden: [u128; D],
    locks: [u128; D],
    hidden_digits: u32,
    lock_digits: u32,
}

impl<const D: usize> Default for Pending<D> {
    fn default() -> Self {
        Pending {
            hidden: [0; D],
            locks: [0; D],
            hidden_digits: 0,
            lock_digits: 0,
        }
    }
}

impl<const D: usize> Pending<D> {
    /// Every house of every digit of a grid of `size` pending.
    fn all(size: usize, houses: u128) -> Pending<D> {
        let digits = if size >= 32 {
            u32::MAX
        } else {
            (1 << size) - 1
        };
        Pending {
            hidden: [houses; D],
            locks: [houses; D],
            hidden_digits: digits,
            lock_digits: digits,
        }
    }

    /// Empties the buffer: only entries of flagged digits can be non-zero.
    fn clear(&mut self) {
        for digits in [self.hidden_digits, self.lock_digits] {
            let mut digits = digits;
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                self.hidden[digit] = 0;
                self.locks[digit] = 0;
            }
        }
        self.hidden_digits = 0;
        self.lock_digits = 0;
    }

    /// Marks `houses` of `digit` as changed.
    fn touch(&mut self, digit: usize, houses: u128) {
        self.hidden[digit] |= houses;
        self.locks[digit] |= houses;
        self.hidden_digits |= 1 << digit;
        self.lock_digits |= 1 << digit;
    }

    /// Marks the houses of the `cells` removed from `digit`'s board as changed.
    fn touch_cells<const W: usize>(&mut self, t: &Tables<W>, digit: usize, cells: &Bits<W>) {
        let mut houses = 0;
        for_each(cells, |cell| houses |= t.cell_houses[cell]);
        if houses != 0 {
            self.touch(digit, houses);
        }
    }

    /// Places `digit` in the open `cell` (which allows it): clears the cell from the other
    /// boards and the digit from the peers, marking the houses changed.
    fn place<const W: usize>(
        &mut self,
        t: &Tables<W>,
        state: &mut State<W, D>,
        digit: usize,
        cell: usize,
    ) {
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let houses = t.cell_houses[cell];
        let mut had = 0u32;
        for (other, board) in state.boards[..t.size].iter_mut().enumerate() {
            had |= u32::from(board[word] & bit != 0) << other;
            board[word] &= !bit;
        }
        state.boards[digit][word] |= bit;
        had &= !(1 << digit);
        while had != 0 {
            self.touch(had.trailing_zeros() as usize, houses);
            had &= had - 1;
        }
        let board = &mut state.boards[digit];
        let removed = and(board, &t.peer[cell]);
        *board = and_not(board, &removed);
        state.unsolved[word] &= !bit;
        state.open[digit] &= !houses;
        self.touch_cells(t, digit, &removed);
    }
}

/// What a search node branches on.
enum Branch {
    /// Each candidate of one cell.
    Cell(usize),
    /// Each place left for a digit in one house.
    Places { house: usize, digit: usize },
}

/// Search bookkeeping for one call.
pub(super) struct Search<'a, const W: usize, const D: usize> {
    tables: &'a Tables<W>,
    limit: usize,
    keep: usize,
    pub result: Count,
    levels: Vec<State<W, D>>,
    /// The pending changes buffer, reused by every node (taken while in use).
    spare: Option<Box<Pending<D>>>,
    order: Option<&'a mut dyn FnMut(u32) -> u32>,
    /// A grid whose digits are tried first (a known solution, when looking for another: the
    /// other mostly agrees with it, so it is found sooner; a search that finds none visits
    /// the same nodes in any order).
    prefer: Option<&'a [u8]>,
    node_cap: u64,
    use_locks: bool,
}

impl<'a, const W: usize, const D: usize> Search<'a, W, D> {
    pub fn new(
        tables: &'a Tables<W>,
        limit: usize,
        keep: usize,
        order: Option<&'a mut dyn FnMut(u32) -> u32>,
        node_cap: u64,
    ) -> Search<'a, W, D> {
        debug_assert!(
            tables.size <= D,
            "{} digits in a state for {D}",
            tables.size
        );
        Search {
            tables,
            limit,
            keep,
            result: Count::default(),
            levels: Vec::new(),
            spare: None,
            order,
            prefer: None,
            node_cap,
            use_locks: tables.use_locks,
        }
    }

    /// Counts (or fills) from the givens: places them, propagates, and searches.
    pub fn run(&mut self, givens: &[u8]) {
        if self.limit == 0 {
            return;
        }
        let Some(mut root) = self.root(givens) else {
            return;
        };
        if self.propagate(
            &mut root,
            &mut Pending::all(self.tables.size, self.tables.all_houses),
        ) {
            self.levels.push(root);
            self.descend(0);
        }
    }

    /// Looks for a solution other than `solution` (stopping at the first), on the promise that
    /// the givens had only that one before the cells `emptied` were cleared: any other differs
    /// from it in one of them. The givens are propagated once; then for each emptied cell in
    /// turn, one search with that cell's digit excluded, after which the cell is fixed to its
    /// digit for the next ones. A cell outside the grid, or one left without its digit, breaks
    /// the promise: it counts as found.
    pub fn run_other_than(&mut self, givens: &[u8], solution: &'a [u8], emptied: &[usize]) {
        let t = self.tables;
        if solution.len() == t.cells {
            self.prefer = Some(solution);
        }
        // Locked candidates cost more than they save on grids below 12 here: the searches
        // take a few nodes, and most of the cost is the first full pass.
        self.use_locks &= t.size >= 12;
        let Some(mut root) = self.root(givens) else {
            return;
        };
        if !self.propagate(&mut root, &mut Pending::all(t.size, t.all_houses)) {
            return;
        }
        for &cell in emptied {
            let digit = solution
                .get(cell)
                .map_or(0, |&v| usize::from(v))
                .wrapping_sub(1);
            if cell >= t.cells || digit >= t.size || !has(&root.boards[digit], cell) {
                self.result.count += 1;
                return;
            }
            if !has(&root.unsolved, cell) {
                // Propagation placed the digit: no solution differs here.
                continue;
            }
            let mut child = root;
            child.boards[digit][cell / 64] &= !(1u64 << (cell % 64));
            let mut pending = Pending::default();
            pending.touch(digit, t.cell_houses[cell]);
            if self.propagate(&mut child, &mut pending) {
                self.levels.clear();
                self.levels.push(child);
                self.descend(0);
            }
            if self.done() {
                return;
            }
            let mut pending = Pending::default();
            pending.place(t, &mut root, digit, cell);
            if !self.propagate(&mut root, &mut pending) {
                return;
            }
        }
    }

    /// True when naked and hidden singles alone (no locks, no guessing) fill the grid.
    pub fn singles_fill(&mut self, givens: &[u8]) -> bool {
        self.singles_fill_cells(givens, &self.tables.all_cells)
    }

    /// True when naked and hidden singles alone (no locks, no guessing) fill the cells
    /// `wanted`; they stop as soon as they have.
    pub fn singles_fill_cells(&mut self, givens: &[u8], wanted: &Bits<W>) -> bool {
        self.use_locks = false;
        let Some(mut root) = self.root(givens) else {
            return false;
        };
        let filled = |state: &State<W, D>| and(&state.unsolved, wanted).iter().all(|&w| w == 0);
        let mut pending = Pending::all(self.tables.size, self.tables.all_houses);
        self.propagate_until(&mut root, &mut pending, filled) && filled(&root)
    }

    /// The state with the givens placed (not propagated), `None` when they clash, are out of
    /// range or the length is wrong.
    fn root(&self, givens: &[u8]) -> Option<State<W, D>> {
        let t = self.tables;
        if givens.len() != t.cells {
            return None;
        }
        // Per digit: its given cells, their peers and their houses, in one pass.
        let mut given = [[0u64; W]; D];
        let mut seen = [[0u64; W]; D];
        let mut houses = [0u128; D];
        let mut filled = [0u64; W];
        for (cell, &value) in givens.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let digit = value as usize - 1;
            if digit >= t.size {
                return None;
            }
            let (word, bit) = (cell / 64, 1u64 << (cell % 64));
            given[digit][word] |= bit;
            filled[word] |= bit;
            houses[digit] |= t.cell_houses[cell];
            for (seen, peer) in seen[digit].iter_mut().zip(&t.peer[cell]) {
                *seen |= peer;
            }
        }
        let mut state = State {
            boards: [[0; W]; D],
            open: [0; D],
            unsolved: and_not(&t.all_cells, &filled),
        };
        for digit in 0..t.size {
            // Two givens of one digit that see each other clash.
            if and(&given[digit], &seen[digit]).iter().any(|&w| w != 0) {
                return None;
            }
            // Open cells where no given of the digit is seen, and the digit's own givens: what
            // placing the givens one by one leaves.
            let free = and_not(&state.unsolved, &seen[digit]);
            state.boards[digit] = std::array::from_fn(|w| free[w] | given[digit][w]);
            state.open[digit] = t.all_houses & !houses[digit];
        }
        Some(state)
    }

    /// Applies singles (and locked candidates when enabled) until nothing changes. False on a
    /// contradiction. Kept out of line so the recursive search's frames stay small.
    #[inline(never)]
    fn propagate(&self, state: &mut State<W, D>, pending: &mut Pending<D>) -> bool {
        self.propagate_until(state, pending, |_| false)
    }

    /// [`Search::propagate`], stopping early (true) once `enough` holds after a round of
    /// singles.
    #[inline(always)]
    fn propagate_until(
        &self,
        state: &mut State<W, D>,
        pending: &mut Pending<D>,
        enough: impl Fn(&State<W, D>) -> bool,
    ) -> bool {
        loop {
            match self.naked_singles(state, pending) {
                None => return false,
                Some(true) if enough(state) => return true,
                Some(true) => continue,
                Some(false) => {}
            }
            if pending.hidden_digits != 0 {
                if !self.hidden_singles(state, pending) {
                    return false;
                }
                if enough(state) {
                    return true;
                }
                continue;
            }
            if !self.use_locks || pending.lock_digits == 0 {
                return true;
            }
            if !self.locked_candidates(state, pending) {
                return true;
            }
        }
    }

    /// Places every digit that has one place left in a changed open house. False when a digit
    /// has no place left in an open house.
    fn hidden_singles(&self, state: &mut State<W, D>, pending: &mut Pending<D>) -> bool {
        let t = self.tables;
        while pending.hidden_digits != 0 {
            let digit = pending.hidden_digits.trailing_zeros() as usize;
            pending.hidden_digits &= pending.hidden_digits - 1;
            let mut houses = std::mem::take(&mut pending.hidden[digit]) & state.open[digit];
            while houses != 0 {
                let house = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                if state.open[digit] >> house & 1 == 0 {
                    continue;
                }
                let (board, cells, span) =
                    (&state.boards[digit], &t.house[house], &t.house_span[house]);
                match shared_in(board, cells, span) {
                    Shared::None => return false,
                    Shared::One(cell) => pending.place(t, state, digit, cell),
                    Shared::Many => {}
                }
            }
        }
        true
    }

    /// Places every open cell with one candidate left. `None` when an open cell has none,
    /// else whether anything was placed.
    fn naked_singles(&self, state: &mut State<W, D>, pending: &mut Pending<D>) -> Option<bool> {
        let t = self.tables;
        let (mut once, mut twice) = ([0u64; W], [0u64; W]);
        for board in &state.boards[..t.size] {
            for w in 0..W {
                twice[w] |= once[w] & board[w];
                once[w] |= board[w];
            }
        }
        if and_not(&state.unsolved, &once).iter().any(|&w| w != 0) {
            return None;
        }
        let singles = and_not(&and(&state.unsolved, &once), &twice);
        if singles.iter().all(|&w| w == 0) {
            return Some(false);
        }
        let mut ok = true;
        for_each(&singles, |cell| {
            if !ok || !has(&state.unsolved, cell) {
                return;
            }
            match (0..t.size).find(|&d| has(&state.boards[d], cell)) {
                Some(digit) => pending.place(t, state, digit, cell),
                None => ok = false,
            }
        });
        ok.then_some(true)
    }

    /// Pointing and claiming in the changed open houses: a digit confined to one segment of a
    /// group leaves the rest of the segment's other house. True when a candidate was removed.
    fn locked_candidates(&self, state: &mut State<W, D>, pending: &mut Pending<D>) -> bool {
        let t = self.tables;
        let mut changed = false;
        while pending.lock_digits != 0 {
            let digit = pending.lock_digits.trailing_zeros() as usize;
            pending.lock_digits &= pending.lock_digits - 1;
            let mut houses = std::mem::take(&mut pending.locks[digit]) & state.open[digit];
            while houses != 0 {
                let house = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                for group in &t.groups[t.house_groups[house].clone()] {
                    let board = &state.boards[digit];
                    let members = &t.members[group.start..group.end];
                    let holding = members
                        .iter()
                        .find(|m| meets_in(board, &m.segment, &m.segment_span));
                    let Some(only) = holding else {
                        continue;
                    };
                    if meets_in(board, &only.rest, &group.span) {
                        continue;
                    }
                    let removed = and(board, &only.eliminate);
                    if removed.iter().any(|&w| w != 0) {
                        let board = &mut state.boards[digit];
                        *board = and_not(board, &removed);
                        pending.touch_cells(t, digit, &removed);
                        changed = true;
                    }
                }
            }
        }
        changed
    }

    /// The candidates of a cell, as a digit mask.
    fn candidates(&self, state: &State<W, D>, cell: usize) -> u32 {
        (0..self.tables.size)
            .filter(|&d| has(&state.boards[d], cell))
            .fold(0, |acc, d| acc | 1 << d)
    }

    /// For open cells: those with at least one, two and three candidates.
    fn candidate_layers(&self, state: &State<W, D>) -> [Bits<W>; 3] {
        let (mut one, mut two, mut three) = ([0u64; W], [0u64; W], [0u64; W]);
        for board in &state.boards[..self.tables.size] {
            for w in 0..W {
                let b = board[w] & state.unsolved[w];
                three[w] |= two[w] & b;
                two[w] |= one[w] & b;
                one[w] |= b;
            }
        }
        [one, two, three]
    }

    /// The first open cell with the fewest candidates (`two` holds the cells with exactly
    /// two), or `None` when the grid is full.
    fn pick_cell(&self, state: &State<W, D>, two: &Bits<W>) -> Option<usize> {
        if let Some(cell) = first(two) {
            return Some(cell);
        }
        let more = self.candidate_counts(state);
        // No cell has more than `size` candidates: `more[size]` (past the array when the grid
        // has `D` digits) is empty.
        let none = [0u64; W];
        let exactly = |k: usize| match k {
            0 => and_not(&state.unsolved, &more[0]),
            _ => and_not(&more[k - 1], more.get(k).unwrap_or(&none)),
        };
        (0..=self.tables.size).find_map(|k| first(&exactly(k)))
    }

    /// `more[k]`: the open cells with more than `k` candidates (`k < D`), counted for all cells
    /// at once (bit-sliced: each board lifts the cells it holds by one layer).
    fn candidate_counts(&self, state: &State<W, D>) -> [Bits<W>; D] {
        let size = self.tables.size;
        let mut more = [[0u64; W]; D];
        for board in &state.boards[..size] {
            for w in 0..W {
                let b = board[w] & state.unsolved[w];
                for k in (1..size).rev() {
                    more[k][w] |= more[k - 1][w] & b;
                }
                more[0][w] |= b;
            }
        }
        more
    }

    /// A house and digit with exactly two places left, if any (houses in order, then digits).
    fn pick_house_pair(&self, state: &State<W, D>) -> Option<(usize, usize)> {
        let t = self.tables;
        (0..t.house.len()).find_map(|house| {
            (0..t.size)
                .find(|&d| {
                    house < 128
                        && state.open[d] >> house & 1 != 0
                        && count(&and(&state.boards[d], &t.house[house])) == 2
                })
                .map(|digit| (house, digit))
        })
    }

    /// Chooses what to branch on: the best-connected cell with two candidates (see
    /// [`Search::pick_bivalue`]), else a digit with two places in a house, else the cell with
    /// the fewest candidates. Random fills keep the plain first-fewest-candidates cell, so a
    /// fill depends only on its digit order.
    fn pick_branch(&self, state: &State<W, D>) -> Option<Branch> {
        if state.unsolved.iter().all(|&w| w == 0) {
            return None;
        }
        let [_, two, three] = self.candidate_layers(state);
        let bivalue = and_not(&two, &three);
        if self.order.is_some() {
            return self.pick_cell(state, &bivalue).map(Branch::Cell);
        }
        if let Some(cell) = self.pick_bivalue(state, &bivalue) {
            return Some(Branch::Cell(cell));
        }
        if let Some((house, digit)) = self.pick_house_pair(state) {
            return Some(Branch::Places { house, digit });
        }
        self.pick_cell(state, &bivalue).map(Branch::Cell)
    }

    /// The cell with two candidates whose placement reaches furthest: scored by its open peers
    /// that share a candidate with it, a peer with two candidates counting
    /// [`BIVALUE_PEER_WEIGHT`] more (either choice may force it, and so on along the chain).
    fn pick_bivalue(&self, state: &State<W, D>, bivalue: &Bits<W>) -> Option<usize> {
        let t = self.tables;
        let mut best = None;
        let mut best_score = 0;
        for_each(bivalue, |cell| {
            let cand = self.candidates(state, cell);
            let (a, b) = (
                cand.trailing_zeros() as usize,
                31 - cand.leading_zeros() as usize,
            );
            let sharing: Bits<W> = std::array::from_fn(|w| {
                (state.boards[a][w] | state.boards[b][w]) & t.peer[cell][w] & state.unsolved[w]
            });
            let score = count(&sharing) + BIVALUE_PEER_WEIGHT * count(&and(&sharing, bivalue));
            if best.is_none() || score > best_score {
                best = Some(cell);
                best_score = score;
            }
        });
        best
    }

    /// True once the search must stop: enough solutions, or the node cap reached.
    fn done(&self) -> bool {
        self.result.count >= self.limit || self.result.nodes >= self.node_cap
    }

    fn descend(&mut self, depth: usize) {
        if self.result.nodes >= self.node_cap {
            return;
        }
        self.result.nodes += 1;
        match self.pick_branch(&self.levels[depth]) {
            None => self.record(depth),
            Some(Branch::Cell(cell)) => {
                let mut remaining = self.candidates(&self.levels[depth], cell);
                let preferred = self.preferred_digit(cell) & remaining;
                if preferred != 0 && !self.done() {
                    remaining &= !preferred;
                    self.try_child(depth, cell, preferred.trailing_zeros() as usize);
                }
                while remaining != 0 && !self.done() {
                    let picked = self.next_bit(remaining) & remaining;
                    if picked == 0 {
                        break;
                    }
                    let bit = picked & picked.wrapping_neg();
                    remaining &= !bit;
                    self.try_child(depth, cell, bit.trailing_zeros() as usize);
                }
            }
            Some(Branch::Places { house, digit }) => {
                let places = and(&self.levels[depth].boards[digit], &self.tables.house[house]);
                let mut cells = [0u16; D];
                let mut n = 0;
                for_each(&places, |cell| {
                    if n < D {
                        cells[n] = cell as u16;
                        n += 1;
                    }
                });
                if let Some(first) =
                    (0..n).find(|&k| self.preferred_digit(usize::from(cells[k])) == 1 << digit)
                {
                    cells[..=first].rotate_right(1);
                }
                for &cell in &cells[..n] {
                    if self.done() {
                        break;
                    }
                    self.try_child(depth, cell as usize, digit);
                }
            }
        }
    }

    /// Copies the state at `depth`, places `digit` in `cell`, propagates, and searches below.
    /// The child is built in place in `levels` (states are large; deep searches must not keep
    /// them on the stack).
    fn try_child(&mut self, depth: usize, cell: usize, digit: usize) {
        if self.levels.len() <= depth + 1 {
            self.levels.extend_from_within(depth..=depth);
        } else {
            self.levels.copy_within(depth..=depth, depth + 1);
        }
        let mut levels = std::mem::take(&mut self.levels);
        let child = &mut levels[depth + 1];
        let mut pending = self.spare.take().unwrap_or_default();
        pending.clear();
        pending.place(self.tables, child, digit, cell);
        let ok = self.propagate(child, &mut pending);
        self.spare = Some(pending);
        self.levels = levels;
        if ok {
            self.descend(depth + 1);
        }
    }

    /// The digit of `cell` in the preferred grid, as a mask (0 without one).
    fn preferred_digit(&self, cell: usize) -> u32 {
        self.prefer
            .and_then(|grid| grid.get(cell))
            .and_then(|&v| 1u32.checked_shl(u32::from(v)))
            .map_or(0, |b| b >> 1)
    }

    fn next_bit(&mut self, remaining: u32) -> u32 {
        match self.order.as_mut() {
            Some(order) => order(remaining),
            None => remaining & remaining.wrapping_neg(),
        }
    }

    fn record(&mut self, depth: usize) {
        self.result.count += 1;
        if self.result.solutions.len() < self.keep {
            let state = &self.levels[depth];
            let mut values = vec![0u8; self.tables.cells];
            for digit in 0..self.tables.size {
                for_each(&state.boards[digit], |cell| values[cell] = digit as u8 + 1);
            }
            self.result.solutions.push(values);
        }
    }
}
