//! The PDF backend: scenes as pages of one PDF (printpdf, low-level operations), the book's
//! fonts embedded, text placed by the measured advance widths of its glyphs, the trim box set
//! when the sheet carries bleed. Coordinates flip here, and only here, from the scene's top-left
//! origin to PDF's bottom-left.

use printpdf::{
    Color, FontId, Greyscale, Line, LineCapStyle, LineDashPattern, LinePoint, Mm, Op, PaintMode,
    PdfDocument, PdfFontHandle, PdfPage, Point, Polygon, PolygonRing, Pt, RawImage, Rect, TextItem,
    TextMatrix, WindingOrder, XObject, XObjectId, XObjectTransform,
};

use rayon::prelude::*;

use super::pdf_spill::ContentSpill;
use super::pdf_stream;
use super::scene::{Anchor, Grey, Item, Paint, Rgb, Scene};
use crate::fonts::FontSet;
use crate::layout::text::Picture;

/// Document information written into the PDF. The date is the book's (never the clock's, so
/// the same book gives the same bytes): seconds since 1970, or `None` for a file without
/// creation and modification dates.
#[derive(Debug, Clone, Default)]
pub struct DocumentInfo {
    pub title: String,
    pub author: String,
    pub date: Option<i64>,
}

/// Where the trim box sits on each sheet, in millimetres from the sheet's top left, and its
/// size; `None` when trim and sheet are the same.
pub type TrimBox = Option<(f64, f64, f64, f64)>;

/// One page turned into PDF operations, ready to be added to its document, with the pictures
/// it shows.
pub struct DrawnPage(PdfPage, Vec<Picture>);

/// Draws pages in a document's fonts ([`PdfBuilder::drawer`]).
pub struct PageDrawer<'a>(OpWriter<'a>);

impl PageDrawer<'_> {
    /// Draws a page from `scene`, with its trim box (any thread; add it with [`PdfBuilder::add`]).
    pub fn draw(&self, scene: &Scene, trim: TrimBox) -> DrawnPage {
        let pictures = scene
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Picture { picture, .. } => Some(picture.clone()),
                _ => None,
            })
            .collect();
        DrawnPage(self.0.page(scene, trim), pictures)
    }
}

/// A PDF being assembled page by page: pages are encoded into their finished content streams a
/// batch at a time ([`super::pdf_stream`]), so a big book never holds all its operations.
pub struct PdfBuilder<'a> {
    doc: PdfDocument,
    writer: OpWriter<'a>,
    /// Each page added so far, without its content.
    placeholders: Vec<PdfPage>,
    /// Each encoded page's content stream.
    contents: ContentSpill,
    /// Pages added but not yet encoded.
    pending: Vec<PdfPage>,
    /// The glyphs the pages show, font by font.
    usage: pdf_stream::GlyphUsage,
    /// The document's IDs (instance, document), drawn when it was begun.
    ids: [String; 2],
    /// The entries blanked on the way out: printpdf's empty PDF/X version, and its epoch
    /// dates when the book has no date.
    blanks: &'static [&'static [u8]],
}

/// The names printpdf draws from its process-wide counter for a document written in one go:
/// its two fonts' resource names (when they are added) and its two IDs (when it is saved).
/// A document encoded batch by batch makes printpdf draw more, so the names are drawn in that
/// order up front — for the book and the cover after it — and the bytes stay those of the
/// one-go writer.
pub struct DocumentNames {
    regular: FontId,
    bold: FontId,
    ids: [String; 2],
}

impl DocumentNames {
    /// The names of `count` documents written one after another.
    pub fn draw(count: usize) -> Vec<DocumentNames> {
        (0..count)
            .map(|_| {
                let regular = FontId::new();
                let bold = FontId::new();
                let instance = FontId::new().0;
                let document = FontId::new().0;
                DocumentNames {
                    regular,
                    bold,
                    ids: [instance, document],
                }
            })
            .collect()
    }
}

