// The page: draws the chosen puzzle (the printed book's lines and shading from the data, the
// cells as an accessible grid), handles mouse, touch and keyboard, shows the moves list,
// messages, hints and the timer, and keeps each puzzle's progress in localStorage. The book's
// engine (web/engine.js) checks the rules, finds the hints from the player's own state, fills in
// candidates and makes new puzzles.
(function () {
  'use strict';
  const G = window.SudokuGame;
  const W = window.SudokuWords;
  const t = W.t;
  const data = JSON.parse(document.getElementById('data').textContent);
  const $ = (id) => document.getElementById(id);
  applyTexts();
  const engineText = $('engine') ? $('engine').textContent : '';
  const E = window.SudokuEngine && engineText.trim() ? window.SudokuEngine.start(engineText, onEngine) : null;
  if (E && data.words) E.words(data.words);
  const board = $('board');
  const prefix = 'sudoku-book:' + data.seed + ':';
  const extrasKey = prefix + G.hash(data.title) + ':new';
  const MAX_MADE = 50;

  // `extra`: the other cells of a multi-cell selection (Ctrl/Shift+click, or a drag).
  const ui = { puzzle: null, shape: null, state: null, cells: [], selected: 0, extra: new Set(), dragging: false, pencil: false,
    hinted: [], hintHouses: [], timer: null, canStore: true };

  /** The page in the book's language: its words, then every fixed label marked `data-t`. */
  function applyTexts() {
    W.use(data.texts);
    for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
    for (const el of document.querySelectorAll('[data-t-label]')) el.setAttribute('aria-label', t(el.dataset.tLabel));
  }

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
      if (ui.canStore) say(t('no_storage'), 'error');
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
  /**
   * A puzzle's shape: the book's, with what a puzzle made here draws from itself (its rules,
   * killer cages and drawing) laid over it.
   */
  function shapeOf(puzzle) {
    const shape = data.shapes[puzzle.shape];
    return shape && puzzle.own ? Object.assign({}, shape, puzzle.own) : shape;
  }

  /** The puzzles made here, as stored: those that fit their shape (a made killer or marked
   * puzzle with its own shape whole and as the engine draws it; storage is anyone's to edit). */
  function extras() {
    const list = load(extrasKey);
    const fits = (p) => {
      if (p && p.own) {
        const base = data.shapes[p.shape];
        p.own = base ? G.ownShape(p.own, G.layoutOf(base).cells) : null;
        if (!p.own) return false;
      }
      const shape = p && shapeOf(p);
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
    const level = puzzle.level ? ' · ' + t(puzzle.level) : '';
    if (puzzle.made) return t('new_n', { n: puzzle.made }) + level;
    return (data.puzzles.length > 1 ? '#' + puzzle.id : t('puzzle')) + level;
  }

  /** The list's mark of a puzzle's progress: '✓ ' when solved, ' · 40%' when begun. */
  function progressOf(puzzle) {
    const saved = load(progressKey(puzzle));
    if (!saved || !Array.isArray(saved.history) || !saved.history.length) return { done: false, part: 0 };
    const shape = shapeOf(puzzle);
    const state = G.restore({ size: shape.size, frame: shape.frame, at: shape.at, givens: puzzle.givens }, saved);
    const open = state.givens.filter((v) => !v).length;
    const filled = state.values.filter((v, i) => v && !state.givens[i]).length;
    return { done: state.solved && !state.revealed, part: open ? filled / open : 0 };
  }

  /** The list's text for a puzzle: its label with a tick or its share filled. */
  function listLabel(puzzle) {
    const { done, part } = progressOf(puzzle);
    if (done) return '✓ ' + label(puzzle) + ' · ' + t('solved_mark');
    return label(puzzle) + (part > 0 ? ' · ' + Math.round(part * 100) + '%' : '');
  }

  /** The chosen puzzle's entry in the list, with its progress now. */
  function updateListEntry() {
    const option = $('pick').selectedOptions[0];
    if (option) option.textContent = listLabel(ui.puzzle);
  }

  /** The puzzle list, grouped by section (and the puzzles made here). */
  function fillPicker(selectedKey) {
    const pick = $('pick');
    pick.textContent = '';
    let group = null;
    let groupName = null;
    allPuzzles().forEach((p, i) => {
      const name = p.made ? t('made_here') : p.section;
      if (name && name !== groupName) {
        group = document.createElement('optgroup');
        group.label = name;
        pick.appendChild(group);
        groupName = name;
      }
      const option = document.createElement('option');
      option.value = String(i);
      option.textContent = listLabel(p);
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
    ui.shape = shapeOf(ui.puzzle);
    ui.state = G.restore(game(), load(progressKey(ui.puzzle)));
    ui.state.nameOf = nameOf;
    $('pick').value = String(i);
    $('prev').disabled = i === 0;
    $('next').disabled = i === list.length - 1;
    ui.selected = ui.state.givens.findIndex((v) => !v);
    if (ui.selected < 0) ui.selected = 0;
    ui.extra.clear();
    ui.wasSolved = ui.state.solved;
    $('done').hidden = true;
    if (ui.paused) setPaused(false);
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
    const score = ui.puzzle.score ? ' · ' + t('score', { score: ui.puzzle.score.toFixed(1) }) : '';
    const section = ui.puzzle.section ? ' · ' + ui.puzzle.section : '';
    const where = ui.shape.frame ? ' (' + t('cells_n', { n: ui.state.layout.cells }) + ')' : ' ' + n + '×' + n;
    const kind = (data.variants && data.variants[ui.shape.variant]) || ui.shape.variant;
    return label(ui.puzzle) + section + ' · ' + kind + where + score;
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
    const view = ui.shape.view || side * 10;
    lines.setAttribute('viewBox', '0 0 ' + view + ' ' + view);
    lines.innerHTML = ui.shape.drawing;
    const over = $('over');
    over.setAttribute('viewBox', lines.getAttribute('viewBox'));
    over.textContent = '';
    for (const text of lines.querySelectorAll('text')) over.appendChild(text);
    board.textContent = '';
    board.setAttribute('aria-label', t('board_label', { about: describe() }));
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
    if (ui.zoomed) setZoomed(false);
    offerZoom();
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
      if (event.ctrlKey || event.metaKey || event.shiftKey) {
        // Ctrl (Cmd) or Shift adds the cell to the selection, or takes it out again.
        if (ui.extra.has(index)) {
          ui.extra.delete(index);
          render();
        } else if (index === ui.selected) {
          const next = ui.extra.values().next().value;
          if (next !== undefined) {
            ui.extra.delete(next);
            select(next, true);
          }
        } else {
          ui.extra.add(ui.selected);
          select(index, true);
        }
        return;
      }
      ui.extra.clear();
      select(index);
      // A mouse dragged over the board selects every cell it passes.
      if (event.pointerType === 'mouse') ui.dragging = true;
    });
    cell.addEventListener('pointerenter', (event) => {
      if (!ui.dragging || !(event.buttons & 1) || index === ui.selected) return;
      ui.extra.add(ui.selected);
      ui.extra.delete(index);
      select(index, true);
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
        return { error: t('bad_symbol', { key: JSON.stringify(key), list: letters.join(' ') }) };
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
      button.dataset.d = String(d);
      paint(button, d);
      button.addEventListener('click', () => input(d));
      pad.appendChild(button);
    }
    const erase = document.createElement('button');
    erase.type = 'button';
    erase.id = 'erase';
    erase.textContent = t('erase');
    erase.addEventListener('click', erase_);
    pad.appendChild(erase);
  }

  function cellLabel(index) {
    const [r, c] = G.rowCol(ui.state.layout, index).map((x) => x + 1);
    const v = ui.state.values[index];
    let what = t('empty');
    if (ui.state.givens[index]) what = t('given_value', { value: nameOf(v) });
    else if (v) what = nameOf(v);
    else {
      const parts = [];
      if (ui.state.marks[index]) parts.push(t('notes_list', { list: marksOf(ui.state.marks[index]).join(' ') }));
      if (ui.state.centre[index]) parts.push(t('centre_list', { list: marksOf(ui.state.centre[index]).join(' ') }));
      if (parts.length) what = parts.join(', ');
    }
    return t('cell_label', { row: r, col: c, what });
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

  /**
   * The cells whose notes lose `digit` placed in `index`: every cell the placement takes the
   * digit from, by any rule (houses, cages, a knight's move…), as the engine computes it; its
   * houses' and cage's cells while the engine is loading.
   */
  function notePeersOf(index, digit) {
    const st = ui.state;
    const before = E && E.now('candidates', request(st.values));
    if (!before || before.error) return sharing(groups(), index);
    const values = st.values.slice();
    values[index] = digit;
    const after = E.now('candidates', request(values));
    if (!after || after.error) return sharing(groups(), index);
    const bit = 1 << (digit - 1);
    return after.candidates.flatMap((mask, cell) =>
      (before.candidates[cell] & bit && !(mask & bit) ? [cell] : []));
  }

  /** The engine's request for the chosen puzzle in a state (`values`, and `notes` if given). */
  function request(values, notes) {
    const names = symbolsOf() ? symbolsOf().map((s) => s.name) : null;
    return window.SudokuEngine.stateRequest(ui.shape, ui.puzzle, values, notes, names);
  }

  /**
   * What the values break, `{ cells, problems }` (each problem `{ cells, text }`): the engine's
   * check of every rule, kept until the values change; before the engine is loaded, the houses
   * and cages checked here.
   */
  function ruleBreaks() {
    const st = ui.state;
    const key = st.values.join(',');
    if (ui.checked && ui.checked.key === key && ui.checked.puzzle === ui.puzzle) return ui.checked;
    const answer = E && E.now('check', request(st.values));
    if (!answer || answer.error) return { cells: G.conflicts(st, groups()), problems: [] };
    ui.checked = { key, puzzle: ui.puzzle, cells: answer.cells, problems: answer.problems };
    return ui.checked;
  }

  /** When the engine is loaded (or failed to load): checks again, sets the buttons. */
  function onEngine() {
    if (E) document.body.dataset.engine = E.loaded ? 'ready' : E.failed ? 'failed' : 'loading';
    if (!ui.state) return;
    ui.checked = null;
    render();
  }

  function peersOf(index) {
    return sharing(ui.shape.houses, index);
  }

  function render() {
    const st = ui.state;
    const peers = new Set(peersOf(ui.selected));
    const sel = st.values[ui.selected];
    // Rule breaks are marked as they happen: a digit twice in a house or cage, a cage's sum, a
    // mark or a global rule (anti-knight…), as the engine checks them.
    const conflicts = new Set(ruleBreaks().cells);
    const solution = ui.showMistakes ? G.toValues(ui.puzzle.solution, st.values.length) : null;
    const hinted = new Set(ui.hinted);
    const hintHouse = new Set(ui.hintHouses);
    ui.cells.forEach((cell, i) => {
      const v = st.values[i];
      cell.classList.toggle('given', Boolean(st.givens[i]));
      cell.classList.toggle('selected', i === ui.selected || ui.extra.has(i));
      cell.classList.toggle('peer', peers.has(i) && i !== ui.selected);
      cell.classList.toggle('same', Boolean(sel) && v === sel && i !== ui.selected);
      cell.classList.toggle('conflict', conflicts.has(i));
      const colour = st.colours[i];
      cell.classList.toggle('painted', Boolean(colour));
      if (colour) cell.style.setProperty('--paint', 'var(--colour-' + colour + ')');
      cell.classList.toggle('wrong', ui.showMistakes && Boolean(v) && !st.givens[i] && v !== solution[i]);
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
      } else if (st.marks[i] || st.centre[i]) {
        cell.textContent = '';
        if (st.marks[i]) cell.appendChild(cornerNotes(st.marks[i], Boolean(st.centre[i])));
        if (st.centre[i]) cell.appendChild(centreMarks(st.centre[i]));
        cell.dataset.v = '';
      } else {
        cell.textContent = '';
        cell.dataset.v = '';
      }
    });
    renderPad();
    renderMoves();
    $('undo').disabled = st.pos === 0;
    $('redo').disabled = st.pos >= st.history.length;
    $('pencil').setAttribute('aria-pressed', String(ui.pencil));
    $('colour').setAttribute('aria-pressed', String(Boolean(ui.colouring)));
    $('centre').setAttribute('aria-pressed', String(Boolean(ui.centre)));
    $('pad').classList.toggle('colouring', Boolean(ui.colouring));
    showTime();
  }

  /** Each pad button: how many of its value are left to place (drawn by the style sheet from
   * `data-left`, said in its name); greyed when none. */
  function renderPad() {
    const left = G.remaining(ui.state, ui.puzzle.solution);
    for (const button of $('pad').querySelectorAll('button[data-d]')) {
      const d = Number(button.dataset.d);
      const k = left[d - 1];
      button.dataset.left = k ? String(k) : '';
      button.classList.toggle('done', !k);
      const what = symbolsOf() ? nameOf(d) : t('digit_n', { digit: G.symbolOf(d) });
      button.setAttribute('aria-label', k ? t('left_n', { what, n: k }) : t('all_placed', { what }));
    }
  }

  /** A cell's notes, each digit at its place in a small grid; beside centre marks, only the
   * notes, along the top and bottom edges (SudokuPad's corner marks), the middle left free. */
  function cornerNotes(mask, compact) {
    const marks = document.createElement('div');
    marks.className = compact ? 'marks compact' : 'marks';
    marks.setAttribute('aria-hidden', 'true');
    for (let d = 1; d <= ui.shape.size; d++) {
      const has = mask & (1 << (d - 1));
      if (compact && !has) continue;
      const span = document.createElement('span');
      if (has) paint(span, d);
      marks.appendChild(span);
    }
    return marks;
  }

  /** A cell's centre marks: its digits in a row across the middle, smaller the more there are. */
  function centreMarks(mask) {
    const centre = document.createElement('div');
    centre.className = 'centre';
    centre.setAttribute('aria-hidden', 'true');
    let count = 0;
    for (let d = 1; d <= ui.shape.size; d++) {
      if (!(mask & (1 << (d - 1)))) continue;
      const span = document.createElement('span');
      paint(span, d);
      centre.appendChild(span);
      count += 1;
    }
    centre.style.setProperty('--k', String(Math.max(count, 3)));
    return centre;
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
        changed(pos ? t('back_to_move', { n: pos }) : t('back_to_start'));
      });
      li.appendChild(button);
      if (undone) li.className = 'undone';
      if (pos === st.pos) li.setAttribute('aria-current', 'step');
      list.appendChild(li);
    };
    entry(t('start'), 0, false);
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
    const clock = t(ui.paused ? 'paused_at' : 'time', { time });
    $('timer').textContent = st.solved ? t(st.revealed ? 'revealed_after' : 'solved_in', { time }) : clock;
    const counter = $('mistake-count');
    counter.hidden = !ui.showMistakes;
    if (ui.showMistakes) counter.textContent = t('mistakes_n', { n: G.mistakes(st, ui.puzzle.solution) });
  }

  function tick() {
    if (document.hidden || ui.paused || !ui.state || ui.state.solved) return;
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
    const justSolved = st.solved && !ui.wasSolved && !st.revealed;
    ui.wasSolved = st.solved;
    saveProgress();
    render();
    if (!st.solved) $('done').hidden = true;
    updateListEntry();
    if (justSolved) celebrate(ui.selected);
    if (st.solved) {
      say(st.revealed ? t('solution_revealed') : t('solved_time', { time: G.formatTime(st.elapsed) }), 'good');
    } else if (status === 'wrong') {
      const wrong = G.wrongCount(st, ui.puzzle.solution);
      say(wrong === 1 ? t('filled_wrong_one') : t('filled_wrong', { n: wrong }), 'error');
    } else say(text || '', kind);
  }

  function result(outcome) {
    if (!outcome.ok) say(outcome.message, 'error');
    else if (outcome.changed) changed(outcome.move ? G.moveLabel(outcome.move, ui.state.layout, nameOf) : outcome.message);
  }

  function input(digit, asNote = false) {
    const st = ui.state;
    if (ui.paused) return say(t('paused_play'), 'error');
    if (ui.colouring && !asNote) {
      if (digit <= G.COLOURS) result(G.paint(st, [ui.selected, ...ui.extra], digit));
      focusSelected();
      return;
    }
    if (ui.centre && !asNote) {
      result(G.toggleCentre(st, [ui.selected, ...ui.extra], digit));
      focusSelected();
      return;
    }
    if ((ui.pencil || asNote) && ui.extra.size) {
      result(G.toggleMarks(st, [ui.selected, ...ui.extra], digit));
    } else if ((ui.pencil || asNote) && !st.givens[ui.selected] && !st.values[ui.selected]) {
      result(G.toggleMark(st, ui.selected, digit));
    } else if (!st.givens[ui.selected]) {
      result(G.place(st, ui.selected, digit, notePeersOf(ui.selected, digit)));
    } else result(G.place(st, ui.selected, digit));
    focusSelected();
  }

  function erase_() {
    if (ui.paused) return say(t('paused_play'), 'error');
    if (ui.colouring) {
      result(G.paint(ui.state, [ui.selected, ...ui.extra], 0));
      focusSelected();
      return;
    }
    result(G.clear(ui.state, ui.selected));
    focusSelected();
  }

  /** Selects `index`; unless `keep`, the other cells of a multi-cell selection are let go. */
  function select(index, keep = false) {
    if (!keep) ui.extra.clear();
    ui.selected = index;
    render();
    focusSelected();
  }

  function focusSelected() {
    const cell = ui.cells[ui.selected];
    if (cell && document.activeElement !== cell) cell.focus({ preventScroll: true });
    if (cell && ui.zoomed) cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  /** Zoom is offered where a cell is under 40 px on this screen (multi-grids on a phone). */
  function offerZoom() {
    const cell = ui.cells[0];
    const small = cell && cell.getBoundingClientRect().width < 40;
    $('zoom').hidden = !small && !ui.zoomed;
  }

  function setZoomed(zoomed) {
    ui.zoomed = zoomed;
    $('frame').classList.toggle('zoomed', zoomed);
    $('viewport').classList.toggle('zoomed', zoomed);
    $('zoom').setAttribute('aria-pressed', String(zoomed));
    offerZoom();
    focusSelected();
  }

  /** Arrow keys move the selection; with Shift they add the next cell to it. */
  function move(dr, dc, extend = false) {
    if (extend) ui.extra.add(ui.selected);
    const next = G.step(ui.state.layout, ui.selected, dr, dc);
    ui.extra.delete(next);
    select(next, extend);
  }

  function undo() {
    if (G.undo(ui.state)) changed(t('undone'));
    else say(t('nothing_to_undo'), 'error');
  }

  function redo() {
    if (G.redo(ui.state)) changed(t('redone'));
    else say(t('nothing_to_redo'), 'error');
  }

  function verify() {
    const st = ui.state;
    const breaks = ruleBreaks();
    const conflicts = breaks.cells;
    const wrong = G.wrongCount(st, ui.puzzle.solution);
    const placed = st.values.filter((v, i) => v && !st.givens[i]).length;
    render();
    const parts = [];
    const first = breaks.problems.length ? ' — ' + breaks.problems[0].text : '';
    parts.push(conflicts.length ? t('conflicts_n', { n: conflicts.length }) + first : t('no_conflicts'));
    const right = placed === 1 ? t('right_one') : t('right_all', { n: placed });
    const wrongly = wrong === 1 ? t('wrong_one') : t('wrong_n', { n: wrong });
    parts.push(wrong ? wrongly : placed ? right : t('none_placed'));
    say(parts.join('; ') + '.', conflicts.length || wrong ? 'error' : 'good');
  }

  /** The player's notes as the engine takes them, or null when no cell has any. */
  function notesOf(st) {
    // Corner notes, or centre marks where a cell has only those.
    const notes = st.marks.map((m, i) => m || st.centre[i]);
    return notes.some((m, i) => m && !st.values[i]) ? notes : null;
  }

  /**
   * The next hint, from the player's own state: a wrong digit first, notes that leave out a
   * cell's answer, else the easiest logical step from the digits and the notes as they are
   * (the engine's candidates where a cell has none). The first ask names the technique and
   * where to look; asking again tells the whole step in the book's words.
   */
  async function hint() {
    const st = ui.state;
    if (!E || E.failed) return say(t('no_engine', { why: E ? E.failed : 'WebAssembly' }), 'error');
    const asked = { puzzle: ui.puzzle, pos: st.pos, marks: st.marks.join(',') + st.centre.join(',') };
    const button = $('hint');
    button.setAttribute('aria-busy', 'true');
    if (!E.loaded || E.busy) say(t('thinking'), '');
    let answer;
    try {
      answer = await E.ask('step', request(st.values, notesOf(st)));
    } catch (e) {
      return say(t('no_hint', { why: e && e.message ? e.message : e }), 'error');
    } finally {
      button.removeAttribute('aria-busy');
    }
    // The player moved on while the engine thought: that answer is for another state.
    if (ui.puzzle !== asked.puzzle || ui.state.pos !== asked.pos || ui.state.marks.join(',') + ui.state.centre.join(',') !== asked.marks) return;
    showHint(answer);
  }

  function showHint(answer) {
    const st = ui.state;
    clearHint();
    if (answer.error) return say(t('no_hint', { why: answer.error.what }), 'error');
    if (answer.wrong) {
      ui.hinted = [answer.wrong[0]];
      ui.selected = answer.wrong[0];
      render();
      return say(t('hint_wrong', { cell: G.cellName(answer.wrong[0], st.layout) }), 'error');
    }
    if (answer.done) return say(t('grid_full'), '');
    if (answer.missing) {
      ui.hinted = answer.missing;
      ui.selected = answer.missing[0];
      render();
      const names = answer.missing.map((c) => G.cellName(c, st.layout)).join(', ');
      return say(t('hint_missing', { cells: names }), 'error');
    }
    showStep(answer.step);
  }

  function showStep(step) {
    const cells = new Set(step.cells);
    step.place.forEach(([cell]) => cells.add(cell));
    ui.hinted = Array.from(cells);
    ui.hintHouses = step.houses.flatMap((h) => ui.shape.houses[h] || []);
    const place = step.place.find(([cell]) => !ui.state.values[cell]);
    if (place) ui.selected = place[0];
    const key = ui.puzzle.id + ':' + ui.state.pos + ':' + step.text;
    if (ui.lastHint !== key) {
      // First ask: which technique and where to look; asking again tells the whole step.
      ui.lastHint = key;
      render();
      const where = place ? G.cellName(place[0], ui.state.layout) : t('highlighted');
      say(t('hint_look', { technique: step.name, where }), '');
      return;
    }
    step.remove.forEach(([cell]) => ui.hinted.push(cell));
    render();
    say(t('hint_step', { text: step.text }), '');
  }

  /** Pencils in every empty cell's candidates as the engine computes them (one move). */
  function fillCandidates() {
    const answer = E && E.now('candidates', request(ui.state.values));
    if (!answer) return say(E && E.failed ? t('no_engine', { why: E.failed }) : t('loading'), 'error');
    if (answer.error) return say(answer.error.what, 'error');
    if (answer.broken) return say(t('no_candidate'), 'error');
    const outcome = G.fillNotes(ui.state, answer.candidates);
    if (!outcome.changed) return say(t('have_candidates'), '');
    result(outcome);
    focusSelected();
  }

  function solve() {
    if (ui.state.solved) return say(t('already_solved'), '');
    if (!window.confirm(t('ask_solve'))) return;
    result(G.reveal(ui.state, ui.puzzle.solution));
  }

  function reset() {
    if (!ui.state.history.length) return say(t('nothing_to_reset'), '');
    if (!window.confirm(t('ask_reset'))) return;
    ui.state = G.create(game());
    ui.state.nameOf = nameOf;
    changed(t('reset_done'));
  }

  /** Levels the page makes new puzzles at (harder ones take the command line's time). */
  const NEW_LEVELS = ['easy', 'medium', 'hard', 'expert'];

  /**
   * Makes a new puzzle of the chosen shape, at the chosen puzzle's level, in the engine's
   * worker (the page stays live; pressing the button again cancels). A shape drawn from the
   * puzzle itself (killer cages, dots and other marks) gets new ones, drawn by the engine.
   */
  async function newPuzzle() {
    const button = $('new');
    if (ui.making) {
      E.cancel();
      return;
    }
    if (!E || E.failed) return say(t('no_engine', { why: E ? E.failed : 'WebAssembly' }), 'error');
    const level = NEW_LEVELS.includes(ui.puzzle.level) ? ui.puzzle.level : 'medium';
    const seed = (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) >>> 0;
    // A jigsaw keeps its region map: the first field after the givens.
    const rules = ui.shape.rules || '';
    const regions = ui.shape.variant.split('+').includes('jigsaw') ? ' ' + rules.split('|')[1] : '';
    // What the new puzzle shares with the chosen one, taken now: the player may pick another
    // puzzle while the engine works.
    const shape = ui.puzzle.shape;
    const symbols = ui.puzzle.symbols;
    ui.making = true;
    button.textContent = t('cancel');
    say(t('making', { level: t(level) }), '');
    try {
      const made = await E.ask('generate', [ui.shape.variant, ui.shape.size, level, seed].join(' ') + regions);
      if (made.error) throw new Error(made.error.what);
      addPuzzle(made, shape, symbols, seed);
    } catch (e) {
      const why = e && e.message ? e.message : String(e);
      say(why === 'cancelled' ? t('cancelled') : t('not_made', { why }), why === 'cancelled' ? '' : 'error');
    } finally {
      ui.making = false;
      button.textContent = t('new_puzzle');
    }
  }

  function addPuzzle(made, shape, symbols, seed) {
    // The engine writes a multi-grid's whole frame ('#' where no cell is); the page numbers cells.
    const cells = (line) => line.split('|')[0].replace(/#/g, '');
    const list = extras();
    const number = list.reduce((most, p) => Math.max(most, p.made || 0), 0) + 1;
    const puzzle = { id: 'n' + seed.toString(36), made: number, shape, level: made.level,
      score: made.score, givens: cells(made.puzzle), solution: cells(made.solution), section: '',
      symbols };
    // Its own cages, marks and drawing, where the shape is drawn from the puzzle.
    if (made.shape) puzzle.own = made.shape;
    list.push(puzzle);
    // Keep the latest puzzles made here (their progress stays under their own keys).
    store(extrasKey, list.slice(-MAX_MADE));
    saveProgress();
    fillPicker(progressKey(puzzle));
    choose(allPuzzles().length - 1);
    const givens = Array.from(puzzle.givens).filter((c) => c !== '.').length;
    say(t('made', { level: t(made.level), score: made.score.toFixed(1), n: givens }), 'good');
  }

  // ---- pause, theme, the end ------------------------------------------------------------------
  /** Pause hides the grid and stops the clock; Resume (or any click on the cover) goes on. */
  function setPaused(paused) {
    ui.paused = paused;
    $('frame').classList.toggle('paused', paused);
    $('cover').hidden = !paused;
    $('pause').setAttribute('aria-pressed', String(paused));
    $('pause').textContent = t(paused ? 'resume' : 'pause');
    showTime();
    if (paused) say(t('paused_clock'), '');
    else {
      say('');
      focusSelected();
    }
  }

  const THEME_KEY = 'sudoku-book:theme';
  const MISTAKES_KEY = 'sudoku-book:show-mistakes';

  function isDark() {
    const chosen = document.documentElement.dataset.theme;
    if (chosen) return chosen === 'dark';
    return Boolean(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  }

  /** Dark or light as chosen here before, else as the system prefers. */
  function applyTheme() {
    const chosen = load(THEME_KEY);
    if (chosen === 'dark' || chosen === 'light') document.documentElement.dataset.theme = chosen;
    $('theme').setAttribute('aria-pressed', String(isDark()));
  }

  function setTheme(theme) {
    store(THEME_KEY, theme);
    applyTheme();
  }

  /** The moment a puzzle is solved by the player: the board's cells light up in a wave from
   * the last digit, and a card says the time, with the next puzzle a click away. */
  function celebrate(last) {
    const layout = ui.state.layout;
    const [r0, c0] = G.rowCol(layout, last);
    ui.cells.forEach((cell, i) => {
      const [r, c] = G.rowCol(layout, i);
      cell.style.setProperty('--wave', String(Math.max(Math.abs(r - r0), Math.abs(c - c0))));
      cell.classList.remove('won');
    });
    void board.offsetWidth; // restart the animation
    ui.cells.forEach((cell) => cell.classList.add('won'));
    const time = G.formatTime(ui.state.elapsed);
    $('done-text').textContent = ui.showMistakes
      ? t('solved_card_mistakes', { time, n: G.mistakes(ui.state, ui.puzzle.solution) })
      : t('solved_card', { time });
    $('done-next').hidden = Number($('pick').value) >= allPuzzles().length - 1;
    $('done').hidden = false;
    $('done-close').focus({ preventScroll: true });
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

  /** Shift with a digit key (top row or keypad) pencils that digit whatever the mode. */
  function shiftedDigit(event) {
    const m = event.shiftKey && /^(?:Digit|Numpad)([1-9])$/.exec(event.code || '');
    return m && Number(m[1]) <= ui.shape.size ? Number(m[1]) : 0;
  }

  /** N switches Pencil, unless N is one of the puzzle's symbols. */
  function isPencilKey(key) {
    return (key === 'n' || key === 'N') && !(typed(key) || {}).digit;
  }

  /** One of the entry modes (Pencil, Centre, Colour) on, the others off; or all off. */
  function setMode(mode) {
    ui.pencil = mode === 'pencil';
    ui.centre = mode === 'centre';
    ui.colouring = mode === 'colour';
  }

  function toggleCentre() {
    setMode(ui.centre ? '' : 'centre');
    render();
    say(t(ui.centre ? 'centre_on' : 'centre_off'), '');
  }

  function toggleColour() {
    setMode(ui.colouring ? '' : 'colour');
    render();
    say(t(ui.colouring ? 'colour_on' : 'colour_off'), '');
  }

  function togglePencil() {
    setMode(ui.pencil ? '' : 'pencil');
    render();
    say(t(ui.pencil ? 'pencil_on' : 'pencil_off'), '');
  }

  function onKey(event) {
    const key = event.key;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const note = shiftedDigit(event);
    if (note) {
      input(note, true);
    } else if (isPencilKey(key)) {
      togglePencil();
    } else if (arrows[key]) {
      move(...arrows[key], event.shiftKey);
    } else if (key === 'Escape' && ui.extra.size) {
      select(ui.selected);
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
    const forGrid = arrows[key] || key === 'Backspace' || key === 'Delete' || (typed(key) || {}).digit ||
      shiftedDigit(event) || isPencilKey(key);
    if (forGrid) onKey(event);
  }

  // ---- start ---------------------------------------------------------------------------------
  function start() {
    board.addEventListener('keydown', onKey);
    document.addEventListener('keydown', onStrayKey);
    document.addEventListener('keydown', onShortcut);
    $('undo').addEventListener('click', undo);
    $('redo').addEventListener('click', redo);
    $('pencil').addEventListener('click', togglePencil);
    $('colour').addEventListener('click', toggleColour);
    $('centre').addEventListener('click', toggleCentre);
    document.addEventListener('pointerup', () => { ui.dragging = false; });
    $('pause').addEventListener('click', () => setPaused(!ui.paused));
    $('zoom').addEventListener('click', () => setZoomed(!ui.zoomed));
    window.addEventListener('resize', offerZoom);
    $('resume').addEventListener('click', () => setPaused(false));
    $('theme').addEventListener('click', () => setTheme(isDark() ? 'light' : 'dark'));
    $('show-mistakes').addEventListener('change', (e) => {
      ui.showMistakes = e.target.checked;
      store(MISTAKES_KEY, ui.showMistakes);
      render();
    });
    $('done-next').addEventListener('click', () => choose(Number($('pick').value) + 1));
    $('done-close').addEventListener('click', () => { $('done').hidden = true; focusSelected(); });
    $('verify').addEventListener('click', verify);
    $('hint').addEventListener('click', hint);
    $('fill').addEventListener('click', fillCandidates);
    $('solve').addEventListener('click', solve);
    $('reset').addEventListener('click', reset);
    $('new').addEventListener('click', newPuzzle);
    $('pick').addEventListener('change', (e) => choose(Number(e.target.value)));
    $('prev').addEventListener('click', () => choose(Number($('pick').value) - 1));
    $('next').addEventListener('click', () => choose(Number($('pick').value) + 1));
    window.addEventListener('pagehide', saveProgress);
    document.addEventListener('visibilitychange', saveProgress);
    applyTheme();
    ui.showMistakes = load(MISTAKES_KEY) === true;
    $('show-mistakes').checked = ui.showMistakes;
    fillPicker('');
    const fromHash = parseInt(String(window.location.hash).slice(1), 10);
    choose(Number.isFinite(fromHash) ? fromHash - 1 : 0);
    ui.timer = window.setInterval(tick, 1000);
    if (ui.state.solved) changed('');
  }

  start();
})();
