#!/usr/bin/env bash
# The layer rules of README "Architecture", checked (the test command runs this):
#   1. pep-core and pep-view depend on no UI or browser crate (leptos, web-sys, js-sys,
#      wasm-bindgen), with every feature and for every target;
#   2. the app (src/) names pep-view only, never pep_core, and does not depend on it (its
#      component tests may, to make models as the engine does);
#      in src/, only platform/ and the two entry points (main.rs, the page's; lazy_main.rs,
#      the lazy module's) name web_sys, js_sys or wasm_bindgen;
#   3. src/ holds lib.rs, main.rs, lazy_main.rs, platform/, state/ and components/, and
#      components/ holds shell/, chat/, panel/, segments/, widgets/, compare/, requests/ and
#      share/;
#   4. no import circle between the top-level modules of pep-core, pep-view, pep-cli, the mdBook
#      preprocessor or the app
#      (scripts/module-circles.mjs: `crate::` paths outside tests; README "Architecture" gives
#      the core's floors);
#   5. no Rust file of the repository is over 400 lines (functions over 80 lines are clippy's
#      too_many_lines, denied in the workspace's lints: clippy.toml sets the threshold).
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
fail() {
  echo "layers: FAIL: $*" >&2
  failed=1
}

for crate in pep-core pep-view; do
  deps=$(cargo tree -p "$crate" --all-features --target all -e normal --prefix none --offline |
    awk '{ print $1 }' | sort -u)
  for banned in leptos web-sys js-sys wasm-bindgen; do
    if grep -qx "$banned" <<<"$deps"; then fail "$crate depends on $banned"; fi
  done
done

while IFS= read -r file; do
  fail "$file names pep_core: the app speaks pep-view's vocabulary (its root re-exports the core's words)"
done < <(grep -rlE '\bpep_core\b' src --include='*.rs' || true)
if sed -n '/^\[dependencies\]/,/^\[/p' Cargo.toml | grep -qE '^pep-core'; then
  fail "Cargo.toml: the app depends on pep-core (it names pep-view only; its tests may)"
fi

while IFS= read -r file; do
  fail "$file uses a browser API outside src/platform/ (web_sys, js_sys or wasm_bindgen)"
done < <(grep -rlE '\b(web_sys|js_sys|wasm_bindgen)\b' src --include='*.rs' | grep -vE '^src/(platform/|main\.rs$|lazy_main\.rs$)' || true)

allowed() { # DIR ENTRY...: every entry of DIR is one of ENTRY...
  local dir=$1
  shift
  for entry in "$dir"/*; do
    local name=${entry##*/}
    [[ " $* " == *" $name "* ]] || fail "$entry: $dir/ holds only $*"
  done
}
allowed src lib.rs main.rs lazy_main.rs platform state components
allowed src/components mod.rs shell chat panel segments widgets compare requests share

# The checker first shows that it sees a circle (through `super::`, `use crate::{…}` and a name
# the root re-exports), and no arrow from a test or a comment.
fixtures=tests/fixtures/module-circles
for circle in circle root; do
  if node scripts/module-circles.mjs "$fixtures/$circle" --quiet >/dev/null; then
    fail "scripts/module-circles.mjs does not find the circle of $fixtures/$circle"
  fi
done
node scripts/module-circles.mjs "$fixtures/none" --quiet >/dev/null ||
  fail "scripts/module-circles.mjs finds a circle in $fixtures/none"
for src in crates/pep-core/src crates/pep-view/src crates/pep-cli/src crates/mdbook-prompt-envelope/src src; do
  node scripts/module-circles.mjs "$src" --quiet >/tmp/layers-circles.$$ 2>&1 ||
    fail "an import circle between the top-level modules of $src: $(grep '^circle' /tmp/layers-circles.$$ | tr '\n' ' ')"
  rm -f /tmp/layers-circles.$$
done

while IFS= read -r line; do
  fail "$line lines (over 400)"
done < <(git ls-files '*.rs' | xargs wc -l | awk '$2 != "total" && $1 > 400 { print $2 ": " $1 }')

if [ "$failed" -ne 0 ]; then exit 1; fi
echo "layers: pep-core and pep-view free of UI and browser crates; the app names pep-view only; browser APIs only in src/platform/ and the entry points; src/ and src/components/ as README \"Architecture\" says; no import circle between the top-level modules of a crate; no Rust file over 400 lines"
