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

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};

pub use books::{BookUse, Recorded, Use};
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
    /// A file that is no library of ours: empty, a device, another program's database.
    #[error("{path}: not a sudoku-book library ({reason}), so it is neither read nor written")]
    Foreign { path: String, reason: String },
    /// No file where a command that never creates a library looked for one.
    #[error(
        "there is no library at {path}: make one with `sudoku-book library fill --db {path} …` or `sudoku-book library add --db {path} FILE`"
    )]
    Missing { path: String },
    #[error(
        "{path}: puzzle {id} was used by \"{book}\" while this book was being built (two builds drew it at once); build again to draw another"
    )]
    Taken {
        path: String,
        id: String,
        book: String,
    },
}

/// How a command opens its library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Reading only: nothing is written, created or migrated (an older schema is read as it
    /// is), so a library on read-only storage can be read.
    Read,
    /// Reading and writing a library that exists (migrated when older).
    Write,
    /// Reading and writing, creating the library when nothing is at the path (`fill`, `add`,
    /// `merge --db`).
    Create,
}

/// An open library.
pub struct Library {
    conn: Connection,
    path: String,
    /// The schema version of the open file ([`SCHEMA_VERSION`] unless opened to read an older
    /// file).
    version: i64,
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
    /// Opens the library at `path` to read and write, creating it (and its tables) when there
    /// is no file ([`Access::Create`]).
    pub fn open(path: &Path) -> Result<Library, LibraryError> {
        Library::open_as(path, Access::Create)
    }

    /// Opens the library at `path`. Whatever the access, a file that is no library of ours
    /// (empty, a device or FIFO, a folder, another program's SQLite database) is refused before
    /// anything is written to it; only [`Access::Create`] makes a new file, and only where
    /// nothing is.
    pub fn open_as(path: &Path, access: Access) -> Result<Library, LibraryError> {
        let shown = path.display().to_string();
        let mut exists = check_file(path, &shown)?;
        if !exists && access != Access::Create {
            return Err(LibraryError::Missing { path: shown });
        }
        if !exists {
            create_new(path).map_err(|e| sqlite_error(&shown, e))?;
            exists = check_file(path, &shown)?;
        }
        debug_assert!(exists);
        let sqlite = |error: rusqlite::Error| sqlite_error(&shown, error);
        let foreign = |found: Foreign| found.error(&shown);
        if access == Access::Read {
            let (conn, version) = open_read_only(path, &shown)?;
            return Ok(Library {
                conn,
                path: shown,
                version,
            });
        }
        let mut conn = Connection::open(path).map_err(sqlite)?;
        conn.busy_timeout(BUSY_WAIT).map_err(sqlite)?;
        let prepared = retry_while_busy(|| prepare(&mut conn)).map_err(sqlite)?;
        prepared.map_err(foreign)?;
        Ok(Library {
            conn,
            path: shown,
            version: SCHEMA_VERSION,
        })
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

/// Why an SQLite file is not a library of ours.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Foreign {
    /// A newer schema than this program reads.
    Newer(i64),
    /// Tables that are not ours, or ours without their columns.
    Tables(String),
}

impl Foreign {
    fn error(self, path: &str) -> LibraryError {
        match self {
            Foreign::Newer(found) => LibraryError::Schema {
                path: path.to_string(),
                found,
            },
            Foreign::Tables(reason) => LibraryError::Foreign {
                path: path.to_string(),
                reason,
            },
        }
    }
}

/// The tables a library has and the columns each needs, at schema version 1 (version 2 adds
/// [`V2_USE_COLUMNS`]).
const TABLES: &[(&str, &[&str])] = &[
    (
        "puzzles",
        &[
            "id",
            "shape",
            "variant",
            "size",
            "record",
            "givens",
            "solution",
            "level",
            "score",
            "techniques",
            "rater_version",
            "generator_version",
            "seed",
            "source",
        ],
    ),
    ("uses", &["id", "book", "seed", "manifest", "date"]),
    ("fills", &["request", "next_index"]),
];
/// The columns version 2 adds to `uses`.
const V2_USE_COLUMNS: &[&str] = &["section", "number", "made", "repeats"];

/// The schema version of an open file (0: a new, empty file), or why it is another program's:
/// a version this program does not know, or tables without a library's columns.
fn schema_of(conn: &Connection) -> Result<Result<i64, Foreign>, rusqlite::Error> {
    // One statement, so both are read from the same state of the file.
    let (version, tables): (i64, i64) = conn.query_row(
        "SELECT (SELECT user_version FROM pragma_user_version), \
         (SELECT count(*) FROM sqlite_master)",
        [],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?;
    Ok(match (version, tables) {
        (0, 0) => Ok(0),
        (0, _) => Err(Foreign::Tables(
            "its tables are another program's".to_string(),
        )),
        (v, _) if (1..=SCHEMA_VERSION).contains(&v) => match missing_columns(conn, v)? {
            None => Ok(v),
            Some(missing) => Err(Foreign::Tables(missing)),
        },
        (found, _) => Err(Foreign::Newer(found)),
    })
}

/// What a file of schema `version` lacks of a library's tables (`None`: nothing).
fn missing_columns(conn: &Connection, version: i64) -> Result<Option<String>, rusqlite::Error> {
    let mut query = conn.prepare("SELECT name FROM pragma_table_info(?1)")?;
    for (table, wanted) in TABLES {
        let columns: Vec<String> = query
            .query_map([table], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        if columns.is_empty() {
            return Ok(Some(format!("it has no table {table}")));
        }
        let extra: &[&str] = if *table == "uses" && version >= 2 {
            V2_USE_COLUMNS
        } else {
            &[]
        };
        if let Some(absent) = wanted
            .iter()
            .chain(extra)
            .find(|c| !columns.iter().any(|have| have == *c))
        {
            return Ok(Some(format!("its table {table} has no column {absent}")));
        }
    }
    Ok(None)
}

/// Brings a newly opened file to the current schema and to write-ahead logging, or says why it
/// is another program's file (then nothing is written to it).
fn prepare(conn: &mut Connection) -> Result<Result<(), Foreign>, rusqlite::Error> {
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

/// A failure of SQLite on the library at `path`: a file that is no database is named so.
fn sqlite_error(path: &str, error: rusqlite::Error) -> LibraryError {
    match error.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => LibraryError::NotADatabase {
            path: path.to_string(),
        },
        _ => LibraryError::Sqlite {
            path: path.to_string(),
            error,
        },
    }
}

/// Makes a new library at `path` whole: its tables are written into a temporary file beside it,
/// which is then linked into place only if nothing is there yet, so no process ever sees a
/// half-made library (an empty file is refused) and of two creators one wins.
fn create_new(path: &Path) -> Result<(), rusqlite::Error> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "library".into(), |n| n.to_string_lossy().into_owned());
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let serial = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temp = folder.join(format!(".{name}.new-{}-{serial}", std::process::id()));
    let made = (|| {
        let mut conn = Connection::open(&temp)?;
        prepare(&mut conn)?.map_err(|_| rusqlite::Error::InvalidQuery)?;
        conn.close().map_err(|(_, e)| e)
    })();
    let placed = made.and_then(|()| {
        let linked = std::fs::hard_link(&temp, path).or_else(|error| match error.kind() {
            std::io::ErrorKind::AlreadyExists => Ok(()),
            _ if std::fs::symlink_metadata(path).is_err() => std::fs::rename(&temp, path),
            _ => Ok(()),
        });
        linked.map_err(|e| io_failure(&e))
    });
    let _ = std::fs::remove_file(&temp);
    placed
}

/// An I/O failure as SQLite's "cannot open", with its message.
fn io_failure(error: &std::io::Error) -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CANTOPEN),
        Some(error.to_string()),
    )
}

