// The page: draws the chosen puzzle (the printed book's lines and shading from the data, the
// cells as an accessible grid), handles mouse, touch and keyboard, shows the moves list,
// messages, hints and the timer, and keeps each puzzle's progress in localStorage.
(function () {
  'use strict';
  const G = window.SudokuGame;
  const S = window.SudokuSolver;
  const data = JSON.parse(document.getElementById('data').textContent);
  const $ = (id) => document.getElementById(id);
  const board = $('board');
  const prefix = 'sudoku-book:' + data.seed + ':';
  const extrasKey = prefix + G.hash(data.title) + ':new';
  const MAX_MADE = 50;

  const ui = { puzzle: null, shape: null, state: null, cells: [], selected: 0, pencil: false,
    hinted: [], hintHouses: [], timer: null, canStore: true };

  // ---- storage -------------------------------------------------------------------------------
  function load(key) {
    try {
      const text = window.localStorage.getItem(key);
      return text ? JSON.parse(text) : null;
    } catch (e) {
      return null;
    }
  }

  function store(key, value) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      if (ui.canStore) say('Progress cannot be saved in this browser (storage is off or full).', 'error');
      ui.canStore = false;
    }
  }

  function progressKey(puzzle) {
    return prefix + puzzle.id + ':' + G.hash(puzzle.givens);
  }

  function saveProgress() {
    if (ui.state) store(progressKey(ui.puzzle), G.save(ui.state));
  }

  // ---- the puzzles ---------------------------------------------------------------------------
  function extras() {
    const list = load(extrasKey);
    const fits = (p) => {
      const shape = p && data.shapes[p.shape];
      const cells = shape ? G.layoutOf(shape).cells : -1;
      return shape && typeof p.givens === 'string' && typeof p.solution === 'string' &&
        p.givens.length === cells && p.solution.length === cells;
    };
    return Array.isArray(list) ? list.filter(fits) : [];
  }

  function allPuzzles() {
    return data.puzzles.concat(extras());
  }

  function label(puzzle) {
    if (puzzle.made) return 'New ' + puzzle.made + ' (made here, unrated)';
    const level = puzzle.level ? ' · ' + puzzle.level : '';
    return (data.puzzles.length > 1 ? '#' + puzzle.id : 'Puzzle') + level;
  }

  /** The puzzle list, grouped by section (and the puzzles made here). */
  function fillPicker(selectedKey) {
    const pick = $('pick');
    pick.textContent = '';
    let group = null;
    let groupName = null;
    allPuzzles().forEach((p, i) => {
      const name = p.made ? 'Made here' : p.section;
      if (name && name !== groupName) {
        group = document.createElement('optgroup');
        group.label = name;
        pick.appendChild(group);
        groupName = name;
      }
      const option = document.createElement('option');
      option.value = String(i);
      option.textContent = label(p);
      if (progressKey(p) === selectedKey) option.selected = true;
      (name ? group : pick).appendChild(option);
    });
    // One puzzle (a `play` page): no list to pick from, no previous or next.
    const single = allPuzzles().length < 2;
    for (const id of ['prev', 'next', 'pick']) $(id).hidden = single;
    document.querySelector('label[for="pick"]').hidden = single;
  }

  function choose(index) {
    const list = allPuzzles();
    if (!list.length) return;
    const i = Math.max(0, Math.min(index, list.length - 1));
    saveProgress();
    ui.puzzle = list[i];
    ui.shape = data.shapes[ui.puzzle.shape];
    ui.state = G.restore(game(), load(progressKey(ui.puzzle)));
    ui.state.nameOf = nameOf;
    $('pick').value = String(i);
    $('prev').disabled = i === 0;
    $('next').disabled = i === list.length - 1;
    ui.selected = ui.state.givens.findIndex((v) => !v);
    if (ui.selected < 0) ui.selected = 0;
    clearHint();
    buildBoard();
    say('');
    render();
    try {
      window.history.replaceState(null, '', '#' + (i + 1));
    } catch (e) { /* a file: page may refuse; the fragment only helps reloads */ }
  }

  /** What the rules need of the chosen puzzle: its shape (size, frame) and givens. */
  function game() {
    const { size, frame, at } = ui.shape;
    return { size, frame, at, givens: ui.puzzle.givens };
  }

  // ---- drawing -------------------------------------------------------------------------------
  function describe() {
    const n = ui.shape.size;
    const score = ui.puzzle.score ? ' · score ' + ui.puzzle.score.toFixed(1) : '';
    const section = ui.puzzle.section ? ' · ' + ui.puzzle.section : '';
    const where = ui.shape.frame ? ' (' + ui.state.layout.cells + ' cells)' : ' ' + n + '×' + n;
    return label(ui.puzzle) + section + ' · ' + ui.shape.variant + where + score;
  }

  function buildBoard() {
    const n = ui.shape.size;
    const layout = ui.state.layout;
    const side = Math.max(layout.rows, layout.cols);
    const frame = $('frame');
    frame.style.setProperty('--n', side);
    frame.style.setProperty('--rows', layout.rows);
    frame.style.setProperty('--cols', layout.cols);
    frame.style.setProperty('--m', Math.ceil(Math.sqrt(n)));
    frame.classList.toggle('killer', Boolean(ui.shape.cages && ui.shape.cages.length));
    frame.classList.toggle('multi', Boolean(ui.shape.frame));
    frame.classList.toggle('large', side > 9 && !ui.shape.frame);
    const lines = $('lines');
    lines.setAttribute('viewBox', '0 0 ' + side * 10 + ' ' + side * 10);
    lines.innerHTML = ui.shape.drawing;
    const over = $('over');
    over.setAttribute('viewBox', lines.getAttribute('viewBox'));
    over.textContent = '';
    for (const text of lines.querySelectorAll('text')) over.appendChild(text);
    board.textContent = '';
    board.setAttribute('aria-label', describe() + '. Arrow keys move, digits place, Delete removes.');
    board.setAttribute('aria-rowcount', String(layout.rows));
    board.setAttribute('aria-colcount', String(layout.cols));
    $('about').textContent = describe();
    ui.cells = [];
    for (let r = 0; r < layout.rows; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.setAttribute('aria-rowindex', String(r + 1));
      for (let c = 0; c < layout.cols; c++) {
        const index = G.cellAt(layout, r, c);
        if (index >= 0) ui.cells[index] = row.appendChild(makeCell(index, r, c));
      }
      if (row.firstChild) board.appendChild(row);
    }
    buildPad(n);
  }

  /** The cell's hit area, placed on its frame row and column. */
  function makeCell(index, r, c) {
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.setAttribute('role', 'gridcell');
    cell.setAttribute('aria-colindex', String(c + 1));
    cell.style.gridRow = String(r + 1);
    cell.style.gridColumn = String(c + 1);
    cell.dataset.cell = String(index);
    cell.id = 'cell-' + G.cellName(index, ui.state.layout);
    cell.tabIndex = -1;
    cell.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      select(index);
    });
    return cell;
  }

  // ---- symbols: what a value shows as (digits, or the book's letters, numbers, pictures) ----
  /** The puzzle's symbols (`[{ name, text } | { name, path, fill? }]`), or null for digits. */
  function symbolsOf() {
    return (ui.puzzle && ui.puzzle.symbols) || null;
  }

  /** A value as words name it: the digit, the letter or number, or the picture's name. */
  function nameOf(d) {
    const s = symbolsOf();
    return s && s[d - 1] ? s[d - 1].name : G.symbolOf(d);
  }

  /** Shows value `d` in an element: its text, or its picture drawn in SVG. */
  function paint(el, d) {
    const s = symbolsOf();
    const sym = s && s[d - 1];
    if (!sym || sym.text !== undefined) {
      el.textContent = sym ? sym.text : G.symbolOf(d);
      return;
    }
    el.textContent = '';
    el.appendChild(picture(sym));
  }

  function picture(sym) {
    const NS = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '-0.5 -0.5 1 1');
    svg.setAttribute('class', 'pic');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS(NS, 'path');
    path.setAttribute('d', sym.path);
    if (sym.fill) {
      const disc = document.createElementNS(NS, 'circle');
      disc.setAttribute('r', '0.48');
      disc.setAttribute('fill', sym.fill);
      svg.appendChild(disc);
      path.setAttribute('transform', 'scale(0.55)');
      path.setAttribute('fill', isLight(sym.fill) ? '#000' : '#fff');
    } else path.setAttribute('fill', 'currentColor');
    svg.appendChild(path);
    return svg;
  }

  function isLight(hex) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return 0.299 * r + 0.587 * g + 0.114 * b > 140;
  }

  /** The value a key types: a symbol's letter or number, else a digit 1..N (pictures are
   * typed by their place in the pad). */
  function typed(key) {
    const s = symbolsOf();
    if (s && typeof key === 'string' && key.length === 1 && key !== ' ') {
      const i = s.findIndex((x) => x.text !== undefined && x.text.toUpperCase() === key.toUpperCase());
      if (i >= 0) return { digit: i + 1 };
      const result = G.keyDigit(key, ui.shape.size);
      if (result && result.error && s[0].text !== undefined) {
        const letters = padOrder(s.length).map((d) => s[d - 1].text);
        return { error: JSON.stringify(key) + ' is not a symbol of this grid: type ' + letters.join(' ') };
      }
      return result;
    }
    return G.keyDigit(key, ui.shape.size);
  }

  /** The values in the pad's order: a Wordoku's in its word's order, else 1..N. */
  function padOrder(n) {
    const order = ui.puzzle && ui.puzzle.order;
    return order && order.length === n ? order : Array.from({ length: n }, (_, i) => i + 1);
  }

  function buildPad(n) {
    const pad = $('pad');
    pad.textContent = '';
    for (const d of padOrder(n)) {
      const button = document.createElement('button');
      button.type = 'button';
      paint(button, d);
      button.setAttribute('aria-label', symbolsOf() ? nameOf(d) : 'Digit ' + G.symbolOf(d));
      button.addEventListener('click', () => input(d));
      pad.appendChild(button);
    }
    const erase = document.createElement('button');
    erase.type = 'button';
    erase.id = 'erase';
    erase.textContent = 'Erase';
    erase.addEventListener('click', erase_);
    pad.appendChild(erase);
  }

  function cellLabel(index) {
    const [r, c] = G.rowCol(ui.state.layout, index).map((x) => x + 1);
    const v = ui.state.values[index];
    let what = 'empty';
    if (ui.state.givens[index]) what = 'given ' + nameOf(v);
    else if (v) what = nameOf(v);
    else if (ui.state.marks[index]) what = 'notes ' + marksOf(ui.state.marks[index]).join(' ');
    return 'Row ' + r + ', column ' + c + ': ' + what;
  }

  function marksOf(mask) {
    const list = [];
    for (let d = 1; d <= ui.shape.size; d++) if (mask & (1 << (d - 1))) list.push(nameOf(d));
    return list;
  }

  /** The houses and the killer cages: no digit twice in any of them. */
  function groups() {
    return ui.shape.houses.concat((ui.shape.cages || []).map((c) => c.cells));
  }

  /** The cells of those `lists` of cells that hold `index`. */
  function sharing(lists, index) {
    return lists.filter((cells) => cells.includes(index)).flat();
  }

  /** The cells whose notes lose a digit placed in `index`: its houses' and cage's cells. */
  function notePeersOf(index) {
    return sharing(groups(), index);
  }

  function peersOf(index) {
    return sharing(ui.shape.houses, index);
  }

  function render() {
    const st = ui.state;
    const peers = new Set(peersOf(ui.selected));
    const sel = st.values[ui.selected];
    // Rule breaks are marked as they happen (a digit twice in a house or cage).
    const conflicts = new Set(G.conflicts(st, groups()));
    const hinted = new Set(ui.hinted);
    const hintHouse = new Set(ui.hintHouses);
    ui.cells.forEach((cell, i) => {
      const v = st.values[i];
      cell.classList.toggle('given', Boolean(st.givens[i]));
      cell.classList.toggle('selected', i === ui.selected);
      cell.classList.toggle('peer', peers.has(i) && i !== ui.selected);
      cell.classList.toggle('same', Boolean(sel) && v === sel && i !== ui.selected);
      cell.classList.toggle('conflict', conflicts.has(i));
      cell.classList.toggle('hint', hinted.has(i));
      cell.classList.toggle('hint-house', hintHouse.has(i) && !hinted.has(i));
      cell.tabIndex = i === ui.selected ? 0 : -1;
      cell.setAttribute('aria-selected', String(i === ui.selected));
      cell.setAttribute('aria-readonly', String(Boolean(st.givens[i])));
      cell.setAttribute('aria-label', cellLabel(i));
      if (v) {
        if (cell.dataset.v !== String(v)) {
          paint(cell, v);
          cell.dataset.v = String(v);
        }
      } else if (st.marks[i]) {
        const marks = document.createElement('div');
        marks.className = 'marks';
        marks.setAttribute('aria-hidden', 'true');
        for (let d = 1; d <= ui.shape.size; d++) {
          const span = document.createElement('span');
          if (st.marks[i] & (1 << (d - 1))) paint(span, d);
          marks.appendChild(span);
        }
        cell.textContent = '';
        cell.appendChild(marks);
        cell.dataset.v = '';
      } else {
        cell.textContent = '';
        cell.dataset.v = '';
      }
    });
    renderMoves();
    $('undo').disabled = st.pos === 0;
    $('redo').disabled = st.pos >= st.history.length;
    $('pencil').setAttribute('aria-pressed', String(ui.pencil));
    showTime();
  }

  function renderMoves() {
    const list = $('moves');
    list.textContent = '';
    list.start = 0;
    const st = ui.state;
    const entry = (text, pos, undone) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = text;
      button.dataset.pos = String(pos);
      button.addEventListener('click', () => {
        G.goTo(st, pos);
        changed('Back to ' + (pos ? 'move ' + pos : 'the start') + '.');
      });
      li.appendChild(button);
      if (undone) li.className = 'undone';
      if (pos === st.pos) li.setAttribute('aria-current', 'step');
      list.appendChild(li);
    };
    entry('Start', 0, false);
    st.history.forEach((move, i) => entry(G.moveLabel(move, st.layout, nameOf), i + 1, i + 1 > st.pos));
    const current = list.querySelector('[aria-current]');
    if (current && current.scrollIntoView) current.scrollIntoView({ block: 'nearest' });
  }

  // ---- messages, timer -----------------------------------------------------------------------
  function say(text, kind) {
    const message = $('message');
    message.textContent = text;
    message.className = kind || '';
  }

  function showTime() {
    const st = ui.state;
    const time = G.formatTime(st.elapsed);
    $('timer').textContent = st.solved ? (st.revealed ? 'Revealed after ' : 'Solved in ') + time : 'Time ' + time;
  }

  function tick() {
    if (document.hidden || !ui.state || ui.state.solved) return;
    ui.state.elapsed += 1;
    showTime();
    if (ui.state.elapsed % 5 === 0) saveProgress();
  }

  // ---- actions -------------------------------------------------------------------------------
  function clearHint() {
    ui.hinted = [];
    ui.hintHouses = [];
  }

  /** After any change of the grid: checks for the end, saves, redraws, says `text`. */
  function changed(text, kind) {
    clearHint();
    const st = ui.state;
    const status = G.status(st, ui.puzzle.solution);
    if (status === 'solved' && !st.solved) {
      st.solved = true;
      st.revealed = st.history.slice(0, st.pos).some((m) => m.k === 'reveal');
    } else if (status !== 'solved') {
      st.solved = false;
      st.revealed = false;
    }
    saveProgress();
    render();
    if (st.solved) {
      say(st.revealed ? 'Solution revealed.' : 'Solved! Time: ' + G.formatTime(st.elapsed) + '.', 'good');
    } else if (status === 'wrong') {
      say('Every cell is filled, but ' + count(G.wrongCount(st, ui.puzzle.solution), 'digit') + ' wrong.', 'error');
    } else say(text || '', kind);
  }

  function count(n, noun) {
    return n + ' ' + noun + (n === 1 ? ' is' : 's are');
  }

  function result(outcome) {
    if (!outcome.ok) say(outcome.message, 'error');
    else if (outcome.changed) changed(outcome.move ? G.moveLabel(outcome.move, ui.state.layout, nameOf) : outcome.message);
  }

  function input(digit) {
    const st = ui.state;
    if (ui.pencil && !st.givens[ui.selected] && !st.values[ui.selected]) {
      result(G.toggleMark(st, ui.selected, digit));
    } else result(G.place(st, ui.selected, digit, notePeersOf(ui.selected)));
    focusSelected();
  }

  function erase_() {
    result(G.clear(ui.state, ui.selected));
    focusSelected();
  }

  function select(index) {
    ui.selected = index;
    render();
    focusSelected();
  }

  function focusSelected() {
    const cell = ui.cells[ui.selected];
    if (cell && document.activeElement !== cell) cell.focus({ preventScroll: true });
  }

  function move(dr, dc) {
    select(G.step(ui.state.layout, ui.selected, dr, dc));
  }

  function undo() {
    if (G.undo(ui.state)) changed('Undone.');
    else say('Nothing to undo.', 'error');
  }

  function redo() {
    if (G.redo(ui.state)) changed('Redone.');
    else say('Nothing to redo.', 'error');
  }

  function verify() {
    const st = ui.state;
    const conflicts = G.conflicts(st, groups());
    const wrong = G.wrongCount(st, ui.puzzle.solution);
    const placed = st.values.filter((v, i) => v && !st.givens[i]).length;
    render();
    const parts = [];
    parts.push(conflicts.length ? conflicts.length + ' cells in conflict (marked red)' : 'No conflicts');
    parts.push(wrong ? count(wrong, 'placed digit') + ' wrong' : placed ? 'all ' + placed + ' placed digits are right so far' : 'no digits placed yet');
    say(parts.join('; ') + '.', conflicts.length || wrong ? 'error' : 'good');
  }

  function hint() {
    const st = ui.state;
    const steps = ui.puzzle.steps || [];
    const next = G.nextHint(st, steps, ui.puzzle.solution);
    clearHint();
    if (next.kind === 'wrong') {
      ui.hinted = [next.cell];
      ui.selected = next.cell;
      render();
      say('Hint: ' + G.cellName(next.cell, st.layout) + ' does not hold the right digit; remove it first.', 'error');
      return;
    }
    if (next.kind === 'done') return say('The grid is full.', '');
    if (next.kind === 'step') return showStep(steps, next);
    const single = S && S.nextSingle(solverShape(), st.values);
    if (single) {
      ui.hinted = [single.cell];
      ui.hintHouses = single.house !== undefined ? ui.shape.houses[single.house] : [];
      ui.selected = single.cell;
      render();
      const where = single.house !== undefined ? ' (only place for ' + nameOf(single.digit) + ' in ' + ui.shape.names[single.house] + ')' : ' (only candidate left)';
      return say('Hint: ' + single.technique + ': ' + G.cellName(single.cell, st.layout) + ' = ' + nameOf(single.digit) + where, '');
    }
    say('Hint: no single is left; pencil in the candidates and look for pairs.', '');
  }

  function showStep(steps, next) {
    const step = steps[next.index];
    const reasons = steps.slice(next.from, next.index);
    const cells = new Set(step.c || []);
    (step.p || []).forEach(([cell]) => cells.add(cell));
    reasons.forEach((r) => (r.c || []).forEach((c) => cells.add(c)));
    ui.hinted = Array.from(cells);
    ui.hintHouses = (step.h || []).flatMap((h) => ui.shape.houses[h] || []);
    const place = (step.p || []).find(([cell]) => !ui.state.values[cell]);
    if (place) ui.selected = place[0];
    render();
    const words = (s) => G.stepText(s, data.techniques, ui.shape.names, ui.state.layout, nameOf);
    const key = ui.puzzle.id + ':' + next.index + ':' + ui.state.pos;
    if (ui.lastHint !== key) {
      // First ask: which technique and where to look; asking again tells the whole step.
      ui.lastHint = key;
      const names = reasons.concat([step]).map((s) => data.techniques[s.t]);
      const unique = names.filter((name, k) => names.indexOf(name) === k);
      const where = place ? G.cellName(place[0], ui.state.layout) : 'the highlighted cells';
      say('Hint: ' + unique.join(', then ') + ' — look at ' + where + '. Press Hint again for the whole step.', '');
      return;
    }
    const shown = reasons.slice(-3).map(words);
    const skipped = reasons.length - shown.length;
    const before = (skipped ? '(' + skipped + ' earlier steps) ' : '') + shown.join('; then ');
    say('Hint: ' + (before ? before + '; then ' : '') + words(step), '');
  }

  /** The chosen shape as the browser solver takes it: digits, houses and cell count. */
  function solverShape() {
    if (!ui.solverShape || ui.solverShape.houses !== ui.shape.houses) {
      ui.solverShape = { size: ui.shape.size, houses: ui.shape.houses, cells: ui.state.layout.cells };
    }
    return ui.solverShape;
  }

  function solve() {
    if (ui.state.solved) return say('Already solved.', '');
    if (!window.confirm('Show the whole solution? Undo takes it back.')) return;
    result(G.reveal(ui.state, ui.puzzle.solution));
  }

  function reset() {
    if (!ui.state.history.length) return say('Nothing to reset.', '');
    if (!window.confirm('Reset this puzzle? Your digits, notes, moves and time will be lost.')) return;
    ui.state = G.create(game());
    ui.state.nameOf = nameOf;
    changed('Reset.');
  }

  function newPuzzle() {
    if (!S) return say('New puzzles cannot be made here.', 'error');
    if (ui.shape.cages && ui.shape.cages.length) {
      return say('New killer puzzles are made by the command line: sudoku-book play --variant killer', 'error');
    }
    const button = $('new');
    if (button.disabled) return;
    button.disabled = true;
    const seed = (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) >>> 0;
    say('Making a new puzzle…', '');
    // Let the message show before the work starts.
    window.setTimeout(() => {
      try {
        makePuzzle(seed);
      } catch (e) {
        say('No new puzzle could be made: ' + (e && e.message ? e.message : e), 'error');
      } finally {
        button.disabled = false;
      }
    }, 20);
  }

  function makePuzzle(seed) {
    const shape = solverShape();
    const made = S.generate(shape, S.mulberry32(seed), { deadlineMs: 1500 });
    const symbols = (cells) => cells.map(G.symbolOf).join('');
    const list = extras();
    const number = list.reduce((most, p) => Math.max(most, p.made || 0), 0) + 1;
    const puzzle = { id: 'n' + seed.toString(36), made: number, shape: ui.puzzle.shape,
      givens: symbols(made.givens), solution: symbols(made.solution), steps: [], section: '',
      symbols: ui.puzzle.symbols };
    list.push(puzzle);
    // Keep the latest puzzles made here (their progress stays under their own keys).
    store(extrasKey, list.slice(-MAX_MADE));
    saveProgress();
    fillPicker(progressKey(puzzle));
    choose(allPuzzles().length - 1);
    say('A new puzzle with ' + made.givens.filter((v) => v).length + ' givens, made here (not rated).', 'good');
  }

  // ---- keys ----------------------------------------------------------------------------------
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  /** Ctrl+Z and Ctrl+Y (Cmd on a Mac) anywhere on the page but in the puzzle list. */
  function onShortcut(event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.target === $('pick')) return;
    const k = event.key.toLowerCase();
    if (k === 'z' && !event.shiftKey) undo();
    else if (k === 'y' || (k === 'z' && event.shiftKey)) redo();
    else return;
    event.preventDefault();
  }

  function onKey(event) {
    const key = event.key;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (arrows[key]) {
      move(...arrows[key]);
    } else if (key === 'Backspace' || key === 'Delete') {
      erase_();
    } else if (key === 'Home' || key === 'End') {
      select(G.rowEnd(ui.state.layout, ui.selected, key === 'End'));
    } else {
      const value = typed(key);
      if (!value) return;
      if (value.error) say(value.error, 'error');
      else input(value.digit);
    }
    event.preventDefault();
  }

  /**
   * Keys typed while a toolbar button has the focus (after a click on Pencil, Undo…) still go to
   * the selected cell: digits, arrows and Delete are never lost. Form fields keep their keys.
   */
  function onStrayKey(event) {
    const target = event.target;
    if (board.contains(target) || /^(SELECT|INPUT|TEXTAREA)$/.test(target.tagName || '')) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const forGrid = arrows[key] || key === 'Backspace' || key === 'Delete' || (typed(key) || {}).digit;
    if (forGrid) onKey(event);
  }

  // ---- start ---------------------------------------------------------------------------------
  function start() {
    board.addEventListener('keydown', onKey);
    document.addEventListener('keydown', onStrayKey);
    document.addEventListener('keydown', onShortcut);
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redo);
    $('pencil').addEventListener('click', () => {
      ui.pencil = !ui.pencil;
      render();
      say(ui.pencil ? 'Pencil on: digits are notes.' : 'Pencil off: digits are placed.', '');
    });
    $('verify').addEventListener('click', verify);
    $('hint').addEventListener('click', hint);
    $('solve').addEventListener('click', solve);
    $('reset').addEventListener('click', reset);
    $('new').addEventListener('click', newPuzzle);
    $('pick').addEventListener('change', (e) => choose(Number(e.target.value)));
    $('prev').addEventListener('click', () => choose(Number($('pick').value) - 1));
    $('next').addEventListener('click', () => choose(Number($('pick').value) + 1));
    window.addEventListener('pagehide', saveProgress);
    document.addEventListener('visibilitychange', saveProgress);
    fillPicker('');
    const fromHash = parseInt(String(window.location.hash).slice(1), 10);
    choose(Number.isFinite(fromHash) ? fromHash - 1 : 0);
    ui.timer = window.setInterval(tick, 1000);
    if (ui.state.solved) changed('');
  }

  start();
})();
