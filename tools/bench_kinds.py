#!/usr/bin/env python3
"""Generation and solving speed of the modern kinds (issue 46), for docs/PERFORMANCE.md.

    python3 tools/bench_kinds.py target/release/sudoku-book [--seeds 20] [--out docs/data/kinds.md]
        [--kinds kropki+killer,distinct-cages] [--size 6] [--levels easy,medium,hard]

For each kind and level (easy, medium, hard, expert), generates one puzzle (9x9 unless --size) per seed 1..N with
--jobs 1 in its own process and takes the process's CPU time (user + system); prints the median
and the worst, and how many seeds reached the level (expert: fewer seeds, --expert-seeds). Then solves every puzzle made (exact solver,
`solve --batch --jobs 1` on 200 copies of each kind's puzzles) and prints the CPU time per
uniqueness proof.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

KINDS = ["anti-knight", "anti-king", "non-consecutive", "disjoint-groups", "even-odd", "kropki",
         "kropki-negative", "xv", "xv-negative", "min-max", "quadruple", "distinct-cages"]
LEVELS = ["easy", "medium", "hard", "expert"]


def cpu_of(args):
    """Runs a command; returns (CPU seconds of the child, stdout, exit code)."""
    before = os.times()
    done = subprocess.run(args, capture_output=True, text=True)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return cpu, done.stdout, done.returncode


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--expert-seeds", type=int, default=5,
                        help="seeds for expert, where a miss costs the whole attempt budget")
    parser.add_argument("--out")
    parser.add_argument("--kinds", help="comma-separated variants (default: every modern kind)")
    parser.add_argument("--levels", help="comma-separated levels (default: easy to expert)")
    parser.add_argument("--size", type=int, default=9)
    args = parser.parse_args()
    kinds = args.kinds.split(",") if args.kinds else KINDS
    levels = args.levels.split(",") if args.levels else LEVELS
    rows = ["| kind | level | reached | median CPU s | worst CPU s |", "| --- | --- | ---: | ---: | ---: |"]
    made = {kind: [] for kind in kinds}
    for kind in kinds:
        for level in levels:
            times, reached = [], 0
            seeds = args.expert_seeds if level == "expert" else args.seeds
            for seed in range(1, seeds + 1):
                cpu, out, code = cpu_of([args.binary, "generate", "--variant", kind, "--difficulty", level,
                                         "--count", "1", "--seed", str(seed), "--jobs", "1",
                                         "--size", str(args.size)])
                times.append(cpu)
                if code == 0:
                    reached += 1
                    made[kind].append(out.strip())
            rows.append(f"| {kind} | {level} | {reached}/{seeds} | {statistics.median(times):.3f} | {max(times):.3f} |")
            print(rows[-1], flush=True)
    solve_rows = ["| kind | puzzles | CPU ms per uniqueness proof |", "| --- | ---: | ---: |"]
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            lines = [l for l in made[kind] if l]
            copies = (lines * (200 // max(1, len(lines)) + 1))[:200]
            path = os.path.join(tmp, "p.txt")
            with open(path, "w") as f:
                f.write("\n".join(copies) + "\n")
            cpu, _, _ = cpu_of([args.binary, "solve", "--batch", "--jobs", "1", path])
            solve_rows.append(f"| {kind} | {len(copies)} | {1000 * cpu / len(copies):.2f} |")
            print(solve_rows[-1], flush=True)
    text = "\n".join(rows) + "\n\n" + "\n".join(solve_rows) + "\n"
    if args.out:
        with open(args.out, "w") as f:
            f.write(f"# Modern kinds: generation and solving ({time.strftime('%Y-%m-%d')})\n\n")
            f.write(f"`python3 tools/bench_kinds.py target/release/sudoku-book {' '.join(sys.argv[2:])}`\n\n")
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