/// Pages encoded together (a batch's operations are what is held).
const ENCODE_BATCH: usize = 32;

impl<'a> PdfBuilder<'a> {
    /// A document set in `fonts` (both faces embedded), with `info` in its metadata, named as
    /// printpdf names a document it writes next.
    pub fn new(fonts: &'a FontSet, info: &DocumentInfo) -> PdfBuilder<'a> {
        let names = DocumentNames::draw(1).remove(0);
        PdfBuilder::named(fonts, info, names)
    }

    /// A document with these names (drawn beforehand with others: see [`DocumentNames`]).
    pub fn named(fonts: &'a FontSet, info: &DocumentInfo, names: DocumentNames) -> PdfBuilder<'a> {
        let mut doc = PdfDocument::new(&info.title);
        doc.metadata.info.author = info.author.clone();
        doc.metadata.info.creator = "sudoku-book".to_string();
        doc.metadata.info.producer = format!("sudoku-book {}", env!("CARGO_PKG_VERSION"));
        let date = info
            .date
            .and_then(|seconds| printpdf::OffsetDateTime::from_unix_timestamp(seconds).ok());
        if let Some(date) = date {
            doc.metadata.info.creation_date = date;
            doc.metadata.info.modification_date = date;
            doc.metadata.info.metadata_date = date;
        }
        let mut add_font = |id: &FontId, font: &printpdf::ParsedFont| {
            let font = printpdf::PdfFont::new(font.clone());
            doc.resources.fonts.map.insert(id.clone(), font);
        };
        add_font(&names.regular, &fonts.regular.parsed);
        add_font(&names.bold, &fonts.bold.parsed);
        PdfBuilder {
            doc,
            writer: OpWriter {
                fonts,
                regular: names.regular.clone(),
                bold: names.bold.clone(),
            },
            placeholders: Vec::new(),
            contents: ContentSpill::new(),
            pending: Vec::new(),
            usage: pdf_stream::GlyphUsage::default(),
            ids: names.ids,
            blanks: if date.is_some() {
                &[PDFX_MARKER]
            } else {
                &[PDFX_MARKER, EPOCH_CREATED, EPOCH_MODIFIED]
            },
        }
    }

    /// Draws a page from `scene`, with its trim box (any thread; add it with [`Self::add`]).
    pub fn draw(&self, scene: &Scene, trim: TrimBox) -> DrawnPage {
        self.drawer().draw(scene, trim)
    }

    /// What draws this document's pages, apart from it: pages can be drawn while others are
    /// added.
    pub fn drawer(&self) -> PageDrawer<'a> {
        PageDrawer(self.writer.clone())
    }

    /// Appends a drawn page, embedding its pictures once each (a picture that cannot be
    /// decoded — the spec has checked it — is left out).
    pub fn add(&mut self, page: DrawnPage) {
        for picture in page.1 {
            let id = picture_id(&picture);
            if self.doc.resources.xobjects.map.contains_key(&id) {
                continue;
            }
            let mut warnings = Vec::new();
            if let Ok(image) = RawImage::decode_from_bytes(&picture.bytes, &mut warnings) {
                self.doc
                    .resources
                    .xobjects
                    .map
                    .insert(id, XObject::Image(image));
            }
        }
        self.usage.record(&self.doc, &page.0);
        self.placeholders.push(pdf_stream::placeholder(&page.0));
        self.pending.push(page.0);
        if self.pending.len() >= ENCODE_BATCH {
            self.encode_pending();
        }
    }

    /// Encodes the pages waiting into their content streams, a part for each thread of the
    /// current pool (a page's stream does not depend on the pages encoded with it).
    fn encode_pending(&mut self) {
        let pages = std::mem::take(&mut self.pending);
        let part = pages.len().div_ceil(rayon::current_num_threads()).max(1);
        let mut parts: Vec<Vec<PdfPage>> = Vec::new();
        for page in pages {
            match parts.last_mut() {
                Some(last) if last.len() < part => last.push(page),
                _ => parts.push(vec![page]),
            }
        }
        let encoded: Vec<Result<Vec<lopdf::Stream>, String>> = parts
            .into_par_iter()
            .map(|pages| pdf_stream::encode_pages(&self.doc, pages))
            .collect();
        for contents in encoded {
            match contents {
                Ok(contents) => contents.into_iter().for_each(|c| self.contents.push(c)),
                // printpdf encodes every page it is given; a page it lost would be a bug here.
                Err(message) => unreachable!("{message}"),
            }
        }
    }

    /// The finished file.
    pub fn finish(self) -> Vec<u8> {
        let mut bytes = Vec::new();
        // Writing into memory cannot fail.
        let _ = self.finish_into(&mut bytes);
        bytes
    }

    /// Writes the finished file to `out` (a big book's PDF is never held whole).
    pub fn finish_into(mut self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        self.encode_pending();
        let placeholders = std::mem::take(&mut self.placeholders);
        let contents = std::mem::take(&mut self.contents);
        let mut blanked = BlankPdfx::new(out, self.blanks);
        let written = pdf_stream::write(
            &mut self.doc,
            (placeholders, contents),
            &self.usage,
            &self.ids,
            &mut blanked,
        );
        if let Err(message) = written {
            return Err(std::io::Error::other(message));
        }
        blanked.finish()
    }
}

/// Writes a PDF through, with entries of printpdf's Info dictionary (its empty PDF/X entry, see
/// [`blank_out_pdfx_marker`], and epoch dates) turned into spaces on the way: the last bytes of
/// each write are held back until the next shows whether they begin an entry.
struct BlankPdfx<'a> {
    out: &'a mut dyn std::io::Write,
    held: Vec<u8>,
    entries: &'a [&'a [u8]],
}

