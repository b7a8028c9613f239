// End-to-end test of reading aids (DECISIONS §15, issue 24) in headless Debian Chromium: the
// panel's wrap switch (long lines wrap, no sideways scroll, remembered; a windowed export stays
// windowed and linked while wrapped), a browser that denies storage (everything works, nothing
// is remembered), Escape leaving presenter mode, `?` opening the keyboard shortcuts (a modal
// dialog from the lazy module; Escape closes it and gives focus back), and the presenter
// switch's icon drawn in SVG. Everything by keyboard where a reader would use it.
// Usage: node tests/e2e/reading.e2e.mjs DIST_DIR
import { chromium } from 'playwright-core';
import { deflateRawSync } from 'node:zlib';
import { serve, MOUNT } from './server.mjs';
import { axeViolations } from './axe.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: reading.e2e.mjs DIST_DIR');
  process.exit(2);
}

const server = await serve(distDir);
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const consoleErrors = [];

/** An envelope of `count` user messages after a system prompt of one long line. */
function envelope(count, promptChars = 900) {
  const words = 'the model reads every segment of its context and this line is long on purpose ';
  const prompt = words.repeat(Math.ceil(promptChars / words.length)).slice(0, promptChars);
  const messages = [{ id: 'sys', role: 'system', timestamp: 1780000000000,
    segments: [{ kind: 'system_prompt', content: prompt, collapsed: false }] }];
  for (let i = 1; i <= count; i++) {
    messages.push({ id: `u${i}`, role: 'user', timestamp: 1780000000000 + i * 1000,
      segments: [{ kind: 'text', content: `message ${i}: ${words.repeat(3)}` }] });
  }
  return JSON.stringify({ version: '1.0', model: 'gpt-4o', messages });
}

/** A share link of `text` (DECISIONS §8: base64url of raw DEFLATE). */
const shareLink = (text, query = '?lang=en') =>
  `${query}#envelope=${deflateRawSync(Buffer.from(text)).toString('base64url')}`;

async function newContext(options = {}) {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...options });
}

