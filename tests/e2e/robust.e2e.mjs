// Robustness end-to-end test in headless Debian Chromium (playwright-core, no downloaded
// browser): the Content-Security-Policy is in force, and a panic never leaves a dead page.
// Usage: node tests/e2e/robust.e2e.mjs RELEASE_DIST_DIR DEBUG_DIST_DIR
// The panic checks need a debug build (`trunk build --dist DEBUG_DIST_DIR`): only there does
// `?panic-test` arm src/panic_probe.rs; the release checks prove it is absent from dist/.
import { chromium } from 'playwright-core';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, MOUNT } from './server.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir, debugDir] = process.argv.slice(2);
if (!distDir || !debugDir) {
  console.error('usage: robust.e2e.mjs RELEASE_DIST_DIR DEBUG_DIST_DIR');
  process.exit(2);
}
const DEMOS = ['a', 'b', 'c', 'd', 'f', 'e'];
const TRIGGER = '__panic_test__';


const release = await serve(distDir);
const debug = await serve(debugDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});

// Each page records its CSP violations (from before any page script runs) and console errors.
async function newPage(context) {
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  return page;
}
const violations = (page) => page.evaluate(() => window.__csp);
const fresh = () => browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
const envelope = (text) => JSON.stringify({
  version: '1.0',
  messages: [{ id: 'm1', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: text }] }],
}, null, 2);

// ---- The builds themselves ----

async function wasmOf(dir, name) {
  // The page's wasm (`prompt-envelope…`) or the lazy module's (`pep-lazy`, which renders Your
  // envelope); the worker's, pep-worker_bg.wasm, holds no page code.
  const file = (await readdir(dir)).find((f) => f.startsWith(name) && f.endsWith('_bg.wasm'));
  return file ? readFile(join(dir, file)) : Buffer.alloc(0);
}
await test('the release wasms have the crash hook and no panic probe; the debug ones have both', async () => {
  // A shared CARGO_TARGET_DIR can hand out another checkout's newer build: say so plainly.
  const stale = 'not built from this tree? (a shared CARGO_TARGET_DIR can hold another checkout\'s newer build)';
  for (const name of ['prompt-envelope', 'pep-lazy']) {
    const releaseWasm = await wasmOf(distDir, name);
    const debugWasm = await wasmOf(debugDir, name);
    assert(releaseWasm.includes('prompt-envelope.crashed'), `release ${name} wasm lacks src/platform/crash.rs: ${stale}`);
    assert(!releaseWasm.includes(TRIGGER) && !releaseWasm.includes('pe-panic-test'), `the release ${name} wasm contains the panic probe`);
    assert(debugWasm.includes('prompt-envelope.crashed'), `debug ${name} wasm lacks src/platform/crash.rs: ${stale}`);
  }
  // The page listens for the probe's event; Your envelope's render (the lazy module) checks its text.
  assert((await wasmOf(debugDir, 'prompt-envelope')).includes('pe-panic-test'), `the debug page wasm lacks the probe's listener: ${stale}`);
  assert((await wasmOf(debugDir, 'pep-lazy')).includes(TRIGGER), `the debug lazy wasm lacks the render probe: ${stale}`);
});

// ---- Content-Security-Policy (release dist/) ----

await test('dist/index.html carries the CSP meta first in <head>, with the loader script\'s hash', async () => {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/);
  assert(meta, 'no CSP meta');
  const policy = meta[1];
  for (const directive of ["default-src 'none'", "style-src 'self'", "connect-src 'self'",
    "worker-src 'self'", "base-uri 'none'", "form-action 'none'", "img-src 'self' data: https: http:"]) {
    assert(policy.includes(directive), `policy lacks ${directive}: ${policy}`);
  }
  assert(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/.test(policy), `script-src: ${policy}`);
  assert(!/unsafe-inline|unsafe-eval'|\*/.test(policy.replace("'wasm-unsafe-eval'", '')), `too wide: ${policy}`);
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, a]) => !/\ssrc=/.test(a));
  assert(inline.length >= 1, 'Trunk\'s inline loader script');
  for (const [, , body] of inline) {
    const hash = createHash('sha256').update(body, 'utf8').digest('base64');
    assert(policy.includes(`'sha256-${hash}'`), `inline script hash ${hash} not in policy`);
  }
  assert(html.indexOf('Content-Security-Policy') < html.indexOf('<script'), 'policy before every script');
  assert(html.indexOf('Content-Security-Policy') < html.indexOf('<link'), 'policy before every link');
});

