#!/usr/bin/env python3
"""Checks generated diabolical puzzles (JSON lines of `generate --output json`): each scores 9.0 or
more, and `rate` gives the puzzle as written the score the line claims (the generator relabels and
turns its results, so this catches a rating taken before the turn).

Usage: check_diabolical.py PUZZLES.jsonl BINARY
"""

import json
import subprocess
import sys


def line_of(givens):
    return "".join(str(d) if d else "." for d in givens)


def main():
    path, binary = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as lines:
        puzzles = [json.loads(line) for line in lines if line.strip()]
    text = "\n".join(line_of(p["givens"]) for p in puzzles) + "\n"
    rated = subprocess.run([binary, "rate", "--json", "-"], input=text, capture_output=True,
                           text=True, check=True).stdout.splitlines()
    bad = 0
    for puzzle, line in zip(puzzles, rated, strict=True):
        score = json.loads(line)["score"]
        if puzzle["score"] < 9.0 or score != puzzle["score"]:
            bad += 1
            print(f"{line_of(puzzle['givens'])}: written {puzzle['score']}, rated {score}")
    print(f"{len(puzzles) - bad} of {len(puzzles)} diabolical puzzles score 9.0 or more as written")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
