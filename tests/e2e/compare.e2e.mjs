// End-to-end test of compare (DECISIONS §13) in headless Debian Chromium: ?demo=X&compare=Y,
// the Compare… picker (a demo, a pasted request), the summary's counts against `pep diff
// --format json` of the same two inputs, each format's cache line with its ≈ prefix tokens,
// the break marked in both sides' JSON, runs of same messages folded, and closing.
// Usage: node tests/e2e/compare.e2e.mjs DIST_DIR PEP_BINARY
import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir, pep] = process.argv.slice(2);
if (!distDir || !pep || !existsSync(pep)) {
  console.error('usage: compare.e2e.mjs DIST_DIR PEP_BINARY (an existing pep binary)');
  process.exit(2);
}
const demoFile = (demo) => fileURLToPath(new URL(`../../demos/demo-${demo}.json`, import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'pe-compare-'));

/** `pep diff --format json A B`, parsed. */
function pepDiff(a, b) {
  const run = spawnSync(pep, ['diff', '--format', 'json', a, b], { encoding: 'utf8' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`pep diff: ${run.stderr}`);
  return JSON.parse(run.stdout);
}
const grouped = (n) => n.toLocaleString('en-US');
const countsLine = (what, c) => `${what}: ${grouped(c.same)} same, ${grouped(c.changed)} changed, ${grouped(c.added)} added, ${grouped(c.removed)} removed`;

const server = await serve(distDir);
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
const consoleErrors = [];
async function open(query) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${query}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`${query}: ${e.message}`));
  await page.goto(`${app}${query}`);
  return page;
}
const summary = (page) => page.locator('[data-testid="diff-summary"]').innerText();

/** The summary and cache lines agree with pep diff's JSON of the same inputs. */
async function agrees(page, expected, label) {
  await page.locator('[data-testid="diff-summary"]').waitFor();
  const text = await summary(page);
  assert(text.includes(expected.same ? 'A and B are the same' : 'A and B differ'), `${label}: verdict in ${text}`);
  assert(text.includes(countsLine('messages', expected.messages)), `${label}: messages in ${text}`);
  assert(text.includes(countsLine('segments', expected.segments)), `${label}: segments in ${text}`);
  for (const format of ['openai', 'anthropic']) {
    if (format !== 'openai') await page.click(`[data-testid="cache-tab-${format}"]`);
    const line = await page.locator(`[data-testid="cache-${format}"]`).innerText();
    const cache = expected.cache[format];
    assert(line.includes(`≈ ${grouped(cache.prefixTokens)} tokens`), `${label} ${format}: ${line} (prefix ${cache.prefixTokens})`);
    if (cache.break) {
      for (const path of [cache.break.a, cache.break.b].filter(Boolean)) assert(line.includes(path), `${label} ${format}: ${path} in ${line}`);
      if (cache.break.segment) assert(line.includes(cache.break.segment), `${label} ${format}: the segment in ${line}`);
      const marked = await page.locator('.pe-compare__side .pe-json__row--added').count();
      assert(marked > 0, `${label} ${format}: the break is marked`);
    } else {
      assert(line.startsWith('The two requests are the same'), `${label} ${format}: ${line}`);
    }
  }
}

await test('?demo=f&compare=e: the summary and the cache lines are pep diff\'s', async () => {
  const page = await open('?demo=f&compare=e&lang=en');
  await agrees(page, pepDiff(demoFile('f'), demoFile('e')), 'f ↔ e');
  assert(await page.locator('[data-testid="diff-rows"] > li').count() > 0, 'rows');
  assert(await page.locator('[data-testid="diff-words"]').count() > 0, 'a changed text shows its word diff');
  await page.close();
});

await test('a demo against itself: the same, every message in one folded run', async () => {
  const page = await open('?demo=b&compare=b&lang=en');
  await agrees(page, pepDiff(demoFile('b'), demoFile('b')), 'b ↔ b');
  const rows = page.locator('[data-testid="diff-rows"] > li');
  assertEqual(await rows.count(), 1, 'one folded row');
  await rows.locator('button').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="diff-rows"] > li').length > 1);
  await page.close();
});

await test('Compare… picks a demo: the URL says so; Close returns to the demo', async () => {
  const page = await open('?demo=a&lang=en');
  await page.locator('[data-testid="stepper"]').waitFor();
  await page.click('button[data-testid="compare"]');
  await page.locator('[data-testid="compare-picker"]').waitFor();
  await page.click('[data-testid="compare-demo-c"]');
  await agrees(page, pepDiff(demoFile('a'), demoFile('c')), 'a ↔ c');
  assertEqual(new URL(page.url()).searchParams.get('compare'), 'c', 'URL');
  await page.click('[data-testid="compare-close"]');
  await page.locator('main[data-demo="a"]').waitFor();
  assertEqual(new URL(page.url()).searchParams.get('compare'), null, 'URL after close');
  await page.close();
});

await test('an imported OpenAI request against its envelope, pasted into the picker', async () => {
  const request = spawnSync(pep, ['export', '--to', 'openai', demoFile('b')], { encoding: 'utf8' }).stdout;
  const requestFile = join(scratch, 'request.json');
  writeFileSync(requestFile, request);
  const page = await open('?demo=b&lang=en');
  await page.locator('[data-testid="stepper"]').waitFor();
  await page.click('button[data-testid="compare"]');
  await page.locator('[data-testid="compare-text"]').fill(request);
  await page.click('[data-testid="compare-go"]');
  await agrees(page, pepDiff(demoFile('b'), requestFile), 'b ↔ its OpenAI request');
  await page.close();
});

await test('a file dropped on the picker is side B; a broken share link is refused, saying so', async () => {
  const page = await open('?demo=d&lang=en');
  await page.locator('[data-testid="stepper"]').waitFor();
  await page.click('button[data-testid="compare"]');
  const picker = page.locator('[data-testid="compare-picker"]');
  await page.locator('[data-testid="compare-text"]').fill(`${app}#envelope=not-deflate`);
  await page.click('[data-testid="compare-go"]');
  await page.locator('[data-testid="compare-refused"][role="alert"]').waitFor();
  const text = readFileSync(demoFile('a'), 'utf8');
  const drop = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'demo-a.json', { type: 'application/json' }));
    return data;
  }, text);
  await picker.dispatchEvent('drop', { dataTransfer: drop });
  await agrees(page, pepDiff(demoFile('d'), demoFile('a')), 'd ↔ a dropped');
  assert((await page.locator('[data-testid="compare-names"]').innerText()).includes('demo-a.json'), 'B is named by its file');
  await page.close();
});

await test('no console errors', async () => {
  assertEqual(consoleErrors.join('\n'), '', 'console errors');
});

await browser.close();
await server.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`\ncompare e2e: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
