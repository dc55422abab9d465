//! Ends a build cleanly on SIGINT, SIGTERM or SIGHUP: its staging folder is removed and its
//! library record undone (a swap in progress finishes first), then the process ends of the
//! signal as it would have; once the book is swapped in, the build is done and finishes as
//! usual instead, so a build that ends of a signal never leaves a new book in place. A signal
//! ignored when the process started (SIGHUP under `nohup`) stays ignored.

use sudoku_book::publish::output::{Abandoned, abandon_staging};

/// Starts the thread that waits for the signals.
pub fn remove_staging_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let wanted = [SIGINT, SIGTERM, SIGHUP]
            .into_iter()
            .filter(|s| !is_ignored(*s));
        let Ok(mut signals) = signal_hook::iterator::Signals::new(wanted) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let Abandoned::Stopped(_no_swap_from_here) = abandon_staging() else {
                    return;
                };
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    }
}

/// True when the signal's disposition is "ignore" (as `nohup` sets SIGHUP).
#[cfg(unix)]
fn is_ignored(signal: libc::c_int) -> bool {
    // SAFETY: a zeroed sigaction is a valid out-parameter; a null new action only queries.
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut current) == 0
            && current.sa_sigaction == libc::SIG_IGN
    }
}
