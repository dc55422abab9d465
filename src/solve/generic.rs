//! The exact solver for any geometry: bitmask candidates, event-driven propagation of naked
//! singles and hidden singles (a count of places per house and digit, updated on every
//! elimination), optional locked candidates, and depth-first search on the most constrained
//! choice. Buffers are allocated once per call, never per search node.

use crate::grid::Geometry;

/// How much more a peer with two candidates counts than another peer when choosing the branch
/// cell (measured on 16×16: 16 cuts the worst search about fivefold against first-found).
const BIVALUE_PEER_WEIGHT: u32 = 16;

/// Tables for one geometry, built once and reused for many puzzles of that shape.
#[derive(Debug, Clone)]
pub struct GenericSolver {
    size: usize,
    cells: usize,
    all: u32,
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    cell_house_start: Vec<u32>,
    cell_houses: Vec<u16>,
    house_cells: Vec<u16>,
    segments: Segments,
    use_locks: bool,
}

/// The segments where rows and columns cross boxes (or jigsaw regions), for locked candidates.
/// Each segment is in two groups: its line's segments (which partition the line) and its block's
/// segments of the same orientation (which partition the block). A digit found in only one
/// segment of a group is locked there, and leaves the rest of the segment's other group.
#[derive(Debug, Clone, Default)]
struct Segments {
    cell_start: Vec<u32>,
    cells: Vec<u16>,
    partner: Vec<[u32; 2]>,
    groups: Vec<Vec<u32>>,
}

/// The result of a search: how many solutions (up to the limit) and the first ones found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, never more than the limit.
    pub count: usize,
    /// The first solutions, as many as were asked to keep.
    pub solutions: Vec<Vec<u8>>,
    /// Search nodes visited, a measure of how much guessing the search needed.
    pub nodes: u64,
}

/// One search node: candidates per cell, placed digits (0 = open), for every house and digit
/// the number of cells of the house that still allow the digit (placed cells included), and for
/// every house the digits placed in it (so a placed digit raises no hidden-single event).
#[derive(Clone, Default)]
struct State {
    cand: Vec<u32>,
    value: Vec<u8>,
    places: Vec<u8>,
    placed: Vec<u32>,
}

impl State {
    /// Overwrites this state with `other` (same geometry), without allocating.
    fn copy_from(&mut self, other: &State) {
        self.cand.copy_from_slice(&other.cand);
        self.value.copy_from_slice(&other.value);
        self.places.copy_from_slice(&other.places);
        self.placed.copy_from_slice(&other.placed);
    }
}

/// A pending deduction.
#[derive(Clone, Copy)]
enum Event {
    /// A cell has one candidate left.
    Naked(u16),
    /// A digit (index) has one place left in a house.
    Hidden(u16, u8),
}

/// What a search node branches on.
enum Branch {
    /// Each candidate of one cell.
    Cell(usize),
    /// Each place left for digit `bit` in one house.
    Places { house: usize, bit: u32 },
}

/// Search bookkeeping for one call.
struct Search<'a> {
    solver: &'a GenericSolver,
    limit: usize,
    keep: usize,
    result: Count,
    levels: Vec<State>,
    events: Vec<Event>,
    unions: Vec<u32>,
    order: Option<&'a mut dyn FnMut(u32) -> u32>,
    node_cap: u64,
}

impl GenericSolver {
    /// Builds the tables for a geometry. Locked candidates are used on grids of 12 and more,
    /// where they cut the search more than they cost.
    pub fn new(geo: &Geometry) -> GenericSolver {
        let cells = geo.cell_count();
        let (peer_start, peers) = flatten((0..cells).map(|c| geo.peers(c)));
        let (cell_house_start, cell_houses) = flatten((0..cells).map(|c| geo.houses_of(c)));
        let house_cells = geo
            .houses()
            .iter()
            .flat_map(|h| h.cells.iter().map(|&c| c as u16))
            .collect();
        GenericSolver {
            size: geo.size(),
            cells,
            all: geo.all_digits(),
            peer_start,
            peers,
            cell_house_start,
            cell_houses,
            house_cells,
            segments: build_segments(geo),
            use_locks: geo.size() >= 12,
        }
    }

