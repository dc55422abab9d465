// Unit tests of the rules of play (web/game.js): placing and clearing, givens locked, the moves
// list with undo, redo and going back, pencil marks, conflicts and wrong digits, hints from the
// solving path, key validation, and saving/restoring progress. Run: node --test web/test/
const test = require('node:test');
const assert = require('node:assert/strict');
const G = require('../game.js');

// A 4×4 puzzle: rows, columns and 2×2 boxes.
const SOLUTION = '1234341221434321';
const GIVENS = '1.3...1.2.4...2.';
const HOUSES = (() => {
  const houses = [];
  for (let i = 0; i < 4; i++) {
    houses.push([0, 1, 2, 3].map((k) => i * 4 + k));
    houses.push([0, 1, 2, 3].map((k) => k * 4 + i));
  }
  for (const [r, c] of [[0, 0], [0, 2], [2, 0], [2, 2]]) {
    houses.push([0, 1, 2, 3].map((k) => (r + (k >> 1)) * 4 + c + (k & 1)));
  }
  return houses;
})();
const puzzle = { size: 4, givens: GIVENS, solution: SOLUTION };
const labels = (state) => state.history.map((m) => G.moveLabel(m, state.n));

test('symbols and cell names', () => {
  assert.equal(G.symbolOf(0), '.');
  assert.equal(G.symbolOf(9), '9');
  assert.equal(G.symbolOf(10), 'A');
  assert.equal(G.symbolOf(16), 'G');
  assert.equal(G.valueOf('a'), 10);
  assert.equal(G.valueOf('G'), 16);
  assert.equal(G.valueOf('#'), -1);
  assert.equal(G.cellName(8, 9), 'r1c9');
  assert.equal(G.cellName(80, 9), 'r9c9');
  assert.equal(G.digitRange(9), '1–9');
  assert.equal(G.digitRange(16), '1–9, A–G');
});

test('a placed digit shows in the moves list, and undo, redo take it back and forth', () => {
  const s = G.create(puzzle);
  const r = G.place(s, 1, 2);
  assert.ok(r.ok && r.changed);
  assert.equal(s.values[1], 2);
  assert.deepEqual(labels(s), ['r1c2 = 2']);
  assert.ok(G.undo(s));
  assert.equal(s.values[1], 0);
  assert.equal(s.pos, 0);
  assert.equal(s.history.length, 1, 'the undone move stays for redo');
  assert.ok(!G.undo(s), 'nothing more to undo');
  assert.ok(G.redo(s));
  assert.equal(s.values[1], 2);
  assert.ok(!G.redo(s), 'nothing more to redo');
});

test('a new move after undo drops the redo tail', () => {
  const s = G.create(puzzle);
  G.place(s, 1, 2);
  G.place(s, 3, 4);
  G.undo(s);
  G.place(s, 4, 3);
  assert.deepEqual(labels(s), ['r1c2 = 2', 'r2c1 = 3']);
  assert.ok(!G.redo(s));
  assert.equal(s.values[3], 0);
});

test('placing the digit already there is no move', () => {
  const s = G.create(puzzle);
  G.place(s, 1, 2);
  const again = G.place(s, 1, 2);
  assert.ok(again.ok && !again.changed);
  assert.equal(s.history.length, 1);
});

test('givens are locked with a message naming the cell', () => {
  const s = G.create(puzzle);
  for (const result of [G.place(s, 0, 2), G.clear(s, 0), G.toggleMark(s, 0, 2)]) {
    assert.equal(result.ok, false);
    assert.match(result.message, /r1c1 is a given \(1\)/);
  }
  assert.equal(s.values[0], 1);
  assert.equal(s.history.length, 0);
});

test('clearing removes the player\'s digit, and an empty cell says so', () => {
  const s = G.create(puzzle);
  assert.match(G.clear(s, 1).message, /r1c2 is already empty/);
  G.place(s, 1, 2);
  assert.ok(G.clear(s, 1).changed);
  assert.equal(s.values[1], 0);
  assert.deepEqual(labels(s), ['r1c2 = 2', 'r1c2 cleared']);
  G.undo(s);
  assert.equal(s.values[1], 2);
});

test('going to a move of the list keeps the later ones for redo', () => {
  const s = G.create(puzzle);
  G.place(s, 1, 2);
  G.place(s, 3, 4);
  G.place(s, 4, 3);
  G.goTo(s, 1);
  assert.deepEqual([s.values[1], s.values[3], s.values[4]], [2, 0, 0]);
  assert.equal(s.pos, 1);
  G.goTo(s, 3);
  assert.deepEqual([s.values[1], s.values[3], s.values[4]], [2, 4, 3]);
  G.goTo(s, 0);
  assert.ok(s.values.every((v, i) => v === s.givens[i]));
  G.goTo(s, 99);
  assert.equal(s.pos, 3);
});

