//! Sudoku Explainer's forcing chains, found and scored as SE 2022.3.24 (`Chaining.java`) finds
//! and scores them, on grids of houses only (no cages, no marks) of at most [`MAX_CELLS`] cells.
//!
//! A *potential* is a candidate assumed true (on) or false (off). From an assumption, a branch
//! derives potentials breadth first, each once, remembering the potentials it came from:
//! - on ⇒ off: the cell's other candidates and the digit's other places in each house;
//! - off ⇒ on: a cell left with one other candidate, a house left with one other place.
//!
//! A *static* branch reads the links of the grid as it is (a cell or house with exactly two
//! candidates or places); a *dynamic* one removes every potential it turns off, so its later
//! links see the grid as the assumption left it. The families, in SE's order (the first family
//! that concludes anything gives the step, its simplest conclusion):
//! - *Nishio* (7.5): dynamic, the digit's places only; an assumption that makes a potential both
//!   on and off is false.
//! - *Multiple* (8.0): static; every candidate of a cell with three or more, or every place of a
//!   digit in a house, leads to the same potential.
//! - *Dynamic* (8.5): dynamic; contradictions, a potential that both states of an assumption
//!   imply (cells of three or more candidates), cell and house forcing.
//! - *Dynamic plus* (9.0): dynamic, and when a branch runs dry it also applies locked candidates,
//!   hidden and naked pairs and X-Wings that the branch made possible (SE's level 1).
//!
//! A conclusion's complexity is the number of distinct potentials its branches needed (the
//! potentials a derivation came from, back to the assumption, each counted once per branch); its
//! score is the family's plus the length bonus of complexity − 2, exactly as SE computes it. Ties
//! go as SE sorts: complexity, then the kind (double forcing, cell, house, contradiction), then
//! the order found.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use crate::grid::{Geometry, HouseKind};

use super::candidates::{Candidates, bit, digits};
use super::step::Step;
use super::technique::Technique;

/// The most cells a grid may have for these chains to run (9×9 and smaller).
pub const MAX_CELLS: usize = 81;

/// The most digits a grid may have for these chains to run, and the candidates per cell in a
/// candidate's index (`cell * STRIDE + digit - 1`) whatever the grid's size: a constant
/// multiplier is cheaper than the grid's own.
const STRIDE: usize = 9;

/// The words of a set of potentials on the largest grid.
const MAX_WORDS: usize = (MAX_CELLS * STRIDE * 2).div_ceil(64);

/// The lengths of a branch maker's tables per cell, per digit and per potential: powers of two
/// at least [`MAX_CELLS`], [`STRIDE`] and a grid's potentials, so that an index masked to the
/// length needs no bounds check in the loops that make branches.
const CELL_SLOTS: usize = 128;
const DIGIT_SLOTS: usize = 16;
const POTENTIAL_SLOTS: usize = 2048;
const _: () = assert!(
    MAX_CELLS <= CELL_SLOTS && STRIDE <= DIGIT_SLOTS && MAX_CELLS * STRIDE * 2 <= POTENTIAL_SLOTS
);

/// A cell's, a digit's (less one) and a potential's index in those tables.
#[inline(always)]
fn cell_slot(cell: usize) -> usize {
    cell & (CELL_SLOTS - 1)
}

#[inline(always)]
fn digit_slot(d: usize) -> usize {
    d & (DIGIT_SLOTS - 1)
}

#[inline(always)]
fn potential_slot(p: Potential) -> usize {
    p as usize & (POTENTIAL_SLOTS - 1)
}

/// The most houses a cell of a grid these chains run on may be in (a row, a column, a block, a
/// disjoint group and two diagonals make six): [`supported`] turns away a geometry with more.
const MOST_HOUSES: usize = 8;

/// The words of a branch's set of potentials: a power of two at least [`MAX_WORDS`], so that a
/// word's index masked to it needs no bounds check ([`word_slot`]).
const FOUND_WORDS: usize = 32;
const _: () = assert!(MAX_WORDS <= FOUND_WORDS);

/// The word of a branch's set that holds potential `p`.
#[inline(always)]
fn word_slot(p: Potential) -> usize {
    (p as usize / 64) & (FOUND_WORDS - 1)
}

/// A family of SE's forcing chains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Nishio,
    Multiple,
    Dynamic,
    DynamicPlus,
}

impl Family {
    /// Every family, in the order SE asks them.
    pub const ALL: [Family; 4] = [
        Family::Nishio,
        Family::Multiple,
        Family::Dynamic,
        Family::DynamicPlus,
    ];

    /// Whether a branch removes what it turns off.
    fn dynamic(self) -> bool {
        self != Family::Multiple
    }

    /// Whether a branch uses the links inside a cell (Nishio uses the digit's places only).
    fn cell_links(self) -> bool {
        self != Family::Nishio
    }

    /// Whether a dry branch also applies locked candidates, pairs and X-Wings.
    fn advanced(self) -> bool {
        self == Family::DynamicPlus
    }

    /// The technique its steps are reported as.
    pub fn technique(self) -> Technique {
        match self {
            Family::Nishio => Technique::NishioForcingChain,
            Family::Multiple => Technique::MultipleForcingChain,
            Family::Dynamic => Technique::DynamicForcingChain,
            Family::DynamicPlus => Technique::DynamicForcingChainPlus,
        }
    }

    /// Whether the candidates of a cell with `count` of them start branches.
    fn starts_at(self, count: u32) -> bool {
        if self == Family::Multiple {
            count > 2
        } else {
            count > 1
        }
    }
}

/// True when these chains run on this grid's geometry.
pub fn supported(c: &Candidates) -> bool {
    let geo = c.geometry();
    geo.constraints().is_empty()
        && c.masks().len() <= MAX_CELLS
        && c.size() <= STRIDE
        && Shape::of(geo).fits
}

/// The step of the first family, in SE's order, that concludes anything here.
pub fn find(c: &Candidates) -> Option<Step> {
    if !supported(c) {
        return None;
    }
    let net = Net::new(c);
    Family::ALL
        .into_iter()
        .find_map(|family| Search::new(&net, family).best())
}

/// The step of one family, if it concludes anything here.
///
/// The dynamic families, like the plain search's deeper ones, run only on a grid with exactly
/// one solution ([`super::forcing::deeper_supported`]): one with several can never be finished
/// by logic, and a sparse one would take a dynamic step after another at great cost (a mutated
/// line took over 30 s).
pub fn find_family(c: &Candidates, family: Family) -> Option<Step> {
    if !supported(c) {
        return None;
    }
    let skip = match family {
        Family::Nishio => !nishio_may_conclude(c),
        Family::Multiple => false,
        Family::Dynamic | Family::DynamicPlus => !super::forcing::deeper_supported(c),
    };
    if skip {
        return None;
    }
    let net = Net::new(c);
    let mut search = Search::new(&net, family);
    if family == Family::Multiple {
        search.closures = Some(StaticClosures::new(&net));
    }
    search.best()
}

/// Whether some Nishio branch meets a contradiction, by each digit's places alone as cell sets:
/// a branch's closure (on: the digit's other places in its houses off; a house left with one
/// place: on) does not depend on the order SE derives it in, so when no closure is
/// contradictory the family concludes nothing, and its branches (with their parents, for the
/// count) need not be made. About one forcing point in ten has one.
///
/// A digit's answer depends only on its places and the houses, and along a path most digits
/// keep their places from one step to the next: the digits found quiet are remembered
/// ([`NISHIO_QUIET`]) and not looked at again while their places stay the same.
fn nishio_may_conclude(c: &Candidates) -> bool {
    let shape = Shape::of(c.geometry());
    let mut all_places = [0u128; STRIDE];
    for (x, &mask) in c.masks().iter().enumerate() {
        for digit in digits(mask) {
            all_places[usize::from(digit) - 1] |= 1 << x;
        }
    }
    NISHIO_QUIET.with(|quiet| {
        let mut quiet = quiet.borrow_mut();
        let (known_houses, known) = &mut *quiet;
        if *known_houses != shape.house_cells {
            known_houses.clone_from(&shape.house_cells);
            known.clear();
        }
        known.resize(c.size(), NO_PLACES);
        for (d, &places) in all_places.iter().enumerate().take(c.size()) {
            if known[d] == places {
                continue;
            }
            if digit_breaks(&shape.house_cells, &shape.peers[..], places) {
                return true;
            }
            known[d] = places;
        }
        false
    })
}

/// No set of places (a grid has at most [`MAX_CELLS`] cells).
const NO_PLACES: u128 = u128::MAX;

