// The app's own load pipeline in wasm next to the page's JSON.parse, on the ~10 MiB envelope,
// in the app's own page (one page per build, both open; the builds alternate run by run).
// - A build whose dist/ has Trunk's worker loader (`pep-worker_loader.js`): that worker is
//   created in the page (a module worker, else a classic one) and asked
//   `{type: 'perf-pipeline', text, tabs: 'first' | 'all'}`; it answers
//   `{type: 'perf-pipeline', ms, bytes}`, `ms` timed inside the worker.
// - Otherwise `window.wasmBindings.pe_load_pipeline(text)` (all tabs; the first tab alone: n/a).
// - Neither: n/a. JSON.parse is timed in the page. Medians of `runs`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { alternate, bounded, median, mib, ms } from './lib.mjs';

/** Trunk's loader shim of the worker, if this dist/ has one. */
function workerLoader(dist) {
  if (existsSync(join(dist, 'pep-worker_loader.js'))) return 'pep-worker_loader.js';
  return readdirSync(dist).find((f) => /^pep-worker.*_loader\.js$/.test(f)) ?? null;
}

/** In the page: fetches the envelope, starts the worker (or finds the wasm export). */
async function setUp({ url, loader, limit }) {
  const text = await (await fetch(url)).text();
  const state = { text, kind: 'none' };
  window.__perfPipeline = state;
  if (loader) {
    const tiny = '{"version":"1.0","model":"gpt-4-turbo","messages":[{"id":"m1","role":"user","segments":[{"kind":"text","content":"hi"}],"timestamp":1780000000000}]}';
    const start = (type) => new Promise((done) => {
      let worker;
      try {
        worker = new Worker(loader, type === 'module' ? { type: 'module' } : undefined);
      } catch (error) {
        done({ error: String(error) });
        return;
      }
      const inbox = [];
      let waiter = null;
      let failed = null;
      worker.onmessage = (event) => {
        if (event.data?.type !== 'perf-pipeline') return;
        if (waiter) { const w = waiter; waiter = null; w(event.data); } else inbox.push(event.data);
      };
      worker.onerror = (event) => { event.preventDefault?.(); failed = event.message || 'worker error'; };
      const next = (millis) => new Promise((resolve) => {
        if (inbox.length) { resolve(inbox.shift()); return; }
        const timer = setTimeout(() => { waiter = null; resolve(null); }, millis);
        waiter = (data) => { clearTimeout(timer); resolve(data); };
      });
      // The worker may install its message handler only once its wasm is ready: ask again
      // every 250 ms until it answers, then drop the extra answers.
      (async () => {
        const began = performance.now();
        while (performance.now() - began < Math.min(limit, 60_000)) {
          if (failed) { worker.terminate(); done({ error: failed }); return; }
          worker.postMessage({ type: 'perf-pipeline', text: tiny, tabs: 'first' });
          const answer = await next(250);
          if (answer) {
            while (await next(500));
            done({ worker, next, type });
            return;
          }
        }
        worker.terminate();
        done({ error: failed ?? 'the worker did not answer perf-pipeline' });
      })();
    });
    let made = await start('module');
    if (made.error) {
      const moduleError = made.error;
      made = await start('classic');
      if (made.error) made.error = `module worker: ${moduleError}; classic worker: ${made.error}`;
    }
    if (!made.error) {
      Object.assign(state, { kind: 'worker', worker: made.worker, next: made.next, type: made.type });
      return { kind: 'worker', type: made.type };
    }
    state.workerError = made.error;
  }
  if (window.wasmBindings?.pe_load_pipeline) {
    state.kind = 'bindings';
    return { kind: 'bindings', workerError: state.workerError };
  }
  return { kind: 'none', workerError: state.workerError };
}

/** In the page: one run — JSON.parse, then the pipeline (first tab, all tabs). */
async function runOnce({ limit }) {
  const state = window.__perfPipeline;
  const time = (work) => { const start = performance.now(); work(); return performance.now() - start; };
  const out = { parse: time(() => JSON.parse(state.text)) };
  if (state.kind === 'bindings') {
    out.all = time(() => window.wasmBindings.pe_load_pipeline(state.text));
  } else if (state.kind === 'worker') {
    for (const tabs of ['first', 'all']) {
      state.worker.postMessage({ type: 'perf-pipeline', text: state.text, tabs });
      const answer = await state.next(limit);
      if (!answer) return { ...out, error: `the worker did not answer (tabs: ${tabs}) in ${Math.round(limit / 1000)} s` };
      if (typeof answer.ms !== 'number') return { ...out, error: `the worker's answer has no ms: ${JSON.stringify(answer).slice(0, 120)}` };
      out[tabs] = answer.ms;
    }
  }
  return out;
}

