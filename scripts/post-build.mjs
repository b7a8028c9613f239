// Trunk's post-build hook (Trunk.toml [[hooks]]), in the staging directory before it becomes
// dist/: the JS snippets no module imports dropped, and the preloads of those only the lazy
// module imports, and the snippets' comment lines (scripts/stale-snippets.mjs); the first paint's top bar into index.html (scripts/first-paint.mjs); the build's id
// and the script registering the service worker into index.html (scripts/service-worker.mjs);
// the Content-Security-Policy (scripts/csp.mjs), which hashes the inline scripts; the service
// worker, sw.js, which lists every file as it now is, index.html final; then, for release
// builds, the precompressed .gz and .br copies (scripts/precompress.mjs), sw.js's among them,
// none of them precached. One hook for all, in this order: Trunk runs the hooks of one stage at
// the same time.
import { join } from 'node:path';
import { writePolicy } from './csp.mjs';
import { writeFirstPaint } from './first-paint.mjs';
import { precompress } from './precompress.mjs';
import { writeRegistration, writeServiceWorker } from './service-worker.mjs';
import { dropLazyPreloads, dropStaleSnippets, stripComments } from './stale-snippets.mjs';

const dir = process.env.TRUNK_STAGING_DIR ?? 'dist';
try {
  const stale = dropStaleSnippets(dir);
  if (stale.length) console.log(`post-build: dropped snippets no module imports: ${stale.join(', ')}`);
  const lazy = dropLazyPreloads(dir);
  if (lazy.length) console.log(`post-build: not preloaded, only the lazy module imports them: ${lazy.join(', ')}`);
  console.log(`post-build: snippets' comment lines dropped (${stripComments(dir)} bytes)`);
  writeFirstPaint(dir);
  console.log('post-build: the first paint\'s top bar in index.html');
  const build = writeRegistration(dir);
  console.log(`post-build: build ${build}, its service worker's registration in index.html`);
  const hashes = writePolicy(join(dir, 'index.html'));
  console.log(`post-build: CSP written, ${hashes} inline script(s) allowed by hash`);
  console.log(`post-build: sw.js precaches ${writeServiceWorker(dir, build)} files`);
  if (process.env.TRUNK_PROFILE === 'release') {
    console.log(`post-build: .gz and .br next to ${precompress(dir)} files`);
  }
} catch (error) {
  console.error(`post-build: ${error.message}`);
  process.exit(1);
}
