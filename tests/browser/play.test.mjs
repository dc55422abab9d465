// Real-browser tests of the playable HTML edition (book.html): builds tests/browser/book.toml
// with the sudoku-book binary, opens the page in the system Chromium (never a downloaded one)
// through playwright-core, and plays it with the mouse and keyboard, checking the page's state.
//
//   npm ci --prefix tests/browser
//   SUDOKU_BOOK_BIN=target/debug/sudoku-book node --test tests/browser/
//
// Env: SUDOKU_BOOK_BIN (default target/debug/sudoku-book), CHROMIUM (default
// /usr/bin/chromium), SHOTS_DIR (default target/browser-shots).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const TIMEOUT = 30_000;

function binary() {
  if (process.env.SUDOKU_BOOK_BIN) return process.env.SUDOKU_BOOK_BIN;
  const debug = join(repo, 'target', 'debug', 'sudoku-book');
  if (existsSync(debug)) return debug;
  throw new Error('set SUDOKU_BOOK_BIN to the sudoku-book binary (e.g. target/debug/sudoku-book)');
}

const shots = process.env.SHOTS_DIR || join(repo, 'target', 'browser-shots');
let outDir;
let bookUrl;
let browser;
/** The multi-grid pages: a built Samurai book (and its manifest), and `play` pages. */
const multi = { samurai: null, manifest: null, twodoku: null, butterfly: null, symbols: null,
  antiknight: null, german: null, small: null, antikingJigsaw: null, kropki: null };

/** Builds `tests/browser/<spec>.toml` into the output folder; the folder's path. */
function buildBook(spec) {
  const out = join(outDir, spec);
  execFileSync(binary(), ['build', join(here, spec + '.toml'), '--out', out, '--quiet'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 60_000,
  });
  return out;
}

/** Writes a `play` page of one generated puzzle (`args`: variant, seed, level…); its URL. */
function playPage(file, args) {
  const path = join(outDir, file);
  execFileSync(binary(), ['play', ...args, '-o', path], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 60_000 });
  return pathToFileURL(path).href;
}

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'sudoku-book-browser-'));
  const url = (folder) => pathToFileURL(join(folder, 'book.html')).href;
  bookUrl = url(buildBook('book'));
  const samurai = buildBook('samurai');
  multi.samurai = url(samurai);
  multi.manifest = JSON.parse(readFileSync(join(samurai, 'book.json'), 'utf8'));
  multi.symbols = url(buildBook('symbols'));
  multi.german = url(buildBook('german'));
  multi.antikingJigsaw = playPage('anti-king-jigsaw.html', ['--variant', 'anti-king+jigsaw', '--seed', '4', '--difficulty', 'easy']);
  multi.small = playPage('four.html', ['--size', '4', '--seed', '2', '--difficulty', 'easy']);
  multi.kropki = playPage('kropki.html', ['--variant', 'kropki', '--seed', '3', '--difficulty', 'medium']);
  multi.antiknight = playPage('anti-knight.html', ['--variant', 'anti-knight', '--seed', '3', '--difficulty', 'medium']);
  for (const variant of ['twodoku', 'butterfly']) {
    multi[variant] = playPage(variant + '.html', ['--variant', variant, '--seed', '5', '--difficulty', 'easy']);
  }
  mkdirSync(shots, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

// ---- helpers ---------------------------------------------------------------------------------

/**
 * Opens the book (or the page at `url`) in `context`; records console errors and requests.
 */
async function open(context, url = bookUrl) {
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  page.on('pageerror', (e) => errors.push('pageerror: ' + e.message));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  await page.waitForSelector('#board .cell');
  return { page, errors, requests };
}

/**
 * A test with a fresh browser context (empty localStorage); fails on any page error. `page`
 * names a multi-grid page (`samurai`, `twodoku`, `butterfly`) to open instead of the book.
 */
function play(name, fn, { page = null, timeout = TIMEOUT } = {}) {
  test(name, { timeout }, async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    try {
      const opened = await open(context, page ? multi[page] : bookUrl);
      await fn({ ...opened, context });
      assert.deepEqual(opened.errors, [], 'the page logged errors');
    } finally {
      await context.close();
    }
  });
}

/** The page's puzzle data. */
function pageData(page) {
  return page.evaluate(() => JSON.parse(document.getElementById('data').textContent));
}

/** The puzzle shown: its data, shape, index and size. */
async function current(page) {
  return page.evaluate(() => {
    const data = JSON.parse(document.getElementById('data').textContent);
    const index = Number(document.getElementById('pick').value);
    let puzzle = data.puzzles[index];
    if (!puzzle) {
      const key = Object.keys(localStorage).find((k) => k.endsWith(':new'));
      puzzle = JSON.parse(localStorage.getItem(key))[index - data.puzzles.length];
    }
    // A puzzle made in the page lays its own cages, marks and drawing over the book's shape.
    const shape = Object.assign({}, data.shapes[puzzle.shape], puzzle.own || {});
    return { index, puzzle, shape, n: shape.size };
  });
}

const name = (cell, n) => `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
const SYMBOLS = '.123456789ABCDEFGHIJKLMNOP';
const cellLoc = (page, i) => page.locator(`#board [data-cell="${i}"]`);

/** Selects a cell the way a player does (a click: pointerdown). */
async function pick(page, i) {
  await cellLoc(page, i).click();
  assert.equal(await selected(page), i, `cell ${i} is selected after a click`);
}

async function selected(page) {
  return page.evaluate(() => Number(document.querySelector('#board .cell.selected')?.dataset.cell ?? -1));
}

/** The visible value of every cell ('' when empty or notes only). */
function cells(page) {
  return page.evaluate(() => Array.from(document.querySelectorAll('#board .cell'),
    (c) => (c.querySelector('.marks, .centre') ? '' : c.textContent)));
}

function moves(page) {
  return page.evaluate(() => Array.from(document.querySelectorAll('#moves li'), (li) => ({
    text: li.textContent, undone: li.classList.contains('undone'),
    current: li.getAttribute('aria-current') === 'step',
  })));
}

/** Clicks Hint and waits for the engine's answer (the button is busy while the worker thinks). */
async function askHint(page) {
  await page.click('#hint');
  await page.waitForFunction(() => !document.getElementById('hint').hasAttribute('aria-busy'), null, { timeout: 10_000 });
  return message(page);
}

async function message(page) {
  return page.evaluate(() => {
    const m = document.getElementById('message');
    return { text: m.textContent, cls: m.className };
  });
}

const empties = (puzzle) => Array.from(puzzle.givens).flatMap((s, i) => (s === '.' ? [i] : []));
const givens = (puzzle) => Array.from(puzzle.givens).flatMap((s, i) => (s === '.' ? [] : [i]));

/** Places `symbol` in cell `i` by clicking it and typing. */
async function put(page, i, symbol) {
  await pick(page, i);
  await page.keyboard.press(symbol);
}

async function choosePuzzle(page, index) {
  await page.selectOption('#pick', String(index));
  await page.waitForFunction((i) => document.getElementById('pick').value === String(i), index);
}

/** Index of the first puzzle with this variant and size. */
async function find(page, variant, size) {
  const data = await pageData(page);
  const i = data.puzzles.findIndex((p) => data.shapes[p.shape].variant === variant && data.shapes[p.shape].size === size);
  assert.ok(i >= 0, `the test book has a ${variant} ${size}×${size} puzzle`);
  return i;
}

/** Number of completions of `grid` (values, 0 empty) on `houses`, counting up to `limit`. */
function countCompletions(grid, n, houses, limit = 2) {
  const cells = grid.slice();
  const housesOf = cells.map(() => []);
  houses.forEach((h, k) => h.forEach((c) => housesOf[c].push(k)));
  const used = houses.map(() => 0);
  for (let c = 0; c < cells.length; c++) {
    if (!cells[c]) continue;
    for (const h of housesOf[c]) {
      if (used[h] & (1 << cells[c])) return 0;
      used[h] |= 1 << cells[c];
    }
  }
  const all = ((1 << n) - 1) << 1;
  let found = 0;
  // Branch on the cell with fewest candidates or on the house digit with fewest places, whichever
  // is narrower: without the house side, a Samurai with few givens can take minutes.
  const candidates = (c) => {
    let taken = 0;
    for (const h of housesOf[c]) taken |= used[h];
    return all & ~taken;
  };
  const narrowest = () => {
    let best = { cells: null, digits: null, width: 99 };
    let empty = false;
    for (let c = 0; c < cells.length && best.width > 1; c++) {
      if (cells[c]) continue;
      empty = true;
      const free = candidates(c);
      let count = 0;
      for (let f = free; f; f &= f - 1) count++;
      if (count === 0) return { width: 0 };
      if (count < best.width) best = { cells: [c], digits: free, width: count };
    }
    if (!empty) return null;
    for (let h = 0; h < houses.length && best.width > 1; h++) {
      for (let d = 1; d <= n; d++) {
        if (used[h] & (1 << d)) continue;
        const places = houses[h].filter((c) => !cells[c] && candidates(c) & (1 << d));
        if (places.length === 0) return { width: 0 };
        if (places.length < best.width) best = { cells: places, digits: 1 << d, width: places.length };
      }
    }
    return best;
  };
  const place = (c, d, on) => {
    cells[c] = on ? d : 0;
    for (const h of housesOf[c]) used[h] = on ? used[h] | (1 << d) : used[h] & ~(1 << d);
  };
  const search = () => {
    const branch = narrowest();
    if (branch === null) { found++; return; }
    if (branch.width === 0) return;
    for (const c of branch.cells) {
      for (let d = 1; d <= n && found < limit; d++) {
        if (!(branch.digits & (1 << d))) continue;
        place(c, d, true);
        search();
        place(c, d, false);
      }
    }
  };
  search();
  return found;
}

// ---- tests -----------------------------------------------------------------------------------

play('the page loads with no errors and no network requests but the file', async ({ page, requests }) => {
  const data = await pageData(page);
  assert.equal(await page.title(), data.title);
  assert.equal(await page.locator('#pick option').count(), data.puzzles.length);
  assert.equal(await page.locator('#pick').inputValue(), '0');
  const { n, puzzle } = await current(page);
  assert.equal(await page.locator('#board [role="gridcell"]').count(), n * n);
  const shown = await cells(page);
  Array.from(puzzle.givens).forEach((s, i) => assert.equal(shown[i], s === '.' ? '' : s, `cell ${i}`));
  assert.equal(await page.locator('#board .cell.given').count(), givens(puzzle).length);
  assert.match(await page.locator('#timer').textContent(), /^Time \d+:\d\d$/);
  assert.deepEqual((await moves(page)).map((m) => m.text), ['Start']);
  await page.waitForTimeout(300);
  const base = bookUrl.split('#')[0];
  // The engine's worker runs from a blob: URL the page makes of its own text (no network).
  assert.deepEqual(requests.filter((u) => u.split('#')[0] !== base && !u.startsWith('blob:')), [], 'requests besides the page itself');
  await page.waitForFunction(() => document.body.dataset.engine, null, { timeout: 10_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.engine), 'ready', 'the engine module loads');
});

