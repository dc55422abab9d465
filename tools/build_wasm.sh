#!/usr/bin/env bash
# Builds the engine's WebAssembly module (crates/engine-wasm) with Debian's wasm32 toolchain
# (../shared/notes/wasm.md: rustc-web, cargo-web, rust-web-src, lld) and copies it to
# web/engine.wasm, the module every playable page embeds. Run it after changing the engine and
# commit web/engine.wasm with the change; `--check` builds and fails if the committed module is
# not the one this source makes (CI runs that).
set -euo pipefail
cd "$(dirname "$0")/.."
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
  /usr/bin/cargo build --locked --profile wasm --target wasm32-unknown-unknown \
  -Zbuild-std=std,panic_abort -p sudoku-engine-wasm --target-dir target/wasm
built=target/wasm/wasm32-unknown-unknown/wasm/sudoku_engine_wasm.wasm
toolchain="$(/usr/bin/rustc --version)"
if [ "${1:-}" = "--check" ]; then
  if cmp -s "$built" web/engine.wasm; then
    echo "web/engine.wasm is the module this source makes ($(wc -c < "$built") bytes, $toolchain)"
  elif [ "$toolchain" != "$(cat web/engine.wasm.toolchain)" ]; then
    # Another compiler makes other bytes: the module's tests run on both (tests/wasm).
    echo "web/engine.wasm was built by $(cat web/engine.wasm.toolchain), this is $toolchain:" \
      "bytes not compared"
  else
    echo "web/engine.wasm is stale: run tools/build_wasm.sh and commit web/engine.wasm" >&2
    exit 1
  fi
else
  cp "$built" web/engine.wasm
  echo "$toolchain" > web/engine.wasm.toolchain
  echo "web/engine.wasm: $(wc -c < web/engine.wasm) bytes, gzipped $(gzip -9 -c web/engine.wasm | wc -c)"
fi
