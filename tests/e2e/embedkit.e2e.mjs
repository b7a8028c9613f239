// End-to-end test of the embed kit (DECISIONS §15) in headless Debian Chromium: the top bar's
// Embed opens a modal dialog (by keyboard too) with a live preview; every option reaches the
// preview and the code; the code is one <iframe> element whose height is the preview's
// measured content height; Copy copies it; Escape closes and gives focus back; and the code
// pasted into a page of another origin shows what the preview showed — a demo, and an
// envelope carried by a share link.
// Usage: node tests/e2e/embedkit.e2e.mjs DIST_DIR
import { chromium } from 'playwright-core';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: embedkit.e2e.mjs DIST_DIR');
  process.exit(2);
}
const server = await serve(distDir);
const app = `${server.url}${MOUNT}`;
// The writer's docs site: another origin, another site even (`localhost`, another port),
// whose page holds the pasted code.
let pasted = '';
const docs = await serve(distDir, { pages: { get '/docs.html'() { return pasted; } } });
const docsUrl = docs.url.replace('127.0.0.1', 'localhost');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'en-US' });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
const pageErrors = [];
async function newPage() {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

const DIALOG = '[data-testid="embed-dialog"]';
const SNIPPET = '[data-testid="embed-snippet"]';

/** The snippet's text, once it holds an iframe, as the attributes of its one element. */
async function snippet(page) {
  await page.waitForFunction((s) => document.querySelector(s)?.textContent.startsWith('<iframe '), SNIPPET);
  const code = await page.textContent(SNIPPET);
  const attributes = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const frames = doc.body.querySelectorAll('iframe');
    return { count: doc.body.children.length, frames: frames.length, attrs: Object.fromEntries([...frames[0].attributes].map((a) => [a.name, a.value])) };
  }, code);
  assertEqual(attributes.count, 1, 'one element');
  assertEqual(attributes.frames, 1, 'an iframe');
  return { code, ...attributes.attrs };
}

/** What a viewer frame shows, to compare the preview with the pasted code. */
async function shows(frame) {
  await frame.locator('main.pe-layout [data-index]').first().waitFor({ state: 'attached', timeout: 30_000 });
  return frame.locator('html').evaluate((root) => ({
    lang: root.lang,
    theme: root.dataset.theme ?? null,
    demo: document.querySelector('main.pe-layout')?.dataset.demo,
    view: document.querySelector('main.pe-layout')?.dataset.view,
    messages: [...document.querySelectorAll('main.pe-layout [data-index]')].map((m) => m.dataset.index).join(','),
    tab: document.querySelector('[role="tab"][aria-selected="true"]')?.id ?? 'none',
    topBar: !!document.querySelector('[data-testid="top-bar"]'),
  }));
}

await test('Embed opens a modal dialog by keyboard, with a live preview and one iframe element as the code', async () => {
  const page = await newPage();
  await page.goto(`${app}?demo=b&lang=en`);
  await page.waitForSelector('[data-testid="export-openai"]');
  await page.focus('[data-testid="embed-code"]');
  await page.keyboard.press('Enter');
  const dialog = page.locator(DIALOG);
  await dialog.waitFor();
  assertEqual(await dialog.getAttribute('role'), 'dialog', 'a dialog');
  assertEqual(await dialog.getAttribute('aria-modal'), 'true', 'modal');
  const code = await snippet(page);
  const src = new URL(code.src);
  assertEqual(src.searchParams.get('embed'), '1', 'embed mode');
  assertEqual(src.searchParams.get('demo'), 'b', 'the demo shown');
  assert(code.title && code.title.includes('Scenario B'), `a title: ${code.title}`);
  assertEqual(code.loading, 'lazy', 'loading="lazy"');
  const preview = page.frameLocator('[data-testid="embed-preview"]');
  const seen = await shows(preview);
  assertEqual(seen.topBar, false, 'the preview is in embed mode');
  assertEqual(seen.demo, 'b', 'the preview shows the demo');
  // The height: what the previewed viewer reports for its content.
  await page.waitForFunction((s) => {
    const frame = document.querySelector('[data-testid="embed-preview"]');
    const inner = frame?.contentDocument?.documentElement.scrollHeight;
    const text = document.querySelector(s).textContent;
    return inner && text.includes(`height="${inner}"`);
  }, SNIPPET, { timeout: 15_000 });
  await page.close();
});

