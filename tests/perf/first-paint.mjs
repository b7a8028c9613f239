// First paint of the default demo against a static page on the same server: first contentful
// paint (FCP) of each, fresh context (cold cache) every run, at 1× and at 4× CPU (CDP
// Emulation.setCPUThrottlingRate, set before navigation for both pages). With a baseline, the
// two builds alternate within every run (static, app of one build; then of the other; the
// order flips each run), so both see the same machine.
import { alternate, bounded, instrument, median, ms } from './lib.mjs';

/** One page load: static page FCP, or the app's FCP and its navigation → rendered. */
async function loadOnce(ctx, build, cpu, kind) {
  const { context, page } = await ctx.browser.open({ cpu });
  try {
    const paint = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    if (kind === 'static') {
      return await bounded((async () => {
        await page.goto(`${build.url}/static.html`);
        await page.waitForFunction(paint, null, { timeout: ctx.TIMEOUT });
        return { paint: await page.evaluate(paint) };
      })(), ctx.TIMEOUT + 5_000);
    }
    return await bounded((async () => {
      await page.addInitScript(instrument);
      await page.goto(build.app);
      await page.waitForFunction(() => window.__perf.rendered, null, { timeout: ctx.TIMEOUT });
      const rendered = await page.evaluate(() => window.__perf.rendered);
      // Paint entries are reported a little after the frame.
      await page.waitForFunction(paint, null, { timeout: 5_000 }).catch(() => {});
      return { rendered, paint: (await page.evaluate(paint)) ?? NaN };
    })(), ctx.TIMEOUT + 10_000);
  } finally {
    await ctx.browser.dispose(context);
  }
}

export async function firstPaint(ctx) {
  const { report, builds } = ctx;
  for (const cpu of [1, 4]) {
    console.log(`\n== first render at ${cpu}× CPU: default demo vs a static page (fresh context each load, ${ctx.FCP_RUNS} runs)`);
    const samples = new Map(builds.map((b) => [b.name, { app: [], static: [], rendered: [], errors: [] }]));
    for (let run = 0; run < ctx.FCP_RUNS; run++) {
      for (const build of alternate(builds, run)) {
        const s = samples.get(build.name);
        const still = await loadOnce(ctx, build, cpu, 'static');
        if (still.ok && Number.isFinite(still.value.paint)) s.static.push(still.value.paint);
        else s.errors.push(`static page, run ${run + 1}: ${still.ok ? 'no first contentful paint' : still.error}`);
        const app = await loadOnce(ctx, build, cpu, 'app');
        if (app.ok) {
          s.rendered.push(app.value.rendered);
          if (Number.isFinite(app.value.paint)) s.app.push(app.value.paint);
          else s.errors.push(`default demo, run ${run + 1}: no first contentful paint`);
        } else {
          s.errors.push(`default demo, run ${run + 1}: ${app.error}`);
        }
      }
    }
    const limit = cpu === 1 ? 250 : 800;
    for (const build of builds) {
      const s = samples.get(build.name);
      for (const error of s.errors) report.note(`[${build.name}] ${error}`);
      const key = `fcp-${cpu}x`;
      if (s.app.length && s.static.length) {
        const diff = median(s.app) - median(s.static);
        report.add(build.name, key, {
          value: `+${ms(diff)}`,
          detail: `(FCP: app ${ms(median(s.app))}, static page ${ms(median(s.static))}; medians of ${s.app.length} / ${s.static.length} loads)`,
          ok: diff <= limit,
        });
      } else {
        report.add(build.name, key, { value: 'not measured', detail: `(${s.errors[0] ?? 'no loads'})`, ok: false });
      }
      if (s.rendered.length) {
        const value = median(s.rendered);
        report.add(build.name, `rendered-${cpu}x`, {
          figure: `default demo: navigation → rendered, ${cpu}× CPU (median of ${s.rendered.length})`,
          value: ms(value),
          target: cpu === 1 ? '≤ 1500 ms' : 'reference',
          ok: cpu === 1 ? value <= 1500 : undefined,
        });
      }
      if (s.static.length) {
        report.add(build.name, `static-fcp-${cpu}x`, {
          figure: `static page: first contentful paint, ${cpu}× CPU (median of ${s.static.length})`,
          value: ms(median(s.static)),
          target: 'reference',
        });
      }
    }
  }
}
