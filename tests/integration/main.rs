//! Integration tests through the real binary.