play('typing a digit places it; Undo/Redo and Ctrl+Z/Ctrl+Y take it back and forth', async ({ page }) => {
  const { puzzle, n } = await current(page);
  const i = empties(puzzle)[0];
  const d = puzzle.solution[i];
  await put(page, i, d);
  assert.equal((await cells(page))[i], d);
  let list = await moves(page);
  assert.deepEqual(list.map((m) => m.text), ['Start', `${name(i, n)} = ${d}`]);
  assert.ok(list[1].current);
  assert.equal(await page.locator('#redo').isDisabled(), true);

  await page.click('#undo');
  assert.equal((await cells(page))[i], '');
  assert.equal(await page.locator('#redo').isDisabled(), false);
  assert.equal(await page.locator('#undo').isDisabled(), true);
  list = await moves(page);
  assert.ok(list[1].undone, 'the undone move is struck through');
  assert.ok(list[0].current);

  await page.click('#redo');
  assert.equal((await cells(page))[i], d);
  assert.equal(await page.locator('#redo').isDisabled(), true);

  await cellLoc(page, i).focus();
  await page.keyboard.press('Control+z');
  assert.equal((await cells(page))[i], '');
  assert.equal(await page.locator('#redo').isDisabled(), false);
  await page.keyboard.press('Control+y');
  assert.equal((await cells(page))[i], d);
  assert.equal((await moves(page))[1].undone, false);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+z');
  assert.equal((await cells(page))[i], d, 'Ctrl+Shift+Z redoes too');

  // The shortcuts work wherever the focus is, a toolbar button included.
  await page.focus('#verify');
  await page.keyboard.press('Control+z');
  assert.equal((await cells(page))[i], '', 'Ctrl+Z with the focus on a button');
  await page.keyboard.press('Control+y');
  assert.equal((await cells(page))[i], d, 'Ctrl+Y with the focus on a button');
});

play('Backspace removes a placed digit; a given cannot be changed', async ({ page }) => {
  const { puzzle, n } = await current(page);
  const i = empties(puzzle)[0];
  await put(page, i, puzzle.solution[i]);
  await page.keyboard.press('Backspace');
  assert.equal((await cells(page))[i], '');
  assert.deepEqual((await moves(page)).map((m) => m.text).slice(-1), [`${name(i, n)} cleared`]);

  const g = givens(puzzle)[0];
  const before = (await moves(page)).length;
  await pick(page, g);
  await page.keyboard.press('Backspace');
  assert.equal((await cells(page))[g], puzzle.givens[g]);
  let m = await message(page);
  assert.equal(m.cls, 'error');
  assert.ok(m.text.includes(name(g, n)), `message names ${name(g, n)}: ${m.text}`);
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });

  const other = puzzle.givens[g] === '1' ? '2' : '1';
  await page.keyboard.press(other);
  assert.equal((await cells(page))[g], puzzle.givens[g]);
  m = await message(page);
  assert.equal(m.cls, 'error');
  assert.ok(m.text.includes(name(g, n)), `message names ${name(g, n)}: ${m.text}`);
  await page.keyboard.press('Delete');
  assert.equal((await cells(page))[g], puzzle.givens[g]);
  assert.equal((await moves(page)).length, before, 'refused keys add no move');
});

play('keys that are no digit of the grid are refused (9×9 and 16×16)', async ({ page }) => {
  let { puzzle } = await current(page);
  let i = empties(puzzle)[0];
  await pick(page, i);
  const start = await cells(page);
  for (const key of ['x', '0']) {
    await page.evaluate(() => { document.getElementById('message').textContent = ''; });
    await page.keyboard.press(key);
    const m = await message(page);
    assert.equal(m.cls, 'error', `key ${key}`);
    assert.match(m.text, /not a digit/, `key ${key}`);
    assert.deepEqual(await cells(page), start, `key ${key} changes nothing`);
    assert.equal((await moves(page)).length, 1);
  }

  await choosePuzzle(page, await find(page, 'classic', 16));
  ({ puzzle } = await current(page));
  assert.equal(await page.locator('#board .cell').count(), 256);
  assert.equal(await page.locator('#pad button').count(), 17, '16 digits and Erase');
  const [a, b] = empties(puzzle);
  await put(page, a, 'a');
  assert.equal((await cells(page))[a], 'A');
  await put(page, b, 'A');
  assert.equal((await cells(page))[b], 'A');
  assert.deepEqual((await moves(page)).map((m) => m.text).slice(1), [`${name(a, 16)} = A`, `${name(b, 16)} = A`]);
  i = empties(puzzle)[2];
  await pick(page, i);
  await page.keyboard.press('h');
  const m = await message(page);
  assert.equal(m.cls, 'error');
  assert.match(m.text, /not a digit of this 16×16 grid/);
  assert.equal((await cells(page))[i], '');
  assert.equal((await moves(page)).length, 3);
});

play('a planted conflict is marked at once; Verify counts it and the wrong digits', async ({ page }) => {
  const { puzzle, n, shape } = await current(page);
  // An empty cell and a given in the same row.
  let cell = -1;
  let given = -1;
  for (const i of empties(puzzle)) {
    const row = Math.floor(i / n);
    const g = givens(puzzle).find((j) => Math.floor(j / n) === row);
    if (g !== undefined) { cell = i; given = g; break; }
  }
  assert.ok(cell >= 0);
  const d = puzzle.givens[given];
  // Also place one right digit elsewhere, so the count must leave it out.
  const right = empties(puzzle).find((i) => i !== cell);
  await put(page, right, puzzle.solution[right]);
  await put(page, cell, d);
  // Expected: every cell sharing a house with a repeat.
  const values = Array.from(puzzle.givens);
  values[cell] = d;
  values[right] = puzzle.solution[right];
  const expected = new Set();
  for (const h of shape.houses) {
    const seen = new Map();
    for (const c of h) {
      if (values[c] === '.') continue;
      if (seen.has(values[c])) { expected.add(c); expected.add(seen.get(values[c])); } else seen.set(values[c], c);
    }
  }
  assert.ok(expected.has(cell) && expected.has(given));
  const wrong = [cell, right].filter((i) => values[i] !== puzzle.solution[i]).length;
  assert.equal(wrong, 1);

  const marked = await page.evaluate(() => Array.from(document.querySelectorAll('#board .cell.conflict'), (c) => Number(c.dataset.cell)));
  assert.deepEqual(marked, [...expected].sort((x, y) => x - y), 'conflicts show as they happen, before Verify');
  // The selected cell in conflict keeps the selection colour, ringed in red.
  assert.equal(await selected(page), cell);
  const ring = await cellLoc(page, cell).evaluate((el) => getComputedStyle(el).boxShadow);
  assert.match(ring, /rgb\(176, 0, 32\)/, ring);
  await page.click('#verify');
  const m = await message(page);
  assert.equal(m.cls, 'error');
  assert.match(m.text, /conflict/);
  assert.ok(m.text.includes(`${expected.size} cells in conflict`), m.text);
  assert.ok(m.text.includes('1 placed digit is wrong'), m.text);

  // Fixing it and verifying again: no conflicts, all right so far.
  await put(page, cell, puzzle.solution[cell]);
  assert.equal(await page.locator('#board .cell.conflict').count(), 0, 'a change clears the marks');
  await page.click('#verify');
  const ok = await message(page);
  assert.equal(ok.cls, 'good');
  assert.match(ok.text, /No conflicts; all 2 placed digits are right so far/);
});

test('reload keeps the progress, the moves and Undo', { timeout: TIMEOUT }, async () => {
  const context = await browser.newContext();
  try {
    const { page, errors } = await open(context);
    const { puzzle, n } = await current(page);
    const [a, b] = empties(puzzle);
    await put(page, a, puzzle.solution[a]);
    await put(page, b, puzzle.solution[b]);
    const shown = await cells(page);
    const list = await moves(page);
    assert.equal(list.length, 3);

    await page.reload();
    await page.waitForSelector('#board .cell');
    assert.deepEqual(await cells(page), shown);
    assert.deepEqual(await moves(page), list);
    assert.equal(await page.locator('#undo').isDisabled(), false);
    await page.click('#undo');
    const after = await cells(page);
    assert.equal(after[b], '');
    assert.equal(after[a], puzzle.solution[a]);
    assert.ok((await moves(page))[2].undone);
    assert.equal((await moves(page))[2].text, `${name(b, n)} = ${puzzle.solution[b]}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

play('clicking a moves-list entry goes back to that point', async ({ page }) => {
  const { puzzle } = await current(page);
  const [a, b, c] = empties(puzzle);
  for (const i of [a, b, c]) await put(page, i, puzzle.solution[i]);
  await page.click('#moves button[data-pos="1"]');
  const list = await moves(page);
  assert.deepEqual(list.map((m) => m.undone), [false, false, true, true]);
  assert.deepEqual(list.map((m) => m.current), [false, true, false, false]);
  let shown = await cells(page);
  assert.deepEqual([shown[a], shown[b], shown[c]], [puzzle.solution[a], '', '']);
  assert.equal((await message(page)).text, 'Back to move 1.');

  await page.click('#moves button[data-pos="3"]');
  shown = await cells(page);
  assert.deepEqual([shown[a], shown[b], shown[c]], [puzzle.solution[a], puzzle.solution[b], puzzle.solution[c]]);
  await page.click('#moves button[data-pos="0"]');
  shown = await cells(page);
  assert.deepEqual([shown[a], shown[b], shown[c]], ['', '', '']);
  assert.deepEqual((await moves(page)).map((m) => m.undone), [false, true, true, true]);
  // A new move drops the undone tail.
  await put(page, c, puzzle.solution[c]);
  assert.equal((await moves(page)).length, 2);
});

/**
 * How far (px) any note's glyphs in cell `i` reach outside the cell shrunk by `inset` of its side
 * on each edge (a killer's cage outline runs 10% in): 0 or less when all inside.
 */
function noteSpill(page, i, inset = 0) {
  return page.evaluate(([index, shrink]) => {
    const cell = document.querySelector(`#board [data-cell="${index}"]`);
    const r = cell.getBoundingClientRect();
    const d = r.width * shrink;
    const c = { top: r.top + d, bottom: r.bottom - d, left: r.left + d, right: r.right - d };
    let spill = 0;
    for (const span of cell.querySelectorAll('.marks span')) {
      if (!span.firstChild) continue;
      const range = document.createRange();
      range.selectNodeContents(span);
      const g = range.getBoundingClientRect();
      spill = Math.max(spill, c.top - g.top, g.bottom - c.bottom, c.left - g.left, g.right - c.right);
    }
    return spill;
  }, [i, inset]);
}

/** Pencils every digit of the grid into cell `i`. */
async function pencilAll(page, i, n) {
  await page.click('#pencil');
  await pick(page, i);
  for (let d = 1; d <= n; d++) await page.keyboard.press(SYMBOLS[d]);
  await page.click('#pencil');
}

for (const [label, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  play(`notes stay inside their cells: killer and 16×16 (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const [variant, size] of [['killer', 9], ['classic', 16]]) {
      await choosePuzzle(page, await find(page, variant, size));
      const { puzzle, n } = await current(page);
      const i = empties(puzzle)[0];
      await pencilAll(page, i, n);
      assert.equal((await cellLoc(page, i).locator('.marks span').allTextContents()).filter(Boolean).length, n);
      const spill = await noteSpill(page, i, variant === 'killer' ? 0.11 : 0);
      assert.ok(spill <= 0.5, `${variant} ${size}x${size}: notes reach ${spill.toFixed(1)} px outside the cell or cage line`);
    }
  });
}

play('the selected cell\'s row, column and box stand out from the rest of the grid', async ({ page }) => {
  const { puzzle, shape } = await current(page);
  const i = empties(puzzle)[0];
  await pick(page, i);
  const seen = new Set(shape.houses.filter((h) => h.includes(i)).flat());
  const peer = [...seen].find((c) => c !== i);
  const other = puzzle.givens.split('').findIndex((_, c) => !seen.has(c));
  // Each background composited over white, then the contrast ratio of the two (WCAG formula).
  const ratio = await page.evaluate(([a, b]) => {
    const lum = (index) => {
      const css = getComputedStyle(document.querySelector(`#board [data-cell="${index}"]`)).backgroundColor;
      const [r, g, bl, al = 1] = css.match(/[\d.]+/g).map(Number);
      return [r, g, bl].map((v) => (v * al + 255 * (1 - al)) / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, k) => sum + v * [0.2126, 0.7152, 0.0722][k], 0);
    };
    const [x, y] = [lum(a), lum(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }, [peer, other]);
  assert.ok(ratio >= 1.25, `peer tint contrast ${ratio.toFixed(2)}:1`);
});

