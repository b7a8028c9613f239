#!/usr/bin/env bash
# Installs what building and testing need, skipping whatever is already present:
# the wasm32 target and wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock.
# Sourced by scripts/test.sh; safe to run on its own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup first" >&2; exit 1; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must match the wasm-bindgen crate exactly.
wb_version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
if [ -z "$wb_version" ]; then
  echo "cannot find wasm-bindgen in Cargo.lock" >&2; exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wb_version" ] \
   || ! command -v wasm-bindgen-test-runner >/dev/null; then
  say "installing wasm-bindgen-cli $wb_version (about 10 CPU-minutes, once)"
  cargo install wasm-bindgen-cli --version "$wb_version" --force
fi

command -v node >/dev/null || {
  say "installing Node.js (runs the wasm tests)"
  apt-get update -qq && apt-get install -y -qq nodejs
}
