//! A book's puzzles from the puzzle library (`[library]` in the spec): which puzzles each
//! section draws (the places this book used before, then unused puzzles of the section's
//! shape and level in an order set by the book's seed and the puzzle IDs, never by insertion
//! time), and the uses the book records once it is written.

use std::collections::HashSet;

use rayon::prelude::*;

use super::{BookPuzzle, Job, Origin, with_id};
use crate::generate::require::meets;
use crate::generate::{Generated, Request, Target, derive_seed};
use crate::grid::{Geometry, read_puzzle_json};
use crate::logic::rate;
use crate::spec::{BookPlan, Source};
use sudoku_library::{Entry, Library, LibraryError, Use};

/// The stream of the draw order's keys.
const DRAW_STREAM: u64 = 0x4452_4157;

/// The puzzles a book takes from its library.
#[derive(Debug, Default)]
pub struct Drawn {
    /// For each section, its first places, in order.
    pub sections: Vec<Vec<BookPuzzle>>,
    /// IDs other books used: the book makes none of them either (empty with `reuse = true`).
    pub used_elsewhere: HashSet<String>,
}

impl Drawn {
    /// A book without a library: nothing drawn.
    pub fn nothing(plan: &BookPlan) -> Drawn {
        Drawn {
            sections: vec![Vec::new(); plan.sections.len()],
            used_elsewhere: HashSet::new(),
        }
    }

    /// How many puzzles were drawn.
    pub fn count(&self) -> usize {
        self.sections.iter().map(Vec::len).sum()
    }
}

/// Why a book could not draw its puzzles.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    #[error(transparent)]
    Library(#[from] LibraryError),
    /// A `source = "library"` section the library cannot fill: what it has, what it needs and
    /// the command that fills it.
    #[error("{0}")]
    Shortfall(String),
}

/// A candidate place: the ID, where it came from, the repeats it replaced.
pub type Candidate = (String, Origin, usize);

/// Draws each section's puzzles from the library: first the places this book (same title and
/// seed, written to `manifest`, or else its latest build anywhere) used before, still matching
/// the section, then unused puzzles that match it, in the
/// order of `derive_seed(book seed, section, hash of the ID)`. A drawn puzzle is rated again
/// (its level, score and techniques must meet the section by today's rater), and none is in
/// the book's `exclude` lists or used by another book (unless `reuse = true`).
pub fn draw(plan: &BookPlan, library: &Library, manifest: &str) -> Result<Drawn, DrawError> {
    let Some(spec) = &plan.library else {
        return Ok(Drawn::nothing(plan));
    };
    let used_elsewhere = if spec.reuse {
        HashSet::new()
    } else {
        library.used_by_others(&plan.title, plan.seed)?
    };
    let own = library.own_uses(&plan.title, plan.seed, Some(manifest))?;
    let own_ids: HashSet<&str> = own.iter().map(|u| u.id.as_str()).collect();
    let mut taken: HashSet<String> = HashSet::new();
    let mut sections = Vec::with_capacity(plan.sections.len());
    for (index, section) in plan.sections.iter().enumerate() {
        let mut drawn = Vec::new();
        if section.source != Source::Generate {
            let before: Vec<Candidate> = own
                .iter()
                .filter(|u| u.section == index && !taken.contains(&u.id))
                .map(|u| (u.id.clone(), origin_of(u), u.repeats))
                .collect();
            let order = DrawOrder {
                seed: plan.seed,
                stream: index as u64,
            };
            let avoid = |id: &str| {
                taken.contains(id)
                    || own_ids.contains(id)
                    || used_elsewhere.contains(id)
                    || plan.exclude.contains(id)
            };
            drawn = pick(
                library,
                &section.request,
                order,
                &before,
                section.count,
                avoid,
            )?;
            for place in &mut drawn {
                place.section = index;
            }
            taken.extend(drawn.iter().map(|p| p.id.clone()));
        }
        if section.source == Source::Library && drawn.len() < section.count {
            return Err(shortfall(plan, library, index, drawn.len()));
        }
        sections.push(drawn);
    }
    Ok(Drawn {
        sections,
        used_elsewhere,
    })
}

fn origin_of(used: &Use) -> Origin {
    if used.made {
        Origin::Kept
    } else {
        Origin::Drawn
    }
}

/// The order fresh puzzles are drawn in: by `derive_seed(seed ^ DRAW_STREAM, stream, hash of
/// the ID)`, then the ID.
#[derive(Debug, Clone, Copy)]
pub struct DrawOrder {
    pub seed: u64,
    pub stream: u64,
}

/// Up to `count` puzzles of the request from the library: those of `before` first (in order:
/// the places a book or feed had before), then the library's unused puzzles of the request's
/// shape (and level or score range) that `avoid` does not refuse, in draw order. Each is rated
/// again and kept only when it still meets the request.
pub fn pick(
    library: &Library,
    request: &Request,
    order: DrawOrder,
    before: &[Candidate],
    count: usize,
    avoid: impl Fn(&str) -> bool,
) -> Result<Vec<BookPuzzle>, LibraryError> {
    let mut found = take(library, request, before, count)?;
    if found.len() < count {
        let taken: HashSet<&str> = found.iter().map(|p| p.id.as_str()).collect();
        let fresh: Vec<Candidate> = fresh_order(library, request, order)?
            .into_iter()
            .filter(|id| !taken.contains(id.as_str()) && !avoid(id))
            .map(|id| (id, Origin::Drawn, 0))
            .collect();
        let more = take(library, request, &fresh, count - found.len())?;
        found.extend(more);
    }
    Ok(found)
}

