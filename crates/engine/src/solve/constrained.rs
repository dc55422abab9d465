//! The exact solver for geometries with rules beyond their houses (killer cages today): candidate
//! masks per cell, propagation to a fixpoint (naked and hidden singles, then each rule's own
//! pruning) and a search that branches on the open cell with the fewest candidates, copying a
//! fixed-size state per node. The geometry's constraints are compiled once into [`SolverRule`]s:
//! a new kind of rule adds one arm there (its precomputed tables and its propagation).

use super::generic::Count;
use crate::grid::cages::combinations;
use crate::grid::marks::Compiled;
use crate::grid::{CageSet, Constraints, Geometry};

/// The most cells of any grid (25×25); killer puzzles go up to 16×16 (256 cells).
const MAX_CELLS: usize = 640;

/// A rule compiled for the search: the data the propagation needs, precomputed.
#[derive(Debug, Clone)]
enum SolverRule {
    /// A killer cage.
    Cage(CageInfo),
    /// The modern kinds' marks, compiled by family (cell masks, relations between two cells,
    /// quadruples); their distinct cells are peers already.
    Marks(Compiled),
}

/// One cage as the solver sees it: its cells and every digit set of its size and sum.
#[derive(Debug, Clone)]
struct CageInfo {
    cells: Vec<u16>,
    sum: u32,
    combos: Vec<u32>,
    /// Where its cells' last settled masks are kept in [`State::settled`] (`usize::MAX`: not
    /// kept, the state has no room; the cage is then always applied).
    at: usize,
}

/// Tables for one geometry with rules, built once and reused for many puzzles.
#[derive(Debug, Clone)]
pub struct ConstrainedSolver {
    size: usize,
    cells: usize,
    all: u32,
    /// Every house, `size` cells each, one after the other.
    houses: Vec<u16>,
    peers: Vec<Vec<u16>>,
    rules: Vec<SolverRule>,
}

/// The search state: candidates per cell (one bit once placed) and the placed digits.
#[derive(Clone, Copy)]
struct State<const C: usize> {
    cand: [u32; C],
    value: [u8; C],
    open: usize,
    /// Per cage (from its `at`), its cells' masks (with bit 31 for a placed cell) when the cage's
    /// full rule last found nothing to do: while they are the same, it would find nothing again,
    /// and is not applied (the fixpoint, and so the search, is the same; only faster).
    settled: [u32; C],
}

/// A cell's mask as [`State::settled`] keeps it: its candidates, and whether it is placed.
fn settled_key<const C: usize>(s: &State<C>, cell: usize) -> u32 {
    s.cand[cell] | (u32::from(s.value[cell] != 0) << 31)
}

/// How the propagation reasons.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Everything the solver knows: singles and each rule's full pruning (cage combinations).
    Full,
    /// What a person sees first: naked and hidden singles, and each rule's obvious placement
    /// (the last open cell of a cage).
    Singles,
}

/// One count in progress.
struct Run {
    limit: usize,
    keep: usize,
    node_cap: u64,
    result: Count,
}

impl Run {
    fn done(&self) -> bool {
        self.result.count >= self.limit || self.result.nodes >= self.node_cap
    }
}

/// The cells of the state a solver of `cells` cells uses (see [`ConstrainedSolver::count_capped`]).
fn state_room(cells: usize) -> usize {
    match cells {
        0..=128 => 128,
        129..=256 => 256,
        _ => MAX_CELLS,
    }
}

impl SolverRule {
    /// Compiles the geometry's constraints.
    /// Compiles the geometry's constraints; the cages' settled masks get places `0..` in
    /// turn, as long as they fit in `room` (the state's cells).
    fn compile(constraints: &Constraints, size: usize, room: usize) -> Vec<SolverRule> {
        let cages = constraints.cages().map(CageSet::cages).unwrap_or_default();
        let marks = constraints.mark_rule().map(|rule| rule.compiled().clone());
        let mut next = 0;
        cages
            .iter()
            .map(|cage| {
                let at = if next + cage.cells.len() <= room {
                    next
                } else {
                    usize::MAX
                };
                next += cage.cells.len();
                SolverRule::Cage(CageInfo {
                    cells: cage.cells.iter().map(|&c| c as u16).collect(),
                    sum: cage.sum,
                    combos: combinations(cage.cells.len(), cage.sum, size),
                    at,
                })
            })
            .chain(marks.map(SolverRule::Marks))
            .collect()
    }
}