test('notes pencilled into one cell in a row are one move; back where it started, no move', () => {
  const s = G.create(puzzle);
  G.toggleMark(s, 1, 2);
  G.toggleMark(s, 1, 4);
  assert.equal(s.marks[1], 0b1010);
  assert.deepEqual(labels(s), ['r1c2 notes 2,4 added']);
  G.toggleMark(s, 4, 1);
  G.toggleMark(s, 1, 3);
  assert.deepEqual(labels(s), ['r1c2 notes 2,4 added', 'r2c1 note 1 added', 'r1c2 note 3 added'], 'another cell between: new moves');
  const back = G.toggleMark(s, 1, 3);
  assert.equal(back.message, 'r1c2 note 3 removed');
  assert.equal(s.history.length, 2, 'the move that came back to its start is gone');
  G.undo(s);
  G.toggleMark(s, 4, 2);
  assert.deepEqual(labels(s), ['r1c2 notes 2,4 added', 'r2c1 note 2 added'], 'after Undo a note starts a new move');
  G.undo(s);
  G.undo(s);
  assert.equal(s.marks[1], 0, 'one Undo takes back every note of the move');
});

test('pencil marks toggle, are moves, and a placed digit replaces them', () => {
  const s = G.create(puzzle);
  G.toggleMark(s, 1, 2);
  G.toggleMark(s, 1, 4);
  assert.equal(s.marks[1], 0b1010);
  G.toggleMark(s, 1, 4);
  assert.equal(s.marks[1], 0b0010);
  assert.deepEqual(labels(s), ['r1c2 note 2 added']);
  G.toggleMark(s, 1, 4);
  G.toggleMark(s, 1, 2);
  assert.deepEqual(labels(s), ['r1c2 note 4 added']);
  G.toggleMark(s, 1, 2);
  G.toggleMark(s, 1, 4);
  assert.deepEqual(labels(s), ['r1c2 note 2 added']);
  G.place(s, 1, 2);
  assert.equal(s.marks[1], 0);
  G.undo(s);
  assert.equal(s.marks[1], 0b0010, 'undo brings the marks back');
  G.toggleMark(s, 1, 2);
  assert.equal(labels(s).at(-1), 'r1c2 notes cleared');
  G.place(s, 1, 2);
  assert.match(G.toggleMark(s, 1, 3).message, /holds a digit/);
});

test('conflicts name both cells of a repeated digit, givens included', () => {
  const s = G.create(puzzle);
  G.place(s, 1, 1); // row 1 already has the given 1 at r1c1
  assert.deepEqual(G.conflicts(s, HOUSES), [0, 1]);
  G.place(s, 1, 2);
  assert.deepEqual(G.conflicts(s, HOUSES), []);
});

test('wrong digits are counted, and the status says solved only when all are right', () => {
  const s = G.create(puzzle);
  assert.equal(G.status(s, SOLUTION), 'open');
  G.place(s, 1, 4); // the solution has 2
  assert.equal(G.wrongCount(s, SOLUTION), 1);
  for (let c = 0; c < 16; c++) if (!s.values[c]) G.place(s, c, Number(SOLUTION[c]));
  assert.equal(G.status(s, SOLUTION), 'wrong');
  G.place(s, 1, 2);
  assert.equal(G.wrongCount(s, SOLUTION), 0);
  assert.equal(G.status(s, SOLUTION), 'solved');
});

test('reveal fills the solution as one move that undo takes back', () => {
  const s = G.create(puzzle);
  G.place(s, 1, 4);
  G.reveal(s, SOLUTION);
  assert.equal(s.values.map(G.symbolOf).join(''), SOLUTION);
  assert.deepEqual(labels(s), ['r1c2 = 4', 'Solution revealed']);
  G.undo(s);
  assert.equal(s.values[1], 4);
  assert.equal(s.values[2], 3);
  assert.equal(s.values[3], 0);
});

test('keys: digits of the grid are placed, anything else gets a message', () => {
  assert.deepEqual(G.keyDigit('5', 9), { digit: 5 });
  assert.deepEqual(G.keyDigit('a', 16), { digit: 10 });
  assert.deepEqual(G.keyDigit('G', 16), { digit: 16 });
  assert.match(G.keyDigit('0', 9).error, /0 is not a digit of this 9×9 grid: type 1–9/);
  assert.match(G.keyDigit('x', 9).error, /"x" is not a digit/);
  assert.match(G.keyDigit('h', 16).error, /type 1–9, A–G/);
  assert.match(G.keyDigit('7', 6).error, /type 1–6/);
  assert.equal(G.keyDigit('ArrowUp', 9), null);
  assert.equal(G.keyDigit('Shift', 9), null);
  assert.equal(G.keyDigit(' ', 9), null);
});

