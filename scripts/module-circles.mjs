// Finds import circles between the top-level modules of a Rust crate (README "Architecture":
// the core's layers). An edge A -> B is any `crate::B` path, or a `super::` chain reaching
// the crate root, in a non-test file of module A (a `#[cfg(test)]` item is a test's). Prints each module's imports, then every circle; exits 1 if there is one.
// A name the crate root re-exports counts for the module it comes from, and a function the
// root defines for every module the root uses (a type it defines, for none). `--floors` prints each module's floor.
// Usage: node scripts/module-circles.mjs CRATE_SRC_DIR [--quiet | --floors]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const [src, flag] = process.argv.slice(2);
if (!src) {
  console.error('usage: module-circles.mjs CRATE_SRC_DIR [--quiet]');
  process.exit(2);
}

function* rustFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* rustFiles(path);
    else if (name.endsWith('.rs')) yield path;
  }
}

/** The top-level items named by a `use` tree's text after `crate::` (`a::b`, `{a, b::c}`). */
function roots(tree) {
  tree = tree.trim();
  if (!tree.startsWith('{')) return [tree.split(/::|\s|;|,|\)/)[0]];
  const names = [];
  let depth = 0;
  let item = '';
  for (const ch of tree.slice(1)) {
    if (ch === '{') depth++;
    if (ch === '}' && depth-- === 0) break;
    if (ch === ',' && depth === 0) {
      names.push(item);
      item = '';
    } else item += ch;
  }
  names.push(item);
  return names.map((n) => n.trim().split(/::|\s/)[0]).filter(Boolean);
}


/** `text` without its test items: each test-only `#[cfg(…)]` and the item it marks (through its
 *  `;`, or its `{ ... }` block). */
function withoutTests(text) {
  // `#[cfg(test)]`, `#[cfg(all(test, feature = "engine"))]`, … (not `not(test)`).
  const attribute = /#\[cfg\((?:all\()?test\b[^\]]*\]/;
  let found;
  while ((found = attribute.exec(text))) {
    const at = found.index;
    let end = at + found[0].length;
    const semi = text.indexOf(';', end);
    const open = text.indexOf('{', end);
    if (open < 0 || (semi >= 0 && semi < open)) end = semi < 0 ? text.length : semi + 1;
    else {
      let depth = 0;
      for (end = open; end < text.length; end++) {
        if (text[end] === '{') depth++;
        if (text[end] === '}' && --depth === 0) break;
      }
      end++;
    }
    text = text.slice(0, at) + text.slice(end);
  }
  return text.replace(/\/\/.*$/gm, '');
}

const edges = new Map();
for (const file of rustFiles(src)) {
  const parts = relative(src, file).split(sep);
  if (parts.length === 1) continue; // lib.rs, main.rs and single-file modules are checked below
  const top = parts[0].replace(/\.rs$/, '');
  if (parts.includes('tests') || parts.at(-1) === 'tests.rs') continue;
  const text = withoutTests(readFileSync(file, 'utf8'));
  // How many `super::` reach the crate root from this file.
  const depth = parts.length - (parts.at(-1) === 'mod.rs' ? 1 : 0);
  const targets = new Set();
  for (const match of text.matchAll(/\bcrate::(\{[^;]*|\w+)/g)) roots(match[1]).forEach((n) => targets.add(n));
  const up = `${'super::'.repeat(depth)}`;
  if (depth > 0) {
    for (const match of text.matchAll(new RegExp(`(?<!super::)\\b${up.replace(/:/g, '\\:')}(\\{[^;]*|\\w+)`, 'g'))) {
      roots(match[1]).forEach((n) => targets.add(n));
    }
  }
  targets.delete(top);
  targets.delete('self');
  const set = edges.get(top) ?? new Set();
  targets.forEach((t) => set.add(t));
  edges.set(top, set);
}
// Single-file modules.
for (const name of readdirSync(src)) {
  if (!name.endsWith('.rs') || ['lib.rs', 'main.rs'].includes(name)) continue;
  const text = withoutTests(readFileSync(join(src, name), 'utf8'));
  const top = name.replace(/\.rs$/, '');
  const set = edges.get(top) ?? new Set();
  for (const match of text.matchAll(/\b(?:crate|super)::(\{[^;]*|\w+)/g)) roots(match[1]).forEach((n) => set.add(n));
  set.delete(top);
  set.delete('self');
  edges.set(top, set);
}
const modules = new Set(edges.keys());
// `crate::Name` for a name the crate root re-exports (`pub use decode::Mode;`) is an arrow to
// the module it comes from; for a function the root defines (`crate::load`), to every module
// the root's own code uses (the root is no floor of its own).
const root = ['lib.rs', 'main.rs'].map((name) => join(src, name)).find((path) => {
  try { return statSync(path).isFile(); } catch { return false; }
});
const rootNames = new Map();
if (root) {
  const text = withoutTests(readFileSync(root, 'utf8'));
  for (const match of text.matchAll(/\bpub use (\w+)::(\{[^;]*|\w+(?:::\w+)*)/g)) {
    if (!modules.has(match[1])) continue;
    const names = match[2].startsWith('{') ? roots(match[2]) : [match[2].split('::').at(-1)];
    names.forEach((name) => rootNames.set(name, new Set([match[1]])));
  }
  const used = new Set();
  for (const match of text.matchAll(/\b(?:crate::)?(\w+)::/g)) if (modules.has(match[1])) used.add(match[1]);
  // A function of the root runs what the root uses; a type of the root is vocabulary (an
  // exit status, a mode) and draws no arrow.
  for (const match of text.matchAll(/^pub (fn|struct|enum|type|const|trait) (\w+)/gm)) {
    if (!rootNames.has(match[2])) rootNames.set(match[2], match[1] === 'fn' ? used : new Set());
  }
}
for (const [from, set] of edges) {
  for (const t of [...set]) {
    if (modules.has(t)) continue;
    set.delete(t);
    for (const m of rootNames.get(t) ?? []) if (m !== from) set.add(m);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const idx = new Map(), low = new Map(), stack = [], on = new Set(), circles = [];
function connect(v) {
  idx.set(v, index); low.set(v, index); index++;
  stack.push(v); on.add(v);
  for (const w of edges.get(v)) {
    if (!idx.has(w)) { connect(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const scc = [];
    let w;
    do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
    if (scc.length > 1) circles.push(scc.sort());
  }
}
[...modules].sort().forEach((m) => { if (!idx.has(m)) connect(m); });

if (flag !== '--quiet') {
  for (const m of [...modules].sort()) console.log(`${m} -> ${[...edges.get(m)].sort().join(', ') || '(nothing)'}`);
}
for (const scc of circles) {
  const inside = scc.map((m) => `${m} -> ${[...edges.get(m)].filter((t) => scc.includes(t)).sort().join(', ')}`);
  console.log(`circle of ${scc.length}: ${inside.join('; ')}`);
}
if (circles.length) process.exit(1);
if (flag === '--floors') {
  // Each module's floor: one above the highest it uses (floor 1 uses none).
  const floor = new Map();
  const place = (m) => {
    if (!floor.has(m)) floor.set(m, 1 + Math.max(0, ...[...edges.get(m)].map(place)));
    return floor.get(m);
  };
  const floors = [];
  for (const m of [...modules].sort()) (floors[place(m)] ??= []).push(m);
  floors.forEach((names, n) => names && console.log(`floor ${n}: ${names.join(', ')}`));
}
console.log(`${src}: ${modules.size} top-level modules, no import circle`);
