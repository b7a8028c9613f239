// The small test runner shared by the end-to-end files: named checks that report `ok` / `FAIL`
// with their time and keep going, and two assertions with readable messages.

/** Results so far: `{ name, ok }` per check. */
export const results = [];

/**
 * The longest one check may take (E2E_CHECK_LIMIT_MS, default 10 minutes). Playwright's own
 * waits time out, but a `page.evaluate` or a fetch in the page does not: once, the offline test
 * waited an hour here on a page whose service worker had stopped answering. Past the limit the
 * check fails with its name, and the run goes on (or the test command's `timeout` ends it).
 */
const CHECK_LIMIT = Number(process.env.E2E_CHECK_LIMIT_MS ?? 600_000);

/** Runs one named check; a failure (or a check past CHECK_LIMIT) is reported and counted, never thrown. */
export async function test(name, body) {
  const started = Date.now();
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish in ${CHECK_LIMIT / 1000} s: a page, a worker or the browser stopped answering`)), CHECK_LIMIT);
  });
  // A check cut short may still fail later: that must not end the process as unhandled.
  const work = Promise.resolve().then(body);
  work.catch(() => {});
  try {
    await Promise.race([work, limit]);
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    if (error instanceof Skip) {
      skip(name, error.message);
      return;
    }
    results.push({ name, ok: false });
    console.log(`FAIL ${name}\n     ${String(error?.stack ?? error).split('\n').join('\n     ')}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Thrown by a check that finds it cannot be judged in this run: reported as SKIP with its reason. */
export class Skip extends Error {}

/** A check not run, and why (it counts neither as passed nor as failed, and says so). */
export function skip(name, why) {
  results.push({ name, ok: true, skipped: true });
  console.log(`SKIP ${name}\n     ${why}`);
}

/** Waits for `promise` (a browser's close, say) at most `millis` ms; what it throws is ignored. */
export async function atMost(promise, millis = 15_000) {
  let timer;
  await Promise.race([Promise.resolve(promise).catch(() => {}), new Promise((done) => { timer = setTimeout(done, millis); })]);
  clearTimeout(timer);
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

export function assertEqual(actual, expected, message) {
  if (actual !== expected) {
    const a = JSON.stringify(actual)?.slice(0, 400);
    const e = JSON.stringify(expected)?.slice(0, 400);
    throw new Error(`${message}\n  actual:   ${a}\n  expected: ${e}`);
  }
}