play('a play page of one puzzle shows no picker; a book shows it', async ({ page }) => {
  for (const id of ['#pick', '#prev', '#next']) assert.equal(await page.locator(id).isVisible(), true, `${id} in a book`);
  await page.goto(multi.twodoku);
  await page.waitForSelector('#board .cell');
  for (const id of ['#pick', '#prev', '#next', 'label[for="pick"]']) {
    assert.equal(await page.locator(id).isVisible(), false, `${id} on a play page of one puzzle`);
  }
  assert.equal(await page.locator('#new').isVisible(), true);
});

play('a 16x16 board uses the screen: cells of 44 px or more at 1280x900', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await choosePuzzle(page, await find(page, 'classic', 16));
  const box = await cellLoc(page, 0).boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `a 16x16 cell is ${box.width.toFixed(1)} px`);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.y + board.height <= 900, 'the whole board is on the screen');
  const hint = await page.locator('#hint').boundingBox();
  assert.ok(hint.x >= board.x + board.width, 'the tools stay beside the board');
});

play('a long message moves neither the tools nor the pad', async ({ page }) => {
  const where = () => page.evaluate(() => ['#hint', '#pencil', '#pad', '#moves'].map((q) => {
    const r = document.querySelector(q).getBoundingClientRect();
    return [q, Math.round(r.x), Math.round(r.y)];
  }));
  const before = await where();
  // What a long hint says (an X-Wing's cells, houses and removals run to several lines).
  await page.evaluate(() => {
    document.getElementById('message').textContent = 'Hint: X-Wing on 7 in rows 2 and 8, columns 3 and 6 '.repeat(8);
  });
  assert.deepEqual(await where(), before);
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await where();
  await page.evaluate(() => { document.getElementById('message').textContent = 'short'; });
  assert.deepEqual(await where(), phone, 'on a phone too');
});

play('a placed digit takes its notes out of the cells it sees, in one move that Undo takes back', async ({ page }) => {
  const { puzzle, shape, n } = await current(page);
  const open = empties(puzzle);
  const i = open[0];
  const seen = new Set(shape.houses.filter((h) => h.includes(i)).flat());
  const peer = open.find((c) => c !== i && seen.has(c));
  const far = open.find((c) => !seen.has(c));
  assert.ok(peer !== undefined && far !== undefined, 'an empty peer and an empty cell elsewhere');
  const notes = (c) => cellLoc(page, c).locator('.marks span').allTextContents().then((t) => t.filter(Boolean));
  await page.click('#pencil');
  for (const c of [peer, far]) {
    await pick(page, c);
    await page.keyboard.press('4');
    await page.keyboard.press('5');
  }
  await page.click('#pencil');
  await put(page, i, '4');
  assert.deepEqual(await notes(peer), ['5'], `${name(peer, n)} sees ${name(i, n)}: its 4 goes`);
  assert.deepEqual(await notes(far), ['4', '5'], `${name(far, n)} does not see it: its notes stay`);
  assert.equal((await moves(page)).at(-1).text, `${name(i, n)} = 4`, 'one move');
  await page.click('#undo');
  assert.deepEqual(await notes(peer), ['4', '5'], 'Undo brings the note back');
  assert.equal(await cellLoc(page, i).textContent(), '');
});

play('digits typed after a click on a toolbar button reach the selected cell', async ({ page }) => {
  const { puzzle, n } = await current(page);
  const i = empties(puzzle)[0];
  await pick(page, i);
  await page.click('#pencil');
  await page.keyboard.press('3');
  assert.deepEqual((await cellLoc(page, i).locator('.marks span').allTextContents()).filter(Boolean), ['3'],
    'the note goes to the selected cell although Pencil had the focus');
  await page.click('#pencil');
  await page.keyboard.press('7');
  assert.equal(await cellLoc(page, i).textContent(), '7');
  await page.click('#undo');
  await page.keyboard.press('Delete');
  assert.equal(await cellLoc(page, i).locator('.marks').count(), 0, 'Delete after Undo clears the note');
  if (i % n < n - 1) {
    await page.keyboard.press('ArrowRight');
    assert.equal(await selected(page), i + 1, 'an arrow after a click on Undo moves the selection');
  }
  // The puzzle picker keeps its own keys: a digit typed there is no move.
  const before = (await moves(page)).length;
  await page.focus('#pick');
  await page.keyboard.press('5');
  assert.equal((await moves(page)).length, before);
});

play('pencil mode writes notes; a digit replaces them', async ({ page }) => {
  const { puzzle, n } = await current(page);
  const i = empties(puzzle)[0];
  await page.click('#pencil');
  assert.equal(await page.getAttribute('#pencil', 'aria-pressed'), 'true');
  await pick(page, i);
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  const marks = await cellLoc(page, i).locator('.marks span').allTextContents();
  assert.equal(marks.length, n);
  assert.deepEqual(marks.filter(Boolean), ['1', '2']);
  assert.deepEqual((await moves(page)).map((m) => m.text).slice(1), [`${name(i, n)} notes 1,2 added`], 'notes in one cell in a row: one move');
  assert.match(await cellLoc(page, i).getAttribute('aria-label'), /notes 1 2/);
  await page.keyboard.press('1');
  assert.deepEqual((await cellLoc(page, i).locator('.marks span').allTextContents()).filter(Boolean), ['2']);
  assert.equal((await moves(page)).at(-1).text, `${name(i, n)} note 2 added`);

  await page.click('#pencil');
  assert.equal(await page.getAttribute('#pencil', 'aria-pressed'), 'false');
  await pick(page, i);
  await page.keyboard.press('3');
  assert.equal(await cellLoc(page, i).textContent(), '3');
  assert.equal(await cellLoc(page, i).locator('.marks').count(), 0);
  assert.equal((await moves(page)).at(-1).text, `${name(i, n)} = 3`);
  await page.click('#undo');
  assert.deepEqual((await cellLoc(page, i).locator('.marks span').allTextContents()).filter(Boolean), ['2'], 'Undo brings the note back');
});

play('Hint points at a cell, and at a wrong digit first', async ({ page }) => {
  const { puzzle, n } = await current(page);
  let m = await askHint(page);
  assert.ok(m.text.startsWith('Hint:'), m.text);
  assert.ok(await page.locator('#board .cell.hint').count() >= 1);
  const target = await selected(page);
  assert.ok(m.text.includes(name(target, n)), `the hint names the cell it selects (${name(target, n)}): ${m.text}`);
  assert.equal(puzzle.givens[target], '.');
  assert.ok(!m.text.includes(`= ${puzzle.solution[target]}`), `the first hint keeps the digit: ${m.text}`);
  // Asking again tells the whole step, digit included.
  m = await askHint(page);
  assert.ok(m.text.includes(`${name(target, n)} = ${puzzle.solution[target]}`), `the second hint gives the step: ${m.text}`);

  const i = empties(puzzle).find((c) => c !== target) ?? target;
  const wrong = puzzle.solution[i] === '1' ? '2' : '1';
  await put(page, i, wrong);
  m = await askHint(page);
  assert.ok(m.text.startsWith('Hint:'), m.text);
  assert.ok(m.text.includes(name(i, n)), `the hint names the wrong cell ${name(i, n)}: ${m.text}`);
  assert.equal(m.cls, 'error');
  const hinted = await page.evaluate(() => Array.from(document.querySelectorAll('#board .cell.hint'), (c) => Number(c.dataset.cell)));
  assert.deepEqual(hinted, [i]);
});

play('solving by typing the solution with the arrow keys says Solved', async ({ page }) => {
  const { puzzle, n } = await current(page);
  await pick(page, 0);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      assert.equal(await selected(page), i);
      if (puzzle.givens[i] === '.') await page.keyboard.press(puzzle.solution[i]);
      if (c < n - 1) await page.keyboard.press('ArrowRight');
    }
    if (r < n - 1) {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Home');
    }
  }
  assert.deepEqual((await cells(page)).join(''), puzzle.solution);
  const m = await message(page);
  assert.match(m.text, /^Solved/);
  assert.equal(m.cls, 'good');
  assert.match(await page.locator('#timer').textContent(), /^Solved in \d+:\d\d$/);
  assert.equal((await moves(page)).length, empties(puzzle).length + 1);
  // The completion moment: a card with the time, the cells lit in a wave, the list ticked.
  assert.equal(await page.locator('#done').isVisible(), true);
  assert.match(await page.locator('#done-text').textContent(), /^Solved in \d+:\d\d\.$/);
  assert.equal(await page.locator('#board .cell.won').count(), n * n);
  assert.match(await page.locator('#pick option').first().textContent(), /^✓ .* · solved$/);
  await page.screenshot({ path: join(shots, 'solved.png') });
  await page.click('#done-next');
  assert.equal(await page.locator('#pick').inputValue(), '1');
  assert.equal(await page.locator('#done').isVisible(), false);
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.match(await page.locator('#pick option').first().textContent(), /^✓ /, 'the tick survives a reload');
});

play('Solve asks first, reveals the solution and Undo takes it back', async ({ page }) => {
  const { puzzle } = await current(page);
  const i = empties(puzzle)[0];
  await put(page, i, puzzle.solution[i] === '1' ? '2' : '1');
  const before = await cells(page);
  const asked = [];
  page.once('dialog', (d) => { asked.push(d.message()); d.dismiss(); });
  await page.click('#solve');
  assert.match(asked[0], /Show the whole solution\?/);
  assert.deepEqual(await cells(page), before, 'Cancel keeps the grid as it was');
  page.once('dialog', (d) => d.accept());
  await page.click('#solve');
  assert.equal((await cells(page)).join(''), puzzle.solution);
  assert.equal((await message(page)).text, 'Solution revealed.');
  assert.match(await page.locator('#timer').textContent(), /^Revealed after/);
  assert.equal((await moves(page)).at(-1).text, 'Solution revealed');
  await page.click('#undo');
  const shown = await cells(page);
  assert.equal(shown[i], puzzle.solution[i] === '1' ? '2' : '1');
  empties(puzzle).filter((c) => c !== i).forEach((c) => assert.equal(shown[c], '', `cell ${c} empty again`));
  assert.match(await page.locator('#timer').textContent(), /^Time /);
});

