// wasm-bindgen writes each build's JS snippets into an output folder under the target
// directory that it never empties, and Trunk copies the whole folder into dist/ and
// module-preloads every file in it. A snippet renamed or removed in the sources (or one of
// another checkout sharing the target directory) would stay in every later build: fetched
// before the first render, counted by the size gate, precached. This drops every snippet
// that no module of the build imports, and its preload link. Run first by the post-build hook.
//
// The page and the lazy module (pep-lazy) share the snippets folder, so Trunk also preloads
// the snippets only the lazy module imports (share.js): fetched before the first
// render for nothing. `dropLazyPreloads` keeps the preload of a snippet only when the page's
// own module imports it statically; the others load with the lazy module.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

// Static and dynamic imports alike: a snippet the build can load at all is kept.
const IMPORT = /\b(?:from|import)\s*\(?\s*(["'])([^"']+)\1/g;
const PRELOAD = /<link\b[^>]*\bhref=["']?\.?\/?(snippets\/[^"'\s>]+)["']?[^>]*>/gi;

function filesUnder(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, base) : [relative(base, path)];
  });
}

/** The snippet files (relative to `dir`) that a module of the build imports, followed. */
function imported(dir, all) {
  const seen = new Set();
  const visit = (file) => {
    for (const [, , url] of readFileSync(join(dir, file), 'utf8').matchAll(IMPORT)) {
      if (!url.startsWith('.')) continue;
      const next = relative(dir, normalize(join(dirname(join(dir, file)), url)));
      if (next.startsWith('snippets/') && all.has(next) && !seen.has(next)) {
        seen.add(next);
        if (next.endsWith('.js')) visit(next);
      }
    }
  };
  for (const file of all) if (!file.startsWith('snippets/') && file.endsWith('.js')) visit(file);
  return seen;
}

/** Drops the snippets of `dir` no module imports, and their preload links; returns them. */
export function dropStaleSnippets(dir) {
  let snippets;
  try {
    snippets = filesUnder(join(dir, 'snippets')).map((file) => join('snippets', file));
  } catch {
    return [];
  }
  const all = new Set([...filesUnder(dir)]);
  const used = imported(dir, all);
  // A precompressed copy (scripts/precompress.mjs) goes with its file.
  const stale = snippets.filter((file) => !used.has(file.replace(/\.(gz|br)$/, '')));
  for (const file of stale) rmSync(join(dir, file));
  const index = join(dir, 'index.html');
  const html = readFileSync(index, 'utf8');
  const kept = html.replace(PRELOAD, (link, file) => (stale.includes(file) ? '' : link));
  if (kept !== html) writeFileSync(index, kept);
  return stale;
}

// Static imports only (`import … from "…"`, `import "…"`): what loads with a module.
const STATIC_IMPORT = /^\s*(?:import|export)\b[^'"();]*?\bfrom\s*(["'])([^"']+)\1|^\s*import\s*(["'])([^"']+)\3/gm;

/** The snippets the modules `roots` (relative to `dir`) import statically, followed. */
function staticallyImported(dir, roots) {
  const seen = new Set();
  const visit = (file) => {
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(STATIC_IMPORT)) {
      const url = match[2] ?? match[4];
      if (!url?.startsWith('.')) continue;
      const next = relative(dir, normalize(join(dirname(join(dir, file)), url)));
      if (next.startsWith('snippets/') && !seen.has(next)) {
        seen.add(next);
        if (next.endsWith('.js')) visit(next);
      }
    }
  };
  roots.forEach(visit);
  return seen;
}

/**
 * Drops the preload links of snippets that the page's modules (the JS files index.html
 * preloads outside snippets/) do not import statically; returns those snippets.
 */
export function dropLazyPreloads(dir) {
  const index = join(dir, 'index.html');
  const html = readFileSync(index, 'utf8');
  const roots = [...html.matchAll(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi)]
    .map(([link]) => /\bhref=["']?\.?\/?([^"'\s>]+)/i.exec(link)?.[1])
    .filter((file) => file && !file.startsWith('snippets/') && file.endsWith('.js'));
  if (!roots.length) return [];
  const needed = staticallyImported(dir, roots);
  const dropped = [];
  const kept = html.replace(PRELOAD, (link, file) => {
    if (needed.has(file) || !/modulepreload/i.test(link)) return link;
    dropped.push(file);
    return '';
  });
  if (kept !== html) writeFileSync(index, kept);
  return dropped;
}

/** Drops whole-line comments and blank lines of each snippet module of `dir`; returns the bytes saved. */
export function stripComments(dir) {
  let files;
  try {
    files = filesUnder(join(dir, 'snippets')).filter((file) => file.endsWith('.js'));
  } catch {
    return 0;
  }
  const index = join(dir, 'index.html');
  let html = readFileSync(index, 'utf8');
  let saved = 0;
  for (const file of files) {
    const path = join(dir, 'snippets', file);
    const text = readFileSync(path, 'utf8');
    const kept = text.split('\n').filter((line) => line.trim() !== '' && !/^\s*\/\//.test(line)).join('\n') + '\n';
    if (kept === text) continue;
    writeFileSync(path, kept);
    saved += Buffer.byteLength(text) - Buffer.byteLength(kept);
    const digest = `sha384-${createHash('sha384').update(kept).digest('base64')}`;
    const href = `snippets/${file}`;
    html = html.replace(/<link\b[^>]*>/gi, (link) => (link.includes(href)
      ? link.replace(/\bintegrity=(["']?)sha384-[^"'\s>]+\1/i, `integrity=$1${digest}$1`)
      : link));
  }
  writeFileSync(index, html);
  return saved;
}