async function open(context, query) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`${query.slice(0, 80)}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleErrors.push(`${query.slice(0, 80)}: ${e.message}`));
  await page.goto(`${app}${query}`);
  await page.waitForSelector('.pe-tabpanel:not([hidden]) [data-testid="export-openai"]');
  return page;
}

const OPENAI = '#pe-tabpanel-openai [data-testid="export-openai"]';

/** Whether the open tab's JSON box scrolls sideways: the `pre` of a small text, the box of a windowed one. */
const overflows = (page) => page.locator(OPENAI).evaluate((element) => {
  const box = element.closest('.pe-json') ?? element;
  return box.scrollWidth > box.clientWidth + 1;
});

const pressed = (page) => page.getAttribute('[data-testid="wrap-switch"]', 'aria-pressed');

await test('the wrap switch: a long line wraps, nothing scrolls sideways, the text is the same, and it is remembered', async () => {
  const context = await newContext();
  const link = shareLink(envelope(3));
  const page = await open(context, link);
  assertEqual(await pressed(page), 'false', 'lines do not wrap by default');
  assert(await overflows(page), 'the long system prompt scrolls sideways at first');
  const before = await page.locator(OPENAI).textContent();
  // By keyboard: focus the switch and press Space.
  await page.focus('[data-testid="wrap-switch"]');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('[data-testid="wrap-switch"]')?.getAttribute('aria-pressed') === 'true');
  assert(!(await overflows(page)), 'wrapped, nothing scrolls sideways');
  assertEqual(await page.locator(OPENAI).textContent(), before, 'the text (Copy, find-in-page) is unchanged');
  // Remembered: a reload, and the page's own demo (the other wasm's panel), start wrapped.
  await page.reload();
  await page.waitForSelector(OPENAI);
  assertEqual(await pressed(page), 'true', 'remembered after a reload');
  assert(!(await overflows(page)), 'still wrapped after the reload');
  // Your envelope (the lazy module's panel): turned off there, a demo of the same page follows.
  const mine = await open(context, '?demo=custom&lang=en');
  await mine.waitForSelector('[data-testid="editor"]');
  assertEqual(await pressed(mine), 'true', 'Your envelope starts wrapped');
  await mine.click('[data-testid="wrap-switch"]');
  await mine.click('.pe-demo-button[data-demo="a"]');
  await mine.waitForFunction(() => !document.querySelector('[data-testid="editor"]'));
  await mine.waitForSelector(OPENAI);
  assertEqual(await pressed(mine), 'false', 'the demo follows what Your envelope chose');
  await mine.click('[data-testid="wrap-switch"]');
  const demo = await open(context, '?demo=b&lang=en');
  assertEqual(await pressed(demo), 'true', 'the demo page remembers it too');
  await demo.click('[data-testid="wrap-switch"]');
  assertEqual(await pressed(demo), 'false', 'and it switches back');
  await context.close();
});

await test('wrapped, a 1,500-message export stays windowed, reaches its last line and stays linked', async () => {
  const context = await newContext();
  const page = await open(context, shareLink(envelope(1500)));
  const box = page.locator(OPENAI);
  assert(await box.evaluate((element) => element.classList.contains('pe-json--windowed')), 'the export is windowed');
  // Scrolled into the middle first: turning wrap on keeps the line at the top in view. Each
  // wait polls for its state (a loaded machine takes longer), and says what it saw if never.
  await box.evaluate((element) => { element.scrollTop = 18 * 3000; });
  const firstInView = (element) => {
    const top = element.getBoundingClientRect().top;
    const line = [...element.querySelectorAll('.pe-json__line')].find((l) => l.getBoundingClientRect().bottom > top + 1);
    return Number(line?.dataset.line ?? -1);
  };
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    const top = element.getBoundingClientRect().top;
    const line = [...element.querySelectorAll('.pe-json__line')].find((l) => l.getBoundingClientRect().bottom > top + 1);
    return Number(line?.dataset.line ?? -1) > 2500;
  }, OPENAI, { timeout: 10_000 }).catch(() => {});
  const topLine = await box.evaluate(firstInView);
  assert(topLine > 2500, `scrolled to the middle: line ${topLine}`);
  await page.click('[data-testid="wrap-switch"]');
  const lineInView = (element, n) => {
    const line = element?.querySelector(`.pe-json__line[data-line="${n}"]`);
    if (!line) return false;
    const a = line.getBoundingClientRect();
    const b = element.getBoundingClientRect();
    return a.bottom > b.top && a.top < b.bottom;
  };
  const wrapped = (element) => Boolean(element?.closest('.pe-panel--wrap'))
    && [...element.querySelectorAll('.pe-json__line')].some((line) => line.getBoundingClientRect().height > 20);
  await page.waitForFunction(([selector, n]) => {
    const element = document.querySelector(selector);
    const line = element?.querySelector(`.pe-json__line[data-line="${n}"]`);
    const tall = [...(element?.querySelectorAll('.pe-json__line') ?? [])].some((l) => l.getBoundingClientRect().height > 20);
    if (!line || !tall || !element.closest('.pe-panel--wrap')) return false;
    const a = line.getBoundingClientRect();
    const b = element.getBoundingClientRect();
    return a.bottom > b.top && a.top < b.bottom;
  }, [OPENAI, topLine], { timeout: 10_000 }).catch(() => {});
  assert(await box.evaluate(wrapped), 'wrapped: some lines take more than one row');
  // Said in full when it fails: where the box is scrolled, what it renders, where the line is.
  const where = (element, n) => {
    const rows = [...element.querySelectorAll('.pe-json__line')].map((l) => Number(l.dataset.line));
    const line = element.querySelector(`.pe-json__line[data-line="${n}"]`)?.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return `scrollTop ${element.scrollTop} of ${element.scrollHeight}, box ${box.top}..${box.bottom}, `
      + `lines ${rows[0]}..${rows[rows.length - 1]} rendered, line ${n} `
      + (line ? `at ${line.top}..${line.bottom}` : 'not rendered');
  };
  assert(await box.evaluate(lineInView, topLine),
    `line ${topLine}, at the top before, in view after wrapping (${await box.evaluate(where, topLine)})`);
  const shape = await box.evaluate((element) => ({
    overflow: element.scrollWidth > element.clientWidth + 1,
    rendered: element.querySelectorAll('.pe-json__line').length,
    total: Number(element.dataset.lines),
  }));
  assert(!shape.overflow, 'no sideways scroll in the windowed view');
  assert(shape.rendered < 200 && shape.total > 1000, `still windowed: ${shape.rendered} of ${shape.total} lines rendered`);
  // The end of the scroll range shows the last line (scrolled again while heights settle).
  const lastInView = () => box.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
    const last = element.querySelector(`.pe-json__line[data-line="${Number(element.dataset.lines) - 1}"]`);
    if (!last) return 'not rendered';
    const a = last.getBoundingClientRect();
    const b = element.getBoundingClientRect();
    return a.top >= b.top - 1 && a.bottom <= b.bottom + 1 ? 'in view' : `outside (${a.top}..${a.bottom} in ${b.top}..${b.bottom})`;
  });
  let end = await lastInView();
  for (let i = 0; i < 50 && end !== 'in view'; i++) {
    await page.waitForTimeout(100);
    end = await lastInView();
  }
  assertEqual(end, 'in view', 'the last line, scrolled to the end');
  // Linking: the system prompt (the first message) marks its lines and brings them into view.
  await page.locator('[data-index="0"] .pe-message__body > *').first().hover();
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    const marked = element?.querySelector('.pe-json__row--linked');
    if (!marked) return false;
    const a = marked.getBoundingClientRect();
    const b = element.getBoundingClientRect();
    return a.bottom > b.top && a.top < b.bottom;
  }, OPENAI);
  const marked = await page.locator(`${OPENAI} .pe-json__row--linked`).allTextContents();
  assert(marked.join('').includes('"system"'), `the system prompt's lines are marked: ${marked.join('').slice(0, 120)}`);
  await context.close();
});

