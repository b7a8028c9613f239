// wasm-bindgen writes each build's JS snippets into an output folder under the target
// directory that it never empties, and Trunk copies the whole folder into dist/ and
// module-preloads every file in it. A snippet renamed or removed in the sources (or one of
// another checkout sharing the target directory) would stay in every later build: fetched
// before the first render, counted by the size gate, precached. This drops every snippet
// that no module of the build imports, and its preload link. Run first by the post-build hook.
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
