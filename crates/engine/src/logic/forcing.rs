//! Forcing chains, the last logical resort: assume a candidate and propagate singles (naked and
//! hidden) on a copy of the grid; in a killer also the cage rules (each cage's open cells keep
//! only the digits some filling of its sum puts there, which includes the cage sum single).
//! - *Contradiction*: an assumption that empties a cell or a house of a digit is false (all the
//!   shortest such contradictions are reported together as one step: each is proven on its own).
//! - *Cell forcing*: if every candidate of a cell leads to the same placement or elimination, it
//!   holds.
//! - *House forcing*: likewise for every place of a digit in a house.
//!
//! The length of a deduction is the number of placements the longest branch needs to reach it;
//! the shortest deduction is reported. Branches live in flat buffers allocated once per search.
//!
//! On 9×9-and-smaller grids of houses, Sudoku Explainer's families (`implications`) take the
//! plain search's place; there it only counts refutations for the diabolical climb, and the
//! nested depth comes after SE's families. Deeper searches propagate more inside each branch:
//! - depth 1, *dynamic forcing chains*: singles, then locked candidates and naked/hidden pairs;
//! - depth 2, *nested forcing chains*: depth 1, then every candidate of the branch whose
//!   assumption leads to a contradiction by singles (a forcing chain inside the branch) goes.
//!   (Deeper nesting, dynamic chains inside, cost five times as much and found nothing the
//!   forum's hardest puzzles need; see docs/RATING.md.)
//!
//! Every rule is a deduction from the branch's assumption, so the conclusions stay sound; no
//! branch ever guesses or consults a solution. The deeper searches are limited to grids of at
//! most 81 cells without cages (their cost grows with the cube of the candidates), and a nested
//! search gives up after [`NESTED_BUDGET`] inner propagations (deterministic, not a clock).

use crate::grid::marks::MarkRule;
use crate::grid::{CageSet, Geometry, Rule};

use crate::solve::{Solution, Solver};

use super::candidates::{Candidates, Tables, bit, digits};
use super::step::Step;
use super::technique::Technique;

/// How a branch ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// No more singles: a consistent state.
    Quiet,
    /// A contradiction.
    Contradiction,
    /// Stopped at the cap (a shorter contradiction is already known).
    Capped,
    /// Not computed (the node is not a candidate).
    None,
}

/// Every candidate's branch, indexed by node `cell * n + digit - 1`, in flat buffers.
struct Branches {
    cells: usize,
    n: usize,
    end: Vec<End>,
    /// Placements made (the assumption included).
    len: Vec<u16>,
    /// Placements of the longest inner contradiction a nested branch used (0 below depth 2).
    inner_len: Vec<u32>,
    /// Per node, its row in `when` and `kept` (only candidates have one).
    row_of: Vec<u32>,
    /// Per node and cell: when it was placed (index in the branch's placements; u16::MAX).
    when: Vec<u16>,
    /// Per node and cell: the digits still possible at the end (candidates or the value).
    kept: Vec<u32>,
}

impl Branches {
    /// The start of a candidate node's row in `when` and `kept`.
    fn row(&self, node: usize) -> usize {
        self.row_of[node] as usize * self.cells
    }

    /// The value a branch gave a cell (0 if none), at `row + cell`.
    fn value(&self, at: usize) -> u8 {
        if self.when[at] == u16::MAX {
            0
        } else {
            self.kept[at].trailing_zeros() as u8 + 1
        }
    }
}

thread_local! {
    /// The `when` and `kept` buffers, kept between searches to avoid page faults.
    static BUFFERS: std::cell::RefCell<(Vec<u16>, Vec<u32>)> = const {
        std::cell::RefCell::new((Vec::new(), Vec::new()))
    };
    /// The last grid [`deeper_supported`] found with one solution on this thread: its
    /// geometry, its digits and the solution. Along a rating's path each grid is the last one
    /// with more of the solution's digits placed, and need not be solved again.
    static LAST_UNIQUE: std::cell::RefCell<Option<KnownUnique>> = const {
        std::cell::RefCell::new(None)
    };
    /// While [`noting_refutations`] runs: each grid a plain forcing-chain search looked at,
    /// with its [`refutations`].
    static NOTES: std::cell::RefCell<Option<Vec<RefutationNote>>> = const {
        std::cell::RefCell::new(None)
    };
}

/// The inner propagations a nested search (depth 2) may run for one step before it gives
/// up: a fixed amount of work, so a result never depends on the machine's speed. The forum's
/// hardest puzzles need at most 110,000 (measured; about 0.1 s in a release build).
pub const NESTED_BUDGET: u64 = 2_000_000;

/// A working copy of the grid for one branch.
struct Scratch<'g> {
    geo: &'g Geometry,
    /// The geometry's houses of each cell and peers (asked for at every placement).
    houses_of: &'g [Vec<usize>],
    peers: &'g [Vec<usize>],
    tables: &'g Tables,
    /// What is propagated: 0 singles (and cage rules), 1 also locked candidates and pairs, 2 also
    /// contradictions of depth-0 branches inside (`depth - 2` inside in general).
    depth: u8,
    /// The scratch of the inner branches (depth 2), made on first use.
    inner: Option<Box<Scratch<'g>>>,
    /// Inner propagations left (nested depths); the search gives up at 0.
    budget: u64,
    cages: Option<&'g CageSet>,
    /// The modern kinds' marks as one rule.
    marks: Option<&'g MarkRule>,
    /// The candidates of a cage's open cells (a reused buffer).
    cage_masks: Vec<u32>,
    all: u32,
    value: Vec<u8>,
    cand: Vec<u32>,
    when: Vec<u16>,
    /// Per house, the digits placed in it.
    placed: Vec<u32>,
    count: u16,
    /// Placements of the longest inner contradiction this branch used (nested depths).
    inner_len: u32,
}

