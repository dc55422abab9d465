//! Books drawing from the library: which puzzles other books have used, the places a book used
//! before (so a rebuild gets them again), and the commit that records a book's uses and the
//! puzzles it made, checked against the uses other builds committed meanwhile.

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

/// The open transaction of a book's uses: [`BookCommit::commit`] once the book is in place;
/// dropped, it records nothing.
pub struct BookCommit<'a> {
    tx: Transaction<'a>,
    path: String,
}

impl BookCommit<'_> {
    /// Records the uses for good.
    pub fn commit(self) -> Result<(), LibraryError> {
        let path = self.path;
        self.tx
            .commit()
            .map_err(|error| LibraryError::Sqlite { path, error })
    }
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

    /// What `book` built with `seed` used before, in number order.
    pub fn own_uses(&self, book: &str, seed: u64) -> Result<Vec<Use>, LibraryError> {
        let run = || -> Result<Vec<Use>, rusqlite::Error> {
            let mut query = self.conn.prepare(
                "SELECT id, section, number, made, repeats FROM uses \
                 WHERE book = ?1 AND seed IS ?2 AND section IS NOT NULL ORDER BY number",
            )?;
            let rows = query.query_map(params![book, seed.to_string()], |row| {
                Ok(Use {
                    id: row.get(0)?,
                    section: row.get::<_, i64>(1)? as usize,
                    number: row.get::<_, i64>(2)? as usize,
                    made: row.get(3)?,
                    repeats: row.get::<_, i64>(4)? as usize,
                })
            })?;
            rows.collect()
        };
        run().map_err(|e| self.sqlite(e))
    }

    /// Starts recording a book: in one write transaction, checks that no puzzle new to the
    /// book was used by another book meanwhile (unless `reuse`), adds the puzzles it made and
    /// replaces its earlier uses with these. Nothing is kept until [`BookCommit::commit`].
    pub fn begin_book(&mut self, book: &BookUse) -> Result<BookCommit<'_>, LibraryError> {
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
        record_book(&tx, book).map_err(sqlite)?;
        Ok(BookCommit { tx, path })
    }
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

fn record_book(tx: &Transaction, book: &BookUse) -> Result<(), rusqlite::Error> {
    crate::insert_entries(tx, book.made)?;
    let seed = book.seed.to_string();
    tx.execute(
        "DELETE FROM uses WHERE book = ?1 AND seed IS ?2",
        params![book.book, seed],
    )?;
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
    Ok(())
}