thread_local! {
    /// The houses (as cell sets) of the grid [`nishio_may_conclude`] last looked at, and per
    /// digit the places where no Nishio closure of it breaks ([`NO_PLACES`]: not known).
    static NISHIO_QUIET: std::cell::RefCell<(Vec<u128>, Vec<u128>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Whether some Nishio closure of a digit with these places breaks.
fn digit_breaks(houses: &[u128], peers: &[u128], places: u128) -> bool {
    let houses_here: Vec<u128> = houses
        .iter()
        .map(|&h| h & places)
        .filter(|&h| h != 0)
        .collect();
    let mut rest = places;
    while rest != 0 {
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let start = 1u128 << x;
        if closure_breaks(&houses_here, peers, places, start, 0)
            || closure_breaks(&houses_here, peers, places, 0, start)
        {
            return true;
        }
    }
    false
}

/// The closure of one digit's Nishio branch from `on` and `off` (cell sets within `places`):
/// true when a place ends both on and off, or a house with places loses them all. `houses`
/// are the digit's places in each house that has any.
fn closure_breaks(
    houses: &[u128],
    peers: &[u128],
    places: u128,
    mut on: u128,
    mut off: u128,
) -> bool {
    // The ons whose places are turned off already, and whether the houses have seen `off`.
    let (mut done, mut first) = (0u128, true);
    loop {
        let mut turned_off = off;
        let mut rest = on & !done;
        done = on;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            turned_off |= peers[x] & places;
        }
        if turned_off & on != 0 {
            return true;
        }
        if turned_off == off && !first {
            // The houses turn on what they did before: nothing new.
            return false;
        }
        first = false;
        let mut turned_on = on;
        for &had in houses {
            let left = had & !turned_off;
            if left == 0 {
                return true;
            }
            if left & (left - 1) == 0 {
                turned_on |= left;
            }
        }
        if turned_on & turned_off != 0 {
            return true;
        }
        if turned_on == on && turned_off == off {
            return false;
        }
        (on, off) = (turned_on, turned_off);
    }
}

/// A set of cells, one bit each ([`MAX_CELLS`] at most).
type Cells = u128;

/// A potential: candidate index `cell * STRIDE + digit - 1`, times two, plus 1 when on.
type Potential = u32;

fn on(candidate: usize) -> Potential {
    (candidate as u32) << 1 | 1
}

fn off(candidate: usize) -> Potential {
    (candidate as u32) << 1
}

fn is_on(p: Potential) -> bool {
    p & 1 == 1
}

fn conjugate(p: Potential) -> Potential {
    p ^ 1
}

/// Every static branch's closure as candidate sets, without order or parents: a superset of
/// what the branch derives (a branch stops at its first contradiction, the closure does not).
/// A cell or house group of the multiple family whose closures share no target concludes
/// nothing, and its branches (with their parents, for the count) need not be made: at about
/// half the points where the family is asked, no group has one, and no branch is made at all.
struct StaticClosures {
    /// The words of a set of the grid's candidates (by their index among them).
    words: usize,
    /// Per candidate, its index among the grid's candidates (u32::MAX when not one).
    index: Vec<u32>,
    /// Per candidate of the grid: the on closure, then the off closure (`words` each), as sets
    /// of the grid's candidates.
    closures: Vec<u64>,
    /// The grid's candidates in cells with another candidate (an on potential there is a
    /// placement).
    placeable: Vec<u64>,
}

impl StaticClosures {
    fn new(net: &Net) -> StaticClosures {
        let (n, cells) = (STRIDE, net.base.len());
        let mut index = vec![u32::MAX; cells * n];
        let mut present = Vec::new();
        for (cell, &mask) in net.base.iter().enumerate() {
            for digit in digits(mask) {
                let k = net.candidate(cell, digit);
                index[k] = present.len() as u32;
                present.push(k);
            }
        }
        let words = present.len().div_ceil(64);
        let mut placeable = vec![0u64; words];
        for (i, &k) in present.iter().enumerate() {
            let (cell, _) = net.cell_digit(on(k));
            if net.base[cell].count_ones() > 1 {
                placeable[i / 64] |= 1 << (i % 64);
            }
        }
        let links = StaticLinks::new(net, &index, &present);
        let closures = links.closures();
        StaticClosures {
            words,
            index,
            closures,
            placeable,
        }
    }

    /// Whether the closures of the on branches of `ks` share a placement or a removal.
    fn share_a_target(&self, ks: impl Iterator<Item = usize>) -> bool {
        // At most 12 words a set ([`MAX_CELLS`] × [`STRIDE`] candidates), on and off.
        let mut common = [u64::MAX; 24];
        let common = &mut common[..self.words * 2];
        for k in ks {
            let i = self.index[k] as usize;
            let both = &self.closures[i * 2 * self.words..(i + 1) * 2 * self.words];
            for (w, &c) in common.iter_mut().zip(both) {
                *w &= c;
            }
        }
        let (on_common, off_common) = common.split_at(self.words);
        on_common
            .iter()
            .zip(&self.placeable)
            .any(|(&c, &p)| c & p != 0)
            || off_common.iter().any(|&c| c != 0)
    }
}

/// Whether exactly two bits are set (without a population count, which the portable target
/// computes in software).
fn two_bits(mask: u32) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// The positions set in a mask, lowest first.
fn ones(mask: u16) -> impl Iterator<Item = usize> {
    digits(u32::from(mask)).map(|digit| usize::from(digit) - 1)
}

/// The static links of the grid's candidates, each by its index among them: per candidate,
/// the candidates its on turns off (as a set, `words` per candidate) and those its off turns
/// on (the other of a cell with two, or of a house with two places).
struct StaticLinks {
    words: usize,
    weak: Vec<u64>,
    /// The candidates each off turns on, candidate `i`'s at `strong[starts[i]..starts[i + 1]]`.
    strong: Vec<u32>,
    starts: Vec<u32>,
}

impl StaticLinks {
    /// The links of the grid's candidates `present`, `index` giving each candidate's index
    /// among them.
    fn new(net: &Net, index: &[u32], present: &[usize]) -> StaticLinks {
        let words = present.len().div_ceil(64);
        let mut weak = vec![0u64; present.len() * words];
        let mut strong = Vec::with_capacity(present.len() * 2);
        let mut starts = Vec::with_capacity(present.len() + 1);
        for (i, &k) in present.iter().enumerate() {
            starts.push(strong.len() as u32);
            let (cell, digit) = net.cell_digit(on(k));
            let set = &mut weak[i * words..(i + 1) * words];
            let at = |x: usize, d: u8| index[net.candidate(x, d)];
            let mut turn_off = |x: usize, d: u8| {
                let j = at(x, d) as usize;
                set[j / 64] |= 1 << (j % 64);
            };
            for d in digits(net.base[cell] & !bit(digit)) {
                turn_off(cell, d);
            }
            if two_bits(net.base[cell]) {
                let other = (net.base[cell] & !bit(digit)).trailing_zeros() as u8 + 1;
                strong.push(at(cell, other));
            }
            for &(h, at_h) in &net.shape.houses_of[cell] {
                let places = net.base_places[net.place(h, digit)] & !(1 << at_h);
                for other in ones(places) {
                    turn_off(net.shape.houses[h][other], digit);
                }
                if places.count_ones() == 1 {
                    let other = net.shape.houses[h][places.trailing_zeros() as usize];
                    strong.push(at(other, digit));
                }
            }
        }
        starts.push(strong.len() as u32);
        StaticLinks {
            words,
            weak,
            strong,
            starts,
        }
    }

    /// Per candidate of the grid, the closure of its on: the ons, then the offs (`words`
    /// each). An on reaches the ons that the offs it turns off turn on; its closure is the ons
    /// it reaches and everything they turn off. The candidates of a strongly connected part of
    /// that graph share one closure, made once, from its own links and the closures of the
    /// parts it reaches (made before it, Tarjan's order).
    fn closures(&self) -> Vec<u64> {
        let (n, words) = (self.starts.len() - 1, self.words);
        let (succ_start, succ) = self.successors();
        let mut closures = vec![0u64; n * 2 * words];
        // Tarjan's search, without recursion: per candidate its discovery number and lowest
        // reachable one, and its part once found.
        let mut t = Tarjan {
            found: vec![u32::MAX; n],
            low: vec![0; n],
            counter: 0,
            stack: Vec::new(),
            calls: Vec::new(),
        };
        let mut part = vec![u32::MAX; n];
        let mut members = Vec::new();
        // Per part, the last part whose closure took its closure (not twice).
        let mut taken_by = Vec::new();
        for root in 0..n {
            if t.found[root] != u32::MAX {
                continue;
            }
            t.visit(root, succ_start[root]);
            while let Some(&mut (v, ref mut next)) = t.calls.last_mut() {
                if *next < succ_start[v + 1] {
                    let w = succ[*next] as usize;
                    *next += 1;
                    if t.found[w] == u32::MAX {
                        t.visit(w, succ_start[w]);
                    } else if part[w] == u32::MAX {
                        t.low[v] = t.low[v].min(t.found[w]);
                    }
                    continue;
                }
                t.calls.pop();
                if let Some(&(u, _)) = t.calls.last() {
                    t.low[u] = t.low[u].min(t.low[v]);
                }
                if t.low[v] != t.found[v] {
                    continue;
                }
                let this = taken_by.len() as u32;
                taken_by.push(u32::MAX);
                members.clear();
                while let Some(m) = t.stack.pop() {
                    part[m] = this;
                    members.push(m);
                    if m == v {
                        break;
                    }
                }
                // On and off sets of at most 12 words each ([`MAX_CELLS`] × [`STRIDE`] bits).
                let mut closure = [0u64; 24];
                let closure = &mut closure[..2 * words];
                for &m in &members {
                    closure[m / 64] |= 1 << (m % 64);
                    let weak = &self.weak[m * words..(m + 1) * words];
                    closure[words..]
                        .iter_mut()
                        .zip(weak)
                        .for_each(|(c, &w)| *c |= w);
                    for &w in &succ[succ_start[m]..succ_start[m + 1]] {
                        let other = part[w as usize];
                        if other == this || taken_by[other as usize] == this {
                            continue;
                        }
                        taken_by[other as usize] = this;
                        let theirs =
                            &closures[w as usize * 2 * words..(w as usize + 1) * 2 * words];
                        closure.iter_mut().zip(theirs).for_each(|(c, &t)| *c |= t);
                    }
                }
                for &m in &members {
                    closures[m * 2 * words..(m + 1) * 2 * words].copy_from_slice(closure);
                }
            }
        }
        closures
    }

    /// Per candidate of the grid, those whose on its on reaches in one link (an off it turns
    /// off turns them on), each once: `succ[succ_start[i]..succ_start[i + 1]]`.
    fn successors(&self) -> (Vec<usize>, Vec<u32>) {
        let (n, words) = (self.starts.len() - 1, self.words);
        // Per candidate whose off turns something on, those ons as a set; and those candidates.
        let mut turned_on = vec![0u64; n * words];
        let mut turns_on = vec![0u64; words];
        for x in 0..n {
            let targets = &self.strong[self.starts[x] as usize..self.starts[x + 1] as usize];
            for &j in targets {
                turned_on[x * words + j as usize / 64] |= 1 << (j % 64);
            }
            if !targets.is_empty() {
                turns_on[x / 64] |= 1 << (x % 64);
            }
        }
        let (mut succ_start, mut succ) = (Vec::with_capacity(n + 1), Vec::new());
        // At most 12 words a set ([`MAX_CELLS`] × [`STRIDE`] candidates).
        let mut reached = [0u64; 12];
        let reached = &mut reached[..words];
        for i in 0..n {
            succ_start.push(succ.len());
            reached.iter_mut().for_each(|r| *r = 0);
            let weak = &self.weak[i * words..(i + 1) * words];
            for (w, (&word, &on)) in weak.iter().zip(&turns_on).enumerate() {
                let mut rest = word & on;
                while rest != 0 {
                    let x = w * 64 + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let theirs = &turned_on[x * words..(x + 1) * words];
                    reached.iter_mut().zip(theirs).for_each(|(r, &t)| *r |= t);
                }
            }
            for (w, &word) in reached.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    succ.push((w * 64) as u32 + rest.trailing_zeros());
                    rest &= rest - 1;
                }
            }
        }
        succ_start.push(succ.len());
        (succ_start, succ)
    }

    /// The closure of the grid's candidate `i` on, into `closure` (empty): the ons, then the
    /// offs (`words` each), by a breadth-first search of its own (what the tests compare
    /// [`StaticLinks::closures`] with).
    #[cfg(test)]
    fn close(&self, i: usize, closure: &mut [u64]) {
        let words = self.words;
        let (on_set, off_set) = closure.split_at_mut(words);
        on_set[i / 64] |= 1 << (i % 64);
        let mut frontier = vec![i];
        while !frontier.is_empty() {
            let mut turned_off = vec![0u64; words];
            for &j in &frontier {
                for (w, &link) in turned_off.iter_mut().zip(&self.weak[j * words..]) {
                    *w |= link;
                }
            }
            frontier.clear();
            for (w, new) in turned_off.iter_mut().enumerate() {
                *new &= !off_set[w];
                off_set[w] |= *new;
                let mut rest = *new;
                while rest != 0 {
                    let x = w * 64 + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let (from, to) = (self.starts[x] as usize, self.starts[x + 1] as usize);
                    for &j in &self.strong[from..to] {
                        let j = j as usize;
                        if on_set[j / 64] & 1 << (j % 64) == 0 {
                            on_set[j / 64] |= 1 << (j % 64);
                            frontier.push(j);
                        }
                    }
                }
            }
        }
    }
}

/// Tarjan's search for strongly connected parts, without recursion: per node its discovery
/// number and the lowest one it reaches, the nodes not yet in a part, and the nodes being
/// visited with the next successor to look at.
struct Tarjan {
    found: Vec<u32>,
    low: Vec<u32>,
    counter: u32,
    stack: Vec<usize>,
    calls: Vec<(usize, usize)>,
}

impl Tarjan {
    /// Starts visiting `v`, whose successors begin at `first`.
    fn visit(&mut self, v: usize, first: usize) {
        (self.found[v], self.low[v]) = (self.counter, self.counter);
        self.counter += 1;
        self.stack.push(v);
        self.calls.push((v, first));
    }
}

/// The grid a search starts from, with its geometry's [`Shape`].
struct Net<'c> {
    c: &'c Candidates<'c>,
    n: usize,
    shape: Rc<Shape>,
    /// The candidate masks where the search starts.
    base: Vec<u32>,
    /// [`Net::places_of`] the grid where the search starts.
    base_places: Vec<u16>,
    /// Per digit, the cells where the search starts with it.
    base_cells: [Cells; STRIDE],
}

/// What the searches need of a geometry: its houses in SE's order and the tables made from
/// them. It depends on the geometry alone, so a thread makes it once per geometry
/// ([`SHAPE`]), not once per search. Made only for grids of at most [`MAX_CELLS`] cells.
struct Shape {
    /// The houses' cells, blocks first, then rows, columns and the rest (SE's order).
    houses: Vec<Vec<usize>>,
    kinds: Vec<HouseKind>,
    /// Per cell, its houses in that order, with its position in each.
    houses_of: Vec<Vec<(usize, u8)>>,
    /// Per candidate index, its cell and digit.
    cell_of: Vec<u16>,
    digit_of: Vec<u8>,
    /// Per house, the houses crossing it in two or more cells (a block and a line), with the
    /// crossing's positions in each: `(other, in this one, in the other)`; made on first use
    /// (only the families that apply locked candidates ask).
    crossings: OnceCell<Vec<Vec<(usize, u16, u16)>>>,
    /// The rows and columns, by index (for X-Wings).
    rows: Vec<usize>,
    columns: Vec<usize>,
    /// Per house, its cells; per cell, the cells it sees (a table of [`CELL_SLOTS`]).
    house_cells: Vec<Cells>,
    peers: Box<[Cells; CELL_SLOTS]>,
    /// Per cell, the cells of its houses in [`Shape::houses_of`]'s order, all cells' in one
    /// table of [`CELL_SLOTS`] with room for [`MOST_HOUSES`] each, and how many each has.
    around: Box<[[Cells; MOST_HOUSES]; CELL_SLOTS]>,
    around_count: Box<[u8; CELL_SLOTS]>,
    /// Whether the searches run on the geometry ([`supported`]): every house's cells ascend,
    /// and no cell is in more than [`MOST_HOUSES`] houses.
    fits: bool,
}

