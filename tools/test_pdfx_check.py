#!/usr/bin/env python3
"""Tests of tools/pdfx_check.py on small PDFs written here by hand: one that meets PDF/X-1a:2001
as a grey interior, and one for each rule broken, with the reason the check must give.

    python3 tools/test_pdfx_check.py
"""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdfx_check  # noqa: E402

INFO = "/Title (Test) /GTS_PDFXVersion (PDF/X-1:2001) /GTS_PDFXConformance (PDF/X-1a:2001) /Trapped /False"
INTENT = (
    "/OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (FOGRA39) "
    "/RegistryName (http://www.color.org) /Info (Coated FOGRA39) >>]"
)
BOXES = "/MediaBox [0 0 450 666] /BleedBox [0 0 450 666] /TrimBox [9 9 441 657]"
GREY = b"0 g 10 10 20 20 re f 0.5 w 0 G 20 20 m 100 100 l S"


def write_pdf(
    path,
    content=GREY,
    version="1.3",
    info=INFO,
    catalog=INTENT,
    page=BOXES,
    resources="",
    extra_objects=(),
    trailer_id=True,
):
    """A one-page PDF: objects 1 catalog, 2 pages, 3 page, 4 content, 5 info, then extras."""
    objects = [
        f"<< /Type /Catalog /Pages 2 0 R {catalog} >>".encode(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R {page} /Resources << {resources} >> /Contents 4 0 R >>".encode(),
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        f"<< {info} >>".encode(),
    ] + [o.encode() if isinstance(o, str) else o for o in extra_objects]
    out = bytearray(b"%PDF-" + version.encode() + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    ident = b" /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]"
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R" % (len(objects) + 1)
    out += (ident if trailer_id else b"") + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    with open(path, "wb") as f:
        f.write(out)


class PdfxCheck(unittest.TestCase):
    def problems(self, standard="x-1a", role="interior", **pdf):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "t.pdf")
            write_pdf(path, **pdf)
            found = pdfx_check.check(path, standard, role, 0.25)
        return [line.split(": ", 1)[1] for line in found]

    def assert_only(self, reason, **pdf):
        found = self.problems(**pdf)
        self.assertEqual(len(found), 1, found)
        self.assertIn(reason, found[0])

    def test_a_grey_pdf_x_1a_interior_passes(self):
        self.assertEqual(self.problems(), [])

    def test_rgb_colour_is_refused_with_its_page(self):
        self.assert_only("page 1: RGB colour (rg operator)", content=GREY + b" 1 0 0 rg")
        self.assert_only("page 1: RGB colour (cs /DeviceRGB)", content=b"/DeviceRGB cs 1 0 0 sc")

    def test_icc_colour_named_in_the_resources_is_refused_in_x_1a(self):
        icc = "[/ICCBased 6 0 R]"
        profile = b"<< /N 3 /Length 4 >>\nstream\nabcd\nendstream"
        self.assert_only(
            "ICC colour (cs /C0)",
            content=b"/C0 cs 0.5 0.5 0.5 sc",
            resources=f"/ColorSpace << /C0 {icc} >>",
            extra_objects=[profile],
        )
        self.assert_only(
            "RGB colour (an image)",
            content=b"/Im Do",
            resources="/XObject << /Im 6 0 R >>",
            extra_objects=[
                b"<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 "
                b"/ColorSpace [/Indexed /DeviceRGB 0 <ff0000>] /Length 1 >>\nstream\n\x00\nendstream"
            ],
        )

    def test_an_interior_is_grey_only(self):
        self.assert_only("cyan, magenta or yellow in a grey interior", content=b"0.6 0.4 0.4 1 k")
        self.assertEqual(self.problems(content=b"0 0 0 1 k 0 0 0 0.5 K"), [])
        self.assertEqual(self.problems(role="cover", content=b"0.6 0.4 0.4 1 k"), [])

    def test_each_missing_pdf_x_key_is_named(self):
        self.assert_only("Info /GTS_PDFXVersion is None", info=INFO.replace("/GTS_PDFXVersion (PDF/X-1:2001)", ""))
        self.assert_only("/GTS_PDFXConformance", info=INFO.replace("(PDF/X-1a:2001)", "(PDF/X-1a:2003)"))
        self.assert_only("/Trapped", info=INFO.replace("/Trapped /False", "/Trapped /Unknown"))
        self.assert_only("0 output intents", catalog="")
        self.assert_only("no /ID in the trailer", trailer_id=False)
        self.assert_only("PDF version 1.4", version="1.4")

    def test_pages_need_a_trim_box_inside_the_bleed(self):
        self.assert_only("page 1: no TrimBox", page="/MediaBox [0 0 450 666]")
        self.assert_only(
            "the TrimBox reaches outside the BleedBox",
            page="/MediaBox [0 0 450 666] /BleedBox [0 0 450 666] /TrimBox [9 9 460 657]",
        )

    def test_hairlines_are_measured_after_the_matrix(self):
        self.assert_only("a line 0.1 pt wide", content=b"0.1 w 0 0 m 10 10 l S")
        self.assert_only("a line 0.2 pt wide", content=b"q 0.5 0 0 0.5 0 0 cm 0.4 w 0 0 m 9 9 l S Q")
        self.assertEqual(self.problems(content=b"q 2 0 0 2 0 0 cm 0.2 w 0 0 m 9 9 l S Q"), [])

    def test_transparency_is_refused_in_x_1a(self):
        state = "/ExtGState << /T 6 0 R >>"
        self.assert_only(
            "transparency: a graphics state with /ca below 1",
            content=b"/T gs 0 g 0 0 5 5 re f",
            resources=state,
            extra_objects=["<< /Type /ExtGState /ca 0.5 >>"],
        )

    def test_fonts_must_be_embedded(self):
        self.assert_only(
            "font /Helvetica is not embedded",
            content=b"BT /F1 12 Tf 20 20 Td (x) Tj ET",
            resources="/Font << /F1 6 0 R >>",
            extra_objects=["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"],
        )

    def test_rgb_images_are_refused(self):
        image = b"<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length 3 >>\nstream\n\xff\x00\x00\nendstream"
        self.assert_only(
            "RGB colour (an image)",
            content=b"q 10 0 0 10 0 0 cm /Im Do Q",
            resources="/XObject << /Im 6 0 R >>",
            extra_objects=[image],
        )

    def test_annotations_inside_the_trim_are_refused(self):
        self.assert_only(
            "an annotation (/Link) inside the trim",
            page=BOXES + " /Annots [6 0 R]",
            extra_objects=["<< /Type /Annot /Subtype /Link /Rect [50 50 100 100] >>"],
        )

    def test_x_4_needs_an_embedded_profile_and_xmp(self):
        found = self.problems(standard="x-4", info=INFO.replace("PDF/X-1:2001", "PDF/X-4"))
        self.assertEqual(
            sorted(found),
            sorted(
                [
                    "PDF/X-4 needs an embedded DestOutputProfile",
                    "no XMP metadata naming PDF/X-4 (pdfxid:GTS_PDFXVersion)",
                ]
            ),
        )

    def test_an_unreadable_file_exits_2(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "t.pdf")
            with open(path, "wb") as f:
                f.write(b"not a pdf")
            self.assertEqual(pdfx_check.main([path]), 2)


if __name__ == "__main__":
    unittest.main()