impl ConstrainedSolver {
    /// Builds the tables: the geometry's houses, its peers (cage mates included) and its
    /// compiled rules. A geometry without rules gets a solver of its houses alone.
    pub fn new(geo: &Geometry) -> ConstrainedSolver {
        let size = geo.size();
        let cells = geo.cell_count();
        let houses = geo
            .houses()
            .iter()
            .flat_map(|h| h.cells.iter().map(|&c| c as u16))
            .collect();
        let peers = (0..cells)
            .map(|c| geo.peers(c).iter().map(|&p| p as u16).collect())
            .collect();
        ConstrainedSolver {
            size,
            cells,
            all: geo.all_digits(),
            houses,
            peers,
            rules: SolverRule::compile(geo.constraints(), size, state_room(cells)),
        }
    }

    /// Counts solutions up to `limit`, keeping the first `keep` of them. Givens that break a
    /// house or a rule (a repeated digit, a sum exceeded), or digits out of range, give none.
    pub fn count(&self, givens: &[u8], limit: usize, keep: usize) -> Count {
        self.count_capped(givens, limit, keep, u64::MAX)
    }

    /// Like [`ConstrainedSolver::count`], but stops after `node_cap` search nodes: the count is then
    /// a lower bound, and `nodes` says how far the search went.
    pub fn count_capped(&self, givens: &[u8], limit: usize, keep: usize, node_cap: u64) -> Count {
        let mut run = Run {
            limit,
            keep,
            node_cap,
            result: Count::default(),
        };
        if limit > 0 {
            match self.cells {
                0..=128 => self.start::<128>(givens, &mut run),
                129..=256 => self.start::<256>(givens, &mut run),
                _ => self.start::<MAX_CELLS>(givens, &mut run),
            }
        }
        run.result
    }

    /// A random filled grid keeping every house and rule: the search with the digits of each
    /// branch tried in the order `order` gives (a permutation of the candidates, e.g. shuffled),
    /// abandoned after `node_cap` nodes.
    pub fn random_fill(
        &self,
        order: &mut dyn FnMut(&mut Vec<u32>),
        node_cap: u64,
    ) -> Option<Vec<u8>> {
        let givens = vec![0u8; self.cells];
        let mut nodes = 0u64;
        match self.cells {
            0..=128 => self.fill_from(self.initial::<128>(&givens)?, order, &mut nodes, node_cap),
            129..=256 => self.fill_from(self.initial::<256>(&givens)?, order, &mut nodes, node_cap),
            _ => self.fill_from(
                self.initial::<MAX_CELLS>(&givens)?,
                order,
                &mut nodes,
                node_cap,
            ),
        }
    }

    fn fill_from<const C: usize>(
        &self,
        mut s: State<C>,
        order: &mut dyn FnMut(&mut Vec<u32>),
        nodes: &mut u64,
        node_cap: u64,
    ) -> Option<Vec<u8>> {
        *nodes += 1;
        if *nodes > node_cap || !self.propagate(&mut s, Mode::Full) {
            return None;
        }
        let Some(best) = (0..self.cells)
            .filter(|&cell| s.value[cell] == 0)
            .min_by_key(|&cell| s.cand[cell].count_ones())
        else {
            return Some(s.value[..self.cells].to_vec());
        };
        let mut bits: Vec<u32> = super::super::grid::rules::digits(s.cand[best])
            .map(|d| 1u32 << (d - 1))
            .collect();
        order(&mut bits);
        for bit in bits {
            let mut child = s;
            if self.place(&mut child, best, bit)
                && let Some(grid) = self.fill_from(child, order, nodes, node_cap)
            {
                return Some(grid);
            }
            if *nodes > node_cap {
                return None;
            }
        }
        None
    }

    /// True when naked and hidden singles and each rule's obvious placements (the cage sum of a
    /// cage's last open cell) alone fill the grid (which proves it unique).
    pub fn solves_by_singles(&self, givens: &[u8]) -> bool {
        match self.cells {
            0..=128 => self.singles::<128>(givens),
            129..=256 => self.singles::<256>(givens),
            _ => self.singles::<MAX_CELLS>(givens),
        }
    }

