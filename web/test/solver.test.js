'use strict';
const test = require('node:test');
const assert = require('node:assert');
const S = require('../solver.js');

// ---- shape builders ----
function boxShape(n, bh, bw, extra = []) {
  const houses = [];
  for (let r = 0; r < n; r++) houses.push(Array.from({ length: n }, (_, c) => r * n + c));
  for (let c = 0; c < n; c++) houses.push(Array.from({ length: n }, (_, r) => r * n + c));
  for (let br = 0; br < n; br += bh) {
    for (let bc = 0; bc < n; bc += bw) {
      const h = [];
      for (let r = br; r < br + bh; r++) for (let c = bc; c < bc + bw; c++) h.push(r * n + c);
      houses.push(h);
    }
  }
  return { size: n, houses: houses.concat(extra) };
}
const diagonals = [
  Array.from({ length: 9 }, (_, i) => i * 10),
  Array.from({ length: 9 }, (_, i) => i * 8 + 8),
];
const windows = [1, 5].flatMap((r0) => [1, 5].map((c0) => {
  const h = [];
  for (let r = r0; r < r0 + 3; r++) for (let c = c0; c < c0 + 3; c++) h.push(r * 9 + c);
  return h;
}));
function jigsawShape(map) {
  const rows = boxShape(9, 9, 9).houses.slice(0, 18); // rows + columns only
  const regions = Array.from({ length: 9 }, () => []);
  [...map].forEach((ch, i) => regions[+ch].push(i));
  return { size: 9, houses: rows.concat(regions) };
}
// Boxes with one cell passed clockwise around the ring (centre unchanged).
const JIGSAW =
  '001112222' +
  '000111222' +
  '000111225' +
  '033444555' +
  '333444555' +
  '333444558' +
  '366777888' +
  '666777888' +
  '666677788';

const SHAPES = {
  classic4: boxShape(4, 2, 2),
  classic6: boxShape(6, 2, 3),
  classic9: boxShape(9, 3, 3),
  diagonal9: boxShape(9, 3, 3, diagonals),
  window9: boxShape(9, 3, 3, windows),
  jigsaw9: jigsawShape(JIGSAW),
  classic16: boxShape(16, 4, 4),
};

const parse = (s) => [...s].map((ch) => (ch === '.' ? 0 : parseInt(ch, 36)));

function assertValid(shape, grid) {
  const n = shape.size;
  for (const h of shape.houses) {
    const seen = new Set(h.map((c) => grid[c]));
    assert.strictEqual(seen.size, n);
    for (const d of seen) assert.ok(d >= 1 && d <= n);
  }
}

// ---- tests ----
test('jigsaw regions are 9 cells each', () => {
  for (const h of SHAPES.jigsaw9.houses) assert.strictEqual(h.length, 9);
});

test('known 9x9 puzzle solves to known solution', () => {
  const p = parse('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
  const r = S.countSolutions(SHAPES.classic9, p);
  assert.strictEqual(r.count, 1);
  assert.strictEqual(r.solution.join(''),
    '534678912672195348198342567859761423426853791713924856961537284287419635345286179');
});

test('17-given puzzle is unique and fast', () => {
  const p = parse('.......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...');
  assert.strictEqual(p.length, 81);
  assert.strictEqual(p.filter(Boolean).length, 17);
  const t = Date.now();
  const r = S.countSolutions(SHAPES.classic9, p);
  assert.strictEqual(r.count, 1);
  assertValid(SHAPES.classic9, r.solution);
  assert.ok(Date.now() - t < 500);
});

test('two-solution puzzle counts 2; limit respected', () => {
  const sol = parse('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
  // Blank a swappable rectangle (a b / b a in two rows sharing a box band or stack):
  // both fillings are solutions.
  const shape = SHAPES.classic9;
  let found = false;
  outer: for (let r1 = 0; r1 < 9; r1++) for (let r2 = r1 + 1; r2 < 9; r2++) {
    for (let c1 = 0; c1 < 9; c1++) for (let c2 = c1 + 1; c2 < 9; c2++) {
      const a = sol[r1 * 9 + c1], b = sol[r1 * 9 + c2];
      if (sol[r2 * 9 + c1] !== b || sol[r2 * 9 + c2] !== a) continue;
      if (Math.floor(r1 / 3) !== Math.floor(r2 / 3) && Math.floor(c1 / 3) !== Math.floor(c2 / 3)) continue;
      const p = sol.slice();
      for (const c of [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]) p[c] = 0;
      assert.strictEqual(S.countSolutions(shape, p).count, 2);
      assert.strictEqual(S.countSolutions(shape, p, 1).count, 1);
      assert.strictEqual(S.countSolutions(shape, p, 10).count, 2);
      found = true;
      break outer;
    }
  }
  assert.ok(found);
  // Empty 4x4 has 288 solutions.
  const empty4 = new Array(16).fill(0);
  assert.strictEqual(S.countSolutions(SHAPES.classic4, empty4, 1000).count, 288);
  assert.strictEqual(S.countSolutions(SHAPES.classic4, empty4, 5).count, 5);
});

test('conflicting givens count 0', () => {
  const p = new Array(81).fill(0);
  p[0] = 5; p[8] = 5; // same row
  assert.deepStrictEqual(S.countSolutions(SHAPES.classic9, p), { count: 0, solution: null });
  const q = new Array(81).fill(0);
  q[0] = 3; q[80] = 3; // same main diagonal only
  assert.strictEqual(S.countSolutions(SHAPES.diagonal9, q).count, 0);
  assert.strictEqual(S.countSolutions(SHAPES.classic9, q, 1).count, 1);
  // Unsolvable without a direct conflict: row 0 needs 9 at c8, but column 8 has 9.
  const u = parse('12345678.' + '.'.repeat(8) + '9' + '.'.repeat(63));
  assert.strictEqual(S.countSolutions(SHAPES.classic9, u).count, 0);
});

test('budget exceeded returns -1', () => {
  const r = S.countSolutions(SHAPES.classic16, new Array(256).fill(0), 1e9, null, 50);
  assert.deepStrictEqual(r, { count: -1, solution: null });
});

test('every shape has solutions on the empty grid', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    const n = shape.size;
    const r = S.countSolutions(shape, new Array(n * n).fill(0), 1, S.mulberry32(7));
    assert.strictEqual(r.count, 1, name);
    assertValid(shape, r.solution);
  }
});

