// Shared pieces of the performance harness: formatting, bounded steps, the browser (launched,
// replaced when it stops answering), the builds under test (each served by its own server
// instance) and the in-page instrumentation. See harness.mjs and docs/performance.md.
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { serve, MOUNT } from '../e2e/server.mjs';

export { MOUNT };

export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(Math.abs(value) < 10 ? 1 : 0)} ms` : 'n/a');
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
/** KB = 1024 bytes. */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const verdict = (ok) => (ok ? 'met' : 'NOT met');
export const sleep = (millis) => new Promise((done) => setTimeout(done, millis));

/** Resolves to { ok: true, value } or { ok: false, error } — after at most `limit` ms. */
export async function bounded(promise, limit) {
  let timer;
  const timeout = new Promise((done) => {
    timer = setTimeout(() => done({ ok: false, error: `did not finish in ${Math.round(limit / 1000)} s` }), limit);
  });
  const work = Promise.resolve(promise).then(
    (value) => ({ ok: true, value }),
    (error) => ({ ok: false, error: String(error?.message ?? error).split('\n')[0] }),
  );
  const result = await Promise.race([work, timeout]);
  clearTimeout(timer);
  return result;
}

/**
 * The builds under test, in the order they are listed (baseline first when there is one). Each
 * has its own server (its dist/ under MOUNT, the static page, the envelopes under /perf/).
 */
export async function startBuilds({ current, baseline, envelopes }) {
  const builds = [];
  for (const [name, spec] of [['baseline', baseline], ['current', current]]) {
    if (!spec?.dist) continue;
    const dist = resolve(spec.dist);
    const server = await serve(dist, { pages: { '/static.html': STATIC_PAGE }, dirs: { '/perf/': envelopes } });
    builds.push({ name, dist, pep: spec.pep ? resolve(spec.pep) : null, server, url: server.url, app: `${server.url}${MOUNT}` });
  }
  return builds;
}

/** `builds` in an order that alternates with `turn` (so neither build always goes first). */
export const alternate = (builds, turn) => (turn % 2 === 0 ? builds : [...builds].reverse());

export const STATIC_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head>
<body><h1>Prompt Envelope</h1><p>A static page on the same server, for comparison.</p></body></html>`;

const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** One headless Chromium, replaced whenever it stops answering. */
export class Browser {
  constructor() {
    this.browser = null;
  }

  async launch() {
    this.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: LAUNCH_ARGS,
    });
  }

  async replace() {
    if (this.browser) await bounded(this.browser.close(), 10_000);
    await this.launch();
  }

  /**
   * A fresh context (cold cache, empty storage) and page; `cpu` > 1 throttles the page's CPU
   * (CDP Emulation.setCPUThrottlingRate), set before any navigation.
   */
  async open({ cpu = 1 } = {}) {
    if (!this.browser?.isConnected()) {
      console.log('  (the browser is gone: starting a new one)');
      await this.replace();
    }
    const make = () => bounded((async () => {
      const context = await this.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      if (cpu !== 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      }
      return { context, page };
    })(), 30_000);
    let made = await make();
    if (!made.ok) {
      console.log(`  (no new tab: ${made.error}; starting a new browser)`);
      await this.replace();
      made = await make();
      if (!made.ok) throw new Error(`cannot open a tab: ${made.error}`);
    }
    return made.value;
  }

  /** Closes a context; a browser that does not answer is replaced. */
  async dispose(context) {
    if ((await bounded(context.close(), 15_000)).ok) return;
    console.log('  (the browser did not close the tab: starting a new browser)');
    await this.replace();
  }

  async close() {
    if (this.browser) await bounded(this.browser.close(), 10_000);
  }
}

/** Whether the tab still runs script (a dead or frozen tab does not). */
export async function alive(page) {
  return (await bounded(page.evaluate(() => 1), 5_000)).ok;
}

/**
 * In-page helpers, installed (addInitScript) before any page script runs: long tasks (start,
 * duration), the `change` event's time (`__perf.chosen`), a frame helper, and `__perf.rendered`,
 * the first frame after the export panel first exists (the first render of the page).
 */
export function instrument() {
  window.__perf = { longtasks: [], chosen: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__perf.longtasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('change', () => { window.__perf.chosen = performance.now(); }, true);
  // The end of the next frame: its style, layout and paint are done.
  window.__perfFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()))));
  const first = new MutationObserver(() => {
    if (window.__perf.rendered !== undefined || !document.querySelector('[data-testid="export-openai"]')) return;
    window.__perf.rendered = null;
    first.disconnect();
    window.__perfFrame().then((at) => { window.__perf.rendered = at; });
  });
  first.observe(document, { childList: true, subtree: true });
}

