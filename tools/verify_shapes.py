#!/usr/bin/env python3
"""Independent check of multi-grid puzzles (Samurai, Twodoku, Butterfly), written apart from the
Rust code.

Reads a book manifest (book.json) or JSON lines of puzzles (`sudoku-book generate --output json`)
and checks every puzzle whose variant is samurai, twodoku or butterfly. The shape is rebuilt here
from its name alone: where each 9x9 grid lies in the frame, which frame positions hold a cell,
the cells numbered frame row by frame row skipping the empty positions, and the rows, columns and
boxes of every grid. Then: the record's houses are exactly these (as sets of cells), its
`positions` (when present) are these, the solution fills every house, the givens agree with it,
and an exact cover search (Algorithm X: rows are (cell, digit), columns each cell and each digit
of each house) finds exactly one solution, equal to the recorded one. Other puzzles are skipped.

Usage: verify_shapes.py FILE...   Exit 0 when every multi-grid passes; prints a summary line last.
"""
import json
import sys

GRID, BOX = 9, 3
# Top-left corners of the 9x9 grids in the frame, by shape.
ORIGINS = {
    "samurai": [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)],
    "twodoku": [(0, 0), (6, 6)],
    "butterfly": [(0, 0), (0, 3), (3, 0), (3, 3)],
}


def records(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        data = json.loads(text)
        return data["puzzles"] if isinstance(data, dict) and "puzzles" in data else [data]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def shape(name):
    """The frame side, the frame position of each cell, and the houses (lists of cells)."""
    origins = ORIGINS[name]
    side = max(max(r, c) for r, c in origins) + GRID
    present = set()
    for top, left in origins:
        present |= {(top + r, left + c) for r in range(GRID) for c in range(GRID)}
    order = sorted(present)
    number = {pos: i for i, pos in enumerate(order)}
    houses = set()
    for top, left in origins:
        for k in range(GRID):
            houses.add(frozenset(number[(top + k, left + c)] for c in range(GRID)))
            houses.add(frozenset(number[(top + r, left + k)] for r in range(GRID)))
            r0, c0 = top + (k // BOX) * BOX, left + (k % BOX) * BOX
            houses.add(frozenset(number[(r0 + i // BOX, c0 + i % BOX)] for i in range(GRID)))
    positions = [r * side + c for r, c in order]
    return side, positions, houses


def structure_problems(p, positions, houses):
    problems = []
    recorded = {frozenset(h) for h in p.get("houses") or []}
    if recorded != houses:
        problems.append(f"the record's houses are not the shape's ({len(recorded)} vs {len(houses)})")
    if "positions" in p and p["positions"] != positions:
        problems.append("the record's positions are not the shape's")
    solution, givens = p["solution"], p["givens"]
    if len(solution) != len(positions) or len(givens) != len(positions):
        problems.append(f"expected {len(positions)} cells, found {len(givens)} givens, {len(solution)} solution digits")
        return problems
    for house in houses:
        if sorted(solution[c] for c in house) != list(range(1, GRID + 1)):
            problems.append(f"house {sorted(house)} does not hold every digit once")
            break
    for cell, given in enumerate(givens):
        if given and given != solution[cell]:
            problems.append(f"cell {cell}: given {given} but the solution has {solution[cell]}")
    return problems


def solve(cells, houses, givens, limit=2):
    """Algorithm X over (cell, digit) rows; returns up to `limit` solutions."""
    house_list = [sorted(h) for h in houses]
    cell_houses = [[] for _ in range(cells)]
    for index, house in enumerate(house_list):
        for cell in house:
            cell_houses[cell].append(index)
    rows = {}
    for cell in range(cells):
        for d in range(1, GRID + 1):
            rows[(cell, d)] = [("c", cell)] + [("h", h, d) for h in cell_houses[cell]]
    columns = {}
    for row, cols in rows.items():
        for col in cols:
            columns.setdefault(col, set()).add(row)

    def select(row):
        removed = []
        for col in rows[row]:
            for other in columns[col]:
                for other_col in rows[other]:
                    if other_col != col:
                        columns[other_col].discard(other)
            removed.append(columns.pop(col))
        return removed

    def deselect(row, removed):
        for col in reversed(rows[row]):
            columns[col] = removed.pop()
            for other in columns[col]:
                for other_col in rows[other]:
                    if other_col != col:
                        columns[other_col].add(other)

    chosen, found = [], []
    for cell, value in enumerate(givens):
        if value:
            if any(col not in columns for col in rows[(cell, value)]):
                return []
            select((cell, value))
            chosen.append((cell, value))

    def search():
        if not columns:
            grid = [0] * cells
            for cell, value in chosen:
                grid[cell] = value
            found.append(grid)
            return len(found) >= limit
        col = min(columns, key=lambda c: len(columns[c]))
        for row in sorted(columns[col]):
            removed = select(row)
            chosen.append(row)
            if search():
                return True
            chosen.pop()
            deselect(row, removed)
        return False

    search()
    return found


def main(paths):
    checked = failed = 0
    for path in paths:
        for index, p in enumerate(records(path)):
            name = p.get("variant")
            if name not in ORIGINS:
                continue
            checked += 1
            label = f"{path}: puzzle {p.get('id', index + 1)} ({name})"
            _, positions, houses = shape(name)
            problems = structure_problems(p, positions, houses)
            if not problems:
                found = solve(len(positions), houses, p["givens"])
                if len(found) != 1:
                    problems.append(f"{len(found) if found else 'no'} solution(s) found, not exactly one")
                elif found[0] != p["solution"]:
                    problems.append("the one solution is not the recorded one")
            if problems:
                failed += 1
                print(f"FAIL {label}: " + "; ".join(problems))
    print(f"verify_shapes: {checked} multi-grid puzzle(s) checked, {failed} failed")
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