thread_local! {
    /// The geometry the thread's searches last ran on, with its shape.
    static SHAPE: RefCell<Option<(Geometry, Rc<Shape>)>> = const { RefCell::new(None) };
}

impl Shape {
    /// The shape of `geo`: the thread's last one when `geo` equals its geometry.
    fn of(geo: &Geometry) -> Rc<Shape> {
        SHAPE.with(|kept| {
            let mut kept = kept.borrow_mut();
            if let Some((known, shape)) = kept.as_ref()
                && known == geo
            {
                return Rc::clone(shape);
            }
            let shape = Rc::new(Shape::new(geo));
            *kept = Some((geo.clone(), Rc::clone(&shape)));
            shape
        })
    }

    fn new(geo: &Geometry) -> Shape {
        let rank = |kind: &HouseKind| {
            if kind.is_block() {
                0
            } else if kind.is_row() {
                1
            } else if kind.is_column() {
                2
            } else {
                3
            }
        };
        let mut order: Vec<usize> = (0..geo.houses().len()).collect();
        order.sort_by_key(|&h| (rank(&geo.houses()[h].kind), h));
        let houses: Vec<Vec<usize>> = order
            .iter()
            .map(|&h| geo.houses()[h].cells.clone())
            .collect();
        let kinds: Vec<HouseKind> = order.iter().map(|&h| geo.houses()[h].kind).collect();
        let cells = geo.cell_count();
        let mut houses_of = vec![Vec::new(); cells];
        for (h, members) in houses.iter().enumerate() {
            for (i, &x) in members.iter().enumerate() {
                houses_of[x].push((h, i as u8));
            }
        }
        let candidates = cells * STRIDE;
        let lines = |is: fn(&HouseKind) -> bool| -> Vec<usize> {
            (0..houses.len()).filter(|&h| is(&kinds[h])).collect()
        };
        let (rows, columns) = (lines(HouseKind::is_row), lines(HouseKind::is_column));
        let set = |members: &[usize]| members.iter().fold(0 as Cells, |m, &x| m | 1 << x);
        let house_cells: Vec<Cells> = houses.iter().map(|members| set(members)).collect();
        let mut peers = Box::new([0; CELL_SLOTS]);
        for (x, (peer, of)) in peers.iter_mut().zip(&houses_of).enumerate() {
            *peer = of.iter().fold(0, |m, &(h, _)| m | house_cells[h]) & !(1 << x);
        }
        let mut around = Box::new([[0; MOST_HOUSES]; CELL_SLOTS]);
        let mut around_count = Box::new([0; CELL_SLOTS]);
        for (x, of) in houses_of.iter().enumerate() {
            for (slot, &(h, _)) in around[x].iter_mut().zip(of) {
                *slot = house_cells[h];
            }
            around_count[x] = of.len().min(MOST_HOUSES) as u8;
        }
        let fits = houses.iter().all(|h| h.is_sorted())
            && houses_of.iter().all(|of| of.len() <= MOST_HOUSES);
        Shape {
            cell_of: (0..candidates).map(|k| (k / STRIDE) as u16).collect(),
            digit_of: (0..candidates).map(|k| (k % STRIDE) as u8 + 1).collect(),
            houses,
            kinds,
            houses_of,
            crossings: OnceCell::new(),
            rows,
            columns,
            house_cells,
            peers,
            around,
            around_count,
            fits,
        }
    }

    /// [`Shape::crossings`], made on first use.
    fn crossings(&self) -> &[Vec<(usize, u16, u16)>] {
        self.crossings
            .get_or_init(|| crossings(&self.houses, &self.kinds))
    }
}

impl<'c> Net<'c> {
    fn new(c: &'c Candidates<'c>) -> Net<'c> {
        let mut net = Net {
            c,
            n: c.size(),
            shape: Shape::of(c.geometry()),
            base: c.masks().to_vec(),
            base_places: Vec::new(),
            base_cells: [0; STRIDE],
        };
        net.base_places = net.places_of(&net.base);
        for (x, &mask) in net.base.iter().enumerate() {
            for digit in digits(mask) {
                net.base_cells[usize::from(digit) - 1] |= 1 << x;
            }
        }
        net
    }

    /// The cells of each house of `cell`, in [`Shape::houses_of`]'s order.
    fn houses_around(&self, cell: usize) -> &[Cells] {
        let count = usize::from(self.shape.around_count[cell_slot(cell)]).min(MOST_HOUSES);
        &self.shape.around[cell_slot(cell)][..count]
    }

    /// Per house and digit ([`Net::place`]), the positions in the house where `grid` has it.
    fn places_of(&self, grid: &[u32]) -> Vec<u16> {
        let mut places = vec![0u16; self.shape.houses.len() * STRIDE];
        for (h, cells) in self.shape.houses.iter().enumerate() {
            for (i, &x) in cells.iter().enumerate() {
                for d in digits(grid[x]) {
                    places[self.place(h, d)] |= 1 << i;
                }
            }
        }
        places
    }

    /// The index of house `h` and `digit` in [`Net::places_of`].
    fn place(&self, h: usize, digit: u8) -> usize {
        h * STRIDE + digit as usize - 1
    }

    fn potentials(&self) -> usize {
        self.base.len() * STRIDE * 2
    }

    fn candidate(&self, cell: usize, digit: u8) -> usize {
        cell * STRIDE + digit as usize - 1
    }

    fn cell_digit(&self, p: Potential) -> (usize, u8) {
        let k = (p >> 1) as usize;
        (usize::from(self.shape.cell_of[k]), self.shape.digit_of[k])
    }
}

/// Per house, the houses that cross it in two or more cells, one a block and the other not,
/// with the crossing's positions in each.
fn crossings(houses: &[Vec<usize>], kinds: &[HouseKind]) -> Vec<Vec<(usize, u16, u16)>> {
    let positions = |cells: &[usize], of: &[usize]| -> u16 {
        cells
            .iter()
            .enumerate()
            .filter(|(_, x)| of.contains(x))
            .fold(0, |m, (i, _)| m | 1 << i)
    };
    (0..houses.len())
        .map(|h| {
            (0..houses.len())
                .filter(|&o| kinds[o].is_block() != kinds[h].is_block())
                .map(|o| {
                    (
                        o,
                        positions(&houses[h], &houses[o]),
                        positions(&houses[o], &houses[h]),
                    )
                })
                .filter(|&(_, in_h, _)| in_h.count_ones() >= 2)
                .collect()
        })
        .collect()
}

/// What one assumption implies: the potentials in the order found, each with its parents.
struct Branch {
    /// The potentials found, as a set (one bit per potential), in its first `words` words.
    found: [u64; FOUND_WORDS],
    words: usize,
    /// Per word of `found`, the potentials found in the words before it; and per potential
    /// found, in the order of their numbers, its index in `order`: a potential's index is
    /// `by_rank[ranks[word] + the bits below it in its word]` (made when the branch is done,
    /// a few hundred bytes where a table of every potential took six kilobytes).
    ranks: [u16; MAX_WORDS],
    by_rank: Vec<u16>,
    /// The potentials in the order found, with their parents and depths.
    order: Vec<Derived>,
    /// The parents after the first, of the potentials that have more.
    mores: Vec<More>,
    /// The parents of [`More::Listed`].
    listed: Vec<Potential>,
    /// A potential found both on and off: (on, off). The newer of the two is kept apart, with
    /// its parents in `absurd_link`, as SE never adds it.
    absurd: Option<(Potential, Potential)>,
    absurd_new: Potential,
    absurd_link: Link,
    absurd_depth: u16,
    /// Per digit, the cells of the potentials found; and every such cell. A branch reads only
    /// these cells and the houses around them for that digit.
    touched: [Cells; STRIDE],
    touched_any: Cells,
    /// [`COMPLETE`], or the depth below which the branch was made in full when it stopped
    /// with potentials of that depth or deeper left to process ([`Chainer::branch`]).
    limit: u16,
    /// Per potential of `order`, its ancestors once counted ([`Branch::ancestors`]), else 0:
    /// a potential's count serves each conclusion it takes part in (a candidate's on branch
    /// serves its double forcing, its cell's and its houses'). Empty until a count.
    counted: Vec<u16>,
}

/// The [`Branch::limit`] of a branch made to the end.
const COMPLETE: u16 = u16::MAX;

/// A potential a branch found, in eight bytes (a potential's number fits 16 bits: at most
/// [`MAX_CELLS`] × [`STRIDE`] × 2).
#[derive(Clone, Copy)]
struct Derived {
    potential: u16,
    /// Its first parent ([`NONE16`] for the assumption), and the index in the branch's `mores`
    /// of the others ([`NONE16`] when it has no others).
    first: u16,
    more: u16,
    /// The longest path of parents back to the assumption: its ancestors number at least one
    /// more (a bound that spares counting most conclusions).
    depth: u16,
}

/// No potential: the assumption's parent, or no further parents.
const NONE: u32 = u32::MAX;

/// [`NONE`] in a [`Derived`].
const NONE16: u16 = u16::MAX;

impl Derived {
    fn potential(&self) -> Potential {
        Potential::from(self.potential)
    }

    fn first(&self) -> Potential {
        if self.first == NONE16 {
            NONE
        } else {
            Potential::from(self.first)
        }
    }
}

/// A potential's parents: the first (the potential that was processed; [`NONE`] for the
/// assumption) and the others, which are kept as the rule that names them rather than listed:
/// most potentials are never counted, and a dynamic branch's on potentials have many parents.
type Link = (Potential, More);

/// A potential's parents after the first.
#[derive(Clone, Copy)]
enum More {
    None,
    /// The offs of the cell's digits in `digits` (those its dynamic branch removed before).
    Cell {
        cell: u16,
        digits: u32,
    },
    /// The offs of `digit` in `cells` (the house's places its dynamic branch removed before).
    Places {
        digit: u8,
        cells: Cells,
    },
    /// `listed[start..start + len]` of the branch.
    Listed {
        start: u32,
        len: u32,
    },
}

thread_local! {
    /// Per family, what the thread's last search of it left ([`Kept`]).
    static KEPT: std::cell::RefCell<Vec<Kept>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The branches a thread's last search of a family made, kept for its next search of the
/// family: along a rating's path the next grid is this one less a few candidates, and a branch
/// that read none of the cells and houses they left derives the same potentials from the same
/// parents there (about half of the dynamic family's branches). The rest are cleared for reuse.
struct Kept {
    family: Family,
    /// The grid the branches were made on, and its houses.
    base: Vec<u32>,
    house_cells: Vec<Cells>,
    #[expect(
        clippy::vec_box,
        reason = "a branch is some 400 bytes; taking one over moves a pointer"
    )]
    branches: Vec<Box<Branch>>,
    /// The branches made (the first ones); the others are empty.
    made: usize,
}

impl Kept {
    /// The thread's kept branches of `family`, or none.
    fn take(family: Family) -> Option<Kept> {
        KEPT.with(|kept| {
            let mut kept = kept.borrow_mut();
            let at = kept.iter().position(|k| k.family == family)?;
            Some(kept.swap_remove(at))
        })
    }

    fn put(self) {
        KEPT.with(|kept| kept.borrow_mut().push(self));
    }

    /// Per digit, the cells that lost it or see a cell that did; and the cells that lost any
    /// candidate: where a branch made on the kept grid is stale on `net`'s. None when `net`'s
    /// grid is not the kept one less some candidates (every branch is stale).
    fn changes(&self, net: &Net) -> Option<([Cells; STRIDE], Cells)> {
        if self.family.advanced()
            || self.base.len() != net.base.len()
            || self.house_cells != net.shape.house_cells
        {
            return None;
        }
        let (mut near, mut lost_any) = ([0 as Cells; STRIDE], 0 as Cells);
        for (x, (&was, &now)) in self.base.iter().zip(&net.base).enumerate() {
            if now & !was != 0 {
                return None;
            }
            let lost = was & !now;
            if lost != 0 {
                lost_any |= 1 << x;
                for digit in digits(lost) {
                    near[usize::from(digit) - 1] |= net.shape.peers[x] | 1 << x;
                }
            }
        }
        Some((near, lost_any))
    }
}

