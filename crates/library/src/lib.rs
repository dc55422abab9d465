//! The puzzle library: an SQLite file (a normal database `sqlite3` opens) of rated puzzles keyed
//! by canonical ID, filled ahead of time (`library fill`, `library add`) and drawn from by books.
//! The engine never depends on it; the app opens it.
//!
//! Tables: `puzzles` (one row per ID: shape, variant, size, the JSON record, givens and solution
//! as puzzle lines, level, score, techniques, rater and generator versions, the seed as decimal
//! text (a `u64` does not fit SQLite's integers), source), `uses`
//! (which book used which puzzle) and `fills` (how far each `fill` request got, so a killed fill
//! resumes where it stopped). `PRAGMA user_version` holds the schema version.

mod entry;

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

pub use entry::Entry;

/// The schema this crate writes and reads.
pub const SCHEMA_VERSION: i64 = 1;

const SCHEMA: &str = "
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    shape TEXT NOT NULL,
    variant TEXT NOT NULL,
    size INTEGER NOT NULL,
    record TEXT NOT NULL,
    givens TEXT NOT NULL,
    solution TEXT NOT NULL,
    level TEXT NOT NULL,
    score REAL NOT NULL,
    techniques TEXT NOT NULL,
    rater_version TEXT NOT NULL,
    generator_version TEXT,
    seed TEXT,
    source TEXT NOT NULL
);
CREATE INDEX puzzles_by_shape_level ON puzzles (shape, level, score);
CREATE TABLE uses (
    id TEXT NOT NULL REFERENCES puzzles (id),
    book TEXT NOT NULL,
    seed TEXT,
    manifest TEXT,
    date TEXT
);
CREATE INDEX uses_by_id ON uses (id);
CREATE TABLE fills (
    request TEXT PRIMARY KEY,
    next_index INTEGER NOT NULL
);
";

/// What went wrong with a library file.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    #[error("{path}: {error}")]
    Sqlite {
        path: String,
        error: rusqlite::Error,
    },
    #[error(
        "{path}: not a sudoku-book library (schema version {found}; this version reads {SCHEMA_VERSION})"
    )]
    Schema { path: String, found: i64 },
}

/// An open library.
pub struct Library {
    conn: Connection,
    path: String,
}

/// What adding one puzzle did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    /// A new puzzle.
    New,
    /// Its ID was there already (the puzzle, or a turn, mirror or relabelling of it).
    Duplicate,
}

/// One row of `library stats`.
#[derive(Debug, Clone, PartialEq)]
pub struct Stat {
    pub shape: String,
    pub level: String,
    pub unused: u64,
    pub used: u64,
}

