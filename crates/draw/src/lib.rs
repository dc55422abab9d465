//! A puzzle drawn as format-neutral primitives: the scene ([`scene`]), the grid's look
//! ([`style`]), the grid with its shading, lines, digits and killer cages ([`grid`]), the modern
//! kinds' marks ([`marks`]), what values print as ([`symbols`]), numbers, colours and text as SVG writes them ([`svg_text`]), and the playable page's drawing
//! of a shape as SVG paths ([`page_svg`]). No fonts, files or output formats: the app's PDF and
//! SVG backends paint the scene, and the engine's WebAssembly module draws a puzzle it made in
//! the page with the same code.

pub mod grid;
pub mod marks;
pub mod page_svg;
pub mod scene;
pub mod style;
pub mod svg_text;
pub mod symbols;
