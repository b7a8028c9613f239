// Writes the Content-Security-Policy into the built index.html as a <meta http-equiv> (static
// hosting sends no headers); run by scripts/post-build.mjs, Trunk's post-build hook. The
// policy allows only the app's own files, WebAssembly compilation ('wasm-unsafe-eval'), and each inline
// script (Trunk's loader, the first paint's, the service worker's registration) by the sha256 of
// its exact text, computed here, at build time; workers, the service worker among them, only
// from the app's own files.
// Media and markdown images may come from any http(s) URL or a data: URL (DECISIONS §4).
// Usage: node scripts/csp.mjs [INDEX_HTML]  (default: $TRUNK_STAGING_DIR/index.html)
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Writes the policy into `file`; throws, naming the file, when the page cannot have one. */
export function writePolicy(file) {
  let html = readFileSync(file, 'utf8');

  // A re-run replaces the policy it wrote before.
  html = html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');

  const hashes = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  // Nothing inline but scripts: style-src 'self' would silently drop an inline style.
  if (/<style\b/i.test(html) || /<[a-z][^>]*\sstyle\s*=/i.test(html)) {
    throw new Error(`csp.mjs: ${file} has an inline style, which the policy forbids`);
  }

  const policy = [
    "default-src 'none'",
    ["script-src 'self' 'wasm-unsafe-eval'", ...hashes].join(' '),
    "style-src 'self'",
    "img-src 'self' data: https: http:",
    "media-src 'self' data: https: http:",
    "connect-src 'self'",
    // The Web Worker and the service worker (sw.js, scripts/service-worker.mjs): the app's own.
    "worker-src 'self'",
    // The Embed dialog's live preview: the viewer itself, in embed mode.
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  // Right after <meta charset>: a meta policy governs only what comes after it.
  // Trunk's release minifier drops the quotes (<meta charset=utf-8>).
  const charset = /<meta charset=(["']?)utf-8\1\s*\/?>/i;
  if (!charset.test(html)) {
    throw new Error(`csp.mjs: no <meta charset="utf-8"> in ${file} to put the policy after`);
  }
  html = html.replace(charset, (tag) => `${tag}<meta http-equiv="Content-Security-Policy" content="${policy}">`);
  writeFileSync(file, html);
  return hashes.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? join(process.env.TRUNK_STAGING_DIR ?? 'dist', 'index.html');
  try {
    console.log(`csp.mjs: ${file}: ${writePolicy(file)} inline script(s) allowed by hash`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