/// Whether there is a file at `path` (`false`: nothing there), refusing what can be no library:
/// a folder, a device, a FIFO or socket, an empty file.
fn check_file(path: &Path, shown: &str) -> Result<bool, LibraryError> {
    let foreign = |reason: &str| LibraryError::Foreign {
        path: shown.to_string(),
        reason: reason.to_string(),
    };
    match std::fs::metadata(path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            // A dangling symbolic link is not nothing: SQLite would create its target.
            match std::fs::symlink_metadata(path) {
                Ok(_) => Err(foreign("a symbolic link to nothing")),
                Err(_) => Ok(false),
            }
        }
        Err(error) => Err(LibraryError::Sqlite {
            path: shown.to_string(),
            error: io_failure(&error),
        }),
        Ok(meta) if meta.is_dir() => Err(foreign("a folder")),
        Ok(meta) if !meta.is_file() => Err(foreign("a device, FIFO or other special file")),
        Ok(meta) if meta.len() == 0 => Err(foreign("an empty file")),
        Ok(_) => Ok(true),
    }
}

/// Opens a library to read only, without creating, migrating or changing its journal mode.
/// Where its storage is read-only and the file is in write-ahead-logging mode (so SQLite
/// cannot make the shared-memory file it needs), it is opened as immutable.
fn open_read_only(path: &Path, shown: &str) -> Result<(Connection, i64), LibraryError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let first = Connection::open_with_flags(path, flags)
        .map_err(|e| sqlite_error(shown, e))
        .and_then(|conn| read_schema(conn, shown));
    match first {
        Err(LibraryError::Sqlite { error, .. }) if cannot_share(&error) => {
            let uri = read_only_uri(path, true);
            let conn = Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)
                .map_err(|e| sqlite_error(shown, e))?;
            read_schema(conn, shown)
        }
        done => done,
    }
}

/// The open file and its schema version, when it is a library.
fn read_schema(conn: Connection, shown: &str) -> Result<(Connection, i64), LibraryError> {
    conn.busy_timeout(BUSY_WAIT)
        .map_err(|e| sqlite_error(shown, e))?;
    match retry_while_busy(|| schema_of(&conn)).map_err(|e| sqlite_error(shown, e))? {
        Ok(0) => Err(LibraryError::Foreign {
            path: shown.to_string(),
            reason: "an SQLite database with no tables".to_string(),
        }),
        Ok(version) => Ok((conn, version)),
        Err(found) => Err(found.error(shown)),
    }
}

/// True for the failures of a read-only open on read-only storage of a WAL file.
fn cannot_share(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::ReadOnly)
    )
}

/// `file:PATH?mode=ro`, or with `immutable` `file:PATH?immutable=1` (for a file on read-only
/// storage, whose write-ahead log SQLite cannot share), the path escaped for a URI.
fn read_only_uri(path: &Path, immutable: bool) -> String {
    let mut uri = String::from("file:");
    for byte in path.as_os_str().as_encoded_bytes() {
        match byte {
            b'%' | b'?' | b'#' | 0..=0x20 | 0x7f.. => uri.push_str(&format!("%{byte:02X}")),
            _ => uri.push(char::from(*byte)),
        }
    }
    uri + if immutable {
        "?immutable=1"
    } else {
        "?mode=ro"
    }
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

/// Brings the file to [`SCHEMA_VERSION`] in one exclusive transaction: a migration killed
/// half-way leaves the file as it was, and of two processes opening a new or old file at once
/// the second finds it done (its version is read again under the lock).
fn migrate(conn: &mut Connection) -> Result<Result<(), Foreign>, rusqlite::Error> {
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