play('Reset asks first', async ({ page }) => {
  const { puzzle } = await current(page);
  const [a, b] = empties(puzzle);
  await put(page, a, puzzle.solution[a]);
  await put(page, b, puzzle.solution[b]);
  const dialogs = [];
  page.once('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  await page.click('#reset');
  assert.equal(dialogs.length, 1);
  assert.match(dialogs[0], /Reset/);
  let shown = await cells(page);
  assert.deepEqual([shown[a], shown[b]], [puzzle.solution[a], puzzle.solution[b]]);
  assert.equal((await moves(page)).length, 3);

  page.once('dialog', (d) => { dialogs.push(d.message()); d.accept(); });
  await page.click('#reset');
  assert.equal(dialogs.length, 2);
  shown = await cells(page);
  assert.deepEqual([shown[a], shown[b]], ['', '']);
  assert.deepEqual((await moves(page)).map((m) => m.text), ['Start']);
  assert.equal(await page.locator('#undo').isDisabled(), true);
  // Nothing to reset: no question.
  await page.click('#reset');
  assert.equal(dialogs.length, 2);
  assert.equal((await message(page)).text, 'Nothing to reset.');
});

play('#next, #prev and #pick switch puzzles; each keeps its own progress', async ({ page }) => {
  const data = await pageData(page);
  assert.equal(await page.locator('#prev').isDisabled(), true);
  const p0 = data.puzzles[0];
  const a = empties(p0)[0];
  await put(page, a, p0.solution[a]);

  await page.click('#next');
  assert.equal(await page.locator('#pick').inputValue(), '1');
  const p1 = data.puzzles[1];
  let shown = await cells(page);
  Array.from(p1.givens).forEach((s, i) => assert.equal(shown[i], s === '.' ? '' : s));
  assert.deepEqual((await moves(page)).map((m) => m.text), ['Start']);
  const b = empties(p1)[3];
  await put(page, b, p1.solution[b]);

  await page.click('#prev');
  assert.equal(await page.locator('#pick').inputValue(), '0');
  shown = await cells(page);
  assert.equal(shown[a], p0.solution[a]);
  assert.equal(shown[b], p0.givens[b] === '.' ? (b === a ? p0.solution[a] : '') : p0.givens[b]);
  assert.equal((await moves(page)).length, 2);

  const last = data.puzzles.length - 1;
  await choosePuzzle(page, last);
  assert.equal(await page.locator('#next').isDisabled(), true);
  assert.equal(await page.locator('#board .cell').count(), data.shapes[data.puzzles[last].shape].size ** 2);
  await choosePuzzle(page, 1);
  shown = await cells(page);
  assert.equal(shown[b], p1.solution[b]);
  assert.deepEqual((await moves(page)).map((m) => m.text), ['Start', `${name(b, 9)} = ${p1.solution[b]}`]);
});

test('New puzzle makes a puzzle with one solution that survives a reload', { timeout: TIMEOUT }, async () => {
  const context = await browser.newContext();
  try {
    const { page, errors } = await open(context);
    const data = await pageData(page);
    const count = data.puzzles.length;
    const { shape } = await current(page);
    await page.click('#new');
    await page.waitForFunction((c) => document.querySelectorAll('#pick option').length === c + 1, count, { timeout: 10_000 });
    assert.equal(await page.locator('#pick').inputValue(), String(count));
    const m = await message(page);
    assert.equal(m.cls, 'good');
    assert.match(m.text, /new puzzle/i);
    assert.match(await page.locator('#pick option').last().textContent(), /^New 1/);

    const made = await current(page);
    assert.equal(made.n, shape.size);
    assert.equal(made.shape.variant, shape.variant);
    assert.equal(await page.locator('#board .cell').count(), shape.size ** 2);
    // The rendered givens are the stored givens.
    const shown = await cells(page);
    Array.from(made.puzzle.givens).forEach((s, i) => assert.equal(shown[i], s === '.' ? '' : s, `cell ${i}`));
    assert.equal(await page.locator('#board .cell.given').count(), givens(made.puzzle).length);
    // The stored solution is a full valid grid, the givens are part of it, and they have exactly one completion.
    const n = made.n;
    const solution = Array.from(made.puzzle.solution, (s) => SYMBOLS.indexOf(s));
    assert.equal(solution.length, n * n);
    for (const h of made.shape.houses) {
      assert.deepEqual(h.map((c) => solution[c]).sort((x, y) => x - y), Array.from({ length: n }, (_, k) => k + 1));
    }
    const grid = Array.from(made.puzzle.givens, (s) => (s === '.' ? 0 : SYMBOLS.indexOf(s)));
    grid.forEach((v, i) => { if (v) assert.equal(v, solution[i], `given ${i} agrees with the solution`); });
    assert.ok(grid.some((v) => !v), 'the new puzzle has empty cells');
    assert.equal(countCompletions(grid, n, made.shape.houses), 1, 'exactly one completion');

    // Play it a little, reload: still there, still selected, progress kept.
    const e = empties(made.puzzle)[0];
    await put(page, e, made.puzzle.solution[e]);
    await page.reload();
    await page.waitForSelector('#board .cell');
    assert.equal(await page.locator('#pick option').count(), count + 1);
    assert.equal(await page.locator('#pick').inputValue(), String(count));
    const again = await current(page);
    assert.equal(again.puzzle.givens, made.puzzle.givens);
    assert.equal((await cells(page))[e], made.puzzle.solution[e]);
    // The book's puzzles are still there.
    await choosePuzzle(page, 0);
    assert.equal((await current(page)).puzzle.givens, data.puzzles[0].givens);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

play('New puzzle pressed again while the engine works cancels it; the page stays live', async ({ page }) => {
  const count = (await pageData(page)).puzzles.length;
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 10_000 });
  // Two presses in a row: the second is Cancel (the button says so while the worker works).
  const label = await page.evaluate(() => {
    const button = document.getElementById('new');
    button.click();
    const during = button.textContent;
    button.click();
    return during;
  });
  assert.equal(label, 'Cancel');
  await page.waitForFunction(() => document.getElementById('new').textContent === 'New puzzle', null, { timeout: 10_000 });
  assert.deepEqual(await message(page), { text: 'No new puzzle: cancelled.', cls: '' });
  assert.equal(await page.locator('#pick option').count(), count);
  // The worker that took over answers the next press, and a hint.
  await page.click('#new');
  await page.waitForFunction((c) => document.querySelectorAll('#pick option').length === c + 1, count, { timeout: 10_000 });
  await page.click('#new');
  await page.waitForFunction((c) => document.querySelectorAll('#pick option').length === c + 2, count, { timeout: 10_000 });
  const labels = await page.locator('#pick option').allTextContents();
  assert.match(labels[count], /^New 1/);
  assert.match(labels[count + 1], /^New 2/);
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(':new'));
    return JSON.parse(localStorage.getItem(key)).map((p) => p.givens);
  });
  assert.equal(stored.length, 2, 'both puzzles are stored');
  assert.notEqual(stored[0], stored[1]);
  assert.match((await askHint(page)).text, /^Hint: /);
});

play('keyboard only: Tab reaches the board, arrows move the selection', async ({ page }) => {
  let reached = false;
  for (let k = 0; k < 20 && !reached; k++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell');
  }
  assert.ok(reached, 'a gridcell gets the focus by Tab');
  const { n, puzzle } = await current(page);
  const start = await selected(page);
  assert.equal(start, empties(puzzle)[0], 'the first empty cell is selected');
  assert.equal(await page.evaluate(() => Number(document.activeElement.dataset.cell)), start);
  const r = Math.floor(start / n);
  const c = start % n;
  await page.keyboard.press(c < n - 1 ? 'ArrowRight' : 'ArrowLeft');
  let now = c < n - 1 ? start + 1 : start - 1;
  assert.equal(await selected(page), now);
  await page.keyboard.press(r < n - 1 ? 'ArrowDown' : 'ArrowUp');
  now = r < n - 1 ? now + n : now - n;
  assert.equal(await selected(page), now);
  assert.equal(await page.evaluate(() => Number(document.activeElement.dataset.cell)), now, 'focus follows the selection');
  assert.equal(await page.locator('#board .cell.selected').count(), 1);
  assert.equal(await page.locator('#board [aria-selected="true"]').count(), 1);
  await page.keyboard.press('End');
  assert.equal(await selected(page) % n, n - 1);
  await page.keyboard.press('Home');
  assert.equal(await selected(page) % n, 0);
  // Typing works from the keyboard alone, too.
  const e = empties(puzzle).find((i) => i % n === 0);
  if (e !== undefined) {
    while ((await selected(page)) > e) await page.keyboard.press('ArrowUp');
    while ((await selected(page)) < e) await page.keyboard.press('ArrowDown');
    await page.keyboard.press(puzzle.solution[e]);
    assert.equal((await cells(page))[e], puzzle.solution[e]);
  }
});

