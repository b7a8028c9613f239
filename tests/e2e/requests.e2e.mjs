// End-to-end test of a file of many requests (issue 14 item 4, DECISIONS §13): JSON Lines of
// requests and an OTLP trace of several GenAI spans, opened, dropped or pasted, show the
// request list (the lazy module) with one row per request, the last chosen first; choosing a
// row by click or by keys shows that request; the cache column says what the one before
// could give; "Compare with previous" opens the compare view on two neighbours; a long list
// draws only what is in view; Undo takes the list away.
// Usage: node tests/e2e/requests.e2e.mjs DIST_DIR
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: requests.e2e.mjs DIST_DIR');
  process.exit(2);
}
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'import');
const request = (k, history) => JSON.stringify({
  model: 'gpt-4o',
  messages: [{ role: 'system', content: 'Be brief.' },
    ...history.map((text, i) => ({ role: i % 2 ? 'assistant' : 'user', content: text })),
    { role: 'user', content: `Question ${k}` }],
});
// An agent loop: each call repeats the history and adds a turn; the third line is a Batch line.
const LOOP = [
  request(1, []),
  request(2, ['Question 1', 'Answer 1']),
  JSON.stringify({ custom_id: 'r3', method: 'POST', url: '/v1/chat/completions', body: JSON.parse(request(3, ['Question 1', 'Answer 1', 'Question 2', 'Answer 2'])) }),
].join('\n') + '\n';

const server = await serve(distDir);
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'en-US' });
const pageErrors = [];
async function fresh() {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(`${app}?demo=custom&lang=en`);
  await page.waitForSelector('main[data-demo="custom"] .pe-message');
  await page.waitForFunction(() => localStorage.getItem('prompt-envelope.crashed') === null);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto(`${app}?demo=custom&lang=en`);
  await page.waitForSelector('main[data-demo="custom"] .pe-message');
  return page;
}
const open = (page, name, text) => page.locator('[data-testid="open-file"]')
  .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
const list = (page) => page.locator('[data-testid="request-list"]');
const chosen = (page) => list(page).locator('[role="option"][aria-selected="true"]');
async function waitShown(page, text) {
  await page.waitForFunction((wanted) => {
    const messages = document.querySelectorAll('main[data-demo="custom"] .pe-message');
    return messages[messages.length - 1]?.innerText.includes(wanted);
  }, text);
}

await test('a JSON Lines file of requests shows the list, the last chosen and shown', async () => {
  const page = await fresh();
  await open(page, 'calls.jsonl', LOOP);
  await list(page).waitFor();
  const rows = list(page).locator('[role="option"]');
  assertEqual(await rows.count(), 3, 'one row per request');
  assertEqual(await chosen(page).getAttribute('data-number'), '3', 'the last is chosen first');
  await waitShown(page, 'Question 3');
  const heading = await page.locator('[data-testid="requests"] h2').innerText();
  assert(heading.includes('3 requests'), heading);
  const third = await rows.nth(2).innerText();
  assert(third.includes('OpenAI Chat') && third.includes('gpt-4o') && third.includes('≈'), third);
  // The history grew by one turn: everything of request 2 is reusable, the break is where
  // request 3 goes on (its answer 2, messages[4]).
  const cache = await rows.nth(2).getAttribute('aria-label');
  assert(/reusable · broke at messages\[4\]/.test(cache), `cache cell: ${cache}`);
  assert((await rows.nth(0).innerText()).includes('(first)'), 'the first has no previous');
  const editor = await page.inputValue('[data-testid="editor"]');
  assert(editor.includes('"version": "1.0"') && editor.includes('Question 3'), 'the editor holds request 3');
  // What its import said, as for one request opened alone.
  await page.waitForFunction(() => document.querySelector('[data-testid="import-notice"]')?.innerText.includes('OpenAI Chat request'));
  const notice = await page.locator('[data-testid="import-notice"]').innerText();
  assert(notice.includes('OpenAI Chat request') && notice.includes('6 messages'), `notice: ${notice}`);
  await page.close();
});

