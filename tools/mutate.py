#!/usr/bin/env python3
"""Random-mutation run of every reader through the real binary.

Takes valid inputs (the puzzle fixtures in tests/fixtures, grid text, cell lists, region maps and
a small book spec), mutates them (byte flips, insertions, deletions, truncations, duplications,
huge numbers, control characters, a byte order mark, very long lines, ...), runs each through the
binary (solve, solve --batch, solve --logic, rate, check, hint; --regions for region maps;
--cages for killer cages, with play; build
for specs) with a time limit, and reports every panic (exit 101 or "panicked" on standard error),
abort (killed by a signal), timeout, and exit code outside 0-3. It also counts messages with raw
control characters or longer than 2,000 bytes.

Plain Python 3, no dependencies, deterministic: the same --seed and --count give the same inputs.

    cargo build -j 1 --release
    python3 tools/mutate.py --count 5000 --seed 1    # the binary under $CARGO_TARGET_DIR or target/

Exit status: 0 when nothing failed, 1 otherwise. Reproducers of failures are kept in --keep.
"""

import argparse
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"

HUGE_NUMBERS = [b"0", b"-1", b"26", b"99", b"65536", b"4294967297", b"18446744073709551615",
                b"99999999999999999999999999", b"1e308", b"nan", b"inf", b"-0"]
CONTROL = [b"\x00", b"\x01", b"\x07", b"\x1b[31m", b"\x7f", b"\r", b"\t", b"\x0b", b"\x0c",
           b"\xc2\x85", b"\xe2\x80\x8b", b"\xef\xbb\xbf", b"\xff", b"\xfe", b"\xc3"]
BOM = b"\xef\xbb\xbf"

SPEC = b"""title = "Mutation"
seed = 3
layout = "4up"
contents = false

[page]
size = "a5"
margin = "10mm"

[answers]
layout = "9up"

[[section]]
title = "Tiny"
variant = "classic"
size = 4
count = 2
difficulty = "easy"

[[section]]
title = "Six"
variant = "classic"
size = 6
count = 1
difficulty = "easy"
"""

GRID_4 = b"1 . | . 4\n. 4 | 1 .\n----+----\n4 . | . 1\n. 1 | 4 .\n"
CELLS = b"1 1 4\n1 7 8\n1 9 5\n2 2 3\n3 4 7\n4 2 2\n4 8 6\n5 5 8\n5 7 4\n6 5 1\n7 4 6\n7 6 3\n"
CELLS += b"7 8 7\n8 1 5\n8 4 2\n9 1 1\n9 3 4\n"


def read(name):
    return (FIXTURES / name).read_bytes()


class Seed:
    """A valid input and how to run it: its kind and the options it needs."""

    def __init__(self, kind, data, options=(), regions=None, solution=None):
        self.kind = kind          # "puzzle", "lines", "regions", "cages", "csv" or "spec"
        self.data = data
        self.options = list(options)
        self.regions = regions    # a valid region map (bytes) the puzzle needs
        self.solution = solution  # a valid answer for `check`