play('axe finds no serious or critical accessibility problems', async ({ page }) => {
  const { puzzle } = await current(page);
  const i = empties(puzzle)[0];
  await page.click('#pencil');
  await put(page, empties(puzzle)[1], '1');
  await page.click('#pencil');
  await put(page, i, puzzle.solution[i]);
  await page.click('#verify');
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const results = await page.evaluate(() => window.axe.run());
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s), e.g. ${v.nodes[0]?.target.join(' ')}`), []);
});

play('killer: the cages are drawn with their sums, a digit twice in a cage is a conflict', async ({ page }) => {
  await choosePuzzle(page, await find(page, 'killer', 9));
  const { shape, puzzle } = await current(page);
  assert.ok(shape.cages.length > 10, 'the shape carries its cages');
  assert.ok(Array.from(puzzle.givens).every((s) => s === '.'), 'a killer has no givens');
  const sums = await page.locator('#over text').allTextContents();
  assert.deepEqual(sums.map(Number).sort((a, b) => a - b), shape.cages.map((c) => c.sum).sort((a, b) => a - b));
  assert.equal(await page.locator('#lines text').count(), 0, 'the sums sit over the cells, not under them');
  // A sum is painted above its cell: the topmost element at the sum's centre is the sum, even
  // when that cell is selected.
  const first = page.locator('#over text').first();
  const box = await first.boundingBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.click(cx, cy);
  const top = await page.evaluate(([x, y]) => {
    // Hit-testing skips what lets clicks through: let the layer be hit for the question.
    const over = document.getElementById('over');
    over.style.pointerEvents = 'auto';
    const all = document.elementsFromPoint(x, y);
    over.style.pointerEvents = '';
    return { over: over.contains(all[0]), selected: all.some((e) => e.classList.contains('selected')) };
  }, [cx, cy]);
  assert.ok(top.over && top.selected, JSON.stringify(top));
  assert.ok(await page.locator('#lines path[stroke-dasharray]').count() > 0, 'cages are dashed');
  // Two cells of one cage that share no row, column or box: the cage alone makes them clash.
  const see = (a, b) => shape.houses.some((h) => h.includes(a) && h.includes(b));
  const cage = shape.cages.find((c) => c.cells.some((a) => c.cells.some((b) => a !== b && !see(a, b))));
  if (cage) {
    const a = cage.cells.find((x) => cage.cells.some((y) => x !== y && !see(x, y)));
    const b = cage.cells.find((y) => y !== a && !see(a, y));
    await put(page, a, '5');
    await put(page, b, '5');
    for (const i of [a, b]) assert.ok(await cellLoc(page, i).evaluate((el) => el.classList.contains('conflict')), `cell ${i} is in conflict`);
  }
});

/** Presses New puzzle with the page's seed fixed (0: made in a fraction of a second) and waits
 * for the made puzzle to be chosen; the shape and puzzle before and after. */
async function makeNew(page) {
  await engineReady(page);
  const before = await current(page);
  const count = await page.locator('#pick option').count();
  await page.evaluate(() => { Date.now = () => 0; Math.random = () => 0; });
  await page.click('#new');
  await page.waitForFunction((n) => document.querySelectorAll('#pick option').length === n + 1, count, { timeout: 20_000 });
  assert.equal((await message(page)).cls, 'good', (await message(page)).text);
  return { before, made: await current(page) };
}

play('killer: New puzzle makes new cages, drawn and checked, and keeps them across a reload', async ({ page }) => {
  await choosePuzzle(page, await find(page, 'killer', 9));
  const drawnBefore = await page.locator('#lines').innerHTML();
  const { before, made } = await makeNew(page);
  const { shape, puzzle } = made;
  assert.notDeepEqual(shape.cages, before.shape.cages, 'new cages');
  assert.notEqual(shape.rules, before.shape.rules);
  // The cages cover the grid once, and each sums its cells' digits in the new solution.
  const covered = shape.cages.flatMap((c) => c.cells).sort((a, b) => a - b);
  assert.deepEqual(covered, Array.from({ length: 81 }, (_, i) => i));
  for (const cage of shape.cages) {
    assert.equal(cage.cells.reduce((sum, i) => sum + Number(puzzle.solution[i]), 0), cage.sum);
  }
  // Drawn as the book draws them: dashed outlines, and the sums over the cells.
  assert.notEqual(await page.locator('#lines').innerHTML(), drawnBefore);
  assert.ok(await page.locator('#lines path[stroke-dasharray]').count() > 0, 'cages are dashed');
  const sums = await page.locator('#over text').allTextContents();
  assert.deepEqual(sums.map(Number).sort((a, b) => a - b), shape.cages.map((c) => c.sum).sort((a, b) => a - b));
  // The engine checks the new cages: one digit twice in a cage breaks it.
  const [a, b] = shape.cages.find((c) => c.cells.length >= 2).cells;
  await put(page, a, '9');
  await put(page, b, '9');
  assert.ok(await cellLoc(page, a).evaluate((el) => el.classList.contains('conflict')), 'the cage is broken');
  await page.screenshot({ path: join(shots, 'killer-new-puzzle.png') });
  // Kept across a reload: the made puzzle still has its own cages.
  await page.reload();
  await page.waitForSelector('#board .cell');
  await choosePuzzle(page, made.index);
  const again = await current(page);
  assert.deepEqual(again.shape.cages, shape.cages);
  const kept = await page.locator('#over text').allTextContents();
  assert.deepEqual(kept.map(Number).sort((x, y) => x - y), sums.map(Number).sort((x, y) => x - y));
  // Storage is anyone's to edit: a drawing the engine would not write is never put in the page.
  const count = await page.locator('#pick option').count();
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(':new'));
    const list = JSON.parse(localStorage.getItem(key));
    list[0].own.drawing += '<image href="x" onerror="window.hacked = true"/>';
    localStorage.setItem(key, JSON.stringify(list));
  });
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.locator('#pick option').count(), count - 1, 'the tampered puzzle is left out');
  assert.equal(await page.evaluate(() => window.hacked), undefined);
});

play('kropki: New puzzle draws its new dots, and the engine checks them', async ({ page }) => {
  const dots = () => page.locator('#lines circle, #lines path[fill="#000000"], #lines path[fill="#ffffff"]').count();
  const drawnBefore = await page.locator('#lines').innerHTML();
  const { before, made } = await makeNew(page);
  assert.notEqual(made.shape.rules, before.shape.rules, 'new dots');
  assert.match(made.shape.rules, /kropki/);
  assert.notEqual(await page.locator('#lines').innerHTML(), drawnBefore);
  assert.ok(await dots() > 0, 'the dots are drawn');
  // Every white dot joins consecutive digits, every black one a digit and its double.
  const sol = made.puzzle.solution;
  const cell = (name) => { const [, r, c] = name.match(/r(\d+)c(\d+)/); return (r - 1) * 9 + (c - 1); };
  let checked = 0;
  for (const [, kind, x, y] of made.shape.rules.matchAll(/([wb]):(r\d+c\d+)\+(r\d+c\d+)/g)) {
    const [p, q] = [Number(sol[cell(x)]), Number(sol[cell(y)])];
    if (kind === 'w') assert.equal(Math.abs(p - q), 1, `${x}+${y}`);
    else assert.ok(p === 2 * q || q === 2 * p, `${x}+${y}`);
    checked++;
  }
  assert.ok(checked > 0, made.shape.rules);
  await page.screenshot({ path: join(shots, 'kropki-new-puzzle.png') });
}, { page: 'kropki' });

play('print shows the title, the puzzle line and the board, centred', async ({ page }) => {
  await page.emulateMedia({ media: 'print' });
  for (const sel of ['header nav', '#tools', 'aside', '#pad', '#message']) {
    assert.equal(await page.locator(sel).isVisible(), false, `${sel} is hidden in print`);
  }
  for (const sel of ['#title', '#about', '#board', '#lines']) {
    assert.equal(await page.locator(sel).isVisible(), true, `${sel} is printed`);
  }
  assert.match(await page.locator('#about').textContent(), /·/, 'the puzzle is named');
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width > 300 && Math.abs(box.width - box.height) < 1, `board is a square: ${JSON.stringify(box)}`);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const [left, right] = [box.x, width - box.x - box.width];
  assert.ok(Math.abs(left - right) < 2, `the board is centred: ${left} px left, ${right} px right`);
  const title = await page.locator('#title').boundingBox();
  assert.ok(title.y + title.height <= box.y, 'the title is above the board');
  await page.pdf({ path: join(shots, 'print.pdf'), format: 'Letter' });
  await page.emulateMedia({ media: 'screen' });
  assert.equal(await page.locator('#pad').isVisible(), true);
});

for (const [file, variant, size] of [
  ['classic', 'classic', 9], ['jigsaw', 'jigsaw', 9], ['window', 'window', 9], ['diagonal', 'diagonal', 9],
  ['classic16', 'classic', 16], ['killer', 'killer', 9],
]) {
  play(`screenshot: ${file}.png`, async ({ page }) => {
    await choosePuzzle(page, await find(page, variant, size));
    const { puzzle, n } = await current(page);
    const open = empties(puzzle);
    for (const i of open.slice(0, 3)) await put(page, i, puzzle.solution[i]);
    await page.click('#pencil');
    await pick(page, open[3]);
    const marks = [puzzle.solution[open[3]], ...(n > 9 ? ['C', 'G', '1'] : ['5', '9', '1'])]
      .filter((s, k, all) => all.indexOf(s) === k).slice(0, 3);
    for (const s of marks) await page.keyboard.press(s);
    await page.click('#pencil');
    await pick(page, open[4]);
    assert.equal(await cellLoc(page, open[3]).locator('.marks span').count(), n);
    assert.deepEqual((await cellLoc(page, open[3]).locator('.marks span').allTextContents()).filter(Boolean).sort(), marks.sort());
    assert.equal(await page.locator('#board .cell').count(), n * n);
    // The drawn lines cover the grid of cells.
    const lines = await page.locator('#lines').boundingBox();
    const grid = await page.locator('#board').boundingBox();
    for (const k of ['x', 'y', 'width', 'height']) assert.ok(Math.abs(lines[k] - grid[k]) < 1, `#lines ${k} matches #board`);
    await page.screenshot({ path: join(shots, `${file}.png`), fullPage: true });
  });
}

// ---- multi-grids (Samurai, Twodoku, Butterfly) -----------------------------------------------

/** Where the cells of a multi-grid shape sit: frame rows, columns, each cell's position. */
function frameOf(shape) {
  const [rows, cols] = shape.frame;
  const at = shape.at;
  const cellAt = (r, c) => (r < 0 || c < 0 || r >= rows || c >= cols ? -1 : at.indexOf(r * cols + c));
  const rowCol = (cell) => [Math.floor(at[cell] / cols), at[cell] % cols];
  const frameName = (cell) => `r${rowCol(cell)[0] + 1}c${rowCol(cell)[1] + 1}`;
  return { rows, cols, at, cellAt, rowCol, frameName };
}

/** The shape's houses holding `cell`. */
const housesOf = (shape, cell) => shape.houses.filter((h) => h.includes(cell));

play('samurai: 369 cells on the 21×21 frame, each on its frame position', async ({ page }) => {
  const { shape, puzzle } = await current(page);
  assert.equal(shape.variant, 'samurai');
  assert.deepEqual(shape.frame, [21, 21]);
  assert.equal(shape.at.length, 369);
  assert.equal(puzzle.givens.length, 369);
  assert.equal(await page.locator('#board .cell').count(), 369);
  const f = frameOf(shape);
  const board = await page.locator('#board').boundingBox();
  const side = board.width / 21;
  for (const cell of [0, 8, 9, 100, 184, 368]) {
    const box = await cellLoc(page, cell).boundingBox();
    const [r, c] = f.rowCol(cell);
    assert.ok(Math.abs(box.x - (board.x + c * side)) < 1.5 && Math.abs(box.y - (board.y + r * side)) < 1.5,
      `cell ${cell} sits on frame r${r + 1}c${c + 1}`);
    assert.equal(await cellLoc(page, cell).getAttribute('id'), 'cell-' + f.frameName(cell));
  }
  const lines = await page.locator('#lines').boundingBox();
  for (const k of ['x', 'y', 'width', 'height']) assert.ok(Math.abs(lines[k] - board[k]) < 1, `#lines ${k} matches #board`);
  assert.match(await page.locator('#about').textContent(), /samurai \(369 cells\)/);
}, { page: 'samurai' });

play('samurai: digits in an overlap cell and a corner grid, named in frame coordinates', async ({ page }) => {
  const { shape, puzzle } = await current(page);
  const f = frameOf(shape);
  const open = empties(puzzle);
  // An overlap cell lies in two grids (two rows, two columns, one shared box: five houses).
  const overlap = open.find((c) => housesOf(shape, c).length === 5);
  const corner = open.find((c) => f.rowCol(c)[0] < 6 && f.rowCol(c)[1] < 6);
  assert.ok(overlap !== undefined && corner !== undefined, 'the puzzle has empty overlap and corner cells');
  await put(page, overlap, puzzle.solution[overlap]);
  await put(page, corner, puzzle.solution[corner]);
  const shown = await cells(page);
  assert.equal(shown[overlap], puzzle.solution[overlap]);
  assert.equal(shown[corner], puzzle.solution[corner]);
  const list = (await moves(page)).map((m) => m.text);
  assert.deepEqual(list.slice(1), [`${f.frameName(overlap)} = ${puzzle.solution[overlap]}`,
    `${f.frameName(corner)} = ${puzzle.solution[corner]}`]);
  const [r, c] = f.rowCol(overlap);
  assert.ok(r >= 6 && r < 15 && c >= 6 && c < 15, `overlap ${f.frameName(overlap)} is in the centre grid`);
  const label = await cellLoc(page, overlap).getAttribute('aria-label');
  assert.equal(label, `Row ${r + 1}, column ${c + 1}: ${puzzle.solution[overlap]}`);
  await page.keyboard.press('Control+z');
  assert.equal((await cells(page))[corner], '');
}, { page: 'samurai' });

play('samurai: arrow keys cross the gaps to the next cell, and stay at the edge', async ({ page }) => {
  const { shape } = await current(page);
  const f = frameOf(shape);
  const at = (r, c) => f.cellAt(r, c);
  await pick(page, at(0, 8));
  await page.keyboard.press('ArrowRight');
  assert.equal(await selected(page), at(0, 12), 'r1c9 → r1c13 over the gap');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await selected(page), at(0, 8), 'and back');
  await pick(page, at(8, 0));
  await page.keyboard.press('ArrowDown');
  assert.equal(await selected(page), at(12, 0), 'r9c1 → r13c1 over the gap');
  await page.keyboard.press('ArrowUp');
  assert.equal(await selected(page), at(8, 0));
  await pick(page, at(10, 6));
  await page.keyboard.press('ArrowLeft');
  assert.equal(await selected(page), at(10, 6), 'nothing left of the centre grid on r11: stay');
  await page.keyboard.press('Home');
  assert.equal(await selected(page), at(10, 6));
  await page.keyboard.press('End');
  assert.equal(await selected(page), at(10, 14));
  await pick(page, at(0, 20));
  await page.keyboard.press('ArrowRight');
  assert.equal(await selected(page), at(0, 20), 'the frame edge: stay');
  assert.equal(await page.evaluate(() => Number(document.activeElement.dataset.cell)), at(0, 20));
}, { page: 'samurai' });