/// The IDs of the library's puzzles of the request's shape (and level or score range), in
/// draw order.
fn fresh_order(
    library: &Library,
    request: &Request,
    order: DrawOrder,
) -> Result<Vec<String>, LibraryError> {
    let (level, score) = stored_filter(request.target);
    let mut ids = library.candidate_ids(&request.shape_code(), level, score)?;
    ids.sort_by_cached_key(|id| {
        let key = derive_seed(order.seed ^ DRAW_STREAM, order.stream, fnv64(id));
        (key, id.clone())
    });
    Ok(ids)
}

/// The level and score range to ask the library for (its stored ratings; the draw rates each
/// puzzle again before it takes it).
fn stored_filter(target: Target) -> (Option<&'static str>, Option<(f64, f64)>) {
    match target {
        Target::Any => (None, None),
        Target::Level(level) => (Some(level.name()), None),
        Target::Score { min, max } => (None, Some((f64::from(min) - 0.05, f64::from(max) + 0.05))),
    }
}

/// FNV-1a with 64 bits: a stable hash of an ID for the draw order.
fn fnv64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Candidates read and rated at once (in parallel, kept in order).
const DRAW_CHUNK: usize = 64;

/// The first `count` of `candidates` (in order) that still meet the section, as places of it.
fn take(
    library: &Library,
    request: &Request,
    candidates: &[Candidate],
    count: usize,
) -> Result<Vec<BookPuzzle>, LibraryError> {
    let mut found: Vec<BookPuzzle> = Vec::new();
    // Puzzles of a fixed shape share its tables, as generated ones do (a geometry of its own
    // costs each puzzle tens of kilobytes).
    let shared = request.fixed_geometry().ok().flatten();
    for chunk in candidates.chunks(DRAW_CHUNK.max(count)) {
        if found.len() >= count {
            break;
        }
        let mut records = Vec::with_capacity(chunk.len());
        for (id, origin, repeats) in chunk {
            records.push((library.record(id)?, id, *origin, *repeats));
        }
        let places: Vec<Option<BookPuzzle>> = records
            .into_par_iter()
            .map(|(record, id, origin, repeats)| {
                let (record, seed) = record?;
                let puzzle = matching(request, shared.as_ref(), &record, seed)?;
                let mut place = with_id(Job::at(0), puzzle);
                (place.id == *id).then_some(())?;
                place.origin = origin;
                place.repeats = repeats;
                Some(place)
            })
            .collect();
        let wanted = count - found.len();
        found.extend(places.into_iter().flatten().take(wanted));
    }
    Ok(found)
}

/// A library record as a puzzle of the request, when it still is one: its shape and layout,
/// and its level, score and techniques by today's rater.
fn matching(
    request: &Request,
    shared: Option<&Geometry>,
    record: &str,
    seed: Option<u64>,
) -> Option<Generated> {
    let imported = read_puzzle_json(1, record).ok()?;
    let geometry = match shared {
        Some(shared) if *shared == imported.geometry => shared.clone(),
        _ => imported.geometry,
    };
    if let Some(regions) = &request.regions
        && geometry.regions() != Some(regions)
    {
        return None;
    }
    let rating = rate(&geometry, &imported.givens);
    if !request.target.accepts(&rating) || !meets(&request.require, &rating) {
        return None;
    }
    Some(Generated {
        solution: imported.solution?,
        givens: imported.givens,
        geometry,
        rating,
        seed: seed.unwrap_or(0),
        attempts: 0,
    })
}

fn shortfall(plan: &BookPlan, library: &Library, index: usize, have: usize) -> DrawError {
    let section = &plan.sections[index];
    DrawError::Shortfall(format!(
        "section {} (\"{}\") takes its puzzles only from the library (source = \"library\"), which has {have} of the {} it needs ({}, {}, unused): add {} with `sudoku-book library fill --db {} {} --count {}` or `library add`",
        index + 1,
        section.title,
        section.count,
        section.request.shape_code(),
        section.request.target,
        section.count - have,
        library.path(),
        fill_options(&section.request),
        section.count - have,
    ))
}

/// The `library fill` options that make puzzles of a request (its shape, level and required
/// techniques).
fn fill_options(request: &Request) -> String {
    let mut options = format!("--variant {}", request.variant.name());
    if request.variant.multi.is_none() {
        options.push_str(&format!(" --size {}", request.size));
    }
    if let Some(boxes) = request.box_shape {
        options.push_str(&format!(" --box {}x{}", boxes.rows, boxes.cols));
    }
    match request.target {
        Target::Any => {}
        Target::Level(level) => options.push_str(&format!(" --difficulty {}", level.name())),
        Target::Score { min, max } => options.push_str(&format!(" --score {min:.1}..{max:.1}")),
    }
    for technique in &request.require {
        options.push_str(&format!(" --require '{}'", technique.name()));
    }
    options
}

/// What the book records in its library: a use for every puzzle, and the puzzles it made.
pub fn uses_of(puzzles: &[BookPuzzle]) -> (Vec<Use>, Vec<Entry>) {
    let uses = puzzles
        .iter()
        .filter(|p| !p.id.is_empty())
        .map(|p| Use {
            id: p.id.clone(),
            section: p.section,
            number: p.number,
            made: p.origin != Origin::Drawn,
            repeats: p.repeats,
        })
        .collect();
    let made = puzzles
        .iter()
        .filter(|p| p.origin == Origin::Made)
        .filter_map(|p| Entry::generated(&p.puzzle))
        .collect();
    (uses, made)
}
