//! The encoded content of a book's pages, kept in an unnamed temporary file until the document
//! is written (in memory when no such file can be made): a page's content (3–4 KB compressed)
//! is then held by no one, so the PDF's memory stays that of the pages in flight.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, Write};

use lopdf::{Dictionary, Object, Stream};

/// Where the contents go.
enum Sink {
    File(BufWriter<File>),
    Memory(Vec<u8>),
}

/// One page's content: its bytes in the sink (with the two dictionaries an encoded page has,
/// `/Length` alone or with `/Filter /FlateDecode`), or, with any other dictionary, whole.
enum Entry {
    Spilled { length: usize, compressed: bool },
    Whole(Stream),
}

/// The pages' encoded contents, in page order.
pub struct ContentSpill {
    sink: Sink,
    entries: Vec<Entry>,
    /// The first write that failed (the document cannot be written then).
    failed: Option<std::io::Error>,
}

/// An empty store in memory (what a store taken out of its builder leaves: no file).
impl Default for ContentSpill {
    fn default() -> Self {
        ContentSpill::in_memory()
    }
}

impl ContentSpill {
    /// A store in a temporary file, or in memory when none can be made.
    pub fn new() -> ContentSpill {
        let sink = match tempfile::tempfile() {
            Ok(file) => Sink::File(BufWriter::new(file)),
            Err(_) => Sink::Memory(Vec::new()),
        };
        ContentSpill::with_sink(sink)
    }

    /// A store in memory.
    pub fn in_memory() -> ContentSpill {
        ContentSpill::with_sink(Sink::Memory(Vec::new()))
    }

    fn with_sink(sink: Sink) -> ContentSpill {
        ContentSpill {
            sink,
            entries: Vec::new(),
            failed: None,
        }
    }

    /// Pages stored.
    pub fn pages(&self) -> usize {
        self.entries.len()
    }

    /// Stores the next page's content.
    pub fn push(&mut self, stream: Stream) {
        let Some(compressed) = plain_shape(&stream) else {
            self.entries.push(Entry::Whole(stream));
            return;
        };
        let written = match &mut self.sink {
            Sink::File(file) => file.write_all(&stream.content),
            Sink::Memory(bytes) => {
                bytes.extend_from_slice(&stream.content);
                Ok(())
            }
        };
        if let Err(error) = written {
            self.failed.get_or_insert(error);
        }
        self.entries.push(Entry::Spilled {
            length: stream.content.len(),
            compressed,
        });
    }

    /// The contents, in page order, each read back as it is reached.
    pub fn into_streams(self) -> std::io::Result<Streams> {
        if let Some(error) = self.failed {
            return Err(error);
        }
        let source: Box<dyn Read> = match self.sink {
            Sink::File(file) => {
                let mut file = file.into_inner().map_err(|e| e.into_error())?;
                file.rewind()?;
                Box::new(BufReader::new(file))
            }
            Sink::Memory(bytes) => Box::new(std::io::Cursor::new(bytes)),
        };
        Ok(Streams {
            source,
            entries: self.entries.into_iter(),
        })
    }
}

/// The stored contents read back in page order.
pub struct Streams {
    source: Box<dyn Read>,
    entries: std::vec::IntoIter<Entry>,
}

impl Iterator for Streams {
    type Item = std::io::Result<Stream>;

    fn next(&mut self) -> Option<Self::Item> {
        let (length, compressed) = match self.entries.next()? {
            Entry::Whole(stream) => return Some(Ok(stream)),
            Entry::Spilled { length, compressed } => (length, compressed),
        };
        let mut content = vec![0; length];
        if let Err(error) = self.source.read_exact(&mut content) {
            return Some(Err(error));
        }
        Some(Ok(restored(content, compressed)))
    }
}

/// `Some(compressed)` when the stream's dictionary is one an encoded page has: `/Length` of its
/// content, then `/Filter /FlateDecode` when compressed ([`restored`] makes it again).
fn plain_shape(stream: &Stream) -> Option<bool> {
    let compressed = stream.dict.len() == 2;
    let again = restored(Vec::new(), compressed);
    let length = stream.dict.get(b"Length").ok()?.as_i64().ok()?;
    let same_keys = stream
        .dict
        .iter()
        .map(|(k, _)| k)
        .eq(again.dict.iter().map(|(k, _)| k));
    let filter = stream.dict.get(b"Filter").ok();
    let filter_is_flate = filter.is_none_or(|f| f.as_name().is_ok_and(|n| n == b"FlateDecode"));
    (same_keys && filter_is_flate && length == stream.content.len() as i64).then_some(compressed)
}

/// The stream of an encoded page's content: what lopdf makes of it (`Stream::new` sets its
/// length; compressing adds the filter after it).
fn restored(content: Vec<u8>, compressed: bool) -> Stream {
    let mut stream = Stream::new(Dictionary::new(), content);
    if compressed {
        stream
            .dict
            .set("Filter", Object::Name(b"FlateDecode".to_vec()));
    }
    stream
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compressed stream, an uncompressed one and one with another dictionary.
    fn streams() -> Vec<Stream> {
        let mut compressed = Stream::new(Dictionary::new(), b"0 0 m 10 10 l S ".repeat(40));
        compressed.compress().expect("compressed");
        assert!(compressed.dict.has(b"Filter"));
        let plain = Stream::new(Dictionary::new(), b"q Q".to_vec());
        let mut odd = Stream::new(Dictionary::new(), b"BT ET".to_vec());
        odd.dict.set("Type", Object::Name(b"XObject".to_vec()));
        vec![compressed, plain.clone(), odd, plain]
    }

    fn round_trip(mut spill: ContentSpill) -> Vec<Stream> {
        for stream in streams() {
            spill.push(stream);
        }
        assert_eq!(spill.pages(), 4);
        let back = spill.into_streams().expect("read back");
        back.collect::<std::io::Result<_>>().expect("read back")
    }

    fn same(a: &Stream, b: &Stream) -> bool {
        let keys = |s: &Stream| {
            s.dict
                .iter()
                .map(|(k, v)| (k.clone(), format!("{v:?}")))
                .collect::<Vec<_>>()
        };
        keys(a) == keys(b) && a.content == b.content
    }

    #[test]
    fn contents_come_back_as_they_went_in_from_a_file_and_from_memory() {
        for spill in [ContentSpill::new(), ContentSpill::in_memory()] {
            let back = round_trip(spill);
            assert_eq!(back.len(), 4);
            for (got, want) in back.iter().zip(streams()) {
                assert!(same(got, &want), "{got:?} != {want:?}");
            }
        }
    }

    #[test]
    fn only_the_dictionaries_of_encoded_pages_are_spilled() {
        let kinds: Vec<Option<bool>> = streams().iter().map(plain_shape).collect();
        assert_eq!(kinds, [Some(true), Some(false), None, Some(false)]);
        let mut wrong_length = Stream::new(Dictionary::new(), b"q Q".to_vec());
        wrong_length.dict.set("Length", 99);
        assert_eq!(plain_shape(&wrong_length), None);
    }

    #[test]
    fn a_spill_that_cannot_be_written_says_so() {
        let read_only = File::open("Cargo.toml").expect("a file");
        let mut spill = ContentSpill::with_sink(Sink::File(BufWriter::new(read_only)));
        spill.push(Stream::new(Dictionary::new(), b"q Q".to_vec()));
        assert!(spill.into_streams().is_err());
    }
}
