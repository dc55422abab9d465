//! The one worker-pool helper: a rayon pool of a checked number of threads. The thread count
//! never changes any output; it only bounds how much runs at once.

/// The most worker threads a command may ask for.
pub const MAX_JOBS: usize = 256;

/// Why no pool could be made.
#[derive(Debug, thiserror::Error)]
pub enum WorkersError {
    #[error("{jobs} worker threads is out of range: use 1 to {MAX_JOBS}")]
    OutOfRange { jobs: usize },
    #[error("cannot start worker threads: {0}")]
    Start(String),
}

/// A pool of `jobs` threads, or one per core when `None`.
pub fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, WorkersError> {
    let threads = match jobs {
        Some(jobs) if !(1..=MAX_JOBS).contains(&jobs) => {
            return Err(WorkersError::OutOfRange { jobs });
        }
        Some(jobs) => jobs,
        None => std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_JOBS)),
    };
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| WorkersError::Start(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thread_count_has_a_range() {
        assert!(matches!(
            pool(Some(0)),
            Err(WorkersError::OutOfRange { jobs: 0 })
        ));
        assert!(matches!(
            pool(Some(100_000)),
            Err(WorkersError::OutOfRange { jobs: 100_000 })
        ));
        assert_eq!(pool(Some(2)).unwrap().current_num_threads(), 2);
        assert!(pool(None).unwrap().current_num_threads() >= 1);
    }
}