impl Library {
    /// Opens the library at `path`, creating it (and its tables) when there is no file.
    pub fn open(path: &Path) -> Result<Library, LibraryError> {
        let shown = path.display().to_string();
        let sqlite = |error| LibraryError::Sqlite {
            path: shown.clone(),
            error,
        };
        let conn = Connection::open(path).map_err(sqlite)?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(sqlite)?;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |row| row.get(0))
            .map_err(sqlite)?;
        match (version, tables) {
            (0, 0) => {
                conn.execute_batch(SCHEMA).map_err(sqlite)?;
                conn.pragma_update(None, "user_version", SCHEMA_VERSION)
                    .map_err(sqlite)?;
            }
            (SCHEMA_VERSION, _) => {}
            (found, _) => return Err(LibraryError::Schema { path: shown, found }),
        }
        Ok(Library { conn, path: shown })
    }

    fn sqlite(&self, error: rusqlite::Error) -> LibraryError {
        LibraryError::Sqlite {
            path: self.path.clone(),
            error,
        }
    }

    /// Adds puzzles in one transaction (all or none), saying for each whether it was new. When
    /// `fill` is given, the fill's next index is stored in the same transaction, so a fill
    /// killed at any moment resumes exactly after its last committed batch.
    pub fn add(
        &mut self,
        entries: &[Entry],
        fill: Option<(&str, u64)>,
    ) -> Result<Vec<Added>, LibraryError> {
        let result = self.add_in_transaction(entries, fill);
        result.map_err(|e| self.sqlite(e))
    }

    fn add_in_transaction(
        &mut self,
        entries: &[Entry],
        fill: Option<(&str, u64)>,
    ) -> Result<Vec<Added>, rusqlite::Error> {
        let tx = self.conn.transaction()?;
        let mut outcomes = Vec::with_capacity(entries.len());
        {
            let mut insert = tx.prepare_cached(
                "INSERT OR IGNORE INTO puzzles (id, shape, variant, size, record, givens, \
                 solution, level, score, techniques, rater_version, generator_version, seed, \
                 source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            )?;
            for e in entries {
                let changed = insert.execute(params![
                    e.id,
                    e.shape,
                    e.variant,
                    e.size as i64,
                    e.record,
                    e.givens,
                    e.solution,
                    e.level,
                    e.score,
                    e.techniques,
                    e.rater_version,
                    e.generator_version,
                    e.seed.map(|s| s.to_string()),
                    e.source,
                ])?;
                outcomes.push(if changed == 1 {
                    Added::New
                } else {
                    Added::Duplicate
                });
            }
            if let Some((request, next)) = fill {
                tx.execute(
                    "INSERT INTO fills (request, next_index) VALUES (?1, ?2) \
                     ON CONFLICT (request) DO UPDATE SET next_index = excluded.next_index",
                    params![request, next as i64],
                )?;
            }
        }
        tx.commit()?;
        Ok(outcomes)
    }

    /// Where the fill of `request` stopped (0 for a new one).
    pub fn fill_start(&self, request: &str) -> Result<u64, LibraryError> {
        self.conn
            .query_row(
                "SELECT next_index FROM fills WHERE request = ?1",
                [request],
                |row| row.get::<_, i64>(0),
            )
            .optional()
            .map(|found| found.map_or(0, |n| n as u64))
            .map_err(|e| self.sqlite(e))
    }

    /// True when the library holds the ID.
    pub fn contains(&self, id: &str) -> Result<bool, LibraryError> {
        self.conn
            .query_row("SELECT 1 FROM puzzles WHERE id = ?1", [id], |_| Ok(()))
            .optional()
            .map(|found| found.is_some())
            .map_err(|e| self.sqlite(e))
    }

    /// Every ID the library holds, in order.
    pub fn ids(&self) -> Result<Vec<String>, LibraryError> {
        let run = || -> Result<Vec<String>, rusqlite::Error> {
            let mut query = self.conn.prepare("SELECT id FROM puzzles ORDER BY id")?;
            let rows = query.query_map([], |row| row.get(0))?;
            rows.collect()
        };
        run().map_err(|e| self.sqlite(e))
    }

    /// Counts by shape and level, used and unused, in shape then level order.
    pub fn stats(&self) -> Result<Vec<Stat>, LibraryError> {
        let run = || -> Result<Vec<Stat>, rusqlite::Error> {
            let mut query = self.conn.prepare(
                "SELECT shape, level, \
                 sum(NOT EXISTS (SELECT 1 FROM uses u WHERE u.id = p.id)), \
                 sum(EXISTS (SELECT 1 FROM uses u WHERE u.id = p.id)) \
                 FROM puzzles p GROUP BY shape, level ORDER BY shape, \
                 CASE level WHEN 'easy' THEN 1 WHEN 'medium' THEN 2 WHEN 'hard' THEN 3 \
                 WHEN 'expert' THEN 4 WHEN 'extreme' THEN 5 ELSE 6 END",
            )?;
            let rows = query.query_map([], |row| {
                Ok(Stat {
                    shape: row.get(0)?,
                    level: row.get(1)?,
                    unused: row.get::<_, i64>(2)? as u64,
                    used: row.get::<_, i64>(3)? as u64,
                })
            })?;
            rows.collect()
        };
        run().map_err(|e| self.sqlite(e))
    }
}

#[cfg(test)]
mod tests;
