// The small test runner shared by the end-to-end files: named checks that report `ok` / `FAIL`
// with their time and keep going, and two assertions with readable messages.

/** Results so far: `{ name, ok }` per check. */
export const results = [];

/** Runs one named check; a failure is reported and counted, never thrown. */
export async function test(name, body) {
  const started = Date.now();
  try {
    await body();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}\n     ${String(error?.stack ?? error).split('\n').join('\n     ')}`);
  }
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
