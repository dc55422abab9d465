//! `--shard K/N`: one of N disjoint, reproducible slices of a run's puzzles, for splitting a
//! `generate` or `library fill` over machines (a Kubernetes Indexed Job, a Slurm array, GNU
//! parallel). Slice K holds the puzzles whose index i (from 0) has `i % N == K - 1`, so the N
//! slices together are exactly the puzzles of the unsplit run.

use std::str::FromStr;

/// The most slices a run may be split into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// Slice `index` (from 1) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// The run's index of the slice's `n`-th puzzle (from 0).
    pub fn global(self, n: u64) -> u64 {
        n * self.count + (self.index - 1)
    }

    /// How many of a run of `total` puzzles are in the slice: the N slices' shares add up to
    /// `total` (`--count 10 --shard 1/3` is 4, `2/3` and `3/3` are 3).
    pub fn share(self, total: u64) -> u64 {
        (total + self.count - self.index) / self.count
    }

    /// True when the run's puzzle `index` is in the slice.
    pub fn holds(self, index: u64) -> bool {
        index % self.count == self.index - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let usage = || {
            format!(
                "{text:?} is not a slice: write K/N, slice K of N (1 <= K <= N <= {MAX_SHARDS}), such as 3/8"
            )
        };
        let (index, count) = text.split_once('/').ok_or_else(usage)?;
        let index: u64 = index.trim().parse().map_err(|_| usage())?;
        let count: u64 = count.trim().parse().map_err(|_| usage())?;
        if !(1..=MAX_SHARDS).contains(&count) || !(1..=count).contains(&index) {
            return Err(usage());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_the_run_once() {
        let shards: Vec<Shard> = (1..=3).map(|k| format!("{k}/3").parse().unwrap()).collect();
        let mut seen: Vec<u64> = shards
            .iter()
            .flat_map(|s| (0..4).map(move |n| s.global(n)))
            .collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..12).collect::<Vec<_>>());
        assert!(shards.iter().all(|s| (0..4).all(|n| s.holds(s.global(n)))));
        let shares: Vec<u64> = shards.iter().map(|s| s.share(10)).collect();
        assert_eq!(shares, [4, 3, 3]);
        assert_eq!(Shard::ALL.share(10), 10);
        let five: Shard = "5/8".parse().unwrap();
        assert_eq!((five.share(4), five.share(5), five.share(13)), (0, 1, 2));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "1/2000000", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
