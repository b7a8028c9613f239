// Puts the first paint's top bar into the built index.html: the two <template>s the build
// wrote (first-paint.html in the staging directory, from crates/pep-view's
// examples/build_assets.rs) and src/platform/js/first-paint.js inline after them, at the start
// of <body>, so the page paints the top bar before its wasm has loaded. Run by
// scripts/post-build.mjs before the CSP (which allows the inline script by its hash).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Puts the shell of `dir` into `dir/index.html` and removes `dir/first-paint.html`. */
export function writeFirstPaint(dir) {
  const templates = join(dir, 'first-paint.html');
  if (!existsSync(templates)) {
    throw new Error(`${templates} is missing: the pre-build hook (build_assets) did not run`);
  }
  const file = join(dir, 'index.html');
  let html = readFileSync(file, 'utf8');
  // A re-run replaces what it wrote before.
  html = html.replace(/<template id="?pe-shell-[\s\S]*<\/template><script>[\s\S]*?<\/script>/, '');
  const body = /<body\b[^>]*>/i;
  if (!body.test(html)) throw new Error(`no <body> in ${file}`);
  const script = readFileSync(new URL('../src/platform/js/first-paint.js', import.meta.url), 'utf8');
  const shell = `${readFileSync(templates, 'utf8')}<script>${script.trim()}</script>`;
  html = html.replace(body, (tag) => `${tag}${shell}`);
  writeFileSync(file, html);
  rmSync(templates);
}