play('samurai: a planted conflict in a shared box is found and counted once', async ({ page }) => {
  const { shape, puzzle } = await current(page);
  const f = frameOf(shape);
  // The centre grid's top-left box is the top-left grid's bottom-right box: one house.
  const shared = shape.houses.filter((h) => h.every((c) => {
    const [r, col] = f.rowCol(c);
    return r >= 6 && r < 9 && col >= 6 && col < 9;
  }));
  assert.equal(shared.length, 1, 'the shared box is one house');
  const box = shared[0];
  // Two empty cells of the box: the first gets its right digit, the second the same digit
  // (which no given in its other houses holds), so the box alone makes them clash.
  const open = box.filter((c) => puzzle.givens[c] === '.');
  const plant = open.flatMap((right) => open.filter((wrong) => wrong !== right &&
    housesOf(shape, wrong).every((h) => h.every((x) => puzzle.givens[x] !== puzzle.solution[right])))
    .map((wrong) => [right, wrong]))[0];
  assert.ok(plant, 'two cells to plant the conflict in');
  const [right, wrong] = plant;
  await put(page, right, puzzle.solution[right]);
  await put(page, wrong, puzzle.solution[right]);
  await page.click('#verify');
  const marked = await page.evaluate(() => Array.from(document.querySelectorAll('#board .cell.conflict'), (c) => Number(c.dataset.cell)));
  assert.deepEqual(marked.sort((a, b) => a - b), [right, wrong].sort((a, b) => a - b));
  const m = await message(page);
  assert.equal(m.cls, 'error');
  assert.match(m.text, /^2 cells in conflict/);
  assert.match(m.text, /1 placed digit is wrong/);
}, { page: 'samurai' });

play('samurai: typing the manifest solution says Solved', async ({ page }) => {
  const { puzzle } = await current(page);
  const solution = multi.manifest.puzzles[0].solution.map((v) => SYMBOLS[v]).join('');
  assert.equal(solution, puzzle.solution, 'the page has the manifest solution');
  for (const cell of empties(puzzle)) {
    await cellLoc(page, cell).dispatchEvent('pointerdown');
    await page.keyboard.press(solution[cell]);
  }
  assert.deepEqual((await cells(page)).join(''), solution);
  const m = await message(page);
  assert.equal(m.cls, 'good');
  assert.match(m.text, /^Solved!/);
  assert.match(await page.locator('#timer').textContent(), /^Solved in/);
}, { page: 'samurai', timeout: 90_000 });

play('samurai: hint, pencil, Solve, Undo and a reload', async ({ page }) => {
  const { shape, puzzle } = await current(page);
  const f = frameOf(shape);
  const hint = await askHint(page);
  assert.match(hint.text, /^Hint: .* look at r\d+c\d+\./);
  const named = hint.text.match(/look at (r\d+c\d+)/)[1];
  assert.equal(f.frameName(await selected(page)), named, 'the hint selects the cell it names');
  const open = empties(puzzle);
  await page.click('#pencil');
  await put(page, open[1], '4');
  await page.click('#pencil');
  assert.equal(await cellLoc(page, open[1]).locator('.marks span').count(), 9);
  page.once('dialog', (d) => d.accept());
  await page.click('#solve');
  assert.equal((await cells(page)).join(''), puzzle.solution);
  await page.click('#undo');
  assert.equal((await cells(page))[open[0]], '');
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal((await moves(page)).length, 3, 'Start, the note and the undone reveal survive a reload');
  page.once('dialog', (d) => d.accept());
  await page.click('#reset');
  assert.equal((await moves(page)).length, 1);
}, { page: 'samurai' });

play('samurai: New puzzle makes a 369-cell puzzle with one solution', async ({ page }) => {
  await page.click('#new');
  await page.waitForFunction(() => document.querySelectorAll('#pick option').length === 2, null, { timeout: 10_000 });
  const { puzzle, shape } = await current(page);
  assert.equal(puzzle.givens.length, 369);
  const grid = Array.from(puzzle.givens, (s) => SYMBOLS.indexOf(s)).map((v) => Math.max(0, v));
  assert.equal(countCompletions(grid, 9, shape.houses), 1);
  assert.equal(await page.locator('#board .cell').count(), 369);
}, { page: 'samurai' });

play('samurai: axe finds no serious or critical accessibility problems', async ({ page }) => {
  const { puzzle } = await current(page);
  const open = empties(puzzle);
  await page.click('#pencil');
  await put(page, open[1], '1');
  await page.click('#pencil');
  await put(page, open[0], puzzle.solution[open[0]]);
  await page.click('#verify');
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const results = await page.evaluate(() => window.axe.run());
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s), e.g. ${v.nodes[0]?.target.join(' ')}`), []);
}, { page: 'samurai' });

play('screenshot: samurai.png', async ({ page }) => {
  const { puzzle } = await current(page);
  const open = empties(puzzle);
  for (const i of open.slice(0, 3)) await put(page, i, puzzle.solution[i]);
  await page.click('#pencil');
  await pick(page, open[3]);
  for (const s of ['1', '5', '9']) await page.keyboard.press(s);
  await page.click('#pencil');
  await pick(page, open.find((c) => c > 180));
  await page.screenshot({ path: join(shots, 'samurai.png'), fullPage: true });
}, { page: 'samurai' });

for (const [variant, cellsIn, side] of [['twodoku', 153, 15], ['butterfly', 144, 12]]) {
  play(`${variant}: loads on its ${side}×${side} frame and takes a digit`, async ({ page }) => {
    const { shape, puzzle } = await current(page);
    assert.equal(shape.variant, variant);
    assert.deepEqual(shape.frame, [side, side]);
    assert.equal(await page.locator('#board .cell').count(), cellsIn);
    const f = frameOf(shape);
    const cell = empties(puzzle).at(-1);
    await put(page, cell, puzzle.solution[cell]);
    assert.equal((await cells(page))[cell], puzzle.solution[cell]);
    assert.equal((await moves(page))[1].text, `${f.frameName(cell)} = ${puzzle.solution[cell]}`);
    await page.screenshot({ path: join(shots, `${variant}.png`), fullPage: true });
  }, { page: variant });
}

// ---- symbol sets -----------------------------------------------------------------------------

/** What cell `i` shows: its text, whether it holds a picture, and its label. */
function shownCell(page, i) {
  return page.evaluate((i) => {
    const c = document.querySelector(`#board [data-cell="${i}"]`);
    return { text: c.textContent, picture: Boolean(c.querySelector('svg.pic')), label: c.getAttribute('aria-label') };
  }, i);
}

play('a picture book shows its pictures in the grid and the pad, typed by their place', async ({ page }) => {
  const pad = await page.evaluate(() => Array.from(document.querySelectorAll('#pad button:not(#erase)'),
    (b) => ({ label: b.getAttribute('aria-label'), picture: Boolean(b.querySelector('svg.pic')) })));
  assert.deepEqual(pad.map((b) => b.label.split(',')[0]), ['star', 'heart', 'circle', 'square']);
  assert.match(pad[0].label, /^star, \d+ left$/, 'with how many are left');
  assert.ok(pad.every((b) => b.picture), 'every pad button shows its picture');
  const { puzzle } = await current(page);
  const given = await shownCell(page, givens(puzzle)[0]);
  assert.ok(given.picture && /given (star|heart|circle|square)/.test(given.label), JSON.stringify(given));
  const i = empties(puzzle)[0];
  await put(page, i, '2');
  const typed = await shownCell(page, i);
  assert.ok(typed.picture, 'the typed value shows as a picture');
  assert.match(typed.label, /heart/);
  const listed = await moves(page);
  assert.match(listed[listed.length - 1].text, /= heart$/, 'the moves list names the picture');
  assert.match((await message(page)).text, /= heart$/, 'so does the message line');
  await page.locator('#pad button', { hasText: '' }).nth(2).click();
  assert.match((await shownCell(page, i)).label, /circle/, 'a pad button places its picture');
  await page.screenshot({ path: join(shots, 'symbols-pictures.png') });
}, { page: 'symbols' });

play('a Wordoku takes its letters from the keyboard and names the others', async ({ page }) => {
  await choosePuzzle(page, 1);
  const { puzzle } = await current(page);
  assert.equal(puzzle.symbols.map((s) => s.text).length, 9);
  const pad = await page.evaluate(() => Array.from(document.querySelectorAll('#pad button:not(#erase)'), (b) => b.textContent));
  assert.equal(pad.join(''), 'PLANTWISE', 'the pad reads the word');
  const [first, second] = empties(puzzle);
  await put(page, first, 'p');
  assert.equal((await shownCell(page, first)).text, 'P');
  await put(page, second, 'z');
  const said = await message(page);
  assert.match(said.text, /not a symbol of this grid: type P L A N T W I S E/);
  assert.equal((await shownCell(page, second)).text, '');
  await page.screenshot({ path: join(shots, 'symbols-wordoku.png') });
}, { page: 'symbols' });

// ---- the engine in the page ------------------------------------------------------------------

/** Waits until the page's engine module is loaded. */
async function engineReady(page) {
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 10_000 });
}

/** The pairs of cells a knight's move apart on a 9x9 grid. */
function knightPairs() {
  const pairs = [];
  for (let a = 0; a < 81; a++) {
    for (let b = a + 1; b < 81; b++) {
      const dr = Math.abs(Math.floor(a / 9) - Math.floor(b / 9));
      const dc = Math.abs((a % 9) - (b % 9));
      if ((dr === 1 && dc === 2) || (dr === 2 && dc === 1)) pairs.push([a, b]);
    }
  }
  return pairs;
}