await test('a browser that denies storage: the page works, the switch works, nothing is remembered', async () => {
  const context = await newContext();
  await context.addInitScript(() => {
    const deny = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
    Object.defineProperty(window, 'localStorage', { get: deny, configurable: true });
    Object.defineProperty(window, 'sessionStorage', { get: deny, configurable: true });
  });
  const errorsBefore = consoleErrors.length;
  const page = await open(context, '?demo=b&lang=en');
  assert(await page.evaluate(() => { try { return !localStorage; } catch { return true; } }), 'storage is denied in this page');
  await page.click('[data-testid="wrap-switch"]');
  assertEqual(await pressed(page), 'true', 'the switch works');
  await page.click('[data-testid="custom-envelope"]');
  await page.waitForSelector('[data-testid="editor"]');
  await page.reload();
  await page.waitForSelector(OPENAI);
  assertEqual(await pressed(page), 'false', 'not remembered');
  assertEqual(consoleErrors.slice(errorsBefore).join('\n'), '', 'no console errors');
  await context.close();
});

await test('Escape leaves presenter mode, by keyboard', async () => {
  const context = await newContext({ viewport: { width: 1280, height: 720 } });
  const page = await open(context, '?demo=b&present=1&lang=en');
  assertEqual(await page.locator('.pe-app--present').count(), 1, 'presenter mode is on');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.pe-app--present'));
  assertEqual(await page.getAttribute('[data-testid="present-switch"]', 'aria-pressed'), 'false', 'the switch is released');
  assert(!new URL(page.url()).searchParams.has('present'), `?present= is gone: ${page.url()}`);
  await context.close();
});

await test('Escape while Play runs stops Play only; the next Escape leaves presenter mode', async () => {
  const context = await newContext({ viewport: { width: 1280, height: 720 } });
  const page = await open(context, '?demo=f&step=1&present=1&lang=en');
  await page.click('[data-testid="step-play"]');
  assertEqual(await page.getAttribute('[data-testid="step-play"]', 'aria-pressed'), 'true', 'playing');
  await page.keyboard.press('Escape');
  assertEqual(await page.getAttribute('[data-testid="step-play"]', 'aria-pressed'), 'false', 'stopped');
  await page.waitForTimeout(200);
  assertEqual(await page.locator('.pe-app--present').count(), 1, 'still in presenter mode');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.pe-app--present'));
  await context.close();
});

