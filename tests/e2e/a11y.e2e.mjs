// Accessibility end-to-end test of the built viewer (issue 8) in headless Debian Chromium:
// - axe-core (pinned in package.json) finds no violation on every demo, Your envelope, the user
//   view and embed mode, in both themes, first as the page opens and again with everything
//   unfolded (every fold, disclosure and <details> open, a variable's tooltip showing);
// - the contrast of every text, measured from its computed colours, meets WCAG AA (4.5:1, or
//   3:1 for large text and for glyphs drawn by CSS) in both themes;
// - the theme follows DECISIONS §8: ?theme= wins over the system's prefers-color-scheme, the
//   page follows live changes of the system setting while nothing was chosen, the switch keeps
//   the choice in the URL, dark means a page background of relative luminance ≤ 0.18;
// - keyboard only: Tab reaches every control (demo switcher, theme and language switches,
//   panel tabs, Copy, fold toggles, the JSON box), each with a visible focus indicator of at
//   least 3:1 against what surrounds it, and Enter / Space / arrow keys work them; in
//   presenter mode too (the switch, the note, the stepper), where the switch also leaves it.
// Usage: node tests/e2e/a11y.e2e.mjs DIST_DIR
//
// axe is injected with page.evaluate(source): the app's Content-Security-Policy (script-src
// 'self' plus the loader's hash) blocks page.addScriptTag({ content }), while DevTools-protocol
// evaluation is not subject to the page's CSP. So the policy stays in force during the audit.
import { chromium } from 'playwright-core';
import { serve, MOUNT } from './server.mjs';
import { axeViolations } from './axe.mjs';
import { results, test, assert, assertEqual } from './check.mjs';

const [distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: a11y.e2e.mjs DIST_DIR');
  process.exit(2);
}
const DEMOS = ['a', 'b', 'c', 'd', 'f', 'e'];
const THEMES = ['light', 'dark'];
// Every page audited, in both themes. `?embed=1` is the normal page where embed mode is not
// built yet: the case stays so it is audited once it is.
const PAGES = [
  ...DEMOS.map((demo) => `?demo=${demo}&lang=en`),
  '?demo=custom&lang=en',
  '?demo=f&lang=zh',
  '?demo=b&lang=en&view=user',
  '?embed=1&lang=en',
  '?embed=1&demo=b&lang=en',
  // Presenter mode (large type, no chrome), in both languages.
  '?demo=b&present=1&lang=en',
  '?demo=f&present=1&lang=zh',
  '?demo=custom&present=1&lang=en',
  // Compare (its own module), in both languages.
  '?demo=f&compare=e&lang=en',
  '?demo=b&compare=d&lang=zh',
];

const server = await serve(distDir);
const app = `${server.url}${MOUNT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const consoleErrors = [];
const newContext = (options = {}) => browser.newContext({
  viewport: { width: 1440, height: 900 },
  locale: 'en-US',
  ...options,
});

async function open(context, query) {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${query}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${query}: ${error.message}`));
  await page.goto(`${app}${query}`);
  // A comparison hides the page's envelope until it is closed.
  await page.waitForSelector(query.includes('compare=')
    ? '[data-testid="diff-summary"]'
    : '[data-testid="export-openai"], [data-testid="export-raw"]');
  return page;
}

/** Opens everything that folds: fold toggles (Expand all), disclosures, <details>, a tooltip. */
async function unfoldEverything(page) {
  const expandAll = page.locator('[data-testid="expand-all"]:visible');
  if (await expandAll.count()) await expandAll.first().click();
  for (let round = 0; round < 3; round++) {
    const closed = page.locator('.pe-link-button[aria-expanded="false"]:visible');
    const count = await closed.count();
    for (let i = count - 1; i >= 0; i--) await closed.nth(i).click();
  }
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  const pill = page.locator('.pe-pill:visible').first();
  if (await pill.count()) await pill.focus();
}

/**
 * Runs in the page: every visible text (and CSS-drawn glyph) whose colour, composited over its
 * effective background, is below WCAG AA. Also returns the lowest ratio seen per colour pair.
 */
