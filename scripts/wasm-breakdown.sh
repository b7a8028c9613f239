#!/usr/bin/env bash
# Builds the app's wasm as `trunk build --release` does (profile wasm-release, wasm-bindgen,
# wasm-opt -Oz with index.html's flags) but keeps the function names, then prints where its
# bytes go (scripts/wasm-breakdown.py; README "Size budget"). Usage: scripts/wasm-breakdown.sh [--top N]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
target_dir="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
out="$target_dir/wasm-breakdown"
cargo build --profile wasm-release --target wasm32-unknown-unknown --bin prompt-envelope --quiet
rm -rf "$out" && mkdir -p "$out"
wasm-bindgen --target web --no-typescript --keep-debug --out-dir "$out" \
  "$target_dir/wasm32-unknown-unknown/wasm-release/prompt-envelope.wasm"
# The app's flags: the first rust link of index.html (the second is the worker's).
params=$(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' index.html | head -1)
level=$(sed -n 's/.*data-wasm-opt="\([^"]*\)".*/\1/p' index.html | head -1)
# shellcheck disable=SC2086 # the flags are words
wasm-opt "-O$level" -g $params "$out/prompt-envelope_bg.wasm" -o "$out/named.wasm"
python3 scripts/wasm-breakdown.py "$out/named.wasm" "$@"
