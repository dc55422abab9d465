//! The exact solver.
