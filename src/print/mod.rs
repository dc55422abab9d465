//! Print-ready output: a finished book or cover PDF made PDF/X-1a:2001 or PDF/X-4 (colours
//! separated or made grey, the page boxes, the output intent, the Info keys and XMP), and the
//! preflight that reads the written file back and refuses one that breaks a rule.

pub mod colour;
