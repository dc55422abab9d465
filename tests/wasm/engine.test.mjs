// The engine's WebAssembly module in Node: one puzzle of each shape generated, solved and rated
// through the plain C ABI (crates/engine-wasm/src/lib.rs). Run: node --test tests/wasm/
// The module's path: SUDOKU_WASM, or the wasm profile's output in target/wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const path = process.env.SUDOKU_WASM
  ?? join(root, 'target/wasm/wasm32-unknown-unknown/wasm/sudoku_engine_wasm.wasm');

const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const engine = instance.exports;

/** Sends a request to one of the module's commands and parses its JSON answer. */
function call(command, request) {
  const bytes = new TextEncoder().encode(request);
  const ptr = engine.sudoku_alloc(bytes.length);
  new Uint8Array(engine.memory.buffer, ptr, bytes.length).set(bytes);
  const length = engine[command](ptr, bytes.length);
  engine.sudoku_free(ptr, bytes.length);
  const out = new Uint8Array(engine.memory.buffer, engine.sudoku_output(), length);
  return JSON.parse(new TextDecoder().decode(out));
}

const SHAPES = [
  ['classic', 9, 'hard'], ['classic', 4, 'easy'], ['classic', 16, 'easy'],
  ['diagonal', 9, 'medium'], ['window', 9, 'medium'], ['jigsaw', 9, 'medium'],
  ['diagonal+window', 9, 'easy'], ['killer', 9, 'easy'], ['samurai', 9, 'easy'],
  ['twodoku', 9, 'easy'], ['butterfly', 9, 'easy'],
];

for (const [variant, size, level] of SHAPES) {
  test(`${variant} ${size}x${size}: generate, solve and rate in the module`, () => {
    const made = call('sudoku_generate', `${variant} ${size} ${level} 7`);
    assert.equal(made.error, undefined, JSON.stringify(made));
    assert.equal(made.level, level);
    const request = `${variant}\n${made.puzzle}`;
    const solved = call('sudoku_solve', request);
    assert.equal(solved.solutions, 1);
    assert.equal(solved.unique, true);
    assert.equal(solved.solution, made.solution);
    const rated = call('sudoku_rate', request);
    assert.equal(rated.level, level);
    assert.equal(rated.score, made.score);
    assert.ok(rated.techniques.length > 0);
  });
}

test('a killer and a Kropki puzzle come with their rules, cages and drawing', () => {
  const killer = call('sudoku_generate', 'killer 9 medium 0');
  const sums = killer.shape.cages.map((c) => c.cells.reduce((sum, i) => sum + Number(killer.solution[i]), 0));
  assert.deepEqual(sums, killer.shape.cages.map((c) => c.sum));
  assert.equal(killer.puzzle, killer.puzzle.slice(0, 81) + killer.shape.rules);
  assert.match(killer.shape.drawing, /stroke-dasharray/);
  assert.equal(killer.shape.view, 90);
  const kropki = call('sudoku_generate', 'kropki 9 easy 2');
  assert.match(kropki.shape.rules, /^\|rules:kropki;/);
  assert.deepEqual(kropki.shape.cages, []);
  assert.match(kropki.shape.drawing, /fill="#000000"|fill="#ffffff"/);
  assert.equal(call('sudoku_generate', 'classic 9 easy 2').shape, undefined);
});

test('the module answers a bad puzzle with where and what', () => {
  const answer = call('sudoku_solve', 'classic\n12x');
  assert.equal(answer.error.line, 2);
  assert.match(answer.error.what, /not a digit|square grid/);
  const twice = call('sudoku_solve', `classic\n${'1'.repeat(2)}${'.'.repeat(79)}`);
  assert.match(twice.error.what, /break the rules/);
});

// The native build answers the same (crates/engine-wasm/src/lib.rs, PINNED_JIGSAW): one engine on both.
const PINNED_JIGSAW = '{"puzzle":"....854.........2..4.3....7.....7.16...9.4...65.7.....2....8.9..9.........467....|AAABBCCCCAAABBBCCCDAABBBCCEDDAFFBGGEDDFFFGGGEDDFFGGEEEDDFFGGEEEHHHHHIIIIHHHHIIIII","solution":"713285469568149723942356187439827516186934275651793842275468391897512634324671958","level":"hard","score":4.4}';

test('a seed gives the same puzzle in the module as natively', () => {
  const a = call('sudoku_generate', 'jigsaw 9 hard 11');
  assert.deepEqual(a, JSON.parse(PINNED_JIGSAW));
  assert.deepEqual(call('sudoku_generate', 'jigsaw 9 hard 11'), a);
});

test('a player\'s state: rule breaks, candidates and the next step, for every shape', () => {
  for (const [variant, size] of [['classic', 9], ['killer', 9], ['anti-knight', 9], ['kropki', 9],
    ['samurai', 9], ['jigsaw', 9], ['classic', 16]]) {
    const made = call('sudoku_generate', `${variant} ${size} easy 3`);
    const [givens, ...rules] = made.puzzle.split('|');
    const cells = givens.replace(/#/g, '');
    const solution = made.solution.replace(/#/g, '');
    const line = [cells, ...rules].join('|');
    // The answer, whole: breaks nothing, done.
    assert.deepEqual(call('sudoku_check', `${variant}\n${line}\n${solution}`), { cells: [], problems: [] }, variant);
    assert.deepEqual(call('sudoku_step', `${variant}\n${line}\n${solution}`), { done: true }, variant);
    // From the givens: every candidate list keeps the answer, and the step is right.
    const { candidates, broken } = call('sudoku_candidates', `${variant}\n${line}`);
    assert.equal(broken, false);
    const value = (c) => parseInt(solution[c], 36);
    Array.from(cells).forEach((c, i) => {
      if (c === '.') assert.ok(candidates[i] & (1 << (value(i) - 1)), `${variant}: cell ${i} keeps its answer`);
    });
    const { step } = call('sudoku_step', `${variant}\n${line}`);
    assert.ok(step && step.text.length > 0, variant);
    for (const [cell, digit] of step.place) assert.equal(digit, value(cell), variant);
    for (const [cell, digit] of step.remove) assert.notEqual(digit, value(cell), variant);
  }
});

test('hostile states are answered with where and what, never a trap', () => {
  const line = `${'1'}${'.'.repeat(15)}`;
  for (const [request, where] of [
    [`classic\n${line}\n${'9'.repeat(16)}`, 3],
    [`classic\n${line}\n${'.'.repeat(15)}`, 3],
    [`classic\n${line}\n\n${'7,'.repeat(40)}`, 4],
    [`classic\n${line}\n\nnotes`, 4],
    [`samurai\n${'.'.repeat(369)}\n${'\u{1F600}'.repeat(369)}`, 3],
    ['kropki\n' + '.'.repeat(81) + '|rules:kropki;w:r1c1+r9c9', 2],
  ]) {
    for (const command of ['sudoku_check', 'sudoku_candidates', 'sudoku_step']) {
      const answer = call(command, request);
      assert.equal(answer.error && answer.error.line, where, `${command} ${JSON.stringify(request.slice(0, 40))}: ${JSON.stringify(answer)}`);
    }
  }
});
