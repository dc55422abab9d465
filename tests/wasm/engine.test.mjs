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