impl Branch {
    /// Empties the branch for another derivation.
    fn clear(&mut self) {
        self.found = [0; FOUND_WORDS];
        self.by_rank.clear();
        self.order.clear();
        self.mores.clear();
        self.listed.clear();
        self.absurd = None;
        self.absurd_new = NONE;
        self.counted.clear();
    }

    fn new(potentials: usize) -> Branch {
        Branch {
            found: [0; FOUND_WORDS],
            words: potentials.div_ceil(64),
            ranks: [0; MAX_WORDS],
            by_rank: Vec::with_capacity(256),
            order: Vec::with_capacity(256),
            mores: Vec::with_capacity(64),
            listed: Vec::new(),
            absurd: None,
            absurd_new: NONE,
            absurd_link: (NONE, More::None),
            absurd_depth: 0,
            touched: [0; STRIDE],
            touched_any: 0,
            limit: COMPLETE,
            counted: Vec::new(),
        }
    }

    /// Into `out`, the potentials of `set` (all found here), on ones first, each kind in the
    /// order found.
    fn in_order(&self, set: &[u64], out: &mut Vec<Potential>) {
        out.clear();
        for (w, &word) in set.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                out.push((w * 64) as u32 + rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
        out.sort_unstable_by_key(|&p| (!is_on(p), self.index(p)));
    }

    /// Whether the branch reads nothing of what [`Kept::changes`] says changed.
    fn still_holds(&self, changes: &([Cells; STRIDE], Cells)) -> bool {
        let (near, lost_any) = changes;
        self.touched_any & lost_any == 0 && self.touched.iter().zip(near).all(|(&t, &n)| t & n == 0)
    }

    /// The index in `order` of a potential found (once the branch is done).
    fn index(&self, p: Potential) -> usize {
        let (word, bit) = (p as usize / 64, p % 64);
        let below = (self.found[word_slot(p)] & ((1u64 << bit) - 1)).count_ones();
        usize::from(self.by_rank[usize::from(self.ranks[word]) + below as usize])
    }

    /// Makes the table [`Branch::index`] reads, once every potential is found: `slot` gives
    /// each potential's index in `order`.
    fn finish(&mut self, slot: &[u32]) {
        self.by_rank.clear();
        for (w, &word) in self.found[..self.words].iter().enumerate() {
            self.ranks[w] = self.by_rank.len() as u16;
            let mut rest = word;
            while rest != 0 {
                let p = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.by_rank.push(slot[p] as u16);
            }
        }
    }

    fn has(&self, p: Potential) -> bool {
        self.found[word_slot(p)] & 1 << (p % 64) != 0
    }

    /// Adds `p`, found from the parents of `link`, `depth` its longest path back to the
    /// assumption.
    #[inline(always)]
    fn add(&mut self, p: Potential, link: Link, depth: u16) {
        self.found[word_slot(p)] |= 1 << (p % 64);
        let (first, more) = link;
        let more = if let More::None = more {
            NONE16
        } else {
            self.mores.push(more);
            self.mores.len() as u16 - 1
        };
        let first = if first == NONE { NONE16 } else { first as u16 };
        self.order.push(Derived {
            potential: p as u16,
            first,
            more,
            depth,
        });
    }

    /// The link of parents listed in full (the first, then the rest kept in the branch).
    fn listed(&mut self, parents: &[Potential]) -> Link {
        let Some((&first, rest)) = parents.split_first() else {
            return (NONE, More::None);
        };
        let start = self.listed.len() as u32;
        self.listed.extend_from_slice(rest);
        let more = More::Listed {
            start,
            len: rest.len() as u32,
        };
        (first, more)
    }

    /// A lower bound of [`Branch::ancestors`]: the count when made, else the longest path back
    /// to the assumption.
    fn at_least(&self, p: Potential) -> usize {
        if p == self.absurd_new {
            return usize::from(self.absurd_depth) + 1;
        }
        let i = self.index(p);
        match self.counted.get(i) {
            Some(&n) if n != 0 => usize::from(n),
            _ => usize::from(self.order[i].depth) + 1,
        }
    }

    /// Records the potential found both ways, with its parents (SE never adds it).
    fn set_absurd(&mut self, pair: (Potential, Potential), new: Potential, link: Link, depth: u16) {
        self.absurd_depth = depth;
        self.absurd = Some(pair);
        self.absurd_new = new;
        self.absurd_link = link;
    }

    /// Pushes the parents of `p` onto `out`.
    fn push_parents(&self, p: Potential, out: &mut Vec<Potential>) {
        let link = if p == self.absurd_new {
            self.absurd_link
        } else {
            let found = self.order[self.index(p)];
            let more = if found.more == NONE16 {
                More::None
            } else {
                self.mores[usize::from(found.more)]
            };
            (found.first(), more)
        };
        self.each_parent(link, |q| out.push(q));
    }

    /// Calls `f` with each parent of `link`.
    fn each_parent(&self, link: Link, mut f: impl FnMut(Potential)) {
        let (first, more) = link;
        if first == NONE {
            return;
        }
        f(first);
        match more {
            More::None => {}
            More::Cell { cell, digits: mask } => {
                let base = usize::from(cell) * STRIDE;
                digits(mask).for_each(|d| f(off(base + usize::from(d) - 1)));
            }
            More::Places { digit, cells } => {
                let mut rest = cells;
                while rest != 0 {
                    let x = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    f(off(x * STRIDE + usize::from(digit) - 1));
                }
            }
            More::Listed { start, len } => {
                let listed = &self.listed[start as usize..(start + len) as usize];
                listed.iter().for_each(|&q| f(q));
            }
        }
    }

    /// [`Branch::ancestors`], counted once per potential of the branch.
    fn count(&mut self, p: Potential, seen: &mut [u64], stack: &mut Vec<Potential>) -> usize {
        if p == self.absurd_new {
            return self.ancestors(p, seen, stack);
        }
        let i = self.index(p);
        if self.counted.is_empty() {
            self.counted.resize(self.order.len(), 0);
        }
        if self.counted[i] == 0 {
            self.counted[i] = self.ancestors(p, seen, stack) as u16;
        }
        usize::from(self.counted[i])
    }

    /// The number of distinct potentials `p` needed, itself included (SE's ancestor count).
    fn ancestors(&self, p: Potential, seen: &mut [u64], stack: &mut Vec<Potential>) -> usize {
        seen.iter_mut().for_each(|w| *w = 0);
        stack.clear();
        stack.push(p);
        let mut count = 0;
        while let Some(q) = stack.pop() {
            let (word, mask) = (q as usize / 64, 1u64 << (q % 64));
            if seen[word] & mask != 0 {
                continue;
            }
            seen[word] |= mask;
            count += 1;
            self.push_parents(q, stack);
        }
        count
    }
}

/// Runs branches for one family.
///
/// The branch's potentials are kept twice: in the [`Branch`] (order and parents, for the
/// conclusions) and, while it is made, as cell sets per digit (`ons`, `offs`), so that an on
/// potential turns off the digit's places around it with a few bit operations and offers only
/// the new ones. The houses' cells are in ascending order ([`supported`]), so a house's places
/// taken lowest cell first are its places in SE's order.
struct Chainer<'n> {
    net: &'n Net<'n>,
    family: Family,
    /// The grid as the branch left it (dynamic families): the masks, and per digit its cells.
    /// These tables are indexed through [`cell_slot`], [`digit_slot`] and [`potential_slot`].
    grid: [u32; CELL_SLOTS],
    cells: [Cells; DIGIT_SLOTS],
    /// Per digit, its cells where the search starts.
    base_cells: [Cells; DIGIT_SLOTS],
    /// Per digit, the cells whose on (off) potential of that digit the branch found.
    ons: [Cells; DIGIT_SLOTS],
    offs: [Cells; DIGIT_SLOTS],
    /// The same per cell: the digits whose on (off) potential the branch found there.
    cell_ons: [u32; CELL_SLOTS],
    cell_offs: [u32; CELL_SLOTS],
    /// SE's two queues: the ons and the offs found, each processed first in, first out, ons
    /// before offs; and the next of each to process.
    queues: [Vec<Queued>; 2],
    next: [usize; 2],
    /// Per potential, its index in the order of the branch being made (read while it is made,
    /// and by [`Branch::finish`]), for the potentials the branch has: the others' entries are
    /// stale and never read.
    slot: Box<[u32; POTENTIAL_SLOTS]>,
    /// The depth from which queued potentials need not be processed in the branch being made,
    /// and how many queued potentials not yet processed are shallower.
    limit: u16,
    shallow: u32,
}

/// A potential of the branch being made, with what processing it needs: its cell, its digit
/// less one and its depth (as [`Derived::depth`]).
#[derive(Clone, Copy)]
struct Queued {
    potential: Potential,
    cell: u8,
    d: u8,
    depth: u16,
}

impl Queued {
    fn new(net: &Net, potential: Potential, depth: u16) -> Queued {
        let (cell, digit) = net.cell_digit(potential);
        Queued {
            potential,
            cell: cell as u8,
            d: digit - 1,
            depth,
        }
    }

    /// The off potential of candidate `(cell, d)` (`d` the digit less one).
    fn off(cell: usize, d: usize, depth: u16) -> Queued {
        Queued {
            potential: off(cell * STRIDE + d),
            cell: cell as u8,
            d: d as u8,
            depth,
        }
    }

    /// The on potential of candidate `(cell, d)`.
    fn on(cell: usize, d: usize, depth: u16) -> Queued {
        Queued {
            potential: on(cell * STRIDE + d),
            ..Queued::off(cell, d, depth)
        }
    }
}

