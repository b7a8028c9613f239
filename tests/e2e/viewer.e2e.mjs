// End-to-end test of the built viewer in headless Debian Chromium (playwright-core, no
// downloaded browser). Usage: node tests/e2e/viewer.e2e.mjs DIST_DIR NATIVE_EXPORT_DIR SHOT_DIR
// NATIVE_EXPORT_DIR holds `pep export --to openai` output per demo (demo-a.stdout, …), written by
// scripts/wasm-parity.sh; the panel must show exactly that JSON.
import { chromium } from 'playwright-core';
import { readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir, nativeDir, shotDir] = process.argv.slice(2);
if (!distDir || !nativeDir || !shotDir) {
  console.error('usage: viewer.e2e.mjs DIST_DIR NATIVE_EXPORT_DIR SCREENSHOT_DIR');
  process.exit(2);
}
const DEMOS = ['a', 'b', 'c', 'd', 'f', 'e'];
const KINDS = ['text', 'static_var', 'system_prompt', 'memory', 'skills', 'tool_overview',
  'tool_call_request', 'tool_call_result', 'document', 'long_text', 'media'];
const FOLD_TOGGLES = '.pe-fold > .pe-fold__toggle';

const consoleErrors = [];
async function expected(demo, format = 'openai') {
  const suffix = format === 'openai' ? '' : `.${format}`;
  const text = await readFile(join(nativeDir, `demo-${demo}${suffix}.stdout`), 'utf8');
  return text.replace(/\n$/, '');
}

await mkdir(shotDir, { recursive: true });
const server = await serve(distDir);
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const context = await browser.newContext({
  viewport: { width: 1440, height: 900 },
  acceptDownloads: true,
  locale: 'zh-CN',
});
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