test('fill pencils every empty cell\'s candidates in one move, which Undo takes back', () => {
  const s = G.create(puzzle);
  const first = s.values.findIndex((v) => !v);
  const second = s.values.findIndex((v, cell) => !v && cell > first);
  G.toggleMark(s, first, 2);
  G.toggleMark(s, first, 4);
  const masks = s.values.map((v) => (v ? 0 : 0b1010));
  const filled = G.fillNotes(s, masks);
  assert.ok(filled.changed);
  const empty = s.values.filter((v) => !v).length;
  assert.equal(filled.move.ch.length, empty - 1, 'the first cell already held its candidates');
  assert.equal(G.moveLabel(filled.move, 4), 'Candidates pencilled in ' + (empty - 1) + ' cells');
  s.values.forEach((v, cell) => { if (!v) assert.equal(s.marks[cell], 0b1010); });
  assert.equal(G.fillNotes(s, masks).changed, false, 'nothing left to fill');
  G.undo(s);
  assert.equal(s.marks[first], 0b1010);
  assert.equal(s.marks[second], 0);
});

test('a note for several cells is one move: added to all when some lack it, else taken from all', () => {
  const s = G.create(puzzle);
  const open = s.values.flatMap((v, i) => (v ? [] : [i])).slice(0, 3);
  G.toggleMark(s, open[0], 2);
  const add = G.toggleMarks(s, open.concat([s.values.findIndex((v) => v)]), 2);
  assert.equal(add.move.ch.length, 2, 'the cell that had it and the given are left');
  assert.equal(G.moveLabel(add.move, 4), '2 cells note 2 added');
  open.forEach((c) => assert.equal(s.marks[c], 2));
  const take = G.toggleMarks(s, open, 2);
  assert.equal(take.move.ch.length, 3);
  open.forEach((c) => assert.equal(s.marks[c], 0));
  G.undo(s);
  open.forEach((c) => assert.equal(s.marks[c], 2));
});

test('colours paint cells (givens too) as one move, kept apart from digits, saved and restored', () => {
  const s = G.create(puzzle);
  const given = s.givens.findIndex(Boolean);
  const open = s.values.findIndex((v) => !v);
  const painted = G.paint(s, [given, open], 3);
  assert.equal(G.moveLabel(painted.move, 4), '2 cells colour 3');
  assert.deepEqual([s.colours[given], s.colours[open]], [3, 3]);
  G.place(s, open, Number(SOLUTION[open]));
  assert.equal(s.colours[open], 3, 'a digit leaves the colour');
  G.undo(s);
  assert.equal(s.colours[open], 3);
  assert.equal(G.paint(s, [given, open], 3).move.ch[0].a[2], 0, 'the same colour again clears it');
  assert.equal(G.moveLabel(s.history[s.pos - 1], 4), '2 cells colour cleared');
  G.undo(s);
  const back = G.restore(puzzle, JSON.parse(JSON.stringify(G.save(s))));
  assert.deepEqual([back.colours[given], back.colours[open]], [3, 3], 'colours survive a reload');
  assert.equal(back.values[given], s.values[given]);
  // A stored move that changes a given's digit is refused.
  const bad = JSON.parse(JSON.stringify(G.save(s)));
  bad.history.push({ k: 'colour', ch: [{ c: given, b: [s.givens[given], 0, 0], a: [9, 0, 1] }] });
  assert.equal(G.restore(puzzle, bad).history.length, 0);
});

test('centre marks are their own notes: toggled in several cells, cleared by a placed peer, kept by Undo', () => {
  const s = G.create(puzzle);
  const open = s.values.flatMap((v, i) => (v ? [] : [i]));
  const [a, b] = open;
  const move = G.toggleCentre(s, [a, b], 3).move;
  assert.equal(G.moveLabel(move, 4), '2 cells centre 3 added');
  assert.deepEqual([s.centre[a], s.centre[b], s.marks[a]], [4, 4, 0], 'corner notes untouched');
  G.toggleMark(s, a, 1);
  assert.equal(s.centre[a], 4, 'a corner note leaves the centre marks');
  // A 3 placed in a cell that sees b takes 3 out of b's centre marks.
  const peer = open.find((c) => c !== b && c !== a && Math.floor(c / 4) === Math.floor(b / 4));
  if (peer !== undefined) {
    G.place(s, peer, 3, [b]);
    assert.equal(s.centre[b], 0);
    G.undo(s);
    assert.equal(s.centre[b], 4);
  }
  assert.ok(G.clear(s, a).ok, 'a cell with marks is cleared of them');
  assert.deepEqual([s.centre[a], s.marks[a]], [0, 0]);
  const back = G.restore(puzzle, JSON.parse(JSON.stringify(G.save(s))));
  assert.equal(back.centre[b], 4, 'centre marks survive a reload');
});