impl<'g> Scratch<'g> {
    /// A scratch for the branches of `c`, propagating to `depth`.
    fn new(c: &'g Candidates<'_>, depth: u8, budget: u64) -> Scratch<'g> {
        let cells = c.masks().len();
        Scratch {
            geo: c.geometry(),
            houses_of: c.geometry().all_houses_of(),
            peers: c.geometry().all_peers(),
            tables: c.tables(),
            depth,
            inner: None,
            budget,
            cages: c.geometry().cages(),
            marks: c.geometry().constraints().mark_rule(),
            cage_masks: Vec::new(),
            all: c.geometry().all_digits(),
            value: vec![0; cells],
            cand: vec![0; cells],
            when: vec![u16::MAX; cells],
            placed: vec![0; c.geometry().houses().len()],
            count: 0,
            inner_len: 0,
        }
    }

    /// Places a digit; false on a contradiction (a peer left without candidates or holding it).
    fn place(&mut self, cell: usize, digit: u8) -> bool {
        if self.value[cell] != 0 {
            return self.value[cell] == digit;
        }
        self.value[cell] = digit;
        self.cand[cell] = 0;
        self.when[cell] = self.count;
        self.count += 1;
        let b = bit(digit);
        for &h in &self.houses_of[cell] {
            if self.placed[h] & b != 0 {
                return false;
            }
            self.placed[h] |= b;
        }
        // Without a branch per peer: a peer left without candidates is a contradiction, and
        // what else this placement would remove no longer matters then.
        let mut emptied = false;
        for &peer in &self.peers[cell] {
            let m = self.cand[peer];
            self.cand[peer] = m & !b;
            emptied |= m == b;
        }
        !emptied
    }

    /// Places every cell left with one candidate, in cell order: a cell that a placement
    /// leaves with one candidate is placed in the same pass when it comes later.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        let mut from = 0;
        while let Some(cell) = self.next_single(from) {
            progress = true;
            let m = self.cand[cell];
            if !self.place(cell, m.trailing_zeros() as u8 + 1) {
                return None;
            }
            from = cell + 1;
        }
        Some(progress)
    }

    /// The first cell from `from` on with exactly one candidate. Blocks of cells are tested
    /// without a branch (and without counting bits) so the test vectorises.
    fn next_single(&self, from: usize) -> Option<usize> {
        let rest = self.cand.get(from..)?;
        rest.chunks(32).enumerate().find_map(|(block, masks)| {
            let singles = masks.iter().enumerate().fold(0u32, |acc, (i, &m)| {
                acc | (u32::from(m != 0 && m & m.wrapping_sub(1) == 0) << i)
            });
            (singles != 0).then(|| from + 32 * block + singles.trailing_zeros() as usize)
        })
    }

    fn hidden_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        for (h, house) in self.geo.houses().iter().enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for &x in &house.cells {
                let m = self.cand[x];
                twice |= once & m;
                once |= m;
            }
            if (once | self.placed[h]) != self.all {
                return None;
            }
            for d in digits(once & !twice) {
                let x = house
                    .cells
                    .iter()
                    .copied()
                    .find(|&x| self.cand[x] & bit(d) != 0);
                if let Some(x) = x {
                    progress = true;
                    if !self.place(x, d) {
                        return None;
                    }
                }
            }
        }
        Some(progress)
    }

    /// The rules beyond houses (a killer's cages), each pruning its open cells' candidates.
    fn cage_rules(&mut self) -> Option<bool> {
        let mut progress = false;
        if let Some(marks) = self.marks {
            progress |= marks
                .prune(&self.value, &mut self.cand, &mut self.cage_masks)
                .ok()?;
        }
        let Some(cages) = self.cages else {
            return Some(progress);
        };
        for cage in cages.cages() {
            progress |= cage
                .prune(&self.value, &mut self.cand, &mut self.cage_masks)
                .ok()?;
        }
        Some(progress)
    }

    /// Assumes `digit` in `cell` on a fresh copy of `c` and propagates.
    fn run(&mut self, c: &Candidates, placed: &[u32], cell: usize, digit: u8, cap: usize) -> End {
        self.start(c.values(), c.masks(), placed);
        self.assume(cell, digit, cap)
    }

    /// Starts a branch from the given state.
    fn start(&mut self, value: &[u8], cand: &[u32], placed: &[u32]) {
        self.value.copy_from_slice(value);
        self.cand.copy_from_slice(cand);
        self.when.fill(u16::MAX);
        self.placed.copy_from_slice(placed);
        self.count = 0;
        self.inner_len = 0;
    }

    /// Places `digit` in `cell` and propagates until quiet, a contradiction or the cap.
    fn assume(&mut self, cell: usize, digit: u8, cap: usize) -> End {
        if !self.place(cell, digit) {
            return End::Contradiction;
        }
        loop {
            match self.propagate_once() {
                None => return End::Contradiction,
                Some(false) => return End::Quiet,
                Some(true) if self.count as usize > cap => return End::Capped,
                Some(true) => {}
            }
        }
    }

    /// One round of the rules of this depth, cheapest first; None on a contradiction.
    fn propagate_once(&mut self) -> Option<bool> {
        let naked = self.naked_singles()?;
        let hidden = self.hidden_singles()?;
        if naked || hidden {
            return Some(true);
        }
        // The cage rules only once the singles are done (they cost more); likewise each deeper
        // rule only once the cheaper ones are quiet.
        if self.cage_rules()? {
            return Some(true);
        }
        if self.depth >= 1 && self.basic()? {
            return Some(true);
        }
        if self.depth >= 2 {
            return self.nested();
        }
        Some(false)
    }

    /// Removes `mask` from a cell's candidates; None when none are left.
    fn remove(&mut self, cell: usize, mask: u32) -> Option<bool> {
        let m = self.cand[cell];
        if m & mask == 0 {
            return Some(false);
        }
        self.cand[cell] = m & !mask;
        if self.cand[cell] == 0 {
            return None;
        }
        Some(true)
    }

    fn union(&self, cells: &[usize]) -> u32 {
        cells.iter().fold(0, |m, &x| m | self.cand[x])
    }

    /// Locked candidates, naked pairs and hidden pairs (depth 1 and more).
    fn basic(&mut self) -> Option<bool> {
        let locked = self.locked_candidates()?;
        let naked = self.naked_pairs()?;
        let hidden = self.hidden_pairs()?;
        Some(locked || naked || hidden)
    }

    /// A digit whose places in one house all lie in another leaves the rest of that other.
    fn locked_candidates(&mut self) -> Option<bool> {
        let tables = self.tables;
        let mut progress = false;
        for x in &tables.intersections {
            let locked =
                self.union(&x.shared) & !self.union(&x.base_rest) & self.union(&x.cover_rest);
            if locked != 0 {
                for &cell in &x.cover_rest {
                    progress |= self.remove(cell, locked)?;
                }
            }
        }
        Some(progress)
    }

    /// Two cells of a house with the same two candidates take them from the rest of the house.
    fn naked_pairs(&mut self) -> Option<bool> {
        let geo = self.geo;
        let mut progress = false;
        for house in geo.houses() {
            let cells = &house.cells;
            for (i, &a) in cells.iter().enumerate() {
                let m = self.cand[a];
                if m.count_ones() != 2 {
                    continue;
                }
                let Some(&b) = cells[i + 1..].iter().find(|&&b| self.cand[b] == m) else {
                    continue;
                };
                for &x in cells {
                    if x != a && x != b {
                        progress |= self.remove(x, m)?;
                    }
                }
            }
        }
        Some(progress)
    }

    /// Two digits with the same two places in a house leave those cells no other candidate.
    fn hidden_pairs(&mut self) -> Option<bool> {
        let geo = self.geo;
        let n = self.all.count_ones() as usize;
        let mut progress = false;
        let mut places = [0u64; 33];
        for house in geo.houses() {
            places[..=n].fill(0);
            for (i, &x) in house.cells.iter().enumerate() {
                for d in digits(self.cand[x]) {
                    places[d as usize] |= 1 << i;
                }
            }
            for d1 in 1..=n {
                if places[d1].count_ones() != 2 {
                    continue;
                }
                for d2 in d1 + 1..=n {
                    if places[d2] != places[d1] {
                        continue;
                    }
                    let keep = bit(d1 as u8) | bit(d2 as u8);
                    let (i, j) = (places[d1].trailing_zeros(), 63 - places[d1].leading_zeros());
                    for at in [i, j] {
                        progress |= self.remove(house.cells[at as usize], self.all & !keep)?;
                    }
                }
            }
        }
        Some(progress)
    }

    /// Every candidate of this branch whose own branch (two depths lower) fails goes.
    fn nested(&mut self) -> Option<bool> {
        let mut inner = match self.inner.take() {
            Some(inner) => inner,
            None => Box::new(self.child()),
        };
        let mut refuted = Vec::new();
        'cells: for cell in 0..self.cand.len() {
            let m = self.cand[cell];
            if m.count_ones() < 2 {
                continue;
            }
            for d in digits(m) {
                if self.budget == 0 {
                    break 'cells;
                }
                self.budget -= 1;
                inner.start(&self.value, &self.cand, &self.placed);
                if inner.assume(cell, d, usize::MAX) == End::Contradiction {
                    self.inner_len = self.inner_len.max(u32::from(inner.count) + inner.inner_len);
                    refuted.push((cell, d));
                }
            }
        }
        self.inner = Some(inner);
        for &(cell, d) in &refuted {
            self.remove(cell, bit(d))?;
        }
        Some(!refuted.is_empty())
    }

    /// A scratch for the inner branches of a nested search.
    fn child(&self) -> Scratch<'g> {
        Scratch {
            geo: self.geo,
            houses_of: self.houses_of,
            peers: self.peers,
            tables: self.tables,
            depth: self.depth.saturating_sub(2),
            inner: None,
            budget: 0,
            cages: self.cages,
            marks: self.marks,
            cage_masks: Vec::new(),
            all: self.all,
            value: self.value.clone(),
            cand: self.cand.clone(),
            when: self.when.clone(),
            placed: self.placed.clone(),
            count: 0,
            inner_len: 0,
        }
    }
}

