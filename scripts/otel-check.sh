#!/usr/bin/env bash
# Judges `pep export --to otel` against the OpenTelemetry GenAI semantic conventions' JSON
# schemas (v1.41.0, vendored unmodified in tests/otel/semconv-v1.41.0/): each value
# (gen_ai.system_instructions, gen_ai.input.messages, gen_ai.tool.definitions) against its
# schema as published and against a strict copy (no unknown key at any depth, no catch-all
# Generic* member, roles and modalities from their enums). Runs over every demo and every valid
# and parity fixture, and the imported request bodies of tests/fixtures/import/; see
# tests/otel/check_otel.py.
#
#   scripts/otel-check.sh [-v]
#
# Needs the release pep built first (cargo build --release -p pep-cli), found in
# ${CARGO_TARGET_DIR:-target}/release/pep. jsonschema (with referencing and
# jsonschema-specifications) comes from the cached venv of scripts/sdk-venv.sh, pinned in
# tests/sdk/requirements.txt; no network is used by the check itself.
set -euo pipefail
cd "$(dirname "$0")/.."

pep="${CARGO_TARGET_DIR:-target}/release/pep"
if [ ! -x "$pep" ]; then
  echo "otel-check: $pep not found; build it first: cargo build --release -p pep-cli" >&2
  exit 2
fi

python="$(scripts/sdk-venv.sh | tail -n 1)"

shopt -s nullglob
files=(demos/demo-*.json tests/fixtures/valid/*.json tests/fixtures/parity/*.json)
if [ "${#files[@]}" -eq 0 ]; then
  echo "otel-check: no demo or fixture files found" >&2
  exit 2
fi

# The real request bodies, logs and traces of tests/fixtures/import/, imported (one envelope
# per request), then their exports judged like the rest.
imported="$(mktemp -d)"
trap 'rm -rf "$imported"' EXIT
scripts/import-fixtures.sh "$pep" "$imported" >"$imported/list"
mapfile -t envelopes <"$imported/list"
[ "${#envelopes[@]}" -gt 0 ] || { echo "otel-check: no import fixture imported" >&2; exit 2; }
files+=("${envelopes[@]}")

"$python" tests/otel/check_otel.py --pep "$pep" "$@" "${files[@]}"
