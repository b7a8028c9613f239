// What the first render costs, checked in headless Chromium against the built dist/:
// - the files the page fetches before its first render are exactly those
//   scripts/first-render.mjs reads from the build (so the size gate of scripts/dist-size.mjs
//   counts what a visitor pays), for the default demo and for Your envelope;
// - the Web Worker with the core is not among them, and is fetched once the page has painted;
//   the service worker (sw.js) and its precache come after the first render too;
// - every file of a release dist/ has a .gz and a .br next to it that decompress to it;
// - the top bar painted before the wasm has loaded (index.html's shell) is the app's own top
//   bar, element for element, in every case its script decides (language, pressed demo,
//   theme, shared link, embed mode), and the app removes it when it mounts.
// Usage: node tests/e2e/first-render.e2e.mjs DIST_DIR
import { chromium } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { firstRenderFiles } from '../../scripts/first-render.mjs';
import { filesOf } from '../../scripts/precompress.mjs';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distArg] = process.argv.slice(2);
if (!distArg) {
  console.error('usage: first-render.e2e.mjs DIST_DIR');
  process.exit(2);
}
const dist = resolve(distArg);
const server = await serve(dist);
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});

/** The dist/ file a URL of the server is, or the URL itself when it is none. */
function fileOf(url) {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(MOUNT)) return url;
  const file = decodeURIComponent(pathname.slice(MOUNT.length)) || 'index.html';
  return existsSync(join(dist, file)) ? file : url;
}

/** In the page: the wall-clock time the conversation and the export are first in the DOM. */
function markRender() {
  const seen = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="export-openai"]')) return;
    window.__renderedAt = Date.now();
    seen.disconnect();
  });
  seen.observe(document, { childList: true, subtree: true });
}

/**
 * Loads `query`; resolves to the files requested before the first render (before the page
 * had its conversation and export in the DOM), to all requested within `settleMs` after, and
 * to those the service worker requested (its own script and its precache) with their times
 * relative to the first render.
 */
async function load(query, settleMs) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = [];
  const worker = [];
  page.on('request', (request) => requests.push({ url: request.url(), at: Date.now() }));
  context.on('request', (request) => {
    if (request.serviceWorker()) worker.push({ url: request.url(), at: Date.now() });
  });
  await page.addInitScript(markRender);
  await page.goto(`${app}${query}`);
  await page.waitForFunction(() => window.__renderedAt, null, { timeout: 30_000 });
  const markedAt = await page.evaluate(() => window.__renderedAt);
  await page.waitForTimeout(settleMs);
  await context.close();
  const files = (list) => [...new Set(list.filter((r) => !/^(data|blob):/.test(r.url)).map((r) => fileOf(r.url)))].sort();
  const sw = worker.map((r) => ({ file: fileOf(r.url), after: r.at - markedAt }));
  return { before: files(requests.filter((r) => r.at <= markedAt)), all: files(requests), sw };
}

const expected = firstRenderFiles(dist);

/**
 * Checks that `fetched` are exactly `files`, naming what differs. The icon is left out of the
 * comparison: Chromium fetches it when it likes, before the first render or after (the size
 * gate counts it, 0.2 KB, as fetched before).
 */
function assertSameFiles(fetched, files, what) {
  const icon = (file) => expected.icons.includes(file);
  const extra = fetched.filter((f) => !icon(f) && !files.includes(f));
  const missing = files.filter((f) => !icon(f) && !fetched.includes(f));
  assert(extra.length === 0 && missing.length === 0,
    `${what}: fetched but not counted: ${extra.join(', ') || 'none'}; counted but not fetched: ${missing.join(', ') || 'none'}`);
}

await test('the build refers to no missing file', async () => {
  assertEqual(expected.missing.join(', '), '', 'files index.html refers to');
});

await test('the default demo fetches exactly the first-render files before its first render', async () => {
  const { before, all, sw } = await load('', 3_000);
  assertSameFiles(before, expected.files, 'before the first render');
  assert(!before.some((f) => f.startsWith('pep-worker')), `the worker is not in the first render: ${before}`);
  assert(all.includes('pep-worker_bg.wasm'), `the worker's wasm is fetched once the page has painted: ${all}`);
  // The compare view is a module of its own, fetched by the page only when Compare… is used.
  assert(!all.some((f) => f.startsWith('pep-lazy') || f === 'compare.css'), `the page does not fetch the compare module: ${all}`);
  // The service worker (README "Offline") and its precache come after the first render.
  assert(sw.some((r) => r.file === 'sw.js'), `the service worker is registered: ${JSON.stringify(sw)}`);
  const early = sw.filter((r) => r.after <= 0);
  assertEqual(JSON.stringify(early), '[]', 'service worker requests before the first render');
});