    fn singles<const C: usize>(&self, givens: &[u8]) -> bool {
        let Some(mut state) = self.initial::<C>(givens) else {
            return false;
        };
        self.propagate(&mut state, Mode::Singles) && state.open == 0
    }

    fn start<const C: usize>(&self, givens: &[u8], run: &mut Run) {
        if let Some(state) = self.initial::<C>(givens) {
            self.search(state, run);
        }
    }

    /// The state with the givens placed, or `None` when they break a rule or the grid.
    fn initial<const C: usize>(&self, givens: &[u8]) -> Option<State<C>> {
        if givens.len() != self.cells || self.cells > C {
            return None;
        }
        let mut state = State {
            cand: [0; C],
            value: [0; C],
            open: self.cells,
            settled: [u32::MAX; C],
        };
        state.cand[..self.cells].fill(self.all);
        for (cell, &digit) in givens.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            if usize::from(digit) > self.size || !self.place(&mut state, cell, 1 << (digit - 1)) {
                return None;
            }
        }
        Some(state)
    }

    /// Places the digit of `bit` in `cell` and removes it from the peers; false on a
    /// contradiction (the digit is not a candidate, or a peer is left with none).
    fn place<const C: usize>(&self, s: &mut State<C>, cell: usize, bit: u32) -> bool {
        if s.cand[cell] & bit == 0 || s.value[cell] != 0 {
            return false;
        }
        s.cand[cell] = bit;
        s.value[cell] = bit.trailing_zeros() as u8 + 1;
        s.open -= 1;
        for &peer in &self.peers[cell] {
            let peer = usize::from(peer);
            let m = s.cand[peer];
            if m & bit != 0 {
                if s.value[peer] != 0 || m == bit {
                    return false;
                }
                s.cand[peer] = m & !bit;
            }
        }
        true
    }

    fn search<const C: usize>(&self, mut s: State<C>, run: &mut Run) {
        run.result.nodes += 1;
        if !self.propagate(&mut s, Mode::Full) {
            return;
        }
        if s.open == 0 {
            run.result.count += 1;
            if run.result.solutions.len() < run.keep {
                run.result.solutions.push(s.value[..self.cells].to_vec());
            }
            return;
        }
        let mut best = usize::MAX;
        let mut fewest = u32::MAX;
        for cell in 0..self.cells {
            if s.value[cell] == 0 {
                let n = s.cand[cell].count_ones();
                if n < fewest {
                    fewest = n;
                    best = cell;
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        let mut rest = s.cand[best];
        while rest != 0 && !run.done() {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let mut child = s;
            if self.place(&mut child, best, bit) {
                self.search(child, run);
            }
        }
    }

    /// Applies the rules of `mode` until nothing changes; false on a contradiction.
    fn propagate<const C: usize>(&self, s: &mut State<C>, mode: Mode) -> bool {
        loop {
            let mut changed = false;
            for cell in 0..self.cells {
                let m = s.cand[cell];
                if s.value[cell] == 0 && m & (m - 1) == 0 {
                    if !self.place(s, cell, m) {
                        return false;
                    }
                    changed = true;
                }
            }
            for house in self.houses.chunks_exact(self.size) {
                match self.hidden_singles(s, house) {
                    None => return false,
                    Some(found) => changed |= found,
                }
            }
            for rule in &self.rules {
                match self.apply(rule, s, mode) {
                    None => return false,
                    Some(found) => changed |= found,
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// One rule's propagation in `mode`: `Some(true)` when it narrowed or placed something,
    /// `None` on a contradiction.
    fn apply<const C: usize>(
        &self,
        rule: &SolverRule,
        s: &mut State<C>,
        mode: Mode,
    ) -> Option<bool> {
        match (rule, mode) {
            (SolverRule::Cage(cage), Mode::Full) => self.cage_settled(s, cage),
            (SolverRule::Cage(cage), Mode::Singles) => self.cage_last_cell(s, cage),
            (SolverRule::Marks(marks), _) => marks.prune(&mut s.cand[..self.cells]).ok(),
        }
    }

    /// Places each digit with one cell left in the house; `None` on a contradiction.
    fn hidden_singles<const C: usize>(&self, s: &mut State<C>, house: &[u16]) -> Option<bool> {
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &cell in house {
            let m = s.cand[usize::from(cell)];
            if s.value[usize::from(cell)] != 0 {
                placed |= m;
            }
            twice |= once & m;
            once |= m;
        }
        if once != self.all {
            return None;
        }
        let mut single = once & !twice & !placed;
        let found = single != 0;
        while single != 0 {
            let bit = single & single.wrapping_neg();
            single ^= bit;
            let cell = house
                .iter()
                .map(|&c| usize::from(c))
                .find(|&c| s.cand[c] & bit != 0)?;
            if !self.place(s, cell, bit) {
                return None;
            }
        }
        Some(found)
    }

    /// The cage rule of the full search, skipped while the cage's cells are as they were when
    /// it last found nothing to do.
    fn cage_settled<const C: usize>(&self, s: &mut State<C>, cage: &CageInfo) -> Option<bool> {
        let kept = cage.at != usize::MAX && cage.at + cage.cells.len() <= C;
        let same = |s: &State<C>| {
            cage.cells
                .iter()
                .enumerate()
                .all(|(i, &cell)| s.settled[cage.at + i] == settled_key(s, usize::from(cell)))
        };
        if kept && same(s) {
            return Some(false);
        }
        let changed = self.cage_combinations(s, cage)?;
        if kept && !changed {
            for (i, &cell) in cage.cells.iter().enumerate() {
                s.settled[cage.at + i] = settled_key(s, usize::from(cell));
            }
        }
        Some(changed)
    }

    /// The cage rule of the full search: keeps the combinations of the open cells that avoid the
    /// placed digits and that the open cells' candidates can cover, restricts the open cells to
    /// their digits, and places a digit every combination needs when one open cell allows it.
    fn cage_combinations<const C: usize>(&self, s: &mut State<C>, cage: &CageInfo) -> Option<bool> {
        let mut placed = 0u32;
        let mut reach = 0u32;
        let mut open = [0usize; 32];
        let mut count = 0;
        for &cell in &cage.cells {
            let cell = usize::from(cell);
            if s.value[cell] != 0 {
                placed |= s.cand[cell];
            } else {
                reach |= s.cand[cell];
                open[count] = cell;
                count += 1;
            }
        }
        let open = &open[..count];
        let (mut union, mut every, mut any) = (0u32, u32::MAX, false);
        for &combo in &cage.combos {
            if combo & placed != placed {
                continue;
            }
            let rest = combo ^ placed;
            if rest & !reach != 0 || open.iter().any(|&c| s.cand[c] & rest == 0) {
                continue;
            }
            union |= rest;
            every &= rest;
            any = true;
        }
        if !any {
            return None;
        }
        let mut changed = false;
        for &cell in open {
            let m = s.cand[cell] & union;
            if m != s.cand[cell] {
                if m == 0 {
                    return None;
                }
                s.cand[cell] = m;
                changed = true;
            }
        }
        let mut needed = every & !placed;
        while needed != 0 && !open.is_empty() {
            let bit = needed & needed.wrapping_neg();
            needed ^= bit;
            let mut allowing = open.iter().filter(|&&c| s.cand[c] & bit != 0);
            let first = *allowing.next()?;
            if allowing.next().is_none() && s.value[first] == 0 {
                if !self.place(s, first, bit) {
                    return None;
                }
                changed = true;
            }
        }
        Some(changed)
    }

    /// The cage rule of singles: the last open cell of a cage takes what the sum leaves, and a
    /// full cage must add up to its sum.
    fn cage_last_cell<const C: usize>(&self, s: &mut State<C>, cage: &CageInfo) -> Option<bool> {
        let mut total = 0u32;
        let mut open = None;
        for &cell in &cage.cells {
            let cell = usize::from(cell);
            match s.value[cell] {
                0 if open.is_some() => return Some(false),
                0 => open = Some(cell),
                digit => total += u32::from(digit),
            }
        }
        let Some(cell) = open else {
            return (total == cage.sum).then_some(false);
        };
        let digit = cage
            .sum
            .checked_sub(total)
            .filter(|&d| d >= 1 && d as usize <= self.size)?;
        self.place(s, cell, 1 << (digit - 1)).then_some(true)
    }
}

#[cfg(test)]
mod tests;