function measureContrast() {
  const parse = (value) => {
    let m = value.match(/^rgba?\(([^)]*)\)$/);
    if (m) {
      const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [r, g, b, a];
    }
    m = value.match(/^color\(srgb ([^)]*)\)$/);
    if (m) {
      const [r, g, b, a = 1] = m[1].split(/[\s/]+/).filter(Boolean).map(Number);
      return [r * 255, g * 255, b * 255, a];
    }
    return null;
  };
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
  };
  const luminance = ([r, g, b]) => {
    const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const hex = (c) => `#${c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  // The colour behind an element: its own and its ancestors' backgrounds, composited.
  const background = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('url')) return { unknown: style.backgroundImage };
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0) {
        layers.push(colour);
        if (colour[3] >= 1) break;
      }
    }
    let result = [255, 255, 255, 1];
    for (const layer of layers.reverse()) result = over(layer, result);
    return { colour: result };
  };
  const describe = (e) => {
    const cls = [...e.classList].slice(0, 2).map((c) => `.${c}`).join('');
    return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${cls}`;
  };
  const failures = [];
  const pairs = new Map();
  const check = (element, style, text, large, what) => {
    const bg = background(element);
    if (bg.unknown) return;
    let fg = parse(style.color);
    if (!fg) { failures.push(`${describe(element)}${what}: unparsed colour ${style.color}`); return; }
    fg = over(fg, bg.colour);
    const value = ratio(fg, bg.colour);
    const needed = large ? 3 : 4.5;
    const key = `${hex(fg)} on ${hex(bg.colour)}`;
    const seen = pairs.get(key);
    if (!seen || seen.ratio > value) pairs.set(key, { ratio: value, where: `${describe(element)}${what}`, needed });
    if (value < needed) {
      failures.push(`${describe(element)}${what} "${text.trim().slice(0, 30)}": ${value.toFixed(2)} < ${needed} (${key})`);
    }
  };
  for (const element of document.querySelectorAll('body *')) {
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    // Disabled controls are exempt (WCAG 1.4.3).
    if (element.closest(':disabled, [aria-disabled="true"]')) continue;
    const style = getComputedStyle(element);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const own = [...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.data).join('');
    if (own.trim()) check(element, style, own, large, '');
    // A slider's value is not drawn as text (its thumb's contrast is a non-text one).
    const drawsValue = element.tagName === 'TEXTAREA' || (element.tagName === 'INPUT' && element.type !== 'range');
    if (drawsValue && element.value) {
      check(element, style, element.value, large, ' (value)');
    }
    for (const pseudo of ['::before', '::after']) {
      const p = getComputedStyle(element, pseudo);
      const content = p.content;
      if (!content || content === 'none' || content === 'normal' || !/[^"'\s]/.test(content)) continue;
      // A glyph such as a fold's chevron: a graphical object, 3:1.
      check(element, p, content, true, pseudo);
    }
  }
  const lowest = [...pairs.entries()].sort((a, b) => a[1].ratio - b[1].ratio).slice(0, 6)
    .map(([key, { ratio: r, where, needed }]) => `${r.toFixed(2)} (≥${needed}) ${key} ${where}`);
  return { failures, lowest };
}

// ---- theme rules (DECISIONS §8)

const themeOf = (page) => page.getAttribute('html', 'data-theme');
const pageLuminance = (page) => page.evaluate(() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g).map(Number);
  const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
});

await test('?theme=dark and ?theme=light: data-theme on <html>, dark background luminance ≤ 0.18', async () => {
  const context = await newContext();
  const dark = await open(context, '?demo=b&theme=dark');
  assertEqual(await themeOf(dark), 'dark', 'data-theme');
  const luminance = await pageLuminance(dark);
  assert(luminance <= 0.18, `dark page background luminance ${luminance.toFixed(3)} > 0.18`);
  assertEqual(await dark.getAttribute('[data-testid="theme-switch"]', 'aria-pressed'), 'true', 'switch pressed');
  const light = await open(context, '?demo=b&theme=light');
  assertEqual(await themeOf(light), 'light', 'data-theme');
  assert((await pageLuminance(light)) > 0.5, 'light page background');
  assertEqual(await light.getAttribute('[data-testid="theme-switch"]', 'aria-pressed'), 'false', 'switch not pressed');
  await context.close();
});

