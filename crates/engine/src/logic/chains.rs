//! Chains: remote pairs (colouring of same-pair bivalue cells), X-chains (single digit; simple
//! colouring is a special case), XY-chains (through bivalue cells) and alternating inference
//! chains (AIC, both kinds of links).
//!
//! The chain search is a breadth-first walk of implications from "candidate A is false":
//! from a false node only *strong* links lead on (the other candidate of a bivalue cell, the
//! other place of a digit with two places in a house), which make a node true; from a true node
//! *weak* links (same digit in a peer, other digits of the cell) make nodes false. A node X found
//! false that is also weakly linked to A is false either way, so it is eliminated (the chain is
//! A … Z, with X seeing both ends); a walk that makes A itself true places A. Breadth-first order
//! gives the shortest chain for each start; the shortest over all starts is reported.

use super::candidates::{Candidates, bit, digits};
use super::step::Step;
use super::technique::Technique;
use super::wings;

/// Which links a chain may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Single digit: house strong links, same-digit weak links.
    X,
    /// Bivalue-cell strong links, same-digit weak links.
    Xy,
    /// All links.
    Aic,
}

/// Longest chain (in nodes) the searches consider.
const MAX_LENGTH: u16 = 40;

/// The easiest of X-chain, XY-chain, W-Wing and AIC by score (base + length bonus; ties go to
/// the simpler kind, and a W-Wing is named as such rather than as the AIC of the same length). AIC
/// links include the other kinds, so when no AIC exists there is none of them either: the
/// (costly) AIC search runs first and the others only when it finds one.
/// The three searches share one table of links.
pub fn find(c: &Candidates) -> Option<Step> {
    let links = Links::new(c);
    let Some(aic) = Search::new(c, &links, Mode::Aic).best(Technique::Aic) else {
        return wings::w_wing(c);
    };
    [
        Search::new(c, &links, Mode::X).best(Technique::XChain),
        Search::new(c, &links, Mode::Xy).best(Technique::XyChain),
        wings::w_wing(c),
        Some(aic),
    ]
    .into_iter()
    .flatten()
    .reduce(|best, step| {
        if step.score() < best.score() {
            step
        } else {
            best
        }
    })
}

/// X-chain (single digit), including simple colouring.
pub fn x_chain(c: &Candidates) -> Option<Step> {
    Search::new(c, &Links::new(c), Mode::X).best(Technique::XChain)
}

/// XY-chain.
pub fn xy_chain(c: &Candidates) -> Option<Step> {
    Search::new(c, &Links::new(c), Mode::Xy).best(Technique::XyChain)
}

/// Alternating inference chain.
pub fn aic(c: &Candidates) -> Option<Step> {
    Search::new(c, &Links::new(c), Mode::Aic).best(Technique::Aic)
}

/// A found deduction: the start, the chain length and the conclusions.
struct Found {
    start: u32,
    length: u16,
    last: u32,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    /// The chain's nodes, start first (filled right after the walk that found it).
    chain: Vec<(usize, u8)>,
}

/// Every link of a candidate grid, over nodes `cell << shift | digit - 1` (node order is cell
/// order, then digit order), as compressed rows: node → `targets[offsets[node]..offsets[node + 1]]`.
/// The modes take what they allow from these: X-chains the house links, XY-chains the
/// bivalue-cell links, AIC both; the weak links to other digits of the same cell (AIC only) are
/// not stored but read from the cell's mask.
struct Links {
    shift: u32,
    /// Strong links of both kinds, each row sorted by target.
    strong_offsets: Vec<u32>,
    strong_targets: Vec<u32>,
    /// Weak links to the same digit in a peer, in peer order.
    weak_offsets: Vec<u32>,
    weak_targets: Vec<u32>,
}

impl Links {
    fn new(c: &Candidates) -> Links {
        let shift = usize::BITS - (c.size().max(2) - 1).leading_zeros();
        let mut links = Links {
            shift,
            strong_offsets: Vec::new(),
            strong_targets: Vec::new(),
            weak_offsets: Vec::new(),
            weak_targets: Vec::new(),
        };
        links.build_strong(c);
        links.build_weak(c);
        links
    }

    fn nodes(&self, c: &Candidates) -> usize {
        c.masks().len() << self.shift
    }

    fn node(&self, cell: usize, digit: u8) -> u32 {
        (cell << self.shift | (digit as usize - 1)) as u32
    }

