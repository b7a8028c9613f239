#!/usr/bin/env bash
# Makes (once) the Python venv holding the vendor SDKs pinned in tests/sdk/requirements.txt, and
# prints its python's path as the only line on stdout; everything else goes to stderr.
#
#   scripts/sdk-venv.sh           create the venv if needed, print its python
#   scripts/sdk-venv.sh --print   only print where its python is (or would be); install nothing
#
# The venv is ${XDG_CACHE_HOME:-$HOME/.cache}/prompt-envelope/sdk-venv-<first 12 hex digits of
# the sha256 of requirements.txt>, so a changed requirements file gets a venv of its own. A
# marker file is written into it after a successful install and import check; a venv that has
# the marker is used as it is, silently. A venv without it (an interrupted install) is made
# again from scratch. Base interpreter: $PEP_SDK_PYTHON, else /usr/bin/python3, else python3
# (Python >= 3.10). Concurrent runs are serialised with flock where it exists.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

requirements=tests/sdk/requirements.txt
marker_name=.pep-sdk-venv-ok

mode=install
case "${1:-}" in
  "") ;;
  --print) mode=print ;;
  -h | --help) sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) echo "sdk-venv: unknown argument \`$1\` (try --help)" >&2; exit 2 ;;
esac

[ -f "$requirements" ] || { echo "sdk-venv: $requirements not found" >&2; exit 1; }
req_hash=$(sha256sum "$requirements" | cut -c1-12)
cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/prompt-envelope"
venv="$cache_root/sdk-venv-$req_hash"
python="$venv/bin/python"
marker="$venv/$marker_name"

if [ "$mode" = print ] || { [ -f "$marker" ] && [ -x "$python" ]; }; then
  echo "$python"
  exit 0
fi

base="${PEP_SDK_PYTHON:-}"
if [ -z "$base" ]; then
  if [ -x /usr/bin/python3 ]; then base=/usr/bin/python3; else base=$(command -v python3 || true); fi
fi
[ -n "$base" ] && "$base" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null || {
  echo "sdk-venv: need Python >= 3.10 with the venv module (set PEP_SDK_PYTHON)" >&2
  exit 1
}

mkdir -p "$cache_root"
if command -v flock >/dev/null; then
  exec 9>"$venv.lock"
  flock 9
  # Another run may have finished the venv while this one waited.
  if [ -f "$marker" ] && [ -x "$python" ]; then echo "$python"; exit 0; fi
fi

start=$SECONDS
echo "sdk-venv: creating $venv ($("$base" -V 2>&1), requirements $req_hash)" >&2
rm -rf "$venv"
if ! "$base" -m venv "$venv" >&2; then
  echo "sdk-venv: \`$base -m venv\` failed (Debian: apt-get install python3-venv)" >&2
  rm -rf "$venv"
  exit 1
fi
if ! "$python" -m pip install --quiet --disable-pip-version-check --no-input \
       --only-binary=:all: -r "$requirements" >&2 \
   || ! "$python" -c 'import openai, anthropic, mcp.types, google.genai, pydantic' >&2; then
  echo "sdk-venv: installing $requirements failed; the venv is removed" >&2
  rm -rf "$venv"
  exit 1
fi
{
  echo "requirements-sha256-12=$req_hash"
  echo "python=$("$python" -V 2>&1)"
  "$python" -m pip freeze --disable-pip-version-check
} >"$marker.tmp"
mv "$marker.tmp" "$marker"
echo "sdk-venv: ready in $((SECONDS - start)) s" >&2
echo "$python"