/// Every candidate's branch, propagated to `depth`; None when a nested search ran out of its
/// budget. Once a contradiction is known, later branches stop at its length (they are then only
/// used to look for a shorter contradiction).
fn all_branches(c: &Candidates, depth: u8, budget: u64, capped: bool) -> Option<Branches> {
    branches_until(c, depth, budget, capped, |_, _| false)
}

/// [`all_branches`], cell by cell, asking `stop` after each cell's branches (with the
/// branches so far and the cell); None when it says stop or a nested search ran out of its
/// budget.
fn branches_until(
    c: &Candidates,
    depth: u8,
    budget: u64,
    capped: bool,
    mut stop: impl FnMut(&Branches, usize) -> bool,
) -> Option<Branches> {
    let (cells, n) = (c.masks().len(), c.size());
    let (mut when, mut kept) = BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
    when.clear();
    kept.clear();
    let mut b = Branches {
        cells,
        n,
        end: vec![End::None; cells * n],
        len: vec![0; cells * n],
        inner_len: vec![0; cells * n],
        row_of: vec![u32::MAX; cells * n],
        when,
        kept,
    };
    let mut s = Scratch::new(c, depth, budget);
    let placed = placed_digits(c);
    let mut cap = usize::MAX;
    for cell in 0..cells {
        for d in digits(c.mask(cell)) {
            let node = cell * n + d as usize - 1;
            let end = s.run(c, &placed, cell, d, cap);
            b.end[node] = end;
            b.len[node] = s.count;
            b.inner_len[node] = s.inner_len;
            if end == End::Contradiction && capped {
                cap = cap.min(s.count as usize);
            }
            b.row_of[node] = (b.when.len() / cells) as u32;
            b.when.extend_from_slice(&s.when);
            let kept =
                (0..cells).map(|x| s.cand[x] | if s.value[x] != 0 { bit(s.value[x]) } else { 0 });
            b.kept.extend(kept);
            if depth >= 2 && s.budget == 0 {
                BUFFERS.with(|buffers| *buffers.borrow_mut() = (b.when, b.kept));
                return None;
            }
        }
        if stop(&b, cell) {
            BUFFERS.with(|buffers| *buffers.borrow_mut() = (b.when, b.kept));
            return None;
        }
    }
    Some(b)
}