def seeds():
    found = []
    for line in read("variants.txt").splitlines():
        variant, _size, puzzle, solution = line.split()
        options = ["--variant", variant.decode()]
        regions = None
        if b"|" in puzzle:
            puzzle, regions = puzzle.split(b"|")
        found.append(Seed("puzzle", puzzle + b"\n", options, regions, solution + b"\n"))
    jigsaw_map = read("jigsaw-9x9.regions")
    found.append(Seed("puzzle", read("jigsaw-9x9.puzzle"), [], jigsaw_map,
                      read("jigsaw-9x9.solution")))
    found.append(Seed("puzzle", read("window-9x9.puzzle"), ["--variant", "window"], None,
                      read("window-9x9.solution")))
    found.append(Seed("puzzle", GRID_4, [], None, b"1234341243212143\n"))
    found.append(Seed("puzzle", CELLS, ["--format", "cells"]))
    found.append(Seed("lines", read("classic-9x9-unique.txt")))
    found.append(Seed("lines", read("classic-9x9-multiple.txt")))
    found.append(Seed("lines", read("killer-9x9.txt")))
    samurai, samurai_solution = read("samurai.puzzle"), read("samurai.solution")
    found.append(Seed("puzzle", samurai, [], None, samurai_solution))
    found.append(Seed("puzzle", samurai, ["--variant", "samurai"], None, samurai_solution))
    found.append(Seed("puzzle", read("samurai-grid.txt"), ["--variant", "samurai"], None,
                      samurai_solution))
    found.append(Seed("lines", read("samurai-lines.txt")))
    found.append(Seed("cages", read("killer-9x9.cages")))
    found.append(Seed("regions", jigsaw_map, [], None, None))
    found.append(Seed("regions", b"AAABBB\nAAABBB\nCCCDDD\nCCCDDD\nEEEFFF\nEEEFFF\n"))
    # Lines carrying their variant's tag (diagonal:, butterfly:, ...), as generate writes them.
    found.append(Seed("lines", read("tagged-lines.txt")))
    for line in read("tagged-lines.txt").splitlines()[:3]:
        found.append(Seed("puzzle", line + b"\n"))
    # A Wordoku, read and checked in its letters.
    classic = [l.split() for l in read("variants.txt").splitlines() if l.startswith(b"classic 9 ")]
    if classic:
        word = bytes.maketrans(b"123456789", b"PLANTWISE")
        puzzle, solution = classic[0][2].translate(word), classic[0][3].translate(word)
        found.append(Seed("puzzle", puzzle + b"\n", ["--symbols", "PLANTWISE"], None,
                          solution + b"\n"))
        found.append(Seed("csv", b"id,puzzle,solution,clues\n1," + classic[0][2] + b"," +
                          classic[0][3] + b",30\n"))
        found.append(Seed("csv", puzzle + b"," + solution + b"\n", ["--symbols", "PLANTWISE"]))
    sixteen = [l.split() for l in read("variants.txt").splitlines() if l.startswith(b"classic 16 ")]
    if sixteen:
        found.append(Seed("csv", sixteen[0][2] + b"," + sixteen[0][3] + b"\n"))
    # The modern kinds (issue 46): lines with a rules field, f-puzzles objects and a SudokuPad
    # link, and one f-puzzles object with its solution for check and hint.
    found.append(Seed("lines", read("modern-lines.txt")))
    found.append(Seed("lines", read("modern-fpuzzles.txt")))
    for line in read("modern-lines.txt").splitlines()[:3]:
        found.append(Seed("puzzle", line + b"\n"))
    found.append(Seed("puzzle", read("kropki.fpuzzles.json"), [], None,
                      read("kropki.fpuzzles.solution")))
    found.append(Seed("spec", SPEC))
    spec = ROOT / "config" / "book.toml"
    if spec.exists():
        # The default book takes long to build: its text is mutated, but sections shrunk.
        text = spec.read_bytes().replace(b"count = 8", b"count = 1").replace(b"count = 4", b"count = 1")
        found.append(Seed("spec", text))
    return found


# ---- mutations ------------------------------------------------------------------------------

def flip(rng, data):
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]


def insert(rng, data):
    i = rng.randrange(len(data) + 1)
    return data[:i] + bytes([rng.randrange(256)]) + data[i:]


def delete(rng, data):
    if not data:
        return data
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.choice([1, 1, 1, 2, 5, 20]))
    return data[:i] + data[j:]


def truncate(rng, data):
    return data[:rng.randrange(len(data) + 1)]


def duplicate(rng, data):
    if not data:
        return data
    i = rng.randrange(len(data))
    j = rng.randrange(i, len(data) + 1)
    return data[:j] + data[i:j] * rng.choice([1, 2, 3, 10]) + data[j:]


def huge_number(rng, data):
    digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
    i = rng.choice(digits) if digits else rng.randrange(len(data) + 1)
    return data[:i] + rng.choice(HUGE_NUMBERS) + data[i + 1:]


def control(rng, data):
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.choice(CONTROL) + data[i:]


def bom(rng, data):
    return BOM + data