await test('every option reaches the preview and the code; Copy copies it; Escape closes and focus comes back', async () => {
  const page = await newPage();
  await page.goto(`${app}?demo=b&lang=en`);
  await page.waitForSelector('[data-testid="export-openai"]');
  await page.click('[data-testid="embed-code"]');
  await page.locator(DIALOG).waitFor();
  await page.selectOption('[data-testid="embed-panel"]', 'anthropic');
  await page.fill('[data-testid="embed-step"]', '3');
  await page.selectOption('[data-testid="embed-view"]', 'user');
  await page.selectOption('[data-testid="embed-theme"]', 'dark');
  await page.selectOption('[data-testid="embed-lang"]', 'zh');
  await page.waitForFunction((s) => document.querySelector(s).textContent.includes('lang=zh'), SNIPPET);
  const code = await snippet(page);
  const src = new URL(code.src);
  for (const [key, value] of [['panel', 'anthropic'], ['step', '3'], ['view', 'user'], ['theme', 'dark'], ['lang', 'zh']]) {
    assertEqual(src.searchParams.get(key), value, `${key} in the code`);
  }
  assertEqual(await page.getAttribute('[data-testid="embed-preview"]', 'src'), code.src, 'the preview shows the same address');
  const seen = await shows(page.frameLocator('[data-testid="embed-preview"]'));
  assertEqual(seen.lang, 'zh-CN', 'preview language');
  assertEqual(seen.theme, 'dark', 'preview theme');
  assertEqual(seen.view, 'user', 'preview view');
  assertEqual(seen.tab, 'pe-tab-anthropic', 'preview tab');
  assertEqual(seen.messages, '0,1,2', 'preview step');
  await page.fill('[data-testid="embed-height"]', '500');
  await page.waitForFunction((s) => document.querySelector(s).textContent.includes('height="500"'), SNIPPET);
  await page.click('[data-testid="embed-copy"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="embed-copy"]').textContent === 'Copied');
  assertEqual(await page.evaluate(() => navigator.clipboard.readText()), await page.textContent(SNIPPET), 'Copy copies the code');
  await page.keyboard.press('Escape');
  await page.locator(DIALOG).waitFor({ state: 'detached' });
  assertEqual(await page.evaluate(() => document.activeElement?.dataset.testid), 'embed-code', 'focus back on Embed');
  await page.close();
});

await test('the code pasted into a page of another origin shows what the preview showed: a demo, and a share link', async () => {
  const page = await newPage();
  await page.goto(`${app}?demo=b&lang=en&panel=mcp`);
  await page.waitForSelector('[data-testid="export-mcp"]');
  await page.click('[data-testid="embed-code"]');
  await page.locator(DIALOG).waitFor();
  for (const source of ['demo', 'link']) {
    if (source === 'link') {
      await page.locator(`${DIALOG} input[type="radio"]`).nth(1).check();
      await page.waitForFunction((s) => document.querySelector(s)?.textContent.includes('#envelope='), SNIPPET, { timeout: 15_000 });
    }
    const code = await snippet(page);
    const preview = await shows(page.frameLocator('[data-testid="embed-preview"]'));
    const previewExport = await page.frameLocator('[data-testid="embed-preview"]').locator('[data-testid="export-mcp"]').textContent();
    pasted = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Docs</title></head><body><h1>A docs page</h1>${code.code}</body></html>`;
    const host = await newPage();
    await host.goto(`${docsUrl}/docs.html`);
    assert(new URL(docsUrl).origin !== new URL(server.url).origin, 'another origin');
    const frame = host.frameLocator('iframe');
    const there = await shows(frame);
    assertEqual(JSON.stringify(there), JSON.stringify(preview), `the pasted code shows what the preview showed (${source})`);
    assertEqual(await frame.locator('[data-testid="export-mcp"]').textContent(), previewExport, `the same request (${source})`);
    await host.close();
  }
  await page.close();
});

await test('no page errors', async () => {
  assertEqual(pageErrors.length, 0, pageErrors.join('\n'));
});

await browser.close();
await server.close();
await docs.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed}/${results.length} embed-kit checks passed`);
process.exit(failed ? 1 : 0);