function watch(page, label) {
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${label}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${label}: ${error.message}`));
  return page;
}
async function open(query = '') {
  const page = watch(await context.newPage(), query || 'default');
  await page.goto(`${app}${query}`);
  await page.waitForSelector('[data-testid="export-openai"]');
  return page;
}
const panelText = (page, id) => page.locator(`[data-testid="${id}"]`).textContent();

await test('default demo is F (spec §8), with Chinese UI from the browser language', async () => {
  const page = await open();
  assertEqual(await page.getAttribute('main', 'data-demo'), 'f', 'default demo');
  assertEqual(await page.getAttribute('[data-demo="f"].pe-demo-button', 'aria-pressed'), 'true', 'F pressed');
  assertEqual(await page.getAttribute('html', 'lang'), 'zh-CN', 'html lang');
  assert((await page.textContent('.pe-tabs')).includes('OpenAI Chat'), 'Chat Completions tab label');
  assert((await page.textContent('.pe-tabs')).includes('OpenAI Responses'), 'Responses tab label');
  assertEqual(await panelText(page, 'export-openai'), await expected('f'), 'panel JSON = pep export');
  await page.screenshot({ path: join(shotDir, 'default-demo-f.png'), fullPage: false });
  await page.close();
});

await test('switching all six demos updates the URL and shows the pep export of each', async () => {
  const page = await open();
  const seen = new Set();
  const buttons = await page.locator('.pe-demo-button[data-demo]').evaluateAll((els) => els.map((e) => e.dataset.demo));
  assertEqual(buttons.join(','), DEMOS.join(','), 'switcher order');
  for (const demo of DEMOS) {
    await page.click(`.pe-demo-button[data-demo="${demo}"]`);
    await page.waitForSelector(`main[data-demo="${demo}"]`);
    assertEqual(new URL(page.url()).searchParams.get('demo'), demo, `URL for ${demo}`);
    assertEqual(await panelText(page, 'export-openai'), await expected(demo), `panel JSON of demo ${demo}`);
    const raw = JSON.parse(await panelText(page, 'export-raw'));
    const source = JSON.parse(await readFile(new URL(`../../demos/demo-${demo}.json`, import.meta.url), 'utf8'));
    assertEqual(JSON.stringify(raw), JSON.stringify(source), `raw protocol of demo ${demo}`);
    for (const kind of await page.locator('[data-kind]').evaluateAll((els) => els.map((e) => e.dataset.kind))) {
      seen.add(kind);
    }
    await page.screenshot({ path: join(shotDir, `demo-${demo}.png`) });
  }
  for (const kind of KINDS) assert(seen.has(kind), `no segment of kind ${kind} rendered`);
  assert(!seen.has('invalid'), 'a demo rendered an invalid-segment card');
  await page.goBack();
  await page.waitForSelector('main[data-demo="f"]');
  await page.close();
});

await test('?demo= opens a demo directly; folding defaults follow spec §7.2', async () => {
  const page = await open('?demo=b');
  assertEqual(await page.getAttribute('main', 'data-demo'), 'b', 'demo from URL');
  const state = (kind) => page.locator(`[data-kind="${kind}"] > .pe-fold__toggle`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')));
  assert((await state('tool_call_request')).every((s) => s === 'true'), 'requests start open');
  assertEqual((await state('system_prompt')).join(), 'false', 'system prompt starts folded');
  const results = await page.locator('[data-kind="tool_call_result"]').evaluateAll((els) =>
    els.map((e) => [e.classList.contains('pe-result--success'), e.querySelector('button').getAttribute('aria-expanded')]));
  assert(results.some(([ok]) => ok) && results.some(([ok]) => !ok), 'demo B has a success and a failure');
  for (const [ok, expanded] of results) assertEqual(expanded, ok ? 'false' : 'true', 'success folded, failure open');
  await page.screenshot({ path: join(shotDir, 'demo-b-tool-calls.png') });
  await page.close();
});

await test('every toggle works independently, by mouse and keyboard, and never changes the export', async () => {
  for (const demo of DEMOS) {
    const page = await open(`?demo=${demo}`);
    const before = await panelText(page, 'export-openai');
    const toggles = page.locator(FOLD_TOGGLES);
    const count = await toggles.count();
    assert(count > 0, `demo ${demo} has foldable segments`);
    for (let i = 0; i < count; i++) {
      const toggle = toggles.nth(i);
      const others = await toggles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')));
      const was = await toggle.getAttribute('aria-expanded');
      if (i % 2 === 0) await toggle.click();
      else { await toggle.focus(); await page.keyboard.press(i % 4 === 1 ? 'Enter' : 'Space'); }
      const now = await toggle.getAttribute('aria-expanded');
      assertEqual(now, was === 'true' ? 'false' : 'true', `toggle ${i} of demo ${demo} flips`);
      const after = await toggles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')));
      after.forEach((value, j) => { if (j !== i) assertEqual(value, others[j], `toggle ${i} changed toggle ${j}`); });
      const body = await toggle.getAttribute('aria-controls');
      const bodyShown = await page.locator(`[id="${body}"]`).count();
      if (now === 'true') assertEqual(bodyShown, 1, 'an open segment shows its body');
      else if (!(await toggle.evaluate((e) => e.parentElement.dataset.kind === 'long_text'))) {
        assertEqual(bodyShown, 0, 'a folded segment does not render its body');
      }
    }
    // Nested toggles (skill L2 bodies, tool schemas, parsed documents) open too.
    const nested = page.locator('.pe-link-button[aria-expanded]');
    for (let i = 0; i < await nested.count(); i++) {
      await nested.nth(i).click();
      assertEqual(await nested.nth(i).getAttribute('aria-expanded'), 'true', 'nested toggle opens');
    }
    await page.click('[data-testid="expand-all"]');
    assert((await toggles.evaluateAll((els) => els.every((e) => e.getAttribute('aria-expanded') === 'true'))), 'expand all');
    await page.click('[data-testid="collapse-all"]');
    assert((await toggles.evaluateAll((els) => els.every((e) => e.getAttribute('aria-expanded') === 'false'))), 'collapse all');
    assertEqual(await panelText(page, 'export-openai'), before, `export of demo ${demo} unchanged by folding`);
    await page.close();
  }
});

await test('skills expand to their L2 body from the registry; documents show parsed content', async () => {
  const page = await open('?demo=f');
  await page.click('[data-testid="expand-all"]');
  const pdf = page.locator('.pe-skills__item', { hasText: '/pdf' });
  await pdf.locator('button').click();
  assert((await pdf.locator('.pe-md').textContent()).includes('pypdf'), 'pdf L2 body rendered');
  const c = await open('?demo=c');
  const view = c.locator('[data-kind="document"] .pe-link-button');
  assertEqual((await view.textContent()).trim(), '查看解析', 'document toggle label');
  await view.click();
  await c.waitForSelector('[data-kind="document"] .pe-md table');
  assert(await c.locator('[data-kind="document"] .pe-md table').count() > 0, 'parsed content table');
  await page.close();
  await c.close();
});

await test('copy puts the JSON on the clipboard, with feedback', async () => {
  const page = await open('?demo=d');
  await page.click('[data-testid="copy"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="copy"]').textContent.includes('已复制'));
  assertEqual(await page.evaluate(() => navigator.clipboard.readText()), await expected('d'), 'clipboard');
  await page.click('#pe-tab-raw');
  await page.click('[data-testid="copy"]');
  const raw = await page.evaluate(() => navigator.clipboard.readText());
  assertEqual(raw, await panelText(page, 'export-raw'), 'raw copy');
  await page.close();
});

await test('download saves demo-X.openai.json and demo-X.json', async () => {
  const page = await open('?demo=e');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="download"]')]);
  assertEqual(download.suggestedFilename(), 'demo-e.openai.json', 'file name');
  assertEqual(await readFile(await download.path(), 'utf8'), `${await expected('e')}\n`, 'file = pep export output');
  await page.click('#pe-tab-raw');
  assertEqual(await page.getAttribute('#pe-tab-raw', 'aria-selected'), 'true', 'raw tab selected');
  assertEqual(await page.getAttribute('[role="tablist"] #pe-tab-openai', 'aria-selected'), 'false', 'openai tab deselected');
  const [rawDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="download"]')]);
  assertEqual(rawDownload.suggestedFilename(), 'demo-e.json', 'raw file name');
  await page.close();
});

await test('tabs follow the ARIA pattern with arrow keys', async () => {
  const page = await open('?demo=a');
  assertEqual(await page.locator('[role="tablist"] [role="tab"]').count(), 7, 'seven tabs: one per export format, and the raw protocol');
  await page.focus('#pe-tab-openai');
  await page.keyboard.press('ArrowRight');
  assertEqual(await page.getAttribute('#pe-tab-responses', 'aria-selected'), 'true', 'arrow selects responses');
  assert(await page.locator('#pe-tabpanel-openai').isHidden(), 'openai panel hidden');
  assertEqual(await page.evaluate(() => document.activeElement.id), 'pe-tab-responses', 'focus moves');
  await page.keyboard.press('ArrowRight');
  assertEqual(await page.getAttribute('#pe-tab-anthropic', 'aria-selected'), 'true', 'then anthropic');
  await page.keyboard.press('End');
  assertEqual(await page.getAttribute('#pe-tab-raw', 'aria-selected'), 'true', 'End selects raw');
  await page.keyboard.press('ArrowRight');
  assertEqual(await page.evaluate(() => document.activeElement.id), 'pe-tab-openai', 'arrows wrap');
  await page.close();
});

await test('Responses, Anthropic, MCP and OpenTelemetry tabs show exactly what pep export prints, with their warnings', async () => {
  const page = await open('?demo=f');
  for (const format of ['responses', 'anthropic', 'mcp', 'otel']) {
    await page.click(`#pe-tab-${format}`);
    assert(await page.locator(`#pe-tabpanel-${format}`).isVisible(), `${format} panel shown`);
    assertEqual(await panelText(page, `export-${format}`), await expected('f', format), `${format} JSON = pep export`);
    const stderr = await readFile(join(nativeDir, `demo-f.${format}.stderr`), 'utf8');
    const warnings = page.locator(`[data-testid="export-warnings-${format}"]`);
    if (stderr.trim()) {
      const paths = stderr.trim().split('\n').map((line) => line.split(' ')[1].replace(/:$/, ''));
      const shown = await warnings.textContent();
      for (const path of paths) assert(shown.includes(path), `${format} warning at ${path} shown`);
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="download"]')]);
    assertEqual(download.suggestedFilename(), `demo-f.${format}.json`, `${format} file name`);
    assertEqual(await readFile(await download.path(), 'utf8'), `${await expected('f', format)}\n`, `${format} file`);
  }
  assertEqual(await page.locator('#pe-tabpanel-mcp [data-testid="copy-curl"]').count(), 0, 'MCP has no cURL');
  assertEqual(await page.locator('#pe-tabpanel-otel [data-testid="copy-curl"]').count(), 0, 'a trace has no cURL');
  await page.close();
});

