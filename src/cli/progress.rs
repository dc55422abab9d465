//! The progress bar of the commands that generate puzzles: drawn on standard error only when it
//! is a terminal, never in piped or quiet runs; a diabolical search (minutes a puzzle) also
//! writes a progress line now and then when standard error is not a terminal.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use sudoku_book::generate::diabolical::SearchProgress;

/// A bar counting `count` puzzles, or a hidden one when nobody would see it; also shown for one
/// puzzle when each takes seconds (`slow`: grids of 16×16 and more, books), with the time gone
/// by ticking, so a long search is seen to be alive.
pub fn puzzle_bar(count: usize, quiet: bool, slow: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() || (count < 2 && !slow) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count as u64);
    let template = if count < 2 {
        "{spinner} making the puzzle, {elapsed} so far"
    } else {
        "{bar:40} {pos}/{len} puzzles, {eta} left"
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    if slow {
        bar.enable_steady_tick(Duration::from_millis(500));
    }
    bar
}

/// Test hook: `SUDOKU_BOOK_PROGRESS_EVERY=SECONDS` sets how often a build's progress line is
/// written off a terminal (default 10 s).
pub const PROGRESS_EVERY_VARIABLE: &str = "SUDOKU_BOOK_PROGRESS_EVERY";

/// The progress of a long piece of work whose count of finished items is all there is to tell
/// (a book's puzzles): a bar on a terminal, with the time ticking; elsewhere a line every
/// [`REPORT_SILENCE`] (`3 of 20 puzzles made, 40 s so far`), so a build with diabolical
/// sections (minutes a puzzle) is never silent for long. Nothing when quiet.
pub struct Heartbeat {
    bar: ProgressBar,
    lines: Option<Ticker>,
}

impl Heartbeat {
    /// Starts reporting on `count` items.
    pub fn start(count: usize, quiet: bool) -> Heartbeat {
        let bar = puzzle_bar(count, quiet, true);
        let lines = (!quiet).then(|| Ticker::start(&bar, count)).flatten();
        Heartbeat { bar, lines }
    }

    /// Records that `done` items are finished.
    pub fn set(&self, done: usize) {
        self.bar.set_position(done as u64);
    }

    /// Ends the reports.
    pub fn finish(self) {
        self.bar.finish_and_clear();
        drop(self.lines);
    }
}

/// Progress lines off a terminal: every [`REPORT_SILENCE`] (or `SUDOKU_BOOK_PROGRESS_EVERY`
/// seconds) a line with a bar's position, until dropped. Nothing on a terminal, where the bar
/// shows.
pub struct Ticker {
    stop: std::sync::mpsc::Sender<()>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Ticker {
    /// Starts the lines for `bar` (of `count` puzzles) when standard error is no terminal.
    pub fn start(bar: &ProgressBar, count: usize) -> Option<Ticker> {
        if std::io::stderr().is_terminal() {
            return None;
        }
        let every = std::env::var(PROGRESS_EVERY_VARIABLE)
            .ok()
            .and_then(|s| s.parse().ok())
            .map_or(REPORT_SILENCE, Duration::from_secs);
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let bar = bar.clone();
        let start = Instant::now();
        let thread = std::thread::spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(every)
            {
                super::sink::say(&format!(
                    "sudoku-book: {} of {count} puzzles made, {} s so far",
                    bar.position(),
                    start.elapsed().as_secs()
                ));
            }
        });
        Some(Ticker {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        let _ = self.stop.send(());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Ratings between two progress lines of a diabolical search when standard error is not a
/// terminal (a log then shows the search is alive).
const REPORT_EVERY: usize = 1_000;
/// The longest silence between two such lines: ratings of diabolical puzzles take about 70 ms,
/// so a search started from them (`--from`) would otherwise be quiet for over a minute.
const REPORT_SILENCE: Duration = Duration::from_secs(10);

/// The bar of a diabolical search: shown on a terminal even for one puzzle, with the search's
/// state as its message.
pub fn search_bar(count: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} puzzles, {elapsed}: {msg}")
    {
        bar.set_style(style);
    }
    bar
}

/// Reports a diabolical search's progress on puzzle `index` (0-based): the bar's message on a
/// terminal, else a line on standard error every [`REPORT_EVERY`] ratings.
pub fn report_search(bar: &ProgressBar, index: usize, progress: SearchProgress) {
    let text = search_text(index, progress);
    if !bar.is_hidden() {
        bar.set_message(text);
    } else if progress.ratings.is_multiple_of(REPORT_EVERY) || silent_too_long() {
        super::sink::say(&format!("sudoku-book: diabolical search, {text}"));
    }
}

/// True, and the clock restarted, when no progress line was written for [`REPORT_SILENCE`].
fn silent_too_long() -> bool {
    static LAST: Mutex<Option<Instant>> = Mutex::new(None);
    LAST.lock()
        .is_ok_and(|mut last| silence_over(&mut last, Instant::now()))
}

/// True when `now` is [`REPORT_SILENCE`] or more after `last`, which then becomes `now`; the
/// first call only starts the clock.
fn silence_over(last: &mut Option<Instant>, now: Instant) -> bool {
    match *last {
        Some(then) if now.duration_since(then) < REPORT_SILENCE => false,
        Some(_) => {
            *last = Some(now);
            true
        }
        None => {
            *last = Some(now);
            false
        }
    }
}

fn search_text(index: usize, progress: SearchProgress) -> String {
    format!(
        "puzzle {}: {} of {} ratings, best score {:.1}, climb {}",
        index + 1,
        progress.ratings,
        progress.budget,
        progress.best,
        progress.climbs
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_due_after_ten_silent_seconds() {
        let start = Instant::now();
        let mut last = None;
        assert!(
            !silence_over(&mut last, start),
            "the first call starts the clock"
        );
        assert!(!silence_over(&mut last, start + Duration::from_secs(9)));
        assert!(silence_over(&mut last, start + REPORT_SILENCE));
        assert_eq!(last, Some(start + REPORT_SILENCE));
        assert!(!silence_over(&mut last, start + Duration::from_secs(15)));
        assert!(silence_over(&mut last, start + Duration::from_secs(20)));
    }

    #[test]
    fn the_search_line_says_where_it_stands() {
        let progress = SearchProgress {
            ratings: 2000,
            budget: 6000,
            best: 8.12,
            climbs: 3,
        };
        assert_eq!(
            search_text(4, progress),
            "puzzle 5: 2000 of 6000 ratings, best score 8.1, climb 3"
        );
    }
}