impl<'n> Chainer<'n> {
    fn new(net: &'n Net<'n>, family: Family) -> Chainer<'n> {
        Chainer {
            net,
            family,
            grid: [0; CELL_SLOTS],
            cells: [0; DIGIT_SLOTS],
            base_cells: {
                let mut base_cells = [0; DIGIT_SLOTS];
                base_cells[..STRIDE].copy_from_slice(&net.base_cells);
                base_cells
            },
            ons: [0; DIGIT_SLOTS],
            offs: [0; DIGIT_SLOTS],
            cell_ons: [0; CELL_SLOTS],
            cell_offs: [0; CELL_SLOTS],
            queues: [Vec::with_capacity(256), Vec::with_capacity(256)],
            next: [0; 2],
            slot: Box::new([0; POTENTIAL_SLOTS]),
            limit: COMPLETE,
            shallow: 0,
        }
    }

    /// Adds `q` to the branch, found from the parents of `link`.
    #[inline(always)]
    fn add(&mut self, b: &mut Branch, q: Queued, link: Link) {
        let (cell, d) = (usize::from(q.cell), usize::from(q.d));
        let on = is_on(q.potential);
        if on {
            self.ons[digit_slot(d)] |= 1 << cell;
            self.cell_ons[cell_slot(cell)] |= 1 << d;
        } else {
            self.offs[digit_slot(d)] |= 1 << cell;
            self.cell_offs[cell_slot(cell)] |= 1 << d;
        }
        self.enqueue(b, q, link);
    }

    /// [`Chainer::add`] for an off whose cell the digit's cell set `offs` has already.
    #[inline(always)]
    fn add_off_marked(&mut self, b: &mut Branch, q: Queued, link: Link) {
        self.cell_offs[cell_slot(usize::from(q.cell))] |= 1 << q.d;
        self.enqueue(b, q, link);
    }

    /// Queues `q` and adds it to the branch.
    #[inline(always)]
    fn enqueue(&mut self, b: &mut Branch, q: Queued, link: Link) {
        self.queues[usize::from(is_on(q.potential))].push(q);
        self.shallow += u32::from(q.depth < self.limit);
        self.slot[potential_slot(q.potential)] = b.order.len() as u32;
        b.add(q.potential, link, q.depth);
    }

    /// The longest path of parents from potential `p` of the branch being made to its assumption.
    fn depth(&self, b: &Branch, p: Potential) -> u16 {
        debug_assert!(b.has(p), "only a potential of the branch has a place");
        b.order[self.slot[potential_slot(p)] as usize].depth
    }

    /// One more than the deepest of `parents` (0 for none).
    fn depth_over(&self, b: &Branch, parents: &[Potential]) -> u16 {
        parents
            .iter()
            .map(|&q| self.depth(b, q) + 1)
            .max()
            .unwrap_or(0)
    }

    /// The next potential of the kind `want_on` to process, if any.
    fn next(&mut self, want_on: bool) -> Option<Queued> {
        let kind = usize::from(want_on);
        let q = *self.queues[kind].get(self.next[kind])?;
        self.next[kind] += 1;
        self.shallow -= u32::from(q.depth < self.limit);
        Some(q)
    }

    /// Derives into `b` (empty) everything `start` implies (SE's `doChaining`), up to `limit`:
    /// once every potential left to process is at depth `limit` or deeper, the branch stops
    /// ([`Branch::limit`]). What it has then is what the whole branch has at depths up to
    /// `limit`: each potential found later has a parent processed later, one deeper.
    fn branch(&mut self, start: Potential, b: &mut Branch, limit: u16) {
        self.grid[..self.net.base.len()].copy_from_slice(&self.net.base);
        self.cells[..STRIDE].copy_from_slice(&self.net.base_cells);
        self.ons = [0; DIGIT_SLOTS];
        self.offs = [0; DIGIT_SLOTS];
        self.queues.iter_mut().for_each(Vec::clear);
        self.next = [0; 2];
        // The advanced rules find potentials deeper than their first parent: made in full.
        self.limit = if self.family.advanced() {
            COMPLETE
        } else {
            limit
        };
        self.shallow = 0;
        b.limit = COMPLETE;
        self.add(b, Queued::new(self.net, start, 0), (NONE, More::None));
        loop {
            if self.shallow == 0 && self.left_to_process() {
                b.limit = self.limit;
                break;
            }
            let absurd = if let Some(q) = self.next(true) {
                self.on_to_off(b, q)
            } else if let Some(q) = self.next(false) {
                self.off_to_on(b, q)
            } else if self.family.advanced() && self.advanced(b) {
                false
            } else {
                break;
            };
            if absurd {
                break;
            }
        }
        for (t, (&on, &off)) in b.touched.iter_mut().zip(self.ons.iter().zip(&self.offs)) {
            *t = on | off;
        }
        b.touched_any = b.touched.iter().fold(0, |m, &t| m | t);
        // Cleared whole (a kilobyte, no loop whose end a processor must guess).
        self.cell_ons = [0; CELL_SLOTS];
        self.cell_offs = [0; CELL_SLOTS];
        b.finish(&self.slot[..]);
    }

    /// Whether potentials are queued and not yet processed.
    fn left_to_process(&self) -> bool {
        self.next[0] < self.queues[0].len() || self.next[1] < self.queues[1].len()
    }

    /// The potentials an on potential turns off; true on a contradiction.
    fn on_to_off(&mut self, b: &mut Branch, q: Queued) -> bool {
        let net = self.net;
        let (cell, d) = (usize::from(q.cell), usize::from(q.d));
        let others = if self.family.cell_links() {
            self.grid[cell_slot(cell)] & !(1 << d)
        } else {
            0
        };
        let places = net.shape.peers[cell_slot(cell)] & self.cells[digit_slot(d)];
        let clash =
            places & self.ons[digit_slot(d)] != 0 || others & self.cell_ons[cell_slot(cell)] != 0;
        if clash {
            return self.on_to_off_in_turn(b, q, others);
        }
        let (link, depth) = ((q.potential, More::None), q.depth + 1);
        let mut rest = others & !self.cell_offs[cell_slot(cell)];
        while rest != 0 {
            let o = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.add(b, Queued::off(cell, o, depth), link);
        }
        let mut fresh = places & !self.offs[digit_slot(d)];
        self.offs[digit_slot(d)] |= fresh;
        for &house in net.houses_around(cell) {
            if fresh == 0 {
                break;
            }
            let mut here = fresh & house;
            fresh &= !here;
            while here != 0 {
                let x = here.trailing_zeros() as usize;
                here &= here - 1;
                self.add_off_marked(b, Queued::off(x, d, depth), link);
            }
        }
        false
    }

    /// [`Chainer::on_to_off`] where one of its potentials is already on: each offered in SE's
    /// order, up to the contradiction.
    fn on_to_off_in_turn(&mut self, b: &mut Branch, q: Queued, others: u32) -> bool {
        let net = self.net;
        let (cell, d) = (usize::from(q.cell), usize::from(q.d));
        let (link, depth) = ((q.potential, More::None), q.depth + 1);
        let offer = |this: &mut Self, b: &mut Branch, made: Queued| -> bool {
            let p = made.potential;
            if b.has(conjugate(p)) {
                b.set_absurd((conjugate(p), p), p, link, depth);
                return true;
            }
            if !b.has(p) {
                this.add(b, made, link);
            }
            false
        };
        let mut rest = others;
        while rest != 0 {
            let o = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if offer(self, b, Queued::off(cell, o, depth)) {
                return true;
            }
        }
        for &house in net.houses_around(cell) {
            let mut places = house & self.cells[digit_slot(d)] & !(1 << cell);
            while places != 0 {
                let x = places.trailing_zeros() as usize;
                places &= places - 1;
                if offer(self, b, Queued::off(x, d, depth)) {
                    return true;
                }
            }
        }
        false
    }

    /// The potentials an off potential turns on (then, in a dynamic branch, it leaves the
    /// grid); true on a contradiction.
    fn off_to_on(&mut self, b: &mut Branch, q: Queued) -> bool {
        let net = self.net;
        let (cell, d) = (usize::from(q.cell), usize::from(q.d));
        let mask = self.grid[cell_slot(cell)];
        if self.family.cell_links() && two_bits(mask) {
            let other = (mask & !(1 << d)).trailing_zeros() as usize;
            // An on the branch has already adds nothing (nor is it a contradiction: a branch
            // never holds both states of a candidate).
            if self.cell_ons[cell_slot(cell)] & 1 << other == 0 {
                let gone = net.base[cell] & !mask;
                let more = if gone == 0 {
                    More::None
                } else {
                    More::Cell {
                        cell: cell as u16,
                        digits: gone,
                    }
                };
                let made = Queued::on(cell, other, 0);
                if self.offer_on(b, made, (q.potential, more), q.depth) {
                    return true;
                }
            }
        }
        // The houses where the digit has one other place, not on yet, as a mask of the cell's
        // houses, with no branch per house (a house has one other place about one time in
        // four, which a processor cannot predict); turning those places on is apart.
        let me: Cells = 1 << cell;
        let (now, ons) = (self.cells[digit_slot(d)], self.ons[digit_slot(d)]);
        let others = now & !me;
        let mut lone = 0u32;
        for (i, &house) in net.houses_around(cell).iter().enumerate() {
            debug_assert!(
                house & now & me != 0,
                "an off is processed once, while its candidate is left"
            );
            let there = house & others;
            let one = (there != 0) & (there & there.wrapping_sub(1) == 0) & (there & ons == 0);
            lone |= u32::from(one) << i;
        }
        if lone != 0 && self.lone_places_on(b, q, lone) {
            return true;
        }
        if self.family.dynamic() {
            self.grid[cell_slot(cell)] &= !(1 << d);
            self.cells[digit_slot(d)] &= !(1 << cell);
        }
        false
    }

    /// The ons an off `q` turns on in the houses of its cell that `lone` marks (where its digit
    /// has one other place), in the houses' order; true on a contradiction.
    #[inline(never)]
    fn lone_places_on(&mut self, b: &mut Branch, q: Queued, mut lone: u32) -> bool {
        let (cell, d) = (usize::from(q.cell), usize::from(q.d));
        let (now, was) = (self.cells[digit_slot(d)], self.base_cells[digit_slot(d)]);
        while lone != 0 {
            let house = self.net.houses_around(cell)[lone.trailing_zeros() as usize];
            lone &= lone - 1;
            let there = house & now & !(1 << cell);
            if self.ons[digit_slot(d)] & there != 0 {
                // Turned on by an earlier house: nothing new.
                continue;
            }
            let other = there.trailing_zeros() as usize;
            let gone = house & was & !now;
            let more = if gone == 0 {
                More::None
            } else {
                More::Places {
                    digit: q.d + 1,
                    cells: gone,
                }
            };
            if self.offer_on(b, Queued::on(other, d, 0), (q.potential, more), q.depth) {
                return true;
            }
        }
        false
    }

    /// Adds on potential `made` found from the parents of `link` (the first of them at depth
    /// `depth`), unless the branch has it; true (and the branch is absurd) when it has its off.
    #[inline(always)]
    fn offer_on(&mut self, b: &mut Branch, made: Queued, link: Link, depth: u16) -> bool {
        let p = made.potential;
        if b.has(conjugate(p)) {
            let depth = self.depth_below(b, link, depth);
            b.set_absurd((p, conjugate(p)), p, link, depth);
            return true;
        }
        if !b.has(p) {
            let depth = self.depth_below(b, link, depth);
            self.add(b, Queued { depth, ..made }, link);
        }
        false
    }

    /// One more than the deepest of the parents of `link`, the first of them at depth `first`.
    /// Outside the advanced family every other parent is an off processed before the first
    /// (both queues are processed in the order of depth), so the first is the deepest.
    fn depth_below(&self, b: &Branch, link: Link, first: u16) -> u16 {
        let deepest = || {
            let mut deepest = 0;
            b.each_parent(link, |q| deepest = deepest.max(self.depth(b, q)));
            deepest
        };
        if !self.family.advanced() {
            debug_assert_eq!(deepest(), first);
            return first + 1;
        }
        deepest() + 1
    }

    /// SE's level 1: the first of locked candidates, hidden pairs, naked pairs and X-Wings
    /// that removes something the branch made possible; its removals join the branch. False
    /// when none does.
    fn advanced(&mut self, b: &mut Branch) -> bool {
        let grid = &self.grid[..self.net.base.len()];
        let places = self.net.places_of(grid);
        let found = advanced_removals(self.net, grid, &places, b);
        let mut any = false;
        for (q, parents) in found {
            if !b.has(q) {
                let depth = self.depth_over(b, &parents);
                let link = b.listed(&parents);
                self.add(b, Queued::new(self.net, q, depth), link);
                any = true;
            }
        }
        any
    }
}

/// The removals (with their parents: the branch's offs the rule needed) of the first rule of
/// SE's level 1 that finds any on `grid`.
fn advanced_removals(
    net: &Net,
    grid: &[u32],
    places: &[u16],
    b: &Branch,
) -> Vec<(Potential, Vec<Potential>)> {
    let rules: [Rule; 4] = [locked_candidates, hidden_pairs, naked_pairs, x_wings];
    let mut found = Vec::new();
    for rule in rules {
        rule(net, grid, places, &mut found);
        found.retain(|(_, parents)| parents.iter().all(|&p| b.has(p)));
        if !found.is_empty() {
            break;
        }
    }
    found
}

/// A rule of SE's level 1: the grid, its places per house and digit, and where its removals go.
type Rule = fn(&Net, &[u32], &[u16], &mut Vec<(Potential, Vec<Potential>)>);

/// Adds a rule's removals (sorted by cell and digit) when it has parents.
fn offer_rule(
    net: &Net,
    removals: &mut [(usize, u8)],
    parents: Vec<Potential>,
    out: &mut Vec<(Potential, Vec<Potential>)>,
) {
    if parents.is_empty() || removals.is_empty() {
        return;
    }
    removals.sort_unstable();
    for &(x, d) in removals.iter() {
        out.push((off(net.candidate(x, d)), parents.clone()));
    }
}

/// The cells of house `h` at the positions of `mask`, with `digit`.
fn at<'a>(net: &'a Net, h: usize, mask: u16, digit: u8) -> impl Iterator<Item = (usize, u8)> + 'a {
    net.shape.houses[h]
        .iter()
        .enumerate()
        .filter(move |&(i, _)| mask & 1 << i != 0)
        .map(move |(_, &x)| (x, digit))
}

/// Locked candidates: a digit's places in one house all in another; the first house's places
/// the branch removed outside the second are the parents.
fn locked_candidates(
    net: &Net,
    _: &[u32],
    places: &[u16],
    out: &mut Vec<(Potential, Vec<Potential>)>,
) {
    for base in 0..net.shape.houses.len() {
        for digit in 1..=net.n as u8 {
            let here = places[net.place(base, digit)];
            if here.count_ones() < 2 {
                continue;
            }
            for &(cover, in_base, in_cover) in &net.shape.crossings()[base] {
                if here & !in_base != 0 {
                    continue;
                }
                let gone = places[net.place(cover, digit)] & !in_cover;
                if gone == 0 {
                    continue;
                }
                let lost = net.base_places[net.place(base, digit)] & !here & !in_base;
                let parents = at(net, base, lost, digit)
                    .map(|(x, d)| off(net.candidate(x, d)))
                    .collect();
                let mut removals: Vec<(usize, u8)> = at(net, cover, gone, digit).collect();
                offer_rule(net, &mut removals, parents, out);
            }
        }
    }
}

