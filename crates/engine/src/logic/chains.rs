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
//! gives the shortest chain for each start; the shortest over all starts is reported (the first
//! start in node order among equals). The starts are walked 64 at a time in lockstep, a bit per
//! start in each state's word, which finds the shortest and its start; that start's own walk
//! then gives the chain.

use std::cell::RefCell;

use crate::grid::Geometry;

use super::candidates::{Candidates, bit, digits};
use super::step::Step;
use super::technique::{Technique, length_bonus};
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
/// (costly) AIC search runs first and the others only when it finds one, and only for chains
/// that would not score more than it. The three searches share one table of links.
pub fn find(c: &Candidates) -> Option<Step> {
    let links = Links::new(c);
    let aic = Search::new(c, &links, Mode::Aic).best(Technique::Aic);
    easiest_chain(c, &links, aic)
}

/// [`find`]'s answer from the shortest AIC (`None`: there is none).
fn easiest_chain(c: &Candidates, links: &Links, aic: Option<Step>) -> Option<Step> {
    let Some(aic) = aic else {
        // A W-Wing is an AIC of six candidates: where the AIC search finds none, there is none.
        debug_assert!(wings::w_wing(c).is_none(), "a W-Wing the AIC search missed");
        return None;
    };
    [
        x_chain_up_to(c, links, aic.score()),
        xy_chain_up_to(c, links, aic.score()),
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

thread_local! {
    /// The digits where the thread's last X-chain searches found nothing ([`QuietDigits`]).
    static QUIET_DIGITS: RefCell<QuietDigits> = RefCell::new(QuietDigits::default());
    /// The grid where the thread's last XY-chain search found nothing ([`QuietGrid`]).
    static QUIET_XY: RefCell<Option<QuietGrid>> = const { RefCell::new(None) };
}

/// A grid where an XY-chain search found no chain, and the longest chain looked for. An
/// XY-chain runs through two-candidate cells alone and removes what its ends both see, so on a
/// grid with the same two-candidate cells and no candidate more (the same geometry), no
/// shorter search finds one.
struct QuietGrid {
    geometry: Geometry,
    masks: Vec<u32>,
    longest: u16,
}

impl QuietGrid {
    /// Whether `c` is known to have no XY-chain of at most `longest` nodes.
    fn holds(&self, c: &Candidates, longest: u16) -> bool {
        let bivalue = |mask: u32| mask.count_ones() == 2;
        longest <= self.longest
            && &self.geometry == c.geometry()
            && self.masks.len() == c.masks().len()
            && self
                .masks
                .iter()
                .zip(c.masks())
                .all(|(&then, &now)| now & !then == 0 && bivalue(now) == bivalue(then))
    }
}

/// The shortest XY-chain scoring at most `score`, if any, unless the grid is known to have
/// none ([`QuietGrid`]).
fn xy_chain_up_to(c: &Candidates, links: &Links, score: f32) -> Option<Step> {
    let longest = longest_scoring_at_most(Technique::XyChain, score)?;
    let known = QUIET_XY.with(|q| q.borrow().as_ref().is_some_and(|q| q.holds(c, longest)));
    if known {
        return None;
    }
    let found = Search::new(c, links, Mode::Xy).best_up_to(Technique::XyChain, longest);
    if found.is_none() {
        QUIET_XY.with(|q| {
            *q.borrow_mut() = Some(QuietGrid {
                geometry: c.geometry().clone(),
                masks: c.masks().to_vec(),
                longest,
            });
        });
    }
    found
}

/// Digits where an X-chain search found no chain, with the digit's places then and the longest
/// chain looked for. A digit's X-chains, and what they remove, lie among its own places (its
/// strong links are houses with two of them, its weak links and removals the others in a
/// peer), so while a digit keeps its places on the same geometry, no shorter search finds one.
/// Along a rating's path most digits keep their places from one step to the next.
#[derive(Default)]
struct QuietDigits {
    geometry: Option<Geometry>,
    /// Per digit: its places (as [`Links`] keeps them) and the longest chain looked for.
    places: Vec<Vec<u64>>,
    longest: Vec<u16>,
}

impl QuietDigits {
    /// The digits known to have no X-chain of at most `longest` nodes on `c`.
    fn known(&self, c: &Candidates, links: &Links, longest: u16) -> u32 {
        if self.geometry.as_ref() != Some(c.geometry()) {
            return 0;
        }
        digits(c.geometry().all_digits())
            .filter(|&d| {
                let at = usize::from(d);
                self.longest.get(at).is_some_and(|&known| known >= longest)
                    && self.places[at] == links.places(d)
            })
            .fold(0, |set, d| set | bit(d))
    }

    /// Notes that the digits of `searched` have no X-chain of at most `longest` nodes on `c`.
    fn remember(&mut self, c: &Candidates, links: &Links, searched: u32, longest: u16) {
        if self.geometry.as_ref() != Some(c.geometry()) {
            self.geometry = Some(c.geometry().clone());
            self.places.clear();
            self.longest.clear();
        }
        let size = c.size() + 1;
        self.places.resize_with(size, Vec::new);
        self.longest.resize(size, 0);
        for d in digits(searched) {
            let at = usize::from(d);
            self.places[at].clear();
            self.places[at].extend_from_slice(links.places(d));
            self.longest[at] = longest;
        }
    }
}

/// The shortest X-chain scoring at most `score`, if any. Its search starts only from the digits
/// not known to have none ([`QuietDigits`]): the shortest chain over all starts (the first
/// start in node order among equals) is the shortest over theirs.
fn x_chain_up_to(c: &Candidates, links: &Links, score: f32) -> Option<Step> {
    let longest = longest_scoring_at_most(Technique::XChain, score)?;
    let quiet = QUIET_DIGITS.with(|q| q.borrow().known(c, links, longest));
    let searched = c.geometry().all_digits() & !quiet;
    if searched == 0 {
        return None;
    }
    let mut search = Search::new(c, links, Mode::X);
    search.start_digits = searched;
    let found = search.best_up_to(Technique::XChain, longest);
    if found.is_none() {
        QUIET_DIGITS.with(|q| q.borrow_mut().remember(c, links, searched, longest));
    }
    found
}

/// The longest chain of `technique` whose score is at most `score` (as [`Step::score`] adds
/// it up), if any.
fn longest_scoring_at_most(technique: Technique, score: f32) -> Option<u16> {
    (1..=MAX_LENGTH)
        .rev()
        .find(|&length| technique.score() + length_bonus(length as usize) <= score)
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
    /// Per digit, the cells where it is a candidate (bit `cell`, `words` words a digit): the
    /// weak links to the same digit in a peer are a cell's peers among them.
    digit_cells: Vec<u64>,
    words: usize,
}

impl Links {
    fn new(c: &Candidates) -> Links {
        let shift = usize::BITS - (c.size().max(2) - 1).leading_zeros();
        let mut links = Links {
            shift,
            strong_offsets: Vec::new(),
            strong_targets: Vec::new(),
            digit_cells: Vec::new(),
            words: c.masks().len().div_ceil(64),
        };
        links.build_strong(c);
        links.build_digit_cells(c);
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
        // Each link both ways, as one number (from, then to): sorted with one comparison a pair.
        let mut edges: Vec<u64> = Vec::with_capacity(4 * c.masks().len());
        let mut link = |a: u32, b: u32| {
            edges.push(u64::from(a) << 32 | u64::from(b));
            edges.push(u64::from(b) << 32 | u64::from(a));
        };
        for (cell, &m) in c.masks().iter().enumerate() {
            if m.count_ones() == 2 {
                let mut ds = digits(m);
                if let (Some(a), Some(b)) = (ds.next(), ds.next()) {
                    link(self.node(cell, a), self.node(cell, b));
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
                    link(self.node(p, d), self.node(q, d));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let nodes = self.nodes(c);
        let mut offsets = vec![0u32; nodes + 1];
        for &edge in &edges {
            offsets[(edge >> 32) as usize + 1] += 1;
        }
        for i in 0..nodes {
            offsets[i + 1] += offsets[i];
        }
        self.strong_offsets = offsets;
        self.strong_targets = edges.into_iter().map(|edge| edge as u32).collect();
    }

    /// The cells where `digit` is a candidate, as words of cell bits.
    fn places(&self, digit: u8) -> &[u64] {
        &self.digit_cells[usize::from(digit) * self.words..][..self.words]
    }

    /// Where each digit is a candidate.
    fn build_digit_cells(&mut self, c: &Candidates) {
        let words = self.words;
        self.digit_cells = vec![0; (c.size() + 1) * words];
        for (cell, &mask) in c.masks().iter().enumerate() {
            for d in digits(mask & c.geometry().all_digits()) {
                self.digit_cells[d as usize * words + cell / 64] |= 1 << (cell % 64);
            }
        }
    }

    /// The strong links of `node`, in target order.
    fn strong(&self, node: u32) -> &[u32] {
        let node = node as usize;
        &self.strong_targets
            [self.strong_offsets[node] as usize..self.strong_offsets[node + 1] as usize]
    }

    /// Calls `f` with the same-digit weak links of `node` (the digit in the cell's peers), in
    /// peer order.
    #[inline(always)]
    fn each_weak(&self, c: &Candidates, node: u32, mut f: impl FnMut(u32)) {
        let (cell, digit) = self.cell_digit(node);
        let places = &self.digit_cells[digit as usize * self.words..][..self.words];
        let peers = c.sees_row(cell);
        let digit_bits = node & ((1 << self.shift) - 1);
        for (w, (&place, &peer)) in places.iter().zip(peers).enumerate() {
            let mut bits = place & peer;
            while bits != 0 {
                let target = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f((target as u32) << self.shift | digit_bits);
            }
        }
    }

    /// Calls `f` with each state one link leads to from `state` (`node * 2`, plus 1 when true)
    /// in `mode`: from a false state the true ends of its strong links, from a true state the
    /// false states it sees ([`Links::weak_states`], the cell's other digits in an AIC only).
    #[inline(always)]
    fn successors(&self, c: &Candidates, mode: Mode, state: u32, mut f: impl FnMut(u32)) {
        let node = state / 2;
        if state.is_multiple_of(2) {
            for &target in self.strong(node) {
                if self.allows(mode, node, target) {
                    f(target * 2 + 1);
                }
            }
        } else {
            self.weak_states(c, node, mode == Mode::Aic, f);
        }
    }

    /// Calls `f` with the false states of the nodes weakly linked to `node`: the same digit in
    /// the cell's peers, then (with `cell_others`) the cell's other digits.
    #[inline(always)]
    fn weak_states(&self, c: &Candidates, node: u32, cell_others: bool, mut f: impl FnMut(u32)) {
        self.each_weak(c, node, |target| f(target * 2));
        if cell_others {
            let (cell, digit) = self.cell_digit(node);
            let others = c.mask(cell) & c.geometry().all_digits() & !bit(digit);
            for other in digits(others) {
                f(self.node(cell, other) * 2);
            }
        }
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
    lockstep: Lockstep,
    /// The digits whose candidates a walk may start from (all unless narrowed).
    start_digits: u32,
}

/// A lockstep walk put aside ([`Lockstep::suspend`]): its visited states and its current
/// level, each with its starts' bits.
struct Suspended {
    visited: Vec<(u32, u64)>,
    active: Vec<(u32, u64)>,
}

/// The per-state words of a lockstep walk of up to 64 starts (bit `i` = the `i`th start).
#[derive(Default)]
struct Lockstep {
    /// The starts that have reached each state.
    visited: Vec<u64>,
    /// The starts that reached each state on the current level, and on the next.
    frontier: Vec<u64>,
    next: Vec<u64>,
    /// The starts for which reaching each state is a conclusion: its own true state (a
    /// placement) or a false state weakly linked to it (an elimination).
    ends: Vec<u64>,
    /// The states of `frontier` and of `next` that have bits.
    active: Vec<u32>,
    next_active: Vec<u32>,
    /// The states with visitors, to clear them after the walk.
    touched: Vec<u32>,
    /// The states with `ends` bits, to clear them after the walk.
    end_states: Vec<u32>,
}

impl Lockstep {
    /// Sizes the words for `links` (all zero between walks) and puts each start on its false
    /// state, with the states that conclude it.
    fn begin(&mut self, links: &Links, c: &Candidates, starts: &[u32]) {
        let states = links.nodes(c) * 2;
        for words in [
            &mut self.visited,
            &mut self.frontier,
            &mut self.next,
            &mut self.ends,
        ] {
            if words.len() != states {
                *words = vec![0; states];
            }
        }
        for (i, &start) in starts.iter().enumerate() {
            let walker = 1u64 << i;
            let first = start * 2;
            self.visited[first as usize] = walker;
            self.frontier[first as usize] = walker;
            self.active.push(first);
            self.touched.push(first);
            // Its own true state places it; the false states weakly linked to it eliminate.
            self.add_end(first + 1, walker);
            links.weak_states(c, start, true, |end| self.add_end(end, walker));
        }
    }

    /// Reaching `state` concludes the walk of `walker`.
    fn add_end(&mut self, state: u32, walker: u64) {
        if self.ends[state as usize] == 0 {
            self.end_states.push(state);
        }
        self.ends[state as usize] |= walker;
    }

    /// The walk's words where it stands: the starts that reached each state, and the current
    /// level's.
    fn suspend(&self) -> Suspended {
        Suspended {
            visited: self
                .touched
                .iter()
                .map(|&state| (state, self.visited[state as usize]))
                .collect(),
            active: self
                .active
                .iter()
                .map(|&state| (state, self.frontier[state as usize]))
                .collect(),
        }
    }

    /// [`Lockstep::begin`] for `starts`, then back where [`Lockstep::suspend`] left their walk.
    fn resume(&mut self, links: &Links, c: &Candidates, starts: &[u32], at: &Suspended) {
        self.begin(links, c, starts);
        for state in self.touched.drain(..) {
            self.visited[state as usize] = 0;
        }
        for state in self.active.drain(..) {
            self.frontier[state as usize] = 0;
        }
        for &(state, walkers) in &at.visited {
            self.visited[state as usize] = walkers;
            self.touched.push(state);
        }
        for &(state, walkers) in &at.active {
            self.frontier[state as usize] = walkers;
            self.active.push(state);
        }
    }

    /// Makes the next level the current one.
    fn advance(&mut self) {
        std::mem::swap(&mut self.frontier, &mut self.next);
        std::mem::swap(&mut self.active, &mut self.next_active);
        self.next_active.clear();
    }

    /// Clears every word the walk set.
    fn finish(&mut self) {
        for state in self.touched.drain(..) {
            self.visited[state as usize] = 0;
        }
        for state in self.end_states.drain(..) {
            self.ends[state as usize] = 0;
        }
        for state in self.active.drain(..) {
            self.frontier[state as usize] = 0;
        }
        for state in self.next_active.drain(..) {
            self.next[state as usize] = 0;
        }
    }
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
            lockstep: Lockstep::default(),
            start_digits: u32::MAX,
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
    fn best(self, technique: Technique) -> Option<Step> {
        self.best_up_to(technique, MAX_LENGTH)
    }

    /// [`Search::best`] when it has at most `max_length` nodes.
    fn best_up_to(mut self, technique: Technique, max_length: u16) -> Option<Step> {
        let found = self.best_within(max_length)?;
        Some(self.step(technique, found))
    }

    /// The shortest chain of at most `max_length` nodes over all starts; among the shortest,
    /// the first start in node order.
    ///
    /// The starts are walked 64 at a time in lockstep ([`Search::lockstep`]): one breadth-first
    /// level of every start of a block, then the next, until some start concludes. That start's
    /// own walk then gives the chain. A block's starts are thus walked only as deep as the
    /// block's shortest chain, never deeper to find a longer one first.
    fn best_within(&mut self, max_length: u16) -> Option<Found> {
        self.best_by_blocks(max_length, |search, _, block, limit| {
            search.lockstep(block, None, limit)
        })
    }

    /// [`Search::best_within`] (`max_length` nodes) when every block of starts was walked
    /// `walked` links by [`Search::lockstep_all`] without concluding, and suspended there: each
    /// block goes on from where it stopped.
    fn best_resumed(
        &mut self,
        suspended: Vec<Suspended>,
        walked: u16,
        max_length: u16,
    ) -> Option<Found> {
        self.best_by_blocks(max_length, |search, i, block, limit| {
            let at = &suspended[i];
            if limit <= walked || at.active.is_empty() {
                return None;
            }
            search.lockstep(block, Some((at, walked)), limit)
        })
    }

    /// The shortest chain over the blocks of 64 starts, each walked by `lockstep_block` (the
    /// search, the block's index, its starts and the depth limit) to the block's first
    /// conclusion; that start's own walk then gives the chain.
    fn best_by_blocks(
        &mut self,
        max_length: u16,
        mut lockstep_block: impl FnMut(&mut Self, usize, &[u32], u16) -> Option<(usize, u16)>,
    ) -> Option<Found> {
        let mut best: Option<Found> = None;
        let starts = self.starts();
        for (i, block) in starts.chunks(u64::BITS as usize).enumerate() {
            let limit = best.as_ref().map_or(max_length, |f| f.length - 1);
            let Some((index, depth)) = lockstep_block(self, i, block, limit) else {
                continue;
            };
            let found = self.walk(block[index], depth);
            debug_assert!(found.as_ref().is_some_and(|f| f.length == depth));
            if let Some(found) = found
                && self.keep(&mut best, found)
            {
                return best;
            }
        }
        best
    }

    /// Makes `found` (just walked) the best so far, with its chain; true when no chain can be
    /// shorter (two nodes), so the search is over.
    fn keep(&self, best: &mut Option<Found>, mut found: Found) -> bool {
        found.chain = self.path(found.last, found.start);
        let done = found.length <= 2;
        *best = Some(found);
        done
    }

    /// The candidates a chain may start from (those with a strong link this mode allows), in
    /// node order.
    fn starts(&self) -> Vec<u32> {
        let mut starts = Vec::new();
        for cell in 0..self.c.masks().len() {
            for d in digits(self.c.mask(cell) & self.start_digits) {
                let start = self.links.node(cell, d);
                if self.live[start as usize] {
                    starts.push(start);
                }
            }
        }
        starts
    }

    /// Walks the (at most 64) `starts` breadth-first together, a bit per start in each state's
    /// word, up to `limit` links: the first depth at which any start concludes, and the first
    /// such start (its index in `starts`). Each state is expanded once a level for every start
    /// that reached it at that level, so a level costs what one walk's level costs.
    ///
    /// With `resume` (a walk [`Lockstep::suspend`]ed after so many links), it goes on from there.
    fn lockstep(
        &mut self,
        starts: &[u32],
        resume: Option<(&Suspended, u16)>,
        limit: u16,
    ) -> Option<(usize, u16)> {
        let mut l = std::mem::take(&mut self.lockstep);
        let walked = match resume {
            Some((at, walked)) => {
                l.resume(self.links, self.c, starts, at);
                walked
            }
            None => {
                l.begin(self.links, self.c, starts);
                0
            }
        };
        let mut result = None;
        for depth in walked + 1..=limit {
            let concluded = self.lockstep_level(&mut l, |_| {});
            if concluded != 0 {
                result = Some((concluded.trailing_zeros() as usize, depth));
                break;
            }
            if l.active.is_empty() {
                break;
            }
        }
        l.finish();
        self.lockstep = l;
        result
    }

    /// Walks the (at most 64) `starts` together as [`Search::lockstep`] does, but to the end
    /// (at most `limit` links) and passing every state that concludes some start's walk to
    /// `on_conclusion`: a true state places its candidate, a false one eliminates it. With
    /// `suspend`, the walk where it stopped, for [`Search::best_resumed`].
    fn lockstep_all(
        &mut self,
        starts: &[u32],
        limit: u16,
        suspend: bool,
        on_conclusion: impl FnMut(u32),
    ) -> Option<Suspended> {
        let mut l = std::mem::take(&mut self.lockstep);
        l.begin(self.links, self.c, starts);
        let mut on_conclusion = on_conclusion;
        for _ in 1..=limit {
            self.lockstep_level(&mut l, &mut on_conclusion);
            if l.active.is_empty() {
                break;
            }
        }
        let suspended = suspend.then(|| l.suspend());
        l.finish();
        self.lockstep = l;
        suspended
    }

    /// Expands one level of a lockstep walk; the bits of the starts that concluded on it, each
    /// state where some did passed to `on_conclusion`.
    #[inline(always)]
    fn lockstep_level(&self, l: &mut Lockstep, mut on_conclusion: impl FnMut(u32)) -> u64 {
        let mut concluded = 0;
        let links = self.links;
        let active = std::mem::take(&mut l.active);
        for &state in &active {
            let walkers = std::mem::take(&mut l.frontier[state as usize]);
            // `Links::successors`, written out: through that closure this loop took 6 % more
            // instructions of a rating (callgrind, expert puzzles).
            let mut visit = |next| {
                let ended = self.lockstep_visit(l, next, walkers);
                if ended != 0 {
                    on_conclusion(next);
                    concluded |= ended;
                }
            };
            let node = state / 2;
            if state.is_multiple_of(2) {
                for &target in links.strong(node) {
                    if links.allows(self.mode, node, target) {
                        visit(target * 2 + 1);
                    }
                }
            } else {
                links.each_weak(self.c, node, |target| visit(target * 2));
                if self.mode == Mode::Aic {
                    let (cell, digit) = self.cell_digit(node);
                    let others = self.c.mask(cell) & self.c.geometry().all_digits() & !bit(digit);
                    for other in digits(others) {
                        visit(links.node(cell, other) * 2);
                    }
                }
            }
        }
        l.active = active;
        l.advance();
        concluded
    }

    /// The `walkers` reach `state`: those new to it are marked, queued for the next level when
    /// the state can lead on (as [`Search::reach`] queues), and returned if it concludes theirs.
    #[inline(always)]
    fn lockstep_visit(&self, l: &mut Lockstep, state: u32, walkers: u64) -> u64 {
        let s = state as usize;
        let new = walkers & !l.visited[s];
        if new == 0 {
            return 0;
        }
        if l.visited[s] == 0 {
            l.touched.push(state);
        }
        l.visited[s] |= new;
        if state % 2 == 1 || self.live[s / 2] {
            if l.next[s] == 0 {
                l.next_active.push(state);
            }
            l.next[s] |= new;
        }
        new & l.ends[s]
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
        let (links, c, mode) = (self.links, self.c, self.mode);
        links.successors(c, mode, state, |next| self.visit(next, state, walk));
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

/// The walks' per-state arrays, kept between searches of a thread: stamps tell which states
/// the current walk has seen (by generation), so nothing is cleared per search; the lockstep
/// words are cleared by each walk.
#[derive(Default)]
struct WalkBuffers {
    stamp: Vec<u32>,
    parent: Vec<u32>,
    depth: Vec<u16>,
    generation: u32,
    lockstep: Lockstep,
}

thread_local! {
    static BUFFERS: std::cell::RefCell<WalkBuffers> = std::cell::RefCell::default();
}

impl Search<'_, '_> {
    /// Takes the thread's buffers, sized for `states`.
    fn take_buffers(&mut self, states: usize) {
        let buffers = BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
        self.lockstep = buffers.lockstep;
        if buffers.stamp.len() == states && buffers.generation < u32::MAX - 100_000 {
            (self.stamp, self.parent, self.depth, self.generation) = (
                buffers.stamp,
                buffers.parent,
                buffers.depth,
                buffers.generation,
            );
        } else {
            (self.stamp, self.parent, self.depth) =
                (vec![0; states], vec![0; states], vec![0; states]);
            self.generation = 0;
        }
    }
}

impl Drop for Search<'_, '_> {
    fn drop(&mut self) {
        let buffers = WalkBuffers {
            stamp: std::mem::take(&mut self.stamp),
            parent: std::mem::take(&mut self.parent),
            depth: std::mem::take(&mut self.depth),
            generation: self.generation,
            lockstep: std::mem::take(&mut self.lockstep),
        };
        BUFFERS.with(|b| *b.borrow_mut() = buffers);
    }
}

/// The longest AIC (in nodes) of level expert: 7.0 and its length bonus stay below 7.5. X- and
/// XY-chains stay expert up to the longest searched ([`MAX_LENGTH`]).
const LONGEST_EXPERT_AIC: u16 = 16;

/// Every conclusion of the AICs of level expert at once, as one step that names no chain;
/// `None` when there is none. Each conclusion is a deduction from `c`, so applying them together
/// is sound, for a solve whose order does not matter ([`crate::logic::rating::expert_closure`]):
/// what every AIC of at most [`LONGEST_EXPERT_AIC`] nodes concludes, walked 64 starts at a time.
/// (The longer X- and XY-chains, still expert, are left to [`find`].)
pub fn expert_aic_conclusions(c: &Candidates) -> Option<Step> {
    match expert_aic_pass(c) {
        AicPass::Concludes(step) => Some(step),
        AicPass::Stuck(_) => None,
    }
}

/// What [`expert_aic_pass`] found.
pub enum AicPass {
    /// Every conclusion of the expert AICs, as [`expert_aic_conclusions`] gives them.
    Concludes(Step),
    /// No expert AIC concludes anything: [`find`]'s answer here.
    Stuck(Option<Step>),
}

/// [`expert_aic_conclusions`], or when there are none [`find`]'s answer on the same grid. The
/// AIC search of `find` then goes on from where the walks of the expert AICs stopped (it would
/// walk the same starts again, and none concludes that soon), on the same links.
pub fn expert_aic_pass(c: &Candidates) -> AicPass {
    let links = Links::new(c);
    let mut search = Search::new(c, &links, Mode::Aic);
    let mut ends = Vec::new();
    let mut suspended = Vec::new();
    for block in search.starts().chunks(u64::BITS as usize) {
        // Put aside only while no block concluded: after that, `find` is not asked.
        let suspend = ends.is_empty();
        let walk =
            search.lockstep_all(block, LONGEST_EXPERT_AIC, suspend, |state| ends.push(state));
        suspended.extend(walk);
    }
    if ends.is_empty() {
        let aic = search
            .best_resumed(suspended, LONGEST_EXPERT_AIC, MAX_LENGTH)
            .map(|found| search.step(Technique::Aic, found));
        drop(search);
        return AicPass::Stuck(easiest_chain(c, &links, aic));
    }
    drop(search);
    AicPass::Concludes(expert_conclusions(c, &links, ends))
}

/// The step of every conclusion in `ends` (states: true places, false eliminates).
fn expert_conclusions(c: &Candidates, links: &Links, mut ends: Vec<u32>) -> Step {
    ends.sort_unstable();
    ends.dedup();
    let mut step = Step::new(Technique::Aic, c.names());
    for state in ends {
        let conclusion = links.cell_digit(state / 2);
        if state % 2 == 1 {
            step.placements.push(conclusion);
        } else {
            step.eliminations.push(conclusion);
        }
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Geometry;
    use crate::logic::candidates::tests::{cell, classic9, mask_of, open};

    /// The search before the lockstep: every start walked on its own, in node order, each as
    /// deep as the shortest chain found before it allows.
    fn best_by_walks(search: &mut Search, max_length: u16) -> Option<Found> {
        let mut best: Option<Found> = None;
        for start in search.starts() {
            let limit = best.as_ref().map_or(max_length, |f| f.length - 1);
            if let Some(found) = search.walk(start, limit)
                && search.keep(&mut best, found)
            {
                return best;
            }
        }
        best
    }

    #[test]
    fn a_digit_is_known_without_x_chains_only_on_its_own_places_and_for_no_longer_chains() {
        let geo = classic9();
        let mut c = open(&geo);
        c.set_mask(cell("r1c1"), mask_of(&[1, 2]));
        let links = Links::new(&c);
        let mut quiet = QuietDigits::default();
        assert_eq!(quiet.known(&c, &links, 10), 0);
        quiet.remember(&c, &links, bit(1) | bit(3), 20);
        assert_eq!(quiet.known(&c, &links, 20), bit(1) | bit(3));
        assert_eq!(quiet.known(&c, &links, 12), bit(1) | bit(3));
        assert_eq!(
            quiet.known(&c, &links, 21),
            0,
            "a longer chain was not looked for"
        );
        // Digit 3 loses a place: only digit 1 is still known.
        c.set_mask(cell("r5c5"), mask_of(&[1, 2, 4, 5, 6, 7, 8, 9]));
        let links = Links::new(&c);
        assert_eq!(quiet.known(&c, &links, 20), bit(1));
        // Another geometry (diagonals too) with the same candidates: nothing is known.
        let diagonal = crate::grid::Variant {
            diagonal: true,
            ..crate::grid::Variant::CLASSIC
        };
        let other = Geometry::new(9, diagonal, None, None).expect("a diagonal 9x9");
        let mut d = open(&other);
        d.set_mask(cell("r1c1"), mask_of(&[1, 2]));
        d.set_mask(cell("r5c5"), mask_of(&[1, 2, 4, 5, 6, 7, 8, 9]));
        assert_eq!(quiet.known(&d, &Links::new(&d), 20), 0);
    }

    type FoundParts = (
        u32,
        u16,
        u32,
        Vec<(usize, u8)>,
        Vec<(usize, u8)>,
        Vec<(usize, u8)>,
    );

    fn parts(found: Option<Found>) -> Option<FoundParts> {
        found.map(|f| {
            let Found {
                start,
                length,
                last,
                placements,
                eliminations,
                chain,
            } = f;
            (start, length, last, placements, eliminations, chain)
        })
    }

    /// Both searches find the same chain (start, length, conclusions, nodes) in every mode,
    /// with and without a length cap; the number of grids where a chain was found.
    fn same_as_walks(c: &Candidates) -> usize {
        let links = Links::new(c);
        let mut found = 0;
        for mode in [Mode::X, Mode::Xy, Mode::Aic] {
            for max_length in [MAX_LENGTH, 5] {
                let lockstep = parts(Search::new(c, &links, mode).best_within(max_length));
                let walks = parts(best_by_walks(&mut Search::new(c, &links, mode), max_length));
                assert_eq!(lockstep, walks, "{mode:?} up to {max_length}");
                found += usize::from(lockstep.is_some());
            }
        }
        found
    }

    /// Expert puzzles whose rating paths meet many chains.
    const CHAIN_PUZZLES: [&str; 3] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    ];

    /// Calls `at` with every grid on the rating path of each puzzle of `lines` (the line and
    /// the grid), until the path ends.
    fn along_rating_paths<'a>(lines: &[&'a str], mut at: impl FnMut(&'a str, &Candidates)) {
        let geo = classic9();
        for &line in lines {
            let mut c = crate::logic::candidates::tests::from_line(&geo, line);
            while !c.is_solved() && !c.is_broken() {
                at(line, &c);
                let Some(step) = crate::logic::next_step(&c, crate::logic::Level::HARDEST) else {
                    break;
                };
                assert!(c.apply(&step));
            }
        }
    }

    #[test]
    fn lockstep_finds_what_walking_each_start_finds_on_rating_paths() {
        let mut found = 0;
        let lines = [
            CHAIN_PUZZLES.as_slice(),
            &["5..7..6....38...........2..62.4............917............35.8.4.....1......9...."],
        ]
        .concat();
        along_rating_paths(&lines, |_, c| found += same_as_walks(c));
        assert!(found > 100, "only {found} chains found");
    }

    #[test]
    fn a_stuck_expert_aic_pass_answers_as_find_does() {
        let (mut stuck, mut concluding) = (0, 0);
        // The chain puzzles, and the first of the forum's hardest.
        let lines = [
            CHAIN_PUZZLES.as_slice(),
            &["........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"],
        ]
        .concat();
        along_rating_paths(&lines, |line, c| match expert_aic_pass(c) {
            AicPass::Stuck(answer) => {
                assert_eq!(answer, find(c), "{line}");
                stuck += 1;
            }
            AicPass::Concludes(step) => {
                assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
                concluding += 1;
            }
        });
        assert!(
            stuck > 20 && concluding > 20,
            "{stuck} stuck, {concluding} concluding"
        );
    }

    #[test]
    fn lockstep_finds_what_walking_each_start_finds_on_random_grids() {
        let mut rng = crate::test_support::TestRng::new(26);
        for size in [4, 6, 9, 16] {
            let geo = Geometry::classic(size).expect("a classic size");
            let mut found = 0;
            for _ in 0..40 {
                let masks: Vec<u32> = (0..geo.cell_count())
                    .map(|_| {
                        let mut mask = 0u32;
                        while mask.count_ones() < 2 {
                            mask = (0..size as u8)
                                .filter(|_| rng.below(10) < 3)
                                .fold(mask, |m, d| m | 1 << d);
                        }
                        mask
                    })
                    .collect();
                let c = Candidates::from_masks(&geo, &vec![0; masks.len()], &masks);
                found += same_as_walks(&c);
            }
            assert!(found > 20, "{size}x{size}: only {found} chains found");
        }
    }

    #[test]
    fn chains_that_would_score_more_than_the_aic_are_not_searched() {
        let aic_of = |length: usize| Technique::Aic.score() + length_bonus(length);
        // An AIC of 4 nodes scores 7.0: an X-chain (6.5) of 24 nodes (+0.5) ties it and wins
        // as the simpler kind; one of 25 (+0.6) does not. XY-chains score as AICs (7.0, as
        // Sudoku Explainer scores them): one as long as the shortest AIC wins as the simpler kind.
        assert_eq!(
            longest_scoring_at_most(Technique::XChain, aic_of(4)),
            Some(24)
        );
        assert_eq!(
            longest_scoring_at_most(Technique::XyChain, aic_of(4)),
            Some(4)
        );
        assert_eq!(
            longest_scoring_at_most(Technique::XyChain, aic_of(8)),
            Some(8)
        );
        assert_eq!(
            longest_scoring_at_most(Technique::XChain, aic_of(40)),
            Some(40)
        );
        assert_eq!(longest_scoring_at_most(Technique::Aic, 6.9), None);
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
