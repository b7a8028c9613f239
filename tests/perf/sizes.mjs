// Bytes fetched before the first render: one extra (untimed) load of the default demo per
// build. Every resource whose fetch started before the `rendered` mark — the page's navigation
// and resource timing entries (startTime < mark), plus requests Playwright saw start before it
// that the page's timing does not list (a worker's own imports, e.g. importScripts) — is mapped
// to its file under the served dist/ (mount prefix and query string stripped), and that file is
// compressed here with Node's zlib: gzip level 9 and brotli quality 11. KB = 1024 bytes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bounded, instrument, kb, MOUNT } from './lib.mjs';

const compressed = new Map();
function sizesOf(file) {
  if (!compressed.has(file)) {
    const bytes = readFileSync(file);
    compressed.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }).length,
    });
  }
  return compressed.get(file);
}

/** The file under `dist` that `url` of this build's server is, or null. */
function fileOf(build, url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(build.url).origin || !parsed.pathname.startsWith(MOUNT)) return null;
  let relative = decodeURIComponent(parsed.pathname.slice(MOUNT.length));
  if (relative === '' || relative.endsWith('/')) relative += 'index.html';
  const file = normalize(join(build.dist, relative));
  if (!file.startsWith(normalize(build.dist)) || !existsSync(file) || !statSync(file).isFile()) return null;
  return file;
}

export async function bytesBeforeRender(ctx) {
  const { report, builds } = ctx;
  console.log('\n== bytes fetched before the first render (default demo, one load per build; gzip -9 and brotli q11 by Node\'s zlib)');
  for (const build of builds) {
    const { context, page } = await ctx.browser.open();
    const requests = [];
    page.on('request', (request) => requests.push(request));
    const measured = await bounded((async () => {
      await page.addInitScript(instrument);
      await page.goto(build.app);
      await page.waitForFunction(() => window.__perf.rendered, null, { timeout: ctx.TIMEOUT });
      return page.evaluate(() => {
        const mark = window.__perf.rendered;
        const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        return {
          mark,
          origin: performance.timeOrigin,
          before: entries.filter((e) => e.startTime < mark).map((e) => e.name),
          after: entries.filter((e) => e.startTime >= mark).length,
        };
      });
    })(), ctx.TIMEOUT + 5_000);
    await ctx.browser.dispose(context);
    if (!measured.ok) {
      report.add(build.name, 'bytes', { value: measured.error, ok: false });
      continue;
    }
    const { mark, origin, before } = measured.value;
    // Requests the page's timing does not list (a worker's imports); wall-clock start times.
    const seen = new Set(before);
    const extra = requests
      .filter((r) => !seen.has(r.url()) && r.timing().startTime > 0 && r.timing().startTime < origin + mark)
      .map((r) => r.url());
    const files = new Map();
    const unmapped = [];
    for (const [url, how] of [...before.map((u) => [u, 'timing']), ...extra.map((u) => [u, 'worker'])]) {
      if (/^(data|blob):/.test(url)) continue;
      const file = fileOf(build, url);
      if (!file) unmapped.push(url);
      else if (!files.has(file)) files.set(file, how);
    }
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    console.log(`  [${build.name}] ${files.size} files before the first render (at ${mark.toFixed(0)} ms):`);
    console.log(`  ${'bytes'.padStart(10)} ${'gzip -9'.padStart(10)} ${'brotli 11'.padStart(10)}  file`);
    for (const [file, how] of [...files].sort((a, b) => sizesOf(b[0]).gzip - sizesOf(a[0]).gzip)) {
      const s = sizesOf(file);
      raw += s.raw;
      gzip += s.gzip;
      brotli += s.brotli;
      const name = file.slice(build.dist.length + 1);
      console.log(`  ${String(s.raw).padStart(10)} ${String(s.gzip).padStart(10)} ${String(s.brotli).padStart(10)}  ${name}${how === 'worker' ? '  (not in the page\'s resource timing: a worker\'s fetch)' : ''}`);
    }
    console.log(`  ${String(raw).padStart(10)} ${String(gzip).padStart(10)} ${String(brotli).padStart(10)}  TOTAL`);
    for (const url of unmapped) report.note(`[${build.name}] not a file of dist/ (not counted): ${url}`);
    report.add(build.name, 'bytes', {
      value: `${kb(gzip)} gzip, ${kb(brotli)} br`,
      detail: `(${files.size} files, ${kb(raw)} raw${unmapped.length ? `; ${unmapped.length} URLs not mapped` : ''})`,
      ok: gzip <= 300 * 1024,
    });
  }
}
