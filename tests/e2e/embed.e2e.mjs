// End-to-end test of sharing and embedding (DECISIONS §8) in headless Debian Chromium: share
// links round trip and a broken one; ?embed=1 and ?panel=; the host page docs/embed.html
// loading envelopes through postMessage, receiving ready / loaded / error / resize, and a
// foreign frame's messages ignored. Usage: node tests/e2e/embed.e2e.mjs DIST_DIR
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: embed.e2e.mjs DIST_DIR');
  process.exit(2);
}
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = await serve(distDir, { dirs: { '/docs/': join(repo, 'docs') } });
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'en-US', acceptDownloads: true });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
const pageErrors = [];
async function newPage() {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}
const demoB = await readFile(join(repo, 'demos', 'demo-b.json'), 'utf8');

await test('Share copies a link that opens the same envelope, and never touches the stored one', async () => {
  const page = await newPage();
  await page.goto(`${app}?demo=b&lang=en`);
  await page.waitForSelector('[data-testid="export-openai"]');
  const before = await page.textContent('[data-testid="export-openai"]');
  await page.click('[data-testid="share"]');
  await page.waitForSelector('[data-testid="share-status"][role="status"]');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert(link.includes('#envelope=') && !link.includes('=='), `a base64url fragment: ${link.slice(0, 120)}`);
  await page.evaluate(() => localStorage.setItem('prompt-envelope.custom', '{"kept":true}'));
  const opened = await newPage();
  await opened.goto(link);
  await opened.waitForSelector('main[data-demo="shared"] [data-testid="export-openai"]');
  assertEqual(await opened.textContent('[data-testid="export-openai"]'), before, 'same export');
  assertEqual(await opened.getAttribute('[data-demo="b"].pe-demo-button', 'aria-pressed'), 'false', 'no demo pressed');
  assertEqual(await opened.evaluate(() => localStorage.getItem('prompt-envelope.custom')), '{"kept":true}', 'stored envelope untouched');
  // A link wins over ?demo=.
  const withDemo = link.replace('?demo=b', '?demo=c');
  await opened.goto(withDemo);
  await opened.waitForSelector('main[data-demo="shared"]');
  await page.close();
  await opened.close();
});

await test('Share lists the secrets it finds; Redact and share links a redacted copy, the text stays', async () => {
  const key = 'sk-proj-Zq4LmN8pR2vT6xW9yB3cD5fH';
  const envelope = JSON.stringify({ version: '1.0', model: 'gpt-5', messages: [
    { id: 'm1', role: 'system', timestamp: 1, segments: [
      { kind: 'static_var', name: 'api_key', value: 'hunter2-Secret-42' },
      { kind: 'system_prompt', content: 'Be brief.', collapsed: true }] },
    { id: 'm2', role: 'user', timestamp: 2, segments: [{ kind: 'text', content: `my key is ${key}, please check it` }] },
  ] }, null, 2);
  const page = await newPage();
  await page.goto(`${app}?demo=custom&lang=en`);
  // (An earlier test left a stored text that is no envelope: only the editor shows.)
  await page.waitForSelector('[data-testid="editor"]');
  await page.locator('[data-testid="open-file"]').setInputFiles({ name: 'keys.json', mimeType: 'application/json', buffer: Buffer.from(envelope) });
  await page.waitForFunction((k) => document.querySelector('[data-testid="editor"]')?.value.includes(k), key);
  await page.click('[data-testid="share"]');
  const findings = page.locator('[data-testid="share-findings"][role="alert"]');
  await findings.waitFor();
  const listed = await page.locator('[data-testid="share-secrets"] li').allInnerTexts();
  assertEqual(listed.join(' | '), 'messages[0].segments[0].value named-secret | messages[1].segments[0].content openai-key', 'paths and kinds');
  assertEqual(await page.evaluate(() => document.activeElement?.dataset.testid), 'share-redacted', 'the safe choice has the focus');
  await page.click('[data-testid="share-redacted"]');
  await page.waitForSelector('[data-testid="share-status"][role="status"]');
  assert((await page.textContent('[data-testid="share-status"]')).includes('2 secrets replaced'), 'the notice counts them');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert((await page.inputValue('[data-testid="editor"]')).includes(key), 'the text itself is untouched');
  const opened = await newPage();
  await opened.goto(link);
  await opened.waitForSelector('main[data-demo="shared"] [data-testid="export-openai"]');
  const shared = await opened.textContent('[data-testid="export-openai"]');
  assert(shared.includes('my key is [redacted: openai-key], please check it'), `redacted in the link: ${shared.slice(0, 300)}`);
  assert(!shared.includes(key) && !link.includes(key), 'the key is not in the link');
  await opened.close();
  // Share as is: the user's choice, the text exactly; Cancel makes no link.
  await page.click('[data-testid="share"]');
  await findings.waitFor();
  await page.click('[data-testid="share-cancel"]');
  assertEqual(await findings.count(), 0, 'Cancel closes the list');
  await page.evaluate(() => navigator.clipboard.writeText('untouched'));
  await page.click('[data-testid="share"]');
  await page.click('[data-testid="share-as-is"]');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('#envelope=')));
  const asIs = await newPage();
  await asIs.goto(await page.evaluate(() => navigator.clipboard.readText()));
  await asIs.waitForSelector('main[data-demo="shared"] [data-testid="export-openai"]');
  assert((await asIs.textContent('[data-testid="export-openai"]')).includes(key), 'as is keeps the key');
  await asIs.close();
  await page.close();
});

