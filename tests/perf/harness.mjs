// Performance harness for the built viewer: headless Debian Chromium (playwright-core, no
// downloaded browser) against 127.0.0.1 servers, plus the native `pep` CLI. It measures and
// prints; it passes or fails nothing (exit 0 whatever the figures; 2 on a usage error).
// Every browser step has a timeout, so a frozen or dead tab is reported ("did not finish in
// N s") and the harness goes on with a fresh tab. See docs/performance.md.
//
// Usage: node tests/perf/harness.mjs --dist DIR --envelopes DIR [--pep PATH]
//          [--baseline-dist DIR] [--baseline-pep PATH] [--timeout S] [--runs N]
//          [--fcp-runs N] [--loads 1k,10k,10k-large,100k,long-text,50mb] [--loads-only | --tasks-only]
// --envelopes holds 1k.json, 10k.json, 10k-large.json, 100k.json, long-text.json, 50mb.json,
// bench.json and 10mb.json (any may be missing; without 10mb.json the file nearest 10 MiB is
// used for the parse ratio). With --baseline-dist (and --baseline-pep), every figure is
// measured for the baseline build and the current one in the same run, each build served by
// its own server, and the summary has a column for each.
//
// Modules: lib.mjs (browser, servers, helpers), report.mjs (figures, summary), first-paint.mjs
// (FCP at 1× and 4× CPU), sizes.mjs (bytes before the first render), loads.mjs ("open file"),
// pipeline.mjs (wasm pipeline / JSON.parse), cli.mjs (pep MiB/s), steps.mjs (step-through at
// 1,000 messages), tasks.mjs (the long-task table: start, drop, paste, edit, a request list).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cli } from './cli.mjs';
import { firstPaint } from './first-paint.mjs';
import { Browser, mib, startBuilds } from './lib.mjs';
import { loads } from './loads.mjs';
import { pipeline } from './pipeline.mjs';
import { Report } from './report.mjs';
import { bytesBeforeRender } from './sizes.mjs';
import { steps } from './steps.mjs';
import { taskTable, tasks } from './tasks.mjs';

const { values: opt } = parseArgs({
  options: {
    dist: { type: 'string' },
    envelopes: { type: 'string' },
    pep: { type: 'string' },
    'baseline-dist': { type: 'string' },
    'baseline-pep': { type: 'string' },
    timeout: { type: 'string', default: '90' },
    runs: { type: 'string', default: '3' },
    'fcp-runs': { type: 'string', default: '9' },
    loads: { type: 'string', default: '1k,10k,10k-large,100k,long-text,50mb' },
    'loads-only': { type: 'boolean', default: false },
    'tasks-only': { type: 'boolean', default: false },
  },
});
if (!opt.dist || !opt.envelopes || (opt['baseline-pep'] && !opt['baseline-dist'])) {
  console.error('usage: harness.mjs --dist DIR --envelopes DIR [--pep PATH] [--baseline-dist DIR [--baseline-pep PATH]]'
    + ' [--timeout S] [--runs N] [--fcp-runs N] [--loads LIST] [--loads-only | --tasks-only]');
  process.exit(2);
}
for (const dir of [opt.dist, opt['baseline-dist'], opt.envelopes].filter(Boolean)) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`harness.mjs: no directory ${dir}`);
    process.exit(2);
  }
}

const envelopes = resolve(opt.envelopes);
const builds = await startBuilds({
  current: { dist: opt.dist, pep: opt.pep },
  baseline: opt['baseline-dist'] ? { dist: opt['baseline-dist'], pep: opt['baseline-pep'] } : null,
  envelopes,
});
const ctx = {
  TIMEOUT: Number(opt.timeout) * 1000,
  RUNS: Math.max(1, Number(opt.runs) || 1),
  FCP_RUNS: Math.max(1, Number(opt['fcp-runs']) || 9),
  LOADS: opt.loads.split(',').filter(Boolean),
  envelopes,
  builds,
  browser: new Browser(),
  report: new Report(builds.map((b) => b.name)),
};
// --tasks-only: the long-task cases of tasks.mjs alone (the other rows of their table come
// from loads and steps, which it skips).
const TASKS_ONLY = opt['tasks-only'];
const EXTRAS = !opt['loads-only'] && !TASKS_ONLY;
const { report } = ctx;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function printSummary(why = '') {
  console.log(`\n== summary${why} (load average now ${load()})`);
  console.log(report.summary());
}

