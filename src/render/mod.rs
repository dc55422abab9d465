//! Drawing puzzles: for now a self-contained HTML page of a grid (`html`); the book's scene and
//! its SVG and PDF backends come with the book builder.

pub mod html;
