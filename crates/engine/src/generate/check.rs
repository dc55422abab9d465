//! The one check of a generation request, shared by `generate` and the book spec: the shape can
//! be built, and every number the user typed lies in its documented range. Errors name the field
//! (`size`, `givens`, `attempts`, `score`, `count`) so each caller can say where it was typed —
//! a spec key or a command-line option.

use super::diabolical::wants_diabolical;
use super::puzzle::{Request, Target};
use super::require::is_killer_only;
use crate::grid::{Geometry, GeometryError, MAX_SIZE, MIN_SIZE, RegionMap, RuleKind};
use crate::logic::forcing::DEEPER_MAX_CELLS;

/// The most attempts per puzzle a request may ask for.
pub const MAX_ATTEMPTS: usize = 1_000_000;
/// The rating scale: every score lies in this range.
pub const SCORE_RANGE: (f32, f32) = (0.0, 20.0);

/// A request that cannot be generated as asked.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RequestError {
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    #[error(
        "{givens} givens is out of range: {shape} has {cells} cells; use 1 to {}",
        cells - 1
    )]
    Givens {
        givens: usize,
        shape: String,
        cells: usize,
    },
    #[error(
        "a {shape} does not have {symmetry} symmetry (its turned or mirrored image is another shape): use rotate180, diagonal or none"
    )]
    Symmetry { symmetry: String, shape: String },
    #[error(
        "{technique} is a {level} technique: puzzles at level {target} never need it; ask for {level} or harder, or leave the difficulty out"
    )]
    RequireAboveLevel {
        technique: String,
        level: String,
        target: String,
    },
    #[error(
        "diabolical puzzles (score 9.0 and up) are made on grids of up to 9x9 without cages; a {shape} cannot be proven that hard: ask for extreme"
    )]
    DiabolicalShape { shape: String },
    #[error("puzzle {number} to start from {problem}")]
    Start { number: usize, problem: String },
    #[error(
        "puzzles to start from are only for diabolical requests (level diabolical, or a score range from 9.0)"
    )]
    StartsNotDiabolical,
    #[error("a jigsaw search starts from given puzzles only with a fixed layout (--regions)")]
    StartsNeedLayout,
    #[error("{technique} is a killer technique: only killer puzzles (with cages) use it")]
    RequireKiller { technique: String },
    #[error("{attempts} attempts is out of range: use 1 to {MAX_ATTEMPTS}")]
    Attempts { attempts: usize },
    #[error(
        "{} is not a score range: write MIN..MAX with {} <= MIN <= MAX <= {}, for example 3.0..4.4",
        crate::grid::text::shown_text(.text),
        SCORE_RANGE.0,
        SCORE_RANGE.1
    )]
    Score { text: String },
    #[error("{count} puzzles is out of range: use 1 to {max}")]
    Count { count: usize, max: usize },
}

impl RequestError {
    /// The field of the request that is wrong.
    pub fn field(&self) -> &'static str {
        match self {
            RequestError::Geometry(GeometryError::BadBoxShape { .. })
            | RequestError::Geometry(GeometryError::BoxDoesNotTile { .. }) => "box",
            RequestError::Geometry(GeometryError::UnknownVariant { .. })
            | RequestError::Geometry(GeometryError::MultiCombined { .. }) => "variant",
            RequestError::Symmetry { .. } => "symmetry",
            RequestError::RequireAboveLevel { .. } | RequestError::RequireKiller { .. } => {
                "require"
            }
            RequestError::Geometry(GeometryError::Region(_)) => "regions",
            RequestError::Geometry(_) => "size",
            RequestError::Givens { .. } => "givens",
            RequestError::Attempts { .. } => "attempts",
            RequestError::Score { .. } => "score",
            RequestError::Count { .. } => "count",
            RequestError::DiabolicalShape { .. } => "difficulty",
            RequestError::Start { .. }
            | RequestError::StartsNotDiabolical
            | RequestError::StartsNeedLayout => "from",
        }
    }
}

impl Request {
    /// The shape of the request's puzzles, with a plain layout standing in for a jigsaw layout
    /// still to be drawn (and no cages yet).
    pub fn sample_geometry(&self) -> Result<Geometry, RequestError> {
        let regions = match (&self.regions, self.variant.jigsaw) {
            (None, true) => Some(plain_layout(self.size)?),
            (regions, _) => regions.clone(),
        };
        Ok(Geometry::new(
            self.size,
            self.variant,
            self.box_shape,
            regions,
        )?)
    }

