//! Randomised restarts that look for distinct solutions: the exact count's helper on grids where
//! the exhaustive search sinks into a dead subtree (see `GenericSolver::count_capped`).

use super::{Count, GenericSolver};

/// Nodes a restart may take per open cell before it is abandoned. Short restarts pay: on sparse
/// 25×25 window grids, 0.3, 1 and 2 nodes a cell left 20, 3 and 5 of 30 counts over 100,000
/// nodes, and 4 and 8 nodes a cell 7 and 9.
const NODES_PER_CELL: u64 = 1;

/// Distinct solutions found so far by randomised searches, and their random stream.
pub(super) struct Sampler {
    limit: usize,
    found: Vec<Vec<u8>>,
    /// xorshift64 state: fixed seed, so a count (and the solutions it reports) is repeatable.
    state: u64,
}

impl Sampler {
    pub fn new(limit: usize) -> Sampler {
        Sampler {
            limit,
            found: Vec::new(),
            state: 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// True once `limit` distinct solutions are known.
    pub fn found_all(&self) -> bool {
        self.found.len() >= self.limit
    }

    /// Restarts randomised searches until `budget` nodes are spent or `limit` solutions are
    /// known; returns the nodes spent.
    pub fn sample(&mut self, solver: &GenericSolver, givens: &[u8], budget: u64) -> u64 {
        let open = givens.iter().filter(|&&v| v == 0).count() as u64;
        let per_try = (NODES_PER_CELL * open).max(64);
        let mut spent = 0;
        while spent < budget && !self.found_all() {
            let cap = per_try.min(budget - spent);
            let mut state = self.state;
            let mut pick = |mask: u32| pick_bit(&mut state, mask);
            let result = solver.run(givens, 1, 1, Some(&mut pick), cap);
            self.state = state;
            spent += result.nodes.max(1);
            for solution in result.solutions {
                if !self.found.contains(&solution) {
                    self.found.push(solution);
                }
            }
        }
        spent
    }

    /// The count these solutions settle: `limit` (the caller checked [`Sampler::found_all`]),
    /// or a lower bound when the node cap ran out first.
    pub fn into_count(mut self, keep: usize, nodes: u64) -> Count {
        let count = self.found.len().min(self.limit);
        self.found.truncate(keep);
        Count {
            count,
            solutions: self.found,
            nodes,
        }
    }
}

/// One set bit of `mask`, chosen at random.
fn pick_bit(state: &mut u64, mask: u32) -> u32 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    let n = mask.count_ones();
    let mut skip = (*state % u64::from(n.max(1))) as u32;
    let mut rest = mask;
    while skip > 0 {
        rest &= rest - 1;
        skip -= 1;
    }
    rest & rest.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_one_bit_of_the_mask_and_varies() {
        let mut state = 1;
        let mut seen = 0;
        for _ in 0..200 {
            let bit = pick_bit(&mut state, 0b1011_0100);
            assert_eq!(bit.count_ones(), 1);
            assert_ne!(bit & 0b1011_0100, 0);
            seen |= bit;
        }
        assert_eq!(seen, 0b1011_0100);
    }
}
