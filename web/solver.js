// Sudoku solver / generator for the playable HTML edition.
// Works as a classic <script> (window.SudokuSolver) and as a Node module.
(function (root, factory) {
  const api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.SudokuSolver = api;
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  const BUDGET = 2000000; // search nodes before giving up (count -1)
  const cache = new WeakMap();

  // Per-shape tables: houses of each cell and peers of each cell.
  function info(shape) {
    let s = cache.get(shape);
    if (s) return s;
    const n = shape.size, nn = shape.cells || n * n;
    const cellHouses = Array.from({ length: nn }, () => []);
    shape.houses.forEach((h, i) => h.forEach((c) => cellHouses[c].push(i)));
    const peers = cellHouses.map((hs, c) => {
      const set = new Set();
      hs.forEach((h) => shape.houses[h].forEach((p) => { if (p !== c) set.add(p); }));
      return [...set];
    });
    s = { n, nn, full: (1 << n) - 1, cellHouses, peers };
    cache.set(shape, s);
    return s;
  }

  const bitCount = (m) => { let k = 0; for (; m; m &= m - 1) k++; return k; };
  const lowDigit = (m) => 31 - Math.clz32(m & -m) + 1; // lowest set bit -> digit

  function shuffle(a, random) {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = a[i]; a[i] = a[j]; a[j] = t;
    }
    return a;
  }

  // Count solutions up to `limit`; returns { count, solution } (count -1 = budget hit).
  function countSolutions(shape, cells, limit = 2, random = null, budget = BUDGET) {
    const { nn, full, cellHouses } = info(shape);
    const houses = shape.houses;
    const g = new Int8Array(nn), used = new Int32Array(houses.length);
    const trail = new Int32Array(nn);
    let tp = 0, count = 0, solution = null, nodes = 0, aborted = false;

    const cand = (c) => {
      let u = 0;
      for (const h of cellHouses[c]) u |= used[h];
      return full & ~u;
    };
    const place = (c, d) => {
      const b = 1 << (d - 1);
      for (const h of cellHouses[c]) if (used[h] & b) return false;
      for (const h of cellHouses[c]) used[h] |= b;
      g[c] = d; trail[tp++] = c;
      return true;
    };
    const undo = (to) => {
      while (tp > to) {
        const c = trail[--tp], nb = ~(1 << (g[c] - 1));
        for (const h of cellHouses[c]) used[h] &= nb;
        g[c] = 0;
      }
    };

    for (let c = 0; c < nn; c++) {
      if (cells[c] && !place(c, cells[c])) return { count: 0, solution: null };
    }
    tp = 0; // givens are never undone

    // Fill hidden and naked singles; returns the MRV cell, -1 if solved, -2 on contradiction.
    function propagate() {
      for (;;) {
        let changed = false;
        for (let h = 0; h < houses.length; h++) {
          let once = 0, twice = 0;
          for (const c of houses[h]) {
            if (g[c]) continue;
            const m = cand(c);
            if (!m) return -2;
            twice |= once & m; once |= m;
          }
          if ((once | used[h]) !== full) return -2;
          for (let hs = once & ~twice; hs; hs &= hs - 1) {
            const b = hs & -hs;
            const c = houses[h].find((x) => !g[x] && cand(x) & b);
            if (c === undefined || !place(c, lowDigit(b))) return -2;
            changed = true;
          }
        }
        let best = -1, bestK = 99;
        for (let c = 0; c < nn; c++) {
          if (g[c]) continue;
          const m = cand(c);
          if (!m) return -2;
          const k = bitCount(m);
          if (k === 1) {
            if (!place(c, lowDigit(m))) return -2;
            changed = true;
          } else if (k < bestK) { best = c; bestK = k; }
        }
        if (!changed) return best;
      }
    }

    function search() {
      if (++nodes > budget) { aborted = true; return; }
      const t0 = tp, c = propagate();
      if (c === -1) {
        count++;
        if (!solution) solution = Array.from(g);
      } else if (c >= 0) {
        const t1 = tp, digits = [];
        for (let m = cand(c); m; m &= m - 1) digits.push(lowDigit(m));
        if (random) shuffle(digits, random);
        for (const d of digits) {
          place(c, d);
          search();
          undo(t1);
          if (count >= limit || aborted) break;
        }
      }
      undo(t0);
    }

    search();
    return aborted ? { count: -1, solution: null } : { count, solution };
  }

  // Random unique puzzle with rotate-180 symmetric givens.
  function generate(shape, random, options = {}) {
    const { nn } = info(shape);
    const deadline = Date.now() + (options.deadlineMs ?? 1500);
    const minGivens = options.minGivens ?? 0;
    // Random fill; a small budget per try cuts off rare slow searches.
    let solution = null;
    for (let i = 0; i < 10 && !solution; i++) {
      const r = countSolutions(shape, new Array(nn).fill(0), 1, random, i < 9 ? 50000 : BUDGET);
      if (r.count === 0) throw new Error('shape has no solution');
      solution = r.solution;
    }
    if (!solution) throw new Error('could not fill grid');
    const givens = solution.slice();
    let left = nn;
    const order = [];
    for (let c = 0; c <= nn - 1 - c; c++) order.push(c);
    shuffle(order, random);
    for (const c of order) {
      if (Date.now() > deadline) break;
      const o = nn - 1 - c, k = c === o ? 1 : 2;
      if (left - k < minGivens) continue;
      givens[c] = givens[o] = 0;
      if (countSolutions(shape, givens, 2, null, 50000).count === 1) left -= k;
      else { givens[c] = solution[c]; givens[o] = solution[o]; }
    }
    return { givens, solution };
  }

  // Candidate bitmask per cell (bit d-1 = digit d possible); 0 for filled cells.
  function candidates(shape, cells) {
    const { nn, full, peers } = info(shape);
    const out = new Array(nn).fill(0);
    for (let c = 0; c < nn; c++) {
      if (cells[c]) continue;
      let u = 0;
      for (const p of peers[c]) if (cells[p]) u |= 1 << (cells[p] - 1);
      out[c] = full & ~u;
    }
    return out;
  }

  // Simplest next step: a hidden single in any house, else a naked single, else null.
  function nextSingle(shape, cells) {
    const { n } = info(shape);
    const cand = candidates(shape, cells);
    for (let h = 0; h < shape.houses.length; h++) {
      for (let d = 1; d <= n; d++) {
        const b = 1 << (d - 1);
        let only = -1, k = 0;
        for (const c of shape.houses[h]) if (cand[c] & b) { only = c; k++; }
        if (k === 1) return { technique: 'Hidden single', cell: only, digit: d, house: h };
      }
    }
    for (let c = 0; c < cand.length; c++) {
      if (bitCount(cand[c]) === 1) return { technique: 'Naked single', cell: c, digit: lowDigit(cand[c]) };
    }
    return null;
  }

  // Small seeded PRNG returning floats in [0, 1).
  function mulberry32(seed) {
    let a = seed >>> 0;
    return function () {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  return { countSolutions, generate, nextSingle, candidates, mulberry32 };
});