/// Hidden pairs: two digits with the same two places in a house; their removed places are the
/// parents.
fn hidden_pairs(
    net: &Net,
    grid: &[u32],
    places: &[u16],
    out: &mut Vec<(Potential, Vec<Potential>)>,
) {
    for h in 0..net.shape.houses.len() {
        for d1 in 1..=net.n as u8 {
            let p1 = places[net.place(h, d1)];
            if p1 == 0 || p1.count_ones() > 2 {
                continue;
            }
            for d2 in d1 + 1..=net.n as u8 {
                let p2 = places[net.place(h, d2)];
                let both = p1 | p2;
                if p2 == 0 || both.count_ones() != 2 {
                    continue;
                }
                let pair = bit(d1) | bit(d2);
                let mut removals: Vec<(usize, u8)> = at(net, h, both, 0)
                    .flat_map(|(x, _)| digits(grid[x] & !pair).map(move |d| (x, d)))
                    .collect();
                if removals.is_empty() {
                    continue;
                }
                let parents = [d1, d2]
                    .into_iter()
                    .flat_map(|d| at(net, h, net.base_places[net.place(h, d)] & !both, d))
                    .map(|(x, d)| off(net.candidate(x, d)))
                    .collect();
                offer_rule(net, &mut removals, parents, out);
            }
        }
    }
}

/// Naked pairs: two cells of a house with the same two candidates; the candidates the branch
/// removed from them are the parents.
fn naked_pairs(net: &Net, grid: &[u32], _: &[u16], out: &mut Vec<(Potential, Vec<Potential>)>) {
    for cells in &net.shape.houses {
        for (i, &a) in cells.iter().enumerate() {
            if grid[a].count_ones() != 2 {
                continue;
            }
            for &z in &cells[i + 1..] {
                if grid[z] != grid[a] {
                    continue;
                }
                let pair = grid[a];
                let mut removals: Vec<(usize, u8)> = cells
                    .iter()
                    .filter(|&&x| x != a && x != z)
                    .flat_map(|&x| digits(grid[x] & pair).map(move |d| (x, d)))
                    .collect();
                if removals.is_empty() {
                    continue;
                }
                let parents: Vec<Potential> = [a, z]
                    .iter()
                    .flat_map(|&x| digits(net.base[x] & !pair).map(move |d| (x, d)))
                    .map(|(x, d)| off(net.candidate(x, d)))
                    .collect();
                offer_rule(net, &mut removals, parents, out);
            }
        }
    }
}

/// X-Wings: a digit's places in two columns (then two rows) in the same two rows (columns);
/// the base lines' removed places outside the cover lines are the parents. A line's place `i`
/// is the crossing line `i` (cells are row-major).
fn x_wings(net: &Net, _: &[u32], places: &[u16], out: &mut Vec<(Potential, Vec<Potential>)>) {
    for (bases, covers) in [
        (&net.shape.columns, &net.shape.rows),
        (&net.shape.rows, &net.shape.columns),
    ] {
        for (i, &b1) in bases.iter().enumerate() {
            for (j, &b2) in bases.iter().enumerate().skip(i + 1) {
                for digit in 1..=net.n as u8 {
                    let (p1, p2) = (places[net.place(b1, digit)], places[net.place(b2, digit)]);
                    let both = p1 | p2;
                    if p1 == 0 || p2 == 0 || both.count_ones() != 2 {
                        continue;
                    }
                    let bases_mask = (1u16 << i) | (1u16 << j);
                    let mut removals: Vec<(usize, u8)> = (0..covers.len())
                        .filter(|&k| both & 1 << k != 0)
                        .flat_map(|k| {
                            let h = covers[k];
                            at(net, h, places[net.place(h, digit)] & !bases_mask, digit)
                        })
                        .collect();
                    if removals.is_empty() {
                        continue;
                    }
                    let parents = [(b1, p1), (b2, p2)]
                        .into_iter()
                        .flat_map(|(h, p)| {
                            at(
                                net,
                                h,
                                net.base_places[net.place(h, digit)] & !p & !both,
                                digit,
                            )
                        })
                        .map(|(x, d)| off(net.candidate(x, d)))
                        .collect();
                    offer_rule(net, &mut removals, parents, out);
                }
            }
        }
    }
}

/// What a conclusion does: a placement or an elimination, `(cell, digit)`.
type Effect = (Option<(usize, u8)>, Option<(usize, u8)>);

/// A conclusion of a family: what it places or removes, its premises and its complexity.
struct Conclusion {
    complexity: usize,
    /// SE's sort key: 1 double forcing, 5 cell, 6 house, 7 contradiction.
    kind: u8,
    placement: Option<(usize, u8)>,
    elimination: Option<(usize, u8)>,
    premises: Premises,
}

/// What a conclusion assumed, each possibility in turn.
#[derive(Clone, Copy)]
enum Premises {
    /// One candidate, `(cell, digit)`.
    Candidate(usize, u8),
    /// Every candidate of the cell.
    Cell(usize),
    /// Every candidate of the cell but `digit`.
    CellBut(usize, u8),
    /// Every place of `digit` in the house.
    Places(usize, u8),
}

impl Premises {
    fn candidates(self, net: &Net) -> Vec<(usize, u8)> {
        match self {
            Premises::Candidate(cell, digit) => vec![(cell, digit)],
            Premises::Cell(cell) => digits(net.base[cell]).map(|d| (cell, d)).collect(),
            Premises::CellBut(cell, digit) => digits(net.base[cell] & !bit(digit))
                .map(|d| (cell, d))
                .collect(),
            Premises::Places(h, digit) => ones(net.base_places[net.place(h, digit)])
                .map(|i| (net.shape.houses[h][i], digit))
                .collect(),
        }
    }
}

/// One family's search over a grid: every branch made once, on first use.
struct Search<'n> {
    net: &'n Net<'n>,
    family: Family,
    chainer: Chainer<'n>,
    /// Per candidate, its on and off branches' places in `branches` (u32::MAX: not made).
    on_branches: Vec<u32>,
    off_branches: Vec<u32>,
    /// The branches, the first `used` made here, the rest cleared for reuse (kept between
    /// searches of a thread).
    #[expect(
        clippy::vec_box,
        reason = "a branch is some 400 bytes; taking one over moves a pointer"
    )]
    branches: Vec<Box<Branch>>,
    used: usize,
    seen: Vec<u64>,
    stack: Vec<Potential>,
    best: Option<Conclusion>,
    /// Scratch lists: the potentials a group of branches shares, the group's candidates.
    shared: Vec<Potential>,
    group: Vec<usize>,
    /// For a static family, the closures of its branches: a group of branches whose closures
    /// share no target concludes nothing, and its branches are not made for it.
    closures: Option<StaticClosures>,
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        Kept {
            family: self.family,
            base: self.net.base.clone(),
            house_cells: self.net.shape.house_cells.clone(),
            branches: std::mem::take(&mut self.branches),
            made: self.used,
        }
        .put();
    }
}

