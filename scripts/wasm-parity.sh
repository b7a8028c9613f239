#!/usr/bin/env bash
# Proves the six exports are byte-identical natively and in wasm (DECISIONS §3): writes the native
# `pep export` output of each case, then runs crates/pep-core/tests/wasm_parity.rs compiled to
# wasm32 under Node (wasm-bindgen-test-runner), which compares its own export with those files;
# then, in the same wasm build, the compare scaling test (tests/diff_scaling.rs: what the
# compare module runs is linear in wasm too).
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"
out="$(realpath -m "$target_dir")/native-export"
mkdir -p "$out"
cargo build --quiet --release --bin pep
pep="$target_dir/release/pep"
export_case() { # name file: NAME.stdout is OpenAI's, NAME.FORMAT.stdout the others'
  "$pep" export --to openai "$2" >"$out/$1.stdout" 2>"$out/$1.stderr"
  "$pep" export --to responses "$2" >"$out/$1.responses.stdout" 2>"$out/$1.responses.stderr"
  "$pep" export --to anthropic "$2" >"$out/$1.anthropic.stdout" 2>"$out/$1.anthropic.stderr"
  "$pep" export --to mcp "$2" >"$out/$1.mcp.stdout" 2>"$out/$1.mcp.stderr"
  "$pep" export --to otel "$2" >"$out/$1.otel.stdout" 2>"$out/$1.otel.stderr"
  "$pep" export --to gemini "$2" >"$out/$1.gemini.stdout" 2>"$out/$1.gemini.stderr"
  # The budget the viewer must show (its ≈ column), for the end-to-end test.
  "$pep" stats --format json "$2" >"$out/$1.stats.json"
}
for demo in a b c d e f; do export_case "demo-$demo" "demos/demo-$demo.json"; done
export_case numbers-and-escapes tests/fixtures/parity/numbers-and-escapes.json
export_case all-kinds tests/fixtures/valid/02-all-kinds.json
export_case tool-calls tests/fixtures/valid/04-tool-calls.json
echo "native exports written to $out"
PEP_NATIVE_EXPORT_DIR="$out" \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test -p pep-core --target wasm32-unknown-unknown --test wasm_parity --test diff_scaling \
    -- --nocapture