await test('without ?theme the page follows the system, live; ?theme wins over it', async () => {
  const context = await newContext({ colorScheme: 'dark' });
  const page = await open(context, '?demo=a');
  assertEqual(await themeOf(page), 'dark', 'system dark');
  assert((await pageLuminance(page)) <= 0.18, 'dark colours from the system');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assertEqual(new URL(page.url()).searchParams.get('theme'), null, 'following the system writes nothing');
  const chosen = await open(context, '?demo=a&theme=light');
  assertEqual(await themeOf(chosen), 'light', '?theme=light on a dark system');
  assert((await pageLuminance(chosen)) > 0.5, 'light colours on a dark system');
  await chosen.emulateMedia({ colorScheme: 'light' });
  await chosen.emulateMedia({ colorScheme: 'dark' });
  await chosen.waitForTimeout(100);
  assertEqual(await themeOf(chosen), 'light', 'a system change does not override ?theme');
  const unknown = await open(context, '?demo=a&theme=blue');
  assertEqual(await themeOf(unknown), 'dark', 'an unknown ?theme follows the system');
  await context.close();
});

await test('the theme switch flips the theme, keeps it in the URL and then ignores the system', async () => {
  const context = await newContext({ colorScheme: 'light' });
  const page = await open(context, '?demo=c&lang=en');
  const button = page.locator('[data-testid="theme-switch"]');
  assertEqual(await button.getAttribute('aria-pressed'), 'false', 'light at first');
  await button.click();
  assertEqual(await themeOf(page), 'dark', 'switched to dark');
  assertEqual(await button.getAttribute('aria-pressed'), 'true', 'pressed');
  const url = new URL(page.url());
  assertEqual(url.searchParams.get('theme'), 'dark', '?theme= written');
  assertEqual(url.searchParams.get('demo'), 'c', 'other parameters kept');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForTimeout(100);
  assertEqual(await themeOf(page), 'dark', 'the choice outlives a system change');
  await button.click();
  assertEqual(await themeOf(page), 'light', 'switched back');
  assertEqual(new URL(page.url()).searchParams.get('theme'), 'light', '?theme=light written');
  await page.reload();
  await page.waitForSelector('[data-testid="export-openai"]');
  assertEqual(await themeOf(page), 'light', 'kept across a reload');
  await context.close();
});

await test('before the app sets data-theme, a dark system gets exactly the dark tokens', async () => {
  const context = await newContext({ colorScheme: 'dark' });
  const page = await open(context, '?demo=a&theme=dark');
  const differences = await page.evaluate(() => {
    const names = new Set();
    for (const sheet of document.styleSheets) {
      for (const rule of sheet.cssRules) {
        if (rule.selectorText?.includes('[data-theme="dark"]')) {
          for (const name of rule.style) if (name.startsWith('--')) names.add(name);
        }
      }
    }
    const root = document.documentElement;
    const read = () => [...names, 'color-scheme'].map((n) => getComputedStyle(root).getPropertyValue(n).trim());
    const dark = read();
    root.removeAttribute('data-theme');
    const system = read();
    root.setAttribute('data-theme', 'dark');
    return names.size < 10 ? ['too few dark tokens found'] : [...names, 'color-scheme']
      .filter((_, i) => dark[i] !== system[i]).map((n, i) => `${n}: ${dark[i]} vs ${system[i]}`);
  });
  assertEqual(differences.join('; '), '', 'dark tokens differ between the two blocks of tokens.css');
  await context.close();
});

// ---- axe and contrast on every page, in both themes