await test('a broken share link shows one error panel', async () => {
  for (const fragment of ['#envelope=@@not-base64', '#envelope=AAAA', '#envelope=' + 'A'.repeat(5)]) {
    const page = await newPage();
    await page.goto(`${app}?lang=en${fragment}`);
    await page.waitForSelector('[data-testid="share-error"][role="alert"]');
    assertEqual(await page.locator('[role="alert"]').count(), 1, `one panel for ${fragment}`);
    await page.close();
  }
});

await test('?embed=1 shows the conversation and the panel only; ?panel= picks or hides the panel', async () => {
  const page = await newPage();
  await page.goto(`${app}?embed=1&demo=b&panel=anthropic&lang=en`);
  await page.waitForSelector('[data-testid="export-anthropic"]');
  assertEqual(await page.locator('[data-testid="top-bar"], .pe-topbar').count(), 0, 'no top bar');
  assertEqual(await page.getAttribute('#pe-tab-anthropic', 'aria-selected'), 'true', 'anthropic tab open');
  assertEqual(await page.locator('[data-testid="edit-copy"]').count(), 0, 'no edit in embed mode');
  await page.goto(`${app}?embed=1&demo=custom&panel=none`);
  await page.waitForSelector('main[data-demo="custom"]');
  assertEqual(await page.locator('[data-testid="editor"]').count(), 0, 'no editor');
  assertEqual(await page.locator('.pe-panel').count(), 0, 'no panel');
  await page.close();
});

