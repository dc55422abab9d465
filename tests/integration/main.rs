//! Integration tests: every command and error path through the real binary, property tests of
//! the solver's invariants, and the shared puzzle sets (skipped with a message when absent).

mod batch;
mod bounded;
mod build;
mod check;
mod cover;
mod data;
mod folder_safety;
mod footer;
mod fuzz;
mod generate;
mod generator;
mod golden;
mod hint;
mod ids;
mod input_limits;
mod kdp;
mod kids;
mod killer;
mod language;
mod logic;
mod multi_cli;
mod play;
mod print_rules;
mod properties;
mod rate;
mod require;
mod samurai;
mod sections;
mod solve;
mod structure;
mod text_fits;
mod trust;
mod trust_round3;
mod util;
mod walkthrough;
