// The playable page's words: English here, the book's language from the page data (the
// `page_*` tables of src/spec/strings/page_tables.rs, the same keys and placeholders; a Rust
// test holds them to this table). `t(key, values)` fills `{name}` placeholders.
// Works as a classic <script> (window.SudokuWords) and as a Node module.
(function (root, factory) {
  const api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.SudokuWords = api;
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  const EN = {
    // Buttons, labels and headings.
    puzzle: 'Puzzle', previous: 'Previous puzzle', next: 'Next puzzle', new_puzzle: 'New puzzle',
    dark: 'Dark', undo: 'Undo', redo: 'Redo', pencil: 'Pencil', candidates: 'Candidates',
    verify: 'Verify', hint: 'Hint', solve: 'Solve', reset: 'Reset', pause: 'Pause', resume: 'Resume',
    zoom: 'Zoom', centre: 'Centre', centre_on: 'Centre on: digits are centre marks (a cell\'s candidates).',
    centre_off: 'Centre off: digits are placed.', move_centre: '{cell} centre {changes}', centre_list: 'centre {list}',
    colour: 'Colour', colour_on: 'Colour on: digits 1–9 paint the selected cells, Erase clears them.',
    colour_off: 'Colour off: digits are placed.', move_colour: '{cell} colour {colour}', move_uncolour: '{cell} colour cleared', erase: 'Erase', cancel: 'Cancel', close: 'Close', moves: 'Moves', keys: 'Keys',
    start: 'Start', paused: 'Paused', solved_title: 'Solved!',
    show_mistakes: 'Show mistakes (digits that differ from the solution)',
    keys_help: 'Arrow keys move; type a digit (letters A, B… for 10 and up) to place it; Backspace or Delete removes it; Ctrl+Z undoes and Ctrl+Y redoes. With Pencil on, digits are notes; Shift with a digit pencils it; N switches Pencil. Candidates pencils every empty cell\'s candidates. Hint starts from your digits and notes.',
    board_label: '{about}. Arrow keys move, digits place, Delete removes.',
    digits: 'Digits', tools: 'Tools', game: 'Game', puzzles: 'Puzzles',
    // The puzzle list and the line above the board.
    made_here: 'Made here', new_n: 'New {n}', solved_mark: 'solved', cells_n: '{n} cells', score: 'score {score}',
    // Cells and the pad.
    cell_label: 'Row {row}, column {col}: {what}', empty: 'empty', given_value: 'given {value}',
    notes_list: 'notes {list}', digit_n: 'Digit {digit}', left_n: '{what}, {n} left', all_placed: '{what}, all placed',
    // The moves list (game.js).
    move_place: '{cell} = {value}', move_clear: '{cell} cleared', move_notes_cleared: '{cell} notes cleared',
    move_note: '{cell} note {changes}', move_notes: '{cell} notes {changes}', added: '{list} added', removed: '{list} removed',
    move_reveal: 'Solution revealed', move_fill: 'Candidates pencilled in {n} cells', move_fill_one: 'Candidates pencilled in 1 cell',
    // Messages of the rules (game.js).
    locked: '{cell} is a given ({value}): it cannot be changed', not_a_digit: 'not a digit of this grid',
    already_empty: '{cell} is already empty', clear_first: '{cell} holds a digit: clear it before pencilling',
    bad_key: '{key} is not a digit of this {n}×{n} grid: type {range}', bad_symbol: '{key} is not a symbol of this grid: type {list}',
    // Messages.
    no_storage: 'Progress cannot be saved in this browser (storage is off or full).',
    back_to_move: 'Back to move {n}.', back_to_start: 'Back to the start.', time: 'Time {time}', paused_at: 'Paused at {time}',
    solved_in: 'Solved in {time}', revealed_after: 'Revealed after {time}', mistakes_n: 'Mistakes: {n}',
    solution_revealed: 'Solution revealed.', solved_time: 'Solved! Time: {time}.',
    filled_wrong: 'Every cell is filled, but {n} digits are wrong.', filled_wrong_one: 'Every cell is filled, but 1 digit is wrong.',
    paused_play: 'Paused: press Resume to play.', undone: 'Undone.', redone: 'Redone.', nothing_to_undo: 'Nothing to undo.',
    nothing_to_redo: 'Nothing to redo.', conflicts_n: '{n} cells in conflict (marked red)', no_conflicts: 'No conflicts',
    right_one: 'the placed digit is right so far', right_all: 'all {n} placed digits are right so far',
    none_placed: 'no digits placed yet', wrong_n: '{n} placed digits are wrong', wrong_one: '1 placed digit is wrong',
    no_engine: 'The engine cannot run in this browser: {why}.', loading: 'The engine is still loading; try again in a moment.',
    thinking: 'Hint: thinking…', no_hint: 'No hint: {why}.', hint_wrong: 'Hint: {cell} does not hold the right digit; remove it first.',
    grid_full: 'The grid is full.', hint_missing: 'Hint: the notes of {cells} leave out the answer; pencil them again.',
    hint_look: 'Hint: {technique} — look at {where}. Press Hint again for the whole step.', highlighted: 'the highlighted cells',
    hint_step: 'Hint: {text}', no_candidate: 'A cell has no candidate left: some digit is wrong (Verify shows where).',
    have_candidates: 'Every empty cell already holds its candidates.', already_solved: 'Already solved.',
    ask_solve: 'Show the whole solution? Undo takes it back.', nothing_to_reset: 'Nothing to reset.',
    ask_reset: 'Reset this puzzle? Your digits, notes, moves and time will be lost.', reset_done: 'Reset.',
    making: 'Making a new {level} puzzle…', cancelled: 'No new puzzle: cancelled.', not_made: 'No new puzzle could be made: {why}',
    made: 'New puzzle made here: {level}, score {score}, {n} givens.', paused_clock: 'Paused. The clock has stopped.',
    solved_card: 'Solved in {time}.', solved_card_mistakes: 'Solved in {time} with {n} mistakes.',
    pencil_on: 'Pencil on: digits are notes.', pencil_off: 'Pencil off: digits are placed.',
    // Level names.
    easy: 'easy', medium: 'medium', hard: 'hard', expert: 'expert', extreme: 'extreme', diabolical: 'diabolical',
  };

  let table = EN;

  /** Uses the book's words (keys left out stay English). */
  function use(texts) {
    table = Object.assign({}, EN, texts || {});
  }

  /** The text of `key`, each `{name}` replaced by `values[name]`. */
  function t(key, values) {
    let text = table[key] !== undefined ? table[key] : EN[key] !== undefined ? EN[key] : key;
    for (const [name, value] of Object.entries(values || {})) text = text.split('{' + name + '}').join(String(value));
    return text;
  }

  return { EN, use, t };
});