await test('the host page loads envelopes through postMessage and sizes the iframe', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/docs/embed.html?app=${encodeURIComponent(MOUNT)}`);
  const received = (type) => page.evaluate((t) => window.received.filter((m) => m.type === `prompt-envelope:${t}`), type);
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:ready'));
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:resize'));
  assertEqual((await received('ready')).length, 1, 'ready once');
  const frame = page.frameLocator('#viewer');
  // Load the text in the box (an envelope).
  await page.click('#load');
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:loaded'));
  assertEqual(JSON.stringify((await received('loaded'))[0]), '{"type":"prompt-envelope:loaded","errors":0,"warnings":0}', 'loaded counts');
  await frame.locator('main[data-demo="hosted"]').waitFor();
  assert((await frame.locator('[data-testid="export-openai"]').textContent()).includes('Hello from the host page'), 'shown');
  // An object with warnings; the page grows, the host follows.
  const heightBefore = (await received('resize')).at(-1).height;
  await page.evaluate((text) => document.getElementById('viewer').contentWindow.postMessage({ type: 'prompt-envelope:load', envelope: JSON.parse(text) }, '*'), demoB);
  await page.waitForFunction(() => window.received.filter((m) => m.type === 'prompt-envelope:loaded').length === 2);
  await frame.locator('[data-testid="export-openai"]').filter({ hasText: 'search_papers' }).waitFor();
  await page.waitForFunction((h) => window.received.filter((m) => m.type === 'prompt-envelope:resize').at(-1).height !== h, heightBefore);
  const height = (await received('resize')).at(-1).height;
  const box = await page.locator('#viewer').boundingBox();
  assert(Math.abs(box.height - height) <= 2, `iframe sized to the content: ${box.height} vs ${height}`);
  const inner = await frame.locator('html').evaluate((root) => root.scrollHeight - root.clientHeight);
  assert(inner <= 1, `no inner scrollbar (${inner} px)`);
  // An OpenAI request (any §7 format) is imported and shown.
  const openaiRequest = { model: 'gpt-4o', temperature: 0.3, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello from an OpenAI request' }] };
  await page.evaluate((request) => document.getElementById('viewer').contentWindow.postMessage({ type: 'prompt-envelope:load', envelope: request }, '*'), openaiRequest);
  await page.waitForFunction(() => window.received.filter((m) => m.type === 'prompt-envelope:loaded').length === 3);
  assertEqual((await received('loaded'))[2].errors, 0, 'the imported request has no errors');
  await frame.locator('[data-testid="export-openai"]').filter({ hasText: 'Hello from an OpenAI request' }).waitFor();
  // Back to demo B for what follows.
  await page.evaluate((text) => document.getElementById('viewer').contentWindow.postMessage({ type: 'prompt-envelope:load', envelope: text }, '*'), demoB);
  await page.waitForFunction(() => window.received.filter((m) => m.type === 'prompt-envelope:loaded').length === 4);
  await frame.locator('[data-testid="export-openai"]').filter({ hasText: 'search_papers' }).waitFor();
  // Not JSON: an error with issues, and the envelope shown stays.
  await page.evaluate(() => document.getElementById('viewer').contentWindow.postMessage({ type: 'prompt-envelope:load', envelope: '{ nope' }, '*'));
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:error'));
  const error = (await received('error'))[0];
  assert(error.issues.length > 0 && error.issues[0].severity === 'error' && /line 1/.test(error.issues[0].message), JSON.stringify(error));
  await frame.locator('[data-testid="host-error"][role="alert"]').waitFor();
  assert((await frame.locator('[data-testid="export-openai"]').textContent()).includes('search_papers'), 'previous envelope stays');
  // set: a tab; a wrong value is an error.
  await page.click('#panel-anthropic');
  await frame.locator('#pe-tab-anthropic[aria-selected="true"]').waitFor();
  await page.evaluate(() => document.getElementById('viewer').contentWindow.postMessage({ type: 'prompt-envelope:set', panel: 'bogus' }, '*'));
  await page.waitForFunction(() => window.received.filter((m) => m.type === 'prompt-envelope:error').length === 2);
  assertEqual((await received('error'))[1].issues[0].path, 'panel', 'the wrong field named');
  await page.close();
});

await test('messages from anyone but the parent are ignored', async () => {
  const page = await newPage();
  await page.goto(`${server.url}/docs/embed.html?app=${encodeURIComponent(MOUNT)}`);
  await page.waitForFunction(() => window.received.some((m) => m.type === 'prompt-envelope:ready'));
  const frame = page.frameLocator('#viewer');
  await frame.locator('[data-testid="export-openai"]').waitFor();
  const shown = await frame.locator('main').getAttribute('data-demo');
  // A sibling frame of the same page posts a load to the viewer: its source is not the parent.
  await page.evaluate(() => {
    const sibling = document.createElement('iframe');
    document.body.appendChild(sibling);
    const script = sibling.contentDocument.createElement('script');
    script.textContent = `parent.document.getElementById('viewer').contentWindow.postMessage(
      { type: 'prompt-envelope:load', envelope: { version: '1.0', messages: [] } }, '*');`;
    sibling.contentDocument.body.appendChild(script);
  });
  // Also a message of another kind from the parent itself.
  await page.evaluate(() => document.getElementById('viewer').contentWindow.postMessage({ type: 'something-else' }, '*'));
  await page.waitForTimeout(600);
  const answers = await page.evaluate(() => window.received.filter((m) => !['prompt-envelope:ready', 'prompt-envelope:resize', 'prompt-envelope:step'].includes(m.type)));
  assertEqual(answers.length, 0, 'no answer to foreign or unknown messages');
  assertEqual(await frame.locator('main').getAttribute('data-demo'), shown, 'nothing changed');
  await page.close();
});

await test('no page errors', async () => {
  assertEqual(pageErrors.join('\n'), '', 'page errors');
});

await browser.close();
server.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`embed e2e: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
