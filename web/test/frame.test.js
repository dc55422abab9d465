// Unit tests of multi-grid frames (Samurai, Twodoku, Butterfly) in the rules of play
// (web/game.js): cells numbered compactly in frame order, names in frame coordinates, arrow
// moves over the gaps, games of 369 cells and conflicts in a shared box. Run: node --test web/test/
const test = require('node:test');
const assert = require('node:assert/strict');
const G = require('../game.js');

/** A multi-grid shape as the page data gives it, built from its 9×9 grids' top-left corners. */
function multiShape(origins) {
  const side = Math.max(...origins.flat()) + 9;
  const present = new Array(side * side).fill(false);
  for (const [top, left] of origins) {
    for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) present[(top + r) * side + left + c] = true;
  }
  const at = present.flatMap((p, position) => (p ? [position] : []));
  const cellOf = (r, c) => at.indexOf(r * side + c);
  const houses = [];
  const seen = new Set();
  const add = (cells) => {
    const key = cells.slice().sort((a, b) => a - b).join(',');
    if (!seen.has(key)) houses.push(cells);
    seen.add(key);
  };
  for (const [top, left] of origins) {
    for (let i = 0; i < 9; i++) {
      add([...Array(9).keys()].map((k) => cellOf(top + i, left + k)));
      add([...Array(9).keys()].map((k) => cellOf(top + k, left + i)));
      const [br, bc] = [top + 3 * Math.floor(i / 3), left + 3 * (i % 3)];
      add([...Array(9).keys()].map((k) => cellOf(br + Math.floor(k / 3), bc + (k % 3))));
    }
  }
  return { size: 9, frame: [side, side], at, houses };
}

const SAMURAI = multiShape([[0, 0], [0, 12], [6, 6], [12, 0], [12, 12]]);
const TWODOKU = multiShape([[0, 0], [6, 6]]);
const BUTTERFLY = multiShape([[0, 0], [0, 3], [3, 0], [3, 3]]);

test('a samurai layout: 369 cells on a 21×21 frame, named in frame coordinates', () => {
  const layout = G.layoutOf(SAMURAI);
  assert.equal(layout.cells, 369);
  assert.deepEqual([layout.rows, layout.cols], [21, 21]);
  assert.equal(G.cellName(0, layout), 'r1c1');
  assert.equal(G.cellName(8, layout), 'r1c9');
  assert.equal(G.cellName(9, layout), 'r1c13', 'the cell after r1c9 is across the gap');
  assert.equal(G.cellName(368, SAMURAI), 'r21c21', 'a shape names cells too');
  assert.deepEqual(G.rowCol(layout, 9), [0, 12]);
  assert.equal(G.cellAt(layout, 0, 9), -1, 'no cell in the gap');
  assert.equal(G.cellName(G.cellAt(layout, 10, 6), layout), 'r11c7');
  assert.equal(G.cellAt(layout, 21, 0), -1);
  assert.equal(G.layoutOf(TWODOKU).cells, 153);
  assert.equal(G.layoutOf(BUTTERFLY).cells, 144);
  assert.equal(G.cellName(80, 9), 'r9c9', 'plain grids are named as before');
  assert.equal(G.layoutOf({ size: 9 }).cells, 81);
});

test('arrow moves jump over positions with no cell, and stay at the frame edge', () => {
  const L = G.layoutOf(SAMURAI);
  const at = (r, c) => G.cellAt(L, r, c);
  assert.equal(G.step(L, at(0, 8), 0, 1), at(0, 12));
  assert.equal(G.step(L, at(0, 12), 0, -1), at(0, 8));
  assert.equal(G.step(L, at(8, 0), 1, 0), at(12, 0));
  assert.equal(G.step(L, at(12, 20), -1, 0), at(8, 20));
  assert.equal(G.step(L, at(10, 6), 0, -1), at(10, 6), 'nothing to the left: stay');
  assert.equal(G.step(L, at(0, 20), 0, 1), at(0, 20));
  assert.equal(G.step(L, at(20, 3), 1, 0), at(20, 3));
  assert.equal(G.step(L, at(5, 5), 1, 1), at(6, 6), 'a plain step');
  assert.equal(G.rowEnd(L, at(10, 9), false), at(10, 6));
  assert.equal(G.rowEnd(L, at(10, 9), true), at(10, 14));
  assert.equal(G.rowEnd(L, at(0, 3), true), at(0, 20));
  const B = G.layoutOf(BUTTERFLY);
  assert.equal(G.step(B, G.cellAt(B, 0, 11), 0, 1), G.cellAt(B, 0, 11));
  assert.equal(G.step(B, G.cellAt(B, 0, 10), 0, 1), G.cellAt(B, 0, 11));
});

test('a samurai game has 369 cells; moves, hints and messages use frame names', () => {
  const givens = '.'.repeat(368) + '5';
  const s = G.create({ ...SAMURAI, givens });
  assert.equal(s.values.length, 369);
  assert.equal(s.givens[368], 5);
  const centre = G.cellAt(s.layout, 10, 10);
  assert.ok(G.place(s, centre, 7).ok);
  assert.ok(G.toggleMark(s, 9, 3).ok);
  assert.deepEqual(s.history.map((m) => G.moveLabel(m, s.layout)), ['r11c11 = 7', 'r1c13 note 3 added']);
  assert.equal(G.place(s, 368, 1).message, 'r21c21 is a given (5): it cannot be changed');
  // Progress with the last cell's moves survives a save and restore; a cell past the end does not.
  const saved = JSON.parse(JSON.stringify(G.save(s)));
  const back = G.restore({ ...SAMURAI, givens }, saved);
  assert.equal(back.values[centre], 7);
  assert.equal(back.marks[9], 1 << 2);
  saved.history.push({ k: 'place', ch: [{ c: 369, b: [0, 0], a: [1, 0] }] });
  assert.equal(G.restore({ ...SAMURAI, givens }, saved).history.length, 0);
  const solution = '1'.repeat(369);
  assert.equal(G.wrongCount(s, solution), 1, 'the 7 is wrong; the note is no digit');
  assert.equal(G.status(s, solution), 'open');
});

test('a conflict in a box two grids share is found once', () => {
  const L = G.layoutOf(SAMURAI);
  const s = G.create({ ...SAMURAI, givens: '.'.repeat(369) });
  const a = G.cellAt(L, 6, 6);
  const b = G.cellAt(L, 7, 7);
  G.place(s, a, 4);
  G.place(s, b, 4);
  assert.deepEqual(G.conflicts(s, SAMURAI.houses), [a, b].sort((x, y) => x - y));
  const shared = SAMURAI.houses.filter((h) => h.includes(a) && h.includes(b));
  assert.equal(shared.length, 1, 'one house for the shared box');
  assert.equal(SAMURAI.houses.length, 131);
});
