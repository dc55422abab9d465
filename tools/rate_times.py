#!/usr/bin/env python3
"""Time `sudoku-book rate` per puzzle: one process per puzzle line (wall time, process start
included), then the mean, median, p99 and max, and the score distribution.

Usage: tools/rate_times.py target/release/sudoku-book /work/shared/data/puzzles6_forum_hardest_1106.txt
"""

import statistics
import subprocess
import sys
import time
from collections import Counter


def main() -> None:
    binary, path = sys.argv[1], sys.argv[2]
    times, scores = [], []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.strip()
            if not line:
                continue
            start = time.perf_counter()
            out = subprocess.run(
                [binary, "rate", "--jobs", "1", line], capture_output=True, text=True, check=True
            ).stdout
            times.append(time.perf_counter() - start)
            scores.append(out.split()[1])
    times.sort()
    n = len(times)
    ms = lambda t: f"{t * 1000:.1f} ms"  # noqa: E731
    print(
        f"{path}: {n} puzzles, mean {ms(statistics.mean(times))}, median {ms(times[n // 2])}, "
        f"p99 {ms(times[min(n - 1, int(n * 0.99))])}, max {ms(times[-1])}"
    )
    counts = sorted(Counter(scores).items(), key=lambda kv: float(kv[0]))
    print("scores:", ", ".join(f"{s} x{c}" for s, c in counts))


if __name__ == "__main__":
    main()
