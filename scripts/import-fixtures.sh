#!/usr/bin/env bash
# Imports the real request bodies, logs and traces of tests/fixtures/import/ into DIR, one
# envelope file each, and prints their paths (one per line): the corpus that scripts/sdk-check.sh
# and scripts/otel-check.sh judge the exports of, beside the demos.
#
#   scripts/import-fixtures.sh PEP DIR
#
# A file of many requests (an OTLP trace with several GenAI spans) gives one envelope per
# request (`pep import --all`, split). A file that holds nothing importable on purpose (its
# golden `.expected` says `refused`) is left out; any other failure is an error, so a fixture
# that stops importing cannot leave the corpus unnoticed (the Rust golden tests say why).
set -euo pipefail
cd "$(dirname "$0")/.."
pep="$1"
dir="$2"

shopt -s nullglob
for request in tests/fixtures/import/*/*.json tests/fixtures/import/*/*.jsonl; do
  name="$(basename "$(dirname "$request")")-$(basename "$request")"
  out="$dir/$name"
  if "$pep" import "$request" >"$out" 2>/dev/null; then
    echo "$out"
    continue
  fi
  rm -f "$out"
  golden="${request%.*}.expected"
  if [ -f "$golden" ] && [ "$(head -n 1 "$golden")" = "refused" ]; then
    continue
  fi
  if ! "$pep" import --all "$request" >"$out.all" 2>/dev/null; then
    echo "import-fixtures: $request cannot be imported: $("$pep" import "$request" 2>&1 >/dev/null | head -n 1)" >&2
    exit 1
  fi
  node -e '
    const fs = require("fs");
    const [all, stem] = process.argv.slice(1);
    JSON.parse(fs.readFileSync(all, "utf8")).forEach((envelope, k) => {
      const file = `${stem}.${k + 1}.json`;
      fs.writeFileSync(file, JSON.stringify(envelope, null, 2) + "\n");
      console.log(file);
    });' "$out.all" "${out%.*}"
  rm -f "$out.all"
done
