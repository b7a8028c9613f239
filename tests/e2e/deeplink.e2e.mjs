// End-to-end test of deep links (DECISIONS §15) in headless Debian Chromium: `?at=` opens the
// page on a message or a segment — in a demo, in a 10,000-message envelope (windowed) with a
// step, in embed mode, from a share link and from the host API — scrolled into view, unfolded
// and marked once; the user view gives way to the model view for a place it hides; each
// segment's "Copy link to this segment" copies a link that lands on it; a place that does not
// exist or does not parse gets a notice and a normal page.
// Usage: node tests/e2e/deeplink.e2e.mjs DIST_DIR
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: deeplink.e2e.mjs DIST_DIR');
  process.exit(2);
}
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// A host page whose iframe keeps a fixed height (as the embed kit's snippet does): the viewer
// scrolls inside it, so a 10,000-message list stays windowed.
const hostPage = (query) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<iframe id="viewer" title="Prompt Envelope viewer" style="width:100%;height:700px;border:0"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', (event) => {
    if (event.source === document.getElementById('viewer').contentWindow) window.received.push(event.data);
  });
  document.getElementById('viewer').src = '${MOUNT}?embed=1&lang=en${query}';
</script></body></html>`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
const pageErrors = [];
async function newPage() {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

const demoB = JSON.parse(await readFile(join(repo, 'demos', 'demo-b.json'), 'utf8'));

/** The first segment of demo B that starts folded, and its path. */
function firstFolded(envelope) {
  for (const [m, message] of envelope.messages.entries()) {
    for (const [s, segment] of message.segments.entries()) {
      if (segment.collapsed === true) return `messages[${m}].segments[${s}]`;
    }
  }
  throw new Error('no folded segment');
}

/** An envelope of `count` messages: user questions, and assistant answers whose second
 *  segment is a folded tool call (so a deep link has something to unfold). */
function envelope(count) {
  const messages = [];
  for (let i = 0; i < count; i++) {
    const timestamp = 1780000000000 + i * 1000;
    messages.push(i % 2 === 0
      ? { id: `u${i}`, role: 'user', timestamp, segments: [{ kind: 'text', content: `question ${i}: what does the model see here?` }] }
      : { id: `a${i}`, role: 'assistant', timestamp, segments: [
        { kind: 'text', content: `answer ${i}` },
        { kind: 'tool_call_request', toolName: 'lookup', arguments: { item: i }, collapsed: true },
      ] });
  }
  return JSON.stringify({ version: '1.0', model: 'gpt-4o', messages });
}
const large = envelope(10_000);
const fragment = `#envelope=${deflateRawSync(Buffer.from(large)).toString('base64url')}`;
// The second host frames a share link: the lazy module shows that envelope.
const server = await serve(distDir, { pages: { '/host.html': hostPage(''), '/host-link.html': hostPage(fragment) } });
const app = `${server.url}${MOUNT}`;
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

const TARGET = '[data-testid="deep-link-target"]';

/** Waits for the mark and checks it: one element, the place's, in the viewport (once the rows
 *  around it are measured), unfolded. */
async function marked(frame, path) {
  await frame.locator(TARGET).waitFor({ timeout: 30_000 });
  await frame.locator(TARGET).evaluate((element) => new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      const box = element.getBoundingClientRect();
      if ((box.bottom > 0 && box.top < innerHeight) || performance.now() - started > 5000) resolve();
      else requestAnimationFrame(check);
    };
    check();
  }));
  const state = await frame.locator(TARGET).evaluateAll((elements, wanted) => elements.map((element) => {
    const box = element.getBoundingClientRect();
    const toggle = element.querySelector(':scope > .pe-fold__toggle, :scope > .pe-fold > .pe-fold__toggle');
    return {
      path: element.getAttribute('data-path') ?? `messages[${element.getAttribute('data-index')}]`,
      visible: box.bottom > 0 && box.top < innerHeight && box.height > 0,
      expanded: toggle ? toggle.getAttribute('aria-expanded') : 'none',
      wanted,
    };
  }), path);
  assertEqual(state.length, 1, 'one element is marked');
  assertEqual(state[0].path, path, 'the place asked for is marked');
  assert(state[0].visible, `the marked place is in the viewport: ${JSON.stringify(state[0])}`);
  assert(state[0].expanded !== 'false', `the marked place is unfolded: ${JSON.stringify(state[0])}`);
  return state[0];
}

await test('?at= opens a demo on a folded segment: in view, unfolded, marked once; a click elsewhere ends the mark', async () => {
  const page = await newPage();
  const path = firstFolded(demoB);
  await page.goto(`${app}?demo=b&lang=en&at=${encodeURIComponent(path)}`);
  const state = await marked(page, path);
  assertEqual(state.expanded, 'true', 'a folding segment is unfolded');
  assertEqual(await page.locator('[data-testid="deep-link-notice"]').count(), 0, 'no notice');
  await page.mouse.click(5, 790);
  await page.waitForFunction((t) => !document.querySelector(t), TARGET);
  await page.close();
});

await test('?at=messages[I] marks the message row; the user view gives way to the model view for a place it hides', async () => {
  const page = await newPage();
  await page.goto(`${app}?demo=b&lang=en&at=messages[3]`);
  await marked(page, 'messages[3]');
  assertEqual(await page.getAttribute(TARGET, 'data-index'), '3', 'the row itself');
  await page.close();
  const user = await newPage();
  // Message 0 of demo B is the system prompt: the user view does not show it.
  await user.goto(`${app}?demo=b&lang=en&view=user&at=messages[0].segments[0]`);
  await marked(user, 'messages[0].segments[0]');
  assertEqual(await user.getAttribute('main.pe-layout', 'data-view'), 'model', 'switched to the model view');
  await user.close();
});

