// Step-through at 1,000 messages (DECISIONS §13): 1k.json opened in Your envelope, then the
// step moved with ← (a keydown on the page, as a user's key), nine times from the last step.
// Each move is timed in the page from the keydown to the end of the frame that shows the new
// step in the chat (the stepper's "k / N" changed: the chat shows k messages in the same
// render), and to the end of the frame after the panel shows the cut envelope's export
// (`aria-busy="false"` on the open tab and its text changed: the worker cut, validated,
// lowered and exported it). Medians; the longest main-thread task over all the moves. A build
// without a stepper: n/a.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bounded, instrument, median, ms } from './lib.mjs';
import { taskValue } from './tasks.mjs';

const MOVES = 9;

/** One build: open 1k.json, then time the moves; `{ error }` or `{ chat, panel, longest }`. */
async function measure(ctx, build, file) {
  const { context, page } = await ctx.browser.open();
  try {
    await page.addInitScript(instrument);
    await page.goto(`${build.app}?demo=custom&lang=en`);
    await page.waitForSelector('[data-testid="export-openai"]', { timeout: ctx.TIMEOUT });
    if (!(await page.$('[data-testid="stepper"]'))) return { error: 'n/a (no stepper in this build)' };
    await page.locator('[data-testid="open-file"]').setInputFiles(file);
    const opened = await bounded(page.waitForFunction(() => {
      const position = document.querySelector('[data-testid="step-position"]')?.textContent ?? '';
      const [k, n] = position.split(' / ').map(Number);
      return n >= 1000 && k === n && document.querySelector('#pe-tabpanel-openai[aria-busy="false"] [data-testid="export-openai"]');
    }, null, { timeout: ctx.TIMEOUT }), ctx.TIMEOUT + 5_000);
    if (!opened.ok) return { error: `1k.json did not open: ${opened.error}` };
    await page.waitForTimeout(1_500);
    const timed = await bounded(page.evaluate(async (moves) => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      const position = () => document.querySelector('[data-testid="step-position"]')?.textContent;
      const panel = () => document.querySelector('#pe-tabpanel-openai');
      const text = () => panel()?.querySelector('[data-testid="export-openai"]')?.textContent.slice(-2000);
      const out = { chat: [], panel: [] };
      window.__perf.longtasks = [];
      document.body.focus();
      for (let i = 0; i < moves; i++) {
        const before = [position(), text()];
        const start = performance.now();
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
        while (position() === before[0]) await frame();
        out.chat.push(performance.now() - start);
        for (let tries = 0; tries < 600 && (panel()?.getAttribute('aria-busy') !== 'false' || text() === before[1]); tries++) {
          await frame();
        }
        out.panel.push(performance.now() - start);
        await new Promise((done) => setTimeout(done, 150));
      }
      out.longest = Math.max(0, ...(window.__perf.longtasks ?? []).map((t) => t.duration));
      out.over = (window.__perf.longtasks ?? []).filter((t) => t.duration > 50).length;
      return out;
    }, MOVES), ctx.TIMEOUT);
    if (!timed.ok) return { error: timed.error };
    return timed.value;
  } finally {
    await ctx.browser.dispose(context);
  }
}

/**
 * Compare at 2 × 1,000 messages: 1k.json in Your envelope against a copy with every tenth
 * message's first text changed and one message added, pasted into Compare…; from the click on
 * Compare to the end of the frame after the summary shows; the longest task meanwhile, and
 * the DOM's size then.
 */
async function measureCompare(ctx, build, file) {
  const { context, page } = await ctx.browser.open();
  try {
    await page.addInitScript(instrument);
    await page.goto(`${build.app}?demo=custom&lang=en`);
    await page.waitForSelector('[data-testid="export-openai"]', { timeout: ctx.TIMEOUT });
    if (!(await page.$('button[data-testid="compare"]'))) return { error: 'n/a (no compare in this build)' };
    await page.locator('[data-testid="open-file"]').setInputFiles(file);
    await page.waitForFunction(() => (document.querySelector('[data-testid="step-position"]')?.textContent ?? '').endsWith('/ 1001'), null, { timeout: ctx.TIMEOUT });
    const other = JSON.parse(readFileSync(file, 'utf8'));
    other.messages.forEach((message, i) => {
      const text = message.segments?.find((s) => typeof s.content === 'string');
      if (i % 10 === 5 && text) text.content += ' (changed)';
    });
    other.messages.push({ id: 'extra', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'one more' }] });
    await page.click('button[data-testid="compare"]');
    await page.locator('[data-testid="compare-text"]').fill(JSON.stringify(other));
    await page.waitForTimeout(1_000);
    const timed = await bounded(page.evaluate(async () => {
      window.__perf.longtasks = [];
      const start = performance.now();
      document.querySelector('[data-testid="compare-go"]').click();
      while (!document.querySelector('[data-testid="diff-summary"]')) await new Promise((done) => setTimeout(done, 5));
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      return {
        shown: performance.now() - start,
        longest: Math.max(0, ...window.__perf.longtasks.map((t) => t.duration)),
        over: window.__perf.longtasks.filter((t) => t.duration > 50).length,
        elements: document.getElementsByTagName('*').length,
      };
    }), ctx.TIMEOUT);
    return timed.ok ? timed.value : { error: timed.error };
  } finally {
    await ctx.browser.dispose(context);
  }
}

/** The step figures of every build. */
export async function steps(ctx) {
  const file = join(ctx.envelopes, '1k.json');
  if (!existsSync(file)) return;
  console.log(`\n== step-through at 1,000 messages: ${MOVES} moves with ← from the last step`);
  for (const build of ctx.builds) {
    const result = await measure(ctx, build, file);
    if (result.error) {
      ctx.report.add(build.name, 'step-chat', { figure: '1k: one step → chat shows it (next frame, median)', value: result.error, target: 'one frame (≤ 16 ms + frame wait)' });
      continue;
    }
    ctx.report.add(build.name, 'step-chat', {
      figure: '1k: one step → chat shows it (next frame, median)',
      value: ms(median(result.chat)),
      detail: `(worst ${ms(Math.max(...result.chat))})`,
      target: 'reference',
    });
    const compared = await measureCompare(ctx, build, file);
    ctx.report.add(build.name, 'compare-1k', {
      figure: 'compare 2 × 1,000 messages (Your envelope against a pasted copy): click → summary shown',
      value: compared.error ?? ms(compared.shown),
      detail: compared.error ? '' : `(longest task ${ms(compared.longest)}; ${compared.elements} DOM elements)`,
      target: 'no task > 200 ms',
      ok: compared.error ? undefined : compared.longest <= 200,
    });
    // The long-task table's rows (tasks.mjs lists them).
    const tasks = (r) => taskValue({ tasks: r.over, longest: r.longest });
    ctx.report.add(build.name, 'step-tasks', { figure: '1k: nine steps, longest task', value: tasks(result),
      target: 'no task > 50 ms', ok: !result.over });
    if (!compared.error) {
      ctx.report.add(build.name, 'compare-tasks', { figure: 'compare 2 × 1,000 messages: longest task', value: tasks(compared),
        target: 'no task > 50 ms', ok: !compared.over });
    }
    ctx.report.add(build.name, 'step-panel', {
      figure: '1k: one step → panel shows the cut envelope\'s export (median)',
      value: ms(median(result.panel)),
      detail: `(worst ${ms(Math.max(...result.panel))}; longest task ${ms(result.longest)})`,
      target: 'reference',
    });
  }
}