play('anti-knight: a digit a knight\'s move from its twin is marked at once, and Verify names the rule', async ({ page }) => {
  await engineReady(page);
  const { puzzle, shape } = await current(page);
  assert.equal(shape.variant, 'anti-knight');
  // Two empty cells a knight's move apart that share no row, column or box.
  const box = (c) => Math.floor(c / 27) * 3 + Math.floor((c % 9) / 3);
  const [a, b] = knightPairs().find(([x, y]) => puzzle.givens[x] === '.' && puzzle.givens[y] === '.' && box(x) !== box(y));
  await put(page, a, puzzle.solution[a]);
  await put(page, b, puzzle.solution[a]);
  for (const i of [a, b]) assert.ok(await cellLoc(page, i).evaluate((el) => el.classList.contains('conflict')), `cell ${i} is marked`);
  await page.click('#verify');
  const m = await message(page);
  assert.equal(m.cls, 'error');
  assert.match(m.text, /knight's move apart/);
  await page.click('#undo');
  for (const i of [a, b]) assert.equal(await cellLoc(page, i).evaluate((el) => el.classList.contains('conflict')), false);
}, { page: 'antiknight' });

play('anti-knight: a placed digit takes its note out of the cells a knight\'s move away', async ({ page }) => {
  await engineReady(page);
  const { puzzle, n } = await current(page);
  await page.click('#fill');
  const filled = await page.evaluate(() => Array.from(document.querySelectorAll('#board .cell'), (c) => c.querySelectorAll('.marks span:not(:empty)').length));
  // Every empty cell got its candidates, its answer among them.
  empties(puzzle).forEach((i) => assert.ok(filled[i] >= 1, `cell ${i} has candidates`));
  const notesOf = (i) => cellLoc(page, i).locator('.marks span').allTextContents();
  const notes = await page.evaluate(() => Array.from(document.querySelectorAll('#board .cell'), (c) => Array.from(c.querySelectorAll('.marks span'), (x) => x.textContent)));
  // A cell whose note the knight's move alone takes: no row, column or box shared.
  const box = (c) => Math.floor(c / 27) * 3 + Math.floor((c % 9) / 3);
  const apart = (x, y) => Math.floor(x / 9) !== Math.floor(y / 9) && x % 9 !== y % 9 && box(x) !== box(y);
  const [a, b] = knightPairs().flatMap(([x, y]) => [[x, y], [y, x]]).find(([x, y]) =>
    puzzle.givens[x] === '.' && puzzle.givens[y] === '.' && apart(x, y) && notes[y].includes(puzzle.solution[x]));
  const digit = puzzle.solution[a];
  await put(page, a, digit);
  assert.equal((await notesOf(b)).includes(digit), false, `${name(b, n)} lost its note ${digit}`);
  await page.click('#undo');
  assert.equal((await notesOf(b)).includes(digit), true, 'Undo gives the note back');
}, { page: 'antiknight' });

play('Candidates pencils every empty cell in one move; each holds its answer', async ({ page }) => {
  await engineReady(page);
  const { puzzle } = await current(page);
  await page.click('#fill');
  const list = await moves(page);
  assert.match(list[list.length - 1].text, /^Candidates pencilled in \d+ cells$/);
  for (const i of empties(puzzle)) {
    const notes = await cellLoc(page, i).locator('.marks span').allTextContents();
    assert.ok(notes.includes(puzzle.solution[i]), `cell ${i} keeps its answer ${puzzle.solution[i]}: ${notes}`);
  }
  await page.click('#undo');
  assert.equal(await page.locator('#board .cell .marks').count(), 0);
});

play('Hint starts from the player\'s notes: a note set without the answer is named first', async ({ page }) => {
  await engineReady(page);
  const { puzzle, n } = await current(page);
  const i = empties(puzzle)[3];
  const wrong = puzzle.solution[i] === '1' ? '2' : '1';
  await page.click('#pencil');
  await put(page, i, wrong);
  await page.click('#pencil');
  const m = await askHint(page);
  assert.equal(m.cls, 'error');
  assert.ok(m.text.includes(`notes of ${name(i, n)} leave out`), m.text);
  // With the notes right again, the hint is a step, never the '(N earlier steps)' of a fixed path.
  await page.click('#undo');
  const step = await askHint(page);
  assert.match(step.text, /^Hint: .+ — look at /);
  assert.doesNotMatch(step.text, /earlier steps/);
});

play('killer: the first hint is a step from the start, in the engine\'s words', async ({ page }) => {
  await engineReady(page);
  await choosePuzzle(page, await find(page, 'killer', 9));
  const first = await askHint(page);
  assert.match(first.text, /^Hint: .+ — look at /);
  const whole = await askHint(page);
  assert.doesNotMatch(whole.text, /earlier steps/);
  assert.ok(whole.text.length > first.text.length / 3, whole.text);
});

play('a German book explains its hints in German', async ({ page }) => {
  await engineReady(page);
  const data = await pageData(page);
  assert.ok(data.words && data.words.includes('Block {n}'), 'the page carries the book\'s words');
  const first = await askHint(page);
  const whole = await askHint(page);
  assert.match(whole.text, /Block|Zeile|Spalte|Letzte freie Zelle|Einer/, whole.text);
  assert.doesNotMatch(whole.text, /\b(box|row|column|only place)\b/, whole.text);
  assert.ok(first.text.startsWith('Tipp: '), first.text);
}, { page: 'german' });

play('a German book\'s page is German: its language, buttons, labels, messages and moves', async ({ page }) => {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.equal(await page.locator('#undo').textContent(), 'Rückgängig');
  assert.equal(await page.locator('#hint').textContent(), 'Tipp');
  assert.equal(await page.locator('#moves-title').textContent(), 'Züge');
  assert.match(await page.locator('#timer').textContent(), /^Zeit \d+:\d\d$/);
  assert.match(await page.locator('#pick option').first().textContent(), /^#1 · Leicht/);
  assert.doesNotMatch(await page.locator('#about').textContent(), /classic/, 'the variant in German too');
  assert.match(await page.locator('#pad button[data-d="1"]').getAttribute('aria-label'), /^Ziffer 1, noch \d+$/);
  const { puzzle, n } = await current(page);
  const i = empties(puzzle)[0];
  await put(page, i, puzzle.solution[i]);
  assert.equal((await moves(page)).map((m) => m.text)[0], 'Anfang');
  await page.click('#verify');
  assert.match((await message(page)).text, /^Keine Widersprüche; die gesetzte Ziffer stimmt bisher\.$/);
  await pick(page, givens(puzzle)[0]);
  await page.keyboard.press('5');
  assert.match((await message(page)).text, /ist vorgegeben/);
  assert.match(await cellLoc(page, i).getAttribute('aria-label'), new RegExp(`^Zeile ${Math.floor(i / n) + 1}, Spalte ${(i % n) + 1}: `));
  await page.screenshot({ path: join(shots, 'german.png') });
}, { page: 'german' });

// ---- what the best apps have ---------------------------------------------------------------

play('the pad counts what is left of each digit and greys a finished one', async ({ page }) => {
  const { puzzle, n } = await current(page);
  const left = (d) => Array.from(puzzle.solution).filter((x, i) => x === d && puzzle.givens[i] === '.').length;
  const shown = async (d) => page.locator(`#pad button[data-d="${d}"]`).getAttribute('data-left');
  for (let d = 1; d <= n; d++) assert.equal(await shown(d), left(String(d)) ? String(left(String(d))) : '', `digit ${d}`);
  // Place every missing copy of the digit with the most givens: its button goes grey.
  const digits = Array.from({ length: n }, (_, k) => String(k + 1));
  const d = digits.filter((x) => left(x) > 0).sort((a, b) => left(a) - left(b))[0];
  const cellsOf = empties(puzzle).filter((i) => puzzle.solution[i] === d);
  for (const i of cellsOf) await put(page, i, d);
  const button = page.locator(`#pad button[data-d="${d}"]`);
  assert.equal(await shown(d), '');
  assert.equal(await button.evaluate((b) => b.classList.contains('done')), true);
  assert.match(await button.getAttribute('aria-label'), /all placed$/);
  await page.click('#undo');
  assert.equal(await shown(d), '1');
});

play('Shift with a digit pencils it; N switches Pencil', async ({ page }) => {
  const { puzzle } = await current(page);
  const i = empties(puzzle)[0];
  await pick(page, i);
  await page.keyboard.press('Shift+Digit3');
  assert.deepEqual((await cellLoc(page, i).locator('.marks span').allTextContents()).filter(Boolean), ['3']);
  assert.equal(await page.locator('#pencil').getAttribute('aria-pressed'), 'false', 'the mode is unchanged');
  await page.keyboard.press('n');
  assert.equal(await page.locator('#pencil').getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('5');
  assert.deepEqual((await cellLoc(page, i).locator('.marks span').allTextContents()).filter(Boolean), ['3', '5']);
  await page.keyboard.press('N');
  assert.equal(await page.locator('#pencil').getAttribute('aria-pressed'), 'false');
});

play('Pause hides the grid and stops the clock; Resume brings both back', async ({ page }) => {
  const { puzzle } = await current(page);
  await page.click('#pause');
  assert.equal(await page.locator('#cover').isVisible(), true);
  assert.equal(await page.locator('#board').evaluate((b) => getComputedStyle(b).visibility), 'hidden');
  const before = await page.locator('#timer').textContent();
  assert.match(before, /^Paused at /);
  await page.waitForTimeout(2200);
  assert.equal(await page.locator('#timer').textContent(), before, 'the clock stands');
  await page.keyboard.press('7');
  assert.equal((await cells(page))[empties(puzzle)[0]], '', 'nothing is placed while paused');
  await page.click('#resume');
  assert.equal(await page.locator('#cover').isVisible(), false);
  assert.match(await page.locator('#timer').textContent(), /^Time /);
  assert.equal(await page.locator('#pause').textContent(), 'Pause');
});

play('Show mistakes marks wrong digits and counts them; it is off by default', async ({ page }) => {
  const { puzzle } = await current(page);
  const i = empties(puzzle)[0];
  const wrong = puzzle.solution[i] === '1' ? '2' : '1';
  await put(page, i, wrong);
  const isWrong = () => cellLoc(page, i).evaluate((el) => el.classList.contains('wrong'));
  assert.equal(await isWrong(), false, 'off by default');
  assert.equal(await page.locator('#mistake-count').isVisible(), false);
  await page.check('#show-mistakes');
  assert.equal(await isWrong(), true);
  assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes: 1');
  await put(page, i, puzzle.solution[i]);
  assert.equal(await isWrong(), false);
  assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes: 1', 'a mistake made stays counted');
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.locator('#show-mistakes').isChecked(), true, 'the choice is kept');
});

play('the list shows how far each puzzle is', async ({ page }) => {
  const { puzzle } = await current(page);
  const open = empties(puzzle);
  for (const i of open.slice(0, Math.ceil(open.length / 4))) await put(page, i, puzzle.solution[i]);
  assert.match(await page.locator('#pick option').first().textContent(), / · 2[5-9]%$/);
});

/** The page's background and the board's, as computed. */
async function backgrounds(page) {
  return page.evaluate(() => [document.body, document.getElementById('frame')].map((el) => {
    let node = el;
    let colour = getComputedStyle(node).backgroundColor;
    while (colour === 'rgba(0, 0, 0, 0)' && node.parentElement) {
      node = node.parentElement;
      colour = getComputedStyle(node).backgroundColor;
    }
    return colour;
  }));
}

play('dark mode: the Dark button, kept across visits; the board stays paper; axe is content', async ({ page }) => {
  const light = await backgrounds(page);
  assert.deepEqual(light, ['rgb(255, 255, 255)', 'rgb(255, 255, 255)']);
  await page.click('#theme');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await page.locator('#theme').getAttribute('aria-pressed'), 'true');
  const [body, board] = await backgrounds(page);
  assert.equal(body, 'rgb(20, 23, 27)');
  assert.equal(board, 'rgb(255, 255, 255)', 'the board stays paper-white');
  const { puzzle } = await current(page);
  await put(page, empties(puzzle)[0], puzzle.solution[empties(puzzle)[0]]);
  await page.click('#verify');
  await page.screenshot({ path: join(shots, 'dark-desktop.png') });
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const results = await page.evaluate(() => window.axe.run());
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s), e.g. ${v.nodes[0]?.target.join(' ')}`), []);
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'kept');
});

test('dark mode follows the system until the player chooses', { timeout: TIMEOUT }, async () => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const { page, errors } = await open(context);
    assert.equal((await backgrounds(page))[0], 'rgb(20, 23, 27)');
    assert.equal(await page.locator('#theme').getAttribute('aria-pressed'), 'true');
    await page.screenshot({ path: join(shots, 'dark-phone.png'), fullPage: true });
    await page.click('#theme');
    assert.equal((await backgrounds(page))[0], 'rgb(255, 255, 255)', 'light, chosen over the system');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** The thickest line of the board's drawing, in screen pixels. */
async function thickestLine(page) {
  return page.evaluate(() => {
    const lines = document.getElementById('lines');
    const view = lines.viewBox.baseVal.width;
    const scale = lines.getBoundingClientRect().width / view;
    const widths = Array.from(lines.querySelectorAll('path[stroke]'), (p) => Number(p.getAttribute('stroke-width')));
    return Math.max(...widths) * scale;
  });
}

play('a 4x4 board\'s box lines are as thin as a 9x9\'s', async ({ page, context }) => {
  const nine = await thickestLine(page);
  const other = await context.newPage();
  await other.goto(multi.small);
  await other.waitForSelector('#board .cell');
  assert.equal((await current(other)).n, 4);
  const four = await thickestLine(other);
  assert.ok(four <= nine * 1.05, `4x4 box lines ${four.toFixed(1)} px, 9x9 ${nine.toFixed(1)} px`);
  assert.ok(four >= 3, `still a box line: ${four.toFixed(1)} px`);
  await other.screenshot({ path: join(shots, 'four.png') });
});

test('samurai on a phone: Zoom gives 44 px cells in a scrolled window that follows the selection', { timeout: TIMEOUT }, async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const { page, errors } = await open(context, multi.samurai);
    const width = () => cellLoc(page, 0).evaluate((c) => c.getBoundingClientRect().width);
    assert.ok(await width() < 40, 'small cells before');
    assert.equal(await page.locator('#zoom').isVisible(), true, 'Zoom is offered');
    await page.locator('#zoom').tap();
    assert.equal(await page.locator('#zoom').getAttribute('aria-pressed'), 'true');
    assert.ok(await width() >= 44, `a zoomed cell is ${(await width()).toFixed(1)} px`);
    const scrolls = await page.locator('#viewport').evaluate((v) => v.scrollWidth > v.clientWidth && v.clientWidth <= 390);
    assert.ok(scrolls, 'the board scrolls inside a window as wide as the screen');
    // Tap a cell, then walk right along row 1 to the top-right grid: the selection stays in view.
    await cellLoc(page, 0).tap();
    for (let k = 0; k < 20; k++) await page.keyboard.press('ArrowRight');
    const inView = await page.evaluate(() => {
      const cell = document.querySelector('#board .cell.selected').getBoundingClientRect();
      const port = document.getElementById('viewport').getBoundingClientRect();
      return cell.left >= port.left - 1 && cell.right <= port.right + 1;
    });
    assert.ok(inView, 'the selected cell is scrolled into view');
    await page.screenshot({ path: join(shots, 'samurai-zoom-phone.png') });
    await page.locator('#zoom').tap();
    assert.ok(await width() < 40, 'Zoom off gives the whole board again');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

play('a 9x9 on a desktop needs no zoom', async ({ page }) => {
  assert.equal(await page.locator('#zoom').isVisible(), false);
});

// ---- every shape, on a desktop and a phone, light and dark -------------------------------------

/** Opens `url` (a puzzle of it chosen by `index`) in a context and saves a screenshot; checks that
 * the whole board is on the page and the page never scrolls sideways. */
async function shoot(url, index, name, options) {
  const context = await browser.newContext(options);
  try {
    const { page, errors } = await open(context, url);
    if (index > 0) await choosePuzzle(page, index);
    await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 10_000 });
    // A little play, so the shot shows digits, notes and a selection.
    const { puzzle } = await current(page);
    const open1 = empties(puzzle);
    await page.click('#pencil');
    await put(page, open1[1], puzzle.solution[open1[1]]);
    await page.click('#pencil');
    await put(page, open1[0], puzzle.solution[open1[0]]);
    const layout = await page.evaluate(() => {
      const board = document.getElementById('board').getBoundingClientRect();
      return { left: board.left, right: board.right, page: document.documentElement.scrollWidth, view: window.innerWidth };
    });
    assert.ok(layout.left >= 0 && layout.page <= layout.view + 1, `${name}: no sideways scrolling (${JSON.stringify(layout)})`);
    await page.screenshot({ path: join(shots, `shape-${name}.png`), fullPage: true });
    assert.deepEqual(errors, [], name);
  } finally {
    await context.close();
  }
}

test('screenshots of every shape and a constraint kind, desktop and phone, light and dark', { timeout: 240_000 }, async () => {
  const data = JSON.parse(readFileSync(fileURLToPath(bookUrl).replace(/book\.html$/, 'book.json'), 'utf8'));
  const pages = [['classic', bookUrl, 0]];
  const index = (variant, size) => data.puzzles.findIndex((p) => p.variant === variant && (p.size || 9) === size);
  for (const [variant, size] of [['diagonal', 9], ['window', 9], ['jigsaw', 9], ['classic', 6], ['classic', 16], ['killer', 9]]) {
    const i = index(variant, size);
    if (i >= 0) pages.push([`${variant}-${size}`, bookUrl, i]);
  }
  pages.push(['samurai', multi.samurai, 0], ['twodoku', multi.twodoku, 0], ['butterfly', multi.butterfly, 0],
    ['anti-knight', multi.antiknight, 0], ['four', multi.small, 0]);
  const desktop = { viewport: { width: 1280, height: 900 } };
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  for (const [name, url, i] of pages) {
    for (const [device, options] of [['desktop', desktop], ['phone', phone]]) {
      for (const scheme of ['light', 'dark']) {
        await shoot(url, i, `${name}-${device}-${scheme}`, { ...options, colorScheme: scheme });
      }
    }
  }
});

play('several cells selected (Ctrl+click, a drag, Shift+arrow) take a note at once, as one move', async ({ page }) => {
  const { puzzle, n } = await current(page);
  // Three empty cells of row 1 or the first row with three.
  const row = Array.from({ length: n }, (_, r) => empties(puzzle).filter((i) => Math.floor(i / n) === r)).find((cells) => cells.length >= 3);
  const [a, b, c] = row;
  await pick(page, a);
  await cellLoc(page, b).click({ modifiers: ['Control'] });
  await cellLoc(page, c).click({ modifiers: ['Control'] });
  assert.equal(await page.locator('#board .cell.selected').count(), 3);
  await page.keyboard.press('Shift+Digit4');
  for (const i of [a, b, c]) {
    assert.deepEqual((await cellLoc(page, i).locator('.marks span').allTextContents()).filter(Boolean), ['4'], `cell ${i}`);
  }
  const list = await moves(page);
  assert.equal(list[list.length - 1].text, '3 cells note 4 added');
  await page.keyboard.press('Shift+Digit4');
  for (const i of [a, b, c]) assert.equal(await cellLoc(page, i).locator('.marks').count(), 0, 'taken out of all');
  await cellLoc(page, b).click({ modifiers: ['Control'] });
  assert.equal(await page.locator('#board .cell.selected').count(), 2, 'Ctrl+click on a selected cell lets it go');
  // Escape lets the others go; a drag with the mouse selects what it passes.
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#board .cell.selected').count(), 1);
  const from = await cellLoc(page, row[0]).boundingBox();
  const to = await cellLoc(page, row[2]).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  assert.ok(await page.locator('#board .cell.selected').count() >= 3, 'the drag selects a run of cells');
  // Shift with an arrow adds the next cell; a plain arrow lets the others go.
  await pick(page, a);
  await page.keyboard.press('Shift+ArrowDown');
  assert.equal(await page.locator('#board .cell.selected').count(), 2);
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('#board .cell.selected').count(), 1);
});


play('Colour paints the selected cells, givens too; Erase clears; it survives a reload', async ({ page }) => {
  const { puzzle } = await current(page);
  const open1 = empties(puzzle)[0];
  const given = givens(puzzle)[0];
  const painted = (i) => cellLoc(page, i).evaluate((el) => el.classList.contains('painted') && getComputedStyle(el).backgroundImage !== 'none');
  await page.click('#colour');
  assert.equal(await page.locator('#colour').getAttribute('aria-pressed'), 'true');
  await pick(page, open1);
  await cellLoc(page, given).click({ modifiers: ['Control'] });
  await page.keyboard.press('3');
  assert.equal(await painted(open1), true);
  assert.equal(await painted(given), true, 'a given takes a colour');
  assert.equal((await cells(page))[open1], '', 'no digit was placed');
  const list = await moves(page);
  assert.equal(list[list.length - 1].text, '2 cells colour 3');
  await page.screenshot({ path: join(shots, 'colours.png') });
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.equal(await painted(given), true, 'kept across a reload');
  await page.click('#colour');
  await pick(page, given);
  await page.click('#erase');
  assert.equal(await painted(given), false);
  // Pencil switches Colour off: digits are notes again.
  await page.click('#pencil');
  assert.equal(await page.locator('#colour').getAttribute('aria-pressed'), 'false');
});

play('New puzzle on an anti-king jigsaw keeps its regions and its rule', async ({ page }) => {
  await engineReady(page);
  const before = await current(page);
  await page.click('#new');
  await page.waitForFunction(() => document.querySelectorAll('#pick option').length === 2, null, { timeout: 20_000 });
  assert.equal((await message(page)).cls, 'good');
  const made = await current(page);
  assert.equal(made.shape.rules, before.shape.rules, 'the same regions and rule');
  assert.notEqual(made.puzzle.givens, before.puzzle.givens);
  // Its solution keeps the anti-king rule: no two diagonal neighbours hold one digit.
  const sol = made.puzzle.solution;
  for (let i = 0; i < 81; i++) {
    for (const j of [i + 8, i + 10]) {
      const touching = j < 81 && Math.abs((i % 9) - (j % 9)) === 1;
      if (touching) assert.notEqual(sol[i], sol[j], `cells ${i} and ${j}`);
    }
  }
}, { page: 'antikingJigsaw' });


play('Centre marks: digits in a row across the middle, in several cells at once, apart from corner notes', async ({ page }) => {
  const { puzzle, n } = await current(page);
  const row = Array.from({ length: n }, (_, r) => empties(puzzle).filter((i) => Math.floor(i / n) === r)).find((c) => c.length >= 2);
  const [a, b] = row;
  await page.click('#centre');
  assert.equal(await page.locator('#centre').getAttribute('aria-pressed'), 'true');
  await pick(page, a);
  await cellLoc(page, b).click({ modifiers: ['Control'] });
  await page.keyboard.press('2');
  await page.keyboard.press('7');
  for (const i of [a, b]) assert.deepEqual(await cellLoc(page, i).locator('.centre span').allTextContents(), ['2', '7']);
  assert.equal((await cells(page))[a], '', 'no digit placed');
  // Shift+digit still pencils a corner note; both show, and the cell's name says both.
  await pick(page, a);
  await page.keyboard.press('Shift+Digit5');
  assert.deepEqual((await cellLoc(page, a).locator('.marks span').allTextContents()).filter(Boolean), ['5']);
  assert.match(await cellLoc(page, a).getAttribute('aria-label'), /notes 5, centre 2 7$/);
  // The centre marks sit inside the cell.
  const [cell, centre] = await cellLoc(page, a).evaluate((el) => [el.getBoundingClientRect(), el.querySelector('.centre').getBoundingClientRect()].map((r) => [r.left, r.right, r.top, r.bottom]));
  assert.ok(centre[0] >= cell[0] && centre[1] <= cell[1] && centre[2] >= cell[2] && centre[3] <= cell[3], 'inside its cell');
  // The corner note stays in sight: above or below the centre marks, never under them.
  const [note, band] = await cellLoc(page, a).evaluate((el) => [el.querySelector('.marks span:not(:empty)').getBoundingClientRect(), el.querySelector('.centre').getBoundingClientRect()].map((r) => [r.top, r.bottom]));
  assert.ok(note[1] <= band[0] + 1 || note[0] >= band[1] - 1, `the note (${note}) clears the centre marks (${band})`);
  await page.screenshot({ path: join(shots, 'centre-marks.png') });
  await page.reload();
  await page.waitForSelector('#board .cell');
  assert.deepEqual(await cellLoc(page, b).locator('.centre span').allTextContents(), ['2', '7'], 'kept across a reload');
});

test('a browser that refuses workers gets its hints and new puzzles from the page itself', { timeout: TIMEOUT }, async () => {
  const context = await browser.newContext();
  try {
    await context.addInitScript(() => { window.Worker = function () { throw new Error('no workers here'); }; });
    const { page, errors } = await open(context);
    await engineReady(page);
    const m = await askHint(page);
    assert.match(m.text, /^Hint: .+ — look at /);
    const count = await page.locator('#pick option').count();
    await page.click('#new');
    await page.waitForFunction((c) => document.querySelectorAll('#pick option').length === c + 1, count, { timeout: 20_000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a browser without WebAssembly plays on: houses checked here, hints say why they cannot come', { timeout: TIMEOUT }, async () => {
  const context = await browser.newContext();
  try {
    await context.addInitScript(() => { delete window.WebAssembly; });
    const { page, errors } = await open(context);
    await page.waitForFunction(() => document.body.dataset.engine, null, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.body.dataset.engine), 'failed');
    const { puzzle, n } = await current(page);
    // Two copies of a digit in row 1 are still marked.
    const row = empties(puzzle).filter((i) => i < n);
    await put(page, row[0], '9');
    await put(page, row[1], '9');
    for (const i of row.slice(0, 2)) assert.ok(await cellLoc(page, i).evaluate((el) => el.classList.contains('conflict')));
    await page.click('#hint');
    const m = await message(page);
    assert.equal(m.cls, 'error');
    assert.match(m.text, /cannot run in this browser/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
