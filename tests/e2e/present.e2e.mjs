// End-to-end test of presenter mode (?present=1, the top bar's switch) in headless Debian
// Chromium on a 1280×720 "projector": the chat and the panel side by side, no demo switcher,
// editor, search, Share or Edit a copy; the sizes the README states (chat text ≥ 22 px, JSON ≥
// 18 px, controls ≥ 44 px high); the stepper moves the step by keys and the panel follows; each
// demo's note in both languages; the switch toggles it and keeps ?present= in the URL.
// Usage: node tests/e2e/present.e2e.mjs DIST_DIR
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: present.e2e.mjs DIST_DIR');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(new URL('../../demos/manifest.json', import.meta.url), 'utf8'));
const source = (demo) => JSON.parse(readFileSync(new URL(`../../demos/demo-${demo}.json`, import.meta.url), 'utf8'));

/** The sizes the README states ("For teachers"). */
const SIZES = { chat: 22, json: 18, target: 44 };

const server = await serve(distDir);
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
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

const visible = (page, selector) => page.locator(selector).first().isVisible();
const px = (page, selector) => page.locator(selector).first()
  .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
const query = (page) => new URL(page.url()).searchParams;

/** Waits until the OpenAI panel is the request of `k` messages (it is rebuilt as a step lands). */
const panelAt = (page, k) => page.waitForFunction((k) => {
  try {
    return JSON.parse(document.querySelector('[data-testid="export-openai"]')?.textContent ?? '').messages.length === k;
  } catch {
    return false;
  }
}, k);

/** The OpenAI panel's request, parsed. */
async function request(page) {
  await page.locator('#pe-tabpanel-openai[aria-busy="false"]').waitFor();
  return JSON.parse(await page.locator('[data-testid="export-openai"]').textContent());
}

await test('?present=1 at 1280×720: the chat and the panel side by side, no chrome', async () => {
  const page = await open('?demo=b&present=1&lang=en');
  assert(await page.locator('.pe-app--present').count() === 1, 'presenter mode is on');
  const chat = await page.locator('.pe-chat').boundingBox();
  const panel = await page.locator('.pe-panel').boundingBox();
  assert(chat && panel, 'chat and panel are laid out');
  assert(chat.x + chat.width <= panel.x, `the panel is right of the chat: ${JSON.stringify({ chat, panel })}`);
  assert(panel.x + panel.width <= 1280 && chat.x >= 0, 'both fit the width');
  assert(Math.abs(chat.y - panel.y) < 40, `side by side, not stacked: ${chat.y} vs ${panel.y}`);
  assert(chat.width >= 500 && panel.width >= 450, `both wide enough: ${chat.width}, ${panel.width}`);
  for (const selector of ['[data-testid="demo-switcher"]', '[data-demo="a"]', '[data-testid="custom-envelope"]',
    '[data-testid="search"]', '[data-testid="share"]', '[data-testid="edit-copy"]']) {
    assert(!(await visible(page, selector)), `${selector} is hidden`);
  }
  for (const selector of ['[data-testid="stepper"]', '[data-testid="present-switch"]',
    '[data-testid="theme-switch"]', '[data-testid="lang-switch"]', '[data-testid="demo-note"]']) {
    assert(await visible(page, selector), `${selector} is shown`);
  }
  assertEqual(await page.locator('[data-testid="present-switch"]').getAttribute('aria-pressed'), 'true', 'the switch is pressed');
  await page.close();
});

await test('the stated sizes: chat text, JSON, controls', async () => {
  for (const theme of ['light', 'dark']) {
    const page = await open(`?demo=f&present=1&lang=en&theme=${theme}`);
    const text = await px(page, '.pe-message--user .pe-seg--text');
    assert(text >= SIZES.chat, `${theme}: chat text ${text} px ≥ ${SIZES.chat}`);
    const json = await px(page, '[data-testid="export-openai"]');
    assert(json >= SIZES.json, `${theme}: JSON ${json} px ≥ ${SIZES.json}`);
    for (const selector of ['step-previous', 'step-next', 'step-play', 'present-switch', 'theme-switch', 'lang-switch']) {
      const box = await page.locator(`[data-testid="${selector}"]`).boundingBox();
      assert(box.height >= SIZES.target && box.width >= SIZES.target, `${theme}: ${selector} ${box.width}×${box.height} ≥ 44`);
    }
    const tab = await page.locator('#pe-tab-anthropic').boundingBox();
    assert(tab.height >= SIZES.target, `${theme}: a tab is ${tab.height} px high`);
    await page.close();
  }
});

