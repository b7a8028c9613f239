#!/usr/bin/env bash
# Judges `pep export --to openai|responses|anthropic|mcp|gemini` with the vendors' own SDK types
# (OpenAI's CompletionCreateParamsNonStreaming and ResponseCreateParamsNonStreaming,
# Anthropic's MessageCreateParamsNonStreaming, MCP's GetPromptResult, google-genai's Content and
# Tool in the generateContent body), strictly: no key the SDK type does not declare, at any
# depth. Runs over every demo and every valid and parity fixture; see tests/sdk/check_exports.py.
#
#   scripts/sdk-check.sh [--formats openai,responses,anthropic,mcp,gemini] [-v]
#
# Needs the release pep built first (cargo build --release -p pep-cli), found in
# ${CARGO_TARGET_DIR:-target}/release/pep. The pinned SDKs live in a cached venv made once by
# scripts/sdk-venv.sh (about 10 s with PyPI reachable); later runs reuse it.
set -euo pipefail
cd "$(dirname "$0")/.."

pep="${CARGO_TARGET_DIR:-target}/release/pep"
if [ ! -x "$pep" ]; then
  echo "sdk-check: $pep not found; build it first: cargo build --release -p pep-cli" >&2
  exit 2
fi

python="$(scripts/sdk-venv.sh | tail -n 1)"

shopt -s nullglob
files=(demos/demo-*.json tests/fixtures/valid/*.json tests/fixtures/parity/*.json)
if [ "${#files[@]}" -eq 0 ]; then
  echo "sdk-check: no demo or fixture files found" >&2
  exit 2
fi

# The real request bodies, logs and traces of tests/fixtures/import/, imported (one envelope
# per request), then their exports judged like the rest.
imported="$(mktemp -d)"
trap 'rm -rf "$imported"' EXIT
scripts/import-fixtures.sh "$pep" "$imported" >"$imported/list"
mapfile -t envelopes <"$imported/list"
[ "${#envelopes[@]}" -gt 0 ] || { echo "sdk-check: no import fixture imported" >&2; exit 2; }
files+=("${envelopes[@]}")

"$python" tests/sdk/check_exports.py --pep "$pep" "$@" "${files[@]}"