/// The digits placed in each house.
fn placed_digits(c: &Candidates) -> Vec<u32> {
    c.geometry()
        .houses()
        .iter()
        .map(|h| {
            h.cells.iter().fold(0, |m, &x| {
                m | if c.value(x) != 0 { bit(c.value(x)) } else { 0 }
            })
        })
        .collect()
}

/// How many plain forcing chains (by singles alone) conclude something here: candidates that
/// lead to a contradiction, cells and houses whose every branch agrees on something. 0 means
/// none does, so only a deeper chain can go on; a generator searching for harder puzzles
/// lowers it towards that point.
pub fn refutations(c: &Candidates) -> usize {
    let Some(b) = all_branches(c, 0, 0, false) else {
        return 0;
    };
    let count = count_refutations(c, &b);
    BUFFERS.with(|buffers| *buffers.borrow_mut() = (b.when, b.kept));
    count
}

/// A grid a plain forcing-chain search looked at (its values and candidates), and its
/// [`refutations`].
pub struct RefutationNote {
    values: Vec<u8>,
    masks: Vec<u32>,
    count: usize,
}

/// Runs `work` (a solve) while the plain forcing-chain searches note each grid's
/// [`refutations`], from the branches they propagate anyway, and returns the notes with the
/// result: a caller that needs the count at the grids where the path used a forcing chain then
/// does not propagate every branch a second time ([`refutations_noted`]).
pub fn noting_refutations<T>(work: impl FnOnce() -> T) -> (T, Vec<RefutationNote>) {
    NOTES.with(|notes| *notes.borrow_mut() = Some(Vec::new()));
    let result = work();
    let notes = NOTES
        .with(|notes| notes.borrow_mut().take())
        .unwrap_or_default();
    (result, notes)
}

/// [`refutations`] of `c`, from the notes when a search looked at this very grid.
pub fn refutations_noted(c: &Candidates, notes: &[RefutationNote]) -> usize {
    notes
        .iter()
        .find(|note| note.values == c.values() && note.masks == c.masks())
        .map_or_else(|| refutations(c), |note| note.count)
}

/// True while [`noting_refutations`] runs on this thread.
fn noting() -> bool {
    NOTES.with(|notes| notes.borrow().is_some())
}

/// The count of [`refutations`] from every branch of `c`, propagated without a cap.
fn count_refutations(c: &Candidates, b: &Branches) -> usize {
    let mut tally = Tally::new(c);
    for cell in 0..c.masks().len() {
        tally.after_cell(c, b, cell);
    }
    tally.count
}

/// [`refutations`] counted as the branches come, cell by cell: a cell's contradictions and
/// whether its branches agree once they are all there, a house's digits once its last cell's
/// are.
struct Tally {
    count: usize,
    /// Per cell, the houses whose last cell it is.
    houses_ending: Vec<Vec<usize>>,
}

impl Tally {
    fn new(c: &Candidates) -> Tally {
        let mut houses_ending = vec![Vec::new(); c.masks().len()];
        for (h, house) in c.geometry().houses().iter().enumerate() {
            if let Some(&last) = house.cells.iter().max() {
                houses_ending[last].push(h);
            }
        }
        Tally {
            count: 0,
            houses_ending,
        }
    }

    /// Counts what the branches of `cell` (all there) conclude, and those of the houses it
    /// completes.
    fn after_cell(&mut self, c: &Candidates, b: &Branches, cell: usize) {
        let node = |x: usize, d: u8| x * b.n + d as usize - 1;
        self.count += digits(c.mask(cell))
            .filter(|&d| b.end[node(cell, d)] == End::Contradiction)
            .count();
        let premises: Vec<(usize, u8)> = digits(c.mask(cell)).map(|d| (cell, d)).collect();
        self.count += usize::from(common(c, b, premises, Technique::CellForcingChain).is_some());
        for &h in &self.houses_ending[cell] {
            let house = &c.geometry().houses()[h];
            for d in 1..=c.size() as u8 {
                let premises: Vec<(usize, u8)> = digits(c.places(h, d))
                    .map(|i| (house.cells[i as usize - 1], d))
                    .collect();
                self.count +=
                    usize::from(common(c, b, premises, Technique::HouseForcingChain).is_some());
            }
        }
    }
}

/// [`find`] with the note of its grid's [`refutations`], as [`noting_refutations`] takes it;
/// `None` as soon as the branches show that more than `limit` plain forcing chains conclude
/// something here (a grid wider than `limit`: what the step would be no longer matters).
pub fn find_noted_unless_wider(
    c: &Candidates,
    limit: usize,
) -> Option<(Option<Step>, RefutationNote)> {
    let mut tally = Tally::new(c);
    let branches = branches_until(c, 0, NESTED_BUDGET, false, |b, cell| {
        tally.after_cell(c, b, cell);
        tally.count > limit
    })?;
    let found = conclude(c, &branches);
    BUFFERS.with(|b| *b.borrow_mut() = (branches.when, branches.kept));
    let note = RefutationNote {
        values: c.values().to_vec(),
        masks: c.masks().to_vec(),
        count: tally.count,
    };
    Some((found, note))
}

/// A candidate deduction with its length.
struct Conclusion {
    technique: Technique,
    premises: Vec<(usize, u8)>,
    length: usize,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
}