    /// Counts solutions up to `limit`, keeping the first `keep` of them. Givens that break a
    /// house, or digits out of range, give no solution.
    pub fn count(&self, givens: &[u8], limit: usize, keep: usize) -> Count {
        self.run(givens, limit, keep, None, u64::MAX)
    }

    /// Finds the first solution when digits are tried in the order `order` picks: it gets the
    /// candidate mask of the branching cell and returns the bit to try next. Used for random fills.
    pub fn first_with_order(
        &self,
        givens: &[u8],
        order: &mut dyn FnMut(u32) -> u32,
    ) -> Option<Vec<u8>> {
        self.run(givens, 1, 1, Some(order), u64::MAX)
            .solutions
            .pop()
    }

    /// Like [`GenericSolver::first_with_order`], but gives up (`None`) after `node_cap` search
    /// nodes: a randomised fill of a layout that may have no solution.
    pub fn first_with_order_capped(
        &self,
        givens: &[u8],
        order: &mut dyn FnMut(u32) -> u32,
        node_cap: u64,
    ) -> Option<Vec<u8>> {
        self.run(givens, 1, 1, Some(order), node_cap)
            .solutions
            .pop()
    }

    fn run<'a>(
        &'a self,
        givens: &[u8],
        limit: usize,
        keep: usize,
        order: Option<&'a mut dyn FnMut(u32) -> u32>,
        node_cap: u64,
    ) -> Count {
        let mut search = self.search(limit, keep, order, node_cap);
        if limit == 0 || givens.len() != self.cells {
            return search.result;
        }
        let mut root = self.empty_state();
        if search.place_givens(&mut root, givens) && search.propagate(&mut root) {
            search.levels.push(root);
            search.descend(0);
        }
        search.result
    }

    /// True when naked and hidden singles alone fill the grid (no guessing, no other
    /// deduction): the puzzle then has exactly one solution. The generator's cheap check for
    /// easy puzzles.
    pub fn solves_by_singles(&self, givens: &[u8]) -> bool {
        if givens.len() != self.cells {
            return false;
        }
        let mut search = self.search(1, 0, None, 0);
        let mut root = self.empty_state();
        search.place_givens(&mut root, givens)
            && search.drain_events(&mut root)
            && root.value.iter().all(|&v| v != 0)
    }

    fn search<'a>(
        &'a self,
        limit: usize,
        keep: usize,
        order: Option<&'a mut dyn FnMut(u32) -> u32>,
        node_cap: u64,
    ) -> Search<'a> {
        Search {
            solver: self,
            limit,
            keep,
            result: Count::default(),
            levels: Vec::new(),
            events: Vec::with_capacity(self.cells),
            unions: vec![0; self.segments.partner.len()],
            order,
            node_cap,
        }
    }

    /// The state with every candidate open.
    fn empty_state(&self) -> State {
        State {
            cand: vec![self.all; self.cells],
            value: vec![0; self.cells],
            places: vec![self.size as u8; self.house_cells.len()],
            placed: vec![0; self.house_cells.len() / self.size.max(1)],
        }
    }

    fn peers_of(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    fn houses_of(&self, cell: usize) -> &[u16] {
        let range = self.cell_house_start[cell] as usize..self.cell_house_start[cell + 1] as usize;
        &self.cell_houses[range]
    }

    fn house(&self, house: usize) -> &[u16] {
        &self.house_cells[house * self.size..(house + 1) * self.size]
    }
}

/// Flattens lists of indices into one `u16` array with start offsets.
fn flatten<'a>(lists: impl Iterator<Item = &'a [usize]>) -> (Vec<u32>, Vec<u16>) {
    let mut starts = Vec::new();
    let mut items = Vec::new();
    for list in lists {
        starts.push(items.len() as u32);
        items.extend(list.iter().map(|&i| i as u16));
    }
    starts.push(items.len() as u32);
    (starts, items)
}