    /// Checks the request before any work: the geometry can be built (with a plain layout
    /// standing in for a jigsaw layout still to be drawn), `givens` leaves at least one cell
    /// open, and `attempts` is between 1 and [`MAX_ATTEMPTS`].
    pub fn check(&self) -> Result<(), RequestError> {
        let size = self.size;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(GeometryError::UnsupportedSize {
                size,
                min: MIN_SIZE,
                max: MAX_SIZE,
            }
            .into());
        }
        let geo = self.sample_geometry()?;
        if self.symmetry.orbits_in(&geo).is_none() {
            return Err(RequestError::Symmetry {
                symmetry: self.symmetry.to_string(),
                shape: geo.describe(),
            });
        }
        if self.variant.has(RuleKind::Cages) && size > crate::grid::MAX_KILLER_SIZE {
            return Err(GeometryError::KillerTooLarge {
                size,
                max: crate::grid::MAX_KILLER_SIZE,
            }
            .into());
        }
        let cells = geo.cell_count();
        if let Some(givens) = self.givens
            && !(1..cells).contains(&givens)
        {
            return Err(RequestError::Givens {
                givens,
                shape: match geo.variant().multi {
                    Some(multi) => format!("a {multi}"),
                    None => format!("a {size}x{size} grid"),
                },
                cells,
            });
        }
        self.check_require()?;
        if wants_diabolical(self.target)
            && (self.variant.has(RuleKind::Cages)
                || self.variant.multi.is_some()
                || cells > DEEPER_MAX_CELLS)
        {
            return Err(RequestError::DiabolicalShape {
                shape: self.shape_name(),
            });
        }
        if let Some(attempts) = self.attempts
            && !(1..=MAX_ATTEMPTS).contains(&attempts)
        {
            return Err(RequestError::Attempts { attempts });
        }
        Ok(())
    }
}

impl Request {
    /// The geometry every puzzle of the request has, when it is fixed (not a jigsaw whose
    /// layout is drawn per puzzle).
    pub fn fixed_geometry(&self) -> Result<Option<Geometry>, RequestError> {
        if self.variant.jigsaw && self.regions.is_none() {
            return Ok(None);
        }
        Ok(Some(Geometry::new(
            self.size,
            self.variant,
            self.box_shape,
            self.regions.clone(),
        )?))
    }

    /// Checks the puzzles a search starts from: only a diabolical request on a fixed shape takes
    /// them, and each has exactly one solution and givens in the request's symmetry. Errors
    /// number the puzzle from 1.
    pub fn check_starts(&self) -> Result<(), RequestError> {
        if self.starts.is_empty() {
            return Ok(());
        }
        if !wants_diabolical(self.target) {
            return Err(RequestError::StartsNotDiabolical);
        }
        let Some(geo) = self.fixed_geometry()? else {
            return Err(RequestError::StartsNeedLayout);
        };
        let solver = crate::solve::Solver::new(&geo);
        for (index, start) in self.starts.iter().enumerate() {
            let problem = start_problem(&geo, &solver, self.symmetry, start);
            if let Some(problem) = problem {
                return Err(RequestError::Start {
                    number: index + 1,
                    problem,
                });
            }
        }
        Ok(())
    }

    /// Reads the puzzles a diabolical search starts from, one puzzle line each (blank lines
    /// skipped), into `starts` (replacing any there), and checks them
    /// ([`Request::check_starts`]). The error says which line is wrong and why.
    pub fn read_starts(&mut self, text: &str) -> Result<(), String> {
        self.starts.clear();
        let Some(geo) = self.fixed_geometry().map_err(|e| e.to_string())? else {
            return Err(RequestError::StartsNeedLayout.to_string());
        };
        let mut lines = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let grid =
                crate::grid::parse_line_of(line, index + 1, &geo).map_err(|e| e.to_string())?;
            self.starts.push(grid);
            lines.push(index + 1);
        }
        if lines.is_empty() {
            return Err("no puzzle in the file".into());
        }
        self.check_starts().map_err(|error| match error {
            RequestError::Start { number, problem } => match lines.get(number - 1) {
                Some(line) => format!("line {line}: the puzzle {problem}"),
                None => format!("the puzzle {problem}"),
            },
            other => other.to_string(),
        })
    }

    /// Each required technique is one the puzzle can use: a killer technique only with cages,
    /// and none above the level asked.
    fn check_require(&self) -> Result<(), RequestError> {
        for &technique in &self.require {
            if is_killer_only(technique) && !self.variant.has(RuleKind::Cages) {
                return Err(RequestError::RequireKiller {
                    technique: technique.name().to_string(),
                });
            }
            if let Target::Level(level) = self.target
                && technique.level() > level
            {
                return Err(RequestError::RequireAboveLevel {
                    technique: technique.name().to_string(),
                    level: technique.level().name().to_string(),
                    target: level.name().to_string(),
                });
            }
        }
        Ok(())
    }
}