test('the pad counts what is left of each digit; mistakes count wrong placements', () => {
  const s = G.create(puzzle);
  const left = G.remaining(s, SOLUTION);
  const open = (d) => Array.from(SOLUTION).filter((x, i) => Number(x) === d && GIVENS[i] === '.').length;
  assert.deepEqual(left, [1, 2, 3, 4].map(open));
  const cell = s.values.findIndex((v) => !v);
  const answer = Number(SOLUTION[cell]);
  const wrong = answer === 1 ? 2 : 1;
  G.place(s, cell, wrong);
  assert.equal(G.mistakes(s, SOLUTION), 1);
  assert.equal(G.remaining(s, SOLUTION)[wrong - 1], Math.max(0, open(wrong) - 1), 'a wrong digit counts as placed');
  G.place(s, cell, answer);
  assert.equal(G.mistakes(s, SOLUTION), 1, 'a corrected mistake was still made');
  G.undo(s);
  G.undo(s);
  assert.equal(G.mistakes(s, SOLUTION), 0, 'undone, it was never made');
  assert.deepEqual(G.remaining(s, SOLUTION), left);
});

test('progress survives save and restore, position and redo tail included', () => {
  const s = G.create(puzzle);
  G.place(s, 1, 2);
  G.toggleMark(s, 3, 4);
  G.place(s, 4, 3);
  G.undo(s);
  s.elapsed = 42;
  const saved = JSON.parse(JSON.stringify(G.save(s)));
  const r = G.restore(puzzle, saved);
  assert.deepEqual(r.values, s.values);
  assert.deepEqual(r.marks, s.marks);
  assert.equal(r.pos, 2);
  assert.equal(r.history.length, 3);
  assert.equal(r.elapsed, 42);
  assert.ok(G.redo(r));
  assert.equal(r.values[4], 3);
});

test('damaged or foreign saved data gives a fresh game, never a broken one', () => {
  const fresh = (saved) => {
    const r = G.restore(puzzle, saved);
    assert.equal(r.history.length, 0);
    assert.deepEqual(r.values, G.create(puzzle).values);
  };
  fresh(null);
  fresh('nonsense');
  fresh({ v: 2, history: [] });
  fresh({ v: 1, history: [{ k: 'place', ch: [{ c: 0, b: [1, 0], a: [2, 0] }] }] }); // a given
  fresh({ v: 1, history: [{ k: 'place', ch: [{ c: 99, b: [0, 0], a: [2, 0] }] }] }); // off the grid
  fresh({ v: 1, history: [{ k: 'place', ch: [{ c: 1, b: [0, 0], a: [7, 0] }] }] }); // not a digit
  fresh({ v: 1, history: [{ k: 'place', ch: 'x' }] });
  const r = G.restore(puzzle, { v: 1, history: [], pos: 5, elapsed: -3 });
  assert.equal(r.pos, 0);
  assert.equal(r.elapsed, 0);
});

test('times read as minutes and seconds', () => {
  assert.equal(G.formatTime(0), '0:00');
  assert.equal(G.formatTime(65), '1:05');
  assert.equal(G.formatTime(3723), '1:02:03');
});

test('the storage hash is stable and tells puzzles apart', () => {
  assert.equal(G.hash('abc'), G.hash('abc'));
  assert.notEqual(G.hash(GIVENS), G.hash(SOLUTION));
  assert.match(G.hash(''), /^[0-9a-f]{8}$/);
});

test('placing a digit takes it out of the given peers\' notes, as one move Undo restores', () => {
  const s = G.create(puzzle);
  const [cell, peer, other] = [1, 3, 9];
  for (const c of [peer, other]) {
    G.toggleMark(s, c, 3);
    G.toggleMark(s, c, 4);
  }
  const moves = s.history.length;
  const r = G.place(s, cell, 3, [0, cell, peer, 3]);
  assert.ok(r.ok && r.changed);
  assert.equal(s.marks[peer], 1 << 3, 'the peer keeps only its 4');
  assert.equal(s.marks[other], (1 << 2) | (1 << 3), 'a cell not named keeps both notes');
  assert.equal(s.history.length, moves + 1, 'one move');
  assert.equal(labels(s).at(-1), 'r1c2 = 3');
  assert.ok(G.undo(s));
  assert.equal(s.marks[peer], (1 << 2) | (1 << 3));
  assert.equal(s.values[cell], 0);
});
