// The long-task table (issue 23, item 3): the main thread's longest task, and how many went
// over 50 ms, in each case the issue names that the other parts of the harness do not already
// measure (loads.mjs: a file opened, the chat scrolled; steps.mjs: stepping, Compare):
// - start: the default demo in a fresh context, at 1× and 4× CPU: navigation → DOM settled, and
//   the first click on a fold that really flips it (a prerendered fold that is not live yet does
//   not count), against a static page's first contentful paint on the same server;
// - the same envelopes dropped on the page and pasted outside a text field (a File / the text
//   made in the page first, outside the measured window), and one key typed into the editor
//   once each has loaded (those over 1 MiB have no text box: 1k.json is edited instead);
// - a file of 1,000 requests (JSON Lines) opened, then its request list scrolled top → bottom.
// Every figure is measured in the page with PerformanceObserver('longtask').
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterChange, alive, alternate, beforeChange, bounded, instrument, median, ms, readyForChange } from './lib.mjs';

const QUIET = 1_000;
/** The envelopes the issue names for drop, paste and editing (those generated). */
const BIG = ['10k', '100k', '50mb', 'long-text'];
const REQUESTS = 1_000;
/** The envelope edited where the big ones have no text box (over 1 MiB). */
const EDITABLE = '1k';

/**
 * `{ tasks, longest }` as the table's value (the browser reports only tasks of 50 ms or more:
 * "none" has no longest to tell). steps.mjs uses it too.
 */
export const taskValue = (r) => (r.tasks ? `${ms(r.longest)}, ${r.tasks} > 50 ms` : 'none > 50 ms');

/** Reports one case's long tasks (or its error) under `key`. */
function addTasks(ctx, build, key, figure, result, detail = '') {
  if (result.error) {
    ctx.report.add(build.name, key, { figure, value: result.error, target: 'no task > 50 ms', ok: false });
    return;
  }
  ctx.report.add(build.name, key, { figure, value: taskValue(result), detail, target: 'no task > 50 ms', ok: result.tasks === 0 });
}

/** A static page's first contentful paint (median of 3, fresh contexts) at `cpu`× CPU. */
async function staticPaint(ctx, build, cpu) {
  const paints = [];
  for (let run = 0; run < 3; run++) {
    const { context, page } = await ctx.browser.open({ cpu });
    const got = await bounded((async () => {
      await page.goto(`${build.url}/static.html`);
      const paint = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      await page.waitForFunction(paint, null, { timeout: ctx.TIMEOUT });
      return page.evaluate(paint);
    })(), ctx.TIMEOUT + 5_000);
    await ctx.browser.dispose(context);
    if (got.ok) paints.push(got.value);
  }
  return paints.length ? median(paints) : NaN;
}

/**
 * In the page, from as early as an init script runs: clicks the first fold toggle in view each
 * frame until one click flips its aria-expanded, and records when (ms since navigation).
 */
function clickUntilFlipped() {
  window.__perfFlip = null;
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
  (async () => {
    for (let i = 0; i < 2_000 && window.__perfFlip === null; i++) {
      await frame();
      const toggle = [...document.querySelectorAll('.pe-fold > .pe-fold__toggle')]
        .find((t) => { const r = t.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; });
      if (!toggle) continue;
      const before = toggle.getAttribute('aria-expanded');
      const at = performance.now();
      toggle.click();
      await frame();
      if (toggle.isConnected && toggle.getAttribute('aria-expanded') !== before) window.__perfFlip = at;
    }
  })();
}

/** The default demo's start at `cpu`×: long tasks to settled, the first real flip. */
async function startOnce(ctx, build, cpu) {
  const { context, page } = await ctx.browser.open({ cpu });
  try {
    await page.addInitScript(instrument);
    await page.addInitScript(clickUntilFlipped);
    const run = await bounded((async () => {
      await page.goto(build.app);
      await page.waitForFunction(() => window.__perfFlip !== null, null, { timeout: ctx.TIMEOUT });
      // Settled: a second without mutations after the flip (the page's own start done).
      return page.evaluate(async (quiet) => {
        let last = performance.now();
        new MutationObserver(() => { last = performance.now(); })
          .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        while (performance.now() - last < quiet) await new Promise((done) => setTimeout(done, 50));
        const tasks = window.__perf.longtasks;
        return { flip: window.__perfFlip, tasks: tasks.filter((t) => t.duration > 50).length,
          longest: Math.max(0, ...tasks.map((t) => t.duration)) };
      }, QUIET);
    })(), ctx.TIMEOUT + 10_000);
    return run.ok ? run.value : { error: run.error };
  } finally {
    await ctx.browser.dispose(context);
  }
}