for (const [name, shape] of Object.entries(SHAPES)) {
  test(`generate ${name}`, () => {
    const n = shape.size, nn = n * n, big = n > 9;
    const opts = { deadlineMs: big ? 300 : 20000 };
    for (const seed of big ? [1, 2] : [1, 2, 3, 42]) {
      const { givens, solution } = S.generate(shape, S.mulberry32(seed), opts);
      assert.strictEqual(givens.length, nn);
      assertValid(shape, solution);
      for (let c = 0; c < nn; c++) {
        if (givens[c]) assert.strictEqual(givens[c], solution[c]);
        assert.strictEqual(!givens[c], !givens[nn - 1 - c], `symmetry ${name} ${c}`);
      }
      const r = S.countSolutions(shape, givens);
      assert.strictEqual(r.count, 1);
      assert.deepStrictEqual(r.solution, solution);
      assert.ok(givens.filter(Boolean).length < nn);
      if (!big) {
        const again = S.generate(shape, S.mulberry32(seed), opts);
        assert.deepStrictEqual(again, { givens, solution });
      }
    }
  });
}

test('generate respects minGivens', () => {
  const { givens } = S.generate(SHAPES.classic9, S.mulberry32(5), { minGivens: 40 });
  assert.ok(givens.filter(Boolean).length >= 40);
  assert.strictEqual(S.countSolutions(SHAPES.classic9, givens).count, 1);
});

test('candidates on a 4x4', () => {
  const shape = SHAPES.classic4;
  // 1 . | . .
  // . . | 2 .
  // ----+----
  // . 3 | . .
  // . . | . 4
  const g = parse('1.....2..3.....4');
  const m = S.candidates(shape, g);
  const bits = (...ds) => ds.reduce((a, d) => a | (1 << (d - 1)), 0);
  assert.strictEqual(m[0], 0);
  assert.strictEqual(m[1], bits(2, 4));   // row has 1; col has 3; box has 1
  assert.strictEqual(m[2], bits(3, 4));   // row 1; col 2; box 2
  assert.strictEqual(m[5], bits(4));      // row 2; col 3; box 1
  assert.strictEqual(m[15], 0);
  assert.strictEqual(m[12], bits(2));     // row 4; col 1; box 3
});

test('nextSingle: hidden single', () => {
  const shape = SHAPES.classic9;
  const g = new Array(81).fill(0);
  // 1s in rows 1 and 2 (cols 3 and 6) and in columns 1, 2 (rows 3, 6): in box 0,
  // only cell r0c0 can hold 1, but it has many candidates.
  g[1 * 9 + 3] = 1; g[2 * 9 + 6] = 1; g[3 * 9 + 1] = 1; g[6 * 9 + 2] = 1;
  const s = S.nextSingle(shape, g);
  assert.strictEqual(s.technique, 'Hidden single');
  assert.strictEqual(s.digit, 1);
  assert.strictEqual(s.cell, 0);
  assert.ok(shape.houses[s.house].includes(0));
  const m0 = S.candidates(shape, g)[0];
  assert.ok(m0 & (m0 - 1)); // several candidates: not a naked single
});

test('nextSingle: naked single', () => {
  const shape = SHAPES.classic9;
  const g = new Array(81).fill(0);
  // r4c4 sees 1..8 but no 9 anywhere else: 9 is its only candidate; no hidden single
  // exists since other cells in its houses keep 9 open too.
  [[4, 0, 1], [4, 8, 2], [0, 4, 3], [8, 4, 4], [3, 3, 5], [5, 5, 6], [3, 5, 7], [5, 3, 8]]
    .forEach(([r, c, d]) => { g[r * 9 + c] = d; });
  const s = S.nextSingle(shape, g);
  assert.deepStrictEqual(s, { technique: 'Naked single', cell: 40, digit: 9 });
});

test('nextSingle: null on a full grid, hidden single on one blank', () => {
  const sol = parse('534678912672195348198342567859761423426853791713924856961537284287419635345286179');
  assert.strictEqual(S.nextSingle(SHAPES.classic9, sol), null);
  const one = sol.slice(); one[40] = 0;
  const s = S.nextSingle(SHAPES.classic9, one);
  assert.strictEqual(s.technique, 'Hidden single');
  assert.strictEqual(s.cell, 40);
  assert.strictEqual(s.digit, 5);
});

test('mulberry32 is deterministic and in [0,1)', () => {
  const a = S.mulberry32(123), b = S.mulberry32(123);
  for (let i = 0; i < 1000; i++) {
    const x = a();
    assert.strictEqual(x, b());
    assert.ok(x >= 0 && x < 1);
  }
});