await test('Copy as cURL and the SDK snippets of the HTTP APIs', async () => {
  const page = await open('?demo=d');
  await page.click('#pe-tabpanel-openai [data-testid="copy-curl"]');
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  assert(curl.startsWith('curl https://api.openai.com/v1/chat/completions \\\n'), 'openai endpoint');
  assertEqual(curl.split("<<'JSON'\n")[1], `${await expected('d')}\nJSON\n`, 'body is the export, verbatim');
  await page.click('#pe-tab-responses');
  await page.click('#pe-tabpanel-responses [data-testid="copy-curl"]');
  const responses = await page.evaluate(() => navigator.clipboard.readText());
  assert(responses.startsWith('curl https://api.openai.com/v1/responses \\\n'), 'responses endpoint');
  assertEqual(responses.split("<<'JSON'\n")[1], `${await expected('d', 'responses')}\nJSON\n`, 'responses body');
  await page.click('#pe-tabpanel-responses [data-testid="snippets"] summary');
  await page.click('#pe-tabpanel-responses [data-testid="copy-python"]');
  const pyResponses = await page.evaluate(() => navigator.clipboard.readText());
  assert(pyResponses.includes('client.responses.create(**request)') && pyResponses.includes('"demo-d.responses.json"'), 'responses python snippet');
  await page.click('#pe-tab-anthropic');
  await page.click('#pe-tabpanel-anthropic [data-testid="copy-curl"]');
  const anthropic = await page.evaluate(() => navigator.clipboard.readText());
  assert(anthropic.includes('anthropic-version: 2023-06-01'), 'anthropic headers');
  assertEqual(anthropic.split("<<'JSON'\n")[1], `${await expected('d', 'anthropic')}\nJSON\n`, 'anthropic body');
  await page.click('#pe-tabpanel-anthropic [data-testid="snippets"] summary');
  await page.click('#pe-tabpanel-anthropic [data-testid="copy-python"]');
  const python = await page.evaluate(() => navigator.clipboard.readText());
  assert(python.includes('import anthropic') && python.includes('"demo-d.anthropic.json"'), 'python snippet');
  await page.close();
});