/** The default demo's start at 1× and 4×, the builds alternating run by run. */
async function start(ctx) {
  for (const [cpu, limit] of [[1, 300], [4, 1_000]]) {
    const paints = new Map();
    for (const build of ctx.builds) paints.set(build.name, await staticPaint(ctx, build, cpu));
    const runs = new Map(ctx.builds.map((build) => [build.name, []]));
    for (let run = 0; run < ctx.RUNS; run++) {
      for (const build of alternate(ctx.builds, run)) runs.get(build.name).push(await startOnce(ctx, build, cpu));
    }
    for (const build of ctx.builds) {
      const got = runs.get(build.name);
      const paint = paints.get(build.name);
      const good = got.filter((r) => !r.error);
      const worst = good.length ? { tasks: Math.max(...good.map((r) => r.tasks)), longest: Math.max(...good.map((r) => r.longest)) } : got[0];
      addTasks(ctx, build, `tasks-start-${cpu}x`, `start, default demo, ${cpu}× CPU: longest task (navigation → settled)`, worst,
        `(worst of ${good.length} runs; median ${good.length ? ms(median(good.map((r) => r.longest))) : 'n/a'})`);
      const flip = good.length ? median(good.map((r) => r.flip)) - paint : NaN;
      ctx.report.add(build.name, `start-flip-${cpu}x`, {
        figure: `start, ${cpu}× CPU: first click that flips a fold − static page's first paint (median of ${good.length})`,
        value: good.length ? ms(flip) : got[0]?.error ?? 'not measured',
        detail: good.length ? `(flip at ${ms(median(good.map((r) => r.flip)))} after navigation; static paint ${ms(paint)})` : '',
        target: `≤ ${limit} ms`, ok: good.length ? flip <= limit : false,
      });
    }
  }
}

/**
 * One arrival of `preset` on the default demo's page: `how` 'drop' (a File in a DataTransfer,
 * dropped on the page) or 'paste' (the text in a paste event outside a text field). With
 * `edit`, a key is then typed into the editor. The page is closed after.
 */
async function arrive(ctx, build, preset, how, edit) {
  const { context, page } = await ctx.browser.open();
  const fail = async (figure, error) => ({ error: `${figure}: ${error}; tab ${(await alive(page)) ? 'still responds' : 'DEAD or frozen'}` });
  try {
    await page.addInitScript(instrument);
    const ready = await bounded((async () => {
      await page.goto(`${build.app}?lang=en`);
      await page.waitForSelector('main [data-testid="export-openai"]', { timeout: ctx.TIMEOUT });
      // The file or text made before the measured window, then the page left to settle.
      await page.evaluate(async ({ url, how }) => {
        const blob = await (await fetch(url)).blob();
        window.__perfArrival = how === 'drop'
          ? new File([blob], url.split('/').pop(), { type: 'application/json' })
          : await blob.text();
      }, { url: `${build.url}/perf/${preset}.json`, how });
      await page.evaluate(beforeChange);
    })(), ctx.TIMEOUT + 5_000);
    if (!ready.ok) return await fail('the page and the file', ready.error);
    await page.evaluate((how) => {
      const data = new DataTransfer();
      const arrival = window.__perfArrival;
      window.__perfArrival = null;
      window.__perf.chosen = performance.now();
      if (how === 'drop') {
        data.items.add(arrival);
        document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      } else {
        data.setData('text/plain', arrival);
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }
    }, how);
    const loaded = await bounded(page.evaluate(afterChange, { limit: ctx.TIMEOUT, quiet: QUIET }), ctx.TIMEOUT + QUIET + 10_000);
    if (!loaded.ok) return await fail(how, loaded.error);
    if (loaded.value.failed) return await fail(how, loaded.value.failed);
    const result = { arrived: loaded.value };
    if (!edit || loaded.value.refused) return result;
    // Over 1 MiB the editor shows the text's size and a download instead of a text box
    // (src/components/shell/editor.rs, EDIT_LIMIT): nothing to type into.
    if (await page.locator('[data-testid="editor-large"]').count()) {
      result.edited = { notEditable: true };
      return result;
    }
    // One space typed after the envelope's opening brace: the JSON stays valid.
    const typed = await bounded((async () => {
      await page.evaluate(beforeChange);
      const editor = page.locator('[data-testid="editor"]');
      await editor.evaluate((box) => { box.focus(); box.setSelectionRange(1, 1); });
      await page.evaluate(() => { window.__perf.chosen = performance.now(); });
      await page.keyboard.type(' ');
      return page.evaluate(afterChange, { limit: ctx.TIMEOUT, quiet: QUIET, changes: false });
    })(), ctx.TIMEOUT + QUIET + 10_000);
    result.edited = typed.ok ? typed.value : { error: typed.error };
    return result;
  } finally {
    await ctx.browser.dispose(context);
  }
}

