//! Books drawing from the library: which puzzles other books have used, the places a book used
//! before (so a rebuild gets them again), and the record of a book's uses and the puzzles it
//! made, checked against the uses other builds committed meanwhile. A book is recorded before
//! its files are put in place and settled after (or undone when they could not be), so a book
//! on disk always has its uses recorded and no build ever drops another one's.

use std::collections::HashSet;

use rusqlite::{Transaction, TransactionBehavior, params};

use crate::{Entry, Library, LibraryError};

/// One puzzle a book used, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub id: String,
    /// The section, from 0.
    pub section: usize,
    /// The printed number, from 1.
    pub number: usize,
    /// The book generated it (rather than drawing it from the library).
    pub made: bool,
    /// Repeats the book made and dropped before this puzzle.
    pub repeats: usize,
}

/// A book's record: who it is (title and seed) and what it used.
#[derive(Debug, Clone)]
pub struct BookUse<'a> {
    pub book: &'a str,
    pub seed: u64,
    /// Where its manifest was written.
    pub manifest: Option<&'a str>,
    /// The date of the uses (`YYYY-MM-DD`).
    pub date: &'a str,
    pub uses: &'a [Use],
    /// Puzzles the book made, added to the library with its uses.
    pub made: &'a [Entry],
    /// Whether the book may use puzzles other books used (`reuse = true`).
    pub reuse: bool,
}

/// A book's uses as recorded by [`Library::record_book`], before its files are in place:
/// [`Library::settle_book`] once they are (the uses an earlier build of the same book at the
/// same place recorded are then dropped), [`Library::undo_book`] when they could not be put
/// there. Until one of them runs, both builds' uses are kept, which never lets another book
/// reprint a puzzle.
#[derive(Debug, Clone)]
pub struct Recorded {
    book: String,
    seed: String,
    manifest: Option<String>,
    /// The last row of `uses` before this record: older rows of the book are its earlier builds'.
    before: i64,
}

impl Library {
    /// The IDs used by any book other than `book` built with `seed`.
    pub fn used_by_others(&self, book: &str, seed: u64) -> Result<HashSet<String>, LibraryError> {
        let run = || -> Result<HashSet<String>, rusqlite::Error> {
            let mut query = self
                .conn
                .prepare("SELECT DISTINCT id FROM uses WHERE NOT (book = ?1 AND seed IS ?2)")?;
            let rows = query.query_map(params![book, seed.to_string()], |row| row.get(0))?;
            rows.collect()
        };
        run().map_err(|e| self.sqlite(e))
    }

    /// What `book` built with `seed` used before, in number order: the places its build whose
    /// manifest was `manifest` recorded, or when there is none, those of its latest build
    /// written elsewhere (the same spec built into another folder gets the same puzzles). Of
    /// two records of one place (a build stopped between its record and its files), the later.
    pub fn own_uses(
        &self,
        book: &str,
        seed: u64,
        manifest: Option<&str>,
    ) -> Result<Vec<Use>, LibraryError> {
        if self.version < 2 {
            // A version 1 file, opened to read: its uses name no places.
            return Ok(Vec::new());
        }
        let run = || -> Result<Vec<(i64, Option<String>, Use)>, rusqlite::Error> {
            let mut query = self.conn.prepare(
                "SELECT rowid, manifest, id, section, number, made, repeats FROM uses \
                 WHERE book = ?1 AND seed IS ?2 AND section IS NOT NULL ORDER BY rowid",
            )?;
            let rows = query.query_map(params![book, seed.to_string()], |row| {
                let place = Use {
                    id: row.get(2)?,
                    section: row.get::<_, i64>(3)? as usize,
                    number: row.get::<_, i64>(4)? as usize,
                    made: row.get(5)?,
                    repeats: row.get::<_, i64>(6)? as usize,
                };
                Ok((row.get(0)?, row.get(1)?, place))
            })?;
            rows.collect()
        };
        let rows = run().map_err(|e| self.sqlite(e))?;
        Ok(latest_places(rows, manifest))
    }