await test('the Gemini tab shows exactly what pep export --to gemini prints; cURL and SDK code name the model in the url', async () => {
  const page = await open('?demo=d');
  await page.click('#pe-tab-gemini');
  assert(await page.locator('#pe-tabpanel-gemini').isVisible(), 'gemini panel shown');
  const body = await expected('d', 'gemini');
  assertEqual(await panelText(page, 'export-gemini'), body, 'gemini JSON = pep export');
  assert(!JSON.parse(body).model, 'the body has no model');
  const stderr = await readFile(join(nativeDir, 'demo-d.gemini.stderr'), 'utf8');
  const model = /models\/([^:\s]+):generateContent/.exec(stderr)?.[1];
  assert(model, `pep export names the model's url: ${stderr}`);
  assert((await page.locator('[data-testid="export-warnings-gemini"]').textContent()).includes(`models/${model}:generateContent`), 'the tab warns where the model goes');
  await page.click('#pe-tabpanel-gemini [data-testid="copy-curl"]');
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  assert(curl.startsWith(`curl "https://generativelanguage.googleapis.com/v1beta/models/${model}:generateContent" \\\n`), `gemini endpoint: ${curl.slice(0, 120)}`);
  assert(curl.includes('x-goog-api-key: $GEMINI_API_KEY'), 'gemini key header');
  assertEqual(curl.split("<<'JSON'\n")[1], `${body}\nJSON\n`, 'gemini body');
  await page.click('#pe-tabpanel-gemini [data-testid="snippets"] summary');
  await page.click('#pe-tabpanel-gemini [data-testid="copy-python"]');
  const python = await page.evaluate(() => navigator.clipboard.readText());
  assert(python.includes('from google import genai') && python.includes(`model="${model}"`) && python.includes('"demo-d.gemini.json"'), `gemini python snippet: ${python}`);
  await page.click('#pe-tabpanel-gemini [data-testid="copy-typescript"]');
  const ts = await page.evaluate(() => navigator.clipboard.readText());
  assert(ts.includes('@google/genai') && ts.includes(`model: "${model}"`), `gemini typescript snippet: ${ts}`);
  await page.close();
});

