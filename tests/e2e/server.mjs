// A static file server for the built app, on loopback only. The app is mounted under a
// sub-path (/app/sub/) to prove its URLs are relative, and /iframe.html embeds it like docs do.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export const MOUNT = '/app/sub/';

const IFRAME_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Docs page</title></head>
<body><h1>Docs page embedding the viewer</h1>
<iframe id="viewer" src="${MOUNT}?demo=b&lang=en" width="1100" height="700" title="Prompt Envelope"></iframe>
</body></html>`;

/**
 * Starts the server on a free loopback port; resolves to { url, close }. Options (for the
 * performance harness): `pages` maps a path to an HTML page, `dirs` maps a path prefix such as
 * '/perf/' to a directory served below it; `port` (for the offline test: the same origin
 * again after a stop) a port to listen on instead of a free one.
 */
export function serve(distDir, { pages = {}, dirs = {}, port: wanted = 0 } = {}) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    if (path in pages) {
      response.writeHead(200, { 'content-type': TYPES['.html'] });
      response.end(pages[path]);
      return;
    }
    const prefix = Object.keys(dirs).find((p) => path.startsWith(p));
    if (prefix) {
      const root = normalize(dirs[prefix]);
      const file = normalize(join(root, path.slice(prefix.length)));
      await sendFile(response, file.startsWith(root) ? file : null);
      return;
    }
    if (path === '/favicon.ico') {
      // The docs host page has no icon of its own.
      response.writeHead(204);
      response.end();
      return;
    }
    if (path === '/iframe.html') {
      response.writeHead(200, { 'content-type': TYPES['.html'] });
      response.end(IFRAME_PAGE);
      return;
    }
    if (!path.startsWith(MOUNT)) {
      response.writeHead(404);
      response.end('not found');
      return;
    }
    let file = normalize(join(distDir, path.slice(MOUNT.length)));
    if (!file.startsWith(normalize(distDir))) {
      response.writeHead(403);
      response.end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    } catch {
      // Missing: sendFile answers 404.
    }
    await sendFile(response, file);
  });
  return new Promise((resolve) => {
    server.listen(wanted, '127.0.0.1', () => {
      const { port } = server.address();
      // Open keep-alive connections too: a closed server answers nothing at all.
      const close = () => new Promise((done) => {
        server.close(done);
        server.closeAllConnections();
      });
      resolve({ url: `http://127.0.0.1:${port}`, port, close });
    });
  });
}

/** Answers with the file's bytes and type, or 404 when there is none (or `file` is null). */
async function sendFile(response, file) {
  try {
    if (!file) throw new Error('outside the served folders');
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end('not found');
  }
}