    /// Records a book's uses, committed before its files are put in place: in one write
    /// transaction, checks that no puzzle new to the book was used by another book meanwhile
    /// (unless `reuse`), adds the puzzles it made and its uses. Earlier uses are dropped only
    /// by [`Library::settle_book`], and only those of the same book (title and seed) written to
    /// the same manifest: another book, or the same title written elsewhere, keeps its own.
    pub fn record_book(&mut self, book: &BookUse) -> Result<Recorded, LibraryError> {
        let path = self.path.clone();
        let sqlite = |error| LibraryError::Sqlite {
            path: path.clone(),
            error,
        };
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(sqlite)?;
        if !book.reuse
            && let Some((id, other)) = taken(&tx, book).map_err(sqlite)?
        {
            return Err(LibraryError::Taken {
                path: path.clone(),
                id,
                book: other,
            });
        }
        let before = insert_uses(&tx, book).map_err(sqlite)?;
        tx.commit().map_err(sqlite)?;
        Ok(Recorded {
            book: book.book.to_string(),
            seed: book.seed.to_string(),
            manifest: book.manifest.map(str::to_string),
            before,
        })
    }

    /// The book's files are in place: the uses its earlier builds at the same place recorded
    /// are dropped.
    pub fn settle_book(&mut self, recorded: &Recorded) -> Result<(), LibraryError> {
        self.delete_uses(recorded, "rowid <= ?4")
    }

    /// The book's files could not be put in place: its new uses are dropped (the puzzles it
    /// made stay in the library, unused).
    pub fn undo_book(&mut self, recorded: &Recorded) -> Result<(), LibraryError> {
        self.delete_uses(recorded, "rowid > ?4")
    }

    fn delete_uses(&mut self, recorded: &Recorded, rows: &str) -> Result<(), LibraryError> {
        self.conn
            .execute(
                &format!(
                    "DELETE FROM uses WHERE book = ?1 AND seed IS ?2 AND manifest IS ?3 AND {rows}"
                ),
                params![
                    recorded.book,
                    recorded.seed,
                    recorded.manifest,
                    recorded.before
                ],
            )
            .map(|_| ())
            .map_err(|e| self.sqlite(e))
    }
}

/// The places of the build written to `manifest` (or, when none was, of the latest build
/// written anywhere), each place's latest record, in number order; `rows` are in row order.
fn latest_places(rows: Vec<(i64, Option<String>, Use)>, manifest: Option<&str>) -> Vec<Use> {
    let here = rows.iter().any(|(_, m, _)| m.as_deref() == manifest);
    let chosen = match here {
        true => manifest.map(str::to_string),
        false => match rows.last() {
            Some((_, latest, _)) => latest.clone(),
            None => return Vec::new(),
        },
    };
    let mut places: std::collections::BTreeMap<usize, Use> = std::collections::BTreeMap::new();
    for (_, _, place) in rows.into_iter().filter(|(_, m, _)| *m == chosen) {
        places.insert(place.number, place);
    }
    places.into_values().collect()
}

/// A puzzle of the book, new to it, that another book has used: its ID and that book's title.
fn taken(tx: &Transaction, book: &BookUse) -> Result<Option<(String, String)>, rusqlite::Error> {
    let seed = book.seed.to_string();
    let mut mine = tx.prepare("SELECT 1 FROM uses WHERE id = ?1 AND book = ?2 AND seed IS ?3")?;
    let mut other = tx.prepare(
        "SELECT book FROM uses WHERE id = ?1 AND NOT (book = ?2 AND seed IS ?3) LIMIT 1",
    )?;
    for used in book.uses {
        if mine.exists(params![used.id, book.book, seed])? {
            continue;
        }
        let found: Option<String> = other
            .query_row(params![used.id, book.book, seed], |row| row.get(0))
            .ok();
        if let Some(title) = found {
            return Ok(Some((used.id.clone(), title)));
        }
    }
    Ok(None)
}

/// Adds the puzzles the book made and its uses; returns the last row of `uses` before them.
fn insert_uses(tx: &Transaction, book: &BookUse) -> Result<i64, rusqlite::Error> {
    crate::insert_entries(tx, book.made)?;
    let before: i64 = tx.query_row("SELECT coalesce(max(rowid), 0) FROM uses", [], |row| {
        row.get(0)
    })?;
    let seed = book.seed.to_string();
    let mut insert = tx.prepare(
        "INSERT INTO uses (id, book, seed, manifest, date, section, number, made, repeats) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    for used in book.uses {
        insert.execute(params![
            used.id,
            book.book,
            seed,
            book.manifest,
            book.date,
            used.section as i64,
            used.number as i64,
            used.made,
            used.repeats as i64,
        ])?;
    }
    Ok(before)
}
