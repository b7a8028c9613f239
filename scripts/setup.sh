#!/usr/bin/env bash
# Installs what building, serving and testing need, skipping whatever is already present:
#   - the wasm32-unknown-unknown target;
#   - wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock;
#   - Trunk 0.21.14 (0.22 needs a newer rustc);
#   - the npm tools of package-lock.json: binaryen 132's wasm-opt (Debian's 108 breaks the app)
#     and playwright-core (drives the system Chromium; it never downloads a browser);
#   - with --browser: Debian's chromium, chromium-driver and CJK/emoji fonts, for the tests.
# Sourced by scripts/test.sh and scripts/serve.sh; safe to run on its own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup first" >&2; exit 1; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must match the wasm-bindgen crate exactly.
wb_version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
[ -n "$wb_version" ] || { echo "cannot find wasm-bindgen in Cargo.lock" >&2; exit 1; }
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wb_version" ] \
   || ! command -v wasm-bindgen-test-runner >/dev/null; then
  say "installing wasm-bindgen-cli $wb_version (about 10 CPU-minutes, once)"
  cargo install wasm-bindgen-cli --version "$wb_version" --force
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk 0.21.14" ]; then
  say "installing Trunk 0.21.14 (about 10 CPU-minutes, once)"
  # Trunk's own release profile is fat LTO in one codegen unit: 22 CPU-minutes (11 on this
  # 2-core machine) for a tool that only runs cargo, wasm-bindgen and wasm-opt and copies
  # files. Without them: 10 CPU-minutes, 6 here.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install trunk --version 0.21.14 --locked --force
fi

if ! command -v node >/dev/null; then
  say "installing Node.js"
  apt_install nodejs npm
fi
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm tools (binaryen 132, playwright-core)"
  npm ci --no-audit --no-fund --loglevel=error
fi

if [ "${1:-}" = "--browser" ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
  dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
  dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing+=(fonts-noto-color-emoji)
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    apt_install "${missing[@]}"
  fi
fi
