#!/usr/bin/env python3
"""Our scores beside SukakuExplainer's for the global-rule kinds it rates (issue 46).

    python3 tools/se_variants.py target/release/sudoku-book --se-classpath /tmp/se-out \
        [--count 20] [--kinds anti-knight,anti-king] [--levels easy,medium] [--out FILE.md]

SukakuExplainer (github.com/SudokuMonster/SukakuExplainer, LGPL 2.1; build it with
`javac -d OUT $(find diuf -name '*.java')` plus its resources) is the one other program that rates
anti-knight, anti-king, non-consecutive, disjoint groups, window and diagonal Sudoku with a
human-style solver. For each kind and level this script generates --count puzzles (seeds 1..N,
one process each) with `generate --output json`, rates every one with SE's `serate` under the
kind's flag (`--isAntiKnight=1`, `--isNC=1`, …), and prints, per kind and level: how many, SE's
median and range, the mean signed difference (ours − SE), the share within ±0.3 and ±0.5; per
kind: Spearman's rank correlation over all levels, and whether the levels are ordered in SE (each
level's SE median ≥ the one below). Nothing here is a test: SE is Java and slow, so it is run by hand.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

# Our variant name -> SE's serate flag for the same rule.
SE_FLAGS = {
    "classic": [],
    "anti-knight": ["--isAntiKnight=1"],
    "anti-king": ["--isAntiKing=1"],
    "non-consecutive": ["--isNC=1"],  # 1: orthogonal neighbours differ by more than 1, 9 and 1 allowed
    "disjoint-groups": ["--isDG=1"],
    "window": ["--isWindows=1"],
    "diagonal": ["--isX=1"],
}
LEVELS = ["easy", "medium", "hard", "expert"]


def generate(binary, kind, level, seed):
    """One puzzle of the kind and level from this seed, as the JSON record, or None on a miss."""
    args = [binary, "generate", "--variant", kind, "--difficulty", level, "--seed", str(seed),
            "--jobs", "1", "--output", "json"]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip():
        return None
    return json.loads(done.stdout.splitlines()[0])


def grid_line(givens):
    """The manifest's givens (0 for empty) as SE's 81-character line."""
    return "".join(str(v) if v else "." for v in givens)


def se_ratings(classpath, kind, grids):
    """SE's ER for each 81-character grid, in order (None where SE gave none)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(grids) + "\n")
        path = handle.name
    try:
        args = ["java", "-Xmx1g", "-cp", classpath, "diuf.sudoku.test.serate", *SE_FLAGS[kind],
                "--format=%n %r", f"--input={path}", "--output=-", "--threads=0"]
        done = subprocess.run(args, capture_output=True, text=True, timeout=3600)
    finally:
        os.unlink(path)
    ratings = {}
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            try:
                ratings[int(parts[0])] = float(parts[1])
            except ValueError:
                pass
    return [ratings.get(n + 1) for n in range(len(grids))]


def ranks(values):
    """Average ranks (ties share their mean rank)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs, ys):
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    var = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return cov / var if var else float("nan")


def share(diffs, limit):
    return 100.0 * sum(1 for d in diffs if abs(d) <= limit + 1e-9) / len(diffs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--se-classpath", required=True, help="SukakuExplainer's compiled classes or jar")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--kinds", default=",".join(k for k in SE_FLAGS if k != "classic"))
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--out", help="also write the tables here")
    options = parser.parse_args()
    lines = ["| kind | level | puzzles | SE median (range) | ours − SE | within ±0.3 | within ±0.5 |",
             "| --- | --- | ---: | --- | ---: | ---: | ---: |"]
    summary = ["| kind | puzzles | Spearman (ours, SE) | SE medians by level | levels ordered in SE |",
               "| --- | ---: | ---: | --- | --- |"]
    for kind in options.kinds.split(","):
        ours_all, se_all, medians = [], [], []
        for level in options.levels.split(","):
            records = [generate(options.binary, kind, level, seed) for seed in range(1, options.count + 1)]
            records = [r for r in records if r is not None]
            if not records:
                lines.append(f"| {kind} | {level} | 0 | – | – | – | – |")
                continue
            se = se_ratings(options.se_classpath, kind, [grid_line(r["givens"]) for r in records])
            pairs = [(r["score"], s) for r, s in zip(records, se) if s is not None and s > 0]
            if not pairs:
                lines.append(f"| {kind} | {level} | {len(records)} | SE rated none | – | – | – |")
                continue
            ours, theirs = [p[0] for p in pairs], [p[1] for p in pairs]
            diffs = [a - b for a, b in pairs]
            ours_all += ours
            se_all += theirs
            medians.append(statistics.median(theirs))
            lines.append(
                f"| {kind} | {level} | {len(pairs)} | {statistics.median(theirs):.1f} "
                f"({min(theirs):.1f}–{max(theirs):.1f}) | {statistics.fmean(diffs):+.2f} | "
                f"{share(diffs, 0.3):.0f} % | {share(diffs, 0.5):.0f} % |")
            print(lines[-1], flush=True)
        if len(ours_all) > 2:
            ordered = all(b >= a for a, b in zip(medians, medians[1:]))
            summary.append(f"| {kind} | {len(ours_all)} | {spearman(ours_all, se_all):.3f} | "
                           f"{' / '.join(f'{m:.1f}' for m in medians)} | {'yes' if ordered else 'no'} |")
            print(summary[-1], flush=True)
    text = "\n".join(lines) + "\n\n" + "\n".join(summary) + "\n"
    print(text)
    if options.out:
        with open(options.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    sys.exit(main())