await test('Your envelope fetches the same start, the lazy module that holds the editor, and the worker that computes its view', async () => {
  const { before } = await load('?demo=custom', 0);
  // The editor and its view are in the lazy module (with its style sheet), not in the page's.
  // With the snippets only the lazy module imports (not preloaded by the page: share.js).
  const imports = [...readFileSync(join(dist, 'pep-lazy.js'), 'utf8').matchAll(/\bfrom\s*['"]\.\/([^'"]+)['"]/g)]
    .map((m) => m[1]).filter((file) => !expected.files.includes(file));
  const lazy = ['pep-lazy.js', 'pep-lazy_bg.wasm', 'compare.css', ...imports];
  // Its view is made by the worker from the editor's text (no bundle at build time).
  const worker = ['pep-worker.js', 'pep-worker_bg.wasm', 'pep-worker_loader.js'];
  assertSameFiles(before, [...expected.files, ...lazy, ...worker], 'before the first render');
});

await test('every file of a release dist/ has its .gz and .br', async () => {
  const files = filesOf(dist);
  const missing = files.filter((f) => !existsSync(join(dist, `${f}.gz`)) || !existsSync(join(dist, `${f}.br`)));
  assertEqual(missing.join(', '), '', 'files without precompressed copies');
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    assert(gunzipSync(readFileSync(join(dist, `${file}.gz`))).equals(bytes), `${file}.gz is not ${file}`);
    assert(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).equals(bytes), `${file}.br is not ${file}`);
  }
});

/** In the page: an element as plain data (tag, sorted attributes, children), comments left out. */
function shape(selector) {
  const of = (node) => node.nodeType === Node.TEXT_NODE ? node.textContent
    : { tag: node.tagName, attrs: [...node.attributes].map((a) => `${a.name}=${a.value}`).sort(),
      children: [...node.childNodes].filter((n) => n.nodeType === Node.ELEMENT_NODE || n.nodeType === Node.TEXT_NODE).map(of) };
  const element = document.querySelector(selector);
  const root = document.documentElement;
  return JSON.stringify({ bar: element && of(element), lang: root.lang, theme: root.dataset.theme ?? null });
}

/** The shell's top bar (the app's script kept from running) and the app's, for one case. */
async function bothBars(query, options) {
  const blocked = await browser.newContext(options);
  const before = await blocked.newPage();
  await before.route(/prompt-envelope-[^/]*\.js$/, (route) => route.abort());
  await before.goto(`${app}${query}`);
  const shell = await before.evaluate(shape, '#pe-shell > header');
  await blocked.close();
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${app}${query}`);
  await page.waitForFunction(() => document.querySelector('.pe-app main, .pe-app [role=alert]') && !document.getElementById('pe-shell'));
  const bars = await page.locator('[data-testid="top-bar"]').count();
  const own = await page.evaluate(shape, '.pe-app > header.pe-topbar');
  await context.close();
  return { shell, own, bars };
}

await test('the first paint\'s top bar is the app\'s, in every case its script decides', async () => {
  const cases = [
    ['', { locale: 'en-US' }],
    ['', { locale: 'zh-CN' }],
    ['?lang=zh', { locale: 'en-US' }],
    ['?lang=en&theme=light', { locale: 'zh-CN', colorScheme: 'dark' }],
    ['?demo=b', { locale: 'en-US' }],
    ['?demo=B&lang=zh', { locale: 'en-US' }],
    ['?demo=nope', { locale: 'en-US' }],
    ['?demo=custom', { locale: 'en-US' }],
    ['?theme=dark', { locale: 'en-US' }],
    ['', { locale: 'en-US', colorScheme: 'dark' }],
    ['#envelope=AAAA', { locale: 'en-US' }],
  ];
  for (const [query, options] of cases) {
    const { shell, own, bars } = await bothBars(query, options);
    const what = `${query || '(no query)'} ${JSON.stringify(options)}`;
    assert(JSON.parse(shell).bar !== null, `${what}: the page paints a top bar before the wasm`);
    assertEqual(shell, own, `${what}: the shell's top bar is the app's`);
    assertEqual(bars, 1, `${what}: one top bar once the app is up`);
  }
});

await test('embed mode paints no top bar first, as the app shows none', async () => {
  const { shell, own } = await bothBars('?embed=1&demo=b', { locale: 'en-US' });
  assertEqual(JSON.parse(shell).bar, null, 'no shell in embed mode');
  assertEqual(JSON.parse(own).bar, null, 'no top bar in embed mode');
});

await browser.close();
server.close();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`first-render e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