/** The edit row of `preset`: its long tasks, or why there was nothing to edit. */
function addEdit(ctx, build, preset, edited) {
  const key = `tasks-edit-${preset}`;
  const figure = `${preset}: one key typed in the editor, longest task (→ settled)`;
  if (edited.notEditable) {
    ctx.report.add(build.name, key, { figure, value: 'no text box (over 1 MiB: size and download)', target: 'no task > 50 ms' });
  } else {
    addTasks(ctx, build, key, figure, edited, edited.error ? '' : `(settled ${ms(edited.settled)})`);
  }
}

/** The run whose longest task is the median of `got` (errors count only when all failed). */
function medianRun(got) {
  const good = got.filter((r) => !r.error);
  if (!good.length) return got[0];
  return [...good].sort((a, b) => a.longest - b.longest)[Math.floor(good.length / 2)];
}

/**
 * Each envelope dropped and pasted, and edited after the drop: `RUNS` times, the builds
 * alternating run by run; each row is the run with the median longest task, the worst beside it.
 */
async function arrivals(ctx) {
  const cases = [];
  for (const preset of BIG.filter((p) => ctx.LOADS.includes(p))) {
    if (!existsSync(join(ctx.envelopes, `${preset}.json`))) continue;
    for (const how of ['drop', 'paste']) cases.push({ preset, how, edit: how === 'drop' });
  }
  if (existsSync(join(ctx.envelopes, `${EDITABLE}.json`))) cases.push({ preset: EDITABLE, how: 'drop', edit: true, editOnly: true });
  for (const { preset, how, edit, editOnly } of cases) {
    const runs = new Map(ctx.builds.map((build) => [build.name, []]));
    for (let run = 0; run < ctx.RUNS; run++) {
      for (const build of alternate(ctx.builds, run)) runs.get(build.name).push(await arrive(ctx, build, preset, how, edit));
    }
    for (const build of ctx.builds) {
      const got = runs.get(build.name);
      const arrived = medianRun(got.map((r) => (r.error ? { error: r.error } : r.arrived)));
      const edits = got.map((r) => r.edited).filter(Boolean);
      const edited = edits.some((e) => e.notEditable) ? { notEditable: true } : edits.length ? medianRun(edits) : null;
      if (!editOnly) {
        const worst = Math.max(0, ...got.filter((r) => !r.error).map((r) => r.arrived.longest ?? 0));
        const said = arrived.refused ? `refused ("${arrived.refused}")` : arrived.error ? ''
          : `(median of ${got.length}, worst ${ms(worst)}; settled ${ms(arrived.settled)})`;
        addTasks(ctx, build, `tasks-${how}-${preset}`, `${preset}: ${how === 'drop' ? 'dropped' : 'pasted'}, longest task (→ settled)`, arrived, said);
      }
      if (edited) addEdit(ctx, build, preset, edited);
      else if (editOnly) addEdit(ctx, build, preset, { error: got[0]?.error ?? 'not loaded' });
    }
  }
}

