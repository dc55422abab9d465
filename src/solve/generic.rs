//! The exact solver for any geometry: bitmask candidates, propagation of naked and hidden singles
//! over every house, and depth-first search on the cell with the fewest candidates (MRV).
//! Buffers are allocated once per call, never per search node.

use crate::grid::Geometry;

/// Tables for one geometry, built once and reused for many puzzles of that shape.
#[derive(Debug, Clone)]
pub struct GenericSolver {
    size: usize,
    cells: usize,
    all: u32,
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    house_cells: Vec<u16>,
}

/// The result of a search: how many solutions (up to the limit) and the first ones found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, never more than the limit.
    pub count: usize,
    /// The first solutions, as many as were asked to keep.
    pub solutions: Vec<Vec<u8>>,
}

/// One search node's candidates (`cand`) and placed digits (`value`, 0 = open).
#[derive(Clone, Default)]
struct State {
    cand: Vec<u32>,
    value: Vec<u8>,
}

/// Search bookkeeping for one call.
struct Search<'a> {
    solver: &'a GenericSolver,
    limit: usize,
    keep: usize,
    result: Count,
    levels: Vec<State>,
    queue: Vec<u16>,
    order: Option<&'a mut dyn FnMut(u32) -> u32>,
}

impl GenericSolver {
    /// Builds the tables for a geometry.
    pub fn new(geo: &Geometry) -> GenericSolver {
        let cells = geo.cell_count();
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        for cell in 0..cells {
            peer_start.push(peers.len() as u32);
            peers.extend(geo.peers(cell).iter().map(|&p| p as u16));
        }
        peer_start.push(peers.len() as u32);
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
            house_cells,
        }
    }

    /// Counts solutions up to `limit`, keeping the first `keep` of them. Givens that break a
    /// house simply give no solution.
    pub fn count(&self, givens: &[u8], limit: usize, keep: usize) -> Count {
        self.run(givens, limit, keep, None)
    }

    /// Finds the first solution when digits are tried in the order `order` picks: it gets the
    /// candidate mask of the branching cell and returns the bit to try next. Used for random fills.
    pub fn first_with_order(
        &self,
        givens: &[u8],
        order: &mut dyn FnMut(u32) -> u32,
    ) -> Option<Vec<u8>> {
        self.run(givens, 1, 1, Some(order)).solutions.pop()
    }

    fn run<'a>(
        &'a self,
        givens: &[u8],
        limit: usize,
        keep: usize,
        order: Option<&'a mut dyn FnMut(u32) -> u32>,
    ) -> Count {
        let mut search = Search {
            solver: self,
            limit,
            keep,
            result: Count::default(),
            levels: Vec::new(),
            queue: Vec::with_capacity(self.cells),
            order,
        };
        if limit == 0 || givens.len() != self.cells {
            return search.result;
        }
        let mut root = State {
            cand: vec![self.all; self.cells],
            value: vec![0; self.cells],
        };
        if search.place_givens(&mut root, givens) && search.propagate(&mut root) {
            search.levels.push(root);
            search.descend(0);
        }
        search.result
    }

    fn peers_of(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }
}