export async function pipeline(ctx, file) {
  const { report, builds } = ctx;
  const size = statSync(file).size;
  const name = file.split('/').pop();
  console.log(`\n== wasm load pipeline vs JSON.parse: ${file} (${mib(size)}), ${ctx.RUNS} runs, builds alternating`);
  const pages = [];
  for (const build of builds) {
    const { context, page } = await ctx.browser.open();
    const loader = workerLoader(build.dist);
    const ready = await bounded((async () => {
      await page.goto(build.app);
      await page.waitForSelector('[data-testid="export-openai"]', { timeout: ctx.TIMEOUT });
      return page.evaluate(setUp, { url: `${build.url}/perf/${name}`, loader, limit: ctx.TIMEOUT });
    })(), ctx.TIMEOUT * 2);
    if (!ready.ok) {
      report.add(build.name, 'pipeline-first', { value: ready.error, ok: false });
      report.add(build.name, 'pipeline-all', { value: ready.error, ok: false });
      await ctx.browser.dispose(context);
      continue;
    }
    const how = ready.value.kind === 'worker' ? `worker ${loader} (${ready.value.type})`
      : ready.value.kind === 'bindings' ? 'window.wasmBindings.pe_load_pipeline (all tabs)' : 'none';
    report.note(`[${build.name}] pipeline: ${how}${ready.value.workerError ? `; the worker failed: ${ready.value.workerError}` : ''}`);
    if (ready.value.kind === 'none') {
      report.add(build.name, 'pipeline-first', { value: 'n/a', detail: '(no worker loader, no pe_load_pipeline)' });
      report.add(build.name, 'pipeline-all', { value: 'n/a', detail: '(no worker loader, no pe_load_pipeline)' });
      await ctx.browser.dispose(context);
      continue;
    }
    pages.push({ build, context, page, kind: ready.value.kind, runs: [], error: null });
  }
  for (let run = 0; run < ctx.RUNS; run++) {
    for (const entry of alternate(pages, run)) {
      if (entry.error) continue;
      const result = await bounded(entry.page.evaluate(runOnce, { limit: ctx.TIMEOUT }), ctx.TIMEOUT * 2 + 5_000);
      if (!result.ok) entry.error = result.error;
      else if (result.value.error) entry.error = result.value.error;
      else entry.runs.push(result.value);
    }
  }
  for (const entry of pages) {
    const b = entry.build.name;
    await ctx.browser.dispose(entry.context);
    if (!entry.runs.length) {
      report.add(b, 'pipeline-first', { value: entry.error ?? 'no runs', ok: false });
      report.add(b, 'pipeline-all', { value: entry.error ?? 'no runs', ok: false });
      continue;
    }
    if (entry.error) report.note(`[${b}] pipeline: stopped after ${entry.runs.length} runs: ${entry.error}`);
    const parse = median(entry.runs.map((r) => r.parse));
    report.add(b, 'json-parse', { figure: `JSON.parse in the page, ${name} (median)`, value: ms(parse), target: 'reference' });
    for (const tabs of ['first', 'all']) {
      const times = entry.runs.map((r) => r[tabs]).filter((t) => typeof t === 'number');
      if (!times.length) {
        report.add(b, `pipeline-${tabs}`, { value: 'n/a', detail: "(this build's pe_load_pipeline runs all tabs)" });
        continue;
      }
      const wasm = median(times);
      report.add(b, `pipeline-${tabs}-ms`, {
        figure: `wasm load pipeline, ${tabs === 'first' ? 'first tab' : 'all tabs'}, ${name} (median${entry.kind === 'worker' ? ', timed in the worker' : ''})`,
        value: ms(wasm), detail: `(first run ${ms(times[0])})`, target: 'reference' });
      report.add(b, `pipeline-${tabs}`, { value: `${(wasm / parse).toFixed(2)}×`, detail: `(${ms(wasm)} / ${ms(parse)})`, ok: wasm / parse <= 2.5 });
    }
  }
}
