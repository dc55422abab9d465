#!/usr/bin/env python3
"""Total ink per pixel of a CMYK PDF, measured on Ghostscript's separations.

    tools/ink_check.py [--limit 240] [--dpi 100] FILE.pdf...

Each page is rendered by Ghostscript to CMYK (`-sDEVICE=tiff32nc`, 8 bits a separation, no
colour management between the file's DeviceCMYK and the device's CMYK), and the sum
C + M + Y + K of every pixel is taken: the most ink anywhere on the page, in percent, and how
many pixels pass the limit. Written apart from sudoku-book's own preflight (which sums the
colour operators and image samples it writes): this one sees only the rendered ink.

Prints `FILE: page N: most ink P % ...` for each page and exits 0 when no pixel passes the
limit, 1 when one does, 2 when a file cannot be rendered. Needs `gs` (Debian: ghostscript) and
Pillow.
"""

import argparse
import os
import subprocess
import sys
import tempfile

from PIL import Image


def page_inks(path, dpi):
    """Per page, the histogram of C + M + Y + K over its pixels (1021 counts, sums 0 to 1020)."""
    with tempfile.TemporaryDirectory() as work:
        pattern = os.path.join(work, "page-%04d.tif")
        result = subprocess.run(
            ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc",
             f"-r{dpi}", "-dGraphicsAlphaBits=1", "-dTextAlphaBits=1",
             f"-sOutputFile={pattern}", path],
            capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip() or "gs failed")
        for name in sorted(os.listdir(work)):
            image = Image.open(os.path.join(work, name))
            if image.mode != "CMYK":
                raise RuntimeError(f"{name} is {image.mode}, not CMYK")
            data = image.tobytes()
            sums = [0] * 1021
            for at in range(0, len(data), 4):
                sums[data[at] + data[at + 1] + data[at + 2] + data[at + 3]] += 1
            yield sums


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=240.0, help="total ink limit, percent")
    parser.add_argument("--dpi", type=int, default=100)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    worst = 0
    for path in args.files:
        try:
            pages = list(page_inks(path, args.dpi))
        except (OSError, RuntimeError) as error:
            print(f"{path}: cannot be rendered: {error}")
            worst = 2
            continue
        for number, sums in enumerate(pages, start=1):
            most = max(i for i, n in enumerate(sums) if n) * 100 / 255
            over = sum(n for i, n in enumerate(sums) if i * 100 / 255 > args.limit + 0.5)
            verdict = "over the limit" if over else "within the limit"
            print(f"{path}: page {number}: most ink {most:.0f} %, "
                  f"{over} pixels over {args.limit:.0f} % ({verdict})")
            if over:
                worst = max(worst, 1)
    sys.exit(worst)


if __name__ == "__main__":
    main()
