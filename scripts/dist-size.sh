#!/usr/bin/env bash
# Prints the size and gzip -9 size of every file in dist/ and the totals (no budget yet).
set -euo pipefail
dist="${1:-dist}"
total=0
total_gz=0
printf '%10s %10s  %s\n' bytes gzip file
while IFS= read -r -d '' file; do
  size=$(stat -c %s "$file")
  gz=$(gzip -9c "$file" | wc -c)
  total=$((total + size))
  total_gz=$((total_gz + gz))
  printf '%10d %10d  %s\n' "$size" "$gz" "${file#"$dist"/}"
done < <(find "$dist" -type f -not -path '*/.stage/*' -print0 | sort -z)
printf '%10d %10d  %s\n' "$total" "$total_gz" "TOTAL"