/// The shortest forcing chain: contradiction first, else cell or house forcing.
/// On grids where Sudoku Explainer's families run ([`super::implications::supported`]) they
/// take its place, so it finds nothing there (while [`noting_refutations`] runs, it still notes
/// the grid's count).
pub fn find(c: &Candidates) -> Option<Step> {
    if super::implications::supported(c) {
        if noting()
            && let Some((_, note)) = find_noted_unless_wider(c, usize::MAX)
        {
            NOTES.with(|notes| notes.borrow_mut().as_mut().map(|list| list.push(note)));
        }
        return None;
    }
    search(c, 0)
}

/// The shortest nested forcing chain (branches also use forcing chains by singles).
pub fn find_nested(c: &Candidates) -> Option<Step> {
    deeper(c, 2, Technique::NestedForcingChain)
}

/// The most cells a grid may have for the deeper (dynamic and nested) searches to run.
pub const DEEPER_MAX_CELLS: usize = 81;

/// True when the deeper searches run on this grid: at most [`DEEPER_MAX_CELLS`] cells, no
/// cages, and one solution. A puzzle with several solutions can never be finished by logic, and the deeper
/// searches' work is bounded per step, not per puzzle: on such grids (a batch of them costs
/// 30 ms a line otherwise) they are not started. The exact count decides no step; a unique
/// puzzle is rated exactly as before.
pub fn deeper_supported(c: &Candidates) -> bool {
    let geo = c.geometry();
    if !geo.constraints().is_empty() || c.masks().len() > DEEPER_MAX_CELLS {
        return false;
    }
    let grid = c.grid();
    let known = LAST_UNIQUE.with(|last| {
        last.borrow()
            .as_ref()
            .is_some_and(|(was_geo, base, solution)| {
                was_geo == geo && extends(grid.cells(), base, solution)
            })
    });
    if known {
        return true;
    }
    let Solution::Unique(solution) = Solver::new(geo).solve(&grid) else {
        return false;
    };
    let remembered = (
        geo.clone(),
        grid.cells().to_vec(),
        solution.cells().to_vec(),
    );
    LAST_UNIQUE.with(|last| *last.borrow_mut() = Some(remembered));
    true
}

/// A grid with one solution: its geometry, its digits and the solution.
type KnownUnique = (Geometry, Vec<u8>, Vec<u8>);

/// Whether `cells` keeps every digit of `base` and holds only digits of `solution`, the one
/// solution of `base`: then `solution` is its one solution too (its solutions are among
/// `base`'s, and `solution` fits it).
fn extends(cells: &[u8], base: &[u8], solution: &[u8]) -> bool {
    cells.len() == base.len()
        && cells
            .iter()
            .zip(base)
            .zip(solution)
            .all(|((&now, &was), &only)| (was == 0 || now == was) && (now == 0 || now == only))
}

fn deeper(c: &Candidates, depth: u8, technique: Technique) -> Option<Step> {
    if !deeper_supported(c) {
        return None;
    }
    search(c, depth).map(|mut step| {
        step.technique = technique;
        step
    })
}

fn search(c: &Candidates, depth: u8) -> Option<Step> {
    // Noting needs every branch to its end; the first contradiction's cap changes no step
    // (it only stops branches longer than the shortest contradiction, and a contradiction
    // comes before any other conclusion).
    if depth == 0 && noting() {
        let (found, note) = find_noted_unless_wider(c, usize::MAX)?;
        NOTES.with(|notes| notes.borrow_mut().as_mut().map(|list| list.push(note)));
        return found;
    }
    let branches = all_branches(c, depth, NESTED_BUDGET, true)?;
    let found = conclude(c, &branches);
    BUFFERS.with(|b| *b.borrow_mut() = (branches.when, branches.kept));
    found
}

fn conclude(c: &Candidates, branches: &Branches) -> Option<Step> {
    contradiction(branches)
        .or_else(|| {
            let mut best = cell_forcing(c, branches);
            if let Some(found) = house_forcing(c, branches) {
                offer(&mut best, found);
            }
            best
        })
        .map(|found| {
            let mut step = Step::new(found.technique, c.names());
            step.chain = found.premises;
            step.length = found.length;
            step.placements = found.placements;
            step.eliminations = found.eliminations;
            step
        })
}

fn node_of(b: &Branches, node: usize) -> (usize, u8) {
    (node / b.n, (node % b.n) as u8 + 1)
}

fn contradiction(b: &Branches) -> Option<Conclusion> {
    let failed = || (0..b.end.len()).filter(|&node| b.end[node] == End::Contradiction);
    let length = failed().map(|node| b.len[node]).min()?;
    let shortest = || failed().filter(|&node| b.len[node] == length);
    let eliminations: Vec<(usize, u8)> = shortest().map(|node| node_of(b, node)).collect();
    let inner = shortest().map(|node| b.inner_len[node]).max().unwrap_or(0);
    Some(Conclusion {
        technique: Technique::ContradictionChain,
        premises: eliminations.clone(),
        length: length as usize + inner as usize,
        placements: Vec::new(),
        eliminations,
    })
}

fn cell_forcing(c: &Candidates, b: &Branches) -> Option<Conclusion> {
    let mut best = None;
    for cell in 0..c.masks().len() {
        let premises: Vec<(usize, u8)> = digits(c.mask(cell)).map(|d| (cell, d)).collect();
        if let Some(found) = common(c, b, premises, Technique::CellForcingChain) {
            offer(&mut best, found);
        }
    }
    best
}

fn house_forcing(c: &Candidates, b: &Branches) -> Option<Conclusion> {
    let mut best = None;
    for (h, house) in c.geometry().houses().iter().enumerate() {
        for d in 1..=c.size() as u8 {
            let places = c.places(h, d);
            let premises: Vec<(usize, u8)> = digits(places)
                .map(|i| (house.cells[i as usize - 1], d))
                .collect();
            if let Some(found) = common(c, b, premises, Technique::HouseForcingChain) {
                offer(&mut best, found);
            }
        }
    }
    best
}

