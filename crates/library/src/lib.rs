//! The puzzle library: an SQLite file (a normal database `sqlite3` opens) of rated puzzles keyed
//! by canonical ID, filled ahead of time (`library fill`, `library add`) and drawn from by books.
//! The engine never depends on it; the app opens it.
//!
//! Tables: `puzzles` (one row per ID: shape, variant, size, the JSON record, givens and solution
//! as puzzle lines, level, score, techniques, rater and generator versions, the seed as decimal
//! text (a `u64` does not fit SQLite's integers), source), `uses`
//! (which book used which puzzle, at which place) and `fills` (how far each `fill` request got,
//! so a killed fill resumes where it stopped). `PRAGMA user_version` holds the schema version;
//! an older file is migrated when opened ([`MIGRATIONS`]). The file is in WAL mode, so a reader
//! never blocks a writer and a process killed at any moment leaves the last commit intact;
//! writers wait for each other (up to [`BUSY_WAIT`]).

mod books;
mod entry;
mod upkeep;

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};

pub use books::{BookCommit, BookUse, Use};
pub use entry::{ENGINE_VERSION, Entry};
pub use upkeep::{Merged, Rated, StaleRow};

/// The schema this crate writes and reads.
pub const SCHEMA_VERSION: i64 = 2;

/// How long a writer waits for another one (a fill, a build) to finish its transaction.
pub const BUSY_WAIT: Duration = Duration::from_secs(60);

/// The schema of version 1; every newer version is reached through [`MIGRATIONS`], so a new file
/// and a migrated one are the same.
const SCHEMA_V1: &str = "
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