await test('user view hides the context and sums up tool activity; the panel stays the same', async () => {
  const page = await open('?demo=f&view=user');
  const visible = (selector) => page.locator(selector).evaluateAll((els) => els.filter((e) => e.offsetParent !== null).length);
  assertEqual(await page.getAttribute('main', 'data-view'), 'user', 'user view from the URL');
  assertEqual(await page.getAttribute('[data-testid="view-switch"] [data-view="user"]', 'aria-pressed'), 'true', 'user pressed');
  for (const kind of ['system_prompt', 'skills', 'tool_overview', 'tool_call_request', 'tool_call_result']) {
    assert((await page.locator(`[data-kind="${kind}"]`).count()) > 0, `${kind} in the page`);
    assertEqual(await visible(`[data-kind="${kind}"]`), 0, `${kind} hidden`);
  }
  const calls = await page.locator('[data-kind="tool_call_request"]').count();
  const results = await page.locator('[data-kind="tool_call_result"]').count();
  assertEqual(await visible('[data-activity="call"]'), calls, 'one line per call');
  assertEqual(await visible('[data-activity="result"]'), results, 'one line per result');
  assert((await page.textContent('[data-activity="call"]')).includes('bash'), 'the line names the tool');
  assert((await visible('[data-kind="text"]')) > 0, 'texts stay');
  const userPanel = await panelText(page, 'export-openai');
  await page.click('[data-testid="view-switch"] [data-view="model"]');
  assertEqual(new URL(page.url()).searchParams.get('view'), 'model', 'view kept in the URL');
  assertEqual(await visible('[data-activity]'), 0, 'no summary lines in the model view');
  assert((await visible('[data-kind="system_prompt"]')) > 0, 'system prompt back');
  assertEqual(await panelText(page, 'export-openai'), userPanel, 'panel is the same in both views');
  assertEqual(userPanel, await expected('f'), 'and it is the pep export');
  await page.close();
});