for (const theme of THEMES) {
  await test(`axe-core: no violation on ${PAGES.length} pages (opened, then unfolded), ${theme} theme; text contrast ≥ WCAG AA`, async () => {
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const problems = [];
    const lowest = new Map();
    for (const query of PAGES) {
      const page = await open(context, `${query}&theme=${theme}`);
      assertEqual(await themeOf(page), theme, `data-theme of ${query}`);
      for (const line of await axeViolations(page)) problems.push(`${query} (opened): ${line}`);
      await unfoldEverything(page);
      for (const line of await axeViolations(page)) problems.push(`${query} (unfolded): ${line}`);
      // Every tab's contents, for the contrast of each (a comparison's cache tabs too; the
      // envelope it hides has none visible).
      for (const tab of await page.locator('[role="tab"]:visible, [data-testid^="cache-tab-"]').all()) {
        await tab.click();
        const { failures, lowest: low } = await page.evaluate(measureContrast);
        for (const line of failures) problems.push(`${query} contrast: ${line}`);
        for (const line of low) lowest.set(line.split(' ').slice(2, 5).join(' '), line);
      }
      await page.close();
    }
    const unique = [...new Set(problems)];
    for (const line of unique.slice(0, 40)) console.log(`     ${line}`);
    const pairs = [...lowest.values()].sort((a, b) => parseFloat(a) - parseFloat(b)).slice(0, 5);
    console.log(`     lowest contrast pairs (${theme}):\n       ${pairs.join('\n       ')}`);
    assertEqual(unique.length, 0, `${unique.length} accessibility problems (listed above)`);
    await context.close();
  });
}

// ---- keyboard only

/** Presses Tab until `done(focused)` or focus comes round again; returns each stop. */
async function tabThrough(page, max = 800) {
  const stops = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      const style = getComputedStyle(e);
      const parse = (v) => (v.match(/[\d.]+/g) ?? []).map(Number);
      const lum = ([r, g, b]) => {
        const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      // The solid colour next to the ring: an inset shadow band, else the element's own
      // background (ring drawn inside) or its parent's.
      const inside = parseFloat(style.outlineOffset) < 0;
      let behind = [255, 255, 255];
      if (inside && style.boxShadow.includes('inset')) {
        behind = parse(style.boxShadow).slice(0, 3);
      } else {
        for (let p = inside ? e : e.parentElement; p; p = p.parentElement) {
          const c = parse(getComputedStyle(p).backgroundColor);
          if (c.length >= 3 && (c.length === 3 || c[3] === 1)) { behind = c.slice(0, 3); break; }
        }
      }
      const ring = parse(style.outlineColor).slice(0, 3);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const [x, y] = [lum(ring), lum(behind)];
      return {
        key: `${e.tagName.toLowerCase()}#${e.id}.${e.className}@${e.dataset.testid ?? ''}${e.dataset.demo ?? ''}${[...e.parentNode.children].indexOf(e)}`,
        what: `${e.tagName.toLowerCase()}${e.dataset.testid ? `[data-testid=${e.dataset.testid}]` : ''}.${[...e.classList].join('.')}`,
        role: e.getAttribute('role'),
        visible: outline || style.boxShadow !== 'none',
        ringContrast: outline ? (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05) : null,
      };
    });
    if (!stop) continue;
    if (stops.length && stop.key === stops[0].key) break;
    stops.push(stop);
  }
  return stops;
}

