//! Where a finder found nothing, remembered per thread by the exact contents it read there: a
//! finder that looks at one part of the grid at a time (a house, say) and whose answer in a
//! part depends only on that part's contents need not look again at a part whose contents are
//! what they were when it last found nothing. Along a rating's path most steps change a few
//! candidates, so most parts are as they were.
//!
//! Nothing is assumed about which puzzle or geometry the contents came from: a part is skipped
//! only when its contents are equal, and then the finder's answer there is the same.

use std::cell::RefCell;

use super::technique::Technique;

thread_local! {
    /// Per technique, per part, the contents of the part when the finder last found nothing
    /// there (empty: not known).
    static QUIET: RefCell<Vec<Vec<Vec<u32>>>> = const { RefCell::new(Vec::new()) };
}

/// A finder's record of its quiet parts, for one search.
pub(crate) struct QuietParts<'a> {
    parts: &'a mut Vec<Vec<u32>>,
}

impl QuietParts<'_> {
    /// Whether the finder found nothing in `part` when it held exactly `contents`.
    pub(crate) fn known(&self, part: usize, contents: &[u32]) -> bool {
        self.parts
            .get(part)
            .is_some_and(|known| !known.is_empty() && known == contents)
    }

    /// Notes that the finder found nothing in `part` holding `contents`.
    pub(crate) fn remember(&mut self, part: usize, contents: &[u32]) {
        if self.parts.len() <= part {
            self.parts.resize_with(part + 1, Vec::new);
        }
        let known = &mut self.parts[part];
        known.clear();
        known.extend_from_slice(contents);
    }
}

/// Runs `search` with the thread's record of the quiet parts of `technique`'s finder.
pub(crate) fn with_quiet_parts<T>(
    technique: Technique,
    search: impl FnOnce(&mut QuietParts) -> T,
) -> T {
    QUIET.with(|quiet| {
        let mut quiet = quiet.borrow_mut();
        let at = technique as usize;
        if quiet.len() <= at {
            quiet.resize_with(at + 1, Vec::new);
        }
        search(&mut QuietParts {
            parts: &mut quiet[at],
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::candidates::Candidates;
    use crate::logic::candidates::tests::{classic9, from_line};
    use crate::logic::step::Step;
    use crate::logic::{Level, chains, fish, next_step, subsets, uniqueness};

    /// The finders that remember what they found before: their quiet parts, or (the unique
    /// rectangles) the rectangles of the last grid, or (the chains) the digits with no X-chain.
    const FINDERS: [fn(&Candidates) -> Option<Step>; 16] = [
        subsets::naked_pair,
        subsets::naked_triple,
        subsets::naked_quad,
        subsets::hidden_pair,
        subsets::hidden_triple,
        subsets::hidden_quad,
        subsets::direct_hidden_pair,
        subsets::direct_hidden_triple,
        fish::x_wing,
        fish::swordfish,
        fish::jellyfish,
        uniqueness::unique_rectangle_1,
        uniqueness::unique_rectangle_2,
        uniqueness::unique_rectangle_3,
        uniqueness::unique_rectangle_4,
        chains::find,
    ];

    /// Along whole rating paths (the finders' records warm from every earlier grid, of this
    /// puzzle and the one before), each finder answers as it does on a thread that never ran.
    #[test]
    fn remembered_finders_answer_as_fresh_ones_along_rating_paths() {
        let geo = classic9();
        let lines = [
            // top1465 #1 and #3: long paths through subsets, fish and forcing chains.
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            // Sudoku Explainer 8.3 (the multiple family's test puzzle).
            "..3.5...2..21...3.7.......5..67...8..89.3.72..7...54..3.......7.2...63..6...9.2..",
        ];
        let mut grids = 0;
        for line in lines {
            let mut c = from_line(&geo, line);
            while !c.is_solved() && !c.is_broken() {
                let warm: Vec<Option<Step>> = FINDERS.iter().map(|f| f(&c)).collect();
                let fresh: Vec<Option<Step>> = std::thread::scope(|s| {
                    s.spawn(|| FINDERS.iter().map(|f| f(&c)).collect())
                        .join()
                        .expect("a fresh thread")
                });
                assert_eq!(warm, fresh, "{line}: after {grids} grids");
                grids += 1;
                let Some(step) = next_step(&c, Level::HARDEST) else {
                    break;
                };
                assert!(c.apply(&step));
            }
        }
        assert!(grids > 100, "{grids} grids");
    }

    #[test]
    fn a_part_is_known_quiet_only_with_the_same_contents() {
        with_quiet_parts(Technique::NakedPair, |quiet| {
            assert!(!quiet.known(3, &[1, 2, 3]));
            quiet.remember(3, &[1, 2, 3]);
            assert!(quiet.known(3, &[1, 2, 3]));
            assert!(!quiet.known(3, &[1, 2, 7]));
            assert!(!quiet.known(3, &[1, 2]));
            assert!(!quiet.known(2, &[1, 2, 3]));
            quiet.remember(3, &[4]);
            assert!(!quiet.known(3, &[1, 2, 3]));
        });
        // Another technique keeps its own record.
        with_quiet_parts(Technique::NakedTriple, |quiet| {
            assert!(!quiet.known(3, &[4]));
        });
        with_quiet_parts(Technique::NakedPair, |quiet| assert!(quiet.known(3, &[4])));
    }
}
