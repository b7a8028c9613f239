#!/usr/bin/env bash
# Serves the viewer at http://127.0.0.1:8080/ after installing whatever is missing.
# Extra arguments go to `trunk serve` (e.g. --port 9000).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$PATH"
exec trunk serve --release --offline "$@"
