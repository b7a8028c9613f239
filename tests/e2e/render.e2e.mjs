// End-to-end test of `pep render` (DECISIONS §15, issue 24) in headless Debian Chromium, with
// the page's script switched on: every demo and renderable fixture parses as HTML with no
// parse error (parse5, the HTML standard's parser), passes axe-core in the light and the dark
// theme, shows `pep export`'s text in its panel, folds by `collapsed` and prints every fold
// open in colour; a hostile envelope (script and style tags, event handlers, breakouts,
// javascript: and data: URLs in every field of every kind, raw HTML in markdown) runs no
// script and loads nothing. Screenshots of one page (light, dark, print) go to OUT_DIR.
// Usage: node tests/e2e/render.e2e.mjs PEP_BINARY OUT_DIR
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'parse5';
import { axeViolations } from './axe.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [pep, outDir] = process.argv.slice(2);
if (!pep || !outDir) {
  console.error('usage: render.e2e.mjs PEP_BINARY OUT_DIR');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const INPUTS = [
  ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => `demos/demo-${id}.json`),
  ...['01-minimal', '02-all-kinds', '03-with-schema-key', '04-tool-calls'].map((n) => `tests/fixtures/valid/${n}.json`),
  'tests/fixtures/invalid/11-system-prompt-missing-collapsed.json',
  'tests/fixtures/parity/numbers-and-escapes.json',
];
const HOSTILE = 'tests/fixtures/render/hostile.json';

/** `pep ARGS…`'s standard output (it must exit 0). */
const run = (args) => execFileSync(pep, args, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });

/** Renders `input` with `options` into OUT_DIR; the page's path and text. */
function render(input, options = [], name = input.replace(/[^a-z0-9]+/gi, '-')) {
  const html = run(['render', ...options, input]);
  const path = resolve(outDir, `${name}.html`);
  writeFileSync(path, html);
  return { path, html };
}

/** Opens a rendered page with script on, recording every request but the page's own. */
async function open(path, colorScheme = 'light') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  const page = await context.newPage();
  const seen = { requests: [], dialogs: [], errors: [] };
  const url = `file://${path}`;
  page.on('request', (request) => { if (request.url() !== url) seen.requests.push(request.url()); });
  page.on('dialog', (dialog) => { seen.dialogs.push(dialog.message()); dialog.dismiss().catch(() => {}); });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') seen.errors.push(message.text()); });
  await page.goto(url);
  return { context, page, seen };
}

/** The page background's relative luminance (WCAG). */
const luminance = (page) => page.evaluate(() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+(\.\d+)?/g).map(Number);
  const channel = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
});

await test('every demo and fixture: parses with no HTML error, axe-clean in both themes, its panel is pep export', async () => {
  for (const input of INPUTS) {
    const { path, html } = render(input);
    const errors = [];
    parse(html, { onParseError: (error) => errors.push(`${error.code} at line ${error.startLine}`) });
    assertEqual(errors.join(', '), '', `${input}: HTML parse errors`);
    for (const scheme of ['light', 'dark']) {
      const { context, page } = await open(path, scheme);
      const light = await luminance(page);
      assert(scheme === 'light' ? light > 0.5 : light <= 0.18, `${input} ${scheme}: background luminance ${light.toFixed(3)}`);
      const violations = await axeViolations(page);
      assertEqual(violations.join('\n'), '', `${input} (${scheme}): axe-core violations`);
      if (scheme === 'light' && !input.includes('missing-collapsed')) {
        const panel = await page.locator('[data-testid="export-openai"]').textContent();
        assertEqual(panel, run(['export', '--to', 'openai', input]), `${input}: the panel is pep export`);
      }
      await context.close();
    }
  }
});

await test('folds: <details> open unless collapsed, toggled by the browser with no script; printed all open, in colour', async () => {
  const { path } = render('demos/demo-b.json');
  const { context, page } = await open(path);
  const folds = await page.$$eval('[data-path]', (elements) => elements
    .filter((e) => e.dataset.collapsed)
    .map((e) => ({ details: e.tagName === 'DETAILS', open: e.open, collapsed: e.dataset.collapsed })));
  assert(folds.length > 3, `folding segments: ${folds.length}`);
  for (const fold of folds) {
    assert(fold.details && fold.open === (fold.collapsed === 'false'), JSON.stringify(fold));
  }
  const closed = page.locator('details[data-collapsed="true"]').first();
  const body = closed.locator(':scope > .pe-fold__body');
  assert(!(await body.isVisible()), 'a folded segment hides its body on screen');
  await closed.locator(':scope > summary').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('details[data-collapsed="true"]')?.open === true);
  await page.keyboard.press('Enter');
  await page.emulateMedia({ media: 'print' });
  const hiddenInPrint = await page.$$eval('details .pe-fold__body, details .pe-doc__parsed, details .pe-tools__schema',
    (bodies) => bodies.filter((b) => b.getBoundingClientRect().height === 0).length);
  assertEqual(hiddenInPrint, 0, 'printed, no fold hides its content');
  const skipped = await page.$$eval('.pe-message', (all) => all.filter((m) => getComputedStyle(m).contentVisibility !== 'visible').length);
  assertEqual(skipped, 0, 'printed, every message is painted');
  assertEqual(await page.evaluate(() => getComputedStyle(document.querySelector('.pe-static')).printColorAdjust), 'exact', 'colours kept in print');
  await page.screenshot({ path: resolve(outDir, 'demo-b-print.png'), fullPage: true });
  await context.close();
  for (const scheme of ['light', 'dark']) {
    const shot = await open(path, scheme);
    await shot.page.screenshot({ path: resolve(outDir, `demo-b-${scheme}.png`) });
    await shot.context.close();
  }
});

await test('a hostile envelope, three ways: no script runs, nothing loads, no HTML error, axe-clean', async () => {
  const variants = [[], ['--panel', 'raw', '--lang', 'zh', '--title', '</title><script>window.__pwned="title"</script>'], ['--view', 'user', '--panel', 'anthropic']];
  for (const [n, options] of variants.entries()) {
    const { path, html } = render(HOSTILE, options, `hostile-${n}`);
    const errors = [];
    parse(html, { onParseError: (error) => errors.push(`${error.code} at line ${error.startLine}`) });
    assertEqual(errors.join(', '), '', `hostile ${n}: HTML parse errors`);
    const { context, page, seen } = await open(path);
    // Open every fold and scroll everything into view: nothing hidden may load or run either.
    await page.$$eval('details', (all) => all.forEach((d) => { d.open = true; }));
    for (let y = 0; y < 40; y++) {
      await page.mouse.wheel(0, 800);
    }
    await page.waitForTimeout(300);
    await page.emulateMedia({ media: 'print' });
    assertEqual(await page.evaluate(() => window.__pwned ?? null), null, `hostile ${n}: a payload ran`);
    assertEqual(seen.dialogs.join(', '), '', `hostile ${n}: dialogs`);
    assertEqual(seen.requests.join(', '), '', `hostile ${n}: requests`);
    assertEqual(seen.errors.join(', '), '', `hostile ${n}: page errors`);
    assertEqual(await page.evaluate(() => document.scripts.length), 0, `hostile ${n}: script elements`);
    await page.emulateMedia({ media: 'screen' });
    assertEqual((await axeViolations(page)).join('\n'), '', `hostile ${n}: axe-core violations`);
    await context.close();
  }
});

await browser.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