impl<'a> BlankPdfx<'a> {
    fn new(out: &'a mut dyn std::io::Write, entries: &'a [&'a [u8]]) -> Self {
        BlankPdfx {
            out,
            held: Vec::new(),
            entries,
        }
    }

    fn finish(mut self) -> std::io::Result<()> {
        let held = std::mem::take(&mut self.held);
        self.out.write_all(&held)?;
        self.out.flush()
    }
}

impl std::io::Write for BlankPdfx<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.held.extend_from_slice(bytes);
        for entry in self.entries {
            let mut at = 0;
            while let Some(found) = self.held[at..]
                .windows(entry.len())
                .position(|w| w == *entry)
            {
                let start = at + found;
                self.held[start..start + entry.len()].fill(b' ');
                at = start + entry.len();
            }
        }
        // Everything but what could be the start of an entry goes out.
        let longest = self.entries.iter().map(|e| e.len()).max().unwrap_or(1);
        let keep = (longest - 1).min(self.held.len());
        let ready = self.held.len() - keep;
        self.out.write_all(&self.held[..ready])?;
        self.held.drain(..ready);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// The empty `/GTS_PDFXVersion()` that printpdf 0.12 writes into every Info dictionary.
const PDFX_MARKER: &[u8] = b"/GTS_PDFXVersion()";
/// The dates printpdf writes for a document with none (1970-01-01).
const EPOCH_CREATED: &[u8] = b"/CreationDate(D:19700101000000+00'00')";
const EPOCH_MODIFIED: &[u8] = b"/ModDate(D:19700101000000+00'00')";

/// Overwrites printpdf's empty PDF/X version entry with spaces (same length, so every offset
/// stays valid): it made preflight tools take the book for a PDF/X file, which it is not.
#[cfg(test)]
fn blank_out_pdfx_marker(bytes: &mut [u8]) {
    let mut found = bytes
        .windows(PDFX_MARKER.len())
        .enumerate()
        .filter(|(_, window)| *window == PDFX_MARKER)
        .map(|(at, _)| at);
    if let (Some(at), None) = (found.next(), found.next()) {
        bytes[at..at + PDFX_MARKER.len()].fill(b' ');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_pdfx_entry_is_blanked_on_the_way_however_the_writes_fall() {
        let text = b"%PDF<</Title(x)/GTS_PDFXVersion()/Trapped/False>>trailer".to_vec();
        let mut expected = text.clone();
        blank_out_pdfx_marker(&mut expected);
        for chunk in [1, 2, 5, 17, 18, 19, 64] {
            let mut out = Vec::new();
            let mut blank = BlankPdfx::new(&mut out, &[PDFX_MARKER]);
            for part in text.chunks(chunk) {
                std::io::Write::write_all(&mut blank, part).unwrap();
            }
            blank.finish().unwrap();
            assert_eq!(out, expected, "writes of {chunk}");
        }
    }

    #[test]
    fn the_empty_pdfx_entry_is_blanked_in_place() {
        let mut bytes = b"<</Title(x)/GTS_PDFXVersion()/Trapped/False>>".to_vec();
        let length = bytes.len();
        blank_out_pdfx_marker(&mut bytes);
        assert_eq!(bytes.len(), length);
        assert_eq!(
            &bytes[..],
            &b"<</Title(x)                  /Trapped/False>>"[..]
        );
    }

    /// A page with text in both faces (its characters varying with `n`), lines, dashes,
    /// shades, a polygon and turned text.
    fn varied_scene(n: usize) -> Scene {
        let mut scene = Scene::new(150.0, 200.0);
        let word: String = "Sudoku ÄÖÜ ½ 0123456789 ABCDEFGHIJKLMNOP"
            .chars()
            .skip(n % 30)
            .take(8 + n % 7)
            .collect();
        scene.push(Item::Rect {
            x: 5.0,
            y: 5.0,
            w: 20.0 + n as f64,
            h: 10.0,
            fill: Paint::Grey(0.9),
        });
        scene.push(Item::Text {
            x: 70.0,
            y: 30.0,
            size: 4.0 + (n % 3) as f64,
            bold: n.is_multiple_of(2),
            anchor: Anchor::Middle,
            paint: Paint::BLACK,
            text: word.clone(),
        });
        scene.push(Item::Line {
            x1: 10.0,
            y1: 50.0,
            x2: 140.0,
            y2: 50.0 + n as f64 / 10.0,
            width: 0.3,
            paint: Paint::Grey(0.2),
        });
        scene.push(Item::Dashed {
            x1: 10.0,
            y1: 60.0,
            x2: 140.0,
            y2: 60.0,
            width: 0.2,
            paint: Paint::BLACK,
            dash: 1.0,
        });
        scene.push(Item::Polygon {
            points: vec![(10.0, 80.0), (30.0, 95.0), (15.0, 100.0 + n as f64)],
            fill: Some(Paint::Rgb([200, 30, 90])),
            stroke: Some((0.4, Paint::BLACK)),
        });
        scene.push(Item::Turned {
            x: 140.0,
            y: 120.0,
            size: 3.0,
            bold: false,
            anchor: Anchor::Start,
            paint: Paint::Grey(0.4),
            text: format!("page {n} {word}"),
        });
        scene
    }

    /// The file without its trailer's `/ID[…]` (printpdf draws one for each document it saves).
    fn without_id(bytes: &[u8]) -> Vec<u8> {
        let at = bytes.windows(4).rposition(|w| w == b"/ID[").unwrap();
        let end = at + bytes[at..].iter().position(|&b| b == b']').unwrap();
        [&bytes[..at], &bytes[end + 1..]].concat()
    }

    #[test]
    fn a_document_encoded_in_batches_is_the_one_printpdf_writes_in_one_go() {
        let fonts = FontSet::bundled();
        let info = DocumentInfo {
            title: "Batches".into(),
            author: "Test".into(),
            date: Some(1_764_201_600),
        };
        let mut builder = PdfBuilder::new(&fonts, &info);
        let mut one_go = builder.doc.clone();
        let mut pages = Vec::new();
        for n in 0..ENCODE_BATCH * 2 + 5 {
            let trim = n.is_multiple_of(4).then_some((3.0, 3.0, 144.0, 194.0));
            let page = builder.draw(&varied_scene(n), trim);
            pages.push(page.0.clone());
            builder.add(page);
        }
        let batched = builder.finish();
        let mut whole = one_go
            .with_pages(pages)
            .save(&pdf_stream::save_options(), &mut Vec::new());
        blank_out_pdfx_marker(&mut whole);
        assert!(batched.len() > 20_000);
        assert_eq!(without_id(&batched), without_id(&whole));
        // The IDs are the two drawn when the document was begun: 32 letters each.
        let id = &batched[batched.windows(4).rposition(|w| w == b"/ID[").unwrap()..];
        assert_eq!(id.iter().take_while(|&&b| b != b']').count(), 4 + 2 * 34);
    }

    #[test]
    fn a_document_has_pages_fonts_and_no_pdfx_claim() {
        let fonts = FontSet::bundled();
        let mut scene = Scene::new(100.0, 100.0);
        scene.push(Item::Text {
            x: 50.0,
            y: 50.0,
            size: 5.0,
            bold: true,
            anchor: Anchor::Middle,
            paint: Paint::BLACK,
            text: "7".into(),
        });
        scene.push(Item::Text {
            x: 10.0,
            y: 90.0,
            size: 3.0,
            bold: false,
            anchor: Anchor::Start,
            paint: Paint::Grey(0.4),
            text: "page 1".into(),
        });
        let mut builder = PdfBuilder::new(&fonts, &DocumentInfo::default());
        let page = builder.draw(&scene, None);
        builder.add(page);
        let bytes = builder.finish();
        assert!(bytes.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("GTS_PDFX"));
        assert_eq!(text.matches("/FontFile2").count(), 2, "both faces embedded");
    }
}

/// A picture's name in the PDF, from its bytes (FNV-1a), so the same book gives the same bytes.
fn picture_id(picture: &Picture) -> XObjectId {
    let hash = picture
        .bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    XObjectId(format!("Pic{hash:016x}"))
}

fn pt(mm: f64) -> Pt {
    Pt(crate::units::Mm(mm).to_pt().0 as f32)
}

fn grey(level: Grey) -> Color {
    Color::Greyscale(Greyscale::new(level.clamp(0.0, 1.0) as f32, None))
}

/// A paint as a PDF colour: greys stay greyscale, so the book's pages stay as they were.
fn colour(paint: Paint) -> Color {
    match paint {
        Paint::Grey(level) => grey(level),
        Paint::Rgb([r, g, b]) => {
            let channel = |v: u8| f32::from(v) / 255.0;
            Color::Rgb(printpdf::Rgb::new(channel(r), channel(g), channel(b), None))
        }
    }
}

/// A paint as the page state remembers it.
fn paint_key(paint: Paint) -> PaintKey {
    match paint {
        Paint::Grey(level) => PaintKey::Grey(key(level)),
        Paint::Rgb(rgb) => PaintKey::Rgb(rgb),
    }
}

/// Turns scene items into PDF operations, tracking the graphics state to skip repeats.
#[derive(Clone)]
struct OpWriter<'a> {
    fonts: &'a FontSet,
    regular: FontId,
    bold: FontId,
}

/// The graphics state last set on a page.
#[derive(Default)]
struct State {
    fill: Option<PaintKey>,
    stroke: Option<PaintKey>,
    width: Option<u32>,
    /// Inside a text object (`BT` … `ET`), with the font and size last set in it.
    text: Option<(bool, u32)>,
}

/// Strokes a line between two points given in PDF millimetres (y up): `[x1, y1, x2, y2]`.
fn stroke_line(ops: &mut Vec<Op>, state: &mut State, ends: [f64; 4], width: f64, paint: Paint) {
    if state.stroke != Some(paint_key(paint)) {
        ops.push(Op::SetOutlineColor { col: colour(paint) });
        state.stroke = Some(paint_key(paint));
    }
    if state.width != Some(key(width)) {
        ops.push(Op::SetOutlineThickness { pt: pt(width) });
        state.width = Some(key(width));
    }
    let point = |x: f64, y: f64| LinePoint {
        p: Point { x: pt(x), y: pt(y) },
        bezier: false,
    };
    ops.push(Op::DrawLine {
        line: Line {
            points: vec![point(ends[0], ends[1]), point(ends[2], ends[3])],
            is_closed: false,
        },
    });
}

fn key(value: f64) -> u32 {
    (value * 10_000.0).round() as u32
}

impl OpWriter<'_> {
    fn page(&self, scene: &Scene, trim: TrimBox) -> PdfPage {
        let height = scene.height;
        let mut ops = vec![Op::SetLineCapStyle {
            cap: LineCapStyle::ProjectingSquare,
        }];
        let mut state = State::default();
        for item in &scene.items {
            let is_text = matches!(item, Item::Text { .. } | Item::Turned { .. });
            if is_text && state.text.is_none() {
                ops.push(Op::StartTextSection);
            } else if !is_text && state.text.take().is_some() {
                ops.push(Op::EndTextSection);
            }
            self.item(&mut ops, &mut state, item, height);
        }
        if state.text.is_some() {
            ops.push(Op::EndTextSection);
        }
        let mut page = PdfPage::new(Mm(scene.width as f32), Mm(height as f32), ops);
        if let Some((x, y, w, h)) = trim {
            // printpdf 0.12 writes a box as [x y width height], but PDF reads [llx lly urx ury]:
            // give it the upper-right corner in the width and height fields.
            let bottom = height - y - h;
            page.trim_box = Rect::from_xywh(pt(x), pt(bottom), pt(x + w), pt(bottom + h));
        }
        page
    }

