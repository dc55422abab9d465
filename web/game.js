// The rules of play, without the page: the state of one puzzle (the player's digits and pencil
// marks), the list of moves with undo, redo and going back to any move, checks (conflicts, wrong
// digits, solved), key validation, and saving to and restoring from plain JSON. Runs in the
// browser (window.SudokuGame) and in Node for the unit tests (web/test/game.test.js).
(function (root, factory) {
  const api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.SudokuGame = api;
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';
  // The page's words (web/words.js): English unless the book's language is set.
  const W = typeof require === 'function' ? require('./words.js') : self.SudokuWords;
  const t = W.t;

  const SYMBOLS = '.123456789ABCDEFGHIJKLMNOP';

  /** The symbol of a value: '.' for 0, then 1-9, then A for 10 and so on. */
  function symbolOf(value) {
    return SYMBOLS[value] || '?';
  }

  /** The value of a symbol ('a' and 'A' are 10), or -1 when it is no symbol. */
  function valueOf(symbol) {
    return SYMBOLS.indexOf(String(symbol).toUpperCase());
  }

  /**
   * Where the cells of a shape `{ size, frame?, at? }` sit: `rows × cols` frame positions, and
   * `at[cell]` the position (`row * cols + col`) of each cell. A plain N×N grid fills its frame
   * (`at` is then null: cell i is at position i); a multi-grid (Samurai…) gives `frame: [rows,
   * cols]` and `at`, its cells numbered compactly in frame order, skipping positions with no cell.
   */
  function layoutOf(shape) {
    const n = shape.size;
    const at = Array.isArray(shape.at) && shape.at.length ? shape.at : null;
    const [rows, cols] = Array.isArray(shape.frame) ? shape.frame : [n, n];
    const cells = at ? at.length : n * n;
    const byPosition = new Array(rows * cols).fill(-1);
    for (let cell = 0; cell < cells; cell++) byPosition[at ? at[cell] : cell] = cell;
    return { n, rows, cols, cells, at, byPosition };
  }

  /** The 0-based frame [row, column] of a cell. */
  function rowCol(layout, cell) {
    const position = layout.at ? layout.at[cell] : cell;
    return [Math.floor(position / layout.cols), position % layout.cols];
  }

  /** The cell at a frame position, or -1 (outside the frame, or no cell there). */
  function cellAt(layout, row, col) {
    if (row < 0 || col < 0 || row >= layout.rows || col >= layout.cols) return -1;
    return layout.byPosition[row * layout.cols + col];
  }

  /** A layout from what callers pass: a layout, a shape, or N for an N×N grid. */
  function asLayout(where) {
    if (typeof where === 'number') return layoutOf({ size: where });
    return where && where.byPosition ? where : layoutOf(where);
  }

  /** 'r1c9' for cell 8 of a 9×9 grid (`where`: N, a shape or a layout); frame rows and columns. */
  function cellName(cell, where) {
    const [r, c] = rowCol(asLayout(where), cell);
    return 'r' + (r + 1) + 'c' + (c + 1);
  }

  /**
   * The cell an arrow key leads to from `cell` (`dr`, `dc` one of ±1, 0): the next cell in that
   * direction, jumping over frame positions with no cell; `cell` itself at the frame's edge.
   */
  function step(layout, cell, dr, dc) {
    let [r, c] = rowCol(layout, cell);
    for (;;) {
      r += dr;
      c += dc;
      if (r < 0 || c < 0 || r >= layout.rows || c >= layout.cols) return cell;
      const next = cellAt(layout, r, c);
      if (next >= 0) return next;
    }
  }

  /** The first (`last` false) or last cell of a cell's frame row (Home and End). */
  function rowEnd(layout, cell, last) {
    const [r] = rowCol(layout, cell);
    const cols = Array.from({ length: layout.cols }, (_, c) => cellAt(layout, r, c)).filter((x) => x >= 0);
    return last ? cols[cols.length - 1] : cols[0];
  }

  /** The digits of an N×N grid as the player types them: '1–9', '1–9, A–G'. */
  function digitRange(n) {
    if (n <= 9) return '1–' + n;
    return '1–9, A–' + symbolOf(n);
  }

  /**
   * What a typed key means on an N×N grid: `{ digit }` for a digit of the grid, `{ error }` for
   * a character that is not one, `null` for a key that is not a character (arrows, Shift…).
   */
  function keyDigit(key, n) {
    if (typeof key !== 'string' || key.length !== 1 || key === ' ') return null;
    const value = valueOf(key);
    if (value >= 1 && value <= n) return { digit: value };
    const shown = key === '0' ? '0' : JSON.stringify(key);
    return { error: t('bad_key', { key: shown, n, range: digitRange(n) }) };
  }

  function toValues(cells, count) {
    if (typeof cells === 'string') return Array.from(cells, valueOf).map((v) => (v < 0 ? 0 : v));
    return Array.from(cells || [], Number).slice(0, count);
  }

  /**
   * A new game of a puzzle `{ size, givens, frame?, at? }` (givens: symbols or values; `frame`
   * and `at` as in `layoutOf`, for a multi-grid).
   */
  function create(puzzle) {
    const n = puzzle.size;
    const layout = layoutOf(puzzle);
    const givens = toValues(puzzle.givens, layout.cells);
    return {
      n,
      layout,
      givens,
      values: givens.slice(),
      marks: givens.map(() => 0),
      colours: givens.map(() => 0),
      centre: givens.map(() => 0),
      history: [],
      pos: 0,
      elapsed: 0,
      solved: false,
      revealed: false,
    };
  }

  /** A cell's contents: digit, corner notes, colour and centre marks. */
  function snapshot(state, cell) {
    return [state.values[cell], state.marks[cell], state.colours[cell], state.centre[cell]];
  }

  /** Sets a cell's digit and notes, and its colour and centre marks when the change has them
   * (a change of two leaves both as they are: moves saved before they existed). */
  function setCell(state, cell, [value, marks, colour, centre]) {
    state.values[cell] = value;
    state.marks[cell] = marks;
    if (colour !== undefined) state.colours[cell] = colour;
    if (centre !== undefined) state.centre[cell] = centre;
  }

  /** Records and applies a move: the cells' contents before and after (the redo tail is dropped). */
  function commit(state, changes, kind) {
    const move = { k: kind, ch: changes };
    state.history.length = state.pos;
    state.history.push(move);
    state.pos += 1;
    for (const change of changes) setCell(state, change.c, change.a);
    return move;
  }

  function lockedMessage(state, cell) {
    const nameOf = state.nameOf || symbolOf;
    return t('locked', { cell: cellName(cell, state.layout), value: nameOf(state.givens[cell]) });
  }

  /**
   * Places `digit` in `cell` (clearing its pencil marks), and takes the digit out of the notes
   * of `peers` (the cells sharing a house or cage with it), all in one move that Undo takes back.
   */
  function place(state, cell, digit, peers = []) {
    if (state.givens[cell]) return { ok: false, message: lockedMessage(state, cell) };
    if (!(digit >= 1 && digit <= state.n)) return { ok: false, message: t('not_a_digit') };
    if (state.values[cell] === digit) return { ok: true, changed: false };
    const changes = [{ c: cell, b: snapshot(state, cell), a: [digit, 0] }];
    const bit = 1 << (digit - 1);
    for (const peer of new Set(peers)) {
      if (peer !== cell && !state.values[peer] && (state.marks[peer] | state.centre[peer]) & bit) {
        const [, marks, colour, centre] = snapshot(state, peer);
        changes.push({ c: peer, b: snapshot(state, peer), a: [0, marks & ~bit, colour, centre & ~bit] });
      }
    }
    const move = commit(state, changes, 'place');
    return { ok: true, changed: true, move };
  }

  /**
   * Pencils every empty cell's candidates (`masks`, a mask a cell, as the engine computes them
   * from the values and every rule) in one move; cells whose notes are already those are left.
   */
  function fillNotes(state, masks) {
    const changes = [];
    state.values.forEach((value, cell) => {
      const mask = masks[cell] & ((1 << state.n) - 1);
      if (!value && !state.givens[cell] && state.marks[cell] !== mask) {
        changes.push({ c: cell, b: snapshot(state, cell), a: [0, mask] });
      }
    });
    if (!changes.length) return { ok: true, changed: false };
    return { ok: true, changed: true, move: commit(state, changes, 'fill') };
  }

  /**
   * Toggles the centre mark `digit` (SudokuPad's centre marks: the candidates a solver has
   * narrowed a cell to) in the empty cells of `cells`, as one move: added to every one when some
   * lack it, else taken out of all.
   */
  function toggleCentre(state, cells, digit) {
    const open = Array.from(new Set(cells)).filter((cell) => !state.givens[cell] && !state.values[cell]);
    if (!open.length) {
      const cell = cells[0];
      return { ok: false, message: state.givens[cell] ? lockedMessage(state, cell) : t('clear_first', { cell: cellName(cell, state.layout) }) };
    }
    if (!(digit >= 1 && digit <= state.n)) return { ok: false, message: t('not_a_digit') };
    const bit = 1 << (digit - 1);
    const adding = open.some((cell) => !(state.centre[cell] & bit));
    const changes = open
      .filter((cell) => Boolean(state.centre[cell] & bit) !== adding)
      .map((cell) => {
        const [value, marks, colour, centre] = snapshot(state, cell);
        return { c: cell, b: snapshot(state, cell), a: [value, marks, colour, adding ? centre | bit : centre & ~bit] };
      });
    return { ok: true, changed: true, move: commit(state, changes, 'centre') };
  }

  /** The colours a cell can be painted (1–9; 0: none). */
  const COLOURS = 9;

  /**
   * Paints `cells` with colour `colour` (1–9, 0 clears), as one move; givens too (colours mark
   * what a solver sees, as in SudokuPad). Painting every cell its colour again clears them.
   */
  function paint(state, cells, colour) {
    if (!(Number.isInteger(colour) && colour >= 0 && colour <= COLOURS)) return { ok: false, message: t('not_a_digit') };
    const unique = Array.from(new Set(cells));
    const clear = colour && unique.every((cell) => state.colours[cell] === colour);
    const target = clear ? 0 : colour;
    const changes = unique
      .filter((cell) => state.colours[cell] !== target)
      .map((cell) => ({ c: cell, b: snapshot(state, cell), a: [state.values[cell], state.marks[cell], target, state.centre[cell]] }));
    if (!changes.length) return { ok: true, changed: false };
    return { ok: true, changed: true, move: commit(state, changes, 'colour') };
  }

  /** Removes the digit (or else the pencil marks) the player put in `cell`. */
  function clear(state, cell) {
    if (state.givens[cell]) return { ok: false, message: lockedMessage(state, cell) };
    if (!state.values[cell] && !state.marks[cell] && !state.centre[cell]) {
      return { ok: false, message: t('already_empty', { cell: cellName(cell, state.layout) }) };
    }
    const move = commit(state, [{ c: cell, b: snapshot(state, cell), a: [0, 0, state.colours[cell], 0] }], 'clear');
    return { ok: true, changed: true, move };
  }

  /** Adds or removes the pencil mark `digit` in an empty cell. */
  function toggleMark(state, cell, digit) {
    if (state.givens[cell]) return { ok: false, message: lockedMessage(state, cell) };
    if (state.values[cell]) {
      return { ok: false, message: t('clear_first', { cell: cellName(cell, state.layout) }) };
    }
    if (!(digit >= 1 && digit <= state.n)) return { ok: false, message: t('not_a_digit') };
    const marks = state.marks[cell] ^ (1 << (digit - 1));
    const last = state.pos === state.history.length ? state.history[state.pos - 1] : null;
    if (last && last.k === 'mark' && last.ch.length === 1 && last.ch[0].c === cell) {
      return amendNotes(state, last, marks, digit);
    }
    const move = commit(state, [{ c: cell, b: snapshot(state, cell), a: [0, marks] }], 'mark');
    return { ok: true, changed: true, move };
  }

  /**
   * Pencils `digit` in several cells at once (a multi-cell selection), as one move: added to
   * every empty cell when some lack it, else taken out of all. Givens and filled cells are left.
   */
  function toggleMarks(state, cells, digit) {
    const open = cells.filter((cell) => !state.givens[cell] && !state.values[cell]);
    if (open.length < 2) return open.length ? toggleMark(state, open[0], digit) : { ok: false, message: t('not_a_digit') };
    if (!(digit >= 1 && digit <= state.n)) return { ok: false, message: t('not_a_digit') };
    const bit = 1 << (digit - 1);
    const adding = open.some((cell) => !(state.marks[cell] & bit));
    const changes = open
      .filter((cell) => Boolean(state.marks[cell] & bit) !== adding)
      .map((cell) => ({ c: cell, b: snapshot(state, cell), a: [0, adding ? state.marks[cell] | bit : state.marks[cell] & ~bit] }));
    return { ok: true, changed: true, move: commit(state, changes, 'mark') };
  }

  /**
   * Notes pencilled into the cell of the last move, one after another, are one move (one line in
   * the list, one Undo); when they come back to where the move started, the move goes.
   */
  function amendNotes(state, move, marks, digit) {
    const change = move.ch[0];
    change.a = [0, marks];
    setCell(state, change.c, change.a);
    if (marks !== change.b[1]) return { ok: true, changed: true, move };
    state.history.pop();
    state.pos -= 1;
    const nameOf = state.nameOf || symbolOf;
    const list = nameOf(digit);
    const changes = marks & (1 << (digit - 1)) ? t('added', { list }) : t('removed', { list });
    return { ok: true, changed: true, message: t('move_note', { cell: cellName(change.c, state.layout), changes }) };
  }

  /** Fills every cell with the solution, as one move that Undo takes back. */
  function reveal(state, solution) {
    const target = toValues(solution, state.values.length);
    const changes = [];
    target.forEach((value, cell) => {
      if (state.values[cell] !== value || state.marks[cell]) {
        changes.push({ c: cell, b: snapshot(state, cell), a: [value, 0] });
      }
    });
    if (!changes.length) return { ok: true, changed: false };
    state.revealed = true;
    return { ok: true, changed: true, move: commit(state, changes, 'reveal') };
  }

  /** Takes back the last move; false when there is none. */
  function undo(state) {
    if (state.pos === 0) return false;
    state.pos -= 1;
    for (const change of state.history[state.pos].ch) setCell(state, change.c, change.b);
    return true;
  }

  /** Makes the next undone move again; false when there is none. */
  function redo(state) {
    if (state.pos >= state.history.length) return false;
    for (const change of state.history[state.pos].ch) setCell(state, change.c, change.a);
    state.pos += 1;
    return true;
  }

  /** Goes to the state after the first `pos` moves (0: the start), keeping the later ones for redo. */
  function goTo(state, pos) {
    const target = Math.max(0, Math.min(pos, state.history.length));
    while (state.pos > target) undo(state);
    while (state.pos < target) redo(state);
  }

  function markList(marks, nameOf = symbolOf) {
    const list = [];
    for (let d = 1; marks >> (d - 1); d++) if (marks & (1 << (d - 1))) list.push(nameOf(d));
    return list.join(',');
  }

  /**
   * How the moves list shows a move: 'r1c9 = 4', 'r1c9 cleared', 'r1c9 note 4 added' (`where`:
   * N, a shape or a layout, for the cell names).
   */
  function moveLabel(move, where, nameOf = symbolOf) {
    if (move.k === 'reveal') return t('move_reveal');
    if (move.k === 'centre') {
      const cells = move.ch.length > 1 ? t('cells_n', { n: move.ch.length }) : cellName(move.ch[0].c, where);
      const added = move.ch[0].a[3] & ~move.ch[0].b[3];
      const list = markList(added || move.ch[0].b[3] & ~move.ch[0].a[3], nameOf);
      return t('move_centre', { cell: cells, changes: t(added ? 'added' : 'removed', { list }) });
    }
    if (move.k === 'colour') {
      const cells = move.ch.length > 1 ? t('cells_n', { n: move.ch.length }) : cellName(move.ch[0].c, where);
      const colour = move.ch[0].a[2];
      return colour ? t('move_colour', { cell: cells, colour }) : t('move_uncolour', { cell: cells });
    }
    if (move.k === 'fill') return move.ch.length === 1 ? t('move_fill_one') : t('move_fill', { n: move.ch.length });
    const { c, b, a } = move.ch[0];
    const name = move.k === 'mark' && move.ch.length > 1 ? t('cells_n', { n: move.ch.length }) : cellName(c, where);
    if (a[0]) return t('move_place', { cell: name, value: nameOf(a[0]) });
    if (b[0]) return t('move_clear', { cell: name });
    const added = a[1] & ~b[1];
    const removed = b[1] & ~a[1];
    if (!a[1]) return t('move_notes_cleared', { cell: name });
    const parts = [];
    if (added) parts.push(t('added', { list: markList(added, nameOf) }));
    if (removed) parts.push(t('removed', { list: markList(removed, nameOf) }));
    const several = (added | removed) & ((added | removed) - 1);
    return t(several ? 'move_notes' : 'move_note', { cell: name, changes: parts.join(', ') });
  }

  /** Cells whose digit is repeated in one of their houses (givens included), ascending. */
  function conflicts(state, houses) {
    const found = new Set();
    for (const house of houses) {
      const seen = new Map();
      for (const cell of house) {
        const value = state.values[cell];
        if (!value) continue;
        if (seen.has(value)) {
          found.add(cell);
          found.add(seen.get(value));
        } else seen.set(value, cell);
      }
    }
    return Array.from(found).sort((x, y) => x - y);
  }

  /** How many digits the player placed that differ from the solution. */
  function wrongCount(state, solution) {
    const target = toValues(solution, state.values.length);
    let wrong = 0;
    state.values.forEach((value, cell) => {
      if (value && !state.givens[cell] && value !== target[cell]) wrong += 1;
    });
    return wrong;
  }

  /**
   * How many of each value are still to place (index `d - 1`): the solution's count of `d`
   * less the cells holding `d` now (never below 0; a wrong `d` counts as placed, as on paper).
   */
  function remaining(state, solution) {
    const target = toValues(solution, state.values.length);
    const left = new Array(state.n).fill(0);
    target.forEach((d) => { if (d >= 1 && d <= state.n) left[d - 1] += 1; });
    state.values.forEach((d) => { if (d >= 1 && d <= state.n) left[d - 1] -= 1; });
    return left.map((k) => Math.max(0, k));
  }

  /** The mistakes made so far: placements (up to the current move) of a digit the solution
   * does not have there. Undoing a move takes its mistake back. */
  function mistakes(state, solution) {
    const target = toValues(solution, state.values.length);
    let count = 0;
    for (const move of state.history.slice(0, state.pos)) {
      if (move.k !== 'place') continue;
      const { c, a } = move.ch[0];
      if (a[0] && a[0] !== target[c]) count += 1;
    }
    return count;
  }

  /** 'solved', 'wrong' (every cell filled, some wrong) or 'open'. */
  function status(state, solution) {
    if (state.values.some((v) => !v)) return 'open';
    return wrongCount(state, solution) ? 'wrong' : 'solved';
  }

  /** '4:05', '1:02:03'. */
  function formatTime(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    const two = (x) => String(x).padStart(2, '0');
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return h ? h + ':' + two(m) + ':' + two(s % 60) : m + ':' + two(s % 60);
  }

  /** The state as plain JSON-able data (for localStorage). */
  function save(state) {
    return {
      v: 1,
      history: state.history,
      pos: state.pos,
      elapsed: state.elapsed,
      solved: state.solved,
      revealed: state.revealed,
    };
  }

  function validChange(change, state) {
    const ok = (pair) =>
      Array.isArray(pair) && pair.length >= 2 && pair.length <= 4 && Number.isInteger(pair[0]) && pair[0] >= 0 &&
      pair[0] <= state.n && Number.isInteger(pair[1]) && pair[1] >= 0 && pair[1] < 1 << state.n &&
      (pair.length < 3 || (Number.isInteger(pair[2]) && pair[2] >= 0 && pair[2] <= COLOURS)) &&
      (pair.length < 4 || (Number.isInteger(pair[3]) && pair[3] >= 0 && pair[3] < 1 << state.n));
    if (!(change && Number.isInteger(change.c) && change.c >= 0 && change.c < state.values.length && ok(change.b) && ok(change.a))) {
      return false;
    }
    // A given's cell takes a colour only: its digit stays, it has no notes.
    const given = state.givens[change.c];
    return !given || [change.a, change.b].every((pair) => pair[0] === given && pair[1] === 0 && !pair[3]);
  }

  /** A game restored from `save` output; a fresh game when the data is missing or does not fit. */
  function restore(puzzle, saved) {
    const state = create(puzzle);
    if (!saved || saved.v !== 1 || !Array.isArray(saved.history)) return state;
    const moves = saved.history;
    const fits = moves.every((m) => m && Array.isArray(m.ch) && m.ch.every((c) => validChange(c, state)));
    if (!fits) return state;
    state.history = moves.map((m) => ({ k: String(m.k), ch: m.ch }));
    const pos = Number.isInteger(saved.pos) ? saved.pos : 0;
    // Replay every move, then step back to the saved position.
    for (const move of state.history) for (const change of move.ch) setCell(state, change.c, change.a);
    state.pos = state.history.length;
    goTo(state, pos);
    state.elapsed = Number.isFinite(saved.elapsed) && saved.elapsed > 0 ? saved.elapsed : 0;
    state.solved = Boolean(saved.solved);
    state.revealed = Boolean(saved.revealed);
    return state;
  }

  /** A short, stable hash of a text (FNV-1a, 32 bits, hex): names a puzzle in storage keys. */
  function hash(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  }

  // ---- a puzzle made in the page: its own shape, as stored ------------------------------------
  /** The attributes the engine's drawing writes (`sudoku_draw::page_svg`), and nothing else. */
  const DRAWING_ATTRIBUTE = /^(d|fill|stroke|stroke-width|stroke-linecap|stroke-dasharray|x|y|font-size|text-anchor|font-weight)$/;
  /** Paints are colours the engine writes (`#rrggbb` or none), never a reference to fetch. */
  const PAINT = /^(fill|stroke)$/;

  /** Whether `svg` is a drawing the engine could have written: paths and texts with its
   * attributes only (what is kept in storage may have been changed by anyone). */
  function isDrawing(svg) {
    const element = /<path((?: [a-z-]+="[^"<>]*")*)\/>|<text((?: [a-z-]+="[^"<>]*")*)>[^<>]*<\/text>/y;
    for (let at = 0; at < svg.length;) {
      element.lastIndex = at;
      const found = element.exec(svg);
      if (!found) return false;
      const attributes = Array.from((found[1] || found[2] || '').matchAll(/([a-z-]+)="([^"]*)"/g));
      if (!attributes.every(([, name, value]) => DRAWING_ATTRIBUTE.test(name) &&
        (!PAINT.test(name) || /^(#[0-9a-f]{6}|none)$/.test(value)))) return false;
      at = element.lastIndex;
    }
    return true;
  }

  /**
   * A made puzzle's own shape (`{ rules, cages, drawing, view }`, as the engine answered it)
   * when it is whole and of `cells` cells; null for anything else.
   */
  function ownShape(own, cells) {
    if (!own || typeof own !== 'object') return null;
    const cell = (i) => Number.isInteger(i) && i >= 0 && i < cells;
    const cageOk = (c) => c && Array.isArray(c.cells) && c.cells.every(cell) && Number.isInteger(c.sum);
    const ok = typeof own.rules === 'string' && Array.isArray(own.cages) && own.cages.every(cageOk) &&
      typeof own.drawing === 'string' && isDrawing(own.drawing) && Number.isFinite(own.view) && own.view > 0;
    return ok ? { rules: own.rules, cages: own.cages, drawing: own.drawing, view: own.view } : null;
  }

  return {
    symbolOf, valueOf, layoutOf, rowCol, cellAt, cellName, step, rowEnd, digitRange, keyDigit, create, toValues, place, clear, toggleMark, toggleMarks, toggleCentre, fillNotes, paint, COLOURS, reveal,
    undo, redo, goTo, moveLabel, conflicts, wrongCount, remaining, mistakes, status, formatTime, save, restore,
    hash, ownShape,
  };
});
