// axe-core (pinned in package.json) for the end-to-end files: injected with page.evaluate,
// since the app's Content-Security-Policy (script-src 'self') refuses a script tag of ours.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations on the page, one readable line per element. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const found = await window.axe.run(document, { resultTypes: ['violations'] });
    return found.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((node) => `${node.target.join(' ')}${node.any[0]?.message ? ` (${node.any[0].message})` : ''}`),
    }));
  });
  return violations.flatMap((v) => v.targets.map((target) => `${v.id} [${v.impact}] ${target}`));
}
