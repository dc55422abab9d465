//! A big PDF in bounded memory: pages are encoded in batches into their finished (compressed)
//! content streams as they are drawn, and the streams wait in a temporary file
//! ([`ContentSpill`]). At the end printpdf builds the document around its first page alone and
//! each page's objects are made as they are written ([`OnePage`]), in the bytes printpdf writes
//! for the whole document at once (tests and the book comparisons hold it to that). Only a
//! batch's operations are ever held, never the whole book's.

use std::collections::BTreeMap;

use crate::render::pdf_spill::ContentSpill;
use crate::render::pdf_write::OnePage;
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
/// `[instance, document]` are the IDs printpdf drew for the document when it was begun. The
/// document is built around its first page alone and its pages are made as they are written
/// ([`OnePage`]); should printpdf number its objects otherwise, it is built whole.
pub fn write(
    doc: &mut PdfDocument,
    (placeholders, contents): (Vec<PdfPage>, ContentSpill),
    usage: &GlyphUsage,
    [instance, document]: &[String; 2],
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    if placeholders.len() != contents.pages() {
        return Err(format!(
            "{} pages in the document, {} encoded",
            placeholders.len(),
            contents.pages()
        ));
    }
    let literal = |id: &String| lopdf::Object::String(id.clone().into_bytes(), Literal);
    let ids = lopdf::Object::Array(vec![literal(document), literal(instance)]);
    let writing = |e: std::io::Error| format!("writing the document: {e}");
    let streams = contents.into_streams().map_err(writing)?;
    if let Some(first) = placeholders.first() {
        let lo = lopdf_document(doc, vec![with_glyphs(first, usage)]);
        if let Some(one) = OnePage::new(lo) {
            return one.write(&placeholders, streams, ids, out).map_err(writing);
        }
    }
    let contents = streams
        .collect::<std::io::Result<Vec<_>>>()
        .map_err(writing)?;
    write_whole(doc, (placeholders, contents), usage, ids, out)
}

/// A placeholder like `page` that shows every glyph the book shows (see [`GlyphUsage::ops`]).
fn with_glyphs(page: &PdfPage, usage: &GlyphUsage) -> PdfPage {
    let mut first = placeholder(page);
    first.ops = usage.ops();
    first
}

/// The lopdf document printpdf builds of `doc` with `pages`, compressed as it saves it.
fn lopdf_document(doc: &mut PdfDocument, pages: Vec<PdfPage>) -> lopdf::Document {
    doc.with_pages(pages);
    let mut warnings = Vec::new();
    let options = save_options();
    let mut lo = doc.to_lopdf_document(&options, &mut warnings);
    doc.pages.clear();
    if options.optimize {
        lo.compress();
    }
    lo
}

/// [`write`] by building the whole document at once, each placeholder given its content.
fn write_whole(
    doc: &mut PdfDocument,
    (mut placeholders, contents): (Vec<PdfPage>, Vec<lopdf::Stream>),
    usage: &GlyphUsage,
    ids: lopdf::Object,
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    if let Some(first) = placeholders.first_mut() {
        *first = with_glyphs(first, usage);
    }
    let mut lo = lopdf_document(doc, placeholders);
    let pages: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    for (page_id, stream) in pages.into_iter().zip(contents) {
        let (id, _) = content_of(&lo, page_id)?;
        lo.objects.insert(id, lopdf::Object::Stream(stream));
    }
    lo.trailer.set("ID", ids);
    let mut out = out;
    lo.save_to(&mut out)
        .map_err(|e| format!("writing the document: {e}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use printpdf::Mm;

    /// Pages of varied boxes with a little content each.
    fn pages(count: usize) -> Vec<PdfPage> {
        (0..count)
            .map(|n| {
                let ops = vec![Op::SaveGraphicsState; n % 3 + 1]
                    .into_iter()
                    .chain(vec![Op::RestoreGraphicsState; n % 3 + 1])
                    .collect();
                PdfPage::new(Mm(100.0 + n as f32), Mm(150.5), ops)
            })
            .collect()
    }

    fn document() -> PdfDocument {
        PdfDocument::new("Pages")
    }

    fn written(pages: &[PdfPage], whole: bool) -> Vec<u8> {
        let mut doc = document();
        let mut contents = ContentSpill::in_memory();
        for content in encode_pages(&doc, pages.to_vec()).expect("encoded") {
            contents.push(content);
        }
        let placeholders = pages.iter().map(placeholder).collect();
        // An ID that needs every escape of a literal string.
        let ids = [
            "(balanced) ) unbalanced ( \\ back\rslash".into(),
            "b".repeat(32),
        ];
        let mut out = Vec::new();
        let usage = GlyphUsage::default();
        if whole {
            let literal = |id: &String| lopdf::Object::String(id.clone().into_bytes(), Literal);
            let ids = lopdf::Object::Array(vec![literal(&ids[1]), literal(&ids[0])]);
            let contents = contents.into_streams().expect("read back");
            let contents = contents.collect::<std::io::Result<_>>().expect("read back");
            write_whole(&mut doc, (placeholders, contents), &usage, ids, &mut out)
        } else {
            write(&mut doc, (placeholders, contents), &usage, &ids, &mut out)
        }
        .expect("written");
        out
    }

    #[test]
    fn printpdf_numbers_a_one_page_document_as_the_page_by_page_writer_expects() {
        let mut doc = document();
        let lo = lopdf_document(&mut doc, pages(1));
        assert!(OnePage::new(lo).is_some());
        // Two pages are not a one-page pattern.
        let lo = lopdf_document(&mut doc, pages(2));
        assert!(OnePage::new(lo).is_none());
    }

    #[test]
    fn pages_made_as_they_are_written_give_the_bytes_of_the_whole_document() {
        for count in [1, 2, 7] {
            let by_pages = written(&pages(count), false);
            assert_eq!(by_pages, written(&pages(count), true), "{count} pages");
            let text = String::from_utf8_lossy(&by_pages);
            assert!(text.contains(&format!("/Count {count}")));
            // Balanced parentheses stay; the others, backslashes and carriage returns are escaped.
            assert!(text.contains("(balanced) \\) unbalanced \\( \\\\ back\\rslash"));
            assert!(text.ends_with("%%EOF"));
        }
    }

    #[test]
    fn a_document_without_pages_is_written_whole() {
        let out = written(&[], false);
        assert_eq!(out, written(&[], true));
        assert!(String::from_utf8_lossy(&out).contains("/Count 0"));
    }
}
