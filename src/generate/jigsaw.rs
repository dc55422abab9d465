//! Random jigsaw layouts: `N` connected regions of `N` cells grown from random seed cells, with a
//! chain of cell hand-overs between neighbouring regions when a region is boxed in, then a shape
//! filter (no region equal to a row, column or box; none filling most of a line). Whether a layout
//! can be filled is decided by the caller (a randomised fill with a node cap).

use super::rng::SeededRng;
use crate::grid::RegionMap;
use crate::grid::regions::orthogonal_neighbours;

/// How many growth attempts one call makes before giving up.
const GROW_ATTEMPTS: usize = 200;

/// A random layout of `n` regions for an `n × n` grid that passes the shape filter, or `None`
/// after many failed attempts (only for sizes where layouts are very constrained).
pub fn random_layout(n: usize, rng: &mut SeededRng) -> Option<RegionMap> {
    for _ in 0..GROW_ATTEMPTS {
        let Some(ids) = grow(n, rng) else { continue };
        if !shape_is_good(&ids, n) {
            continue;
        }
        if let Ok(map) = RegionMap::from_ids(n, &ids) {
            return Some(map);
        }
    }
    None
}

/// Grows `n` regions from random seeds until every cell is taken; `None` when stuck.
fn grow(n: usize, rng: &mut SeededRng) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let mut owner = vec![FREE; n * n];
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    let mut sizes = vec![1usize; n];
    for (region, &cell) in cells[..n].iter().enumerate() {
        owner[cell] = region;
    }
    let mut free = n * n - n;
    while free > 0 {
        let small: Vec<usize> = (0..n).filter(|&r| sizes[r] < n).collect();
        let region = small[rng.below(small.len())];
        let frontier = free_neighbours(&owner, n, region);
        if frontier.is_empty() {
            if !hand_over(&mut owner, n, region, rng) {
                return None;
            }
        } else {
            owner[frontier[rng.below(frontier.len())]] = region;
        }
        sizes[region] += 1;
        free -= 1;
    }
    Some(owner)
}

/// The free cells next to a region, ascending.
fn free_neighbours(owner: &[usize], n: usize, region: usize) -> Vec<usize> {
    (0..n * n)
        .filter(|&c| owner[c] == usize::MAX)
        .filter(|&c| orthogonal_neighbours(c, n).any(|d| owner[d] == region))
        .collect()
}

/// `region` is boxed in: find (breadth first) a chain of regions, each able to give a cell to the
/// previous one while staying connected, ending at a region next to a free cell. Each region of
/// the chain passes one cell back, so `region` grows by one and the last one takes the free cell.
fn hand_over(owner: &mut [usize], n: usize, region: usize, rng: &mut SeededRng) -> bool {
    let mut previous: Vec<Option<(usize, usize)>> = vec![None; n];
    let mut visited = vec![false; n];
    visited[region] = true;
    let mut queue = std::collections::VecDeque::from([region]);
    while let Some(taker) = queue.pop_front() {
        let mut offers = gifts_to(owner, n, taker);
        rng.shuffle(&mut offers);
        for (giver, cell) in offers {
            if visited[giver] {
                continue;
            }
            visited[giver] = true;
            previous[giver] = Some((taker, cell));
            let frontier = free_neighbours(owner, n, giver);
            if !frontier.is_empty() {
                owner[frontier[rng.below(frontier.len())]] = giver;
                apply_chain(owner, &previous, giver);
                return true;
            }
            queue.push_back(giver);
        }
    }
    false
}

/// Walks the chain back from `last`, moving each recorded cell to the region that asked for it.
fn apply_chain(owner: &mut [usize], previous: &[Option<(usize, usize)>], last: usize) {
    let mut giver = last;
    while let Some((taker, cell)) = previous[giver] {
        owner[cell] = taker;
        giver = taker;
    }
}

/// Cells next to `taker` that their region can give away and stay connected: (giver, cell).
fn gifts_to(owner: &[usize], n: usize, taker: usize) -> Vec<(usize, usize)> {
    (0..n * n)
        .filter(|&c| owner[c] != usize::MAX && owner[c] != taker)
        .filter(|&c| orthogonal_neighbours(c, n).any(|d| owner[d] == taker))
        .filter(|&c| stays_connected_without(owner, n, c))
        .map(|c| (owner[c], c))
        .collect()
}

/// True when the region of `cell` is still connected (and not empty) without it.
fn stays_connected_without(owner: &[usize], n: usize, cell: usize) -> bool {
    let region = owner[cell];
    let members: Vec<usize> = (0..n * n)
        .filter(|&c| c != cell && owner[c] == region)
        .collect();
    let Some(&start) = members.first() else {
        return false;
    };
    let mut reached = vec![false; n * n];
    reached[start] = true;
    let mut todo = vec![start];
    let mut count = 1;
    while let Some(c) = todo.pop() {
        for d in orthogonal_neighbours(c, n) {
            if d != cell && !reached[d] && owner[d] == region {
                reached[d] = true;
                count += 1;
                todo.push(d);
            }
        }
    }
    count == members.len()
}

/// The shape filter: no region equal to a row, a column or a box, and no region with more than
/// two thirds of a line (6 of 9, 8 of 12, 4 of 6) in one row or column.
fn shape_is_good(ids: &[usize], n: usize) -> bool {
    let limit = (2 * n / 3).max(2);
    (0..n).all(|region| {
        let cells: Vec<usize> = (0..n * n).filter(|&c| ids[c] == region).collect();
        let most_in_row = (0..n)
            .map(|r| cells.iter().filter(|&&c| c / n == r).count())
            .max();
        let most_in_col = (0..n)
            .map(|k| cells.iter().filter(|&&c| c % n == k).count())
            .max();
        most_in_row.unwrap_or(0) <= limit
            && most_in_col.unwrap_or(0) <= limit
            && !is_a_box(&cells, n)
    })
}

/// True when the cells form an `r × c` rectangle with `r * c = n` and `r, c > 1`.
fn is_a_box(cells: &[usize], n: usize) -> bool {
    let rows = cells.iter().map(|c| c / n);
    let cols = cells.iter().map(|c| c % n);
    let height = rows.clone().max().unwrap_or(0) - rows.min().unwrap_or(0) + 1;
    let width = cols.clone().max().unwrap_or(0) - cols.min().unwrap_or(0) + 1;
    height * width == cells.len() && height > 1 && width > 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_valid_regions_for_every_size() {
        for n in [6, 8, 9, 10, 12] {
            let mut rng = SeededRng::new(n as u64);
            for _ in 0..5 {
                let map = random_layout(n, &mut rng).expect("a layout");
                assert_eq!(map.size(), n);
                let ids: Vec<usize> = map.ids().iter().map(|&i| i as usize).collect();
                assert!(shape_is_good(&ids, n), "{}", map.to_text());
            }
        }
    }

    #[test]
    fn same_seed_same_layout() {
        let a = random_layout(9, &mut SeededRng::new(5)).unwrap();
        let b = random_layout(9, &mut SeededRng::new(5)).unwrap();
        assert_eq!(a, b);
        let c = random_layout(9, &mut SeededRng::new(6)).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn filter_rejects_boxes_and_lines() {
        let boxes: Vec<usize> = (0..81).map(|c| (c / 27) * 3 + (c % 9) / 3).collect();
        assert!(!shape_is_good(&boxes, 9));
        let rows: Vec<usize> = (0..81).map(|c| c / 9).collect();
        assert!(!shape_is_good(&rows, 9));
    }
}