    fn cell_digit(&self, node: u32) -> (usize, u8) {
        let digit_mask = (1u32 << self.shift) - 1;
        ((node >> self.shift) as usize, (node & digit_mask) as u8 + 1)
    }

    /// Bivalue cells (the two digits of the cell) and houses where a digit has two places.
    fn build_strong(&mut self, c: &Candidates) {
        let mut edges: Vec<(u32, u32)> = Vec::new();
        for (cell, &m) in c.masks().iter().enumerate() {
            if m.count_ones() == 2 {
                let mut ds = digits(m);
                if let (Some(a), Some(b)) = (ds.next(), ds.next()) {
                    edges.push((self.node(cell, a), self.node(cell, b)));
                    edges.push((self.node(cell, b), self.node(cell, a)));
                }
            }
        }
        for house in c.geometry().houses() {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &x in &house.cells {
                let m = c.mask(x);
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            for d in digits(twice & !thrice) {
                let mut places = house.cells.iter().copied().filter(|&x| c.has(x, d));
                if let (Some(p), Some(q)) = (places.next(), places.next()) {
                    edges.push((self.node(p, d), self.node(q, d)));
                    edges.push((self.node(q, d), self.node(p, d)));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let nodes = self.nodes(c);
        let mut offsets = vec![0u32; nodes + 1];
        for &(from, _) in &edges {
            offsets[from as usize + 1] += 1;
        }
        for i in 0..nodes {
            offsets[i + 1] += offsets[i];
        }
        self.strong_offsets = offsets;
        self.strong_targets = edges.into_iter().map(|(_, to)| to).collect();
    }

    /// The same digit in a peer cell.
    fn build_weak(&mut self, c: &Candidates) {
        let nodes = self.nodes(c);
        let mut offsets = vec![0u32; nodes + 1];
        let mut targets = Vec::new();
        for cell in 0..c.masks().len() {
            let mask = c.mask(cell) & c.geometry().all_digits();
            for d in digits(mask) {
                let peers = c.geometry().peers(cell).iter().filter(|&&p| c.has(p, d));
                targets.extend(peers.map(|&p| self.node(p, d)));
                offsets[self.node(cell, d) as usize + 1] = targets.len() as u32;
            }
        }
        // Nodes without links end where the previous node ends.
        for i in 1..offsets.len() {
            offsets[i] = offsets[i].max(offsets[i - 1]);
        }
        self.weak_offsets = offsets;
        self.weak_targets = targets;
    }

    /// The strong links of `node`, in target order.
    fn strong(&self, node: u32) -> &[u32] {
        let node = node as usize;
        &self.strong_targets
            [self.strong_offsets[node] as usize..self.strong_offsets[node + 1] as usize]
    }

    /// The same-digit weak links of `node`, in peer order.
    fn weak(&self, node: u32) -> &[u32] {
        let node = node as usize;
        &self.weak_targets[self.weak_offsets[node] as usize..self.weak_offsets[node + 1] as usize]
    }

    /// True when a strong link from `node` to `target` is of a kind `mode` allows.
    fn allows(&self, mode: Mode, node: u32, target: u32) -> bool {
        match mode {
            // Same digit: a house link.
            Mode::X => (node ^ target) & ((1 << self.shift) - 1) == 0,
            // Same cell: a bivalue link.
            Mode::Xy => node >> self.shift == target >> self.shift,
            Mode::Aic => true,
        }
    }
}

/// One walk's start, depth limit and conclusions so far.
struct Walk {
    start: u32,
    limit: u16,
    found: Option<Found>,
}

struct Search<'a, 'g> {
    c: &'a Candidates<'g>,
    links: &'a Links,
    mode: Mode,
    /// Per node: a strong link this mode may use leaves it.
    live: Vec<bool>,
    stamp: Vec<u32>,
    parent: Vec<u32>,
    depth: Vec<u16>,
    generation: u32,
    queue: Vec<u32>,
}

impl<'a, 'g> Search<'a, 'g> {
    fn new(c: &'a Candidates<'g>, links: &'a Links, mode: Mode) -> Search<'a, 'g> {
        let mut search = Search {
            c,
            links,
            mode,
            live: Vec::new(),
            stamp: Vec::new(),
            parent: Vec::new(),
            depth: Vec::new(),
            generation: 0,
            queue: Vec::new(),
        };
        search.take_buffers(links.nodes(c) * 2);
        search.live = vec![false; links.nodes(c)];
        for cell in 0..c.masks().len() {
            for d in digits(c.mask(cell)) {
                let node = links.node(cell, d);
                let live = links
                    .strong(node)
                    .iter()
                    .any(|&target| links.allows(mode, node, target));
                search.live[node as usize] = live;
            }
        }
        search
    }

    fn cell_digit(&self, node: u32) -> (usize, u8) {
        self.links.cell_digit(node)
    }

    fn weakly_linked(&self, x: u32, a: u32) -> bool {
        let ((xc, xd), (ac, ad)) = (self.cell_digit(x), self.cell_digit(a));
        (xc == ac && xd != ad) || (xd == ad && self.c.sees(xc, ac))
    }

    /// The shortest chain over all starts, as a step.
    fn best(mut self, technique: Technique) -> Option<Step> {
        let found = self.best_within(MAX_LENGTH)?;
        Some(self.step(technique, found))
    }

    /// The shortest chain of at most `max_length` nodes over all starts.
    fn best_within(&mut self, max_length: u16) -> Option<Found> {
        let mut best: Option<Found> = None;
        // Only candidates have strong links: start from them, in node order.
        for cell in 0..self.c.masks().len() {
            for d in digits(self.c.mask(cell)) {
                let start = self.links.node(cell, d);
                if !self.live[start as usize] {
                    continue;
                }
                let limit = best.as_ref().map_or(max_length, |f| f.length - 1);
                if let Some(mut found) = self.walk(start, limit) {
                    found.chain = self.path(found.last, found.start);
                    let done = found.length <= 2;
                    best = Some(found);
                    if done {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Reaches `state` from `from` (unless this walk already has), records what it proves, and
    /// queues it only if the walk may still expand it: a false state needs a strong link, and
    /// the walk stops before the depth limit and before the depth of its first conclusion.
    /// Queue order, parents and conclusions are those of queueing every state.
    #[inline(always)]
    fn visit(&mut self, state: u32, from: u32, walk: &mut Walk) {
        if self.stamp[state as usize] != self.generation {
            self.reach(state, from, walk);
        }
    }

    /// [`Search::visit`] for a state new to this walk.
    fn reach(&mut self, state: u32, from: u32, walk: &mut Walk) {
        let s = state as usize;
        self.stamp[s] = self.generation;
        self.parent[s] = from;
        let depth = self.depth[from as usize] + 1;
        self.depth[s] = depth;
        self.conclude(walk.start, state, &mut walk.found);
        let expandable = state % 2 == 1 || self.live[s / 2];
        if expandable && depth < walk.limit && walk.found.as_ref().is_none_or(|f| depth < f.length)
        {
            self.queue.push(state);
        }
    }

    /// Breadth-first implications of "start is false", up to `limit` links; the conclusions at
    /// the smallest depth that has any.
    fn walk(&mut self, start: u32, limit: u16) -> Option<Found> {
        self.generation += 1;
        self.queue.clear();
        let first = start * 2;
        self.stamp[first as usize] = self.generation;
        self.depth[first as usize] = 0;
        self.queue.push(first);
        let mut walk = Walk {
            start,
            limit,
            found: None,
        };
        let mut head = 0;
        while head < self.queue.len() {
            let state = self.queue[head];
            head += 1;
            let depth = self.depth[state as usize];
            if depth >= limit || walk.found.as_ref().is_some_and(|f| depth >= f.length) {
                break;
            }
            self.expand(state, &mut walk);
        }
        walk.found
    }

    fn expand(&mut self, state: u32, walk: &mut Walk) {
        let node = state / 2;
        let links = self.links;
        if state.is_multiple_of(2) {
            for &target in links.strong(node) {
                if links.allows(self.mode, node, target) {
                    self.visit(target * 2 + 1, state, walk);
                }
            }
            return;
        }
        for &target in links.weak(node) {
            self.visit(target * 2, state, walk);
        }
        if self.mode == Mode::Aic {
            let (cell, digit) = self.cell_digit(node);
            let others = self.c.mask(cell) & self.c.geometry().all_digits() & !bit(digit);
            for other in digits(others) {
                self.visit(links.node(cell, other) * 2, state, walk);
            }
        }
    }

    /// Records what reaching `state` proves.
    fn conclude(&self, start: u32, state: u32, found: &mut Option<Found>) {
        let node = state / 2;
        let length = self.depth[state as usize];
        let (cell, digit) = self.cell_digit(node);
        let is_true = state % 2 == 1;
        let placement = is_true && node == start;
        let elimination = !is_true && node != start && self.weakly_linked(node, start);
        if !placement && !elimination {
            return;
        }
        let f = found.get_or_insert_with(|| Found {
            start,
            length,
            last: self.parent[state as usize],
            placements: Vec::new(),
            eliminations: Vec::new(),
            chain: Vec::new(),
        });
        if placement {
            f.placements.push((cell, digit));
            f.last = self.parent[state as usize];
        } else if !f.eliminations.contains(&(cell, digit)) {
            f.eliminations.push((cell, digit));
        }
    }

    /// The nodes from the start's false state to `last`, following the current walk's parents.
    fn path(&self, last: u32, start: u32) -> Vec<(usize, u8)> {
        let mut chain = Vec::new();
        let mut state = last;
        for _ in 0..=MAX_LENGTH as usize + 1 {
            chain.push(self.cell_digit(state / 2));
            if state == start * 2 {
                break;
            }
            state = self.parent[state as usize];
        }
        chain.reverse();
        chain
    }

    fn step(&self, technique: Technique, found: Found) -> Step {
        let mut step = Step::new(technique, self.c.names());
        if self.mode == Mode::X {
            step.digits = bit(self.cell_digit(found.start).1);
        }
        step.chain = found.chain;
        step.length = found.length as usize;
        step.placements = found.placements;
        if step.placements.is_empty() {
            step.eliminations = found.eliminations;
        }
        step
    }
}

/// The walk's per-state arrays, kept between searches of a thread: stamps tell which states
/// the current walk has seen (by generation), so nothing is cleared per search.
type WalkBuffers = (Vec<u32>, Vec<u32>, Vec<u16>, u32);

thread_local! {
    static BUFFERS: std::cell::RefCell<WalkBuffers> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new(), Vec::new(), 0)) };
}

impl Search<'_, '_> {
    /// Takes the thread's buffers, sized for `states`.
    fn take_buffers(&mut self, states: usize) {
        let (stamp, parent, depth, generation) =
            BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
        if stamp.len() == states && generation < u32::MAX - 100_000 {
            (self.stamp, self.parent, self.depth, self.generation) =
                (stamp, parent, depth, generation);
        } else {
            (self.stamp, self.parent, self.depth) =
                (vec![0; states], vec![0; states], vec![0; states]);
            self.generation = 0;
        }
    }
}

impl Drop for Search<'_, '_> {
    fn drop(&mut self) {
        let buffers = (
            std::mem::take(&mut self.stamp),
            std::mem::take(&mut self.parent),
            std::mem::take(&mut self.depth),
            self.generation,
        );
        BUFFERS.with(|b| *b.borrow_mut() = buffers);
    }
}

/// Remote pairs: bivalue cells with the same pair {a,b}, linked by seeing each other, are
/// coloured alternately; a cell that sees both colours of one group can hold neither a nor b.
pub fn remote_pairs(c: &Candidates) -> Option<Step> {
    let cells = c.masks().len();
    let mut pairs: Vec<u32> = c
        .masks()
        .iter()
        .copied()
        .filter(|m| m.count_ones() == 2)
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    for pair in pairs {
        let group: Vec<usize> = (0..cells).filter(|&x| c.mask(x) == pair).collect();
        if group.len() < 4 {
            continue;
        }
        if let Some(step) = colour_pairs(c, pair, &group) {
            return Some(step);
        }
    }
    None
}

fn colour_pairs(c: &Candidates, pair: u32, group: &[usize]) -> Option<Step> {
    let mut colour: Vec<Option<(usize, bool)>> = vec![None; group.len()];
    for root in 0..group.len() {
        if colour[root].is_some() {
            continue;
        }
        colour[root] = Some((root, false));
        let mut stack = vec![root];
        let mut members = vec![root];
        while let Some(i) = stack.pop() {
            let (_, side) = colour[i]?;
            for j in 0..group.len() {
                if colour[j].is_none() && c.sees(group[i], group[j]) {
                    colour[j] = Some((root, !side));
                    stack.push(j);
                    members.push(j);
                }
            }
        }
        if members.len() < 4 {
            continue;
        }
        let side_cells = |s: bool| -> Vec<usize> {
            members
                .iter()
                .filter(|&&i| colour[i].is_some_and(|(_, x)| x == s))
                .map(|&i| group[i])
                .collect()
        };
        let (even, odd) = (side_cells(false), side_cells(true));
        let elims: Vec<(usize, u8)> = (0..c.masks().len())
            .filter(|&x| c.mask(x) & pair != 0 && !group.contains(&x))
            .filter(|&x| even.iter().any(|&e| c.sees(x, e)) && odd.iter().any(|&o| c.sees(x, o)))
            .flat_map(|x| digits(c.mask(x) & pair).map(move |d| (x, d)))
            .collect();
        if !elims.is_empty() {
            let mut step = Step::new(Technique::RemotePairs, c.names());
            step.digits = pair;
            step.cells = members.iter().map(|&i| group[i]).collect();
            step.eliminations = elims;
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::tests::{cell, classic9, mask_of, open};

    #[test]
    fn remote_pairs_found() {
        let geo = classic9();
        let mut c = open(&geo);
        // r1c1 - r1c5 - r5c5 - r5c8: a chain of four {3,9} cells; r1c8 sees both ends.
        for name in ["r1c1", "r1c5", "r5c5", "r5c8"] {
            c.set_mask(cell(name), mask_of(&[3, 9]));
        }
        let step = remote_pairs(&c).expect("remote pairs");
        assert!(step.eliminations.contains(&(cell("r1c8"), 3)));
        assert!(step.eliminations.contains(&(cell("r5c1"), 9)));
        c.set_mask(cell("r5c8"), mask_of(&[3, 8]));
        assert!(remote_pairs(&c).is_none());
    }

    /// Digit 1 has exactly the places `keep` in each listed row/column line.
    fn restrict(c: &mut Candidates, digit: u8, lines: &[(bool, usize, &[usize])]) {
        for &(row, line, keep) in lines {
            for p in 0..9 {
                if !keep.contains(&p) {
                    let x = if row { line * 9 + p } else { p * 9 + line };
                    c.eliminate(x, digit);
                }
            }
        }
    }

    #[test]
    fn x_chain_found() {
        let geo = classic9();
        let mut c = open(&geo);
        assert!(x_chain(&c).is_none());
        // Digit 1: column 1 only r2/r8, column 6 only r3/r8. Chain r2c1 - r8c1 = r8c6 - r3c6:
        // 1 leaves the cells that see both ends: r3c2, r3c3, r2c4, r2c5.
        restrict(&mut c, 1, &[(false, 0, &[1, 7]), (false, 5, &[2, 7])]);
        let step = x_chain(&c).expect("x-chain");
        assert_eq!(step.technique, Technique::XChain);
        assert_eq!(step.length, 4);
        let mut elims = step.eliminations.clone();
        elims.sort_unstable();
        let want: Vec<(usize, u8)> = ["r2c4", "r2c5", "r3c2", "r3c3"]
            .iter()
            .map(|n| (cell(n), 1))
            .collect();
        assert_eq!(elims, want);
    }

    #[test]
    fn xy_chain_found() {
        let geo = classic9();
        let mut c = open(&geo);
        // {1,2} r1c1 — {2,3} r1c6 — {3,4} r6c6 — {4,1} r6c9: 1 leaves r1c9 and r6c1.
        for (name, ds) in [
            ("r1c1", [1, 2]),
            ("r1c6", [2, 3]),
            ("r6c6", [3, 4]),
            ("r6c9", [4, 1]),
        ] {
            c.set_mask(cell(name), mask_of(&ds));
        }
        assert!(x_chain(&c).is_none());
        let step = xy_chain(&c).expect("xy-chain");
        assert_eq!(step.length, 8);
        let mut elims = step.eliminations.clone();
        elims.sort_unstable();
        assert_eq!(elims, vec![(cell("r1c9"), 1), (cell("r6c1"), 1)]);
    }

    #[test]
    fn aic_found() {
        let geo = classic9();
        let mut c = open(&geo);
        // 5 in column 1 only r1/r9; 3 in row 9 only c1/c9; 4 in column 9 only r1/r9.
        // r1c1=5 - r9c1=5 = r9c1=3 - r9c9=3 = r9c9=4 - r1c9=4: r1c1 is 5 or r1c9 is 4, so 4 leaves
        // r1c1 and 5 leaves r1c9.
        restrict(&mut c, 5, &[(false, 0, &[0, 8])]);
        restrict(&mut c, 3, &[(true, 8, &[0, 8])]);
        restrict(&mut c, 4, &[(false, 8, &[0, 8])]);
        assert!(x_chain(&c).is_none());
        assert!(xy_chain(&c).is_none());
        let step = aic(&c).expect("aic");
        assert_eq!(step.length, 6);
        let mut elims = step.eliminations.clone();
        elims.sort_unstable();
        assert_eq!(elims, vec![(cell("r1c1"), 4), (cell("r1c9"), 5)]);
        assert_eq!(step.chain.len(), 6);
    }
}