fn offer(best: &mut Option<Conclusion>, found: Conclusion) {
    if best.as_ref().is_none_or(|b| found.length < b.length) {
        *best = Some(found);
    }
}

/// What every branch of `premises` agrees on (the placement reached soonest, else eliminations).
fn common(
    c: &Candidates,
    b: &Branches,
    premises: Vec<(usize, u8)>,
    technique: Technique,
) -> Option<Conclusion> {
    if premises.len() < 2 {
        return None;
    }
    let nodes: Vec<usize> = premises
        .iter()
        .map(|&(x, d)| x * b.n + d as usize - 1)
        .collect();
    if nodes.iter().any(|&node| b.end[node] != End::Quiet) {
        return None;
    }
    let rows: Vec<usize> = nodes.iter().map(|&node| b.row(node)).collect();
    // A nested branch also counts the placements of the longest inner contradiction it used.
    let inner = nodes
        .iter()
        .map(|&node| b.inner_len[node] as usize)
        .max()
        .unwrap_or(0);
    let mut best: Option<(usize, (usize, u8))> = None;
    for x in 0..b.cells {
        let v = b.value(rows[0] + x);
        if v == 0 || c.value(x) != 0 || rows.iter().any(|&r| b.value(r + x) != v) {
            continue;
        }
        let length = rows
            .iter()
            .map(|&r| b.when[r + x] as usize + 1)
            .max()
            .unwrap_or(0);
        if best.is_none_or(|(l, _)| length < l) {
            best = Some((length, (x, v)));
        }
    }
    if let Some((length, placement)) = best {
        return Some(Conclusion {
            technique,
            premises,
            length: length + inner,
            placements: vec![placement],
            eliminations: Vec::new(),
        });
    }
    let eliminations: Vec<(usize, u8)> = (0..b.cells)
        .flat_map(|x| {
            let kept = rows.iter().fold(0, |m, &r| m | b.kept[r + x]);
            digits(c.mask(x) & !kept).map(move |d| (x, d))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let length = nodes
        .iter()
        .map(|&node| b.len[node] as usize)
        .max()
        .unwrap_or(0);
    Some(Conclusion {
        technique,
        premises,
        length: length + inner,
        placements: Vec::new(),
        eliminations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Geometry;
    use crate::logic::Level;
    use crate::logic::candidates::tests::{
        assert_sound, cell, classic9, from_line, grid_before, mask_of, open,
    };

    /// The first two puzzles of the forum's hardest list (`puzzles6_forum_hardest_1106.txt`).
    const HARDEST: [&str; 2] = [
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
    ];

    #[test]
    fn no_plain_forcing_chain_concludes_where_a_nested_one_is_needed() {
        let geo = Geometry::classic(9).expect("9x9");
        let start = from_line(&geo, HARDEST[0]);
        assert!(
            refutations(&start) > 0,
            "the start still has plain forcing chains"
        );
        let c = grid_before(&geo, HARDEST[0], Technique::NestedForcingChain);
        assert_eq!(refutations(&c), 0);
    }

    /// Noting the refutations while solving changes no step, and every grid where the path
    /// used a forcing chain (Sudoku Explainer's families, which take the plain search's place on
    /// these grids) is noted with the count that `refutations` gives there.
    #[test]
    fn noted_refutations_match_the_counted_ones_and_change_no_step() {
        let geo = classic9();
        for line in HARDEST {
            let givens = from_line(&geo, line).grid();
            let plain = crate::logic::solve_logic(&geo, &givens, Level::HARDEST);
            let (path, notes) =
                noting_refutations(|| crate::logic::solve_logic(&geo, &givens, Level::HARDEST));
            assert_eq!(path.steps, plain.steps, "noting changed the path");
            assert!(
                noting_refutations(|| ()).1.is_empty(),
                "notes outlive their solve"
            );
            let mut c = from_line(&geo, line);
            let mut forcing_steps = 0;
            for step in &path.steps {
                if matches!(
                    step.technique,
                    Technique::NishioForcingChain
                        | Technique::MultipleForcingChain
                        | Technique::DynamicForcingChain
                        | Technique::DynamicForcingChainPlus
                ) {
                    forcing_steps += 1;
                    let note = notes
                        .iter()
                        .find(|n| n.values == c.values() && n.masks == c.masks())
                        .expect("the grid of a forcing step is noted");
                    assert_eq!(note.count, refutations(&c));
                    assert_eq!(refutations_noted(&c, &notes), note.count);
                }
                c.apply(step);
            }
            assert!(forcing_steps > 0, "no plain forcing chain on the path");
        }
    }

    /// Up to the limit, the search unless wider is the noted search: the same step, and the
    /// note of the count `refutations` gives; past it, none, whatever the step would be.
    #[test]
    fn a_search_unless_wider_stops_only_past_the_limit() {
        let geo = classic9();
        let mut grids = 0;
        for line in HARDEST {
            let givens = from_line(&geo, line).grid();
            let path = crate::logic::solve_logic(&geo, &givens, Level::HARDEST);
            let mut c = from_line(&geo, line);
            for step in &path.steps {
                if step.level() >= Level::Extreme {
                    let count = refutations(&c);
                    let (found, note) = find_noted_unless_wider(&c, count).expect("not wider");
                    assert_eq!(found, search(&c, 0));
                    assert_eq!(note.count, count);
                    assert!(note.values == c.values() && note.masks == c.masks());
                    assert!(find_noted_unless_wider(&c, usize::MAX).is_some());
                    if count > 0 {
                        assert!(find_noted_unless_wider(&c, count - 1).is_none());
                        assert!(find_noted_unless_wider(&c, 0).is_none());
                    }
                    grids += 1;
                }
                c.apply(step);
            }
        }
        assert!(grids > 5, "only {grids} grids");
    }

    #[test]
    fn deeper_branches_are_sound_where_the_dynamic_family_is_needed() {
        // The depth-1 branches (singles, locked candidates and pairs) live on inside the nested
        // search; where the path needs Sudoku Explainer's dynamic family they conclude soundly.
        let geo = classic9();
        let c = grid_before(&geo, HARDEST[0], Technique::DynamicForcingChain);
        let step = deeper(&c, 1, Technique::DynamicForcingChain).expect("a deeper chain");
        assert_sound(&geo, HARDEST[0], &step);
    }

    #[test]
    fn nested_forcing_chain_on_a_hardest_puzzle() {
        let geo = classic9();
        let c = grid_before(&geo, HARDEST[0], Technique::NestedForcingChain);
        assert!(search(&c, 0).is_none() && deeper(&c, 1, Technique::DynamicForcingChain).is_none());
        let step = find_nested(&c).expect("a nested forcing chain");
        assert_eq!(step.technique, Technique::NestedForcingChain);
        // The length counts the longest inner contradiction too.
        assert!(step.length > 4 && step.score() >= 9.5, "{step}");
        assert_sound(&geo, HARDEST[0], &step);
        // A search that runs out of budget reports nothing rather than a partial result.
        assert!(all_branches(&c, 2, 10, true).is_none());
    }

    #[test]
    fn deeper_searches_find_nothing_without_a_deduction() {
        // Every candidate of an empty 4x4 grid is in some solution: nothing can be concluded.
        let geo = Geometry::classic(4).expect("4x4");
        let c = open(&geo);
        assert!(deeper(&c, 1, Technique::DynamicForcingChain).is_none());
        assert!(find_nested(&c).is_none());
        // Grids above 81 cells are left to the plain search (the cost grows too fast).
        let geo = Geometry::classic(16).expect("16x16");
        let c = open(&geo);
        assert!(!deeper_supported(&c));
        assert!(
            deeper(&c, 1, Technique::DynamicForcingChain).is_none() && find_nested(&c).is_none()
        );
        // Regression (mutation run: a batch of non-unique lines timed out in `rate`): a grid
        // with several solutions never starts the deeper searches, a unique one does.
        let nine = classic9();
        assert!(!deeper_supported(&open(&nine)));
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let unique = crate::grid::text::parse_line(line, 1, Some(9)).expect("line");
        assert!(deeper_supported(&Candidates::from_givens(&nine, &unique)));
    }

    #[test]
    fn a_grid_known_unique_is_trusted_only_for_its_own_solution_digits_added() {
        let nine = classic9();
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let unique = crate::grid::text::parse_line(line, 1, Some(9)).expect("line");
        let solution = Solver::new(&nine).first_solution(&unique).expect("solved");
        let with = |cell: usize, digit: u8| {
            let mut cells = unique.cells().to_vec();
            cells[cell] = digit;
            Candidates::from_givens(&nine, &crate::grid::Grid::new(9, cells))
        };
        assert!(deeper_supported(&Candidates::from_givens(&nine, &unique)));
        // One of the solution's digits more: still one solution (taken from the one known).
        let right = solution.cells()[1];
        assert!(deeper_supported(&with(1, right)));
        // Any other digit there: no solution, whatever was known.
        let wrong = right % 9 + 1;
        assert!(!deeper_supported(&with(1, wrong)));
        // A given taken away: counted afresh (this one has several solutions).
        assert!(deeper_supported(&Candidates::from_givens(&nine, &unique)));
        assert!(!deeper_supported(&with(0, 0)));
        // Another geometry with the same digits is not the one known.
        let variant = crate::grid::Variant {
            diagonal: true,
            ..crate::grid::Variant::CLASSIC
        };
        let diagonal = Geometry::new(9, variant, None, None).expect("9x9 X");
        let c = Candidates::from_givens(&diagonal, &unique);
        assert_eq!(
            deeper_supported(&c),
            Solver::new(&diagonal).count_solutions(&unique, 2) == 1
        );
    }

    #[test]
    fn branch_rules_locked_candidates_and_pairs() {
        let geo = classic9();
        let mut c = open(&geo);
        // Naked pair r1c1/r1c2 {1,2}; hidden pair {3,4} at r9c8/r9c9 (gone from the rest of
        // row 9); 5 in box 5 only in row 5 (locked).
        c.set_mask(cell("r1c1"), mask_of(&[1, 2]));
        c.set_mask(cell("r1c2"), mask_of(&[1, 2]));
        for col in 1..=7 {
            c.eliminate(cell(&format!("r9c{col}")), 3);
            c.eliminate(cell(&format!("r9c{col}")), 4);
        }
        for name in ["r4c4", "r4c5", "r4c6", "r6c4", "r6c5", "r6c6"] {
            c.eliminate(cell(name), 5);
        }
        let mut s = Scratch::new(&c, 1, 0);
        let placed = vec![0; geo.houses().len()];
        s.start(c.values(), c.masks(), &placed);
        assert_eq!(s.basic(), Some(true));
        assert_eq!(s.cand[cell("r1c3")] & mask_of(&[1, 2]), 0);
        assert_eq!(s.cand[cell("r2c1")] & mask_of(&[1, 2]), 0);
        assert_eq!(s.cand[cell("r9c8")], mask_of(&[3, 4]));
        assert_eq!(s.cand[cell("r5c1")] & mask_of(&[5]), 0);
        assert_ne!(s.cand[cell("r5c4")] & mask_of(&[5]), 0);
        // Nothing more to find: the rules are quiet on their own result.
        assert_eq!(s.basic(), Some(false));
        // Three cells with the same pair are a contradiction.
        let mut broken = c.clone();
        broken.set_mask(cell("r1c3"), mask_of(&[1, 2]));
        let mut s = Scratch::new(&broken, 1, 0);
        s.start(broken.values(), broken.masks(), &placed);
        assert_eq!(s.basic(), None);
    }

    #[test]
    fn forcing_chain_on_a_hard_puzzle_is_sound() {
        let geo = classic9();
        // A puzzle from the magictour top list; the solution checks every conclusion.
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let c = from_line(&geo, line);
        let solution = crate::solve::solve(&geo, &c.grid());
        let solution = solution.grid().expect("solvable").clone();
        let step = search(&c, 0).expect("a forcing chain");
        assert!(step.technique >= Technique::ContradictionChain);
        for &(x, d) in &step.placements {
            assert_eq!(solution.get(x), d, "{step}");
        }
        for &(x, d) in &step.eliminations {
            assert_ne!(solution.get(x), d, "{step}");
        }
    }

    #[test]
    fn contradiction_found() {
        let geo = classic9();
        // Row 1 has 1..7 placed; r1c8/r1c9 hold {8,9}. Column 8 has an 8 lower down except r1:
        // placing 9 in r1c8... simpler: r2c9 = 8 given, so r1c9 = 9 and r1c8 = 8 by singles; the
        // contradiction search finds that 9 in r1c8 fails (r1c9 would need 8, seen by r2c9).
        let line = format!("1234567..{}{}", "........8", ".".repeat(63));
        let c = from_line(&geo, &line);
        let step = search(&c, 0).expect("forcing");
        assert_eq!(step.technique, Technique::ContradictionChain);
    }

    #[test]
    fn nothing_forced_on_an_empty_grid() {
        let geo = classic9();
        let c = from_line(&geo, &".".repeat(81));
        assert!(search(&c, 0).is_none());
    }

    #[test]
    fn cell_and_house_forcing_found() {
        let geo = classic9();
        let mut c = open(&geo);
        // r1c1 {1,2}: 1 there makes r1c2 {1,5} a 5; 2 there makes r2c1 {2,5} a 5. Either way 5
        // leaves the rest of box 1.
        c.set_mask(cell("r1c1"), mask_of(&[1, 2]));
        c.set_mask(cell("r1c2"), mask_of(&[1, 5]));
        c.set_mask(cell("r2c1"), mask_of(&[2, 5]));
        let branches = all_branches(&c, 0, 0, true).expect("no budget at depth 0");
        let found = cell_forcing(&c, &branches).expect("cell forcing");
        assert_eq!(found.premises, vec![(0, 1), (0, 2)]);
        let want: Vec<(usize, u8)> = ["r1c3", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"]
            .iter()
            .map(|n| (cell(n), 5))
            .collect();
        // Both branches also end with r1c2 and r2c1 filled, so more follows; the box is there.
        assert!(
            want.iter().all(|e| found.eliminations.contains(e)),
            "{:?}",
            found.eliminations
        );
        // House forcing: 1 in row 1 is at r1c1 or r1c2 (restrict the rest): same picture.
        for col in 2..9 {
            c.eliminate(col, 1);
        }
        let branches = all_branches(&c, 0, 0, true).expect("no budget at depth 0");
        assert!(house_forcing(&c, &branches).is_some());
    }

    /// The naked singles of a branch are placed as a scan in cell order places them (a cell
    /// that a placement leaves single comes in the same pass when it lies further on): the
    /// same cells, in the same order, with the same outcome.
    #[test]
    fn naked_singles_are_placed_in_scan_order() {
        fn by_scan(s: &mut Scratch) -> Option<bool> {
            let mut progress = false;
            for cell in 0..s.cand.len() {
                let m = s.cand[cell];
                if m.count_ones() == 1 {
                    progress = true;
                    if !s.place(cell, m.trailing_zeros() as u8 + 1) {
                        return None;
                    }
                }
            }
            Some(progress)
        }
        let geo = Geometry::classic(9).expect("9x9");
        let (mut branches, mut cascades) = (0, 0);
        // Two of the hardest, and a 17-clue puzzle whose branches cascade more.
        let lines = [
            HARDEST[0],
            HARDEST[1],
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ];
        for line in lines {
            let c = from_line(&geo, line);
            let placed = placed_digits(&c);
            let (mut fast, mut scan) = (Scratch::new(&c, 0, 0), Scratch::new(&c, 0, 0));
            let values: Vec<u8> = (0..81).map(|x| c.value(x)).collect();
            for cell in 0..81 {
                for digit in digits(c.mask(cell)) {
                    fast.start(&values, c.masks(), &placed);
                    scan.start(&values, c.masks(), &placed);
                    assert_eq!(fast.place(cell, digit), scan.place(cell, digit));
                    loop {
                        let before = fast.count;
                        let (a, b) = (fast.naked_singles(), by_scan(&mut scan));
                        cascades += usize::from(fast.count >= before + 2);
                        assert_eq!(a, b, "r{}c{} = {digit}", cell / 9 + 1, cell % 9 + 1);
                        assert_eq!((&fast.value, &fast.when), (&scan.value, &scan.when));
                        assert_eq!((&fast.cand, fast.count), (&scan.cand, scan.count));
                        if a != Some(true) {
                            break;
                        }
                        // Hidden singles between rounds, as a branch runs them.
                        if fast.hidden_singles() != scan.hidden_singles() {
                            panic!("hidden singles differ");
                        }
                    }
                    branches += 1;
                }
            }
        }
        assert!(branches > 300, "{branches} branches");
        assert!(cascades > 5, "{cascades} passes placed two singles or more");
        // A chain in one row: r1c1 = 1 leaves r1c2 only 2, which leaves r1c3 only 3; one
        // pass places all three, in that order.
        let all = geo.all_digits();
        let mut masks = vec![all; 81];
        masks[..3].copy_from_slice(&[mask_of(&[1]), mask_of(&[1, 2]), mask_of(&[2, 3])]);
        let c = Candidates::from_masks(&geo, &[0; 81], &masks);
        let mut s = Scratch::new(&c, 0, 0);
        s.start(&[0; 81], c.masks(), &placed_digits(&c));
        assert_eq!(s.naked_singles(), Some(true));
        assert_eq!(
            (&s.value[..4], &s.when[..4]),
            (&[1, 2, 3, 0][..], &[0, 1, 2, u16::MAX][..])
        );
    }
}