    fn item(&self, ops: &mut Vec<Op>, state: &mut State, item: &Item, height: f64) {
        match item {
            &Item::Rect { x, y, w, h, fill } => {
                set_fill(ops, state, fill);
                ops.push(Op::DrawRectangle {
                    rectangle: Rect {
                        x: pt(x),
                        y: pt(height - y - h),
                        width: pt(w),
                        height: pt(h),
                        mode: Some(PaintMode::Fill),
                        winding_order: None,
                    },
                });
            }
            &Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                paint: level,
            } => stroke_line(ops, state, [x1, height - y1, x2, height - y2], width, level),
            &Item::Dashed {
                x1,
                y1,
                x2,
                y2,
                width,
                paint: level,
                dash,
            } => {
                // Dashes in their own graphics state; the cached stroke settings are forgotten
                // when it is restored.
                ops.push(Op::SaveGraphicsState);
                ops.push(Op::SetLineDashPattern {
                    dash: LineDashPattern::new(0.0, &[pt(dash).0, pt(dash).0]),
                });
                ops.push(Op::SetLineCapStyle {
                    cap: LineCapStyle::Butt,
                });
                state.stroke = None;
                state.width = None;
                stroke_line(ops, state, [x1, height - y1, x2, height - y2], width, level);
                ops.push(Op::RestoreGraphicsState);
                state.stroke = None;
                state.width = None;
            }
            Item::Text {
                x,
                y,
                size,
                bold,
                anchor,
                paint: level,
                text,
            } => {
                let left = x - self.lead(text, *size, *bold, *anchor);
                let at = TextMatrix::Translate(pt(left), pt(height - y));
                self.text(ops, state, (*bold, *size, *level), at, text);
            }
            Item::Turned {
                x,
                y,
                size,
                bold,
                anchor,
                paint: level,
                text,
            } => {
                let top = y - self.lead(text, *size, *bold, *anchor);
                // A quarter turn clockwise: the text runs down the page, its tops face right.
                let at = TextMatrix::Raw([0.0, -1.0, 1.0, 0.0, pt(*x).0, pt(height - top).0]);
                self.text(ops, state, (*bold, *size, *level), at, text);
            }
            Item::Picture {
                x,
                y,
                w,
                h,
                picture,
            } => {
                let (x, y, w, h) = (*x, *y, *w, *h);
                ops.push(Op::UseXobject {
                    id: picture_id(picture),
                    transform: XObjectTransform {
                        translate_x: Some(pt(x)),
                        translate_y: Some(pt(height - y - h)),
                        scale_x: Some(pt(w).0 / picture.width as f32),
                        scale_y: Some(pt(h).0 / picture.height as f32),
                        dpi: Some(72.0),
                        ..XObjectTransform::default()
                    },
                });
            }
            Item::Polygon {
                points,
                fill,
                stroke,
            } => {
                let ring = points
                    .iter()
                    .map(|&(x, y)| LinePoint {
                        p: Point {
                            x: pt(x),
                            y: pt(height - y),
                        },
                        bezier: false,
                    })
                    .collect();
                let mode = match (fill, stroke) {
                    (Some(paint), None) => {
                        set_fill(ops, state, *paint);
                        PaintMode::Fill
                    }
                    (fill, Some((width, paint))) => {
                        if let Some(fill) = fill {
                            set_fill(ops, state, *fill);
                        }
                        if state.stroke != Some(paint_key(*paint)) {
                            ops.push(Op::SetOutlineColor {
                                col: colour(*paint),
                            });
                            state.stroke = Some(paint_key(*paint));
                        }
                        if state.width != Some(key(*width)) {
                            ops.push(Op::SetOutlineThickness { pt: pt(*width) });
                            state.width = Some(key(*width));
                        }
                        if fill.is_some() {
                            PaintMode::FillStroke
                        } else {
                            PaintMode::Stroke
                        }
                    }
                    (None, None) => return,
                };
                ops.push(Op::DrawPolygon {
                    polygon: Polygon {
                        rings: vec![PolygonRing { points: ring }],
                        mode,
                        winding_order: WindingOrder::NonZero,
                    },
                });
            }
            &Item::Fill { x, y, w, h, colour } => {
                set_fill(ops, state, Paint::Rgb(colour));
                ops.push(Op::DrawRectangle {
                    rectangle: Rect {
                        x: pt(x),
                        y: pt(height - y - h),
                        width: pt(w),
                        height: pt(h),
                        mode: Some(PaintMode::Fill),
                        winding_order: None,
                    },
                });
            }
        }
    }

    /// How far text starts before its anchor point, along its line.
    fn lead(&self, text: &str, size: f64, bold: bool, anchor: Anchor) -> f64 {
        let width = self.fonts.face(bold).width(text, size);
        match anchor {
            Anchor::Start => 0.0,
            Anchor::Middle => width / 2.0,
            Anchor::End => width,
        }
    }

    /// Shows `text` in `(bold, size, ink)` with its text matrix set to `at`.
    fn text(
        &self,
        ops: &mut Vec<Op>,
        state: &mut State,
        (bold, size, paint): (bool, f64, Paint),
        at: TextMatrix,
        text: &str,
    ) {
        set_fill(ops, state, paint);
        let font = (bold, key(size));
        if state.text != Some(font) {
            let id = if bold { &self.bold } else { &self.regular };
            ops.push(Op::SetFont {
                font: PdfFontHandle::External(id.clone()),
                size: pt(size),
            });
            state.text = Some(font);
        }
        ops.extend([
            Op::SetTextMatrix { matrix: at },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_string())],
            },
        ]);
    }
}

/// A colour, as the page state remembers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PaintKey {
    Grey(u32),
    Rgb(Rgb),
}

fn set_fill(ops: &mut Vec<Op>, state: &mut State, paint: Paint) {
    if state.fill != Some(paint_key(paint)) {
        ops.push(Op::SetFillColor { col: colour(paint) });
        state.fill = Some(paint_key(paint));
    }
}
