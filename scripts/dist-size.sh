#!/usr/bin/env bash
# The size budget of the built app (README "Size budget"): prints the size and gzip -9 size of
# every file in dist/ and the totals, and fails when the gzip total is over the ceiling.
#   ceiling: 442 KB = 452,608 bytes gzip -9 in total (exit 1 above it): today's size (436.9 KB)
#            plus a small margin, so no change grows the app unnoticed. Raised four times: to
#            442 KB for loading large envelopes in steps and the storage notice (+8.7 KB); to
#            434 KB for issue 8's first part (+42 KB: import of the three request formats in
#            the browser, for open, drop, paste and the embedding API's load; share links,
#            embed mode and the postMessage API; the dark theme and its switch), from 325 KB
#            for the streaming decoder of large sources (+8 KB for a third less load time and no
#            whole-document JSON tree), and from 335 KB for issue 7 (+58 KB: the Anthropic and
#            MCP exports and the lowering they share, request checks with our own JSON Schema
#            checker, the context budget and its estimator, segment-export linking, the
#            panel's tabs, cURL and SDK code, the user view). It is interim: issue 6's
#            budget of 200 KB cannot be met while DECISIONS §4 prescribes pulldown-cmark
#            (about 57 KB of the wasm; README "Size budget"). Lower it as the app shrinks.
#   budget:  200 KB = 204,800 bytes (reported; becomes the ceiling once reachable)
#   goal:    170 KB = 174,080 bytes (reported)
# Sizes are bytes; KB means 1024 bytes. Usage: scripts/dist-size.sh [DIST_DIR]
set -euo pipefail
dist="${1:-dist}"
ceiling=$((442 * 1024))
budget=$((200 * 1024))
goal=$((170 * 1024))
[ -d "$dist" ] || { echo "dist-size: no directory $dist (run trunk build --release first)" >&2; exit 2; }
total=0
total_gz=0
files=0
printf '%10s %10s  %s\n' bytes gzip file
while IFS= read -r -d '' file; do
  size=$(stat -c %s "$file")
  gz=$(gzip -9c "$file" | wc -c)
  total=$((total + size))
  total_gz=$((total_gz + gz))
  files=$((files + 1))
  printf '%10d %10d  %s\n' "$size" "$gz" "${file#"$dist"/}"
done < <(find "$dist" -type f -not -path '*/.stage/*' -print0 | sort -z)
[ "$files" -gt 0 ] || { echo "dist-size: $dist is empty" >&2; exit 2; }
printf '%10d %10d  %s\n' "$total" "$total_gz" "TOTAL"
kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1024 }'; }
echo "gzip total $total_gz bytes ($(kb "$total_gz")); goal $goal bytes ($(kb "$goal")), budget $budget bytes ($(kb "$budget")), ceiling $ceiling bytes ($(kb "$ceiling")); 1 KB = 1024 bytes"
if [ "$total_gz" -gt "$ceiling" ]; then
  echo "dist-size: FAIL: $total_gz bytes gzip is over the ceiling of $ceiling bytes by $((total_gz - ceiling))" >&2
  exit 1
fi
if [ "$total_gz" -gt "$budget" ]; then
  echo "dist-size: under the ceiling, $((total_gz - budget)) bytes over the 200 KB budget and $((total_gz - goal)) over the goal"
elif [ "$total_gz" -gt "$goal" ]; then
  echo "dist-size: within the budget, $((total_gz - goal)) bytes over the goal"
else
  echo "dist-size: within the goal ($((goal - total_gz)) bytes to spare)"
fi