/**
 * In the page (after `instrument`), before a change is made (a file chosen, dropped or pasted,
 * a key typed): the export panel and the alerts as they are, a MutationObserver on the whole
 * document, and up to 3 s for the page's own start to settle.
 */
export async function beforeChange() {
  const p = window.__perf;
  window.__perfOld = document.querySelector('[data-testid="export-openai"]');
  window.__perfAlerts = new Set(document.querySelectorAll('[role="alert"]'));
  p.lastMutation = performance.now();
  p.mutations = 0;
  p.chosen = null;
  new MutationObserver((list) => { p.lastMutation = performance.now(); p.mutations += list.length; })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const start = performance.now();
  while (performance.now() - p.lastMutation < 300 && performance.now() - start < 3_000) {
    await new Promise((done) => setTimeout(done, 50));
  }
  p.mutationsBefore = p.mutations;
  p.longtasks = [];
}

/**
 * In the page, from `__perf.chosen` (the change's time; a file input's `change` sets it):
 * - rendered: the first frame after the export panel shows something new (its first 400
 *   characters changed, checked every frame) or a new role="alert" appears (a refusal); with
 *   `changes: false` (an edit that may print the same) nothing needs to show;
 * - settled: the last DOM mutation followed by `quiet` ms without any, counted on a free main
 *   thread (a gap of over 200 ms between 50 ms ticks, a long task, starts the quiet again);
 * - the long tasks overlapping chosen → settled: how many, the longest.
 */
export async function afterChange({ limit, quiet, changes = true }) {
  const p = window.__perf;
  const wait = (millis) => new Promise((done) => setTimeout(done, millis));
  for (let i = 0; p.chosen === null && i < 100; i++) await wait(50);
  if (p.chosen === null) return { failed: 'no change event' };
  // The start of the export panel's text, from its first text nodes (cheap even at 50 MiB).
  const prefix = (element) => {
    if (!element) return '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let text = '';
    for (let node = walker.nextNode(); node && text.length < 400; node = walker.nextNode()) text += node.data;
    return text.slice(0, 400);
  };
  const old = window.__perfOld;
  const oldPrefix = prefix(old);
  const since = () => performance.now() - p.chosen;
  let outcome = changes ? null : { rendered: null };
  while (since() < limit && !outcome) {
    await new Promise((done) => requestAnimationFrame(done));
    const alert = [...document.querySelectorAll('[role="alert"]')].find((a) => !window.__perfAlerts.has(a));
    const current = document.querySelector('[data-testid="export-openai"]');
    if (alert) outcome = { refused: alert.textContent.trim().slice(0, 160), rendered: since() };
    else if (current && (current !== old || prefix(current) !== oldPrefix)) {
      outcome = { rendered: (await window.__perfFrame()) - p.chosen };
    }
  }
  if (!outcome) return { failed: `the export panel did not change and no alert appeared in ${Math.round(limit / 1000)} s` };
  // The quiet must be seen with the main thread free: a gap between two 50 ms ticks (a long
  // task, which mutates nothing until it ends) starts it again, so a task that computes for
  // over a second and then renders does not count as settled.
  let quietSince = performance.now();
  let tick = performance.now();
  while (performance.now() - Math.max(p.lastMutation, quietSince) < quiet) {
    if (since() >= limit) {
      return { ...outcome, unsettled: `did not settle in ${Math.round(limit / 1000)} s (still mutating; last mutation at ${Math.round(p.lastMutation - p.chosen)} ms)` };
    }
    await wait(50);
    const now = performance.now();
    if (now - tick > 200) quietSince = now;
    tick = now;
  }
  const settled = Math.max(0, p.lastMutation - p.chosen);
  const end = Math.max(p.lastMutation, p.chosen);
  const tasks = p.longtasks.filter((t) => t.start + t.duration > p.chosen && t.start <= end);
  return { ...outcome, settled, mutations: p.mutations - p.mutationsBefore,
    tasks: tasks.length, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
}

/**
 * Opens `url` (an app page) in `page` and waits for its export panel, then `beforeChange`: the
 * page ready for a file, a drop, a paste or a key to be measured. `panel` narrows the panel's
 * selector (e.g. 'main [data-testid="export-openai"]').
 */
export async function readyForChange(ctx, page, url, panel = '[data-testid="export-openai"]') {
  await page.goto(url);
  await page.waitForSelector(panel, { timeout: ctx.TIMEOUT });
  await page.evaluate(beforeChange);
}
