// End-to-end test of step-through (DECISIONS §13) in headless Debian Chromium: for every demo
// and every step k, the chat shows k messages and the OpenAI panel is exactly what `pep
// export` prints for the envelope cut to k messages (the Anthropic and MCP panels too, at a
// few steps); the keys, the slider, Play and Escape; what a step added marked and in view;
// ?step= (out of range is the last), share links keeping it, and the embedding API's
// `set {"step"}` answered by `prompt-envelope:step`.
// Usage: node tests/e2e/step.e2e.mjs DIST_DIR PEP_BINARY
import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir, pep] = process.argv.slice(2);
if (!distDir || !pep) {
  console.error('usage: step.e2e.mjs DIST_DIR PEP_BINARY');
  process.exit(2);
}
if (!existsSync(pep)) {
  console.error(`step.e2e: no pep binary at ${pep} (cargo build -p pep-cli)`);
  process.exit(2);
}
const DEMOS = ['a', 'b', 'c', 'd', 'e', 'f'];
const source = (demo) => JSON.parse(readFileSync(new URL(`../../demos/demo-${demo}.json`, import.meta.url), 'utf8'));

/** `pep export --to FORMAT` of `envelope` cut to its first `k` messages. */
const exported = new Map();
function pepExport(demo, k, format = 'openai') {
  const key = `${demo}/${k}/${format}`;
  if (!exported.has(key)) {
    const envelope = source(demo);
    envelope.messages = envelope.messages.slice(0, k);
    const run = spawnSync(pep, ['export', '--to', format, '-'], { input: JSON.stringify(envelope), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pep export ${key}: ${run.stderr}`);
    exported.set(key, run.stdout.replace(/\n$/, ''));
  }
  return exported.get(key);
}

const HOST = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Host</title></head><body>
<iframe id="viewer" src="${MOUNT}?embed=1&demo=b&lang=en" width="1100" height="700" title="Prompt Envelope"></iframe>
<script>window.received = []; addEventListener('message', (e) => window.received.push(e.data));</script>
</body></html>`;
const server = await serve(distDir, { pages: { '/host.html': HOST } });
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
const consoleErrors = [];

async function open(query) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${query}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`${query}: ${e.message}`));
  await page.goto(`${app}${query}`);
  await page.waitForSelector('.pe-tabpanel:not([hidden]) [data-testid^="export-"]');
  await page.waitForSelector('[data-testid="stepper"]');
  return page;
}

/** Waits until step `k` of `n` is shown and its OpenAI panel is the current one. */
async function atStep(page, k, n, tab = 'openai') {
  await page.locator('[data-testid="step-position"]').filter({ hasText: `${k} / ${n}` }).waitFor();
  await page.locator(`#pe-tabpanel-${tab}[aria-busy="false"]`).waitFor();
}
const panel = (page, id = 'export-openai') => page.locator(`[data-testid="${id}"]`).textContent();
const messages = (page) => page.locator('.pe-messages > li.pe-message').count();

await test('every step of every demo: k messages, and the panel is pep export of the cut envelope', async () => {
  for (const demo of DEMOS) {
    const n = source(demo).messages.length;
    const page = await open(`?demo=${demo}`);
    await atStep(page, n, n);
    assertEqual(await messages(page), n, `demo ${demo}: every message at the last step`);
    await page.locator('body').press('Home');
    for (let k = 1; k <= n; k++) {
      if (k > 1) await page.locator('body').press('ArrowRight');
      await atStep(page, k, n);
      assertEqual(await messages(page), k, `demo ${demo} step ${k}: messages`);
      assertEqual(await panel(page), pepExport(demo, k), `demo ${demo} step ${k}: panel = pep export of the cut`);
      assertEqual(new URL(page.url()).searchParams.get('step'), k < n ? String(k) : null, `demo ${demo} step ${k}: URL`);
      const added = page.locator('[data-testid="export-openai"] .pe-json__row--added');
      assert(await added.count() > 0, `demo ${demo} step ${k}: what it added is marked`);
      assert(/^\+1 (system |user |assistant |tool )?message(, \+[\d,]+ ≈ tokens)?$/.test(
        await page.locator('[data-testid="step-added"]').textContent()), `demo ${demo} step ${k}: the added line`);
    }
    await page.close();
  }
});

await test('the Anthropic and MCP panels follow the step too', async () => {
  const page = await open('?demo=b&panel=anthropic&step=2');
  const n = source('b').messages.length;
  await atStep(page, 2, n, 'anthropic');
  assertEqual(await panel(page, 'export-anthropic'), pepExport('b', 2, 'anthropic'), 'anthropic at step 2');
  await page.click('#pe-tab-mcp');
  await atStep(page, 2, n, 'mcp');
  assertEqual(await panel(page, 'export-mcp'), pepExport('b', 2, 'mcp'), 'mcp at step 2');
  await page.close();
});

await test('buttons, the slider, keys in a text field, and what a step added comes into view', async () => {
  const page = await open('?demo=e');
  const n = source('e').messages.length;
  await page.click('[data-testid="step-previous"]');
  await atStep(page, n - 1, n);
  await page.click('[data-testid="step-next"]');
  await atStep(page, n, n);
  assertEqual(await page.getAttribute('[data-testid="step-next"]', 'aria-disabled'), 'true', 'next does nothing at the last step');
  await page.locator('[data-testid="step-slider"]').evaluate((slider) => {
    slider.value = '2';
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await atStep(page, 2, n);
  assertEqual(await panel(page), pepExport('e', 2), 'slider to 2');
  // In the search box, the arrows move the caret, not the step.
  await page.locator('.pe-search input').fill('abc');
  await page.locator('.pe-search input').press('ArrowLeft');
  await page.waitForTimeout(200);
  await atStep(page, 2, n);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.locator('body').press('End');
  await atStep(page, n, n);
  await page.locator('body').press('ArrowLeft');
  await atStep(page, n - 1, n);
  const first = page.locator('[data-testid="export-openai"] .pe-json__row--added').first();
  const inView = await first.evaluate((row) => {
    const box = row.closest('.pe-tabpanel').getBoundingClientRect();
    const r = row.getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  });
  assert(inView, 'the first added line is scrolled into view in the panel');
  await page.close();
});

await test('no blank panel between steps; fast moves settle on the last step asked', async () => {
  const page = await open('?demo=f');
  const n = source('f').messages.length;
  // The demo's bundle carries the first tab's export; the worker prints the others after the
  // first paint. Once every tab has its export, none may go blank while the engine cuts.
  await page.waitForFunction(() => !document.querySelector('[data-testid="export-preparing"]'));
  await page.evaluate(() => {
    window.__blank = 0;
    new MutationObserver(() => { if (document.querySelector('[data-testid="export-preparing"]')) window.__blank++; })
      .observe(document.body, { subtree: true, childList: true });
  });
  for (let i = 0; i < n - 1; i++) await page.locator('body').press('ArrowLeft', { delay: 0 });
  await atStep(page, 1, n);
  assertEqual(await panel(page), pepExport('f', 1), 'the panel at the step the keys ended on');
  await page.waitForTimeout(500);
  assertEqual(await panel(page), pepExport('f', 1), 'and no later answer for an older step replaces it');
  assertEqual(await page.evaluate(() => window.__blank), 0, 'no blank panel on the way');
  await page.close();
});

await test('keys in boxes that use them, focus at the ends, search beyond the step', async () => {
  const page = await open('?demo=b&step=3');
  const n = source('b').messages.length;
  await atStep(page, 3, n);
  // A focused JSON box scrolls with the keys; the step stays.
  await page.locator('#pe-tabpanel-openai .pe-json').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300);
  await atStep(page, 3, n);
  // Next, pressed at the last step, keeps the focus.
  await page.locator('[data-testid="step-next"]').focus();
  for (let k = 3; k < n; k++) await page.keyboard.press('Enter');
  await atStep(page, n, n);
  await page.keyboard.press('Enter');
  assertEqual(await page.evaluate(() => document.activeElement?.dataset.testid), 'step-next', 'focus stays on next');
  // A search hit beyond the step steps on to its message.
  await page.locator('body').press('Home');
  await atStep(page, 1, n);
  const last = source('b').messages[n - 1].segments.find((s) => typeof s.content === 'string');
  if (last) {
    await page.locator('.pe-search input').fill(last.content.split(/\s+/).slice(0, 3).join(' '));
    await page.locator('.pe-search input').press('Enter');
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="step-position"]').textContent.split(' / ')[0]) > 1, n);
  }
  await page.close();
});

await test('Play advances a step every 2 s; Escape stops it', async () => {
  const page = await open('?demo=f&step=1');
  const n = source('f').messages.length;
  await atStep(page, 1, n);
  await page.click('[data-testid="step-play"]');
  assertEqual(await page.getAttribute('[data-testid="step-play"]', 'aria-pressed'), 'true', 'playing');
  const started = Date.now();
  await atStep(page, 2, n);
  const took = Date.now() - started;
  assert(took > 1500 && took < 4000, `one step after about 2 s (${took} ms)`);
  await atStep(page, 3, n);
  await page.keyboard.press('Escape');
  assertEqual(await page.getAttribute('[data-testid="step-play"]', 'aria-pressed'), 'false', 'stopped');
  await page.waitForTimeout(2500);
  await atStep(page, 3, n);
  await page.close();
});

await test('?step= opens at that step; out of range is the last; a share link keeps the step', async () => {
  const n = source('a').messages.length;
  for (const [query, k] of [['?demo=a&step=2', 2], ['?demo=a&step=0', n], [`?demo=a&step=${n + 5}`, n], ['?demo=a&step=x', n]]) {
    const page = await open(query);
    await atStep(page, k, n);
    assertEqual(await panel(page), pepExport('a', k), `${query}: panel`);
    await page.close();
  }
  const page = await open('?demo=a&step=2');
  await atStep(page, 2, n);
  await page.click('[data-testid="share"]');
  await page.locator('[data-testid="share-status"]').waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assertEqual(new URL(link).searchParams.get('step'), '2', 'the link keeps ?step=');
  assert(new URL(link).hash.startsWith('#envelope='), 'the link holds the envelope');
  const shared = await context.newPage();
  await shared.goto(link);
  await shared.waitForSelector('main[data-demo="shared"]');
  await atStep(shared, 2, n);
  assertEqual(await panel(shared), pepExport('a', 2), 'the shared link opens at step 2');
  await shared.close();
  await page.close();
});

await test('embed: set {"step"} moves the step; every change is told to the host', async () => {
  const page = await context.newPage();
  await page.goto(`${server.url}/host.html`);
  const frame = page.frameLocator('#viewer');
  await frame.locator('[data-testid="stepper"]').waitFor();
  const n = source('b').messages.length;
  const post = (message) => page.evaluate((m) => document.getElementById('viewer').contentWindow.postMessage(m, '*'), message);
  const lastStep = () => page.evaluate(() => window.received.filter((m) => m?.type === 'prompt-envelope:step').at(-1));
  await page.waitForFunction(() => window.received.some((m) => m?.type === 'prompt-envelope:step'));
  assertEqual(JSON.stringify(await lastStep()), JSON.stringify({ type: 'prompt-envelope:step', step: n, of: n }), 'the first step told');
  await post({ type: 'prompt-envelope:set', step: 2 });
  await frame.locator('[data-testid="step-position"]').filter({ hasText: `2 / ${n}` }).waitFor();
  const told = (k) => page.waitForFunction((k) => window.received.filter((m) => m?.type === 'prompt-envelope:step').at(-1)?.step === k, k);
  await told(2);
  assertEqual(JSON.stringify(await lastStep()), JSON.stringify({ type: 'prompt-envelope:step', step: 2, of: n }), 'step 2 told');
  await frame.locator('#pe-tabpanel-openai[aria-busy="false"]').waitFor();
  assertEqual(await frame.locator('[data-testid="export-openai"]').textContent(), pepExport('b', 2), 'the panel at step 2');
  await post({ type: 'prompt-envelope:set', step: 99 });
  await frame.locator('[data-testid="step-position"]').filter({ hasText: `${n} / ${n}` }).waitFor();
  await post({ type: 'prompt-envelope:set', step: 1.5 });
  await page.waitForFunction(() => window.received.some((m) => m?.type === 'prompt-envelope:error'));
  const error = await page.evaluate(() => window.received.find((m) => m?.type === 'prompt-envelope:error'));
  assertEqual(error.issues[0].path, 'step', 'a step that is not whole is refused, naming the field');
  await frame.locator('[data-testid="step-next"]').waitFor();
  await frame.locator('[data-testid="step-previous"]').click();
  await told(n - 1);
  // A step set right after a load is the new envelope's, not the one still shown.
  const other = source('f');
  await post({ type: 'prompt-envelope:load', envelope: other });
  await post({ type: 'prompt-envelope:set', step: 2 });
  await frame.locator('main[data-demo="hosted"] [data-testid="step-position"]').filter({ hasText: `2 / ${other.messages.length}` }).waitFor();
  await frame.locator('#pe-tabpanel-openai[aria-busy="false"]').waitFor();
  assertEqual(await frame.locator('[data-testid="export-openai"]').textContent(), pepExport('f', 2), 'the loaded envelope at step 2');
  await page.close();
});

await test('Back to an entry with ?step= opens at that step; a one-message envelope has nothing to play', async () => {
  const n = source('a').messages.length;
  const page = await open('?demo=a&step=2');
  await atStep(page, 2, n);
  await page.click('.pe-demos [data-demo="b"]');
  await page.locator('main[data-demo="b"]').waitFor();
  await page.goBack();
  await atStep(page, 2, n);
  assertEqual(new URL(page.url()).searchParams.get('step'), '2', 'the URL keeps ?step=2');
  await page.close();
  // A windowed list (300 messages) says how many messages the step shows (aria-setsize).
  const long = await context.newPage();
  await long.goto(`${app}?demo=custom&lang=en`);
  const messages300 = Array.from({ length: 300 }, (_, i) => ({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', timestamp: i + 1, segments: [{ kind: 'text', content: `message ${i}` }] }));
  await long.locator('#pe-editor-input').fill(JSON.stringify({ messages: messages300 }));
  await long.locator('[data-testid="step-position"]').filter({ hasText: '300 / 300' }).waitFor();
  const sizes = () => long.evaluate(() => [...new Set([...document.querySelectorAll('.pe-messages > li[aria-setsize]')].map((li) => li.getAttribute('aria-setsize')))]);
  assertEqual(JSON.stringify(await sizes()), '["300"]', 'aria-setsize at the last step');
  await long.locator('[data-testid="step-slider"]').evaluate((slider) => {
    slider.value = '40';
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await long.locator('[data-testid="step-position"]').filter({ hasText: '40 / 300' }).waitFor();
  await long.waitForFunction(() => [...document.querySelectorAll('.pe-messages > li[aria-setsize]')].every((li) => li.getAttribute('aria-setsize') === '40'));
  await long.close();
  const one = await context.newPage();
  await one.goto(`${app}?demo=custom&lang=en`);
  await one.locator('#pe-editor-input').fill(JSON.stringify({ messages: [{ id: 'm1', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'hi' }] }] }));
  await one.locator('[data-testid="step-position"]').filter({ hasText: '1 / 1' }).waitFor();
  assertEqual(await one.getAttribute('[data-testid="step-play"]', 'aria-disabled'), 'true', 'Play is disabled');
  await one.click('[data-testid="step-play"]', { force: true });
  assertEqual(await one.getAttribute('[data-testid="step-play"]', 'aria-pressed'), 'false', 'and does not start');
  await one.close();
});

await test('no console errors', async () => {
  assertEqual(consoleErrors.join('\n'), '', 'console errors');
});

await browser.close();
await server.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
