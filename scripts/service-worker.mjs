// Offline (README "Offline"): the service worker of a build and the script that registers it.
// Run by scripts/post-build.mjs in two steps around the Content-Security-Policy:
//   1. writeRegistration(dir): the build's id (a hash of every file of the build, of the two
//      scripts below and of this one), and src/platform/js/offline.js with that id inlined at the end of
//      index.html's <body>, before scripts/csp.mjs hashes the inline scripts;
//   2. writeServiceWorker(dir, build): dir/sw.js, src/platform/js/sw.js after the build's
//      manifest: every file of the build (the final index.html among them) with its sha256,
//      and those whose names carry a hash of their content; VERSION, a hash of all that,
//      names its cache. Before the precompressed copies,
//      which are not precached (a host that serves them does so for the same URL).
// Usage: node scripts/service-worker.mjs DIST_DIR  (both steps again on a built dist/, with the
// CSP between them and the precompressed copies after; tests/e2e/offline.e2e.mjs makes a "new
// build" this way)
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writePolicy } from './csp.mjs';
import { filesOf, precompress } from './precompress.mjs';

const SOURCES = new URL('../src/platform/js/', import.meta.url);
const WORKER = 'sw.js';
// What step 1 writes, so a re-run replaces it.
const MARK = '<script data-pe-offline>';
const WRITTEN = /<script data-pe-offline>[\s\S]*?<\/script>/;
// Trunk's content-hashed names: name-<hash>.ext and the wasm's name-<hash>_bg.wasm, the hash a
// u64 printed `{:x}`, so 1 to 16 hex digits: one build in sixteen has a leading zero dropped
// (a fixed 16 once took such a build's wasm for an unhashed file). (The wasm-bindgen snippets'
// folder hash names the crate, not the content.)
const HASHED = /^[^/]+-[0-9a-f]{1,16}(?:_bg)?\.[a-z0-9]+$/;

const source = (name) => readFileSync(new URL(name, SOURCES), 'utf8');
/** A script without its whole-line comments (they explain the source, not the build). */
const stripped = (text) => text.split('\n').filter((line) => !/^\s*\/\//.test(line)).join('\n').trim();
const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

/** The files of `dir` the app needs: all but the service worker and the precompressed copies. */
export function appFiles(dir) {
  return filesOf(dir).filter((file) => file !== WORKER);
}

/**
 * Step 1: puts the registration script into `dir/index.html` with the build's id, which it
 * returns: a hash of the scripts, of every other file of the build and of index.html as it
 * is without that script and the CSP (so the final index.html, which adds both, is fixed by it
 * too).
 */
export function writeRegistration(dir) {
  const file = join(dir, 'index.html');
  const html = readFileSync(file, 'utf8').replace(WRITTEN, '');
  // Its lines unindented too: it is part of the first render's bytes.
  const inline = stripped(source('offline.js')).split('\n').map((line) => line.trim()).join('\n');
  const hash = createHash('sha256');
  hash.update(inline).update(source(WORKER)).update(readFileSync(new URL(import.meta.url)));
  for (const path of appFiles(dir)) {
    // index.html without the policy too: a re-run on a built dist/ gives the same id.
    const page = () => html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');
    hash.update(`${path}\0`).update(sha256(path === 'index.html' ? page() : readFileSync(join(dir, path))));
  }
  const build = hash.digest('hex').slice(0, 20);
  const script = `${MARK}${inline.replace('__PE_BUILD__', build)}</script>`;
  if (script.split('__PE_BUILD__').length !== 1) throw new Error('offline.js: one __PE_BUILD__ expected');
  const end = html.lastIndexOf('</body>');
  writeFileSync(file, end < 0 ? `${html}${script}` : `${html.slice(0, end)}${script}${html.slice(end)}`);
  return build;
}

/** Step 2: writes `dir/sw.js` for the build `build`; returns how many files it precaches. */
export function writeServiceWorker(dir, build) {
  if (!readFileSync(join(dir, 'index.html'), 'utf8').includes(build)) {
    throw new Error(`index.html does not carry the build ${build}: run writeRegistration first`);
  }
  const files = {};
  const hashed = [];
  for (const path of appFiles(dir)) {
    files[path] = `sha256-${sha256(readFileSync(join(dir, path))).toString('base64')}`;
    if (HASHED.test(path)) hashed.push(path);
  }
  const body = [
    `const BUILD = ${JSON.stringify(build)};`,
    `const FILES = ${JSON.stringify(files, null, 1)};`,
    `const HASHED = ${JSON.stringify(hashed)};`,
    stripped(source(WORKER)),
  ].join('\n');
  // The cache's name: two sw.js with one name are the same bytes, so a worker never fills (or,
  // failing, deletes) the cache of another.
  const version = sha256(body).toString('hex').slice(0, 20);
  const header = `// Prompt Envelope's service worker, build ${build} (src/platform/js/sw.js).\n'use strict';`;
  writeFileSync(join(dir, WORKER), `${header}\nconst VERSION = ${JSON.stringify(version)};\n${body}\n`);
  return Object.keys(files).length;
}

/** The manifest of a built `dir/sw.js`: { version, build, files, hashed } (for the tests). */
export function readManifest(dir) {
  const text = readFileSync(join(dir, WORKER), 'utf8');
  const value = (name) => JSON.parse(text.match(new RegExp(`^const ${name} = ([\\s\\S]*?);$`, 'm'))[1]);
  return { version: value('VERSION'), build: value('BUILD'), files: value('FILES'), hashed: value('HASHED') };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/service-worker.mjs DIST_DIR');
    process.exit(2);
  }
  try {
    const build = writeRegistration(dir);
    writePolicy(join(dir, 'index.html'));
    console.log(`service-worker.mjs: ${dir}: build ${build}, sw.js precaches ${writeServiceWorker(dir, build)} files`);
    // A release dist/: its precompressed copies again.
    if (existsSync(join(dir, 'index.html.gz'))) precompress(dir);
  } catch (error) {
    console.error(`service-worker.mjs: ${error.message}`);
    process.exit(1);
  }
}