impl<'n> Search<'n> {
    fn new(net: &'n Net<'n>, family: Family) -> Search<'n> {
        let candidates = net.base.len() * STRIDE;
        Search {
            net,
            family,
            chainer: Chainer::new(net, family),
            on_branches: vec![u32::MAX; candidates],
            off_branches: vec![u32::MAX; candidates],
            branches: Vec::new(),
            used: 0,
            seen: vec![0; net.potentials().div_ceil(64)],
            stack: Vec::new(),
            best: None,
            shared: Vec::new(),
            group: Vec::new(),
            closures: None,
        }
        .with_kept()
    }

    /// Takes over the thread's kept branches of the family: those that still hold here are
    /// made already, the rest are cleared for reuse.
    fn with_kept(mut self) -> Search<'n> {
        let Some(kept) = Kept::take(self.family) else {
            return self;
        };
        let changes = kept.changes(self.net);
        let made = kept.made;
        self.branches = kept.branches;
        if self
            .branches
            .first()
            .is_some_and(|b| b.words != self.net.potentials().div_ceil(64))
        {
            self.branches.clear();
            return self;
        }
        for i in 0..made {
            let b = &mut self.branches[i];
            if changes.as_ref().is_some_and(|c| b.still_holds(c)) {
                let start = b.order[0].potential();
                let k = (start >> 1) as usize;
                let slot = if is_on(start) {
                    &mut self.on_branches[k]
                } else {
                    &mut self.off_branches[k]
                };
                *slot = self.used as u32;
                self.branches.swap(i, self.used);
                self.used += 1;
            } else {
                b.clear();
            }
        }
        self
    }

    /// Makes the branch of candidate `k` in that state, unless it is made to the depth the
    /// best conclusion so far leaves useful ([`Search::useful_depth`]).
    fn ensure(&mut self, k: usize, state_on: bool) {
        let limit = self.useful_depth();
        let slot = if state_on {
            &mut self.on_branches[k]
        } else {
            &mut self.off_branches[k]
        };
        let start = if state_on { on(k) } else { off(k) };
        if *slot == u32::MAX {
            *slot = self.used as u32;
            if self.used == self.branches.len() {
                self.branches
                    .push(Box::new(Branch::new(self.net.potentials())));
            }
            self.chainer
                .branch(start, &mut self.branches[self.used], limit);
            self.used += 1;
        } else {
            let b = &mut self.branches[*slot as usize];
            if b.limit < limit {
                // Stopped short for a better conclusion than this search has yet.
                b.clear();
                self.chainer.branch(start, b, limit);
            }
        }
    }

    /// The depth from which a branch's potentials need not be processed: processing one at
    /// depth `d` finds potentials whose ancestors number `d + 2` or more, and any conclusion
    /// counts at least one more in another branch (or in the same one, a contradiction's
    /// other half), more than the best so far when `d + 3` is.
    fn useful_depth(&self) -> u16 {
        self.best.as_ref().map_or(COMPLETE, |b| {
            u16::try_from(b.complexity.saturating_sub(2)).unwrap_or(COMPLETE)
        })
    }

    fn on_branch(&self, k: usize) -> &Branch {
        &self.branches[self.on_branches[k] as usize]
    }

    fn off_branch(&self, k: usize) -> &Branch {
        &self.branches[self.off_branches[k] as usize]
    }

    /// Keeps a conclusion if it is simpler than the best so far (ties: the first found).
    /// False when a conclusion of `kind` whose complexity is at least `bound` cannot beat the
    /// best so far.
    fn may_beat(&self, bound: usize, kind: u8) -> bool {
        self.best
            .as_ref()
            .is_none_or(|b| (bound, kind) < (b.complexity, b.kind))
    }

    fn bound(&self, branch: (usize, bool), p: Potential) -> usize {
        let (k, state_on) = branch;
        if state_on {
            self.on_branch(k).at_least(p)
        } else {
            self.off_branch(k).at_least(p)
        }
    }

    fn offer(&mut self, found: Conclusion) {
        let better = self
            .best
            .as_ref()
            .is_none_or(|b| (found.complexity, found.kind) < (b.complexity, b.kind));
        if better {
            self.best = Some(found);
        }
    }

    /// The conclusion a target potential makes: placed when on (if its cell has another
    /// candidate), removed when off.
    fn target(&self, p: Potential) -> Option<Effect> {
        let (cell, digit) = self.net.cell_digit(p);
        if is_on(p) {
            (self.net.base[cell] & !bit(digit) != 0).then_some((Some((cell, digit)), None))
        } else {
            Some((None, Some((cell, digit))))
        }
    }

    fn count(&mut self, branch: (usize, bool), p: Potential) -> usize {
        let (k, state_on) = branch;
        let at = if state_on {
            self.on_branches[k]
        } else {
            self.off_branches[k]
        };
        self.branches[at as usize].count(p, &mut self.seen, &mut self.stack)
    }

    /// The simplest conclusion of the family, as a step.
    fn best(mut self) -> Option<Step> {
        for cell in 0..self.net.base.len() {
            let mask = self.net.base[cell];
            if mask == 0 || !self.family.starts_at(mask.count_ones()) {
                continue;
            }
            for digit in digits(mask) {
                self.candidate_conclusions(cell, digit);
            }
            if self.family != Family::Nishio {
                self.cell_forcing(cell);
            }
        }
        let found = self.best.take()?;
        let mut step = Step::new(self.family.technique(), self.net.c.names());
        step.placements.extend(found.placement);
        step.eliminations.extend(found.elimination);
        step.chain = found.premises.candidates(self.net);
        step.length = found.complexity.saturating_sub(2);
        Some(step)
    }

    /// The conclusions of one candidate: contradictions, double forcing, house forcing.
    fn candidate_conclusions(&mut self, cell: usize, digit: u8) {
        let k = self.net.candidate(cell, digit);
        let dynamic = self.family.dynamic();
        if dynamic {
            self.ensure(k, true);
            self.ensure(k, false);
            self.contradictions(cell, digit, k);
            if self.family != Family::Nishio && self.net.base[cell].count_ones() >= 3 {
                self.double_forcing(k);
            }
        }
        if self.family != Family::Nishio {
            self.house_forcing(cell, digit);
        }
    }

    fn contradictions(&mut self, cell: usize, digit: u8, k: usize) {
        if let Some((a, z)) = self.on_branch(k).absurd
            && self.may_beat(self.bound((k, true), a) + self.bound((k, true), z), 7)
        {
            let complexity = self.count((k, true), a) + self.count((k, true), z);
            self.offer(Conclusion {
                complexity,
                kind: 7,
                placement: None,
                elimination: Some((cell, digit)),
                premises: Premises::Candidate(cell, digit),
            });
        }
        if let Some((a, z)) = self.off_branch(k).absurd
            && self.may_beat(self.bound((k, false), a) + self.bound((k, false), z), 7)
        {
            let complexity = self.count((k, false), a) + self.count((k, false), z);
            self.offer(Conclusion {
                complexity,
                kind: 7,
                placement: Some((cell, digit)),
                elimination: None,
                premises: Premises::CellBut(cell, digit),
            });
        }
    }

    /// Potentials both states of candidate `k` imply.
    fn double_forcing(&mut self, k: usize) {
        let mut both = std::mem::take(&mut self.shared);
        {
            let (on_b, off_b) = (self.on_branch(k), self.off_branch(k));
            let mut common = [0u64; MAX_WORDS];
            let common = &mut common[..on_b.words];
            for ((w, &a), &z) in common.iter_mut().zip(&on_b.found).zip(&off_b.found) {
                *w = a & z;
            }
            on_b.in_order(common, &mut both);
        }
        // "Not d" is "one of the cell's other candidates": the premises are the whole cell.
        let cell = self.net.cell_digit(off(k)).0;
        for &p in &both {
            if !self.may_beat(self.bound((k, true), p) + self.bound((k, false), p), 1) {
                continue;
            }
            let Some((placement, elimination)) = self.target(p) else {
                continue;
            };
            let complexity = self.count((k, true), p) + self.count((k, false), p);
            self.offer(Conclusion {
                complexity,
                kind: 1,
                placement,
                elimination,
                premises: Premises::Cell(cell),
            });
        }
        self.shared = both;
    }

    /// Every place of `digit` in a house whose first place is `cell` leads to the same potential.
    fn house_forcing(&mut self, cell: usize, digit: u8) {
        for hi in 0..self.net.shape.houses_of[cell].len() {
            let (h, at) = self.net.shape.houses_of[cell][hi];
            let places = self.net.base_places[self.net.place(h, digit)];
            // Two places or more, the first of them `cell`.
            if places & places.wrapping_sub(1) == 0 || places.trailing_zeros() != u32::from(at) {
                continue;
            }
            let mut ks = std::mem::take(&mut self.group);
            ks.clear();
            ks.extend(ones(places).map(|i| self.net.candidate(self.net.shape.houses[h][i], digit)));
            self.common_to(&ks, Premises::Places(h, digit), 6);
            self.group = ks;
        }
    }

    /// Every candidate of `cell` leads to the same potential.
    fn cell_forcing(&mut self, cell: usize) {
        let mut ks = std::mem::take(&mut self.group);
        ks.clear();
        ks.extend(digits(self.net.base[cell]).map(|d| self.net.candidate(cell, d)));
        self.common_to(&ks, Premises::Cell(cell), 5);
        self.group = ks;
    }

    /// The potentials the on branches of all `ks` share, on ones first, each a conclusion.
    fn common_to(&mut self, ks: &[usize], premises: Premises, kind: u8) {
        if let Some(closures) = &self.closures
            && !closures.share_a_target(ks.iter().copied())
        {
            return;
        }
        for &k in ks {
            self.ensure(k, true);
        }
        let mut common = [u64::MAX; MAX_WORDS];
        let common = &mut common[..self.on_branch(ks[0]).words];
        for &k in ks {
            for (w, &f) in common.iter_mut().zip(&self.on_branch(k).found) {
                *w &= f;
            }
        }
        if common.iter().all(|&w| w == 0) {
            return;
        }
        let mut shared = std::mem::take(&mut self.shared);
        self.on_branch(ks[0]).in_order(common, &mut shared);
        for &p in &shared {
            let bound = ks.iter().map(|&k| self.bound((k, true), p)).sum();
            if !self.may_beat(bound, kind) {
                continue;
            }
            let Some((placement, elimination)) = self.target(p) else {
                continue;
            };
            let complexity = ks.iter().map(|&k| self.count((k, true), p)).sum();
            self.offer(Conclusion {
                complexity,
                kind,
                placement,
                elimination,
                premises,
            });
        }
        self.shared = shared;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Geometry;
    use crate::logic::Level;
    use crate::logic::candidates::tests::{assert_sound, classic9, from_line, grid_before};

    /// Sudoku Explainer 2022.3.24 rates it 8.3: two region forcing chains (its multiple family).
    const MULTIPLE: &str =
        "..3.5...2..21...3.7.......5..67...8..89.3.72..7...54..3.......7.2...63..6...9.2..";
    /// SE rates it 7.6: Nishio forcing chains.
    const NISHIO: &str =
        "...4.92...52....4....62..8...8..4.5.5.4...6.2.2.5..8...4..31....7....51...37.2...";

    /// Walks the logic path of each puzzle of `lines`, calling `visit` with the grid before each
    /// step of extreme level and above (the forcing steps) and the step.
    fn along_forcing_steps(lines: &[&str], mut visit: impl FnMut(&str, &Candidates, &Step)) {
        let geo = classic9();
        for &line in lines {
            let path =
                crate::logic::solve_logic(&geo, &from_line(&geo, line).grid(), Level::HARDEST);
            let mut c = from_line(&geo, line);
            for step in &path.steps {
                if step.level() >= Level::Extreme {
                    visit(line, &c, step);
                }
                c.apply(step);
            }
            assert!(path.solved, "{line}");
        }
    }

    #[test]
    fn potentials_pair_up() {
        assert_eq!(conjugate(on(5)), off(5));
        assert!(is_on(on(0)));
        assert!(!is_on(off(80)));
        let geo = classic9();
        let c = from_line(&geo, &".".repeat(81));
        let net = Net::new(&c);
        assert_eq!(net.cell_digit(on(net.candidate(10, 4))), (10, 4));
        // Blocks first, then rows and columns.
        assert_eq!((net.shape.rows[0], net.shape.columns[0]), (9, 18));
        assert_eq!(net.shape.houses_of[10], vec![(0, 4), (10, 1), (19, 1)]);
    }

    #[test]
    fn the_nishio_check_agrees_with_the_family_along_hard_paths() {
        // The check says the family may conclude exactly where it does (so skipping the family
        // where it says no changes no step).
        let mut checked = (0, 0);
        let lines = [
            MULTIPLE,
            NISHIO,
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "4.9...5.....8....27..3.........4.7...8.....6..1..........6..12.5...9...........3.",
        ];
        along_forcing_steps(&lines, |line, c, _| {
            let found = Search::new(&Net::new(c), Family::Nishio).best().is_some();
            let may = nishio_may_conclude(c);
            // The closure breaks exactly when SE's branch meets a contradiction.
            assert_eq!(may, found, "{line}");
            // The digits remembered quiet from the step before change no answer.
            NISHIO_QUIET.with(|quiet| *quiet.borrow_mut() = Default::default());
            assert_eq!(nishio_may_conclude(c), may, "{line}");
            checked.0 += usize::from(found);
            checked.1 += usize::from(!may);
        });
        assert!(checked.0 > 0 && checked.1 > 0, "{checked:?}");
    }

    /// Forgets the thread's kept branches, so that the next search makes all its own.
    fn forget_kept() {
        KEPT.with(|kept| kept.borrow_mut().clear());
    }

    #[test]
    fn a_branch_stopped_short_is_the_whole_branch_to_its_limit() {
        // At every limit, a branch has each potential of the whole branch at that depth or
        // less, the whole branch's first potentials in the same order with the same parents
        // and depths; stopped, it has no contradiction the whole branch has at that depth.
        let mut stopped = 0;
        along_forcing_steps(&[MULTIPLE, NISHIO], |line, c, _| {
            let net = Net::new(c);
            let starts = (0..net.base.len() * STRIDE)
                .filter(|&k| net.base[k / STRIDE] & 1 << (k % STRIDE) != 0)
                .step_by(7)
                .flat_map(|k| [on(k), off(k)]);
            let mut chainers = [Family::Nishio, Family::Multiple, Family::Dynamic]
                .map(|family| Chainer::new(&net, family));
            for start in starts {
                for chainer in &mut chainers {
                    let mut whole = Branch::new(net.potentials());
                    chainer.branch(start, &mut whole, COMPLETE);
                    assert_eq!(whole.limit, COMPLETE);
                    let deepest = whole.order.iter().map(|d| d.depth).max().unwrap_or(0);
                    for limit in 0..=deepest + 1 {
                        let mut part = Branch::new(net.potentials());
                        chainer.branch(start, &mut part, limit);
                        let said = format!("{line} {:?} {start} {limit}", chainer.family);
                        let key = |d: &Derived| (d.potential, d.first, d.more, d.depth);
                        assert!(part.order.len() <= whole.order.len(), "{said}");
                        assert!(
                            part.order.iter().map(key).eq(whole
                                .order
                                .iter()
                                .take(part.order.len())
                                .map(key)),
                            "{said}"
                        );
                        let shallow = whole.order.iter().filter(|d| d.depth <= limit);
                        assert!(shallow.clone().all(|d| part.has(d.potential())), "{said}");
                        if part.limit == COMPLETE {
                            assert_eq!(part.order.len(), whole.order.len(), "{said}");
                            assert_eq!(part.absurd, whole.absurd, "{said}");
                        } else {
                            assert_eq!(part.limit, limit, "{said}");
                            assert!(part.absurd.is_none(), "{said}");
                            assert!(
                                whole.absurd.is_none() || whole.absurd_depth > limit,
                                "{said}"
                            );
                            stopped += 1;
                        }
                    }
                }
            }
        });
        assert!(stopped > 100, "{stopped}");
    }

    #[test]
    fn a_branch_stopped_short_is_made_again_when_a_search_needs_more() {
        // A search whose best conclusion counts 5 stops its branches at depth 3; asked for the
        // same branch with no best conclusion (as a later search that keeps it is), it makes it
        // anew in full, the branch a search without a bound makes.
        let geo = classic9();
        let c = from_line(&geo, MULTIPLE);
        let net = Net::new(&c);
        let whole_of = |k: usize| {
            let mut whole = Branch::new(net.potentials());
            Chainer::new(&net, Family::Dynamic).branch(on(k), &mut whole, COMPLETE);
            whole
        };
        let k = (0..net.base.len() * STRIDE)
            .filter(|&k| net.base[k / STRIDE] & 1 << (k % STRIDE) != 0)
            .find(|&k| whole_of(k).order.iter().any(|d| d.depth > 4))
            .expect("a candidate whose branch runs deeper than 4");
        forget_kept();
        let mut search = Search::new(&net, Family::Dynamic);
        search.best = Some(Conclusion {
            complexity: 5,
            kind: 1,
            placement: None,
            elimination: Some((0, 1)),
            premises: Premises::Cell(0),
        });
        assert_eq!(search.useful_depth(), 3);
        search.ensure(k, true);
        let key = |d: &Derived| (d.potential, d.first, d.more, d.depth);
        let short: Vec<_> = search.on_branch(k).order.iter().map(key).collect();
        assert_eq!(search.on_branch(k).limit, 3);
        search.best = None;
        search.ensure(k, true);
        let again = search.on_branch(k);
        assert_eq!(again.limit, COMPLETE);
        assert!(
            again
                .order
                .iter()
                .map(key)
                .eq(whole_of(k).order.iter().map(key))
        );
        assert!(short.len() < again.order.len());
        drop(search);
        forget_kept();
    }

    #[test]
    fn kept_branches_give_the_steps_fresh_ones_give() {
        // Along the paths of hard puzzles, every family's step with the branches kept from the
        // search before is the step of a search that makes every branch anew.
        let mut compared = 0;
        let lines = [
            MULTIPLE,
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        ];
        along_forcing_steps(&lines, |line, c, _| {
            for family in Family::ALL {
                let kept = find_family(c, family).map(|s| format!("{s:?}"));
                forget_kept();
                let fresh = find_family(c, family).map(|s| format!("{s:?}"));
                assert_eq!(kept, fresh, "{line} {family:?}");
                // Once more, now with the branches of this very grid kept.
                let again = find_family(c, family).map(|s| format!("{s:?}"));
                assert_eq!(again, fresh, "{line} {family:?}");
                compared += usize::from(fresh.is_some());
            }
        });
        assert!(compared > 20, "{compared}");
    }

    /// A thread's shape serves the geometry it was made for, never another with as many cells:
    /// each geometry in turn gets its own houses (a diagonal and window one has more).
    #[test]
    fn a_shape_serves_only_its_geometry() {
        use crate::grid::Variant;
        let variant = Variant {
            diagonal: true,
            window: true,
            ..Variant::CLASSIC
        };
        let classic = classic9();
        let more = Geometry::new(9, variant, None, None).expect("9x9 X window");
        for geo in [&classic, &more, &classic, &classic.clone(), &more] {
            let shape = Shape::of(geo);
            let mut theirs: Vec<&[usize]> = geo.houses().iter().map(|h| &h.cells[..]).collect();
            let mut ours: Vec<&[usize]> = shape.houses.iter().map(|h| &h[..]).collect();
            theirs.sort_unstable();
            ours.sort_unstable();
            assert_eq!(ours, theirs);
            let peers = (0..81).map(|x| geo.peers(x).iter().fold(0, |m: Cells, &y| m | 1 << y));
            assert!(peers.eq(shape.peers[..81].iter().copied()));
            assert!(shape.peers[81..].iter().all(|&p| p == 0));
            // Each cell's houses, as the table the branches read.
            let cells_of = |h: usize| {
                geo.houses()[h]
                    .cells
                    .iter()
                    .fold(0, |m: Cells, &y| m | 1 << y)
            };
            for x in 0..81 {
                let count = usize::from(shape.around_count[x]);
                let mut ours = shape.around[x][..count].to_vec();
                let mut theirs: Vec<Cells> =
                    geo.houses_of(x).iter().map(|&h| cells_of(h)).collect();
                ours.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(ours, theirs, "cell {x}");
            }
            assert!(shape.fits);
        }
    }

    #[test]
    fn kept_branches_are_dropped_when_the_grid_gains_candidates_or_changes_houses() {
        let geo = classic9();
        let c = grid_before(&geo, MULTIPLE, Technique::MultipleForcingChain);
        let net = Net::new(&c);
        let kept = |base: Vec<u32>, house_cells: Vec<Cells>| Kept {
            family: Family::Dynamic,
            base,
            house_cells,
            branches: Vec::new(),
            made: 0,
        };
        // The same grid: nothing changed.
        let same = kept(net.base.clone(), net.shape.house_cells.clone());
        let (near, lost) = same.changes(&net).expect("the same grid");
        assert!(lost == 0 && near.iter().all(|&n| n == 0));
        // A grid that had one candidate fewer: the new grid is not the kept one less some.
        let cell = (0..81)
            .find(|&x| net.base[x].count_ones() > 1)
            .expect("an open cell");
        let mut fewer = net.base.clone();
        fewer[cell] &= fewer[cell] - 1;
        assert!(
            kept(fewer, net.shape.house_cells.clone())
                .changes(&net)
                .is_none()
        );
        // A grid that had one more: that cell, and the cells around it for that digit, changed.
        let mut more = net.base.clone();
        let digit = (1..=9u8)
            .find(|&d| more[cell] & bit(d) == 0)
            .expect("a digit not there");
        more[cell] |= bit(digit);
        let (near, lost) = kept(more.clone(), net.shape.house_cells.clone())
            .changes(&net)
            .expect("the kept grid less one candidate");
        assert_eq!(lost, 1 << cell);
        assert_eq!(
            near[usize::from(digit) - 1],
            net.shape.peers[cell] | 1 << cell
        );
        // Other houses (a jigsaw's, say): nothing kept holds.
        let mut houses = net.shape.house_cells.clone();
        houses.swap(0, 1);
        assert!(kept(more, houses).changes(&net).is_none());
        // The dynamic plus family reads the whole grid: nothing kept holds there.
        let mut plus = kept(net.base.clone(), net.shape.house_cells.clone());
        plus.family = Family::DynamicPlus;
        assert!(plus.changes(&net).is_none());
    }

    #[test]
    fn closures_made_by_parts_are_the_closures_made_alone() {
        // Each candidate's static closure, made once for its strongly connected part from the
        // parts it reaches, equals the one its own breadth-first search makes: on the grid
        // where SE takes a multiple forcing chain, and at every forcing step of two hard paths.
        let geo = classic9();
        let (mut grids, mut shared) = (0, 0);
        let mut check = |c: &Candidates| {
            let net = Net::new(c);
            let closures = StaticClosures::new(&net);
            let present: Vec<usize> = (0..closures.index.len())
                .filter(|&k| closures.index[k] != u32::MAX)
                .collect();
            let links = StaticLinks::new(&net, &closures.index, &present);
            let words = closures.words;
            for (i, &k) in present.iter().enumerate() {
                let mut alone = vec![0u64; 2 * words];
                links.close(i, &mut alone);
                let made = &closures.closures[i * 2 * words..(i + 1) * 2 * words];
                assert_eq!(made, alone.as_slice(), "candidate {k}");
                // Closures that reach another on (and so may share a part with it).
                let ons: u32 = alone[..words].iter().map(|w| w.count_ones()).sum();
                shared += usize::from(ons > 1);
            }
            grids += 1;
        };
        check(&grid_before(
            &geo,
            MULTIPLE,
            Technique::MultipleForcingChain,
        ));
        let hard = [
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "4.9...5.....8....27..3.........4.7...8.....6..1..........6..12.5...9...........3.",
        ];
        along_forcing_steps(&hard, |_, c, _| check(c));
        assert!(grids > 20 && shared > 1000, "{grids} {shared}");
    }

    /// Finishes a branch made with [`Branch::add`] alone, as [`Chainer::branch`] would.
    fn finish_by_hand(b: &mut Branch, potentials: usize) {
        let mut slot = vec![u32::MAX; potentials];
        for (i, d) in b.order.iter().enumerate() {
            slot[usize::from(d.potential)] = i as u32;
        }
        b.finish(&slot);
    }

    #[test]
    fn a_finished_branch_finds_each_potential_in_its_order_across_words() {
        // Potentials in several words of the found set, added out of number order, some at a
        // word's first and last bit.
        let found = [700, 3, 64, 130, 63, 1457, 128, 0, 900, 65];
        let mut b = Branch::new(1458);
        for (i, &p) in found.iter().enumerate() {
            let first = if i == 0 { NONE } else { found[i - 1] };
            b.add(p, (first, More::None), i as u16);
        }
        finish_by_hand(&mut b, 1458);
        for (i, &p) in found.iter().enumerate() {
            assert_eq!(b.index(p), i, "potential {p}");
            assert_eq!(b.at_least(p), i + 1);
        }
        // Counted, a potential's ancestors are its bound from then on; the count is kept.
        let (mut seen, mut stack) = (vec![0; 1458usize.div_ceil(64)], Vec::new());
        let last = found[found.len() - 1];
        assert_eq!(b.count(last, &mut seen, &mut stack), found.len());
        assert_eq!(b.at_least(last), found.len());
        b.order[found.len() - 1].first = NONE16;
        assert_eq!(b.count(last, &mut seen, &mut stack), found.len(), "kept");
        assert_eq!(b.ancestors(last, &mut seen, &mut stack), 1, "counted anew");
        // Cleared and made again with other potentials, the table follows.
        b.clear();
        b.add(5, (NONE, More::None), 0);
        b.add(2, (5, More::None), 1);
        finish_by_hand(&mut b, 1458);
        assert_eq!((b.index(5), b.index(2)), (0, 1));
        assert_eq!(b.at_least(2), 2, "the counts are cleared");
        assert_eq!(b.count(2, &mut seen, &mut stack), 2);
    }

    #[test]
    fn ancestors_count_each_potential_once() {
        // s → a, s → b, (a, b) → z: four potentials, though s is reached twice.
        let mut b = Branch::new(16);
        let (s, a, z, y) = (on(0), off(1), on(2), off(3));
        b.add(s, (NONE, More::None), 0);
        b.add(a, (s, More::None), 1);
        b.add(y, (s, More::None), 1);
        let link = b.listed(&[a, y]);
        b.add(z, link, 2);
        finish_by_hand(&mut b, 16);
        let (mut seen, mut stack) = (vec![0u64; 1], Vec::new());
        assert_eq!(b.ancestors(z, &mut seen, &mut stack), 4);
        assert_eq!(b.ancestors(a, &mut seen, &mut stack), 2);
        assert_eq!(b.ancestors(s, &mut seen, &mut stack), 1);
    }

    #[test]
    fn scores_match_sudoku_explainer() {
        let geo = classic9();
        for (line, score, technique) in [
            (MULTIPLE, 8.3, "Multiple forcing chain"),
            (NISHIO, 7.6, "Nishio forcing chain"),
        ] {
            let rating = crate::logic::rate(&geo, &from_line(&geo, line).grid());
            assert!((rating.score - score).abs() < 1e-4, "{line}: {rating:?}");
            assert!(rating.techniques.contains_key(technique), "{rating:?}");
        }
    }

    #[test]
    fn a_static_family_finds_nothing_where_nishio_does_not_apply_but_dynamic_does() {
        let geo = classic9();
        let c = grid_before(&geo, MULTIPLE, Technique::MultipleForcingChain);
        assert!(find_family(&c, Family::Nishio).is_none());
        let step = find(&c).expect("a multiple forcing chain");
        assert_eq!(step.technique, Technique::MultipleForcingChain);
        assert_sound(&geo, MULTIPLE, &step);
        // The dynamic family concludes here too, and every conclusion of every family is sound.
        for family in [Family::Multiple, Family::Dynamic, Family::DynamicPlus] {
            let step = find_family(&c, family).expect("a conclusion");
            assert_eq!(step.technique, family.technique());
            assert_sound(&geo, MULTIPLE, &step);
        }
    }

    #[test]
    fn nishio_comes_first_and_says_contradiction() {
        let geo = classic9();
        let c = grid_before(&geo, NISHIO, Technique::NishioForcingChain);
        let step = find(&c).expect("a Nishio forcing chain");
        assert_eq!(step.technique, Technique::NishioForcingChain);
        assert_sound(&geo, NISHIO, &step);
        assert!(step.to_string().contains("contradiction"), "{step}");
        // The score is the family's plus the length bonus of the complexity.
        assert!(
            (step.score() - (7.5 + crate::logic::technique::length_bonus(step.length))).abs()
                < 1e-4
        );
    }

    #[test]
    fn the_hardest_puzzles_go_past_the_dynamic_family_soundly() {
        // Every forcing step on the path of two of the forum's hardest is sound (and each path,
        // solved, has some).
        let geo = classic9();
        let lines = [
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        ];
        let mut forcing = vec![0; lines.len()];
        along_forcing_steps(&lines, |line, _, step| {
            assert_sound(&geo, line, step);
            forcing[lines.iter().position(|&l| l == line).expect("a line")] += 1;
        });
        assert!(forcing.iter().all(|&n| n > 0), "{forcing:?}");
    }

    #[test]
    fn grids_larger_than_nine_by_nine_are_left_to_the_plain_search() {
        let geo = Geometry::classic(16).expect("16x16");
        let c = Candidates::from_masks(&geo, &[0; 256], &[geo.all_digits(); 256]);
        assert!(!supported(&c));
        assert!(find(&c).is_none());
        assert!(supported(&from_line(&classic9(), &".".repeat(81))));
    }
}