await test('segments and the export JSON link both ways, in every export tab', async () => {
  const page = await open('?demo=b&lang=en');
  const linked = (tab) => page.locator(`#pe-tabpanel-${tab} .pe-json__row--linked`);
  // Hover the tool call (message 2, segment 1 of demo B): its lines light up in the open tab.
  const call = page.locator('[data-index="2"] .pe-message__body > *').nth(1);
  await call.hover();
  await page.waitForFunction(() => document.querySelectorAll('#pe-tabpanel-openai .pe-json__row--linked').length > 0);
  const text = (await linked('openai').allTextContents()).join('');
  assert(text.includes('tool_calls') || text.includes('"function"'), `the call's lines are marked: ${text.slice(0, 200)}`);
  // Keyboard focus inside a segment links too; leaving clears.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.querySelectorAll('.pe-json__row--linked').length === 0);
  await page.focus('[data-index="0"] .pe-message__body > * button, [data-index="0"] .pe-message__body > * [tabindex="0"]');
  await page.waitForFunction(() => document.querySelectorAll('#pe-tabpanel-openai .pe-json__row--linked').length > 0);
  assert((await linked('openai').allTextContents()).join('').includes('"system"'), 'a structural segment marks the head');
  // Clicking a line of the JSON brings its segment into view and marks it.
  // The first tool result is message 3's only segment.
  for (const [tab, needle] of [['openai', '"tool_call_id"'], ['responses', '"function_call_output"'], ['anthropic', '"tool_use_id"'], ['mcp', '[Tool result'], ['otel', '"tool_call_response"']]) {
    await page.click(`#pe-tab-${tab}`);
    await page.evaluate(() => document.querySelectorAll('.pe-hit').forEach((e) => e.classList.remove('pe-hit')));
    await page.locator(`#pe-tabpanel-${tab} [data-link]`).filter({ hasText: needle }).first().click();
    await page.waitForSelector('.pe-hit');
    const hit = await page.evaluate(() => {
      const segment = document.querySelector('.pe-hit');
      return [segment.closest('[data-index]').dataset.index, segment.querySelector('[data-kind]')?.dataset.kind ?? segment.dataset.kind];
    });
    assertEqual(hit.join(' '), '3 tool_call_result', `${tab}: clicking the JSON marks its segment`);
  }
  await page.close();
});

await test('the context budget shows the numbers of pep stats (its ≈ column), on hover and focus too', async () => {
  for (const demo of ['b', 'f']) {
    const page = await open(`?demo=${demo}&lang=en`);
    const stats = JSON.parse(await readFile(join(nativeDir, `demo-${demo}.stats.json`), 'utf8'));
    await page.click('[data-testid="budget"] summary');
    for (const kind of stats.kinds.filter((k) => k.segments > 0)) {
      const row = page.locator(`[data-testid="budget-kinds"] tr[data-budget-kind="${kind.kind}"]`);
      assertEqual(await row.locator('[data-tokens]').getAttribute('data-tokens'), String(kind.estimate), `${demo} ${kind.kind} tokens`);
      assertEqual(await row.locator('[data-chars]').getAttribute('data-chars'), String(kind.chars), `${demo} ${kind.kind} chars`);
    }
    for (const request of stats.requests) {
      const row = page.locator(`[data-testid="budget-requests"] tr[data-budget-request="${request.format}"]`);
      assertEqual(await row.locator('[data-tokens]').getAttribute('data-tokens'), String(request.estimate), `${demo} ${request.format} request`);
    }
    for (const message of stats.messages.filter((m) => m.segments > 0)) {
      const bar = page.locator(`[data-index="${message.message}"] [data-testid="message-budget"]`);
      assertEqual(await bar.getAttribute('data-tokens'), String(message.estimate), `${demo} message ${message.message}`);
    }
    // Each part of the bar says its numbers when focused (and on hover, as its title).
    const part = page.locator('[data-testid="budget-bar"] [data-budget-kind]').first();
    await part.focus();
    const name = await part.getAttribute('aria-label');
    assert(/≈ [\d,]+ tokens, [\d,]+ Characters/.test(name) && name === (await part.getAttribute('title')), name);
    const window = stats.context_window;
    const summary = await page.textContent('[data-testid="budget"] summary');
    assert(summary.includes(window.toLocaleString('en-US')), `window in the summary: ${summary}`);
    await page.close();
  }
});

