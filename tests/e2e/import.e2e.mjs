// End-to-end test of getting a conversation in (issues 8, 14): an OpenAI Chat, OpenAI
// Responses, Anthropic or MCP request, OpenTelemetry GenAI data (an OTLP trace), or a Claude
// Code or Codex session log, opened as a file, dropped on the page or pasted anywhere
// is recognised, imported into Your envelope with its warnings, and undoable; an oversized
// paste replaces nothing.
// Usage: node tests/e2e/import.e2e.mjs DIST_DIR
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: import.e2e.mjs DIST_DIR');
  process.exit(2);
}
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'import');
const CASES = [
  ['openai', 'function-calling-results.json', 'OpenAI Chat request'],
  ['anthropic', 'tool-use.json', 'Anthropic request'],
  ['mcp', 'prompts-get-response.json', 'MCP request'],
  ['responses', 'reasoning-items.json', 'OpenAI Responses request'],
  ['claude-code', 'v1-0-98-parallel-tool-calls.jsonl', 'Claude Code session log'],
  ['codex', 'cli-0-46-prefix-shell-calls.jsonl', 'Codex session log'],
  ['otel', 'otlp-openai-v2-tool-call.json', 'OpenTelemetry GenAI request'],
  ['gemini', 'function-call-role-function-openapi-types.json', 'Gemini request'],
  ['gemini-cli', 'legacy-2025-10-string-content-write-file.json', 'Gemini CLI session log'],
  ['gemini-cli', 'jsonl-checkpoint-masking-sync.jsonl', 'Gemini CLI session log'],
];
const server = await serve(distDir);
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'en-US', acceptDownloads: true });
const pageErrors = [];
async function fresh(query) {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${app}${query}`);
  // Let the first render finish (its crash marker is cleared then), or the reload below would
  // come up in safe mode; then start from an empty storage.
  await page.waitForSelector('[data-testid="export-openai"]');
  await page.waitForFunction(() => localStorage.getItem('prompt-envelope.crashed') === null);
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await page.goto(`${app}${query}`);
  await page.waitForSelector('[data-testid="export-openai"]');
  return page;
}
const notice = (page) => page.locator('[data-testid="import-notice"]');
// The notice shows at once ("replaced … Undo"); what was recognised joins it when the worker
// has imported the text: wait for that (up to 10 s), then read it.
async function noticeSaying(page, said) {
  await notice(page).waitFor();
  await page.waitForFunction((text) => document.querySelector('[data-testid="import-notice"]')?.textContent.includes(text), said, { timeout: 10000 }).catch(() => {});
  return notice(page).textContent();
}

await test('a request opened as a file is recognised and imported, with its warnings', async () => {
  for (const [format, file, said] of CASES) {
    const page = await fresh('?demo=custom&lang=en');
    const body = await readFile(join(fixtures, format, file));
    await page.locator('[data-testid="open-file"]').setInputFiles({ name: file, mimeType: 'application/json', buffer: body });
    const text = await noticeSaying(page, said);
    assert(text.includes(said) && /\d+ messages?/.test(text), `${format}: ${text}`);
    const editor = await page.inputValue('[data-testid="editor"]');
    assert(editor.includes('"version": "1.0"'), `${format}: the editor holds the imported envelope`);
    await page.waitForFunction(() => document.querySelector('main[data-demo="custom"] [data-testid="validation-issues"]') !== null
      || document.querySelector('main[data-demo="custom"] .pe-message') !== null);
    const errors = await page.locator('main[data-demo="custom"] .pe-issues--errors').count();
    assertEqual(errors, 0, `${format}: the imported envelope has no errors`);
    await page.close();
  }
});

await test('a file of each format dropped on the page is imported', async () => {
  for (const [format, file, said] of CASES) {
    const page = await fresh('?demo=b&lang=en');
    const body = await readFile(join(fixtures, format, file), 'utf8');
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'request.json', { type: 'application/json' }));
      return data;
    }, body);
    await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer });
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
    await page.waitForSelector('main[data-demo="custom"]');
    assert((await noticeSaying(page, said)).includes(said), `${format} dropped and recognised`);
    await page.close();
  }
});

await test('a request of each format pasted outside a text field is imported', async () => {
  for (const [format, file, said] of CASES) {
    const page = await fresh('?demo=c&lang=en');
    const body = await readFile(join(fixtures, format, file), 'utf8');
    await page.evaluate((t) => {
      const data = new DataTransfer();
      data.setData('text', t);
      document.querySelector('.pe-chat').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, body);
    await page.waitForSelector('main[data-demo="custom"]');
    assert((await noticeSaying(page, said)).includes(said), `${format} pasted and recognised`);
    await page.close();
  }
});

await test('a file dropped on a demo page goes to Your envelope; Undo brings the old text back', async () => {
  const page = await fresh('?demo=b&lang=en');
  await page.evaluate(() => localStorage.setItem('prompt-envelope.custom', '{"version":"1.0","messages":[]}'));
  const body = (await readFile(join(fixtures, 'anthropic', 'tool-use.json'), 'utf8'));
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'request.json', { type: 'application/json' }));
    return data;
  }, body);
  await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  await page.waitForSelector('main[data-demo="custom"]');
  assert((await noticeSaying(page, 'Anthropic request')).includes('Anthropic request'), 'recognised');
  await page.click('[data-testid="undo"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="editor"]').value === '{"version":"1.0","messages":[]}');
  await page.close();
});

await test('paste outside a text field loads the clipboard; an oversized paste replaces nothing', async () => {
  const page = await fresh('?demo=custom&lang=en');
  const before = await page.inputValue('[data-testid="editor"]');
  const body = await readFile(join(fixtures, 'openai', 'chat-default.json'), 'utf8');
  const paste = (text) => page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text', t);
    document.querySelector('.pe-chat').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, text);
  await paste(body);
  assert((await noticeSaying(page, 'OpenAI Chat request')).includes('OpenAI Chat request'), 'pasted request recognised');
  const imported = await page.inputValue('[data-testid="editor"]');
  assert(imported !== before && imported.includes('"version": "1.0"'), 'editor replaced by the import');
  // Over 50 MiB: refused with an alert, the text stays.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text', 'x'.repeat(50 * 1024 * 1024 + 1));
    document.querySelector('.pe-chat').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  await page.waitForSelector('[data-testid="file-error"][role="alert"]');
  assertEqual(await page.inputValue('[data-testid="editor"]'), imported, 'nothing replaced');
  // Typing into the editor is not an import.
  await page.focus('[data-testid="editor"]');
  await page.keyboard.type(' ');
  assert((await page.inputValue('[data-testid="editor"]')).startsWith(imported.slice(0, 50)), 'typing stays typing');
  await page.close();
});

await test('when the browser will not store the text, a notice says so and offers Download', async () => {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // A full storage: every write throws, as Chromium's does past its 5 MB.
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await page.goto(`${app}?demo=custom&lang=en`);
  await page.waitForSelector('[data-testid="editor"]');
  await page.fill('[data-testid="editor"]', '{"version":"1.0","messages":[]}');
  await page.waitForSelector('[data-testid="storage-notice"][role="status"]');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="storage-download"]')]);
  assertEqual(download.suggestedFilename(), 'envelope.json', 'download offered');
  await page.close();
});

await test('a large envelope is saved in parts after the paint, and comes back on the next visit', async () => {
  const page = await fresh('?demo=custom&lang=en');
  // About 0.6 MB: over one part (256 KiB), still in the text box; non-ASCII text across the
  // parts' cuts.
  const messages = Array.from({ length: 600 }, (_, i) => ({ id: `m${i}`, role: 'user', timestamp: i,
    segments: [{ kind: 'text', content: `第 ${i} 条消息 — ${'日志 '.repeat(120)}` }] }));
  const text = JSON.stringify({ version: '1.0', messages }, null, 2);
  await page.locator('[data-testid="open-file"]').setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => localStorage.getItem('prompt-envelope.custom.parts') !== null, null, { timeout: 10_000 });
  const stored = await page.evaluate(() => {
    const parts = Number(localStorage.getItem('prompt-envelope.custom.parts'));
    return { parts, whole: localStorage.getItem('prompt-envelope.custom'),
      text: Array.from({ length: parts }, (_, i) => localStorage.getItem(`prompt-envelope.custom.${i}`)).join('') };
  });
  assert(stored.parts > 1, `saved in ${stored.parts} parts`);
  assertEqual(stored.whole, null, 'no text in one piece next to the parts');
  assertEqual(stored.text, text, 'the parts are the text');
  // Let the render's crash marker clear (a reload before is a render that did not finish,
  // which opens in safe mode), then come back.
  await page.waitForFunction(() => localStorage.getItem('prompt-envelope.crashed') === null);
  await page.reload();
  await page.waitForSelector('main[data-demo="custom"] .pe-message');
  assertEqual(await page.inputValue('[data-testid="editor"]'), text, 'the same text after a reload');
  // A small text afterwards is one piece again, and the parts are gone.
  await page.fill('[data-testid="editor"]', '{"version":"1.0","messages":[]}');
  await page.waitForFunction(() => localStorage.getItem('prompt-envelope.custom') === '{"version":"1.0","messages":[]}');
  assertEqual(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('prompt-envelope.custom.')).length), 0, 'parts removed');
  await page.close();
});

await test('Edit a copy opens a demo in Your envelope, undoably', async () => {
  const page = await fresh('?demo=b&lang=en');
  await page.click('[data-testid="edit-copy"]');
  await page.waitForSelector('main[data-demo="custom"]');
  assert((await page.inputValue('[data-testid="editor"]')).includes('search_papers'), 'demo B in the editor');
  assertEqual(await page.locator('[data-testid="undo"]').count(), 1, 'undo offered');
  await page.close();
});

await test('no page errors', async () => {
  assertEqual(pageErrors.join('\n'), '', 'page errors');
});

await browser.close();
server.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`import e2e: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
