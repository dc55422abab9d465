#!/usr/bin/env python3
"""Our scores beside Sudoku Explainer's, puzzle by puzzle, for classic 9x9 (issue 48).

    python3 tools/se_agreement.py target/release/sudoku-book --se-classpath CP \
        [--levels easy,medium,hard,expert,extreme] [--count 60] [--seed 1] \
        [--file PUZZLES.txt ...] [--out TABLE.md] [--worst N]

CP is Sudoku Explainer's classes (SE 2022.3.24, github.com/1to9only/SudokuExplainer, LGPL 2.1:
`javac -encoding ISO-8859-1 -d OUT -cp /usr/share/java/json-simple.jar` over its `diuf` sources
without `gui` and `applet`, its resources copied beside them) and json-simple
(`/usr/share/java/json-simple.jar`, Debian's libjson-simple-java).

Generated puzzles: `generate --difficulty LEVEL --count N --seed S` for each level. Public sets:
each `--file`, a puzzle line per line (the first 81 characters are read). Every puzzle is rated
by `rate --json --path` (our score and the technique of the hardest step) and by SE's `serate`
(its ER). Printed per level (ours for generated puzzles; SE's band for public sets): how many,
the share within ±0.3 and ±0.5 of SE's ER, the mean signed difference (ours − SE); then the
`--worst` largest differences with our hardest technique, to see where the two part. Nothing
here is a test: SE is Java and slow, so it is run by hand.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from se_variants import share  # noqa: E402  (the share within a limit, as the variants' table counts it)

SE_BANDS = [("easy", 0.0, 2.3), ("medium", 2.4, 3.4), ("hard", 3.5, 4.4), ("expert", 4.5, 7.4),
            ("extreme", 7.5, 8.9), ("diabolical", 9.0, 99.0)]


def generated(binary, level, count, seed):
    """`count` puzzle lines of `level` made from `seed`."""
    args = [binary, "generate", "--difficulty", level, "--count", str(count), "--seed", str(seed)]
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    return [line[:81] for line in done.stdout.splitlines() if len(line) >= 81]


def ours(binary, lines):
    """Our rating of each line: (score, level, hardest technique)."""
    done = subprocess.run([binary, "rate", "--json", "--path", "-"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, check=True)
    result = []
    for text in done.stdout.splitlines():
        record = json.loads(text)
        path = record.get("path") or []
        hardest = max(path, key=lambda s: s["score"])["technique"] if path else "-"
        result.append((record["score"], record["level"], hardest))
    return result


def se(classpath, lines):
    """SE's ER for each line, in order (None where SE gave none)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(lines) + "\n")
        path = handle.name
    try:
        args = ["java", "-Xmx2g", "-cp", classpath, "diuf.sudoku.test.serate", "--format=%n %r",
                f"--input={path}", "--output=-"]
        done = subprocess.run(args, capture_output=True, text=True, timeout=6 * 3600)
    finally:
        os.unlink(path)
    ratings = {}
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            ratings[int(parts[0])] = float(parts[1])
    return [ratings.get(n + 1) for n in range(len(lines))]


def band(score):
    return next(name for name, low, high in SE_BANDS if score <= high + 1e-9)


def row(name, rows):
    """A table row for `rows` of (ours, se, …)."""
    diffs = [r[0] - r[1] for r in rows]
    return (f"| {name} | {len(rows)} | {statistics.median(r[1] for r in rows):.1f} | "
            f"{share(diffs, 0.3):.0f} % | {share(diffs, 0.5):.0f} % | {statistics.fmean(diffs):+.2f} |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--se-classpath", required=True)
    parser.add_argument("--levels", default="")
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--file", action="append", default=[])
    parser.add_argument("--limit", type=int, default=0, help="at most this many puzzles of each file")
    parser.add_argument("--worst", type=int, default=15)
    parser.add_argument("--out")
    options = parser.parse_args()
    header = ["| group | puzzles | SE median | within ±0.3 | within ±0.5 | ours − SE |",
              "| --- | ---: | ---: | ---: | ---: | ---: |"]
    lines, everything = list(header), []
    for level in [l for l in options.levels.split(",") if l]:
        puzzles = generated(options.binary, level, options.count, options.seed)
        rows = [(o[0], s, o[2], p, o[1]) for p, o, s in
                zip(puzzles, ours(options.binary, puzzles), se(options.se_classpath, puzzles))
                if s is not None and s > 0]
        everything += rows
        lines.append(row(f"generated {level}", rows))
        print(lines[-1], flush=True)
    for path in options.file:
        with open(path) as handle:
            puzzles = [l.strip()[:81] for l in handle if len(l.strip()) >= 81]
        if options.limit:
            puzzles = puzzles[:options.limit]
        rows = [(o[0], s, o[2], p, o[1]) for p, o, s in
                zip(puzzles, ours(options.binary, puzzles), se(options.se_classpath, puzzles))
                if s is not None and s > 0]
        everything += rows
        name = os.path.basename(path)
        lines.append(row(name, rows))
        print(lines[-1], flush=True)
        for level, low, high in SE_BANDS:
            part = [r for r in rows if low - 1e-9 <= r[1] <= high + 1e-9]
            if part:
                lines.append(row(f"{name}, SE {level}", part))
                print(lines[-1], flush=True)
        nine = [r for r in rows if r[1] >= 9.0]
        if nine:
            lines.append(f"\n{name}: SE ≥ 9.0 rated diabolical here: "
                         f"{sum(1 for r in nine if r[4] == 'diabolical')} of {len(nine)}\n")
            print(lines[-1], flush=True)
    worst = sorted(everything, key=lambda r: -abs(r[0] - r[1]))[:options.worst]
    lines += ["", "| puzzle | ours | SE | our hardest step |", "| --- | ---: | ---: | --- |"]
    lines += [f"| {r[3]} | {r[0]:.1f} | {r[1]:.1f} | {r[2]} |" for r in worst]
    text = "\n".join(lines) + "\n"
    print(text)
    if options.out:
        with open(options.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    sys.exit(main())
