#!/usr/bin/env bash
# The performance harness (not part of ./scripts/test.sh: it prints figures next to their
# targets and fails nothing). Builds dist/ (release) and the `pep` CLI, generates the envelopes
# (1k, 10k, 100k messages; about 10 and 50 MiB), then runs tests/perf/harness.mjs in headless
# Chromium against a 127.0.0.1 server. See docs/performance.md.
#
#   ./scripts/perf.sh                      # everything
#   ./scripts/perf.sh --no-build           # use the dist/ and pep already built
#   ./scripts/perf.sh --envelopes DIR      # envelope files already made (1k.json, 10k.json, …)
#   PERF_GENERATE='cmd {preset}' ./scripts/perf.sh   # a generator printing an envelope to stdout
#   PERF_TIMEOUT=120 PERF_RUNS=3           # seconds per browser step, runs per median
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
target_dir="$(realpath -m "${CARGO_TARGET_DIR:-target}")"

build=1
envelopes=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --envelopes) envelopes="$(realpath "$2")"; shift ;;
    *) echo "usage: perf.sh [--no-build] [--envelopes DIR]" >&2; exit 2 ;;
  esac
  shift
done

# A private copy of pep: the target directory may be shared and rebuilt by others meanwhile.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ "$build" = 1 ]; then
  # A target directory shared with other checkouts may hold their build with newer timestamps,
  # which cargo would take as up to date: make this tree's sources the newest.
  git ls-files -z '*.rs' | xargs -0 touch
  trunk build --release --offline
  cargo build --release -p pep-cli --quiet
fi
cp "$target_dir/release/pep" "$work/pep"

if [ -z "$envelopes" ]; then
  envelopes="$target_dir/perf-envelopes"
  mkdir -p "$envelopes"
  # The core's generator when it exists (presets 1k, 10k, 100k, 50mb); the interim Node one
  # for what it lacks (and always for the ~10 MiB envelope of the parse ratio).
  core_generator=""
  if [ -f crates/pep-core/examples/generate.rs ]; then
    core_generator="cargo run --release --quiet -p pep-core --example generate -- --preset {preset}"
  fi
  for preset in 1k 10k 100k 10mb 50mb; do
    command="${PERF_GENERATE:-$core_generator}"
    if [ -z "$command" ] || { [ "$preset" = 10mb ] && [ -z "${PERF_GENERATE:-}" ]; }; then
      command="node tests/perf/generate.mjs {preset}"
    fi
    echo "generating $preset.json: ${command//\{preset\}/$preset}"
    if ! bash -c "${command//\{preset\}/$preset}" >"$envelopes/$preset.json.part"; then
      echo "  (generator failed for $preset: skipped)"
      rm -f "$envelopes/$preset.json.part"
      continue
    fi
    mv "$envelopes/$preset.json.part" "$envelopes/$preset.json"
  done
fi

node tests/perf/harness.mjs --dist dist --envelopes "$envelopes" --pep "$work/pep" \
  --timeout "${PERF_TIMEOUT:-90}" --runs "${PERF_RUNS:-3}"