await test('all six demos and Your envelope run under the CSP: zero violations, zero console errors', async () => {
  const context = await fresh();
  const page = await newPage(context);
  for (const demo of [...DEMOS, 'custom']) {
    await page.goto(`${release.url}${MOUNT}?demo=${demo}`);
    await page.waitForSelector('[data-testid="export-openai"]');
    await page.click('[data-testid="expand-all"]');
    // Nested L2 bodies, schemas and parsed documents render markdown too.
    const nested = page.locator('.pe-link-button[aria-expanded="false"]');
    for (let i = await nested.count(); i > 0; i--) await nested.first().click();
    assertEqual(JSON.stringify(await violations(page)), '[]', `CSP violations on demo ${demo}`);
  }
  // The image of demo D is one of the app's own files.
  await page.goto(`${release.url}${MOUNT}?demo=d`);
  await page.waitForSelector('.pe-media__image');
  assert(await page.locator('.pe-media__image').evaluate((img) => img.complete && img.naturalWidth > 0), 'cat.svg');
  assertEqual(page.errors.join('\n'), '', 'console errors');
  await context.close();
});

await test('copy without the async clipboard (the text-area fallback) breaks no CSP rule', async () => {
  const context = await fresh();
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
  });
  const page = await newPage(context);
  await page.goto(`${release.url}${MOUNT}?demo=a`);
  await page.waitForSelector('[data-testid="export-openai"]');
  await page.click('[data-testid="copy"]');
  await page.waitForTimeout(200);
  assertEqual(JSON.stringify(await violations(page)), '[]', 'CSP violations');
  assertEqual(await page.locator('textarea.pe-offscreen').count(), 0, 'helper text area removed');
  await context.close();
});

// (eval is not tried here: code that playwright evaluates through DevTools is exempt from the
// page's CSP for eval; the policy test above proves there is no 'unsafe-eval'.)
await test('an injected inline script, a foreign script and an inline style are blocked and reported', async () => {
  const context = await fresh();
  const page = await newPage(context);
  await page.goto(`${release.url}${MOUNT}?demo=b`);
  await page.waitForSelector('[data-testid="export-openai"]');
  const outcome = await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__injected = "inline ran";';
    document.head.append(inline);
    const foreign = document.createElement('script');
    foreign.src = 'https://evil.example/x.js';
    document.head.append(foreign);
    const styled = document.createElement('p');
    styled.setAttribute('style', 'color: rgb(255, 0, 0)');
    document.body.append(styled);
    const color = getComputedStyle(styled).color;
    styled.remove();
    return { injected: window.__injected ?? null, color };
  });
  assertEqual(outcome.injected, null, 'inline script did not run');
  assert(outcome.color !== 'rgb(255, 0, 0)', 'inline style attribute not applied');
  await page.waitForFunction(() => window.__csp.length >= 3);
  const seen = await violations(page);
  const has = (directive, blocked) => seen.some((v) => v.directive === directive && v.blocked.startsWith(blocked));
  assert(has('script-src-elem', 'inline'), `inline script reported: ${JSON.stringify(seen)}`);
  assert(has('script-src-elem', 'https://evil.example/x.js'), `foreign script reported: ${JSON.stringify(seen)}`);
  assert(has('style-src-attr', 'inline'), `inline style reported: ${JSON.stringify(seen)}`);
  await context.close();
});

await test('release builds have no panic probe: ?panic-test renders the trigger text normally', async () => {
  const context = await fresh();
  const page = await newPage(context);
  await page.goto(`${release.url}${MOUNT}?demo=custom&lang=en&panic-test`);
  await page.waitForSelector('[data-testid="export-openai"]');
  await page.fill('[data-testid="editor"]', envelope(`release ${TRIGGER}`));
  await page.waitForFunction((t) => document.querySelector('[data-testid="export-openai"]')?.textContent.includes(t), TRIGGER);
  await page.evaluate(() => dispatchEvent(new Event('pe-panic-test')));
  await page.waitForTimeout(300);
  assertEqual(await page.locator('[data-testid="crash-panel"]').count(), 0, 'no crash panel');
  assertEqual(page.errors.join('\n'), '', 'console errors');
  await context.close();
});

await test('a wasm trap that bypasses the panic hook still gets the panel (src/platform/js/recover.js)', async () => {
  const context = await fresh();
  const page = await newPage(context);
  await page.goto(`${release.url}${MOUNT}?demo=custom&lang=en`);
  await page.waitForSelector('[data-testid="export-openai"]');
  const text = envelope('typed just before the trap');
  await page.fill('[data-testid="editor"]', text);
  await page.evaluate(() => setTimeout(() => { throw new WebAssembly.RuntimeError('unreachable (simulated trap)'); }));
  await page.waitForSelector('[data-testid="crash-panel"][role="alert"]');
  assert((await page.textContent('[data-testid="crash-message"]')).includes('simulated trap'), 'message shown');
  assertEqual(await page.evaluate(() => localStorage.getItem('prompt-envelope.custom')), text, 'text saved');
  await page.click('[data-testid="crash-reload"]');
  await page.waitForSelector('[data-testid="safe-mode"][role="alert"]');
  assertEqual(await page.inputValue('[data-testid="editor"]'), text, 'text restored');
  assertEqual(JSON.stringify(await violations(page)), '[]', 'CSP violations');
  await context.close();
});