impl Search<'_> {
    fn place_givens(&mut self, state: &mut State, givens: &[u8]) -> bool {
        for (cell, &value) in givens.iter().enumerate() {
            if value == 0 {
                continue;
            }
            if value as usize > self.solver.size {
                return false;
            }
            let bit = 1u32 << (value - 1);
            if state.cand[cell] & bit == 0 || !self.assign(state, cell, bit) {
                return false;
            }
        }
        true
    }

    /// Places the digit `bit` in `cell` and removes it from the peers, queueing new singles.
    fn assign(&mut self, state: &mut State, cell: usize, bit: u32) -> bool {
        state.value[cell] = bit.trailing_zeros() as u8 + 1;
        state.cand[cell] = bit;
        for &peer in self.solver.peers_of(cell) {
            let peer = peer as usize;
            let cand = state.cand[peer];
            if cand & bit == 0 {
                continue;
            }
            if state.value[peer] != 0 {
                return false;
            }
            let left = cand & !bit;
            state.cand[peer] = left;
            if left == 0 {
                return false;
            }
            if left & (left - 1) == 0 {
                self.queue.push(peer as u16);
            }
        }
        true
    }

    /// Applies naked and hidden singles until nothing changes; false on a contradiction.
    fn propagate(&mut self, state: &mut State) -> bool {
        loop {
            if !self.drain_queue(state) {
                self.queue.clear();
                return false;
            }
            match self.hidden_singles(state) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    fn drain_queue(&mut self, state: &mut State) -> bool {
        while let Some(cell) = self.queue.pop() {
            let cell = cell as usize;
            if state.value[cell] != 0 {
                continue;
            }
            let bit = state.cand[cell];
            if bit == 0 || !self.assign(state, cell, bit) {
                return false;
            }
        }
        true
    }

    /// Finds digits with one place left in a house and queues them. `None` on a contradiction
    /// (a digit with no place), `Some(true)` when something was queued.
    fn hidden_singles(&mut self, state: &mut State) -> Option<bool> {
        let size = self.solver.size;
        let mut found = false;
        for house in self.solver.house_cells.chunks_exact(size) {
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &cell in house {
                let cell = cell as usize;
                let cand = state.cand[cell];
                if state.value[cell] != 0 {
                    placed |= cand;
                } else {
                    twice |= once & cand;
                    once |= cand;
                }
            }
            if (once | placed) != self.solver.all {
                return None;
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = house
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| state.cand[c] & bit != 0)?;
                if state.cand[cell] != bit {
                    state.cand[cell] = bit;
                    self.queue.push(cell as u16);
                    found = true;
                }
            }
        }
        Some(found)
    }

    /// The open cell with the fewest candidates, or `None` when the grid is full.
    fn pick_cell(&self, state: &State) -> Option<usize> {
        let mut best = None;
        let mut best_count = u32::MAX;
        for cell in 0..self.solver.cells {
            if state.value[cell] != 0 {
                continue;
            }
            let count = state.cand[cell].count_ones();
            if count < best_count {
                best = Some(cell);
                best_count = count;
                if count <= 2 {
                    break;
                }
            }
        }
        best
    }

    fn descend(&mut self, depth: usize) {
        let Some(cell) = self.pick_cell(&self.levels[depth]) else {
            self.record(depth);
            return;
        };
        let mut remaining = self.levels[depth].cand[cell];
        while remaining != 0 && self.result.count < self.limit {
            let bit = self.next_bit(remaining);
            remaining &= !bit;
            self.prepare_level(depth + 1);
            let mut child = std::mem::take(&mut self.levels[depth + 1]);
            child.cand.copy_from_slice(&self.levels[depth].cand);
            child.value.copy_from_slice(&self.levels[depth].value);
            let ok = self.assign(&mut child, cell, bit) && self.propagate(&mut child);
            self.queue.clear();
            self.levels[depth + 1] = child;
            if ok {
                self.descend(depth + 1);
            }
        }
    }

    fn next_bit(&mut self, remaining: u32) -> u32 {
        match self.order.as_mut() {
            Some(order) => order(remaining),
            None => remaining & remaining.wrapping_neg(),
        }
    }

    fn prepare_level(&mut self, depth: usize) {
        if self.levels.len() <= depth {
            let copy = self.levels[depth - 1].clone();
            self.levels.push(copy);
        }
    }

    fn record(&mut self, depth: usize) {
        self.result.count += 1;
        if self.result.solutions.len() < self.keep {
            self.result.solutions.push(self.levels[depth].value.clone());
        }
    }
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
        // Latin squares of order 4 with 2x2 boxes and both diagonals: 48.
        assert_eq!(solver.count(&[0; 16], 1000, 0).count, 48);
    }
}
