#!/usr/bin/env bash
# Runs every test, from a fresh machine: installs what is missing (scripts/setup.sh), then
# lints, runs the native tests, proves native/wasm export parity, and prints benchmark figures.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
start=$SECONDS

say "setup"
bash scripts/setup.sh

say "format and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p pep-core --target wasm32-unknown-unknown --quiet -- -D warnings

say "native tests (protocol core and pep CLI)"
cargo test --workspace

say "wasm: the export is byte-identical to native"
bash scripts/wasm-parity.sh

say "export benchmark (~10 MB envelope; target ≥ 100 MB/s)"
cargo bench -p pep-core --bench export -- --quick 2>&1 | grep -E '^openai/|thrpt:|generated' || true

say "all tests passed in $((SECONDS - start)) s"
