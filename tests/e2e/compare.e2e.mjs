// End-to-end test of compare (DECISIONS §13) in headless Debian Chromium: ?demo=X&compare=Y,
// the Compare… picker (a demo, a pasted request, a dropped file), the summary's counts
// against `pep diff --format json` of the same two inputs, each format's cache line with its
// ≈ prefix tokens, the break marked in both sides' JSON, runs of same messages folded, closing,
// Back and Forward, the language switch, and the compare module itself: a wasm of its own,
// not fetched before Compare… is used, and a clear message with Close when it cannot be.
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
  for (const format of ['openai', 'responses', 'anthropic']) {
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
  const fetched = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname.split('/').pop()));
  await page.locator('[data-testid="stepper"]').waitFor();
  await page.waitForTimeout(300);
  assert(!fetched.some((file) => file.startsWith('pep-lazy') || file === 'compare.css'),
    `the compare module is not fetched before Compare… is used: ${fetched}`);
  await page.click('button[data-testid="compare"]');
  await page.locator('[data-testid="compare-picker"]').waitFor();
  await page.click('[data-testid="compare-demo-c"]');
  await agrees(page, pepDiff(demoFile('a'), demoFile('c')), 'a ↔ c');
  assertEqual(new URL(page.url()).searchParams.get('compare'), 'c', 'URL');
  await page.click('[data-testid="compare-close"]');
  await page.locator('main[data-demo="a"]').waitFor();
  assertEqual(new URL(page.url()).searchParams.get('compare'), null, 'URL after close');
  for (const file of ['pep-lazy.js', 'pep-lazy_bg.wasm', 'compare.css']) {
    assert(fetched.includes(file), `${file} is fetched once Compare… is used: ${fetched}`);
  }
  await page.close();
});

await test('Back after picking a demo closes the comparison; Forward opens it again', async () => {
  const page = await open('?demo=a&lang=en');
  await page.locator('[data-testid="stepper"]').waitFor();
  await page.click('button[data-testid="compare"]');
  await page.click('[data-testid="compare-demo-b"]');
  await page.locator('[data-testid="diff-summary"]').waitFor();
  await page.goBack();
  await page.locator('main[data-demo="a"]').waitFor();
  assertEqual(await page.locator('[data-testid="compare-view"]').count(), 0, 'no compare view after Back');
  await page.goForward();
  await agrees(page, pepDiff(demoFile('a'), demoFile('b')), 'a ↔ b after Forward');
  await page.close();
});

await test('the language switch translates the compare view; the picker changes side B', async () => {
  const page = await open('?demo=c&compare=d&lang=en');
  await page.locator('[data-testid="diff-summary"]').waitFor();
  await page.click('[data-testid="lang-switch"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="diff-summary"]')?.innerText.includes('消息'));
  assert((await page.locator('.pe-compare__title').innerText()).includes('对比'), 'the heading is in Chinese');
  await page.click('[data-testid="lang-switch"]');
  await page.click('[data-testid="compare-change"]');
  assertEqual(await page.locator('[data-testid="compare-change"]').getAttribute('aria-expanded'), 'true', 'aria-expanded');
  await page.click('[data-testid="compare-demo-e"]');
  await agrees(page, pepDiff(demoFile('c'), demoFile('e')), 'c ↔ e, B changed');
  assertEqual(new URL(page.url()).searchParams.get('compare'), 'e', 'URL after changing B');
  await page.close();
});

await test('a compare module that cannot be fetched: a message and Close, the page still works', async () => {
  // A context of its own with no service worker, which would answer from its cache.
  const cut = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US', serviceWorkers: 'block' });
  await cut.route(/pep-lazy/, (route) => route.abort());
  const page = await cut.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${app}?demo=a&lang=en`);
  await page.locator('[data-testid="stepper"]').waitFor();
  await page.click('button[data-testid="compare"]');
  const alert = page.locator('[data-testid="compare-host"] [role="alert"]');
  await alert.waitFor();
  assert((await alert.innerText()).includes('could not be loaded'), await alert.innerText());
  await page.click('[data-testid="compare-close"]');
  await page.locator('main[data-demo="a"] [data-testid="stepper"]').waitFor({ state: 'visible' });
  assertEqual(await page.locator('[data-testid="compare-host"]').count(), 0, 'the place is gone');
  assertEqual(errors.join('\n'), '', 'no uncaught errors');
  await cut.close();
});

await test('a side with errors is compared with its issues shown; one that is not JSON says where', async () => {
  const page = await open('?demo=b&lang=en');
  await page.locator('[data-testid="stepper"]').waitFor();
  await page.click('button[data-testid="compare"]');
  await page.locator('[data-testid="compare-text"]').fill('{"messages": [{"role": "user", "segments": [{"kind": "text"}]}]}');
  await page.click('[data-testid="compare-go"]');
  await page.locator('[data-testid="diff-summary"]').waitFor();
  const issues = page.locator('[data-testid="compare-issues-b"]');
  const listed = await issues.evaluate((e) => e.textContent);
  assert(listed.includes('messages[0].segments[0]'), `B's issues name their paths: ${listed}`);
  assertEqual(await page.locator('[data-testid="compare-issues-a"]').count(), 0, 'A has no issues');
  await page.click('[data-testid="compare-change"]');
  await page.locator('[data-testid="compare-text"]').fill('{"messages": [ {"role": ');
  await page.click('[data-testid="compare-go"]');
  const problem = page.locator('[data-testid="compare-unreadable"][role="alert"]');
  await problem.waitFor();
  assert((await problem.innerText()).includes('line 1, column 23'), `the problem says where: ${await problem.innerText()}`);
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
  assertEqual(new URL(page.url()).searchParams.get('compare'), null, 'a file cannot be in the URL');
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