for (const theme of THEMES) {
  await test(`keyboard only (${theme}): Tab reaches every control with a visible focus ring; keys work them`, async () => {
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await open(context, `?demo=b&lang=en&theme=${theme}`);
    // Open <details> (the context budget, code snippets) so their controls are in the cycle.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    const stops = await tabThrough(page);
    const reached = (pattern) => stops.some((s) => pattern.test(s.what) || pattern.test(s.role ?? ''));
    for (const [name, pattern] of [
      ['a demo button', /\.pe-demo-button/],
      ['the theme switch', /data-testid=theme-switch/],
      ['the presenter switch', /data-testid=present-switch/],
      ['the language switch', /data-testid=lang-switch/],
      ['a panel tab', /^tab$/],
      ['Copy', /data-testid=copy/],
      ['a fold toggle', /\.pe-fold__toggle/],
      ['the view switch', /\.pe-view-switch__button/],
      ['the search box', /data-testid=search/],
      ['the panel JSON box', /\.pe-json/],
      ['a part of the context budget', /\.pe-budget__part/],
    ]) assert(reached(pattern), `Tab never reached ${name}; stops: ${stops.map((s) => s.what).join(', ')}`);
    const unseen = stops.filter((s) => !s.visible).map((s) => s.what);
    assertEqual(unseen.join(', '), '', 'focused without a visible focus indicator');
    const faint = stops.filter((s) => s.ringContrast !== null && s.ringContrast < 3)
      .map((s) => `${s.what} ${s.ringContrast.toFixed(2)}`);
    assertEqual(faint.join(', '), '', 'focus ring below 3:1 against its background');

    // Working them with keys, reached by Tab from the top each time.
    const tabTo = async (selector) => {
      await page.evaluate(() => document.activeElement?.blur());
      for (let i = 0; i < 800; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    await tabTo('[data-testid="theme-switch"]');
    await page.keyboard.press('Enter');
    assertEqual(await themeOf(page), theme === 'dark' ? 'light' : 'dark', 'Enter on the theme switch');
    await page.keyboard.press('Space');
    assertEqual(await themeOf(page), theme, 'Space on the theme switch');
    await tabTo('.pe-fold__toggle');
    const before = await page.evaluate(() => document.activeElement.getAttribute('aria-expanded'));
    await page.keyboard.press('Enter');
    const after = await page.evaluate(() => document.activeElement.getAttribute('aria-expanded'));
    assert(before !== after, `Enter on a fold toggle: aria-expanded ${before} → ${after}`);
    await tabTo('[role="tab"][aria-selected="true"]');
    await page.keyboard.press('ArrowRight');
    assertEqual(await page.evaluate(() => document.activeElement.id), 'pe-tab-responses', 'ArrowRight moves to the next tab');
    assertEqual(await page.getAttribute('#pe-tab-responses', 'aria-selected'), 'true', 'and selects it');
    await tabTo('[data-testid="copy"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="copy"]').textContent.includes('Copied'));
    // The JSON box scrolls sideways with the arrow keys once focused.
    await page.click('#pe-tab-openai');
    await tabTo('#pe-tabpanel-openai .pe-json');
    const box = '#pe-tabpanel-openai .pe-json';
    if (await page.$eval(box, (e) => e.scrollWidth > e.clientWidth)) {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((s) => document.querySelector(s).scrollLeft > 0, box);
    }
    await tabTo('.pe-demo-button[data-demo="c"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('main[data-demo="c"]');
    await context.close();
  });
}

for (const theme of THEMES) {
  await test(`keyboard only, presenter mode (${theme}): every stop has a visible focus ring, the switch leaves it`, async () => {
    const context = await newContext({ viewport: { width: 1280, height: 720 } });
    const page = await open(context, `?demo=b&present=1&lang=en&theme=${theme}`);
    const stops = await tabThrough(page);
    for (const [name, pattern] of [
      ['the presenter switch', /data-testid=present-switch/],
      ['the note', /\.pe-demo-note__label/],
      ['the stepper', /data-testid=step-previous|data-testid=step-next|\.pe-stepper__slider/],
      ['a panel tab', /^tab$/],
    ]) assert(stops.some((s) => pattern.test(s.what) || pattern.test(s.role ?? '')), `Tab never reached ${name}; stops: ${stops.map((s) => s.what).join(', ')}`);
    assert(!stops.some((s) => /\.pe-demo-button|data-testid=search|data-testid=share/.test(s.what)), 'Tab reaches no hidden chrome');
    const unseen = stops.filter((s) => !s.visible).map((s) => s.what);
    assertEqual(unseen.join(', '), '', 'focused without a visible focus indicator');
    const faint = stops.filter((s) => s.ringContrast !== null && s.ringContrast < 3)
      .map((s) => `${s.what} ${s.ringContrast.toFixed(2)}`);
    assertEqual(faint.join(', '), '', 'focus ring below 3:1 against its background');
    await page.evaluate(() => document.activeElement?.blur());
    for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.matches('[data-testid="present-switch"]'))); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    assertEqual(await page.getAttribute('[data-testid="present-switch"]', 'aria-pressed'), 'false', 'Enter on the switch leaves presenter mode');
    assertEqual(await page.locator('.pe-app--present').count(), 0, 'presenter mode is off');
    await context.close();
  });
}

await test('no console errors on any page', async () => {
  assertEqual(consoleErrors.join('\n'), '', 'console errors');
});

await browser.close();
server.close();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`a11y e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
