#!/usr/bin/env bash
# Runs every test, from a fresh machine: installs what is missing (scripts/setup.sh), then
# lints, checks the layer rules (scripts/layers.sh), runs the native tests (the scaling tests
# among them), proves native/wasm export parity, judges the exports with the vendors' SDK types
# (a pinned Python venv, scripts/sdk-venv.sh), runs the component tests in headless Chromium,
# builds the app, runs the end-to-end browser tests on the built dist/ (what the first render
# fetches and offline use among them) and the robustness test (CSP, crash panel; with a debug
# build), prints the export benchmark and where the page module's bytes go (by dependency and by
# feature, scripts/wasm-breakdown.sh), and gates the first render's size
# (scripts/dist-size.mjs). The performance harness (scripts/perf.sh) is separate: it passes or
# fails nothing. scripts/scaling.sh repeats the scaling tests with one core kept busy.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
phase_start=$SECONDS
# Each phase's heading says how long the one before took and the time so far, so a slow CI
# run shows where its minutes went.
say() {
  printf '\n\033[1m==> %s\033[0m  (previous phase %d s, %d s so far)\n' "$*" \
    $((SECONDS - phase_start)) $((SECONDS - start))
  phase_start=$SECONDS
}
target_dir="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
# An end-to-end file that hangs (a browser that stops answering) fails after 15 minutes
# instead of holding the run until CI's own limit.
e2e() { timeout --kill-after=10 900 node "$@"; }

say "setup"
bash scripts/setup.sh --browser
export PATH="$PWD/node_modules/.bin:$PATH"

say "format and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p pep-core --target wasm32-unknown-unknown --lib --quiet -- -D warnings
cargo clippy -p prompt-envelope --target wasm32-unknown-unknown --all-targets --features local-engine --quiet -- -D warnings

say "layer rules (README \"Architecture\")"
bash scripts/layers.sh

say "native tests (protocol core, pep CLI, viewer logic)"
# Each scaling test appends its ratio, its bound and its quadratic stand-in's ratio here.
export PEP_SCALING_LOG="$target_dir/scaling.log"
: >"$PEP_SCALING_LOG"
cargo test --workspace
say "scaling tests: n → 4n, CPU time of the test's thread (linear ≈ ×4, quadratic ≈ ×16)"
sort "$PEP_SCALING_LOG"

say "wasm: the six exports are byte-identical to native"
bash scripts/wasm-parity.sh

say "the five provider exports of every demo and fixture, judged by the vendors' SDK types (pinned venv)"
bash scripts/sdk-check.sh

say "the OpenTelemetry export of every demo and fixture, judged by the semconv v1.41.0 JSON schemas (vendored)"
bash scripts/otel-check.sh

say "component tests in headless Chromium"
# The runner's own limit for a whole test binary is 20 s by default: a debug build on a
# loaded machine can need more, and the tests wait for each step themselves (browser::until).
CHROMEDRIVER=/usr/bin/chromedriver \
WASM_BINDGEN_TEST_TIMEOUT=600 \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test -p prompt-envelope --target wasm32-unknown-unknown --features local-engine \
    --test components --test large_views

say "build the app (trunk build --release)"
trunk build --release --offline

say "end-to-end test of dist/ in headless Chromium"
e2e tests/e2e/viewer.e2e.mjs dist "$target_dir/native-export" "$target_dir/e2e-screenshots"
e2e tests/e2e/a11y.e2e.mjs dist
echo "screenshots: $target_dir/e2e-screenshots"

say "end-to-end: share links, embed mode and the postMessage API (docs/embed.html as the host)"
e2e tests/e2e/embed.e2e.mjs dist

say "end-to-end: deep links (?at= in a demo, a 10,000-message share link with a step, embed mode, the host API; copy a segment's link; a missing place's notice)"
e2e tests/e2e/deeplink.e2e.mjs dist

say "end-to-end: the embed kit (the Embed dialog by keyboard, every option in the preview and the code, Copy, Escape; the code on a page of another origin shows what the preview showed)"
e2e tests/e2e/embedkit.e2e.mjs dist

say "end-to-end: importing requests by open, drop and paste, with undo"
e2e tests/e2e/import.e2e.mjs dist

say "end-to-end: a file of many requests (JSON Lines, an OTLP trace): the request list, choosing by click and keys, Compare with previous, windowing"
e2e tests/e2e/requests.e2e.mjs dist

say "end-to-end: step-through (every demo, every step = pep export of the cut envelope), keys, Play, ?step, embed"
e2e tests/e2e/step.e2e.mjs dist "$target_dir/debug/pep"

say "end-to-end: compare (the module fetched on first use; ?demo=X&compare=Y, the picker; summary and cache = pep diff)"
e2e tests/e2e/compare.e2e.mjs dist "$target_dir/debug/pep"

say "end-to-end: presenter mode at 1280×720 (side by side, sizes, stepping, notes, the switch)"
e2e tests/e2e/present.e2e.mjs dist

say "end-to-end: reading aids (the wrap switch, storage denied, Escape, the ? shortcuts, the presenter icon)"
e2e tests/e2e/reading.e2e.mjs dist

say "end-to-end: pep render's static pages (HTML parse, axe in both themes, panel = pep export, print, a hostile envelope with script on)"
e2e tests/e2e/render.e2e.mjs "$target_dir/debug/pep" "$target_dir/render-pages"
echo "pages and screenshots (light, dark, print): $target_dir/render-pages"

say "end-to-end: the files fetched before the first render, the worker after it, precompressed copies"
e2e tests/e2e/first-render.e2e.mjs dist

say "end-to-end: offline after one visit (service worker, network cut), then a new build on the same origin"
e2e tests/e2e/offline.e2e.mjs dist

say "robustness end-to-end: CSP in force, crash panel (debug build for ?panic-test)"
trunk build --offline --dist "$target_dir/dist-debug"
SHOT_DIR="$target_dir/e2e-screenshots" e2e tests/e2e/robust.e2e.mjs dist "$target_dir/dist-debug"

say "export benchmark (~10 MB envelope; target ≥ 300 MiB/s for pep export and pep validate)"
cargo bench -p pep-core --bench export -- --quick 2>&1 | grep -E '^openai/|thrpt:|generated' || true

say "where the page module's bytes go, by dependency and by feature (scripts/wasm-breakdown.sh)"
bash scripts/wasm-breakdown.sh

# Last, so a build over the size budget still shows every other result.
say "size of dist/: first render (gated at 285 KB gzip), lazy parts, total (README \"Size budget\")"
node scripts/dist-size.mjs dist

say "all tests passed in $((SECONDS - start)) s"
