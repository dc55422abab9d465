#!/usr/bin/env python3
"""Independent check of killer puzzles, written apart from the Rust solver.

Reads a book manifest (book.json) or JSON lines of puzzles (`sudoku-book generate --output json`)
and checks every puzzle that has `cages`: the cages cover every cell once, each is connected,
its digits in the recorded solution are distinct and add up to its sum, the solution fills every
house (the record's `houses`), the givens agree with it, and an exact cover search (Algorithm X:
rows are the ways to fill one cage, columns each cell and each digit of each house) finds
exactly one solution, equal to the recorded one. Puzzles without cages are skipped.

Usage: verify_killer.py FILE...   Exit 0 when every killer passes; prints a summary line last.
"""
import json
import sys


def records(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        data = json.loads(text)
        return data["puzzles"] if isinstance(data, dict) and "puzzles" in data else [data]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def connected(cells, n):
    cells = set(cells)
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = divmod(todo.pop(), n)
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            other = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def structure_problems(p):
    n, solution = p["size"], p["solution"]
    problems, owner = [], {}
    for index, cage in enumerate(p["cages"]):
        cells = cage["cells"]
        for cell in cells:
            if cell in owner:
                problems.append(f"cell {cell} is in cages {owner[cell]} and {index}")
            owner[cell] = index
        digits = [solution[c] for c in cells]
        if len(set(digits)) != len(digits) or sum(digits) != cage["sum"]:
            problems.append(f"cage {index} does not hold distinct digits adding up to {cage['sum']}")
        if not connected(cells, n):
            problems.append(f"cage {index} is not connected")
    if len(owner) != n * n:
        problems.append("the cages do not cover every cell")
    for house in p["houses"]:
        if sorted(solution[c] for c in house) != list(range(1, n + 1)):
            problems.append(f"house {house} does not hold every digit once")
    for cell, given in enumerate(p["givens"]):
        if given and given != solution[cell]:
            problems.append(f"given {given} at cell {cell} differs from the solution")
    return problems


def cage_fillings(cage, n, givens):
    """Every way to write distinct digits in the cage's cells that adds up to its sum and keeps
    its givens: tuples of digits in the order of its cells."""
    cells = cage["cells"]
    out = []

    def extend(prefix, used, total):
        index = len(prefix)
        if index == len(cells):
            if total == cage["sum"]:
                out.append(tuple(prefix))
            return
        given = givens[cells[index]]
        for digit in ([given] if given else range(1, n + 1)):
            if digit not in used and total + digit <= cage["sum"]:
                extend(prefix + [digit], used | {digit}, total + digit)

    extend([], frozenset(), 0)
    return out


def count_solutions(p, limit=2):
    """Solutions under the houses and cages, up to `limit`, and the first one: an exact cover
    (Algorithm X) whose rows are cage fillings and whose columns are each cell and each
    (house, digit) pair, every one covered exactly once."""
    n = p["size"]
    houses_of = [[] for _ in range(n * n)]
    for index, house in enumerate(p["houses"]):
        for cell in house:
            houses_of[cell].append(index)
    columns = {}
    rows = {}
    for index, cage in enumerate(p["cages"]):
        for filling in cage_fillings(cage, n, p["givens"]):
            row = (index, filling)
            cover = []
            for cell, digit in zip(cage["cells"], filling):
                cover.append(("cell", cell))
                cover.extend(("house", h, digit) for h in houses_of[cell])
            rows[row] = cover
    for cell in range(n * n):
        columns[("cell", cell)] = set()
    for h in range(len(p["houses"])):
        for digit in range(1, n + 1):
            columns[("house", h, digit)] = set()
    for row, cover in rows.items():
        for column in cover:
            columns[column].add(row)
    found = []

    def select(row):
        removed = []
        for column in rows[row]:
            for other in columns[column]:
                for other_column in rows[other]:
                    if other_column != column:
                        columns[other_column].discard(other)
            removed.append(columns.pop(column))
        return removed

    def deselect(row, removed):
        for column in reversed(rows[row]):
            columns[column] = removed.pop()
            for other in columns[column]:
                for other_column in rows[other]:
                    if other_column != column:
                        columns[other_column].add(other)

    def search(chosen):
        if not columns:
            found.append(list(chosen))
            return len(found) >= limit
        column = min(columns, key=lambda c: len(columns[c]))
        for row in list(columns[column]):
            chosen.append(row)
            removed = select(row)
            if search(chosen):
                return True
            deselect(row, removed)
            chosen.pop()
        return False

    search([])
    first = None
    if found:
        first = [0] * (n * n)
        for index, filling in found[0]:
            for cell, digit in zip(p["cages"][index]["cells"], filling):
                first[cell] = digit
    return len(found), first


def main(paths):
    checked = failed = 0
    for path in paths:
        for number, p in enumerate(records(path), 1):
            if not p.get("cages"):
                continue
            checked += 1
            problems = structure_problems(p)
            if not problems:
                count, first = count_solutions(p)
                if count != 1:
                    problems.append(f"{count} solutions found (exactly one expected)")
                elif first != p["solution"]:
                    problems.append("the one solution differs from the recorded one")
            if problems:
                failed += 1
                print(f"{path} puzzle {number}: " + "; ".join(problems))
    print(f"{checked - failed} of {checked} killer puzzles unique and consistent")
    return 0 if failed == 0 and checked > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