await test('English UI via ?lang=en and the language switch', async () => {
  const page = await open('?demo=c&lang=en');
  assert((await page.textContent('.pe-tabs')).includes('Anthropic Format'), 'English tab');
  assert((await page.textContent('[data-kind="document"]')).includes('View parsed'), 'English document toggle');
  await page.click('[data-testid="lang-switch"]');
  assert((await page.textContent('.pe-tabs')).includes('原始协议'), 'switched to Chinese');
  assertEqual(new URL(page.url()).searchParams.get('lang'), 'zh', 'lang kept in URL');
  assertEqual(await page.getAttribute('html', 'lang'), 'zh-CN', 'html lang updated');
  await page.close();
});

await test('narrow screens stack the panel below the chat', async () => {
  const page = watch(await context.newPage(), 'narrow');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app}?demo=d`);
  await page.waitForSelector('[data-testid="export-openai"]');
  const chat = await page.locator('.pe-chat').boundingBox();
  const panel = await page.locator('.pe-panel').boundingBox();
  assert(panel.y >= chat.y + chat.height - 1, 'panel below chat');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `no horizontal overflow (scrollWidth ${width})`);
  await page.screenshot({ path: join(shotDir, 'narrow-demo-d.png'), fullPage: true });
  await page.close();
});

await test('works inside an iframe from a sub-path with no outside requests', async () => {
  const page = watch(await context.newPage(), 'iframe');
  const outside = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) {
      outside.push(request.url());
    }
  });
  await page.goto(`${server.url}/iframe.html`);
  const frame = page.frameLocator('#viewer');
  await frame.locator('[data-testid="export-openai"]').waitFor();
  assertEqual(await frame.locator('main').getAttribute('data-demo'), 'b', 'iframe shows demo b');
  assertEqual(await frame.locator('[data-testid="export-openai"]').textContent(), await expected('b'), 'iframe export');
  await page.screenshot({ path: join(shotDir, 'iframe-demo-b.png') });
  assertEqual(outside.join(', '), '', 'requests outside the app');
  await page.close();
});

await test('the demo image loads from dist/ (no network)', async () => {
  const page = await open('?demo=d');
  const loaded = await page.locator('.pe-media__image').evaluate((img) => img.complete && img.naturalWidth > 0);
  assert(loaded, 'cat.svg loaded');
  await page.close();
});

await test('request checks: arguments against the schema, in the panel and the issue list', async () => {
  const page = await open('?demo=custom&lang=en');
  const demoB = JSON.parse(await readFile(new URL('../../demos/demo-b.json', import.meta.url), 'utf8'));
  assertEqual(await page.textContent('[data-testid="request-checks-openai"]').then((t) => t.includes('passed')), true, 'a clean request passes');
  // Break the first call's arguments: a number where the schema wants a string.
  const call = demoB.messages[2].segments[1];
  call.arguments = { ...call.arguments, query: 42 };
  await page.fill('[data-testid="editor"]', JSON.stringify(demoB, null, 2));
  await page.waitForFunction(() => document.querySelector('[data-testid="request-checks-openai"]')?.textContent.includes('arguments.query'));
  const checks = await page.textContent('[data-testid="request-checks-openai"]');
  assert(checks.includes('messages[2].segments[1].arguments.query') && checks.includes('schema wants a string'), checks);
  assert((await page.textContent('[data-testid="validation-issues"]')).includes('arguments.query'), 'pep validate reports it too');
  // Its path is a link to the segment.
  await page.click('[data-testid="validation-issues"] summary');
  await page.locator('[data-testid="validation-issues"] [data-testid="issue-link"]').filter({ hasText: 'arguments.query' }).first().click();
  await page.waitForSelector('.pe-hit');
  assertEqual(await page.evaluate(() => document.querySelector('.pe-hit').closest('[data-index]').dataset.index), '2', 'the issue link marks its segment');
  await page.click('#pe-tab-anthropic');
  assert((await page.textContent('[data-testid="request-checks-anthropic"]')).includes('arguments.query'), 'and the Anthropic tab');
  assertEqual(await page.locator('[data-testid^="request-checks-mcp"]').count(), 0, 'MCP declares no tools');
  await page.close();
});

await test('your own envelope: edit, fallback cards for a broken one, input kept when not JSON', async () => {
  const page = await open('?demo=f');
  await page.click('[data-testid="custom-envelope"]');
  await page.waitForSelector('main[data-demo="custom"]');
  assertEqual(new URL(page.url()).searchParams.get('demo'), 'custom', 'URL for custom');
  const broken = await readFile(new URL('../fixtures/viewer/broken-segments.json', import.meta.url), 'utf8');
  await page.fill('[data-testid="editor"]', broken);
  await page.waitForFunction(() => document.querySelectorAll('[data-kind="invalid"]').length === 3);
  assertEqual(await page.locator('[data-kind="text"]').count(), 2, 'valid segments still render');
  assert((await panelText(page, 'export-warnings')).includes('messages[0].segments[1]'), 'left-out warning');
  await page.screenshot({ path: join(shotDir, 'custom-broken.png') });
  await page.fill('[data-testid="editor"]', '{ "version": "1.0", oops');
  await page.waitForSelector('.pe-fatal [role="alert"]');
  const alert = await page.textContent('.pe-fatal [role="alert"]');
  assert(/第 1 行第 \d+ 列/.test(alert), `line and column named, in Chinese: ${alert}`);
  assertEqual(await page.inputValue('[data-testid="editor"]'), '{ "version": "1.0", oops', 'input kept');
  const demoB = await readFile(new URL('../../demos/demo-b.json', import.meta.url), 'utf8');
  await page.locator('[data-testid="open-file"]').setInputFiles({ name: 'b.json', mimeType: 'application/json', buffer: Buffer.from(demoB) });
  await page.waitForSelector('[data-kind="tool_call_request"]');
  assertEqual(await panelText(page, 'export-openai'), await expected('b'), 'opened file exports like pep');
  // Folds and the panel tab survive the re-render that follows each edit.
  const firstFold = page.locator('.pe-fold > .pe-fold__toggle').first();
  await firstFold.click();
  assertEqual(await firstFold.getAttribute('aria-expanded'), 'true', 'fold opened');
  await page.click('#pe-tab-raw');
  await page.fill('[data-testid="editor"]', demoB.replace('"gpt-4-turbo"', '"gpt-4o"'));
  await page.waitForFunction(() => document.querySelector('[data-testid="export-raw"]').textContent.includes('"gpt-4o"'));
  assertEqual(await page.locator('.pe-fold > .pe-fold__toggle').first().getAttribute('aria-expanded'), 'true', 'fold kept');
  assertEqual(await page.getAttribute('#pe-tab-raw', 'aria-selected'), 'true', 'tab kept');
  await page.fill('[data-testid="editor"]', demoB);
  await page.waitForFunction(() => document.querySelector('[data-testid="export-raw"]').textContent.includes('"gpt-4-turbo"'));
  // The render is over once its crash marker is cleared: a reload before that is a render
  // that did not finish, and the next visit rightly opens in safe mode (DECISIONS §9).
  await page.waitForFunction(() => localStorage.getItem('prompt-envelope.crashed') === null);
  await page.reload();
  await page.waitForSelector('[data-kind="tool_call_request"]');
  assertEqual(await page.inputValue('[data-testid="editor"]'), demoB, 'kept across reloads');
  await page.close();
});

await test('no console errors on any page', async () => {
  assertEqual(consoleErrors.join('\n'), '', 'console errors');
});

await browser.close();
server.close();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