// The harness itself never hangs: a last-resort watchdog (it still prints what it has).
const watchdogMinutes = 45 * builds.length;
setTimeout(() => {
  console.log(`harness watchdog: gave up after ${watchdogMinutes} min`);
  printSummary(' (incomplete: the watchdog stopped the run)');
  process.exit(0);
}, watchdogMinutes * 60_000).unref();

// The ~10 MiB envelope of the parse ratio (and the older CLI figures).
function tenMegabytes() {
  const named = join(envelopes, '10mb.json');
  if (existsSync(named)) return named;
  const files = readdirSync(envelopes).filter((f) => f.endsWith('.json') && f !== 'bench.json').map((f) => join(envelopes, f));
  return files.sort((a, b) => Math.abs(statSync(a).size - 10 * 2 ** 20) - Math.abs(statSync(b).size - 10 * 2 ** 20))[0];
}
const tenMb = tenMegabytes();
const sizeOf = (name) => (existsSync(join(envelopes, name)) ? mib(statSync(join(envelopes, name)).size) : 'missing');

// The issue's table, in its order: listed first in the summary, measured or not.
if (EXTRAS) {
  report.table('fcp-1x', `default demo: first contentful paint − static page's, 1× CPU (median of ${ctx.FCP_RUNS})`, '≤ +250 ms');
  report.table('fcp-4x', `default demo: first contentful paint − static page's, 4× CPU throttle (median of ${ctx.FCP_RUNS})`, '≤ +800 ms');
  report.table('bytes', 'files fetched before the first render (gzip -9, brotli q11)', '≤ 300 KB gzip (goal 200)');
}
if (ctx.LOADS.includes('10k-large')) {
  report.table('load-10k-large-settled', `10k-large (10,000 messages, ${sizeOf('10k-large.json')}): open file → DOM settled (incl. 250 ms debounce)`, '≤ 1500 ms');
}
if (ctx.LOADS.includes('long-text')) {
  report.table('load-long-text-settled', `long-text (one 10 MiB long_text, ${sizeOf('long-text.json')}): open file → DOM settled (incl. 250 ms debounce)`, '≤ 1500 ms');
}
if (EXTRAS) {
  const bench = `bench.json (${sizeOf('bench.json')}; whole process, median)`;
  report.table('pep-export-bench', `pep export --to openai ${bench}`, '≥ 300 MiB/s');
  report.table('pep-validate-bench', `pep validate ${bench}`, '≥ 300 MiB/s');
  const ten = tenMb ? tenMb.split('/').pop() : 'the ~10 MiB envelope';
  report.table('pipeline-first', `wasm load pipeline / JSON.parse, ${ten}: first tab`, '≤ 2.5×');
  report.table('pipeline-all', `wasm load pipeline / JSON.parse, ${ten}: all tabs`, '≤ 2.5×');
}
// Then the long-task table (issue 23 item 3), one row per case.
if (EXTRAS || TASKS_ONLY) taskTable(ctx);

console.log(`Prompt Envelope performance harness — ${new Date().toISOString()}`);
console.log(`machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${load()}`);
for (const build of builds) {
  const commitFile = join(dirname(build.dist), 'COMMIT');
  const commit = existsSync(commitFile) ? `, commit ${readFileSync(commitFile, 'utf8').trim().slice(0, 12)}` : '';
  console.log(`${build.name}: dist ${build.dist}${build.pep ? `, pep ${build.pep}` : ''}${commit} (served at ${build.app})`);
}
console.log(`envelopes: ${envelopes}   timeout per step: ${ctx.TIMEOUT / 1000} s   runs: ${ctx.RUNS}   first-paint runs: ${ctx.FCP_RUNS}`);

await ctx.browser.launch();
const step = async (name, work) => {
  try {
    await work();
  } catch (error) {
    // A step that throws (not a figure: a harness or browser failure) is reported; the rest runs.
    report.note(`(${name} stopped: ${String(error?.stack ?? error).split('\n').slice(0, 2).join(' ')})`);
    if (!ctx.browser.browser?.isConnected()) await ctx.browser.replace().catch(() => {});
  }
};
if (EXTRAS) await step('first paint', () => firstPaint(ctx));
if (EXTRAS) await step('bytes before the first render', () => bytesBeforeRender(ctx));
if (!TASKS_ONLY) await step('loads', () => loads(ctx));
if (EXTRAS) await step('steps', () => steps(ctx));
if (EXTRAS || TASKS_ONLY) await step('long tasks', () => tasks(ctx));
if (EXTRAS && tenMb) await step('pipeline', () => pipeline(ctx, tenMb));
if (EXTRAS) await step('CLI', () => cli(ctx, tenMb));

await ctx.browser.close();
for (const build of builds) build.server.close();
printSummary();
process.exit(0);