/// `MIGRATIONS[i]` takes a file from version `i + 1` to `i + 2`.
pub const MIGRATIONS: &[&str] = &[
    // 2: a use names its place in the book (section, number), whether the book made the puzzle
    // and how many repeats it replaced, so a rebuild of the same book gets the same puzzles.
    "ALTER TABLE uses ADD COLUMN section INTEGER;
     ALTER TABLE uses ADD COLUMN number INTEGER;
     ALTER TABLE uses ADD COLUMN made INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE uses ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0;
     CREATE INDEX uses_by_book ON uses (book, seed);",
];

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
    #[error("{path}: not a sudoku-book library (not an SQLite database at all)")]
    NotADatabase { path: String },
    #[error(
        "{path}: puzzle {id} was used by \"{book}\" while this book was being built (two builds drew it at once); build again to draw another"
    )]
    Taken {
        path: String,
        id: String,
        book: String,
    },
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
        let sqlite = |error: rusqlite::Error| match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => LibraryError::NotADatabase {
                path: shown.clone(),
            },
            _ => LibraryError::Sqlite {
                path: shown.clone(),
                error,
            },
        };
        let mut conn = Connection::open(path).map_err(sqlite)?;
        conn.busy_timeout(BUSY_WAIT).map_err(sqlite)?;
        let refuse = |found| LibraryError::Schema {
            path: shown.clone(),
            found,
        };
        let prepared = retry_while_busy(|| prepare(&mut conn)).map_err(sqlite)?;
        prepared.map_err(refuse)?;
        Ok(Library { conn, path: shown })
    }

    /// SQLite's own check of the file (`PRAGMA integrity_check`): `ok`, or what is broken.
    pub fn integrity_check(&self) -> Result<String, LibraryError> {
        self.conn
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))
            .map_err(|e| self.sqlite(e))
    }

    /// The file's name as messages show it.
    pub fn path(&self) -> &str {
        &self.path
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
        let outcomes = insert_entries(&tx, entries)?;
        if let Some((request, next)) = fill {
            tx.execute(
                "INSERT INTO fills (request, next_index) VALUES (?1, ?2) \
                 ON CONFLICT (request) DO UPDATE SET next_index = excluded.next_index",
                params![request, next as i64],
            )?;
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

    /// The IDs of the puzzles of a shape (and level, and score range, both ends included, when
    /// given), in ID order.
    pub fn candidate_ids(
        &self,
        shape: &str,
        level: Option<&str>,
        score: Option<(f64, f64)>,
    ) -> Result<Vec<String>, LibraryError> {
        let (low, high) = score.unwrap_or((f64::MIN, f64::MAX));
        let run = || -> Result<Vec<String>, rusqlite::Error> {
            let mut query = self.conn.prepare_cached(
                "SELECT id FROM puzzles WHERE shape = ?1 AND (?2 IS NULL OR level = ?2) \
                 AND score BETWEEN ?3 AND ?4 ORDER BY id",
            )?;
            let rows = query.query_map(params![shape, level, low, high], |row| row.get(0))?;
            rows.collect()
        };
        run().map_err(|e| self.sqlite(e))
    }

    /// A puzzle's JSON record and seed (the seed of a generated puzzle), when the library has it.
    pub fn record(&self, id: &str) -> Result<Option<(String, Option<u64>)>, LibraryError> {
        let run = || -> Result<Option<(String, Option<String>)>, rusqlite::Error> {
            self.conn
                .prepare_cached("SELECT record, seed FROM puzzles WHERE id = ?1")?
                .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
                .optional()
        };
        let found = run().map_err(|e| self.sqlite(e))?;
        Ok(found.map(|(record, seed)| (record, seed.and_then(|s| s.parse().ok()))))
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

/// Inserts puzzles not there yet, saying for each whether it was new.
fn insert_entries(tx: &Connection, entries: &[Entry]) -> Result<Vec<Added>, rusqlite::Error> {
    let mut insert = tx.prepare_cached(
        "INSERT OR IGNORE INTO puzzles (id, shape, variant, size, record, givens, \
         solution, level, score, techniques, rater_version, generator_version, seed, \
         source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
    )?;
    let mut outcomes = Vec::with_capacity(entries.len());
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
    Ok(outcomes)
}

/// The schema version of an open file (0: a new, empty file), or `Err(found)` for a file of
/// another kind.
fn schema_of(conn: &Connection) -> Result<Result<i64, i64>, rusqlite::Error> {
    // One statement, so both are read from the same state of the file.
    let (version, tables): (i64, i64) = conn.query_row(
        "SELECT (SELECT user_version FROM pragma_user_version), \
         (SELECT count(*) FROM sqlite_master)",
        [],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?;
    Ok(match (version, tables) {
        (0, 0) => Ok(0),
        (v, _) if (1..=SCHEMA_VERSION).contains(&v) => Ok(v),
        (found, _) => Err(found),
    })
}

/// Brings the file to [`SCHEMA_VERSION`] in one exclusive transaction: a migration killed
/// half-way leaves the file as it was, and of two processes opening a new or old file at once
/// the second finds it done (its version is read again under the lock).
/// Brings a newly opened file to the current schema and to write-ahead logging; `Err(found)`
/// when its schema is newer than this program's.
fn prepare(conn: &mut Connection) -> Result<Result<(), i64>, rusqlite::Error> {
    let from = match schema_of(conn)? {
        Ok(from) => from,
        Err(found) => return Ok(Err(found)),
    };
    if from < SCHEMA_VERSION
        && let Err(found) = migrate(conn)?
    {
        return Ok(Err(found));
    }
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    Ok(Ok(()))
}

/// Runs `work` again while SQLite answers that the file is busy or locked, for up to
/// [`BUSY_WAIT`]: switching a new file to write-ahead logging, while other processes open it
/// too, can be refused at once rather than waited for.
fn retry_while_busy<T>(
    mut work: impl FnMut() -> Result<T, rusqlite::Error>,
) -> Result<T, rusqlite::Error> {
    let started = std::time::Instant::now();
    loop {
        match work() {
            Err(error) if is_busy(&error) && started.elapsed() < BUSY_WAIT => {
                std::thread::sleep(Duration::from_millis(20));
            }
            done => return done,
        }
    }
}

fn is_busy(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

fn migrate(conn: &mut Connection) -> Result<Result<(), i64>, rusqlite::Error> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Exclusive)?;
    let from = match schema_of(&tx)? {
        Ok(from) => from,
        Err(found) => return Ok(Err(found)),
    };
    if from == SCHEMA_VERSION {
        return Ok(Ok(()));
    }
    if from == 0 {
        tx.execute_batch(SCHEMA_V1)?;
    }
    for migration in &MIGRATIONS[from.max(1) as usize - 1..] {
        tx.execute_batch(migration)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit().map(Ok)
}

#[cfg(test)]
mod tests;
