// Unit tests of the page's engine glue (web/engine.js) on the module every page embeds
// (web/engine.wasm): the state request it writes is the one the module reads, for a plain grid
// and a multi-grid. (The worker and the page are tested in Chromium: tests/browser.)
// Run: node --test web/test/
const test = require('node:test');
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const E = require('../engine.js');

const wasm = new WebAssembly.Instance(
  new WebAssembly.Module(readFileSync(join(__dirname, '..', 'engine.wasm'))), {}).exports;

test('a state request names the rule broken, and the candidates left', () => {
  const made = E.call(wasm, 'generate', 'anti-knight 9 easy 4');
  const [givens, ...rules] = made.puzzle.split('|');
  const shape = { variant: 'anti-knight', rules: rules.length ? '|' + rules.join('|') : '' };
  const puzzle = { givens };
  const values = Array.from(givens, (c) => (c === '.' ? 0 : Number(c)));
  assert.deepEqual(E.call(wasm, 'check', E.stateRequest(shape, puzzle, values)).cells, []);
  // r1c1 and r2c3 are a knight's move apart: the same digit in both breaks the rule.
  const [a, b] = [0, 11];
  const digit = values[a] || values[b] || 1 + ((Number(made.solution[a]) % 9));
  const broken = values.slice();
  if (!broken[a]) broken[a] = digit;
  if (!broken[b]) broken[b] = broken[a];
  if (broken[a] === broken[b]) {
    const answer = E.call(wasm, 'check', E.stateRequest(shape, puzzle, broken));
    assert.ok(answer.cells.includes(a) && answer.cells.includes(b), JSON.stringify(answer));
    assert.match(answer.problems.map((p) => p.text).join('\n'), /knight's move/);
  }
  const candidates = E.call(wasm, 'candidates', E.stateRequest(shape, puzzle, values)).candidates;
  assert.equal(candidates.length, 81);
  values.forEach((v, cell) => {
    if (v) assert.equal(candidates[cell], 0);
    else assert.ok(candidates[cell] & (1 << (Number(made.solution[cell]) - 1)), 'the answer stays');
  });
});

test('a samurai state: the module reads the page\'s 369 cells and notes', () => {
  const made = E.call(wasm, 'generate', 'samurai 9 easy 2');
  // The module writes the 21×21 frame, '#' where no cell is; the page numbers the cells.
  assert.equal(made.puzzle.length, 441);
  const cells = (line) => line.replace(/#/g, '');
  const shape = { variant: 'samurai', rules: '' };
  const puzzle = { givens: cells(made.puzzle) };
  assert.equal(puzzle.givens.length, 369);
  const solution = cells(made.solution);
  const values = Array.from(puzzle.givens, (c) => (c === '.' ? 0 : Number(c)));
  const notes = values.map(() => 0);
  const answer = E.call(wasm, 'step', E.stateRequest(shape, puzzle, values, notes));
  assert.ok(answer.step, JSON.stringify(answer));
  assert.ok(answer.step.place.length > 0, JSON.stringify(answer));
  for (const [cell, digit] of answer.step.place) assert.equal(String(digit), solution[cell]);
});

test('a made puzzle\'s own shape is kept as the engine drew it, and nothing else', () => {
  const G = require('../game.js');
  for (const spec of ['killer 9 medium 0', 'kropki 9 easy 2', 'xv 9 easy 1']) {
    const own = E.call(wasm, 'generate', spec).shape;
    assert.deepEqual(G.ownShape(own, 81), own, spec);
    assert.deepEqual(G.ownShape(own, 64), own.cages.length ? null : own, `${spec}: cages past the grid`);
  }
  const own = E.call(wasm, 'generate', 'killer 9 medium 0').shape;
  const hostile = [
    '<path d="M0 0" onload="alert(1)"/>',
    '<image href="x" onerror="alert(1)"/>',
    '<script>alert(1)</script>',
    own.drawing + '<foreignObject><div></div></foreignObject>',
    '<text x="1">a<b>c</b></text>',
    '<path d="M0 0"/',
    '<path fill="url(https://example.com/p.svg#x)" d="M0 0"/>',
  ];
  for (const drawing of hostile) assert.equal(G.ownShape({ ...own, drawing }, 81), null, drawing);
  assert.equal(G.ownShape({ ...own, cages: [{ cells: [0, 'x'], sum: 3 }] }, 81), null);
  assert.equal(G.ownShape({ ...own, view: -1 }, 81), null);
  assert.equal(G.ownShape('text', 81), null);
  assert.equal(G.ownShape(null, 81), null);
});