await test('? opens the keyboard shortcuts; Tab stays in it; Escape closes it and focus comes back', async () => {
  const context = await newContext();
  const page = await open(context, '?demo=b&present=1&lang=en');
  await page.focus('[data-testid="wrap-switch"]');
  await page.keyboard.press('?');
  const dialog = page.locator('[data-testid="shortcuts"][role="dialog"]');
  await dialog.waitFor();
  assertEqual(await dialog.getAttribute('aria-modal'), 'true', 'a modal dialog');
  assertEqual((await page.locator('#pe-shortcuts-title').textContent()).trim(), 'Keyboard shortcuts', 'its title');
  assert(await page.locator('[data-testid="shortcuts"] kbd').count() >= 10, 'the keys are listed');
  const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="shortcuts"]')));
  assert(await inside(), 'focus moves into the dialog');
  await page.keyboard.press('Tab');
  assert(await inside(), 'Tab keeps focus in the dialog');
  await page.keyboard.press('Shift+Tab');
  assert(await inside(), 'Shift+Tab too');
  // A click on its text, then Escape: it still closes (and presenter mode stays).
  await page.click('#pe-shortcuts-title');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assertEqual(await page.locator('.pe-app--present').count(), 1, 'presenter mode stays after a click and Escape');
  await page.focus('[data-testid="wrap-switch"]');
  await page.keyboard.press('?');
  await dialog.waitFor();
  // Escape closes the dialog only: presenter mode stays on.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assertEqual(await page.locator('.pe-app--present').count(), 1, 'presenter mode is still on');
  assert(await page.evaluate(() => document.activeElement?.matches('[data-testid="wrap-switch"]')), 'focus is back on the switch');
  // In Chinese, and the Close button closes it too.
  const zh = await open(context, '?demo=b&lang=zh');
  await zh.keyboard.press('?');
  await zh.locator('[data-testid="shortcuts"]').waitFor();
  assertEqual((await zh.locator('#pe-shortcuts-title').textContent()).trim(), '键盘快捷键', 'the title in Chinese');
  await zh.keyboard.press('Enter');
  await zh.locator('[data-testid="shortcuts"]').waitFor({ state: 'detached' });
  await context.close();
});

for (const theme of ['light', 'dark']) {
  await test(`axe-core (${theme}): the wrapped panel, the shortcuts dialog in presenter mode`, async () => {
    const context = await newContext({ colorScheme: theme });
    const page = await open(context, `?demo=b&lang=en&theme=${theme}`);
    await page.click('[data-testid="wrap-switch"]');
    const problems = (await axeViolations(page)).map((line) => `wrapped: ${line}`);
    const present = await open(context, `?demo=b&lang=zh&present=1&theme=${theme}`);
    await present.keyboard.press('?');
    await present.locator('[data-testid="shortcuts"]').waitFor();
    problems.push(...(await axeViolations(present)).map((line) => `dialog: ${line}`));
    assertEqual(problems.join('\n'), '', 'axe violations');
    await context.close();
  });
}

await test('? typed in a text field is just a character', async () => {
  const context = await newContext();
  const page = await open(context, '?demo=b&lang=en');
  await page.click('[data-testid="custom-envelope"]');
  const editor = page.locator('[data-testid="editor"]');
  await editor.waitFor();
  await editor.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('?');
  await page.waitForTimeout(300);
  assertEqual(await page.locator('[data-testid="shortcuts"]').count(), 0, 'no dialog');
  assert((await editor.inputValue()).includes('?'), 'the editor took the character');
  await context.close();
});

await test('the presenter switch\'s icon is drawn in SVG, one shape per state, no font glyph', async () => {
  const context = await newContext();
  const page = await open(context, '?demo=b&lang=en');
  const icon = page.locator('[data-testid="present-switch"] .pe-present-switch__icon');
  const look = () => icon.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      mask: style.maskImage || style.webkitMaskImage,
      glyph: getComputedStyle(element, '::before').content,
      text: element.textContent,
      sized: box.width >= 12 && box.height >= 12,
    };
  });
  const off = await look();
  assert(off.mask.includes('svg'), `an SVG shape: ${off.mask.slice(0, 60)}`);
  assert(off.sized, 'the icon has its size');
  assert(off.text === '' && (off.glyph === 'none' || off.glyph === 'normal'), `no character drawn: ${off.text} ${off.glyph}`);
  await page.click('[data-testid="present-switch"]');
  await page.waitForSelector('.pe-app--present');
  const on = await look();
  assert(on.mask.includes('svg') && on.mask !== off.mask, 'pressed, the other shape');
  await context.close();
});

await test('no console errors', async () => {
  assertEqual(consoleErrors.join('\n'), '', 'console errors');
});

await browser.close();
await server.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