await test('a row is chosen by click, and by the keys of a listbox', async () => {
  const page = await fresh();
  await open(page, 'calls.jsonl', LOOP);
  await list(page).waitFor();
  await list(page).locator('[role="option"][data-number="1"]').click();
  await waitShown(page, 'Question 1');
  assertEqual(await chosen(page).getAttribute('data-number'), '1', 'clicked row chosen');
  await list(page).focus();
  await page.keyboard.press('End');
  assertEqual(await list(page).getAttribute('aria-activedescendant'), 'pe-request-2', 'End moves to the last');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await waitShown(page, 'Question 2');
  assertEqual(await chosen(page).getAttribute('data-number'), '2', 'Enter chooses the active row');
  await page.close();
});

await test('Compare with previous opens the compare view on two neighbours', async () => {
  const page = await fresh();
  await open(page, 'calls.jsonl', LOOP);
  await list(page).waitFor();
  await waitShown(page, 'Question 3');
  await page.click('[data-testid="compare-previous"]');
  await page.locator('[data-testid="diff-summary"]').waitFor();
  const names = await page.locator('[data-testid="compare-names"]').innerText();
  assert(names.includes('Request 2') && names.includes('Request 3'), names);
  const report = await page.locator('[data-testid="compare-view"]').innerText();
  assert(report.includes('messages[4]'), `the cache breaks where request 3 goes on: ${report.slice(0, 600)}`);
  await page.click('[data-testid="compare-close"]');
  await list(page).waitFor();
  // The first row has no previous.
  await list(page).locator('[role="option"][data-number="1"]').click();
  await waitShown(page, 'Question 1');
  assert(await page.locator('[data-testid="compare-previous"]').isDisabled(), 'disabled on the first');
  await page.close();
});

await test('an OTLP trace of several GenAI spans lists its spans, with their times', async () => {
  const page = await fresh();
  const trace = await readFile(join(fixtures, 'otel-many', 'spec-weather-tool-loop.json'));
  await page.locator('[data-testid="open-file"]').setInputFiles({ name: 'trace.json', mimeType: 'application/json', buffer: trace });
  await list(page).waitFor();
  const rows = list(page).locator('[role="option"]');
  assertEqual(await rows.count(), 2, 'two chat spans (the tool span is none)');
  const last = await rows.nth(1).innerText();
  assert(last.includes('OpenTelemetry GenAI') && last.includes('gpt-4') && /20\d\d-\d\d-\d\d/.test(last), last);
  assertEqual(await chosen(page).getAttribute('data-number'), '2', 'the last span chosen');
  await page.close();
});

await test('pasted, a file of many requests shows its list; Undo takes it away', async () => {
  const page = await fresh();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, LOOP);
  await list(page).waitFor();
  await waitShown(page, 'Question 3');
  await page.click('[data-testid="undo"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="request-list"]'));
  assert(!(await page.inputValue('[data-testid="editor"]')).includes('Question 3'), 'the text before is back');
  // Shown again once the edit's pause is over.
  await page.waitForFunction(() => {
    const messages = document.querySelectorAll('main[data-demo="custom"] .pe-message');
    return messages.length > 0 && !messages[messages.length - 1].innerText.includes('Question 3');
  });
  await page.close();
});

await test('dropped on the page, a trace of many spans shows its list', async () => {
  const page = await fresh();
  const trace = await readFile(join(fixtures, 'otel-many', 'pydantic-ai-joke-tools.json'), 'utf8');
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'trace.json', { type: 'application/json' }));
    return data;
  }, trace);
  await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  await list(page).waitFor();
  assertEqual(await list(page).locator('[role="option"]').count(), 4, 'four chat spans');
  assertEqual(await chosen(page).getAttribute('data-number'), '4', 'the last chosen');
  await page.close();
});

await test('a long list draws only the rows in view, and keys reach its end', async () => {
  const page = await fresh();
  const many = Array.from({ length: 400 }, (_, k) => request(k + 1, [])).join('\n');
  await open(page, 'many.jsonl', many);
  await list(page).waitFor();
  await waitShown(page, 'Question 400');
  const drawn = await list(page).locator('[role="option"]').count();
  assert(drawn > 0 && drawn <= 24, `${drawn} rows drawn of 400`);
  assertEqual(await list(page).locator('[role="option"]').first().getAttribute('aria-setsize'), '400', 'set size');
  await list(page).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await waitShown(page, 'Question 1');
  assertEqual(await chosen(page).getAttribute('data-number'), '1', 'the first, chosen by keys');
  await page.close();
});

await test('no page errors', async () => {
  assertEqual(pageErrors.join('\n'), '', 'page errors');
});

await browser.close();
server.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`requests e2e: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
