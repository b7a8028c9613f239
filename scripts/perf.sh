#!/usr/bin/env bash
# The performance harness (not part of ./scripts/test.sh: it prints figures next to their
# targets and fails nothing). Builds dist/ (release) and the `pep` CLI, generates the envelopes
# (1k, 10k, 10k-large, 100k messages; one 10 MiB long_text; about 10 and 50 MiB; the export
# benchmark's), then runs tests/perf/harness.mjs in headless Chromium against 127.0.0.1
# servers. With --baseline DIR (DIR/dist and DIR/pep, e.g. built from main), every figure is
# measured for that build and for this one in the same run, side by side. See
# docs/performance.md.
#
#   ./scripts/perf.sh                      # everything
#   ./scripts/perf.sh --no-build           # use the dist/ and target/release/pep already built
#   ./scripts/perf.sh --baseline DIR       # also measure DIR/dist and DIR/pep, side by side
#   ./scripts/perf.sh --envelopes DIR      # envelope files already made (1k.json, 10k.json, …)
#   PERF_GENERATE='cmd {preset}' ./scripts/perf.sh   # a generator printing an envelope to stdout
#   PERF_TIMEOUT=120 PERF_RUNS=3 PERF_FCP_RUNS=9     # seconds per browser step, runs per median,
#                                                    # runs of the first-paint medians
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
target_dir="$(realpath -m "${CARGO_TARGET_DIR:-target}")"

usage() { echo "usage: perf.sh [--no-build] [--baseline DIR] [--envelopes DIR]" >&2; exit 2; }
build=1
envelopes=""
baseline=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --envelopes) [ $# -ge 2 ] || usage; envelopes="$(realpath "$2")"; shift ;;
    --baseline) [ $# -ge 2 ] || usage; baseline="$(realpath "$2")"; shift ;;
    *) usage ;;
  esac
  shift
done
if [ -n "$baseline" ] && { [ ! -d "$baseline/dist" ] || [ ! -x "$baseline/pep" ]; }; then
  echo "perf.sh: --baseline $baseline needs $baseline/dist/ and an executable $baseline/pep" >&2
  exit 2
fi

# Private copies of pep (and of the generator): the target directory may be shared and rebuilt
# by others meanwhile.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ "$build" = 1 ]; then
  # A target directory shared with other checkouts may hold their build with newer timestamps,
  # which cargo would take as up to date: make this tree's sources the newest.
  git ls-files -z '*.rs' | xargs -0 touch
  trunk build --release --offline
  cargo build --release -p pep-cli --quiet
else
  [ -f dist/index.html ] || { echo "perf.sh: --no-build, but there is no dist/index.html (trunk build --release)" >&2; exit 2; }
  if [ ! -x "$target_dir/release/pep" ]; then
    echo "no $target_dir/release/pep: building it"
    cargo build --release -p pep-cli --quiet
  fi
fi
cp "$target_dir/release/pep" "$work/pep"
if [ -n "$baseline" ]; then cp "$baseline/pep" "$work/pep-baseline"; fi

if [ -z "$envelopes" ]; then
  envelopes="$target_dir/perf-envelopes"
  mkdir -p "$envelopes"
  # The core's generator (crates/pep-core/examples/generate.rs) for its presets; the Node one
  # (tests/perf/generate.mjs) for the ~10 MiB envelope of the older figures, and for what it
  # has when the core's generator cannot be built.
  core_generator=""
  if [ -z "${PERF_GENERATE:-}" ] && [ -f crates/pep-core/examples/generate.rs ]; then
    if cargo build --release --quiet -p pep-core --example generate; then
      cp "$target_dir/release/examples/generate" "$work/generate"
      core_generator="$work/generate --preset {preset}"
    elif [ -x "$target_dir/release/examples/generate" ]; then
      echo "  (the generator did not build: using the one built before)"
      cp "$target_dir/release/examples/generate" "$work/generate"
      core_generator="$work/generate --preset {preset}"
    else
      echo "  (the generator did not build: the Node generator makes what it can)"
    fi
  fi
  for preset in 1k 10k 10k-large 100k long-text 50mb bench 10mb; do
    command="${PERF_GENERATE:-$core_generator}"
    if [ -z "$command" ] || { [ "$preset" = 10mb ] && [ -z "${PERF_GENERATE:-}" ]; }; then
      case "$preset" in
        1k|10k|100k|10mb|50mb) command="node tests/perf/generate.mjs {preset}" ;;
        *) echo "  (no generator for $preset: skipped)"; continue ;;
      esac
    fi
    echo "generating $preset.json: ${command//\{preset\}/$preset}"
    if ! bash -c "${command//\{preset\}/$preset}" >"$envelopes/$preset.json.part"; then
      rm -f "$envelopes/$preset.json.part"
      if [ -f "$envelopes/$preset.json" ]; then
        echo "  (generator failed for $preset: the $preset.json made before is used)"
      else
        echo "  (generator failed for $preset: skipped)"
      fi
      continue
    fi
    mv "$envelopes/$preset.json.part" "$envelopes/$preset.json"
  done
fi

args=(--dist dist --envelopes "$envelopes" --pep "$work/pep"
  --timeout "${PERF_TIMEOUT:-90}" --runs "${PERF_RUNS:-3}" --fcp-runs "${PERF_FCP_RUNS:-9}")
if [ -n "$baseline" ]; then
  args+=(--baseline-dist "$baseline/dist" --baseline-pep "$work/pep-baseline")
fi
node tests/perf/harness.mjs "${args[@]}"