/** JSON Lines of `count` OpenAI chat requests, each a few turns and a tool (the request list). */
function requestLines(count) {
  const lines = [];
  for (let i = 0; i < count; i++) {
    lines.push(JSON.stringify({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: `You are assistant number ${i}.` },
        { role: 'user', content: `Question ${i}: what is ${i} + ${i}?` },
        { role: 'assistant', content: `${2 * i}.` },
        { role: 'user', content: 'Thanks. And the weather?' },
      ],
      tools: [{ type: 'function', function: { name: 'weather', description: 'The weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
    }));
  }
  return `${lines.join('\n')}\n`;
}

/** A file of 1,000 requests opened (long tasks to settled), then its list scrolled. */
async function requestList(ctx, build, file) {
  const { context, page } = await ctx.browser.open();
  try {
    await page.addInitScript(instrument);
    const ready = await bounded((async () => {
      await readyForChange(ctx, page, `${build.app}?demo=custom&lang=en`);
      await page.locator('[data-testid="open-file"]').setInputFiles(file);
      const opened = await page.evaluate(afterChange, { limit: ctx.TIMEOUT, quiet: QUIET });
      await page.waitForSelector('[data-testid="request-list"]', { timeout: ctx.TIMEOUT });
      return opened;
    })(), ctx.TIMEOUT * 2 + QUIET);
    if (!ready.ok || ready.value.failed) {
      const error = ready.ok ? ready.value.failed : ready.error;
      return { opened: { error }, scrolled: { error } };
    }
    const scrolled = await bounded(page.evaluate(async () => {
      const list = document.querySelector('[data-testid="request-list"]');
      window.__perf.longtasks = [];
      const steps = 40;
      const height = list.scrollHeight - list.clientHeight;
      for (let step = 1; step <= steps; step++) {
        list.scrollTop = (height * step) / steps;
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      }
      await new Promise((done) => setTimeout(done, 300));
      const tasks = window.__perf.longtasks;
      return { height, tasks: tasks.filter((t) => t.duration > 50).length, longest: Math.max(0, ...tasks.map((t) => t.duration)) };
    }), ctx.TIMEOUT);
    return { opened: ready.value, scrolled: scrolled.ok ? scrolled.value : { error: scrolled.error } };
  } finally {
    await ctx.browser.dispose(context);
  }
}

/** Every case of the long-task table that the harness's other parts do not measure. */
export async function tasks(ctx) {
  const file = join(ctx.envelopes, `requests-${REQUESTS}.jsonl`);
  if (!existsSync(file)) writeFileSync(file, requestLines(REQUESTS));
  console.log(`\n== long tasks: start, drop, paste, edit, a list of ${REQUESTS} requests (builds alternating)`);
  await start(ctx);
  await arrivals(ctx);
  for (const build of ctx.builds) {
    const list = await requestList(ctx, build, file);
    addTasks(ctx, build, 'tasks-requests-open', `${REQUESTS} requests (JSON Lines): opened, longest task (→ settled)`, list.opened,
      list.opened.error ? '' : `(settled ${ms(list.opened.settled)})`);
    addTasks(ctx, build, 'tasks-requests-scroll', `${REQUESTS} requests: the list scrolled top → bottom, longest task`, list.scrolled,
      list.scrolled.error ? '' : `(40 steps over ${Math.round(list.scrolled.height)} px)`);
  }
}

/** The table's rows, in the order (harness.mjs lists them first in the summary). */
export function taskTable(ctx) {
  const { report } = ctx;
  const row = (key, figure) => report.table(key, figure, 'no task > 50 ms');
  row('tasks-start-1x', 'start, default demo, 1× CPU: longest task');
  report.table('start-flip-1x', 'start, 1× CPU: first click that flips a fold − static page\'s first paint', '≤ 300 ms');
  row('tasks-start-4x', 'start, default demo, 4× CPU: longest task');
  report.table('start-flip-4x', 'start, 4× CPU: first click that flips a fold − static page\'s first paint', '≤ 1000 ms');
  for (const preset of BIG.filter((p) => ctx.LOADS.includes(p))) {
    row(`load-${preset}-tasks`, `${preset}: opened, longest task`);
    row(`tasks-drop-${preset}`, `${preset}: dropped, longest task`);
    row(`tasks-paste-${preset}`, `${preset}: pasted, longest task`);
    row(`tasks-edit-${preset}`, `${preset}: one key typed in the editor, longest task`);
    row(`load-${preset}-scroll`, `${preset}: chat scrolled top → bottom, long tasks`);
  }
  row(`tasks-edit-${EDITABLE}`, `${EDITABLE}: one key typed in the editor, longest task`);
  row('step-tasks', '1k: nine steps, longest task');
  row('compare-tasks', 'compare 2 × 1,000 messages: longest task');
  row('tasks-requests-open', `${REQUESTS} requests (JSON Lines): opened, longest task`);
  row('tasks-requests-scroll', `${REQUESTS} requests: the list scrolled, longest task`);
}
