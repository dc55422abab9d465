// The book's own engine in the page: the engine crate compiled to WebAssembly
// (crates/engine-wasm, web/engine.wasm), embedded gzipped and in base64. It runs twice: in a Web
// Worker for what may take long (the next step of a hard puzzle, a new puzzle), so input never
// waits and a search can be cancelled; and on the page itself for what is quick and must show
// at once (which cells break a rule, the candidates to fill in).
// Works as a classic <script> (window.SudokuEngine) and as a Node module (for the unit tests).
(function (root, factory) {
  const api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.SudokuEngine = api;
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  /** Calls one command of an instance: the request's UTF-8 bytes in, its JSON answer out. */
  function call(exports, command, request) {
    const bytes = new TextEncoder().encode(request);
    const ptr = exports.sudoku_alloc(bytes.length);
    new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
    const length = exports['sudoku_' + command](ptr, bytes.length);
    exports.sudoku_free(ptr, bytes.length);
    const out = new Uint8Array(exports.memory.buffer, exports.sudoku_output(), length);
    return JSON.parse(new TextDecoder().decode(out));
  }

  /** The worker's whole program: it takes the compiled module, then answers requests in turn. */
  function workerMain() {
    let exports = null;
    let words = '';
    self.onmessage = async (event) => {
      const message = event.data;
      try {
        if (message.module) {
          exports = (await WebAssembly.instantiate(message.module, {})).exports;
          if (words) call(exports, 'words', words);
          self.postMessage({ ready: true });
          return;
        }
        if (message.command === 'words') words = message.request;
        self.postMessage({ id: message.id, answer: call(exports, message.command, message.request) });
      } catch (e) {
        self.postMessage({ id: message.id, failed: String(e && e.message ? e.message : e) });
      }
    };
  }

  /** The module's bytes from the page: base64 of its gzip. */
  async function moduleBytes(base64) {
    const packed = Uint8Array.from(atob(base64.trim()), (c) => c.charCodeAt(0));
    const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).arrayBuffer();
  }

  /**
   * Starts the engine from the page's embedded module. `ask(command, request)` answers from the
   * worker (a promise; rejected when cancelled or broken); `now(command, request)` answers at
   * once on the page, or null while the module is still loading; `cancel()` stops what the
   * worker is doing (a new worker takes its place); `ready` resolves when both can answer.
   */
  function start(base64, onChange) {
    // `epoch` counts the cancels: a question asked before one is never sent after it.
    const engine = { exports: null, worker: null, pending: new Map(), next: 1, words: '',
      module: null, failed: null, epoch: 0 };
    const workerUrl = URL.createObjectURL(new Blob(
      [call.toString() + '\n(' + workerMain.toString() + ')();'],
      { type: 'text/javascript' }));

    function spawn() {
      let worker;
      try {
        worker = new Worker(workerUrl);
      } catch (e) {
        // A browser that refuses workers here: the page answers everything itself.
        engine.worker = null;
        return;
      }
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.ready) return;
        const job = engine.pending.get(message.id);
        if (!job) return;
        engine.pending.delete(message.id);
        if (message.failed) job.reject(new Error(message.failed));
        else job.resolve(message.answer);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        for (const job of engine.pending.values()) job.reject(new Error('the engine stopped'));
        engine.pending.clear();
      };
      worker.postMessage({ module: engine.module });
      if (engine.words) worker.postMessage({ id: 0, command: 'words', request: engine.words });
      engine.worker = worker;
    }

    engine.ready = moduleBytes(base64)
      .then((bytes) => WebAssembly.compile(bytes))
      .then(async (module) => {
        engine.module = module;
        engine.exports = (await WebAssembly.instantiate(module, {})).exports;
        if (engine.words) call(engine.exports, 'words', engine.words);
        spawn();
        if (onChange) onChange();
      })
      .catch((e) => {
        engine.failed = String(e && e.message ? e.message : e);
        if (onChange) onChange();
      });

    return {
      ready: engine.ready,
      get loaded() { return !!engine.exports; },
      get failed() { return engine.failed; },
      get busy() { return engine.pending.size > 0; },
      /** Answers from the worker. */
      ask(command, request) {
        const epoch = engine.epoch;
        return engine.ready.then(() => {
          if (engine.failed) throw new Error(engine.failed);
          if (engine.epoch !== epoch) throw new Error('cancelled');
          if (!engine.worker) return call(engine.exports, command, request);
          return new Promise((resolve, reject) => {
            const id = engine.next++;
            engine.pending.set(id, { resolve, reject });
            engine.worker.postMessage({ id, command, request });
          });
        });
      },
      /** Answers on the page, or null before the module is loaded. */
      now(command, request) {
        return engine.exports ? call(engine.exports, command, request) : null;
      },
      /** Sets the words steps are told in (the book's language), on both instances. */
      words(text) {
        engine.words = text;
        if (engine.exports) call(engine.exports, 'words', text);
        if (engine.worker) engine.worker.postMessage({ id: 0, command: 'words', request: text });
      },
      /** Stops the worker's search: what was asked is rejected, a new worker answers next. */
      cancel() {
        engine.epoch += 1;
        if (!engine.worker) return;
        engine.worker.terminate();
        for (const job of engine.pending.values()) job.reject(new Error('cancelled'));
        engine.pending.clear();
        spawn();
      },
    };
  }

  /**
   * A state request for the module: the variant, the puzzle line (givens and the shape's rules),
   * then the player's values, notes (masks) and the values' names, one a line.
   */
  function stateRequest(shape, puzzle, values, notes, names) {
    const symbols = (list) => list.map((v) => (v ? '.123456789ABCDEFGHIJKLMNOP'[v] : '.')).join('');
    return [shape.variant, puzzle.givens + (shape.rules || ''), values ? symbols(values) : '',
      notes ? notes.join(',') : '', names ? names.join('\t') : ''].join('\n');
  }

  return { start, call, stateRequest };
});
