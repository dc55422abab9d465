//! Keeping a library current and whole: the puzzles a newer rater must rate again (read page by
//! page, so a large library is re-rated in bounded memory) and merging libraries filled on other
//! machines, by ID.

use std::path::Path;

use rusqlite::params;

use crate::{Access, Library, LibraryError};

/// A puzzle rated by another rater version.
#[derive(Debug, Clone, PartialEq)]
pub struct StaleRow {
    pub id: String,
    pub record: String,
    pub level: String,
    pub score: f64,
}

/// A puzzle's new rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    pub id: String,
    /// The record with its level, score and techniques updated.
    pub record: String,
    pub level: String,
    pub score: f64,
    /// The technique names as a JSON list.
    pub techniques: String,
}

/// What a merge did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Merged {
    /// Puzzles new to the library.
    pub added: u64,
    /// Puzzles it had already (by ID).
    pub duplicates: u64,
    /// Uses copied.
    pub uses: u64,
}

impl Library {
    /// Up to `limit` puzzles rated by a rater other than `rater_version`, after the ID `after`
    /// (in ID order; `""` starts at the first).
    pub fn stale(
        &self,
        rater_version: &str,
        after: &str,
        limit: usize,
    ) -> Result<Vec<StaleRow>, LibraryError> {
        let run = || -> Result<Vec<StaleRow>, rusqlite::Error> {
            let mut query = self.conn.prepare_cached(
                "SELECT id, record, level, score FROM puzzles \
                 WHERE rater_version IS NOT ?1 AND id > ?2 ORDER BY id LIMIT ?3",
            )?;
            let rows = query.query_map(params![rater_version, after, limit as i64], |row| {
                Ok(StaleRow {
                    id: row.get(0)?,
                    record: row.get(1)?,
                    level: row.get(2)?,
                    score: row.get(3)?,
                })
            })?;
            rows.collect()
        };
        run().map_err(|e| self.sqlite(e))
    }

    /// How many puzzles a rater other than `rater_version` rated.
    pub fn stale_count(&self, rater_version: &str) -> Result<u64, LibraryError> {
        self.conn
            .query_row(
                "SELECT count(*) FROM puzzles WHERE rater_version IS NOT ?1",
                [rater_version],
                |row| row.get::<_, i64>(0),
            )
            .map(|n| n as u64)
            .map_err(|e| self.sqlite(e))
    }

    /// Stores new ratings made by `rater_version`, in one transaction.
    pub fn set_ratings(
        &mut self,
        rated: &[Rated],
        rater_version: &str,
    ) -> Result<(), LibraryError> {
        let run = |conn: &mut rusqlite::Connection| -> Result<(), rusqlite::Error> {
            let tx = conn.transaction()?;
            {
                let mut update = tx.prepare_cached(
                    "UPDATE puzzles SET record = ?2, level = ?3, score = ?4, techniques = ?5, \
                     rater_version = ?6 WHERE id = ?1",
                )?;
                for r in rated {
                    update.execute(params![
                        r.id,
                        r.record,
                        r.level,
                        r.score,
                        r.techniques,
                        rater_version
                    ])?;
                }
            }
            tx.commit()
        };
        let result = run(&mut self.conn);
        result.map_err(|e| self.sqlite(e))
    }

    /// Adds every puzzle and use of the library at `other` that this one lacks, in one
    /// transaction (a merge killed half-way adds nothing). Puzzles are matched by ID, so the
    /// order of merges never changes which puzzles the result holds. The other file is only
    /// read: it is checked, attached read-only and never migrated (an older one is read as it
    /// is), so it may be on read-only storage.
    pub fn merge_from(&mut self, other: &Path) -> Result<Merged, LibraryError> {
        let version = Library::open_as(other, Access::Read)?.version;
        let name = other.to_string_lossy().into_owned();
        let run = |conn: &mut rusqlite::Connection| -> Result<Merged, rusqlite::Error> {
            let attached = conn.execute(
                "ATTACH DATABASE ?1 AS other",
                [crate::read_only_uri(Path::new(&name), false)],
            );
            if attached.is_err() {
                conn.execute(
                    "ATTACH DATABASE ?1 AS other",
                    [crate::read_only_uri(Path::new(&name), true)],
                )?;
            }
            let result = merge_attached(conn, version);
            conn.execute("DETACH DATABASE other", [])?;
            result
        };
        let result = run(&mut self.conn);
        result.map_err(|e| self.sqlite(e))
    }
}

/// The columns of `uses` read from a merged file of schema `version` (version 1 names no
/// places: its uses count as made elsewhere, with no place).
fn merged_use_columns(version: i64) -> &'static str {
    if version >= 2 {
        "id, book, seed, manifest, date, section, number, made, repeats"
    } else {
        "id, book, seed, manifest, date, NULL AS section, NULL AS number, 0 AS made, 0 AS repeats"
    }
}

fn merge_attached(
    conn: &mut rusqlite::Connection,
    version: i64,
) -> Result<Merged, rusqlite::Error> {
    let tx = conn.transaction()?;
    let offered: i64 = tx.query_row("SELECT count(*) FROM other.puzzles", [], |r| r.get(0))?;
    let added = tx.execute(
        "INSERT OR IGNORE INTO main.puzzles (id, shape, variant, size, record, givens, \
         solution, level, score, techniques, rater_version, generator_version, seed, source) \
         SELECT id, shape, variant, size, record, givens, solution, level, score, techniques, \
         rater_version, generator_version, seed, source FROM other.puzzles ORDER BY id",
        [],
    )? as u64;
    let columns = merged_use_columns(version);
    let uses = tx.execute(
        &format!(
            "INSERT INTO main.uses (id, book, seed, manifest, date, section, number, made, \
             repeats) SELECT * FROM (SELECT {columns} FROM other.uses) o WHERE NOT EXISTS \
             (SELECT 1 FROM main.uses u WHERE u.id = o.id AND u.book = o.book \
              AND u.seed IS o.seed AND u.manifest IS o.manifest AND u.number IS o.number)"
        ),
        [],
    )? as u64;
    tx.commit()?;
    Ok(Merged {
        added,
        duplicates: offered as u64 - added,
        uses,
    })
}
