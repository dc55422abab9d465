//! A big PDF in bounded memory: pages are encoded in batches into their finished (compressed)
//! content streams as they are drawn, and at the end printpdf builds the document around pages
//! with empty content — each then given the stream encoded earlier — and writes it as it
//! writes any document. Only a batch's operations are ever held, never the whole book's, and
//! the bytes are those printpdf writes for the whole document at once (a test and the book
//! comparisons hold it to that).

use std::collections::BTreeMap;

use lopdf::StringFormat::Literal;
use printpdf::{FontId, Op, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Pt, TextItem};

/// How the book's PDF is written (printpdf's defaults, the fonts embedded whole).
pub fn save_options() -> PdfSaveOptions {
    PdfSaveOptions {
        subset_fonts: false,
        ..PdfSaveOptions::default()
    }
}

/// Page `page`'s boxes with no content (it is given its encoded stream at the end).
pub fn placeholder(page: &PdfPage) -> PdfPage {
    PdfPage {
        media_box: page.media_box.clone(),
        trim_box: page.trim_box.clone(),
        crop_box: page.crop_box.clone(),
        ops: Vec::new(),
    }
}

/// The glyphs each font has shown, with the character shown for each (the last one, in page
/// order, as printpdf records them): what a font's embedding in the document depends on.
#[derive(Debug, Default)]
pub struct GlyphUsage {
    by_font: BTreeMap<FontId, BTreeMap<u16, char>>,
}

impl GlyphUsage {
    /// Records the text a page shows, font by font.
    pub fn record(&mut self, doc: &PdfDocument, page: &PdfPage) {
        let mut font: Option<&FontId> = None;
        for op in &page.ops {
            match op {
                Op::SetFont {
                    font: PdfFontHandle::External(id),
                    ..
                } => font = Some(id),
                Op::SetFont { .. } => font = None,
                Op::ShowText { items } => {
                    let Some(id) = font else { continue };
                    let Some(parsed) = doc.resources.fonts.map.get(id) else {
                        continue;
                    };
                    let glyphs = self.by_font.entry(id.clone()).or_default();
                    for item in items {
                        if let TextItem::Text(text) = item {
                            for c in text.chars() {
                                if let Some(gid) = parsed.parsed_font.lookup_glyph_index(c as u32) {
                                    glyphs.insert(gid, c);
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Operations that show every recorded glyph once (given to a placeholder page, whose
    /// content is replaced, so the document embeds its fonts as the whole book uses them).
    fn ops(&self) -> Vec<Op> {
        let mut ops = Vec::new();
        for (id, glyphs) in &self.by_font {
            ops.push(Op::SetFont {
                font: PdfFontHandle::External(id.clone()),
                size: Pt(10.0),
            });
            ops.push(Op::ShowText {
                items: vec![TextItem::Text(glyphs.values().collect())],
            });
        }
        ops
    }
}

/// Encodes `pages` (drawn in `doc`'s fonts and images) into their content streams, compressed
/// as the document compresses them.
pub fn encode_pages(doc: &PdfDocument, pages: Vec<PdfPage>) -> Result<Vec<lopdf::Stream>, String> {
    let mut batch = PdfDocument {
        metadata: doc.metadata.clone(),
        resources: doc.resources.clone(),
        bookmarks: doc.bookmarks.clone(),
        pages,
    };
    let count = batch.pages.len();
    let options = PdfSaveOptions {
        optimize: false,
        image_optimization: None,
        ..save_options()
    };
    let mut warnings = Vec::new();
    let lo = batch.to_lopdf_document(&options, &mut warnings);
    batch.pages.clear();
    let mut streams = Vec::with_capacity(count);
    for page_id in lo.get_pages().into_values() {
        let mut stream = content_of(&lo, page_id)?.1.clone();
        stream
            .compress()
            .map_err(|e| format!("compressing a page: {e}"))?;
        streams.push(stream);
    }
    if streams.len() != count {
        return Err(format!("{count} pages drawn, {} encoded", streams.len()));
    }
    Ok(streams)
}

/// A page's content stream and its object ID.
fn content_of(
    lo: &lopdf::Document,
    page_id: lopdf::ObjectId,
) -> Result<(lopdf::ObjectId, &lopdf::Stream), String> {
    let missing = |e: lopdf::Error| format!("a page's content stream is missing: {e}");
    let id = lo
        .get_dictionary(page_id)
        .and_then(|page| page.get(b"Contents"))
        .and_then(lopdf::Object::as_reference)
        .map_err(missing)?;
    let stream = lo
        .get_object(id)
        .and_then(lopdf::Object::as_stream)
        .map_err(missing)?;
    Ok((id, stream))
}

/// The finished file: `doc` with `placeholders` as its pages, each given its encoded content,
/// written as printpdf writes a document (compressed, then saved).
///
/// `[instance, document]` are the IDs printpdf drew for the document when it was begun.
pub fn write(
    doc: &mut PdfDocument,
    (mut placeholders, contents): (Vec<PdfPage>, Vec<lopdf::Stream>),
    usage: &GlyphUsage,
    [instance, document]: &[String; 2],
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    if let Some(first) = placeholders.first_mut() {
        first.ops = usage.ops();
    }
    doc.with_pages(placeholders);
    let mut warnings = Vec::new();
    let options = save_options();
    let mut lo = doc.to_lopdf_document(&options, &mut warnings);
    doc.pages.clear();
    let pages: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    if pages.len() != contents.len() {
        return Err(format!(
            "{} pages in the document, {} encoded",
            pages.len(),
            contents.len()
        ));
    }
    for (page_id, stream) in pages.into_iter().zip(contents) {
        let (id, _) = content_of(&lo, page_id)?;
        lo.objects.insert(id, lopdf::Object::Stream(stream));
    }
    let literal = |id: &String| lopdf::Object::String(id.clone().into_bytes(), Literal);
    let ids = vec![literal(document), literal(instance)];
    lo.trailer.set("ID", lopdf::Object::Array(ids));
    if options.optimize {
        lo.compress();
    }
    let mut out = out;
    lo.save_to(&mut out)
        .map_err(|e| format!("writing the document: {e}"))?;
    Ok(())
}