impl Search<'_> {
    fn place_givens(&mut self, state: &mut State, givens: &[u8]) -> bool {
        for (cell, &value) in givens.iter().enumerate() {
            if value == 0 {
                continue;
            }
            if value as usize > self.solver.size || !self.assign(state, cell, 1 << (value - 1)) {
                return false;
            }
        }
        true
    }

    /// Removes the candidate `bit` from `cell`, updating the place counts and queueing the
    /// singles it creates. False on a contradiction (a cell or a house digit with no place).
    fn remove(&mut self, state: &mut State, cell: usize, bit: u32) -> bool {
        let left = state.cand[cell] & !bit;
        state.cand[cell] = left;
        if left == 0 {
            return false;
        }
        if left & (left - 1) == 0 && state.value[cell] == 0 {
            self.events.push(Event::Naked(cell as u16));
        }
        let digit = bit.trailing_zeros() as usize;
        let size = self.solver.size;
        for &house in self.solver.houses_of(cell) {
            let slot = house as usize * size + digit;
            state.places[slot] -= 1;
            match state.places[slot] {
                0 => return false,
                1 if state.placed[house as usize] & bit == 0 => {
                    self.events.push(Event::Hidden(house, digit as u8));
                }
                _ => {}
            }
        }
        true
    }

    /// Places the digit `bit` in `cell`: drops its other candidates and removes it from the peers.
    fn assign(&mut self, state: &mut State, cell: usize, bit: u32) -> bool {
        if state.value[cell] != 0 {
            return state.cand[cell] == bit;
        }
        if state.cand[cell] & bit == 0 {
            return false;
        }
        state.value[cell] = bit.trailing_zeros() as u8 + 1;
        for &house in self.solver.houses_of(cell) {
            state.placed[house as usize] |= bit;
        }
        let mut others = state.cand[cell] & !bit;
        while others != 0 {
            let other = others & others.wrapping_neg();
            others &= others - 1;
            if !self.remove(state, cell, other) {
                return false;
            }
        }
        for &peer in self.solver.peers_of(cell) {
            let peer = peer as usize;
            if state.cand[peer] & bit != 0 && !self.remove(state, peer, bit) {
                return false;
            }
        }
        true
    }

    /// Applies queued singles (and locked candidates when enabled) until nothing changes.
    fn propagate(&mut self, state: &mut State) -> bool {
        loop {
            if !self.drain_events(state) {
                self.events.clear();
                return false;
            }
            if !self.solver.use_locks {
                return true;
            }
            match self.locked_candidates(state) {
                None => {
                    self.events.clear();
                    return false;
                }
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    fn drain_events(&mut self, state: &mut State) -> bool {
        while let Some(event) = self.events.pop() {
            let ok = match event {
                Event::Naked(cell) => {
                    let cell = cell as usize;
                    state.value[cell] != 0 || self.assign(state, cell, state.cand[cell])
                }
                Event::Hidden(house, digit) => self.place_hidden(state, house as usize, digit),
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// The digit has one place left in the house: place it there (if not placed already).
    fn place_hidden(&mut self, state: &mut State, house: usize, digit: u8) -> bool {
        let bit = 1u32 << digit;
        if state.placed[house] & bit != 0 {
            return true;
        }
        let cells = self.solver.house(house);
        match cells.iter().find(|&&c| state.cand[c as usize] & bit != 0) {
            Some(&cell) => self.assign(state, cell as usize, bit),
            None => false,
        }
    }

    /// Pointing and claiming over the row/column × box (or region) segments. `None` on a
    /// contradiction, `Some(true)` when a candidate was removed.
    fn locked_candidates(&mut self, state: &mut State) -> Option<bool> {
        let segments = &self.solver.segments;
        let mut unions = std::mem::take(&mut self.unions);
        for (s, union) in unions.iter_mut().enumerate() {
            *union = segments
                .cells_of(s)
                .iter()
                .filter(|&&c| state.value[c as usize] == 0)
                .fold(0, |acc, &c| acc | state.cand[c as usize]);
        }
        let result = self.eliminate_locked(state, &unions);
        self.unions = unions;
        result
    }

    /// Finds digits confined to one segment of a group and removes them from the segment's
    /// partner group.
    fn eliminate_locked(&mut self, state: &mut State, unions: &[u32]) -> Option<bool> {
        let segments = &self.solver.segments;
        let mut changed = false;
        for (group_index, group) in segments.groups.iter().enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for &s in group {
                twice |= once & unions[s as usize];
                once |= unions[s as usize];
            }
            let exclusive = once & !twice;
            if exclusive == 0 {
                continue;
            }
            for &s in group {
                let locked = unions[s as usize] & exclusive;
                if locked == 0 {
                    continue;
                }
                let [first, second] = segments.partner[s as usize];
                let partner = if first as usize == group_index {
                    second
                } else {
                    first
                };
                for &t in &segments.groups[partner as usize] {
                    if t != s && unions[t as usize] & locked != 0 {
                        changed |=
                            self.remove_from_cells(state, segments.cells_of(t as usize), locked)?;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Removes the digits `mask` from the open cells given. `None` on a contradiction.
    fn remove_from_cells(&mut self, state: &mut State, cells: &[u16], mask: u32) -> Option<bool> {
        let mut changed = false;
        for &cell in cells {
            let cell = cell as usize;
            if state.value[cell] != 0 {
                continue;
            }
            let mut hit = state.cand[cell] & mask;
            while hit != 0 {
                let bit = hit & hit.wrapping_neg();
                hit &= hit - 1;
                if !self.remove(state, cell, bit) {
                    return None;
                }
                changed = true;
            }
        }
        Some(changed)
    }

    /// The open cell with the fewest candidates, with that count, or `None` when the grid is full.
    fn pick_cell(&self, state: &State) -> Option<(usize, u32)> {
        let mut best = None;
        let mut best_count = u32::MAX;
        for cell in 0..self.solver.cells {
            if state.value[cell] != 0 {
                continue;
            }
            let count = state.cand[cell].count_ones();
            if count < best_count {
                best = Some((cell, count));
                best_count = count;
                if count <= 2 {
                    break;
                }
            }
        }
        best
    }

    /// A house and digit with exactly two places left, if any.
    fn pick_house_pair(&self, state: &State) -> Option<(usize, u32)> {
        let size = self.solver.size;
        let slot = state.places.iter().position(|&p| p == 2)?;
        Some((slot / size, 1u32 << (slot % size)))
    }

    /// Chooses what to branch on: the best-connected cell with two candidates (see
    /// [`Search::pick_bivalue`]), else a digit with two places in a house, else the cell with the
    /// fewest candidates. Random fills keep the plain first-fewest-candidates cell, so a fill
    /// depends only on its digit order.
    fn pick_branch(&self, state: &State) -> Option<Branch> {
        if self.order.is_some() {
            return self.pick_cell(state).map(|(cell, _)| Branch::Cell(cell));
        }
        if let Some(cell) = self.pick_bivalue(state) {
            return Some(Branch::Cell(cell));
        }
        let (cell, _) = self.pick_cell(state)?;
        if let Some((house, bit)) = self.pick_house_pair(state) {
            return Some(Branch::Places { house, bit });
        }
        Some(Branch::Cell(cell))
    }

    /// The cell with two candidates whose placement reaches furthest: scored by its open peers
    /// that share a candidate with it, a peer with two candidates counting
    /// [`BIVALUE_PEER_WEIGHT`] more (either choice may force it, and so on along the chain).
    fn pick_bivalue(&self, state: &State) -> Option<usize> {
        let mut best = None;
        let mut best_score = 0;
        for cell in 0..self.solver.cells {
            let cand = state.cand[cell];
            if state.value[cell] != 0 || cand.count_ones() != 2 {
                continue;
            }
            let score = self.bivalue_score(state, cell, cand);
            if best.is_none() || score > best_score {
                best = Some(cell);
                best_score = score;
            }
        }
        best
    }

    /// The score of one cell with candidates `cand` for [`Search::pick_bivalue`].
    fn bivalue_score(&self, state: &State, cell: usize, cand: u32) -> u32 {
        let mut score = 0;
        for &peer in self.solver.peers_of(cell) {
            let other = state.cand[peer as usize];
            if other & cand != 0 && state.value[peer as usize] == 0 {
                score += 1 + BIVALUE_PEER_WEIGHT * u32::from(other.count_ones() == 2);
            }
        }
        score
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
                let mut remaining = self.levels[depth].cand[cell];
                while remaining != 0 && !self.done() {
                    let bit = self.next_bit(remaining);
                    remaining &= !bit;
                    self.try_child(depth, cell, bit);
                }
            }
            Some(Branch::Places { house, bit }) => {
                for index in 0..self.solver.size {
                    let cell = self.solver.house(house)[index] as usize;
                    if self.done() {
                        break;
                    }
                    if self.levels[depth].cand[cell] & bit != 0 {
                        self.try_child(depth, cell, bit);
                    }
                }
            }
        }
    }

    /// Copies the state at `depth`, places `bit` in `cell`, propagates, and searches below.
    fn try_child(&mut self, depth: usize, cell: usize, bit: u32) {
        if self.levels.len() <= depth + 1 {
            let copy = self.levels[depth].clone();
            self.levels.push(copy);
        }
        let mut child = std::mem::take(&mut self.levels[depth + 1]);
        child.copy_from(&self.levels[depth]);
        let ok = self.assign(&mut child, cell, bit) && self.propagate(&mut child);
        self.events.clear();
        self.levels[depth + 1] = child;
        if ok {
            self.descend(depth + 1);
        }
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
            self.result.solutions.push(self.levels[depth].value.clone());
        }
    }
}

impl Segments {
    fn cells_of(&self, segment: usize) -> &[u16] {
        &self.cells[self.cell_start[segment] as usize..self.cell_start[segment + 1] as usize]
    }
}

/// Cuts every row and column by the boxes (or regions) into segments, grouped by line and by
/// block and orientation. Diagonals and windows take no part.
fn build_segments(geo: &Geometry) -> Segments {
    use crate::grid::HouseKind;
    let houses = geo.houses();
    let is_line = |k: &HouseKind| matches!(k, HouseKind::Row(_) | HouseKind::Column(_));
    let is_block = |k: &HouseKind| matches!(k, HouseKind::Box(_) | HouseKind::Region(_));
    let lines: Vec<usize> = (0..houses.len())
        .filter(|&h| is_line(&houses[h].kind))
        .collect();
    let blocks: Vec<usize> = (0..houses.len())
        .filter(|&h| is_block(&houses[h].kind))
        .collect();
    let mut segments = Segments::default();
    let mut block_groups = std::collections::BTreeMap::new();
    for (line_group, &line) in lines.iter().enumerate() {
        segments.groups.push(Vec::new());
        let row_line = matches!(houses[line].kind, HouseKind::Row(_));
        for &block in &blocks {
            let shared: Vec<u16> = houses[line]
                .cells
                .iter()
                .filter(|c| houses[block].cells.contains(c))
                .map(|&c| c as u16)
                .collect();
            if shared.is_empty() {
                continue;
            }
            let next_group = lines.len() + block_groups.len();
            let block_group = *block_groups.entry((block, row_line)).or_insert(next_group);
            let id = segments.partner.len() as u32;
            segments.cell_start.push(segments.cells.len() as u32);
            segments.cells.extend(shared);
            segments
                .partner
                .push([line_group as u32, block_group as u32]);
            segments.groups[line_group].push(id);
        }
    }
    segments.cell_start.push(segments.cells.len() as u32);
    segments
        .groups
        .resize(lines.len() + block_groups.len(), Vec::new());
    for (id, &[_, block_group]) in segments.partner.iter().enumerate() {
        segments.groups[block_group as usize].push(id as u32);
    }
    segments
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::text::parse_line;

    fn solver9() -> GenericSolver {
        GenericSolver::new(&Geometry::classic(9).unwrap())
    }

    #[test]
    fn solves_a_17_clue_puzzle() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = parse_line(line, 1, None).unwrap();
        let result = solver9().count(grid.cells(), 2, 2);
        assert_eq!(result.count, 1);
        let solution = &result.solutions[0];
        assert!(
            grid.cells()
                .iter()
                .zip(solution)
                .all(|(&g, &s)| g == 0 || g == s)
        );
        let geo = Geometry::classic(9).unwrap();
        let solved = crate::grid::Grid::new(9, solution.clone());
        assert!(solved.conflicts(&geo).is_empty());
        assert_eq!(solved.empty_count(), 0);
    }

    #[test]
    fn empty_grid_counts_to_the_limit() {
        let result = solver9().count(&[0; 81], 5, 2);
        assert_eq!(result.count, 5);
        assert_eq!(result.solutions.len(), 2);
        assert_ne!(result.solutions[0], result.solutions[1]);
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let mut givens = [0u8; 81];
        givens[0] = 1;
        givens[1] = 1;
        assert_eq!(solver9().count(&givens, 2, 1).count, 0);
        givens[1] = 10;
        assert_eq!(solver9().count(&givens, 2, 1).count, 0);
    }

    #[test]
    fn all_4x4_grids_are_counted() {
        let solver = GenericSolver::new(&Geometry::classic(4).unwrap());
        assert_eq!(solver.count(&[0; 16], 1000, 0).count, 288);
    }

    #[test]
    fn diagonal_4x4_grids() {
        let geo = Geometry::new(4, "diagonal".parse().unwrap(), None, None).unwrap();
        let solver = GenericSolver::new(&geo);
        // Checked by brute force over all 4x4 grids.
        assert_eq!(solver.count(&[0; 16], 1000, 0).count, 48);
    }

    #[test]
    fn singles_solve_easy_puzzles_only() {
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let grid = parse_line(easy, 1, None).unwrap();
        assert!(solver9().solves_by_singles(grid.cells()));
        let hard =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = parse_line(hard, 1, None).unwrap();
        assert!(!solver9().solves_by_singles(grid.cells()));
        assert!(!solver9().solves_by_singles(&[0; 81]));
        let mut broken = [0u8; 81];
        broken[0] = 1;
        broken[1] = 1;
        assert!(!solver9().solves_by_singles(&broken));
    }

    #[test]
    fn capped_fill_gives_up_and_uncapped_fill_succeeds() {
        let solver = GenericSolver::new(&Geometry::classic(16).unwrap());
        let mut first = |mask: u32| mask & mask.wrapping_neg();
        assert!(
            solver
                .first_with_order_capped(&[0; 256], &mut first, 1)
                .is_none()
        );
        let full = solver.first_with_order_capped(&[0; 256], &mut first, 100_000);
        assert_eq!(full.map(|cells| cells.len()), Some(256));
    }

    #[test]
    fn locked_candidates_keep_counts_exact() {
        let geo = Geometry::classic(12).unwrap();
        let solver = GenericSolver::new(&geo);
        assert!(solver.use_locks);
        let mut givens = vec![0u8; 144];
        givens[..12].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        assert_eq!(solver.count(&givens, 50, 0).count, 50);
    }

    /// A plain backtracker for cross-checking: fills the open cell with the fewest allowed
    /// digits, counting solutions up to `limit`.
    fn reference_count(geo: &Geometry, cells: &mut [u8], limit: usize) -> usize {
        let allowed = |cells: &[u8], cell: usize| -> Vec<u8> {
            (1..=geo.size() as u8)
                .filter(|&d| geo.peers(cell).iter().all(|&p| cells[p] != d))
                .collect()
        };
        let open = (0..cells.len())
            .filter(|&c| cells[c] == 0)
            .min_by_key(|&c| allowed(cells, c).len());
        let Some(cell) = open else {
            return 1;
        };
        let mut found = 0;
        for digit in allowed(cells, cell) {
            cells[cell] = digit;
            found += reference_count(geo, cells, limit - found);
            cells[cell] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }

    /// True when the givens break no house.
    fn consistent(geo: &Geometry, cells: &[u8]) -> bool {
        (0..cells.len())
            .all(|c| cells[c] == 0 || geo.peers(c).iter().all(|&p| cells[p] != cells[c]))
    }

    /// A deterministic full grid of a geometry (random digit order from a fixed seed).
    fn full_grid(geo: &Geometry, seed: u64) -> Vec<u8> {
        let mut state = seed | 1;
        let mut pick = |mask: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let bits: Vec<u32> = (0..32).filter(|b| mask & (1 << b) != 0).collect();
            1u32 << bits[(state % bits.len() as u64) as usize]
        };
        let solver = GenericSolver::new(geo);
        solver
            .first_with_order(&vec![0; geo.cell_count()], &mut pick)
            .unwrap()
    }

    /// `full` with the cells picked by `hole` emptied.
    fn with_holes(full: &[u8], hole: impl Fn(usize) -> bool) -> Vec<u8> {
        let mut cells = full.to_vec();
        for (cell, value) in cells.iter_mut().enumerate() {
            if hole(cell) {
                *value = 0;
            }
        }
        cells
    }

    #[test]
    fn six_by_six_counts_match_a_reference_backtracker() {
        let geo = Geometry::classic(6).unwrap();
        let solver = GenericSolver::new(&geo);
        let mut cases: Vec<Vec<u8>> = Vec::new();
        let mut givens = vec![0u8; 36];
        givens[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
        givens[9] = 1;
        givens[13] = 4;
        cases.push(givens.clone());
        givens[20] = 2;
        givens[35] = 3;
        cases.push(givens.clone());
        let full = full_grid(&geo, 7);
        cases.push(with_holes(&full, |c| c % 3 != 0));
        cases.push(with_holes(&full, |c| (c * 5) % 7 < 4));
        for givens in cases {
            let expected = reference_count(&geo, &mut givens.clone(), 100_000);
            assert!(expected > 0);
            assert_eq!(
                solver.count(&givens, 100_000, 0).count,
                expected,
                "{givens:?}"
            );
            assert_eq!(solver.count(&givens, 3, 0).count, expected.min(3));
        }
    }

    #[test]
    fn sixteen_with_holes_has_the_original_as_only_solution() {
        let geo = Geometry::classic(16).unwrap();
        let solver = GenericSolver::new(&geo);
        for seed in [3, 11] {
            let full = full_grid(&geo, seed);
            assert!(consistent(&geo, &full));
            assert!(full.iter().all(|&v| (1..=16).contains(&v)));
            let givens = with_holes(&full, |c| (c * 97 + seed as usize) % 11 < 3);
            let result = solver.count(&givens, 2, 2);
            assert_eq!(result.count, 1, "seed {seed}");
            assert_eq!(result.solutions[0], full);
        }
    }

    #[test]
    fn sixteen_conflicts_and_bad_values_have_no_solution() {
        let geo = Geometry::classic(16).unwrap();
        let solver = GenericSolver::new(&geo);
        let mut givens = vec![0u8; 256];
        givens[0] = 5;
        givens[17] = 5; // same box
        assert_eq!(solver.count(&givens, 2, 2).count, 0);
        givens[17] = 17;
        assert_eq!(solver.count(&givens, 2, 2).count, 0);
        givens[17] = 255;
        assert_eq!(solver.count(&givens, 2, 2).count, 0);
        assert_eq!(solver.count(&givens[..100], 2, 2).count, 0);
        let full = full_grid(&geo, 5);
        let mut broken = with_holes(&full, |c| c % 2 == 0);
        broken[1] = full[0]; // still a legal-looking digit, but no completion
        assert_eq!(solver.count(&broken, 2, 0).count, 0);
    }

    #[test]
    fn twelve_by_twelve_matches_the_reference() {
        let geo = Geometry::classic(12).unwrap();
        let solver = GenericSolver::new(&geo);
        let full = full_grid(&geo, 9);
        assert!(consistent(&geo, &full));
        for modulus in [3, 4] {
            let givens = with_holes(&full, |c| (c * 7) % modulus == 0);
            let expected = reference_count(&geo, &mut givens.clone(), 20);
            let result = solver.count(&givens, 20, 1);
            assert_eq!(result.count, expected, "modulus {modulus}");
            assert!(consistent(&geo, &result.solutions[0]));
        }
    }

    #[test]
    fn jigsaw_9x9_example() {
        let ids = [
            0, 0, 0, 1, 1, 1, 1, 2, 2, 0, 0, 3, 3, 3, 1, 1, 2, 2, 0, 0, 3, 4, 4, 1, 2, 2, 2, 0, 0,
            3, 4, 1, 1, 5, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 3, 7, 7, 4, 5, 8, 8, 6, 6, 6, 7,
            4, 4, 5, 8, 8, 6, 6, 7, 7, 5, 5, 5, 8, 8, 6, 6, 7, 7, 7, 7, 8, 8, 8,
        ];
        let givens = [
            0, 2, 0, 0, 0, 9, 6, 0, 0, 7, 6, 3, 0, 9, 0, 1, 2, 0, 9, 0, 0, 0, 2, 7, 0, 0, 0, 0, 4,
            0, 0, 0, 0, 7, 0, 5, 1, 0, 7, 0, 6, 0, 8, 0, 2, 8, 0, 2, 0, 0, 0, 0, 5, 0, 0, 0, 0, 6,
            7, 0, 0, 0, 9, 0, 7, 9, 0, 1, 0, 5, 8, 3, 0, 0, 8, 3, 0, 0, 0, 4, 0,
        ];
        let solution = [
            5, 2, 1, 4, 3, 9, 6, 7, 8, 7, 6, 3, 8, 9, 5, 1, 2, 4, 9, 8, 4, 5, 2, 7, 3, 6, 1, 3, 4,
            6, 1, 8, 2, 7, 9, 5, 1, 5, 7, 9, 6, 4, 8, 3, 2, 8, 1, 2, 7, 4, 3, 9, 5, 6, 2, 3, 5, 6,
            7, 8, 4, 1, 9, 4, 7, 9, 2, 1, 6, 5, 8, 3, 6, 9, 8, 3, 5, 1, 2, 4, 7,
        ];
        let regions = crate::grid::RegionMap::from_ids(9, &ids).unwrap();
        let geo = Geometry::new(9, "jigsaw".parse().unwrap(), None, Some(regions)).unwrap();
        let solver = GenericSolver::new(&geo);
        let result = solver.count(&givens, 2, 2);
        assert_eq!(result.count, 1);
        assert_eq!(result.solutions[0], solution);
        let mut fewer = givens;
        fewer[1] = 0;
        fewer[3 * 9 + 1] = 0;
        let expected = reference_count(&geo, &mut fewer.to_vec(), 50);
        assert_eq!(solver.count(&fewer, 50, 0).count, expected);
    }

    #[test]
    fn ordered_fills_are_valid_and_repeatable() {
        for (size, variant) in [
            (4, "classic"),
            (6, "classic"),
            (9, "diagonal"),
            (9, "window"),
            (16, "classic"),
        ] {
            let geo = Geometry::new(size, variant.parse().unwrap(), None, None).unwrap();
            let first = full_grid(&geo, 5);
            assert_eq!(first, full_grid(&geo, 5), "{size} {variant}");
            assert!(consistent(&geo, &first));
            assert!(first.iter().all(|&v| v >= 1 && v as usize <= size));
        }
    }

    #[test]
    fn empty_grids_of_every_size_do_not_panic() {
        for size in [4, 6, 8, 9, 12, 16, 25] {
            let geo = Geometry::classic(size).unwrap();
            let solver = GenericSolver::new(&geo);
            let result = solver.count(&vec![0; size * size], 2, 2);
            assert_eq!(result.count, 2, "size {size}");
            assert!(result.solutions.iter().all(|s| consistent(&geo, s)));
            assert_eq!(solver.count(&vec![0; size * size], 0, 0).count, 0);
        }
    }
}
