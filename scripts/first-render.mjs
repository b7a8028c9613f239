// Which files of a built dist/ a visitor fetches before the first render, read from the build
// itself: dist/index.html, what it links as a style sheet, preload or module preload, its
// scripts, the inline loader's module and wasm, and every module those import statically.
// Everything else (the Web Worker and its wasm, the other demos' bundles, images, the service
// worker and its precache of the whole build) is fetched after the first paint or when first
// used. tests/e2e/first-render.e2e.mjs checks this list
// against what Chromium fetches; scripts/dist-size.mjs sizes it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const LINK = /<link\b([^>]*)>/gi;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const ATTR = /([a-z-]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/gi;
// Chromium fetches the icon at once too.
const FETCHED_LINKS = new Set(['stylesheet', 'preload', 'modulepreload', 'icon']);
// Static imports only: `import(…)` is fetched when it runs, not at start.
const IMPORT = /\b(?:from|import)\s*(["'])([^"']+)\1/g;

function attributes(text) {
  const out = {};
  for (const [, name, value] of text.matchAll(ATTR)) {
    out[name.toLowerCase()] = (value ?? '').replace(/^["']|["']$/g, '');
  }
  return out;
}

/** The relative path under `dist` of `url` as written in `from` (a file under dist), or null. */
function resolveIn(dist, from, url) {
  if (/^[a-z]+:|^\/\//i.test(url) || url.startsWith('#')) return null;
  const path = normalize(join(dirname(join(dist, from)), url.split(/[?#]/)[0]));
  const inside = relative(dist, path);
  return inside.startsWith('..') ? null : inside;
}

/** The static imports of the module `file` (relative to `dist`), followed to the end. */
function withImports(dist, files, file) {
  if (files.has(file)) return;
  files.add(file);
  if (!file.endsWith('.js') || !existsSync(join(dist, file))) return;
  for (const [, , url] of readFileSync(join(dist, file), 'utf8').matchAll(IMPORT)) {
    // A bare module name is not a file of dist/.
    const next = url.startsWith('.') ? resolveIn(dist, file, url) : null;
    if (next) withImports(dist, files, next);
  }
}

/**
 * The files fetched before the first render, relative to `dist`, sorted; `icons` are those of
 * them that are the page's icon, `missing` those the build refers to and does not have.
 */
export function firstRenderFiles(dist) {
  const files = new Set(['index.html']);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const icons = [];
  for (const [, attrText] of html.matchAll(LINK)) {
    const attrs = attributes(attrText);
    const rel = (attrs.rel ?? '').toLowerCase();
    const file = FETCHED_LINKS.has(rel) && attrs.href ? resolveIn(dist, 'index.html', attrs.href) : null;
    if (file) withImports(dist, files, file);
    if (file && rel === 'icon') icons.push(file);
  }
  for (const [, attrText, body] of html.matchAll(SCRIPT)) {
    const attrs = attributes(attrText);
    // The service worker's registration (scripts/service-worker.mjs) names ./sw.js, which it
    // registers after the first render; the worker precaches the build after that.
    if ('data-pe-offline' in attrs) continue;
    // Trunk's loader: `import init … from './app.js'` and `init({ module_or_path: './app_bg.wasm' })`.
    const urls = attrs.src ? [attrs.src] : [...body.matchAll(/(["'])(\.\/[^"']+\.(?:js|wasm))\1/g)].map((m) => m[2]);
    for (const url of urls) {
      const file = resolveIn(dist, 'index.html', url);
      if (file) withImports(dist, files, file);
    }
  }
  const sorted = [...files].sort();
  return { files: sorted, icons, missing: sorted.filter((file) => !existsSync(join(dist, file))) };
}