/// What is wrong with a puzzle to start from, if anything.
fn start_problem(
    geo: &Geometry,
    solver: &crate::solve::Solver,
    symmetry: super::Symmetry,
    start: &crate::grid::Grid,
) -> Option<String> {
    if start.cells().len() != geo.cell_count() {
        return Some(format!(
            "has {} cells; this shape has {}",
            start.cells().len(),
            geo.cell_count()
        ));
    }
    match solver.count_solutions(start, 2) {
        0 => return Some("has no solution".into()),
        1 => {}
        _ => return Some("has more than one solution".into()),
    }
    (!symmetry.holds_in(geo, start.cells())).then(|| {
        format!("does not have {symmetry} symmetry: ask for the symmetry its givens have, or none")
    })
}

/// Checks a count of puzzles against its maximum.
pub fn check_count(count: usize, max: usize) -> Result<usize, RequestError> {
    if (1..=max).contains(&count) {
        Ok(count)
    } else {
        Err(RequestError::Count { count, max })
    }
}

/// Stacked bands: a valid layout of any size, used only to check the other options of a jigsaw
/// request whose layouts are drawn later.
fn plain_layout(size: usize) -> Result<RegionMap, GeometryError> {
    let ids: Vec<usize> = (0..size * size).map(|cell| cell / size).collect();
    Ok(RegionMap::from_ids(size, &ids)?)
}

impl Target {
    /// A score range `MIN..MAX` on the rating scale (finite, `0 <= MIN <= MAX <= 20`).
    pub fn parse_score(text: &str) -> Result<Target, RequestError> {
        let bad = || RequestError::Score {
            text: text.to_string(),
        };
        let (min, max) = text.split_once("..").ok_or_else(bad)?;
        let min: f32 = min.trim().parse().map_err(|_| bad())?;
        let max: f32 = max.trim().parse().map_err(|_| bad())?;
        let on_scale = |v: f32| (SCORE_RANGE.0..=SCORE_RANGE.1).contains(&v);
        if on_scale(min) && on_scale(max) && min <= max {
            Ok(Target::Score { min, max })
        } else {
            Err(bad())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Variant;

    fn request(size: usize) -> Request {
        Request::new(Variant::CLASSIC, size)
    }

    #[test]
    fn score_ranges_are_finite_and_on_the_scale() {
        assert_eq!(
            Target::parse_score("3.0..4.4"),
            Ok(Target::Score { min: 3.0, max: 4.4 })
        );
        for bad in ["inf..inf", "NaN..1", "4..3", "-1..2", "1..21", "3", "a..b"] {
            let error = Target::parse_score(bad).unwrap_err();
            assert_eq!(error.field(), "score", "{bad}");
        }
    }

    #[test]
    fn givens_must_leave_an_open_cell() {
        let mut r = request(9);
        r.givens = Some(100_000);
        let error = r.check().unwrap_err();
        assert_eq!(error.field(), "givens");
        assert!(error.to_string().contains("use 1 to 80"), "{error}");
        r.givens = Some(0);
        assert!(r.check().is_err());
        r.givens = Some(25);
        assert!(r.check().is_ok());
    }

    #[test]
    fn attempts_have_a_range() {
        let mut r = request(9);
        for (attempts, ok) in [
            (0, false),
            (1, true),
            (MAX_ATTEMPTS, true),
            (MAX_ATTEMPTS + 1, false),
        ] {
            r.attempts = Some(attempts);
            assert_eq!(r.check().is_ok(), ok, "{attempts}");
        }
    }

    #[test]
    fn sizes_and_shapes_are_checked_before_anything_is_built() {
        assert_eq!(request(usize::MAX).check().unwrap_err().field(), "size");
        assert_eq!(request(7).check().unwrap_err().field(), "size");
        let mut jigsaw = Request::new("jigsaw".parse().unwrap(), 7);
        assert!(jigsaw.check().is_ok());
        jigsaw.size = 26;
        assert!(jigsaw.check().is_err());
        assert_eq!(check_count(0, 10).unwrap_err().field(), "count");
        assert_eq!(check_count(11, 10).unwrap_err().field(), "count");
    }
}