def long_line(rng, data):
    size = rng.choice([1000, 70_000, 1_100_000, 2_500_000])
    piece = rng.choice([b".", b"1", b"A", b"1 2 3 ", b"\x00", b"x"])
    i = rng.randrange(len(data) + 1)
    return data[:i] + piece * (size // len(piece)) + data[i:]


def many_lines(rng, data):
    """Repeats the input, up to about 16 KB. A long batch is real work, not a hang (rating 36,000
    lines takes 20 s, 250 hard 16x16 lines 1.9 s), so it stays within what one input may take."""
    times = rng.choice([2, 10, 50, 2000])
    return data * max(1, min(times, 16_000 // max(1, len(data))))


def symbol_swap(rng, data):
    """Replaces one byte with a symbol the readers know: keeps the shape, changes the content."""
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.choice(b"0123456789.ABCGPZ|- \n")]) + data[i + 1:]


def clear_cells(rng, data):
    """Empties several digits: fewer givens (several solutions, slow searches)."""
    digits = [i for i, b in enumerate(data) if 49 <= b <= 57]
    cleared = bytearray(data)
    for i in rng.sample(digits, min(len(digits), rng.choice([1, 3, 10, 30, 100]))):
        cleared[i] = ord(".")
    return bytes(cleared)


def line_shuffle(rng, data):
    lines = data.split(b"\n")
    rng.shuffle(lines)
    return b"\n".join(lines)


def crlf(rng, data):
    return data.replace(b"\n", b"\r\n")


def spec_value(rng, data):
    """Replaces the value of one `key = value` line with something odd."""
    lines = data.split(b"\n")
    keyed = [i for i, line in enumerate(lines) if b"=" in line]
    if not keyed:
        return data
    i = rng.choice(keyed)
    key = lines[i].split(b"=")[0]
    odd = rng.choice(HUGE_NUMBERS + [b'"x"', b'""', b"[]", b"{}", b"true", b'"' + b"y" * 300 + b'"',
                                     b'"3x4"', b'"window"', b'"../../etc/passwd"', b'"\\u0000"'])
    lines[i] = key + b"= " + odd
    return b"\n".join(lines)


MUTATIONS = [flip, insert, delete, truncate, duplicate, huge_number, control, bom, long_line,
             many_lines, line_shuffle, crlf, symbol_swap, clear_cells]
WEIGHTS = [4, 4, 4, 2, 3, 3, 4, 1, 1, 1, 1, 1, 10, 5]


def mutate(rng, seed):
    data = seed.data
    mutations = MUTATIONS + ([spec_value] if seed.kind == "spec" else [])
    weights = WEIGHTS + ([6] if seed.kind == "spec" else [])
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        data = rng.choices(mutations, weights)[0](rng, data)
    return data


# ---- one case -------------------------------------------------------------------------------

PUZZLE_COMMANDS = [
    ["solve", "{in}"], ["solve", "{in}", "--output", "json"], ["solve", "--batch", "{in}"],
    ["rate", "{in}"], ["rate", "--json", "{in}"], ["check", "{in}", "{solution}"],
    ["check", "{puzzle}", "{in}"], ["hint", "{in}", "--cell", "r1c2"], ["solve", "--logic", "-v", "{in}"],
]
LINE_COMMANDS = [["solve", "--batch", "{in}"], ["rate", "{in}"], ["rate", "--json", "{in}"],
                 ["solve", "--batch", "--jobs", "2", "{in}"], ["solve", "{in}"]]
REGION_COMMANDS = [["solve", "--regions", "{in}", "{puzzle}"], ["rate", "--regions", "{in}", "{puzzle}"],
                   ["solve", "--logic", "--regions", "{in}", "{puzzle}"],
                   ["check", "--regions", "{in}", "{puzzle}", "{solution}"]]


CAGE_COMMANDS = [["solve", "--cages", "{in}", "{puzzle}"], ["rate", "--cages", "{in}", "{puzzle}"],
                 ["solve", "--logic", "--cages", "{in}", "{puzzle}"],
                 ["check", "--cages", "{in}", "{puzzle}", "{puzzle}"],
                 ["play", "--cages", "{in}", "{puzzle}", "-o", "{out}"]]


def plan_case(rng, index, all_seeds, work):
    """The input file and the command line of case `index`."""
    seed = rng.choice(all_seeds)
    data = mutate(rng, seed)
    folder = work / f"case-{index}"
    folder.mkdir()
    path = folder / ("input.toml" if seed.kind == "spec" else "input")
    path.write_bytes(data)
    files = {"in": str(path)}
    if seed.kind == "spec":
        return data, ["build", str(path), "--out", str(folder / "out")], None
    if seed.kind == "regions":
        jigsaw = read("jigsaw-9x9.puzzle") if b"I" in seed.data else b"1" + b"." * 35 + b"\n"
        files["puzzle"] = write(folder / "puzzle", jigsaw)
        files["solution"] = write(folder / "solution", read("jigsaw-9x9.solution"))
        template = rng.choice(REGION_COMMANDS)
        return data, fill(template, files), None
    if seed.kind == "csv":
        return data, ["library", "add", str(path), "--db", str(folder / "lib.db")] + seed.options, None
    if seed.kind == "cages":
        files["puzzle"] = write(folder / "puzzle", b"." * 81 + b"\n")
        files["out"] = str(folder / "play.html")
        return data, fill(rng.choice(CAGE_COMMANDS), files), None
    if seed.kind == "lines":
        template = rng.choice(LINE_COMMANDS)
        options = []
    else:
        template = rng.choice(PUZZLE_COMMANDS)
        options = list(seed.options)
        files["puzzle"] = write(folder / "puzzle", seed.data)
        files["solution"] = write(folder / "solution", seed.solution or seed.data)
        if seed.regions is not None:
            options += ["--regions", write(folder / "regions", seed.regions)]
    stdin = None
    if "{in}" in template and rng.random() < 0.2:
        files["in"] = "-"
        stdin = data
    return data, fill(template, files) + options, stdin


def write(path, data):
    path.write_bytes(data)
    return str(path)


def fill(template, files):
    return [files.get(arg[1:-1], arg) if arg.startswith("{") else arg for arg in template]


def run_case(binary, timeout, index, args, stdin):
    start = time.monotonic()
    try:
        done = subprocess.run([binary] + args, input=stdin or b"", capture_output=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return index, "timeout", None, b"", time.monotonic() - start
    took = time.monotonic() - start
    code = done.returncode
    if code == 101 or b"panicked" in done.stderr:
        verdict = "panic"
    elif code < 0:
        verdict = f"signal {-code}"
    elif code > 3:
        verdict = f"exit {code}"
    else:
        verdict = "ok"
    return index, verdict, code, done.stderr, took


def message_problems(stderr):
    text = stderr.decode("utf-8", "replace")
    problems = []
    if any(ord(c) < 32 and c not in "\n" or 0x7f <= ord(c) <= 0x9f for c in text):
        problems.append("control character in message")
    if any(len(line) > 2000 for line in text.splitlines()):
        problems.append("message line over 2,000 bytes")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    parser.add_argument("--binary", default=str(target / "release" / "sudoku-book"))
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", default=str(Path(tempfile.gettempdir()) / "sudoku-mutate-failures"),
                        help="folder for the inputs of failed cases")
    parser.add_argument("--samples", action="store_true",
                        help="print each command line and the first line of its message")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no binary at {args.binary}: run cargo build --release (or pass --binary)")
    rng = random.Random(args.seed)
    all_seeds = seeds()
    work = Path(tempfile.mkdtemp(prefix="mutate-"))
    keep = Path(args.keep)
    cases = {}
    failures = []
    messages = {}
    tally = {}
    started = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(args.workers) as pool:
            pending = set()
            for index in range(args.count):
                data, command, stdin = plan_case(rng, index, all_seeds, work)
                cases[index] = (data, command, stdin)
                pending.add(pool.submit(run_case, args.binary, args.timeout, index, command, stdin))
                if len(pending) >= args.workers * 4:
                    finished, pending = concurrent.futures.wait(
                        pending, return_when=concurrent.futures.FIRST_COMPLETED)
                    for future in finished:
                        record(future.result(), cases, work, keep, failures, messages, tally,
                               args.samples)
            for future in concurrent.futures.as_completed(pending):
                record(future.result(), cases, work, keep, failures, messages, tally, args.samples)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(args, tally, failures, messages, time.monotonic() - started)
    return 1 if failures else 0


def record(result, cases, work, keep, failures, messages, tally, samples):
    index, verdict, code, stderr, took = result
    data, command, stdin = cases.pop(index)
    if samples:
        first = stderr.decode("utf-8", "replace").strip().splitlines()[:1]
        print(f"{index} {verdict} {code} {' '.join(a[-30:] for a in command)}: {first}")
    name = command[0] + (" --batch" if "--batch" in command else "") + \
        (" --logic" if "--logic" in command else "") + (" --regions" if "--regions" in command else "")
    counts = tally.setdefault(name, {})
    counts[verdict if verdict != "ok" else f"exit {code}"] = counts.get(
        verdict if verdict != "ok" else f"exit {code}", 0) + 1
    if verdict != "ok":
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"case-{index}.input").write_bytes(data)
        failures.append((index, verdict, command, stderr[-500:], took))
    else:
        for problem in message_problems(stderr):
            messages.setdefault(problem, []).append((index, command, stderr[:300]))
    shutil.rmtree(work / f"case-{index}", ignore_errors=True)


def report(args, tally, failures, messages, seconds):
    total = sum(sum(c.values()) for c in tally.values())
    print(f"mutation run: {total} inputs, seed {args.seed}, timeout {args.timeout} s, "
          f"{seconds:.0f} s, binary {args.binary}")
    for name in sorted(tally):
        counts = ", ".join(f"{k}: {v}" for k, v in sorted(tally[name].items()))
        print(f"  {name:22} {counts}")
    print(f"failures (panic, signal, timeout, exit > 3): {len(failures)}")
    for index, verdict, command, stderr, took in sorted(failures):
        shown = " ".join(a if len(a) < 60 else a[:57] + "..." for a in command)
        print(f"  case {index}: {verdict} after {took:.1f} s: {shown}")
        tail = stderr.decode("utf-8", "replace").strip().splitlines()[-1:] if stderr else []
        for line in tail:
            print(f"      {line[:200]}")
    for problem, cases in sorted(messages.items()):
        print(f"message problem: {problem}: {len(cases)} cases")
        for index, command, stderr in cases[:5]:
            print(f"  case {index}: {' '.join(command[:2])}: {stderr[:160]!r}")


if __name__ == "__main__":
    sys.exit(main())
