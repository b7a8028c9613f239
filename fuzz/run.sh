#!/usr/bin/env bash
# Runs one fuzz target in one process (one core: others build in parallel) for SECONDS
# seconds (default 600), seeded by seed.sh. Crashes land in fuzz/artifacts/TARGET/.
#   fuzz/run.sh parse_validate 1200
set -euo pipefail
cd "$(dirname "$0")/.."
target=$1
seconds=${2:-600}
[ -d "fuzz/corpus/$target" ] || bash fuzz/seed.sh
dict=()
[ "$target" = markdown ] || dict=(-dict=fuzz/json.dict)
exec cargo +nightly fuzz run "$target" -s none \
  --target-dir "${FUZZ_TARGET_DIR:-target/fuzz}" -- \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
  -max_len=16384 -print_final_stats=1 "${dict[@]}"