await test('the stepper: arrow keys move the step and the panel follows', async () => {
  const page = await open('?demo=b&present=1&lang=en');
  const n = source('b').messages.length;
  await page.locator('body').press('Home');
  await page.locator('[data-testid="step-position"]').filter({ hasText: `1 / ${n}` }).waitFor();
  await panelAt(page, 1);
  await page.locator('body').press('ArrowRight');
  await page.locator('[data-testid="step-position"]').filter({ hasText: `2 / ${n}` }).waitFor();
  await panelAt(page, 2);
  assertEqual((await request(page)).messages.length, 2, 'the panel is the request at step 2');
  assertEqual(await page.locator('.pe-messages > li.pe-message').count(), 2, 'two messages in the chat');
  assertEqual(query(page).get('step'), '2', '?step= follows');
  assertEqual(query(page).get('present'), '1', '?present= stays');
  await page.locator('[data-testid="step-next"]').click();
  await page.locator('[data-testid="step-position"]').filter({ hasText: `3 / ${n}` }).waitFor();
  await page.close();
});

await test('?demo=b&step=3&present=1 opens the class at step 3', async () => {
  const page = await open('?demo=b&step=3&present=1&lang=en');
  await page.locator('[data-testid="step-position"]').filter({ hasText: `3 / ${source('b').messages.length}` }).waitFor();
  await panelAt(page, 3);
  await page.close();
});

await test('every demo\'s note, in English and in Chinese', async () => {
  for (const demo of manifest.demos) {
    const page = await open(`?demo=${demo.id}&present=1&lang=en`);
    const note = page.locator('[data-testid="demo-note"]');
    assertEqual((await note.locator('.pe-demo-note__text').textContent()).trim(), demo.noteEn, `demo ${demo.id}: en note`);
    assert((await note.textContent()).includes('What to look at'), `demo ${demo.id}: en label`);
    await page.locator('[data-testid="lang-switch"]').click();
    await note.filter({ hasText: '看点' }).waitFor();
    assertEqual((await note.locator('.pe-demo-note__text').textContent()).trim(), demo.note, `demo ${demo.id}: zh note`);
    await page.close();
  }
  const custom = await context.newPage();
  await custom.goto(`${app}?demo=custom&present=1&lang=en`);
  await custom.waitForSelector('[data-testid="stepper"]');
  assertEqual(await custom.locator('[data-testid="demo-note"]').count(), 0, 'no note for Your envelope');
  assert(!(await visible(custom, '.pe-editor')), 'no editor in presenter mode');
  await custom.close();
});

await test('the switch toggles presenter mode and keeps the URL in step', async () => {
  const page = await open('?demo=b&lang=en&step=4');
  const button = page.locator('[data-testid="present-switch"]');
  assertEqual(await button.getAttribute('aria-pressed'), 'false', 'off at first');
  assertEqual(await page.locator('[data-testid="demo-note"]').count(), 0, 'no note when off');
  assert(await visible(page, '[data-testid="demo-switcher"]'), 'the demo switcher shows when off');
  const normal = await px(page, '.pe-message--user .pe-seg--text');
  await button.click();
  assertEqual(await button.getAttribute('aria-pressed'), 'true', 'pressed');
  assertEqual(query(page).get('present'), '1', '?present=1 written');
  assertEqual(query(page).get('step'), '4', 'the step is kept');
  await page.locator('[data-testid="demo-note"]').waitFor();
  assert(!(await visible(page, '[data-testid="demo-switcher"]')), 'the demo switcher hides');
  assert(await px(page, '.pe-message--user .pe-seg--text') >= SIZES.chat, 'large type');
  await page.locator('[data-testid="step-position"]').filter({ hasText: '4 / ' }).waitFor();
  await button.click();
  assertEqual(await button.getAttribute('aria-pressed'), 'false', 'released');
  assertEqual(query(page).get('present'), null, '?present= removed');
  assertEqual(await page.locator('[data-testid="demo-note"]').count(), 0, 'the note goes');
  assertEqual(await px(page, '.pe-message--user .pe-seg--text'), normal, 'the usual type again');
  assert(await visible(page, '[data-testid="demo-switcher"]'), 'the demo switcher is back');
  await page.close();
});

await test('embed mode ignores ?present=', async () => {
  const page = await open('?embed=1&demo=b&present=1&lang=en');
  assertEqual(await page.locator('.pe-app--present').count(), 0, 'no presenter mode in embed mode');
  await page.close();
});

await test('no console errors', async () => {
  assertEqual(consoleErrors.join('\n'), '', 'console errors');
});

await browser.close();
await server.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