await test('a place that does not exist or does not parse: a notice naming it, and a normal page', async () => {
  for (const [at, named] of [['messages[99].segments[0]', 'messages[99].segments[0]'], ['messages[1].segments[42]', 'messages[1].segments[42]'], ['segments[x]', 'segments[x]']]) {
    const page = await newPage();
    await page.goto(`${app}?demo=b&lang=en&at=${encodeURIComponent(at)}`);
    const notice = page.locator('[data-testid="deep-link-notice"]');
    await notice.waitFor();
    assertEqual(await notice.getAttribute('role'), 'status', 'a status notice');
    assert((await notice.textContent()).includes(named), `the notice names ${named}: ${await notice.textContent()}`);
    await page.waitForSelector('[data-testid="export-openai"]');
    assertEqual(await page.locator('[role="alert"]').count(), 0, 'no error panel');
    assertEqual(await page.locator(TARGET).count(), 0, 'nothing marked');
    await page.close();
  }
});

await test('"Copy link to this segment", by keyboard, copies a link that lands on that segment', async () => {
  const page = await newPage();
  await page.goto(`${app}?demo=b&lang=en&panel=anthropic`);
  const path = 'messages[2].segments[1]';
  const button = page.locator(`[data-path="${path}"] [data-testid="copy-segment-link"]`).first();
  assertEqual(await button.getAttribute('aria-label'), 'Copy link to this segment', 'labelled');
  await button.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((p) => document.querySelector(`[data-path="${p}"] [data-testid="copy-segment-link"]`)?.getAttribute('aria-label') === 'Copied', path);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const url = new URL(link);
  assertEqual(url.searchParams.get('at'), path, 'the link has the place');
  assertEqual(url.searchParams.get('demo'), 'b', 'and the demo');
  assertEqual(url.searchParams.get('panel'), 'anthropic', 'and the panel');
  const opened = await newPage();
  await opened.goto(link);
  await marked(opened, path);
  await opened.locator('#pe-tab-anthropic[aria-selected="true"]').waitFor();
  await opened.close();
  await page.close();
});

await test('a 10,000-message share link with ?at= beyond ?step= opens on the place: stepped forward, windowed, marked', async () => {
  const page = await newPage();
  const path = 'messages[9001].segments[1]';
  const started = Date.now();
  await page.goto(`${app}?lang=en&step=50&at=${encodeURIComponent(path)}${fragment}`);
  const state = await marked(page, path);
  assertEqual(state.expanded, 'true', 'the folded tool call is unfolded');
  const rows = await page.locator('.pe-messages > [data-index]').count();
  assert(rows < 200, `the list stays windowed (${rows} rows rendered)`);
  const step = await page.evaluate(() => new URL(location.href).searchParams.get('step'));
  assert(step === null || Number(step) >= 9002, `the step moved forward to include the place (step=${step})`);
  console.log(`     opened and marked in ${Date.now() - started} ms`);
  await page.close();
});

await test('in embed mode, the same link opens on the place', async () => {
  const page = await newPage();
  const path = 'messages[7777].segments[0]';
  await page.goto(`${app}?embed=1&lang=en&at=${encodeURIComponent(path)}${fragment}`);
  await marked(page, path);
  await page.close();
});

await test('the host API: a set with at opens the loaded 10,000-message envelope on the place, with a step', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/host.html`);
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:ready'));
  const post = (message) => page.evaluate((m) => document.getElementById('viewer').contentWindow.postMessage(m, '*'), message);
  // Sent while the load is being opened: the new envelope's, not the demo's.
  await post({ type: 'prompt-envelope:load', envelope: large });
  await post({ type: 'prompt-envelope:set', step: 20, at: 'messages[8889].segments[1]' });
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:loaded'));
  const frame = page.frameLocator('#viewer');
  await frame.locator('main[data-demo="hosted"]').waitFor();
  await marked(frame, 'messages[8889].segments[1]');
  // A later set moves the mark.
  await post({ type: 'prompt-envelope:set', at: 'messages[4000]' });
  await marked(frame, 'messages[4000]');
  // A place the envelope does not have: the notice, no error.
  await post({ type: 'prompt-envelope:set', at: 'messages[10000]' });
  await frame.locator('[data-testid="deep-link-notice"]').waitFor();
  assertEqual((await page.evaluate(() => window.received.filter((m) => m.type === 'prompt-envelope:error'))).length, 0, 'no error reply');
  // `at` of the wrong type is an error naming the field.
  await post({ type: 'prompt-envelope:set', at: 12 });
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:error'));
  const error = await page.evaluate(() => window.received.find((m) => m.type === 'prompt-envelope:error'));
  assertEqual(error.issues[0].path, 'at', 'the wrong field named');
  await page.close();
});

await test('the host API reaches a share link\'s envelope in embed mode (the lazy module\'s view)', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/host-link.html`);
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:ready'));
  const frame = page.frameLocator('#viewer');
  await frame.locator('main.pe-layout [data-index]').first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => document.getElementById('viewer').contentWindow.postMessage({ type: 'prompt-envelope:set', at: 'messages[6543].segments[1]' }, '*'));
  await marked(frame, 'messages[6543].segments[1]');
  await page.close();
});

await test('no page errors', async () => {
  assertEqual(pageErrors.length, 0, pageErrors.join('\n'));
});

await browser.close();
await server.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed}/${results.length} deep-link checks passed`);
process.exit(failed ? 1 : 0);
