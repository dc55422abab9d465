//! Daily puzzles from the library: one a date, the level of each date set by a weekday ramp
//! (Monday first), drawn without repeats in an order set by the feed's seed and the IDs; the
//! same feed drawn again (same name and seed) gets its own puzzles back.

use std::collections::{HashMap, HashSet};

use super::library::{Candidate, DrawOrder, pick};
use super::manifest::JsonPuzzle;
use super::{BookPuzzle, Origin};
use crate::dates::Date;
use crate::generate::{Request, Target};
use crate::grid::Variant;
use crate::logic::Level;
use sudoku_library::{Library, LibraryError, Use};

/// `mon-sun`: Monday easiest, Sunday hardest.
pub const MON_SUN: [Level; 7] = [
    Level::Easy,
    Level::Easy,
    Level::Medium,
    Level::Medium,
    Level::Hard,
    Level::Hard,
    Level::Expert,
];

/// The weekdays' names, Monday first.
pub const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// `mon-sun`, seven levels Monday first (`easy,easy,medium,…`), or one level for every day.
pub fn parse_ramp(text: &str) -> Result<[Level; 7], String> {
    if text == "mon-sun" {
        return Ok(MON_SUN);
    }
    let levels: Vec<Level> = text
        .split(',')
        .map(|name| name.parse::<Level>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    match levels[..] {
        [level] => Ok([level; 7]),
        [..] if levels.len() == 7 => Ok(std::array::from_fn(|i| levels[i])),
        _ => Err(format!(
            "{} levels: give mon-sun, seven levels (Monday first) or one",
            levels.len()
        )),
    }
}

/// A daily feed: its dates, ramp, shape and draw.
#[derive(Debug, Clone)]
pub struct DailyFeed {
    pub first: Date,
    pub days: usize,
    pub ramp: [Level; 7],
    pub variant: Variant,
    pub size: usize,
    /// The draw order's seed.
    pub seed: u64,
    /// Puzzles books or other feeds used may be drawn again.
    pub reuse: bool,
    /// Where the feed is written (its file or folder; `None`: standard output), so the same
    /// feed written to two places keeps both places' uses.
    pub place: Option<String>,
}

/// A level the library has too few unused puzzles of.
#[derive(Debug, Clone, PartialEq)]
pub struct Shortfall {
    pub level: Level,
    pub shape: String,
    pub have: usize,
    pub need: usize,
}

/// Why a feed could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum DailyError {
    #[error(transparent)]
    Library(#[from] LibraryError),
    #[error("too few unused puzzles")]
    Shortfalls(Vec<Shortfall>),
}

impl DailyFeed {
    /// The feed's name in the library's uses (its book): shape, first date, length and, unless
    /// it is `mon-sun`, the ramp (an easy and a hard feed of the same dates are two feeds).
    pub fn name(&self) -> String {
        let ramp = match self.ramp == MON_SUN {
            true => String::new(),
            false => {
                let levels: Vec<&str> = self.ramp.iter().map(|level| level.name()).collect();
                format!(" ramp {}", levels.join(","))
            }
        };
        format!(
            "daily {} {} {} +{}{ramp}",
            self.variant.name(),
            self.size,
            self.first,
            self.days
        )
    }

    /// Its dates, in order.
    pub fn dates(&self) -> Vec<Date> {
        (0..self.days as i64)
            .map(|d| Date::from_days(self.first.days() + d))
            .collect()
    }

    /// The request of the feed's puzzles of a level.
    fn request(&self, level: Level) -> Request {
        let mut request = Request::new(self.variant, self.size);
        request.target = Target::Level(level);
        request
    }
}

/// Draws the feed, level by level (the dates of a level take its puzzles in date order): its
/// own earlier puzzles first, then unused ones; nothing when any level falls short.
pub fn draw_daily(
    library: &Library,
    feed: &DailyFeed,
) -> Result<Vec<(Date, BookPuzzle)>, DailyError> {
    let name = feed.name();
    let dates = feed.dates();
    let own = library.own_uses(&name, feed.seed, feed.place.as_deref())?;
    let used_elsewhere = match feed.reuse {
        true => HashSet::new(),
        false => library.used_by_others(&name, feed.seed)?,
    };
    let own_ids: HashSet<&str> = own.iter().map(|u| u.id.as_str()).collect();
    let mut chosen: HashMap<usize, BookPuzzle> = HashMap::new();
    let mut shortfalls = Vec::new();
    for level in Level::ALL {
        let days: Vec<usize> = (0..dates.len())
            .filter(|&d| feed.ramp[dates[d].weekday()] == level)
            .collect();
        if days.is_empty() {
            continue;
        }
        let request = feed.request(level);
        let before: Vec<Candidate> = own
            .iter()
            .filter(|u| days.contains(&(u.number - 1)))
            .map(|u| (u.id.clone(), Origin::Drawn, 0))
            .collect();
        let order = DrawOrder {
            seed: feed.seed,
            stream: level as u64,
        };
        let avoid = |id: &str| own_ids.contains(id) || used_elsewhere.contains(id);
        let found = pick(library, &request, order, &before, days.len(), avoid)?;
        if found.len() < days.len() {
            shortfalls.push(Shortfall {
                level,
                shape: request.shape_code(),
                have: found.len(),
                need: days.len(),
            });
            continue;
        }
        chosen.extend(days.into_iter().zip(found));
    }
    if !shortfalls.is_empty() {
        return Err(DailyError::Shortfalls(shortfalls));
    }
    Ok((0..dates.len())
        .filter_map(|d| chosen.remove(&d).map(|p| (dates[d], p)))
        .collect())
}

/// The uses a drawn feed records: day `d` (from 0) is number `d + 1`.
pub fn daily_uses(days: &[(Date, BookPuzzle)]) -> Vec<Use> {
    days.iter()
        .enumerate()
        .map(|(d, (_, p))| Use {
            id: p.id.clone(),
            section: 0,
            number: d + 1,
            made: false,
            repeats: 0,
        })
        .collect()
}

/// One day's record: the puzzle's JSON record with its `date` and `weekday` (keys in
/// alphabetical order).
pub fn day_record(date: Date, puzzle: &BookPuzzle) -> serde_json::Value {
    let mut record = serde_json::json!({
        "date": date.to_string(),
        "weekday": WEEKDAYS[date.weekday()],
    });
    if let (Some(map), Ok(serde_json::Value::Object(fields))) = (
        record.as_object_mut(),
        serde_json::to_value(JsonPuzzle::of(&puzzle.puzzle)),
    ) {
        map.extend(fields);
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramps_are_read_monday_first() {
        assert_eq!(parse_ramp("mon-sun").unwrap(), MON_SUN);
        assert_eq!(parse_ramp("hard").unwrap(), [Level::Hard; 7]);
        let seven = parse_ramp("easy,easy,medium,medium,hard,expert,extreme").unwrap();
        assert_eq!((seven[0], seven[6]), (Level::Easy, Level::Extreme));
        assert!(parse_ramp("easy,hard").unwrap_err().contains("2 levels"));
        assert!(parse_ramp("easy,tough").is_err());
    }
}