// ---- Panics (debug build, ?panic-test) ----

await test('a panic while rendering: panel with the message, Reload restores the text in safe mode', async () => {
  const context = await fresh();
  const page = await newPage(context);
  const url = `${debug.url}${MOUNT}?demo=custom&lang=en&panic-test`;
  await page.goto(url);
  await page.waitForSelector('[data-testid="export-openai"]');
  const crashing = envelope(`this text makes the debug build panic: ${TRIGGER}`);
  await page.fill('[data-testid="editor"]', crashing);
  await page.waitForSelector('[data-testid="crash-panel"][role="alert"]');
  const message = await page.textContent('[data-testid="crash-message"]');
  assert(message.includes(`panic test: the envelope contains ${TRIGGER}`), `panic message shown: ${message}`);
  assert(message.includes('panic_probe.rs'), `panic location shown: ${message}`);
  assert(page.errors.some((e) => e.includes('panic test: the envelope contains')), 'panic still logged to the console');
  assertEqual(await page.getAttribute('.pe-app', 'inert'), '', 'the dead page is inert');
  assertEqual(await page.evaluate(() => document.activeElement?.dataset.testid), 'crash-reload', 'Reload focused');
  await page.screenshot({ path: join(process.env.SHOT_DIR ?? '/tmp', 'crash-panel.png') });

  await page.click('[data-testid="crash-reload"]');
  await page.waitForSelector('[data-testid="safe-mode"][role="alert"]');
  assertEqual(await page.inputValue('[data-testid="editor"]'), crashing, 'editor text restored');
  assertEqual(await page.locator('[data-testid="export-openai"]').count(), 0, 'the envelope is not rendered');
  assertEqual(await page.locator('[data-testid="crash-panel"]').count(), 0, 'no panel after Reload');

  // Render anyway really renders it: the same panic, the same panel.
  await page.click('[data-testid="render-anyway"]');
  await page.waitForSelector('[data-testid="crash-panel"]');
  await page.click('[data-testid="crash-reload"]');
  await page.waitForSelector('[data-testid="safe-mode"]');

  // Editing ends safe mode; a render that finishes clears the marker for the next visit.
  const fixed = envelope('fixed');
  await page.fill('[data-testid="editor"]', fixed);
  await page.waitForFunction(() => document.querySelector('[data-testid="export-openai"]')?.textContent.includes('fixed'));
  await page.waitForFunction(() => localStorage.getItem('prompt-envelope.crashed') === null);
  await page.reload();
  await page.waitForSelector('[data-testid="export-openai"]');
  assertEqual(await page.locator('[data-testid="safe-mode"]').count(), 0, 'no safe mode after a good render');
  assertEqual(await page.inputValue('[data-testid="editor"]'), fixed, 'text kept');
  assertEqual(JSON.stringify(await violations(page)), '[]', 'CSP violations');
  await context.close();
});

await test('a panic in an event handler right after typing keeps the text not yet saved', async () => {
  const context = await fresh();
  const page = await newPage(context);
  await page.goto(`${debug.url}${MOUNT}?demo=custom&lang=en&panic-test`);
  await page.waitForSelector('[data-testid="export-openai"]');
  const typed = '{ "typed": "within the 250 ms before the editor saves", oops';
  await page.fill('[data-testid="editor"]', typed);
  // dispatchEvent runs the listener, the panic and its hook synchronously: the storage is read
  // before the editor's own save could have run.
  const stored = await page.evaluate(() => {
    dispatchEvent(new Event('pe-panic-test'));
    return localStorage.getItem('prompt-envelope.custom');
  });
  assertEqual(stored, typed, 'the panic hook saved the editor text');
  await page.waitForSelector('[data-testid="crash-panel"]');
  assert((await page.textContent('[data-testid="crash-message"]')).includes('pe-panic-test event'), 'message');
  await page.click('[data-testid="crash-reload"]');
  await page.waitForSelector('[data-testid="safe-mode"]');
  assertEqual(await page.inputValue('[data-testid="editor"]'), typed, 'editor text restored');
  await context.close();
});

await test('a panic on a demo page shows the panel too, and Reload brings the demo back', async () => {
  const context = await fresh();
  const page = await newPage(context);
  await page.goto(`${debug.url}${MOUNT}?demo=b&lang=zh&panic-test`);
  await page.waitForSelector('[data-testid="export-openai"]');
  await page.evaluate(() => dispatchEvent(new Event('pe-panic-test')));
  await page.waitForSelector('[data-testid="crash-panel"]');
  assert((await page.textContent('.pe-crash__title')).includes('页面出错了'), 'Chinese panel');
  assertEqual(await page.evaluate(() => localStorage.getItem('prompt-envelope.crashed')), null, 'no marker for a demo');
  await page.click('[data-testid="crash-reload"]');
  await page.waitForSelector('main[data-demo="b"] [data-testid="export-openai"]');
  await context.close();
});

await browser.close();
release.close();
debug.close();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`robust e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
