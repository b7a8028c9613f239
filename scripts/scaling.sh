#!/usr/bin/env bash
# The scaling tests, RUNS times (default 5), with one core kept busy the whole time (a `yes`
# process), as a contributor's loaded machine would be; then, per test, the highest ratio
# measured against its bound and against the midpoint between linear (×4) and the bound, and
# the lowest ratio of its quadratic stand-in. Not part of scripts/test.sh (which runs each
# scaling test once and prints its figures); it fails nothing and exits 0 unless a test fails.
#
#   ./scripts/scaling.sh          # 5 runs
#   ./scripts/scaling.sh 3        # 3 runs
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
target_dir="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
log_dir="$target_dir/scaling-runs"
mkdir -p "$log_dir"
rm -f "$log_dir"/run-*.log "$log_dir"/cargo-*.log

# Build first, without the busy core: only the tests are measured under load.
core_tests=(--test import_limits --test scaling --test diff_scaling --test import_logs --test import_logs_gemini_cli
  --test limits --test redact)
cargo test --quiet -p pep-core "${core_tests[@]}" --no-run
cargo test --quiet -p pep-view --features engine --test requests --no-run

yes >/dev/null &
busy=$!
trap 'kill "$busy" 2>/dev/null || true' EXIT
status=0
for run in $(seq 1 "$runs"); do
  export PEP_SCALING_LOG="$log_dir/run-$run.log"
  : >"$PEP_SCALING_LOG"
  echo "run $run of $runs (one core busy)"
  cargo test --quiet -p pep-core "${core_tests[@]}" >"$log_dir/cargo-$run.log" 2>&1 || status=1
  cargo test --quiet -p pep-view --features engine --test requests >>"$log_dir/cargo-$run.log" 2>&1 \
    || status=1
done
kill "$busy" 2>/dev/null || true

# "name: n = N ×R (bound ×B; quadratic stand-in ×C) [...]" → the worst of each test.
cat "$log_dir"/run-*.log | awk '
  {
    name = $0; sub(/: n = .*/, "", name)
    match($0, /n = [0-9]+ ×[0-9.]+/); r = substr($0, RSTART, RLENGTH); sub(/.*×/, "", r)
    match($0, /bound ×[0-9.]+/); b = substr($0, RSTART, RLENGTH); gsub(/[^0-9.]/, "", b)
    match($0, /stand-in ×[0-9.]+/); c = substr($0, RSTART, RLENGTH); gsub(/[^0-9.]/, "", c)
    count[name]++
    if (!(name in worst) || r + 0 > worst[name]) worst[name] = r + 0
    if (!(name in control) || c + 0 < control[name]) control[name] = c + 0
    bound[name] = b + 0
  }
  END {
    printf "%-52s %5s %9s %6s %9s %s\n", "test", "runs", "worst ×", "bound", "midpoint", "stand-in (lowest) ×"
    far = 0
    for (name in worst) {
      mid = (4 + bound[name]) / 2
      verdict = worst[name] < mid ? "" : "  <- not below the midpoint"
      if (verdict != "") far++
      printf "%-52s %5d %9.1f %6.0f %9.1f %8.1f%s\n", name, count[name], worst[name], bound[name], mid, control[name], verdict | "sort"
    }
    close("sort")
    printf "\n%d test(s) with a ratio not below its midpoint\n", far
  }'
if [ "$status" -ne 0 ]; then
  echo "a scaling test FAILED in at least one run: see $log_dir/cargo-*.log" >&2
fi
exit "$status"
